/* gpu_runs.h: the machinery of the GPU check (test_gpu_vs_cpu.c; prefix gr_): a model's initial
 * state, host arrays of cells, the portable C reference run on threads, runs and timings of a CUDA
 * kernel on its own stream. The run's protocol (bench mode, dt, stimulus, per-cell perturbation of
 * Vm) is fixed here; test_gpu_vs_cpu.c compares and reports. */
#ifndef SC_TEST_GPU_RUNS_H
#define SC_TEST_GPU_RUNS_H
#include <stddef.h>

#include "starcarp_model.h"

#define PERT_WRAP 4096 /* cell i: Vm0 + 0.01 * (i % PERT_WRAP) */
#define STIM_AMP 40.0
#define STIM_START 10
#define STIM_PULSE 100
#define DT 0.01
#define TIME_STEPS 20

/* The initial state of a model: parameter set (double), one cell's states and Vm. */
typedef struct GrModel {
    const ScModelEntry *e;
    const ScModelDesc *d;
    int npc, nsv;
    double *pcd; /* npc */
    double *sv0; /* nsv */
    double vm0;
    double *lutd; /* lut_size() doubles, or NULL */
    size_t nlut;
} GrModel;

/* Host arrays of n cells (double): the run's state. */
typedef struct GrHost {
    long n;
    double *sv, *vm, *iion, *ext;
} GrHost;

/* The per-cell perturbation of Vm, mV per cell index (set before any run; --pert). */
extern double gr_pert;
/* This thread's cvode sub-step budget of single-precision runs (0: the kernel's). */
extern _Thread_local int gr_f32_substeps;
/* This thread's last CUDA error, as text (after a function here returned -1). */
extern _Thread_local char gr_cuerr[512];

/* calloc that exits with a message when memory runs out. */
void *gr_calloc(size_t n, size_t sz);
/* A model's initial state (exits when memory runs out); gr_model_free releases it. */
void gr_model_init(GrModel *m, const ScModelEntry *e);
void gr_model_free(GrModel *m);
/* Vm of cell i at the start: vm0 + gr_pert * (i mod PERT_WRAP). */
double gr_init_vm(const GrModel *m, long i);
/* Step arguments of the protocol for n cells (no arrays yet). */
void gr_base_args(ScStepArgs *a, long n);
/* n cells at the initial state on the host; gr_host_free releases them. */
void gr_host_alloc(GrHost *h, const GrModel *m, long n);
void gr_host_free(GrHost *h);
/* Steps [d0, d0 + nsteps) of the portable C reference on h, one step per call, split over up to
 * nthr threads; merges the failure status (global cell numbering) into *st and the lookup tables'
 * out-of-range counts into oor. */
void gr_ref_run(const GrModel *m, GrHost *h, long d0, long nsteps, int nthr, ScStepStatus *st,
                unsigned long long *oor);
/* A whole GPU run of steps [0, nsteps) in precision prec (0 double, 1 float), K steps per launch,
 * into h (from gr_host_alloc); 0, or -1 on a CUDA error (gr_cuerr). A float run stops after the
 * launch in which a cell failed, as the runtime does. */
int gr_gpu_run(const GrModel *m, int prec, long n, long nsteps, int K, GrHost *h, ScStepStatus *st,
               unsigned long long *oor);
/* GPU seconds per cell-step: n cells, TIME_STEPS steps of K per launch after as many of warm-up;
 * NaN when the cells do not fit (a message says so), -1 on a CUDA error. */
double gr_gpu_time(const GrModel *m, int prec, long n, int K);

#endif

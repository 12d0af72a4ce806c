/* cl_step.h: the codelets that advance a partition of cells of one model, and the gather
 * codelet of sampled outputs (internal to the codelet library; not installed).
 *
 * Every model has six step codelets, [precision: 0 double, 1 float][variant: 0 exact, 1 lookup
 * tables, 2 per-cell parameters], declared in its generated file cl_<id>.c by one macro,
 * CL_MODEL_CODELETS. They share the codelet functions of cl_step.c (unpack the buffers, call the
 * model's kernel: no math); they differ by their performance model, whose symbol is
 * "starcarp.<key>.<f64|f32>.bsoa.<exact|lut|pv>" (key: sc_model_key, the model's name and a hash of
 * its methods; set by sc_model_codelet on first use). Buffers (CL_STEP_NBUF):
 *   0 sv (RW)  1 vm (RW)  2 iion (RW)  3 ext (RW)  4 pc (R)  5 lut (R)  6 pcell (R)  7 stat (RW)
 * all StarPU vectors; `stat` holds CL_STAT_WORDS unsigned 64-bit words: the ScStepStatus of the
 * partition (key, value), then the out-of-range counters of the lookup tables.
 */
#ifndef SC_CL_STEP_H
#define SC_CL_STEP_H
#include <starpu.h>

#include "starcarp.h"

#define CL_STEP_NBUF 8
#define CL_STAT_WORDS (2 + SC_MAX_TABLES)

typedef struct ScModelCodelets {
    struct starpu_perfmodel model[2][SC_NVARIANTS];
    struct starpu_codelet cl[2][SC_NVARIANTS];
} ScModelCodelets;

/* What sc_step_task.account points at: per-worker counts of a cell array (added by the codelet
 * functions; one task runs at a time per worker, so each slot has one writer), and the first GPU
 * launch error (0 none). */
typedef struct ScAccount {
    long tasks[STARPU_NMAXWORKERS];
    double cell_steps[STARPU_NMAXWORKERS];
    int launch_error;
} ScAccount;

void cl_step_cpu(void *buffers[], void *cl_arg);
/* The pieces of the step codelets' functions that the step-with-biomarkers codelet shares
 * (cl_step_bm.c): the task's arguments with the data pointers of its first CL_STEP_NBUF buffers
 * (sampled outputs off), its worker's account (cells x steps), the model's CPU kernel of its
 * precision (vectorised, else portable C). */
void cl_step_unpack(void *buffers[], const struct sc_step_task *t, ScStepArgs *a);
void cl_step_account(const struct sc_step_task *t, long n);
ScCpuKernel cl_step_cpu_kernel(const struct sc_step_task *t);
#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
void cl_step_cuda(void *buffers[], void *cl_arg);
#define CL_STEP_CUDA_ .cuda_funcs = {cl_step_cuda}, .cuda_flags = {STARPU_CUDA_ASYNC},
#else
#define CL_STEP_CUDA_
#endif
#ifdef STARPU_USE_HIP
void cl_step_hip(void *buffers[], void *cl_arg);
#define CL_STEP_HIP_ .hip_funcs = {cl_step_hip}, .hip_flags = {STARPU_HIP_ASYNC},
#else
#define CL_STEP_HIP_
#endif
/* whether the worker's kind has a kernel of the task's model and precision */
int cl_step_can_execute(unsigned workerid, struct starpu_task *task, unsigned nimpl);
/* footprint (cells, steps) and size base (cells x steps) of a step task; the footprint of a task
 * of ncells cells and nsteps steps */
uint32_t cl_step_footprint(struct starpu_task *task);
uint32_t cl_step_footprint_of(uint32_t ncells, uint32_t nsteps);
size_t cl_step_size_base(struct starpu_task *task, unsigned nimpl);

#define CL_STEP_PM_ \
    { .type = STARPU_HISTORY_BASED, .footprint = cl_step_footprint, .size_base = cl_step_size_base }
#define CL_STEP_CL_(set, p, v, label)                                                                   \
    {                                                                                                   \
        .cpu_funcs = {cl_step_cpu}, CL_STEP_CUDA_ CL_STEP_HIP_.nbuffers = CL_STEP_NBUF,                 \
        .modes = {STARPU_RW, STARPU_RW, STARPU_RW, STARPU_RW, STARPU_R, STARPU_R, STARPU_R, STARPU_RW}, \
        .model = &(set).model[p][v], .name = (label), .can_execute = cl_step_can_execute                \
    }

/* The six step codelets of model `stem` (a string literal) as the object cl_model_<id> (their
 * performance-model symbols are set on first use: sc_model_codelet). */
#define CL_MODEL_CODELETS(id, stem)                                                                        \
    ScModelCodelets cl_model_##id = {                                                                      \
        .model = {{CL_STEP_PM_, CL_STEP_PM_, CL_STEP_PM_}, {CL_STEP_PM_, CL_STEP_PM_, CL_STEP_PM_}},       \
        .cl = {                                                                                            \
            {CL_STEP_CL_(cl_model_##id, 0, 0, stem ".f64"), CL_STEP_CL_(cl_model_##id, 0, 1, stem ".f64"), \
             CL_STEP_CL_(cl_model_##id, 0, 2, stem ".f64")},                                               \
            {CL_STEP_CL_(cl_model_##id, 1, 0, stem ".f32"), CL_STEP_CL_(cl_model_##id, 1, 1, stem ".f32"), \
             CL_STEP_CL_(cl_model_##id, 1, 2, stem ".f32")}}}

/* The handles of one step task, in the order of the buffers above. */
typedef struct ScStepHandles {
    starpu_data_handle_t sv, vm, iion, ext, pc, lut, pcell, stat;
} ScStepHandles;

/* Submit one step task of codelet cl (sc_model_codelet) on h, with a copy of *t as its cl_arg;
 * worker >= 0 pins it to that StarPU worker, -1 leaves the placement to the scheduler. Returns 0,
 * -ENOMEM, or StarPU's negative errno (cl_step.c). */
int cl_step_submit(struct starpu_codelet *cl, const ScStepHandles *h, const struct sc_step_task *t,
                   int worker);

/* ---- steps that measure biomarkers (cl_step_bm.c; docs/study.md) ----------------------------
 * Two codelets for every model, without and with qNet: buffers 0-7 those of a step task (above), 8
 * the scratch where the model's kernel writes Vm at every step of the task (a vector of cells
 * elements of K values of the array's precision, STARPU_SCRATCH; with qNet 2K values: Vm at the
 * task's nsteps steps, then the currents' sum, ScStepArgs.out_isum, at the same steps), 9 the
 * biomarker fields of the partition (a vector of cells elements of KERN_BM_NACC doubles, RW); with
 * qNet 10 the weights of the model's traces in the sum (ScStepArgs.isum_w: a vector of ntraces
 * doubles, R). cl_arg: struct cl_step_bm_task: the step's (its d0, nsteps, stimulus ...), and the
 * biomarker call's settings (KernBmArgs: windows, levels, thresholds, finish; its n, d0, nsteps,
 * precision and pointers are filled from the step's), the calcium state's index (-1: none), qnet. A
 * task of nsteps 0 advances nothing and, with bm.finish, writes out the running windows. */
#include "biomarker.h"
struct cl_step_bm_task {
    struct sc_step_task step; /* first: cl_step_can_execute and the footprint read it */
    KernBmArgs bm;
    int ca_state;
    int qnet; /* the codelet with qNet (buffer 10, the scratch's second half) */
    unsigned model_hash; /* the footprint's part for the model, its methods, the precision and qnet:
                            computed once by the submitter (cl_step_bm_hash), not per task */
};
/* model_hash of the tasks of model m in precision p, with qNet or not. */
unsigned cl_step_bm_hash(const ScModelEntry *m, ScPrecision p, int qnet);
extern struct starpu_codelet cl_step_bm_codelet, cl_step_bmq_codelet;

/* Submit one such task on h, scratch, fields and (t->qnet) weights with a copy of *t; worker as
 * cl_step_submit. Returns 0, -ENOMEM, or StarPU's negative errno. */
int cl_step_bm_submit(const ScStepHandles *h, starpu_data_handle_t scratch, starpu_data_handle_t fields,
                      starpu_data_handle_t weights, const struct cl_step_bm_task *t, int worker);

/* ---- gather (cl_gather.c): sampled outputs of a few cells of one partition ------------------
 * Buffers: 0 sv (R), 1 vm (R), 2 iion (R), 3 out (W, vector of double: per listed cell, Vm, Iion,
 * then the nsv values). cl_arg: struct kern_gather_args. */
#include "gather_args.h"
extern struct starpu_codelet cl_gather_codelet;

/* Submit one gather of the cells *g lists from a partition's sv, vm, iion into out (a vector of
 * g->ncell * (2 + nsv) doubles), with a copy of *g as its cl_arg; worker as cl_step_submit.
 * Returns 0, -ENOMEM, or StarPU's negative errno. */
int cl_gather_submit(starpu_data_handle_t sv, starpu_data_handle_t vm, starpu_data_handle_t iion,
                     starpu_data_handle_t out, const struct kern_gather_args *g, int worker);
#endif

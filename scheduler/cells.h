/* cells.h: the inside of a cell array (ScCells of starcarp.h), shared by the files of the
 * scheduler that implement it (internal to libstarcarp; not installed):
 *   cells_create.c   sc_cells_create: the configuration checked, the parts asked of the placement
 *                    module (place.h: sizes, workers), then the array built
 *   sc_cells.c       the array built from its parts (cells_build), registration with StarPU,
 *                    destruction, accessors
 *   cells_run.c      advancing (step tasks), failure records, statistics
 *   cells_sample.c   sampled outputs and whole variables
 *   cells_params.c   uniform and per-cell parameters
 *   cells_split.c    a per-cell array registered as a vector split into the parts
 *   cells_ckpt.c     the checkpoint format
 *   cells_bm.c       biomarkers measured by the step tasks
 *
 * Layout (blocked structure of arrays): partition p holds cells off[p] .. off[p] + size[p] - 1;
 * in every per-cell array the partition is one contiguous block, and inside it the values are a
 * structure of arrays, so that a partition is exactly the array of size[p] cells the generated
 * kernels expect (starcarp_model.h):
 *   sv     [off[p]*nsv .. ) : sv_p[k * size[p] + i]       (states, then stores)
 *   vm, iion [off[p] .. )   : one value per cell
 *   ext    [off[p]*next .. ): ext_p[k * size[p] + i]      (when the model has externals)
 *   pcell  [off[p]*nvary ..): pcell_p[r * size[p] + i]    (when parameters vary per cell)
 * Each array is one StarPU vector partitioned with starpu_vector_filter_list_long; the parameter
 * set and the lookup tables are shared read-only handles; each partition has a small status
 * handle (failure record, out-of-range counters). Host buffers are the home copies: reading or
 * writing goes through starpu_data_acquire on the partitions, which fetches or invalidates the
 * device copies. */
#ifndef SC_CELLS_INT_H
#define SC_CELLS_INT_H
#include <stddef.h>

#include "place.h"
#include "cl_step.h"

struct ScCells {
    const ScModelEntry *m;
    const ScModelDesc *d;
    ScCellsConfig cfg;
    int f32;
    size_t esz; /* bytes per value */
    long n;
    int np;
    long *size, *off;
    int *worker; /* worker of partition p, or -1 (free placement) */
    int nsv, npc, next, nvary;
    int vary_k[SC_MAX_VARY]; /* parameter of pcell row r */
    unsigned char vary_auto[SC_MAX_VARY]; /* row r is a derived parameter following others */
    unsigned char *pinned; /* nparams: derived parameters set by the caller (not recomputed) */
    void *sv, *vm, *iion, *ext, *pc, *lut, *pcell;
    void **ext_dummy; /* per partition, when the model has no externals */
    unsigned long long *stat; /* np * CL_STAT_WORDS */
    double *params; /* nparams: the uniform values */
    double *pcd; /* npc: parameters and constants in double */
    size_t nlut;
    starpu_data_handle_t h_sv, h_vm, h_iion, h_ext, h_pc, h_lut, h_pcell, h_stat, h_dummy;
    starpu_data_handle_t *p_sv, *p_vm, *p_iion, *p_ext, *p_pcell, *p_stat;
    starpu_data_handle_t *p_snap; /* per partition: Vm's snapshot (cells_sample.c; NULL: none taken) */
    /* biomarkers (cells_bm.c; NULL bm_acc: not measured): the kernel's settings, the calcium
       state (-1: none), the fields (KERN_BM_NACC doubles a cell, partition p's block from
       off[p] * KERN_BM_NACC, a structure of arrays), per partition their handle and the scratch
       handle of Vm at every step (and the currents' sum with qNet); with qNet (bm_w not NULL) the
       traces' weights (ntraces doubles) and their handle, shared by the partitions */
    KernBmArgs bm;
    int bm_ca;
    unsigned bm_hash; /* the tasks' model_hash (cl_step_bm_hash) */
    double *bm_acc, *bm_w;
    starpu_data_handle_t *p_bm, *p_bms, h_bmw;
    long step;
    ScStim stim;
    ScAccount acc;
    double busy[STARPU_NMAXWORKERS];
    double speedup; /* the GPU/core speed ratio the plan used (0: no GPU, or given sizes) */
};

/* Value k of a per-cell array p of c's precision, as a double; and its store. */
static inline double cells_get(const ScCells *c, const void *p, size_t k) {
    return c->f32 ? (double)((const float *)p)[k] : ((const double *)p)[k];
}

static inline void cells_put(const ScCells *c, void *p, size_t k, double v) {
    if (c->f32)
        ((float *)p)[k] = (float)v;
    else
        ((double *)p)[k] = v;
}

/* cells_run.c: the handles a step task of partition p reads and writes; the argument of a step
 * task from d0, nsteps steps, with the flags (SC_STEP_*), for c's settings. */
ScStepHandles cells_step_handles(const ScCells *c, int p);
void cells_task_args(ScCells *c, struct sc_step_task *t, long d0, int nsteps, unsigned flags);

/* cells_bm.c: submit partition p's step task t as one that measures biomarkers (finish: then write
 * out the running windows); 0 or StarPU's negative errno. Unregister and free the biomarkers' data
 * (nothing when none). */
int cells_bm_submit(ScCells *c, int p, const struct sc_step_task *t, int finish);
void cells_bm_free(ScCells *c);

/* sc_cells.c: cfg's defaults filled in (precision SC_DOUBLE, dt SC_DEFAULT_DT, K SC_DEFAULT_K where 0). */
void cells_defaults(ScCellsConfig *cfg);
/* sc_cells.c: does m have a kernel a cell array runs in precision f32 (0: double, 1: single)? 0, or
 * -1 with a message in err. */
int cells_kernel_check(const ScModelEntry *m, int f32, char *err, size_t errlen);
/* sc_cells.c: the array of cfg->ncells cells of m (a kernel in cfg's precision checked) in the parts
 * of *plan, at its initial state, registered with StarPU. It never plans: the placement module
 * (place.h) made the parts, and its probe builds its scratch arrays here too. The plan's arrays
 * become the array's (*plan is emptied, also on failure). NULL with a message in err. */
ScCells *cells_build(const ScModelEntry *m, const ScCellsConfig *cfg, PlacePlan *plan, char *err,
                     size_t errlen);

/* cells_split.c: register base (per_cell values per cell, c->n cells) as *parent, partitioned as the
 * cells are into parts[c->np]; and the reverse (brings the data home; nothing when parent is NULL). */
void cells_register_split(ScCells *c, void *base, int per_cell, starpu_data_handle_t *parent,
                          starpu_data_handle_t *parts);
void cells_unregister_split(ScCells *c, starpu_data_handle_t parent, starpu_data_handle_t *parts);

/* cells_params.c: the parameter set from c->params (constants computed, in double in c->pcd and in
 * the kernels' precision in c->pc) and the lookup tables (c->lut). The caller holds the handles. */
void cells_fill_pc(ScCells *c);
/* cells_params.c: the per-cell values of the derived parameters that follow varying ones (rows
 * marked vary_auto), computed from each cell's parameters. 0, or -1 with a message in err. */
int cells_follow(ScCells *c, char *err, size_t errlen);

#endif

/* place.h: placement, the runtime's scheduling decision in one module (internal to libstarcarp;
 * not installed): which worker computes which cells, and which StarPU policy orders the tasks.
 *   place_plan.c    the plan: parts sized by speed (sc_plan_parts) or given (place_given), the
 *                   workers that can run a model, StarPU's policy (sc_sched_policy)
 *   place_cells.c   a cell array's parts: sizes and workers, pieces that fit a GPU's memory, the
 *                   host memory check
 *   place_speeds.c  the speed of a GPU over a CPU core: given, calibrated (the speed table), probed
 *   place_probe.c   the probe: that speed measured on the spot on two scratch arrays
 * The public names stay sc_ (starcarp.h: sc_plan_parts, sc_sched_policy, the speed table's writer
 * sc_speeds_write_*); the internal ones are place_.
 *
 * The decisions:
 * - **How parts are sized.** One part per CPU worker and one per GPU, in proportion to speed (a
 *   GPU `s` times a core), so that with one task per part and round every worker finishes at once;
 *   sizes are multiples of the vector width (128 cells with a GPU); no part under 64 cells unless
 *   the array is that small; CPU workers whose share next to the GPUs would be under
 *   SC_PLAN_MIN_CPU_SHARE get none (sc_plan_parts). Each part is pinned to its worker
 *   (STARPU_EXECUTE_ON_WORKER), so its data never moves; a GPU's parts that would fill more than
 *   SC_GPU_MEM_SHARE of its memory are cut into pieces on the same GPU. Parts given by the caller
 *   (ScCellsConfig.nparts, weights, workers) are taken as they are, pinned to the workers given or
 *   placed by the scheduler (free placement). The tissue solver's slabs are parts of the same plan
 *   with a plane as alignment, so that each is whole planes; a mesh's parts align on one node.
 * - **What is measured.** Only `s`, the cell-steps per second of one GPU over those of one CPU
 *   core, per model key (sc_model_key: name and methods), precision, steps per task K and GPU kind
 *   (cuda or hip). In this order: the value given (ScCellsConfig.gpu_speedup, the tissue's
 *   --gpu-speedup); the speed table of a calibration (`starcarp calibrate` writes
 *   starcarp-speeds.csv beside StarPU's performance models: the rows of the GPU's kind at the K
 *   nearest the run's, of those the largest size); the probe; else SC_PLAN_GPU_SPEEDUP_GUESS.
 * - **When the probe runs.** Only when a plan has both CPU workers and GPUs and neither a given nor
 *   a calibrated speed; once per model key, precision, K and GPU kind in a process (the result is
 *   kept); before the array it plans for exists. It times two scratch cell arrays (a few vector
 *   blocks on every planned CPU worker at once; on the GPU about what its part will hold).
 * - **No circle.** The probe is above the cell array, not inside it: sc_cells_create
 *   (cells_create.c) asks place_cells for the parts, and only then builds the array with
 *   cells_build (sc_cells.c), which takes a finished plan and never plans. The probe builds its
 *   scratch arrays with cells_build too, from parts it gives itself (place_given), so the calls go
 *   one way: sc_cells_create -> place_* -> cells_build and the cell array's run (cells_run.c).
 *   The tissue solver asks place_gpu_speedup directly, for the workers of its own plan (it used to
 *   create a scratch cell array only to read the speed the array's plan had found).
 * - **Which StarPU policy, and why** (sc_sched_policy, starpu_conf.sched_policy_name): with every
 *   part pinned, the policy only orders the tasks; the plan decides where they run. `dmda` for a
 *   cell array's run (bench) and for calibration: with free placement (bench --nparts N) it puts
 *   each task where the performance models say it ends first, and a model-based policy is what
 *   records those models. `eager` for the device check (starcarp devices: every worker pulls work,
 *   so every device computes). StarPU's own default (lws) for the runs whose tasks are all pinned
 *   (tissue, benchmark). A command's --sched wins; STARPU_SCHED wins over both, as StarPU reads it
 *   at starpu_init. */
#ifndef SC_PLACE_H
#define SC_PLACE_H

#include <stddef.h>
#include <stdlib.h>

#include "starcarp.h"

/* The parts of an array: np of them, part p holding size[p] consecutive cells (after those of the
 * parts before it) on worker[p] (-1: placed by the scheduler); the GPU/core speed ratio the sizes
 * used (0: no GPU, or parts given). The arrays are malloc'ed (place_free). */
typedef struct PlacePlan {
    int np;
    long *size;
    int *worker;
    double speedup;
} PlacePlan;

static inline void place_free(PlacePlan *p) {
    free(p->size), free(p->worker);
    p->size = NULL, p->worker = NULL, p->np = 0;
}

/* place_plan.c: the ids of the StarPU workers that can run m in precision f32 (0: double, 1:
 * single): CPU workers into cpu, then the GPUs whose kernel m has (CUDA, then HIP: a StarPU built
 * for AMD GPUs is wired the same way) into gpu, at most ncpu_hint / ngpu_hint of each when > 0
 * (room for STARPU_NMAXWORKERS each). */
void place_workers(const ScModelEntry *m, int f32, int ncpu_hint, int ngpu_hint, int *cpu, int *ncpu,
                   int *gpu, int *ngpu);

/* place_cells.c: the parts of an array of cfg->ncells cells of m (cfg->steps_per_task set): cfg's
 * own (nparts, weights, workers), else one per worker sized by speed, GPUs first, pinned unless
 * cfg->free_placement; parts too large for their GPU's memory cut into pieces. Fills *out (free it
 * with place_free). 0, or -1 with a message in err. */
int place_cells(const ScModelEntry *m, const ScCellsConfig *cfg, PlacePlan *out, char *err, size_t errlen);
/* place_plan.c: parts given (nparts of n cells, equal or weighted by w[nparts], on workers[p] or
 * placed by the scheduler when workers is NULL): never probes. 0, or -1 with a message in err. */
int place_given(long n, int nparts, const double *w, const int *workers, PlacePlan *out, char *err,
                size_t errlen);
/* place_cells.c: does the home copy of n cells of m in precision f32 (states, Vm, Iion, externals)
 * fit the host's available memory ($STARCARP_HOST_MEMORY bytes when set, else MemAvailable)? 0, or
 * -1 with the bytes needed and available in err. */
int place_host_fits(const ScModelEntry *m, long n, int f32, char *err, size_t errlen);
/* place_cells.c: is StarPU running (nothing can be placed otherwise)? 0, or -1 with "StarPU is not
 * initialised: call starpu_init ... first" in err. */
int place_need_starpu(char *err, size_t errlen);
/* The start of a create function of a public type (sc_cells_create, sc_tissue_create): a model and a
 * configuration given (m, cfg not NULL) and StarPU running. 0, or -1 with the message in err. */
int place_create_start(const void *m, const void *cfg, char *err, size_t errlen);

/* place_speeds.c: how many times GPU worker gpu outruns one of the CPU workers cpus[0 .. ncpu) on
 * m in precision (SC_DOUBLE or SC_SINGLE) at K steps per task, for an array of ncells cells: the calibration's
 * speed table, else the probe (kept per model key, precision, K and GPU kind). 0 when unknown. */
double place_gpu_speedup(const ScModelEntry *m, ScPrecision precision, int K, long ncells, const int *cpus,
                         int ncpu, int gpu);
/* place_speeds.c: the same from the speed table of directory dir alone (NULL: the one in
 * $STARPU_PERF_MODEL_DIR, else in $STARPU_HOME/.starpu/sampling), for the model key `model` and
 * GPU kind `gpu` ("cuda" or "hip"): of each kind's rows, those measured at the steps per task
 * nearest `steps`, and of those the largest size. 0 when unknown. */
double place_speeds_gpu_speedup(const char *dir, const char *model, int precision, long steps,
                                const char *gpu);

/* place_probe.c: the same measured now: two scratch arrays of m at its initial state (a few vector
 * blocks on each of the ncpu CPU workers at once; on the GPU the cells its part will nearly have,
 * 2^20 to 2^25 values, at most ncells), built with cells_build. StarPU must be running. 0 when it
 * cannot be measured. */
double place_probe_gpu_speedup(const ScModelEntry *m, int precision, int K, long ncells, const int *cpus,
                               int ncpu, int gpu);

#endif

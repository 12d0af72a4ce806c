/* place_plan.c: the plan of the placement module (place.h): how many parts an array gets and how
 * large each is (sc_plan_parts; parts given by the caller, place_given), the workers that can run a
 * model, and StarPU's policy.
 *
 * One part per CPU worker and one per GPU, sized in proportion to the worker's speed (a GPU
 * `speedup` times a core), so that with one task per part and round every worker finishes at the
 * same time; sizes are multiples of `align` (the vector width) where the cells allow, the
 * remainder going to the largest parts. Small arrays get fewer parts: none holds fewer than
 * PLACE_MIN_CELLS cells (a task must do enough work to hide its overhead: 64 cells x 10 steps is
 * 3 us of the cheapest model on one core, 0.5 ms of ten Tusscher 2006) unless the whole array is
 * smaller. CPU workers that would do less than SC_PLAN_MIN_CPU_SHARE of the work next to GPUs get
 * none. GPUs come first in sizes[] (sizes[0 .. ngpu) when present). */
#include <math.h>
#include <stdlib.h>

#include "place.h"
#include "util_int.h"

#define PLACE_MIN_CELLS 64

int sc_plan_parts(long ncells, int ncpu, int ngpu, double speedup, long align, long *sizes, int max) {
    if (ncells < 1 || ncpu < 0 || ngpu < 0 || ncpu + ngpu < 1 || !(speedup > 0) || !sizes || max < 1)
        return -1;
    if (align < 1)
        align = 1;
    /* CPU workers whose share of the work is below SC_PLAN_MIN_CPU_SHARE next to GPUs are left
       idle: they could add that share at most, while each round waits for its slowest task and
       pays their tasks' overhead (measured: TT06-FE with the CPUs at 0.8 % of the work ran at 0.92x
       the GPU alone, Aliev-Panfilov at 1.2 % at 0.64x; H100, 2026-11-24, docs/performance.md) */
    int nc = ncpu, ng = ngpu;
    if (ng > 0 && nc > 0 && (double)nc / ((double)nc + speedup * (double)ng) < SC_PLAN_MIN_CPU_SHARE)
        nc = 0;
    /* drop CPU workers, then GPUs, while partitions would be too small or too many */
    for (;;) {
        double total = (double)nc + speedup * (double)ng;
        double smallest = nc ? (double)ncells / total : (double)ncells / (double)ng;
        if (nc + ng <= max && (smallest >= PLACE_MIN_CELLS || nc + ng == 1))
            break;
        if (nc > (ng ? 0 : 1))
            nc--;
        else if (ng > 1)
            ng--;
        else
            break;
    }
    int np = nc + ng;
    double total = (double)nc + speedup * (double)ng;
    long used = 0;
    for (int p = 0; p < np; p++) {
        double w = p < ng ? speedup : 1.0;
        long s = (long)floor((double)ncells * w / total / (double)align) * align;
        sizes[p] = s;
        used += s;
    }
    /* the remainder, in aligned pieces then the tail, to the partitions in order (GPUs first) */
    long rest = ncells - used;
    for (int p = 0; rest > 0; p = (p + 1) % np) {
        long add = rest >= align ? align : rest;
        sizes[p] += add;
        rest -= add;
    }
    /* no empty partition: drop trailing empty ones (only possible for tiny arrays) */
    while (np > 1 && sizes[np - 1] == 0)
        np--;
    for (int p = 0; p < np; p++)
        if (sizes[p] == 0)
            return -1;
    return np;
}

/* See place.h. */
int place_given(long n, int nparts, const double *w, const int *workers, PlacePlan *out, char *err,
                size_t errlen) {
    int np = nparts > n ? (int)n : nparts;
    *out = (PlacePlan){0};
    out->size = calloc((size_t)np, sizeof(long));
    out->worker = malloc(sizeof(int) * (size_t)np);
    if (!out->size || !out->worker) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    double wsum = 0;
    for (int p = 0; p < np; p++)
        wsum += w ? w[p] : 1.0;
    long used = 0;
    for (int p = 0; p < np; p++) {
        out->size[p] = p == np - 1 ? n - used : (long)floor((double)n * (w ? w[p] : 1.0) / wsum);
        if (out->size[p] < 1) {
            sc_set_err(err, errlen, "partition %d would be empty (weights or nparts too large)", p);
            return -1;
        }
        used += out->size[p];
    }
    out->np = np;
    for (int p = 0; p < np; p++)
        out->worker[p] = workers ? workers[p] : -1;
    return 0;
}

/* Worker ids of a kind into ids (room for max), at most `hint` of them when hint > 0. */
static int workers_of(enum starpu_worker_archtype type, int *ids, int max, int hint) {
    int n = starpu_worker_get_ids_by_type(type, ids, (unsigned)max);
    if (n < 0)
        n = 0;
    return hint > 0 && hint < n ? hint : n;
}

/* See place.h. */
void place_workers(const ScModelEntry *m, int f32, int ncpu_hint, int ngpu_hint, int *cpu, int *ncpu,
                   int *gpu, int *ngpu) {
    *ncpu = workers_of(STARPU_CPU_WORKER, cpu, STARPU_NMAXWORKERS, ncpu_hint);
    int n = m->cuda[f32] ? workers_of(STARPU_CUDA_WORKER, gpu, STARPU_NMAXWORKERS, 0) : 0;
    if (m->hip[f32])
        n += workers_of(STARPU_HIP_WORKER, gpu + n, STARPU_NMAXWORKERS - n, 0);
    *ngpu = ngpu_hint > 0 && ngpu_hint < n ? ngpu_hint : n;
}

/* See starcarp.h; the reasons are in place.h. */
const char *sc_sched_policy(ScSchedRun run, const char *given) {
    const char *env = getenv("STARPU_SCHED");
    if (env)
        return env;
    if (given)
        return given;
    switch (run) {
        case SC_SCHED_CELLS:
        case SC_SCHED_CALIBRATE:
            return "dmda";
        case SC_SCHED_DEVICES:
            return "eager";
        default:
            return NULL; /* SC_SCHED_PINNED: StarPU's default */
    }
}

/* cells_plan.c: the partitions of a cell array: their sizes, offsets and workers (cells.h). */
#include <math.h>
#include <stdlib.h>

#include "cells.h"
#include "sc_internal.h"
#include "sc_probe.h"
#include "sc_speeds.h"

#define SC_GPU_ALIGN 128

/* Worker ids of a kind, in StarPU's order. */
static int workers_of(enum starpu_worker_archtype type, int *ids, int max) {
    int n = starpu_worker_get_ids_by_type(type, ids, (unsigned)max);
    return n < 0 ? 0 : n;
}

/* Explicit partitions: cfg.nparts of them, equal or weighted, each on cfg.workers[p] or placed by
 * the scheduler. 0, or -1 with a message in err. */
static int plan_given(ScCells *c, char *err, size_t errlen) {
    int np = c->cfg.nparts > c->n ? (int)c->n : c->cfg.nparts;
    c->size = calloc((size_t)np, sizeof(long));
    c->worker = malloc(sizeof(int) * (size_t)np);
    if (!c->size || !c->worker) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    double wsum = 0;
    for (int p = 0; p < np; p++)
        wsum += c->cfg.part_weights ? c->cfg.part_weights[p] : 1.0;
    long used = 0;
    for (int p = 0; p < np; p++) {
        double w = c->cfg.part_weights ? c->cfg.part_weights[p] : 1.0;
        c->size[p] = p == np - 1 ? c->n - used : (long)floor((double)c->n * w / wsum);
        if (c->size[p] < 1) {
            sc_set_err(err, errlen, "partition %d would be empty (weights or nparts too large)", p);
            return -1;
        }
        used += c->size[p];
    }
    c->np = np;
    for (int p = 0; p < np; p++)
        c->worker[p] = c->cfg.workers ? c->cfg.workers[p] : -1;
    return 0;
}

/* The GPU's speed over a core: given, else calibrated (starcarp calibrate), else measured now on
 * two scratch arrays (sc_probe.c), else the guess SC_PLAN_GPU_SPEEDUP_GUESS. */
static double gpu_speedup(const ScCells *c, const int *cpu_ids, int ncpu, int gpu_id) {
    double speedup = c->cfg.gpu_speedup > 0 ? c->cfg.gpu_speedup : 0;
    char key[256];
    sc_model_key(c->m, key, sizeof key);
    if (speedup <= 0)
        speedup = sc_speeds_gpu_speedup(NULL, key, c->f32 ? 32 : 64);
    if (speedup <= 0 && ncpu)
        speedup =
            sc_probe_gpu_speedup(c->m, c->f32 ? 32 : 64, c->cfg.steps_per_task, c->n, cpu_ids, ncpu, gpu_id);
    return speedup > 0 ? speedup : SC_PLAN_GPU_SPEEDUP_GUESS;
}

/* Planned partitions: one per worker (sc_plan_parts), GPUs first, each pinned to its worker unless
 * cfg.free_placement. 0, or -1 with a message in err. */
static int plan_workers(ScCells *c, const int *cpu_ids, int ncpu, const int *gpu_ids, int ngpu, char *err,
                        size_t errlen) {
    const int *lanes = c->m->cpu_lanes[c->f32];
    long align = lanes && *lanes > 0 ? *lanes : 1;
    if (ngpu && align < SC_GPU_ALIGN)
        align = SC_GPU_ALIGN;
    double speedup = ngpu ? gpu_speedup(c, cpu_ids, ncpu, gpu_ids[0]) : SC_PLAN_GPU_SPEEDUP_GUESS;
    c->speedup = ngpu ? speedup : 0;
    int max = ncpu + ngpu;
    c->size = calloc((size_t)max, sizeof(long));
    if (!c->size) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    int np = sc_plan_parts(c->n, ncpu, ngpu, speedup, align, c->size, max);
    if (np < 1) {
        sc_set_err(err, errlen, "cannot plan partitions of %ld cells", c->n);
        return -1;
    }
    c->np = np;
    c->worker = malloc(sizeof(int) * (size_t)np);
    if (!c->worker) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    /* sc_plan_parts puts the GPUs first and drops them last */
    int ng = ngpu < np ? ngpu : np;
    for (int p = 0; p < np; p++)
        c->worker[p] = c->cfg.free_placement ? -1 : p < ng ? gpu_ids[p] : cpu_ids[p - ng];
    return 0;
}

/* See cells.h. */
int cells_plan(ScCells *c, char *err, size_t errlen) {
    int cpu_ids[STARPU_NMAXWORKERS], gpu_ids[STARPU_NMAXWORKERS];
    int ncpu = workers_of(STARPU_CPU_WORKER, cpu_ids, STARPU_NMAXWORKERS);
    /* the GPUs whose kernel this model has in this precision: CUDA workers, and HIP workers (a
       StarPU built for AMD GPUs) wired the same way; none: CPUs only */
    int ngpu = c->m->cuda[c->f32] ? workers_of(STARPU_CUDA_WORKER, gpu_ids, STARPU_NMAXWORKERS) : 0;
    if (c->m->hip[c->f32])
        ngpu += workers_of(STARPU_HIP_WORKER, gpu_ids + ngpu, STARPU_NMAXWORKERS - ngpu);
    if (c->cfg.ncpu_hint > 0 && c->cfg.ncpu_hint < ncpu)
        ncpu = c->cfg.ncpu_hint;
    if (c->cfg.ngpu_hint > 0 && c->cfg.ngpu_hint < ngpu)
        ngpu = c->cfg.ngpu_hint;
    if (ncpu + ngpu == 0) {
        sc_set_err(err, errlen, "no StarPU worker can run %s (CPU workers: 0%s)", c->m->name,
                   ngpu ? "" : ", no GPU kernel");
        return -1;
    }
    int rc = c->cfg.nparts > 0 ? plan_given(c, err, errlen)
                               : plan_workers(c, cpu_ids, ncpu, gpu_ids, ngpu, err, errlen);
    if (rc < 0)
        return -1;
    c->off = malloc(sizeof(long) * (size_t)c->np);
    if (!c->off) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    long o = 0;
    for (int p = 0; p < c->np; p++)
        c->off[p] = o, o += c->size[p];
    return 0;
}

/* cells_plan.c: the partitions of a cell array: their sizes, offsets and workers (cells.h). */
#include <math.h>
#include <stdio.h>
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
        speedup = sc_speeds_gpu_speedup(NULL, key, c->f32 ? 32 : 64, c->cfg.steps_per_task,
                                        starpu_worker_get_type(gpu_id) == STARPU_HIP_WORKER ? "hip" : "cuda");
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

/* Bytes of a cell's home data: states, Vm, Iion, externals (per-cell parameters come later). */
static double cell_bytes(const ScCells *c) {
    const ScModelDesc *d = c->d;
    return (double)((d->nsv ? d->nsv : 1) + 2 + d->nexternals) * (double)c->esz;
}

/* Bytes of host memory available now: $STARCARP_HOST_MEMORY (bytes) when set, else MemAvailable
 * of /proc/meminfo; 0 when unknown. */
static double host_available(void) {
    const char *env = getenv("STARCARP_HOST_MEMORY");
    if (env && *env)
        return atof(env);
    FILE *f = fopen("/proc/meminfo", "r");
    char line[256];
    double kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (sscanf(line, "MemAvailable: %lf kB", &kb) == 1)
            break;
    if (f)
        fclose(f);
    return kb * 1024.0;
}

/* See cells.h. */
int cells_host_fits(const ScCells *c, char *err, size_t errlen) {
    double need = (double)c->n * cell_bytes(c), avail = host_available();
    if (avail > 0 && need > avail) {
        sc_set_err(err, errlen,
                   "%ld cells of %s in %s precision need %.1f GB of host memory (%.0f bytes a cell: "
                   "states, Vm, Iion%s), and %.1f GB are available: fewer cells%s, or ranks on more nodes",
                   c->n, c->m->name, c->f32 ? "single" : "double", need / 1e9, cell_bytes(c),
                   c->d->nexternals ? ", externals" : "", avail / 1e9, c->f32 ? "" : ", single precision");
        return -1;
    }
    return 0;
}

/* Partitions on GPUs whose data would fill more than SC_GPU_MEM_SHARE of the GPU's memory are cut
 * into pieces of at most a quarter of it, on the same GPU, so that StarPU can move pieces between
 * host and GPU memory while the others compute. 0, or -1 (out of memory). */
static int split_for_gpu_memory(ScCells *c, char *err, size_t errlen) {
    long piece[STARPU_NMAXWORKERS];
    int more = 0;
    for (int w = 0; w < STARPU_NMAXWORKERS; w++)
        piece[w] = 0;
    for (int p = 0; p < c->np; p++) {
        int w = c->worker[p];
        if (w < 0 || starpu_worker_get_type(w) == STARPU_CPU_WORKER)
            continue;
        double on_gpu = 0,
               total = (double)starpu_memory_get_total(starpu_worker_get_memory_node((unsigned)w));
        for (int q = 0; q < c->np; q++)
            on_gpu += c->worker[q] == w ? (double)c->size[q] * cell_bytes(c) : 0;
        if (total > 0 && on_gpu > SC_GPU_MEM_SHARE * total) {
            piece[w] = (long)(0.25 * total / cell_bytes(c));
            piece[w] = piece[w] > 1 ? piece[w] : 1;
            more += (int)((c->size[p] + piece[w] - 1) / piece[w]) - 1;
        }
    }
    if (!more)
        return 0;
    long *size = malloc(sizeof(long) * (size_t)(c->np + more));
    int *worker = malloc(sizeof(int) * (size_t)(c->np + more)), n = 0;
    if (!size || !worker) {
        free(size), free(worker);
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    for (int p = 0; p < c->np; p++) {
        long left = c->size[p], cut = c->worker[p] >= 0 && piece[c->worker[p]] ? piece[c->worker[p]] : left;
        long k = (left + cut - 1) / cut;
        for (long j = 0; j < k; j++, n++) {
            size[n] = left / (k - j), worker[n] = c->worker[p];
            left -= size[n];
        }
    }
    free(c->size), free(c->worker);
    c->size = size, c->worker = worker, c->np = n;
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
    if (rc < 0 || split_for_gpu_memory(c, err, errlen) < 0)
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

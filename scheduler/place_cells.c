/* place_cells.c: a cell array's parts: their sizes, offsets and workers, and whether the array fits
 * the host's memory (place.h). sc_cells_create (cells_create.c) asks for them before the array is
 * built. */
#include <stdio.h>
#include <stdlib.h>

#include "place.h"
#include "util_int.h"

#define PLACE_GPU_ALIGN 128

/* The GPU's speed over a core: given, else calibrated or probed (place_gpu_speedup), else the
 * guess SC_PLAN_GPU_SPEEDUP_GUESS. */
static double gpu_speedup(const ScModelEntry *m, const ScCellsConfig *cfg, const int *cpu_ids, int ncpu,
                          int gpu_id) {
    double speedup = cfg->gpu_speedup > 0 ? cfg->gpu_speedup : 0;
    if (speedup <= 0)
        speedup =
            place_gpu_speedup(m, cfg->precision, cfg->steps_per_task, cfg->ncells, cpu_ids, ncpu, gpu_id);
    return speedup > 0 ? speedup : SC_PLAN_GPU_SPEEDUP_GUESS;
}

/* Planned parts: one per worker (sc_plan_parts), GPUs first, each pinned to its worker unless
 * cfg->free_placement. 0, or -1 with a message in err. */
static int plan_workers(const ScModelEntry *m, const ScCellsConfig *cfg, const int *cpu_ids, int ncpu,
                        const int *gpu_ids, int ngpu, PlacePlan *out, char *err, size_t errlen) {
    const int *lanes = m->cpu_lanes[sc_precision_index(cfg->precision)];
    long align = lanes && *lanes > 0 ? *lanes : 1, n = cfg->ncells;
    if (ngpu && align < PLACE_GPU_ALIGN)
        align = PLACE_GPU_ALIGN;
    double speedup = ngpu ? gpu_speedup(m, cfg, cpu_ids, ncpu, gpu_ids[0]) : SC_PLAN_GPU_SPEEDUP_GUESS;
    out->speedup = ngpu ? speedup : 0;
    int max = ncpu + ngpu;
    out->size = calloc((size_t)max, sizeof(long));
    if (!out->size) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    int np = sc_plan_parts(n, ncpu, ngpu, speedup, align, out->size, max);
    if (np < 1) {
        sc_set_err(err, errlen, "cannot plan partitions of %ld cells", n);
        return -1;
    }
    out->np = np;
    out->worker = malloc(sizeof(int) * (size_t)np);
    if (!out->worker) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    /* sc_plan_parts puts the GPUs first and drops them last */
    int ng = ngpu < np ? ngpu : np;
    for (int p = 0; p < np; p++)
        out->worker[p] = cfg->free_placement ? -1 : p < ng ? gpu_ids[p] : cpu_ids[p - ng];
    return 0;
}

/* Bytes of a cell's home data: states, Vm, Iion, externals (per-cell parameters come later). */
static double cell_bytes(const ScModelEntry *m, int f32) {
    const ScModelDesc *d = m->desc;
    return (double)((d->nsv ? d->nsv : 1) + 2 + d->nexternals) *
           (double)(f32 ? sizeof(float) : sizeof(double));
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

/* See place.h. */
int place_need_starpu(char *err, size_t errlen) {
    if (starpu_is_initialized())
        return 0;
    sc_set_err(err, errlen, "StarPU is not initialised: call starpu_init (or starpu_mpi_init_conf) first");
    return -1;
}

/* See place.h. */
int place_create_start(const void *m, const void *cfg, char *err, size_t errlen) {
    if (!m || !cfg) {
        sc_set_err(err, errlen, "no model or no configuration");
        return -1;
    }
    return place_need_starpu(err, errlen);
}

int place_host_fits(const ScModelEntry *m, long n, int f32, char *err, size_t errlen) {
    double need = (double)n * cell_bytes(m, f32), avail = host_available();
    if (avail > 0 && need > avail) {
        sc_set_err(err, errlen,
                   "%ld cells of %s in %s precision need %.1f GB of host memory (%.0f bytes a cell: "
                   "states, Vm, Iion%s), and %.1f GB are available: fewer cells%s, or ranks on more nodes",
                   n, m->name, f32 ? "single" : "double", need / 1e9, cell_bytes(m, f32),
                   m->desc->nexternals ? ", externals" : "", avail / 1e9, f32 ? "" : ", single precision");
        return -1;
    }
    return 0;
}

/* Parts on GPUs whose data would fill more than SC_GPU_MEM_SHARE of the GPU's memory are cut into
 * pieces of at most a quarter of it, on the same GPU, so that StarPU can move pieces between host
 * and GPU memory while the others compute. 0, or -1 (out of memory). */
static int split_for_gpu_memory(PlacePlan *pl, double bytes, char *err, size_t errlen) {
    long piece[STARPU_NMAXWORKERS];
    int more = 0;
    for (int w = 0; w < STARPU_NMAXWORKERS; w++)
        piece[w] = 0;
    for (int p = 0; p < pl->np; p++) {
        int w = pl->worker[p];
        if (w < 0 || starpu_worker_get_type(w) == STARPU_CPU_WORKER)
            continue;
        double on_gpu = 0,
               total = (double)starpu_memory_get_total(starpu_worker_get_memory_node((unsigned)w));
        for (int q = 0; q < pl->np; q++)
            on_gpu += pl->worker[q] == w ? (double)pl->size[q] * bytes : 0;
        if (total > 0 && on_gpu > SC_GPU_MEM_SHARE * total) {
            piece[w] = (long)(0.25 * total / bytes);
            piece[w] = piece[w] > 1 ? piece[w] : 1;
            more += (int)((pl->size[p] + piece[w] - 1) / piece[w]) - 1;
        }
    }
    if (!more)
        return 0;
    long *size = malloc(sizeof(long) * (size_t)(pl->np + more));
    int *worker = malloc(sizeof(int) * (size_t)(pl->np + more)), n = 0;
    if (!size || !worker) {
        free(size), free(worker);
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    for (int p = 0; p < pl->np; p++) {
        long left = pl->size[p],
             cut = pl->worker[p] >= 0 && piece[pl->worker[p]] ? piece[pl->worker[p]] : left;
        long k = (left + cut - 1) / cut;
        for (long j = 0; j < k; j++, n++) {
            size[n] = left / (k - j), worker[n] = pl->worker[p];
            left -= size[n];
        }
    }
    free(pl->size), free(pl->worker);
    pl->size = size, pl->worker = worker, pl->np = n;
    return 0;
}

/* See place.h. */
int place_cells(const ScModelEntry *m, const ScCellsConfig *cfg, PlacePlan *out, char *err, size_t errlen) {
    int f32 = sc_precision_index(cfg->precision), cpu_ids[STARPU_NMAXWORKERS], gpu_ids[STARPU_NMAXWORKERS],
        ncpu, ngpu;
    *out = (PlacePlan){0};
    place_workers(m, f32, cfg->ncpu_hint, cfg->ngpu_hint, cpu_ids, &ncpu, gpu_ids, &ngpu);
    if (ncpu + ngpu == 0) {
        sc_set_err(err, errlen, "no StarPU worker can run %s (CPU workers: 0%s)", m->name,
                   ngpu ? "" : ", no GPU kernel");
        return -1;
    }
    int rc = cfg->nparts > 0
                 ? place_given(cfg->ncells, cfg->nparts, cfg->part_weights, cfg->workers, out, err, errlen)
                 : plan_workers(m, cfg, cpu_ids, ncpu, gpu_ids, ngpu, out, err, errlen);
    if (rc < 0 || split_for_gpu_memory(out, cell_bytes(m, f32), err, errlen) < 0) {
        place_free(out);
        return -1;
    }
    return 0;
}

/* tissue_place.c: the solver's parts (tissue_int.h), asked of the placement module (place.h): the grid's slabs of whole planes and a mesh's
 * parts, from the same speed-based plan as a cell array (sc_plan_parts), or cfg->nparts equal ones
 * placed by the scheduler. The GPU's speed is asked of place_gpu_speedup (given, calibrated, else
 * probed at one step per task, as the tissue's array runs): no scratch array of the solver's own. */
#include <stdlib.h>

#include "place.h"
#include "tissue_int.h"
#include "util_int.h"

#define TISSUE_PROBE_NODES 65536 /* the probe's GPU array holds at most this many cells */

/* The workers of a tissue's plan: cfg->workers (the CPUs, and the GPUs whose double-precision
 * kernel m has), else those the hints allow. */
static void tissue_workers(const ScModelEntry *m, const ScTissueConfig *cfg, int *cpu, int *ncpu, int *gpu,
                           int *ngpu) {
    if (!cfg->workers) {
        place_workers(m, 0, cfg->ncpu_hint, cfg->ngpu_hint, cpu, ncpu, gpu, ngpu);
        return;
    }
    *ncpu = *ngpu = 0;
    for (int k = 0; k < cfg->nworkers && k < STARPU_NMAXWORKERS; k++) {
        enum starpu_worker_archtype type = starpu_worker_get_type(cfg->workers[k]);
        if (type == STARPU_CPU_WORKER)
            cpu[(*ncpu)++] = cfg->workers[k];
        else if ((type == STARPU_CUDA_WORKER && m->cuda[0]) || (type == STARPU_HIP_WORKER && m->hip[0]))
            gpu[(*ngpu)++] = cfg->workers[k];
    }
}

/* See tissue_int.h. */
int tissue_place_parts(const ScModelEntry *m, const ScTissueConfig *cfg, long nodes, long align, long **size,
                       int **worker, char *err, size_t errlen) {
    int cpu[STARPU_NMAXWORKERS], gpu[STARPU_NMAXWORKERS], ncpu, ngpu;
    *size = NULL, *worker = NULL;
    tissue_workers(m, cfg, cpu, &ncpu, gpu, &ngpu);
    if (ncpu + ngpu < 1) {
        sc_set_err(err, errlen, "no StarPU worker can run %s", m->name);
        return -1;
    }
    int max = cfg->nparts > 0 ? cfg->nparts : ncpu + ngpu;
    long *sz = *size = calloc((size_t)max, sizeof(long)), units = nodes / align;
    int *wk = *worker = calloc((size_t)max, sizeof(int));
    if (!sz || !wk) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    int np;
    if (cfg->nparts > 0) {
        np = cfg->nparts < units ? cfg->nparts : (int)units;
        for (int s = 0; s < np; s++)
            sz[s] = (units * (s + 1) / np - units * s / np) * align, wk[s] = -1;
        return np;
    }
    double speedup = cfg->gpu_speedup;
    if (ngpu && ncpu && !(speedup > 0))
        speedup = place_gpu_speedup(m, SC_DOUBLE, 1, nodes < TISSUE_PROBE_NODES ? nodes : TISSUE_PROBE_NODES,
                                    cpu, ncpu, gpu[0]);
    if (!(speedup > 0))
        speedup = SC_PLAN_GPU_SPEEDUP_GUESS;
    np = sc_plan_parts(nodes, ncpu, ngpu, speedup, align, sz, max);
    if (np < 1) {
        sc_set_err(err, errlen, "cannot plan parts of %ld nodes", nodes);
        return -1;
    }
    int ng = ngpu < np ? ngpu : np;
    for (int s = 0; s < np; s++)
        wk[s] = s < ng ? gpu[s] : cpu[s - ng];
    return np;
}

/* See tissue_int.h. */
int tissue_place_slabs(const ScModelEntry *m, const ScTissueConfig *cfg, long nodes, long P, int *ns,
                       long **l0, long **nl, int **worker, char *err, size_t errlen) {
    long *sz;
    int np = tissue_place_parts(m, cfg, nodes, P, &sz, worker, err, errlen);
    *l0 = calloc(np > 0 ? (size_t)np : 1, sizeof(long));
    *nl = calloc(np > 0 ? (size_t)np : 1, sizeof(long));
    if (np < 1 || !*l0 || !*nl) {
        free(sz);
        if (np >= 1)
            sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    long l = 0;
    for (int s = 0; s < np; s++) {
        if (sz[s] % P || sz[s] == 0) {
            free(sz);
            sc_set_err(err, errlen, "slab %d of %ld nodes is not whole planes of %ld", s, sz[s], P);
            return -1;
        }
        (*l0)[s] = l, (*nl)[s] = sz[s] / P, l += (*nl)[s];
    }
    free(sz);
    *ns = np;
    return 0;
}

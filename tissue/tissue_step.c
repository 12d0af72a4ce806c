/* tissue_step.c: the structured grid's time step on StarPU (sc_tissue.h, tissue_int.h): the ionic
 * step of the cell array, then the diffusion's sub-steps (or the implicit step's right-hand side and
 * its sweeps) as tasks per slab, each after an exchange of the slabs' edge planes.
 *
 * An exchange: slab s's bottom planes go to h_lo[s] (read by slab s-1 as its upper halo), its top
 * planes to h_hi[s] (read by s+1), written by a halo task per slab. Explicit sub-steps (m > 1) run
 * in one diffusion task per slab and step, on halos m planes deep (t->depth; diffuse.h, nsub): one
 * exchange per step instead of m, and no copies between the sub-steps, where every slab holds at
 * least m planes and no other process holds planes (the processes' exchange is one plane deep);
 * otherwise each sub-step has its own exchange. Between GPUs with peer access the planes are
 * written straight into the reader's memory (copies of the halo codelet with specific nodes): the
 * reader's task then finds them in place, and an exchange costs no transfer after the halo task.
 * Measured on 4 H200 (docs/performance.md): per step on 4 GPUs, the transfers had been ~0.1 ms
 * after each exchange. Another process's planes come through cfg.exchange. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl_diffuse.h"
#include "tissue_int.h"

/* Tasks in flight above which submission waits (and the level it waits down to). */
#define TISSUE_MAX_PENDING 6000
#define TISSUE_RESUME_PENDING 3000

/* May the GPUs of workers a and b write into each other's memory (or are they one GPU)? */
static int peers(int a, int b) {
    if (a < 0 || b < 0 || starpu_worker_get_type(a) != STARPU_CUDA_WORKER ||
        starpu_worker_get_type(b) != STARPU_CUDA_WORKER)
        return 0;
    int da = starpu_worker_get_devid(a), db = starpu_worker_get_devid(b);
    return da == db || cl_cuda_peer_ok(da, db);
}

/* Has slab s planes below it (lo) and above it (hi), of this process's slabs or another's? */
static void slab_sides(const ScTissue *t, int s, int *lo, int *hi) {
    *lo = s > 0 || t->g0 > 0;
    *hi = s < t->ns - 1 || t->g0 + t->Lloc < t->L;
}

int tstep_plan(ScTissue *t) {
    int deep = t->sweeps == 0 && t->m > 1 && !t->remote;
    for (int s = 0; s < t->ns && deep; s++)
        deep = t->nl[s] >= t->m;
    t->depth = deep ? t->m : 1;
    int direct = t->ns > 1;
    for (int s = 0; s + 1 < t->ns && direct; s++)
        direct = peers(t->worker[s], t->worker[s + 1]);
    if (!direct)
        return 0;
    t->cl_halo = calloc((size_t)t->ns, sizeof *t->cl_halo);
    if (!t->cl_halo)
        return -1;
    for (int s = 0; s < t->ns; s++) {
        int lo = s > 0 ? (int)starpu_worker_get_memory_node((unsigned)t->worker[s - 1])
                       : STARPU_SPECIFIC_NODE_LOCAL;
        int hi = s < t->ns - 1 ? (int)starpu_worker_get_memory_node((unsigned)t->worker[s + 1])
                               : STARPU_SPECIFIC_NODE_LOCAL;
        cl_halo_codelet_to(&t->cl_halo[s], lo, hi);
    }
    return 0;
}

size_t tstep_scratch(const ScTissue *t, int s) {
    ScDiffArgs shape = {.kind = t->sweeps ? KERN_DIFF_RHS : KERN_DIFF_STEP, .n0 = t->n0, .n1 = t->n1};
    shape.nsub = t->depth > 1 ? t->m : 1;
    slab_sides(t, s, &shape.has_lo, &shape.has_hi);
    return kern_diffuse_scratch(&shape, t->nl[s]);
}

/* The stimulus boxes of step d in kernel coordinates into a->box; returns their number. */
static int active_boxes(const ScTissue *t, long d, ScDiffArgs *a) {
    const ScTissueConfig *c = &t->cfg;
    int nb = 0;
    for (int s = 0; s < c->nstim; s++) {
        const ScTissueStim *x = &c->stim[s];
        if (!tissue_stim_on(x, c->dt, d))
            continue;
        ScDiffBox *b = &a->box[nb++];
        for (int k = 0; k < 3; k++) {
            int ax = t->ax[k];
            b->lo[k] = 0, b->hi[k] = 0;
            if (ax >= 0)
                tissue_box_range(x->lo[ax], x->hi[ax], c->n[ax], c->dx[ax], &b->lo[k], &b->hi[k]);
        }
        b->add = c->dt / t->m * x->amp / c->cm;
    }
    return nb;
}

/* Exchange number x (sc_tissue.h: `exchange`): the halo tasks, then the exchange with the
 * neighbouring processes. 0 or -1. */
static int exchange(ScTissue *t, long x) {
    if (t->ns > 1 || t->remote)
        for (int s = 0; s < t->ns; s++) {
            int rc =
                cl_halo_submit(t->cl_halo ? &t->cl_halo[s] : NULL, sc_cells_handle(t->cells, SC_HANDLE_VM, s),
                               t->h_lo[s], t->h_hi[s], t->worker[s]);
            if (rc != 0) {
                fprintf(stderr, "starcarp: StarPU refused a halo task: %s\n", strerror(-rc));
                return -1;
            }
        }
    if (t->remote && t->cfg.exchange &&
        t->cfg.exchange(t->cfg.exchange_ctx, x, t->g0 > 0 ? t->h_lo[0] : NULL,
                        t->g0 + t->Lloc < t->L ? t->h_hi[t->ns - 1] : NULL, t->ghost_lo, t->ghost_hi) != 0) {
        fprintf(stderr, "starcarp: the halo exchange between processes failed (exchange %ld)\n", x);
        return -1;
    }
    return 0;
}

/* A diffusion task of `proto` (everything but the slab's fields) on every slab, after exchange x.
 * 0 or -1. */
static int submit_slabs(ScTissue *t, const ScDiffArgs *proto, long x) {
    if (exchange(t, x) != 0)
        return -1;
    ScDiffArgs a = *proto;
    for (int s = 0; s < t->ns; s++) {
        a.l0 = t->g0 + t->l0[s], a.nl = t->nl[s];
        slab_sides(t, s, &a.has_lo, &a.has_hi);
        ScDiffHandles h = {.vm = sc_cells_handle(t->cells, SC_HANDLE_VM, s),
                           .scratch = t->h_scr[s],
                           .act = t->h_act[s],
                           .aux = t->h_aux[s]};
        if (a.has_lo)
            h.lo = s > 0 ? t->h_hi[s - 1] : t->ghost_lo;
        if (a.has_hi)
            h.hi = s < t->ns - 1 ? t->h_lo[s + 1] : t->ghost_hi;
        int rc = cl_diffuse_submit(&a, &h, t->worker[s]);
        if (rc != 0) {
            fprintf(stderr, "starcarp: StarPU refused a diffusion task: %s\n", strerror(-rc));
            return -1;
        }
    }
    return 0;
}

/* The diffusion of step d: t->m explicit sub-steps (in one task per slab where the halos are m
 * deep), or the implicit step's right-hand side and its sweeps; each task after a halo exchange
 * (numbered d * E + e, E = exchanges per step). 0 or -1. */
static int submit_diffusion(ScTissue *t, long d) {
    const double h = t->cfg.dt / t->m, th = t->cfg.theta;
    ScDiffArgs a = {.n0 = t->n0, .n1 = t->n1, .L = t->L, .thr = t->cfg.thr, .dt = h};
    a.nbox = active_boxes(t, d, &a);
    if (t->sweeps == 0) {
        a.kind = KERN_DIFF_STEP, a.record = 1, a.c0 = t->c0, a.c1 = t->c1, a.cL = t->cL, a.cX = t->cX;
        if (t->depth > 1) {
            a.t0 = (double)d * t->cfg.dt, a.nsub = t->m;
            return submit_slabs(t, &a, d);
        }
        for (int sub = 0; sub < t->m; sub++) {
            a.t0 = (double)d * t->cfg.dt + sub * h;
            if (submit_slabs(t, &a, d * t->m + sub) != 0)
                return -1;
        }
        return 0;
    }
    const long E = 1 + t->sweeps;
    a.t0 = (double)d * t->cfg.dt;
    a.kind = KERN_DIFF_RHS, a.c0 = (1 - th) * t->c0, a.c1 = (1 - th) * t->c1, a.cL = (1 - th) * t->cL;
    a.cX = (1 - th) * t->cX;
    if (submit_slabs(t, &a, d * E) != 0)
        return -1;
    a.kind = KERN_DIFF_SWEEP, a.nbox = 0, a.gamma = t->gamma;
    a.c0 = th * t->c0, a.c1 = th * t->c1, a.cL = th * t->cL, a.cX = th * t->cX;
    for (int k = 0; k < t->sweeps; k++) {
        a.first = k == 0, a.omega = t->omega[k], a.record = k == t->sweeps - 1;
        if (submit_slabs(t, &a, d * E + 1 + k) != 0)
            return -1;
    }
    return 0;
}

int tstep_advance(ScTissue *t, long nsteps) {
    for (long k = 0; k < nsteps; k++) {
        long d = t->step;
        if (sc_cells_advance(t->cells, 1) != 0 || submit_diffusion(t, d) != 0)
            return -1;
        t->step++;
        if (starpu_task_nsubmitted() > TISSUE_MAX_PENDING)
            starpu_task_wait_for_n_submitted(TISSUE_RESUME_PENDING);
    }
    return 0;
}

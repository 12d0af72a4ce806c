/* sc_cells.c: an array of cells of one model as partitioned StarPU data (the public API of
 * starcarp.h, section "cell arrays"; design in docs/runtime.md): the array built from its parts
 * (cells_build: the placement module's plan, place.h), registration with StarPU, destruction and
 * accessors. sc_cells_create (cells_create.c) asks for the plan, then builds here. The layout and
 * the other files of the cell array: cells.h. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "util_int.h"

/* Register c's data with StarPU: the per-cell arrays split into the parts, the parameter set, the
 * lookup tables and the parts' status handles (c's host arrays allocated and filled). */
static void register_data(ScCells *c) {
    c->p_sv = calloc((size_t)c->np, sizeof *c->p_sv);
    c->p_vm = calloc((size_t)c->np, sizeof *c->p_vm);
    c->p_iion = calloc((size_t)c->np, sizeof *c->p_iion);
    c->p_ext = calloc((size_t)c->np, sizeof *c->p_ext);
    c->p_pcell = calloc((size_t)c->np, sizeof *c->p_pcell);
    c->p_stat = calloc((size_t)c->np, sizeof *c->p_stat);
    cells_register_split(c, c->sv, c->nsv ? c->nsv : 1, &c->h_sv, c->p_sv);
    cells_register_split(c, c->vm, 1, &c->h_vm, c->p_vm);
    cells_register_split(c, c->iion, 1, &c->h_iion, c->p_iion);
    if (c->next) {
        cells_register_split(c, c->ext, c->next, &c->h_ext, c->p_ext);
    } else {
        c->ext_dummy = calloc((size_t)c->np, sizeof(void *));
        for (int p = 0; p < c->np; p++) {
            c->ext_dummy[p] = calloc(1, c->esz);
            starpu_vector_data_register(&c->p_ext[p], STARPU_MAIN_RAM, (uintptr_t)c->ext_dummy[p], 1, c->esz);
        }
    }
    starpu_vector_data_register(&c->h_pc, STARPU_MAIN_RAM, (uintptr_t)c->pc, (uint32_t)(c->npc + 1), c->esz);
    static double dummy_r;
    starpu_vector_data_register(&c->h_dummy, STARPU_MAIN_RAM, (uintptr_t)&dummy_r, 1, sizeof(double));
    if (c->nlut)
        starpu_vector_data_register(&c->h_lut, STARPU_MAIN_RAM, (uintptr_t)c->lut, (uint32_t)c->nlut, c->esz);
    for (int p = 0; p < c->np; p++) {
        c->p_pcell[p] = c->h_dummy;
        starpu_vector_data_register(&c->p_stat[p], STARPU_MAIN_RAM,
                                    (uintptr_t)(c->stat + (size_t)p * CL_STAT_WORDS), CL_STAT_WORDS,
                                    sizeof(unsigned long long));
    }
}

/* See cells.h. */
void cells_defaults(ScCellsConfig *cfg) {
    if (cfg->precision == 0)
        cfg->precision = SC_DOUBLE;
    if (cfg->dt <= 0)
        cfg->dt = SC_DEFAULT_DT;
    if (cfg->steps_per_task <= 0)
        cfg->steps_per_task = SC_DEFAULT_K;
}

/* See cells.h. */
int cells_kernel_check(const ScModelEntry *m, int f32, char *err, size_t errlen) {
    if (!m->cpu[f32] && !m->desc->c_run[f32]) {
        sc_set_err(err, errlen, "%s has no %s-precision kernel", m->name, f32 ? "single" : "double");
        return -1;
    }
    return 0;
}

/* See cells.h. */
ScCells *cells_build(const ScModelEntry *m, const ScCellsConfig *cfg, PlacePlan *plan, char *err,
                     size_t errlen) {
    ScCells *c = calloc(1, sizeof *c);
    if (!c) {
        place_free(plan);
        sc_set_err(err, errlen, "out of memory");
        return NULL;
    }
    c->m = m, c->d = m->desc, c->cfg = *cfg;
    cells_defaults(&c->cfg);
    c->f32 = sc_precision_index(cfg->precision);
    c->esz = c->f32 ? sizeof(float) : sizeof(double);
    c->n = cfg->ncells;
    c->np = plan->np, c->size = plan->size, c->worker = plan->worker, c->speedup = plan->speedup;
    *plan = (PlacePlan){0};
    if (cells_kernel_check(m, c->f32, err, errlen) < 0) {
        sc_cells_destroy(c);
        return NULL;
    }
    const ScModelDesc *d = c->d;
    c->nsv = d->nsv, c->npc = d->nparams + d->nconsts, c->next = d->nexternals;
    c->nlut = (d->ntables && !cfg->no_lut) ? d->lut_size() : 0;
    size_t n = (size_t)c->n;
    c->sv = calloc(n * (size_t)(c->nsv ? c->nsv : 1), c->esz);
    c->vm = calloc(n, c->esz);
    c->iion = calloc(n, c->esz);
    c->ext = c->next ? calloc(n * (size_t)c->next, c->esz) : NULL;
    c->pc = calloc((size_t)c->npc + 1, c->esz);
    c->lut = c->nlut ? calloc(c->nlut, c->esz) : NULL;
    c->params = calloc((size_t)d->nparams + 1, sizeof(double));
    c->pinned = calloc((size_t)d->nparams + 1, 1);
    c->pcd = calloc((size_t)c->npc + 1, sizeof(double));
    c->stat = calloc((size_t)c->np * CL_STAT_WORDS, sizeof(unsigned long long));
    c->off = malloc(sizeof(long) * (size_t)c->np);
    if (!c->sv || !c->vm || !c->iion || (c->next && !c->ext) || !c->pc || (c->nlut && !c->lut) ||
        !c->params || !c->pinned || !c->pcd || !c->stat || !c->off) {
        sc_set_err(err, errlen, "out of memory for %ld cells of %s", c->n, m->name);
        sc_cells_destroy(c);
        return NULL;
    }
    for (long p = 0, o = 0; p < c->np; p++)
        c->off[p] = o, o += c->size[p];
    /* initial state, cell by cell into its partition's block */
    memcpy(c->params, d->param_defaults, sizeof(double) * (size_t)d->nparams);
    cells_fill_pc(c);
    double *sv0 = calloc((size_t)c->nsv + 1, sizeof(double)), vm0 = 0;
    d->init(c->pcd, sv0, &vm0);
    for (int p = 0; p < c->np; p++)
        for (long i = 0; i < c->size[p]; i++) {
            for (int k = 0; k < c->nsv; k++)
                cells_put(c, c->sv, (size_t)(c->off[p] * c->nsv + k * c->size[p] + i), sv0[k]);
            cells_put(c, c->vm, (size_t)(c->off[p] + i), vm0);
        }
    free(sv0);
    for (int p = 0; p < c->np; p++)
        c->stat[(size_t)p * CL_STAT_WORDS] = ~0ULL;
    c->stim = cfg->stim;
    register_data(c);
    return c;
}

void sc_cells_destroy(ScCells *c) {
    if (!c)
        return;
    if (c->p_stat) {
        starpu_task_wait_for_all();
        cells_bm_free(c);
        cells_unregister_split(c, c->h_sv, c->p_sv);
        cells_unregister_split(c, c->h_vm, c->p_vm);
        cells_unregister_split(c, c->h_iion, c->p_iion);
        if (c->next)
            cells_unregister_split(c, c->h_ext, c->p_ext);
        else if (c->ext_dummy)
            for (int p = 0; p < c->np; p++)
                starpu_data_unregister(c->p_ext[p]);
        if (c->nvary)
            cells_unregister_split(c, c->h_pcell, c->p_pcell);
        for (int p = 0; p < c->np; p++) {
            if (c->p_stat[p])
                starpu_data_unregister(c->p_stat[p]);
            if (c->p_snap && c->p_snap[p])
                starpu_data_unregister(c->p_snap[p]);
        }
        starpu_data_unregister(c->h_pc);
        starpu_data_unregister(c->h_dummy);
        if (c->nlut)
            starpu_data_unregister(c->h_lut);
    }
    if (c->ext_dummy)
        for (int p = 0; p < c->np; p++)
            free(c->ext_dummy[p]);
    free(c->ext_dummy);
    free(c->p_sv), free(c->p_vm), free(c->p_iion), free(c->p_ext), free(c->p_pcell), free(c->p_stat);
    free(c->p_snap);
    free(c->sv), free(c->vm), free(c->iion), free(c->ext), free(c->pc), free(c->lut), free(c->pcell);
    free(c->params), free(c->pinned), free(c->pcd), free(c->stat), free(c->size), free(c->off),
        free(c->worker);
    free(c);
}

long sc_cells_count(const ScCells *c) { return c->n; }
const ScModelEntry *sc_cells_model(const ScCells *c) { return c->m; }
int sc_cells_nparts(const ScCells *c) { return c->np; }
long sc_cells_part_size(const ScCells *c, int p) { return p >= 0 && p < c->np ? c->size[p] : 0; }
long sc_cells_step(const ScCells *c) { return c->step; }
double sc_cells_gpu_speedup(const ScCells *c) { return c->speedup; }
void sc_cells_set_step(ScCells *c, long d) { c->step = d; }
const double *sc_cells_params(const ScCells *c) { return c->params; }
void sc_cells_set_stim(ScCells *c, const ScStim *stim) { c->stim = *stim; }

starpu_data_handle_t sc_cells_handle(const ScCells *c, int which, int p) {
    if (p < 0 || p >= c->np)
        return NULL;
    switch (which) {
        case SC_HANDLE_SV:
            return c->p_sv[p];
        case SC_HANDLE_VM:
            return c->p_vm[p];
        case SC_HANDLE_IION:
            return c->p_iion[p];
        case SC_HANDLE_PCELL:
            return c->nvary ? c->p_pcell[p] : NULL;
        case SC_HANDLE_EXT:
            return c->next ? c->p_ext[p] : NULL;
        case SC_HANDLE_PC:
            return c->h_pc;
        case SC_HANDLE_LUT:
            return c->nlut ? c->h_lut : NULL;
        case SC_HANDLE_STATUS:
            return c->p_stat[p];
        default:
            return NULL;
    }
}

int sc_cells_place(ScCells *c) {
    int placed = 0;
    for (int pass = 0; pass < 2; pass++) /* every request queued, then each one waited for */
        for (int p = 0; p < c->np; p++) {
            if (c->worker[p] < 0 || starpu_worker_get_type(c->worker[p]) == STARPU_CPU_WORKER)
                continue;
            unsigned node = (unsigned)starpu_worker_get_memory_node((unsigned)c->worker[p]);
            ScStepHandles sh = cells_step_handles(c, p); /* what the partition's step tasks use */
            starpu_data_handle_t h[] = {sh.sv, sh.vm, sh.iion, sh.ext, sh.pc, sh.lut, sh.pcell, sh.stat};
            for (size_t k = 0; k < sizeof h / sizeof h[0]; k++)
                if (starpu_data_fetch_on_node(h[k], node, pass == 0) != 0)
                    break; /* no room: the tasks will fetch it as StarPU sees fit */
            placed += pass == 1;
        }
    return placed;
}

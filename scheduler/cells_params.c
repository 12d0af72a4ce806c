/* cells_params.c: the parameters of a cell array: uniform values (the parameter set, its constants
 * and lookup tables) and parameters that vary per cell (cells.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "util_int.h"

/* See cells.h. */
void cells_fill_pc(ScCells *c) {
    memcpy(c->pcd, c->params, sizeof(double) * (size_t)c->d->nparams);
    c->d->consts(c->pcd);
    for (int k = 0; k < c->npc; k++)
        cells_put(c, c->pc, (size_t)k, c->pcd[k]);
    if (c->nlut) {
        double *t = malloc(sizeof(double) * c->nlut);
        c->d->lut_build(c->pcd, t);
        for (size_t k = 0; k < c->nlut; k++)
            cells_put(c, c->lut, k, t[k]);
        free(t);
    }
}

int sc_cells_set_params(ScCells *c, const double *values, char *err, size_t errlen) {
    for (int k = 0; k < c->d->nparams; k++)
        if (!isfinite(values[k])) {
            sc_set_err(err, errlen, "parameter %s: value not finite", c->d->param_names[k]);
            return -1;
        }
    starpu_data_acquire(c->h_pc, STARPU_W);
    if (c->nlut)
        starpu_data_acquire(c->h_lut, STARPU_W);
    memcpy(c->params, values, sizeof(double) * (size_t)c->d->nparams);
    sc_params_pinned(c->d, values, c->pinned);
    for (int r = 0; r < c->nvary; r++)
        if (!c->vary_auto[r])
            c->pinned[c->vary_k[r]] = 1;
    cells_fill_pc(c);
    if (c->nlut)
        starpu_data_release(c->h_lut);
    starpu_data_release(c->h_pc);
    return c->nvary ? cells_follow(c, err, errlen) : 0;
}

/* Row r of the per-cell parameters, cell i (global index). */
static size_t pcell_at(const ScCells *c, int p, int r, long i) {
    return (size_t)(c->off[p] * c->nvary + r * c->size[p] + i);
}

/* Parameter k takes values[i] in cell i: its row (a new one when k has none). 0 or -1. */
static int vary_row(ScCells *c, int k, const double *values, char *err, size_t errlen) {
    int row = -1;
    for (int r = 0; r < c->nvary; r++)
        if (c->vary_k[r] == k)
            row = r;
    if (row >= 0) {
        for (int p = 0; p < c->np; p++) {
            starpu_data_acquire(c->p_pcell[p], STARPU_RW);
            for (long i = 0; i < c->size[p]; i++)
                cells_put(c, c->pcell, pcell_at(c, p, row, i), values[c->off[p] + i]);
            starpu_data_release(c->p_pcell[p]);
        }
        return 0;
    }
    if (c->nvary == SC_MAX_VARY) {
        sc_set_err(err, errlen, "at most %d parameters can vary per cell (%s would be one more)", SC_MAX_VARY,
                   c->d->param_names[k]);
        return -1;
    }
    /* one more row: a new blocked array, the old rows copied over, handles made anew */
    int nv = c->nvary + 1;
    void *np_ = calloc((size_t)c->n * (size_t)nv, c->esz);
    if (!np_) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    if (c->nvary) {
        cells_unregister_split(c, c->h_pcell, c->p_pcell); /* brings the old rows home */
        for (int p = 0; p < c->np; p++)
            for (int r = 0; r < c->nvary; r++)
                for (long i = 0; i < c->size[p]; i++)
                    cells_put(c, np_, (size_t)(c->off[p] * nv + r * c->size[p] + i),
                              cells_get(c, c->pcell, pcell_at(c, p, r, i)));
    }
    free(c->pcell);
    c->pcell = np_;
    row = c->nvary;
    c->vary_k[row] = k;
    c->vary_auto[row] = 0;
    c->nvary = nv;
    for (int p = 0; p < c->np; p++)
        for (long i = 0; i < c->size[p]; i++)
            cells_put(c, c->pcell, pcell_at(c, p, row, i), values[c->off[p] + i]);
    cells_register_split(c, c->pcell, nv, &c->h_pcell, c->p_pcell);
    return 0;
}

/* The derived parameters (not pinned) computed from a parameter that varies: mark them in dep.
 * Returns how many. */
static int followers(const ScCells *c, unsigned char *dep) {
    const ScModelDesc *d = c->d;
    unsigned char *moved = malloc((size_t)d->nparams + 1);
    int n = 0;
    memset(dep, 0, (size_t)d->nparams);
    for (int r = 0; r < c->nvary && moved; r++) {
        if (c->vary_auto[r] || params_moved(d, c->params, c->pinned, c->vary_k[r], 0, moved) != 0)
            continue;
        for (int q = 0; q < d->nparams; q++)
            if (moved[q] && !c->pinned[q] && !dep[q])
                dep[q] = 1, n++;
    }
    free(moved);
    return n;
}

/* Per-cell values of the derived parameters that follow varying ones (cells.h). */
int cells_follow(ScCells *c, char *err, size_t errlen) {
    const ScModelDesc *d = c->d;
    unsigned char *dep = calloc((size_t)d->nparams + 1, 1);
    double *t = malloc(sizeof(double) * ((size_t)d->nparams + 1));
    int rc = 0, nuser = 0, nqs = 0;
    int user_k[SC_MAX_VARY], user_r[SC_MAX_VARY], q_of[SC_MAX_PARAMS];
    if (!dep || !t || !followers(c, dep)) {
        free(dep), free(t);
        return 0;
    }
    for (int r = 0; r < c->nvary; r++)
        if (!c->vary_auto[r])
            user_k[nuser] = c->vary_k[r], user_r[nuser++] = r;
    for (int q = 0; q < d->nparams; q++)
        if (dep[q])
            q_of[nqs++] = q;
    double *vals = malloc(sizeof(double) * (size_t)c->n * (size_t)nqs);
    if (!vals) {
        free(dep), free(t);
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    /* each cell's parameters: the uniform ones, its varied ones, the followers derived */
    memcpy(t, c->params, sizeof(double) * (size_t)d->nparams);
    for (int p = 0; p < c->np; p++) {
        starpu_data_acquire(c->p_pcell[p], STARPU_R);
        for (long i = 0; i < c->size[p]; i++) {
            for (int u = 0; u < nuser; u++)
                t[user_k[u]] = cells_get(c, c->pcell, pcell_at(c, p, user_r[u], i));
            d->param_derive(t, c->pinned);
            for (int j = 0; j < nqs; j++)
                vals[(size_t)j * (size_t)c->n + (size_t)(c->off[p] + i)] = t[q_of[j]];
        }
        starpu_data_release(c->p_pcell[p]);
    }
    for (int j = 0; j < nqs && !rc; j++) {
        rc = vary_row(c, q_of[j], vals + (size_t)j * (size_t)c->n, err, errlen);
        for (int r = 0; r < c->nvary && !rc; r++)
            if (c->vary_k[r] == q_of[j])
                c->vary_auto[r] = 1;
    }
    free(dep), free(t), free(vals);
    return rc;
}

int sc_cells_vary_param(ScCells *c, int k, const double *values, char *err, size_t errlen) {
    if (k < 0 || k >= c->d->nparams) {
        sc_set_err(err, errlen, "no parameter %d (the model has %d)", k, c->d->nparams);
        return -1;
    }
    for (long i = 0; i < c->n; i++)
        if (!isfinite(values[i])) {
            sc_set_err(err, errlen, "parameter %s: value of cell %ld not finite", c->d->param_names[k], i);
            return -1;
        }
    if (vary_row(c, k, values, err, errlen) != 0)
        return -1;
    for (int r = 0; r < c->nvary; r++)
        if (c->vary_k[r] == k)
            c->vary_auto[r] = 0; /* varied by the caller: pinned */
    c->pinned[k] = 1;
    return cells_follow(c, err, errlen);
}

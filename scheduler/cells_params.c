/* cells_params.c: the parameters of a cell array: uniform values (the parameter set, its constants
 * and lookup tables) and parameters that vary per cell (cells.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "sc_internal.h"

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
    cells_fill_pc(c);
    if (c->nlut)
        starpu_data_release(c->h_lut);
    starpu_data_release(c->h_pc);
    return 0;
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
    int row = -1;
    for (int r = 0; r < c->nvary; r++)
        if (c->vary_k[r] == k)
            row = r;
    if (row < 0) {
        if (c->nvary == SC_MAX_VARY) {
            sc_set_err(err, errlen, "at most %d parameters can vary per cell", SC_MAX_VARY);
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
                        cells_put(
                            c, np_, (size_t)(c->off[p] * nv + r * c->size[p] + i),
                            cells_get(c, c->pcell, (size_t)(c->off[p] * c->nvary + r * c->size[p] + i)));
        }
        free(c->pcell);
        c->pcell = np_;
        row = c->nvary;
        c->vary_k[row] = k;
        c->nvary = nv;
        for (int p = 0; p < c->np; p++)
            for (long i = 0; i < c->size[p]; i++)
                cells_put(c, c->pcell, (size_t)(c->off[p] * nv + row * c->size[p] + i),
                          values[c->off[p] + i]);
        cells_register_split(c, c->pcell, nv, &c->h_pcell, c->p_pcell);
        return 0;
    }
    for (int p = 0; p < c->np; p++) {
        starpu_data_acquire(c->p_pcell[p], STARPU_RW);
        for (long i = 0; i < c->size[p]; i++)
            cells_put(c, c->pcell, (size_t)(c->off[p] * c->nvary + row * c->size[p] + i),
                      values[c->off[p] + i]);
        starpu_data_release(c->p_pcell[p]);
    }
    return 0;
}

/* cells_ckpt.c: checkpoint and restart of a cell array (format below and in docs/runtime.md). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "util_int.h"

/* ---- checkpoint ------------------------------------------------------------------------------
 * File: the line "starcarp-checkpoint 1\n", then a binary header (ScCkptHeader), the nparams
 * uniform parameter values, nvary parameter indices (int) and nvary rows of ncells values, then
 * the nsv states, Vm and Iion, each ncells values in cell order; every value a little-endian
 * double (the machines starcarp runs on are little-endian), whatever the precision of the run. */
typedef struct ScCkptHeader {
    char model[128];
    char source_hash[72];
    long long ncells, step;
    int precision, nsv, nparams, nvary;
    double dt;
} ScCkptHeader;

static const char ckpt_magic[] = "starcarp-checkpoint 1\n";

int sc_cells_save(ScCells *c, const char *path, char *err, size_t errlen) {
    FILE *f = fopen(path, "wb");
    if (!f) {
        sc_set_err(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    ScCkptHeader h;
    memset(&h, 0, sizeof h);
    snprintf(h.model, sizeof h.model, "%s", c->m->name);
    snprintf(h.source_hash, sizeof h.source_hash, "%s", c->d->source_hash ? c->d->source_hash : "");
    h.ncells = c->n, h.step = c->step, h.precision = c->f32 ? 32 : 64, h.nsv = c->nsv;
    h.nparams = c->d->nparams, h.nvary = c->nvary, h.dt = c->cfg.dt;
    int ok = fwrite(ckpt_magic, 1, sizeof ckpt_magic - 1, f) == sizeof ckpt_magic - 1 &&
             fwrite(&h, sizeof h, 1, f) == 1 &&
             fwrite(c->params, sizeof(double), (size_t)h.nparams, f) == (size_t)h.nparams &&
             fwrite(c->vary_k, sizeof(int), (size_t)c->nvary, f) == (size_t)c->nvary;
    double *buf = malloc(sizeof(double) * (size_t)c->n);
    for (int r = 0; ok && buf && r < c->nvary; r++) {
        for (int p = 0; p < c->np; p++) {
            starpu_data_acquire(c->p_pcell[p], STARPU_R);
            for (long i = 0; i < c->size[p]; i++)
                buf[c->off[p] + i] =
                    cells_get(c, c->pcell, (size_t)(c->off[p] * c->nvary + r * c->size[p] + i));
            starpu_data_release(c->p_pcell[p]);
        }
        ok = fwrite(buf, sizeof(double), (size_t)c->n, f) == (size_t)c->n;
    }
    for (int var = 0; ok && buf && var < c->nsv + 2; var++) {
        int v = var < c->nsv ? var : var == c->nsv ? SC_VAR_VM : SC_VAR_IION;
        sc_cells_read(c, v, buf);
        ok = fwrite(buf, sizeof(double), (size_t)c->n, f) == (size_t)c->n;
    }
    if (fclose(f) != 0)
        ok = 0;
    if (!ok || !buf)
        sc_set_err(err, errlen, "%s: %s", path, buf ? strerror(errno) : "out of memory");
    free(buf);
    return ok && buf ? 0 : -1;
}

int sc_cells_load(ScCells *c, const char *path, char *err, size_t errlen) {
    FILE *f = fopen(path, "rb");
    if (!f) {
        sc_set_err(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char magic[sizeof ckpt_magic];
    ScCkptHeader h;
    int rc = -1;
    double *buf = NULL, *params = NULL;
    int *vk = NULL;
    if (fread(magic, 1, sizeof ckpt_magic - 1, f) != sizeof ckpt_magic - 1 ||
        memcmp(magic, ckpt_magic, sizeof ckpt_magic - 1) != 0 || fread(&h, sizeof h, 1, f) != 1) {
        sc_set_err(err, errlen, "%s: not a starcarp checkpoint", path);
        goto out;
    }
    h.model[sizeof h.model - 1] = '\0';
    if (strcmp(h.model, c->m->name) != 0 || h.nsv != c->nsv || h.nparams != c->d->nparams) {
        sc_set_err(err, errlen, "%s: checkpoint of model %s (%d states), this run is %s (%d states)", path,
                   h.model, h.nsv, c->m->name, c->nsv);
        goto out;
    }
    if (h.ncells != c->n || h.precision != (c->f32 ? 32 : 64) || h.nvary < 0 || h.nvary > SC_MAX_VARY) {
        sc_set_err(err, errlen,
                   "%s: checkpoint of %lld cells in %d-bit precision, this run has %ld cells in %d-bit", path,
                   h.ncells, h.precision, c->n, c->f32 ? 32 : 64);
        goto out;
    }
    params = malloc(sizeof(double) * ((size_t)h.nparams + 1));
    vk = malloc(sizeof(int) * ((size_t)h.nvary + 1));
    buf = malloc(sizeof(double) * (size_t)c->n);
    if (!params || !vk || !buf || fread(params, sizeof(double), (size_t)h.nparams, f) != (size_t)h.nparams ||
        fread(vk, sizeof(int), (size_t)h.nvary, f) != (size_t)h.nvary) {
        sc_set_err(err, errlen, "%s: truncated checkpoint", path);
        goto out;
    }
    if (sc_cells_set_params(c, params, err, errlen) < 0)
        goto out;
    for (int r = 0; r < h.nvary; r++) {
        if (fread(buf, sizeof(double), (size_t)c->n, f) != (size_t)c->n) {
            sc_set_err(err, errlen, "%s: truncated checkpoint", path);
            goto out;
        }
        if (sc_cells_vary_param(c, vk[r], buf, err, errlen) < 0)
            goto out;
    }
    for (int var = 0; var < c->nsv + 2; var++) {
        if (fread(buf, sizeof(double), (size_t)c->n, f) != (size_t)c->n) {
            sc_set_err(err, errlen, "%s: truncated checkpoint", path);
            goto out;
        }
        sc_cells_write(c, var < c->nsv ? var : var == c->nsv ? SC_VAR_VM : SC_VAR_IION, buf);
    }
    c->step = (long)h.step;
    rc = 0;
out:
    free(buf), free(params), free(vk);
    fclose(f);
    return rc;
}

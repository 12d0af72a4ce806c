/* cells_sample.c: values of a cell array brought to the host: sampled outputs of a few cells (a
 * gather task per partition, only those values travel), whole variables, and snapshots of Vm
 * (cells.h). */
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "cl_copy.h"

int sc_cells_sample(ScCells *c, const long *cells, int ncell, double *vm, double *iion, double *sv) {
    const int w = 2 + c->nsv;
    double *out = malloc(sizeof(double) * (size_t)(ncell > 0 ? ncell : 1) * (size_t)w);
    if (!out)
        return -1;
    for (int j = 0; j < ncell; j++)
        if (cells[j] < 0 || cells[j] >= c->n) {
            free(out);
            return -1;
        }
    /* per partition, in groups of at most KERN_GATHER_MAX cells, listed in the caller's order */
    int *part = malloc(sizeof(int) * (size_t)(ncell > 0 ? ncell : 1));
    for (int j = 0; j < ncell; j++) {
        int lo = 0, hi = c->np - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (c->off[mid] <= cells[j])
                lo = mid;
            else
                hi = mid - 1;
        }
        part[j] = lo;
    }
    int rc = 0;
    int *pos = malloc(sizeof(int) * KERN_GATHER_MAX);
    char *done = calloc((size_t)(ncell > 0 ? ncell : 1), 1);
    for (int j0 = 0; j0 < ncell && rc == 0; j0++) {
        if (done[j0])
            continue;
        int p = part[j0];
        struct kern_gather_args g;
        memset(&g, 0, sizeof g);
        g.f32 = c->f32, g.nsv = c->nsv;
        for (int j = j0; j < ncell && g.ncell < KERN_GATHER_MAX; j++)
            if (!done[j] && part[j] == p) {
                pos[g.ncell] = j;
                g.idx[g.ncell++] = cells[j] - c->off[p];
                done[j] = 1;
            }
        int cnt = g.ncell;
        double *tmp = malloc(sizeof(double) * (size_t)cnt * (size_t)w);
        starpu_data_handle_t h;
        starpu_vector_data_register(&h, STARPU_MAIN_RAM, (uintptr_t)tmp, (uint32_t)(cnt * w), sizeof(double));
        if (cl_gather_submit(c->p_sv[p], c->p_vm[p], c->p_iion[p], h, &g, c->worker[p]) != 0)
            rc = -1;
        starpu_data_unregister(h); /* waits for the gather; the values are then in tmp */
        for (int q = 0; q < cnt && rc == 0; q++)
            memcpy(out + (size_t)pos[q] * (size_t)w, tmp + (size_t)q * (size_t)w, sizeof(double) * (size_t)w);
        free(tmp);
    }
    for (int j = 0; j < ncell && rc == 0; j++) {
        if (vm)
            vm[j] = out[(size_t)j * (size_t)w];
        if (iion)
            iion[j] = out[(size_t)j * (size_t)w + 1];
        if (sv)
            memcpy(sv + (size_t)j * (size_t)c->nsv, out + (size_t)j * (size_t)w + 2,
                   sizeof(double) * (size_t)c->nsv);
    }
    free(out), free(part), free(pos), free(done);
    return rc;
}

/* The partition handle and the host address of value k of partition p for variable var. */
static starpu_data_handle_t var_handle(ScCells *c, int var, int p, size_t *base) {
    if (var == SC_VAR_VM) {
        *base = (size_t)c->off[p];
        return c->p_vm[p];
    }
    if (var == SC_VAR_IION) {
        *base = (size_t)c->off[p];
        return c->p_iion[p];
    }
    *base = (size_t)(c->off[p] * c->nsv + (long)var * c->size[p]);
    return c->p_sv[p];
}

static int copy_var(ScCells *c, int var, double *out, const double *in) {
    if (var < SC_VAR_IION || var >= c->nsv)
        return -1;
    void *arr = var == SC_VAR_VM ? c->vm : var == SC_VAR_IION ? c->iion : c->sv;
    size_t base;
    for (int p = 0; p < c->np; p++) /* every partition on its way home at once (one GPU's copy per GPU) */
        starpu_data_fetch_on_node(var_handle(c, var, p, &base), STARPU_MAIN_RAM, 1);
    for (int p = 0; p < c->np; p++) {
        starpu_data_handle_t h = var_handle(c, var, p, &base);
        starpu_data_acquire(h, in ? STARPU_RW : STARPU_R);
        for (long i = 0; i < c->size[p]; i++) {
            if (in)
                cells_put(c, arr, base + (size_t)i, in[c->off[p] + i]);
            else
                out[c->off[p] + i] = cells_get(c, arr, base + (size_t)i);
        }
        starpu_data_release(h);
    }
    return 0;
}

int sc_cells_read(ScCells *c, int var, double *out) { return copy_var(c, var, out, NULL); }
int sc_cells_write(ScCells *c, int var, const double *in) { return copy_var(c, var, NULL, in); }

int sc_cells_snapshot(ScCells *c) {
    if (!c->p_snap) {
        if (!(c->p_snap = calloc((size_t)c->np, sizeof *c->p_snap)))
            return -1;
        for (int p = 0; p < c->np; p++) /* StarPU allocates them where the copies are made */
            starpu_vector_data_register(&c->p_snap[p], -1, 0, (uint32_t)c->size[p], c->esz);
    }
    for (int p = 0; p < c->np; p++)
        if (cl_copy_submit(c->p_vm[p], c->p_snap[p], c->worker[p]) != 0)
            return -1;
    return 0;
}

int sc_cells_snapshot_read(ScCells *c, double *out) {
    if (!c->p_snap)
        return -1;
    for (int p = 0; p < c->np; p++) /* every partition's copy on its way home at once */
        starpu_data_fetch_on_node(c->p_snap[p], STARPU_MAIN_RAM, 1);
    for (int p = 0; p < c->np; p++) {
        if (starpu_data_acquire(c->p_snap[p], STARPU_R) != 0)
            return -1;
        const void *v = (const void *)starpu_vector_get_local_ptr(c->p_snap[p]);
        for (long i = 0; i < c->size[p]; i++)
            out[c->off[p] + i] = cells_get(c, v, (size_t)i);
        starpu_data_release(c->p_snap[p]);
    }
    return 0;
}

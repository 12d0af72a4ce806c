/* fem_host.c: the mesh solver's diffusion kernel and export copy on the host (fem.h). Rows are
 * done in blocks: the products of entry k of every row of the block, then entry k + 1 (a gather
 * the compiler vectorises), each row summing its entries in the order the GPU kernel does. */
#include <stdint.h>

#include "fem.h"

#define FEM_BLOCK 256

/* The stimulus of a node with stimulus bits `mask`. */
static double stim_of(const ScFemArgs *a, uint32_t mask) {
    double s = 0;
    for (int b = 0; b < a->nstim; b++)
        if (mask >> b & 1u)
            s += a->add[b];
    return s;
}

/* Row i's update from its sums acc and acc2 (fem.h): the kind's formula, aux, activation. */
static inline void finish_row(const ScFemArgs *a, long i, double acc, double acc2, uint32_t mask, double *v,
                              const double *x, double *act, double *aux) {
    const long n = a->n;
    const double c = x[i];
    double vn;
    if (a->kind == KERN_DIFF_SWEEP) {
        double res = (aux[i] - c) + a->c * acc;
        vn = kern_cheb_next(c, a->first ? 0 : aux[n + i], res, a->gamma, a->omega, a->first);
        aux[n + i] = c;
    } else {
        vn = (c + a->c * acc) + stim_of(a, mask);
        if (a->kind == KERN_DIFF_RHS)
            aux[i] = a->nval == 2 ? (vn + a->c2 * acc) - acc2 : vn;
    }
    v[i] = vn;
    if (a->record) {
        double prev = act[n + i];
        if (act[i] < 0 && prev < a->thr && vn >= a->thr)
            act[i] = kern_act_cross(a->t0, a->dt, a->thr, prev, vn);
        act[n + i] = vn;
    }
}

void kern_fem_host(const ScFemArgs *a, double *v, const double *x, const double *mat, double *act,
                   double *aux) {
    const long n = a->n;
    const int w = a->w, nv = a->nval == 2 ? 2 : 1, two = nv == 2 && a->kind == KERN_DIFF_RHS;
    const size_t wn = (size_t)w * (size_t)n;
    const double *val = mat + (a->kind == KERN_DIFF_SWEEP ? (size_t)(nv - 1) * wn : 0), *val2 = mat + wn;
    const int32_t *col = (const int32_t *)(mat + (size_t)nv * wn);
    const uint32_t *mask = (const uint32_t *)(mat + (size_t)nv * wn + (wn + 1) / 2);
    double acc[FEM_BLOCK], acc2[FEM_BLOCK];
    for (long i0 = 0; i0 < n; i0 += FEM_BLOCK) {
        const long m = n - i0 < FEM_BLOCK ? n - i0 : FEM_BLOCK;
        for (long r = 0; r < m; r++)
            acc[r] = 0.0, acc2[r] = 0.0;
        for (int k = 0; k < w; k++) {
            const size_t o = (size_t)k * (size_t)n + (size_t)i0;
            const double *vk = val + o, *v2k = val2 + o;
            const int32_t *ck = col + o;
            if (two)
                for (long r = 0; r < m; r++) {
                    const double xr = x[ck[r]];
                    acc[r] = acc[r] + vk[r] * xr, acc2[r] = acc2[r] + v2k[r] * xr;
                }
            else
                for (long r = 0; r < m; r++)
                    acc[r] = acc[r] + vk[r] * x[ck[r]];
        }
        for (long r = 0; r < m; r++)
            finish_row(a, i0 + r, acc[r], acc2[r], mask[i0 + r], v, x, act, aux);
    }
}

void kern_fem_export_host(const double *v, const int *idx, size_t m, double *out) {
    for (size_t k = 0; k < m; k++)
        out[k] = v[idx[k]];
}

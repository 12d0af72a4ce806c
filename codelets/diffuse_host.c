/* diffuse_host.c: the tissue solver's diffusion kernels on the host (diffuse.h): one explicit step,
 * the right-hand side of an implicit step and a Chebyshev sweep on a slab, and the halo copy. The
 * GPU kernels (diffuse_gpu.h) do the same operations in the same order. */
#include <math.h>
#include <string.h>

#include "diffuse.h"

/* Plane k (-1 .. nl) of the slab as its step reads it while it updates plane `cur` in place: the
 * old values of planes cur - 1 and cur are in ring[(plane) % 2] (copied before they were
 * overwritten), plane cur + 1 is not yet updated (read from v), planes beyond the slab are halos
 * and, past the grid's ends, mirror planes (no flux). */
static const double *plane_at(const ScDiffArgs *a, const double *v, double *const ring[2], const double *lo,
                              const double *hi, long k, long cur) {
    long g = a->l0 + k;
    if (g < 0)
        g = a->L > 1 ? 1 : 0;
    else if (g >= a->L)
        g = a->L > 1 ? a->L - 2 : a->L - 1;
    long lk = g - a->l0;
    if (lk < 0)
        return lo;
    if (lk >= a->nl)
        return hi;
    if (lk <= cur)
        return ring[lk % 2];
    return v + (size_t)lk * (size_t)(a->n0 * a->n1);
}

/* The stimulus added to node (i, j, global plane g) this step: the sum over the boxes holding it. */
static double stim_add(const ScDiffArgs *a, long i, long j, long g) {
    double s = 0;
    for (int b = 0; b < a->nbox; b++) {
        const ScDiffBox *x = &a->box[b];
        if (i >= x->lo[0] && i <= x->hi[0] && j >= x->lo[1] && j <= x->hi[1] && g >= x->lo[2] &&
            g <= x->hi[2])
            s += x->add;
    }
    return s;
}

/* Node r's new value from its old value c and the scaled stencil sum acc (the kind's formula, see
 * diffuse.h), and its activation record when the task records. kind, first and record are
 * constants where slab_pass is expanded (sc_diffuse_host), so each case gets its own loop. */
static inline double node_update(const ScDiffArgs *a, ScDiffKind kind, int first, int record, size_t n,
                                 size_t r, double c, double acc, double s, double *act, double *aux) {
    double vn;
    if (kind == SC_DIFF_SWEEP) {
        double res = (aux[r] - c) + acc;
        if (first) {
            vn = c + a->gamma * res;
        } else {
            double p = aux[n + r];
            vn = p + a->omega * ((c - p) + a->gamma * res);
        }
        aux[n + r] = c;
    } else {
        vn = (c + acc) + s;
        if (kind == SC_DIFF_RHS)
            aux[r] = vn;
    }
    if (record) {
        double vp = act[n + r];
        if (act[r] < 0 && vp < a->thr && vn >= a->thr)
            act[r] = a->t0 + a->dt * ((a->thr - vp) / (vn - vp));
        act[n + r] = vn;
    }
    return vn;
}

/* One pass of a task over its slab, blocked by planes: the slab is updated in place, plane after
 * plane, and only the old values of the plane being updated and of the one below are kept (2
 * planes of scratch, in cache), so the pass reads and writes the slab once. */
static inline __attribute__((always_inline)) void slab_pass(const ScDiffArgs *a, ScDiffKind kind, int first,
                                                            int record, double *v, double *old,
                                                            const double *lo, const double *hi, double *act,
                                                            double *aux) {
    const long n0 = a->n0, n1 = a->n1, P = n0 * n1;
    const size_t n = (size_t)P * (size_t)a->nl;
    const int stim = a->nbox > 0 && kind != SC_DIFF_SWEEP;
    double *const ring[2] = {old, old + P};
    for (long k = 0; k < a->nl; k++) {
        memcpy(ring[k % 2], v + (size_t)k * (size_t)P, (size_t)P * sizeof(double));
        const double *pd = plane_at(a, v, ring, lo, hi, k - 1, k),
                     *pu = plane_at(a, v, ring, lo, hi, k + 1, k);
        const double *pc = ring[k % 2];
        for (long j = 0; j < n1; j++) {
            long jm = j > 0 ? j - 1 : (n1 > 1 ? 1 : 0), jp = j < n1 - 1 ? j + 1 : (n1 > 1 ? n1 - 2 : n1 - 1);
            for (long i = 0; i < n0; i++) {
                long im = i > 0 ? i - 1 : (n0 > 1 ? 1 : 0),
                     ip = i < n0 - 1 ? i + 1 : (n0 > 1 ? n0 - 2 : n0 - 1);
                long q = j * n0 + i;
                double c = pc[q], c2 = 2.0 * c;
                double t0 = (pc[j * n0 + im] + pc[j * n0 + ip]) - c2;
                double t1 = (pc[jm * n0 + i] + pc[jp * n0 + i]) - c2;
                double tl = (pd[q] + pu[q]) - c2;
                double acc = (a->c0 * t0 + a->c1 * t1) + a->cL * tl;
                if (a->cX != 0) { /* 9 points (2D): the second differences along 0 on planes k-1, k+1 */
                    double dd = (pd[j * n0 + im] + pd[j * n0 + ip]) - 2.0 * pd[q];
                    double du = (pu[j * n0 + im] + pu[j * n0 + ip]) - 2.0 * pu[q];
                    acc = acc + a->cX * ((dd + du) - 2.0 * t0);
                }
                size_t r = (size_t)k * (size_t)P + (size_t)q;
                double s = stim ? stim_add(a, i, j, a->l0 + k) : 0.0;
                v[r] = node_update(a, kind, first, record, n, r, c, acc, s, act, aux);
            }
        }
    }
}

void sc_diffuse_host(const ScDiffArgs *a, double *v, double *old, const double *lo, const double *hi,
                     double *act, double *aux) {
    if (a->kind == SC_DIFF_STEP)
        slab_pass(a, SC_DIFF_STEP, 0, 1, v, old, lo, hi, act, aux);
    else if (a->kind == SC_DIFF_RHS)
        slab_pass(a, SC_DIFF_RHS, 0, 0, v, old, lo, hi, act, aux);
    else if (a->first)
        slab_pass(a, SC_DIFF_SWEEP, 1, a->record, v, old, lo, hi, act, aux);
    else if (!a->record)
        slab_pass(a, SC_DIFF_SWEEP, 0, 0, v, old, lo, hi, act, aux);
    else
        slab_pass(a, SC_DIFF_SWEEP, 0, 1, v, old, lo, hi, act, aux);
}

void sc_halo_host(const double *v, size_t n, size_t P, double *lo, double *hi) {
    if (lo)
        memcpy(lo, v, P * sizeof(double));
    if (hi)
        memcpy(hi, v + (n - P), P * sizeof(double));
}

int sc_cheb_plan(double kappa, double tol, int max, double *gamma, double *omega) {
    /* rho: the spectral radius of I - gamma M; the weights of Golub and Varga's semi-iterative method:
     * omega_1 = 1, omega_2 = 1 / (1 - rho^2 / 2), omega_{k+1} = 1 / (1 - rho^2 omega_k / 4) */
    double rho = (kappa - 1.0) / (kappa + 1.0), sk = sqrt(kappa), q = (sk - 1.0) / (sk + 1.0);
    *gamma = 2.0 / (1.0 + kappa);
    double qk = 1.0;
    for (int k = 1; k <= max; k++) {
        omega[k - 1] = k == 1   ? 1.0
                       : k == 2 ? 1.0 / (1.0 - rho * rho / 2.0)
                                : 1.0 / (1.0 - rho * rho * omega[k - 2] / 4.0);
        qk *= q;
        if (2.0 * qk / (1.0 + qk * qk) <= tol)
            return k;
    }
    return max + 1;
}

/* diffuse_host.c: the tissue solver's diffusion kernels on the host (diffuse.h): one explicit step,
 * the right-hand side of an implicit step and a Chebyshev sweep on a slab, and the halo copy. The
 * GPU kernels (diffuse_gpu.h) do the same operations in the same order. */
#include <math.h>
#include <string.h>

#include "diffuse.h"

/* Plane k of the slab (from its first), or past the grid's ends the plane it mirrors (no flux). */
static long mirror(const ScDiffArgs *a, long k) {
    long g = a->l0 + k;
    if (g < 0)
        g = a->L > 1 ? 1 : 0;
    else if (g >= a->L)
        g = a->L > 1 ? a->L - 2 : a->L - 1;
    return g - a->l0;
}

/* Plane k (-1 .. nl) of the slab as its step reads it while it updates plane `cur` in place: the
 * old values of planes cur - 1 and cur are in ring[(plane) % 2] (copied before they were
 * overwritten), plane cur + 1 is not yet updated (read from v), planes beyond the slab are halos
 * and, past the grid's ends, mirror planes (no flux). */
static const double *plane_at(const ScDiffArgs *a, const double *v, double *const ring[2], const double *lo,
                              const double *hi, long k, long cur) {
    long lk = mirror(a, k);
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
 * constants where slab_pass is expanded (kern_diffuse_host), so each case gets its own loop. */
static inline double node_update(const ScDiffArgs *a, ScDiffKind kind, int first, int record, size_t n,
                                 size_t r, double c, double acc, double s, double *act, double *aux) {
    double vn;
    if (kind == KERN_DIFF_SWEEP) {
        double res = (aux[r] - c) + acc;
        vn = kern_cheb_next(c, first ? 0 : aux[n + r], res, a->gamma, a->omega, first);
        aux[n + r] = c;
    } else {
        vn = (c + acc) + s;
        if (kind == KERN_DIFF_RHS)
            aux[r] = vn;
    }
    if (record) {
        double vp = a->sub == 0 ? act[n + r] : c;
        if (act[r] < 0 && vp < a->thr && vn >= a->thr)
            act[r] = kern_act_cross(a->t0, a->dt, a->thr, vp, vn);
        if (a->sub + 1 >= a->nsub)
            act[n + r] = vn;
    }
    return vn;
}

/* Plane k of the slab (global plane l0 + k; ghost planes k < 0 or >= nl are not recorded) from
 * the planes below, at and above it (pd, pc, pu) into `out` (the plane's n0*n1 values). kind,
 * first and record are constants where it is expanded, so each case gets its own loop. */
static inline __attribute__((always_inline)) void plane_pass(const ScDiffArgs *a, ScDiffKind kind, int first,
                                                             int record, long k, const double *pd,
                                                             const double *pc, const double *pu, double *out,
                                                             double *act, double *aux) {
    const long n0 = a->n0, n1 = a->n1, P = n0 * n1;
    const size_t n = (size_t)P * (size_t)a->nl;
    const int stim = a->nbox > 0 && kind != KERN_DIFF_SWEEP, own = k >= 0 && k < a->nl;
    for (long j = 0; j < n1; j++) {
        long jm = j > 0 ? j - 1 : (n1 > 1 ? 1 : 0), jp = j < n1 - 1 ? j + 1 : (n1 > 1 ? n1 - 2 : n1 - 1);
        for (long i = 0; i < n0; i++) {
            long im = i > 0 ? i - 1 : (n0 > 1 ? 1 : 0), ip = i < n0 - 1 ? i + 1 : (n0 > 1 ? n0 - 2 : n0 - 1);
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
            out[q] = node_update(a, kind, first, record && own, n, r, c, acc, s, act, aux);
        }
    }
}

/* One pass of a task over its slab, blocked by planes: the slab is updated in place, plane after
 * plane, and only the old values of the plane being updated and of the one below are kept (2
 * planes of scratch, in cache), so the pass reads and writes the slab once. */
static inline __attribute__((always_inline)) void slab_pass(const ScDiffArgs *a, ScDiffKind kind, int first,
                                                            int record, double *v, double *old,
                                                            const double *lo, const double *hi, double *act,
                                                            double *aux) {
    const long P = a->n0 * a->n1;
    double *const ring[2] = {old, old + P};
    for (long k = 0; k < a->nl; k++) {
        memcpy(ring[k % 2], v + (size_t)k * (size_t)P, (size_t)P * sizeof(double));
        const double *pd = plane_at(a, v, ring, lo, hi, k - 1, k),
                     *pu = plane_at(a, v, ring, lo, hi, k + 1, k);
        plane_pass(a, kind, first, record, k, pd, ring[k % 2], pu, v + (size_t)k * (size_t)P, act, aux);
    }
}

/* The planes of a slab and of its ghosts (diffuse.h, nsub): plane k (-dlo .. nl + dhi - 1, from
 * the slab's first) is at lo below the slab, mid in it, hi above it. */
typedef struct DeepPlanes {
    const double *lo, *mid, *hi;
    long dlo, dhi;
} DeepPlanes;

/* Plane k of `x` (mirror). */
static const double *deep_at(const ScDiffArgs *a, const DeepPlanes *x, long k) {
    long P = a->n0 * a->n1, lk = mirror(a, k);
    if (lk < 0)
        return x->lo + (size_t)((lk + x->dlo) * P);
    if (lk >= a->nl)
        return x->hi + (size_t)((lk - a->nl) * P);
    return x->mid + (size_t)(lk * P);
}

/* The nsub explicit sub-steps of one task (diffuse.h): sub-step j from the planes of sub-step j - 1
 * (first the slab and its halos) into scratch buffers w[j % 2] of the slab and its ghost planes,
 * nl + dlo + dhi planes each, the last one into v. As the GPU launcher does. */
static void deep_steps(const ScDiffArgs *a, double *v, double *scr, const double *lo, const double *hi,
                       double *act) {
    const long P = a->n0 * a->n1, m = a->nsub, dlo = a->has_lo ? m : 0, dhi = a->has_hi ? m : 0;
    const long E = a->nl + dlo + dhi;
    double *w[2] = {scr, m > 2 ? scr + (size_t)(E * P) : NULL};
    DeepPlanes in = {lo, v, hi, dlo, dhi};
    ScDiffArgs b = *a;
    for (long j = 0; j < m; j++) {
        long kb = a->has_lo ? j + 1 - dlo : 0, ke = a->has_hi ? a->nl + dhi - j - 1 : a->nl;
        double *out = j == m - 1 ? v : w[j % 2] + (size_t)(dlo * P);
        b.t0 = a->t0 + (double)j * a->dt, b.sub = (int)j;
        for (long k = kb; k < ke; k++)
            plane_pass(&b, KERN_DIFF_STEP, 0, 1, k, deep_at(a, &in, k - 1), deep_at(a, &in, k),
                       deep_at(a, &in, k + 1), out + k * P, act, NULL);
        in = (DeepPlanes){w[j % 2], w[j % 2] + (size_t)(dlo * P), w[j % 2] + (size_t)((dlo + a->nl) * P), dlo,
                          dhi};
    }
}

void kern_diffuse_host(const ScDiffArgs *a, double *v, double *old, const double *lo, const double *hi,
                       double *act, double *aux) {
    if (a->kind == KERN_DIFF_STEP && a->nsub > 1)
        deep_steps(a, v, old, lo, hi, act);
    else if (a->kind == KERN_DIFF_STEP)
        slab_pass(a, KERN_DIFF_STEP, 0, 1, v, old, lo, hi, act, aux);
    else if (a->kind == KERN_DIFF_RHS)
        slab_pass(a, KERN_DIFF_RHS, 0, 0, v, old, lo, hi, act, aux);
    else if (a->first)
        slab_pass(a, KERN_DIFF_SWEEP, 1, a->record, v, old, lo, hi, act, aux);
    else if (!a->record)
        slab_pass(a, KERN_DIFF_SWEEP, 0, 0, v, old, lo, hi, act, aux);
    else
        slab_pass(a, KERN_DIFF_SWEEP, 0, 1, v, old, lo, hi, act, aux);
}

size_t kern_diffuse_scratch(const ScDiffArgs *a, long nl) {
    size_t P = (size_t)(a->n0 * a->n1), n = P * (size_t)nl;
    if (a->kind == KERN_DIFF_STEP &&
        a->nsub > 1) /* two buffers of the slab and its ghosts (one: 2 sub-steps) */
        return (a->nsub > 2 ? 2 : 1) * (n + P * (size_t)(a->nsub * (a->has_lo + a->has_hi)));
    return n > 2 * P ? n : 2 * P; /* the GPU's copy of the slab; the host's two planes */
}

void kern_halo_host(const double *v, size_t n, size_t P, double *lo, double *hi) {
    if (lo)
        memcpy(lo, v, P * sizeof(double));
    if (hi)
        memcpy(hi, v + (n - P), P * sizeof(double));
}

int kern_cheb_plan(double kappa, double tol, int max, double *gamma, double *omega) {
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

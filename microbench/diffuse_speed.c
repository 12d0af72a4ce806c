/* diffuse_speed.c: sc-bench-diffuse, the space blocking of the tissue solver's host diffusion
 * kernel measured (docs/tissue.md, "Speed"). One core, the N-version slab (20 x 7 x 3 mm) at dx
 * 0.2, 0.1 and 0.05 mm as one slab, an explicit step and a Chebyshev sweep, in three forms: the
 * stencil over a copy of the whole slab (unblocked: the slab read twice and written twice), the
 * same per-node code in place plane after plane with two old planes kept in cache (blocked), and
 * the library's kern_diffuse_host (which has the halo, stimulus and kind cases); the results must
 * be equal bit for bit (exit 1 otherwise). Then time blocking: two explicit steps of the bare
 * stencil (no activation record) in two passes against one pass (a wavefront along the planes),
 * also equal bit for bit.
 *   sc-bench-diffuse [--min-time SEC]      (default 1 s per figure)
 * Prints a markdown table: node-steps/s of each form and the ratios. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_diffuse.h"
#include "util_int.h"

/* The stencil's increment at node (i, j) of plane pc (pd below, pu above; mirrors at the grid's
 * ends), the arithmetic of kern_diffuse_host in its order. */
static inline double stencil(const ScDiffArgs *a, const double *pd, const double *pc, const double *pu,
                             long i, long j) {
    const long n0 = a->n0, n1 = a->n1, q = j * n0 + i;
    long jm = j > 0 ? j - 1 : 1, jp = j < n1 - 1 ? j + 1 : n1 - 2;
    long im = i > 0 ? i - 1 : 1, ip = i < n0 - 1 ? i + 1 : n0 - 2;
    double c2 = 2.0 * pc[q];
    double t0 = (pc[j * n0 + im] + pc[j * n0 + ip]) - c2;
    double t1 = (pc[jm * n0 + i] + pc[jp * n0 + i]) - c2;
    double tl = (pd[q] + pu[q]) - c2;
    return (a->c0 * t0 + a->c1 * t1) + a->cL * tl;
}

/* One plane k of the stencil (one slab, no halos) from the old planes pd, pc, pu into v: the same
 * arithmetic as kern_diffuse_host, without its stimulus and halo cases. */
static void plane(const ScDiffArgs *a, long k, const double *pd, const double *pc, const double *pu,
                  double *v, double *act, double *aux) {
    const long n0 = a->n0, n1 = a->n1, P = n0 * n1;
    const size_t n = (size_t)P * (size_t)a->nl;
    for (long j = 0; j < n1; j++) {
        for (long i = 0; i < n0; i++) {
            long q = j * n0 + i;
            double c = pc[q], acc = stencil(a, pd, pc, pu, i, j);
            size_t r = (size_t)k * P + (size_t)q;
            double vn;
            if (a->kind == KERN_DIFF_SWEEP) {
                double res = (aux[r] - c) + acc, p = aux[n + r];
                vn = p + a->omega * ((c - p) + a->gamma * res);
                aux[n + r] = c;
            } else {
                vn = c + acc;
            }
            v[r] = vn;
            double vp = act[n + r];
            if (act[r] < 0 && vp < a->thr && vn >= a->thr)
                act[r] = a->t0 + a->dt * ((a->thr - vp) / (vn - vp));
            act[n + r] = vn;
        }
    }
}

/* Unblocked: copy the slab, then the stencil over the copy (the slab read twice, written twice). */
static void unblocked(const ScDiffArgs *a, double *v, double *old, double *act, double *aux) {
    const long L = a->nl, P = a->n0 * a->n1;
    memcpy(old, v, (size_t)(P * L) * sizeof(double));
    for (long k = 0; k < L; k++)
        plane(a, k, old + (k > 0 ? k - 1 : 1) * P, old + k * P, old + (k < L - 1 ? k + 1 : L - 2) * P, v, act,
              aux);
}

/* Blocked by planes: in place, the old values of the plane being updated and of the one below kept
 * in a ring of two planes (the form of kern_diffuse_host). */
static void blocked(const ScDiffArgs *a, double *v, double *old, double *act, double *aux) {
    const long L = a->nl, P = a->n0 * a->n1;
    double *ring[2] = {old, old + P};
    for (long k = 0; k < L; k++) {
        memcpy(ring[k % 2], v + k * P, (size_t)P * sizeof(double));
        const double *pd = k > 0 ? ring[(k - 1) % 2] : v + P;
        const double *pu = k < L - 1 ? v + (k + 1) * P : ring[(k - 1) % 2];
        plane(a, k, pd, ring[k % 2], pu, v, act, aux);
    }
}

/* Time blocking. One plane of an explicit step without the activation record (the bare stencil):
 * out[q] = c + acc from the planes pd, pc, pu (mirrors at the grid's ends), same arithmetic. */
static void bare_plane(const ScDiffArgs *a, const double *pd, const double *pc, const double *pu,
                       double *out) {
    const long n0 = a->n0, n1 = a->n1;
    for (long j = 0; j < n1; j++) {
        for (long i = 0; i < n0; i++)
            out[j * n0 + i] = pc[j * n0 + i] + stencil(a, pd, pc, pu, i, j);
    }
}

/* Two explicit steps, one pass each, blocked by planes (the library's form). ring: 2 planes. */
static void two_passes(const ScDiffArgs *a, double *v, double *ring) {
    const long L = a->nl, P = a->n0 * a->n1;
    for (int s = 0; s < 2; s++) {
        double *r[2] = {ring, ring + P};
        for (long k = 0; k < L; k++) {
            memcpy(r[k % 2], v + k * P, (size_t)P * sizeof(double));
            const double *pd = k > 0 ? r[(k - 1) % 2] : v + P,
                         *pu = k < L - 1 ? v + (k + 1) * P : r[(k - 1) % 2];
            bare_plane(a, pd, r[k % 2], pu, v + k * P);
        }
    }
}

/* Two explicit steps in one pass (time blocking, a wavefront along the planes): iteration k makes
 * step 1 of plane k (from the untouched planes k - 1, k, k + 1 of v) into a ring of three planes,
 * then step 2 of plane k - 1 (from step 1 of planes k - 2, k - 1, k) into v: the slab is read and
 * written once for two steps. ring: 3 planes. */
static void one_pass(const ScDiffArgs *a, double *v, double *ring) {
    const long L = a->nl, P = a->n0 * a->n1;
    double *s1[3] = {ring, ring + P, ring + 2 * P};
    for (long k = 0; k <= L; k++) {
        if (k < L) {
            const double *pd = v + (k > 0 ? k - 1 : 1) * P, *pu = v + (k < L - 1 ? k + 1 : L - 2) * P;
            bare_plane(a, pd, v + k * P, pu, s1[k % 3]);
        }
        long m = k - 1; /* step 2 of plane m: its neighbours' step 1, mirrored at the ends */
        if (m >= 0) {
            const double *pd = s1[(m > 0 ? m - 1 : 1) % 3], *pu = s1[(m < L - 1 ? m + 1 : L - 2) % 3];
            bare_plane(a, pd, s1[m % 3], pu, v + m * P);
        }
    }
}

/* Node-steps per second of two explicit steps by `fused` (0: two_passes, 1: one_pass) on a copy of
 * v0 into out. */
static double rate2(int fused, const ScDiffArgs *a, const double *v0, double *out, double min_time) {
    size_t n = (size_t)(a->n0 * a->n1 * a->nl), P = (size_t)(a->n0 * a->n1);
    double *ring = malloc(3 * P * sizeof(double)), t0 = 0, steps = 0;
    memcpy(out, v0, n * sizeof(double));
    for (long it = -1;; it++) {
        if (it == 0)
            t0 = sc_now_s();
        (fused ? one_pass : two_passes)(a, out, ring);
        if (it >= 0 && (steps += 2) >= 6 && sc_now_s() - t0 >= min_time)
            break;
    }
    double r = steps * (double)n / (sc_now_s() - t0);
    free(ring);
    return r;
}

/* Node-steps per second of `form` (0: unblocked, 1: blocked, 2: the library's kern_diffuse_host) on a
 * copy of v0; the result in out. */
static double rate(int form, const ScDiffArgs *a, const double *v0, double *out, double min_time) {
    size_t n = (size_t)(a->n0 * a->n1 * a->nl);
    double *old = malloc(n * sizeof(double)), *act = malloc(2 * n * sizeof(double));
    double *aux = malloc(2 * n * sizeof(double));
    memcpy(out, v0, n * sizeof(double));
    for (size_t r = 0; r < n; r++)
        act[r] = -1, act[n + r] = v0[r], aux[r] = v0[r], aux[n + r] = v0[r];
    double t0 = 0, steps = 0;
    for (long it = -1;; it++) { /* one untimed pass */
        if (it == 0)
            t0 = sc_now_s();
        if (form == 2)
            kern_diffuse_host(a, out, old, NULL, NULL, act, aux);
        else if (form == 1)
            blocked(a, out, old, act, aux);
        else
            unblocked(a, out, old, act, aux);
        if (it >= 0 && (steps += 1) >= 3 && sc_now_s() - t0 >= min_time)
            break;
    }
    double r = steps * (double)n / (sc_now_s() - t0);
    free(old), free(act), free(aux);
    return r;
}

int main(int argc, char **argv) {
    double min_time = 1;
    if (argc == 3 && !strcmp(argv[1], "--min-time"))
        min_time = atof(argv[2]);
    else if (argc != 1) {
        fprintf(stderr, "usage: sc-bench-diffuse [--min-time SEC]\n");
        return 2;
    }
    static const double dxs[] = {0.2, 0.1, 0.05};
    int bad = 0;
    printf(
        "| dx (mm) | nodes | kind | unblocked | blocked | library | blocked / unblocked | library / unblocked |\n"
        "|---:|---:|---|---:|---:|---:|---:|---:|\n");
    for (int d = 0; d < 3; d++)
        for (int kind = 0; kind < 2; kind++) {
            double dx = dxs[d];
            long n0 = (long)(20 / dx + 0.5) + 1, n1 = (long)(7 / dx + 0.5) + 1, L = (long)(3 / dx + 0.5) + 1;
            size_t n = (size_t)(n0 * n1 * L);
            ScDiffArgs a = bench_diff_args(kind, 1, n0, n1, L);
            double *v0 = malloc(n * sizeof(double)), *w[3], r[3];
            srand(5);
            for (size_t q = 0; q < n; q++)
                v0[q] = -85 + 120.0 * rand() / RAND_MAX;
            for (int f = 0; f < 3; f++)
                w[f] = malloc(n * sizeof(double)), r[f] = rate(f, &a, v0, w[f], min_time);
            /* equal bits needs equal pass counts: each again from v0, four passes (min-time 0) */
            int same = 1;
            for (int f = 0; f < 3; f++) {
                rate(f, &a, v0, w[f], 0);
                same &= memcmp(w[0], w[f], n * sizeof(double)) == 0;
            }
            bad |= !same;
            printf("| %g | %zu | %s | %.3g | %.3g | %.3g | %.2f | %.2f%s |\n", dx, n,
                   kind ? "Chebyshev sweep" : "explicit step", r[0], r[1], r[2], r[1] / r[0], r[2] / r[0],
                   same ? "" : " (RESULTS DIFFER)");
            fflush(stdout);
            free(v0), free(w[0]), free(w[1]), free(w[2]);
        }
    printf("\n| dx (mm) | nodes | two passes (node-steps/s) | one pass, two steps | one pass / two passes |\n"
           "|---:|---:|---:|---:|---:|\n");
    for (int d = 0; d < 3; d++) {
        double dx = dxs[d];
        long n0 = (long)(20 / dx + 0.5) + 1, n1 = (long)(7 / dx + 0.5) + 1, L = (long)(3 / dx + 0.5) + 1;
        size_t n = (size_t)(n0 * n1 * L);
        ScDiffArgs a = {.n0 = n0, .n1 = n1, .L = L, .nl = L, .c0 = 0.2, .c1 = 0.03, .cL = 0.03};
        double *v0 = malloc(n * sizeof(double)),
               *w[2] = {malloc(n * sizeof(double)), malloc(n * sizeof(double))};
        srand(5);
        for (size_t q = 0; q < n; q++)
            v0[q] = -85 + 120.0 * rand() / RAND_MAX;
        double r2 = rate2(0, &a, v0, w[0], min_time), r1 = rate2(1, &a, v0, w[1], min_time);
        rate2(0, &a, v0, w[0], 0), rate2(1, &a, v0, w[1], 0);
        int same = memcmp(w[0], w[1], n * sizeof(double)) == 0;
        bad |= !same;
        printf("| %g | %zu | %.3g | %.3g | %.2f%s |\n", dx, n, r2, r1, r1 / r2,
               same ? "" : " (RESULTS DIFFER)");
        fflush(stdout);
        free(v0), free(w[0]), free(w[1]);
    }
    return bad;
}

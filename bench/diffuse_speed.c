/* diffuse_speed.c: sc-bench-diffuse, the space blocking of the tissue solver's host diffusion
 * kernel measured (docs/tissue.md, "Speed"). One core, the library's kernel (sc_diffuse_host:
 * the slab updated in place plane after plane, two old planes kept in cache) against the unblocked
 * form it replaced (the whole slab copied, then the stencil over the copy: the slab read twice and
 * written twice), on the N-version slab (20 x 7 x 3 mm) at dx 0.2, 0.1 and 0.05 mm as one slab, both
 * for an explicit step and for a Chebyshev sweep of the implicit step; the results must be equal
 * bit for bit (exit 1 otherwise).
 *   sc-bench-diffuse [--min-time SEC]      (default 1 s per figure)
 * Prints a markdown table: node-steps/s of each form and their ratio. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diffuse.h"
#include "sc_internal.h"

/* The unblocked reference: copy the slab, then one pass of the stencil over the copy (one slab, no
 * halos: the mirror planes at both ends), the same arithmetic as sc_diffuse_host. */
static void unblocked(const ScDiffArgs *a, double *v, double *old, double *act, double *aux) {
    const long n0 = a->n0, n1 = a->n1, L = a->nl, P = n0 * n1;
    const size_t n = (size_t)P * (size_t)L;
    memcpy(old, v, n * sizeof(double));
    for (long k = 0; k < L; k++) {
        const double *pd = old + (size_t)(k > 0 ? k - 1 : 1) * P,
                     *pu = old + (size_t)(k < L - 1 ? k + 1 : L - 2) * P;
        const double *pc = old + (size_t)k * P;
        for (long j = 0; j < n1; j++) {
            long jm = j > 0 ? j - 1 : 1, jp = j < n1 - 1 ? j + 1 : n1 - 2;
            for (long i = 0; i < n0; i++) {
                long im = i > 0 ? i - 1 : 1, ip = i < n0 - 1 ? i + 1 : n0 - 2, q = j * n0 + i;
                double c = pc[q], c2 = 2.0 * c;
                double t0 = (pc[j * n0 + im] + pc[j * n0 + ip]) - c2;
                double t1 = (pc[jm * n0 + i] + pc[jp * n0 + i]) - c2;
                double tl = (pd[q] + pu[q]) - c2;
                double acc = (a->c0 * t0 + a->c1 * t1) + a->cL * tl;
                size_t r = (size_t)k * P + (size_t)q;
                double vn;
                if (a->kind == SC_DIFF_SWEEP) {
                    double res = (aux[r] - c) + acc, p = aux[n + r];
                    vn = p + a->omega * ((c - p) + a->gamma * res);
                    aux[n + r] = c;
                } else {
                    vn = c + acc;
                }
                v[r] = vn;
                if (a->record) {
                    double vp = act[n + r];
                    if (act[r] < 0 && vp < a->thr && vn >= a->thr)
                        act[r] = a->t0 + a->dt * ((a->thr - vp) / (vn - vp));
                    act[n + r] = vn;
                }
            }
        }
    }
}

/* Node-steps per second of `form` (0: unblocked, 1: the library's) on a copy of v0; the result in out. */
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
        if (form)
            sc_diffuse_host(a, out, old, NULL, NULL, act, aux);
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
        "| dx (mm) | nodes | kind | unblocked node-steps/s | blocked node-steps/s | blocked / unblocked |\n"
        "|---:|---:|---|---:|---:|---:|\n");
    for (int d = 0; d < 3; d++)
        for (int kind = 0; kind < 2; kind++) {
            double dx = dxs[d];
            long n0 = (long)(20 / dx + 0.5) + 1, n1 = (long)(7 / dx + 0.5) + 1, L = (long)(3 / dx + 0.5) + 1;
            size_t n = (size_t)(n0 * n1 * L);
            ScDiffArgs a = {.kind = kind ? SC_DIFF_SWEEP : SC_DIFF_STEP,
                            .record = 1,
                            .gamma = 0.6,
                            .omega = 1.2,
                            .n0 = n0,
                            .n1 = n1,
                            .L = L,
                            .nl = L,
                            .c0 = 0.2,
                            .c1 = 0.03,
                            .cL = 0.03,
                            .thr = 0,
                            .dt = 0.01};
            double *v0 = malloc(n * sizeof(double)),
                   *w[2] = {malloc(n * sizeof(double)), malloc(n * sizeof(double))};
            srand(5);
            for (size_t r = 0; r < n; r++)
                v0[r] = -85 + 120.0 * rand() / RAND_MAX;
            double ru = rate(0, &a, v0, w[0], min_time), rb = rate(1, &a, v0, w[1], min_time);
            /* equal bits needs equal pass counts: both again from v0, four passes each (min-time 0) */
            double tiny = 0;
            rate(0, &a, v0, w[0], tiny), rate(1, &a, v0, w[1], tiny);
            int same = memcmp(w[0], w[1], n * sizeof(double)) == 0;
            bad |= !same;
            printf("| %g | %zu | %s | %.3g | %.3g | %.2f%s |\n", dx, n,
                   kind ? "Chebyshev sweep" : "explicit step", ru, rb, rb / ru,
                   same ? "" : " (RESULTS DIFFER)");
            fflush(stdout);
            free(v0), free(w[0]), free(w[1]);
        }
    return bad;
}

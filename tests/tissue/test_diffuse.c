/* test_diffuse.c: the tissue solver's diffusion step (codelets/cl_diffuse.c, cl_halo.c) called
 * directly, and its configuration checks (tissue/sc_tissue.c):
 *   1. a cosine mode of the no-flux grid decays at the discrete rate (1 - 4 sum c_a sin^2(...))^K,
 *      node by node, in 1D, 2D and 3D;
 *   2. the same grid cut into 1, 2 and 3 slabs with halos gives the same bits;
 *   3. no-flux: the trapezoidal sum of V is conserved to round-off over many steps;
 *   4. the stability limit: the checkerboard mode's factor is -1 at dt = sc_tissue_dt_limit and
 *      grows beyond it; sc_tissue_check refuses dt above the limit, naming it;
 *   5. stimulus boxes add dt*amp/Cm to the nodes inside only; activation times are interpolated;
 *   6. bad configurations are refused with a message;
 *   7. the 9-point 2D stencil: a cosine mode decays at its discrete rate 1 - (4 c0 sx + 4 cL sy -
 *      16 cX sx sy), with 1, 2 and 3 slabs bit for bit; its waves decay alike in every direction
 *      (modes (5,0) and (3,4) of equal wave number: at least 10 times closer than with 5 points);
 *      the trapezoidal sum is conserved; the stability limit 2 / max(4a, 4b, 8/3 (a+b)) holds;
 *      sc_tissue_check refuses 9 points outside 2D grids;
 *   8. a task of m sub-steps on halos m planes deep (nsub) gives the bits of m one-plane exchanges,
 *      values and activation times, with slabs of m planes, at the grid's ends, with a stimulus
 *      box across slabs, with 5 and 9 points.
 * The implicit step is test_implicit.c's. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "diffuse.h"
#include "sc_tissue.h"
#include "test.h"
#include "tissue_cases.h"

/* K steps on a grid n0 x n1 x L cut into ns equal slabs (halos copied between steps), from v. */
static double g_cX; /* the cross term of the 9-point stencil in run_slabs (0: 3, 5, 7 points) */

static void run_slabs(double *v, long n0, long n1, long L, double c0, double c1, double cL, int K, int ns,
                      double *act) {
    long P = n0 * n1;
    double *old = malloc(sizeof(double) * (size_t)(P * (L + 1))); /* a last slab of one plane: 2 planes */
    double *lo = malloc(sizeof(double) * (size_t)(P * ns)), *hi = malloc(sizeof(double) * (size_t)(P * ns));
    double *sact = malloc(sizeof(double) * (size_t)(2 * P * L));
    long l0[8], nl[8];
    for (int s = 0; s < ns; s++)
        l0[s] = L * s / ns, nl[s] = L * (s + 1) / ns - L * s / ns;
    for (int s = 0; s < ns; s++) /* activation records: -1, then the initial values */
        for (long i = 0; i < nl[s] * P; i++)
            sact[2 * l0[s] * P + i] = -1, sact[2 * l0[s] * P + nl[s] * P + i] = v[l0[s] * P + i];
    for (int k = 0; k < K; k++) {
        for (int s = 0; s < ns; s++)
            kern_halo_host(v + l0[s] * P, (size_t)(nl[s] * P), (size_t)P, lo + s * P, hi + s * P);
        for (int s = 0; s < ns; s++) {
            ScDiffArgs a = {.n0 = n0,
                            .n1 = n1,
                            .L = L,
                            .l0 = l0[s],
                            .nl = nl[s],
                            .has_lo = s > 0,
                            .has_hi = s < ns - 1,
                            .c0 = c0,
                            .c1 = c1,
                            .cL = cL,
                            .cX = g_cX,
                            .thr = 0,
                            .t0 = k * 0.01,
                            .dt = 0.01,
                            .record = 1};
            kern_diffuse_host(&a, v + l0[s] * P, old + l0[s] * P, s > 0 ? hi + (s - 1) * P : NULL,
                              s < ns - 1 ? lo + (s + 1) * P : NULL, sact + 2 * l0[s] * P, NULL);
        }
    }
    if (act)
        for (int s = 0; s < ns; s++)
            memcpy(act + l0[s] * P, sact + 2 * l0[s] * P, sizeof(double) * (size_t)(nl[s] * P));
    free(old), free(lo), free(hi), free(sact);
}

static void test_mode(long n0, long n1, long L, int m0, int m1, int mL) {
    const double c0 = 0.11, c1 = 0.07, cL = 0.05;
    const int K = 40;
    long N = n0 * n1 * L;
    double *v = malloc(sizeof(double) * (size_t)N), *w[3];
    for (long l = 0; l < L; l++)
        for (long j = 0; j < n1; j++)
            for (long i = 0; i < n0; i++)
                v[i + n0 * (j + n1 * l)] = t_mode(i, n0, m0) * t_mode(j, n1, m1) * t_mode(l, L, mL);
    double f = pow(1 - t_rate(n0, m0, c0) - t_rate(n1, m1, c1) - t_rate(L, mL, cL), K);
    double worst = 0;
    for (int ns = 1; ns <= 3; ns++) {
        w[ns - 1] = malloc(sizeof(double) * (size_t)N);
        memcpy(w[ns - 1], v, sizeof(double) * (size_t)N);
        run_slabs(w[ns - 1], n0, n1, L, c0, c1, cL, K, ns, NULL);
    }
    for (long q = 0; q < N; q++) {
        double e = fabs(w[0][q] - f * v[q]);
        worst = e > worst ? e : worst;
    }
    printf("mode (%d,%d,%d) on %ldx%ldx%ld: factor %.6f after %d steps, worst error %.2e\n", m0, m1, mL, n0,
           n1, L, f, K, worst);
    ASSERT(worst < 1e-12);
    ASSERT(fabs(f) < 0.999); /* the mode did decay: the check is not vacuous */
    ASSERT(memcmp(w[0], w[1], sizeof(double) * (size_t)N) == 0);
    ASSERT(memcmp(w[0], w[2], sizeof(double) * (size_t)N) == 0);
    for (int k = 0; k < 3; k++)
        free(w[k]);
    free(v);
}

static void test_conservation(void) {
    const long n0 = 9, n1 = 7, L = 6, N = n0 * n1 * L;
    double *v = malloc(sizeof(double) * N);
    srand(7);
    for (long q = 0; q < N; q++)
        v[q] = -80 + 100.0 * rand() / RAND_MAX;
    double wsum = 0, before = 0, after = 0;
    for (int pass = 0; pass < 2; pass++) {
        double s = 0;
        for (long l = 0; l < L; l++)
            for (long j = 0; j < n1; j++)
                for (long i = 0; i < n0; i++) {
                    double w = (i == 0 || i == n0 - 1 ? 0.5 : 1) * (j == 0 || j == n1 - 1 ? 0.5 : 1) *
                               (l == 0 || l == L - 1 ? 0.5 : 1);
                    s += w * v[i + n0 * (j + n1 * l)];
                    if (!pass)
                        wsum += w;
                }
        if (!pass) {
            before = s;
            run_slabs(v, n0, n1, L, 0.1, 0.08, 0.06, 500, 2, NULL);
        } else
            after = s;
    }
    double lo = INFINITY, hi = -INFINITY;
    for (long q = 0; q < N; q++)
        lo = v[q] < lo ? v[q] : lo, hi = v[q] > hi ? v[q] : hi;
    printf("no flux: weighted sum %.15g -> %.15g; after 500 steps V in [%.4f, %.4f], mean %.4f\n", before,
           after, lo, hi, before / wsum);
    ASSERT(fabs(after - before) < 1e-10 * fabs(before));
    ASSERT(hi - lo < 10); /* it did mix: the range shrank from ~100 mV */
    free(v);
}

static void test_stability(void) {
    ScTissueConfig c = t_fibre_slab(0.01);
    double lim = sc_tissue_dt_limit(&c);
    double want =
        1 / (2 * (100 * 0.1334 / 140 / 0.04 + 100 * 0.0176 / 140 / 0.04 + 100 * 0.0176 / 140 / 0.0625));
    ASSERT_NEAR(want, lim, 1e-15);
    char err[512] = "";
    ASSERT_EQ_INT(0, sc_tissue_check(&c, err, sizeof err));
    c.dt = lim * 1.001;
    ASSERT_EQ_INT(-1, sc_tissue_check(&c, err, sizeof err));
    printf("dt above the limit: %s\n", err);
    ASSERT(strstr(err, "stability limit") != NULL);
    char num[32];
    snprintf(num, sizeof num, "%.4g ms", lim);
    ASSERT(strstr(err, num) != NULL);
    /* the checkerboard (highest) mode: factor 1 - 4 sum c = -1 exactly at the limit, beyond |f| > 1 */
    for (int over = 0; over < 2; over++) {
        double dt = over ? lim * 1.05 : lim, D[3];
        for (int a = 0; a < 3; a++)
            D[a] = dt * sc_tissue_diffusivity(&c, a) / (c.dx[a] * c.dx[a]);
        long N = c.n[0] * c.n[1] * c.n[2];
        double *v = malloc(sizeof(double) * N);
        for (long l = 0; l < c.n[2]; l++)
            for (long j = 0; j < c.n[1]; j++)
                for (long i = 0; i < c.n[0]; i++)
                    v[i + c.n[0] * (j + c.n[1] * l)] = ((i + j + l) % 2) ? 1 : -1;
        run_slabs(v, c.n[0], c.n[1], c.n[2], D[0], D[1], D[2], 20, 2, NULL);
        double amp = fabs(v[0]);
        printf("checkerboard mode after 20 steps at %.2f x the limit: amplitude %.6g\n", dt / lim, amp);
        if (over)
            ASSERT(amp > 2);
        else
            ASSERT(amp < 1 + 1e-9);
        free(v);
    }
    /* nothing diffuses along a single node: a 1D cable's limit is its x axis alone */
    ScTissueConfig d = {
        .n = {50, 1, 1}, .dx = {0.1, 0.1, 0.1}, .sigma = {0.1, 5, 5}, .chi = 100, .cm = 1, .dt = 0.01};
    ASSERT_NEAR(1 / (2 * (0.1 / 0.01)), sc_tissue_dt_limit(&d), 1e-15);
}

static void test_stim_and_activation(void) {
    /* 1D, 10 nodes, no diffusion: a box over nodes 2..4 adds `add` each step; threshold 0 */
    const long n = 10;
    double v[10], old[10], act[20];
    for (int i = 0; i < n; i++)
        v[i] = -10, act[i] = -1, act[n + i] = -10;
    ScDiffArgs a = {.n0 = 1, .n1 = 1, .L = n, .l0 = 0, .nl = n, .thr = 0, .dt = 0.5, .nbox = 1, .record = 1};
    a.box[0] = (ScDiffBox){{0, 0, 2}, {0, 0, 4}, 4.0};
    for (int k = 0; k < 3; k++) {
        a.t0 = k * 0.5;
        kern_diffuse_host(&a, v, old, NULL, NULL, act, NULL);
    }
    ASSERT_NEAR(-10, v[1], 0);
    ASSERT_NEAR(2, v[3], 1e-15);
    ASSERT_NEAR(-10, v[5], 0);
    /* -10 -> -6 -> -2 -> 2: the crossing of 0 in the third step (t 1 .. 1.5), halfway: 1.25 ms */
    ASSERT_NEAR(1.25, act[3], 1e-15);
    ASSERT_NEAR(-1, act[1], 0);
}

static void test_bad_config(void) {
    char err[512];
    ScTissueConfig ok = t_grid(10, 10, 1);
    ok.nstim = 1;
    ok.stim[0] = (ScTissueStim){.lo = {0, 0, 0}, .hi = {0.2, 0.2, 0}, .dur = 1, .amp = 50};
    ASSERT_EQ_INT(0, sc_tissue_check(&ok, err, sizeof err));
    ScTissueConfig c = ok;
    c.n[0] = 0;
    ASSERT_EQ_INT(-1, sc_tissue_check(&c, err, sizeof err));
    c = ok, c.chi = 0;
    ASSERT_EQ_INT(-1, sc_tissue_check(&c, err, sizeof err));
    c = ok, c.sigma[1] = -1;
    ASSERT_EQ_INT(-1, sc_tissue_check(&c, err, sizeof err));
    c = ok, c.stim[0].lo[0] = 5, c.stim[0].hi[0] = 6; /* beyond the grid (0:0.9 mm) */
    ASSERT_EQ_INT(-1, sc_tissue_check(&c, err, sizeof err));
    printf("stimulus outside: %s\n", err);
    ASSERT(strstr(err, "holds no node") != NULL);
    c = ok, c.stim[0].lo[0] = 0.01, c.stim[0].hi[0] = 0.09; /* between two nodes */
    ASSERT_EQ_INT(-1, sc_tissue_check(&c, err, sizeof err));
    c = ok, c.stim[0].dur = 0;
    ASSERT_EQ_INT(-1, sc_tissue_check(&c, err, sizeof err));
}

/* Decay factor per step of mode (m0, mL) on an n x n grid (kernel axes 0 and L) after K steps of
 * c = cc on both axes, with the cross term cX, measured at node (1, 2). */
static double mode_factor(long n, int m0, int mL, double cc, double cX, int K) {
    long N = n * n;
    double *v = malloc(sizeof(double) * (size_t)N);
    for (long l = 0; l < n; l++)
        for (long i = 0; i < n; i++)
            v[i + n * l] = t_mode(i, n, m0) * t_mode(l, n, mL);
    double v0 = v[1 + n * 2];
    g_cX = cX;
    run_slabs(v, n, 1, n, cc, 0, cc, K, 2, NULL);
    g_cX = 0;
    double f = pow(v[1 + n * 2] / v0, 1.0 / K);
    free(v);
    return f;
}

static void test_nine_point(void) {
    /* 1. a mode's rate, node by node, and slabs */
    const long n0 = 41, L = 33, N = n0 * L;
    const double c0 = 0.11, cL = 0.07, cX = (c0 + cL) / 12;
    const int K = 40, m0 = 3, mL = 2;
    double sx = pow(sin(M_PI * m0 / (2.0 * (n0 - 1))), 2), sy = pow(sin(M_PI * mL / (2.0 * (L - 1))), 2);
    double f = pow(1 - (4 * c0 * sx + 4 * cL * sy - 16 * cX * sx * sy), K), worst = 0;
    double *v = malloc(sizeof(double) * N), *w[3];
    for (long l = 0; l < L; l++)
        for (long i = 0; i < n0; i++)
            v[i + n0 * l] = t_mode(i, n0, m0) * t_mode(l, L, mL);
    g_cX = cX;
    for (int ns = 1; ns <= 3; ns++) {
        w[ns - 1] = malloc(sizeof(double) * N);
        memcpy(w[ns - 1], v, sizeof(double) * N);
        run_slabs(w[ns - 1], n0, 1, L, c0, 0, cL, K, ns, NULL);
    }
    for (long q = 0; q < N; q++)
        worst = fmax(worst, fabs(w[0][q] - f * v[q]));
    printf("9 points, mode (%d,%d) on %ldx%ld: factor %.6f after %d steps, worst error %.2e\n", m0, mL, n0, L,
           f, K, worst);
    ASSERT(worst < 1e-12);
    ASSERT(fabs(f) < 0.99);
    ASSERT(memcmp(w[0], w[1], sizeof(double) * N) == 0);
    ASSERT(memcmp(w[0], w[2], sizeof(double) * N) == 0);
    /* 2. isotropy: modes (5,0) and (3,4) have the same wave number */
    double d5 = fabs(mode_factor(41, 5, 0, 0.1, 0, 20) - mode_factor(41, 3, 4, 0.1, 0, 20));
    double d9 = fabs(mode_factor(41, 5, 0, 0.1, 0.2 / 12, 20) - mode_factor(41, 3, 4, 0.1, 0.2 / 12, 20));
    printf("modes (5,0) and (3,4): decay factors differ by %.3e with 5 points, %.3e with 9\n", d5, d9);
    ASSERT(d5 > 1e-5); /* the 5-point stencil's anisotropy is there to be removed */
    ASSERT(d9 < d5 / 10);
    /* 3. conservation */
    double before = 0, after = 0;
    srand(3);
    for (long q = 0; q < N; q++)
        v[q] = -80 + 100.0 * rand() / RAND_MAX;
    for (int pass = 0; pass < 2; pass++) {
        double s = 0;
        for (long l = 0; l < L; l++)
            for (long i = 0; i < n0; i++)
                s += (i == 0 || i == n0 - 1 ? 0.5 : 1) * (l == 0 || l == L - 1 ? 0.5 : 1) * v[i + n0 * l];
        if (!pass) {
            before = s;
            run_slabs(v, n0, 1, L, c0, 0, cL, 300, 3, NULL);
        } else
            after = s;
    }
    g_cX = 0;
    printf("9 points, no flux: weighted sum %.15g -> %.15g\n", before, after);
    ASSERT(fabs(after - before) < 1e-10 * fabs(before));
    /* 4. the limit: equal D/dx^2 (the (1,1) checkerboard sets it), then x alone (the (1,0) one) */
    for (int iso = 1; iso >= 0; iso--) {
        ScTissueConfig c = {.n = {30, 24, 1},
                            .dx = {0.2, 0.2, 0.2},
                            .sigma = {0.1334, iso ? 0.1334 : 0.0176, 0},
                            .chi = 140,
                            .cm = 1,
                            .dt = 0.01,
                            .stencil = 9};
        double lim = sc_tissue_dt_limit(&c), a = sc_tissue_diffusivity(&c, 0) / 0.04,
               b = sc_tissue_diffusivity(&c, 1) / 0.04;
        ASSERT_NEAR(2 / fmax(fmax(4 * a, 4 * b), 8.0 / 3 * (a + b)), lim, 1e-15);
        c.stencil = 5;
        printf("9 points: explicit limit %.5g ms, %.3f times the 5-point one\n", lim,
               lim / sc_tissue_dt_limit(&c));
        for (int over = 0; over < 2; over++) {
            double dt = over ? lim * 1.05 : lim;
            long M = c.n[0] * c.n[1];
            double *x = malloc(sizeof(double) * M);
            for (long l = 0; l < c.n[1]; l++)
                for (long i = 0; i < c.n[0]; i++)
                    x[i + c.n[0] * l] = (iso ? (i + l) % 2 : i % 2) ? 1 : -1;
            g_cX = dt * (a + b) / 12;
            run_slabs(x, c.n[0], 1, c.n[1], dt * a, 0, dt * b, 20, 2, NULL);
            g_cX = 0;
            double amp = fabs(x[0]);
            printf("   checkerboard after 20 steps at %.2f x the limit: %.6g\n", dt / lim, amp);
            ASSERT(over ? amp > 2 : amp < 1 + 1e-9);
            free(x);
        }
    }
    char err[400];
    ScTissueConfig d = t_grid(10, 10, 10);
    d.stencil = 9;
    ASSERT_EQ_INT(-1, sc_tissue_check(&d, err, sizeof err));
    printf("9 points in 3D: %s\n", err);
    ASSERT(strstr(err, "2D grids") != NULL);
    d.n[2] = 1, d.stencil = 7;
    ASSERT_EQ_INT(-1, sc_tissue_check(&d, err, sizeof err));
    d.stencil = 9;
    ASSERT_EQ_INT(0, sc_tissue_check(&d, err, sizeof err));
    for (int k = 0; k < 3; k++)
        free(w[k]);
    free(v);
}

/* Steps of m sub-steps of (n0, n1, L) from a field with a wave in it: into v and act (2n), either
 * one slab with one task per sub-step (ns 0), or ns slabs with one task of m sub-steps each on
 * halos m planes deep (cut at l0[], ns + 1 values). */
static void deep_run(long n0, long n1, long L, int m, double cX, int ns, const long *l0, double *v,
                     double *act) {
    const long P = n0 * n1, n = P * L;
    for (long r = 0; r < n; r++)
        v[r] = -80 + 100 * exp(-(double)(r % 17) / 3.0) * (r / P < 3), act[r] = -1, act[n + r] = v[r];
    ScDiffArgs a = {.kind = KERN_DIFF_STEP,
                    .n0 = n0,
                    .n1 = n1,
                    .L = L,
                    .c0 = 0.06,
                    .c1 = n1 > 1 ? 0.05 : 0,
                    .cL = 0.07,
                    .cX = cX,
                    .thr = -40,
                    .dt = 0.01,
                    .record = 1,
                    .nbox = 1};
    a.box[0] = (ScDiffBox){{0, 0, l0[1] - 1}, {n0 / 2, n1 - 1, l0[1] + 1}, 3.0};
    double *scr = malloc(sizeof(double) * (size_t)(2 * (n + 2 * m * P) + 2 * P));
    double *lo = malloc(sizeof(double) * (size_t)(m * P * 8)),
           *hi = malloc(sizeof(double) * (size_t)(m * P * 8));
    double *sact = malloc(sizeof(double) * (size_t)(2 * n));
    for (int step = 0; step < 12; step++) {
        if (ns == 0) {
            for (int j = 0; j < m; j++) {
                a.l0 = 0, a.nl = L, a.t0 = step * 0.03 + j * a.dt;
                kern_diffuse_host(&a, v, scr, NULL, NULL, act, NULL);
            }
            continue;
        }
        for (int s = 0; s < ns; s++)
            kern_halo_host(v + l0[s] * P, (size_t)((l0[s + 1] - l0[s]) * P), (size_t)(m * P), lo + s * m * P,
                           hi + s * m * P);
        for (int s = 0; s < ns; s++) {
            long nl = l0[s + 1] - l0[s], ns_ = nl * P;
            ScDiffArgs b = a;
            b.l0 = l0[s], b.nl = nl, b.has_lo = s > 0, b.has_hi = s < ns - 1, b.nsub = m, b.t0 = step * 0.03;
            ASSERT(kern_diffuse_scratch(&b, nl) <= (size_t)(2 * (n + 2 * m * P) + 2 * P));
            for (long i = 0; i < ns_; i++) /* the slab's own activation record */
                sact[i] = act[l0[s] * P + i], sact[ns_ + i] = act[n + l0[s] * P + i];
            kern_diffuse_host(&b, v + l0[s] * P, scr, s > 0 ? hi + (s - 1) * m * P : NULL,
                              s < ns - 1 ? lo + (s + 1) * m * P : NULL, sact, NULL);
            for (long i = 0; i < ns_; i++)
                act[l0[s] * P + i] = sact[i], act[n + l0[s] * P + i] = sact[ns_ + i];
        }
    }
    free(scr), free(lo), free(hi), free(sact);
}

static void test_deep(void) {
    const long n0 = 7, n1 = 3, L = 20, n = n0 * n1 * L;
    double *v1 = malloc(sizeof(double) * n), *a1 = malloc(sizeof(double) * 2 * n);
    double *v2 = malloc(sizeof(double) * n), *a2 = malloc(sizeof(double) * 2 * n);
    const long cut3[] = {0, 3, 9, 17, 20}, cut2[] = {0, 4, 20}, cutw[] = {0, 2, 4, 6, 20};
    struct {
        long n1;
        int m, ns;
        double cX;
        const long *cut;
    } cases[] = {{3, 3, 4, 0, cut3}, {3, 4, 2, 0, cut2}, {3, 2, 4, 0, cutw}, {1, 3, 4, 0.01, cut3}};
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        long m1 = cases[c].n1, nn = n0 * m1 * L;
        deep_run(n0, m1, L, cases[c].m, cases[c].cX, 0, cases[c].cut, v1, a1);
        deep_run(n0, m1, L, cases[c].m, cases[c].cX, cases[c].ns, cases[c].cut, v2, a2);
        int same = memcmp(v1, v2, sizeof(double) * nn) == 0 && memcmp(a1, a2, sizeof(double) * 2 * nn) == 0;
        long fired = 0;
        for (long i = 0; i < nn; i++)
            fired += a1[i] >= 0;
        printf("   %d sub-steps, %d slabs%s: %s, %ld of %ld nodes activated\n", cases[c].m, cases[c].ns,
               cases[c].cX != 0 ? ", 9 points" : "", same ? "same bits" : "DIFFERENT", fired, nn);
        ASSERT(same);
        ASSERT(fired > 0 && fired < nn); /* a wave moving: the records are not vacuous */
    }
    free(v1), free(a1), free(v2), free(a2);
}

int main(void) {
    test_mode(41, 1, 1, 3, 0, 0); /* 1D (as the kernel sees a 1D grid: one node per plane) */
    test_mode(1, 1, 37, 0, 0, 5);
    test_mode(23, 1, 17, 2, 0, 3); /* 2D */
    test_mode(13, 11, 9, 1, 2, 3); /* 3D */
    test_conservation();
    test_stability();
    test_stim_and_activation();
    test_bad_config();
    test_nine_point();
    test_deep();
    return TEST_DONE();
}

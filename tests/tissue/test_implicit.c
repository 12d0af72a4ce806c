/* test_implicit.c: the tissue solver's implicit diffusion step (theta method solved by Chebyshev
 * sweeps: kernels/diffuse_host.c, kern_cheb_plan; tissue/sc_tissue.c's checks), called directly:
 *   1. a cosine mode of the no-flux grid decays at the scheme's rate (1 - (1-theta) mu) / (1 + theta
 *      mu) per step, node by node (Crank-Nicolson in 3D, backward Euler in 1D), with r = dt / (the
 *      explicit limit) far above 1;
 *   2. one step's error against a dense solve of the same system (built here, independently of the
 *      kernel) stays within the tolerance kern_cheb_plan promises, in the trapezoidal norm, and the
 *      sweep count is what the bound needs (one sweep fewer would not promise it);
 *   3. 1, 2 and 3 slabs with halos give the same bits;
 *   4. the trapezoidal sum of V is conserved, and the checkerboard mode stays bounded (|factor| <= 1)
 *      at 50 times the explicit limit, where the explicit step grows;
 *   5. sc_tissue_check: theta 0 or 0.5..1, the tolerance's range, no sub-steps with theta, and a dt
 *      above the explicit limit accepted when implicit. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "diffuse.h"
#include "sc_tissue.h"
#include "test.h"
#include "tissue_cases.h"

#define MAXS 4000

typedef struct Grid {
    long n0, n1, L;
    double c[3]; /* dt D / dx^2 per axis, at the whole dt */
} Grid;

/* nsteps implicit steps (theta, tol) of v on g cut into ns slabs; returns the sweeps per step. */
static int run_implicit(double *v, const Grid *g, double theta, double tol, int nsteps, int ns) {
    long P = g->n0 * g->n1, N = P * g->L;
    double gamma, *omega = malloc(sizeof(double) * MAXS);
    double kappa = 1 + 4 * theta * (g->c[0] + g->c[1] + g->c[2]);
    int K = kern_cheb_plan(kappa, tol, MAXS, &gamma, omega);
    double *old = malloc(sizeof(double) * (size_t)(N + P)), *aux = malloc(sizeof(double) * (size_t)(2 * N));
    double *act = malloc(sizeof(double) * (size_t)(2 * N));
    double *lo = malloc(sizeof(double) * (size_t)(P * ns)), *hi = malloc(sizeof(double) * (size_t)(P * ns));
    long l0[8], nl[8];
    for (int s = 0; s < ns; s++)
        l0[s] = g->L * s / ns, nl[s] = g->L * (s + 1) / ns - g->L * s / ns;
    for (long q = 0; q < N; q++)
        act[q] = -1, act[N + q] = v[q];
    for (int step = 0; step < nsteps; step++)
        for (int k = -1; k < K; k++) { /* k = -1: the right-hand side, then the sweeps */
            for (int s = 0; s < ns; s++)
                kern_halo_host(v + l0[s] * P, (size_t)(nl[s] * P), (size_t)P, lo + s * P, hi + s * P);
            double f = k < 0 ? 1 - theta : theta;
            for (int s = 0; s < ns; s++) {
                ScDiffArgs a = {.kind = k < 0 ? KERN_DIFF_RHS : KERN_DIFF_SWEEP,
                                .record = k == K - 1,
                                .first = k == 0,
                                .gamma = gamma,
                                .omega = k >= 0 ? omega[k] : 1,
                                .n0 = g->n0,
                                .n1 = g->n1,
                                .L = g->L,
                                .l0 = l0[s],
                                .nl = nl[s],
                                .has_lo = s > 0,
                                .has_hi = s < ns - 1,
                                .c0 = f * g->c[0],
                                .c1 = f * g->c[1],
                                .cL = f * g->c[2],
                                .t0 = step,
                                .dt = 1};
                /* a slab's aux and activation record are its own: 2 n values each, here at 2 l0 P */
                kern_diffuse_host(&a, v + l0[s] * P, old + l0[s] * P, s > 0 ? hi + (s - 1) * P : NULL,
                                  s < ns - 1 ? lo + (s + 1) * P : NULL, act + 2 * l0[s] * P,
                                  aux + 2 * l0[s] * P);
            }
        }
    free(omega), free(old), free(aux), free(act), free(lo), free(hi);
    return K;
}

/* The test's own no-flux Laplacian (sum over axes of c_a (V[-1] - 2 V + V[+1]), mirror nodes). */
static double lap(const Grid *g, const double *v, long i, long j, long l) {
    long n[3] = {g->n0, g->n1, g->L}, x[3] = {i, j, l};
    double s = 0;
    for (int a = 0; a < 3; a++) {
        if (n[a] < 2)
            continue;
        long m[3] = {i, j, l}, p[3] = {i, j, l};
        m[a] = x[a] > 0 ? x[a] - 1 : 1;
        p[a] = x[a] < n[a] - 1 ? x[a] + 1 : n[a] - 2;
        s += g->c[a] * (v[m[0] + g->n0 * (m[1] + g->n1 * m[2])] + v[p[0] + g->n0 * (p[1] + g->n1 * p[2])] -
                        2 * v[i + g->n0 * (j + g->n1 * l)]);
    }
    return s;
}

static double weight(const Grid *g, long i, long j, long l) {
    return (g->n0 > 1 && (i == 0 || i == g->n0 - 1) ? 0.5 : 1) *
           (g->n1 > 1 && (j == 0 || j == g->n1 - 1) ? 0.5 : 1) *
           (g->L > 1 && (l == 0 || l == g->L - 1) ? 0.5 : 1);
}

static void test_mode(long n0, long n1, long L, int m0, int m1, int mL, double theta) {
    Grid g = {n0, n1, L, {6.0, 4.5, 3.0}};
    const int K = 10;
    long N = n0 * n1 * L;
    double *v = malloc(sizeof(double) * (size_t)N), *w = malloc(sizeof(double) * (size_t)N);
    for (long l = 0; l < L; l++)
        for (long j = 0; j < n1; j++)
            for (long i = 0; i < n0; i++)
                v[i + n0 * (j + n1 * l)] = t_mode(i, n0, m0) * t_mode(j, n1, m1) * t_mode(l, L, mL);
    memcpy(w, v, sizeof(double) * (size_t)N);
    double m = t_rate(n0, m0, g.c[0]) + t_rate(n1, m1, g.c[1]) + t_rate(L, mL, g.c[2]);
    double f = pow((1 - (1 - theta) * m) / (1 + theta * m), K);
    int sweeps = run_implicit(w, &g, theta, 1e-13, K, 2);
    double worst = 0;
    for (long q = 0; q < N; q++)
        worst = fmax(worst, fabs(w[q] - f * v[q]));
    printf("implicit theta %.1f, mode (%d,%d,%d) on %ldx%ldx%ld, %d sweeps per step: factor %.6f after %d "
           "steps, worst error %.2e\n",
           theta, m0, m1, mL, n0, n1, L, sweeps, f, K, worst);
    ASSERT(worst < 1e-10);
    ASSERT(fabs(f) < 0.9); /* the mode changed: the check is not vacuous */
    free(v), free(w);
}

/* Dense Gaussian elimination with partial pivoting: solves A x = b (n x n, row-major), in place. */
static void dense_solve(double *A, double *b, long n) {
    for (long k = 0; k < n; k++) {
        long p = k;
        for (long i = k + 1; i < n; i++)
            if (fabs(A[i * n + k]) > fabs(A[p * n + k]))
                p = i;
        for (long j = 0; j < n; j++) {
            double t = A[k * n + j];
            A[k * n + j] = A[p * n + j], A[p * n + j] = t;
        }
        double t = b[k];
        b[k] = b[p], b[p] = t;
        for (long i = k + 1; i < n; i++) {
            double f = A[i * n + k] / A[k * n + k];
            for (long j = k; j < n; j++)
                A[i * n + j] -= f * A[k * n + j];
            b[i] -= f * b[k];
        }
    }
    for (long k = n - 1; k >= 0; k--) {
        for (long j = k + 1; j < n; j++)
            b[k] -= A[k * n + j] * b[j];
        b[k] /= A[k * n + k];
    }
}

static void test_solve(double theta) {
    Grid g = {9, 7, 6, {2.0, 1.3, 0.9}};
    const double tol = 1e-6;
    long N = g.n0 * g.n1 * g.L;
    double *v = malloc(sizeof(double) * (size_t)N), *b = malloc(sizeof(double) * (size_t)N);
    double *A = calloc((size_t)(N * N), sizeof(double)), *e = calloc((size_t)N, sizeof(double));
    double *w[3];
    srand(11);
    for (long q = 0; q < N; q++)
        v[q] = -80 + 100.0 * rand() / RAND_MAX;
    /* b = (I + (1-theta) L) v; A = I - theta L, column by column from unit vectors */
    for (long l = 0, q = 0; l < g.L; l++)
        for (long j = 0; j < g.n1; j++)
            for (long i = 0; i < g.n0; i++, q++)
                b[q] = v[q] + (1 - theta) * lap(&g, v, i, j, l);
    for (long col = 0; col < N; col++) {
        e[col] = 1;
        for (long l = 0, q = 0; l < g.L; l++)
            for (long j = 0; j < g.n1; j++)
                for (long i = 0; i < g.n0; i++, q++)
                    A[q * N + col] = (q == col) - theta * lap(&g, e, i, j, l);
        e[col] = 0;
    }
    double *x = malloc(sizeof(double) * (size_t)N);
    memcpy(x, b, sizeof(double) * (size_t)N);
    dense_solve(A, x, N);
    int K = 0;
    for (int ns = 1; ns <= 3; ns++) {
        w[ns - 1] = malloc(sizeof(double) * (size_t)N);
        memcpy(w[ns - 1], v, sizeof(double) * (size_t)N);
        K = run_implicit(w[ns - 1], &g, theta, tol, 1, ns);
    }
    /* errors in the trapezoidal norm, in which the no-flux Laplacian is symmetric */
    double e0 = 0, eK = 0;
    for (long l = 0, q = 0; l < g.L; l++)
        for (long j = 0; j < g.n1; j++)
            for (long i = 0; i < g.n0; i++, q++) {
                double wt = weight(&g, i, j, l);
                e0 += wt * (b[q] - x[q]) * (b[q] - x[q]), eK += wt * (w[0][q] - x[q]) * (w[0][q] - x[q]);
            }
    e0 = sqrt(e0), eK = sqrt(eK);
    double kappa = 1 + 4 * theta * (g.c[0] + g.c[1] + g.c[2]), gamma, om[MAXS];
    int Kless = kern_cheb_plan(kappa, tol, K - 1, &gamma, om);
    printf("implicit theta %.1f, kappa %.2f: %d sweeps, error %.3e of the first iterate's %.3e (ratio %.2e, "
           "tolerance %.0e)\n",
           theta, kappa, K, eK, e0, eK / e0, tol);
    ASSERT(e0 > 1); /* the first iterate was far from the solution */
    ASSERT(eK <= tol * e0);
    ASSERT_EQ_INT(K, Kless); /* K - 1 sweeps do not reach the tolerance: max + 1 */
    ASSERT(memcmp(w[0], w[1], sizeof(double) * (size_t)N) == 0);
    ASSERT(memcmp(w[0], w[2], sizeof(double) * (size_t)N) == 0);
    for (int k = 0; k < 3; k++)
        free(w[k]);
    free(v), free(b), free(A), free(e), free(x);
}

static void test_conservation_and_stability(void) {
    Grid g = {9, 7, 6, {0.1, 0.08, 0.06}};
    long N = g.n0 * g.n1 * g.L;
    double *v = malloc(sizeof(double) * (size_t)N);
    srand(7);
    for (long q = 0; q < N; q++)
        v[q] = -80 + 100.0 * rand() / RAND_MAX;
    double before = 0, after = 0;
    for (long l = 0, q = 0; l < g.L; l++)
        for (long j = 0; j < g.n1; j++)
            for (long i = 0; i < g.n0; i++, q++)
                before += weight(&g, i, j, l) * v[q];
    run_implicit(v, &g, 0.5, 1e-10, 100, 2);
    for (long l = 0, q = 0; l < g.L; l++)
        for (long j = 0; j < g.n1; j++)
            for (long i = 0; i < g.n0; i++, q++)
                after += weight(&g, i, j, l) * v[q];
    printf("implicit no flux: weighted sum %.15g -> %.15g after 100 Crank-Nicolson steps\n", before, after);
    ASSERT(fabs(after - before) < 1e-10 * fabs(before));
    /* the checkerboard mode at 50 x the explicit limit (sum c = 25; explicit factor 1 - 100 = -99) */
    for (int be = 0; be < 2; be++) {
        Grid h = {10, 8, 6, {12.5, 7.5, 5.0}};
        long M = h.n0 * h.n1 * h.L;
        double *c = malloc(sizeof(double) * (size_t)M);
        for (long l = 0; l < h.L; l++)
            for (long j = 0; j < h.n1; j++)
                for (long i = 0; i < h.n0; i++)
                    c[i + h.n0 * (j + h.n1 * l)] = ((i + j + l) % 2) ? 1 : -1;
        run_implicit(c, &h, be ? 1.0 : 0.5, 1e-8, 20, 2);
        double amp = 0;
        for (long q = 0; q < M; q++)
            amp = fmax(amp, fabs(c[q]));
        printf("checkerboard mode after 20 %s steps at 50 x the explicit limit: amplitude %.6g\n",
               be ? "backward Euler" : "Crank-Nicolson", amp);
        ASSERT(amp <= 1 + 1e-6);
        if (be)
            ASSERT(amp < 1e-20); /* L-stable: 1 / 101 per step */
        free(c);
    }
    free(v);
}

static void test_config(void) {
    ScTissueConfig c = t_fibre_slab(0.5);
    char err[512] = "";
    ASSERT_EQ_INT(-1, sc_tissue_check(&c, err, sizeof err)); /* explicit: above the limit */
    ASSERT(strstr(err, "implicit diffusion") != NULL); /* the message names the way out */
    c.theta = 0.5;
    ASSERT_EQ_INT(0, sc_tissue_check(&c, err, sizeof err));
    c.theta = 1;
    ASSERT_EQ_INT(0, sc_tissue_check(&c, err, sizeof err));
    c.theta = 0.3; /* not unconditionally stable */
    ASSERT_EQ_INT(-1, sc_tissue_check(&c, err, sizeof err));
    printf("theta 0.3: %s\n", err);
    ASSERT(strstr(err, "theta 0.3") != NULL);
    c.theta = 0.5, c.substeps = 4;
    ASSERT_EQ_INT(-1, sc_tissue_check(&c, err, sizeof err));
    ASSERT(strstr(err, "sub-steps") != NULL);
    c.substeps = 0, c.solve_tol = 0.5;
    ASSERT_EQ_INT(-1, sc_tissue_check(&c, err, sizeof err));
    ASSERT(strstr(err, "tolerance") != NULL);
    c.solve_tol = 1e-12;
    ASSERT_EQ_INT(0, sc_tissue_check(&c, err, sizeof err));
}

int main(void) {
    test_mode(13, 11, 9, 1, 2, 3, 0.5);
    test_mode(41, 1, 1, 3, 0, 0, 1.0);
    test_solve(0.5);
    test_solve(1.0);
    test_conservation_and_stability();
    test_config();
    return TEST_DONE();
}

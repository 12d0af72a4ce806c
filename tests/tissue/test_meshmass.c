/* test_meshmass.c: the consistent mass matrix of a mesh (include/starcarp/sc_fem.h) and its solve by the
 * mesh kernels (kernels/fem.h), called directly:
 *   - its rows sum to the lumped masses (hexahedra, both tetrahedral cuts, distorted hexahedra);
 *   - m^-1 M's eigenvalues lie in [mlo, 1]: mlo is 1/5 on tetrahedra, 1/27 on a box's hexahedra,
 *     where the checkerboard attains it; on distorted hexahedra the inverse iteration's smallest
 *     eigenvalue stays above mlo;
 *   - the generalized bound lambda lies above M^-1 K's largest eigenvalue (power iteration with
 *     conjugate-gradient solves of M) and within a factor 1.5 of it on the box's hexahedra (the
 *     element bound is nearly attained there), 4 on tetrahedra;
 *   - one step through the host kernel (a right-hand side pass, then the sweeps sc_fem_plan asks
 *     for) reaches the tolerance the plan promises against the exact solution of
 *     (M + c2 K) V' = (M - c K) V, explicit and Crank-Nicolson, and the explicit step's result is
 *     the consistent one, not the lumped one. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fem.h"
#include "sc_fem.h"
#include "sc_mesh.h"
#include "test.h"

#define NMAX 4096

/* The m-weighted dot product. */
static double mdot(const ScFemOp *op, const double *a, const double *b) {
    double s = 0;
    for (long i = 0; i < op->n; i++)
        s += op->mass[i] * a[i] * b[i];
    return s;
}

/* y = (M + c2 K) x, K = -m L. */
static void apply_mk(const ScFemOp *op, double c2, const double *x, double *y) {
    static double t[NMAX];
    sc_fem_mass_apply(op, x, y);
    sc_fem_apply(op, x, t);
    for (long i = 0; i < op->n; i++)
        y[i] -= c2 * op->mass[i] * t[i];
}

/* Solve (M + c2 K) x = r by conjugate gradients to 1e-15 of r. */
static void solve_mk(const ScFemOp *op, double c2, const double *r, double *x) {
    static double res[NMAX], p[NMAX], q[NMAX];
    long n = op->n;
    double rr = 0, r0 = 0;
    for (long i = 0; i < n; i++)
        x[i] = 0, res[i] = p[i] = r[i], rr += r[i] * r[i];
    r0 = rr;
    for (int it = 0; it < 2000 && rr > 1e-30 * r0; it++) {
        apply_mk(op, c2, p, q);
        double pq = 0;
        for (long i = 0; i < n; i++)
            pq += p[i] * q[i];
        double al = rr / pq, rn = 0;
        for (long i = 0; i < n; i++)
            x[i] += al * p[i], res[i] -= al * q[i], rn += res[i] * res[i];
        for (long i = 0; i < n; i++)
            p[i] = res[i] + rn / rr * p[i];
        rr = rn;
    }
}

/* A box of 7 x 6 x 5 nodes 0.2 mm apart of `kind`; distorted: interior nodes moved by up to 0.04 mm. */
static ScMesh *box(ScMeshKind kind, int distorted) {
    long n[3] = {7, 6, 5};
    double dx[3] = {0.2, 0.2, 0.2};
    char err[300];
    ScMesh *m = sc_mesh_box(n, dx, kind, err, sizeof err);
    if (m && distorted)
        for (long i = 0; i < m->nn; i++) {
            double *p = m->xyz + 3 * i;
            int inside = p[0] > 0.1 && p[0] < 1.1 && p[1] > 0.1 && p[1] < 0.9 && p[2] > 0.1 && p[2] < 0.7;
            for (int a = 0; a < 3 && inside; a++)
                p[a] += 0.04 * sin(7.0 * (double)i + 3.0 * a);
        }
    return m;
}

/* Rows of M sum to m; m^-1 M's extreme eigenvalues against mlo and 1. */
static void check_mass(const ScFemOp *op, ScMeshKind kind, int distorted) {
    static double y[NMAX], u[NMAX], one[NMAX];
    long n = op->n;
    for (long i = 0; i < n; i++)
        one[i] = 1;
    sc_fem_mass_apply(op, one, y);
    double e = 0;
    for (long i = 0; i < n; i++)
        e = fmax(e, fabs(y[i] - op->mass[i]) / op->mass[i]);
    ASSERT(e < 1e-13);
    if (kind != SC_MESH_HEX)
        ASSERT_NEAR(0.2, op->mlo, 1e-9);
    else if (!distorted)
        ASSERT_NEAR(1.0 / 27, op->mlo, 1e-10);
    /* the smallest eigenvalue of m^-1 M: the largest of I - m^-1 M by power iteration */
    for (long i = 0; i < n; i++)
        u[i] = ((i * 7919) % 13) - 6.0 + 0.5 * (double)(i % 3);
    double mu = 0;
    for (int it = 0; it < 3000; it++) {
        sc_fem_mass_apply(op, u, y);
        for (long i = 0; i < n; i++)
            y[i] = u[i] - y[i] / op->mass[i];
        mu = mdot(op, u, y) / mdot(op, u, u);
        double s = sqrt(mdot(op, y, y));
        for (long i = 0; i < n; i++)
            u[i] = y[i] / s;
    }
    double lmin = 1 - mu;
    ASSERT(lmin >= op->mlo * (1 - 1e-9));
    if (kind == SC_MESH_HEX && !distorted) /* the checkerboard: exactly 1/27 */
        ASSERT_NEAR(1.0 / 27, lmin, 1e-6);
}

/* M^-1 K's largest eigenvalue (power iteration, M solved by CG) below lambda, and not far. */
static void check_lambda(const ScFemOp *op, ScMeshKind kind) {
    static double u[NMAX], r[NMAX], y[NMAX], mu[NMAX];
    long n = op->n;
    for (long i = 0; i < n; i++)
        u[i] = (i % 2 ? 1.0 : -1.0) * (1 + 0.1 * (double)(i % 5));
    double lam = 0;
    for (int it = 0; it < 300; it++) {
        sc_fem_apply(op, u, r); /* K u = -m L u */
        for (long i = 0; i < n; i++)
            r[i] *= -op->mass[i];
        sc_fem_mass_apply(op, u, mu);
        double num = 0, den = 0, s = 0;
        for (long i = 0; i < n; i++)
            num += u[i] * r[i], den += u[i] * mu[i];
        lam = num / den;
        solve_mk(op, 0, r, y);
        for (long i = 0; i < n; i++)
            s = fmax(s, fabs(y[i]));
        for (long i = 0; i < n; i++)
            u[i] = y[i] / s;
    }
    ASSERT(lam <= op->lambda * (1 + 1e-9));
    ASSERT(lam > op->lambda / (kind == SC_MESH_HEX ? 1.5 : 4));
    ASSERT(op->lambda > op->lambda_lumped); /* the consistent mass's rates are faster */
}

/* One part's ELL matrix (fem.h) of op with nval arrays (the second A = I - m^-1 M + c2 L), no ghosts;
 * calloc'd. */
static double *ell(const ScFemOp *op, int nval, double c2) {
    size_t n = (size_t)op->n, w = (size_t)op->width;
    double *mat = calloc(kern_fem_mat_len(n, w, (size_t)nval), sizeof(double));
    int32_t *col = (int32_t *)(mat + (size_t)nval * w * n);
    for (size_t i = 0; i < n; i++) {
        size_t k = 0;
        for (long q = op->rowptr[i]; q < op->rowptr[i + 1]; q++, k++) {
            mat[k * n + i] = op->val[q], col[k * n + i] = op->col[q];
            if (nval == 2)
                mat[w * n + k * n + i] =
                    (((size_t)op->col[q] == i ? 1.0 : 0.0) - op->mcons[q] / op->mass[i]) + c2 * op->val[q];
        }
        for (; k < w; k++)
            col[k * n + i] = (int32_t)i;
    }
    return mat;
}

/* The m-norm of a - b. */
static double mdist(const ScFemOp *op, const double *a, const double *b) {
    double s = 0;
    for (long i = 0; i < op->n; i++)
        s += op->mass[i] * (a[i] - b[i]) * (a[i] - b[i]);
    return sqrt(s);
}

/* A step of h ms with theta through the host kernel (right-hand side, then the planned sweeps)
 * against (M + theta h K) V' = (M - (1 - theta) h K) V solved by CG. */
static void check_step(const ScFemOp *op, double theta, double h, double tol) {
    static double u[NMAX], x[NMAX], v[NMAX], act[2 * NMAX], aux[2 * NMAX], r[NMAX], ex[NMAX], v0[NMAX];
    static double omega[200];
    long n = op->n;
    const double c = (1 - theta) * h, c2 = theta * h;
    for (long i = 0; i < n; i++) /* a steep front along x, and a ripple */
        u[i] = tanh((double)(i % 7) - 3.0) * 50 + 3 * sin(1.7 * (double)i), act[i] = -1, act[n + i] = u[i];
    apply_mk(op, -c, u, r); /* (M - c K) u */
    solve_mk(op, c2, r, ex);
    double gamma;
    int K = sc_fem_plan(op, c2, tol, 200, &gamma, omega);
    ASSERT(K >= 1 && K <= 200);
    double *mat = ell(op, 2, c2);
    ScFemArgs a = {
        .kind = KERN_DIFF_RHS, .n = n, .w = op->width, .nval = 2, .c = c, .c2 = c2, .thr = 1e9, .dt = h};
    memcpy(x, u, sizeof(double) * (size_t)n);
    kern_fem_host(&a, v, x, mat, act, aux);
    memcpy(v0, v, sizeof(double) * (size_t)n);
    a.kind = KERN_DIFF_SWEEP, a.c = 1, a.gamma = gamma;
    for (int k = 0; k < K; k++) {
        a.first = k == 0, a.omega = omega[k], a.record = k == K - 1;
        memcpy(x, v, sizeof(double) * (size_t)n);
        kern_fem_host(&a, v, x, mat, act, aux);
    }
    double e0 = mdist(op, v0, ex), eK = mdist(op, v, ex), s = sqrt(mdot(op, ex, ex));
    t_checks++;
    if (!(eK <= tol * e0 * (1 + 1e-6) + 1e-13 * s)) {
        t_failures++;
        fprintf(stderr, "FAIL theta %g h %g: %d sweeps: error %g, first %g (tol %g)\n", theta, h, K, eK, e0,
                tol);
    }
    /* explicit: the first iterate is the lumped step, which differs from the consistent one by a
     * good part of the step's change */
    static double lumped[NMAX];
    sc_fem_apply(op, u, r);
    for (long i = 0; i < n; i++)
        lumped[i] = u[i] + h * r[i];
    if (theta == 0) {
        ASSERT(mdist(op, lumped, v0) == 0);
        ASSERT(e0 > 0.05 * mdist(op, u, ex));
    }
    free(mat);
}

int main(void) {
    const double sig[3] = {0.1334, 0.0176, 0.0176};
    char err[300];
    for (int kind = 0; kind < 3; kind++)
        for (int distorted = 0; distorted < 1 + (kind == SC_MESH_HEX); distorted++) {
            ScMesh *m = box((ScMeshKind)kind, distorted);
            ScFemOp *op =
                m ? sc_fem_assemble(m, sig, NULL, 0, 140, 1, SC_FEM_CONSISTENT, err, sizeof err) : NULL;
            ASSERT(op != NULL && op->mcons != NULL && op->n <= NMAX);
            if (!op || op->n > NMAX)
                return TEST_DONE();
            check_mass(op, (ScMeshKind)kind, distorted);
            check_lambda(op, (ScMeshKind)kind);
            check_step(op, 0, 0.9 * 2 / op->lambda, 1e-8);
            check_step(op, 0, 0.01, 1e-4);
            check_step(op, 0.5, 0.1, 1e-8);
            check_step(op, 1, 0.5, 1e-6);
            /* lumped: no consistent mass kept, mlo 1, lambda the Gershgorin bound */
            ScFemOp *lo = sc_fem_assemble(m, sig, NULL, 0, 140, 1, SC_FEM_LUMPED, err, sizeof err);
            ASSERT(lo && !lo->mcons && lo->mlo == 1 && lo->lambda == lo->lambda_lumped);
            ASSERT(lo && lo->lambda == op->lambda_lumped);
            sc_fem_free(lo), sc_fem_free(op), sc_mesh_free(m);
        }
    /* Jacobi's eigenvalues of a known matrix: tridiagonal 2, -1 of order 8: 2 - 2 cos(k pi / 9) */
    double A[64] = {0}, ev[8];
    for (int i = 0; i < 8; i++) {
        A[i * 8 + i] = 2;
        if (i > 0)
            A[i * 8 + i - 1] = A[(i - 1) * 8 + i] = -1;
    }
    sc_fem_sym_eig(8, A, ev);
    double e = 0;
    for (int k = 1; k <= 8; k++) {
        double want = 2 - 2 * cos(k * M_PI / 9), best = 1e9;
        for (int j = 0; j < 8; j++)
            best = fmin(best, fabs(ev[j] - want));
        e = fmax(e, best);
    }
    ASSERT(e < 1e-13);
    return TEST_DONE();
}

/* sc_fem.c: the finite-element operator of a mesh: element matrices, the sparsity pattern,
 * assembly, the lumped and consistent masses, Gershgorin's bound and the element-wise bounds of the
 * consistent mass (sc_fem.h). The partitioners: fem_part.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "diffuse.h"
#include "mesh_int.h"
#include "sc_fem.h"
#include "util_int.h"

/* The diffusion tensor of element e (mm^2/ms): sigma from its region, the fibre and sheet. */
static void elem_tensor(const ScMesh *m, long e, const double sigma[3], const ScFemRegion *reg, int nreg,
                        double k, double D[3][3]) {
    const double *sg = sigma;
    for (int r = 0; r < nreg; r++)
        for (int t = 0; t < reg[r].ntags; t++)
            if (reg[r].tags[t] == m->tag[e]) {
                sg = reg[r].sigma;
                r = nreg;
                break;
            }
    const double x[3] = {1, 0, 0}, *f = m->nfib ? m->fib + 3 * e : x;
    if (m->nfib < 2) {
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                D[a][b] = k * ((a == b ? sg[1] : 0) + (sg[0] - sg[1]) * f[a] * f[b]);
        return;
    }
    const double *s = m->sheet + 3 * e;
    double n[3] = {f[1] * s[2] - f[2] * s[1], f[2] * s[0] - f[0] * s[2], f[0] * s[1] - f[1] * s[0]};
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            D[a][b] = k * (sg[0] * f[a] * f[b] + sg[1] * s[a] * s[b] + sg[2] * n[a] * n[b]);
}

/* grad' D grad for two gradients. */
static double dform(const double D[3][3], const double *g, const double *h) {
    double s = 0;
    for (int a = 0; a < 3; a++)
        for (int b = 0; b < 3; b++)
            s += g[a] * D[a][b] * h[b];
    return s;
}

/* Element stiffness (nv x nv, row-major in Ke), consistent mass (Me, the same layout) and lumped
 * mass (me: Me's row sums) of element e. */
static void elem_matrix(const ScMesh *m, long e, const double D[3][3], double *Ke, double *Me, double *me) {
    const int nv = m->nv[e];
    memset(Ke, 0, sizeof(double) * (size_t)(nv * nv));
    memset(Me, 0, sizeof(double) * (size_t)(nv * nv));
    if (nv == 4) {
        const double *p[4];
        for (int k = 0; k < 4; k++)
            p[k] = m->xyz + 3 * (size_t)m->conn[8 * e + k];
        double T[3][3]; /* columns x_k - x_0 */
        for (int a = 0; a < 3; a++)
            for (int k = 0; k < 3; k++)
                T[a][k] = p[k + 1][a] - p[0][a];
        double det = T[0][0] * (T[1][1] * T[2][2] - T[1][2] * T[2][1]) -
                     T[0][1] * (T[1][0] * T[2][2] - T[1][2] * T[2][0]) +
                     T[0][2] * (T[1][0] * T[2][1] - T[1][1] * T[2][0]);
        double g[4][3]; /* rows of T^-1: the gradients of the barycentric coordinates 1..3 */
        for (int k = 0; k < 3; k++)
            for (int a = 0; a < 3; a++) {
                int k1 = (k + 1) % 3, k2 = (k + 2) % 3, a1 = (a + 1) % 3, a2 = (a + 2) % 3;
                g[k + 1][a] = (T[a1][k1] * T[a2][k2] - T[a1][k2] * T[a2][k1]) / det;
            }
        for (int a = 0; a < 3; a++)
            g[0][a] = -(g[1][a] + g[2][a] + g[3][a]);
        double V = fabs(det) / 6;
        for (int a = 0; a < 4; a++) {
            me[a] = V / 4;
            for (int b = 0; b < 4; b++)
                Ke[a * 4 + b] = V * dform(D, g[a], g[b]), Me[a * 4 + b] = V / 20 * (a == b ? 2 : 1);
        }
        return;
    }
    static const double S[8][3] = {{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1},
                                   {-1, -1, 1},  {1, -1, 1},  {1, 1, 1},  {-1, 1, 1}};
    const double q = 1.0 / sqrt(3.0);
    for (int a = 0; a < 8; a++)
        me[a] = 0;
    for (int gp = 0; gp < 8; gp++) {
        double dN[24];
        double w = fabs(mesh_hex_jacobian(m, e, gp, dN));
        double xi[3] = {gp & 1 ? q : -q, gp & 2 ? q : -q, gp & 4 ? q : -q}, N[8];
        for (int a = 0; a < 8; a++)
            N[a] = (1 + S[a][0] * xi[0]) * (1 + S[a][1] * xi[1]) * (1 + S[a][2] * xi[2]) / 8;
        for (int a = 0; a < 8; a++) {
            me[a] += w * N[a];
            for (int b = 0; b < 8; b++) {
                Ke[a * 8 + b] += w * dform(D, dN + 3 * a, dN + 3 * b);
                Me[a * 8 + b] += w * N[a] * N[b];
            }
        }
    }
}

void sc_fem_sym_eig(int n, double *a, double *ev) {
    for (int sweep = 0; sweep < 100; sweep++) {
        double off = 0, tot = 0;
        for (int i = 0; i < n * n; i++)
            tot += a[i] * a[i], off += i / n != i % n ? a[i] * a[i] : 0;
        if (!(off > 1e-32 * tot))
            break;
        for (int p = 0; p < n; p++)
            for (int q = p + 1; q < n; q++) {
                double apq = a[p * n + q];
                if (fabs(apq) <= 1e-18 * (fabs(a[p * n + p]) + fabs(a[q * n + q]))) {
                    a[p * n + q] = a[q * n + p] = 0; /* below round-off: done (else sweeps never end) */
                    continue;
                }
                /* the rotation of angle phi, t = tan phi, that zeroes a[p][q]: A <- J' A J */
                double th = (a[q * n + q] - a[p * n + p]) / (2 * apq);
                double t = (th >= 0 ? 1 : -1) / (fabs(th) + sqrt(th * th + 1)), c = 1 / sqrt(t * t + 1),
                       s = t * c;
                for (int k = 0; k < n; k++) {
                    double kp = a[k * n + p], kq = a[k * n + q];
                    a[k * n + p] = c * kp - s * kq, a[k * n + q] = s * kp + c * kq;
                }
                for (int k = 0; k < n; k++) {
                    double pk = a[p * n + k], qk = a[q * n + k];
                    a[p * n + k] = c * pk - s * qk, a[q * n + k] = s * pk + c * qk;
                }
            }
    }
    for (int i = 0; i < n; i++)
        ev[i] = a[i * n + i];
}

/* The consistent mass's bounds on an element of nv nodes (sc_fem.h): *mu the smallest eigenvalue
 * of me^-1 Me (me Me's row sums), *lam the largest of Me^-1 Ke (by Me = R R', R^-1 Ke R^-T). A
 * tetrahedron's in closed form: Me = V/20 (I + 1 1'), me = V/4, so me^-1 Me = (I + 1 1')/5 (mu 1/5),
 * and Ke (Ke 1 = 0) acts on the vectors orthogonal to 1, where Me is V/20: lam = 20/V Ke's largest. */
static void elem_bounds(int nv, const double *Ke, const double *Me, const double *me, double *mu,
                        double *lam) {
    double A[64], R[64] = {0}, Y[64], ev[8];
    if (nv == 4) {
        memcpy(A, Ke, sizeof(double) * 16);
        sc_fem_sym_eig(4, A, ev);
        *mu = 0.2, *lam = fmax(fmax(ev[0], ev[1]), fmax(ev[2], ev[3])) * 5 / me[0];
        return;
    }
    for (int a = 0; a < nv; a++)
        for (int b = 0; b < nv; b++)
            A[a * nv + b] = Me[a * nv + b] / sqrt(me[a] * me[b]);
    sc_fem_sym_eig(nv, A, ev);
    *mu = ev[0];
    for (int a = 1; a < nv; a++)
        *mu = fmin(*mu, ev[a]);
    for (int j = 0; j < nv; j++) /* Cholesky: Me = R R', R lower */
        for (int i = j; i < nv; i++) {
            double s = Me[i * nv + j];
            for (int k = 0; k < j; k++)
                s -= R[i * nv + k] * R[j * nv + k];
            R[i * nv + j] = i == j ? sqrt(s) : s / R[j * nv + j];
        }
    for (int pass = 0; pass < 2; pass++) /* Y = R^-1 Ke, then A = R^-1 Y' = R^-1 Ke R^-T */
        for (int c = 0; c < nv; c++)
            for (int i = 0; i < nv; i++) {
                double s = pass ? Y[c * nv + i] : Ke[i * nv + c];
                for (int k = 0; k < i; k++)
                    s -= R[i * nv + k] * (pass ? A[k * nv + c] : Y[k * nv + c]);
                (pass ? A : Y)[i * nv + c] = s / R[i * nv + i];
            }
    for (int i = 0; i < nv; i++)
        for (int j = 0; j < i; j++)
            A[i * nv + j] = A[j * nv + i] = (A[i * nv + j] + A[j * nv + i]) / 2;
    sc_fem_sym_eig(nv, A, ev);
    *lam = 0;
    for (int a = 0; a < nv; a++)
        *lam = fmax(*lam, ev[a]);
}

/* Two elements' keys (tensor, node count, node offsets) equal to 1e-12 of their size: a mesh's
 * repeated element (a box's) reuses the last element matrices. */
static int same_shape(const double *a, const double *b, int n) {
    double s = 0;
    for (int k = 0; k < n; k++)
        s = fmax(s, fabs(a[k]));
    for (int k = 0; k < n; k++)
        if (fabs(a[k] - b[k]) > 1e-12 * s)
            return 0;
    return 1;
}

static int cmp_int(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The sparsity pattern: node i's neighbours through its elements (itself included), ascending. */
static int build_pattern(const ScMesh *m, ScFemOp *op) {
    long n = m->nn;
    long *cnt = calloc((size_t)n + 1, sizeof(long));
    long *inc = NULL;
    int *mark = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1));
    op->rowptr = malloc(sizeof(long) * ((size_t)n + 1));
    if (!cnt || !mark || !op->rowptr)
        goto fail;
    for (long e = 0; e < m->ne; e++)
        for (int k = 0; k < m->nv[e]; k++)
            cnt[m->conn[8 * e + k] + 1]++;
    for (long i = 0; i < n; i++)
        cnt[i + 1] += cnt[i];
    inc = malloc(sizeof(long) * (size_t)(cnt[n] > 0 ? cnt[n] : 1));
    if (!inc)
        goto fail;
    for (long e = 0; e < m->ne; e++)
        for (int k = 0; k < m->nv[e]; k++)
            inc[cnt[m->conn[8 * e + k]]++] = e;
    for (long i = n; i > 0; i--) /* back to the starts */
        cnt[i] = cnt[i - 1];
    cnt[0] = 0;
    size_t cap = (size_t)n * 16 + 16, nnz = 0;
    op->col = malloc(sizeof(int) * cap);
    for (long i = 0; i < n; i++)
        mark[i] = -1;
    for (long i = 0; i < n && op->col; i++) {
        op->rowptr[i] = (long)nnz;
        for (long q = cnt[i]; q < cnt[i + 1]; q++) {
            long e = inc[q];
            for (int k = 0; k < m->nv[e]; k++) {
                int j = m->conn[8 * e + k];
                if (mark[j] == (int)i)
                    continue;
                mark[j] = (int)i;
                if (nnz == cap) {
                    int *c = realloc(op->col, sizeof(int) * (cap *= 2));
                    if (!c)
                        goto fail;
                    op->col = c;
                }
                op->col[nnz++] = j;
            }
        }
        qsort(op->col + op->rowptr[i], nnz - (size_t)op->rowptr[i], sizeof(int), cmp_int);
        long len = (long)nnz - op->rowptr[i];
        op->width = len > op->width ? (int)len : op->width;
    }
    if (!op->col)
        goto fail;
    op->rowptr[n] = (long)nnz;
    free(cnt), free(inc), free(mark);
    return 0;
fail:
    free(cnt), free(inc), free(mark);
    return -1;
}

/* Position of column j in row i (binary search; the pattern holds it). */
static long find_col(const ScFemOp *op, long i, int j) {
    long lo = op->rowptr[i], hi = op->rowptr[i + 1] - 1;
    while (lo < hi) {
        long mid = (lo + hi) / 2;
        if (op->col[mid] < j)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* Gershgorin's bound of -L's spectrum: the smaller of L's and of M^-1/2 K M^-1/2's row bounds. */
static double gershgorin(const ScFemOp *op) {
    double b1 = 0, b2 = 0;
    for (long i = 0; i < op->n; i++) {
        double s1 = 0, s2 = 0;
        for (long q = op->rowptr[i]; q < op->rowptr[i + 1]; q++) {
            int j = op->col[q];
            s1 += fabs(op->val[q]);
            s2 += fabs(op->val[q]) * op->mass[i] / sqrt(op->mass[i] * op->mass[j]);
        }
        b1 = s1 > b1 ? s1 : b1, b2 = s2 > b2 ? s2 : b2;
    }
    return b1 < b2 ? b1 : b2;
}

/* Add element e's matrices (its nodes c[nv]) to op: stiffness into val, consistent mass into mcons
 * (when kept), lumped into mass. */
static void scatter(ScFemOp *op, const int *c, int nv, const double *Ke, const double *Me, const double *me) {
    for (int a = 0; a < nv; a++) {
        op->mass[c[a]] += me[a];
        for (int b = 0; b < nv; b++) {
            long q = find_col(op, c[a], c[b]);
            op->val[q] += Ke[a * nv + b];
            if (op->mcons)
                op->mcons[q] += Me[a * nv + b];
        }
    }
}

/* The arrays of an operator of pattern op (val, mass, mcons for the consistent kind). 0 or -1. */
static int alloc_values(ScFemOp *op) {
    size_t nnz = (size_t)op->rowptr[op->n];
    op->val = calloc(nnz > 0 ? nnz : 1, sizeof(double));
    op->mass = calloc((size_t)(op->n > 0 ? op->n : 1), sizeof(double));
    if (op->kind == SC_FEM_CONSISTENT)
        op->mcons = calloc(nnz > 0 ? nnz : 1, sizeof(double));
    return op->val && op->mass && (op->kind != SC_FEM_CONSISTENT || op->mcons) ? 0 : -1;
}

ScFemOp *sc_fem_assemble(const ScMesh *m, const double sigma[3], const ScFemRegion *regions, int nreg,
                         double chi, double cm, ScFemMass kind, char *err, size_t errlen) {
    ScFemOp *op = calloc(1, sizeof *op);
    if (!op || build_pattern(m, op) != 0) {
        sc_fem_free(op);
        sc_set_err(err, errlen, "out of memory assembling a mesh of %ld nodes", m->nn);
        return NULL;
    }
    op->n = m->nn, op->kind = kind;
    if (alloc_values(op) != 0) {
        sc_set_err(err, errlen, "out of memory assembling %ld non-zeros", op->rowptr[op->n]);
        sc_fem_free(op);
        return NULL;
    }
    const double k = 100.0 / (chi * cm);
    double key[2][33] = {{0}}, Ke[64], Me[64],
           me[8]; /* the last element's shape and tensor: a box's repeat */
    double mu = 1, lam = 0, mlo = 1, lmax = 0;
    for (long e = 0; e < m->ne; e++) {
        double D[3][3];
        const int nv = m->nv[e], *c = m->conn + 8 * e;
        elem_tensor(m, e, sigma, regions, nreg, k, D);
        double *kn = key[e & 1];
        memcpy(kn, D, sizeof D), kn[9] = nv;
        for (int a = 1; a < nv; a++)
            for (int d = 0; d < 3; d++)
                kn[9 + 3 * a + d] = m->xyz[3 * (size_t)c[a] + d] - m->xyz[3 * (size_t)c[0] + d];
        if (e == 0 || !same_shape(kn, key[!(e & 1)], 9 + 3 * nv)) { /* the same: the same matrices */
            elem_matrix(m, e, D, Ke, Me, me);
            if (kind == SC_FEM_CONSISTENT)
                elem_bounds(nv, Ke, Me, me, &mu, &lam);
        }
        mlo = fmin(mlo, mu), lmax = fmax(lmax, lam);
        scatter(op, c, nv, Ke, Me, me);
    }
    for (long i = 0; i < op->n; i++) {
        if (!(op->mass[i] > 0)) {
            sc_fem_free(op);
            sc_set_err(err, errlen, "node %ld belongs to no element (every node of the mesh must)", i);
            return NULL;
        }
        for (long q = op->rowptr[i]; q < op->rowptr[i + 1]; q++)
            op->val[q] = -op->val[q] / op->mass[i];
    }
    op->lambda = op->lambda_lumped = gershgorin(op);
    op->mlo = 1;
    if (kind == SC_FEM_CONSISTENT) { /* Jacobi's round-off: bounds widened by 1e-10 */
        op->mlo = mlo * (1 - 1e-10);
        op->lambda = fmin(lmax * (1 + 1e-10), op->lambda_lumped / op->mlo);
    }
    return op;
}

void sc_fem_free(ScFemOp *op) {
    if (!op)
        return;
    free(op->rowptr), free(op->col), free(op->val), free(op->mass), free(op->mcons);
    free(op);
}

/* y = A x for the values vals on op's pattern. */
static void csr_apply(const ScFemOp *op, const double *vals, const double *x, double *y) {
    for (long i = 0; i < op->n; i++) {
        double s = 0;
        for (long q = op->rowptr[i]; q < op->rowptr[i + 1]; q++)
            s += vals[q] * x[op->col[q]];
        y[i] = s;
    }
}

void sc_fem_apply(const ScFemOp *op, const double *x, double *y) { csr_apply(op, op->val, x, y); }
void sc_fem_mass_apply(const ScFemOp *op, const double *x, double *y) { csr_apply(op, op->mcons, x, y); }

int sc_fem_plan(const ScFemOp *op, double c2, double tol, int max, double *gamma, double *omega) {
    const double lo = op->mlo, hi = 1.0 + c2 * op->lambda_lumped;
    int k = kern_cheb_plan(hi / lo, tol, max, gamma, omega);
    *gamma /= lo;
    return k;
}

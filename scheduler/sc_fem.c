/* sc_fem.c: the finite-element operator of a mesh: element matrices, the sparsity pattern,
 * assembly, the lumped mass, Gershgorin's bound (sc_fem.h). The partitioners: fem_part.c. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sc_fem.h"
#include "sc_internal.h"

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

/* Element stiffness (nv x nv, row-major in Ke) and lumped mass (me) of element e. */
static void elem_matrix(const ScMesh *m, long e, const double D[3][3], double *Ke, double *me) {
    const int nv = m->nv[e];
    memset(Ke, 0, sizeof(double) * (size_t)(nv * nv));
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
                Ke[a * 4 + b] = V * dform(D, g[a], g[b]);
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
        double w = fabs(sc_mesh_hex_jacobian(m, e, gp, dN));
        double xi[3] = {gp & 1 ? q : -q, gp & 2 ? q : -q, gp & 4 ? q : -q};
        for (int a = 0; a < 8; a++) {
            me[a] += w * (1 + S[a][0] * xi[0]) * (1 + S[a][1] * xi[1]) * (1 + S[a][2] * xi[2]) / 8;
            for (int b = 0; b < 8; b++)
                Ke[a * 8 + b] += w * dform(D, dN + 3 * a, dN + 3 * b);
        }
    }
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

ScFemOp *sc_fem_assemble(const ScMesh *m, const double sigma[3], const ScFemRegion *regions, int nreg, double chi,
                         double cm, char *err, size_t errlen) {
    ScFemOp *op = calloc(1, sizeof *op);
    if (!op || build_pattern(m, op) != 0) {
        sc_fem_free(op);
        sc_set_err(err, errlen, "out of memory assembling a mesh of %ld nodes", m->nn);
        return NULL;
    }
    op->n = m->nn;
    long nnz = op->rowptr[op->n];
    op->val = calloc((size_t)(nnz > 0 ? nnz : 1), sizeof(double));
    op->mass = calloc((size_t)(op->n > 0 ? op->n : 1), sizeof(double));
    if (!op->val || !op->mass) {
        sc_fem_free(op);
        sc_set_err(err, errlen, "out of memory assembling %ld non-zeros", nnz);
        return NULL;
    }
    const double k = 100.0 / (chi * cm);
    double key[2][33] = {{0}}, Ke[64], me[8]; /* the last element's shape and tensor: a box's repeat */
    for (long e = 0; e < m->ne; e++) {
        double D[3][3];
        const int nv = m->nv[e], *c = m->conn + 8 * e;
        elem_tensor(m, e, sigma, regions, nreg, k, D);
        double *kn = key[e & 1];
        memcpy(kn, D, sizeof D), kn[9] = nv;
        for (int a = 1; a < nv; a++)
            for (int d = 0; d < 3; d++)
                kn[9 + 3 * a + d] = m->xyz[3 * (size_t)c[a] + d] - m->xyz[3 * (size_t)c[0] + d];
        if (e == 0 || !same_shape(kn, key[!(e & 1)], 9 + 3 * nv)) /* the same: the same matrices */
            elem_matrix(m, e, D, Ke, me);
        for (int a = 0; a < nv; a++) {
            op->mass[c[a]] += me[a];
            for (int b = 0; b < nv; b++)
                op->val[find_col(op, c[a], c[b])] += Ke[a * nv + b];
        }
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
    op->lambda = gershgorin(op);
    return op;
}

void sc_fem_free(ScFemOp *op) {
    if (!op)
        return;
    free(op->rowptr), free(op->col), free(op->val), free(op->mass);
    free(op);
}

void sc_fem_apply(const ScFemOp *op, const double *x, double *y) {
    for (long i = 0; i < op->n; i++) {
        double s = 0;
        for (long q = op->rowptr[i]; q < op->rowptr[i + 1]; q++)
            s += op->val[q] * x[op->col[q]];
        y[i] = s;
    }
}

/* test_mesh.c: meshes and their finite-element operator (include/starcarp/sc_mesh.h, sc_fem.h, kernels/fem.h)
 * called directly: every kind of bad mesh refused with FILE:LINE; openCARP and VTK files read back
 * as written; the assembled operator exact on linear and quadratic fields (isotropic, and with
 * fibres at an angle), conserving, its Gershgorin bound above its largest eigenvalue; the host
 * kernel equal to the CSR operator; the partitioners' sizes. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fem.h"
#include "sc_fem.h"
#include "sc_mesh.h"
#include "test.h"

static char dir[256];

/* Write DIR/name with text; the path (t_put). */
static const char *put(const char *name, const char *text) { return t_put(dir, name, text); }

/* A mesh BASE of pts/elem/lon texts; sc_mesh_read's message must hold every `want`. */
static void bad(const char *base, const char *pts, const char *elem, const char *lon, const char *want1,
                const char *want2) {
    char n[64], err[1200] = "", path[400];
    if (pts)
        snprintf(n, sizeof n, "%s.pts", base), put(n, pts);
    if (elem)
        snprintf(n, sizeof n, "%s.elem", base), put(n, elem);
    if (lon)
        snprintf(n, sizeof n, "%s.lon", base), put(n, lon);
    snprintf(path, sizeof path, "%s/%s", dir, base);
    ScMesh *m = sc_mesh_read(path, err, sizeof err);
    ASSERT(m == NULL);
    sc_mesh_free(m);
    t_checks++;
    if (!strstr(err, want1) || (want2 && !strstr(err, want2))) {
        t_failures++;
        fprintf(stderr, "FAIL %s: '%s' lacks '%s'%s%s\n", base, err, want1, want2 ? " / " : "",
                want2 ? want2 : "");
    }
}

/* A unit tetrahedron pair (5 nodes) in um. */
#define PTS5 "5\n0 0 0\n1000 0 0\n0 1000 0\n0 0 1000\n1000 1000 1000\n"
#define ELEM2 "2\nTt 0 1 2 3 1\nTt 1 2 3 4 2\n"
#define LON2 "1\n1 0 0\n0 1 0\n"

static void test_bad_meshes(void) {
    char err[600], path[400];
    snprintf(path, sizeof path, "%s/nothing", dir);
    ASSERT(sc_mesh_read(path, err, sizeof err) == NULL);
    ASSERT(strstr(err, "nothing.pts: cannot open") != NULL);
    bad("short", "6\n0 0 0\n1000 0 0\n0 1000 0\n0 0 1000\n1000 1000 1000\n", ELEM2, LON2,
        "short.pts:6:", "the file ends after 5 nodes; its count line gives 6");
    bad("long", PTS5 "5 5 5\n", ELEM2, LON2, "long.pts:7: more lines than the 5 nodes", NULL);
    bad("coord", "5\n0 0 0\n1000 0\n0 1000 0\n0 0 1000\n1 1 1\n", ELEM2, LON2, "coord.pts:3: expected three",
        NULL);
    bad("nocount", "0 0 0\n", ELEM2, LON2, "nocount.pts:1: expected the number of nodes", NULL);
    bad("range", PTS5, "2\nTt 0 1 2 3 1\nTt 1 2 3 12 2\n", LON2, "range.elem:3: node 12 out of range",
        "0 .. 4");
    bad("neg", PTS5, "2\nTt 0 1 2 3 1\nTt 1 2 -1 3 2\n", LON2, "neg.elem:3: node -1 out of range", NULL);
    bad("ecount", PTS5, "3\nTt 0 1 2 3 1\nTt 1 2 3 4 2\n", LON2,
        "ecount.elem:3:", "the file ends after 2 elements; its count line gives 3");
    bad("flat", "5\n0 0 0\n1000 0 0\n0 1000 0\n1000 1000 0\n0 0 1000\n", "2\nTt 0 1 2 4 1\nTt 0 1 2 3 1\n",
        LON2, "flat.elem:3: degenerate element", "volume 0");
    bad("twice", PTS5, "2\nTt 0 1 2 3 1\nTt 1 2 2 4 1\n", LON2, "twice.elem:3: degenerate element",
        "node 2 appears twice");
    bad("type", PTS5, "2\nTt 0 1 2 3 1\nXy 1 2 3 4 1\n", LON2, "type.elem:3: unknown element type 'Xy'",
        NULL);
    bad("prism", PTS5, "2\nTt 0 1 2 3 1\nPr 0 1 2 3 4 0 1\n", LON2, "prism.elem:3: element type 'Pr' (prism)",
        "not supported");
    bad("count", PTS5, "2\nTt 0 1 2 3 1\nTt 1 2 3\n", LON2, "count.elem:3: a tetrahedron (Tt) takes 4", NULL);
    bad("fibre", PTS5, ELEM2, "1\n1 0 0\n0 0 0\n", "fibre.lon:3: a fibre of zero length", NULL);
    bad("sheet", PTS5, ELEM2, "2\n1 0 0 0 1 0\n0 1 0 0 0 0\n",
        "sheet.lon:3: a sheet direction of zero length", NULL);
    bad("lcount", PTS5, ELEM2, "1\n1 0 0\n", "lcount.lon:2: the file ends after 1 fibres", NULL);
    bad("lmore", PTS5, ELEM2, "1\n1 0 0\n0 1 0\n0 0 1\n", "lmore.lon:4: more fibres than the mesh's 2", NULL);
    bad("lhead", PTS5, ELEM2, "3\n1 0 0\n0 1 0\n", "lhead.lon:1: expected 1 or 2", NULL);
    /* a hexahedron whose top face is listed the other way round: its map folds */
    bad("twist",
        "8\n0 0 0\n1000 0 0\n1000 1000 0\n0 1000 0\n0 0 1000\n1000 0 1000\n1000 1000 1000\n0 1000 1000\n",
        "1\nHx 0 1 2 3 4 7 6 5 1\n", "1\n1 0 0\n", "twist.elem:2: degenerate element", "not one-to-one");
    /* VTK: a cell type other than tetrahedra and hexahedra, a node out of range */
    put("tri.vtk", "# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\nPOINTS 4 double\n0 0 0\n"
                   "1000 0 0\n0 1000 0\n0 0 1000\nCELLS 1 5\n4 0 1 2 3\nCELL_TYPES 1\n9\n");
    snprintf(path, sizeof path, "%s/tri.vtk", dir);
    ASSERT(sc_mesh_read(path, err, sizeof err) == NULL);
    ASSERT(strstr(err, "tri.vtk:13: cell 0: unknown or unsupported cell type 9") != NULL);
    put("oor.vtk", "# vtk DataFile Version 3.0\nt\nASCII\nDATASET UNSTRUCTURED_GRID\nPOINTS 4 double\n0 0 0\n"
                   "1000 0 0\n0 1000 0\n0 0 1000\nCELLS 1 5\n4 0 1 2 7\nCELL_TYPES 1\n10\n");
    snprintf(path, sizeof path, "%s/oor.vtk", dir);
    ASSERT(sc_mesh_read(path, err, sizeof err) == NULL);
    ASSERT(strstr(err, "oor.vtk:11: node 7 out of range") != NULL);
}

/* The box meshes written and read back (openCARP's files and VTK): the same nodes and elements. */
static void test_roundtrip(void) {
    long n[3] = {4, 3, 3};
    double dx[3] = {0.25, 0.5, 0.2};
    char err[600], base[400], vtk[400];
    for (int kind = 0; kind < 3; kind++) {
        ScMesh *m = sc_mesh_box(n, dx, (ScMeshKind)kind, err, sizeof err);
        ASSERT(m != NULL);
        if (!m)
            return;
        ASSERT_EQ_INT(kind == SC_MESH_HEX ? 12 : kind == SC_MESH_TET5 ? 60 : 72, (int)m->ne);
        double vol = 0;
        for (long e = 0; e < m->ne; e++)
            vol += sc_mesh_volume(m, e);
        ASSERT_NEAR(0.75 * 1.0 * 0.4, vol, 1e-12);
        snprintf(base, sizeof base, "%s/box%d", dir, kind);
        snprintf(vtk, sizeof vtk, "%s/box%d.vtk", dir, kind);
        ASSERT_EQ_INT(0, sc_mesh_write_carp(m, base, err, sizeof err));
        ASSERT_EQ_INT(0, sc_mesh_write_vtk(m, vtk, NULL, NULL, "t", 0, err, sizeof err));
        for (int f = 0; f < 2; f++) {
            ScMesh *r = sc_mesh_read(f ? vtk : base, err, sizeof err);
            ASSERT(r != NULL);
            if (!r)
                continue;
            ASSERT_EQ_INT((int)m->nn, (int)r->nn);
            ASSERT_EQ_INT((int)m->ne, (int)r->ne);
            int same = 1;
            for (long e = 0; e < m->ne; e++)
                for (int k = 0; k < m->nv[e]; k++)
                    same &= m->conn[8 * e + k] == r->conn[8 * e + k];
            ASSERT(same);
            double dmax = 0;
            for (long i = 0; i < 3 * m->nn; i++)
                dmax = fmax(dmax, fabs(m->xyz[i] - r->xyz[i]));
            ASSERT(dmax < 1e-12);
            ASSERT_EQ_INT(1, r->nfib);
            ASSERT_EQ_INT(1, r->tag[r->ne - 1]);
            sc_mesh_free(r);
        }
        sc_mesh_free(m);
    }
}

/* L applied to f at the interior nodes of an n^3 box: the largest error against want. */
static double interior_error(const ScMesh *m, const ScFemOp *op, const long n[3], double (*f)(const double *),
                             double want) {
    double *u = malloc(sizeof(double) * (size_t)m->nn), *y = malloc(sizeof(double) * (size_t)m->nn), e = 0;
    for (long i = 0; i < m->nn; i++)
        u[i] = f(m->xyz + 3 * i);
    sc_fem_apply(op, u, y);
    for (long k = 1; k + 1 < n[2]; k++)
        for (long j = 1; j + 1 < n[1]; j++)
            for (long i = 1; i + 1 < n[0]; i++)
                e = fmax(e, fabs(y[i + n[0] * (j + n[1] * k)] - want));
    free(u), free(y);
    return e;
}

static double f_one(const double *p) { return 1 + 0 * p[0]; }
static double f_lin(const double *p) { return 2 * p[0] - 3 * p[1] + 0.5 * p[2]; }
static double f_xx(const double *p) { return p[0] * p[0] + p[1] * p[1] + p[2] * p[2]; }
static double f_xy(const double *p) { return p[0] * p[1]; }

/* The operator: exact Laplacians, conservation (sum m_i (L u)_i = 0), Gershgorin above the power
 * iteration's estimate, the host ELL kernel equal to the CSR product. */
static void test_operator(void) {
    long n[3] = {7, 6, 5};
    double dx[3] = {0.2, 0.2, 0.2};
    char err[600];
    const double sig[3] = {0.5, 0.5, 0.5}, chi = 100, cm = 1, D = 100 * 0.5 / (chi * cm);
    for (int kind = 0; kind < 3; kind++) {
        ScMesh *m = sc_mesh_box(n, dx, (ScMeshKind)kind, err, sizeof err);
        ScFemOp *op = sc_fem_assemble(m, sig, NULL, 0, chi, cm, SC_FEM_LUMPED, err, sizeof err);
        ASSERT(op != NULL);
        if (!op)
            return;
        ASSERT(interior_error(m, op, n, f_one, 0) < 1e-12);
        ASSERT(interior_error(m, op, n, f_lin, 0) < 1e-11);
        /* hexahedra and the 6-tetrahedra cut are exact on quadratics at interior nodes (the 5-tetrahedra
         * cut is not: its two kinds of node have lumped masses 5 times apart, exact only on average) */
        double eq = interior_error(m, op, n, f_xx, 6 * D);
        t_checks++;
        if (kind != SC_MESH_TET5 && !(eq < 1e-10)) {
            t_failures++;
            fprintf(stderr, "FAIL kind %d: Laplacian of x^2+y^2+z^2 off by %g (want %g)\n", kind, eq, 6 * D);
        }
        /* conservation of the mass-weighted sum, any field */
        double *u = malloc(sizeof(double) * (size_t)m->nn), *y = malloc(sizeof(double) * (size_t)m->nn);
        double s = 0, sa = 0;
        for (long i = 0; i < m->nn; i++)
            u[i] = sin(3.0 * m->xyz[3 * i]) + cos(2.0 * m->xyz[3 * i + 1] * m->xyz[3 * i + 2]);
        sc_fem_apply(op, u, y);
        for (long i = 0; i < m->nn; i++)
            s += op->mass[i] * y[i], sa += op->mass[i] * fabs(y[i]);
        ASSERT(fabs(s) < 1e-12 * sa);
        /* power iteration on -L (M-symmetric): its estimate below the bound */
        for (long i = 0; i < m->nn; i++)
            u[i] = (i * 7919 % 13) - 6.0;
        double lam = 0;
        for (int it = 0; it < 400; it++) {
            sc_fem_apply(op, u, y);
            double nu = 0, nd = 0;
            for (long i = 0; i < m->nn; i++)
                nu += op->mass[i] * u[i] * -y[i], nd += op->mass[i] * u[i] * u[i];
            lam = nu / nd;
            double mx = 0;
            for (long i = 0; i < m->nn; i++)
                mx = fmax(mx, fabs(y[i]));
            for (long i = 0; i < m->nn; i++)
                u[i] = -y[i] / mx;
        }
        ASSERT(lam <= op->lambda * (1 + 1e-12));
        ASSERT(lam > 0.4 * op->lambda); /* the bound is not loose beyond reason */
        /* the host kernel (one part, ELL) equals the CSR product, bit for bit */
        size_t nn = (size_t)m->nn, w = (size_t)op->width;
        double *mat = calloc(kern_fem_mat_len(nn, w, 1), sizeof(double)), *x = malloc(sizeof(double) * nn);
        double *v = malloc(sizeof(double) * nn), *act = malloc(sizeof(double) * 2 * nn);
        int *col = (int *)(mat + w * nn);
        for (size_t i = 0; i < nn; i++) {
            size_t k = 0;
            for (long q = op->rowptr[i]; q < op->rowptr[i + 1]; q++, k++)
                mat[k * nn + i] = op->val[q], col[k * nn + i] = op->col[q];
            for (; k < w; k++)
                col[k * nn + i] = (int)i;
            x[i] = u[i], act[i] = -1, act[nn + i] = u[i];
        }
        ScFemArgs a = {.kind = KERN_DIFF_STEP, .n = m->nn, .w = (int)w, .c = 0.01, .thr = 1e9, .dt = 0.01};
        kern_fem_host(&a, v, x, mat, act, NULL);
        sc_fem_apply(op, u, y);
        int same = 1;
        for (size_t i = 0; i < nn; i++)
            same &= v[i] == u[i] + 0.01 * y[i];
        ASSERT(same);
        free(mat), free(x), free(v), free(act), free(u), free(y);
        sc_fem_free(op);
        sc_mesh_free(m);
    }
    /* fibres at 45 degrees in the xy plane (hexahedra): div(D grad xy) = 2 D_xy */
    ScMesh *m = sc_mesh_box(n, dx, SC_MESH_HEX, err, sizeof err);
    for (long e = 0; e < m->ne; e++)
        m->fib[3 * e] = m->fib[3 * e + 1] = sqrt(0.5), m->fib[3 * e + 2] = 0;
    const double an[3] = {0.4, 0.1, 0.1};
    ScFemOp *op = sc_fem_assemble(m, an, NULL, 0, chi, cm, SC_FEM_LUMPED, err, sizeof err);
    double dxy = 100 / (chi * cm) * (0.4 - 0.1) * 0.5;
    ASSERT(interior_error(m, op, n, f_xy, 2 * dxy) < 1e-10);
    /* a region of other conductivities: tag 1 gets sigma 0 (nothing diffuses) */
    ScFemRegion reg = {.ntags = 1, .tags = {1}, .sigma = {0, 0, 0}};
    ScFemOp *z = sc_fem_assemble(m, an, &reg, 1, chi, cm, SC_FEM_LUMPED, err, sizeof err);
    ASSERT(z && z->lambda == 0);
    sc_fem_free(z), sc_fem_free(op), sc_mesh_free(m);
}

/* Two conductivity regions (tags 1 and 2, the elements beyond x = 0.75 mm tag 2), on each cut and
 * with each mass: region 2 given the default sigma assembles the one-region operator bit for bit;
 * with it doubled, the rows of the nodes whose elements are all of tag 2 are doubled exactly, those
 * of tag 1 alone unchanged, the masses unchanged (tetrahedra; hexahedra to 1e-14, below); with every
 * element's sigma doubled, the bounds (lambda: the explicit limit's; the Chebyshev interval's)
 * exactly doubled. The spacing, 0.25 mm, is exact in binary: a tetrahedron's matrices (from its
 * edge vectors) are the same bits wherever they are computed, so the assembly's reuse of the last
 * element's matrices, whose pattern the regions change, rounds nothing otherwise. */
static void test_regions(void) {
    long n[3] = {7, 4, 3};
    double dx[3] = {0.25, 0.25, 0.25};
    char err[600];
    const double sig[3] = {0.3, 0.05, 0.02}, chi = 140, cm = 1;
    for (int kind = 0; kind < 3; kind++)
        for (int mass = SC_FEM_LUMPED; mass <= SC_FEM_CONSISTENT; mass++) {
            ScMesh *m = sc_mesh_box(n, dx, (ScMeshKind)kind, err, sizeof err);
            int *own = malloc(sizeof(int) * (size_t)m->nn); /* bit 0: a tag-1 element, bit 1: tag 2 */
            for (long i = 0; i < m->nn; i++)
                own[i] = 0;
            for (long e = 0; e < m->ne; e++) {
                double cx = 0;
                for (int k = 0; k < m->nv[e]; k++)
                    cx += m->xyz[3 * (size_t)m->conn[8 * e + k]] / m->nv[e];
                m->tag[e] = cx > 0.75 ? 2 : 1;
                for (int k = 0; k < m->nv[e]; k++)
                    own[m->conn[8 * e + k]] |= m->tag[e];
            }
            ScFemRegion same = {.ntags = 1, .tags = {2}, .sigma = {0.3, 0.05, 0.02}}, twice = same;
            ScFemRegion all = {.ntags = 2, .tags = {1, 2}, .sigma = {0.6, 0.1, 0.04}};
            for (int a = 0; a < 3; a++)
                twice.sigma[a] = 2 * sig[a];
            ScFemOp *one = sc_fem_assemble(m, sig, NULL, 0, chi, cm, (ScFemMass)mass, err, sizeof err);
            ScFemOp *s2 = sc_fem_assemble(m, sig, &same, 1, chi, cm, (ScFemMass)mass, err, sizeof err);
            ScFemOp *d2 = sc_fem_assemble(m, sig, &twice, 1, chi, cm, (ScFemMass)mass, err, sizeof err);
            ScFemOp *dd = sc_fem_assemble(m, sig, &all, 1, chi, cm, (ScFemMass)mass, err, sizeof err);
            ASSERT(one && s2 && d2 && dd);
            if (!one || !s2 || !d2 || !dd)
                return;
            size_t nnz = (size_t)one->rowptr[one->n];
            ASSERT(!memcmp(one->val, s2->val, sizeof(double) * nnz) && one->lambda == s2->lambda);
            /* hexahedra: their Jacobians sum absolute coordinates, so where the assembly recomputes an
             * element (at each change of region) its matrices round otherwise: 1e-14 relative */
            const double tol = kind == SC_MESH_HEX ? 1e-14 : 0;
            int in2 = 0, in1 = 0, rows2 = 1, rows1 = 1, masses = 1;
            for (long i = 0; i < m->nn; i++) {
                in2 += own[i] == 2, in1 += own[i] == 1;
                masses &= fabs(one->mass[i] - d2->mass[i]) <= tol * one->mass[i];
                double big = 0;
                for (long q = one->rowptr[i]; q < one->rowptr[i + 1]; q++)
                    big = fmax(big, fabs(one->val[q]));
                for (long q = one->rowptr[i]; q < one->rowptr[i + 1]; q++) {
                    rows2 &= own[i] != 2 || fabs(d2->val[q] - 2 * one->val[q]) <= 2 * tol * big;
                    rows1 &= own[i] != 1 || fabs(d2->val[q] - one->val[q]) <= tol * big;
                }
            }
            ASSERT(in2 > 10 && in1 > 10 && rows2 && rows1 && masses);
            ASSERT(d2->lambda > one->lambda && d2->lambda <= 2 * one->lambda * (1 + tol));
            ASSERT(dd->lambda == 2 * one->lambda && dd->lambda_lumped == 2 * one->lambda_lumped &&
                   dd->mlo == one->mlo);
            sc_fem_free(one), sc_fem_free(s2), sc_fem_free(d2), sc_fem_free(dd);
            free(own), sc_mesh_free(m);
        }
}

/* The partitioners: RCB's exact sizes, METIS's sizes summing to the nodes, every part used. */
static void test_partition(void) {
    long n[3] = {9, 7, 4};
    double dx[3] = {0.2, 0.2, 0.2};
    char err[600];
    const double sig[3] = {0.1, 0.02, 0.02};
    ScMesh *m = sc_mesh_box(n, dx, SC_MESH_TET6, err, sizeof err);
    ScFemOp *op = sc_fem_assemble(m, sig, NULL, 0, 140, 1, SC_FEM_LUMPED, err, sizeof err);
    int *part = malloc(sizeof(int) * (size_t)m->nn);
    for (int how = SC_FEM_PART_METIS; how <= SC_FEM_PART_RCB; how++) {
        if (how == SC_FEM_PART_METIS && !sc_fem_have_metis())
            continue;
        long size[3] = {100, 90, m->nn - 190}, cnt[3] = {0, 0, 0}, tot = 0;
        ASSERT_EQ_INT(0, sc_fem_partition(op, m->xyz, 3, size, (ScFemPartitioner)how, part, err, sizeof err));
        for (long i = 0; i < m->nn; i++)
            cnt[part[i]]++;
        for (int p = 0; p < 3; p++) {
            ASSERT_EQ_INT((int)size[p], (int)cnt[p]);
            tot += cnt[p];
        }
        ASSERT_EQ_INT((int)m->nn, (int)tot);
        if (how == SC_FEM_PART_RCB)
            ASSERT_EQ_INT(100, (int)cnt[0]);
    }
    free(part), sc_fem_free(op), sc_mesh_free(m);
}

/* Big-endian value k of size `bytes` at p. */
static uint64_t be_at(const unsigned char *p, int bytes) {
    uint64_t u = 0;
    for (int k = 0; k < bytes; k++)
        u = u << 8 | p[k];
    return u;
}

/* The binary legacy VTK file: the same header lines as the ASCII one, then the points, the cells
 * and the field read back from their big-endian bytes equal the mesh's values exactly. */
static void test_vtk_binary(void) {
    const long n[3] = {4, 3, 2};
    const double dx[3] = {0.25, 0.5, 0.4};
    char err[600], path[400];
    ScMesh *m = sc_mesh_box(n, dx, SC_MESH_TET5, err, sizeof err);
    ASSERT(m != NULL);
    if (!m)
        return;
    double *v = malloc(sizeof(double) * (size_t)m->nn);
    for (long i = 0; i < m->nn; i++)
        v[i] = -85.25 + 1e-7 * (double)i * (double)i;
    snprintf(path, sizeof path, "%s/bin.vtk", dir);
    ASSERT_EQ_INT(0, sc_mesh_write_vtk(m, path, v, "Vm", "t", 1, err, sizeof err));
    FILE *f = fopen(path, "rb");
    unsigned char *b = calloc(1, (1 << 20) + 1); /* NUL-terminated: the header is text */
    size_t len = f ? fread(b, 1, 1 << 20, f) : 0;
    if (f)
        fclose(f);
    char head[160];
    snprintf(head, sizeof head, "BINARY\nDATASET UNSTRUCTURED_GRID\nPOINTS %ld double\n", m->nn);
    const unsigned char *p = (const unsigned char *)strstr((const char *)b, head);
    ASSERT(len > 0 && p != NULL);
    if (p) {
        p += strlen(head);
        int same = 1;
        for (long i = 0; i < 3 * m->nn; i++, p += 8) {
            uint64_t u = be_at(p, 8);
            double x;
            memcpy(&x, &u, 8);
            same &= x == m->xyz[i] * 1000;
        }
        ASSERT(same);
        snprintf(head, sizeof head, "\nCELLS %ld %ld\n", m->ne, 5 * m->ne);
        ASSERT(memcmp(p, head, strlen(head)) == 0);
        p += strlen(head);
        for (long e = 0; e < m->ne; e++, p += 20) {
            same &= (int)be_at(p, 4) == 4;
            for (int k = 0; k < 4; k++)
                same &= (int)be_at(p + 4 + 4 * k, 4) == m->conn[8 * e + k];
        }
        ASSERT(same);
        snprintf(head, sizeof head, "SCALARS Vm double 1\nLOOKUP_TABLE default\n");
        const unsigned char *q = NULL;
        for (size_t k = 0; !q && k + strlen(head) <= len; k++)
            if (memcmp(b + k, head, strlen(head)) == 0)
                q = b + k;
        ASSERT(q != NULL && q + strlen(head) + 8 * (size_t)m->nn + 1 == b + len);
        for (long i = 0; q && i < m->nn; i++) {
            uint64_t u = be_at(q + strlen(head) + 8 * i, 8);
            double x;
            memcpy(&x, &u, 8);
            same &= x == v[i];
        }
        ASSERT(same);
    }
    free(b), free(v);
    sc_mesh_free(m);
}

int main(void) {
    if (t_tmpdir("sc_test_mesh", dir, sizeof dir) != 0)
        return 1;
    test_bad_meshes();
    test_roundtrip();
    test_vtk_binary();
    test_operator();
    test_regions();
    test_partition();
    if (t_rmtree(dir) != 0)
        return 1;
    return TEST_DONE();
}

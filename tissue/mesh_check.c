/* mesh_check.c: the geometry of a mesh's elements (volumes, the hexahedron's trilinear map) and the
 * checks the readers apply to each element and fibre (sc_mesh.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util_int.h"
#include "mesh_int.h"

/* A degenerate element: volume below this fraction of its diameter cubed (a regular tetrahedron
 * has 0.118, a cube 0.19). */
#define MESH_FLAT 1e-9

ScMesh *mesh_alloc(long nn, long ne) {
    ScMesh *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->nn = nn, m->ne = ne;
    m->xyz = malloc(sizeof(double) * 3 * (size_t)(nn > 0 ? nn : 1));
    m->nv = malloc((size_t)(ne > 0 ? ne : 1));
    m->conn = malloc(sizeof(int) * SC_MESH_MAXV * (size_t)(ne > 0 ? ne : 1));
    m->tag = calloc((size_t)(ne > 0 ? ne : 1), sizeof(int));
    if (!m->xyz || !m->nv || !m->conn || !m->tag) {
        sc_mesh_free(m);
        return NULL;
    }
    return m;
}

void sc_mesh_free(ScMesh *m) {
    if (!m)
        return;
    free(m->xyz), free(m->nv), free(m->conn), free(m->tag), free(m->fib), free(m->sheet);
    free(m);
}

static const double *node(const ScMesh *m, long e, int k) { return m->xyz + 3 * (size_t)m->conn[8 * e + k]; }

static double det3(const double a[3], const double b[3], const double c[3]) {
    return a[0] * (b[1] * c[2] - b[2] * c[1]) - a[1] * (b[0] * c[2] - b[2] * c[0]) +
           a[2] * (b[0] * c[1] - b[1] * c[0]);
}

/* Corner signs of the hexahedron's nodes in the reference cube [-1, 1]^3 (VTK's order). */
static const double HEX_S[8][3] = {{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1},
                                   {-1, -1, 1},  {1, -1, 1},  {1, 1, 1},  {-1, 1, 1}};

double mesh_hex_jacobian(const ScMesh *m, long e, int g, double *dN) {
    const double q = 1.0 / sqrt(3.0);
    double xi[3] = {g & 1 ? q : -q, g & 2 ? q : -q, g & 4 ? q : -q};
    double dr[8][3], J[3][3] = {{0}};
    for (int k = 0; k < 8; k++) {
        double f[3];
        for (int a = 0; a < 3; a++)
            f[a] = 1 + HEX_S[k][a] * xi[a];
        dr[k][0] = HEX_S[k][0] * f[1] * f[2] / 8, dr[k][1] = f[0] * HEX_S[k][1] * f[2] / 8,
        dr[k][2] = f[0] * f[1] * HEX_S[k][2] / 8;
        const double *x = node(m, e, k);
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++)
                J[a][b] += x[a] * dr[k][b];
    }
    double c0[3] = {J[0][0], J[1][0], J[2][0]}, c1[3] = {J[0][1], J[1][1], J[2][1]},
           c2[3] = {J[0][2], J[1][2], J[2][2]};
    double det = det3(c0, c1, c2);
    if (dN && det != 0) {
        /* dN/dx = J^-T dN/dxi: the inverse by cofactors */
        double inv[3][3];
        for (int a = 0; a < 3; a++)
            for (int b = 0; b < 3; b++) {
                int a1 = (a + 1) % 3, a2 = (a + 2) % 3, b1 = (b + 1) % 3, b2 = (b + 2) % 3;
                inv[b][a] = (J[a1][b1] * J[a2][b2] - J[a1][b2] * J[a2][b1]) / det;
            }
        for (int k = 0; k < 8; k++)
            for (int a = 0; a < 3; a++)
                dN[3 * k + a] = dr[k][0] * inv[0][a] + dr[k][1] * inv[1][a] + dr[k][2] * inv[2][a];
    }
    return det;
}

double sc_mesh_volume(const ScMesh *m, long e) {
    if (m->nv[e] == 4) {
        const double *p0 = node(m, e, 0);
        double a[3][3];
        for (int k = 0; k < 3; k++)
            for (int d = 0; d < 3; d++)
                a[k][d] = node(m, e, k + 1)[d] - p0[d];
        return fabs(det3(a[0], a[1], a[2])) / 6;
    }
    double v = 0;
    for (int g = 0; g < 8; g++)
        v += mesh_hex_jacobian(m, e, g, NULL);
    return fabs(v);
}

double sc_mesh_diameter(const ScMesh *m, long e) {
    double d2 = 0;
    for (int i = 0; i < m->nv[e]; i++)
        for (int j = i + 1; j < m->nv[e]; j++) {
            const double *a = node(m, e, i), *b = node(m, e, j);
            double s = 0;
            for (int d = 0; d < 3; d++)
                s += (a[d] - b[d]) * (a[d] - b[d]);
            d2 = s > d2 ? s : d2;
        }
    return sqrt(d2);
}

int mesh_check_elem(const ScMesh *m, long e, const char *where, char *err, size_t errlen) {
    const int nv = m->nv[e];
    for (int k = 0; k < nv; k++) {
        int q = m->conn[8 * e + k];
        if (q < 0 || q >= m->nn) {
            sc_set_err(err, errlen, "%s: node %d out of range (the mesh has %ld nodes: 0 .. %ld)", where, q,
                       m->nn, m->nn - 1);
            return -1;
        }
        for (int j = 0; j < k; j++)
            if (m->conn[8 * e + j] == q) {
                sc_set_err(err, errlen, "%s: degenerate element: node %d appears twice", where, q);
                return -1;
            }
    }
    double h = sc_mesh_diameter(m, e);
    if (nv == 8) {
        /* the trilinear map one-to-one: the Jacobian of one sign at every Gauss point */
        double j0 = mesh_hex_jacobian(m, e, 0, NULL);
        for (int g = 0; g < 8; g++) {
            double j = mesh_hex_jacobian(m, e, g, NULL);
            if (!(j * j0 > 0) || !(fabs(j) > MESH_FLAT * h * h * h / 8)) {
                sc_set_err(err, errlen,
                           "%s: degenerate element: a hexahedron whose map is not one-to-one (Jacobian %.3g "
                           "and %.3g at two Gauss points; nodes 0 1 2 3 go around one face, 4 5 6 7 "
                           "around the opposite one, 4 across from 0)",
                           where, j0, j);
                return -1;
            }
        }
    }
    const char *kind = nv == 4 ? "tetrahedron" : "hexahedron";
    double v = sc_mesh_volume(m, e);
    if (!(v > MESH_FLAT * h * h * h)) {
        sc_set_err(err, errlen, "%s: degenerate element: a %s of volume %.3g mm^3 (diameter %.3g mm)", where,
                   kind, v, h);
        return -1;
    }
    return 0;
}

int mesh_check_fibre(ScMesh *m, long e, const char *where, char *err, size_t errlen) {
    double *f = m->fib + 3 * e, n = sqrt(f[0] * f[0] + f[1] * f[1] + f[2] * f[2]);
    if (!(n > 1e-12) || !isfinite(n)) {
        sc_set_err(err, errlen, "%s: a fibre of zero length (%g %g %g) for element %ld", where, f[0], f[1],
                   f[2], e);
        return -1;
    }
    for (int d = 0; d < 3; d++)
        f[d] /= n;
    if (m->nfib < 2)
        return 0;
    double *s = m->sheet + 3 * e, sn = sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
    if (!(sn > 1e-12) || !isfinite(sn)) {
        sc_set_err(err, errlen, "%s: a sheet direction of zero length (%g %g %g) for element %ld", where,
                   s[0], s[1], s[2], e);
        return -1;
    }
    double dot = (s[0] * f[0] + s[1] * f[1] + s[2] * f[2]) / sn;
    for (int d = 0; d < 3; d++)
        s[d] = s[d] / sn - dot * f[d];
    double r = sqrt(s[0] * s[0] + s[1] * s[1] + s[2] * s[2]);
    if (!(r > 1e-6)) {
        sc_set_err(err, errlen, "%s: the sheet direction of element %ld is parallel to its fibre", where, e);
        return -1;
    }
    for (int d = 0; d < 3; d++)
        s[d] /= r;
    return 0;
}

long sc_mesh_nearest(const ScMesh *m, const double p[3], double *dist) {
    long best = -1;
    double bd = INFINITY;
    for (long i = 0; i < m->nn; i++) {
        const double *x = m->xyz + 3 * i;
        double d =
            (x[0] - p[0]) * (x[0] - p[0]) + (x[1] - p[1]) * (x[1] - p[1]) + (x[2] - p[2]) * (x[2] - p[2]);
        if (d < bd)
            bd = d, best = i;
    }
    if (dist)
        *dist = sqrt(bd);
    return best;
}

void sc_mesh_bounds(const ScMesh *m, double lo[3], double hi[3]) {
    for (int d = 0; d < 3; d++)
        lo[d] = INFINITY, hi[d] = -INFINITY;
    for (long i = 0; i < m->nn; i++)
        for (int d = 0; d < 3; d++) {
            double x = m->xyz[3 * i + d];
            lo[d] = x < lo[d] ? x : lo[d], hi[d] = x > hi[d] ? x : hi[d];
        }
}

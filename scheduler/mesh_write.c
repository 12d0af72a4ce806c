/* mesh_write.c: a box as a mesh (hexahedra, or 5 or 6 tetrahedra per cube), and a mesh written
 * as openCARP's files or a legacy VTK unstructured grid (sc_mesh.h). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sc_internal.h"
#include "mesh_int.h"

/* The cube's corners by bits (x 1, y 2, z 4), in VTK's hexahedron order. */
static const int HEX_BITS[8] = {0, 1, 3, 2, 4, 5, 7, 6};
/* Five tetrahedra of a cube: the one of the corners with an odd number of bits set (1, 2, 4, 7)
 * and the four corners cut off around it; the other parity uses the complement (b ^ 1), so that
 * neighbouring cubes cut their common face alike. */
static const int TET5[5][4] = {{1, 2, 4, 7}, {0, 1, 2, 4}, {3, 1, 2, 7}, {5, 1, 4, 7}, {6, 2, 4, 7}};
/* Six tetrahedra around the diagonal 0 - 7 (Kuhn): a path along the axes in each order. */
static const int TET6[6][4] = {{0, 1, 3, 7}, {0, 1, 5, 7}, {0, 2, 3, 7},
                               {0, 2, 6, 7}, {0, 4, 5, 7}, {0, 4, 6, 7}};

ScMesh *sc_mesh_box(const long n[3], const double dx[3], ScMeshKind kind, char *err, size_t errlen) {
    for (int a = 0; a < 3; a++)
        if (n[a] < 2 || !(dx[a] > 0)) {
            sc_set_err(err, errlen,
                       "a box mesh needs at least 2 nodes and a positive spacing along each axis (%c: "
                       "%ld nodes, %g mm)",
                       "xyz"[a], n[a], dx[a]);
            return NULL;
        }
    double nn = (double)n[0] * (double)n[1] * (double)n[2];
    double cubes = (double)(n[0] - 1) * (double)(n[1] - 1) * (double)(n[2] - 1);
    int per = kind == SC_MESH_HEX ? 1 : kind == SC_MESH_TET5 ? 5 : 6;
    if (nn > 2147483647.0 || cubes * per > 2147483647.0) {
        sc_set_err(err, errlen, "%.0f nodes, %.0f elements: at most 2^31-1 each", nn, cubes * per);
        return NULL;
    }
    ScMesh *m = sc_mesh_alloc((long)nn, (long)(cubes * per));
    if (m)
        m->fib = malloc(sizeof(double) * 3 * (size_t)m->ne);
    if (!m || !m->fib) {
        sc_mesh_free(m);
        sc_set_err(err, errlen, "out of memory for a mesh of %.0f nodes", nn);
        return NULL;
    }
    m->nfib = 1;
    for (long k = 0, q = 0; k < n[2]; k++)
        for (long j = 0; j < n[1]; j++)
            for (long i = 0; i < n[0]; i++, q++)
                m->xyz[3 * q] = (double)i * dx[0], m->xyz[3 * q + 1] = (double)j * dx[1],
                           m->xyz[3 * q + 2] = (double)k * dx[2];
    long e = 0;
    for (long k = 0; k + 1 < n[2]; k++)
        for (long j = 0; j + 1 < n[1]; j++)
            for (long i = 0; i + 1 < n[0]; i++) {
                int c[8];
                for (int b = 0; b < 8; b++)
                    c[b] = (int)((i + (b & 1)) + n[0] * ((j + (b >> 1 & 1)) + n[1] * (k + (b >> 2 & 1))));
                int odd = (int)((i + j + k) & 1);
                for (int t = 0; t < per; t++, e++) {
                    m->nv[e] = kind == SC_MESH_HEX ? 8 : 4;
                    for (int v = 0; v < m->nv[e]; v++)
                        m->conn[8 * e + v] = kind == SC_MESH_HEX    ? c[HEX_BITS[v]]
                                             : kind == SC_MESH_TET6 ? c[TET6[t][v]]
                                                                    : c[TET5[t][v] ^ (odd ? 1 : 0)];
                    m->tag[e] = 1;
                    m->fib[3 * e] = 1, m->fib[3 * e + 1] = 0, m->fib[3 * e + 2] = 0;
                }
            }
    return m;
}

/* Close f, the error of a write in err. 0 or -1. */
static int close_checked(FILE *f, int bad, const char *path, char *err, size_t errlen) {
    if (fclose(f) != 0)
        bad = 1;
    if (bad) {
        sc_set_err(err, errlen, "%s: cannot write: %s", path, strerror(errno ? errno : EIO));
        return -1;
    }
    return 0;
}

static FILE *open_w(const char *path, char *err, size_t errlen) {
    FILE *f = fopen(path, "w");
    if (!f)
        sc_set_err(err, errlen, "%s: cannot create: %s", path, strerror(errno));
    return f;
}

int sc_mesh_write_carp(const ScMesh *m, const char *base, char *err, size_t errlen) {
    char p[4200];
    snprintf(p, sizeof p, "%s.pts", base);
    FILE *f = open_w(p, err, errlen);
    if (!f)
        return -1;
    int bad = fprintf(f, "%ld\n", m->nn) < 0;
    for (long i = 0; i < m->nn && !bad; i++)
        bad = fprintf(f, "%.10g %.10g %.10g\n", m->xyz[3 * i] * 1000, m->xyz[3 * i + 1] * 1000,
                      m->xyz[3 * i + 2] * 1000) < 0;
    if (close_checked(f, bad, p, err, errlen))
        return -1;
    snprintf(p, sizeof p, "%s.elem", base);
    if (!(f = open_w(p, err, errlen)))
        return -1;
    bad = fprintf(f, "%ld\n", m->ne) < 0;
    for (long e = 0; e < m->ne && !bad; e++) {
        const int *c = m->conn + 8 * e;
        bad = m->nv[e] == 4 ? fprintf(f, "Tt %d %d %d %d %d\n", c[0], c[1], c[2], c[3], m->tag[e]) < 0
                            : fprintf(f, "Hx %d %d %d %d %d %d %d %d %d\n", c[0], c[1], c[2], c[3], c[4],
                                      c[5], c[6], c[7], m->tag[e]) < 0;
    }
    if (close_checked(f, bad, p, err, errlen))
        return -1;
    snprintf(p, sizeof p, "%s.lon", base);
    if (!(f = open_w(p, err, errlen)))
        return -1;
    int nf = m->nfib > 1 ? 2 : 1;
    bad = fprintf(f, "%d\n", nf) < 0;
    for (long e = 0; e < m->ne && !bad; e++) {
        const double x[3] = {1, 0, 0}, *a = m->nfib ? m->fib + 3 * e : x;
        bad = fprintf(f, "%.9g %.9g %.9g", a[0], a[1], a[2]) < 0;
        if (nf > 1)
            bad |=
                fprintf(f, " %.9g %.9g %.9g", m->sheet[3 * e], m->sheet[3 * e + 1], m->sheet[3 * e + 2]) < 0;
        bad |= fputc('\n', f) == EOF;
    }
    return close_checked(f, bad, p, err, errlen);
}

int sc_mesh_write_vtk(const ScMesh *m, const char *path, const double *field, const char *name,
                      const char *title, char *err, size_t errlen) {
    FILE *f = open_w(path, err, errlen);
    if (!f)
        return -1;
    long size = 0;
    for (long e = 0; e < m->ne; e++)
        size += 1 + m->nv[e];
    int bad =
        fprintf(f,
                "# vtk DataFile Version 3.0\n%.200s\nASCII\nDATASET UNSTRUCTURED_GRID\nPOINTS %ld double\n",
                title ? title : "starcarp mesh", m->nn) < 0;
    for (long i = 0; i < m->nn && !bad; i++)
        bad = fprintf(f, "%.10g %.10g %.10g\n", m->xyz[3 * i] * 1000, m->xyz[3 * i + 1] * 1000,
                      m->xyz[3 * i + 2] * 1000) < 0;
    bad |= fprintf(f, "CELLS %ld %ld\n", m->ne, size) < 0;
    for (long e = 0; e < m->ne && !bad; e++) {
        bad = fprintf(f, "%d", m->nv[e]) < 0;
        for (int k = 0; k < m->nv[e]; k++)
            bad |= fprintf(f, " %d", m->conn[8 * e + k]) < 0;
        bad |= fputc('\n', f) == EOF;
    }
    bad |= fprintf(f, "CELL_TYPES %ld\n", m->ne) < 0;
    for (long e = 0; e < m->ne && !bad; e++)
        bad = fprintf(f, "%d\n", m->nv[e] == 4 ? 10 : 12) < 0;
    bad |= fprintf(f, "CELL_DATA %ld\nSCALARS region int 1\nLOOKUP_TABLE default\n", m->ne) < 0;
    for (long e = 0; e < m->ne && !bad; e++)
        bad = fprintf(f, "%d\n", m->tag[e]) < 0;
    if (m->nfib) {
        bad |= fprintf(f, "VECTORS fibre double\n") < 0;
        for (long e = 0; e < m->ne && !bad; e++)
            bad = fprintf(f, "%.9g %.9g %.9g\n", m->fib[3 * e], m->fib[3 * e + 1], m->fib[3 * e + 2]) < 0;
    }
    if (field) {
        bad |= fprintf(f, "POINT_DATA %ld\nSCALARS %s double 1\nLOOKUP_TABLE default\n", m->nn, name) < 0;
        for (long i = 0; i < m->nn && !bad; i++)
            bad = fprintf(f, "%.10g\n", field[i]) < 0;
    }
    return close_checked(f, bad, path, err, errlen);
}

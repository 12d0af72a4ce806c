/* mesh_write.c: a box as a mesh (hexahedra, or 5 or 6 tetrahedra per cube), and a mesh written
 * as openCARP's files or a legacy VTK unstructured grid (sc_mesh.h). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util_int.h"
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
    ScMesh *m = mesh_alloc((long)nn, (long)(cubes * per));
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

/* A legacy VTK file's values, as text or as big-endian binary (packed in buf, written in chunks):
 * each value is followed by `end` in text (a blank or a newline); a binary section ends with a
 * newline (vo_end). */
typedef struct VtkOut {
    FILE *f;
    int binary, bad;
    size_t n;
    unsigned char buf[1 << 16];
} VtkOut;

static void vo_flush(VtkOut *o) {
    if (o->n && fwrite(o->buf, 1, o->n, o->f) != o->n)
        o->bad = 1;
    o->n = 0;
}

/* The low `bytes` bytes of u, most significant first. */
static void vo_be(VtkOut *o, uint64_t u, int bytes) {
    if (o->n + 8 > sizeof o->buf)
        vo_flush(o);
    for (int k = bytes - 1; k >= 0; k--, u >>= 8)
        o->buf[o->n + (size_t)k] = (unsigned char)u;
    o->n += (size_t)bytes;
}

static void vo_double(VtkOut *o, double x, int digits, char end) {
    uint64_t u;
    memcpy(&u, &x, 8);
    if (o->binary)
        vo_be(o, u, 8);
    else if (!o->bad)
        o->bad = fprintf(o->f, "%.*g%c", digits, x, end) < 0;
}

static void vo_int(VtkOut *o, int v, char end) {
    if (o->binary)
        vo_be(o, (uint32_t)v, 4);
    else if (!o->bad)
        o->bad = fprintf(o->f, "%d%c", v, end) < 0;
}

/* A section's end (binary: its newline), then `line` (the next section's header, or "" at the end). */
static void vo_head(VtkOut *o, const char *line) {
    vo_flush(o);
    if (o->binary && !o->bad)
        o->bad = fputc('\n', o->f) == EOF;
    if (!o->bad)
        o->bad = fputs(line, o->f) == EOF;
}

int sc_mesh_write_vtk(const ScMesh *m, const char *path, const double *field, const char *name,
                      const char *title, int binary, char *err, size_t errlen) {
    VtkOut *o = calloc(1, sizeof *o);
    if (!o) {
        sc_set_err(err, errlen, "%s: out of memory", path);
        return -1;
    }
    if (!(o->f = open_w(path, err, errlen))) {
        free(o);
        return -1;
    }
    o->binary = binary;
    long size = 0;
    for (long e = 0; e < m->ne; e++)
        size += 1 + m->nv[e];
    o->bad = fprintf(o->f,
                     "# vtk DataFile Version 3.0\n%.200s\n%s\nDATASET UNSTRUCTURED_GRID\nPOINTS %ld double\n",
                     title ? title : "starcarp mesh", binary ? "BINARY" : "ASCII", m->nn) < 0;
    for (long i = 0; i < 3 * m->nn; i++)
        vo_double(o, m->xyz[i] * 1000, 10, i % 3 == 2 ? '\n' : ' ');
    char line[320];
    snprintf(line, sizeof line, "CELLS %ld %ld\n", m->ne, size);
    vo_head(o, line);
    for (long e = 0; e < m->ne; e++) {
        vo_int(o, m->nv[e], ' ');
        for (int k = 0; k < m->nv[e]; k++)
            vo_int(o, m->conn[8 * e + k], k + 1 < m->nv[e] ? ' ' : '\n');
    }
    snprintf(line, sizeof line, "CELL_TYPES %ld\n", m->ne);
    vo_head(o, line);
    for (long e = 0; e < m->ne; e++)
        vo_int(o, m->nv[e] == 4 ? 10 : 12, '\n');
    snprintf(line, sizeof line, "CELL_DATA %ld\nSCALARS region int 1\nLOOKUP_TABLE default\n", m->ne);
    vo_head(o, line);
    for (long e = 0; e < m->ne; e++)
        vo_int(o, m->tag[e], '\n');
    if (m->nfib) {
        vo_head(o, "VECTORS fibre double\n");
        for (long i = 0; i < 3 * m->ne; i++)
            vo_double(o, m->fib[i], 9, i % 3 == 2 ? '\n' : ' ');
    }
    if (field) {
        snprintf(line, sizeof line, "POINT_DATA %ld\nSCALARS %.200s double 1\nLOOKUP_TABLE default\n", m->nn,
                 name);
        vo_head(o, line);
        for (long i = 0; i < m->nn; i++)
            vo_double(o, field[i], 10, '\n');
    }
    vo_head(o, "");
    int bad = o->bad;
    FILE *f = o->f;
    free(o);
    return close_checked(f, bad, path, err, errlen);
}

/* mesh_read.c: openCARP's mesh files (.pts, .elem, .lon) and legacy ASCII VTK unstructured grids
 * read into a ScMesh, every error located as FILE:LINE (sc_mesh.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util_int.h"
#include "mesh_int.h"

/* Lines of a file, numbered from 1; blank lines are skipped. */
typedef struct Lines {
    FILE *f;
    char path[4400];
    long line; /* the line in buf */
    char *buf;
    size_t cap;
    char *pos; /* the token reader's position in buf (VTK) */
} Lines;

static int lines_open(Lines *r, const char *path, char *err, size_t errlen) {
    memset(r, 0, sizeof *r);
    snprintf(r->path, sizeof r->path, "%s", path);
    if (!(r->f = fopen(path, "r"))) {
        sc_set_err(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

static void lines_close(Lines *r) {
    if (r->f)
        fclose(r->f);
    free(r->buf);
    r->f = NULL, r->buf = NULL;
}

/* The next non-blank line into r->buf: 1, or 0 at the end of the file. */
static int next_line(Lines *r) {
    for (;;) {
        ssize_t n = getline(&r->buf, &r->cap, r->f);
        if (n < 0)
            return 0;
        r->line++;
        char *p = r->buf;
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n')
            p++;
        if (*p) {
            r->pos = p;
            return 1;
        }
    }
}

/* The numbers of a line: up to max doubles into v; returns how many, -1 when a token is no
 * number. */
static int line_numbers(const char *s, double *v, int max) {
    int n = 0;
    for (;;) {
        while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
            s++;
        if (!*s)
            return n;
        char *end;
        double x = strtod(s, &end);
        if (end == s || (*end && !strchr(" \t\r\n", *end)))
            return -1;
        if (n < max)
            v[n] = x;
        n++, s = end;
    }
}

/* A count line (a non-negative integer alone): the count, or -1 with a message. */
static long count_line(Lines *r, const char *what, char *err, size_t errlen) {
    double v[2];
    if (!next_line(r)) {
        sc_set_err(err, errlen, "%s:1: empty file (expected the number of %s)", r->path, what);
        return -1;
    }
    if (line_numbers(r->buf, v, 2) != 1 || v[0] < 0 || v[0] != floor(v[0]) || v[0] > 2147483647.0) {
        sc_set_err(err, errlen, "%s:%ld: expected the number of %s, a whole number alone on the line",
                   r->path, r->line, what);
        return -1;
    }
    return (long)v[0];
}

/* After `n` records the file must end. 0, or -1 with a message. */
static int expect_end(Lines *r, long n, const char *what, char *err, size_t errlen) {
    if (next_line(r)) {
        sc_set_err(err, errlen, "%s:%ld: more lines than the %ld %s the count line gives", r->path, r->line,
                   n, what);
        return -1;
    }
    return 0;
}

static int short_file(Lines *r, long n, long got, const char *what, char *err, size_t errlen) {
    sc_set_err(err, errlen, "%s:%ld: the file ends after %ld %s; its count line gives %ld", r->path, r->line,
               got, what, n);
    return -1;
}

/* BASE.pts into m->xyz (um to mm); m->nn from its count line. */
static int read_pts(ScMesh **out, const char *path, char *err, size_t errlen) {
    Lines r;
    if (lines_open(&r, path, err, errlen) != 0)
        return -1;
    long n = count_line(&r, "nodes", err, errlen);
    ScMesh *m = n >= 0 ? mesh_alloc(n, 0) : NULL;
    int rc = m ? 0 : -1;
    if (n >= 0 && !m)
        sc_set_err(err, errlen, "%s: out of memory for %ld nodes", path, n);
    for (long i = 0; i < n && !rc; i++) {
        double v[3];
        if (!next_line(&r))
            rc = short_file(&r, n, i, "nodes", err, errlen);
        else if (line_numbers(r.buf, v, 3) != 3 || !isfinite(v[0] + v[1] + v[2])) {
            sc_set_err(err, errlen, "%s:%ld: expected three coordinates x y z (micrometres)", path, r.line);
            rc = -1;
        } else
            for (int d = 0; d < 3; d++)
                m->xyz[3 * i + d] = v[d] / 1000.0;
    }
    if (!rc)
        rc = expect_end(&r, n, "nodes", err, errlen);
    lines_close(&r);
    if (rc)
        sc_mesh_free(m);
    *out = rc ? NULL : m;
    return rc;
}

/* openCARP's element types and their nodes; those other than Tt and Hx are refused. */
static int elem_type(const char *t, int *nv, const char **name) {
    static const struct {
        const char *code, *name;
        int nv;
    } T[] = {{"Tt", "tetrahedron", 4},   {"Hx", "hexahedron", 8}, {"Ln", "line", 2}, {"Tr", "triangle", 3},
             {"Qd", "quadrilateral", 4}, {"Py", "pyramid", 5},    {"Pr", "prism", 6}};
    for (size_t k = 0; k < sizeof T / sizeof T[0]; k++)
        if (!strcmp(t, T[k].code)) {
            *nv = T[k].nv, *name = T[k].name;
            return k < 2 ? 1 : 0;
        }
    return -1;
}

/* One element line of BASE.elem into element e. 0, or -1 with a message. */
static int parse_elem(ScMesh *m, long e, Lines *r, char *err, size_t errlen) {
    char type[16] = "", where[4500];
    snprintf(where, sizeof where, "%s:%ld", r->path, r->line);
    const char *s = r->buf;
    while (*s == ' ' || *s == '\t')
        s++;
    size_t k = strcspn(s, " \t\r\n");
    if (k >= sizeof type)
        k = sizeof type - 1;
    memcpy(type, s, k), s += strcspn(s, " \t\r\n");
    int nv;
    const char *name;
    int known = elem_type(type, &nv, &name);
    if (known < 0) {
        sc_set_err(err, errlen,
                   "%s: unknown element type '%s' (openCARP's types: Tt tetrahedron, Hx hexahedron, Py, Pr, "
                   "Tr, Qd, Ln)",
                   where, type);
        return -1;
    }
    if (known == 0) {
        sc_set_err(err, errlen,
                   "%s: element type '%s' (%s) is not supported: tissue meshes of tetrahedra (Tt) and "
                   "hexahedra (Hx)",
                   where, type, name);
        return -1;
    }
    double v[SC_MESH_MAXV + 2];
    int got = line_numbers(s, v, SC_MESH_MAXV + 2);
    if (got != nv && got != nv + 1) {
        sc_set_err(err, errlen, "%s: a %s (%s) takes %d node indices and an optional region tag; %s", where,
                   name, type, nv, got < 0 ? "found something that is no number" : "found a different count");
        return -1;
    }
    m->nv[e] = (unsigned char)nv;
    for (int q = 0; q < got; q++)
        if (v[q] != floor(v[q]) || fabs(v[q]) > 2147483647.0) {
            sc_set_err(err, errlen, "%s: '%g' is not a whole number", where, v[q]);
            return -1;
        }
    for (int q = 0; q < nv; q++)
        m->conn[8 * e + q] = (int)v[q];
    m->tag[e] = got > nv ? (int)v[nv] : 0;
    return mesh_check_elem(m, e, where, err, errlen);
}

/* BASE.elem into m's elements (their nodes checked against m->nn). */
static int read_elem(ScMesh *m, const char *path, char *err, size_t errlen) {
    Lines r;
    if (lines_open(&r, path, err, errlen) != 0)
        return -1;
    long n = count_line(&r, "elements", err, errlen);
    int rc = n >= 0 ? 0 : -1;
    if (!rc) {
        free(m->nv), free(m->conn), free(m->tag);
        m->ne = n;
        m->nv = malloc((size_t)(n > 0 ? n : 1));
        m->conn = malloc(sizeof(int) * SC_MESH_MAXV * (size_t)(n > 0 ? n : 1));
        m->tag = calloc((size_t)(n > 0 ? n : 1), sizeof(int));
        if (!m->nv || !m->conn || !m->tag) {
            sc_set_err(err, errlen, "%s: out of memory for %ld elements", path, n);
            rc = -1;
        }
    }
    for (long e = 0; e < n && !rc; e++)
        rc =
            next_line(&r) ? parse_elem(m, e, &r, err, errlen) : short_file(&r, n, e, "elements", err, errlen);
    if (!rc)
        rc = expect_end(&r, n, "elements", err, errlen);
    if (!rc && n == 0) {
        sc_set_err(err, errlen, "%s:1: no elements", path);
        rc = -1;
    }
    lines_close(&r);
    return rc;
}

/* BASE.lon: its first line the number of vectors per element (1 or 2; a first line of 3 or 6
 * numbers is a file without it), then one line per element. */
static int read_lon(ScMesh *m, const char *path, char *err, size_t errlen) {
    Lines r;
    if (lines_open(&r, path, err, errlen) != 0)
        return -1;
    double v[7];
    int rc = 0, have = 0;
    if (!next_line(&r)) {
        sc_set_err(err, errlen, "%s:1: empty file (expected 1 or 2, the vectors per element)", path);
        rc = -1;
    } else {
        int k = line_numbers(r.buf, v, 7);
        if (k == 1 && (v[0] == 1 || v[0] == 2))
            m->nfib = (int)v[0];
        else if (k == 3 || k == 6)
            m->nfib = k / 3, have = 1;
        else {
            sc_set_err(err, errlen, "%s:%ld: expected 1 or 2 (the vectors per element: fibre, sheet)", path,
                       r.line);
            rc = -1;
        }
    }
    if (!rc) {
        m->fib = malloc(sizeof(double) * 3 * (size_t)m->ne);
        m->sheet = m->nfib > 1 ? malloc(sizeof(double) * 3 * (size_t)m->ne) : NULL;
        if (!m->fib || (m->nfib > 1 && !m->sheet)) {
            sc_set_err(err, errlen, "%s: out of memory", path);
            rc = -1;
        }
    }
    for (long e = 0; e < m->ne && !rc; e++) {
        if (!have && !next_line(&r)) {
            sc_set_err(err, errlen, "%s:%ld: the file ends after %ld fibres; the mesh has %ld elements", path,
                       r.line, e, m->ne);
            rc = -1;
            break;
        }
        have = 0;
        char where[4500];
        snprintf(where, sizeof where, "%s:%ld", path, r.line);
        if (line_numbers(r.buf, v, 7) != 3 * m->nfib) {
            sc_set_err(err, errlen, "%s: expected %d numbers (%s)", where, 3 * m->nfib,
                       m->nfib == 1 ? "the fibre: fx fy fz" : "the fibre and the sheet: fx fy fz sx sy sz");
            rc = -1;
            break;
        }
        memcpy(m->fib + 3 * e, v, 3 * sizeof(double));
        if (m->nfib > 1)
            memcpy(m->sheet + 3 * e, v + 3, 3 * sizeof(double));
        rc = mesh_check_fibre(m, e, where, err, errlen);
    }
    if (!rc && next_line(&r)) {
        sc_set_err(err, errlen, "%s:%ld: more fibres than the mesh's %ld elements", path, r.line, m->ne);
        rc = -1;
    }
    lines_close(&r);
    return rc;
}

/* openCARP's three files of base name `base`. */
static ScMesh *read_carp(const char *base, char *err, size_t errlen) {
    char p[4200];
    ScMesh *m = NULL;
    snprintf(p, sizeof p, "%s.pts", base);
    if (read_pts(&m, p, err, errlen) != 0)
        return NULL;
    snprintf(p, sizeof p, "%s.elem", base);
    int rc = read_elem(m, p, err, errlen);
    snprintf(p, sizeof p, "%s.lon", base);
    if (!rc)
        rc = read_lon(m, p, err, errlen);
    if (rc) {
        sc_mesh_free(m);
        return NULL;
    }
    return m;
}

/* ---- legacy VTK ---- */

/* The next whitespace-separated token of the file (across lines) into tok; 0 at the end. */
static int vtk_token(Lines *r, char *tok, size_t len) {
    for (;;) {
        if (r->pos) {
            while (*r->pos == ' ' || *r->pos == '\t' || *r->pos == '\r' || *r->pos == '\n')
                r->pos++;
            if (*r->pos) {
                size_t k = strcspn(r->pos, " \t\r\n");
                snprintf(tok, len, "%.*s", (int)(k < len ? k : len - 1), r->pos);
                r->pos += k;
                return 1;
            }
        }
        if (!next_line(r))
            return 0;
    }
}

/* The next token as a number (whole when `whole`). 0, or -1 with a message naming `what`. */
static int vtk_num(Lines *r, double *x, int whole, const char *what, char *err, size_t errlen) {
    char t[64], *end;
    if (!vtk_token(r, t, sizeof t)) {
        sc_set_err(err, errlen, "%s:%ld: the file ends where %s was expected", r->path, r->line, what);
        return -1;
    }
    *x = strtod(t, &end);
    if (*end || end == t || (whole && *x != floor(*x)) || !isfinite(*x)) {
        sc_set_err(err, errlen, "%s:%ld: '%s' where %s was expected", r->path, r->line, t, what);
        return -1;
    }
    return 0;
}

/* A keyword token, case-sensitive as VTK writes them. 0, or -1 with a message. */
static int vtk_expect(Lines *r, const char *kw, char *err, size_t errlen) {
    char t[64] = "";
    if (!vtk_token(r, t, sizeof t) || strcmp(t, kw)) {
        sc_set_err(err, errlen, "%s:%ld: expected %s, found '%s'", r->path, r->line, kw, t);
        return -1;
    }
    return 0;
}

/* The header, POINTS and CELLS/CELL_TYPES of a VTK file into a new mesh. */
static ScMesh *vtk_geometry(Lines *r, char *err, size_t errlen) {
    char t[256];
    if (!next_line(r) || strncmp(r->buf, "# vtk DataFile", 14)) {
        sc_set_err(err, errlen, "%s:1: not a legacy VTK file (no '# vtk DataFile Version' line)", r->path);
        return NULL;
    }
    if (!next_line(r) || !vtk_token(r, t, sizeof t)) { /* the title line, then ASCII */
        sc_set_err(err, errlen, "%s: the file ends in its header", r->path);
        return NULL;
    }
    r->pos = NULL;
    if (!vtk_token(r, t, sizeof t) || strcmp(t, "ASCII")) {
        sc_set_err(err, errlen, "%s:%ld: '%s': only ASCII legacy VTK files are read", r->path, r->line, t);
        return NULL;
    }
    double n, x;
    if (vtk_expect(r, "DATASET", err, errlen) || vtk_expect(r, "UNSTRUCTURED_GRID", err, errlen) ||
        vtk_expect(r, "POINTS", err, errlen) || vtk_num(r, &n, 1, "the number of points", err, errlen) ||
        !vtk_token(r, t, sizeof t))
        return NULL;
    ScMesh *m = mesh_alloc((long)n, 0);
    if (!m) {
        sc_set_err(err, errlen, "%s: out of memory for %.0f points", r->path, n);
        return NULL;
    }
    for (long i = 0; i < 3 * m->nn; i++) {
        if (vtk_num(r, &x, 0, "a coordinate", err, errlen)) {
            sc_mesh_free(m);
            return NULL;
        }
        m->xyz[i] = x / 1000.0;
    }
    double ne, size;
    if (vtk_expect(r, "CELLS", err, errlen) || vtk_num(r, &ne, 1, "the number of cells", err, errlen) ||
        vtk_num(r, &size, 1, "the size of the cell list", err, errlen)) {
        sc_mesh_free(m);
        return NULL;
    }
    free(m->nv), free(m->conn), free(m->tag);
    m->ne = (long)ne;
    m->nv = malloc((size_t)ne + 1), m->conn = malloc(sizeof(int) * 8 * ((size_t)ne + 1));
    m->tag = calloc((size_t)ne + 1, sizeof(int));
    long *lines = malloc(sizeof(long) * ((size_t)ne + 1));
    int bad = !m->nv || !m->conn || !m->tag || !lines;
    for (long e = 0; e < m->ne && !bad; e++) {
        bad = vtk_num(r, &x, 1, "a cell's node count", err, errlen) != 0;
        lines[e] = r->line;
        if (!bad && x != 4 && x != 8) {
            sc_set_err(err, errlen, "%s:%ld: a cell of %g nodes: tetrahedra (4) and hexahedra (8) only",
                       r->path, r->line, x);
            bad = 1;
        }
        m->nv[e] = (unsigned char)x;
        for (int k = 0; k < m->nv[e] && !bad; k++) {
            bad = vtk_num(r, &x, 1, "a node index", err, errlen) != 0;
            m->conn[8 * e + k] = x >= 0 && x < 2147483647.0 ? (int)x : -1;
        }
    }
    bad = bad || vtk_expect(r, "CELL_TYPES", err, errlen) ||
          vtk_num(r, &x, 1, "the number of cells", err, errlen);
    if (!bad && (long)x != m->ne) {
        sc_set_err(err, errlen, "%s:%ld: CELL_TYPES gives %g cells, CELLS %ld", r->path, r->line, x, m->ne);
        bad = 1;
    }
    for (long e = 0; e < m->ne && !bad; e++) {
        bad = vtk_num(r, &x, 1, "a cell type", err, errlen) != 0;
        if (!bad && !((x == 10 && m->nv[e] == 4) || (x == 12 && m->nv[e] == 8))) {
            sc_set_err(
                err, errlen,
                "%s:%ld: cell %ld: unknown or unsupported cell type %g with %d nodes (10: tetrahedron, 12: "
                "hexahedron)",
                r->path, r->line, e, x, m->nv[e]);
            bad = 1;
        }
        char where[4500];
        snprintf(where, sizeof where, "%s:%ld", r->path, lines[e]);
        bad = bad || mesh_check_elem(m, e, where, err, errlen) != 0;
    }
    free(lines);
    if (bad) {
        sc_mesh_free(m);
        return NULL;
    }
    return m;
}

/* CELL_DATA: integer SCALARS are the tags, the first VECTORS the fibres, a second the sheets;
 * anything after POINT_DATA is ignored. 0, or -1 with a message. */
static int vtk_cell_data(ScMesh *m, Lines *r, char *err, size_t errlen) {
    char t[256], name[256], type[64];
    double x;
    if (!vtk_token(r, t, sizeof t) || strcmp(t, "CELL_DATA"))
        return 0;
    if (vtk_num(r, &x, 1, "the number of cells", err, errlen))
        return -1;
    if ((long)x != m->ne) {
        sc_set_err(err, errlen, "%s:%ld: CELL_DATA for %g cells; the grid has %ld", r->path, r->line, x,
                   m->ne);
        return -1;
    }
    while (vtk_token(r, t, sizeof t) && strcmp(t, "POINT_DATA")) {
        int vec = !strcmp(t, "VECTORS");
        if (!vec && strcmp(t, "SCALARS")) {
            sc_set_err(err, errlen, "%s:%ld: '%s' in CELL_DATA (SCALARS and VECTORS are read)", r->path,
                       r->line, t);
            return -1;
        }
        if (!vtk_token(r, name, sizeof name) || !vtk_token(r, type, sizeof type))
            break;
        if (!vec) { /* [numComp] LOOKUP_TABLE name */
            if (!vtk_token(r, t, sizeof t) || (strcmp(t, "LOOKUP_TABLE") && !vtk_token(r, t, sizeof t)) ||
                strcmp(t, "LOOKUP_TABLE") || !vtk_token(r, t, sizeof t)) {
                sc_set_err(err, errlen, "%s:%ld: SCALARS %s: expected LOOKUP_TABLE", r->path, r->line, name);
                return -1;
            }
        }
        int tags = !vec && strstr("int long short unsigned_int unsigned_short unsigned_char char", type);
        double *dst = NULL;
        if (vec && m->nfib < 2) {
            double **p = m->nfib == 0 ? &m->fib : &m->sheet;
            if (!(*p = malloc(sizeof(double) * 3 * (size_t)m->ne))) {
                sc_set_err(err, errlen, "out of memory");
                return -1;
            }
            dst = *p, m->nfib++;
        }
        for (long e = 0; e < m->ne * (vec ? 3 : 1); e++) {
            if (vtk_num(r, &x, tags, tags ? "a whole number" : "a number", err, errlen))
                return -1;
            if (tags)
                m->tag[e] = (int)x;
            else if (dst)
                dst[e] = x;
        }
    }
    for (long e = 0; e < m->ne && m->nfib; e++) {
        char where[4500];
        snprintf(where, sizeof where, "%s: VECTORS", r->path);
        if (mesh_check_fibre(m, e, where, err, errlen))
            return -1;
    }
    return 0;
}

static ScMesh *read_vtk(const char *path, char *err, size_t errlen) {
    Lines r;
    if (lines_open(&r, path, err, errlen) != 0)
        return NULL;
    ScMesh *m = vtk_geometry(&r, err, errlen);
    if (m && vtk_cell_data(m, &r, err, errlen) != 0) {
        sc_mesh_free(m);
        m = NULL;
    }
    lines_close(&r);
    return m;
}

static int ends_with(const char *s, const char *suf) {
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

ScMesh *sc_mesh_read(const char *path, char *err, size_t errlen) {
    if (!path || !*path) {
        sc_set_err(err, errlen, "no mesh named");
        return NULL;
    }
    if (ends_with(path, ".vtk"))
        return read_vtk(path, err, errlen);
    char base[4096];
    snprintf(base, sizeof base, "%s", path);
    static const char *suf[] = {".pts", ".elem", ".lon"};
    for (int k = 0; k < 3; k++)
        if (ends_with(base, suf[k]))
            base[strlen(base) - strlen(suf[k])] = 0;
    return read_carp(base, err, errlen);
}

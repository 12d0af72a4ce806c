/* bench_out.c: the output files of `starcarp bench` and its state files (see bench_out.h for the
 * files, their names and layouts).
 *
 * A writer holds the text table (stdout or NAME.txt) and a list of binary files, each fed one
 * float64 per row: t, Vm, Iion, then the selected states. Every failing stdio call records
 * "PATH: strerror" once; later rows are refused and bout_close reports the first failure. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_out.h"
#include "recfile.h"
#include "svfile.h"

/* Put a printf-style message into err (when not NULL) and evaluate to -1. */
#define FAIL(err, errlen, ...) (snprintf((err), (err) ? (errlen) : 0, __VA_ARGS__), -1)

typedef struct {
    char *path;
    RecFile *f;
    int sv; /* the state it samples, or -1 for Vm, Iion, t */
} BinFile;

struct BoutWriter {
    RecFile *table; /* stdout, NAME.txt, or NULL (-B) */
    char *header_path; /* NAME_header.txt, or NULL when no binary file is written */
    BinFile *bins; /* Vm, Iion, t (with -B or --validate), then the states */
    int nbins, nstate_bins;
    long rows;
    char err[640];
};

/* Record the first error of the writer: "PATH: strerror(errno)". */
static int sys_fail(BoutWriter *w, const char *path) {
    if (!w->err[0])
        snprintf(w->err, sizeof w->err, "%s: %s", path, strerror(errno ? errno : EIO));
    return -1;
}

/* Record the first error of the writer from record file f's. */
static int rec_fail(BoutWriter *w, const RecFile *f) {
    if (!w->err[0])
        snprintf(w->err, sizeof w->err, "%s", rec_error(f));
    return -1;
}

/* a, b and c joined into a malloc'd string (NULL when out of memory). */
static char *join3(const char *a, const char *b, const char *c) {
    size_t la = strlen(a), lb = strlen(b), lc = strlen(c);
    char *s = malloc(la + lb + lc + 1);
    if (s) {
        memcpy(s, a, la);
        memcpy(s + la, b, lb);
        memcpy(s + la + lb, c, lc + 1);
    }
    return s;
}

static const char *base_name(const char *path) {
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* Close every file of the writer (stdout is flushed only), recording the first failure. */
static void close_all(BoutWriter *w) {
    char e[640];
    if (rec_close(w->table, e, sizeof e) < 0 && !w->err[0])
        snprintf(w->err, sizeof w->err, "%s", e);
    w->table = NULL;
    for (int k = 0; k < w->nbins; k++) {
        if (rec_close(w->bins[k].f, e, sizeof e) < 0 && !w->err[0])
            snprintf(w->err, sizeof w->err, "%s", e);
        w->bins[k].f = NULL;
    }
}

static void destroy(BoutWriter *w) {
    for (int k = 0; k < w->nbins; k++)
        free(w->bins[k].path);
    free(w->bins);
    free(w->header_path);
    free(w);
}

/* Add binary file base+suffix (sample source sv) to the writer and open it. */
static int add_bin(BoutWriter *w, const char *base, const char *mid, const char *suffix, int sv) {
    BinFile *b = &w->bins[w->nbins];
    b->sv = sv;
    b->path = join3(base, mid, suffix);
    if (!b->path) {
        errno = ENOMEM;
        return sys_fail(w, base);
    }
    w->nbins++;
    b->f = rec_open(b->path, 0, 0, w->err, sizeof w->err);
    return b->f ? 0 : -1;
}

BoutWriter *bout_open(const char *fout, int binary, int validate, const char *model_name, int nsv,
                      const char *const *sv_names, const int *dump, char *err, size_t errlen) {
    const char *base = fout ? fout : BOUT_DEFAULT_NAME;
    int nstates = 0;
    for (int k = 0; k < nsv; k++)
        nstates += validate || (dump && dump[k]);
    if (nstates && (!model_name || !*model_name || strchr(model_name, '/'))) {
        (void)FAIL(err, errlen, "%s: the model's name '%s' cannot be part of a file name", base,
                   model_name ? model_name : "");
        return NULL;
    }
    BoutWriter *w = calloc(1, sizeof *w);
    int ntvi = binary || validate ? 3 : 0;
    if (w)
        w->bins = calloc((size_t)(ntvi + nstates) + 1, sizeof *w->bins);
    if (!w || !w->bins) {
        free(w);
        (void)FAIL(err, errlen, "%s: out of memory", base);
        return NULL;
    }
    errno = 0;
    if (!binary && !validate && !fout) {
        if (!(w->table = rec_stdout(0)))
            sys_fail(w, "stdout");
    } else if (!binary && !validate) {
        char *path = join3(base, ".txt", "");
        if (!path)
            sys_fail(w, base);
        else
            w->table = rec_open(path, 0, 0, w->err, sizeof w->err);
        free(path);
    }
    static const char *const tvi[3] = {".Vm.bin", ".Iion.bin", ".t.bin"};
    for (int k = 0; k < ntvi && !w->err[0]; k++)
        add_bin(w, base, "", tvi[k], -1);
    char *prefix = nstates ? join3("_", model_name, ".") : NULL;
    if (nstates && !prefix && !w->err[0]) {
        errno = ENOMEM;
        sys_fail(w, base);
    }
    for (int k = 0; k < nsv && !w->err[0]; k++)
        if (validate || (dump && dump[k])) {
            char *mid = join3(prefix, sv_names[k], "");
            if (!mid) {
                errno = ENOMEM;
                sys_fail(w, base);
                break;
            }
            add_bin(w, base, mid, ".bin", k);
            free(mid);
            w->nstate_bins++;
        }
    free(prefix);
    if (w->nstate_bins && !w->err[0] && !(w->header_path = join3(base, "_header.txt", ""))) {
        errno = ENOMEM;
        sys_fail(w, base);
    }
    if (w->err[0]) {
        (void)FAIL(err, errlen, "%s", w->err);
        close_all(w);
        destroy(w);
        return NULL;
    }
    return w;
}

/* Append x as 8 little-endian bytes to the binary file b. */
static int put_le64(BoutWriter *w, BinFile *b, double x) {
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    unsigned char bytes[8];
    for (int i = 0; i < 8; i++)
        bytes[i] = (unsigned char)(u >> (8 * i));
    return rec_put(b->f, bytes, 8) == 0 ? 0 : rec_fail(w, b->f);
}

int bout_row(BoutWriter *w, double t, double vm, double iion, const double *sv) {
    if (w->err[0])
        return -1;
    if (w->nstate_bins && !sv) {
        snprintf(w->err, sizeof w->err, "bout_row: the states are written but none were given");
        return -1;
    }
    if (w->table && rec_printf(w->table, "%10.3f %+.8e %+.8e \n", t, vm, iion) < 0)
        return rec_fail(w, w->table);
    const double tvi[3] = {vm, iion, t};
    for (int k = 0, i = 0; k < w->nbins; k++)
        if (put_le64(w, &w->bins[k], w->bins[k].sv >= 0 ? sv[w->bins[k].sv] : tvi[i++]) < 0)
            return -1;
    w->rows++;
    return 0;
}

const char *bout_error(const BoutWriter *w) { return w->err; }

/* Write NAME_header.txt for the rows so far: the byte order, then one line per binary file (see
 * bench_out.h); through NAME_header.txt.tmp renamed over it, so that the file is always whole. */
static void write_header(BoutWriter *w) {
    char *tmp = join3(w->header_path, ".tmp", "");
    errno = 0;
    FILE *f = tmp ? fopen(tmp, "w") : NULL;
    if (!f) {
        sys_fail(w, tmp ? tmp : w->header_path);
        free(tmp);
        return;
    }
    int bad = fprintf(f, "0  # is bigendian\n") < 0;
    for (int k = 0; k < w->nbins && !bad; k++)
        bad = fprintf(f, "%32s %10s %2d %10ld\n", base_name(w->bins[k].path),
                      w->bins[k].sv < 0 ? "Real" : "GlobalData_t", 8, w->rows) < 0;
    if (bad) {
        sys_fail(w, tmp);
        fclose(f);
    } else if (fclose(f) != 0 || rename(tmp, w->header_path) != 0)
        sys_fail(w, w->header_path);
    free(tmp);
}

int bout_flush(BoutWriter *w) {
    if (w->err[0])
        return -1;
    if (w->table && rec_flush(w->table) < 0)
        return rec_fail(w, w->table);
    for (int k = 0; k < w->nbins; k++)
        if (rec_flush(w->bins[k].f) < 0)
            return rec_fail(w, w->bins[k].f);
    if (w->header_path) /* every row is in the binary files now */
        write_header(w);
    return w->err[0] ? -1 : 0;
}

int bout_close(BoutWriter *w, char *err, size_t errlen) {
    if (!w)
        return 0;
    close_all(w); /* the header is written only when every data file is complete */
    if (w->header_path && !w->err[0])
        write_header(w);
    int rc = w->err[0] ? FAIL(err, errlen, "%s", w->err) : 0;
    destroy(w);
    return rc;
}

const char *bout_probe_name(const char *fout, long cell, int index, char *buf, size_t len) {
    if (index == 0)
        return fout;
    int n = snprintf(buf, len, "%s_cell%ld", fout ? fout : BOUT_DEFAULT_NAME, cell);
    return n >= 0 && (size_t)n < len ? buf : NULL;
}

struct BoutTrace {
    RecFile *f;
    char *line; /* one row, formatted before it is written whole */
    size_t cap;
    int ntr;
};

BoutTrace *bout_trace_open(long trace_no, const char *model, int ntr, const char *const *names, char *err,
                           size_t errlen) {
    char hpath[512], path[64];
    snprintf(hpath, sizeof hpath, "%s_trace_header.txt", model);
    errno = 0;
    FILE *h = fopen(hpath, "w");
    int bad = !h;
    for (int k = 0; k < ntr && !bad; k++)
        bad = fprintf(h, "%s\n", names[k]) < 0;
    int e = errno ? errno : EIO;
    if (h && fclose(h) != 0 && !bad)
        bad = 1, e = errno ? errno : EIO;
    if (bad) {
        (void)FAIL(err, errlen, "%s: %s", hpath, strerror(e));
        return NULL;
    }
    snprintf(path, sizeof path, "Trace_%ld.dat", trace_no);
    BoutTrace *tw = calloc(1, sizeof *tw);
    if (tw)
        tw->cap = 64 + 64 * (size_t)ntr, tw->line = malloc(tw->cap);
    if (!tw || !tw->line) {
        if (tw)
            free(tw);
        (void)FAIL(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    tw->ntr = ntr;
    if (!(tw->f = rec_open(path, 0, 0, err, errlen))) {
        free(tw->line), free(tw);
        return NULL;
    }
    return tw;
}

/* The row of time t and the traced values into tw->line (grown to fit); its length, or 0 when out
 * of memory. */
static size_t trace_line(BoutTrace *tw, double t, const double *vals) {
    for (;;) {
        size_t n = (size_t)snprintf(tw->line, tw->cap, "%4.10f\t", t);
        for (int k = 0; k < tw->ntr; k++)
            n += (size_t)snprintf(tw->line + (n < tw->cap ? n : tw->cap), n < tw->cap ? tw->cap - n : 0,
                                  "%4.12f\t", vals[k]);
        if (n + 1 < tw->cap) {
            tw->line[n++] = '\n';
            return n;
        }
        char *more = realloc(tw->line, n + 64);
        if (!more)
            return 0;
        tw->line = more, tw->cap = n + 64;
    }
}

int bout_trace_row(BoutTrace *tw, double t, const double *vals) {
    size_t n = trace_line(tw, t, vals);
    return n ? rec_put(tw->f, tw->line, n) : -1;
}

int bout_trace_flush(BoutTrace *tw) { return tw ? rec_flush(tw->f) : 0; }

int bout_trace_close(BoutTrace *tw, char *err, size_t errlen) {
    if (!tw)
        return 0;
    int rc = rec_close(tw->f, err, errlen);
    free(tw->line), free(tw);
    return rc;
}

int bout_dump_mask(const char *list, const char *model, int nsv, const char *const *names, int *mask,
                   char *err, size_t errlen) {
    for (int k = 0; k < nsv; k++)
        mask[k] = 0;
    const char *p = list;
    for (int item = 1;; item++) {
        size_t len = strcspn(p, ",");
        const char *s = p, *e = p + len;
        while (s < e && isspace((unsigned char)*s))
            s++;
        while (e > s && isspace((unsigned char)e[-1]))
            e--;
        if (s == e)
            return FAIL(err, errlen, "--imp-sv-dump: empty item %d in '%s'", item, list);
        int k = svf_find(nsv, names, s, (size_t)(e - s));
        if (k < 0) {
            int rc =
                FAIL(err, errlen, "--imp-sv-dump: unknown state '%.*s' of model %s", (int)(e - s), s, model);
            svf_list(err, errlen, nsv, names);
            return rc;
        }
        mask[k] = 1;
        if (!p[len])
            return 0;
        p += len + 1;
    }
}

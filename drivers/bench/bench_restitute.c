/* bench_restitute.c: openCARP bench's restitution protocols: the protocol file and its pulse
 * times (see bench_restitute.h for the file layout and the protocols). */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_restitute.h"

#define FAIL(err, errlen, ...) (snprintf((err), (err) ? (errlen) : 0, __VA_ARGS__), -1)

BrsKind brs_kind(const char *name) {
    if (!strcmp(name, "S1S2"))
        return BRS_S1S2;
    if (!strcmp(name, "dyn"))
        return BRS_DYN;
    return BRS_NONE;
}

/* The numbers of the file, one per line (comments after '#'); at most max, line numbers in lines.
 * Returns the count, or -1 with err set. */
static int read_numbers(FILE *f, const char *path, double *x, long *lines, int max, char *err,
                        size_t errlen) {
    char buf[512];
    long lineno = 0;
    int n = 0;
    while (fgets(buf, sizeof buf, f)) {
        lineno++;
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = '\0';
        char *s = buf;
        while (isspace((unsigned char)*s))
            s++;
        for (size_t len = strlen(s); len && isspace((unsigned char)s[len - 1]);)
            s[--len] = '\0';
        if (!*s)
            continue;
        char *end;
        double v = strtod(s, &end);
        while (isspace((unsigned char)*end))
            end++;
        if (end == s || *end || !isfinite(v))
            return FAIL(err, errlen, "--res-file %s:%ld: expected one number per line, got '%s'", path,
                        lineno, s);
        if (n == max)
            return FAIL(err, errlen, "--res-file %s:%ld: more than the %d numbers of the protocol", path,
                        lineno, max);
        x[n] = v, lines[n++] = lineno;
    }
    return n;
}

/* Check value k of the file against its rule; names the field. */
static int check_field(const char *path, long line, const char *what, double v, int integer, double lo,
                       char *err, size_t errlen) {
    if (v < lo || (integer && v != floor(v)) || v > 1e9)
        return FAIL(err, errlen, "--res-file %s:%ld: %s must be %s >= %g, got %g", path, line, what,
                    integer ? "an integer" : "a number", lo, v);
    return 0;
}

int brs_load(const char *path, BrsKind kind, BrsProtocol *p, char *err, size_t errlen) {
    errno = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return FAIL(err, errlen, "--res-file %s: %s", path, strerror(errno));
    double x[8];
    long line[8];
    int n = read_numbers(f, path, x, line, 7, err, errlen);
    fclose(f);
    if (n < 0)
        return -1;
    int want = kind == BRS_S1S2 ? 7 : 6;
    if (n == 0)
        return FAIL(err, errlen, "--res-file %s: no numbers (expected the %d of the %s protocol)", path, want,
                    kind == BRS_S1S2 ? "S1S2" : "dyn");
    if (x[0] != (kind == BRS_S1S2 ? 1 : 0))
        return FAIL(err, errlen,
                    "--res-file %s:%ld: the protocol selection is %g but --restitute %s needs %d (1 = S1S2, "
                    "0 = dynamic)",
                    path, line[0], x[0], kind == BRS_S1S2 ? "S1S2" : "dyn", kind == BRS_S1S2 ? 1 : 0);
    if (n != want)
        return FAIL(err, errlen, "--res-file %s: %d numbers, the %s protocol has %d", path, n,
                    kind == BRS_S1S2 ? "S1S2" : "dyn", want);
    static const char *const s1s2[7] = {"",
                                        "prebeats",
                                        "the basic cycle length",
                                        "CI1 (S2 prematurity start)",
                                        "CI0 (S2 prematurity end)",
                                        "nbeats",
                                        "CIinc"};
    static const char *const dyn[6] = {
        "",       "prebeats",     "the initial basic cycle length", "the final basic cycle length",
        "nbeats", "the decrement"};
    const char *const *names = kind == BRS_S1S2 ? s1s2 : dyn;
    const int nb = kind == BRS_S1S2 ? 5 : 4;
    for (int k = 1; k < want; k++) {
        int integer = k == 1 || k == nb;
        double lo = k == 1 ? 0 : integer ? 1 : 1e-9;
        if (check_field(path, line[k], names[k], x[k], integer, lo, err, errlen))
            return -1;
    }
    memset(p, 0, sizeof *p);
    p->kind = kind;
    p->prebeats = (long)x[1];
    p->bcl = x[2];
    p->ci_start = kind == BRS_S1S2 ? x[3] : x[2];
    p->ci_end = kind == BRS_S1S2 ? x[4] : x[3];
    p->nbeats = (long)x[nb];
    p->ci_dec = x[nb + 1];
    if (p->ci_end > p->ci_start)
        return FAIL(err, errlen, "--res-file %s:%ld: %s (%g ms) is above %s (%g ms)", path,
                    line[kind == BRS_S1S2 ? 4 : 3], names[kind == BRS_S1S2 ? 4 : 3], p->ci_end,
                    names[kind == BRS_S1S2 ? 3 : 2], p->ci_start);
    return 0;
}

/* The number of coupling intervals (S2s, or cycle lengths) of the protocol (a double: a file's
 * values may make more than a long holds). */
static double n_steps_of(const BrsProtocol *p) {
    return floor((p->ci_start - p->ci_end) / p->ci_dec + 1e-9) + 1;
}

BrsSize brs_size(const BrsProtocol *p) {
    BrsSize s;
    int s1s2 = p->kind == BRS_S1S2;
    s.nci = n_steps_of(p);
    s.pulses = (double)p->prebeats + s.nci * ((double)p->nbeats + (s1s2 ? 1 : 0));
    /* every pulse follows the one before by its gap (the first by BCL): the sum of the gaps less
       the first's */
    double sum_ci = s.nci * p->ci_start - p->ci_dec * s.nci * (s.nci - 1) / 2;
    double cycles = s1s2 ? s.nci * (double)p->nbeats * p->bcl + sum_ci : (double)p->nbeats * sum_ci;
    s.span_ms = (double)p->prebeats * p->bcl + cycles - p->bcl;
    return s;
}

int brs_check_usual(const BrsProtocol *p, const char *path, double outside_ms, double dt, int long_ok,
                    char *err, size_t errlen) {
    BrsSize s = brs_size(p);
    double ms = s.span_ms + outside_ms;
    if (long_ok || (ms <= BRS_USUAL_MS && s.pulses <= (double)BRS_USUAL_PULSES))
        return 0;
    char vals[256];
    if (p->kind == BRS_S1S2)
        snprintf(vals, sizeof vals,
                 "1, prebeats %ld, BCL %g ms, CI1 %g ms, CI0 %g ms, nbeats %ld, CIinc %g ms", p->prebeats,
                 p->bcl, p->ci_start, p->ci_end, p->nbeats, p->ci_dec);
    else
        snprintf(vals, sizeof vals, "0, prebeats %ld, BCL %g ms, CI0 %g ms, nbeats %ld, CIinc %g ms",
                 p->prebeats, p->bcl, p->ci_end, p->nbeats, p->ci_dec);
    return FAIL(err, errlen,
                "--res-file %s: the %s protocol (%s) makes %.0f %s, %.0f pulses and %.4g min of simulated "
                "time (%.3g steps of --dt %g ms), far beyond a usual restitution protocol (up to %g min "
                "and %ld pulses); check the order of the file's numbers (%s) or give --long-run to run it",
                path, p->kind == BRS_S1S2 ? "S1S2" : "dyn", vals, s.nci,
                p->kind == BRS_S1S2 ? "S2 coupling intervals" : "cycle lengths", s.pulses, ms / 60000,
                ms / dt + 1, dt, BRS_USUAL_MS / 60000, BRS_USUAL_PULSES,
                p->kind == BRS_S1S2 ? "1, prebeats, BCL, CI1, CI0, nbeats, CIinc"
                                    : "0, prebeats, BCL, CI0, nbeats, CIinc");
}

int brs_row_whole(const double *pulses, long np, long j, double t_end) {
    return j + 2 < np ? pulses[j + 2] <= t_end : isinf(t_end) && t_end > 0;
}

long brs_whole_rows(const double *pulses, const unsigned char *marks, long np, double t_end, long *total) {
    long n = 0, all = 0;
    for (long j = 0; j < np; j++)
        if (marks[j] & BRS_MEASURE) {
            all++;
            n += brs_row_whole(pulses, np, j, t_end);
        }
    if (total)
        *total = all;
    return n;
}

long brs_times(const BrsProtocol *p, double t0, double **times, unsigned char **marks, char *err,
               size_t errlen) {
    *times = NULL, *marks = NULL;
    double total = brs_size(p).pulses;
    if (total > BRS_MAX_PULSES || total < 1)
        return FAIL(err, errlen, "--res-file: the protocol has %.0f pulses (1 to %ld accepted)", total,
                    BRS_MAX_PULSES);
    long n = (long)total, k = 0;
    double *t = malloc(sizeof(double) * (size_t)n);
    unsigned char *m = calloc((size_t)n, 1);
    if (!t || !m) {
        free(t), free(m);
        return FAIL(err, errlen, "--res-file: out of memory for %ld pulses", n);
    }
    double last = t0;
    for (long b = 0; b < p->prebeats; b++, k++) {
        t[k] = k ? last + p->bcl : t0;
        m[k] = BRS_PREPACE;
        last = t[k];
    }
    for (long i = 0, nci = (long)n_steps_of(p); i < nci; i++) {
        double ci = p->ci_start - (double)i * p->ci_dec;
        double cycle = p->kind == BRS_S1S2 ? p->bcl : ci;
        for (long b = 0; b < p->nbeats; b++, k++) {
            t[k] = k ? last + cycle : t0;
            last = t[k];
        }
        if (p->kind == BRS_S1S2) {
            t[k] = k ? last + ci : t0;
            m[k] = BRS_S2 | BRS_MEASURE;
            last = t[k++];
        } else
            m[k - 1] |= BRS_MEASURE;
    }
    *times = t, *marks = m;
    return n;
}

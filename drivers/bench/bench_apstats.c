/* bench_apstats.c: action potential statistics of a Vm trace and the files that list them (see
 * bench_apstats.h for the definitions and the layout). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_apstats.h"
#include "bench_restitute.h"

#define FAIL(err, errlen, ...) (snprintf((err), (err) ? (errlen) : 0, __VA_ARGS__), -1)

int bap_add(BapTrace *tr, double t, double v) {
    if (tr->n == tr->cap) {
        long cap = tr->cap ? 2 * tr->cap : 4096;
        double *nt = realloc(tr->t, sizeof(double) * (size_t)cap);
        if (!nt)
            return -1;
        tr->t = nt;
        double *nv = realloc(tr->v, sizeof(double) * (size_t)cap);
        if (!nv)
            return -1;
        tr->v = nv, tr->cap = cap;
    }
    tr->t[tr->n] = t, tr->v[tr->n++] = v;
    return 0;
}

void bap_free(BapTrace *tr) {
    free(tr->t), free(tr->v);
    memset(tr, 0, sizeof *tr);
}

/* The time after sample p (the peak) at which v first falls to level or below, interpolated; nan
 * when it does not before sample e. */
static double fall_time(const BapTrace *tr, long p, long e, double level) {
    for (long i = p + 1; i < e; i++)
        if (tr->v[i] <= level) {
            double v0 = tr->v[i - 1], v1 = tr->v[i];
            double f = v0 > v1 ? (v0 - level) / (v0 - v1) : 1;
            return tr->t[i - 1] + f * (tr->t[i] - tr->t[i - 1]);
        }
    return NAN;
}

/* Fill beat *b from the samples: s the previous peak (or 0), c the crossing, e the next crossing
 * (or n). Returns the peak's index. */
static long measure(const BapTrace *tr, long s, long c, long e, BapBeat *b) {
    long p = c;
    for (long i = c; i < e; i++)
        if (tr->v[i] > tr->v[p])
            p = i;
    double vmin = tr->v[s];
    for (long i = s; i <= c; i++)
        if (tr->v[i] < vmin)
            vmin = tr->v[i];
    long a = s;
    double best = -INFINITY;
    for (long i = s; i < p; i++) {
        double dtt = tr->t[i + 1] - tr->t[i];
        double slope = dtt > 0 ? (tr->v[i + 1] - tr->v[i]) / dtt : -INFINITY;
        if (slope > best)
            best = slope, a = i;
    }
    b->vm_min = vmin, b->vm_max = tr->v[p];
    b->t_act = p > s ? 0.5 * (tr->t[a] + tr->t[a + 1]) : tr->t[c];
    b->dvdt_max = p > s ? best : NAN;
    double amp = b->vm_max - vmin;
    b->t_rep = fall_time(tr, p, e, b->vm_max - 0.9 * amp);
    b->apd90 = b->t_rep - b->t_act;
    b->apd30 = fall_time(tr, p, e, b->vm_max - 0.3 * amp) - b->t_act;
    b->pulse = -1;
    return p;
}

long bap_beats(const BapTrace *tr, BapBeat **beats) {
    *beats = NULL;
    if (tr->n < 2)
        return 0;
    double lo = tr->v[0], hi = tr->v[0];
    for (long i = 1; i < tr->n; i++) {
        lo = tr->v[i] < lo ? tr->v[i] : lo;
        hi = tr->v[i] > hi ? tr->v[i] : hi;
    }
    if (!(hi - lo > 1e-12 * (fabs(hi) + fabs(lo) + 1e-300)))
        return 0;
    double level = 0.5 * (lo + hi);
    long nc = 0;
    for (long i = 1; i < tr->n; i++)
        nc += tr->v[i - 1] < level && tr->v[i] >= level;
    if (!nc)
        return 0;
    long *cross = malloc(sizeof(long) * (size_t)nc);
    BapBeat *b = calloc((size_t)nc, sizeof *b);
    if (!cross || !b) {
        free(cross), free(b);
        return -1;
    }
    for (long i = 1, k = 0; i < tr->n; i++)
        if (tr->v[i - 1] < level && tr->v[i] >= level)
            cross[k++] = i;
    long s = 0;
    for (long k = 0; k < nc; k++)
        s = measure(tr, s, cross[k], k + 1 < nc ? cross[k + 1] : tr->n, &b[k]);
    free(cross);
    *beats = b;
    return nc;
}

void bap_attach(BapBeat *b, long nb, const double *pulses, long np) {
    long j = -1;
    for (long k = 0; k < nb; k++) {
        while (j + 1 < np && pulses[j + 1] <= b[k].t_act)
            j++;
        b[k].pulse = j;
    }
}

/* One row: beat number, marks, and the beat's values (b may be NULL: a pulse without a beat). */
static int put_row(FILE *f, long num, char prem, int steady, const BapBeat *b, const BapBeat *prev,
                   const BapBeat *next) {
    double apd = b ? b->apd90 : NAN, di = b && next ? next->t_act - b->t_rep : NAN;
    double di_prev = b && prev ? b->t_act - prev->t_rep : NAN;
    double tri = b ? b->apd90 - b->apd30 : NAN;
    return fprintf(f, "%6ld %c %d %10.3f %10.3f %10.3f %10.3f %12.6g %12.6g %10.3f %12.6g\n", num, prem,
                   steady, apd, di, di_prev, tri, b ? b->vm_min : NAN, b ? b->vm_max : NAN,
                   b ? b->t_act : NAN, b ? b->dvdt_max : NAN) < 0;
}

static int steady_pair(const BapBeat *a, const BapBeat *b) {
    return a && b && fabs(a->apd90 - b->apd90) < BAP_STEADY_MS;
}

/* Open path and write the column line; NULL with err set on failure. */
static FILE *open_table(const char *path, char *err, size_t errlen) {
    errno = 0;
    FILE *f = fopen(path, "w");
    if (!f) {
        (void)FAIL(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    fprintf(f,
            "#  Beat Prematurity SteadyState APD(ms) DI(n)(ms) DI(n-1)(ms) Triangulation(ms) Vm_min Vm_max "
            "t_act(ms) dVdt_max\n");
    return f;
}

static int close_table(FILE *f, const char *path, int bad, char *err, size_t errlen) {
    int e = errno ? errno : EIO;
    if (fclose(f) != 0 && !bad)
        bad = 1, e = errno ? errno : EIO;
    return bad ? FAIL(err, errlen, "%s: %s", path, strerror(e)) : 0;
}

int bap_write_stats(const char *path, const BapBeat *b, long nb, long nrows, const unsigned char *marks,
                    char *err, size_t errlen) {
    FILE *f = open_table(path, err, errlen);
    if (!f)
        return -1;
    int bad = 0;
    for (long k = 0; k < nrows && k < nb && !bad; k++) {
        char prem = marks && b[k].pulse >= 0 && (marks[b[k].pulse] & BRS_S2) ? 'P' : '*';
        bad = put_row(f, k + 1, prem, k > 0 && steady_pair(&b[k - 1], &b[k]), &b[k], k ? &b[k - 1] : NULL,
                      k + 1 < nb ? &b[k + 1] : NULL);
    }
    return close_table(f, path, bad, err, errlen);
}

/* The index of the first beat attached to pulse j, or -1. */
static long beat_of(const BapBeat *b, long nb, long j) {
    for (long k = 0; k < nb; k++)
        if (b[k].pulse == j)
            return k;
    return -1;
}

long bap_write_restitution(const char *path, const BapBeat *b, long nb, const double *pulses,
                           const unsigned char *marks, long np, double t_end, char *err, size_t errlen) {
    FILE *f = open_table(path, err, errlen);
    if (!f)
        return -1;
    int bad = 0;
    long rows = 0;
    for (long j = 0; j < np && !bad; j++) {
        if (!(marks[j] & BRS_MEASURE) || !brs_row_whole(pulses, np, j, t_end))
            continue;
        rows++;
        long k = beat_of(b, nb, j);
        const BapBeat *cur = k >= 0 ? &b[k] : NULL;
        /* steady: S2 rows compare the two beats before the S2, dyn rows the beat and the one before */
        long back = (marks[j] & BRS_S2) ? 1 : 0;
        long k1 = beat_of(b, nb, j - back), k2 = beat_of(b, nb, j - back - 1);
        int steady = k1 >= 0 && k2 >= 0 && steady_pair(&b[k1], &b[k2]);
        bad = put_row(f, j + 1, (marks[j] & BRS_S2) ? 'P' : '*', steady, cur, k > 0 ? &b[k - 1] : NULL,
                      k >= 0 && k + 1 < nb ? &b[k + 1] : NULL);
    }
    return close_table(f, path, bad, err, errlen) < 0 ? -1 : rows;
}

/* study_plots.c: the pictures of `starcarp study` (study.h), beside the cells' CSV: APD90's
 * histogram, a line per group (PATH_apd90.png; PATH_bclB_apd90.png per rate when there are several),
 * APD90's median against the concentration, a line per drug, with the quartiles when there is one
 * drug (PATH_dose.png, where a drug has several concentrations; the same of qNet, PATH_qnet.png), and with ranges APD90's histogram
 * of the accepted and the rejected cells and the first two design parameters of each
 * (PATH_accepted.png, PATH_accepted_params.png); the traced cells' Vm over the last beat
 * (PATH_traces.png and PATH_traces.csv). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "study.h"
#include "study_tables.h"

#define NBINS 30

static double apd90(const StudyResult *r, int ri, long c) {
    return r->rate[ri].fields[(size_t)(SC_BM_APD + study_i90(r)) * (size_t)r->cells + (size_t)c];
}

/* Write f into png and free it. 0, or -1 with the reason in err. */
static int finish(PlotFig *f, const char *png, char *err, size_t errlen) {
    int rc = f ? plot_write_png(f, png) : -1;
    snprintf(err, errlen, "%s: %s", png, f ? plot_error(f) : "out of memory");
    plot_free(f);
    return rc;
}

/* The histogram of APD90 over the cells c (rate ri) for which pick(r, c, arg) holds, as a series of
 * f on the bins [lo, lo + NBINS w). */
static void hist_series(PlotFig *f, const StudyResult *r, int ri, int (*pick)(const StudyResult *, long, int),
                        int arg, double lo, double w, const char *label) {
    double x[NBINS], y[NBINS];
    memset(y, 0, sizeof y);
    for (long c = 0; c < r->cells; c++) {
        double a = apd90(r, ri, c);
        if (!isnan(a) && pick(r, c, arg)) {
            int b = (int)((a - lo) / w);
            y[b < 0 ? 0 : b >= NBINS ? NBINS - 1 : b] += 1;
        }
    }
    for (int b = 0; b < NBINS; b++)
        x[b] = lo + (b + 0.5) * w;
    plot_series_style(f, plot_series(f, x, y, NBINS, label), PLOT_LINE | PLOT_POINTS);
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int in_group(const StudyResult *r, long c, int g) { return c / r->rows == g; }
static int verdict(const StudyResult *r, long c, int acc) { return r->accepted[c] == acc; }

/* APD90's extent at rate ri into lo and w (bin width); 0 when no cell repolarised. */
static int extent(const StudyResult *r, int ri, double *lo, double *w) {
    double l = INFINITY, h = -INFINITY;
    for (long c = 0; c < r->cells; c++) {
        double a = apd90(r, ri, c);
        l = a < l ? a : l, h = a > h ? a : h;
    }
    *lo = l, *w = h > l ? (h - l) / NBINS : 1;
    return h >= l;
}

/* APD90's histogram at rate ri, a line per group (at most 12: the first ones). */
static int plot_hist(const StudyResult *r, int ri, const char *png, char *err, size_t errlen) {
    double lo, w;
    if (!extent(r, ri, &lo, &w))
        return 0; /* no cell repolarised: nothing to draw */
    char title[128];
    snprintf(title, sizeof title, "APD90 of the cells (last beat, BCL %g ms)", r->rate[ri].bcl);
    PlotFig *f = plot_new(900, 600, title, "APD90 (ms)", "cells");
    for (int g = 0; f && g < r->arms->ngroups && g < 12; g++) {
        char label[96];
        snprintf(label, sizeof label, "%s %s", study_group_drug(r->arms, g), r->arms->group[g].label);
        hist_series(f, r, ri, in_group, g, lo, w, r->arms->ngroups > 1 ? label : "all cells");
    }
    return finish(f, png, err, errlen);
}

/* A figure's median (and with one drug its quartiles) against the concentration, a line per drug
 * (the last rate). */
static int plot_dose(const StudyResult *r, int field, const char *title, const char *ylabel, const char *png,
                     char *err, size_t errlen) {
    int nd = r->arms->ndrugs, nc = r->arms->ngroups / (nd ? nd : 1), ri = r->nrate - 1;
    double *x = malloc(sizeof(double) * (size_t)nc), *y = malloc(sizeof(double) * 3 * (size_t)nc);
    double *buf = malloc(sizeof(double) * (size_t)r->rows);
    PlotFig *f = x && y && buf ? plot_new(900, 600, title, "concentration (nM)", ylabel) : NULL;
    for (int d = 0; f && d < nd; d++) {
        for (int k = 0; k < nc; k++) {
            int g = d * nc + k;
            long n = 0;
            for (long rw = 0; rw < r->rows; rw++) {
                double a =
                    r->rate[ri]
                        .fields[(size_t)field * (size_t)r->cells + (size_t)g * (size_t)r->rows + (size_t)rw];
                if (!isnan(a))
                    buf[n++] = a;
            }
            qsort(buf, (size_t)n, sizeof *buf, cmp);
            x[k] = r->arms->group[g].conc;
            for (int q = 0; q < 3; q++)
                y[q * nc + k] = n ? buf[(long)((double)(n - 1) * (0.25 + 0.25 * q))] : NAN;
        }
        static const char *const ql[3] = {"first quartile", "median", "third quartile"};
        for (int q = nd == 1 ? 0 : 1; q < (nd == 1 ? 3 : 2); q++)
            plot_series_style(f, plot_series(f, x, y + q * nc, nc, nd == 1 ? ql[q] : r->arms->drugs[d].name),
                              PLOT_LINE | PLOT_POINTS);
    }
    free(x), free(y), free(buf);
    return finish(f, png, err, errlen);
}

/* With ranges: APD90's histogram of the accepted and the rejected cells (the first rate), and the
 * first two design parameters of each. */
static int plot_accepted(const StudyResult *r, const char *png, const char *ppng, char *err, size_t errlen) {
    double lo, w;
    if (extent(r, 0, &lo, &w)) {
        PlotFig *f =
            plot_new(900, 600, "APD90 of the accepted and the rejected cells", "APD90 (ms)", "cells");
        if (f) {
            hist_series(f, r, 0, verdict, 1, lo, w, "accepted");
            hist_series(f, r, 0, verdict, 0, lo, w, "rejected");
        }
        if (finish(f, png, err, errlen) != 0)
            return -1;
    }
    int np = r->o->design.nparams;
    if (np < 2)
        return 0;
    double *x = malloc(sizeof(double) * 2 * (size_t)r->rows), *y = x ? x + r->rows : NULL;
    char title[200];
    snprintf(title, sizeof title, "accepted and rejected cells: %s and %s", r->o->design.params[0].name,
             r->o->design.params[1].name);
    PlotFig *f =
        x ? plot_new(900, 700, title, r->o->design.params[0].name, r->o->design.params[1].name) : NULL;
    for (int acc = 0; f && acc < 2; acc++) {
        long n = 0;
        for (long c = 0; c < r->rows; c++)
            if (r->accepted[c] == (acc ? 0 : 1)) /* rejected drawn last, under nothing */
                x[n] = r->o->design.values[c * np], y[n++] = r->o->design.values[c * np + 1];
        int s = plot_series(f, x, y, n, acc ? "rejected" : "accepted");
        plot_series_style(f, s, PLOT_POINTS);
    }
    free(x);
    return finish(f, ppng, err, errlen);
}

/* The label of traced cell c: its row, drug and concentration. */
static void trace_label(const StudyResult *r, long c, char *buf, size_t n) {
    int g = (int)(c / r->rows);
    if (r->arms->ndrugs)
        snprintf(buf, n, "row %ld, %s %s", c % r->rows, study_group_drug(r->arms, g),
                 r->arms->group[g].label);
    else
        snprintf(buf, n, "row %ld", c % r->rows);
}

/* The traced cells' Vm over the last beat of the last rate: a CSV (t, a column per cell) and a
 * picture. 0, or -1 with the reason in err. */
static int plot_traces(const StudyResult *r, const char *csv, const char *png, char *err, size_t errlen) {
    const StudyRate *t = &r->rate[r->nrate - 1];
    FILE *f = fopen(csv, "w");
    double *x = malloc(sizeof(double) * (size_t)t->tlen);
    if (!f || !x) {
        snprintf(err, errlen, "%s: cannot write", csv);
        if (f)
            fclose(f);
        free(x);
        return -1;
    }
    fputs("t_ms", f);
    char label[128], title[128];
    for (int k = 0; k < t->ntcell; k++) {
        trace_label(r, t->tcell[k], label, sizeof label);
        fprintf(f, ",cell %ld (%s)", t->tcell[k], label);
    }
    fputc('\n', f);
    for (long s = 0; s < t->tlen; s++) {
        x[s] = (double)s * t->tdt;
        fprintf(f, "%g", x[s]);
        for (int k = 0; k < t->ntcell; k++)
            fprintf(f, ",%.8g", t->trace[(size_t)k * (size_t)t->tlen + (size_t)s]);
        fputc('\n', f);
    }
    if (fclose(f) != 0) {
        free(x);
        snprintf(err, errlen, "%s: cannot write", csv);
        return -1;
    }
    snprintf(title, sizeof title, "Vm over the last beat (BCL %g ms)", t->bcl);
    PlotFig *fig = plot_new(900, 600, title, "time from the beat's start (ms)", "Vm (mV)");
    for (int k = 0; fig && k < t->ntcell; k++) {
        trace_label(r, t->tcell[k], label, sizeof label);
        plot_series(fig, x, t->trace + (size_t)k * (size_t)t->tlen, t->tlen, label);
    }
    free(x);
    return finish(fig, png, err, errlen);
}

int study_plots(const StudyResult *r, const char *path, char *err, size_t errlen) {
    char png[4096], ppng[4096], said[16384] = "";
    size_t n = 0;
    for (int ri = 0; ri < r->nrate; ri++) {
        char suffix[64];
        snprintf(suffix, sizeof suffix, r->nrate > 1 ? "_bcl%g_apd90.png" : "_apd90.png", r->rate[ri].bcl);
        study_beside(path, suffix, png, sizeof png);
        if (plot_hist(r, ri, png, err, errlen) != 0)
            return -1;
        n += (size_t)snprintf(said + n, sizeof said - n, "%s%s", n ? ", " : "", png);
    }
    if (r->arms->ndrugs && r->arms->ngroups > r->arms->ndrugs && n < sizeof said) {
        study_beside(path, "_dose.png", png, sizeof png);
        if (plot_dose(r, SC_BM_APD + study_i90(r), "APD90 against the drug's concentration", "APD90 (ms)",
                      png, err, errlen) != 0)
            return -1;
        n += (size_t)snprintf(said + n, sizeof said - n, ", %s", png);
        if (r->has_qnet && n < sizeof said) {
            study_beside(path, "_qnet.png", png, sizeof png);
            if (plot_dose(r, SC_BM_QNET, "qNet against the drug's concentration", "qNet (C/F)", png, err,
                          errlen) != 0)
                return -1;
            n += (size_t)snprintf(said + n, sizeof said - n, ", %s", png);
        }
    }
    if (r->rate[r->nrate - 1].ntcell > 0 && n < sizeof said) {
        char tcsv[4096];
        study_beside(path, "_traces.png", png, sizeof png);
        study_beside(path, "_traces.csv", tcsv, sizeof tcsv);
        if (plot_traces(r, tcsv, png, err, errlen) != 0)
            return -1;
        n += (size_t)snprintf(said + n, sizeof said - n, ", %s (and .csv)", png);
    }
    if (r->accepted && n < sizeof said) {
        study_beside(path, "_accepted.png", png, sizeof png);
        study_beside(path, "_accepted_params.png", ppng, sizeof ppng);
        if (plot_accepted(r, png, ppng, err, errlen) != 0)
            return -1;
        snprintf(said + n, sizeof said - n, ", %s%s%s", png, r->o->design.nparams >= 2 ? ", " : "",
                 r->o->design.nparams >= 2 ? ppng : "");
    }
    printf("pictures: %s\n", said);
    return 0;
}

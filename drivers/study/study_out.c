/* study_out.c: the outputs of `starcarp study` (study.h): the cells' CSV (a row per cell: its design
 * row, concentration, parameter factors and its last beat's figures) and the summary per
 * concentration (cells captured, with an EAD, not repolarised; APD90's median and quartiles), in a
 * CSV beside it and on stdout; the pictures beside them: APD90's histogram per concentration, and
 * with several concentrations APD90 against the concentration (median and quartiles). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "study.h"

/* A figure in the CSV: %.10g, "nan" where not defined. */
static void put(FILE *f, double x) {
    if (isnan(x))
        fputs(",nan", f);
    else
        fprintf(f, ",%.10g", x);
}

static double field(const StudyResult *r, int k, long c) {
    return r->fields[(size_t)k * (size_t)r->cells + (size_t)c];
}

/* The column names of the figures (the APDs by their levels). */
static void header(FILE *f, const StudyResult *r) {
    fputs("cell,row,conc_nM", f);
    for (int j = 0; j < r->o->design.nparams; j++)
        fprintf(f, ",%s", r->o->design.params[j].name);
    fputs(",beat,Vrest,Vmax,dVdt_max,t_act,upstrokes,EAD,DAD", f);
    for (int j = 0; j < r->nlev; j++)
        fprintf(f, ",APD%g", 100 * r->lev[j]);
    fputs(",APD90_prev", f);
    if (r->has_ca)
        fputs(",CaT_dia,CaT_amp,CaT_ttp,CaTD90", f);
    fputc('\n', f);
}

static int write_cells(const StudyResult *r, const char *path) {
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    header(f, r);
    int np = r->o->design.nparams;
    for (long c = 0; c < r->cells; c++) {
        long row = c % r->rows;
        fprintf(f, "%ld,%ld,%.10g", c, row, r->conc[c / r->rows]);
        for (int j = 0; j < np; j++)
            put(f, r->o->design.values[row * np + j]);
        for (int k = SC_BM_BEAT; k < SC_BM_APD; k++)
            put(f, field(r, k, c));
        for (int j = 0; j < r->nlev; j++)
            put(f, field(r, SC_BM_APD + j, c));
        put(f, field(r, SC_BM_PREV_APD90, c));
        if (r->has_ca)
            for (int k = SC_BM_CA_DIA; k <= SC_BM_CA_D90; k++)
                put(f, field(r, k, c));
        fputc('\n', f);
    }
    return fclose(f);
}

static int cmp(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile of the n sorted values (linear between order statistics); NaN for none. */
static double quantile(const double *v, long n, double q) {
    if (n == 0)
        return NAN;
    double h = q * (double)(n - 1);
    long i = (long)h;
    return i + 1 < n ? v[i] + (h - (double)i) * (v[i + 1] - v[i]) : v[i];
}

/* The summary of concentration ci into f (CSV) and stdout. */
static void summary_row(const StudyResult *r, int ci, int i90, double *buf, FILE *f,
                        double q[3][STUDY_MAX_CONC]) {
    long n = 0, cap = 0, ead = 0, norep = 0;
    for (long row = 0; row < r->rows; row++) {
        long c = (long)ci * r->rows + row;
        double apd = field(r, SC_BM_APD + i90, c);
        int captured = field(r, SC_BM_UPSTROKES, c) >= 1;
        cap += captured, ead += field(r, SC_BM_EAD, c) != 0, norep += captured && isnan(apd);
        if (!isnan(apd))
            buf[n++] = apd;
    }
    qsort(buf, (size_t)n, sizeof *buf, cmp);
    double q1 = quantile(buf, n, 0.25), med = quantile(buf, n, 0.5), q3 = quantile(buf, n, 0.75);
    q[0][ci] = q1, q[1][ci] = med, q[2][ci] = q3;
    double pc = 100.0 / (double)r->rows;
    fprintf(f, "%.10g,%ld,%.4g,%.4g,%.4g,%.10g,%.10g,%.10g\n", r->conc[ci], r->rows, pc * (double)cap,
            pc * (double)ead, pc * (double)norep, q1, med, q3);
    printf("%12g %8ld %9.1f %8.1f %11.1f   %8.2f %8.2f %8.2f\n", r->conc[ci], r->rows, pc * (double)cap,
           pc * (double)ead, pc * (double)norep, q1, med, q3);
}

/* PATH with its .csv ending (if any) replaced by suffix, into buf. */
static void beside(const char *path, const char *suffix, char *buf, size_t n) {
    size_t len = strlen(path);
    int csv = len > 4 && !strcmp(path + len - 4, ".csv");
    snprintf(buf, n, "%.*s%s", (int)(csv ? len - 4 : len), path, suffix);
}

#define NBINS 30

/* APD90's histogram, a line per concentration, into png. 0, or -1 with the reason in err. */
static int plot_hist(const StudyResult *r, int i90, const char *png, char *err, size_t errlen) {
    double lo = INFINITY, hi = -INFINITY;
    for (long c = 0; c < r->cells; c++) {
        double a = field(r, SC_BM_APD + i90, c);
        lo = a < lo ? a : lo, hi = a > hi ? a : hi;
    }
    if (!(hi >= lo))
        return 0; /* no cell repolarised: nothing to draw */
    double w = hi > lo ? (hi - lo) / NBINS : 1, x[NBINS], y[NBINS];
    PlotFig *f = plot_new(900, 600, "APD90 of the cells (last beat)", "APD90 (ms)", "cells");
    for (int ci = 0; f && ci < r->nconc; ci++) {
        memset(y, 0, sizeof y);
        for (long row = 0; row < r->rows; row++) {
            double a = field(r, SC_BM_APD + i90, (long)ci * r->rows + row);
            if (!isnan(a))
                y[a >= hi ? NBINS - 1 : (int)((a - lo) / w)] += 1;
        }
        for (int b = 0; b < NBINS; b++)
            x[b] = lo + (b + 0.5) * w;
        char label[64];
        snprintf(label, sizeof label, "%g nM", r->conc[ci]);
        plot_series_style(f, plot_series(f, x, y, NBINS, label), PLOT_LINE | PLOT_POINTS);
    }
    int rc = f ? plot_write_png(f, png) : -1;
    snprintf(err, errlen, "%s", f ? plot_error(f) : "out of memory");
    plot_free(f);
    return rc;
}

/* APD90's median and quartiles against the concentration (q[3][nconc]) into png. */
static int plot_dose(const StudyResult *r, double q[3][STUDY_MAX_CONC], const char *png, char *err,
                     size_t errlen) {
    PlotFig *f =
        plot_new(900, 600, "APD90 against the drug's concentration", "concentration (nM)", "APD90 (ms)");
    static const char *const label[3] = {"first quartile", "median", "third quartile"};
    for (int k = 0; f && k < 3; k++)
        plot_series_style(f, plot_series(f, r->conc, q[k], r->nconc, label[k]), PLOT_LINE | PLOT_POINTS);
    int rc = f ? plot_write_png(f, png) : -1;
    snprintf(err, errlen, "%s", f ? plot_error(f) : "out of memory");
    plot_free(f);
    return rc;
}

int study_write(const StudyResult *r, const char *path, char *err, size_t errlen) {
    if (write_cells(r, path) != 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char spath[4096], hpng[4096], dpng[4096];
    beside(path, "_summary.csv", spath, sizeof spath);
    beside(path, "_apd90.png", hpng, sizeof hpng);
    beside(path, "_dose.png", dpng, sizeof dpng);
    FILE *f = fopen(spath, "w");
    double *buf = malloc(sizeof(double) * (size_t)r->rows);
    if (!f || !buf) {
        snprintf(err, errlen, "%s: %s", spath, f ? "out of memory" : strerror(errno));
        if (f)
            fclose(f);
        free(buf);
        return -1;
    }
    int i90 = 0;
    for (int j = 0; j < r->nlev; j++)
        if (fabs(r->lev[j] - 0.9) < 1e-12)
            i90 = j;
    fputs("conc_nM,cells,captured_pct,EAD_pct,not_repolarised_pct,APD90_q1,APD90_median,APD90_q3\n", f);
    printf("%s: %ld cells (%ld design rows x %d concentrations), the last of %ld beats at %g ms\n", r->model,
           r->cells, r->rows, r->nconc, r->o->beats, r->o->bcl);
    printf("%12s %8s %9s %8s %11s   %8s %8s %8s\n", "conc (nM)", "cells", "captured%", "EAD%", "no repol.%",
           "APD90 q1", "median", "q3");
    static double q[3][STUDY_MAX_CONC];
    for (int ci = 0; ci < r->nconc; ci++)
        summary_row(r, ci, i90, buf, f, q);
    free(buf);
    if (fclose(f) != 0) {
        snprintf(err, errlen, "%s: %s", spath, strerror(errno));
        return -1;
    }
    if (plot_hist(r, i90, hpng, err, errlen) != 0 ||
        (r->nconc > 1 && plot_dose(r, q, dpng, err, errlen) != 0))
        return -1;
    printf("cells: %s; summary: %s; pictures: %s%s%s\n", path, spath, hpng, r->nconc > 1 ? ", " : "",
           r->nconc > 1 ? dpng : "");
    return 0;
}

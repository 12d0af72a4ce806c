/* study_out.c: the tables of `starcarp study` (study.h): the cells' CSV (a row per cell and pacing
 * rate: its design row, drug, concentration, rate, parameter factors and its last beat's figures,
 * the derived ones, the beat it was steady from, its verdict against the ranges), the summary per
 * rate and group (cells captured, with an EAD or a DAD, not repolarised, steady, accepted; APD90's
 * quartiles) in a CSV beside it and on stdout, and the accepted design rows as a design file. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study.h"
#include "study_tables.h"

/* A figure in the CSV: %.10g, "nan" where not defined. */
static void put(FILE *f, double x) {
    if (isnan(x))
        fputs(",nan", f);
    else
        fprintf(f, ",%.10g", x);
}

static double field(const StudyResult *r, int k, int ri, long c) {
    return r->rate[ri].fields[(size_t)k * (size_t)r->cells + (size_t)c];
}

int study_i90(const StudyResult *r) {
    int i90 = 0;
    for (int j = 0; j < r->nlev; j++)
        if (fabs(r->lev[j] - 0.9) < 1e-12)
            i90 = j;
    return i90;
}

/* The lowest level other than 90 % (its index), or -1: the triangulation APD90 - APDx. */
static int tri_level(const StudyResult *r) {
    int t = -1;
    for (int j = 0; j < r->nlev; j++)
        if (fabs(r->lev[j] - 0.9) > 1e-12 && (t < 0 || r->lev[j] < r->lev[t]))
            t = j;
    return t;
}

/* The column names. */
static void header(FILE *f, const StudyResult *r) {
    fputs("cell,row,drug,conc_nM,bcl_ms", f);
    for (int j = 0; j < r->o->design.nparams; j++)
        fprintf(f, ",%s", r->o->design.params[j].name);
    fputs(",beat,Vrest,Vmax,dVdt_max,t_act,upstrokes,EAD,DAD", f);
    for (int j = 0; j < r->nlev; j++)
        fprintf(f, ",APD%g", 100 * r->lev[j]);
    fputs(",APD90_prev,Vamp", f);
    int t = tri_level(r);
    if (t >= 0)
        fprintf(f, ",Tri90_%g", 100 * r->lev[t]);
    fputs(",APD90_alt", f);
    if (r->has_ca)
        fputs(",CaT_dia,CaT_amp,CaT_ttp,CaTD90", f);
    if (r->has_qnet)
        fputs(",qNet", f);
    if (r->rate[0].steady)
        fputs(",steady_beat", f);
    fputs(",failed_ms", f);
    if (r->accepted)
        fputs(",accepted", f);
    fputc('\n', f);
}

/* Cell c's row at rate ri. */
static void row(FILE *f, const StudyResult *r, int ri, long c) {
    long rw = c % r->rows;
    int g = (int)(c / r->rows), np = r->o->design.nparams, i90 = study_i90(r), t = tri_level(r);
    fprintf(f, "%ld,%ld,%s,%.10g,%.10g", c, rw, study_group_drug(r->arms, g), r->arms->group[g].conc,
            r->rate[ri].bcl);
    for (int j = 0; j < np; j++)
        put(f, r->o->design.values[rw * np + j]);
    for (int k = SC_BM_BEAT; k < SC_BM_APD; k++)
        put(f, field(r, k, ri, c));
    for (int j = 0; j < r->nlev; j++)
        put(f, field(r, SC_BM_APD + j, ri, c));
    double apd90 = field(r, SC_BM_APD + i90, ri, c), prev = field(r, SC_BM_PREV_APD90, ri, c);
    put(f, prev);
    put(f, field(r, SC_BM_VMAX, ri, c) - field(r, SC_BM_VREST, ri, c));
    if (t >= 0)
        put(f, apd90 - field(r, SC_BM_APD + t, ri, c));
    put(f, fabs(apd90 - prev));
    if (r->has_ca)
        for (int k = SC_BM_CA_DIA; k <= SC_BM_CA_D90; k++)
            put(f, field(r, k, ri, c));
    if (r->has_qnet)
        put(f, field(r, SC_BM_QNET, ri, c));
    if (r->rate[ri].steady)
        put(f, r->rate[ri].steady[c]);
    put(f, r->rate[ri].failed[c]);
    if (r->accepted)
        fprintf(f, ",%d", r->accepted[c]);
    fputc('\n', f);
}

static int write_cells(const StudyResult *r, const char *path) {
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    header(f, r);
    for (int ri = 0; ri < r->nrate; ri++)
        for (long c = 0; c < r->cells; c++)
            row(f, r, ri, c);
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

/* The median of field k over group g's cells that ran (rate ri), buf holding rows values. */
static double group_median(const StudyResult *r, int ri, int g, int k, double *buf) {
    long n = 0;
    for (long rw = 0; rw < r->rows; rw++) {
        long c = (long)g * r->rows + rw;
        double x = field(r, k, ri, c);
        if (isnan(r->rate[ri].failed[c]) && !isnan(x))
            buf[n++] = x;
    }
    qsort(buf, (size_t)n, sizeof *buf, cmp);
    return quantile(buf, n, 0.5);
}

/* The summary of group g at rate ri into f (CSV) and stdout. */
static void summary_row(const StudyResult *r, int ri, int g, double *buf, FILE *f) {
    long n = 0, cap = 0, ead = 0, dad = 0, norep = 0, steady = 0, acc = 0, failed = 0;
    int i90 = study_i90(r);
    for (long rw = 0; rw < r->rows; rw++) {
        long c = (long)g * r->rows + rw;
        if (!isnan(r->rate[ri].failed[c])) {
            failed++;
            continue;
        }
        double apd = field(r, SC_BM_APD + i90, ri, c);
        int captured = field(r, SC_BM_UPSTROKES, ri, c) >= 1;
        cap += captured, ead += field(r, SC_BM_EAD, ri, c) != 0, dad += field(r, SC_BM_DAD, ri, c) != 0;
        norep += captured && isnan(apd);
        steady += r->rate[ri].steady && !isnan(r->rate[ri].steady[c]);
        acc += r->accepted && r->accepted[c];
        if (!isnan(apd))
            buf[n++] = apd;
    }
    qsort(buf, (size_t)n, sizeof *buf, cmp);
    double q1 = quantile(buf, n, 0.25), med = quantile(buf, n, 0.5), q3 = quantile(buf, n, 0.75);
    long ok = r->rows - failed; /* the figures' percentages are over the cells that ran */
    double pc = ok ? 100.0 / (double)ok : NAN, pf = 100.0 * (double)failed / (double)r->rows;
    const StudyGroup *gr = &r->arms->group[g];
    const char *drug = study_group_drug(r->arms, g);
    fprintf(f, "%.10g,%s,%.10g,%s,%ld,%.4g,%.4g,%.4g,%.4g,%.4g,%.10g,%.10g,%.10g", r->rate[ri].bcl, drug,
            gr->conc, gr->label, r->rows, pf, pc * (double)cap, pc * (double)ead, pc * (double)dad,
            pc * (double)norep, q1, med, q3);
    printf("%8g %-14.14s %10s %8ld %7.1f %9.1f %6.1f %6.1f %10.1f   %8.2f %8.2f %8.2f", r->rate[ri].bcl, drug,
           gr->label, r->rows, pf, pc * (double)cap, pc * (double)ead, pc * (double)dad, pc * (double)norep,
           q1, med, q3);
    if (r->has_qnet) {
        double q = group_median(r, ri, g, SC_BM_QNET, buf);
        fprintf(f, ",%.10g", q);
        printf(" %9.5f", q);
    }
    if (r->rate[ri].steady) {
        fprintf(f, ",%.4g", pc * (double)steady);
        printf(" %7.1f", pc * (double)steady);
    }
    if (r->accepted) {
        fprintf(f, ",%ld,%.4g", acc, 100.0 * (double)acc / (double)r->rows);
        printf(" %9.2f", 100.0 * (double)acc / (double)r->rows);
    }
    fputc('\n', f);
    putchar('\n');
}

void study_beside(const char *path, const char *suffix, char *buf, size_t n) {
    size_t len = strlen(path);
    int csv = len > 4 && !strcmp(path + len - 4, ".csv");
    snprintf(buf, n, "%.*s%s", (int)(csv ? len - 4 : len), path, suffix);
}

/* The summary into spath and stdout. 0 or -1 (errno). */
static int write_summary(const StudyResult *r, const char *spath) {
    FILE *f = fopen(spath, "w");
    double *buf = malloc(sizeof(double) * (size_t)r->rows);
    if (!f || !buf) {
        if (f)
            fclose(f);
        free(buf);
        return -1;
    }
    fputs(
        "bcl_ms,drug,conc_nM,conc,cells,failed_pct,captured_pct,EAD_pct,DAD_pct,not_repolarised_pct,APD90_q1,"
        "APD90_median,APD90_q3",
        f);
    fputs(r->has_qnet ? ",qNet_median" : "", f);
    fputs(r->rate[0].steady ? ",steady_pct" : "", f);
    fputs(r->accepted ? ",accepted,accepted_pct\n" : "\n", f);
    printf("%s: %ld cells (%ld design rows x %d groups)", r->model, r->cells, r->rows, r->arms->ngroups);
    for (int ri = 0; ri < r->nrate; ri++)
        printf("%s%ld beats at %g ms", ri ? ", " : "; ", r->rate[ri].beats, r->rate[ri].bcl);
    printf("; figures of the last beat\n%8s %-14s %10s %8s %7s %9s %6s %6s %10s   %8s %8s %8s%s%s%s\n", "BCL",
           "drug", "conc", "cells", "failed%", "captured%", "EAD%", "DAD%", "no repol.%", "APD90 q1",
           "median", "q3", r->has_qnet ? " qNet(C/F)" : "", r->rate[0].steady ? " steady%" : "",
           r->accepted ? " accepted%" : "");
    for (int ri = 0; ri < r->nrate; ri++)
        for (int g = 0; g < r->arms->ngroups; g++)
            summary_row(r, ri, g, buf, f);
    free(buf);
    return fclose(f);
}

/* The accepted design rows into apath, a design file (--design reads it). 0 or -1 (errno). */
static int write_accepted(const StudyResult *r, const char *apath) {
    FILE *f = fopen(apath, "w");
    if (!f)
        return -1;
    int np = r->o->design.nparams;
    for (int j = 0; j < np; j++)
        fprintf(f, "%s%s", j ? "," : "", r->o->design.params[j].name);
    fputc('\n', f);
    for (long c = 0; c < r->rows; c++)
        if (r->accepted[c]) {
            for (int j = 0; j < np; j++)
                fprintf(f, "%s%.17g", j ? "," : "", r->o->design.values[c * np + j]);
            fputc('\n', f);
        }
    return fclose(f);
}

int study_write(const StudyResult *r, const char *path, char *err, size_t errlen) {
    char spath[4096], apath[4096];
    study_beside(path, "_summary.csv", spath, sizeof spath);
    study_beside(path, "_accepted.csv", apath, sizeof apath);
    const char *bad = write_cells(r, path) != 0                                              ? path
                      : write_summary(r, spath) != 0                                         ? spath
                      : r->accepted && r->o->design.nparams && write_accepted(r, apath) != 0 ? apath
                                                                                             : NULL;
    if (bad) {
        snprintf(err, errlen, "%s: %s", bad, strerror(errno ? errno : EIO));
        return -1;
    }
    if (r->accepted) {
        long acc = 0;
        for (long c = 0; c < r->cells; c++)
            acc += r->accepted[c];
        printf("accepted: %ld of %ld cells (%.2f %%) within the %d ranges%s%s\n", acc, r->cells,
               100.0 * (double)acc / (double)r->cells, r->nranges,
               r->o->design.nparams ? "; their design: " : "", r->o->design.nparams ? apath : "");
    }
    printf("cells: %s; summary: %s\n", path, spath);
    return 0;
}

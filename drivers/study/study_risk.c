/* study_risk.c: CiPA's TdP risk classification in `starcarp study` (study.h, study_risk): where the
 * drugs have risk classes, qNet is measured and concentrations are multiples of Cmax, per dose an
 * ordinal logistic regression of the classes on the drugs' median qNet (study_tdp.h), as the FDA's
 * CiPA code does it (AP_simulation/compute_TdP_error.R): the fit and its errors per dose
 * (PATH_tdp.csv), each drug's qNet and predicted classes (PATH_tdp_drugs.csv), qNet against the dose
 * coloured by class with the fitted boundaries (PATH_tdp.png), a line per dose on stdout. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "study.h"
#include "study_tables.h"
#include "study_tdp.h"

#define NCLASS 3
#define MAXB 4 /* class boundaries of one dose */

static const char *const class_name[NCLASS] = {"low", "intermediate", "high"};
static const unsigned class_rgb[NCLASS] = {0x2ca02c, 0xff7f0e, 0xd62728};

/* The class index of a drug's risk (0 low, 1 intermediate, 2 high), -1 when not given. */
static int risk_class(const StudyDrug *d) {
    for (int j = 0; j < NCLASS; j++)
        if (!strcmp(d->risk, class_name[j]))
            return j;
    return -1;
}

/* One dose: the drugs' median qNet, the fit, the predictions. */
typedef struct Dose {
    double mult; /* x Cmax */
    int k; /* its index among --conc */
    double *q; /* per drug of the study: median qNet (NaN: none, or no risk class) */
    long *nq; /* cells it is the median of */
    int n, fitted; /* drugs in the fit; 1 when fitted */
    TdpFit fit;
    int *train, *cv; /* per drug: predicted class, -1 none */
    double err, cverr; /* training and LOOCV errors */
    int ncv;
    double at[MAXB];
    int lo[MAXB], hi[MAXB], nb; /* the class boundaries (increasing qNet) */
    int c0; /* the class below the first boundary (of all the range searched, without one) */
} Dose;

/* The doses: the distinct positive multiples of Cmax of --conc, ascending, into d; their number. */
static int doses(const StudyOpts *o, Dose *d) {
    int n = 0;
    for (int k = 0; k < o->nconc; k++) {
        int seen = !o->conc_x[k] || !(o->conc[k] > 0);
        for (int j = 0; j < n && !seen; j++)
            seen = d[j].mult == o->conc[k];
        if (seen)
            continue;
        int at = n++;
        while (at > 0 && d[at - 1].mult > o->conc[k])
            d[at] = d[at - 1], at--;
        d[at] = (Dose){.mult = o->conc[k], .k = k};
    }
    return n;
}

/* Dose d's medians of the drugs with a class, its fit, predictions and boundaries (cls: each drug's
 * class; x, y, idx scratch of ndrugs). 0, or -1 (memory). */
static int classify(const StudyResult *r, const int *cls, Dose *d, double *x, int *y, int *idx) {
    int nd = r->arms->ndrugs, nc = r->arms->ngroups / nd, ri = r->nrate - 1;
    double *buf = malloc(sizeof(double) * (size_t)r->rows);
    int *pred = malloc(sizeof(int) * 2 * (size_t)nd);
    if (!buf || !pred) {
        free(buf), free(pred);
        return -1;
    }
    d->n = 0;
    for (int i = 0; i < nd; i++) {
        d->q[i] = cls[i] < 0 ? NAN : study_group_median(r, ri, i * nc + d->k, SC_BM_QNET, buf, &d->nq[i]);
        d->train[i] = d->cv[i] = -1;
        if (!isnan(d->q[i]))
            x[d->n] = d->q[i], y[d->n] = cls[i], idx[d->n++] = i;
    }
    d->fitted = tdp_fit(x, y, d->n, &d->fit, NULL, 0) == 0;
    d->err = d->cverr = NAN, d->ncv = 0, d->nb = 0;
    if (d->fitted) {
        d->err = tdp_error(&d->fit, x, y, d->n, pred);
        d->cverr = tdp_loocv(x, y, d->n, pred + nd, &d->ncv);
        for (int j = 0; j < d->n; j++)
            d->train[idx[j]] = pred[j], d->cv[idx[j]] = pred[nd + j];
        double lo = INFINITY, hi = -INFINITY;
        for (int j = 0; j < d->n; j++)
            lo = x[j] < lo ? x[j] : lo, hi = x[j] > hi ? x[j] : hi;
        d->nb = tdp_boundaries(&d->fit, lo - (hi - lo), hi + (hi - lo), d->at, d->lo, d->hi, MAXB);
        d->c0 = tdp_predict(&d->fit, lo - (hi - lo));
    }
    free(buf), free(pred);
    return 0;
}

/* A number, or NA. */
static void num(FILE *f, double v) {
    if (isnan(v))
        fputs(",NA", f);
    else
        fprintf(f, ",%.10g", v);
}

/* The per-dose table. 0 or -1 (errno). */
static int write_fits(const char *path, const Dose *d, int nd) {
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs("dose_cmax,drugs,classes,alpha_intermediate,alpha_high,slope,separated,converged,iterations,loglik,"
          "classes_by_qNet,training_error,loocv_error,loocv_drugs\n",
          f);
    for (int i = 0; i < nd; i++) {
        const TdpFit *t = &d[i].fit;
        double alpha[NCLASS] = {NAN, NAN, NAN};
        for (int j = 1; d[i].fitted && j < t->nclass; j++)
            alpha[t->cls[j]] = t->alpha[j - 1];
        fprintf(f, "%.10g,%d,", d[i].mult, d[i].n);
        for (int j = 0; d[i].fitted && j < t->nclass; j++)
            fprintf(f, "%s%s", j ? " " : "", class_name[t->cls[j]]);
        num(f, alpha[1]), num(f, alpha[2]), num(f, d[i].fitted ? t->beta : NAN);
        if (d[i].fitted)
            fprintf(f, ",%d,%d,%d,%.10g,", t->separated, t->converged, t->iter, t->loglik);
        else
            fputs(",NA,NA,NA,NA,", f);
        fputs(d[i].fitted ? class_name[d[i].c0] : "NA", f);
        for (int b = 0; b < d[i].nb; b++)
            fprintf(f, " < %.6g < %s", d[i].at[b], class_name[d[i].hi[b]]);
        num(f, d[i].err), num(f, d[i].cverr);
        fprintf(f, ",%d\n", d[i].ncv);
    }
    return fclose(f);
}

static const char *pred_name(int c) { return c < 0 ? "NA" : class_name[c]; }

/* The per-drug table: every drug with a class at every dose. 0 or -1 (errno). */
static int write_drugs(const char *path, const StudyResult *r, const int *cls, const Dose *d, int nd) {
    FILE *f = fopen(path, "w");
    if (!f)
        return -1;
    fputs("dose_cmax,drug,conc_nM,risk,qNet,cells,p_low,p_intermediate,p_high,training_pred,loocv_pred\n", f);
    for (int i = 0; i < nd; i++)
        for (int k = 0; k < r->arms->ndrugs; k++) {
            if (cls[k] < 0)
                continue;
            const StudyDrug *dr = &r->arms->drugs[k];
            double p[NCLASS] = {NAN, NAN, NAN}, pf[TDP_MAXCLASS];
            if (d[i].fitted && !isnan(d[i].q[k])) {
                tdp_probs(&d[i].fit, d[i].q[k], pf);
                for (int j = 0; j < NCLASS; j++)
                    p[j] = 0;
                for (int j = 0; j < d[i].fit.nclass; j++)
                    p[d[i].fit.cls[j]] = pf[j];
            }
            fprintf(f, "%.10g,%s,%.10g,%s", d[i].mult, dr->name, d[i].mult * dr->cmax, dr->risk);
            num(f, d[i].q[k]);
            fprintf(f, ",%ld", d[i].nq[k]);
            num(f, p[0]), num(f, p[1]), num(f, p[2]);
            fprintf(f, ",%s,%s\n", pred_name(d[i].train[k]), pred_name(d[i].cv[k]));
        }
    return fclose(f);
}

/* qNet against the dose, a line per drug coloured by its class, and the boundaries of the classes.
 * 0, or -1 with the reason in err. */
static int plot_risk(const char *png, const StudyResult *r, const int *cls, const Dose *d, int nd, char *err,
                     size_t errlen) {
    PlotFig *f =
        plot_new(900, 650, "TdP risk: median qNet per dose, by known class", "dose (x Cmax)", "qNet (C/F)");
    double x[STUDY_MAX_CONC], y[STUDY_MAX_CONC];
    for (int k = 0; f && k < r->arms->ndrugs; k++) {
        if (cls[k] < 0)
            continue;
        for (int i = 0; i < nd; i++)
            x[i] = d[i].mult, y[i] = d[i].q[k];
        char label[96];
        snprintf(label, sizeof label, "%s (%s)", r->arms->drugs[k].name, class_name[cls[k]]);
        int s = plot_series(f, x, y, nd, label);
        plot_series_style(f, s, PLOT_LINE | PLOT_POINTS);
        plot_series_color(f, s, class_rgb[cls[k]]);
    }
    for (int b = 0; f && b < MAXB; b++) {
        int any = 0;
        for (int i = 0; i < nd; i++)
            y[i] = b < d[i].nb ? d[i].at[b] : NAN, any |= b < d[i].nb;
        if (!any)
            break;
        int s = plot_series(f, x, y, nd, b == 0 ? "fitted class boundaries" : NULL);
        plot_series_style(f, s, nd > 1 ? PLOT_LINE | PLOT_POINTS : PLOT_POINTS);
        plot_series_color(f, s, 0x000000);
    }
    int rc = f ? plot_write_png(f, png) : -1;
    snprintf(err, errlen, "%s: %s", png, f ? plot_error(f) : "out of memory");
    plot_free(f);
    return rc;
}

/* Whether the classification applies to r; a line saying why not where a user would expect it. */
static int applies(const StudyResult *r, const int *cls, int ndose) {
    int nd = r->arms->ndrugs, n = 0, seen[NCLASS] = {0}, ncls = 0;
    for (int k = 0; k < nd; k++)
        if (cls[k] >= 0)
            n++, ncls += !seen[cls[k]]++;
    if (n == 0)
        return 0; /* no risk classes: not asked */
    const char *why = !r->has_qnet ? "qNet is not measured (--qnet; the model needs CiPA's six currents)"
                      : !ndose     ? "no concentration is a multiple of Cmax (--conc 1x,2x,...)"
                      : ncls < 2   ? "the drugs with a risk class are of one class"
                      : n < 3      ? "fewer than 3 drugs have a risk class"
                                   : NULL;
    if (why)
        printf("TdP risk classification skipped: %s\n", why);
    return why == NULL;
}

int study_risk(const StudyResult *r, const char *path, char *err, size_t errlen) {
    int nd = r->arms->ndrugs;
    if (nd == 0 || !r->arms->drugs)
        return 0;
    Dose d[STUDY_MAX_CONC];
    int cls[STUDY_MAX_DRUGS], nds = doses(r->o, d), rc = 0;
    for (int k = 0; k < nd; k++)
        cls[k] = risk_class(&r->arms->drugs[k]);
    if (!applies(r, cls, nds))
        return 0;
    size_t all = (size_t)nd * (size_t)nds;
    double *q = malloc(sizeof(double) * (all + (size_t)nd)), *x = q ? q + all : NULL; /* x: a dose's fit */
    long *nq = malloc(sizeof(long) * all);
    int *pr = malloc(sizeof(int) * (2 * all + 2 * (size_t)nd)), *y = pr ? pr + 2 * all : NULL;
    int *idx = y ? y + nd : NULL;
    for (int i = 0; i < nds && q && nq && pr; i++) {
        d[i].q = q + (size_t)i * (size_t)nd, d[i].nq = nq + (size_t)i * (size_t)nd;
        d[i].train = pr + (size_t)i * 2 * (size_t)nd, d[i].cv = d[i].train + nd;
        rc |= classify(r, cls, &d[i], x, y, idx);
    }
    char fits[4096], drugs[4096], png[4096];
    study_beside(path, "_tdp.csv", fits, sizeof fits);
    study_beside(path, "_tdp_drugs.csv", drugs, sizeof drugs);
    study_beside(path, "_tdp.png", png, sizeof png);
    const char *bad = !q || !nq || !pr || rc                    ? "out of memory"
                      : write_fits(fits, d, nds) != 0           ? fits
                      : write_drugs(drugs, r, cls, d, nds) != 0 ? drugs
                                                                : NULL;
    if (bad)
        snprintf(err, errlen, "%s: %s", bad, strerror(errno ? errno : ENOMEM));
    else if (plot_risk(png, r, cls, d, nds, err, errlen) != 0)
        bad = png;
    for (int i = 0; i < nds && !bad; i++) {
        printf("TdP risk at %gx Cmax: %d drugs, training error %.4f, LOOCV error %.4f (%d predicted)%s\n",
               d[i].mult, d[i].n, d[i].err, d[i].cverr, d[i].ncv,
               !d[i].fitted         ? ", not fitted (fewer than 2 classes with a qNet)"
               : d[i].fit.separated ? ", separated (qNet orders the classes: no finite fit)"
                                    : "");
    }
    if (!bad)
        printf("TdP risk classification: %s, %s, %s\n", fits, drugs, png);
    free(q), free(nq), free(pr);
    return bad ? -1 : 0;
}

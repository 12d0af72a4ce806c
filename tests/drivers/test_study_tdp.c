/* test_study_tdp.c: unit tests of CiPA's TdP risk classification (drivers/study/study_tdp.c): the
 * proportional-odds fit against an independent implementation (statsmodels' OrderedModel and scipy
 * on the exact likelihood: tests/data/tdp/, made by lab/reference/drugblock/ordinal_reference.py)
 * on the Myokit reference qNet of CiPA's 12 training drugs at 1-4 x Cmax and on a two-class set,
 * with the training and leave-one-out predictions; separated data (flagged, classified exactly);
 * bad input refused with the reason. Nothing here is timed. */
#include <stdlib.h>

#include "study_tdp.h"
#include "test.h"

#define MAXPTS 64

static char err[256];

/* The fields of a CSV line (no quoting) into f[0 .. max-1] (the line changed); their number. */
static int fields(char *line, char **f, int max) {
    int n = 0;
    for (char *p = line; n < max;) {
        f[n++] = p;
        char *c = strchr(p, ',');
        if (!c)
            break;
        *c = '\0', p = c + 1;
    }
    return n;
}

/* The data lines of tests/data/tdp/NAME (comments and the header skipped) into a buffer the caller
 * frees; *lines their start. */
static char *data_lines(const char *name, char **lines, int max, int *n) {
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/data/tdp/%s", SC_SOURCE_DIR, name);
    char *text = t_read_file(path);
    *n = 0;
    if (!text) {
        fprintf(stderr, "%s: cannot read\n", path);
        return NULL;
    }
    int header = 1;
    for (char *p = strtok(text, "\n"); p; p = strtok(NULL, "\n")) {
        if (p[0] == '#')
            continue;
        if (header) {
            header = 0;
            continue;
        }
        if (*n < max)
            lines[(*n)++] = p;
    }
    return text;
}

/* One reference set: its points, training and leave-one-out predictions. */
typedef struct Set {
    double x[MAXPTS];
    int y[MAXPTS], train[MAXPTS], cv[MAXPTS], n;
} Set;

static void load_set(const char *name, Set *s) {
    char *lines[1024], *f[8] = {0};
    int nl;
    char *text = data_lines("ordinal_points.csv", lines, 1024, &nl);
    s->n = 0;
    for (int i = 0; text && i < nl; i++) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", lines[i]);
        if (fields(buf, f, 8) == 6 && !strcmp(f[0], name) && s->n < MAXPTS) {
            s->x[s->n] = atof(f[2]), s->y[s->n] = atoi(f[3]);
            s->train[s->n] = atoi(f[4]), s->cv[s->n++] = atoi(f[5]);
        }
    }
    free(text);
}

static int rel_close(double want, double got, double tol) { return fabs(got - want) <= tol * fabs(want); }

/* (a) Every set of ordinal_fits.csv: the estimate within 1e-6 relative of the reference's, its
 * log-likelihood within 1e-9, the training and leave-one-out predictions the reference's. */
static void test_reference(void) {
    char *lines[64], *f[10] = {0};
    int nl, sets = 0;
    char *text = data_lines("ordinal_fits.csv", lines, 64, &nl);
    ASSERT(text != NULL);
    for (int i = 0; text && i < nl; i++) {
        int nf = fields(lines[i], f, 10);
        ASSERT_EQ_INT(8, nf);
        if (nf != 8)
            continue;
        Set s;
        load_set(f[0], &s);
        ASSERT_EQ_INT(atoi(f[1]), s.n);
        TdpFit fit;
        ASSERT_EQ_INT(0, tdp_fit(s.x, s.y, s.n, &fit, err, sizeof err));
        int two = !strcmp(f[4], "NA");
        ASSERT_EQ_INT(two ? 2 : 3, fit.nclass);
        ASSERT(fit.converged && !fit.separated);
        double a1 = atof(f[3]), a2 = two ? 0 : atof(f[4]), b = atof(f[5]), ll = atof(f[6]);
        printf("%-10s alpha %.10g %.10g beta %.10g (reference %.10g %.10g %.10g), %d iterations\n", f[0],
               fit.alpha[0], two ? NAN : fit.alpha[1], fit.beta, a1, two ? NAN : a2, b, fit.iter);
        ASSERT(rel_close(a1, fit.alpha[0], 1e-6));
        ASSERT(two || rel_close(a2, fit.alpha[1], 1e-6));
        ASSERT(rel_close(b, fit.beta, 1e-6));
        ASSERT_NEAR(ll, fit.loglik, 1e-9);
        int pred[MAXPTS], cv[MAXPTS], ncv, wrong = 0;
        double e = tdp_error(&fit, s.x, s.y, s.n, pred), want = 0;
        for (int k = 0; k < s.n; k++)
            wrong += pred[k] != s.train[k], want += abs(s.train[k] - s.y[k]);
        ASSERT_EQ_INT(0, wrong);
        ASSERT_NEAR(want / s.n, e, 1e-15);
        double cve = tdp_loocv(s.x, s.y, s.n, cv, &ncv);
        wrong = 0, want = 0;
        for (int k = 0; k < s.n; k++)
            wrong += cv[k] != s.cv[k], want += abs(s.cv[k] - s.y[k]);
        ASSERT_EQ_INT(0, wrong);
        ASSERT_EQ_INT(s.n, ncv);
        ASSERT_NEAR(want / s.n, cve, 1e-15);
        double p[TDP_MAXCLASS], sum = 0;
        tdp_probs(&fit, s.x[0], p);
        for (int j = 0; j < fit.nclass; j++)
            sum += p[j];
        ASSERT_NEAR(1, sum, 1e-15);
        sets++;
    }
    ASSERT_EQ_INT(5, sets);
    free(text);
}

/* (b) Separated data: flagged, stopped by the rule, every point classified as its class. */
static void test_separated(void) {
    /* qNet falling with the risk, three classes, no overlap */
    double x[] = {0.010, 0.020, 0.030, 0.040, 0.045, 0.060, 0.070, 0.080};
    int y[] = {2, 2, 2, 1, 1, 0, 0, 0}, pred[8];
    TdpFit f;
    ASSERT_EQ_INT(0, tdp_fit(x, y, 8, &f, err, sizeof err));
    ASSERT(f.separated && f.converged && f.iter < TDP_MAXITER);
    ASSERT(f.beta < 0 && f.loglik > -1e-8 && f.loglik <= 0);
    ASSERT_NEAR(0, tdp_error(&f, x, y, 8, pred), 0);
    for (int i = 0; i < 8; i++)
        ASSERT_EQ_INT(y[i], pred[i]);
    printf("separated: %d iterations, loglik %.3g, beta %.4g\n", f.iter, f.loglik, f.beta);
    /* the boundaries fall in the gaps */
    double at[4];
    int lo[4], hi[4];
    ASSERT_EQ_INT(2, tdp_boundaries(&f, 0, 0.1, at, lo, hi, 4));
    ASSERT(at[0] > 0.030 && at[0] < 0.040 && lo[0] == 2 && hi[0] == 1);
    ASSERT(at[1] > 0.045 && at[1] < 0.060 && lo[1] == 1 && hi[1] == 0);
    /* rising with the class, two classes (0 and 2: their indices kept); and a tie at the boundary */
    double x2[] = {1, 2, 3, 4}, x3[] = {1, 2, 2, 3};
    int y2[] = {0, 0, 2, 2};
    ASSERT_EQ_INT(0, tdp_fit(x2, y2, 4, &f, err, sizeof err));
    ASSERT(f.separated && f.nclass == 2 && f.cls[0] == 0 && f.cls[1] == 2 && f.beta > 0);
    ASSERT_NEAR(0, tdp_error(&f, x2, y2, 4, NULL), 0);
    ASSERT_EQ_INT(0, tdp_fit(x3, y2, 4, &f, err, sizeof err));
    ASSERT(f.separated && f.converged);
    ASSERT(tdp_predict(&f, 1) == 0 && tdp_predict(&f, 3) == 2);
    /* one boundary separated, the other not: a finite estimate, not flagged */
    double x4[] = {1, 2, 3, 2.5, 4, 5, 6, 7};
    int y4[] = {2, 2, 2, 1, 1, 0, 1, 0};
    ASSERT_EQ_INT(0, tdp_fit(x4, y4, 8, &f, err, sizeof err));
    ASSERT(!f.separated && f.converged && fabs(f.beta) < 100);
    /* leave-one-out where a fold has one class: that point is not predicted */
    double x5[] = {1, 2, 3};
    int y5[] = {0, 0, 1}, cv[3], ncv;
    double e = tdp_loocv(x5, y5, 3, cv, &ncv);
    ASSERT_EQ_INT(2, ncv);
    ASSERT_EQ_INT(-1, cv[2]);
    ASSERT(cv[0] >= 0 && cv[1] >= 0 && !isnan(e));
}

/* (c) Bad input: refused with the reason. */
static void test_bad(void) {
    double x[] = {0.01, 0.02, 0.03}, same[] = {0.05, 0.05, 0.05}, bad[] = {0.01, NAN, 0.03};
    int one[] = {1, 1, 1}, two[] = {0, 1, 2}, out[] = {0, 1, TDP_MAXCLASS}, cv[3], ncv;
    TdpFit f;
    ASSERT_EQ_INT(-1, tdp_fit(x, one, 3, &f, err, sizeof err));
    ASSERT_EQ_STR("fewer than 2 classes", err);
    ASSERT_EQ_INT(-1, tdp_fit(x, two, 1, &f, err, sizeof err));
    ASSERT_EQ_STR("fewer than 2 points", err);
    ASSERT_EQ_INT(-1, tdp_fit(same, two, 3, &f, err, sizeof err));
    ASSERT_EQ_STR("the covariate is the same at every point", err);
    ASSERT_EQ_INT(-1, tdp_fit(bad, two, 3, &f, err, sizeof err));
    ASSERT_EQ_STR("a covariate that is not finite", err);
    ASSERT_EQ_INT(-1, tdp_fit(x, out, 3, &f, err, sizeof err));
    ASSERT_EQ_STR("a class out of range", err);
    ASSERT_EQ_INT(-1, tdp_fit(x, one, 3, &f, NULL, 0)); /* no message asked */
    ASSERT(isnan(tdp_loocv(x, one, 3, cv, &ncv)));
    ASSERT_EQ_INT(0, ncv);
    ASSERT(cv[0] == -1 && cv[1] == -1 && cv[2] == -1);
}

int main(void) {
    T_RUN(test_reference, test_separated, test_bad);
    return TEST_DONE();
}

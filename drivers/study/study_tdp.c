/* study_tdp.c: the proportional-odds fit of TdP risk classes on qNet, its predictions, training
 * error and leave-one-out cross validation (study_tdp.h). */
#include "study_tdp.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NP (TDP_MAXCLASS) /* parameters at most: K - 1 intercepts and the slope */

/* log F(t), F the logistic function, without overflow or cancellation. */
static double log_f(double t) { return t >= 0 ? -log1p(exp(-t)) : t - log1p(exp(t)); }

/* F(t). */
static double f_of(double t) { return t >= 0 ? 1 / (1 + exp(-t)) : exp(t) / (1 + exp(t)); }

/* The data of one fit: x standardised (z), y as the model's class (0 .. k-1). */
typedef struct Data {
    const double *z;
    const int *c;
    int n, k;
} Data;

/* The log-likelihood at th (th[0 .. k-2] the intercepts, th[k-1] the slope, on z); with g and h
 * (k x k) non-NULL its gradient and Hessian too. -INFINITY where the intercepts are out of order. */
static double loglik(const Data *d, const double *th, double *g, double *h) {
    int k = d->k, np = k;
    for (int j = 0; j + 1 < k - 1; j++)
        if (!(th[j] > th[j + 1]))
            return -INFINITY;
    if (g)
        memset(g, 0, sizeof(double) * (size_t)np), memset(h, 0, sizeof(double) * (size_t)np * (size_t)np);
    double ll = 0;
    for (int i = 0; i < d->n; i++) {
        int c = d->c[i], iu = c - 1, iv = c; /* the intercepts of P(Y >= c) and P(Y >= c + 1) */
        double z = d->z[i], u = c > 0 ? th[iu] + th[k - 1] * z : INFINITY;
        double v = c < k - 1 ? th[iv] + th[k - 1] * z : -INFINITY;
        double du = 0, dv = 0, huu = 0, hvv = 0, huv = 0;
        if (c == 0) {
            ll += log_f(-v);
            dv = -f_of(v), hvv = -f_of(v) * f_of(-v);
        } else if (c == k - 1) {
            ll += log_f(u);
            du = f_of(-u), huu = -f_of(u) * f_of(-u);
        } else {
            double e = u - v, em = expm1(e), q = 1 / (em * -expm1(-e));
            ll += log_f(u) + log_f(-v) + log(-expm1(-e));
            du = f_of(-u) + 1 / em, dv = -f_of(v) - 1 / em;
            huu = -f_of(u) * f_of(-u) - q, hvv = -f_of(v) * f_of(-v) - q, huv = q;
        }
        if (!g)
            continue;
        /* eta_u = th[iu] + slope z, eta_v = th[iv] + slope z: chain rule into (intercepts, slope) */
        int idx[2] = {c > 0 ? iu : -1, c < k - 1 ? iv : -1}, s = k - 1;
        double dd[2] = {du, dv}, hh[2][2] = {{huu, huv}, {huv, hvv}};
        for (int a = 0; a < 2; a++) {
            if (idx[a] < 0)
                continue;
            g[idx[a]] += dd[a], g[s] += dd[a] * z;
            for (int b = 0; b < 2; b++) {
                if (idx[b] < 0)
                    continue;
                h[idx[a] * np + idx[b]] += hh[a][b];
                h[idx[a] * np + s] += hh[a][b] * z;
                h[s * np + idx[b]] += hh[a][b] * z;
                h[s * np + s] += hh[a][b] * z * z;
            }
        }
    }
    return ll;
}

/* Solve a x = b for a symmetric positive definite (n x n; its lower triangle overwritten by its
 * Cholesky factor L, a = L L^T) into x. 0, or -1 where a is not positive definite to rounding (a
 * pivot that is not > 0 or not finite). */
static int solve(double *a, const double *b, double *x, int n) {
    for (int j = 0; j < n; j++) {
        double d = a[j * n + j];
        for (int k = 0; k < j; k++)
            d -= a[j * n + k] * a[j * n + k];
        if (!(d > 0) || !isfinite(d))
            return -1;
        a[j * n + j] = sqrt(d);
        for (int i = j + 1; i < n; i++) {
            double t = a[i * n + j];
            for (int k = 0; k < j; k++)
                t -= a[i * n + k] * a[j * n + k];
            a[i * n + j] = t / a[j * n + j];
        }
    }
    for (int i = 0; i < n; i++) { /* L w = b, w into x */
        double t = b[i];
        for (int k = 0; k < i; k++)
            t -= a[i * n + k] * x[k];
        x[i] = t / a[i * n + i];
    }
    for (int i = n - 1; i >= 0; i--) { /* L^T x = w */
        double t = x[i];
        for (int k = i + 1; k < n; k++)
            t -= a[k * n + i] * x[k];
        x[i] = t / a[i * n + i];
    }
    return 0;
}

/* Whether the classes c (0 .. k-1) are ordered by z in one direction, ties allowed (study_tdp.h). */
static int separated(const Data *d) {
    for (int s = -1; s <= 1; s += 2) {
        int ok = 1;
        for (int j = 1; j < d->k && ok; j++) {
            double below = -INFINITY, above = INFINITY;
            for (int i = 0; i < d->n; i++) {
                double t = s * d->z[i];
                if (d->c[i] < j)
                    below = t > below ? t : below;
                else
                    above = t < above ? t : above;
            }
            ok = below <= above;
        }
        if (ok)
            return 1;
    }
    return 0;
}

/* Newton-Raphson with step halving from th (k parameters) on d: the fit's iterations, convergence
 * and log-likelihood into f. */
static void newton(const Data *d, double *th, int sep, TdpFit *f) {
    int np = d->k;
    double g[NP], h[NP * NP], step[NP], trial[NP];
    double ll = loglik(d, th, g, h);
    f->converged = 0;
    for (f->iter = 0; f->iter < TDP_MAXITER;) {
        for (int j = 0; j < np * np; j++)
            h[j] = -h[j]; /* -H is positive definite (the log-likelihood is concave) */
        if (solve(h, g, step, np) != 0)
            break;
        f->iter++;
        double t = 1, lt = -INFINITY;
        for (int halve = 0; halve <= 60; halve++, t /= 2) {
            for (int j = 0; j < np; j++)
                trial[j] = th[j] + t * step[j];
            lt = loglik(d, trial, NULL, NULL);
            if (lt >= ll)
                break;
        }
        if (!(lt >= ll)) { /* no step raises it: the maximum to rounding */
            f->converged = 1;
            break;
        }
        int small = 1;
        for (int j = 0; j < np; j++)
            small &= fabs(trial[j] - th[j]) <= 1e-10 * (1 + fabs(th[j]));
        double gain = lt - ll;
        memcpy(th, trial, sizeof(double) * (size_t)np);
        ll = loglik(d, th, g, h);
        if (small || (sep && gain < 1e-10)) {
            f->converged = 1;
            break;
        }
    }
    f->loglik = ll;
}

static void say(char *err, size_t errlen, const char *why) {
    if (err && errlen)
        snprintf(err, errlen, "%s", why);
}

int tdp_fit(const double *x, const int *y, int n, TdpFit *f, char *err, size_t errlen) {
    memset(f, 0, sizeof *f);
    if (n < 2) {
        say(err, errlen, "fewer than 2 points");
        return -1;
    }
    int count[TDP_MAXCLASS] = {0}, map[TDP_MAXCLASS];
    double mean = 0, var = 0;
    int varies = 0;
    for (int i = 0; i < n; i++) {
        if (y[i] < 0 || y[i] >= TDP_MAXCLASS || !isfinite(x[i])) {
            say(err, errlen, !isfinite(x[i]) ? "a covariate that is not finite" : "a class out of range");
            return -1;
        }
        count[y[i]]++, mean += x[i], varies |= x[i] != x[0];
    }
    mean /= n;
    for (int i = 0; i < n; i++)
        var += (x[i] - mean) * (x[i] - mean);
    for (int j = 0; j < TDP_MAXCLASS; j++)
        if (count[j])
            map[j] = f->nclass, f->cls[f->nclass++] = j;
    double sd = sqrt(var / n);
    if (f->nclass < 2 || !varies || !(sd > 0)) {
        say(err, errlen, f->nclass < 2 ? "fewer than 2 classes" : "the covariate is the same at every point");
        return -1;
    }
    double *z = malloc(sizeof(double) * (size_t)n);
    int *c = malloc(sizeof(int) * (size_t)n);
    if (!z || !c) {
        free(z), free(c);
        say(err, errlen, "out of memory");
        return -1;
    }
    for (int i = 0; i < n; i++)
        z[i] = (x[i] - mean) / sd, c[i] = map[y[i]];
    Data d = {z, c, n, f->nclass};
    double th[NP];
    int above = n; /* points of class j and higher */
    for (int j = 1; j < d.k; j++) {
        above -= count[f->cls[j - 1]];
        double p = (double)above / n;
        th[j - 1] = log(p / (1 - p));
    }
    th[d.k - 1] = 0;
    f->separated = separated(&d);
    newton(&d, th, f->separated, f);
    f->beta = th[d.k - 1] / sd; /* back to x: a + b (x - mean) / sd */
    for (int j = 0; j + 1 < d.k; j++)
        f->alpha[j] = th[j] - f->beta * mean;
    free(z), free(c);
    return 0;
}

void tdp_probs(const TdpFit *f, double x, double *p) {
    double up = 1; /* P(Y >= class j) */
    for (int j = 0; j < f->nclass; j++) {
        double next = j + 1 < f->nclass ? f_of(f->alpha[j] + f->beta * x) : 0;
        p[j] = up - next;
        up = next;
    }
}

int tdp_predict(const TdpFit *f, double x) {
    double p[TDP_MAXCLASS];
    tdp_probs(f, x, p);
    int best = 0;
    for (int j = 1; j < f->nclass; j++)
        if (p[j] > p[best])
            best = j;
    return f->cls[best];
}

double tdp_error(const TdpFit *f, const double *x, const int *y, int n, int *pred) {
    double sum = 0;
    for (int i = 0; i < n; i++) {
        int c = tdp_predict(f, x[i]);
        if (pred)
            pred[i] = c;
        sum += abs(c - y[i]);
    }
    return n > 0 ? sum / n : NAN;
}

double tdp_loocv(const double *x, const int *y, int n, int *pred, int *npred) {
    double *xo = malloc(sizeof(double) * (size_t)(n > 1 ? n : 1));
    int *yo = malloc(sizeof(int) * (size_t)(n > 1 ? n : 1)), done = 0;
    double sum = 0;
    for (int i = 0; i < n; i++) {
        pred[i] = -1;
        int m = 0;
        for (int k = 0; xo && yo && k < n; k++)
            if (k != i)
                xo[m] = x[k], yo[m++] = y[k];
        TdpFit f;
        if (!xo || !yo || tdp_fit(xo, yo, m, &f, NULL, 0) != 0)
            continue;
        pred[i] = tdp_predict(&f, x[i]);
        sum += abs(pred[i] - y[i]), done++;
    }
    free(xo), free(yo);
    if (npred)
        *npred = done;
    return done ? sum / done : NAN;
}

int tdp_boundaries(const TdpFit *f, double lo, double hi, double *at, int *below, int *above, int max) {
    enum { SCAN = 4096 };
    int nb = 0, prev = tdp_predict(f, lo);
    double xprev = lo;
    for (int s = 1; s <= SCAN && nb < max; s++) {
        double xs = lo + (hi - lo) * s / SCAN;
        int cs = tdp_predict(f, xs);
        if (cs != prev) {
            double a = xprev, b = xs;
            for (int it = 0; it < 40; it++) {
                double mid = 0.5 * (a + b);
                if (tdp_predict(f, mid) == prev)
                    a = mid;
                else
                    b = mid;
            }
            at[nb] = 0.5 * (a + b), below[nb] = prev, above[nb++] = cs;
        }
        prev = cs, xprev = xs;
    }
    return nb;
}

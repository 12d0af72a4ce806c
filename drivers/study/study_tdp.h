/* study_tdp.h: CiPA's TdP risk classification (prefix tdp_): an ordinal logistic regression of
 * ordered risk classes on one covariate (qNet), proportional odds, fitted by maximum likelihood as
 * the FDA's CiPA code fits it with rms::lrm (AP_simulation/compute_TdP_error.R), the class of a
 * drug predicted as the most probable one, the training error and the leave-one-out cross
 * validation. Pure functions: no global state, no allocation visible to the caller, no I/O.
 * docs/study.md, "TdP risk classification".
 *
 * The model, for classes 0 < 1 < ... < K-1 (the study's: 0 low, 1 intermediate, 2 high) and the
 * covariate x:
 *     P(Y >= j | x) = F(alpha[j-1] + beta x),  j = 1 .. K-1,  F(t) = 1 / (1 + exp(-t))
 * (rms's parametrisation: alpha[0] > alpha[1] > ...); P(Y = j) = P(Y >= j) - P(Y >= j + 1). Only
 * the classes present in the data are fitted (K of them, 2 <= K <= TDP_MAXCLASS): a data set of
 * low and high drugs alone is a binary logistic regression whose classes keep their indices. */
#ifndef SC_STUDY_TDP_H
#define SC_STUDY_TDP_H

#include <stddef.h>

#define TDP_MAXCLASS 8 /* ordered classes, indices 0 .. TDP_MAXCLASS-1 */
#define TDP_MAXITER 200 /* Newton iterations of one fit */

/* A fitted model. */
typedef struct TdpFit {
    int nclass; /* K: the classes present in the data, 2 .. TDP_MAXCLASS */
    int cls[TDP_MAXCLASS]; /* their indices, ascending: the model's class j is the data's class cls[j] */
    double alpha[TDP_MAXCLASS - 1]; /* alpha[j-1]: the intercept of P(Y >= cls[j]) */
    double beta; /* the slope on x */
    double loglik; /* the log-likelihood at (alpha, beta) */
    int iter; /* Newton iterations made */
    int converged; /* 1: the stopping rule was met (below); 0: TDP_MAXITER, or a Hessian not negative definite to rounding */
    int separated; /* 1: x separates the classes (below): no maximum-likelihood estimate exists */
} TdpFit;

/* Fit the model to the n points (x[i], y[i]) by Newton-Raphson on the exact log-likelihood with
 * step halving (a step is halved, up to 60 times, until the log-likelihood does not fall and the
 * intercepts stay in order), from beta 0 and the intercepts of the classes' cumulative
 * proportions, x standardised inside (the coefficients returned are on x's own scale).
 *
 * Stopping rule: every Newton step's component within 1e-10 (1 + |value|) (x standardised), or,
 * for separated data, a step that raises the log-likelihood by less than 1e-10; TDP_MAXITER at
 * most. Separated (exactly, before any iteration): the data's classes are ordered by x, ties
 * allowed, in one direction: for some sign s, at every boundary j between the present classes,
 * max s x over the points of classes below j <= min s x over those of j and above (complete or
 * quasi-complete separation). Then the likelihood keeps rising as |beta| grows and no finite
 * estimate exists; the fit stops by the rule above with large coefficients and f->separated set,
 * and its most probable class still orders the points as x does (strictly separated points are
 * classified exactly).
 *
 * 0, or -1 with why in err (err may be NULL): n < 2, a class index outside 0 .. TDP_MAXCLASS-1, a
 * non-finite x, fewer than 2 classes present, x the same for every point. */
int tdp_fit(const double *x, const int *y, int n, TdpFit *f, char *err, size_t errlen);

/* The probabilities of the model's classes at x into p[0 .. f->nclass-1] (p[j]: class f->cls[j]). */
void tdp_probs(const TdpFit *f, double x, double *p);

/* The most probable class at x (a data class index, f->cls[j]; the lowest on a tie, as R's
 * which.max). */
int tdp_predict(const TdpFit *f, double x);

/* The training error of f on the n points: the mean of |predicted class - y[i]|, the predictions
 * into pred[0 .. n-1] (pred may be NULL). */
double tdp_error(const TdpFit *f, const double *x, const int *y, int n, int *pred);

/* Leave-one-out cross validation: point i predicted by the model fitted to the other n - 1 (pred[i];
 * -1 where those cannot be fitted: fewer than 2 classes among them, or their x all equal). Returns
 * the mean of |pred[i] - y[i]| over the points predicted (NaN when none), their number in *npred
 * (npred may be NULL). n <= 4096; the points as tdp_fit takes them. */
double tdp_loocv(const double *x, const int *y, int n, int *pred, int *npred);

/* Where f's predicted class changes over x in [lo, hi]: scanned at 4097 points, each change located
 * by bisection to 1e-12 of the interval; at[k] the place, below[k] and above[k] the classes on
 * either side (in increasing x), at most max of them. Returns their number. */
int tdp_boundaries(const TdpFit *f, double lo, double hi, double *at, int *below, int *above, int max);

#endif

/* sc_trace.c: two measures of a membrane-potential trace (sc_choose.h), used by the method
 * choice (provision/) and its tests. */
#include <math.h>

#include "sc_choose.h"

double sc_trace_err_pct(const double *a, const double *b, long n) {
    double s = 0, lo = b[0], hi = b[0];
    for (long k = 0; k < n; k++) {
        s += (a[k] - b[k]) * (a[k] - b[k]);
        lo = fmin(lo, b[k]), hi = fmax(hi, b[k]);
    }
    return hi > lo ? 100 * sqrt(s / (double)n) / (hi - lo) : INFINITY;
}

double sc_trace_apd90(const double *v, long n, double h) {
    double lo = v[0], hi = v[0], best = -INFINITY;
    long up = 0;
    for (long k = 0; k < n; k++)
        lo = fmin(lo, v[k]), hi = fmax(hi, v[k]);
    for (long k = 0; k + 1 < n; k++)
        if (v[k + 1] - v[k] > best)
            best = v[k + 1] - v[k], up = k;
    double thr = hi - 0.9 * (hi - lo);
    for (long k = up + 1; k + 1 < n; k++)
        if (v[k] >= thr && v[k + 1] < thr)
            return ((double)k + (v[k] - thr) / (v[k] - v[k + 1])) * h - ((double)up + 0.5) * h;
    return -1;
}

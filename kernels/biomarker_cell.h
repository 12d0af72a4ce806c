/* biomarker_cell.h: one cell's biomarker call (biomarker.h has the definitions), written once for
 * the host (biomarker_host.c) and the GPUs (biomarker_gpu.h). The includer defines KERN_BM_FN, the
 * qualifiers of these functions ("static inline" on the host, "__device__ static inline" on GPUs),
 * and provides NAN and isnan. A call loads the cell's running fields into a BmCell, feeds it the
 * samples, and stores it back; a window's end writes its outputs straight into acc. */
#ifndef SC_BIOMARKER_CELL_H
#define SC_BIOMARKER_CELL_H
#include "biomarker.h"

typedef struct BmCell {
    double f[KERN_BM_CA_T90 + 1]; /* the running fields, KERN_BM_BEAT .. KERN_BM_CA_T90 */
} BmCell;

/* The window of step d: -1 before the first one. */
KERN_BM_FN long bm_window(const KernBmArgs *a, long d) {
    if (d < a->start)
        return -1;
    return a->period > 0 ? (d - a->start) / a->period : 0;
}

/* The time of the start of window b, ms. */
KERN_BM_FN double bm_window_t(const KernBmArgs *a, long b) {
    return (double)(a->start + b * a->period) * a->dt;
}

/* Sample s of the values p (floats or doubles) of cell i. */
KERN_BM_FN double bm_load(const KernBmArgs *a, const void *p, size_t k) {
    return a->f32 ? (double)((const float *)p)[k] : ((const double *)p)[k];
}

/* The outputs of the Vm window that ends (c's), into cell i's output fields. */
KERN_BM_FN void bm_vm_close(const KernBmArgs *a, const BmCell *c, size_t i) {
    double *o = a->acc;
    size_t n = (size_t)a->n;
    long b = (long)c->f[KERN_BM_BEAT];
    int captured = c->f[KERN_BM_UP] >= 1;
    double tact = c->f[KERN_BM_TACT];
    o[KERN_BM_OUT_PREV_APD90 * n + i] = o[(KERN_BM_OUT_APD + a->i90) * n + i];
    o[KERN_BM_OUT_BEAT * n + i] = (double)b;
    o[KERN_BM_OUT_VREST * n + i] = c->f[KERN_BM_VREST];
    o[KERN_BM_OUT_VMAX * n + i] = c->f[KERN_BM_VMAX];
    o[KERN_BM_OUT_DVDT * n + i] = captured && !isnan(tact) ? c->f[KERN_BM_DVDT] : NAN;
    o[KERN_BM_OUT_TACT * n + i] = captured ? tact - bm_window_t(a, b) : NAN;
    o[KERN_BM_OUT_UP * n + i] = c->f[KERN_BM_UP];
    o[KERN_BM_OUT_EAD * n + i] = captured ? c->f[KERN_BM_EAD] : 0;
    o[KERN_BM_OUT_DAD * n + i] = captured ? c->f[KERN_BM_DAD] : 0;
    for (int j = 0; j < a->nlev; j++)
        o[(KERN_BM_OUT_APD + j) * n + i] = captured ? c->f[KERN_BM_TX + j] - tact : NAN;
    o[KERN_BM_OUT_QNET * n + i] = a->isum ? c->f[KERN_BM_Q] * a->dt / 1000.0 : NAN;
}

/* The outputs of the calcium window that ends, into cell i's output fields. */
KERN_BM_FN void bm_ca_close(const KernBmArgs *a, const BmCell *c, size_t i) {
    double *o = a->acc;
    size_t n = (size_t)a->n;
    long b = (long)c->f[KERN_BM_CA_BEAT];
    double tw = bm_window_t(a, b);
    o[KERN_BM_OUT_CA_BEAT * n + i] = (double)b;
    o[KERN_BM_OUT_CA_DIA * n + i] = c->f[KERN_BM_CA_DIA];
    o[KERN_BM_OUT_CA_AMP * n + i] = c->f[KERN_BM_CA_MAX] - c->f[KERN_BM_CA_DIA];
    o[KERN_BM_OUT_CA_TTP * n + i] = c->f[KERN_BM_CA_TMAX] - tw;
    o[KERN_BM_OUT_CA_D90 * n + i] = c->f[KERN_BM_CA_T90] - tw;
}

/* A new Vm window b opens at sample v (the currents' sum q). */
KERN_BM_FN void bm_vm_open(const KernBmArgs *a, BmCell *c, long b, double v, double q) {
    double *f = c->f;
    f[KERN_BM_BEAT] = (double)b;
    f[KERN_BM_Q] = q;
    f[KERN_BM_VREST] = f[KERN_BM_VMAX] = f[KERN_BM_VPREV] = v;
    f[KERN_BM_RB] = -INFINITY;
    f[KERN_BM_RT] = f[KERN_BM_DVDT] = f[KERN_BM_TACT] = f[KERN_BM_MINE] = f[KERN_BM_MIND] = NAN;
    f[KERN_BM_EAD] = f[KERN_BM_DAD] = f[KERN_BM_UP] = 0;
    for (int j = 0; j < a->nlev; j++)
        f[KERN_BM_TX + j] = NAN;
}

/* After the highest sample: the crossings v reaches, then the EAD or the DAD watch. */
KERN_BM_FN void bm_vm_fall(const KernBmArgs *a, BmCell *c, long d, double v) {
    double *f = c->f;
    double tprev = (double)(d - 1) * a->dt, vprev = f[KERN_BM_VPREV];
    int repolarised = !isnan(f[KERN_BM_TX + a->i90]);
    double vmax = f[KERN_BM_VMAX], amp = vmax - f[KERN_BM_VREST];
    for (int j = 0; j < a->nlev; j++) {
        double level = vmax - a->lev[j] * amp;
        if (isnan(f[KERN_BM_TX + j]) && v <= level) {
            double frac = vprev > v ? (vprev - level) / (vprev - v) : 1;
            f[KERN_BM_TX + j] = tprev + frac * a->dt;
        }
    }
    if (repolarised) { /* the DAD watch, from the sample of level 0.9 on */
        if (v < f[KERN_BM_MIND])
            f[KERN_BM_MIND] = v;
        if (v - f[KERN_BM_MIND] > a->dad_mv)
            f[KERN_BM_DAD] = 1;
    } else if (!isnan(f[KERN_BM_TX + a->i90])) {
        f[KERN_BM_MIND] = v;
    } else if ((double)d * a->dt >= f[KERN_BM_TACT] + a->ead_delay_ms) {
        if (isnan(f[KERN_BM_MINE]) || v < f[KERN_BM_MINE])
            f[KERN_BM_MINE] = v;
        if (v - f[KERN_BM_MINE] > a->ead_mv)
            f[KERN_BM_EAD] = 1;
    }
}

/* Cell i's Vm at step d, and the currents' sum q (0 without isum). */
KERN_BM_FN void bm_vm_sample(const KernBmArgs *a, BmCell *c, size_t i, long d, double v, double q) {
    double *f = c->f;
    long b = bm_window(a, d);
    if (b < 0)
        return;
    if (b != (long)f[KERN_BM_BEAT]) {
        if (f[KERN_BM_BEAT] >= 0)
            bm_vm_close(a, c, i);
        bm_vm_open(a, c, b, v, q);
        return;
    }
    f[KERN_BM_Q] += q;
    double vprev = f[KERN_BM_VPREV], slope = (v - vprev) / a->dt;
    if (slope > f[KERN_BM_RB]) {
        f[KERN_BM_RB] = slope;
        f[KERN_BM_RT] = (double)(d - 1) * a->dt + 0.5 * a->dt;
    }
    double vup = f[KERN_BM_VREST] + a->up_mv;
    if (vprev < vup && v >= vup)
        f[KERN_BM_UP] += 1;
    if (v > f[KERN_BM_VMAX]) { /* a new highest sample: what follows it starts over */
        f[KERN_BM_VMAX] = v;
        f[KERN_BM_DVDT] = f[KERN_BM_RB];
        f[KERN_BM_TACT] = f[KERN_BM_RT];
        for (int j = 0; j < a->nlev; j++)
            f[KERN_BM_TX + j] = NAN;
        f[KERN_BM_MINE] = f[KERN_BM_MIND] = NAN;
        f[KERN_BM_EAD] = f[KERN_BM_DAD] = 0;
    } else {
        bm_vm_fall(a, c, d, v);
    }
    f[KERN_BM_VPREV] = v;
}

/* Cell i's calcium at step d. */
KERN_BM_FN void bm_ca_sample(const KernBmArgs *a, BmCell *c, size_t i, long d, double ca) {
    double *f = c->f;
    double t = (double)d * a->dt;
    long b = bm_window(a, d);
    if (b < 0)
        return;
    if (b != (long)f[KERN_BM_CA_BEAT]) {
        if (f[KERN_BM_CA_BEAT] >= 0)
            bm_ca_close(a, c, i);
        f[KERN_BM_CA_BEAT] = (double)b;
        f[KERN_BM_CA_DIA] = f[KERN_BM_CA_MAX] = ca;
        f[KERN_BM_CA_TMAX] = t;
        f[KERN_BM_CA_T90] = NAN;
    } else if (ca > f[KERN_BM_CA_MAX]) {
        f[KERN_BM_CA_MAX] = ca;
        f[KERN_BM_CA_TMAX] = t;
        f[KERN_BM_CA_T90] = NAN;
    } else if (isnan(f[KERN_BM_CA_T90])) {
        double level = f[KERN_BM_CA_MAX] - 0.9 * (f[KERN_BM_CA_MAX] - f[KERN_BM_CA_DIA]);
        double prev = f[KERN_BM_CA_PREV], tprev = f[KERN_BM_CA_TPREV];
        if (ca <= level) {
            double frac = prev > ca ? (prev - level) / (prev - ca) : 1;
            f[KERN_BM_CA_T90] = tprev + frac * (t - tprev);
        }
    }
    f[KERN_BM_CA_PREV] = ca;
    f[KERN_BM_CA_TPREV] = t;
}

/* One call for cell i (i < n). */
KERN_BM_FN void bm_cell(const KernBmArgs *a, size_t i) {
    size_t n = (size_t)a->n;
    BmCell c;
    for (int k = 0; k <= KERN_BM_CA_T90; k++)
        c.f[k] = a->acc[(size_t)k * n + i];
    for (int s = 0; s < a->nsteps; s++) {
        size_t k = (size_t)s * n + i;
        bm_vm_sample(a, &c, i, a->d0 + s, bm_load(a, a->vm, k), a->isum ? bm_load(a, a->isum, k) : 0.0);
    }
    if (a->ca)
        bm_ca_sample(a, &c, i, a->d0 + a->nsteps, bm_load(a, a->ca, i));
    if (a->finish) { /* a calcium window opened by the run's last state (the next window's
                        first sample) has nothing to say */
        if (c.f[KERN_BM_BEAT] >= 0)
            bm_vm_close(a, &c, i);
        if (c.f[KERN_BM_CA_BEAT] >= 0 && c.f[KERN_BM_CA_BEAT] <= c.f[KERN_BM_BEAT])
            bm_ca_close(a, &c, i);
        c.f[KERN_BM_BEAT] = c.f[KERN_BM_CA_BEAT] = -2;
    }
    for (int k = 0; k <= KERN_BM_CA_T90; k++)
        a->acc[(size_t)k * n + i] = c.f[k];
}
#endif

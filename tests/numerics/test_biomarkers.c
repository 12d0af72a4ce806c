/* test_biomarkers.c: the biomarker kernel (kernels/biomarker.h) against post-processing of whole
 * traces, and on drawn waveforms whose answers are known.
 *
 *   test_biomarkers models   six library models paced three beats (their reference case's stimulus,
 *                            tests/reference/cases.csv, every 600 ms, dt 0.01 ms, the portable C
 *                            kernel in double): the kernel fed Vm at every step and the calcium at
 *                            every call's end, in calls of 10 steps, gives the figures that an
 *                            independent reading of the stored traces gives (window by window, over
 *                            arrays), beat by beat; the same with calls of 7 steps, bit for bit; and
 *                            a stimulus 20 times too weak is not captured. qNet, where the model
 *                            has its six currents (sc_model_qnet_weights; others: the refusal names
 *                            the current they lack): the kernel fed the step kernel's sum of them
 *                            (ScStepArgs.out_isum) equals, bit for bit, the sum over the window's
 *                            steps of the six currents' traces (out_tr at every step, added here)
 *                            times dt / 1000; its ICaL the calcium part (ORd: ICaL, not ICaNa and
 *                            ICaK, whose charge is printed)
 *   test_biomarkers qnet     every library model: qNet's weights, or the refusal with the currents
 *                            the model has; one beat of each model that has them, qNet against its
 *                            traces as above
 *   test_biomarkers shapes   drawn traces: an action potential with an early afterdepolarisation, one
 *                            with a delayed one and a spontaneous upstroke, one that never
 *                            repolarises, a notch and dome that is no EAD: the flags, upstrokes and
 *                            APDs expected */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "biomarker.h"
#include "host_model.h"
#include "starcarp.h"
#include "test.h"

#define DT 0.01
#define BCL 600.0
#define NBEATS 3

static const double LEVELS[] = {0.3, 0.5, 0.9};
#define NLEV 3
#define I90 2

/* The arguments of a run of the windows [start, start + period ...) for n cells. */
static KernBmArgs bm_args(long n, long start, long period, double *acc) {
    KernBmArgs a;
    memset(&a, 0, sizeof a);
    a.n = n, a.dt = DT, a.start = start, a.period = period;
    a.nlev = NLEV, a.i90 = I90;
    memcpy(a.lev, LEVELS, sizeof LEVELS);
    a.up_mv = 40, a.ead_mv = 1, a.ead_delay_ms = 50, a.dad_mv = 5;
    a.acc = acc;
    return a;
}

/* ---- the reading of whole traces (independent of the kernel's running fields) ---------------- */

/* The figures of one window: Vm samples v[w0 .. w1) (v[d] at t = d * DT). */
typedef struct Beat {
    double vrest, vmax, dvdt, tact, apd[NLEV], ead, dad, up;
} Beat;

static Beat read_window(const double *v, long w0, long w1, double tw) {
    Beat b;
    long p = w0;
    for (long i = w0; i < w1; i++)
        if (v[i] > v[p])
            p = i;
    b.vrest = v[w0], b.vmax = v[p], b.up = 0;
    double best = -INFINITY, tbest = NAN;
    for (long i = w0 + 1; i <= p; i++) {
        double s = (v[i] - v[i - 1]) / DT;
        if (s > best)
            best = s, tbest = (double)(i - 1) * DT + 0.5 * DT;
    }
    for (long i = w0 + 1; i < w1; i++)
        b.up += v[i - 1] < b.vrest + 40 && v[i] >= b.vrest + 40;
    long r90 = w1;
    double tx[NLEV];
    for (int j = 0; j < NLEV; j++) {
        double level = b.vmax - LEVELS[j] * (b.vmax - b.vrest);
        tx[j] = NAN;
        for (long i = p + 1; i < w1; i++)
            if (v[i] <= level) {
                double f = v[i - 1] > v[i] ? (v[i - 1] - level) / (v[i - 1] - v[i]) : 1;
                tx[j] = (double)(i - 1) * DT + f * DT;
                if (j == I90)
                    r90 = i;
                break;
            }
    }
    double lo = NAN;
    b.ead = b.dad = 0;
    for (long i = p + 1; i < r90; i++)
        if ((double)i * DT >= tbest + 50) {
            lo = isnan(lo) || v[i] < lo ? v[i] : lo;
            b.ead = b.ead || v[i] - lo > 1;
        }
    for (long i = r90; i < w1; i++) {
        lo = i == r90 || v[i] < lo ? v[i] : lo;
        b.dad = b.dad || v[i] - lo > 5;
    }
    int cap = b.up >= 1;
    b.dvdt = cap && !isnan(tbest) ? best : NAN;
    b.tact = cap ? tbest - tw : NAN;
    for (int j = 0; j < NLEV; j++)
        b.apd[j] = cap ? tx[j] - tbest : NAN;
    if (!cap)
        b.ead = b.dad = 0;
    return b;
}

/* Equal, NaN equal to NaN. */
static int same(double a, double b) { return a == b || (isnan(a) && isnan(b)); }

/* The kernel's outputs of cell i (acc of n cells) against beat b of the reading; 1 when all equal. */
static int compare(const double *acc, long n, long i, const Beat *b) {
    const double *o = acc + i;
    int ok = same(o[KERN_BM_OUT_VREST * n], b->vrest) && same(o[KERN_BM_OUT_VMAX * n], b->vmax) &&
             same(o[KERN_BM_OUT_DVDT * n], b->dvdt) && same(o[KERN_BM_OUT_TACT * n], b->tact) &&
             same(o[KERN_BM_OUT_UP * n], b->up) && same(o[KERN_BM_OUT_EAD * n], b->ead) &&
             same(o[KERN_BM_OUT_DAD * n], b->dad);
    for (int j = 0; j < NLEV; j++)
        ok = ok && same(o[(KERN_BM_OUT_APD + j) * n], b->apd[j]);
    return ok;
}

/* ---- library models --------------------------------------------------------------------------- */

/* qNet's reading of whole traces: the weights w (NULL: the model has no qNet), the charge of the six
 * currents per window summed from the traces (q), and of ICaL's other parts (other: the note's
 * variables of ICaL that are not its calcium part), C/F. */
typedef struct QRead {
    const double *w;
    double *wo; /* the weights of ICaL's other parts */
    double q[NBEATS], other[NBEATS];
} QRead;

/* Add the traces tr of ns steps from step d (ntr each) to r's windows [start + b period, ...). */
static void q_add(QRead *r, const double *tr, int ntr, long d, int ns, long start, long period) {
    for (int s = 0; s < ns; s++) {
        long b = d + s < start ? -1 : (d + s - start) / period;
        if (b < 0 || b >= NBEATS)
            continue;
        double sum = 0, o = 0;
        for (int j = 0; j < ntr; j++) {
            if (r->w[j] != 0)
                sum = sum + r->w[j] * tr[s * ntr + j];
            o += r->wo[j] * tr[s * ntr + j];
        }
        r->q[b] += sum, r->other[b] += o * DT / 1000;
    }
}

/* A run of one cell of m with stimulus amplitude amp (x its case's), steps of k a call: the kernel's
 * outputs after each window into got[beat] (and the calcium's: gca[beat][4]), Vm at every step into
 * v and the calcium at every call's end into ca (NULL: not stored), with qr (not NULL) the currents'
 * sum into the kernel and qNet's reading of the traces into qr. Returns the steps run, -1. */
static long run_cell(const ScModelEntry *m, const TCase *c, double amp, int k, double got[][KERN_BM_NACC],
                     double *v, double *ca, QRead *qr) {
    ScHostModel h;
    int ntr = m->desc->ntraces;
    double *tr = qr ? calloc((size_t)(ntr * k + 1), sizeof(double)) : NULL;
    if (kern_host_model_init(&h, m->desc, NULL) != 0)
        return -1;
    int kca = sc_model_calcium(m);
    long start = lround(c->start / DT), period = lround(BCL / DT), last = start + NBEATS * period;
    double vm = h.vm0, iion = 0, samples[16], isum[16], acc[KERN_BM_NACC];
    ScStepStatus st = {~0ULL, 0};
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    memset(a.vary, -1, sizeof a.vary);
    a.n = 1, a.sv = h.sv0, a.vm = &vm, a.iion = &iion, a.pc = h.pc, a.lut = h.lut, a.dt = DT;
    a.flags = SC_STEP_BENCH, a.status = &st, a.out_every = 1, a.out_vm = samples;
    a.out_tr = tr, a.out_isum = qr ? isum : NULL, a.isum_w = qr ? qr->w : NULL;
    a.stim = (ScStim){start, lround(c->dur / DT), period, NBEATS, c->curr * amp};
    kern_bm_init(acc, 1);
    KernBmArgs b = bm_args(1, start, period, acc);
    b.vm = samples, b.isum = a.out_isum, b.ca = kca >= 0 ? h.sv0 + kca : NULL;
    long d = 0, seen = -1;
    while (d < last && st.key == ~0ULL) {
        int ns = (int)(last - d < k ? last - d : k);
        a.d0 = d, a.nsteps = ns, a.out_start = d;
        m->desc->c_run[0](&a);
        b.d0 = d, b.nsteps = ns, b.finish = d + ns == last;
        kern_bm_host(&b);
        for (int s = 0; v && s < ns; s++)
            v[d + s] = samples[s];
        if (ca && kca >= 0)
            ca[(d + ns - 1) / k] = h.sv0[kca];
        if (qr)
            q_add(qr, tr, ntr, d, ns, start, period);
        d += ns;
        long beat = (long)acc[KERN_BM_OUT_BEAT];
        if (beat > seen && beat < NBEATS) /* a window was written out in this call */
            memcpy(got[beat], acc, sizeof acc), seen = beat;
    }
    kern_host_model_free(&h);
    free(tr);
    return st.key == ~0ULL ? d : -1;
}

/* qNet's weights of m into qr (and ICaL's other parts'), or the refusal checked: 1 when m has qNet. */
static int q_weights(const ScModelEntry *m, QRead *qr, double *w) {
    char err[512];
    memset(qr, 0, sizeof *qr);
    if (sc_model_qnet_weights(m, w, err, sizeof err) < 0) {
        printf("%s: no qNet: %s\n", m->name, err);
        ASSERT(strstr(err, "qNet needs ") && strstr(err, m->name));
        return 0;
    }
    int nt = m->desc->ntraces, idx[16], n = sc_model_current_traces(m, "ICaL", idx, 16, err, sizeof err);
    qr->w = w, qr->wo = calloc((size_t)nt + 1, sizeof(double));
    ASSERT(n >= 1 && n <= 16 && qr->wo);
    for (int j = 0; j < n; j++)
        qr->wo[idx[j]] = w[idx[j]] == 0 ? 1 : 0;
    return 1;
}

/* The calcium figures of window b from the calls' samples ca[j] (at step (j + 1) * k). */
static void read_ca(const double *ca, long ncalls, int k, long start, long period, long b, double out[4]) {
    long j0 = -1, p = -1;
    for (long j = 0; j < ncalls; j++) {
        long d = (j + 1) * k, w = d < start ? -1 : (d - start) / period;
        if (w != b)
            continue;
        if (j0 < 0)
            j0 = j, p = j;
        if (ca[j] > ca[p])
            p = j;
    }
    double dia = ca[j0], amp = ca[p] - dia, level = ca[p] - 0.9 * amp, t90 = NAN,
           tw = (double)(start + b * period) * DT;
    for (long j = p + 1; j < ncalls && ((j + 1) * k - start) / period == b; j++)
        if (ca[j] <= level) {
            double f = ca[j - 1] > ca[j] ? (ca[j - 1] - level) / (ca[j - 1] - ca[j]) : 1;
            double t0 = (double)(j * k) * DT, t1 = (double)((j + 1) * k) * DT;
            t90 = t0 + f * (t1 - t0);
            break;
        }
    out[0] = dia, out[1] = amp, out[2] = (double)((p + 1) * k) * DT - tw, out[3] = t90 - tw;
}

/* One model: kernel == reading for every beat, calls of 10 == calls of 7, a weak stimulus not
 * captured. Returns 1 when the model is in the library, else 0. */
static int check_model(const char *name) {
    const ScModelEntry *m = NULL; /* the library's own (a lookup by name would build a missing one) */
    for (int i = 0; i < sc_model_count() && !m; i++)
        m = !strcmp(sc_model_at(i)->name, name) ? sc_model_at(i) : NULL;
    if (!m)
        return 0;
    TCase c;
    ASSERT_EQ_INT(1, t_case(SC_SOURCE_DIR "/tests/reference/cases.csv", name, &c));
    long start = lround(c.start / DT), period = lround(BCL / DT), last = start + NBEATS * period;
    double *v = malloc(sizeof(double) * (size_t)last), *ca = malloc(sizeof(double) * (size_t)(last / 10 + 1));
    double *w = malloc(sizeof(double) * (size_t)(m->desc->ntraces + 1));
    static double got[NBEATS][KERN_BM_NACC], got7[NBEATS][KERN_BM_NACC], weak[NBEATS][KERN_BM_NACC];
    ASSERT(v && ca && w);
    QRead qr, q7;
    int hasq = q_weights(m, &qr, w);
    q7 = qr;
    ASSERT_EQ_INT(last, run_cell(m, &c, 1, 10, got, v, ca, hasq ? &qr : NULL));
    ASSERT_EQ_INT(last, run_cell(m, &c, 1, 7, got7, NULL, NULL, hasq ? &q7 : NULL));
    ASSERT_EQ_INT(last, run_cell(m, &c, 0.05, 10, weak, NULL, NULL, NULL));
    int kca = sc_model_calcium(m), ok = 1;
    for (long b = 0; b < NBEATS; b++) {
        Beat r =
            read_window(v, start + b * period, start + (b + 1) * period, (double)(start + b * period) * DT);
        ok &= compare(got[b], 1, 0, &r);
        ASSERT(compare(got[b], 1, 0, &r));
        ASSERT(!memcmp(got[b] + KERN_BM_OUT_BEAT, got7[b] + KERN_BM_OUT_BEAT,
                       sizeof(double) * (KERN_BM_OUT_CA_BEAT - KERN_BM_OUT_BEAT)));
        ASSERT(r.up >= 1 && r.apd[I90] > 100 && r.apd[0] < r.apd[1] && r.apd[1] < r.apd[I90]);
        ASSERT(weak[b][KERN_BM_OUT_UP] == 0 && isnan(weak[b][KERN_BM_OUT_APD + I90]));
        ASSERT(isnan(weak[b][KERN_BM_OUT_QNET]) && (hasq || isnan(got[b][KERN_BM_OUT_QNET])));
        printf("%-34s beat %ld: APD30/50/90 %7.2f %7.2f %7.2f ms, dV/dt %6.1f, Vrest %6.2f, Vmax %6.2f", name,
               b, got[b][KERN_BM_OUT_APD], got[b][KERN_BM_OUT_APD + 1], got[b][KERN_BM_OUT_APD + 2],
               got[b][KERN_BM_OUT_DVDT], got[b][KERN_BM_OUT_VREST], got[b][KERN_BM_OUT_VMAX]);
        if (hasq) { /* the kernel's sum of the step kernel's sums against the traces' */
            double want = qr.q[b] * DT / 1000;
            printf(", qNet %.6f C/F (ICaL's other parts %+.6f)", got[b][KERN_BM_OUT_QNET], qr.other[b]);
            ASSERT(same(got[b][KERN_BM_OUT_QNET], want) && same(got7[b][KERN_BM_OUT_QNET], want));
            ASSERT(isfinite(want) && want != 0);
        }
        if (kca >= 0) { /* the calcium window closes in the call that closes Vm's */
            double want[4];
            read_ca(ca, last / 10, 10, start, period, b, want);
            const double *o = got[b] + KERN_BM_OUT_CA_DIA;
            ASSERT_EQ_INT(b, (long)got[b][KERN_BM_OUT_CA_BEAT]);
            printf(", CaT %.3g, TTP %.1f, CaTD90 %.1f", o[1], o[2], o[3]);
            ASSERT(same(o[0], want[0]) && same(o[1], want[1]) && same(o[2], want[2]) && same(o[3], want[3]));
            ASSERT(o[1] > 0 && o[3] > o[2]);
        }
        printf("%s\n", ok ? "" : "  DIFFERS from the trace's reading");
    }
    free(v), free(ca), free(w), free(qr.wo);
    return 1;
}

static void test_models(void) {
    static const char *models[] = {"ten_tusscher_model_2006_epi",      "ohara_rudy_2011_endo",
                                   "courtemanche_ramirez_nattel_1998", "luo_rudy_1991",
                                   "grandi_pasqualini_bers_2010_ss",   "ohara_rudy_cipa_v1_2017"};
    int found = 0;
    for (size_t i = 0; i < sizeof models / sizeof *models; i++)
        found += check_model(models[i]);
#ifdef SC_MODEL_SUBSET
    printf("%d of the 6 models in this build (a subset)\n", found);
    ASSERT(found >= 1);
#else
    ASSERT_EQ_INT(6, found);
#endif
}

/* Every library model of the build: qNet's weights or the refusal (q_weights); with them, three
 * beats in calls of 10 steps, qNet against the traces' reading, bit for bit. */
static void test_qnet(void) {
    int with = 0, without = 0;
    for (int i = 0; i < sc_model_count(); i++) {
        const ScModelEntry *m = sc_model_at(i);
        double *w = malloc(sizeof(double) * (size_t)(m->desc->ntraces + 1));
        QRead qr;
        TCase c;
        ASSERT(w != NULL);
        if (!q_weights(m, &qr, w)) {
            without++, free(w);
            continue;
        }
        ASSERT_EQ_INT(1, t_case(SC_SOURCE_DIR "/tests/reference/cases.csv", m->name, &c));
        static double got[NBEATS][KERN_BM_NACC];
        long last = lround(c.start / DT) + NBEATS * lround(BCL / DT);
        ASSERT_EQ_INT(last, run_cell(m, &c, 1, 10, got, NULL, NULL, &qr));
        printf("%-34s qNet", m->name);
        for (int b = 0; b < NBEATS; b++) {
            printf(" %.6f", got[b][KERN_BM_OUT_QNET]);
            ASSERT(same(got[b][KERN_BM_OUT_QNET], qr.q[b] * DT / 1000) && isfinite(qr.q[b]));
        }
        printf(" C/F (beats 0-2; ICaL's other parts %+.6f in the last)\n", qr.other[NBEATS - 1]);
        with++, free(w), free(qr.wo);
    }
    printf("%d models with qNet, %d refused\n", with, without);
#ifndef SC_MODEL_SUBSET
    ASSERT(with >= 6); /* ORd 2011, ORd CiPA, ToR-ORd, Tomek 2020, Trovato 2020, Noble 1998 */
#endif
    ASSERT(with >= 1);
}

/* ---- drawn traces ----------------------------------------------------------------------------- */

/* A drawn action potential at step i of a window of w steps: rest -85 mV, upstroke over 1 ms from
 * 2 ms to +30 mV, plateau falling to 0 mV at 200 ms, repolarisation to rest at 300 ms; then `what`
 * adds: 1 an EAD (a 20 mV hump at 220-240 ms), 2 a DAD at 400 ms (8 mV), 3 a spontaneous upstroke at
 * 450 ms, 4 no repolarisation (stays at 0 mV), 5 a notch (to +10 mV at 5 ms) and dome (+20 at 20 ms). */
static double drawn(long i, int what) {
    double t = (double)i * DT, v;
    if (t < 2)
        v = -85;
    else if (t < 3)
        v = -85 + 115 * (t - 2);
    else if (t < 200)
        v = 30 - 30 * (t - 3) / 197;
    else if (t < 300)
        v = what == 4 ? 0 : -85 * (t - 200) / 100;
    else
        v = what == 4 ? 0 : -85;
    if (what == 1 && t > 220 && t < 240)
        v += 20 * sin(M_PI * (t - 220) / 20);
    if (what == 2 && t > 400 && t < 440)
        v += 8 * sin(M_PI * (t - 400) / 40);
    if (what == 3 && t > 450 && t < 460)
        v = -85 + 100 * sin(M_PI * (t - 450) / 10);
    if (what == 5 && t >= 3 && t < 20)
        v = t < 5 ? 30 - 10 * (t - 3) : 10 + 10 * (t - 5) / 15;
    return v;
}

static void test_shapes(void) {
    long w = lround(BCL / DT);
    double acc[5 * KERN_BM_NACC];
    double *vm = malloc(sizeof(double) * 5 * (size_t)w);
    ASSERT(vm != NULL);
    for (long i = 0; i < w; i++)
        for (int c = 0; c < 5; c++)
            vm[i * 5 + c] = drawn(i, c + 1);
    kern_bm_init(acc, 5);
    KernBmArgs a = bm_args(5, 0, w, acc);
    a.vm = vm, a.nsteps = (int)w, a.finish = 1;
    kern_bm_host(&a);
    const double *ead = acc + KERN_BM_OUT_EAD * 5, *dad = acc + KERN_BM_OUT_DAD * 5,
                 *up = acc + KERN_BM_OUT_UP * 5;
    const double *apd90 = acc + (KERN_BM_OUT_APD + I90) * 5;
    ASSERT(ead[0] == 1 && dad[0] == 0 && up[0] == 1); /* the EAD */
    ASSERT(ead[1] == 0 && dad[1] == 1 && up[1] == 1); /* the DAD */
    ASSERT(dad[2] == 1 && up[2] == 2); /* the spontaneous upstroke */
    ASSERT(isnan(apd90[3]) && up[3] == 1 && ead[3] == 0); /* never repolarised */
    ASSERT(ead[4] == 0 && dad[4] == 0 && up[4] == 1); /* notch and dome: no EAD */
    /* the plain shape: activated in its upstroke (2-3 ms), at the 90 % level (-73.5 mV) at 200 + 100 *
     * 73.5 / 85 ms (the ramp is linear: the interpolation is exact) */
    double tact = acc[KERN_BM_OUT_TACT * 5 + 1];
    ASSERT(tact > 2 && tact < 3);
    ASSERT_NEAR(200 + 100 * 73.5 / 85, tact + apd90[1], 1e-9);
    for (int c = 0; c < 5; c++)
        printf("drawn %d: EAD %g DAD %g upstrokes %g APD90 %.3f ms\n", c + 1, ead[c], dad[c], up[c],
               apd90[c]);
    free(vm);
}

int main(int argc, char **argv) {
    const char *part = argc > 1 ? argv[1] : "";
    if (!strcmp(part, "models"))
        T_RUN(test_models);
    else if (!strcmp(part, "shapes"))
        T_RUN(test_shapes);
    else if (!strcmp(part, "qnet"))
        T_RUN(test_qnet);
    else {
        fprintf(stderr, "usage: test_biomarkers models|shapes|qnet\n");
        return 2;
    }
    return TEST_DONE();
}

/* test_cells_bm.c: biomarkers measured by a cell array's step tasks (sc_cells_biomarkers,
 * scheduler/cells_bm.c) on StarPU's CPU workers against the model's kernel and the biomarker kernel
 * called directly on one array: a population of ten Tusscher 2006 cells whose g_Ks ranges over 0.25x
 * to 4x, paced three beats at 600 ms (dt 0.01 ms, 10 steps a task, planned partitions on 2 workers):
 *   1. every figure of every cell after each beat equals the direct run's, bit for bit (the calcium
 *      transient's too), and the last window is written out by sc_cells_biomarkers_end;
 *   2. APD90 falls as g_Ks grows (cell by cell), every cell captured, none with an EAD; qNet, not
 *      asked for, NaN;
 *   3. qNet: 67 O'Hara-Rudy CiPA cells (when built) whose GKr_b ranges over 0.5x to 2x, two beats:
 *      every figure the direct run's, bit for bit; the step kernel's sums of the currents the sums
 *      of their traces (out_tr at every step, added in the test), and qNet of each cell the sum of
 *      those over the beat times dt / 1000, bit for bit; qNet rising with GKr_b;
 *   4. bad settings are refused with the reason (a level out of (0, 1), no stimulus train, twice,
 *      qNet of a model without INaL); a level list without 0.9 gets it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "biomarker.h"
#include "host_model.h"
#include "starcarp.h"
#include "test.h"

#define NC 301 /* not a multiple of a vector's width */
#define NCQ 67 /* the qNet population */
#define DT 0.01
#define K 10
#define START 1000L /* 10 ms */
#define PERIOD 60000L /* 600 ms */
#define NBEAT 3

static const ScStim STIM = {START, 100, PERIOD, NBEAT, 52.0};

/* A population: nc cells of m whose parameter kvar goes from lo to hi times its default
 * (log-spaced), paced nbeat beats, with the calcium state kca (-1: none) and qNet or not. */
typedef struct Pop {
    const ScModelEntry *m;
    int kvar, kca, nbeat, qnet;
    double lo, hi;
    long nc;
} Pop;

/* The parameter of cell i. */
static double pvalue(const Pop *p, long i) {
    double d = p->m->desc->param_defaults[p->kvar];
    return d * exp(log(p->lo) + log(p->hi / p->lo) * (double)i / (double)(p->nc - 1));
}

/* The per-cell parameters of p as the cell array has them (sc_cells_vary_param): kvar and every
 * parameter derived from it that moves with it, each cell's computed from its own kvar (param_derive),
 * into *pcell (rows of nc values) and a->vary, a->nvary. */
static void per_cell(const Pop *p, ScStepArgs *a, double **pcell) {
    const ScModelDesc *d = p->m->desc;
    size_t np = (size_t)d->nparams;
    double *v = malloc(sizeof(double) * np * (size_t)p->nc);
    unsigned char *given = calloc(np, 1);
    int rows[SC_MAX_VARY], nr = 0;
    given[p->kvar] = 1;
    for (long i = 0; i < p->nc; i++) {
        memcpy(v + (size_t)i * np, d->param_defaults, sizeof(double) * np);
        v[(size_t)i * np + (size_t)p->kvar] = pvalue(p, i);
        d->param_derive(v + (size_t)i * np, given);
    }
    for (int q = 0; q < d->nparams; q++)
        if (q == p->kvar || v[q] != v[(size_t)(p->nc - 1) * np + (size_t)q]) /* moves from cell to cell */
            rows[nr++] = q;
    *pcell = malloc(sizeof(double) * (size_t)nr * (size_t)p->nc);
    for (int r = 0; r < nr; r++) {
        a->vary[rows[r]] = (signed char)r;
        for (long i = 0; i < p->nc; i++)
            (*pcell)[(size_t)r * (size_t)p->nc + (size_t)i] = v[(size_t)i * np + (size_t)rows[r]];
    }
    a->nvary = nr;
    free(v), free(given);
}

/* With qNet, the direct run's own reading: the step kernel's sums isum (K x nc) against the traces
 * tr (K x ntraces x nc) weighted by w, bit for bit (mismatches counted into *bad), and added per
 * cell into q (the window's sum so far; restarted at a window's first step). */
static void q_read(const Pop *p, const double *w, const double *tr, const double *isum, long d0, double *q,
                   long *bad) {
    int nt = p->m->desc->ntraces;
    for (long s = 0; s < K; s++) {
        long d = d0 + s;
        int first = d >= START && (d - START) % PERIOD == 0;
        for (long i = 0; i < p->nc; i++) {
            double sum = 0;
            for (int k = 0; k < nt; k++)
                if (w[k] != 0)
                    sum = sum + w[k] * tr[(s * nt + k) * p->nc + i];
            *bad += memcmp(&sum, &isum[s * p->nc + i], sizeof sum) != 0;
            q[i] = first ? sum : q[i] + sum;
        }
    }
}

/* The direct run: the model's CPU kernel over all cells (the per-cell parameter), the biomarker
 * kernel after every call, the fields after each window into want[beat] (KERN_BM_NACC x nc each);
 * with qNet, the traces too, and qNet of each window from them into qwant[beat] (nc each). */
static void direct(const Pop *p, double *want, double *qwant) {
    const ScModelDesc *d = p->m->desc;
    long nc = p->nc, last = START + p->nbeat * PERIOD, bad = 0;
    ScHostModel h;
    ASSERT(kern_host_model_init(&h, d, NULL) == 0);
    double *sv = malloc(sizeof(double) * (size_t)(d->nsv * nc)), *vm = malloc(sizeof(double) * (size_t)nc);
    double *iion = calloc((size_t)nc, sizeof(double)), *pcell = NULL;
    double *ext = calloc((size_t)nc * (size_t)(d->nexternals + 1), sizeof(double));
    double *samples = malloc(sizeof(double) * K * (size_t)nc),
           *acc = malloc(sizeof(double) * KERN_BM_NACC * (size_t)nc);
    double *isum = malloc(sizeof(double) * K * (size_t)nc),
           *w = malloc(sizeof(double) * (size_t)(d->ntraces + 1));
    double *tr = p->qnet ? malloc(sizeof(double) * K * (size_t)(d->ntraces * nc)) : NULL;
    double *q = calloc((size_t)nc, sizeof(double));
    char err[256];
    ASSERT(!p->qnet || sc_model_qnet_weights(p->m, w, err, sizeof err) == 0);
    for (long i = 0; i < nc; i++) {
        vm[i] = h.vm0;
        for (int k = 0; k < d->nsv; k++)
            sv[k * nc + i] = h.sv0[k];
    }
    ScStepStatus st = {~0ULL, 0};
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    memset(a.vary, -1, sizeof a.vary);
    per_cell(p, &a, &pcell);
    a.n = nc, a.sv = sv, a.vm = vm, a.iion = iion, a.ext = ext, a.pc = h.pc, a.lut = h.lut, a.pcell = pcell;
    a.dt = DT, a.flags = SC_STEP_BENCH, a.status = &st, a.stim = STIM, a.out_every = 1, a.out_vm = samples;
    a.stim.count = p->nbeat;
    a.out_isum = p->qnet ? isum : NULL, a.isum_w = p->qnet ? w : NULL, a.out_tr = tr;
    KernBmArgs b;
    memset(&b, 0, sizeof b);
    b.n = nc, b.dt = DT, b.start = START, b.period = PERIOD, b.nlev = 3, b.i90 = 2;
    b.lev[0] = 0.3, b.lev[1] = 0.5, b.lev[2] = 0.9;
    b.up_mv = 40, b.ead_mv = 1, b.ead_delay_ms = 50, b.dad_mv = 5;
    b.vm = samples, b.isum = a.out_isum, b.ca = p->kca >= 0 ? sv + (size_t)p->kca * (size_t)nc : NULL,
    b.acc = acc;
    kern_bm_init(acc, (size_t)nc);
    ScCpuKernel run = p->m->cpu[0] ? p->m->cpu[0] : d->c_run[0];
    for (long s = 0; s < last; s += K) {
        a.d0 = s, a.nsteps = K, a.out_start = s;
        run(&a);
        b.d0 = s, b.nsteps = K, b.finish = s + K == last;
        kern_bm_host(&b);
        if (p->qnet)
            q_read(p, w, tr, isum, s, q, &bad);
        long beat = (s + K - 1 - START) / PERIOD; /* the window of the call's last step */
        if (s + K > START && (s + K - START) % PERIOD == 0 && beat < p->nbeat) {
            memcpy(want + (size_t)beat * KERN_BM_NACC * (size_t)nc, acc,
                   sizeof(double) * KERN_BM_NACC * (size_t)nc);
            for (long i = 0; qwant && i < nc; i++)
                qwant[beat * nc + i] = q[i] * DT / 1000;
        }
    }
    ASSERT(st.key == ~0ULL);
    ASSERT_EQ_INT(0, bad); /* the step kernel's sums are the traces' */
    kern_host_model_free(&h);
    free(sv), free(vm), free(iion), free(pcell), free(ext), free(samples), free(acc), free(isum), free(w),
        free(tr), free(q);
}

/* Every figure of the array against want's output fields; the number of values that differ. */
static long differ(ScCells *c, long nc, const double *want) {
    double *got = malloc(sizeof(double) * (size_t)nc);
    long nd = 0;
    for (int f = 0; f < SC_BM_NFIELDS; f++) {
        ASSERT(sc_cells_biomarker_read(c, f, got) == 0);
        for (long i = 0; i < nc; i++) {
            double w = want[(size_t)(KERN_BM_OUT_BEAT + f) * (size_t)nc + (size_t)i];
            nd += memcmp(&w, &got[i], sizeof w) != 0;
        }
    }
    free(got);
    return nd;
}

/* p's population as a cell array on the CPU workers, beat by beat against the direct run (want):
 * every figure bit for bit; the last window written out by sc_cells_biomarkers_end. The array is
 * returned for more reading (the caller destroys it). */
static ScCells *run_array(const Pop *p, const double *want) {
    char err[256];
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.ncells = p->nc, cfg.dt = DT, cfg.steps_per_task = K, cfg.stim = STIM;
    cfg.stim.count = p->nbeat;
    ScCells *c = sc_cells_create(p->m, &cfg, err, sizeof err);
    ASSERT(c != NULL);
    double *v = malloc(sizeof(double) * (size_t)p->nc);
    for (long i = 0; i < p->nc; i++)
        v[i] = pvalue(p, i);
    ASSERT(sc_cells_vary_param(c, p->kvar, v, err, sizeof err) == 0);
    ScBiomarkers b = {.calcium = p->kca, .qnet = p->qnet};
    ASSERT(sc_cells_biomarkers(c, &b, err, sizeof err) == 0);
    ASSERT(sc_cells_biomarkers(c, &b, err, sizeof err) < 0 && strstr(err, "already"));
    ASSERT(sc_cells_advance(c, START) == 0);
    for (int beat = 0; beat < p->nbeat; beat++) {
        ASSERT(sc_cells_advance(c, PERIOD) == 0);
        if (beat == p->nbeat - 1)
            ASSERT(sc_cells_biomarkers_end(c) == 0);
        ASSERT_EQ_INT(0, sc_cells_wait(c, NULL));
        long nd = differ(c, p->nc, want + (size_t)beat * KERN_BM_NACC * (size_t)p->nc);
        printf("%s beat %d: %ld of %ld figures differ from the direct run (%d partitions%s)\n", p->m->name,
               beat, nd, SC_BM_NFIELDS * p->nc, sc_cells_nparts(c), p->qnet ? ", qNet" : "");
        ASSERT_EQ_INT(0, nd);
    }
    free(v);
    return c;
}

/* ten Tusscher 2006, g_Ks from 0.25x to 4x: the array's figures are the direct run's; APD90 falls as
 * g_Ks grows, every cell captured, none with an EAD; qNet not measured (NaN). */
static void test_population(const ScModelEntry *m) {
    Pop p = {m, sc_model_param_index(m, "g_Ks"), sc_model_calcium(m), NBEAT, 0, 0.25, 4.0, NC};
    ASSERT(p.kvar >= 0 && p.kca >= 0);
    double *want = malloc(sizeof(double) * NBEAT * KERN_BM_NACC * NC);
    direct(&p, want, NULL);
    ScCells *c = run_array(&p, want);
    double *apd = malloc(sizeof(double) * NC), *ead = malloc(sizeof(double) * NC),
           *up = malloc(sizeof(double) * NC), *q = malloc(sizeof(double) * NC);
    ASSERT(sc_cells_biomarker_read(c, SC_BM_APD + 2, apd) == 0 &&
           sc_cells_biomarker_read(c, SC_BM_EAD, ead) == 0);
    ASSERT(sc_cells_biomarker_read(c, SC_BM_UPSTROKES, up) == 0 &&
           sc_cells_biomarker_read(c, SC_BM_QNET, q) == 0);
    long mono = 0, cap = 0, eads = 0, qnan = 0;
    for (long i = 0; i < NC; i++)
        mono += i == 0 || apd[i] < apd[i - 1], cap += up[i] >= 1, eads += ead[i] != 0, qnan += isnan(q[i]);
    printf("APD90 %.2f ms (g_Ks x0.25) to %.2f ms (x4); falling at %ld of %d cells; captured %ld; EAD %ld\n",
           apd[0], apd[NC - 1], mono, NC, cap, eads);
    ASSERT_EQ_INT(NC, mono);
    ASSERT_EQ_INT(NC, cap);
    ASSERT_EQ_INT(0, eads);
    ASSERT_EQ_INT(NC, qnan);
    sc_cells_destroy(c);
    free(want), free(apd), free(ead), free(up), free(q);
}

/* O'Hara-Rudy CiPA (when built), GKr_b from 0.5x to 2x, two beats with qNet: every figure the direct
 * run's, qNet the sum of the six currents' traces (summed here from out_tr at every step) times dt /
 * 1000, bit for bit, and rising with GKr_b. */
static void test_qnet(void) {
    const ScModelEntry *m = NULL;
    for (int i = 0; i < sc_model_count() && !m; i++)
        m = !strcmp(sc_model_at(i)->name, "ohara_rudy_cipa_v1_2017") ? sc_model_at(i) : NULL;
    if (!m) {
        printf("ohara_rudy_cipa_v1_2017 not in this build: the qNet population not run\n");
        return;
    }
    Pop p = {m, sc_model_param_index(m, "GKr_b"), sc_model_calcium(m), 2, 1, 0.5, 2.0, NCQ};
    ASSERT(p.kvar >= 0);
    double *want = malloc(sizeof(double) * 2 * KERN_BM_NACC * NCQ), *qwant = malloc(sizeof(double) * 2 * NCQ);
    double *q = malloc(sizeof(double) * NCQ);
    direct(&p, want, qwant);
    ScCells *c = run_array(&p, want);
    ASSERT(sc_cells_biomarker_read(c, SC_BM_QNET, q) == 0);
    long same = 0, rising = 0;
    for (long i = 0; i < NCQ; i++)
        same += !memcmp(&q[i], &qwant[NCQ + i], sizeof *q), rising += i == 0 || q[i] > q[i - 1];
    printf("qNet %.6f C/F (GKr_b x0.5) to %.6f (x2); the traces' sum at %ld of %d cells; rising at %ld\n",
           q[0], q[NCQ - 1], same, NCQ, rising);
    ASSERT_EQ_INT(NCQ, same);
    ASSERT_EQ_INT(NCQ, rising);
    sc_cells_destroy(c);
    free(want), free(qwant), free(q);
}

static void test_refusals(const ScModelEntry *m) {
    char err[256];
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.ncells = 8, cfg.dt = DT;
    ScCells *c = sc_cells_create(m, &cfg, err, sizeof err);
    ASSERT(c != NULL);
    ASSERT(sc_cells_biomarkers(c, NULL, err, sizeof err) < 0 && strstr(err, "stimulus train"));
    sc_cells_destroy(c);
    cfg.stim = STIM;
    c = sc_cells_create(m, &cfg, err, sizeof err);
    ScBiomarkers b = {.nlevels = 2, .levels = {0.5, 1.5}, .calcium = -1};
    ASSERT(sc_cells_biomarkers(c, &b, err, sizeof err) < 0 && strstr(err, "fraction in (0, 1)"));
    b.levels[1] = 0.8, b.qnet = 1; /* ten Tusscher 2006 has no INaL */
    ASSERT(sc_cells_biomarkers(c, &b, err, sizeof err) < 0);
    printf("qNet refused: %s\n", err);
    ASSERT(strstr(err, "qNet needs INaL, which ten_tusscher_model_2006_epi does not have; it has INa, ICaL"));
    b.qnet = 0;
    ASSERT(sc_cells_biomarkers(c, &b, err, sizeof err) == 0); /* 0.9 joins them */
    ASSERT(sc_cells_advance(c, START + PERIOD) == 0 && sc_cells_biomarkers_end(c) == 0);
    double apd[3][8];
    for (int j = 0; j < 3; j++)
        ASSERT(sc_cells_biomarker_read(c, SC_BM_APD + j, apd[j]) == 0);
    ASSERT(apd[0][0] < apd[1][0] && apd[1][0] < apd[2][0]); /* APD50 < APD80 < APD90 */
    sc_cells_destroy(c);
}

int main(void) {
    struct starpu_conf conf;
    starpu_conf_init(&conf);
    if (starpu_init(&conf) != 0) {
        printf("StarPU did not start: skipped\n");
        return 77;
    }
    char err[256];
    const ScModelEntry *m = sc_model_lookup("ten_tusscher_model_2006_epi", NULL, err, sizeof err);
    ASSERT(m != NULL);
    if (m) {
        test_population(m);
        test_refusals(m);
    }
    test_qnet();
    starpu_shutdown();
    return TEST_DONE();
}

/* test_cells_bm.c: biomarkers measured by a cell array's step tasks (sc_cells_biomarkers,
 * scheduler/cells_bm.c) on StarPU's CPU workers against the model's kernel and the biomarker kernel
 * called directly on one array: a population of ten Tusscher 2006 cells whose g_Ks ranges over 0.25x
 * to 4x, paced three beats at 600 ms (dt 0.01 ms, 10 steps a task, planned partitions on 2 workers):
 *   1. every figure of every cell after each beat equals the direct run's, bit for bit (the calcium
 *      transient's too), and the last window is written out by sc_cells_biomarkers_end;
 *   2. APD90 falls as g_Ks grows (cell by cell), every cell captured, none with an EAD;
 *   3. bad settings are refused with the reason (a level out of (0, 1), no stimulus train, twice);
 *      a level list without 0.9 gets it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "biomarker.h"
#include "host_model.h"
#include "starcarp.h"
#include "test.h"

#define NC 301 /* not a multiple of a vector's width */
#define DT 0.01
#define K 10
#define START 1000L /* 10 ms */
#define PERIOD 60000L /* 600 ms */
#define NBEAT 3

static const ScStim STIM = {START, 100, PERIOD, NBEAT, 52.0};

/* g_Ks of cell i: 0.25x to 4x its default, log-spaced. */
static double gks(double dflt, long i) { return dflt * exp(log(0.25) + log(16.0) * (double)i / (NC - 1)); }

/* The direct run: the model's CPU kernel over all cells (per-cell g_Ks), the biomarker kernel after
 * every call, the fields after each window into want[beat] (KERN_BM_NACC x NC each). */
static void direct(const ScModelEntry *m, int kgks, int kca, double *want) {
    const ScModelDesc *d = m->desc;
    ScHostModel h;
    ASSERT(kern_host_model_init(&h, d, NULL) == 0);
    double *sv = malloc(sizeof(double) * (size_t)(d->nsv * NC)), *vm = malloc(sizeof(double) * NC);
    double *iion = calloc(NC, sizeof(double)), *pcell = malloc(sizeof(double) * NC);
    double *ext = calloc((size_t)NC * (size_t)(d->nexternals + 1), sizeof(double));
    double *samples = malloc(sizeof(double) * K * NC), *acc = malloc(sizeof(double) * KERN_BM_NACC * NC);
    for (long i = 0; i < NC; i++) {
        vm[i] = h.vm0, pcell[i] = gks(d->param_defaults[kgks], i);
        for (int k = 0; k < d->nsv; k++)
            sv[k * NC + i] = h.sv0[k];
    }
    ScStepStatus st = {~0ULL, 0};
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    memset(a.vary, -1, sizeof a.vary);
    a.n = NC, a.sv = sv, a.vm = vm, a.iion = iion, a.ext = ext, a.pc = h.pc, a.lut = h.lut, a.pcell = pcell;
    a.vary[kgks] = 0, a.nvary = 1;
    a.dt = DT, a.flags = SC_STEP_BENCH, a.status = &st, a.stim = STIM, a.out_every = 1, a.out_vm = samples;
    KernBmArgs b;
    memset(&b, 0, sizeof b);
    b.n = NC, b.dt = DT, b.start = START, b.period = PERIOD, b.nlev = 3, b.i90 = 2;
    b.lev[0] = 0.3, b.lev[1] = 0.5, b.lev[2] = 0.9;
    b.up_mv = 40, b.ead_mv = 1, b.ead_delay_ms = 50, b.dad_mv = 5;
    b.vm = samples, b.ca = sv + (size_t)kca * NC, b.acc = acc;
    kern_bm_init(acc, NC);
    ScCpuKernel run = m->cpu[0] ? m->cpu[0] : d->c_run[0];
    for (long s = 0; s < START + NBEAT * PERIOD; s += K) {
        a.d0 = s, a.nsteps = K, a.out_start = s;
        run(&a);
        b.d0 = s, b.nsteps = K, b.finish = s + K == START + NBEAT * PERIOD;
        kern_bm_host(&b);
        long beat = (s + K - 1 - START) / PERIOD; /* the window of the call's last step */
        if (s + K > START && (s + K - START) % PERIOD == 0 && beat < NBEAT)
            memcpy(want + (size_t)beat * KERN_BM_NACC * NC, acc, sizeof(double) * KERN_BM_NACC * NC);
    }
    ASSERT(st.key == ~0ULL);
    kern_host_model_free(&h);
    free(sv), free(vm), free(iion), free(pcell), free(ext), free(samples), free(acc);
}

/* Every figure of the array against want's output fields; the number of values that differ. */
static long differ(ScCells *c, const double *want) {
    double *got = malloc(sizeof(double) * NC);
    long nd = 0;
    for (int f = 0; f < SC_BM_NFIELDS; f++) {
        ASSERT(sc_cells_biomarker_read(c, f, got) == 0);
        for (long i = 0; i < NC; i++) {
            double w = want[(size_t)(KERN_BM_OUT_BEAT + f) * NC + (size_t)i];
            nd += memcmp(&w, &got[i], sizeof w) != 0;
        }
    }
    free(got);
    return nd;
}

static void test_population(const ScModelEntry *m) {
    int kgks = sc_model_param_index(m, "g_Ks"), kca = sc_model_calcium(m);
    ASSERT(kgks >= 0 && kca >= 0);
    double *want = malloc(sizeof(double) * NBEAT * KERN_BM_NACC * NC), *v = malloc(sizeof(double) * NC);
    direct(m, kgks, kca, want);
    char err[256];
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.ncells = NC, cfg.dt = DT, cfg.steps_per_task = K, cfg.stim = STIM;
    ScCells *c = sc_cells_create(m, &cfg, err, sizeof err);
    ASSERT(c != NULL);
    for (long i = 0; i < NC; i++)
        v[i] = gks(m->desc->param_defaults[kgks], i);
    ASSERT(sc_cells_vary_param(c, kgks, v, err, sizeof err) == 0);
    ScBiomarkers b = {.calcium = kca};
    ASSERT(sc_cells_biomarkers(c, &b, err, sizeof err) == 0);
    ASSERT(sc_cells_biomarkers(c, &b, err, sizeof err) < 0 && strstr(err, "already"));
    ASSERT(sc_cells_advance(c, START) == 0);
    for (int beat = 0; beat < NBEAT; beat++) {
        ASSERT(sc_cells_advance(c, PERIOD) == 0);
        if (beat == NBEAT - 1)
            ASSERT(sc_cells_biomarkers_end(c) == 0);
        ASSERT_EQ_INT(0, sc_cells_wait(c, NULL));
        long nd = differ(c, want + (size_t)beat * KERN_BM_NACC * NC);
        printf("beat %d: %ld of %d figures differ from the direct run (%d partitions)\n", beat, nd,
               SC_BM_NFIELDS * NC, sc_cells_nparts(c));
        ASSERT_EQ_INT(0, nd);
    }
    double *apd = malloc(sizeof(double) * NC), *ead = malloc(sizeof(double) * NC),
           *up = malloc(sizeof(double) * NC);
    ASSERT(sc_cells_biomarker_read(c, SC_BM_APD + 2, apd) == 0 &&
           sc_cells_biomarker_read(c, SC_BM_EAD, ead) == 0);
    ASSERT(sc_cells_biomarker_read(c, SC_BM_UPSTROKES, up) == 0);
    long mono = 0, cap = 0, eads = 0;
    for (long i = 0; i < NC; i++)
        mono += i == 0 || apd[i] < apd[i - 1], cap += up[i] >= 1, eads += ead[i] != 0;
    printf("APD90 %.2f ms (g_Ks x0.25) to %.2f ms (x4); falling at %ld of %d cells; captured %ld; EAD %ld\n",
           apd[0], apd[NC - 1], mono, NC, cap, eads);
    ASSERT_EQ_INT(NC, mono);
    ASSERT_EQ_INT(NC, cap);
    ASSERT_EQ_INT(0, eads);
    sc_cells_destroy(c);
    free(want), free(v), free(apd), free(ead), free(up);
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
    b.levels[1] = 0.8; /* 0.9 joins them */
    ASSERT(sc_cells_biomarkers(c, &b, err, sizeof err) == 0);
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
    starpu_shutdown();
    return TEST_DONE();
}

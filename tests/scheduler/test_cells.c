/* test_cells.c: the cell arrays of the runtime (scheduler/sc_cells.c) on StarPU's CPU workers
 * (and GPUs where present), against the model kernels called directly on one array.
 *
 * Checks, per model of a small set (lookup tables + Rush-Larsen, cvode, forward Euler):
 *   1. a partitioned run (planned partitions; then 3 equal partitions placed by the scheduler)
 *      equals one direct kernel call over all cells: bit for bit for fixed-step methods (every
 *      cell is computed by the same per-lane code wherever it lies), within 1e-9 relative for
 *      cvode (its lanes step together, and partitions regroup the lanes);
 *   2. K = 1 and K = 10 steps per task give the same bits;
 *   3. sc_cells_sample returns what sc_cells_read returns;
 *   4. per-cell parameters: cell i of a population equals a uniform run with cell i's value
 *      (to round-off: the per-cell kernel recomputes the constants);
 *   5. a cell set to NaN is reported with its index and step, and its neighbours are not;
 *   6. checkpoint and restart: save, run on; load into a new array, run on: same bits.
 * Also the partition plan (sc_plan_parts): sizes add up, are aligned, follow the speed ratio. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sc_tissue.h"
#include "starcarp.h"
#include "test.h"
#include "host_model.h"

#define NC 613 /* cells: not a multiple of any vector width; planned partitions on 2 CPUs: 2 */
#define NSTEPS 300 /* 3 ms at 0.01 ms, stimulus from step 20 for 1 ms */

static const ScModelEntry *model(const char *name) {
    char err[512];
    const ScModelEntry *m = sc_model_lookup(name, NULL, err, sizeof err);
    if (!m)
        fprintf(stderr, "%s\n", err);
    return m;
}

static ScCellsConfig config(int nparts, int K) {
    ScCellsConfig c;
    memset(&c, 0, sizeof c);
    c.ncells = NC, c.precision = SC_DOUBLE, c.dt = 0.01, c.steps_per_task = K, c.nparts = nparts;
    c.free_placement = nparts > 0;
    c.stim = (ScStim){.start = 20, .pulse = 100, .period = 0, .count = 1, .amp = 40.0};
    return c;
}

/* The direct reference: the model's vectorised kernel over all NC cells, one call per step. */
static void direct(const ScModelEntry *m, double *sv, double *vm, double *iion) {
    const ScModelDesc *d = m->desc;
    ScHostModel h;
    ASSERT(kern_host_model_init(&h, d, NULL) == 0);
    double *pc = h.pc, *sv0 = h.sv0, vm0 = h.vm0, *lut = h.lut;
    double *ext = calloc((size_t)NC * (size_t)(d->nexternals + 1), sizeof(double));
    for (long i = 0; i < NC; i++) {
        vm[i] = vm0;
        for (int k = 0; k < d->nsv; k++)
            sv[k * NC + i] = sv0[k];
    }
    unsigned long long oor[SC_MAX_TABLES] = {0};
    ScStepStatus st = {~0ULL, 0};
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    a.n = NC, a.sv = sv, a.vm = vm, a.iion = iion, a.ext = ext, a.pc = pc, a.lut = lut, a.lut_oor = oor;
    for (int k = 0; k < SC_MAX_PARAMS; k++)
        a.vary[k] = -1;
    a.dt = 0.01, a.flags = SC_STEP_BENCH, a.status = &st;
    a.stim = (ScStim){.start = 20, .pulse = 100, .period = 0, .count = 1, .amp = 40.0};
    for (long s = 0; s < NSTEPS; s++) {
        a.d0 = s, a.nsteps = 1;
        m->cpu[0](&a);
    }
    kern_host_model_free(&h);
    free(ext);
}

static double max_rel(const double *a, const double *b, long n) {
    double r = 0;
    for (long i = 0; i < n; i++)
        if (a[i] != b[i]) {
            double x = fabs(a[i] - b[i]) / fmax(fabs(a[i]), 1e-10);
            r = fmax(r, isnan(x) ? INFINITY : x);
        }
    return r;
}

/* All states, Vm and Iion of an array, in cell order: out[(nsv + 2) * NC]. */
static void read_all(ScCells *c, int nsv, double *out) {
    for (int k = 0; k < nsv; k++)
        ASSERT(sc_cells_read(c, k, out + (size_t)k * NC) == 0);
    ASSERT(sc_cells_read(c, SC_VAR_VM, out + (size_t)nsv * NC) == 0);
    ASSERT(sc_cells_read(c, SC_VAR_IION, out + (size_t)(nsv + 1) * NC) == 0);
}

/* A cell array of m with config(0, 10), which must be made: NULL after a failed check. */
static ScCells *made(const ScModelEntry *m) {
    char err[256];
    ScCellsConfig cfg = config(0, 10);
    ScCells *c = sc_cells_create(m, &cfg, err, sizeof err);
    ASSERT(c != NULL);
    if (!c)
        fprintf(stderr, "create: %s\n", err);
    return c;
}

static ScCells *run(const ScModelEntry *m, ScCellsConfig cfg, long steps) {
    char err[256];
    ScCells *c = sc_cells_create(m, &cfg, err, sizeof err);
    if (!c) {
        fprintf(stderr, "create: %s\n", err);
        return NULL;
    }
    ASSERT(sc_cells_advance(c, steps) == 0);
    ScFailure f;
    int rc = sc_cells_wait(c, &f);
    if (rc)
        fprintf(stderr, "%s: failure at cell %ld step %ld: %s\n", m->name, f.cell, f.step, f.what);
    ASSERT_EQ_INT(0, rc);
    return c;
}

static void check_model(const char *name, int adaptive) {
    const ScModelEntry *m = model(name);
    ASSERT(m != NULL);
    if (!m)
        return;
    const ScModelDesc *d = m->desc;
    const int nsv = d->nsv, W = (nsv + 2) * NC;
    double *ref = calloc((size_t)W, sizeof(double)), *got = calloc((size_t)W, sizeof(double));
    direct(m, ref, ref + (size_t)nsv * NC, ref + (size_t)(nsv + 1) * NC);

    /* 1. planned partitions, K = 10; then 3 equal partitions placed by the scheduler */
    ScCells *c = run(m, config(0, 10), NSTEPS);
    ASSERT(c != NULL);
    if (!c)
        return;
    ASSERT_EQ_INT(NSTEPS, sc_cells_step(c));
    read_all(c, nsv, got);
    double r1 = max_rel(ref, got, W);
    printf("%-34s parts %d: rel diff to the direct kernel %.3g\n", name, sc_cells_nparts(c), r1);
    ASSERT(adaptive ? r1 <= 1e-9 : r1 == 0);

    ScCells *c3 = run(m, config(3, 10), NSTEPS);
    double *got3 = calloc((size_t)W, sizeof(double));
    if (c3) {
        ASSERT_EQ_INT(3, sc_cells_nparts(c3));
        read_all(c3, nsv, got3);
        double r3 = max_rel(ref, got3, W);
        printf("%-34s parts 3 (free placement): rel diff %.3g\n", name, r3);
        ASSERT(adaptive ? r3 <= 1e-9 : r3 == 0);
    }

    /* 2. K = 1 gives the same bits as K = 10 */
    ScCells *c1 = run(m, config(0, 1), NSTEPS);
    if (c1) {
        read_all(c1, nsv, got3);
        ASSERT(memcmp(got, got3, sizeof(double) * (size_t)W) == 0);
    }

    /* 3. sampled outputs equal the whole-variable reads */
    long cells[4] = {0, NC - 1, 77, 0};
    double vm[4], ii[4], *sv = calloc(4 * (size_t)nsv + 1, sizeof(double));
    ASSERT(sc_cells_sample(c, cells, 4, vm, ii, sv) == 0);
    for (int j = 0; j < 4; j++) {
        ASSERT(vm[j] == got[(size_t)nsv * NC + (size_t)cells[j]]);
        ASSERT(ii[j] == got[(size_t)(nsv + 1) * NC + (size_t)cells[j]]);
        for (int k = 0; k < nsv; k++)
            ASSERT(sv[j * nsv + k] == got[(size_t)k * NC + (size_t)cells[j]]);
    }
    long bad = NC;
    ASSERT(sc_cells_sample(c, &bad, 1, vm, ii, NULL) < 0);

    /* 6. checkpoint at NSTEPS, 50 more steps; restart from the file, 50 more: same bits */
    char dir[] = "/tmp/sc_cellsXXXXXX", path[64], err[256];
    ASSERT(mkdtemp(dir) != NULL);
    snprintf(path, sizeof path, "%s/ckpt.bin", dir);
    ASSERT(sc_cells_save(c, path, err, sizeof err) == 0);
    ASSERT(sc_cells_advance(c, 50) == 0);
    ASSERT_EQ_INT(0, sc_cells_wait(c, NULL));
    read_all(c, nsv, got);
    ScCellsConfig cfg = config(0, 7);
    ScCells *r = sc_cells_create(m, &cfg, err, sizeof err);
    ASSERT(r != NULL);
    if (r) {
        int lrc = sc_cells_load(r, path, err, sizeof err);
        if (lrc)
            fprintf(stderr, "load: %s\n", err);
        ASSERT_EQ_INT(0, lrc);
        ASSERT_EQ_INT(NSTEPS, sc_cells_step(r));
        ASSERT(sc_cells_advance(r, 50) == 0);
        ASSERT_EQ_INT(0, sc_cells_wait(r, NULL));
        read_all(r, nsv, got3);
        ASSERT(adaptive ? max_rel(got, got3, W) <= 1e-9 : memcmp(got, got3, sizeof(double) * (size_t)W) == 0);
        sc_cells_destroy(r);
    }
    /* a checkpoint of another cell count is refused with a message */
    cfg.ncells = NC + 1;
    r = sc_cells_create(m, &cfg, err, sizeof err);
    if (r) {
        ASSERT(sc_cells_load(r, path, err, sizeof err) < 0);
        ASSERT(strstr(err, "cells") != NULL);
        sc_cells_destroy(r);
    }
    unlink(path);
    rmdir(dir);
    free(sv), free(got3), free(ref), free(got);
    sc_cells_destroy(c), sc_cells_destroy(c1), sc_cells_destroy(c3);
}

/* 4. per-cell parameters: cell i of a population whose parameter is default * (1 + 0.1 (i mod 10))
 * equals a uniform one-cell-value run of the finished parameter set (derived parameters following,
 * as in the population), with exact table columns, as the per-cell kernel has. */
static void check_population(const char *name, const char *param, long steps) {
    const ScModelEntry *m = model(name);
    ASSERT(m != NULL);
    if (!m)
        return;
    const ScModelDesc *d = m->desc;
    int k = -1;
    for (int q = 0; q < d->nparams; q++)
        if (!strcmp(d->param_names[q], param))
            k = q;
    ASSERT(k >= 0);
    if (k < 0)
        return;
    char err[256];
    ScCells *pop = made(m);
    if (!pop)
        return;
    double *vals = malloc(sizeof(double) * NC);
    for (long i = 0; i < NC; i++)
        vals[i] = d->param_defaults[k] * (1 + 0.1 * (double)(i % 10));
    ASSERT(sc_cells_vary_param(pop, k, vals, err, sizeof err) == 0);
    ASSERT(sc_cells_advance(pop, steps) == 0);
    ASSERT_EQ_INT(0, sc_cells_wait(pop, NULL));
    double *vp = malloc(sizeof(double) * NC), *vu = malloc(sizeof(double) * NC);
    ASSERT(sc_cells_read(pop, SC_VAR_VM, vp) == 0);
    double worst = 0, spread = 0;
    for (int j = 0; j < 10; j += 3) {
        double *p = malloc(sizeof(double) * (size_t)d->nparams);
        memcpy(p, d->param_defaults, sizeof(double) * (size_t)d->nparams);
        p[k] = vals[j];
        unsigned char *given = calloc((size_t)d->nparams, 1);
        given[k] = 1; /* the derived parameters follow it, as in the population */
        ASSERT(given && sc_model_params_finish(m, p, given, NULL, err, sizeof err) == 0);
        free(given);
        ScCellsConfig cu = config(0, 10);
        cu.no_lut = 1; /* as the population's per-cell kernel, which evaluates table columns exactly */
        ScCells *u = sc_cells_create(m, &cu, err, sizeof err);
        ASSERT(u != NULL);
        if (!u)
            break;
        ASSERT(sc_cells_set_params(u, p, err, sizeof err) == 0);
        ASSERT(sc_cells_advance(u, steps) == 0);
        ASSERT_EQ_INT(0, sc_cells_wait(u, NULL));
        ASSERT(sc_cells_read(u, SC_VAR_VM, vu) == 0);
        for (long i = j; i < NC; i += 10)
            worst = fmax(worst, fabs(vp[i] - vu[i]) / fmax(fabs(vu[i]), 1e-6));
        spread = fmax(spread, fabs(vp[j] - vp[0]));
        sc_cells_destroy(u);
        free(p);
    }
    printf("%-34s population of %s: worst rel diff to uniform runs %.3g (Vm spread %.3g mV)\n", name, param,
           worst, spread);
    ASSERT(worst <= 1e-9);
    ASSERT(spread > 0.1); /* the parameter matters: the test could see a wrong cell's value */
    sc_cells_destroy(pop);
    free(vals), free(vp), free(vu);
}

/* 5. a NaN cell is named, with the step where it was found; the run stops there */
static void check_failure(const char *name) {
    const ScModelEntry *m = model(name);
    if (!m)
        return;
    ScCells *c = made(m);
    if (!c)
        return;
    ASSERT(sc_cells_advance(c, 30) == 0);
    ASSERT_EQ_INT(0, sc_cells_wait(c, NULL));
    double *vm = malloc(sizeof(double) * NC);
    ASSERT(sc_cells_read(c, SC_VAR_VM, vm) == 0);
    vm[150] = NAN, vm[400] = 2000; /* beyond the 1000 mV bound */
    ASSERT(sc_cells_write(c, SC_VAR_VM, vm) == 0);
    ASSERT(sc_cells_advance(c, 40) == 0);
    ScFailure f;
    memset(&f, 0, sizeof f);
    ASSERT_EQ_INT(1, sc_cells_wait(c, &f));
    printf("%-34s failure: cell %ld step %ld t %g ms: %s\n", name, f.cell, f.step, f.t, f.what);
    ASSERT_EQ_INT(150, f.cell);
    ASSERT_EQ_INT(30, f.step);
    ASSERT(strstr(f.what, "nan") != NULL);
    /* the run records the earliest; the list names both failed cells, and only them */
    long bad[NC];
    ASSERT_EQ_INT(2, sc_cells_failed_cells(c, bad));
    ASSERT(bad[0] == 150 && bad[1] == 400);
    /* the other cells were computed up to the failure and hold finite values */
    ASSERT(sc_cells_read(c, SC_VAR_VM, vm) == 0);
    ASSERT(isfinite(vm[0]) && isfinite(vm[NC - 1]));
    free(vm);
    sc_cells_destroy(c);
}

static void check_plan(void) {
    long s[64];
    /* 16 cores + 1 GPU 50x a core, 4M cells, lanes of 8 */
    int np = sc_plan_parts(4000000, 16, 1, 50.0, 8, s, 64);
    ASSERT_EQ_INT(17, np);
    long sum = 0;
    for (int p = 0; p < np; p++)
        sum += s[p];
    ASSERT_EQ_INT(4000000, sum);
    ASSERT(s[0] % 8 == 0 && s[1] % 8 == 0);
    ASSERT(fabs((double)s[0] / (double)s[1] - 50.0) < 0.01);
    /* small arrays: fewer partitions, none below 64 cells unless it is the only one */
    np = sc_plan_parts(1000, 16, 0, 1.0, 8, s, 64);
    ASSERT(np >= 1 && np <= 15);
    sum = 0;
    for (int p = 0; p < np; p++) {
        ASSERT(s[p] >= 64);
        sum += s[p];
    }
    ASSERT_EQ_INT(1000, sum);
    np = sc_plan_parts(5, 4, 0, 1.0, 8, s, 64);
    ASSERT_EQ_INT(1, np);
    ASSERT_EQ_INT(5, s[0]);
    /* CPUs next to a GPU 2000 times a core (14 / 2014 = 0.7 % of the work) get nothing; at 200
       times (6.5 %) they get their share */
    ASSERT_EQ_INT(1, sc_plan_parts(1 << 20, 14, 1, 2000.0, 8, s, 64));
    ASSERT_EQ_INT(1 << 20, s[0]);
    ASSERT_EQ_INT(15, sc_plan_parts(1 << 20, 14, 1, 200.0, 8, s, 64));
    ASSERT_EQ_INT(-1, sc_plan_parts(0, 4, 0, 1.0, 8, s, 64));
    ASSERT_EQ_INT(-1, sc_plan_parts(100, 0, 0, 1.0, 8, s, 64));
}

/* Before starpu_init: a cell array and a tissue are refused with the reason, not "no worker". */
static void check_not_initialised(void) {
    char err[256] = "";
    const ScModelEntry *m = sc_model_lookup("AlievPanfilov", NULL, err, sizeof err);
    ASSERT(m != NULL);
    ScCellsConfig cfg = {.ncells = 16};
    ASSERT(sc_cells_create(m, &cfg, err, sizeof err) == NULL);
    ASSERT(strstr(err, "StarPU is not initialised: call starpu_init") != NULL);
    ScTissueConfig tc = {0};
    err[0] = 0;
    ASSERT(sc_tissue_create(m, &tc, err, sizeof err) == NULL);
    ASSERT(strstr(err, "StarPU is not initialised: call starpu_init") != NULL);
}

int main(void) {
    check_plan();
    check_not_initialised();
    struct starpu_conf conf;
    starpu_conf_init(&conf);
    int rc = starpu_init(&conf);
    if (rc == -ENODEV) {
        fprintf(stderr, "no StarPU worker\n");
        return 77;
    }
    ASSERT_EQ_INT(0, rc);
    if (rc)
        return 1;
    check_model("ten_tusscher_model_2006_epi", 0); /* Rush-Larsen, lookup tables */
    check_model("BeelerReuterNative", 1); /* cvode */
    check_model("AlievPanfilov", 0); /* forward Euler */
    check_population("ten_tusscher_model_2006_epi", "g_Na", NSTEPS);
    /* over the plateau (60 ms): a parameter derived ones follow (GKr_b: GKr), one read through a
       derived parameter's constants (Gncx_b: Gncx, then 0.8 Gncx and 0.2 Gncx), one a table column
       reads (nao) */
    check_population("ohara_rudy_2011_endo", "GKr_b", 20 * NSTEPS);
    check_population("ohara_rudy_2011_endo", "Gncx_b", 20 * NSTEPS);
    check_population("ohara_rudy_2011_endo", "nao", 20 * NSTEPS);
    check_failure("ten_tusscher_model_2006_epi");
    starpu_shutdown();
    return TEST_DONE();
}

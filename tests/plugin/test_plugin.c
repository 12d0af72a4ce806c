/* test_plugin.c: sc_model_lookup (codelets/sc_models.c): a library model by name, a user's .model
 * file built into a plugin on the fly (generated, compiled, cached, loaded), the cache reused,
 * method overrides, and the errors (unknown name, unreadable file, a model with an error).
 * Usage: test_plugin MODEL_DIR SCRATCH_DIR */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "starcarp.h"
#include "test.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + 1e-9 * ts.tv_nsec;
}

/* 19 cells (a partial vector block) over 300 steps with a stimulus, by kernel k; returns Vm[18]. */
static double run(const ScModelEntry *e, ScCpuKernel k, double *vm_out) {
    const ScModelDesc *d = e->desc;
    enum { N = 19 };
    double *pc = calloc((size_t)(d->nparams + d->nconsts + 1), sizeof *pc);
    double *sv = calloc((size_t)(d->nsv + 1) * N, sizeof *sv), sv0[512], v0, vm[N], ii[N];
    memcpy(pc, d->param_defaults, (size_t)d->nparams * sizeof *pc);
    d->consts(pc);
    d->init(pc, sv0, &v0);
    for (int i = 0; i < N; i++) {
        vm[i] = v0 + 0.1 * i;
        for (int s = 0; s < d->nsv; s++)
            sv[s * N + i] = sv0[s];
    }
    double *lut = NULL;
    if (d->ntables) {
        lut = malloc(d->lut_size() * sizeof *lut);
        d->lut_build(pc, lut);
    }
    ScStepStatus st = {ULLONG_MAX, 0};
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    memset(a.vary, -1, sizeof a.vary);
    a.n = N, a.sv = sv, a.vm = vm, a.iion = ii, a.pc = pc, a.lut = lut, a.dt = 0.01;
    a.flags = SC_STEP_BENCH, a.status = &st, a.nsteps = 300;
    a.stim.start = 10, a.stim.pulse = 100, a.stim.count = 1, a.stim.amp = 40;
    k(&a);
    ASSERT(st.key == ULLONG_MAX);
    memcpy(vm_out, vm, sizeof vm);
    free(pc), free(sv), free(lut);
    return vm[N - 1];
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: test_plugin MODEL_DIR SCRATCH_DIR\n");
        return 2;
    }
    char path[4096], err[1024], cache[4096];
    snprintf(cache, sizeof cache, "%s/cache", argv[2]);
    setenv("STARCARP_CACHE", cache, 1);

    /* a library model, by file stem */
    ASSERT(sc_model_count() > 50);
    const ScModelEntry *lib = sc_model_lookup("beeler_reuter_model_1977", NULL, err, sizeof err);
    ASSERT(lib != NULL && lib->desc && lib->cpu[0]);
    /* unknown name: an error naming it */
    ASSERT(sc_model_lookup("no_such_model", NULL, err, sizeof err) == NULL);
    ASSERT(strstr(err, "unknown model 'no_such_model'") != NULL);
    ASSERT(sc_model_lookup("/nonexistent/x.model", NULL, err, sizeof err) == NULL);
    ASSERT(strstr(err, "cannot read the model file") != NULL);

    /* a user's file: the native Beeler-Reuter (lookup tables, rk2, sundnes) as a plugin */
    snprintf(path, sizeof path, "%s/native/BeelerReuterNative.model", argv[1]);
    double t0 = now();
    const ScModelEntry *pl = sc_model_lookup(path, NULL, err, sizeof err);
    double t1 = now();
    ASSERT(pl != NULL);
    printf("plugin: %s\n", pl ? pl->desc->methods : err);
    if (!pl) {
        fprintf(stderr, "plugin: %s\n", err);
        return TEST_DONE();
    }
    ASSERT(pl->desc->ntables == 2 && pl->cpu[0] && pl->cpu[1] && pl->cpu_lanes[0]);
    double a[19], b[19];
    run(pl, pl->desc->c_run[0], a);
    run(pl, pl->cpu[0], b);
    double worst = 0;
    for (int i = 0; i < 19; i++) {
        ASSERT(isfinite(a[i]));
        worst = fmax(worst, fabs(a[i] - b[i]));
    }
    printf("plugin built and loaded in %.2f s; vectorised vs portable: max |dVm| %.3g mV\n", t1 - t0,
           worst);
    ASSERT(worst < 1e-9);
    ASSERT(a[18] > 0);   /* stimulated: the cell is depolarised at 3 ms */

    /* the same file again: the cached plugin (no rebuild) */
    double t2 = now();
    const ScModelEntry *again = sc_model_lookup(path, NULL, err, sizeof err);
    double t3 = now();
    ASSERT(again != NULL);
    printf("cached plugin loaded in %.3f s\n", t3 - t2);
    ASSERT(t3 - t2 < 0.5 * (t1 - t0) + 0.05);

    /* a method override rebuilds a library model from its source */
    const ScModelEntry *fe = sc_model_lookup("beeler_reuter_model_1977", "cvode=rk2", err, sizeof err);
    ASSERT(fe != NULL);
    if (!fe)
        fprintf(stderr, "override: %s\n", err);
    if (fe) {
        ASSERT(strstr(fe->desc->methods, "rk2") && !strstr(fe->desc->methods, "cvode"));
        run(fe, fe->cpu[0], b);
        run(lib, lib->cpu[0], a);
        ASSERT(fabs(a[18] - b[18]) < 2.0);   /* another method, the same physiology */
        printf("cvode=rk2: Vm at 3 ms %.4f mV (cvode: %.4f)\n", b[18], a[18]);
    }
    ASSERT(sc_model_lookup("beeler_reuter_model_1977", "cvode=euler", err, sizeof err) == NULL);

    /* a model with an error: NULL, the diagnostics on stderr, no crash */
    snprintf(path, sizeof path, "%s/bad.model", argv[2]);
    FILE *f = fopen(path, "w");
    ASSERT(f != NULL);
    if (f) {
        fputs("V; .external(Vm);\nIion; .external(Iion);\nIion = g * V;\n", f);
        fclose(f);
        ASSERT(sc_model_lookup(path, NULL, err, sizeof err) == NULL);
        ASSERT(strstr(err, "the model has errors") != NULL);
    }
    return TEST_DONE();
}

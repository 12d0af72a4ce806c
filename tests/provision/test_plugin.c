/* test_plugin.c: sc_model_lookup (provision/sc_models.c, sc_plugin.c): a library model by name, a
 * user's .model file built into a plugin on the fly (generated, compiled, cached, loaded), the CUDA
 * part built only where a CUDA device is present (and not with STARPU_NCUDA=0), the cache reused
 * (the library file untouched), method overrides, and the errors (unknown name, unreadable file, a
 * model with an error).
 * Usage: test_plugin MODEL_DIR SCRATCH_DIR */
#include <dirent.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "starcarp.h"
#include "host_model.h"
#include "test.h"

/* Files of the cache folder dir/<stem>-<hash>/ whose name starts with prefix: how many, and the
 * status of the last one in *st. */
static int cached(const char *dir, const char *stem, const char *prefix, struct stat *st) {
    int n = 0;
    DIR *d = opendir(dir), *sub;
    struct dirent *de, *fe;
    char p[8192];
    while (d && (de = readdir(d)))
        if (strncmp(de->d_name, stem, strlen(stem)) == 0 && de->d_name[strlen(stem)] == '-') {
            snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
            for (sub = opendir(p); sub && (fe = readdir(sub));)
                if (strncmp(fe->d_name, prefix, strlen(prefix)) == 0) {
                    char f[8600];
                    snprintf(f, sizeof f, "%s/%s", p, fe->d_name);
                    n += stat(f, st) == 0;
                }
            if (sub)
                closedir(sub);
        }
    if (d)
        closedir(d);
    return n;
}

/* 19 cells (a partial vector block) over 300 steps with a stimulus, by kernel k; returns Vm[18]. */
static double run(const ScModelEntry *e, ScCpuKernel k, double *vm_out) {
    const ScModelDesc *d = e->desc;
    enum { N = 19 };
    ScHostModel h;
    ASSERT(kern_host_model_init(&h, d, NULL) == 0);
    double *sv = calloc((size_t)(d->nsv + 1) * N, sizeof *sv), vm[N], ii[N];
    for (int i = 0; i < N; i++) {
        vm[i] = h.vm0 + 0.1 * i;
        for (int s = 0; s < d->nsv; s++)
            sv[s * N + i] = h.sv0[s];
    }
    ScStepStatus st = {ULLONG_MAX, 0};
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    memset(a.vary, -1, sizeof a.vary);
    a.n = N, a.sv = sv, a.vm = vm, a.iion = ii, a.pc = h.pc, a.lut = h.lut, a.dt = 0.01;
    a.flags = SC_STEP_BENCH, a.status = &st, a.nsteps = 300;
    a.stim.start = 10, a.stim.pulse = 100, a.stim.count = 1, a.stim.amp = 40;
    k(&a);
    ASSERT(st.key == ULLONG_MAX);
    memcpy(vm_out, vm, sizeof vm);
    free(sv);
    kern_host_model_free(&h);
    return vm[N - 1];
}

/* A user's copy of library model file src in dir (a comment appended: not the library's text,
 * which would be the library model itself), its path into path. 0 or -1. */
static int user_copy(const char *src, const char *dir, const char *name, char *path, size_t n) {
    char *text = t_read_file(src);
    snprintf(path, n, "%s/%s", dir, name);
    FILE *f = text ? fopen(path, "w") : NULL;
    int ok = f && fputs(text, f) >= 0 && fputs("\n# a user's copy (tests/provision/test_plugin.c)\n", f) >= 0;
    if (f)
        ok &= fclose(f) == 0;
    free(text);
    return ok ? 0 : -1;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: test_plugin MODEL_DIR SCRATCH_DIR\n");
        return 2;
    }
    char path[4096], err[1024], cache[4096];
    snprintf(cache, sizeof cache, "%s/cache", argv[2]);
    setenv("STARCARP_CACHE", cache, 1);
    ASSERT_EQ_INT(0, t_rmtree(cache) < 0); /* every run builds its plugins afresh */

    /* a library model, by file stem */
    ASSERT(sc_model_count() > 50);
    const ScModelEntry *lib = sc_model_lookup("beeler_reuter_model_1977", NULL, err, sizeof err);
    ASSERT(lib != NULL && lib->desc && lib->cpu[0]);
    /* unknown name: an error naming it */
    ASSERT(sc_model_lookup("no_such_model", NULL, err, sizeof err) == NULL);
    ASSERT(strstr(err, "unknown model 'no_such_model'") != NULL);
    ASSERT(sc_model_lookup("/nonexistent/x.model", NULL, err, sizeof err) == NULL);
    ASSERT(strstr(err, "cannot read the model file") != NULL);

    /* a user's file: the native Beeler-Reuter (lookup tables, rk2, sundnes) as a plugin; the
       library's own text would be the library model (tests/drivers/cli/test_userfile.sh) */
    char src[4096];
    snprintf(src, sizeof src, "%s/native/BeelerReuterNative.model", argv[1]);
    ASSERT_EQ_INT(0, user_copy(src, argv[2], "BeelerReuterNative.model", path, sizeof path));
    const ScModelEntry *pl = sc_model_lookup(path, NULL, err, sizeof err);
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
    printf("plugin built and loaded; vectorised vs portable: max |dVm| %.3g mV\n", worst);
    ASSERT(worst < 1e-9);
    ASSERT(a[18] > 0); /* stimulated: the cell is depolarised at 3 ms */

    /* one host library for this CPU; a CUDA part exactly when its kernels were loaded, never on a
       machine without an NVIDIA device; no build folder left behind */
    struct stat host0, host1, cu;
    ASSERT_EQ_INT(1, cached(cache, "BeelerReuterNative", "host-", &host0));
    int ncuda = cached(cache, "BeelerReuterNative", "cuda-", &cu);
    ASSERT_EQ_INT(ncuda > 0, pl->cuda[0] != NULL);
    if (access("/dev/nvidia0", F_OK) != 0)
        ASSERT_EQ_INT(0, ncuda);
    ASSERT_EQ_INT(0, cached(cache, "BeelerReuterNative", "build-", &cu));
    printf("plugin parts: host 1, cuda %d\n", ncuda);

    /* the same file again: the cached plugin, its library file untouched (no rebuild) */
    const ScModelEntry *again = sc_model_lookup(path, NULL, err, sizeof err);
    ASSERT(again != NULL);
    ASSERT_EQ_INT(1, cached(cache, "BeelerReuterNative", "host-", &host1));
    ASSERT(host0.st_ino == host1.st_ino && host0.st_mtim.tv_sec == host1.st_mtim.tv_sec &&
           host0.st_mtim.tv_nsec == host1.st_mtim.tv_nsec);

    /* STARPU_NCUDA=0 (a CPU-only run): no CUDA part is built, even where a device is present */
    snprintf(src, sizeof src, "%s/native/AlievPanfilov.model", argv[1]);
    ASSERT_EQ_INT(0, user_copy(src, argv[2], "AlievPanfilov.model", path, sizeof path));
    setenv("STARPU_NCUDA", "0", 1);
    const ScModelEntry *cpu_only = sc_model_lookup(path, NULL, err, sizeof err);
    unsetenv("STARPU_NCUDA");
    ASSERT(cpu_only != NULL && cpu_only->cpu[0] != NULL && cpu_only->cuda[0] == NULL);
    ASSERT_EQ_INT(1, cached(cache, "AlievPanfilov", "host-", &host1));
    ASSERT_EQ_INT(0, cached(cache, "AlievPanfilov", "cuda-", &cu));

    /* a method override rebuilds a library model from its source */
    const ScModelEntry *fe = sc_model_lookup("beeler_reuter_model_1977", "cvode=rk2", err, sizeof err);
    ASSERT(fe != NULL);
    if (!fe)
        fprintf(stderr, "override: %s\n", err);
    if (fe) {
        ASSERT(strstr(fe->desc->methods, "rk2") && !strstr(fe->desc->methods, "cvode"));
        run(fe, fe->cpu[0], b);
        run(lib, lib->cpu[0], a);
        ASSERT(fabs(a[18] - b[18]) < 2.0); /* another method, the same physiology */
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

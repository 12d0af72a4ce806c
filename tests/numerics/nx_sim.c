/* nx_sim.c: see nx_sim.h. */
#define _POSIX_C_SOURCE 200809L
#include "nx_sim.h"

#include <dlfcn.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"
#include "sc_choose.h"
#include "host_model.h"
#include "frontend.h"
#include "sema.h"

#ifndef SC_SOURCE_DIR
#define SC_SOURCE_DIR "."
#endif

const char *nx_tmpdir(void) {
    static char dir[64];
    if (!dir[0]) {
        snprintf(dir, sizeof dir, "/tmp/sc_numerics_XXXXXX");
        if (!mkdtemp(dir)) {
            dir[0] = '\0';
            return NULL;
        }
    }
    return dir;
}

const char *nx_write(const char *name, const char *text) {
    static char path[512];
    const char *dir = nx_tmpdir();
    if (!dir)
        return NULL;
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f)
        return NULL;
    fputs(text, f);
    fclose(f);
    return path;
}

const ScModelDesc *nx_build(const char *model, const char *overrides, const char *dir, const char *ident) {
    Arena ar = {0};
    Diag dg = {0};
    dg.out = stderr;
    CgSemaOptions so = {.overrides = overrides};
    CgModel *m = sema_load_file_opts(&ar, &dg, model, &so);
    if (!m) {
        ar_free(&ar);
        return NULL;
    }
    char src[512], so_path[512], cmd[2048];
    snprintf(src, sizeof src, "%s/%s_c.c", dir, ident);
    snprintf(so_path, sizeof so_path, "%s/%s.so", dir, ident);
    FILE *f = fopen(src, "w");
    EmitOptions opt = {EMIT_C, 0, 0, overrides, ident, 0, 0, NULL};
    int rc = f ? emit_model(f, m, &opt) : -1;
    if (f)
        fclose(f);
    ar_free(&ar);
    if (rc)
        return NULL;
    snprintf(cmd, sizeof cmd,
             "cc -std=c11 -O2 -Wall -Wextra -Werror -shared -fPIC -I%s/include/starcarp %s -o %s -lm",
             SC_SOURCE_DIR, src, so_path);
    if (system(cmd) != 0)
        return NULL;
    void *lib = dlopen(so_path, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        fprintf(stderr, "dlopen: %s\n", dlerror());
        return NULL;
    }
    char sym[128];
    snprintf(sym, sizeof sym, "%s_model", ident);
    return dlsym(lib, sym);
}

int nx_run(const ScModelDesc *md, double dt, double duration, double dt_out, const NxStim *stim, NxTol tol,
           double *v) {
    ScHostModel h; /* the defaults, the constants, the initial state (host_model.h) */
    if (kern_host_model_init(&h, md, NULL) != 0)
        return -1;
    double *pc = h.pc, *sv = h.sv0, vm = h.vm0, iion = 0;
    ScStepStatus st = {~0ULL, 0};
    ScStepArgs a = {.n = 1,
                    .sv = sv,
                    .vm = &vm,
                    .iion = &iion,
                    .pc = pc,
                    .dt = dt,
                    .flags = SC_STEP_BENCH | tol.flags,
                    .rtol = tol.rtol,
                    .atol = tol.atol,
                    .status = &st,
                    .out_every = lround(dt_out / dt),
                    .out_vm = v};
    memset(a.vary, -1, sizeof a.vary); /* no per-cell parameter */
    if (stim && stim->num > 0) {
        a.stim.start = lround(stim->start / dt);
        a.stim.pulse = lround(stim->dur / dt) > 1 ? lround(stim->dur / dt) : 1;
        a.stim.period = lround(stim->bcl / dt);
        a.stim.count = stim->num;
        a.stim.amp = stim->curr;
    }
    long last = lround(duration / dt);
    for (long d = 0; d <= last && st.key == ~0ULL;) {
        long k = last + 1 - d < 100000 ? last + 1 - d : 100000;
        a.d0 = d, a.nsteps = (int)k;
        md->c_run[0](&a);
        d += k;
    }
    kern_host_model_free(&h);
    return st.key == ~0ULL ? 0 : -1;
}

double nx_err_pct(const double *a, const double *b, long n) { return sc_trace_err_pct(a, b, n); }

double nx_apd90(const double *v, long n, double h) { return sc_trace_apd90(v, n, h); }

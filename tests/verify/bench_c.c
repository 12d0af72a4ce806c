/* bench_c.c: one-cell verification driver for a generated model (starcarp_model.h ABI).
 *
 * Build: cc -std=c11 -O2 -I include -DSC_MODEL=ID_model [-DSC_RUN=ID_cpu_f64_run [-DSC_F32]]
 *           bench_c.c DIR/ID_c.c [DIR/ID_cpu.c] -lm [-lmvec]
 *    or, for the models of the library (sc_verify_lib, tests/verify/tests.cmake): -DSC_LIBRARY [-DSC_F32],
 *        linked with libstarcarp; NAME is then the model's name in the library, whose kernel runs:
 *        no model is compiled again. SC_BACKEND=c (default: the portable C, desc->c_run[0], double
 *        only) or cpu (the vectorised CPU kernel of the build's precision, entry->cpu[]).
 * Run:   bench_c NAME STIM_START STIM_DUR STIM_CURR BCL NUMSTIM DURATION DT_OUT REF.csv [OUT.csv]
 *        environment: SC_DT (default 0.01 ms), SC_K (steps per kernel call, default 1),
 *        SC_NOLUT=1 (evaluate lookup-table columns exactly), SC_RTOL / SC_ATOL (cvode tolerances)
 *        With -DSC_LIBRARY it also prints, on stderr, "methods: ", "choice: " (the automatic choice's
 *        overrides, "-" for none) and "source_hash: " lines, and on a failure "failure: " and what
 *        failed (the watched state out of its bounds, else Vm) with the time.
 *
 * Simulates one cell with bench's timing rules (docs/spec/bench.md, "Timing rules"): step
 * d = 0 .. lround(duration/dt); stimulus from step lround(stim_start/dt), every lround(bcl/dt)
 * steps, numstim pulses of max(1, lround(stim_dur/dt)) steps; each step: output (every
 * lround(dt_out/dt) steps: the state at the start of the step), V += stim_curr*dt when
 * stimulated, the model (states, Iion), V -= dt*Iion. The kernel does all of it (SC_STEP_BENCH),
 * SC_K steps per call, with its sampled outputs. Then compares V with the reference trace
 * (t_ms,V_mV rows at the same times) and prints one line:
 *   NAME err_pct APD90_ref APD90_ours APD90_diff seconds nan
 * err_pct = 100 * RMS(V - Vref) / (max Vref - min Vref); APD90 from the time of max dV/dt to
 * 90 % repolarisation (linear interpolation), the same function for both traces.
 * Exit status 0, or 1 when the run failed (NaN, Vm out of bounds: reported with the step) or the
 * files are unusable. */
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "starcarp_model.h"
#ifdef SC_LIBRARY
#include "starcarp.h"
#endif

#ifdef SC_F32
typedef float real;
#else
typedef double real;
#endif

#ifndef SC_LIBRARY
extern const ScModelDesc SC_MODEL;
#endif
#ifdef SC_RUN
void SC_RUN(const ScStepArgs *a);
#endif
/* APD90 of a trace sampled every h ms: from the steepest upstroke (midpoint of the steepest
 * sample pair) to the first time after it that V falls below Vmax - 0.9*(Vmax - Vmin) (Vmax, Vmin
 * over the whole trace). -1 when it never does. */
static double apd90(const double *v, long n, double h) {
    if (n < 3)
        return -1;
    double vmin = v[0], vmax = v[0];
    for (long k = 0; k < n; k++) {
        vmin = v[k] < vmin ? v[k] : vmin;
        vmax = v[k] > vmax ? v[k] : vmax;
    }
    long up = 0;
    double best = -INFINITY;
    for (long k = 0; k + 1 < n; k++)
        if (v[k + 1] - v[k] > best)
            best = v[k + 1] - v[k], up = k;
    double tup = (up + 0.5) * h;
    double thr = vmax - 0.9 * (vmax - vmin);
    for (long k = up + 1; k + 1 < n; k++)
        if (v[k] >= thr && v[k + 1] < thr)
            return (k + (v[k] - thr) / (v[k] - v[k + 1])) * h - tup;
    return -1;
}

/* The failure the kernel recorded in st, on stderr: "failure: " and the first watched state out of
 * its bounds (ScModelDesc.sv_lo/sv_hi) at the failing step, else Vm, with the step and time. */
static void report_failure(const ScModelDesc *md, const real *sv, const ScStepStatus *st, double dt) {
    unsigned long long d = st->key >> 32;
    for (int k = 0; md->sv_lo && md->sv_hi && k < md->nstates; k++)
        if (!(sv[k] >= md->sv_lo[k] && sv[k] <= md->sv_hi[k])) {
            fprintf(stderr, "failure: %s = %g at t = %g ms (step %llu)\n", md->sv_names[k], (double)sv[k],
                    (double)d * dt, d);
            return;
        }
    fprintf(stderr, "failure: Vm = %g at t = %g ms (step %llu)\n", st->value, (double)d * dt, d);
}

static double *read_ref(const char *path, long *n) {
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    long cap = 1 << 14, k = 0;
    double *v = malloc((size_t)cap * sizeof *v);
    char line[256];
    while (fgets(line, sizeof line, f)) {
        double t, x;
        if (sscanf(line, "%lf,%lf", &t, &x) != 2)
            continue; /* header */
        if (k == cap)
            v = realloc(v, (size_t)(cap *= 2) * sizeof *v);
        v[k++] = x;
    }
    fclose(f);
    *n = k;
    return v;
}

/* The model and its kernel: by name in the library (SC_LIBRARY: prints the methods, choice and
 * source hash lines on stderr; SC_BACKEND picks the kernel), else the one compiled in. 0, or 1
 * (said on stderr). */
static int pick_kernel(const char *name, const ScModelDesc **md, ScCpuKernel *run) {
#ifdef SC_LIBRARY
    char why[1024];
    const ScModelEntry *entry = sc_model_lookup(name, NULL, why, sizeof why);
    if (!entry) {
        fprintf(stderr, "%s: %s\n", name, why);
        return 1;
    }
    *md = entry->desc;
    fprintf(stderr, "methods: %s\n", (*md)->methods); /* run_verify.sh's methods column */
    fprintf(stderr, "choice: %s\n",
            entry->methods_choice && *entry->methods_choice ? entry->methods_choice : "-");
    fprintf(stderr, "source_hash: %s\n", (*md)->source_hash);
    const char *backend = getenv("SC_BACKEND") ? getenv("SC_BACKEND") : "c";
    *run = !strcmp(backend, "cpu") ? entry->cpu[sizeof(real) == sizeof(float)]
           : sizeof(real) == sizeof(double) && !strcmp(backend, "c") ? (*md)->c_run[0]
                                                                     : NULL;
    if (!*run) {
        fprintf(stderr,
                "%s: SC_BACKEND=%s: no such kernel in the library (c: the portable C, double only; cpu)\n",
                name, backend);
        return 1;
    }
#else
    (void)name;
    *md = &SC_MODEL;
#ifdef SC_RUN
    *run = SC_RUN;
#else
    *run = (*md)->c_run[0];
#endif
#endif
    return 0;
}

/* One cell of model md at its initial state, in the kernel's precision: parameters and constants,
 * states, Vm, Iion, the lookup tables (none with SC_NOLUT), their out-of-range counts. */
typedef struct Cell {
    real *pc, *sv, *lut, V, Iion;
    unsigned long long oor[SC_MAX_TABLES];
} Cell;

static void cell_init(const ScModelDesc *md, Cell *c) {
    int npc = md->nparams + md->nconsts;
    double *pcd = calloc((size_t)npc + 1, sizeof(double)), *svd = calloc((size_t)md->nsv + 1, sizeof(double));
    memset(c, 0, sizeof *c);
    c->pc = calloc((size_t)npc + 1, sizeof(real)), c->sv = calloc((size_t)md->nsv + 1, sizeof(real));
    memcpy(pcd, md->param_defaults, (size_t)md->nparams * sizeof(double));
    md->consts(pcd);
    double V0;
    md->init(pcd, svd, &V0);
    for (int k = 0; k < npc; k++)
        c->pc[k] = (real)pcd[k];
    for (int k = 0; k < md->nsv; k++)
        c->sv[k] = (real)svd[k];
    c->V = (real)V0;
    if (md->ntables && !getenv("SC_NOLUT")) {
        size_t nl = md->lut_size();
        double *ld = malloc(nl * sizeof(double));
        c->lut = malloc(nl * sizeof(real));
        md->lut_build(pcd, ld);
        for (size_t k = 0; k < nl; k++)
            c->lut[k] = (real)ld[k];
        free(ld);
    }
    free(pcd), free(svd);
}

/* bench's protocol (see the top) on cell c with kernel run, K steps a call, Vm every out_every
 * steps into v: the number of samples written (fewer after a failure, reported, *bad := 1). */
static long run_protocol(const ScModelDesc *md, ScCpuKernel run, Cell *c, const double *p, double dt, int K,
                         real *v, long nout, int *bad) {
    long last = lround(p[5] / dt), out_every = lround(p[6] / dt);
    ScStepStatus status = {ULLONG_MAX, 0};
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    a.n = 1;
    a.sv = c->sv, a.vm = &c->V, a.iion = &c->Iion, a.pc = c->pc, a.lut = c->lut, a.lut_oor = c->oor;
    for (int k = 0; k < SC_MAX_PARAMS; k++)
        a.vary[k] = -1;
    a.dt = dt;
    a.stim.start = lround(p[0] / dt), a.stim.pulse = lround(p[1] / dt) > 1 ? lround(p[1] / dt) : 1;
    a.stim.period = lround(p[3] / dt), a.stim.count = (long)p[4], a.stim.amp = p[2];
    a.out_start = 0, a.out_vm = v;
    a.status = &status;
    a.rtol = getenv("SC_RTOL") ? atof(getenv("SC_RTOL")) : 0;
    a.atol = getenv("SC_ATOL") ? atof(getenv("SC_ATOL")) : 0;
    a.flags = SC_STEP_IION_ONLY; /* the first row's Iion: the model at the initial state */
    a.nsteps = 1;
    a.out_every = 0;
    run(&a);
    a.out_every = out_every;
    a.flags = SC_STEP_BENCH;
    *bad = 0;
    for (long d = 0; d <= last; d += K) {
        a.d0 = d;
        a.nsteps = (int)(last + 1 - d < K ? last + 1 - d : K);
        run(&a);
        if (status.key != ULLONG_MAX) {
            report_failure(md, c->sv, &status, dt);
            *bad = 1;
            return (long)((status.key >> 32) / out_every);
        }
    }
    return nout;
}

/* The trace v[0 .. k) against the reference ref[0 .. nref): prints the result line; 0, or 1 (not
 * finite). */
static int compare_trace(const char *name, const real *v, long k, const double *ref, long nref, double dt_out,
                         double secs) {
    long n = k < nref ? k : nref;
    double lo = ref[0], hi = ref[0], se = 0;
    double *vd = malloc((size_t)n * sizeof *vd);
    for (long i = 0; i < n; i++) {
        vd[i] = v[i];
        lo = ref[i] < lo ? ref[i] : lo;
        hi = ref[i] > hi ? ref[i] : hi;
        se += (vd[i] - ref[i]) * (vd[i] - ref[i]);
    }
    double err = 100 * sqrt(se / n) / (hi - lo);
    double ar = apd90(ref, n, dt_out), ao = apd90(vd, n, dt_out);
    printf("%s %.4f %.2f %.2f %.2f %.2f 0\n", name, err, ar, ao, ao - ar, secs);
    free(vd);
    return isfinite(err) ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc < 10) {
        fprintf(stderr,
                "usage: %s NAME STIM_START STIM_DUR STIM_CURR BCL NUMSTIM DURATION DT_OUT "
                "REF.csv [OUT.csv]\n",
                argv[0]);
        return 2;
    }
    const char *name = argv[1];
    /* stim_start, stim_dur, stim_curr, bcl, numstim, duration, dt_out */
    double p[7];
    for (int k = 0; k < 7; k++)
        p[k] = k == 4 ? (double)atol(argv[k + 2]) : atof(argv[k + 2]);
    const double dt = getenv("SC_DT") ? atof(getenv("SC_DT")) : 0.01, dt_out = p[6];
    const int K = getenv("SC_K") ? atoi(getenv("SC_K")) : 1;
    long nref = 0;
    double *ref = read_ref(argv[9], &nref);
    if (!ref || nref < 2 || dt <= 0 || K < 1) {
        fprintf(stderr, "%s: cannot read the reference %s (or bad SC_DT/SC_K)\n", name, argv[9]);
        return 1;
    }
    const ScModelDesc *md;
    ScCpuKernel run;
    if (pick_kernel(name, &md, &run))
        return 1;
    Cell c;
    cell_init(md, &c);
    long nout = lround(p[5] / dt) / lround(dt_out / dt) + 1;
    real *v = calloc((size_t)nout, sizeof *v);
    int bad;
    clock_t c0 = clock();
    long k = run_protocol(md, run, &c, p, dt, K, v, nout, &bad);
    double secs = (double)(clock() - c0) / CLOCKS_PER_SEC;
    FILE *f = argc > 10 ? fopen(argv[10], "w") : NULL;
    if (f) {
        fprintf(f, "t_ms,V_mV\n");
        for (long i = 0; i < k; i++)
            fprintf(f, "%.1f,%.9g\n", i * dt_out, (double)v[i]);
        fclose(f);
    }
    for (int t = 0; t < md->ntables; t++)
        if (c.oor[t])
            fprintf(stderr, "%s: table %d (%s): %llu lookups out of range (clamped)\n", name, t,
                    md->tables[t].var, c.oor[t]);
    int rc = bad ? 1 : compare_trace(name, v, k, ref, nref, dt_out, secs);
    if (bad)
        printf("%s nan nan nan nan %.2f 1\n", name, secs);
    free(v), free(ref), free(c.sv), free(c.pc), free(c.lut);
    return rc;
}

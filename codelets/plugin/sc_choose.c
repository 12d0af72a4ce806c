/* sc_choose.c: the automatic choice of integration methods; see sc_choose.h and docs/methods.md.
 *
 * The steps, for a model file, a step dt and tolerances:
 *   1. the states the file leaves to cvode (none: the file's methods are kept);
 *   2. the reference: the file's methods with rtol 1e-10 / atol 1e-12 (1e-9 / 1e-11 where that
 *      fails: cvode's sub-step limit), one cell, the protocol;
 *   3. the stiffness of each of those states at dt, from the diagonal of the Jacobian estimated
 *      by differences of the forward-Euler kernel at 64 points of the reference trajectory;
 *   4. candidates in order of cost (forward Euler; Euler with Rush-Larsen for the stiff states;
 *      Rush-Larsen; rk2; rk4; Euler with the stiff states in a rosenbrock or a cvode group;
 *      rosenbrock), each built and run in double and single precision; the first that passes is
 *      the choice; none: the file's methods.
 * A candidate passes when the run completes, every state stays within the reference's envelope
 * (its range widened by 5 % of the range plus 0.1 % of its magnitude), Vm is within tol_err
 * (normalised RMS) and tol_apd (APD90) of the reference, and, unless its methods are all implicit,
 * the same methods at twice dt still complete within the envelope (a margin of stability for
 * populations whose parameters make a state stiffer than the default cell's). In single precision the bar is the larger
 * of the tolerances and twice what the file's own methods give in single precision (the rounding
 * of float is not the method's error); when the file's methods fail in single precision too,
 * the double-precision check decides (and the report says so). */
#define _POSIX_C_SOURCE 200809L
#include "sc_choose.h"

#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "emit.h"
#include "sc_internal.h"
#include "sema.h"
#include "starcarp_model.h"
#include "toolchain.h"

enum { NSNAP = 64 };
static const double REF_RTOL[2] = {1e-10, 1e-9}, REF_ATOL[2] = {1e-12, 1e-11}, DT_OUT = 0.1;

/* One compiled method set: the portable C kernel (double) and the vectorised single one. */
typedef struct Kern {
    void *lib;
    const ScModelDesc *d;
    ScCpuKernel f32;
} Kern;

/* What one single-cell run gives. */
typedef struct Run {
    double *vm; /* nsamp samples, DT_OUT apart (every step when dt > DT_OUT) */
    long nsamp;
    double h; /* ms between samples */
    double *lo, *hi; /* per state: min and max over the samples */
    double *snap; /* NSNAP x (nsv + 1): states then Vm (reference only) */
    long snap_d[NSNAP];
    int nsnap, failed;
    double seconds;
    char why[160];
} Run;

/* What the whole choice shares. */
typedef struct Ctx {
    const char *path;
    const ScChooseSpec *sp;
    char dir[64];
    const char *inc, *cc;
    int nbuilt;
    char **cvode; /* the names of the states the file leaves to cvode */
    int ncvode;
    const struct Kern *ref_k; /* the file's methods, and their tight run */
    const struct Run *ref;
    ScCandidate *file; /* their figures (single precision filled by file_single) */
    int file32; /* 0 not run yet, 1 within the envelope, -1 failed */
    char *err;
    size_t errlen;
} Ctx;

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

/* ------------------------------------------------------------------ building */

/* Analyse the model with the overrides and write its portable C and single-precision CPU sources
 * into ctx->dir, compile them into one library and load it. Returns 0 or -1 (err set). */
static int build(Ctx *c, const char *overrides, Kern *k) {
    char ident[32], src[160], src32[160], so[160], log[48];
    snprintf(ident, sizeof ident, "cand%d", c->nbuilt++);
    snprintf(src, sizeof src, "%s/%s_c.c", c->dir, ident);
    snprintf(src32, sizeof src32, "%s/%s_cpu_f32.c", c->dir, ident);
    snprintf(so, sizeof so, "%s/%s.so", c->dir, ident);
    Arena ar = {0};
    FILE *quiet = fopen("/dev/null", "w"); /* the model's warnings were shown once already */
    Diag dg = {quiet ? quiet : stderr, 0, 0, 0, NULL};
    CgSemaOptions so_ = {overrides};
    CgModel *m = sema_load_file_opts(&ar, &dg, c->path, &so_);
    int rc = -1;
    if (!m || diag_failed(&dg)) {
        sc_set_err(c->err, c->errlen, "%s: the model does not analyse with the methods '%s'", c->path,
                   overrides);
        goto out;
    }
    const char *files[2] = {src, src32};
    for (int i = 0; i < 2; i++) {
        FILE *f = fopen(files[i], "w");
        EmitOptions o = {i ? EMIT_CPU : EMIT_C, i, 0, overrides, ident, 1};
        int bad = !f || emit_model(f, m, &o) != 0;
        if (f && fclose(f) != 0)
            bad = 1;
        if (bad) {
            sc_set_err(c->err, c->errlen, "cannot write %s", files[i]);
            goto out;
        }
    }
    TcCmd cmd;
    tc_begin(&cmd);
    tc_add(&cmd, "%s -std=c11 -O1 -fPIC -shared %s -I", c->cc, tc_cpu_flags());
    tc_quote(&cmd, c->inc);
    tc_add(&cmd, " %s_c.c %s_cpu_f32.c -o %s.so %s -lm", ident, ident, ident, tc_mvec_flag()); /* in c->dir */
    snprintf(log, sizeof log, "%s.log", ident);
    if (tc_run(&cmd, c->dir, log) != TC_OK) {
        sc_set_err(c->err, c->errlen, "compiling the candidate '%s' of %s failed (see %s/%s.log)", overrides,
                   c->path, c->dir, ident);
        goto out;
    }
    k->lib = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    char sym[64];
    snprintf(sym, sizeof sym, "%s_model", ident);
    k->d = k->lib ? dlsym(k->lib, sym) : NULL;
    snprintf(sym, sizeof sym, "%s_cpu_f32_run", ident);
    *(void **)&k->f32 = k->lib ? dlsym(k->lib, sym) : NULL;
    if (!k->d || !k->f32) {
        sc_set_err(c->err, c->errlen, "cannot load the candidate %s: %s", so,
                   k->lib ? "symbols missing" : dlerror());
        goto out;
    }
    rc = 0;
out:
    ar_free(&ar);
    if (quiet)
        fclose(quiet);
    return rc;
}

/* ------------------------------------------------------------------ running */

/* Runs one cell of k under the protocol in double (single = 0) or single precision. With
 * rtol/atol 0 the kernel's defaults. Fills r (arrays allocated here; free_run). */
static void run_cell_dt(const Ctx *c, const Kern *k, int single, double rtol, double atol, int snaps,
                        double dt, Run *r) {
    const ScModelDesc *d = k->d;
    const ScChooseSpec *sp = c->sp;
    int nsv = d->nsv, npc = d->nparams + d->nconsts;
    double t0 = sc_now_s();
    long every = dt < DT_OUT ? lround(DT_OUT / dt) : 1, last = lround(sp->duration / dt);
    memset(r, 0, sizeof *r);
    r->h = every * dt;
    r->nsamp = last / every + 1;
    r->vm = calloc((size_t)r->nsamp, sizeof(double));
    r->lo = malloc((size_t)nsv * sizeof(double));
    r->hi = malloc((size_t)nsv * sizeof(double));
    r->snap = snaps ? calloc((size_t)NSNAP * (size_t)(nsv + 1), sizeof(double)) : NULL;
    double *pc = calloc((size_t)npc + 1, sizeof(double)), *sv = calloc((size_t)nsv + 1, sizeof(double));
    float *pcf = calloc((size_t)npc + 1, sizeof(float)), *svf = calloc((size_t)nsv + 1, sizeof(float));
    double vm = 0, iion = 0;
    float vmf = 0, iionf = 0;
    memcpy(pc, d->param_defaults, (size_t)d->nparams * sizeof(double));
    d->consts(pc);
    d->init(pc, sv, &vm);
    for (int i = 0; i < npc; i++)
        pcf[i] = (float)pc[i];
    for (int i = 0; i < nsv; i++)
        svf[i] = (float)sv[i], r->lo[i] = r->hi[i] = sv[i];
    vmf = (float)vm;
    ScStepStatus st = {~0ULL, 0};
    ScStepArgs a = {.n = 1,
                    .sv = single ? (void *)svf : sv,
                    .vm = single ? (void *)&vmf : &vm,
                    .iion = single ? (void *)&iionf : &iion,
                    .pc = single ? (void *)pcf : pc,
                    .dt = dt,
                    .flags = SC_STEP_BENCH,
                    .rtol = rtol,
                    .atol = atol,
                    .status = &st};
    memset(a.vary, -1, sizeof a.vary);
    if (sp->nstim > 0) {
        a.stim.start = lround(sp->stim_start / dt);
        a.stim.pulse = lround(sp->stim_dur / dt) > 1 ? lround(sp->stim_dur / dt) : 1;
        a.stim.period = lround(sp->bcl / dt);
        a.stim.count = sp->nstim;
        a.stim.amp = sp->stim_curr;
    }
    long s = 0, snap_every = r->nsamp / NSNAP > 0 ? r->nsamp / NSNAP : 1;
    for (long dd = 0; dd <= last && st.key == ~0ULL; dd += every, s++) {
        double v = single ? vmf : vm;
        r->vm[s] = v;
        if (r->snap && s % snap_every == 0 && r->nsnap < NSNAP) {
            for (int i = 0; i < nsv; i++)
                r->snap[r->nsnap * (nsv + 1) + i] = sv[i];
            r->snap[r->nsnap * (nsv + 1) + nsv] = vm;
            r->snap_d[r->nsnap++] = dd;
        }
        for (int i = 0; i < d->nstates; i++) {
            double x = single ? svf[i] : sv[i];
            if (!isfinite(x)) {
                snprintf(r->why, sizeof r->why, "state %s not finite at t = %g ms", d->sv_names[i], dd * dt);
                r->failed = 1;
            }
            r->lo[i] = fmin(r->lo[i], x), r->hi[i] = fmax(r->hi[i], x);
        }
        if (r->failed || dd == last)
            break;
        a.d0 = dd;
        a.nsteps = (int)(last - dd < every ? last - dd : every);
        if (single)
            k->f32(&a);
        else
            d->c_run[0](&a);
    }
    if (st.key != ~0ULL && !r->failed) {
        snprintf(r->why, sizeof r->why, "Vm = %g at t = %g ms", st.value, (double)(st.key >> 32) * dt);
        r->failed = 1;
    }
    r->seconds = sc_now_s() - t0;
    free(pc), free(sv), free(pcf), free(svf);
}

static void run_cell(const Ctx *c, const Kern *k, int single, double rtol, double atol, int snaps, Run *r) {
    run_cell_dt(c, k, single, rtol, atol, snaps, c->sp->dt, r);
}

static void free_run(Run *r) {
    free(r->vm), free(r->lo), free(r->hi), free(r->snap);
    memset(r, 0, sizeof *r);
}

/* Does every state of run r stay within the reference's range widened by 5 % of the range plus
 * 0.1 % of its magnitude? If not, why (prefixed with what) says which state and where. */
static int in_envelope(const Kern *k, const Run *ref, const Run *r, const char *what, char *why, size_t n) {
    for (int i = 0; i < k->d->nstates; i++) {
        double lo = ref->lo[i], hi = ref->hi[i];
        double m = 0.05 * (hi - lo) + 1e-3 * fmax(fabs(lo), fabs(hi));
        if (r->lo[i] < lo - m || r->hi[i] > hi + m) {
            snprintf(why, n, "%s: state %s leaves the reference's range [%.4g, %.4g] (reaches %.4g)", what,
                     k->d->sv_names[i], lo, hi, r->lo[i] < lo - m ? r->lo[i] : r->hi[i]);
            return 0;
        }
    }
    return 1;
}

/* Judges run r against the reference ref for candidate slot p (0 double, 1 single); fills
 * cand->err[p], dapd[p] and, when it fails, cand->why. Returns 1 when it passes. err_bar and
 * apd_bar are the tolerances that apply. */
static int judge(const Ctx *c, const Kern *k, const Run *ref, const Run *r, int p, double err_bar,
                 double apd_bar, ScCandidate *cand) {
    cand->err[p] = cand->dapd[p] = NAN;
    const char *prec = p ? "single" : "double";
    if (r->failed) {
        snprintf(cand->why, sizeof cand->why, "%s: failed: %s", prec, r->why);
        return 0;
    }
    if (!in_envelope(k, ref, r, prec, cand->why, sizeof cand->why))
        return 0;
    cand->err[p] = sc_trace_err_pct(r->vm, ref->vm, ref->nsamp);
    double a_ref = c->sp->nstim > 0 ? sc_trace_apd90(ref->vm, ref->nsamp, ref->h) : -1;
    double a = a_ref > 0 ? sc_trace_apd90(r->vm, r->nsamp, r->h) : -1;
    cand->dapd[p] = a_ref > 0 ? (a > 0 ? a - a_ref : INFINITY) : 0;
    if (!(cand->err[p] <= err_bar) || !(fabs(cand->dapd[p]) <= apd_bar)) {
        snprintf(cand->why, sizeof cand->why, "%s: error %.3g %% (bar %.3g), APD90 %+.3g ms (bar %.3g)", prec,
                 cand->err[p], err_bar, cand->dapd[p], apd_bar);
        return 0;
    }
    return 1;
}

/* ------------------------------------------------------------------ stiffness */

/* The stiffness of the cvode states at dt, by differences of one forward-Euler step of fe (flags
 * 0: Vm held) at the reference's snapshots: stiff[j] = dt * max(-J_jj) and, for the pairs,
 * couple[i * ncvode + j] = dt * max |J_ij| (i != j). */
static void stiffness(const Ctx *c, const Kern *fe, const Run *ref, double *stiff, double *couple) {
    const ScModelDesc *d = fe->d;
    int nsv = d->nsv, npc = d->nparams + d->nconsts, nc = c->ncvode;
    double dt = c->sp->dt;
    double *pc = calloc((size_t)npc + 1, sizeof(double)), *y = calloc((size_t)nsv + 1, sizeof(double));
    double *f0 = calloc((size_t)nsv + 1, sizeof(double));
    memcpy(pc, d->param_defaults, (size_t)d->nparams * sizeof(double));
    d->consts(pc);
    int *idx = malloc((size_t)nc * sizeof(int));
    for (int j = 0; j < nc; j++) {
        idx[j] = -1, stiff[j] = 0;
        for (int i = 0; i < nc; i++)
            couple[i * nc + j] = 0;
        for (int i = 0; i < d->nstates; i++)
            if (strcmp(d->sv_names[i], c->cvode[j]) == 0)
                idx[j] = i;
    }
    for (int s = 0; s < ref->nsnap; s++) {
        const double *y0 = ref->snap + s * (nsv + 1);
        double vm = y0[nsv], iion = 0;
        ScStepArgs a = {.n = 1,
                        .sv = y,
                        .vm = &vm,
                        .iion = &iion,
                        .pc = pc,
                        .dt = dt,
                        .flags = 0,
                        .d0 = ref->snap_d[s],
                        .nsteps = 1};
        memset(a.vary, -1, sizeof a.vary);
        memcpy(y, y0, (size_t)nsv * sizeof(double));
        d->c_run[0](&a);
        for (int i = 0; i < nsv; i++)
            f0[i] = (y[i] - y0[i]) / dt;
        for (int j = 0; j < nc; j++) {
            if (idx[j] < 0)
                continue;
            double h = 1e-6 * fabs(y0[idx[j]]) + 1e-12;
            memcpy(y, y0, (size_t)nsv * sizeof(double));
            y[idx[j]] += h;
            vm = y0[nsv];
            d->c_run[0](&a);
            for (int i = 0; i < nc; i++) {
                if (idx[i] < 0)
                    continue;
                double yi0 = y0[idx[i]] + (i == j ? h : 0);
                double jij = ((y[idx[i]] - yi0) / dt - f0[idx[i]]) / h;
                if (!isfinite(jij))
                    continue;
                if (i == j && -jij * dt > stiff[j])
                    stiff[j] = -jij * dt;
                if (i != j && fabs(jij) * dt > couple[i * nc + j])
                    couple[i * nc + j] = fabs(jij) * dt;
            }
        }
    }
    free(pc), free(y), free(f0), free(idx);
}

/* ------------------------------------------------------------------ the choice */

/* The candidates in order of cost, given the stiff states (ns names) and the stiff block (the
 * stiff states and those coupled to them as strongly: nb names): the explicit methods for every
 * cvode state, then Euler with the stiff states on Rush-Larsen, with the block in one rosenbrock
 * or cvode group, then rosenbrock for all. Returns how many. */
static int make_candidates(const Ctx *c, char **stiff, int ns, char **block, int nb, ScChoice *out) {
    static const char *const base[] = {"fe", NULL, "rush_larsen", "rk2", "rk4", NULL, NULL, "rosenbrock"};
    static const char *const stiff_to[] = {NULL, "rush_larsen", NULL,    NULL,
                                           NULL, "rosenbrock",  "cvode", NULL};
    int n = 0;
    for (int k = 0; k < 8 && n < SC_CHOOSE_MAXCAND; k++) {
        ScCandidate *cd = &out->cand[n];
        memset(cd, 0, sizeof *cd);
        cd->err[0] = cd->err[1] = cd->dapd[0] = cd->dapd[1] = NAN;
        if (base[k]) {
            snprintf(cd->overrides, sizeof cd->overrides, "cvode=%s", base[k]);
            snprintf(cd->label, sizeof cd->label, "%s for the %d cvode state%s", base[k], c->ncvode,
                     c->ncvode > 1 ? "s" : "");
        } else {
            char **set = k == 1 ? stiff : block;
            int m = k == 1 ? ns : nb;
            if (m == 0 || m == c->ncvode)
                continue;
            size_t len = (size_t)snprintf(cd->overrides, sizeof cd->overrides, "cvode=fe");
            for (int i = 0; i < m && len < sizeof cd->overrides; i++)
                len += (size_t)snprintf(cd->overrides + len, sizeof cd->overrides - len, ",%s=%s", set[i],
                                        stiff_to[k]);
            if (len >= sizeof cd->overrides)
                continue;
            snprintf(cd->label, sizeof cd->label, "fe, %s for %d stiff state%s", stiff_to[k], m,
                     m > 1 ? "s" : "");
        }
        n++;
    }
    return n;
}

static int make_tmpdir(Ctx *c) {
    const char *t = getenv("TMPDIR");
    snprintf(c->dir, sizeof c->dir, "%.40s/sc_choose_XXXXXX", t && *t && strlen(t) < 40 ? t : "/tmp");
    return mkdtemp(c->dir) ? 0 : -1;
}

static void remove_tmpdir(const char *dir) {
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (strncmp(dir, "/", 1) == 0 && strstr(dir, "sc_choose_"))
        (void)system(cmd);
}

/* The states of the model at path that the file leaves to cvode, into c->cvode. */
static int cvode_states(Ctx *c) {
    Arena ar = {0};
    Diag dg = {stderr, 0, 0, 0, NULL};
    CgModel *m = sema_load_file_opts(&ar, &dg, c->path, NULL);
    if (!m || diag_failed(&dg)) {
        ar_free(&ar);
        sc_set_err(c->err, c->errlen, "%s: the model has errors (reported above)", c->path);
        return -1;
    }
    c->cvode = calloc((size_t)m->nstates + 1, sizeof(char *));
    for (int i = 0; i < m->nstates; i++)
        if (m->states[i].method == CG_CVODE)
            c->cvode[c->ncvode++] = strdup(m->states[i].sym->name);
    ar_free(&ar);
    return 0;
}

/* A progress line on stderr when the spec asks for them. */
__attribute__((format(printf, 2, 3))) static void say(const Ctx *c, const char *fmt, ...) {
    if (!c->sp->verbose)
        return;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "starcarp methods: %s: ", c->path);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* Are all the methods an override string gives implicit or adaptive (rosenbrock, cvode)? Those
 * need no margin of stability. */
static int implicit_only(const char *ov) {
    for (const char *p = ov; p && *p;) {
        const char *eq = strchr(p, '='), *end = strchr(p, ',');
        if (!end)
            end = p + strlen(p);
        if (!eq || eq > end)
            return 0;
        size_t n = (size_t)(end - eq - 1);
        if (!((n == 10 && !strncmp(eq + 1, "rosenbrock", n)) || (n == 5 && !strncmp(eq + 1, "cvode", n))))
            return 0;
        p = *end ? end + 1 : end;
    }
    return 1;
}

/* The file's methods in single precision, judged (once, when a candidate first needs the bar):
 * 1 when they complete within the envelope, 0 when they fail too. */
static int file_single(Ctx *c) {
    if (c->file32 == 0) {
        Run fr;
        run_cell(c, c->ref_k, 1, 0, 0, 0, &fr);
        c->file32 = judge(c, c->ref_k, c->ref, &fr, 1, INFINITY, INFINITY, c->file) ? 1 : -1;
        free_run(&fr);
    }
    return c->file32 > 0;
}

/* Runs candidate cd (built into k) in both precisions and judges it. */
static int try_candidate(Ctx *c, const Kern *k, ScCandidate *cd) {
    const ScChooseSpec *sp = c->sp;
    Run r;
    run_cell(c, k, 0, 0, 0, 0, &r);
    cd->seconds = r.seconds;
    int ok = judge(c, k, c->ref, &r, 0, sp->tol_err, sp->tol_apd, cd);
    free_run(&r);
    if (!ok)
        return 0;
    /* a margin of stability: the same methods at twice dt complete within the envelope (a
       population that varies a conductance or a buffer makes a state stiffer than the default
       cell; an explicit method at its stability limit would then fail) */
    if (!implicit_only(cd->overrides)) {
        run_cell_dt(c, k, 0, 0, 0, 0, 2 * sp->dt, &r);
        ok = !r.failed && in_envelope(k, c->ref, &r, "no margin: at 2 dt", cd->why, sizeof cd->why);
        if (r.failed)
            snprintf(cd->why, sizeof cd->why, "no margin: at 2 dt it fails: %.150s", r.why);
        free_run(&r);
        if (!ok)
            return 0;
    }
    run_cell(c, k, 1, 0, 0, 0, &r);
    ok = judge(c, k, c->ref, &r, 1, sp->tol_err, sp->tol_apd, cd);
    if (!ok && file_single(c) == 0) {
        /* the file's methods fail in single precision too: single precision is no bar (the
         * report says so; the run's failure check stops such a run) */
        snprintf(cd->why, sizeof cd->why, "single precision fails with the file's methods too");
        ok = 1;
    } else if (!ok && !r.failed) {
        /* the bar of single precision: also twice what the file's methods give in single */
        double eb = fmax(sp->tol_err, 2 * c->file->err[1]);
        double ab = fmax(sp->tol_apd, 2 * fabs(c->file->dapd[1]));
        cd->why[0] = '\0';
        ok = judge(c, k, c->ref, &r, 1, eb, ab, cd);
    }
    free_run(&r);
    return ok;
}

int sc_choose_methods(const char *path, const ScChooseSpec *spec, ScChoice *out, char *err, size_t errlen) {
    ScChooseSpec sp = *spec;
    if (sp.tol_err <= 0)
        sp.tol_err = 0.1;
    if (sp.tol_apd <= 0)
        sp.tol_apd = 0.5;
    Ctx c = {.path = path, .sp = &sp, .err = err, .errlen = errlen};
    memset(out, 0, sizeof *out);
    out->chosen = -1;
    snprintf(out->file.label, sizeof out->file.label, "the file's methods");
    out->file.err[0] = out->file.err[1] = out->file.dapd[0] = out->file.dapd[1] = NAN;
    c.inc = tc_include_dir();
    c.cc = tc_cc();
    if (!c.inc) {
        sc_set_err(err, errlen, "starcarp_model.h not found (set STARCARP_INCLUDE_DIR)");
        return -1;
    }
    if (!(sp.dt > 0) || !(sp.duration > sp.dt)) {
        sc_set_err(err, errlen, "the choice needs dt > 0 and a duration longer than dt");
        return -1;
    }
    if (cvode_states(&c) != 0)
        return -1;
    int rc = -1;
    Kern ref_k = {0}, fe_k = {0};
    Run ref = {0}, fr = {0};
    if (c.ncvode == 0) {
        snprintf(out->reason, sizeof out->reason, "the file leaves no state to cvode");
        rc = 0;
        goto done;
    }
    if (make_tmpdir(&c) != 0) {
        sc_set_err(err, errlen, "cannot make a temporary folder: %s", strerror(errno));
        goto done;
    }
    say(&c, "the reference (the file's methods, rtol 1e-10, atol 1e-12), dt = %g ms", sp.dt);
    if (build(&c, "", &ref_k) != 0)
        goto done;
    for (int t = 0; t < 2 && (t == 0 || ref.failed); t++) {
        if (t) {
            say(&c, "the reference failed (%s): again with rtol %g, atol %g", ref.why, REF_RTOL[t],
                REF_ATOL[t]);
            free_run(&ref);
        }
        run_cell(&c, &ref_k, 0, REF_RTOL[t], REF_ATOL[t], 1, &ref);
        out->ref_rtol = REF_RTOL[t];
    }
    out->ref_seconds = ref.seconds;
    if (ref.failed) {
        snprintf(out->reason, sizeof out->reason, "the reference run fails (%s)", ref.why);
        rc = 0;
        goto done;
    }
    out->ref_apd = sp.nstim > 0 ? sc_trace_apd90(ref.vm, ref.nsamp, ref.h) : -1;
    /* the file's methods at the default tolerances (single precision when a bar needs it) */
    run_cell(&c, &ref_k, 0, 0, 0, 0, &fr);
    out->file.seconds = fr.seconds;
    out->file.pass = judge(&c, &ref_k, &ref, &fr, 0, INFINITY, INFINITY, &out->file);
    free_run(&fr);
    out->file.err[1] = out->file.dapd[1] = NAN;
    c.ref_k = &ref_k, c.ref = &ref, c.file = &out->file;
    /* forward Euler first: it also measures the stiffness */
    out->ncand = 1;
    ScCandidate *fe = &out->cand[0];
    snprintf(fe->overrides, sizeof fe->overrides, "cvode=fe");
    say(&c, "forward Euler and the stiffness of the %d cvode states", c.ncvode);
    if (build(&c, fe->overrides, &fe_k) != 0)
        goto done;
    /* stiff: dt / tau above 1; the stiff block adds the states coupled to a stiff one as strongly
     * (an implicit method on one state of a fast pair splits the pair: tests/numerics) */
    int nc = c.ncvode;
    double *stiff = calloc((size_t)nc, sizeof(double)),
           *couple = calloc((size_t)nc * (size_t)nc, sizeof(double));
    char **names = calloc((size_t)nc + 1, sizeof(char *)), **block = calloc((size_t)nc + 1, sizeof(char *));
    int ns = 0, nb = 0;
    stiffness(&c, &fe_k, &ref, stiff, couple);
    for (int j = 0; j < nc; j++)
        if (stiff[j] > 1.0) {
            names[ns++] = c.cvode[j];
            size_t l = strlen(out->stiff);
            snprintf(out->stiff + l, sizeof out->stiff - l, "%s%s (%.3g)", l ? ", " : "", c.cvode[j],
                     stiff[j]);
        }
    for (int i = 0; i < nc; i++) {
        int in = stiff[i] > 1.0;
        for (int j = 0; j < nc && !in; j++)
            in = stiff[j] > 1.0 && (couple[i * nc + j] > 1.0 || couple[j * nc + i] > 1.0);
        if (in)
            block[nb++] = c.cvode[i];
    }
    out->ncand = make_candidates(&c, names, ns, block, nb, out);
    free(stiff), free(couple), free(names), free(block);
    int tried = 0;
    for (int k = 0; k < out->ncand && out->chosen < 0; k++, tried++) {
        ScCandidate *cd = &out->cand[k];
        Kern kk = {0};
        say(&c, "candidate %d: %s", k + 1, cd->overrides);
        if (k > 0 && build(&c, cd->overrides, &kk) != 0)
            goto done;
        cd->pass = try_candidate(&c, k > 0 ? &kk : &fe_k, cd);
        if (kk.lib)
            dlclose(kk.lib);
        if (cd->pass)
            out->chosen = k;
    }
    out->ncand = tried;
    /* a set that passes but runs no faster than the file's own methods (one cell, the same beat)
       is not worth the change: the file's cvode (order-4 sub-steps) can beat a split set whose
       cvode block is driven by the explicit states around it (mmt_sampson_2010, 2026-11-24) */
    if (out->chosen >= 0 && out->file.seconds > 0 && out->cand[out->chosen].seconds >= out->file.seconds) {
        snprintf(out->reason, sizeof out->reason,
                 "the passing set, %.40s, ran no faster: %.3g s against %.3g s", out->cand[out->chosen].label,
                 out->cand[out->chosen].seconds, out->file.seconds);
        out->chosen = -1;
    }
    if (out->chosen >= 0) {
        memcpy(out->overrides, out->cand[out->chosen].overrides, sizeof out->overrides);
        memcpy(out->label, out->cand[out->chosen].label, sizeof out->label);
    } else if (!out->reason[0]) {
        snprintf(out->reason, sizeof out->reason, "no cheaper method set passes the check");
    }
    rc = 0;
done:
    if (out->chosen < 0)
        snprintf(out->label, sizeof out->label, "the file's methods (%.70s)", out->reason);
    free_run(&ref);
    if (ref_k.lib)
        dlclose(ref_k.lib);
    if (fe_k.lib)
        dlclose(fe_k.lib);
    if (c.dir[0])
        remove_tmpdir(c.dir);
    for (int j = 0; j < c.ncvode; j++)
        free(c.cvode[j]);
    free(c.cvode);
    return rc;
}

ScChooseSpec sc_choose_default_spec(void) {
    ScChooseSpec sp = {.dt = 0.01,
                       .stim_start = 1,
                       .stim_dur = 1,
                       .stim_curr = 60,
                       .bcl = 1000,
                       .duration = 1000,
                       .nstim = 1,
                       .verbose = 1};
    return sp;
}

/* ------------------------------------------------------------------ the cache */

/* The cache file of a choice: <cache>/choices/<stem>-<hash>.txt. Returns 0 or -1. */
static int cache_path(const char *path, const ScChooseSpec *sp, char *buf, size_t len) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    unsigned long long h = SC_FNV_INIT;
    char chunk[4096], key[512];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk - 1, f)) > 0) {
        chunk[n] = '\0';
        h = sc_fnv(h, chunk);
    }
    fclose(f);
    snprintf(key, sizeof key, "%s|%.17g|%.17g|%.17g|%.17g|%.17g|%.17g|%.17g|%.17g|%ld", EMIT_GENERATOR,
             sp->dt, sp->tol_err, sp->tol_apd, sp->stim_start, sp->stim_dur, sp->stim_curr, sp->bcl,
             sp->duration, sp->nstim);
    h = sc_fnv(h, key);
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char root[3000];
    sc_cache_dir(root, sizeof root);
    snprintf(buf, len, "%s/choices/%.*s-%016llx.txt", root, (int)strcspn(base, "."), base, h);
    return 0;
}

/* Reads a cached choice; 0 when found and complete. */
static int cache_read(const char *file, ScChoice *out) {
    FILE *f = fopen(file, "r");
    if (!f)
        return -1;
    char line[1200];
    int have = 0;
    double fig[5];
    memset(out, 0, sizeof *out);
    out->chosen = -1;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        char *v = strchr(line, ' ');
        if (!v)
            continue;
        *v++ = '\0';
        if (strcmp(line, "overrides") == 0)
            snprintf(out->overrides, sizeof out->overrides, "%s", strcmp(v, "-") ? v : ""), have |= 1;
        else if (strcmp(line, "label") == 0)
            snprintf(out->label, sizeof out->label, "%s", v), have |= 2;
        else if (strcmp(line, "stiff") == 0)
            snprintf(out->stiff, sizeof out->stiff, "%s", strcmp(v, "-") ? v : "");
        else if (strcmp(line, "figures") == 0 &&
                 sscanf(v, "%lf %lf %lf %lf %lf", &fig[0], &fig[1], &fig[2], &fig[3], &fig[4]) == 5)
            have |= 4;
    }
    fclose(f);
    if (have != 7)
        return -1;
    out->chosen = *out->overrides ? 0 : -1;
    out->ncand = out->chosen + 1;
    ScCandidate *ch = out->chosen >= 0 ? &out->cand[0] : &out->file;
    snprintf(ch->overrides, sizeof ch->overrides, "%s", out->overrides);
    snprintf(ch->label, sizeof ch->label, "%s", out->label);
    ch->pass = out->chosen >= 0;
    ch->err[0] = fig[0], ch->dapd[0] = fig[1], ch->err[1] = fig[2], ch->dapd[1] = fig[3];
    out->ref_apd = fig[4];
    return 0;
}

/* Writes a choice (through a file of this process renamed into place). */
static void cache_write(const char *file, const ScChoice *c) {
    char dir[3400], tmp[3500];
    snprintf(dir, sizeof dir, "%s", file);
    if (strrchr(dir, '/'))
        *strrchr(dir, '/') = '\0';
    if (sc_make_dirs(dir) != 0)
        return;
    snprintf(tmp, sizeof tmp, "%s.%ld", file, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f)
        return;
    const ScCandidate *ch = c->chosen >= 0 ? &c->cand[c->chosen] : &c->file;
    fprintf(f, "overrides %s\nlabel %s\nstiff %s\nfigures %.6g %.6g %.6g %.6g %.6g\n",
            *c->overrides ? c->overrides : "-", c->label, *c->stiff ? c->stiff : "-", ch->err[0], ch->dapd[0],
            ch->err[1], ch->dapd[1], c->ref_apd);
    if (fclose(f) == 0)
        rename(tmp, file);
    else
        unlink(tmp);
}

int sc_choose_methods_cached(const char *path, const ScChooseSpec *spec, ScChoice *out, char *err,
                             size_t errlen) {
    char file[3400];
    int have_path = cache_path(path, spec, file, sizeof file) == 0;
    if (have_path && cache_read(file, out) == 0)
        return 0;
    if (sc_choose_methods(path, spec, out, err, errlen) != 0)
        return -1;
    if (have_path)
        cache_write(file, out);
    return 0;
}

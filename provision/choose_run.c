/* choose_run.c: the automatic choice's candidates built (in the background, several compilers at
 * once where there are cores for them) and run on one cell, judged against the reference, and
 * the stiffness of the cvode states (choose_int.h; the steps are in sc_choose.c). */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <errno.h>
#include <math.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>
#include <sys/wait.h>

#include "choose_int.h"
#include "emit.h"
#include "util_int.h"
#include "sema.h"
#include "toolchain.h"

static const double DT_OUT = 0.1;
enum { B_QUEUED, B_COMPILING, B_COMPILED, B_LOADED, B_FAILED = -1 };

/* ------------------------------------------------------------------ building */

/* The compile command of build b: its portable C and single-precision CPU sources, at -O2 (not
 * -O1, a faster compile: on an Intel Xeon the -O1 code with the library's -march=native ran the
 * choice's cells 25-50x slower than on the development machine's AMD EPYC, -O2 or -march=x86-64
 * as fast; docs/methods.md). */
static void compile_cmd(const ChCtx *c, const ChBuild *b, TcCmd *cmd) {
    tc_begin(cmd);
    tc_add(cmd, "%s -std=c11 -O2 -fPIC -shared %s -I", c->cc, tc_cpu_flags());
    tc_quote(cmd, c->inc);
    tc_add(cmd, " %s_c.c %s_cpu_f32.c -o %s.so %s -lm", b->ident, b->ident, b->ident, tc_mvec_flag());
}

int ch_queue(ChCtx *c, const char *overrides) {
    if (c->nbuild >= CH_MAXBUILD) {
        sc_set_err(c->err, c->errlen, "too many candidates");
        return -1;
    }
    ChBuild *b = &c->build[c->nbuild];
    memset(b, 0, sizeof *b);
    snprintf(b->overrides, sizeof b->overrides, "%s", overrides);
    snprintf(b->ident, sizeof b->ident, "cand%d", c->nbuild);
    char src[2][160];
    snprintf(src[0], sizeof src[0], "%s/%s_c.c", c->dir, b->ident);
    snprintf(src[1], sizeof src[1], "%s/%s_cpu_f32.c", c->dir, b->ident);
    Arena ar = {0};
    FILE *quiet = fopen("/dev/null", "w"); /* the model's warnings were shown once already */
    Diag dg = {quiet ? quiet : stderr, 0, 0, 0, NULL};
    CgSemaOptions so = {.overrides = overrides};
    CgModel *m = sema_load_file_opts(&ar, &dg, c->path, &so);
    int rc = -1;
    if (!m || diag_failed(&dg)) {
        sc_set_err(c->err, c->errlen, "%s: the model does not analyse with the methods '%s'", c->path,
                   overrides);
        goto out;
    }
    for (int i = 0; i < 2; i++) {
        FILE *f = fopen(src[i], "w");
        EmitOptions o = {i ? EMIT_CPU : EMIT_C, i, 0, overrides, b->ident, 1, 0, NULL};
        int bad = !f || emit_model(f, m, &o) != 0;
        if (f && fclose(f) != 0)
            bad = 1;
        if (bad) {
            sc_set_err(c->err, c->errlen, "cannot write %s", src[i]);
            goto out;
        }
    }
    b->state = B_QUEUED;
    rc = c->nbuild++;
    ch_pump(c);
out:
    ar_free(&ar);
    if (quiet)
        fclose(quiet);
    return rc;
}

/* Start build b's compiler. */
static void start(ChCtx *c, ChBuild *b) {
    TcCmd cmd;
    char log[48];
    compile_cmd(c, b, &cmd);
    snprintf(log, sizeof log, "%s.log", b->ident);
    b->pid = tc_spawn(&cmd, c->dir, log);
    b->state = b->pid > 0 ? B_COMPILING : B_FAILED;
}

/* Build b's compiler has ended with wait status st. */
static void ended(ChBuild *b, int st) {
    b->state = WIFEXITED(st) && WEXITSTATUS(st) == 0 ? B_COMPILED : B_FAILED;
    b->pid = 0;
}

/* ch_pump with at most `limit` compilers at once. */
static void pump(ChCtx *c, int limit) {
    int running = 0, st;
    for (int i = 0; i < c->nbuild; i++) {
        ChBuild *b = &c->build[i];
        if (b->state == B_COMPILING && waitpid((pid_t)b->pid, &st, WNOHANG) == (pid_t)b->pid)
            ended(b, st);
        running += b->state == B_COMPILING;
    }
    for (int i = 0; i < c->nbuild && running < limit; i++)
        if (c->build[i].state == B_QUEUED)
            start(c, &c->build[i]), running++;
}

void ch_pump(ChCtx *c) { pump(c, c->jobs); }

/* Wait for build b's compiler to end. */
static void wait_build(ChBuild *b) {
    const struct timespec tick = {0, 20 * 1000 * 1000};
    int st;
    while (b->state == B_COMPILING) {
        pid_t w = waitpid((pid_t)b->pid, &st, WNOHANG);
        if (w == (pid_t)b->pid)
            ended(b, st);
        else if (w < 0)
            b->state = B_FAILED, b->pid = 0;
        else
            nanosleep(&tick, NULL);
    }
}

const ChKern *ch_wait(ChCtx *c, int i) {
    ChBuild *b = &c->build[i];
    if (b->state == B_QUEUED)
        start(c, b);
    pump(c, c->jobs + 1); /* this thread waits: its core compiles too */
    wait_build(b);
    ch_pump(c);
    if (b->state == B_COMPILED) {
        char so[128], sym[64];
        snprintf(so, sizeof so, "%s/%s.so", c->dir, b->ident);
        b->k.lib = dlopen(so, RTLD_NOW | RTLD_LOCAL);
        snprintf(sym, sizeof sym, "%s_model", b->ident);
        b->k.d = b->k.lib ? dlsym(b->k.lib, sym) : NULL;
        snprintf(sym, sizeof sym, "%s_cpu_f32_run", b->ident);
        *(void **)&b->k.f32 = b->k.lib ? dlsym(b->k.lib, sym) : NULL;
        b->state = b->k.d && b->k.f32 ? B_LOADED : B_FAILED;
        if (b->state == B_FAILED) {
            sc_set_err(c->err, c->errlen, "cannot load the candidate %s: %s", so,
                       b->k.lib ? "symbols missing" : dlerror());
            return NULL;
        }
    }
    if (b->state != B_LOADED) {
        sc_set_err(c->err, c->errlen, "compiling the candidate '%s' of %s failed (see %s/%s.log)",
                   b->overrides, c->path, c->dir, b->ident);
        return NULL;
    }
    return &b->k;
}

void ch_builds_end(ChCtx *c) {
    for (int i = 0; i < c->nbuild; i++) {
        ChBuild *b = &c->build[i];
        if (b->state == B_COMPILING) { /* a compiler of ours no longer needed */
            tc_stop(b->pid);
        }
        if (b->k.lib)
            dlclose(b->k.lib);
        memset(b, 0, sizeof *b);
    }
    c->nbuild = 0;
}

/* ------------------------------------------------------------------ running */

/* The CPU time of this thread (s): what a run's line says it took (the choice decides by work). */
static double cpu_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* Where each of k's states goes in the canon's order (-1: the canon has no such state). */
static int *canon_map(const ChCtx *c, const ChKern *k) {
    int *map = malloc((size_t)k->d->nstates * sizeof(int) + 1);
    for (int i = 0; map && i < k->d->nstates; i++)
        map[i] = !c->canon || c->canon == k->d ? i : ch_state_index(c->canon, k->d->sv_names[i]);
    return map;
}

/* r's arrays for a run of k at step dt over protocol pr with snapshots or not: every, the steps
 * between samples, last, the last step, beat_d[b], the step of stimulus b (and the end). */
static void run_alloc(const ChCtx *c, const ScChooseSpec *pr, const ChKern *k, double dt, int snaps,
                      long *every, long *last, ChRun *r) {
    int nsv = k->d->nsv, ncan = c->canon ? c->canon->nstates : k->d->nstates;
    *every = dt < DT_OUT ? lround(DT_OUT / dt) : 1;
    *last = lround(pr->duration / dt);
    memset(r, 0, sizeof *r);
    r->h = (double)*every * dt;
    r->nsamp = *last / *every + 1;
    r->vm = calloc((size_t)r->nsamp, sizeof(double));
    r->lo = malloc((size_t)ncan * sizeof(double));
    r->hi = malloc((size_t)ncan * sizeof(double));
    r->nbeat = (int)(pr->nstim > 0 && pr->nstim < 100000 ? pr->nstim : 0) + 1;
    r->beat = malloc((size_t)r->nbeat * (size_t)ncan * sizeof(double));
    for (int i = 0; i < ncan; i++)
        r->lo[i] = r->hi[i] = NAN;
    for (long i = 0; i < (long)r->nbeat * ncan; i++)
        r->beat[i] = NAN;
    r->snap = snaps ? calloc((size_t)CH_NSNAP * (size_t)(nsv + 1), sizeof(double)) : NULL;
}

/* The sample (of `every` steps) at or after the time of stimulus b of pr (b == nbeat - 1: the
 * end); the samples of two runs at different steps fall at the same times. */
static long beat_sample(const ScChooseSpec *pr, const ChRun *r, int b, long nsamp) {
    if (b == r->nbeat - 1)
        return nsamp - 1;
    long s = (long)ceil((pr->stim_start + b * pr->bcl) / r->h - 1e-9);
    return s < nsamp - 1 ? s : nsamp - 1;
}

/* Record sample s (step dd) of a run: Vm, the envelope, a snapshot, the states at a stimulus;
 * sets r->failed when a state is not finite. map: k's states in the canon's order. */
static void sample(const ChKern *k, const int *map, int ncan, int single, const double *sv, const float *svf,
                   double vm, long s, long dd, double dt, long snap_every, long next_beat, ChRun *r) {
    const ScModelDesc *d = k->d;
    r->vm[s] = vm;
    if (r->snap && s % snap_every == 0 && r->nsnap < CH_NSNAP) {
        for (int i = 0; i < d->nsv; i++)
            r->snap[r->nsnap * (d->nsv + 1) + i] = sv[i];
        r->snap[r->nsnap * (d->nsv + 1) + d->nsv] = vm;
        r->snap_d[r->nsnap++] = dd;
    }
    for (int i = 0; i < d->nstates; i++) {
        double x = single ? svf[i] : sv[i];
        if (!isfinite(x) && !r->failed) {
            snprintf(r->why, sizeof r->why, "state %s not finite at t = %g ms", d->sv_names[i],
                     (double)dd * dt);
            r->failed = 1;
        }
        int j = map[i];
        if (j < 0)
            continue;
        if (s == 0)
            r->lo[j] = r->hi[j] = x;
        r->lo[j] = fmin(r->lo[j], x), r->hi[j] = fmax(r->hi[j], x);
        if (next_beat >= 0)
            r->beat[next_beat * ncan + j] = x;
    }
}

/* The message of a failure the kernel reported (status st of a run of k at step dt): the state
 * the physiology watch stopped at (its value out of sv_lo/sv_hi), else Vm. */
static void kernel_failure(const ChKern *k, int single, const double *sv, const float *svf,
                           const ScStepStatus *st, double dt, ChRun *r) {
    const ScModelDesc *d = k->d;
    double t = (double)(st->key >> 32) * dt;
    for (int i = 0; d->sv_lo && d->sv_hi && i < d->nstates; i++) {
        double x = single ? svf[i] : sv[i];
        if (x < d->sv_lo[i] || x > d->sv_hi[i]) {
            snprintf(r->why, sizeof r->why, "%s = %.4g at t = %g ms, which no physiology allows",
                     d->sv_names[i], x, t);
            r->failed = 1;
            return;
        }
    }
    snprintf(r->why, sizeof r->why, "Vm = %g at t = %g ms", st->value, t);
    r->failed = 1;
}

/* A step's operations in k (the exact variant; an adaptive group for one sub-step). */
static double step_work(const ChKern *k) {
    return (double)k->d->flops_per_step[0] + SC_TRANSC_FLOPS * (double)k->d->transc_per_step[0];
}

double ch_planned(const ChCtx *c, const ChKern *k, double dt) {
    const ScChooseSpec *pr = c->proto ? c->proto : c->sp;
    return (double)lround(pr->duration / dt) * step_work(k);
}

void ch_run_cell(ChCtx *c, const ChKern *k, int single, double rtol, double atol, int snaps, double dt,
                 int report, ChRun *r) {
    const ScModelDesc *d = k->d;
    const ScChooseSpec *pr = c->proto ? c->proto : c->sp;
    int nsv = d->nsv, npc = d->nparams + d->nconsts, ncan = c->canon ? c->canon->nstates : d->nstates;
    double t0 = cpu_now();
    long every, last;
    run_alloc(c, pr, k, dt, snaps, &every, &last, r);
    double reach = report >= 0 ? c->work + ch_planned(c, k, dt) : 0; /* the work once this run is made */
    if (report >= 0 && !c->cut)
        c->need = fmax(c->need, reach);
    if (report >= 0 && (c->cut || reach > c->budget)) {
        snprintf(r->why, sizeof r->why, "the budget of the choice ran out");
        r->failed = r->cut = c->cut = 1;
        return;
    }
    int *map = canon_map(c, k);
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
        svf[i] = (float)sv[i];
    vmf = (float)vm;
    ScStepStatus st = {~0ULL, 0};
    double extra = 0; /* the adaptive groups' further sub-steps */
    ScStepArgs a = {.n = 1,
                    .sv = single ? (void *)svf : sv,
                    .vm = single ? (void *)&vmf : &vm,
                    .iion = single ? (void *)&iionf : &iion,
                    .pc = single ? (void *)pcf : pc,
                    .dt = dt,
                    .flags = SC_STEP_BENCH,
                    .rtol = rtol,
                    .atol = atol,
                    .status = &st,
                    .work = &extra};
    memset(a.vary, -1, sizeof a.vary);
    if (pr->nstim > 0) {
        a.stim.start = lround(pr->stim_start / dt);
        a.stim.pulse = lround(pr->stim_dur / dt) > 1 ? lround(pr->stim_dur / dt) : 1;
        a.stim.period = lround(pr->bcl / dt);
        a.stim.count = pr->nstim;
        a.stim.amp = pr->stim_curr;
    }
    long s = 0, snap_every = r->nsamp / CH_NSNAP > 0 ? r->nsamp / CH_NSNAP : 1, done = 0;
    int b = 0;
    for (long dd = 0; dd <= last && st.key == ~0ULL; dd += every, s++) {
        int at = b < r->nbeat && s == beat_sample(pr, r, b, r->nsamp) ? b : -1;
        sample(k, map, ncan, single, sv, svf, single ? vmf : vm, s, dd, dt, snap_every, at, r);
        b += at >= 0;
        if (r->failed || dd == last)
            break;
        if (s % 64 == 63) { /* the run beside, the compilers in the background, the progress */
            if (atomic_load(&c->halt)) { /* the run beside this one failed: no need to go on */
                snprintf(r->why, sizeof r->why, "stopped: the run beside it failed");
                r->failed = r->halted = 1;
                break;
            }
            if (report >= 0)
                ch_pump(c);
            if (report > 0)
                ch_progress(c, (double)dd / (double)last);
        }
        a.d0 = dd;
        a.nsteps = (int)(last - dd < every ? last - dd : every);
        if (single)
            k->f32(&a);
        else
            d->c_run[0](&a);
        done += a.nsteps;
    }
    if (st.key != ~0ULL && !r->failed)
        kernel_failure(k, single, sv, svf, &st, dt, r);
    r->seconds = cpu_now() - t0;
    r->work = (double)done * step_work(k) + extra;
    if (report >= 0)
        c->work += r->work;
    free(pc), free(sv), free(pcf), free(svf), free(map);
}

void ch_free_run(ChRun *r) {
    free(r->vm), free(r->lo), free(r->hi), free(r->snap), free(r->beat);
    memset(r, 0, sizeof *r);
}

int ch_in_envelope(const ChKern *k, const ChRun *ref, const ChRun *r, const char *what, char *why, size_t n) {
    return ch_in_envelope_x(k, ref, r, 1, what, why, n);
}

int ch_in_envelope_x(const ChKern *k, const ChRun *ref, const ChRun *r, double x, const char *what, char *why,
                     size_t n) {
    for (int i = 0; i < k->d->nstates; i++) {
        double lo = ref->lo[i], hi = ref->hi[i];
        double m = x * (0.05 * (hi - lo) + 1e-3 * fmax(fabs(lo), fabs(hi)));
        if (r->lo[i] < lo - m || r->hi[i] > hi + m) {
            snprintf(why, n, "%s: state %s leaves the reference's range [%.4g, %.4g] (reaches %.4g)", what,
                     k->d->sv_names[i], lo, hi, r->lo[i] < lo - m ? r->lo[i] : r->hi[i]);
            return 0;
        }
    }
    return 1;
}

int ch_judge(const ChCtx *c, const ChKern *k, const ChRun *ref, const ChRun *r, int p, double err_bar,
             double apd_bar, ScCandidate *cand) {
    cand->err[p] = cand->dapd[p] = NAN;
    const char *prec = p ? "single" : "double";
    if (r->failed) {
        snprintf(cand->why, sizeof cand->why, "%s: failed: %s", prec, r->why);
        return 0;
    }
    if (!ch_in_envelope(k, ref, r, prec, cand->why, sizeof cand->why))
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

/* One row of differences: J[idx[i]][idx[j]] for every i, from the forward-Euler step of y0 with
 * state idx[j] moved by h (f0: the unmoved step's slope), folded into stiff and couple. */
static void fold_column(const ChCtx *c, const int *idx, int j, const double *y0, const double *y,
                        const double *f0, double h, double *stiff, double *couple) {
    int nc = c->ncvode;
    double dt = c->sp->dt;
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

int ch_state_index(const ScModelDesc *in, const char *name) {
    for (int i = 0; i < in->nsv; i++)
        if (strcmp(in->sv_names[i], name) == 0)
            return i;
    return -1;
}

/* The stiffness of the cvode states at dt, by differences of one forward-Euler step of fe (flags
 * 0: Vm held) at the reference's snapshots (their values matched to fe's by name: the reference
 * may hold Vm's in-step copy): stiff[j] = dt * max(-J_jj) and, for the pairs,
 * couple[i * ncvode + j] = dt * max |J_ij| (i != j). */
void ch_stiffness(const ChCtx *c, const ChKern *fe, const ChRun *ref, double *stiff, double *couple) {
    const ScModelDesc *d = fe->d, *rd = c->ref_k->d;
    int nsv = d->nsv, npc = d->nparams + d->nconsts, nc = c->ncvode;
    double dt = c->sp->dt;
    double *pc = calloc((size_t)npc + 1, sizeof(double)), *y = calloc((size_t)nsv + 1, sizeof(double));
    double *f0 = calloc((size_t)nsv + 1, sizeof(double)), *y0 = calloc((size_t)nsv + 1, sizeof(double));
    memcpy(pc, d->param_defaults, (size_t)d->nparams * sizeof(double));
    d->consts(pc);
    double v0;
    d->init(pc, y0, &v0); /* values the reference lacks keep their initial ones */
    int *idx = malloc((size_t)nc * sizeof(int)), *from = malloc((size_t)nsv * sizeof(int) + 1);
    for (int i = 0; i < nsv; i++)
        from[i] = ch_state_index(rd, d->sv_names[i]);
    for (int j = 0; j < nc; j++) {
        idx[j] = -1, stiff[j] = 0;
        for (int i = 0; i < nc; i++)
            couple[i * nc + j] = 0;
        for (int i = 0; i < d->nstates; i++)
            if (strcmp(d->sv_names[i], c->cvode[j]) == 0)
                idx[j] = i;
    }
    for (int s = 0; s < ref->nsnap; s++) {
        const double *snap = ref->snap + s * (rd->nsv + 1);
        for (int i = 0; i < nsv; i++)
            if (from[i] >= 0)
                y0[i] = snap[from[i]];
        double vm = snap[rd->nsv], iion = 0;
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
            vm = snap[rd->nsv];
            d->c_run[0](&a);
            fold_column(c, idx, j, y0, y, f0, h, stiff, couple);
        }
    }
    free(pc), free(y), free(f0), free(y0), free(idx), free(from);
}

/* ------------------------------------------------------------------ a choice's context */

static int make_tmpdir(ChCtx *c) {
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

int ch_begin(ChCtx *c, const char *path, const ScChooseSpec *sp, char *err, size_t errlen) {
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    *c = (ChCtx){.path = path, .sp = sp, .err = err, .errlen = errlen, .t0 = sc_now_s(), .tty = isatty(2)};
    c->budget = sp->budget > 0 ? sp->budget * SC_CHOOSE_WORK_UNIT : INFINITY;
    c->jobs = ncpu > 2 ? (int)ncpu - 1 : 1; /* compilers beside the runs of this thread */
    c->inc = tc_include_dir();
    c->cc = tc_cc();
    if (!c->inc)
        sc_set_err(err, errlen, "starcarp_model.h not found (set STARCARP_INCLUDE_DIR)");
    else if (!(sp->dt > 0) || !(sp->duration > sp->dt))
        sc_set_err(err, errlen, "the choice needs dt > 0 and a duration longer than dt");
    else if (make_tmpdir(c) != 0)
        sc_set_err(err, errlen, "cannot make a temporary folder: %s", strerror(errno));
    else
        return 0;
    c->dir[0] = '\0';
    return -1;
}

void ch_end(ChCtx *c) {
    ch_builds_end(c);
    ch_progress_end(c);
    if (c->dir[0])
        remove_tmpdir(c->dir);
    for (int j = 0; j < c->ncvode; j++)
        free(c->cvode[j]);
    for (int j = 0; j < c->ncoupled; j++)
        free(c->coupled[j]);
    for (int j = 0; j < c->nevent; j++)
        free(c->event[j]);
    for (int j = 0; j < c->nst; j++)
        free(c->st[j]);
    free(c->cvode), free(c->coupled), free(c->event), free(c->st), free(c->reads);
}

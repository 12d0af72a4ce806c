/* sc_choose.c: the automatic choice of integration methods; see sc_choose.h and docs/methods.md.
 *
 * The steps, for a model file, a step dt and tolerances:
 *   1. the states the file leaves to cvode (none, and none coupled to Vm: the file's methods);
 *   2. the reference: the file's methods, one cell, the protocol, at rtol 1e-7, 1e-8, 1e-9, 1e-10
 *      (atol 100x smaller) in turn until two in a row agree within a hundredth of the bars (then
 *      the tighter is the reference: its error is below that difference) or the tightest that
 *      completes (cvode's sub-step limit); where a state is coupled to Vm faster than dt
 *      (codegen/vmcouple.c), with the treatment vm=cvode, and the file's methods with bench's
 *      splitting judged against it: where they miss the bars every candidate gets vm=cvode (need_vm);
 *   3. the stiffness of each of those states at dt, from the diagonal of the Jacobian estimated
 *      by differences of the forward-Euler kernel at 64 points of the reference trajectory;
 *   4. candidates in order of cost (forward Euler; Euler with Rush-Larsen for the stiff states;
 *      Rush-Larsen; rk2; rk4; Euler with the stiff block, or the chain it is part of, in a
 *      rosenbrock or a cvode group; Euler with the event states in a cvode group; rk2 with the
 *      block in either group, then with the event states; rosenbrock), each run in double and
 *      single precision; the first that passes is the choice;
 *      none: the file's methods. They are compiled in the background (choose_run.c) from the
 *      start, while the reference runs;
 *   5. where the file has Markov chains (markov_be), the outcome so far with markov_be=fe added,
 *      judged the same way: it passes, it is the choice (markov_relax).
 * A candidate passes when the run completes, every state stays within the reference's envelope
 * (its range widened by 5 % of the range plus 0.1 % of its magnitude), Vm is within tol_err
 * (normalised RMS) and tol_apd (APD90) of the reference, and, unless its methods are all implicit,
 * the same methods at twice dt still complete within the envelope of the margin (margin_ok: a
 * margin of stability for populations whose parameters make a state stiffer than the default
 * cell's). In single precision
 * the bar is the larger of the tolerances and twice what the file's own methods give in single
 * precision (the rounding of float is not the method's error); when the file's methods fail in
 * single precision too, the double-precision check decides (and the report says so). Then the
 * long check (choose_long.c): many beats at dt and dt/2, the states compared.
 * With a budget (spec->budget units of SC_CHOOSE_WORK_UNIT operations) the work stops before a run
 * would take it past the budget: the file's methods (with vm=cvode where the check found it needed
 * before), and the result says so (ScChoice.cut). The budget and the speed rule count operations
 * (ChRun.work), never seconds: the same file, protocol and step give the same choice on every
 * machine, at any load. Last, the outcome's methods (the chosen set, or the file's) in single
 * precision against double (ScChoice.single: what `starcarp bench --precision single` judges by). */
#define _POSIX_C_SOURCE 200809L
#include "sc_choose.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "choose_int.h"
#include "util_int.h"
#include "sema.h"
#include "toolchain.h"

enum { NLADDER = 4 };
static const double LADDER[NLADDER] = {1e-7, 1e-8, 1e-9,
                                       1e-10}; /* the reference's rtols; [1]: cvode's default */

/* ------------------------------------------------------------------ the choice */

/* The bit of a uniform candidate's method in ScChooseSpec.skip (0 when it is none of them). */
static unsigned uniform_bit(const char *m) {
    for (int k = 0; k < 5; k++)
        if (!strcmp(m, ch_uniform[k]))
            return 1u << k;
    return 0;
}

/* Candidate cd with the treatment of the states coupled to Vm, when the choice applies it (c->vm):
 * its overrides prefixed, its label saying so. 0 when they do not fit. */
static int with_vm(const ChCtx *c, ScCandidate *cd) {
    if (!c->vm[0])
        return 1;
    char ov[sizeof cd->overrides];
    if ((size_t)snprintf(ov, sizeof ov, "%s,%s", c->vm, cd->overrides) >= sizeof ov)
        return 0;
    memcpy(cd->overrides, ov, sizeof ov);
    size_t l = strlen(cd->label);
    snprintf(cd->label + l, sizeof cd->label - l, ", Vm coupled");
    return 1;
}

/* The kinds of candidate, in order of cost: base for every cvode state but those of a set (none,
 * the stiff states, the stiff block, the event states) given method to. */
enum { SET_NONE, SET_STIFF, SET_BLOCK, SET_EVENT };
static const struct {
    const char *base;
    int set;
    const char *to;
} KINDS[] = {
    {"fe", SET_NONE, NULL},      {"fe", SET_STIFF, "rush_larsen"}, {"rush_larsen", SET_NONE, NULL},
    {"rk2", SET_NONE, NULL},     {"rk4", SET_NONE, NULL},          {"fe", SET_BLOCK, "rosenbrock"},
    {"fe", SET_BLOCK, "cvode"},  {"fe", SET_EVENT, "cvode"},       {"rk2", SET_BLOCK, "rosenbrock"},
    {"rk2", SET_BLOCK, "cvode"}, {"rk2", SET_EVENT, "cvode"},      {"rosenbrock", SET_NONE, NULL},
};

/* The event states still the choice's (those coupled to Vm dropped) into set; how many. */
static int event_set(const ChCtx *c, char **set) {
    int n = 0;
    for (int i = 0; i < c->nevent; i++) {
        int j = ch_name_at(c->cvode, c->ncvode, c->event[i]);
        if (j >= 0)
            set[n++] = c->cvode[j];
    }
    return n;
}

/* The candidates in order of cost (KINDS), given the stiff states (ns names) and the stiff block
 * (the stiff states and those coupled to them as strongly, closed into their chain when chained:
 * nb names). Returns how many. */
static int make_candidates(const ChCtx *c, char **stiff, int ns, char **block, int nb, int chained,
                           ScChoice *out) {
    char **event = calloc((size_t)c->ncvode + 1, sizeof(char *));
    int ne = event ? event_set(c, event) : 0;
    const char *const what[] = {"", "stiff", chained ? "chained stiff" : "stiff", "event"};
    int n = 0;
    for (size_t k = 0; k < sizeof KINDS / sizeof KINDS[0] && n < SC_CHOOSE_MAXCAND; k++) {
        ScCandidate *cd = &out->cand[n];
        memset(cd, 0, sizeof *cd);
        cd->err[0] = cd->err[1] = cd->dapd[0] = cd->dapd[1] = NAN;
        cd->lerr[0] = cd->lerr[1] = cd->lerr[2] = NAN;
        int set = KINDS[k].set;
        if (!set && (c->sp->skip & uniform_bit(KINDS[k].base)))
            continue; /* found failing at a smaller step */
        if (!set) {
            snprintf(cd->overrides, sizeof cd->overrides, "cvode=%s", KINDS[k].base);
            snprintf(cd->label, sizeof cd->label, "%s for the %d cvode state%s", KINDS[k].base, c->ncvode,
                     c->ncvode > 1 ? "s" : "");
        } else {
            char **names = set == SET_STIFF ? stiff : set == SET_BLOCK ? block : event;
            int m = set == SET_STIFF ? ns : set == SET_BLOCK ? nb : ne;
            if (m == 0 || m == c->ncvode)
                continue;
            size_t len = (size_t)snprintf(cd->overrides, sizeof cd->overrides, "cvode=%s", KINDS[k].base);
            for (int i = 0; i < m && len < sizeof cd->overrides; i++)
                len += (size_t)snprintf(cd->overrides + len, sizeof cd->overrides - len, ",%s=%s", names[i],
                                        KINDS[k].to);
            if (len >= sizeof cd->overrides)
                continue;
            snprintf(cd->label, sizeof cd->label, "%s, %s for %d %s state%s", KINDS[k].base, KINDS[k].to, m,
                     what[set], m > 1 ? "s" : "");
        }
        n += with_vm(c, cd);
    }
    free(event);
    return n;
}

/* The overrides past the treatment of the states coupled to Vm ("vm=M,"), if any. */
static const char *sans_vm(const char *ov) {
    return strncmp(ov, "vm=", 3) == 0 ? (strchr(ov, ',') ? strchr(ov, ',') + 1 : ov + strlen(ov)) : ov;
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
static int file_single(ChCtx *c) {
    if (c->file32 == 0) {
        ChRun fr;
        ch_run_cell(c, c->ref_k, 1, 0, 0, 0, c->sp->dt, 0, &fr);
        c->file32 = ch_judge(c, c->ref_k, c->ref, &fr, 1, INFINITY, INFINITY, c->file) ? 1 : -1;
        ch_free_run(&fr);
    }
    return c->file32 > 0;
}

/* The single-precision run r of candidate cd judged: against the tolerances, else against twice
 * what the file's methods give in single precision, else (the file's methods fail in single
 * precision too) no bar. */
static int judge_single(ChCtx *c, const ChKern *k, const ChRun *r, ScCandidate *cd) {
    const ScChooseSpec *sp = c->sp;
    int ok = ch_judge(c, k, c->ref, r, 1, sp->tol_err, sp->tol_apd, cd);
    if (!ok && file_single(c) == 0) {
        snprintf(cd->why, sizeof cd->why, "single precision fails with the file's methods too");
        ok = 1;
    } else if (!ok && !r->failed) {
        double eb = fmax(sp->tol_err, 2 * c->file->err[1]);
        double ab = fmax(sp->tol_apd, 2 * fabs(c->file->dapd[1]));
        cd->why[0] = '\0';
        ok = ch_judge(c, k, c->ref, r, 1, eb, ab, cd);
    }
    return ok;
}

/* The envelope of the margin of stability (made once, when a candidate first needs it): the
 * reference's range of each state joined with the range the file's own methods reach at 2 dt.
 * NULL when the file's methods fail at 2 dt (then the reference's range alone judges). */
static const ChRun *margin_env(ChCtx *c) {
    if (c->env2_made == 0) {
        ChRun fr;
        ch_run_cell(c, c->ref_k, 0, 0, 0, 0, 2 * c->sp->dt, 0, &fr);
        c->env2_made = fr.failed ? -1 : 1;
        if (!fr.failed) {
            int n = c->ref_k->d->nstates;
            c->env2.lo = malloc((size_t)n * sizeof(double) + 1);
            c->env2.hi = malloc((size_t)n * sizeof(double) + 1);
            for (int i = 0; i < n; i++) {
                c->env2.lo[i] = fmin(c->ref->lo[i], fr.lo[i]);
                c->env2.hi[i] = fmax(c->ref->hi[i], fr.hi[i]);
            }
        }
        ch_free_run(&fr);
    }
    return c->env2_made > 0 ? &c->env2 : NULL;
}

/* The margin of stability of candidate cd (built into k): its methods at twice dt complete (no
 * state non-finite, none outside what physiology allows: the kernels' watch) and every state
 * stays within the envelope of the reference's range joined with the file's own methods' at 2 dt,
 * widened twice as much as at dt. A population varies parameters (a conductance, a buffer's
 * capacity) and makes a state stiffer than in the default cell; an explicit method at its
 * stability limit would then blow up. The check is of stability, not of accuracy at 2 dt: the
 * splitting of Vm and the gates at 2 dt moves the states by itself, whatever the method of the
 * rest (the file's methods' range joined), and a first-order method's error doubles with its step
 * (the widening doubled), while an unstable method's error grows by a factor per step
 * (docs/methods.md, "Models that keep implicit methods"). */
static int margin_ok(ChCtx *c, const ChKern *k, ScCandidate *cd) {
    ChRun r;
    ch_run_cell(c, k, 0, 0, 0, 0, 2 * c->sp->dt, 0, &r);
    const ChRun *env = r.failed || c->cut ? NULL : margin_env(c);
    int ok =
        !r.failed && !c->cut &&
        ch_in_envelope_x(c->ref_k, env ? env : c->ref, &r, 2, "no margin: at 2 dt", cd->why, sizeof cd->why);
    if (r.failed)
        snprintf(cd->why, sizeof cd->why, "no margin: at 2 dt it fails: %.150s", r.why);
    ch_free_run(&r);
    return ok && !c->cut;
}

/* Does the speed rule (sp->any_speed off) find candidate cd no cheaper than the file's methods? Both
 * weighed by their work over the same beat (ChRun.work: operations counted, not timed, so that the
 * outcome is the same on every machine at any load). */
static int no_faster(const ScChooseSpec *sp, const ScCandidate *cd, const ScCandidate *file) {
    return !sp->any_speed && file->work > 0 && cd->work >= file->work;
}

/* Runs candidate cd (built into k) in both precisions and judges it (against the reference, its
 * states matched by name: the runs' arrays are in the reference's order), then over many beats. */
static int try_candidate(ChCtx *c, const ChKern *k, ScCandidate *cd) {
    const ScChooseSpec *sp = c->sp;
    const ChKern *rk = c->ref_k;
    ChRun r;
    ch_run_cell(c, k, 0, 0, 0, 0, sp->dt, 0, &r);
    cd->seconds = r.seconds, cd->work = r.work;
    int ok = !c->cut && ch_judge(c, rk, c->ref, &r, 0, sp->tol_err, sp->tol_apd, cd);
    ch_free_run(&r);
    if (!ok)
        return 0;
    if (!implicit_only(sans_vm(cd->overrides)) && !margin_ok(c, k, cd))
        return 0;
    ch_run_cell(c, k, 1, 0, 0, 0, sp->dt, 0, &r);
    ok = !c->cut && judge_single(c, rk, &r, cd);
    ch_free_run(&r);
    /* choices that last: many beats, the slow states compared (choose_long.c); not for a set that
       runs no faster than the file's methods (conclude refuses it anyway), nor for an unpaced
       protocol (a pacemaker: unpaced, its phase drifts, and states at fixed times are no measure) */
    int paced = sp->nstim > 0 && sp->stim_curr != 0;
    if (ok && paced && sp->long_beats > 0 && !no_faster(sp, cd, c->file))
        ok = ch_long_check(c, k, cd) && !c->cut;
    return ok;
}

/* Do two reference runs agree within a hundredth of the bars: Vm (RMS and APD90) and the range of
 * every state (a hundredth of the envelope's widening)? */
static int agree(const ChCtx *c, const ChRun *a, const ChRun *b) {
    const ScChooseSpec *sp = c->sp;
    if (!(sc_trace_err_pct(a->vm, b->vm, b->nsamp) <= sp->tol_err / 100))
        return 0;
    double x = sp->nstim > 0 ? sc_trace_apd90(a->vm, a->nsamp, a->h) : 0;
    double y = sp->nstim > 0 ? sc_trace_apd90(b->vm, b->nsamp, b->h) : 0;
    if (!(fabs(x - y) <= sp->tol_apd / 100))
        return 0;
    for (int i = 0; i < c->canon->nstates; i++) { /* the runs' arrays: the canon's order */
        double lo = b->lo[i], hi = b->hi[i];
        double m = (0.05 * (hi - lo) + 1e-3 * fmax(fabs(lo), fabs(hi))) / 100;
        if (fabs(a->lo[i] - lo) > m || fabs(a->hi[i] - hi) > m)
            return 0;
    }
    return 1;
}

/* The reference (step 2 at the top) into run[*use]; run[1] is the file's methods at cvode's
 * default tolerances when it was run (n > 1). Returns the runs made (n), 0 when cut. */
static int reference(ChCtx *c, const ChKern *k, ChRun run[NLADDER], int *use) {
    int n = 0;
    *use = -1;
    for (int t = 0; t < NLADDER && *use < 0; t++) {
        ch_stage(c, "reference run %d/%d (rtol %g)", t + 1, NLADDER, LADDER[t]);
        ch_run_cell(c, k, 0, LADDER[t], LADDER[t] / 100, 1, c->sp->dt, 1, &run[n++]);
        if (run[t].cut)
            return 0;
        if (run[t].failed) /* the tightest that completes (the first, failed, says why) */
            *use = t > 0 ? t - 1 : 0;
        else if ((t > 0 && agree(c, &run[t], &run[t - 1])) || t == NLADDER - 1)
            *use = t;
    }
    return n;
}

/* The stiff states at dt (ns names; out->stiff says which, with dt / tau) and the stiff block (the
 * stiff states and those coupled to one as strongly: nb names), from forward Euler fe. */
static void stiff_sets(ChCtx *c, const ChKern *fe, const ChRun *ref, char **names, int *ns, char **block,
                       int *nb, ScChoice *out) {
    int nc = c->ncvode;
    double *stiff = calloc((size_t)nc, sizeof(double)),
           *couple = calloc((size_t)nc * (size_t)nc, sizeof(double));
    *ns = *nb = 0;
    ch_stiffness(c, fe, ref, stiff, couple);
    for (int j = 0; j < nc; j++)
        if (stiff[j] > 1.0) {
            names[(*ns)++] = c->cvode[j];
            size_t l = strlen(out->stiff);
            snprintf(out->stiff + l, sizeof out->stiff - l, "%s%s (%.3g)", l ? ", " : "", c->cvode[j],
                     stiff[j]);
        }
    for (int i = 0; i < nc; i++) {
        int in = stiff[i] > 1.0;
        for (int j = 0; j < nc && !in; j++)
            in = stiff[j] > 1.0 && (couple[i * nc + j] > 1.0 || couple[j * nc + i] > 1.0);
        if (in)
            block[(*nb)++] = c->cvode[i];
    }
    free(stiff), free(couple);
}

/* The build of overrides ov among those queued, queued now when there is none; -1 on failure. */
static int build_of(ChCtx *c, const char *ov) {
    for (int i = 0; i < c->nbuild; i++)
        if (!strcmp(c->build[i].overrides, ov))
            return i;
    return ch_queue(c, ov);
}

/* Steps 3 and 4 (the reference is made): the candidates tried in order, the first that passes
 * chosen. Returns 0, or -1 (err set) when a candidate cannot be built. */
static int candidates(ChCtx *c, ScChoice *out) {
    char fe_ov[48];
    snprintf(fe_ov, sizeof fe_ov, "%s%scvode=fe", c->vm, c->vm[0] ? "," : "");
    int fe_build = build_of(c, fe_ov);
    const ChKern *fe = fe_build < 0 ? NULL : ch_wait(c, fe_build);
    if (!fe)
        return c->cut ? 0 : -1;
    int nc = c->ncvode, ns, nb;
    char **names = calloc((size_t)nc + 1, sizeof(char *)), **block = calloc((size_t)nc + 1, sizeof(char *));
    stiff_sets(c, fe, c->ref, names, &ns, block, &nb, out);
    /* a block that is part of a chain (ch_chain: cipa's hERG chain, 3 stiff states of 9) is tried
       whole: split between two methods, the chain's exchanges are out of step (cipa: APD90 0.69
       ms off over 5 beats, whole: 0.13 ms); a block in no chain, or whose chain is every cvode
       state, stays as it is */
    char **chain = calloc((size_t)nc + 1, sizeof(char *));
    int nch = chain && nb ? ch_chain(c, block, nb, chain) : 0, chained = nch > nb && nch < nc;
    out->ncand = make_candidates(c, names, ns, chained ? chain : block, chained ? nch : nb, chained, out);
    free(names), free(block), free(chain);
    int b[SC_CHOOSE_MAXCAND], tried = 0, rc = 0;
    for (int k = 0; k < out->ncand && rc == 0; k++) /* the rest compile while the first run */
        rc = (b[k] = build_of(c, out->cand[k].overrides)) < 0 ? -1 : 0;
    for (int k = 0; k < out->ncand && out->chosen < 0 && rc == 0 && !c->cut; k++, tried++) {
        ScCandidate *cd = &out->cand[k];
        ch_stage(c, "building candidate %d/%d: %.60s", k + 1, out->ncand, cd->label);
        const ChKern *kk = ch_wait(c, b[k]);
        if (!kk) {
            rc = c->cut ? 0 : -1;
            break;
        }
        ch_stage(c, "checking candidate %d/%d: %.60s", k + 1, out->ncand, cd->label);
        cd->pass = try_candidate(c, kk, cd);
        if (cd->pass)
            out->chosen = k;
        else if (!c->cut && !strchr(sans_vm(cd->overrides), ','))
            out->failed |= uniform_bit(sans_vm(cd->overrides) + 6);
    }
    out->ncand = tried;
    return rc;
}

/* Step 5: the Markov chains the file leaves to markov_be (backward Euler, a Newton solve per step)
 * with forward Euler instead, on top of the set chosen so far (the file's methods when none
 * passed): judged as every candidate (bars, envelope, margin, single precision, long check), it
 * becomes the choice when it passes. A chain faster than dt fails the margin or blows up; one as
 * slow as the gates it usually is steps as well explicitly, for a fraction of the work. Returns 0,
 * or -1 (err set) when it cannot be built. */
static int markov_relax(ChCtx *c, ScChoice *out) {
    if (c->nmarkov == 0 || out->ncand >= SC_CHOOSE_MAXCAND)
        return 0;
    const ScCandidate *base = out->chosen >= 0 ? &out->cand[out->chosen] : NULL;
    if (base && no_faster(c->sp, base, &out->file))
        base = NULL; /* the speed rule refuses it (conclude): the Markov step goes on the file's methods */
    const char *bov = base ? base->overrides : c->vm;
    ScCandidate *cd = &out->cand[out->ncand];
    memset(cd, 0, sizeof *cd);
    cd->err[0] = cd->err[1] = cd->dapd[0] = cd->dapd[1] = NAN;
    cd->lerr[0] = cd->lerr[1] = cd->lerr[2] = NAN;
    int len = snprintf(cd->overrides, sizeof cd->overrides, "%s%smarkov_be=fe", bov, bov[0] ? "," : "");
    if (len < 0 || (size_t)len >= sizeof cd->overrides)
        return 0;
    snprintf(cd->label, sizeof cd->label, "%.60s, fe for the %d markov_be states",
             base ? base->label : "the file's methods", c->nmarkov);
    ch_stage(c, "checking candidate %d: %.60s", out->ncand + 1, cd->label);
    int b = build_of(c, cd->overrides);
    const ChKern *kk = b < 0 ? NULL : ch_wait(c, b);
    if (kk) {
        out->ncand++;
        cd->pass = try_candidate(c, kk, cd);
        if (cd->pass)
            out->chosen = out->ncand - 1;
    }
    c->kept = c->cut && out->chosen >= 0; /* the budget ran out here: the set before it stands */
    return kk || c->cut ? 0 : -1;
}

/* The outcome once the candidates are tried: the chosen set, unless it runs no faster than the
 * file's methods, or the file's methods with the reason. */
static void conclude(const ScChooseSpec *sp, ScChoice *out) {
    /* a set that passes but runs no faster than the file's own methods (one cell, the same beat)
       is not worth the change: the file's cvode (order-4 sub-steps) can beat a split set whose
       cvode block is driven by the explicit states around it (mmt_sampson_2010, 2026-11-24) */
    if (out->chosen >= 0 && no_faster(sp, &out->cand[out->chosen], &out->file)) {
        snprintf(out->reason, sizeof out->reason,
                 "the passing set, %.40s, costs no less: %.3g operations a beat against %.3g",
                 out->cand[out->chosen].label, out->cand[out->chosen].work, out->file.work);
        out->chosen = -1;
    }
    if (out->chosen >= 0) {
        memcpy(out->overrides, out->cand[out->chosen].overrides, sizeof out->overrides);
        memcpy(out->label, out->cand[out->chosen].label, sizeof out->label);
    } else if (!out->reason[0]) {
        snprintf(out->reason, sizeof out->reason, "no cheaper method set passes the check");
    }
}

/* The uniform sets need no stiffness: they compile while the reference runs. */
static void queue_uniform(ChCtx *c) {
    char ov[32];
    for (int k = 0; k < 5; k++)
        if (!k || !(c->sp->skip & (1u << k))) {
            snprintf(ov, sizeof ov, "cvode=%s", ch_uniform[k]);
            ch_queue(c, ov);
        }
}

/* The reference (ladder runs[NLADDER], the one used) made: the choice's figures of it, and of the
 * file's methods at cvode's default tolerances (LADDER[1]'s run: n >= 2 here), judged against it. */
static void use_reference(ChCtx *c, const ChKern *k, ChRun *run, int use, ScChoice *out) {
    out->ref_rtol = LADDER[use], out->ref_seconds = run[use].seconds;
    out->ref_apd = c->sp->nstim > 0 ? sc_trace_apd90(run[use].vm, run[use].nsamp, run[use].h) : -1;
    c->ref_k = k, c->ref = &run[use], c->file = &out->file, c->ref_apd = out->ref_apd;
    out->file.seconds = run[1].seconds, out->file.work = run[1].work;
    out->file.pass = !c->cut && ch_judge(c, k, &run[use], &run[1], 0, INFINITY, INFINITY, &out->file);
    out->file.err[1] = out->file.dapd[1] = NAN;
}

/* Is the treatment of the states coupled to Vm needed? The file's methods with it (build cb, vm=cvode:
 * those states and their groups advanced with Vm) at cvode's default tolerances, against the
 * reference without it (bench's splitting): Vm's RMS difference and APD90 within the bars, it is not
 * (out->plain says by how much); else it is, and the reference becomes the coupled one (its own
 * ladder into run[], *use). Judged on Vm: the treatment puts back the charge the splitting misplaces,
 * which shows in Vm (a flagged state's own transient, clancy_rudy_2002's P_C1_2 at its inconsistent
 * initial state, is not what it is for). Returns the runs of the coupled ladder (0: none, or cut), or
 * -1 (err set). */
static int need_vm(ChCtx *c, int cb, ChRun run[NLADDER], int *use, ScChoice *out) {
    const ScChooseSpec *sp = c->sp;
    ch_stage(c, "the file's methods with Vm coupled (vm=cvode)");
    const ChKern *ck = ch_wait(c, cb);
    if (!ck)
        return c->cut ? 0 : -1;
    ChRun r;
    ch_run_cell(c, ck, 0, 0, 0, 0, sp->dt, 1, &r);
    ScCandidate *p = &out->plain;
    snprintf(p->label, sizeof p->label, "the file's methods, bench's splitting of Vm");
    p->seconds = c->file->seconds, p->work = c->file->work;
    if (!r.failed) {
        double a = sp->nstim > 0 ? sc_trace_apd90(r.vm, r.nsamp, r.h) : -1;
        p->err[0] = sc_trace_err_pct(c->ref->vm, r.vm, r.nsamp);
        p->dapd[0] = a > 0 ? c->ref_apd - a : 0;
        p->pass = p->err[0] <= sp->tol_err && fabs(p->dapd[0]) <= sp->tol_apd;
        if (!p->pass)
            snprintf(p->why, sizeof p->why,
                     "against Vm coupled: error %.3g %% (bar %.3g), APD90 %+.3g ms (bar %.3g)", p->err[0],
                     sp->tol_err, p->dapd[0], sp->tol_apd);
    } else
        snprintf(p->why, sizeof p->why, "Vm coupled fails: %.150s", r.why);
    int failed = r.failed;
    ch_free_run(&r);
    if (p->pass || failed || c->cut)
        return 0;
    snprintf(c->vm, sizeof c->vm, "vm=cvode");
    c->canon = ck->d; /* the coupled reference's states (Vm's in-step copy among them) */
    int n = reference(c, ck, run, use);
    if (n > 0 && !run[*use].failed)
        use_reference(c, ck, run, *use, out);
    return n;
}

/* The reference and the candidates (after the setup of sc_choose_methods). Where a state is coupled
 * to Vm faster than dt, the file's methods are also run with the treatment (vm=cvode), and where
 * bench's splitting misses the bars against that (need_vm), the reference and every candidate are
 * coupled. 0, or -1 (err set). */
static int choose(ChCtx *c, ScChoice *out) {
    int fast = c->ncoupled > 0, cb = -1;
    int rb = ch_queue(c, "");
    if (rb >= 0 && fast)
        cb = ch_queue(c, "vm=cvode");
    if (rb >= 0)
        queue_uniform(c);
    ch_stage(c, "building the file's methods (the reference)");
    const ChKern *ref_k = rb < 0 || (fast && cb < 0) ? NULL : ch_wait(c, rb);
    if (!ref_k)
        return c->cut ? 0 : -1;
    c->canon = ref_k->d;
    ChRun run[NLADDER], crun[NLADDER];
    memset(run, 0, sizeof run), memset(crun, 0, sizeof crun);
    int use, cuse = 0, n = reference(c, ref_k, run, &use), rc = 0, ok = n > 0 && !run[use].failed;
    if (n > 0 && run[use].failed)
        snprintf(out->reason, sizeof out->reason, "the reference run fails (%.150s)", run[use].why);
    if (ok) {
        use_reference(c, ref_k, run, use, out);
        int cn = fast && !c->cut ? need_vm(c, cb, crun, &cuse, out) : 0;
        rc = cn < 0 ? -1 : 0;
        if (cn > 0 && crun[cuse].failed) {
            snprintf(out->reason, sizeof out->reason, "the coupled reference run fails (%.140s)",
                     crun[cuse].why);
            ok = 0;
        }
        if (c->vm[0])
            ch_drop_coupled(c);
        if (c->ncvode == 0 && rc == 0)
            snprintf(out->reason, sizeof out->reason, "the file leaves no other state to cvode");
    }
    if (rc == 0 && ok && !c->cut && c->ncvode > 0)
        rc = candidates(c, out);
    if (rc == 0 && ok && !c->cut)
        rc = markov_relax(c, out);
    for (int t = 0; t < NLADDER; t++)
        ch_free_run(&run[t]), ch_free_run(&crun[t]);
    ch_free_run(&c->env2);
    return rc;
}

/* The outcome's fields once the choice has ended (rc its status): cut, concluded, or the file's
 * methods (with the treatment of the states coupled to Vm where it is needed: c->vm). */
static void finish(const ChCtx *c, int rc, ScChoice *out) {
    snprintf(out->vm, sizeof out->vm, "%s", c->vm);
    if (c->cut) {
        out->cut = 1;
        snprintf(out->cut_stage, sizeof out->cut_stage, "%.95s", c->stage);
        snprintf(out->reason, sizeof out->reason, "the budget of %g units of work ran out", c->sp->budget);
        if (c->kept) /* in the Markov step: the set chosen before it passed every check */
            conclude(c->sp, out);
        else
            out->chosen = -1;
    } else if (rc == 0)
        conclude(c->sp, out);
    if (out->chosen < 0) {
        snprintf(out->overrides, sizeof out->overrides, "%s", c->vm);
        snprintf(out->label, sizeof out->label, "the file's methods%s (%.*s)", c->vm[0] ? ", Vm coupled" : "",
                 c->vm[0] ? 58 : 70, out->reason);
    }
}

/* The outcome's methods (out->overrides) run in single precision against the same in double over
 * the protocol, into out->single; not when the choice failed (rc) or the budget cut it (why says
 * so). Two one-cell runs of methods that passed (or the file's): the budget does not bind them. */
static void single_outcome(ChCtx *c, int rc, ScChoice *out) {
    const ScChooseSpec *sp = c->sp;
    ScSingleCheck *s = &out->single;
    s->err_pct = s->dapd_ms = NAN;
    for (int p = 0; p < 2; p++)
        s->ref_err_pct[p] = s->ref_dapd_ms[p] = NAN;
    s->dt = sp->dt;
    if (rc != 0 || c->cut) {
        snprintf(s->why, sizeof s->why, "%s",
                 rc ? "the automatic choice of methods failed"
                    : "the automatic choice stopped at its budget before checking "
                      "it (`starcarp methods FILE` finishes it)");
        return;
    }
    double need = c->need; /* what the choice needed, the check left out */
    c->budget = INFINITY; /* the check is made whatever budget is left: it decides no method */
    int b = build_of(c, out->overrides);
    const ChKern *k = b < 0 ? NULL : ch_wait(c, b);
    ChRun rd, rs;
    if (!k) {
        snprintf(s->why, sizeof s->why, "the kernels of the outcome could not be built");
        return;
    }
    ch_stage(c, "the outcome in single precision");
    ch_run_cell(c, k, 0, 0, 0, 0, sp->dt, 0, &rd);
    ch_run_cell(c, k, 1, 0, 0, 0, sp->dt, 0, &rs);
    c->need = need;
    char paced[96] = "unpaced";
    if (sp->nstim > 0)
        snprintf(paced, sizeof paced, "%ld stimul%s of %g uA/cm^2 every %g ms", sp->nstim,
                 sp->nstim == 1 ? "us" : "i", sp->stim_curr, sp->bcl);
    snprintf(s->basis, sizeof s->basis, "the automatic choice's protocol (%s, %g ms) on its CPU kernels",
             paced, sp->duration);
    if (rd.failed) {
        snprintf(s->why, sizeof s->why, "the double run fails (%.120s)", rd.why);
    } else if (rs.failed) {
        s->state = SC_SINGLE_FAILS;
        snprintf(s->why, sizeof s->why, "%.150s", rs.why);
    } else {
        s->state = SC_SINGLE_COMPLETES;
        s->err_pct = sc_trace_err_pct(rs.vm, rd.vm, rd.nsamp);
        double ad = sp->nstim > 0 ? sc_trace_apd90(rd.vm, rd.nsamp, rd.h) : -1;
        double as = ad > 0 ? sc_trace_apd90(rs.vm, rs.nsamp, rs.h) : -1;
        s->dapd_ms = ad > 0 ? (as > 0 ? as - ad : INFINITY) : 0;
        const ScCandidate *ch = out->chosen >= 0 ? &out->cand[out->chosen] : NULL;
        for (int p = 0; ch && p < 2; p++) /* against the tight reference: the choice's own check */
            s->ref_err_pct[p] = ch->err[p], s->ref_dapd_ms[p] = ch->dapd[p];
    }
    ch_free_run(&rd), ch_free_run(&rs);
}

int sc_choose_methods(const char *path, const ScChooseSpec *spec, ScChoice *out, char *err, size_t errlen) {
    ScChooseSpec sp = *spec;
    if (sp.tol_err <= 0)
        sp.tol_err = SC_CHOOSE_TOL_ERR;
    if (sp.tol_apd <= 0)
        sp.tol_apd = SC_CHOOSE_TOL_APD;
    if (sp.tol_state <= 0)
        sp.tol_state = 1;
    memset(out, 0, sizeof *out);
    out->chosen = -1, out->budget = sp.budget, out->dt_made = out->dt_asked = sp.dt, out->failed = sp.skip;
    snprintf(out->file.label, sizeof out->file.label, "the file's methods");
    for (int k = 0; k < 3; k++)
        out->file.lerr[k] = out->plain.lerr[k] = NAN;
    out->file.err[0] = out->file.err[1] = out->file.dapd[0] = out->file.dapd[1] = NAN;
    out->plain.err[0] = out->plain.err[1] = out->plain.dapd[0] = out->plain.dapd[1] = NAN;
    ChCtx *c = calloc(1, sizeof *c);
    int rc = c ? ch_begin(c, path, &sp, err, errlen) : -1;
    if (rc == 0 && (rc = ch_model_states(c, out)) == 0) {
        if (c->ncvode == 0 && c->ncoupled == 0 && c->nmarkov == 0)
            snprintf(out->reason, sizeof out->reason, "the file leaves no state to cvode");
        else
            rc = choose(c, out);
    }
    if (c) {
        finish(c, rc, out);
        single_outcome(c, rc, out);
        ch_end(c);
        out->seconds = sc_now_s() - c->t0, out->work = c->work, out->need = c->need;
    }
    free(c);
    return rc;
}

ScChooseSpec sc_choose_default_spec(void) {
    ScChooseSpec sp = {.dt = SC_DEFAULT_DT,
                       .stim_start = 1,
                       .stim_dur = 1,
                       .stim_curr = 60,
                       .bcl = 1000,
                       .duration = 1000,
                       .nstim = 1,
                       .verbose = 1,
                       .long_beats = 50,
                       .long_bcl = 500};
    return sp;
}

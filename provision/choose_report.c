/* choose_report.c: what the automatic choice of methods says while it works (a bar on a terminal,
 * plain lines otherwise, on stderr: the convention of drivers/cli/progress.c) and when it is done (a
 * summary of what was chosen and why, or that the budget cut it); the budget's setting. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "choose_int.h"
#include "util_int.h"

const char *const ch_uniform[5] = {"fe", "rush_larsen", "rk2", "rk4", "rosenbrock"};

/* The file's name as said in the lines (its last component). */
static const char *base(const char *path) { return strrchr(path, '/') ? strrchr(path, '/') + 1 : path; }

void ch_stage(ChCtx *c, const char *fmt, ...) {
    if (!c->sp->verbose)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->stage, sizeof c->stage, fmt, ap);
    va_end(ap);
    c->stage_t0 = sc_now_s();
    c->pct_shown = -1;
    if (c->tty)
        ch_progress(c, 0);
    else
        fprintf(stderr, "starcarp methods: %s: %s\n", base(c->path), c->stage);
}

void ch_progress(ChCtx *c, double frac) {
    if (!c->sp->verbose)
        return;
    int pc = (int)(100 * fmin(fmax(frac, 0), 1)), w = 10, fill = pc * w / 100;
    double now = sc_now_s();
    if (c->tty) { /* one line under 80 columns, rewritten */
        if (pc == c->pct_shown)
            return;
        fprintf(stderr, "\r\033[K%.14s: [%.*s%*s] %3d %% %-40.40s %5.1f s", base(c->path), fill, "##########",
                w - fill, "", pc, c->stage, now - c->t0);
    } else {
        /* every 10 %, for a stage that has taken a second already */
        if (pc / 10 == c->pct_shown / 10 || now - c->stage_t0 < 1)
            return;
        fprintf(stderr, "starcarp methods: %s: %s: %d %% (%.1f s)\n", base(c->path), c->stage, pc / 10 * 10,
                now - c->t0);
    }
    fflush(stderr);
    c->pct_shown = pc;
}

void ch_progress_end(ChCtx *c) {
    if (c->sp->verbose && c->tty)
        fprintf(stderr, "\r\033[K");
}

unsigned sc_choose_failed_before(const char *ov) {
    static const int place[5] = {0, 2, 3, 4, 11}; /* of ch_uniform in the order of candidates */
    if (ov && !strncmp(ov, "vm=", 3) && strchr(ov, ',')) /* the treatment of states coupled to Vm */
        ov = strchr(ov, ',') + 1;
    if (!ov || strncmp(ov, "cvode=", 6) != 0)
        return 0;
    const char *m = ov + 6, *comma = strchr(m, ',');
    size_t n = comma ? (size_t)(comma - m) : strlen(m);
    int kind = -1; /* the place of the set in the order of candidates (sc_choose.c) */
    if (!comma) {
        for (int k = 0; k < 5; k++)
            if (strlen(ch_uniform[k]) == n && !strncmp(m, ch_uniform[k], n))
                kind = place[k];
    } else if (n == 2 && !strncmp(m, "fe", 2)) { /* Euler with the stiff states apart */
        const char *eq = strrchr(ov, '=');
        kind = !strcmp(eq + 1, "rush_larsen")  ? 1
               : !strcmp(eq + 1, "rosenbrock") ? 5
               : !strcmp(eq + 1, "cvode")      ? 6
                                               : -1;
    }
    unsigned bits = 0;
    for (int k = 0; k < 5 && kind >= 0; k++)
        if (place[k] < kind)
            bits |= 1u << k;
    return bits;
}

int sc_choose_speed_any(char *err, size_t errlen) {
    const char *v = getenv("STARCARP_CHOOSE_SPEED");
    if (!v || !*v || !strcmp(v, "faster"))
        return 0;
    if (!strcmp(v, "any"))
        return 1;
    sc_set_err(err, errlen,
               "STARCARP_CHOOSE_SPEED='%s': expected 'faster' (a passing set replaces the file's methods "
               "only where it runs faster; the default) or 'any'",
               v);
    return -1;
}

double sc_choose_budget(char *err, size_t errlen) {
    const char *v = getenv("STARCARP_CHOOSE_BUDGET");
    if (!v || !*v)
        return SC_CHOOSE_BUDGET;
    if (!strcmp(v, "none") || !strcmp(v, "0"))
        return 0;
    char *end = NULL;
    double b = strtod(v, &end);
    if (end == v || *end || !(b > 0) || !isfinite(b)) {
        sc_set_err(err, errlen,
                   "STARCARP_CHOOSE_BUDGET='%s': expected the work the automatic choice of methods may do, "
                   "in units of %g operations (a positive number; default %g) or 'none' (0) for no limit",
                   v, SC_CHOOSE_WORK_UNIT, SC_CHOOSE_BUDGET);
        return -1;
    }
    return b;
}

/* What the choice c did about states coupled to Vm faster than dt, into buf ("" when none). */
static void vm_note(const ScChoice *c, char *buf, size_t n) {
    buf[0] = '\0';
    if (!c->fastvm[0])
        return;
    if (c->vm[0] && !isnan(c->plain.err[0]))
        snprintf(buf, n,
                 "; Vm advanced with %.80s (coupled to Vm faster than dt: %s; without it %.2g %% RMS, "
                 "APD90 %+.2g ms)",
                 c->fastvm, c->vm, c->plain.err[0], c->plain.dapd[0]);
    else if (c->vm[0])
        snprintf(buf, n, "; Vm advanced with %.80s (coupled to Vm faster than dt: %s; without it %.100s)",
                 c->fastvm, c->vm, c->plain.why[0] ? c->plain.why : "not checked");
    else
        snprintf(buf, n,
                 "; %.80s coupled to Vm faster than dt, but bench's splitting stays within the bars "
                 "(%.2g %% RMS)",
                 c->fastvm, c->plain.err[0]);
}

/* What the long check gave the chosen set ch, into buf ("" when it was not made). */
static void long_note(const ScCandidate *ch, char *buf, size_t n) {
    buf[0] = '\0';
    if (!isnan(ch->lerr[2]))
        snprintf(buf, n,
                 "; over many beats (against itself at dt/2) Vm within %.2g %%, states within %.2g %% (%s)",
                 ch->lerr[0], ch->lerr[2], ch->lstate);
}

void sc_choose_summary(FILE *f, const char *path, const ScChoice *c) {
    const char *how = c->from_cache ? "from the cache" : "";
    char when[96] = "", vm[400], lng[160];
    vm_note(c, vm, sizeof vm);
    if (!c->from_cache)
        snprintf(when, sizeof when, "in %.1f s", c->seconds);
    if (c->dt_made > 0 && c->dt_asked > 0 && fabs(c->dt_made - c->dt_asked) > 1e-12 * c->dt_made)
        snprintf(when + strlen(when), sizeof when - strlen(when), "%sat dt %g ms, which holds for dt %g ms",
                 *when ? ", " : "", c->dt_made, c->dt_asked);
    else
        snprintf(when + strlen(when), sizeof when - strlen(when), "%sat dt %g ms", *when ? ", " : "",
                 c->dt_made);
    if (c->cut) {
        fprintf(
            f,
            "starcarp: %s: %sthe automatic choice of methods stopped at its budget of %g units of work "
            "(STARCARP_CHOOSE_BUDGET; counted, not timed: every run of this command stops at the same point) "
            "during %s: the file's own methods%s%s are used (safe: the reference's methods at their default "
            "tolerances; slower). `starcarp methods %s` makes the whole choice and prints the budget it needs "
            "and its --methods\n",
            path, c->from_cache ? "(cached) " : "", c->budget, c->cut_stage, c->vm[0] ? " with " : "", c->vm,
            path);
    } else if (c->chosen >= 0) {
        const ScCandidate *ch = &c->cand[c->chosen];
        long_note(ch, lng, sizeof lng);
        fprintf(
            f,
            "starcarp: %s: methods chosen%s%s (%s): %s = --methods %s (--methods file keeps the file's): Vm "
            "within %.2g %% RMS, APD90 within %.2g ms of the file's methods at rtol %g, in double and single "
            "precision%s%s\n",
            path, *how ? " " : "", how, when, c->label, c->overrides, ch->err[0], fabs(ch->dapd[0]),
            c->ref_rtol, lng, vm);
    } else {
        fprintf(f, "starcarp: %s: the file's own methods are kept%s%s%s%s (%s): %s%s\n", path,
                c->vm[0] ? " with " : "", c->vm, *how ? " " : "", how, when,
                *c->reason ? c->reason : c->label, vm);
    }
}

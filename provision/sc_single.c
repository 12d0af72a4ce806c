/* sc_single.c: whether a model's single-precision kernels may run (sc_model_single_verdict,
 * starcarp.h; docs/verification.md, "Single precision"), judged from their check (ScSingleCheck:
 * models/precision.tsv for the library, the automatic choice of methods for a user's file) with
 * the bars of the automatic choice (sc_choose.h) against the same kernels in double. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "registry.h"
#include "sc_choose.h"
#include "starcarp.h"

/* "; against the reference: single E % RMS, APD90 D ms, double ..." into buf when the check
 * measured it, else "". */
static void against_reference(const ScSingleCheck *s, char *buf, size_t n) {
    buf[0] = '\0';
    if (isfinite(s->ref_err_pct[1]))
        snprintf(buf, n, "; against the reference: single %.3g %% RMS, APD90 %+.3g ms", s->ref_err_pct[1],
                 s->ref_dapd_ms[1]);
    size_t l = strlen(buf);
    if (l && isfinite(s->ref_err_pct[0]))
        snprintf(buf + l, n - l, ", double %.3g %%, %+.3g ms", s->ref_err_pct[0], s->ref_dapd_ms[0]);
}

ScSingleVerdict sc_model_single_verdict(const ScModelEntry *m, char *msg, size_t n) {
    const ScSingleCheck *s = m->single;
    msg[0] = '\0';
    if (!s || s->state == SC_SINGLE_UNCHECKED) {
        const char *why =
            s && s->why[0] ? s->why
            : registry_index(m) >= 0
                ? "models/precision.tsv has no row for its text and methods (scripts/precision-table.sh "
                  "measures it)"
                : "the check comes with the automatic choice of methods (--methods auto), not with "
                  "methods given";
        snprintf(msg, n, "the single-precision kernels of %s are not checked: %s", m->name, why);
        return SC_SINGLE_UNKNOWN;
    }
    if (s->state == SC_SINGLE_FAILS) {
        snprintf(msg, n, "single precision fails for %s: %s, one cell at dt %g ms over %s", m->name, s->why,
                 s->dt, s->basis);
        return SC_SINGLE_REFUSED;
    }
    int err_ok = s->err_pct <= SC_CHOOSE_TOL_ERR, apd_ok = fabs(s->dapd_ms) <= SC_CHOOSE_TOL_APD;
    if (err_ok && apd_ok)
        return SC_SINGLE_PASSES;
    char ref[160];
    against_reference(s, ref, sizeof ref);
    snprintf(
        msg, n,
        "single precision misses the accuracy bars for %s: Vm %.3g %% RMS from double (bar %g %%), APD90 "
        "%+.3g ms (bar %g ms)%s; one cell at dt %g ms over %s",
        m->name, s->err_pct, SC_CHOOSE_TOL_ERR, s->dapd_ms, SC_CHOOSE_TOL_APD, ref, s->dt, s->basis);
    return SC_SINGLE_WARNED;
}

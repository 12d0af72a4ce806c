/* sc_params.c: parameter sets that always take effect (starcarp.h: sc_model_params_finish,
 * sc_model_param_effect).
 *
 * A model file may give a parameter a default computed from others (ten Tusscher 2006:
 * g_Kr_total = g_Kr * sqrt(K_o / 5.4), and the current reads g_Kr_total). openCARP users scale
 * g_Kr and expect the current to follow, so such derived parameters are recomputed from the
 * others after the user's changes (ScModelDesc.param_derive), unless the user set them too. A
 * change that reaches no equation (a parameter that nothing reads, or that only feeds the default
 * of a parameter the user also set) is refused, naming what does read it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util_int.h"
#include "starcarp.h"

/* See util_int.h. */
int params_moved(const ScModelDesc *d, const double *values, const unsigned char *given, int k, int generic,
                 unsigned char *moved) {
    double *t = malloc(sizeof(double) * ((size_t)d->nparams * 2 + 1)), *base = t ? t + d->nparams : NULL;
    if (!t)
        return -1;
    memcpy(base, values, sizeof(double) * (size_t)d->nparams);
    for (int q = 0; q < d->nparams && generic; q++)
        base[q] = base[q] * 1.0625 + 0.03125;
    if (generic)
        d->param_derive(base, given);
    memcpy(t, base, sizeof(double) * (size_t)d->nparams);
    t[k] = base[k] != 0 ? base[k] * 1.25 + 0.125 : 1.0;
    d->param_derive(t, given);
    for (int q = 0; q < d->nparams; q++)
        moved[q] = (unsigned char)(q != k && !(t[q] == base[q])); /* NaN counts as moved */
    free(t);
    return 0;
}

/* See util_int.h. */
void sc_params_pinned(const ScModelDesc *d, const double *values, unsigned char *pinned) {
    double *t = malloc(sizeof(double) * ((size_t)d->nparams + 1));
    memset(pinned, 0, (size_t)d->nparams);
    if (!t)
        return;
    for (int more = 1; more;) {
        more = 0;
        memcpy(t, values, sizeof(double) * (size_t)d->nparams);
        d->param_derive(t, pinned);
        for (int k = 0; k < d->nparams && !more; k++)
            if (!pinned[k] && t[k] != values[k])
                pinned[k] = 1, more = 1;
    }
    free(t);
}

/* Does a change of parameter k in values (already derived with `given`) reach a parameter that an
 * equation reads: k itself, or a parameter computed from it (params_moved)? */
static int reaches_equation(const ScModelDesc *d, const double *values, const unsigned char *given, int k) {
    if (d->param_read[k])
        return 1;
    unsigned char *moved = malloc((size_t)d->nparams + 1);
    int hit = !moved || params_moved(d, values, given, k, 0, moved) != 0;
    for (int q = 0; q < d->nparams && !hit; q++)
        hit = moved[q] && d->param_read[q];
    free(moved);
    return hit;
}

/* See starcarp.h. */
int sc_model_param_effect(const ScModelEntry *m, const double *values, const unsigned char *given, int k,
                          char *err, size_t errlen) {
    const ScModelDesc *d = m->desc;
    if (k < 0 || k >= d->nparams) {
        sc_set_err(err, errlen, "no parameter %d (the model has %d)", k, d->nparams);
        return -1;
    }
    if (reaches_equation(d, values, given, k))
        return 0;
    /* what reads it: the parameters computed from it when nothing is given */
    unsigned char *moved = calloc((size_t)d->nparams + 1, 1);
    if (!moved || params_moved(d, values, NULL, k, 1, moved) != 0) {
        free(moved);
        return 0;
    }
    char readers[512] = "";
    size_t used = 0;
    int n = 0;
    for (int q = 0; q < d->nparams && used + 1 < sizeof readers; q++)
        if (moved[q]) {
            used += (size_t)snprintf(readers + used, sizeof readers - used, "%s%s", n ? ", " : "",
                                     d->param_names[q]);
            n++;
        }
    int pinned = 0; /* is one of the readers set by the user? */
    for (int q = 0; q < d->nparams && given; q++)
        pinned |= moved[q] && given[q] && q != k;
    free(moved);
    if (n && pinned)
        sc_set_err(err, errlen,
                   "%s has no effect: no equation of %s reads it; it only enters the default of %s, "
                   "which is set too (change that one, or drop it to let it follow %s)",
                   d->param_names[k], m->name, readers, d->param_names[k]);
    else if (n)
        sc_set_err(err, errlen,
                   "%s has no effect with these values: no equation of %s reads it; it only enters the "
                   "default of %s, which does not move with it here (a factor of it is 0: see "
                   "`starcarp models info %s`)",
                   d->param_names[k], m->name, readers, m->name);
    else
        sc_set_err(err, errlen, "%s has no effect: no equation of %s reads it (`starcarp models info %s`)",
                   d->param_names[k], m->name, m->name);
    return -1;
}

/* See starcarp.h. */
int sc_model_params_finish(const ScModelEntry *m, double *values, const unsigned char *given, FILE *echo,
                           char *err, size_t errlen) {
    const ScModelDesc *d = m->desc;
    size_t bytes = sizeof(double) * ((size_t)d->nparams + 1);
    double *before = malloc(bytes);
    if (!before) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    memcpy(before, values, bytes - sizeof(double));
    d->param_derive(values, given);
    int rc = 0;
    for (int k = 0; k < d->nparams && !rc; k++)
        if (given && given[k] && sc_model_param_effect(m, values, given, k, err, errlen) != 0)
            rc = -1;
    for (int k = 0; k < d->nparams && !rc; k++)
        if (!isfinite(values[k])) {
            sc_set_err(err, errlen, "%s = %g after the changes (computed from the others: check them)",
                       d->param_names[k], values[k]);
            rc = -1;
        }
    for (int k = 0; k < d->nparams && echo && !rc; k++)
        if (!(values[k] == before[k]))
            fprintf(echo, "%s follows -> %.10g\n", d->param_names[k], values[k]);
    if (rc)
        memcpy(values, before, bytes - sizeof(double));
    free(before);
    return rc;
}

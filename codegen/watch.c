/* watch.c: what a run watches its states for (sema_watch; docs/verification.md, "The watch").
 *
 * A time step too large for a state does not always end in NaN at once: a calcium store driven
 * below zero, or a gate pushed past 1, makes the run go on silently wrong for many beats first. The
 * kernels therefore check, after every step, the states for which physiology allows no such value,
 * and the run stops at the first cell-step that leaves them, naming the cell, the state and the
 * time. Which states, from what the model says (EasyML has no units):
 *   - a gate (alpha/beta or tau/inf pair: sema_class.c) must stay within [0, 1] (or within [0, x0] or
 *     [x0, 1] when the file starts it at x0 outside);
 *   - a concentration must stay at or above 0: a state whose initial value is positive (above
 *     1e-12: not a tracker starting at 0) and whose name is an ion's (Ca, Na, K, Cl, Mg: Ca_i, Cai,
 *     CaSR, Ca_ss, cansr, Na_i, nai, K_i, ki, ...);
 * each with a margin (1e-3 of the range for gates; 1e-3 of the initial value plus 1e-9 for
 * concentrations) that rounding and a converging method never cross; a state that is not finite
 * fails any bound. */
#include <ctype.h>
#include <string.h>

#include "sema_int.h"

/* Does name start like an ion's concentration: the ion, then the end, '_' or a lower-case letter
 * or digit (Ca_i, Cai, CaSR, Ca2, cansr, Na_i, nai, nass, K_i, ki, kss, Cl_i, cli, Mg)? */
static int ion_name(const char *n) {
    static const char *const ions[] = {"Ca", "ca", "Na", "na", "Cl", "cl", "Mg", "mg", "K", "k"};
    for (size_t k = 0; k < sizeof ions / sizeof *ions; k++) {
        size_t len = strlen(ions[k]);
        if (strncmp(n, ions[k], len) != 0)
            continue;
        char c = n[len];
        if (len == 1) /* K, k: only K_i, Ki, Ko, Kss, ki, ko, kss (not Kr, kfoo) */
            return c == '_' || c == 'i' || c == 'o' || (c == 's' && n[len + 1] == 's');
        if (c == '\0' || c == '_' || islower((unsigned char)c) || isdigit((unsigned char)c) ||
            (c == 'S' && n[len + 1] == 'R'))
            return 1;
    }
    return 0;
}

void sema_watch(Sema *s) {
    CgModel *m = s->m;
    for (int i = 0; i < m->nstates; i++) {
        CgState *st = &m->states[i];
        st->watch = CG_WATCH_NONE;
        if (st->gate != CG_GATE_NONE) {
            /* a gate the file starts outside [0, 1] (exports with shuffled initial values:
               winslow 1999's X_to1 = 2.63, tomek 2020's m_2 = -2.65) relaxes into it: its start
               widens its bounds, as no step can be blamed for it */
            double x0 = st->init_value;
            st->watch = CG_WATCH_UNIT;
            st->watch_lo = (x0 < 0 ? x0 : 0) - 1e-3, st->watch_hi = (x0 > 1 ? x0 : 1) + 1e-3;
        } else if (st->init_value > 1e-12 && ion_name(st->sym->name)) {
            st->watch = CG_WATCH_NONNEG;
            st->watch_lo = -(1e-3 * st->init_value + 1e-9), st->watch_hi = 1e300;
        }
    }
}

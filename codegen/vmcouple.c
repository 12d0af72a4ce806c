/* vmcouple.c: states coupled to Vm faster than the time step (docs/easyml-decisions.md, "States
 * coupled to Vm"), found before any run, and the treatment that advances Vm with them.
 *
 * Bench's splitting (easyml.md 6) advances the states with Vm frozen, then Vm explicitly with
 * Iion at the new states. A state x that exchanges charge with Vm on a time scale below dt (a
 * second membrane compartment, its potential driven by (x - Vm)/R) then follows Vm inside the
 * step without the charge ever coming off Vm. Detection: at two points (the initial state, and
 * the initial states with Vm depolarised), the Jacobian of (Vm, x) for each state x,
 *     J = [[a, b], [c, d]],  a = -dIion/dVm, b = -dIion/dx, c = d diff_x/dVm, d = d diff_x/dx,
 * by central differences of the model's own equations. Its eigenvalues give the fast mode
 * (lambda_f, the larger modulus) and the slow one; the spectral projector on the fast mode,
 * P = (J - lambda_s I)/(lambda_f - lambda_s), has diagonal entries that sum to 1 and do not depend
 * on the units of x: P_VV is the share of Vm in the fast mode, P_xx that of x. The splitting
 * freezes Vm during that mode, so it misplaces a fraction P_VV of the charge the mode moves. x is
 * flagged when 1/|lambda_f| < dt and both shares are at least SHARE_MIN (a mode of x alone, or of
 * Vm alone, is no coupling).
 *
 * Treatment (`--methods vm=cvode`, also markov_be or rosenbrock): a state Vc (the in-step copy of
 * Vm, named <Vm>_coupled) joins the flagged states, and the other states of their groups (all the
 * states of a flagged state's method where that method advances its states as one group: a Markov
 * chain, a cvode group), in one group of that method; every per-step
 * equation that reads Vm and that their derivatives or Iion need is cloned with Vm replaced by Vc
 * (`name_vc`); diff_Vc = -Iion_vc. The back ends start Vc at the step's Vm (emit_core.c), so the
 * group integrates Vm and the fast states together over the step, and Iion becomes the step's
 * mean current (Vm - Vc)/dt: the host's V -= dt*Iion then lands exactly on Vc. A call with dt = 0
 * (bench's first output row) returns the original Iion. */
#include <complex.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sema_int.h"

#define SHARE_MIN 0.05 /* least share of Vm and of x in the fast mode */

/* Iion and every state's derivative at (vm, x): f[0] = Iion, f[1 + i] = diff of state i
 * (syms holds those symbols in that order). */
static void point_eval(const CgModel *m, CgSym *const *syms, double vm, double dt, const double *x,
                       double *f) {
    SemaPoint at = {vm, dt, x};
    sema_eval_at(m, &at, syms, m->nstates + 1, f);
}

/* ---------------------------------------------------------------- detection */

/* The pair (Vm, state i) of J: fills the time constant of the fast mode and the shares of Vm
 * and of x in it. */
static void pair_modes(double a, double b, double c, double d, double *tau, double *pv, double *px) {
    double complex tr = a + d, det = a * d - b * c;
    double complex root = csqrt(tr * tr - 4 * det);
    double complex l1 = (tr + root) / 2, l2 = (tr - root) / 2;
    double complex lf = cabs(l1) >= cabs(l2) ? l1 : l2, ls = cabs(l1) >= cabs(l2) ? l2 : l1;
    *tau = cabs(lf) > 0 ? 1 / cabs(lf) : INFINITY;
    if (cabs(lf - ls) <= 1e-12 * cabs(lf)) { /* a double eigenvalue: no separate fast mode */
        *pv = *px = 0;
        return;
    }
    *pv = cabs((a - ls) / (lf - ls));
    *px = cabs((d - ls) / (lf - ls));
}

/* The initial state of every state (sema_model_eval_init's values). */
static void initial_states(const CgModel *m, double *x) {
    for (int i = 0; i < m->nstates; i++)
        x[i] = m->states[i].init_value;
}

/* m->fastvm at dt (see the head of the file). */
static void find_fast_vm(Arena *ar, CgModel *m, double dt) {
    m->fastvm_dt = dt;
    m->nfastvm = 0;
    int n = m->nstates - (m->vm_copy != NULL);
    if (n <= 0 || !m->iion)
        return;
    double *x = calloc((size_t)n, sizeof(double)), *fp = calloc((size_t)n + 1, sizeof(double)),
           *fm = calloc((size_t)n + 1, sizeof(double));
    CgSym **syms = ar_alloc(ar, ((size_t)n + 1) * sizeof(CgSym *));
    syms[0] = m->iion;
    for (int i = 0; i < n; i++)
        syms[1 + i] = m->states[i].diff;
    m->fastvm = ar_alloc(ar, (size_t)n * sizeof(CgFastVm));
    /* the points: the initial state, then the same states at a depolarised Vm (0 mV for a model
       in mV, whose rest is below -20; Vm_init + 1 for a dimensionless one) */
    double v0 = m->vm_init, vdep = v0 < -20 ? 0 : v0 + 1;
    double vms[2] = {v0, vdep};
    for (int k = 0; k < 2 && x && fp && fm; k++) {
        initial_states(m, x);
        double V = vms[k], hv = 1e-4 * fmax(1, fabs(V));
        point_eval(m, syms, V + hv, dt, x, fp);
        double *cv = calloc((size_t)n + 1, sizeof(double));
        point_eval(m, syms, V - hv, dt, x, fm);
        for (int i = 0; i <= n && cv; i++)
            cv[i] = (fp[i] - fm[i]) / (2 * hv); /* d/dVm of Iion and of each diff */
        for (int i = 0; i < n && cv; i++) {
            double xi = x[i], h = 1e-5 * fmax(fabs(xi), 1e-6);
            x[i] = xi + h;
            point_eval(m, syms, V, dt, x, fp);
            x[i] = xi - h;
            point_eval(m, syms, V, dt, x, fm);
            x[i] = xi;
            double a = -cv[0], b = -(fp[0] - fm[0]) / (2 * h), c = cv[1 + i],
                   d = (fp[1 + i] - fm[1 + i]) / (2 * h), tau, pv, px;
            pair_modes(a, b, c, d, &tau, &pv, &px);
            if (!(tau < dt && pv >= SHARE_MIN && px >= SHARE_MIN))
                continue;
            int j = 0;
            while (j < m->nfastvm && m->fastvm[j].state != i)
                j++;
            if (j == m->nfastvm)
                m->fastvm[m->nfastvm++] = (CgFastVm){i, tau, pv, V};
            else if (tau < m->fastvm[j].tau)
                m->fastvm[j] = (CgFastVm){i, tau, pv, V};
        }
        free(cv);
    }
    free(x), free(fp), free(fm);
}

/* "0.98 us" or "0.031 ms": a time constant for messages. */
static const char *tau_text(Arena *ar, double tau) {
    return tau < 0.1 ? ar_printf(ar, "%.3g us", tau * 1000) : ar_printf(ar, "%.3g ms", tau);
}

int sema_check_fast_vm(Arena *ar, Diag *dg, CgModel *m, double dt) {
    if (!m->vm_copy) /* with vm=M the coupled group is fixed: keep what it was made of */
        find_fast_vm(ar, m, dt);
    for (int j = 0; dg && !m->vm_copy && j < m->nfastvm; j++) {
        const CgFastVm *f = &m->fastvm[j];
        const CgState *st = &m->states[f->state];
        const Token *at = st->diff && st->diff->def_tok ? st->diff->def_tok : st->sym->tok;
        diag_warn_at(dg, at,
                     "state '%s' is coupled to Vm with a time constant of %s, below "
                     "dt = %g ms (Vm's share of that mode %.0f %%, at Vm = %g): bench's splitting "
                     "advances it with Vm frozen and misplaces the charge it exchanges with Vm; "
                     "advance them together with '--methods vm=cvode' (docs/verification.md)",
                     st->sym->name, tau_text(ar, f->tau), m->fastvm_dt, 100 * f->share, f->vm);
    }
    return m->nfastvm;
}

/* ---------------------------------------------------------------- the treatment */

typedef struct Couple {
    Sema *s;
    CgSym *vc; /* the in-step copy of Vm (a state) */
    CgSym **clone; /* by symbol id (of the symbols before the treatment) */
    char *vdep; /* by symbol id: reads Vm, directly or not */
    int nold;
} Couple;

static int reads_vdep(const Couple *c, const Expr *e) {
    if (e->kind == EX_VAR) {
        const CgSym *v = e->sym;
        return v && (v->kind == CG_VM || (v->id < c->nold && c->vdep[v->id]));
    }
    for (int i = 0; i < e->nargs; i++)
        if (reads_vdep(c, e->a[i]))
            return 1;
    return 0;
}

/* e with every read of Vm, or of a symbol that reads Vm, replaced by the clone's. */
static Expr *subst_clones(Couple *c, Expr *e) {
    if (e->kind == EX_VAR) {
        CgSym *v = e->sym, *to = NULL;
        if (v && v->kind == CG_VM)
            to = c->vc;
        else if (v && v->id < c->nold && c->clone[v->id])
            to = c->clone[v->id];
        if (!to) {
            if (v)
                v->flags &= ~(unsigned)CGF_LUT_DEAD; /* a clone reads it: compute it */
            return e;
        }
        return sema_ref(c->s->ar, to, e->tok);
    }
    Expr *kids[3] = {NULL, NULL, NULL};
    for (int i = 0; i < e->nargs; i++)
        kids[i] = subst_clones(c, e->a[i]);
    return ex_rebuild(c->s->ar, e, kids);
}

/* A new per-step equation `name` (unique) = def, live. */
static CgSym *new_eq(Sema *s, const char *name, Expr *def, const Token *tok, CgRole role) {
    CgSym *q = sema_synth(s, name, CG_INTERM, role);
    q->def = def;
    q->tok = tok;
    q->flags |= CGF_LIVE;
    return q;
}

/* Which of the first n states the treatment couples (with[i] = 1): the flagged ones (m->fastvm) and
 * the other states of their groups under the model's methods and overrides (a flagged state of a
 * Markov chain, or of a cvode group, takes the whole group along: coupling it alone would split the
 * group, whose states then advance with it frozen; clancy_rudy_2002's P_C1_2 alone in the coupled
 * group, out of its markov_be chain, made APD90 12.6 ms short, 2026-11-26). NULL when out of memory. */
static int *group_partners(Sema *s, int n) {
    const CgModel *m = s->m;
    int *with = calloc((size_t)n + 1, sizeof(int));
    CgMethod *me = calloc((size_t)n + 1, sizeof(CgMethod));
    if (!with || !me) {
        free(me);
        return with;
    }
    sema_state_methods(s, me);
    for (int j = 0; j < m->nfastvm; j++)
        with[m->fastvm[j].state] = 1;
    for (int j = 0; j < m->nfastvm; j++) {
        CgMethod g = me[m->fastvm[j].state];
        for (int i = 0; i < n && sema_shares_group(g); i++)
            with[i] |= me[i] == g && m->states[i].diff != NULL;
    }
    free(me);
    return with;
}

void sema_couple_vm(Sema *s, CgMethod method) {
    CgModel *m = s->m;
    if (m->nfastvm == 0) {
        diag_warn_at(s->dg, m->vm->tok,
                     "'--methods vm=%s': no state is coupled to Vm faster than "
                     "dt = %g ms, so Vm is not coupled to any",
                     sema_method_name(method), m->fastvm_dt);
        return;
    }
    if (!m->dt)
        diag_error_at(s->dg, m->vm->tok,
                      "'--methods vm=%s' needs the built-in time step 'dt', "
                      "which this model's state of that name hides",
                      sema_method_name(method));
    Couple c = {s, NULL, NULL, NULL, m->nsyms};
    c.clone = ar_alloc(s->ar, (size_t)c.nold * sizeof(CgSym *));
    c.vdep = ar_alloc(s->ar, (size_t)c.nold);
    /* the in-step copy of Vm: a state that starts at Vm_init */
    c.vc = sema_synth(s, ar_printf(s->ar, "%s_coupled", m->vm->name), CG_STATE, CG_ROLE_NONE);
    c.vc->tok = m->vm->tok;
    c.vc->flags |= CGF_LIVE;
    CgState st = {0};
    st.sym = c.vc;
    st.init_kind = CG_INIT_GIVEN;
    st.init = m->vm_init_expr ? m->vm_init_expr : ex_num(s->ar, m->vm_init);
    st.init_value = m->vm_init;
    st.vm_coupled = 1;
    st.method = method;
    c.vc->state = m->nstates;
    int cap = m->nstates;
    sema_push(s->ar, &m->states, &m->nstates, &cap, &st, sizeof st);
    m->vm_copy = c.vc;
    /* clones of the per-step equations that read Vm, each right after its original */
    CgSym **eqs = NULL;
    int neqs = 0, capq = 0;
    for (int i = 0; i < m->neqs; i++) {
        CgSym *q = m->eqs[i];
        sema_push(s->ar, &eqs, &neqs, &capq, &q, sizeof q);
        if (!q->def || !reads_vdep(&c, q->def))
            continue;
        c.vdep[q->id] = 1;
        CgSym *k =
            new_eq(s, ar_printf(s->ar, "%s_vc", q->name), subst_clones(&c, q->def), q->tok, CG_ROLE_NONE);
        c.clone[q->id] = k;
        sema_push(s->ar, &eqs, &neqs, &capq, &k, sizeof k);
    }
    /* diff of the copy: the ionic current at the copy (the stimulus is applied before the step) */
    CgSym *iion_c = c.clone[m->iion->id];
    Expr *rd = ex_var(s->ar, iion_c ? iion_c->name : m->iion->name);
    rd->sym = iion_c ? iion_c : m->iion;
    CgSym *dvc = new_eq(s, ar_printf(s->ar, "diff_%s", c.vc->name), ex_unary(s->ar, EX_NEG, rd), m->iion->tok,
                        CG_ROLE_DIFF);
    dvc->of = c.vc;
    sema_push(s->ar, &eqs, &neqs, &capq, &dvc, sizeof dvc);
    m->states[c.vc->state].diff = dvc;
    /* the flagged states and their groups' partners: derivatives at the copy, in the coupled group */
    int *with = group_partners(s, c.vc->state);
    for (int i = 0; with && i < c.vc->state; i++) {
        if (!with[i])
            continue;
        CgState *x = &m->states[i];
        CgSym *cd = x->diff->id < c.nold ? c.clone[x->diff->id] : NULL;
        if (cd) {
            cd->role = CG_ROLE_DIFF;
            cd->of = x->sym;
            x->diff = cd;
        }
        x->vm_coupled = 1;
        x->method = method;
    }
    free(with);
    /* Iion: the step's mean current (Vm - Vc)/dt, so that V -= dt*Iion gives Vc; at dt = 0 the
       original current */
    Expr *V = ex_var(s->ar, m->vm->name), *Vc = ex_var(s->ar, c.vc->name), *dt = ex_var(s->ar, m->dt->name);
    V->sym = m->vm, Vc->sym = c.vc, dt->sym = m->dt;
    Expr *mean = ex_binary(s->ar, EX_DIV, ex_binary(s->ar, EX_SUB, V, Vc), dt);
    m->iion->def = ex_cond(s->ar, ex_binary(s->ar, EX_GT, dt, ex_num(s->ar, 0)), mean, m->iion->def);
    m->eqs = eqs;
    m->neqs = neqs;
}

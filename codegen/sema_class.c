/* sema_class.c: semantic analysis, part 2: what every name is (externals, states, gates,
 * parameters, stores, initial values, flag values) and the resolution of every name read.
 * The rules are those of easyml.md section 3; decisions of ours are in docs/easyml-decisions.md. */
#include <stdlib.h>
#include <string.h>

#include "sema_int.h"

/* ---------------------------------------------------------------- externals */

static void classify_externals(Sema *s) {
    CgModel *m = s->m;
    int cap = 0;
    for (int i = 0; i < m->nsyms; i++) {
        CgSym *sym = m->syms[i];
        if (!sym->ext)
            continue;
        const Token *at = sym->mk_external ? sym->mk_external->tok : sym->tok;
        if (sym->kind == CG_BUILTIN)
            diag_error_at(s->dg, at, "'%s' is a builtin and cannot be an external", sym->name);
        if (strcmp(sym->ext, "Vm") == 0) {
            if (m->vm)
                diag_error_at(s->dg, at, "'%s' is bound to Vm, but '%s' already is", sym->name, m->vm->name);
            sym->kind = CG_VM;
            m->vm = sym;
        } else if (strcmp(sym->ext, "Iion") == 0) {
            if (m->iion)
                diag_error_at(s->dg, at, "'%s' is bound to Iion, but '%s' already is", sym->name,
                              m->iion->name);
            sym->kind = CG_IION;
            m->iion = sym;
        } else {
            for (int k = 0; k < m->nexternals; k++)
                if (strcmp(m->externals[k]->ext, sym->ext) == 0)
                    diag_error_at(s->dg, at, "'%s' is bound to external %s, but '%s' already is", sym->name,
                                  sym->ext, m->externals[k]->name);
            sym->kind = CG_EXTERNAL;
            sema_push(s->ar, &m->externals, &m->nexternals, &cap, &sym, sizeof sym);
        }
        if (sym->flags & CGF_PARAMMARK)
            diag_error_at(s->dg, at, "'%s' is an external and cannot be a parameter", sym->name);
    }
    if (!m->iion) {
        CgSym *iion = sema_find(s, "Iion");
        if (iion && iion->kind == CG_UNKNOWN) {
            iion->kind = CG_IION;
            iion->ext = "Iion";
            m->iion = iion;
        }
    }
    if (!m->vm)
        diag_error_at(s->dg, s->first_tok,
                      "no membrane potential: bind a name to it with '.external(Vm)', "
                      "e.g. 'V; .external(Vm); .nodal();'");
    if (m->vm->def)
        diag_error_at(s->dg, m->vm->def_tok,
                      "cannot assign to '%s': it is the membrane potential (external Vm), "
                      "which the host integrates",
                      m->vm->name);
    if (!m->iion || !m->iion->def)
        diag_error_at(s->dg, m->iion ? m->iion->tok : s->first_tok,
                      "the model does not define Iion (the ionic current)");
}

/* ---------------------------------------------------------------- states and gates */

/* X when name is diff_X or d_X_dt (X non-empty), else NULL. */
static const char *diff_target(Arena *ar, const char *name) {
    size_t n = strlen(name);
    if (n > 5 && strncmp(name, "diff_", 5) == 0)
        return name + 5;
    if (n > 5 && strncmp(name, "d_", 2) == 0 && strcmp(name + n - 3, "_dt") == 0)
        return ar_strndup(ar, name + 2, n - 5);
    return NULL;
}

/* The defined symbol named prefix+x+suffix, or NULL. */
static CgSym *defined(Sema *s, const char *prefix, const char *x, const char *suffix) {
    CgSym *sym = sema_find(s, ar_printf(s->ar, "%s%s%s", prefix, x, suffix));
    return sym && sym->def ? sym : NULL;
}

/* Does the token come from the legacy form sv->X (the parser reads it as X)? */
static int from_legacy_sv(const Token *tok) {
    if (!tok || !tok->file)
        return 0;
    const char *p = tok->loc;
    while (p > tok->file->text && (p[-1] == ' ' || p[-1] == '\t'))
        p--;
    return p - tok->file->text >= 2 && p[-1] == '>' && p[-2] == '-';
}

/* Can sym become a state (it is not a builtin, external, parameter or store)? */
static int may_be_state(const CgSym *sym) {
    return sym->kind == CG_UNKNOWN && !(sym->flags & (CGF_PARAMMARK | CGF_STOREMARK));
}

static CgState *new_state(Sema *s, CgSym *x, int *cap) {
    CgState st = {0};
    st.sym = x;
    x->kind = CG_STATE;
    x->state = s->m->nstates;
    sema_push(s->ar, &s->m->states, &s->m->nstates, cap, &st, sizeof st);
    return &s->m->states[s->m->nstates - 1];
}

/* The complete gate pairs of x: fills pa/pb (up to 5 pairs) and returns how many there are. */
static int gate_pairs(Sema *s, const char *x, CgSym **pa, CgSym **pb, CgGateKind *kind) {
    static const char *ap[] = {"alpha_", "a_"}, *bp[] = {"beta_", "b_"};
    int n = 0;
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            CgSym *a = defined(s, ap[i], x, ""), *b = defined(s, bp[j], x, "");
            if (a && b) {
                pa[n] = a, pb[n] = b, kind[n] = CG_GATE_AB;
                n++;
            }
        }
    CgSym *tau = defined(s, "tau_", x, ""), *inf = defined(s, "", x, "_inf");
    if (tau && inf) {
        pa[n] = tau, pb[n] = inf, kind[n] = CG_GATE_TAUINF;
        n++;
    }
    return n;
}

/* The gate candidate a coefficient's name points at (alpha_X -> X ...), or NULL. */
static const char *gate_target(Arena *ar, const char *name) {
    static const char *pre[] = {"alpha_", "beta_", "tau_", "a_", "b_"};
    for (int i = 0; i < 5; i++) {
        size_t k = strlen(pre[i]);
        if (strncmp(name, pre[i], k) == 0 && name[k])
            return name + k;
    }
    size_t n = strlen(name);
    if (n > 4 && strcmp(name + n - 4, "_inf") == 0)
        return ar_strndup(ar, name, n - 4);
    return NULL;
}

/* Derive diff_X of a gate: (X_inf - X)/tau_X, or alpha_X*(1 - X) - beta_X*X. The symbol diff_X
 * is reused when the source reads it (it cannot define it). */
static void derive_gate_diff(Sema *s, CgState *st) {
    Arena *ar = s->ar;
    CgSym *x = st->sym;
    Expr *X = ex_var(ar, x->name), *a = ex_var(ar, st->ga->name), *b = ex_var(ar, st->gb->name);
    Expr *d;
    if (st->gate == CG_GATE_TAUINF) {
        d = ex_binary(ar, EX_DIV, ex_binary(ar, EX_SUB, b, X), a);
        st->rl_inf = b;
        st->rl_tau = a;
    } else {
        d = ex_binary(ar, EX_SUB, ex_binary(ar, EX_MUL, a, ex_binary(ar, EX_SUB, ex_num(ar, 1), X)),
                      ex_binary(ar, EX_MUL, b, X));
        Expr *sum = ex_binary(ar, EX_ADD, a, b);
        st->rl_inf = ex_binary(ar, EX_DIV, a, sum);
        st->rl_tau = ex_binary(ar, EX_DIV, ex_num(ar, 1), sum);
    }
    const char *dn = ar_printf(ar, "diff_%s", x->name);
    CgSym *diff = sema_find(s, dn);
    if (!diff || diff->kind != CG_UNKNOWN || diff->def)
        diff = sema_synth(s, dn, CG_UNKNOWN, CG_ROLE_DIFF);
    diff->role = CG_ROLE_DIFF;
    diff->flags |= CGF_SYNTH;
    diff->of = x;
    diff->def = d;
    diff->tok = st->ga->tok;
    st->diff = diff;
}

/* States: X with diff_X or d_X_dt defined, X gates (easyml.md 3), X read as sv->X only. */
static void classify_states(Sema *s) {
    CgModel *m = s->m;
    int cap = 0;
    int nsyms = m->nsyms;
    for (int i = 0; i < nsyms; i++) { /* states by derivative */
        CgSym *d = m->syms[i];
        const char *xn = d->def ? diff_target(s->ar, d->name) : NULL;
        if (!xn || d->kind != CG_UNKNOWN)
            continue;
        CgSym *x = sema_intern(s, xn);
        if (x == m->vm)
            diag_error_at(s->dg, d->def_tok,
                          "'%s' is the membrane potential (external Vm), "
                          "which the host integrates: it cannot have a derivative '%s'",
                          x->name, d->name);
        if (x->kind == CG_STATE)
            diag_error_at(s->dg, d->def_tok, "state '%s' already has a derivative ('%s')", x->name,
                          m->states[x->state].diff->name);
        if (!may_be_state(x))
            diag_error_at(s->dg, d->def_tok, "'%s' defines a derivative of '%s', which is %s", d->name,
                          x->name,
                          x->flags & CGF_STOREMARK   ? "a .store() value"
                          : x->flags & CGF_PARAMMARK ? "a parameter"
                                                     : "an external");
        if (x->def)
            diag_error_at(s->dg, x->def_tok,
                          "'%s' is a state (its derivative '%s' is defined) "
                          "and cannot be assigned",
                          x->name, d->name);
        CgState *st = new_state(s, x, &cap);
        st->diff = d;
        d->role = CG_ROLE_DIFF;
        d->of = x;
    }
    for (int i = 0; i < nsyms; i++) { /* gates */
        CgSym *c = m->syms[i];
        const char *xn = c->def ? gate_target(s->ar, c->name) : NULL;
        CgSym *x = xn ? sema_find(s, xn) : NULL;
        if (!x || !(x->flags & CGF_USED) || x->mark || x == m->vm || x == m->iion)
            continue;
        x->mark = 1;
        CgSym *pa[5], *pb[5];
        CgGateKind kind[5];
        int n = gate_pairs(s, xn, pa, pb, kind);
        if (n == 0 || (!may_be_state(x) && x->kind != CG_STATE))
            continue;
        if (n > 1 && x->kind != CG_STATE && !x->def)
            diag_error_at(s->dg, pa[1]->def_tok,
                          "ambiguous gate '%s': '%s' and '%s' define it, "
                          "and so do '%s' and '%s'",
                          xn, pa[0]->name, pb[0]->name, pa[1]->name, pb[1]->name);
        if (n > 1)
            continue;
        if (x->kind == CG_STATE)
            diag_error_at(s->dg, m->states[x->state].diff->def_tok,
                          "'%s' is written for '%s', which is a gate ('%s' and '%s' define it): "
                          "the compiler derives its derivative",
                          m->states[x->state].diff->name, xn, pa[0]->name, pb[0]->name);
        if (x->def)
            diag_error_at(s->dg, x->def_tok, "'%s' is assigned, but '%s' and '%s' make it a gate", xn,
                          pa[0]->name, pb[0]->name);
        CgState *st = new_state(s, x, &cap);
        st->gate = kind[0];
        st->ga = pa[0];
        st->gb = pb[0];
        pa[0]->role = kind[0] == CG_GATE_AB ? CG_ROLE_ALPHA : CG_ROLE_TAU;
        pb[0]->role = kind[0] == CG_GATE_AB ? CG_ROLE_BETA : CG_ROLE_INF;
        pa[0]->of = pb[0]->of = x;
        m->ngates++;
        derive_gate_diff(s, st);
    }
    for (int i = 0; i < m->nsyms; i++) { /* sv->X of an otherwise undefined X */
        CgSym *x = m->syms[i];
        x->mark = 0;
        if (x->kind != CG_UNKNOWN || x->def || !from_legacy_sv(x->use_tok) || !may_be_state(x))
            continue;
        CgState *st = new_state(s, x, &cap);
        CgSym *d = sema_synth(s, ar_printf(s->ar, "diff_%s", x->name), CG_UNKNOWN, CG_ROLE_DIFF);
        d->def = ex_num(s->ar, 0);
        d->of = x;
        d->tok = x->use_tok;
        st->diff = d;
        diag_warn_at(s->dg, x->use_tok,
                     "'sv->%s' reads state '%s', which has no derivative: "
                     "it keeps its initial value",
                     x->name, x->name);
    }
}

/* ---------------------------------------------------------------- params, stores, inits */

static void classify_params(Sema *s) {
    CgModel *m = s->m;
    int cap = 0, capst = 0;
    for (int i = 0; i < m->nsyms; i++) {
        CgSym *p = m->syms[i];
        if (p->flags & CGF_STOREMARK) {
            if (p->kind != CG_UNKNOWN)
                diag_error_at(s->dg, p->tok, "'%s' is a %s and cannot be a .store() value", p->name,
                              sema_kind_name(p->kind));
            p->kind = CG_STORE;
            sema_push(s->ar, &m->stores, &m->nstores, &capst, &p, sizeof p);
        }
        if (!(p->flags & CGF_PARAMMARK))
            continue;
        if (p->kind != CG_UNKNOWN)
            diag_error_at(s->dg, p->tok, "'%s' is a %s and cannot be a parameter", p->name,
                          sema_kind_name(p->kind));
        if (!p->def)
            diag_error_at(s->dg, p->tok, "parameter '%s' has no value (give it one: '%s = ...;')", p->name,
                          p->name);
        p->kind = CG_PARAM;
        sema_push(s->ar, &m->params, &m->nparams, &cap, &p, sizeof p);
    }
    /* parameters in order of definition */
    for (int i = 1; i < m->nparams; i++)
        for (int j = i; j > 0 && m->params[j - 1]->defseq > m->params[j]->defseq; j--) {
            CgSym *t = m->params[j];
            m->params[j] = m->params[j - 1];
            m->params[j - 1] = t;
        }
    for (int i = 0; i < m->nsyms; i++) { /* .flag(A, B, ...) values */
        CgSym *p = m->syms[i];
        if (!p->mk_flag)
            continue;
        if (p->kind != CG_PARAM)
            diag_error_at(s->dg, p->mk_flag->tok, ".flag() applies to parameters; '%s' is not one", p->name);
        p->nflagvals = p->mk_flag->nargs;
        p->flagvals = ar_alloc(s->ar, (size_t)p->nflagvals * sizeof(char *));
        for (int k = 0; k < p->nflagvals; k++) {
            const MarkupArg *a = &p->mk_flag->args[k];
            CgSym *v = sema_intern(s, a->text);
            p->flagvals[k] = v->name;
            if (v->role == CG_ROLE_FLAGVAL && v->value == k)
                continue;
            if (v->kind != CG_UNKNOWN || v->def || v->flags & CGF_DECLARED)
                diag_error_at(
                    s->dg, a->tok ? a->tok : p->mk_flag->tok, "flag value '%s' is already %s", v->name,
                    v->role == CG_ROLE_FLAGVAL ? "a flag value with another index" : "a name of the model");
            v->kind = CG_CONST;
            v->role = CG_ROLE_FLAGVAL;
            v->value = k;
            v->of = p;
            v->def = ex_num(s->ar, k);
            v->tok = a->tok;
        }
    }
}

/* X_init of a state gives its initial value; <Vm local>_init (or Vm_init, V_init when those are
 * not states) gives the initial Vm. */
static void classify_inits(Sema *s) {
    CgModel *m = s->m;
    CgSym *vm_init = NULL;
    for (int i = 0; i < m->nsyms; i++) {
        CgSym *in = m->syms[i];
        size_t n = strlen(in->name);
        if (!in->def || n <= 5 || strcmp(in->name + n - 5, "_init") != 0 ||
            (in->kind != CG_UNKNOWN && in->kind != CG_PARAM))
            continue;
        CgSym *x = sema_find(s, ar_strndup(s->ar, in->name, n - 5));
        if (x && x->kind == CG_STATE) {
            in->role = CG_ROLE_INIT;
            in->of = x;
            m->states[x->state].init = in->def;
            m->states[x->state].init_kind = CG_INIT_GIVEN;
        } else if (x == m->vm) {
            vm_init = in;
        }
    }
    if (!vm_init) {
        static const char *alt[] = {"Vm_init", "V_init"};
        for (int k = 0; k < 2 && !vm_init; k++) {
            CgSym *in = sema_find(s, alt[k]);
            if (in && in->def && in->role == CG_ROLE_NONE && (in->kind == CG_UNKNOWN || in->kind == CG_PARAM))
                vm_init = in;
        }
    }
    if (vm_init) {
        vm_init->role = CG_ROLE_INIT;
        vm_init->of = m->vm;
        m->vm_init_expr = vm_init->def;
    } else {
        diag_warn_at(s->dg, m->vm->tok,
                     "no initial value for the membrane potential '%s' "
                     "(define %s_init): 0 is used",
                     m->vm->name, m->vm->name);
    }
    for (int i = 0; i < m->nstates; i++)
        if (!m->states[i].init && m->states[i].gate == CG_GATE_NONE)
            m->states[i].init_kind = CG_INIT_ZERO;
        else if (!m->states[i].init)
            m->states[i].init_kind = CG_INIT_STEADY;
}

/* Markups that only make sense on states (.method, .lb, .ub). */
static void check_state_markups(Sema *s) {
    for (int i = 0; i < s->m->nsyms; i++) {
        CgSym *sym = s->m->syms[i];
        const Markup *mk = sym->mk_method ? sym->mk_method : sym->mk_lb ? sym->mk_lb : sym->mk_ub;
        if (mk && sym->kind != CG_STATE)
            diag_error_at(s->dg, mk->tok, ".%s() applies to state variables; '%s' is %s", mk->name, sym->name,
                          sym->kind == CG_UNKNOWN
                              ? "not a state"
                              : ar_printf(s->ar, "a%s %s",
                                          sym->kind == CG_EXTERNAL || sym->kind == CG_INTERM ? "n" : "",
                                          sema_kind_name(sym->kind)));
    }
}

/* A built-in (t: the simulation time, dt: the time step) that the model also defines as its own
 * variable is refused at that definition, with how to rename it (docs/easyml-decisions.md): a
 * declaration of it, X_init, diff_X or d_X_dt (a state), alpha_X with beta_X, a_X with b_X, or
 * tau_X with X_inf (a gate). (An assignment to it is refused when it is collected.) Read silently
 * as the built-in, such a model would compute something else than its author wrote. */
static void check_builtins(Sema *s) {
    CgSym *const builtins[] = {s->m->t, s->m->dt};
    for (int i = 0; i < 2; i++) {
        const CgSym *b = builtins[i];
        const char *x = b->name, *as = NULL;
        const CgSym *by = NULL;
        if (b->flags & CGF_DECLARED)
            by = b, as = "a name declared by the model";
        else if ((by = defined(s, "", x, "_init")))
            as = "a state (this is its initial value)";
        else if ((by = defined(s, "diff_", x, "")) || (by = defined(s, "d_", x, "_dt")))
            as = "a state (this is its derivative)";
        else if (((by = defined(s, "alpha_", x, "")) && defined(s, "beta_", x, "")) ||
                 ((by = defined(s, "a_", x, "")) && defined(s, "b_", x, "")) ||
                 ((by = defined(s, "tau_", x, "")) && defined(s, "", x, "_inf")))
            as = "a gate (this is one of its coefficients)";
        else
            by = NULL;
        if (by)
            diag_error_at(s->dg, by->def_tok ? by->def_tok : by->tok,
                          "'%s' is %s, a built-in of the language, but '%s' makes it %s: rename the "
                          "model's '%s' everywhere it means the model's variable (for example '%s_m', "
                          "'%s_m_init', 'alpha_%s_m')",
                          x, i == 0 ? "the simulation time" : "the time step", by->name, as, x, x, x, x);
    }
}

void sema_classify(Sema *s) {
    check_builtins(s);
    classify_externals(s);
    classify_states(s);
    classify_params(s);
    classify_inits(s);
    check_state_markups(s);
    CgModel *m = s->m;
    for (int i = 0; i < m->nsyms; i++) {
        CgSym *sym = m->syms[i];
        if (sym->kind == CG_EXTERNAL && (sym->flags & CGF_NODAL) == 0)
            sym->flags |= CGF_NODAL;
        if (sym->kind != CG_UNKNOWN)
            continue;
        if (sym->def) {
            sym->kind = CG_INTERM; /* constants are found by sema_order */
            continue;
        }
        if (sym->flags & CGF_USED)
            diag_error_at(s->dg, sym->use_tok, "unknown name '%s'", sym->name);
        if (sym->flags & CGF_TRACE)
            diag_error_at(s->dg, sym->tok, "cannot trace '%s': it is never defined", sym->name);
        if (sym->mk_lookup)
            diag_error_at(s->dg, sym->mk_lookup->tok,
                          "lookup table on '%s', which is never "
                          "defined",
                          sym->name);
        diag_warn_at(s->dg, sym->tok, "'%s' is declared but never defined or used", sym->name);
        sym->kind = CG_INTERM;
    }
}

/* ---------------------------------------------------------------- resolution */

Expr *sema_resolve_expr(Sema *s, Expr *e) {
    if (!e)
        return e;
    if (e->kind == EX_VAR) {
        if (!e->sym) {
            CgSym *sym = sema_find(s, e->name);
            if (!sym)
                diag_error_at(s->dg, e->tok, "unknown name '%s'", e->name);
            e->sym = sym;
        }
        return e;
    }
    for (int i = 0; i < e->nargs; i++)
        sema_resolve_expr(s, e->a[i]);
    return e;
}

void sema_resolve(Sema *s) {
    CgModel *m = s->m;
    for (int i = 0; i < m->nsyms; i++)
        sema_resolve_expr(s, m->syms[i]->def);
    for (int i = 0; i < m->nstates; i++) {
        sema_resolve_expr(s, m->states[i].rl_inf);
        sema_resolve_expr(s, m->states[i].rl_tau);
    }
}

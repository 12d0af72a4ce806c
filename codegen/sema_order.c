/* sema_order.c: semantic analysis, part 3: dependency order and cycles, constants (hoisting and
 * their default values), division by a constant zero, dead-code removal, initial values, unused
 * names. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "sema_int.h"

/* Is sym's value computed from its definition (so that readers depend on that definition)?
 * States, Vm, read externals, builtins and stores are inputs of a step: reading them breaks
 * dependency cycles. */
static int computed(const CgSym *sym) {
    switch (sym->kind) {
        case CG_INTERM:
        case CG_CONST:
        case CG_PARAM:
        case CG_IION:
            return 1;
        case CG_EXTERNAL:
            return sym->def != NULL;
        default:
            return 0;
    }
}

int sema_is_constexpr(const Expr *e) {
    if (e->kind == EX_VAR) {
        const CgSym *v = e->sym;
        return v && (v->kind == CG_PARAM || v->kind == CG_CONST);
    }
    for (int i = 0; i < e->nargs; i++)
        if (!sema_is_constexpr(e->a[i]))
            return 0;
    return 1;
}

static double value_of(void *ctx, const Expr *var) {
    (void)ctx;
    const CgSym *v = var->sym;
    return v ? v->value : NAN;
}

double sema_eval_const(const Expr *e) { return ex_eval(e, value_of, NULL); }

/* The first name read by e that is not a parameter or constant (for messages), or NULL. */
static const CgSym *first_nonconst(const Expr *e) {
    if (e->kind == EX_VAR)
        return sema_is_constexpr(e) ? NULL : e->sym;
    for (int i = 0; i < e->nargs; i++) {
        const CgSym *v = first_nonconst(e->a[i]);
        if (v)
            return v;
    }
    return NULL;
}

/* ---------------------------------------------------------------- ordering */

typedef struct Topo {
    Sema *s;
    CgSym **stack; /* the DFS path, for naming a cycle */
    int depth;
    CgSym **order; /* post-order: every computed symbol after what it reads */
    int n, cap;
} Topo;

static void visit(Topo *tp, CgSym *sym);

/* Visit the computed symbols read by e. */
static void visit_expr(Topo *tp, const Expr *e) {
    if (e->kind == EX_VAR) {
        CgSym *v = e->sym;
        if (!computed(v))
            return;
        if (v->mark == 1) { /* on the path: a cycle from v back to v */
            int k = tp->depth - 1;
            while (k > 0 && tp->stack[k] != v)
                k--;
            char *msg = ar_strdup(tp->s->ar, v->name);
            for (int j = k + 1; j < tp->depth; j++)
                msg = ar_printf(tp->s->ar, "%s -> %s", msg, tp->stack[j]->name);
            msg = ar_printf(tp->s->ar, "%s -> %s", msg, v->name);
            diag_error_at(tp->s->dg, v->def_tok ? v->def_tok : v->tok, "cycle in definitions: %s", msg);
        }
        if (v->mark == 0)
            visit(tp, v);
        return;
    }
    for (int i = 0; i < e->nargs; i++)
        visit_expr(tp, e->a[i]);
}

/* Depth-first visit of sym's definition; appends sym to the order once what it reads is there,
 * and decides whether an intermediate is a constant. */
static void visit(Topo *tp, CgSym *sym) {
    sym->mark = 1;
    tp->stack[tp->depth++] = sym;
    if (sym->def)
        visit_expr(tp, sym->def);
    tp->depth--;
    sym->mark = 2;
    if (sym->kind == CG_INTERM && sym->def && sema_is_constexpr(sym->def))
        sym->kind = CG_CONST;
    if (sym->kind == CG_PARAM && !sema_is_constexpr(sym->def))
        diag_error_at(tp->s->dg, sym->def_tok,
                      "the value of parameter '%s' must depend only on "
                      "literals and parameters (it reads '%s')",
                      sym->name, first_nonconst(sym->def)->name);
    if (computed(sym))
        sema_push(tp->s->ar, &tp->order, &tp->n, &tp->cap, &sym, sizeof sym);
}

/* All symbols in order of definition (first definition in the source, then the rest). */
static CgSym **by_definition(Sema *s) {
    CgModel *m = s->m;
    CgSym **v = ar_alloc(s->ar, (size_t)m->nsyms * sizeof *v);
    memcpy(v, m->syms, (size_t)m->nsyms * sizeof *v);
    for (int i = 1; i < m->nsyms; i++) {
        CgSym *x = v[i];
        int kx = x->defseq ? x->defseq : s->defseq + 1 + x->id;
        int j = i;
        for (; j > 0; j--) {
            int kj = v[j - 1]->defseq ? v[j - 1]->defseq : s->defseq + 1 + v[j - 1]->id;
            if (kj <= kx)
                break;
            v[j] = v[j - 1];
        }
        v[j] = x;
    }
    return v;
}

/* Topological order of every computed symbol (cycles are errors). */
static Topo topo_sort(Sema *s) {
    CgModel *m = s->m;
    Topo tp = {s, ar_alloc(s->ar, (size_t)(m->nsyms + 1) * sizeof(CgSym *)), 0, NULL, 0, 0};
    CgSym **v = by_definition(s);
    for (int i = 0; i < m->nsyms; i++)
        v[i]->mark = 0;
    for (int i = 0; i < m->nsyms; i++) {
        if (v[i]->mark)
            continue;
        if (computed(v[i]) || v[i]->kind == CG_STORE)
            visit(&tp, v[i]);
    }
    for (int i = 0; i < m->nsyms; i++)
        m->syms[i]->mark = 0;
    return tp;
}

/* ---------------------------------------------------------------- division by zero, liveness */

/* Is e fixed: made of literals and constants that do not depend on parameters (so that its
 * value cannot change at run time)? Uses ->mark as a memo (3 fixed, 4 not), reset by the caller. */
static int is_fixed(const Expr *e) {
    if (e->kind == EX_VAR) {
        CgSym *v = e->sym;
        if (v->kind != CG_CONST)
            return 0;
        if (v->mark < 3)
            v->mark = is_fixed(v->def) ? 3 : 4;
        return v->mark == 3;
    }
    for (int i = 0; i < e->nargs; i++)
        if (!is_fixed(e->a[i]))
            return 0;
    return 1;
}

/* Division (or %) by a fixed divisor equal to 0 is an error. A divisor that depends on a
 * parameter may be 0 for the default values only (and is often guarded): it is accepted. */
static void check_div0(Sema *s, const CgSym *sym, const Expr *e) {
    if ((e->kind == EX_DIV || e->kind == EX_MOD) && is_fixed(e->a[1]) && sema_eval_const(e->a[1]) == 0) {
        const Token *at = e->a[1]->tok ? e->a[1]->tok : e->tok ? e->tok : sym->tok;
        diag_error_at(s->dg, at, "division by zero: the divisor '%s' is a constant equal to 0",
                      ex_to_string(s->ar, e->a[1], NULL, NULL));
    }
    for (int i = 0; i < e->nargs; i++)
        check_div0(s, sym, e->a[i]);
}

static void mark_live(CgSym *sym);

static void live_var(void *ctx, const Expr *var) {
    (void)ctx;
    mark_live(var->sym);
}

/* Every symbol e reads (e may be NULL) live, with what their definitions read. */
static void mark_live_expr(const Expr *e) { ex_walk_vars(e, live_var, NULL); }

static void mark_live(CgSym *sym) {
    if (sym->flags & CGF_LIVE)
        return;
    sym->flags |= CGF_LIVE;
    if (sym->kind != CG_STORE) /* a store's definition is a root of its own */
        mark_live_expr(sym->def);
}

/* Live: what Iion, a written external, a state (derivative, gate coefficients, initial value),
 * a trace or a store needs. */
static void liveness(Sema *s) {
    CgModel *m = s->m;
    mark_live(m->iion);
    mark_live(m->vm);
    mark_live_expr(m->vm_init_expr);
    for (int i = 0; i < m->nexternals; i++)
        if (m->externals[i]->def)
            mark_live(m->externals[i]);
    for (int i = 0; i < m->nstates; i++) {
        CgState *st = &m->states[i];
        mark_live(st->sym);
        mark_live(st->diff);
        if (st->ga)
            mark_live(st->ga), mark_live(st->gb);
        mark_live_expr(st->init);
    }
    for (int i = 0; i < m->ntraces; i++)
        mark_live(m->traces[i]);
    for (int i = 0; i < m->nstores; i++) {
        mark_live(m->stores[i]);
        mark_live_expr(m->stores[i]->def);
    }
    for (int i = 0; i < m->nparams; i++)
        mark_live(m->params[i]);
}

/* Set CGF_PREAD on the parameters e reads, directly or through constants (each constant's
 * definition walked once: ->mark), but not through other parameters' defaults. */
static void mark_param_reads(const Expr *e) {
    if (!e)
        return;
    if (e->kind == EX_VAR) {
        CgSym *v = e->sym;
        if (v->kind == CG_PARAM) {
            v->flags |= CGF_PREAD;
        } else if (v->kind == CG_CONST && !v->mark) {
            v->mark = 1;
            mark_param_reads(v->def);
        }
        return;
    }
    for (int i = 0; i < e->nargs; i++)
        mark_param_reads(e->a[i]);
}

/* CGF_PREAD: the parameters that something other than a parameter's default reads: a live
 * per-step symbol (equation, state, store, trace, external), an initial value, or a constant one
 * of these reads. A parameter read only by the defaults of other parameters (or by constants only
 * those read) takes effect through them alone (the runtime's parameter derivation). */
static void param_reads(Sema *s) {
    CgModel *m = s->m;
    mark_param_reads(m->vm_init_expr);
    for (int i = 0; i < m->nsyms; i++) {
        const CgSym *sym = m->syms[i];
        int root = sym->kind != CG_PARAM && (sym->kind != CG_CONST || (sym->flags & CGF_TRACE));
        if (root && (sym->flags & CGF_LIVE))
            mark_param_reads(sym->def);
    }
    for (int i = 0; i < m->nstates; i++)
        mark_param_reads(m->states[i].init);
    for (int i = 0; i < m->nsyms; i++)
        m->syms[i]->mark = 0;
}

/* m->consts and m->eqs from a topological order: the live constants and per-step symbols. */
static void split_order(Sema *s, const Topo *tp) {
    CgModel *m = s->m;
    int capc = 0, cape = 0;
    m->nconsts = m->neqs = 0;
    m->consts = m->eqs = NULL;
    for (int i = 0; i < tp->n; i++) {
        CgSym *sym = tp->order[i];
        if (!(sym->flags & CGF_LIVE) || sym->kind == CG_PARAM)
            continue;
        if (sym->kind == CG_CONST)
            sema_push(s->ar, &m->consts, &m->nconsts, &capc, &sym, sizeof sym);
        else
            sema_push(s->ar, &m->eqs, &m->neqs, &cape, &sym, sizeof sym);
    }
}

void sema_order(Sema *s) {
    CgModel *m = s->m;
    Topo tp = topo_sort(s);
    for (int i = 0; i < m->nsyms; i++) { /* initial values must be constants */
        CgSym *in = m->syms[i];
        if (in->role == CG_ROLE_INIT && in->kind != CG_CONST && in->kind != CG_PARAM)
            diag_error_at(s->dg, in->def_tok,
                          "the initial value '%s' must depend only on literals "
                          "and parameters (it reads '%s')",
                          in->name, first_nonconst(in->def)->name);
    }
    for (int i = 0; i < tp.n; i++) { /* default values, in dependency order */
        CgSym *sym = tp.order[i];
        if (sym->kind == CG_PARAM || sym->kind == CG_CONST)
            sym->value = sema_eval_const(sym->def);
    }
    for (int i = 0; i < m->nsyms; i++)
        if (m->syms[i]->def)
            check_div0(s, m->syms[i], m->syms[i]->def);
    for (int i = 0; i < m->nsyms; i++)
        m->syms[i]->mark = 0;
    liveness(s);
    param_reads(s);
    split_order(s, &tp);
}

void sema_reorder_eqs(Sema *s) {
    Topo tp = topo_sort(s);
    split_order(s, &tp);
}

/* ---------------------------------------------------------------- initial values */

typedef struct InitCtx {
    const CgModel *m;
    double *val;
    char *state; /* 0 unknown, 1 in progress, 2 known */
    const SemaPoint *at; /* NULL: the initial state */
} InitCtx;

static double init_value(InitCtx *c, const CgSym *sym);

static double init_lookup(void *ctx, const Expr *var) { return init_value(ctx, var->sym); }

/* The value of sym at the initial state (see sema_model_eval_init). A steady-state gate is
 * evaluated through its X_inf (a circular dependency between such gates reads 0). */
static double init_value(InitCtx *c, const CgSym *sym) {
    if (!sym)
        return 0;
    if (c->state[sym->id] == 2)
        return c->val[sym->id];
    if (c->state[sym->id] == 1)
        return 0;
    c->state[sym->id] = 1;
    double v = 0;
    switch (c->at && (sym->kind == CG_VM || sym->kind == CG_STATE || sym->kind == CG_BUILTIN) ? CG_UNKNOWN
                                                                                              : sym->kind) {
        case CG_UNKNOWN: /* a point's Vm, state or dt */
            v = sym->kind == CG_VM      ? c->at->vm
                : sym->kind == CG_STATE ? c->at->x[sym->state]
                : sym == c->m->dt       ? c->at->dt
                                        : 0;
            break;
        case CG_PARAM:
        case CG_CONST:
            v = sym->value;
            break;
        case CG_VM:
            v = c->m->vm_init;
            break;
        case CG_STATE: {
            const CgState *st = &c->m->states[sym->state];
            v = st->init_kind == CG_INIT_STEADY ? ex_eval(st->rl_inf, init_lookup, c) : st->init_value;
            break;
        }
        case CG_INTERM:
        case CG_IION:
            v = sym->def ? ex_eval(sym->def, init_lookup, c) : 0;
            break;
        case CG_EXTERNAL:
            v = sym->def ? ex_eval(sym->def, init_lookup, c) : 0;
            break;
        default: /* t, dt, stores */
            v = 0;
    }
    c->val[sym->id] = v;
    c->state[sym->id] = 2;
    return v;
}

void sema_eval_at(const CgModel *m, const SemaPoint *at, CgSym *const *syms, int n, double *out) {
    InitCtx c = {m, calloc((size_t)m->nsyms + 1, sizeof(double)), calloc((size_t)m->nsyms + 1, 1), at};
    for (int i = 0; i < n; i++)
        out[i] = c.val && c.state ? init_value(&c, syms[i]) : NAN;
    free(c.val);
    free(c.state);
}

double sema_model_eval_init(const CgModel *m, const Expr *e) {
    InitCtx c = {m, calloc((size_t)m->nsyms + 1, sizeof(double)), calloc((size_t)m->nsyms + 1, 1), NULL};
    if (!c.val || !c.state) {
        free(c.val);
        free(c.state);
        return NAN;
    }
    double v = ex_eval(e, init_lookup, &c);
    free(c.val);
    free(c.state);
    return v;
}

/* A constant bound .lb(v)/.ub(v), evaluated. */
static double bound(Sema *s, const CgSym *x, const Markup *mk) {
    Expr *e = sema_resolve_expr(s, mk->args[0].expr);
    if (!sema_is_constexpr(e))
        diag_error_at(s->dg, mk->tok, ".%s() of '%s' must be a constant", mk->name, x->name);
    return sema_eval_const(e);
}

void sema_inits(Sema *s) {
    CgModel *m = s->m;
    if (m->vm_init_expr)
        m->vm_init = sema_eval_const(m->vm_init_expr);
    for (int i = 0; i < m->nstates; i++) {
        CgState *st = &m->states[i];
        if (st->init_kind == CG_INIT_GIVEN)
            st->init_value = sema_eval_const(st->init);
        else if (st->init_kind == CG_INIT_ZERO)
            diag_warn_at(s->dg, st->sym->tok,
                         "state '%s' has no initial value ('%s_init'): it "
                         "starts at 0",
                         st->sym->name, st->sym->name);
        if (st->sym->mk_lb)
            st->has_lb = 1, st->lb = bound(s, st->sym, st->sym->mk_lb);
        if (st->sym->mk_ub)
            st->has_ub = 1, st->ub = bound(s, st->sym, st->sym->mk_ub);
    }
    for (int i = 0; i < m->nstates; i++) {
        CgState *st = &m->states[i];
        if (st->init_kind == CG_INIT_STEADY)
            st->init_value = sema_model_eval_init(m, st->rl_inf);
    }
}

/* Warn about names the source defines and nobody reads (parameters, initial values, traces,
 * derivatives, gate coefficients and externals are exempt). */
void sema_warn_unused(Sema *s) {
    CgModel *m = s->m;
    for (int i = 0; i < m->nsyms; i++) {
        CgSym *sym = m->syms[i];
        if (!sym->def_tok || (sym->flags & (CGF_USED | CGF_TRACE | CGF_SYNTH)) || sym->mk_lookup ||
            sym->role != CG_ROLE_NONE || (sym->kind != CG_INTERM && sym->kind != CG_CONST))
            continue;
        diag_warn_at(s->dg, sym->def_tok, "'%s' is defined but never used", sym->name);
    }
}

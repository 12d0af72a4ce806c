/* lut.c: lookup-table planning (easyml.md section 5).
 *
 * For a table on X, an expression is "X-only" when it reads nothing but X, parameters, constants
 * and intermediates that are themselves X-only. Columns of X's table are:
 *   - every maximal X-only sub-expression containing a function call (a call node, or a read of
 *     an X-only intermediate that contains one) inside a per-step equation that is not X-only:
 *     a read of an X-only intermediate makes that intermediate a column; any other sub-expression
 *     becomes a new symbol _lut_X_k (its exact definition) read by the equation in its place;
 *   - X-only intermediates that are needed as values (Iion, a derivative, a trace, a written
 *     external) and contain a call;
 *   - X-only gate coefficients (alpha/beta or tau/inf), with or without a call.
 * Each column's ->lut_expr is its definition with the X-only intermediates inlined, so that it
 * reads only X, parameters and constants. Per-step symbols needed only by columns are flagged
 * CGF_LUT_DEAD. Identical sub-expressions share a column. */
#include <math.h>
#include <string.h>

#include "sema_int.h"

#define LUT_MIXED (-2) /* reads something no single table covers */
#define LUT_CONST (-1) /* reads only parameters and constants */
#define LUT_MAX_ROWS 100000000L

typedef struct Lut {
    Sema *s;
    int *cls; /* by symbol id: LUT_CONST, LUT_MIXED or a table index */
    char *call; /* by symbol id: X-only and contains a call */
    Expr **inl; /* by symbol id: the inlined definition (memo) */
    int nsyms; /* symbols before planning (columns made here come after) */
    int *capcols; /* capacity of tables[k].cols */
} Lut;

static int join(int a, int b) {
    if (a == LUT_CONST)
        return b;
    if (b == LUT_CONST || a == b)
        return a;
    return LUT_MIXED;
}

/* Class of a symbol read. */
static int sym_class(Lut *l, const CgSym *v) {
    for (int k = 0; k < l->s->m->ntables; k++)
        if (l->s->m->tables[k].var == v)
            return k;
    if (v->kind == CG_PARAM || v->kind == CG_CONST)
        return LUT_CONST;
    if (v->id < l->nsyms && (v->kind == CG_INTERM || v->kind == CG_IION || v->kind == CG_EXTERNAL) && v->def)
        return l->cls[v->id];
    return LUT_MIXED;
}

/* Class of e; *call is set when e is X-only (for some table) and contains a call outside of its
 * constant sub-expressions (those are hoisted constants, not table material). */
static int expr_class(Lut *l, const Expr *e, int *call) {
    if (e->kind == EX_VAR) {
        int c = sym_class(l, e->sym);
        const CgSym *v = e->sym;
        if (c >= 0 && v->id < l->nsyms && l->call[v->id])
            *call = 1;
        return c;
    }
    int c = LUT_CONST, sub = 0;
    for (int i = 0; i < e->nargs; i++) {
        int cc = 0, k = expr_class(l, e->a[i], &cc);
        c = join(c, k);
        if (c == LUT_MIXED)
            return c;
        sub |= k >= 0 && cc;
    }
    if (c >= 0 && (sub || e->kind == EX_CALL || e->kind == EX_POW || e->kind == EX_MOD))
        *call = 1;
    return c;
}

/* e with every X-only intermediate inlined (for the table of class k). */
static Expr *inline_expr(Lut *l, Expr *e, int k) {
    if (e->kind == EX_VAR) {
        CgSym *v = e->sym;
        if (!v->def || l->s->m->tables[k].var == v || sym_class(l, v) != k)
            return e;
        if (v->id >= l->nsyms)
            return e;
        if (!l->inl[v->id])
            l->inl[v->id] = inline_expr(l, v->def, k);
        return l->inl[v->id];
    }
    Expr *kids[3] = {NULL, NULL, NULL};
    for (int i = 0; i < e->nargs; i++)
        kids[i] = inline_expr(l, e->a[i], k);
    return ex_rebuild(l->s->ar, e, kids);
}

/* Make sym column of table k (once). */
static void add_column(Lut *l, CgSym *sym, int k) {
    if (sym->lut)
        return;
    CgTable *t = &l->s->m->tables[k];
    sym->lut = t;
    sym->lut_col = t->ncols;
    sym->lut_expr = inline_expr(l, sym->def, k);
    sema_push(l->s->ar, &t->cols, &t->ncols, &l->capcols[k], &sym, sizeof sym);
}

/* Replace the maximal X-only sub-expressions with a call in e (an equation's definition that is
 * not X-only) by columns; returns the new tree (e itself when nothing changed). */
static Expr *scan(Lut *l, const CgSym *owner, Expr *e) {
    int call = 0;
    int c = expr_class(l, e, &call);
    if (c >= 0 && call) {
        if (e->kind == EX_VAR) {
            add_column(l, e->sym, c);
            return e;
        }
        CgTable *t = &l->s->m->tables[c];
        for (int i = 0; i < t->ncols; i++)
            if (t->cols[i]->role == CG_ROLE_LUTCOL && ex_equal(t->cols[i]->def, e))
                return sema_ref(l->s->ar, t->cols[i], e->tok);
        CgSym *col = sema_synth(l->s, ar_printf(l->s->ar, "_lut_%s_%d", t->var->name, t->ncols), CG_INTERM,
                                CG_ROLE_LUTCOL);
        col->def = e;
        col->tok = owner->tok;
        col->flags |= CGF_LIVE;
        col->of = t->var;
        add_column(l, col, c);
        return sema_ref(l->s->ar, col, e->tok);
    }
    if (c != LUT_MIXED || e->kind == EX_VAR)
        return e;
    Expr *kids[3] = {NULL, NULL, NULL};
    for (int i = 0; i < e->nargs; i++)
        kids[i] = scan(l, owner, e->a[i]);
    return ex_rebuild(l->s->ar, e, kids);
}

/* Is sym's value needed by itself (not only as input of other equations)? */
static int is_root(const CgModel *m, const CgSym *sym) {
    return sym == m->iion || sym->role == CG_ROLE_DIFF || (sym->flags & CGF_TRACE) ||
           (sym->kind == CG_EXTERNAL && sym->def);
}

static int is_gate_coef(const CgSym *sym) {
    return sym->role == CG_ROLE_ALPHA || sym->role == CG_ROLE_BETA || sym->role == CG_ROLE_TAU ||
           sym->role == CG_ROLE_INF;
}

/* Append the table of x over v = {min, max, step} (checked) to the model's; tok: the markup (NULL
 * for the added Vm table). */
static void add_table(Sema *s, CgSym *x, const double *v, const Token *tok, int *cap) {
    CgModel *m = s->m;
    if (!(v[2] > 0) || !isfinite(v[2]))
        diag_error_at(s->dg, tok, "lookup table of '%s': the step must be positive (got %g)", x->name, v[2]);
    if (!(v[0] < v[1]) || !isfinite(v[0]) || !isfinite(v[1]))
        diag_error_at(s->dg, tok, "lookup table of '%s': min (%g) must be less than max (%g)", x->name, v[0],
                      v[1]);
    CgTable t = {0};
    t.var = x;
    t.min = v[0], t.max = v[1], t.step = v[2];
    /* bounds checked before the conversion to long (a bound of 1e200 would overflow it) */
    if (!(fabs(v[0] / v[2]) <= LUT_MAX_ROWS) || !(fabs(v[1] / v[2]) <= LUT_MAX_ROWS) ||
        (v[1] - v[0]) / v[2] + 1 > LUT_MAX_ROWS) {
        diag_error_at(s->dg, tok, "lookup table of '%s' would have more than %ld rows", x->name,
                      LUT_MAX_ROWS);
        return;
    }
    t.lo = (long)floor(v[0] / v[2] + 1e-9);
    t.hi = (long)ceil(v[1] / v[2] - 1e-9);
    t.tok = tok;
    if (tok && !(x->flags & CGF_USED))
        diag_warn_at(s->dg, tok, "lookup table on '%s', which is never used", x->name);
    sema_push(s->ar, &m->tables, &m->ntables, cap, &t, sizeof t);
}

/* Tables from the .lookup markups (validated); with none, the Vm table of the options. */
static void make_tables(Sema *s) {
    CgModel *m = s->m;
    int cap = 0;
    for (int i = 0; i < m->nsyms; i++) {
        CgSym *x = m->syms[i];
        const Markup *mk = x->mk_lookup;
        if (!mk)
            continue;
        if (x->kind == CG_PARAM || x->kind == CG_CONST || x->kind == CG_BUILTIN)
            diag_error_at(s->dg, mk->tok, "lookup table on '%s', which is %s", x->name,
                          x->kind == CG_BUILTIN ? "a builtin"
                          : x->kind == CG_PARAM ? "a parameter"
                                                : "a constant");
        double v[3];
        for (int k = 0; k < 3; k++) {
            Expr *e = sema_resolve_expr(s, mk->args[k].expr);
            if (!sema_is_constexpr(e))
                diag_error_at(s->dg, mk->args[k].tok ? mk->args[k].tok : mk->tok,
                              "the bounds and step of a lookup table must be constants");
            v[k] = sema_eval_const(e);
        }
        add_table(s, x, v, mk->tok, &cap);
    }
    /* The added Vm table: only for a potential in millivolts, known by its resting value (the
     * phenomenological models of a dimensionless u in 0 .. 1 rest at 0, where a step of 0.05 is
     * 5 % of the range and blurs their switches, e.g. mitchell_schaeffer's at u = 0.13). */
    const CgTableSpec *vt = s->opt ? &s->opt->vm_table : NULL;
    if (!m->ntables && vt && vt->step > 0 && m->vm && (m->vm->flags & CGF_USED) && fabs(m->vm_init) >= 1) {
        add_table(s, m->vm, (const double[3]){vt->min, vt->max, vt->step}, NULL, &cap);
        m->tables[0].added = 1;
    }
}

static void mark_needed(const CgModel *m, CgSym *sym, char *need);

static void mark_needed_expr(const CgModel *m, const Expr *e, char *need) {
    if (!e)
        return;
    if (e->kind == EX_VAR) {
        mark_needed(m, e->sym, need);
        return;
    }
    for (int i = 0; i < e->nargs; i++)
        mark_needed_expr(m, e->a[i], need);
}

/* What is computed when tables are on: a column's definition is not followed (its value is
 * interpolated), but its table's variable is needed. */
static void mark_needed(const CgModel *m, CgSym *sym, char *need) {
    if (need[sym->id])
        return;
    need[sym->id] = 1;
    if (sym->lut) {
        mark_needed(m, sym->lut->var, need);
        return;
    }
    if (sym->kind != CG_STORE)
        mark_needed_expr(m, sym->def, need);
}

void sema_plan_luts(Sema *s) {
    CgModel *m = s->m;
    make_tables(s);
    if (!m->ntables)
        return;
    int nsyms = m->nsyms;
    Lut l = {s,
             ar_alloc(s->ar, (size_t)nsyms * sizeof(int)),
             ar_alloc(s->ar, (size_t)nsyms),
             ar_alloc(s->ar, (size_t)nsyms * sizeof(Expr *)),
             nsyms,
             ar_alloc(s->ar, (size_t)m->ntables * sizeof(int))};
    for (int i = 0; i < m->neqs; i++) { /* classes, in evaluation order */
        CgSym *e = m->eqs[i];
        int call = 0;
        int c = expr_class(&l, e->def, &call);
        l.cls[e->id] = c;
        l.call[e->id] = c >= 0 && call;
    }
    int neqs = m->neqs;
    for (int i = 0; i < neqs; i++) {
        CgSym *e = m->eqs[i];
        int c = sym_class(&l, e);
        if (c >= 0 && m->tables[c].var != e && ((is_root(m, e) && l.call[e->id]) || is_gate_coef(e)))
            add_column(&l, e, c);
    }
    for (int i = 0; i < neqs; i++) {
        CgSym *e = m->eqs[i];
        if (l.cls[e->id] == LUT_MIXED)
            e->def = scan(&l, e, e->def);
    }
    for (int k = 0; k < m->ntables; k++) /* a table with nothing to tabulate is useless */
        if (m->tables[k].ncols == 0 && !m->tables[k].added && (m->tables[k].var->flags & CGF_USED))
            diag_warn_at(s->dg, m->tables[k].tok,
                         "lookup table on '%s' has no column: no "
                         "expression of '%s' alone calls a function",
                         m->tables[k].var->name, m->tables[k].var->name);
    if (m->ntables == 1 && m->tables[0].added && m->tables[0].ncols == 0) {
        m->ntables = 0; /* the added Vm table found nothing to tabulate */
        return;
    }
    char *need = ar_alloc(s->ar, (size_t)m->nsyms);
    mark_needed(m, m->iion, need);
    for (int i = 0; i < m->nsyms; i++) {
        CgSym *sym = m->syms[i];
        if ((sym->flags & CGF_LIVE) &&
            (is_root(m, sym) || is_gate_coef(sym) || sym->kind == CG_STORE || sym->kind == CG_STATE))
            mark_needed(m, sym, need);
    }
    for (int i = 0; i < m->nstores; i++)
        mark_needed_expr(m, m->stores[i]->def, need);
    for (int i = 0; i < neqs; i++)
        if (!need[m->eqs[i]->id])
            m->eqs[i]->flags |= CGF_LUT_DEAD;
}

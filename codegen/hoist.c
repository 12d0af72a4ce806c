/* hoist.c: semantic analysis, last pass: hoisting of constant sub-expressions.
 *
 * Named constants (names whose definition reads only literals, parameters and constants) are
 * already m->consts. This pass goes further: inside every per-step expression (equations, gate
 * steady states and time constants, Jacobian entries and temporaries) each maximal sub-expression
 * that reads only parameters and constants, and is more than a literal or a name, becomes a new
 * constant `_k`, `_k_2`, ... appended to m->consts (so it is computed once per parameter set,
 * never per cell-step). Identical sub-expressions share one constant. Values are those of the
 * default parameter set; the definitions are kept so that changed parameters recompute them.
 */
#include <string.h>

#include "sema_int.h"

typedef struct {
    Sema *s;
    ScSym **made;            /* constants made by this pass, to share identical ones */
    int nmade, cap;
    int capconsts;           /* capacity of m->consts as this pass grows it (starts full) */
} Hoist;

/* Is a constant sub-expression worth a name of its own (more than a literal, a name, or the
 * negation of one)? */
static int hoist_worth(const Expr *e) {
    if (e->kind == EX_NUM || e->kind == EX_VAR)
        return 0;
    return !(e->kind == EX_NEG && (e->a[0]->kind == EX_NUM || e->a[0]->kind == EX_VAR));
}

/* The variable naming constant expression e: an existing hoisted constant equal to e, or a new one. */
static Expr *hoist_constant(Hoist *h, Expr *e) {
    ScModel *m = h->s->m;
    ScSym *sym = NULL;
    for (int i = 0; i < h->nmade && !sym; i++)
        if (ex_equal(h->made[i]->def, e))
            sym = h->made[i];
    if (!sym) {
        sym = sema_synth(h->s, "_k", SC_CONST, SC_ROLE_NONE);
        sym->def = e;
        sym->tok = e->tok;
        sym->value = sema_eval_const(e);
        sema_push(h->s->ar, &h->made, &h->nmade, &h->cap, &sym, sizeof sym);
        sema_push(h->s->ar, &m->consts, &m->nconsts, &h->capconsts, &sym, sizeof sym);
    }
    Expr *v = ex_var(h->s->ar, sym->name);
    v->sym = sym;
    v->tok = e->tok;
    return v;
}

/* e with its maximal constant sub-expressions replaced by hoisted constants (e itself when
 * nothing changes; changed nodes are copied, never modified in place: trees are shared). */
static Expr *hoist_expr(Hoist *h, Expr *e) {
    if (!e)
        return NULL;
    if (sema_is_constexpr(e))
        return hoist_worth(e) ? hoist_constant(h, e) : e;
    Expr *kids[3] = {NULL, NULL, NULL};
    for (int i = 0; i < e->nargs; i++)
        kids[i] = hoist_expr(h, e->a[i]);
    return ex_rebuild(h->s->ar, e, kids);
}

static void hoist_syms(Hoist *h, ScSym **syms, int n) {
    for (int i = 0; i < n; i++)
        if (syms[i]->kind != SC_CONST && syms[i]->kind != SC_PARAM)
            syms[i]->def = hoist_expr(h, syms[i]->def);
}

void sema_hoist(Sema *s) {
    ScModel *m = s->m;
    Hoist h = {s, NULL, 0, 0, m->nconsts};
    hoist_syms(&h, m->eqs, m->neqs);
    for (int i = 0; i < m->nstates; i++) {
        ScState *st = &m->states[i];
        st->rl_inf = hoist_expr(&h, st->rl_inf);
        st->rl_tau = hoist_expr(&h, st->rl_tau);
    }
    for (int g = 0; g < m->ngroups; g++) {
        ScGroup *gr = &m->groups[g];
        hoist_syms(&h, gr->jeqs, gr->njeqs);
        if (gr->jac)
            for (int k = 0; k < gr->n * gr->n; k++)
                gr->jac[k] = hoist_expr(&h, gr->jac[k]);
    }
}

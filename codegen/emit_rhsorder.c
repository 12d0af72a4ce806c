/* emit_rhsorder.c: the statements of a group's derivatives and Jacobian (ID_rhs_gK with J) in
 * the order of their outputs, for the GPU back ends.
 *
 * emit_rhs writes every equation first, then f, then (under `if (gen_J)`) the Jacobian's own
 * equations and its entries: every intermediate the Jacobian reads stays live from the top to
 * the Jacobian block. On a GPU thread, where the implicit groups' kernels sit at the register
 * limit, those values spilled. Here each output (f_j, then the entries of row j of J) is written
 * right after the equations it needs that are not yet written (a depth-first walk), so an
 * intermediate dies near the outputs that read it. The statements and their expressions are the
 * same, only their order moves: the same values. Each Jacobian entry is stored under
 * `if (gen_J)`; the Jacobian's equations are not guarded, so a call without J relies on the
 * compiler removing them as dead code, as it does for the inlined device functions (every call
 * passes J as a constant: an array or 0). Module prefix: emit_. */
#include <string.h>

#include "emit.h"

typedef struct RhsOrder {
    Em *e;
    unsigned char *pend; /* by symbol id: an equation this function writes */
    unsigned char *done; /* by symbol id: written already */
    const char *in;
} RhsOrder;

static void order_sym(RhsOrder *o, const CgSym *s);

static void order_var(void *ctx, const Expr *v) {
    RhsOrder *o = ctx;
    const CgSym *s = v->sym;
    if (s && o->pend[s->id] && !o->done[s->id])
        order_sym(o, s);
}

/* Write equation s after the pending equations it reads (an interpolated column reads its
 * table's variable). The depth is bounded by the chain of equations of the model. */
static void order_sym(RhsOrder *o, const CgSym *s) {
    o->done[s->id] = 1;
    Em *e = o->e;
    if (e->lut && s->lut) {
        const CgSym *tv = s->lut->var;
        if (o->pend[tv->id] && !o->done[tv->id])
            order_sym(o, tv);
    } else if (s->def) {
        ex_walk_vars(s->def, order_var, o);
    }
    emit_eq(e, s, o->in);
}

/* The equations that x reads and that are not written yet, then nothing else. */
static void order_deps(RhsOrder *o, const Expr *x) {
    if (x)
        ex_walk_vars(x, order_var, o);
}

int emit_rhs_ordered(Em *e, const CgGroup *g, const LuPlan *lp, const char *in) {
    const CgModel *m = e->m;
    int n = g->n;
    RhsOrder o = {e, ar_alloc(&e->ar, (size_t)m->nsyms), ar_alloc(&e->ar, (size_t)m->nsyms), in};
    if (!o.pend || !o.done)
        return -1;
    memset(o.pend, 0, (size_t)m->nsyms);
    memset(o.done, 0, (size_t)m->nsyms);
    for (int i = 0; i < m->neqs; i++) /* a shared value (emit_inv.c) is in scope */
        o.pend[m->eqs[i]->id] = e->need[m->eqs[i]->id] && !emit_in_scope(e, m->eqs[i]);
    for (int i = 0; i < g->njeqs; i++)
        o.pend[g->jeqs[i]->id] = e->need[g->jeqs[i]->id] && !emit_in_scope(e, g->jeqs[i]);
    double z;
    for (int r = 0; r < n; r++) {
        const Expr *f = emit_value(e, m->states[g->states[r]].diff);
        order_deps(&o, f);
        fprintf(e->out, "%sgen_f[%d] = %s;\n", in, r, emit_expr_str(e, f, 1));
        for (int c = 0; c < n; c++) {
            int k = r * n + c;
            if (lp->pos[k] < 0 || !emit_lu_written(g, r, c))
                continue;
            int zero = ex_is_num(g->jac[k], &z) && z == 0;
            if (!zero)
                order_deps(&o, g->jac[k]);
            fprintf(e->out, "%sif (gen_J)\n%s    gen_J[%d] = %s;   /* d %s / d %s */\n", in, in, lp->pos[k],
                    zero ? "gen_bc(0)" : emit_expr_str(e, g->jac[k], 1), m->states[g->states[r]].sym->name,
                    m->states[g->states[c]].sym->name);
        }
    }
    return 0;
}

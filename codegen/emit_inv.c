/* emit_inv.c: the values a group's re-evaluations share (ID_inv_gK).
 *
 * A group's method evaluates the group's derivatives several times per step (rk2 twice, rk4 four
 * times, rosenbrock twice, cvode three times per sub-step, markov_be once per Newton iteration,
 * sundnes twice) with Vm and every state outside the group frozen. An equation that reads no
 * state of the group, not t, and no equation that does, has the same value at every one of those
 * calls. ID_rhs_gK computed each such equation at every call: a group of trackers whose
 * switches read dVdt (faber_rudy_2000's APtrack) recomputed every current of the model three
 * times per cvode sub-step for derivatives that are a comparison and a product.
 *
 * Here the group's frontier, the invariant equations that read a frozen state (directly or
 * through other equations) and that a varying equation, a derivative or a Jacobian entry reads,
 * is computed once per step by ID_inv_gK V (into gen_inv, its first statement in ID_adv_gK V)
 * and read from there by ID_rhs_gK V, which no longer computes the frontier nor what only the
 * frontier needs. Equations of Vm, parameters and constants alone are left to every call as
 * before: in the lookup-table variant they are a table's columns, and the GPU kernels keep them
 * out of registers (GEN_FRESH). The statements are the ones ID_rhs_gK wrote: the same values
 * (on a GPU up to the compiler's contraction of multiply-adds). Not done for a group that
 * advances Vm (vm=M) nor where the derivatives are evaluated once per step (rush_larsen).
 * Module prefix: emit_.
 */
#include "emit.h"

enum { INV_VARY = 1, INV_FROZEN = 2 };

typedef struct InvScan {
    const Em *e;
    unsigned char *cls; /* by symbol id: INV_VARY, INV_FROZEN (bits) */
    unsigned char *iseq; /* by symbol id: an equation (the model's or the Jacobian's) */
    unsigned char acc; /* the bits read so far */
    unsigned char *front; /* by symbol id: a frontier equation (or NULL: no marking) */
} InvScan;

/* A read of x: its bits; with s->front set, x marked when it is a frontier equation. */
static void inv_sym(InvScan *s, const CgSym *x) {
    s->acc |= s->cls[x->id];
    if (s->front && s->cls[x->id] == INV_FROZEN && s->iseq[x->id])
        s->front[x->id] = 1;
}

static void inv_read(void *ctx, const Expr *v) {
    if (v->sym)
        inv_sym(ctx, v->sym);
}

/* What x reads (the bits of its names); with s->front set, marks the frontier names it reads. */
static unsigned char inv_reads(InvScan *s, const Expr *x) {
    s->acc = 0;
    if (x)
        ex_walk_vars(x, inv_read, s);
    return s->acc;
}

/* The expression an equation's value is computed from in the current variant: an interpolated
 * column reads its table's variable. */
static unsigned char inv_eq_reads(InvScan *s, const CgSym *q) {
    if (s->e->lut && q->lut) {
        s->acc = 0;
        inv_sym(s, q->lut->var);
        return s->acc;
    }
    return inv_reads(s, q->def);
}

static void inv_classify(InvScan *s, CgSym **eqs, int n) {
    for (int i = 0; i < n; i++)
        if (s->e->need[eqs[i]->id]) {
            s->cls[eqs[i]->id] = inv_eq_reads(s, eqs[i]);
            s->iseq[eqs[i]->id] = 1;
        }
}

static void inv_mark(InvScan *s, CgSym **eqs, int n) {
    for (int i = 0; i < n; i++)
        if (s->e->need[eqs[i]->id] && (s->cls[eqs[i]->id] & INV_VARY))
            inv_eq_reads(s, eqs[i]);
}

static int inv_method_repeats(const CgGroup *g) { return g->method != CG_RUSH_LARSEN && !g->vm_coupled; }

/* Plans group g's shared values for the current variant, e->need being what ID_rhs_gK needs
 * (jac: the Jacobian included): e->inv (by symbol id, 1 for a frontier equation, in e->ar) and
 * e->ninv; none (e->ninv 0, e->inv NULL) when there is no frontier. */
void emit_inv_plan(Em *e, const CgGroup *g, int jac) {
    const CgModel *m = e->m;
    e->inv = NULL, e->ninv = 0;
    if (!inv_method_repeats(g))
        return;
    size_t ns = (size_t)m->nsyms;
    InvScan s = {e, ar_alloc(&e->ar, ns), ar_alloc(&e->ar, ns), 0, NULL};
    unsigned char *front = ar_alloc(&e->ar, ns);
    if (!s.cls || !s.iseq || !front) /* ar_alloc zeroes */
        return;
    if (m->t)
        s.cls[m->t->id] = INV_VARY;
    for (int j = 0; j < m->nstates; j++)
        s.cls[m->states[j].sym->id] = INV_FROZEN;
    for (int j = 0; j < g->n; j++)
        s.cls[m->states[g->states[j]].sym->id] = INV_VARY;
    inv_classify(&s, m->eqs, m->neqs);
    inv_classify(&s, g->jeqs, g->njeqs);
    s.front = front;
    inv_mark(&s, m->eqs, m->neqs);
    inv_mark(&s, g->jeqs, g->njeqs);
    for (int j = 0; j < g->n; j++)
        inv_reads(&s, emit_value(e, m->states[g->states[j]].diff));
    for (int k = 0; jac && k < g->n * g->n; k++)
        inv_reads(&s, g->jac[k]);
    for (int i = 0; i < m->nsyms; i++)
        e->ninv += front[i] && e->need[i];
    if (e->ninv)
        e->inv = (char *)front;
}

/* The frontier's symbols in evaluation order (the model's equations, then the Jacobian's). */
static int inv_list(const Em *e, const CgGroup *g, const CgSym **out) {
    int k = 0;
    for (int i = 0; i < e->m->neqs; i++)
        if (e->inv[e->m->eqs[i]->id])
            out[k++] = e->m->eqs[i];
    for (int i = 0; i < g->njeqs; i++)
        if (e->inv[g->jeqs[i]->id])
            out[k++] = g->jeqs[i];
    return k;
}

/* The declarations of the shared values inside ID_rhs_gK: NAME = gen_inv[k]. */
void emit_inv_reads(Em *e, const CgGroup *g, int gi, const char *in) {
    if (!e->ninv)
        return;
    const CgSym **l = ar_alloc(&e->ar, sizeof *l * (size_t)e->ninv);
    int n = l ? inv_list(e, g, l) : 0;
    for (int k = 0; k < n; k++)
        fprintf(e->out, "%sconst gen_real %s = gen_inv[%d];   /* once per step: %s_inv_g%d%s */\n", in,
                e->cn[l[k]->id], k, e->id, gi, e->vs);
}

/* e->need := what ID_inv_gK V computes (the frontier of the plan in e->inv and the equations it
 * reads); e->inv is left NULL (the frontier is computed there, not read): the caller restores
 * it. */
void emit_inv_need(Em *e, const CgGroup *g) {
    const char *front = e->inv;
    e->inv = NULL;
    emit_need_clear(e);
    for (int i = 0; front && i < e->m->nsyms; i++)
        e->need[i] = front[i];
    emit_need_eqs(e, g->jeqs, g->njeqs);
    emit_need_eqs(e, e->m->eqs, e->m->neqs);
}

/* ID_inv_gK V: the frontier's values at the step's frozen states, into gen_inv. */
void emit_inv_fn(Em *e, const CgGroup *g, int gi, const char *pct) {
    const CgModel *m = e->m;
    if (!e->ninv)
        return;
    const CgSym **l = ar_alloc(&e->ar, sizeof *l * (size_t)e->ninv);
    int n = l ? inv_list(e, g, l) : 0;
    fprintf(
        e->out,
        "/* The %d value%s group %d's evaluations share (Vm and the other states frozen): once per "
        "step. */\n"
        "GEN_FN void %s_inv_g%d%s(const %s *gen_p, const gen_scal *gen_lut, unsigned long long *gen_oor,\n"
        "                       gen_real t, gen_real dt, gen_real gen_V, const gen_real *gen_x,\n"
        "                       gen_real *gen_inv) {\n"
        "    (void)gen_p;\n    (void)gen_lut;\n    (void)gen_oor;\n    (void)t;\n    (void)dt;\n"
        "    (void)gen_V;\n    (void)gen_x;\n",
        n, n == 1 ? "" : "s", gi, e->id, gi, e->vs, pct);
    char *keep = e->inv;
    emit_inv_need(e, g);
    emit_group_zero_inputs(e, "    ");
    emit_inputs(e, g, "    ");
    emit_needed_eqs(e, m->eqs, m->neqs, "    ");
    emit_needed_eqs(e, g->jeqs, g->njeqs, "    ");
    for (int k = 0; k < n; k++)
        fprintf(e->out, "    gen_inv[%d] = %s;\n", k, e->cn[l[k]->id]);
    fprintf(e->out, "}\n\n");
    emit_need_clear(e);
    e->inv = keep;
}

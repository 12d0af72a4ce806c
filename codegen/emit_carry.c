/* emit_carry.c: values carried from one step to the next, for every back end.
 *
 * A step computes its equations at (V, x), advances the states to xn, then Iion at (V, xn)
 * (bench's rule, emit_core.c emit_cell). The next step computes its equations at (V', xn): an
 * equation that reads only states, parameters and constants (no Vm, t, dt, store or external)
 * has there the value that Iion's part computed. Such an equation that both parts need and that
 * costs something (a call or a division: a Nernst potential's log) is carried: Iion's part stores
 * it in gen_cv[j], the next step reads gen_cv[j] instead of computing it (the same expression of
 * the same inputs: the same value, bit for bit), and the cells function computes gen_cv from the
 * initial states before the first step. At most EMIT_MAX_CARRY values (registers across the
 * step; a GPU thread has 128 in double).
 *
 *   emit_carry_plan(e)         chooses them for the current variant: e->cvpos, e->ncv
 *   emit_carry_store(e, in)    Iion's part: gen_cv[j] = NAME; ...
 *   emit_carry_init(e)         the cells function: declares gen_cv, computes it at gen_x
 * While e->cv_read is set, emit_need_eqs leaves a carried equation's definition alone and
 * emit_needed_eqs writes it as a read of gen_cv (emit_core.c).
 *
 * Within one step, Iion's part runs at the step's V: an equation of Vm, t, dt, parameters and
 * constants alone (a steady state, a GHK factor's exp(V * k) once named, a K1 or Kp rectifier)
 * has the value the step's part computed, in the same function's scope. emit_need_iion marks it
 * in e->reuse when it costs something (a call, a division, a table's column), and Iion's part
 * reads that value instead of computing it again (the compilers do not merge the two copies of an
 * inlined exp: luo_rudy_1994's Iion part recomputed Xi, Kp and f_NaK, 4 exps, 156 lines of PTX);
 * on a GPU within a budget of live values (EMIT_REUSE_DOUBLES). Same expression, same inputs:
 * results do not change.
 *
 *   emit_need_iion(e)          Iion's part's liveness, the reused equations in e->reuse */
#include <string.h>

#include "emit.h"

#define EMIT_MAX_CARRY 8
/* Iion's part on a GPU reuses the step's values of Vm alone while the doubles live across the
 * states' update (2 per state, 1 per reused value) stay within 64 (128 of the 168 registers of
 * the rule's cap, emit_gpu.c). One NVIDIA H100, 2026-11-27 (lab/gpu/stiff.sh, 1M cells, A/B
 * of the same sources with and without the reuse): the 8 models within it gained 3-19 %
 * (luo_rudy_1991, luo_rudy_1994, difrancesco 1985, kernik, paci 2020, TT06, courtemanche), the 4
 * past it lost 12-25 % (ToRORd, Trovato, ORd 2011, tomek: 41-46 states, spills at the cap grew). */
#define EMIT_REUSE_DOUBLES 64

/* What an equation may read, besides parameters, constants and equations that read the same:
 * READ_STATES the states (not the copy of Vm that --methods vm=M makes); READ_STEP the step's
 * Vm, t and dt. */
enum { READ_STATES, READ_STEP };

/* Does s read only what `what` allows (an interpolated column: its table's variable)? memo by
 * symbol id: 0 not known yet, 1 yes, 2 no. */
static int reads_only_expr(Em *e, const Expr *x, int what, char *memo);

static int reads_only_sym(Em *e, const CgSym *s, int what, char *memo) {
    if (!s)
        return 0;
    if (memo[s->id])
        return memo[s->id] == 1;
    int r;
    if (s->kind == CG_PARAM || s->kind == CG_CONST)
        r = 1;
    else if (what == READ_STATES && s->kind == CG_STATE)
        r = s != e->m->vm && s != e->m->vm_copy;
    else if (what == READ_STEP && (s->kind == CG_BUILTIN || s->kind == CG_VM))
        r = 1;
    else if (s->kind == CG_INTERM && e->eqpos[s->id] >= 0 && s->def) {
        memo[s->id] = 2; /* a cycle (none in an ordered model) reads as "no" */
        r = e->lut && s->lut ? reads_only_sym(e, s->lut->var, what, memo)
                             : reads_only_expr(e, s->def, what, memo);
    } else
        r = 0; /* the others: Vm, t, dt, states, Iion, stores, externals */
    memo[s->id] = r ? 1 : 2;
    return r;
}

static int reads_only_expr(Em *e, const Expr *x, int what, char *memo) {
    if (x->kind == EX_VAR)
        return reads_only_sym(e, x->sym, what, memo);
    for (int i = 0; i < x->nargs; i++)
        if (!reads_only_expr(e, x->a[i], what, memo))
            return 0;
    return 1;
}

static int is_div(const Expr *x, const void *ctx) {
    (void)ctx;
    return x->kind == EX_DIV;
}

void emit_carry_plan(Em *e) {
    const CgModel *m = e->m;
    size_t n = (size_t)m->nsyms;
    e->cvpos = ar_alloc(&e->ar, n * sizeof(int));
    for (size_t i = 0; i < n; i++)
        e->cvpos[i] = -1;
    e->ncv = 0;
    char *memo = ar_alloc(&e->ar, n), *iion_need = ar_alloc(&e->ar, n);
    memset(memo, 0, n);
    emit_need_clear(e); /* what Iion's part computes */
    emit_need_expr(e, emit_value(e, m->iion));
    emit_need_eqs(e, m->eqs, m->neqs);
    memcpy(iion_need, e->need, n);
    emit_need_step(e); /* what the step's equations compute */
    for (int i = 0; i < m->neqs && e->ncv < EMIT_MAX_CARRY; i++) {
        const CgSym *s = m->eqs[i];
        if (!e->need[s->id] || !iion_need[s->id] || (e->lut && s->lut) || !s->def ||
            !(ex_has_call(s->def) || ex_any(s->def, is_div, NULL)) ||
            !reads_only_sym(e, s, READ_STATES, memo))
            continue;
        e->cvpos[s->id] = e->ncv++;
    }
    emit_need_clear(e);
}

void emit_carry_store(Em *e, const char *in) {
    const CgModel *m = e->m;
    if (!e->ncv)
        return;
    fprintf(e->out, "%s/* carried to the next step, whose states these are */\n", in);
    for (int i = 0; i < m->neqs; i++)
        if (e->cvpos[m->eqs[i]->id] >= 0)
            fprintf(e->out, "%sgen_cv[%d] = %s;\n", in, e->cvpos[m->eqs[i]->id], e->cn[m->eqs[i]->id]);
}

void emit_carry_init(Em *e) {
    const CgModel *m = e->m;
    fprintf(e->out, "    gen_real gen_cv[%d];   /* values carried between steps (emit_carry.c) */\n",
            e->ncv ? e->ncv : 1);
    if (!e->ncv) {
        fprintf(e->out, "    gen_cv[0] = gen_bc(0);\n");
        return;
    }
    emit_need_clear(e);
    for (int i = 0; i < m->neqs; i++)
        if (e->cvpos[m->eqs[i]->id] >= 0)
            e->need[m->eqs[i]->id] = 1;
    emit_need_eqs(e, m->eqs, m->neqs);
    fprintf(e->out, "    {   /* at the initial states */\n");
    emit_inputs(e, NULL, "        ");
    emit_needed_eqs(e, m->eqs, m->neqs, "        ");
    emit_carry_store(e, "        ");
    fprintf(e->out, "    }\n");
    emit_need_clear(e);
}

void emit_need_iion(Em *e) {
    const CgModel *m = e->m;
    size_t n = (size_t)m->nsyms;
    int cv = e->cv_read;
    e->cv_read = 1; /* what the step's part computed, in the function's scope (emit_cell) */
    emit_need_step(e);
    e->cv_read = cv;
    char *step_need = ar_alloc(&e->ar, n);
    memcpy(step_need, e->need, n);
    emit_need_clear(e);
    emit_need_expr(e, emit_value(e, m->iion));
    e->reuse = NULL;
    if (!sema_vm_moves(m)) { /* Vm advanced inside a group: the step's part saw other values */
        char *memo = ar_alloc(&e->ar, n);
        e->reuse = ar_alloc(&e->ar, n);
        memset(memo, 0, n), memset(e->reuse, 0, n);
        /* on a GPU, a budget of live doubles across the states' update: their start and new
           values, then the reused ones (a register each pair) */
        int room = e->gpu ? EMIT_REUSE_DOUBLES - 2 * m->nstates : m->neqs;
        for (int i = 0; i < m->neqs && room > 0; i++) {
            const CgSym *s = m->eqs[i];
            if (!step_need[s->id] || !s->def || !reads_only_sym(e, s, READ_STEP, memo) ||
                !((e->lut && s->lut) || ex_has_call(s->def) || ex_any(s->def, is_div, NULL)))
                continue; /* not the step's, or cheaper to compute again than to keep */
            e->reuse[s->id] = 1;
            room--;
        }
    }
    emit_need_eqs(e, m->eqs, m->neqs);
}

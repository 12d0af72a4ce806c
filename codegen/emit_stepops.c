/* emit_stepops.c: the operations of one cell-step (emit_step_ops, emit_count_ops: emit.h), summed
 * from the equations a step computes (emit_ops.c's counts of expressions), the groups' methods
 * (emit_methods.c's emit_method_ops) and the carried values. */
#include "emit.h"
#include "starcarp_model.h"

void emit_step_ops(Em *e, int lut, EmitOps *o) {
    const CgModel *m = e->m;
    int lut0 = e->lut, pv0 = e->pv;
    e->lut = lut, e->pv = 0;
    *o = (EmitOps){0, 0, 0};
    /* the step's equations, carried ones read (emit_body.c emit_cell) */
    emit_carry_plan(e);
    e->cv_read = 1;
    emit_need_step(e);
    emit_ops_eqs(e, m->eqs, m->neqs, o);
    e->cv_read = 0;
    for (int k = 0; k < m->nstores; k++)
        emit_ops_expr(e, m->stores[k]->def, o);
    for (int k = 0; k < m->nexternals; k++)
        if (m->externals[k]->def)
            emit_ops_expr(e, emit_value(e, m->externals[k]), o);
    for (int gi = 0; gi < m->ngroups; gi++)
        emit_method_ops(e, gi, o);
    /* Iion at the new states (what it reads of the step's part is not counted again) */
    emit_need_iion(e);
    emit_ops_eqs(e, m->eqs, m->neqs, o);
    e->reuse = NULL;
    emit_ops_expr(e, emit_value(e, m->iion), o);
    o->flops += 2; /* bench mode: V = Vs - dt * Iion */
    emit_need_clear(e);
    e->lut = lut0, e->pv = pv0;
}

int emit_count_ops(const CgModel *m, EmitOps ops[2]) {
    Em e;
    emit_begin(&e, NULL, m, NULL);
    if (!e.need || !e.eqpos) {
        emit_end(&e);
        return -1;
    }
    emit_step_ops(&e, 0, &ops[0]);
    if (m->ntables)
        emit_step_ops(&e, 1, &ops[1]);
    else
        ops[1] = ops[0];
    emit_end(&e);
    return 0;
}

long emit_substep_work(const CgModel *m, int gi) {
    Em e;
    EmitOps o = {0, 0, 0};
    emit_begin(&e, NULL, m, NULL);
    if (e.need && e.eqpos)
        emit_method_ops(&e, gi, &o);
    emit_end(&e);
    return o.flops + SC_TRANSC_FLOPS * o.transc;
}

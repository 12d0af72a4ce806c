/* emit_body.c: the per-cell code of a step (equations, lookup-table columns, methods, bounds,
 * stores, traces) and the block function that advances cells over the steps of one call, in each
 * variant (emit_body; the functions it writes are listed in emit_core.c's header). It calls the
 * groups' methods (emit_methods.c), the carried values (emit_carry.c), the watch (emit_watch.c)
 * and emit_core.c; the back ends call it. */
#include <stdint.h>
#include <string.h>

#include "emit.h"

static const char *pc_type(Em *e) { return ar_printf(&e->ar, "%s_pc%s", e->id, e->pv ? "v" : ""); }

/* One cell-step: the equations, traces, every group's new states, then Iion at the new states. */
/* State s held within its bound b (.lb with op '<', .ub with '>'): a NaN stays a NaN. */
static void emit_clamp(Em *e, int s, char op, double b) {
    fprintf(e->out, "    sc_xn[%d] = sc_sel(sc_xn[%d] %c ", s, s, op);
    emit_num(e, b);
    fputs(", sc_bc(", e->out);
    emit_num(e, b);
    fprintf(e->out, "), sc_xn[%d]);\n", s);
}

static void emit_cell(Em *e) {
    const CgModel *m = e->m;
    emit_carry_plan(e);
    e->cv_read = 1; /* carried equations: read from sc_cv, what only they read is not computed */
    emit_need_step(e);

    fprintf(e->out,
            "/* One step of one cell (or one vector of cells) at Vm = sc_V: returns Iion, advances\n"
            " * the states sc_xio in place, writes the stores, the written externals and, when sc_tr\n"
            " * is not NULL, the traces. */\n"
            "SC_FN sc_real %s_cell%s(const %s *sc_p, const sc_scal *sc_lut, unsigned long long *sc_oor,\n"
            "                      const ScStepArgs *sc_o, sc_real t, sc_real dt, sc_real sc_V,\n"
            "                      sc_real *sc_xio, sc_real *sc_st, sc_real *sc_ext, sc_real *sc_tr,\n"
            "                      sc_real *sc_cv) {\n"
            "    (void)sc_p;\n    (void)sc_lut;\n    (void)sc_oor;\n    (void)sc_o;\n    (void)t;\n"
            "    (void)dt;\n    (void)sc_V;\n    (void)sc_st;\n    (void)sc_ext;\n    (void)sc_tr;\n"
            "    (void)sc_cv;\n"
            "    sc_real sc_x[%d], sc_xn[%d];   /* states at the start of the step, new states */\n",
            e->id, e->vs, pc_type(e), e->ns1, e->ns1);
    for (int s = 0; s < m->nstates; s++)
        if (m->vm_copy && m->vm_copy->state == s) /* vm=M: Vm's copy starts at the step's Vm */
            fprintf(e->out, "    sc_x[%d] = sc_xn[%d] = sc_V;   /* %s */\n", s, s, m->vm_copy->name);
        else
            fprintf(e->out, "    sc_x[%d] = sc_xn[%d] = sc_xio[%d];\n", s, s, s);
    emit_inputs(e, NULL, "    ");
    fprintf(e->out, "\n    /* per-step equations */\n");
    emit_needed_eqs(e, m->eqs, m->neqs, "    ");
    e->cv_read = 0;
    if (m->ntraces) {
        fprintf(e->out, "    if (sc_tr) {\n");
        for (int k = 0; k < m->ntraces; k++) /* GPU: sc_tr is the cell's column of out_tr */
            fprintf(e->out,
                    e->gpu ? "        sc_tr[%d * sc_o->n] = %s;   /* trace %s */\n"
                           : "        sc_tr[%d] = %s;   /* trace %s */\n",
                    k, emit_expr_str(e, emit_value(e, m->traces[k]), 1), m->traces[k]->name);
        fprintf(e->out, "    }\n");
    }
    fprintf(e->out, "\n    /* states: every method starts from sc_x (easyml.md 6, 7) */\n");
    for (int gi = 0; gi < m->ngroups; gi++)
        emit_method_call(e, gi);
    int clamps = 0;
    for (int s = 0; s < m->nstates; s++) {
        const CgState *st = &m->states[s];
        if ((st->has_lb || st->has_ub) && !clamps++)
            fprintf(e->out, "\n    /* bounds (.lb, .ub); a NaN stays a NaN */\n");
        if (st->has_lb)
            emit_clamp(e, s, '<', st->lb);
        if (st->has_ub)
            emit_clamp(e, s, '>', st->ub);
    }
    fputc('\n', e->out);
    for (int s = 0; s < m->nstates; s++)
        fprintf(e->out, "    sc_xio[%d] = sc_xn[%d];\n", s, s);
    for (int k = 0; k < m->nstores; k++)
        fprintf(e->out, "    sc_st[%d] = %s;   /* store %s */\n", k, emit_expr_str(e, m->stores[k]->def, 1),
                e->cn[m->stores[k]->id]);
    for (int k = 0; k < m->nexternals; k++)
        if (m->externals[k]->def)
            fprintf(e->out, "    sc_ext[%d] = %s;   /* external %s */\n", k,
                    emit_expr_str(e, emit_value(e, m->externals[k]), 1), m->externals[k]->name);
    /* Iion at the step's V and the new states: bench's rule "the model advances its states and
       returns Iion at that V" (docs/verification.md: this order is also the accurate one) */
    emit_need_clear(e);
    emit_need_expr(e, emit_value(e, m->iion));
    emit_need_eqs(e, m->eqs, m->neqs);
    fprintf(e->out,
            "\n    {   /* Iion at the new states (bench: the model advances its states, then returns\n"
            "           Iion at the step's V) */\n");
    e->xarr = "sc_xn";
    emit_inputs(e, NULL, "        ");
    emit_needed_eqs(e, m->eqs, m->neqs, "        ");
    emit_carry_store(e, "        ");
    e->xarr = NULL;
    fprintf(e->out, "        return %s;\n    }\n}\n\n", emit_expr_str(e, emit_value(e, m->iion), 1));
}

/* The per-cell parameter set of the pv variant: each parameter from its per-cell array or the
 * uniform set, then every constant recomputed from them. */
static void emit_pv_fill(Em *e) {
    const CgModel *m = e->m;
    fprintf(e->out,
            "    %s_pcv sc_q;\n    %s_pcv *const sc_p = &sc_q;\n"
            "    const sc_scal *sc_pcell = (const sc_scal *)sc_a->pcell;\n"
            "    (void)sc_pcell;\n    (void)sc_pu;\n",
            e->id, e->id);
    for (int i = 0; i < m->nparams; i++) {
        const char *n = e->cn[m->params[i]->id];
        fprintf(e->out,
                "    sc_q.%s = sc_a->vary[%d] >= 0 ? SC_LD(sc_pcell + sc_a->vary[%d] * sc_n + sc_i, sc_nv)\n"
                "                               : sc_bc(sc_pu->%s);\n",
                n, i, i, n);
    }
    for (int i = 0; i < m->nconsts; i++) {
        const CgSym *c = m->consts[i];
        fprintf(e->out, "    sc_q.%s = ", e->cn[c->id]);
        if (c->def)
            emit_expr(e, c->def);
        else {
            fputs("sc_bc(", e->out);
            emit_num(e, c->value);
            fputs(")", e->out);
        }
        fputc(';', e->out);
        emit_line_comment(e, c);
        fputc('\n', e->out);
    }
    if (!m->nparams && !m->nconsts)
        fprintf(e->out, "    sc_q.sc_none = sc_bc(0);\n");
}

/* ID_cells V: cells [sc_i, sc_i + lanes) over the steps of the call (sc_nv of the lanes are
 * real cells; SC_LD repeats a real one in the others, SC_ST skips them). */
static void emit_cells(Em *e) {
    const CgModel *m = e->m;
    int nst = m->nstores ? m->nstores : 1, nex = m->nexternals ? m->nexternals : 1;
    int ntr = m->ntraces ? m->ntraces : 1;
    fprintf(e->out,
            "/* Cells [sc_i, sc_i + lanes) of the call's arrays over its steps (time blocking: the\n"
            " * state stays in registers over the K steps). */\n"
            "SC_FN void %s_cells%s(const ScStepArgs *sc_a, const %s_pc *sc_pu, long sc_i, int sc_nv) {\n"
            "    const long sc_n = sc_a->n;\n"
            "    sc_scal *const sc_svm = (sc_scal *)sc_a->sv;\n"
            "    sc_scal *const sc_vmm = (sc_scal *)sc_a->vm;\n"
            "    sc_scal *const sc_iim = (sc_scal *)sc_a->iion;\n"
            "    sc_scal *const sc_exm = (sc_scal *)sc_a->ext;\n"
            "    const sc_scal *const sc_lut = (const sc_scal *)sc_a->lut;\n"
            "    unsigned long long *const sc_oor = sc_a->lut_oor;\n"
            "    const unsigned sc_flags = sc_a->flags;\n"
            "    (void)sc_svm;\n    (void)sc_exm;\n    (void)sc_lut;\n    (void)sc_oor;\n",
            e->id, e->vs, e->id);
    if (e->pv)
        emit_pv_fill(e);
    else
        fprintf(e->out, "    const %s_pc *const sc_p = sc_pu;\n", e->id);
    /* GPU: traces go straight to out_tr (no per-thread array in local memory), and Iion is read
       only where it is output before the first step computes it (a K = 1 call of a small model
       moves a sixth fewer bytes) */
    const char *trdecl = e->gpu ? "" : ar_printf(&e->ar, ", sc_tr[%d]", ntr);
    const char *iload = e->gpu
                            ? "(sc_a->out_iion || sc_a->nsteps <= 0) ? SC_LD(sc_iim + sc_i, sc_nv) : sc_bc(0)"
                            : "SC_LD(sc_iim + sc_i, sc_nv)";
    const char *trset =
        e->gpu ? ar_printf(&e->ar, "(sc_scal *)sc_a->out_tr + sc_slot * %d * sc_n + sc_i", m->ntraces)
               : "sc_tr";
    const char *trcopy =
        e->gpu
            ? ""
            : ar_printf(
                  &e->ar,
                  "        if (sc_trp)\n"
                  "            for (int sc_k = 0; sc_k < %d; sc_k++)\n"
                  "                SC_ST((sc_scal *)sc_a->out_tr + (sc_slot * %d + sc_k) * sc_n + sc_i, sc_tr[sc_k],\n"
                  "                      sc_nv);\n",
                  m->ntraces, m->ntraces);
    fprintf(e->out,
            "    sc_real sc_x[%d], sc_st[%d], sc_ext[%d]%s;\n"
            "    for (int sc_k = 0; sc_k < %d; sc_k++)\n"
            "        sc_x[sc_k] = SC_LD(sc_svm + sc_k * sc_n + sc_i, sc_nv);\n"
            "    for (int sc_k = 0; sc_k < %d; sc_k++)\n"
            "        sc_st[sc_k] = %s;\n"
            "    for (int sc_k = 0; sc_k < %d; sc_k++)\n"
            "        sc_ext[sc_k] = %s;\n"
            "    sc_real sc_V = SC_LD(sc_vmm + sc_i, sc_nv), sc_I = %s;\n",
            m->nstates ? m->nstates : 1, nst, nex, trdecl, m->nstates, m->nstores,
            ar_printf(&e->ar, "SC_LD(sc_svm + (%d + sc_k) * sc_n + sc_i, sc_nv)", m->nstates), m->nexternals,
            "sc_exm ? SC_LD(sc_exm + sc_k * sc_n + sc_i, sc_nv) : sc_bc(0)", iload);
    emit_carry_init(e);
    fprintf(
        e->out,
        "    const sc_real dt = sc_bc((sc_scal)sc_a->dt);\n"
        "    const int sc_K = (sc_flags & SC_STEP_IION_ONLY) ? 1 : sc_a->nsteps;\n"
        "    for (int sc_s = 0; sc_s < sc_K; sc_s++) {\n"
        "        const long sc_d = sc_a->d0 + sc_s;\n"
        "        const sc_real t = sc_bc((sc_scal)((double)sc_d * sc_a->dt));\n"
        "        sc_real *sc_trp = 0;\n"
        "        long sc_slot = -1;\n"
        "        if (sc_a->out_every > 0 && sc_d >= sc_a->out_start &&\n"
        "            (sc_d - sc_a->out_start) %% sc_a->out_every == 0) {\n"
        "            sc_slot = (sc_d - sc_a->out_start) / sc_a->out_every - sc_a->out_slot0;\n"
        "            if (sc_a->out_vm)\n"
        "                SC_ST((sc_scal *)sc_a->out_vm + sc_slot * sc_n + sc_i, sc_V, sc_nv);\n"
        "            if (sc_a->out_iion)\n"
        "                SC_ST((sc_scal *)sc_a->out_iion + sc_slot * sc_n + sc_i, sc_I, sc_nv);\n"
        "            if (sc_a->out_tr)\n"
        "                sc_trp = %s;\n"
        "        }\n"
        "        sc_real sc_Vs = sc_V;\n"
        "        if ((sc_flags & SC_STEP_BENCH) && sc_stim_on(&sc_a->stim, sc_d))\n"
        "            sc_Vs = sc_V + (sc_scal)sc_a->stim.amp * dt;\n"
        "        /* Iion only: a step of length 0 leaves the states as they are */\n"
        "        sc_I = %s_cell%s(sc_p, sc_lut, sc_oor, sc_a, t, (sc_flags & SC_STEP_IION_ONLY) ? sc_bc(0) : dt,\n"
        "                      sc_Vs, sc_x, sc_st, sc_ext, sc_trp, sc_cv);\n"
        "%s"
        "        if (sc_flags & SC_STEP_IION_ONLY)\n"
        "            break;\n"
        "        if (sc_flags & SC_STEP_BENCH)\n"
        "            sc_V = sc_Vs - dt * sc_I;\n"
        "        sc_real sc_chk = (sc_flags & SC_STEP_BENCH) ? sc_V : sc_I;\n"
        "%s"
        "        if (sc_check(sc_a, sc_d, sc_i, sc_nv, sc_chk, (sc_flags & SC_STEP_BENCH) != 0))\n"
        "            break;   /* recorded in sc_a->status: the runtime stops the run */\n"
        "    }\n",
        trset, e->id, e->vs, trcopy, emit_watch_use(e));
    fprintf(e->out,
            "    if (!(sc_flags & SC_STEP_IION_ONLY)) {\n"
            "        for (int sc_k = 0; sc_k < %d; sc_k++)\n"
            "            SC_ST(sc_svm + sc_k * sc_n + sc_i, sc_x[sc_k], sc_nv);\n"
            "        for (int sc_k = 0; sc_k < %d; sc_k++)\n"
            "            SC_ST(sc_svm + (%d + sc_k) * sc_n + sc_i, sc_st[sc_k], sc_nv);\n"
            "        SC_ST(sc_vmm + sc_i, sc_V, sc_nv);\n"
            "    }\n"
            "    SC_ST(sc_iim + sc_i, sc_I, sc_nv);\n",
            m->nstates, m->nstores, m->nstates);
    for (int k = 0; k < m->nexternals; k++)
        if (m->externals[k]->def)
            fprintf(e->out, "    if (sc_exm)\n        SC_ST(sc_exm + %d * sc_n + sc_i, sc_ext[%d], sc_nv);\n",
                    k, k);
    fprintf(e->out, "}\n\n");
}

/* Groups, cell and block functions of the current variant. */
static void emit_variant(Em *e, int lut, int pv) {
    e->lut = lut;
    e->pv = pv;
    e->vs = lut ? "_lut" : pv ? "_pv" : "";
    fprintf(e->out, "/* ================ variant %s: %s ================ */\n\n",
            *e->vs ? e->vs + 1 : "exact",
            lut  ? "lookup-table columns interpolated"
            : pv ? "parameters per cell, constants per cell, columns exact"
                 : "uniform parameter set, every expression exact");
    for (int gi = 0; gi < e->m->ngroups; gi++)
        emit_group_functions(e, gi);
    emit_cell(e);
    emit_cells(e);
}

void emit_body(Em *e) {
    emit_watch_fn(e);
    for (int gi = 0; gi < e->m->ngroups; gi++)
        emit_lu_functions(e, gi);
    emit_variant(e, 0, 0);
    if (e->m->ntables)
        emit_variant(e, 1, 0);
    emit_variant(e, 0, 1);
    e->lut = e->pv = 0;
    e->vs = "";
}

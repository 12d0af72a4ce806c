/* emit_body.c: the per-cell code of a step (equations, lookup-table columns, methods, bounds,
 * stores, traces) and the block function that advances cells over the steps of one call, in each
 * variant (emit_body; the functions it writes are listed in emit_core.c's header). It calls the
 * groups' methods (emit_methods.c), the carried values (emit_carry.c), the watch (emit_watch.c)
 * and emit_core.c; the back ends call it. */
#include <stdint.h>
#include <string.h>

#include "emit.h"

static const char *pc_type(Em *e) { return ar_printf(&e->ar, "%s_pc%s", e->id, e->pv ? "v" : ""); }

/* The qualifiers of the cell and cells functions: on the GPU always inlined, so that each kernel
 * (with or without the traces' sum: emit_gpu.c) is compiled with its own constant gen_want_is. */
static const char *cell_fn(const Em *e) { return e->gpu ? "static __device__ __forceinline__" : "GEN_FN"; }

/* One cell-step: the equations, traces, every group's new states, then Iion at the new states. */
/* State s held within its bound b (.lb with op '<', .ub with '>'): a NaN stays a NaN. */
static void emit_clamp(Em *e, int s, char op, double b) {
    fprintf(e->out, "    gen_xn[%d] = gen_sel(gen_xn[%d] %c ", s, s, op);
    emit_num(e, b);
    fputs(", gen_bc(", e->out);
    emit_num(e, b);
    fprintf(e->out, "), gen_xn[%d]);\n", s);
}

/* The traces of a cell-step (when gen_tr is not NULL) and their weighted sum (when gen_is is not
 * NULL: each trace whose weight is not 0, in the order of the traces; 0 without traces). Each block
 * is skipped at run time when its pointer is NULL, so that a step without sampled traces computes
 * nothing for them. */
static void emit_traces(Em *e) {
    const CgModel *m = e->m;
    if (m->ntraces) {
        fprintf(e->out, "    if (gen_tr) {\n");
        for (int k = 0; k < m->ntraces; k++) /* GPU: gen_tr is the cell's column of out_tr */
            fprintf(e->out,
                    e->gpu ? "        gen_tr[%d * gen_o->n] = %s;   /* trace %s */\n"
                           : "        gen_tr[%d] = %s;   /* trace %s */\n",
                    k, emit_expr_str(e, emit_value(e, m->traces[k]), 1), m->traces[k]->name);
        fprintf(e->out, "    }\n");
    }
    fprintf(e->out, "    if (gen_is) {   /* the traces' weighted sum (ScStepArgs.out_isum) */\n"
                    "        gen_real gen_sum = gen_bc(0);\n");
    for (int k = 0; k < m->ntraces; k++)
        fprintf(e->out,
                "        if (gen_o->isum_w[%d] != 0)\n"
                "            gen_sum = gen_sum + gen_bc((gen_scal)gen_o->isum_w[%d]) * (%s);   /* %s */\n",
                k, k, emit_expr_str(e, emit_value(e, m->traces[k]), 1), m->traces[k]->name);
    fprintf(e->out, "        *gen_is = gen_sum;\n    }\n");
}

static void emit_cell(Em *e) {
    const CgModel *m = e->m;
    emit_carry_plan(e);
    e->cv_read = 1; /* carried equations: read from gen_cv, what only they read is not computed */
    emit_need_step(e);

    fprintf(
        e->out,
        "/* One step of one cell (or one vector of cells) at Vm = gen_V: returns Iion, advances\n"
        " * the states gen_xio in place, writes the stores, the written externals, when gen_tr\n"
        " * is not NULL the traces, and when gen_is is not NULL the traces' sum weighted by\n"
        " * gen_o->isum_w (ScStepArgs.out_isum). */\n"
        "%s gen_real %s_cell%s(const %s *gen_p, const gen_scal *gen_lut, unsigned long long *gen_oor,\n"
        "                      const ScStepArgs *gen_o, gen_real t, gen_real dt, gen_real gen_V,\n"
        "                      gen_real *gen_xio, gen_real *gen_st, gen_real *gen_ext, gen_real *gen_tr,\n"
        "                      gen_real *gen_is, gen_real *gen_cv) {\n"
        "    (void)gen_p;\n    (void)gen_lut;\n    (void)gen_oor;\n    (void)gen_o;\n    (void)t;\n"
        "    (void)dt;\n    (void)gen_V;\n    (void)gen_st;\n    (void)gen_ext;\n    (void)gen_tr;\n"
        "    (void)gen_is;\n    (void)gen_cv;\n"
        "    gen_real gen_x[%d], gen_xn[%d];   /* states at the start of the step, new states */\n",
        cell_fn(e), e->id, e->vs, pc_type(e), e->ns1, e->ns1);
    for (int s = 0; s < m->nstates; s++)
        if (m->vm_copy && m->vm_copy->state == s) /* vm=M: Vm's copy starts at the step's Vm */
            fprintf(e->out, "    gen_x[%d] = gen_xn[%d] = gen_V;   /* %s */\n", s, s, m->vm_copy->name);
        else
            fprintf(e->out, "    gen_x[%d] = gen_xn[%d] = gen_xio[%d];\n", s, s, s);
    emit_inputs(e, NULL, "    ");
    fprintf(e->out, "\n    /* per-step equations */\n");
    emit_needed_eqs(e, m->eqs, m->neqs, "    ");
    e->cv_read = 0;
    emit_traces(e);
    fprintf(e->out,
            "\n    /* states: every method starts from gen_x (easyml.md 6, 7), so their order is free:\n"
            "       the inline updates (fe, gates) first, the groups with a loop or a solve last,\n"
            "       so that the equations only the inline ones read are dead before those */\n");
    for (int pass = 0; pass < 2; pass++)
        for (int gi = 0; gi < m->ngroups; gi++)
            if (sema_group_uses_rhs(m, &m->groups[gi]) == pass)
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
        fprintf(e->out, "    gen_xio[%d] = gen_xn[%d];\n", s, s);
    for (int k = 0; k < m->nstores; k++)
        fprintf(e->out, "    gen_st[%d] = %s;   /* store %s */\n", k, emit_expr_str(e, m->stores[k]->def, 1),
                e->cn[m->stores[k]->id]);
    for (int k = 0; k < m->nexternals; k++)
        if (m->externals[k]->def)
            fprintf(e->out, "    gen_ext[%d] = %s;   /* external %s */\n", k,
                    emit_expr_str(e, emit_value(e, m->externals[k]), 1), m->externals[k]->name);
    /* Iion at the step's V and the new states: bench's rule "the model advances its states and
       returns Iion at that V" (docs/verification.md: this order is also the accurate one) */
    emit_need_iion(e);
    fprintf(e->out,
            "\n    {   /* Iion at the new states (bench: the model advances its states, then returns\n"
            "           Iion at the step's V) */\n");
    e->xarr = "gen_xn";
    emit_inputs(e, NULL, "        ");
    emit_needed_eqs(e, m->eqs, m->neqs, "        ");
    emit_carry_store(e, "        ");
    e->xarr = NULL;
    e->reuse = NULL;
    fprintf(e->out, "        return %s;\n    }\n}\n\n", emit_expr_str(e, emit_value(e, m->iion), 1));
}

/* The per-cell parameter set of the pv variant: each parameter from its per-cell array or the
 * uniform set, then every constant recomputed from them. */
static void emit_pv_fill(Em *e) {
    const CgModel *m = e->m;
    fprintf(e->out,
            "    %s_pcv gen_q;\n    %s_pcv *const gen_p = &gen_q;\n"
            "    const gen_scal *gen_pcell = (const gen_scal *)gen_a->pcell;\n"
            "    (void)gen_pcell;\n    (void)gen_pu;\n",
            e->id, e->id);
    for (int i = 0; i < m->nparams; i++) {
        const char *n = e->cn[m->params[i]->id];
        fprintf(
            e->out,
            "    gen_q.%s = gen_a->vary[%d] >= 0 ? GEN_LD(gen_pcell + gen_a->vary[%d] * gen_n + gen_i, gen_nv)\n"
            "                               : gen_bc(gen_pu->%s);\n",
            n, i, i, n);
    }
    for (int i = 0; i < m->nconsts; i++) {
        const CgSym *c = m->consts[i];
        fprintf(e->out, "    gen_q.%s = ", e->cn[c->id]);
        if (c->def)
            emit_expr(e, c->def);
        else {
            fputs("gen_bc(", e->out);
            emit_num(e, c->value);
            fputs(")", e->out);
        }
        fputc(';', e->out);
        emit_line_comment(e, c);
        fputc('\n', e->out);
    }
    if (!m->nparams && !m->nconsts)
        fprintf(e->out, "    gen_q.gen_none = gen_bc(0);\n");
}

static void emit_cells_steps(Em *e, const char *trset, const char *isset, const char *trcopy);

/* ID_cells V: cells [gen_i, gen_i + lanes) over the steps of the call (gen_nv of the lanes are
 * real cells; GEN_LD repeats a real one in the others, GEN_ST skips them). */
static void emit_cells(Em *e) {
    const CgModel *m = e->m;
    int nst = m->nstores ? m->nstores : 1, nex = m->nexternals ? m->nexternals : 1;
    int ntr = m->ntraces ? m->ntraces : 1;
    fprintf(e->out,
            "/* Cells [gen_i, gen_i + lanes) of the call's arrays over its steps (time blocking: the\n"
            " * state stays in registers over the K steps); the traces' sum only where gen_want_is. */\n"
            "%s void %s_cells%s(const ScStepArgs *gen_a, const %s_pc *gen_pu, long gen_i, int gen_nv,\n"
            "                   const int gen_want_is) {\n"
            "    const long gen_n = gen_a->n;\n"
            "    gen_scal *const gen_svm = (gen_scal *)gen_a->sv;\n"
            "    gen_scal *const gen_vmm = (gen_scal *)gen_a->vm;\n"
            "    gen_scal *const gen_iim = (gen_scal *)gen_a->iion;\n"
            "    gen_scal *const gen_exm = (gen_scal *)gen_a->ext;\n"
            "    const gen_scal *const gen_lut = (const gen_scal *)gen_a->lut;\n"
            "    unsigned long long *const gen_oor = gen_a->lut_oor;\n"
            "    const unsigned gen_flags = gen_a->flags;\n"
            "    (void)gen_svm;\n    (void)gen_exm;\n    (void)gen_lut;\n    (void)gen_oor;\n",
            cell_fn(e), e->id, e->vs, e->id);
    if (e->pv)
        emit_pv_fill(e);
    else
        fprintf(e->out, "    const %s_pc *const gen_p = gen_pu;\n", e->id);
    /* GPU: traces and their sum go straight to out_tr and out_isum (no per-thread array or
       address-taken value in local memory), and Iion is read
       only where it is output before the first step computes it (a K = 1 call of a small model
       moves a sixth fewer bytes) */
    const char *trdecl = e->gpu ? "" : ar_printf(&e->ar, ", gen_tr[%d], gen_is = gen_bc(0)", ntr);
    const char *iload =
        e->gpu ? "(gen_a->out_iion || gen_a->nsteps <= 0) ? GEN_LD(gen_iim + gen_i, gen_nv) : gen_bc(0)"
               : "GEN_LD(gen_iim + gen_i, gen_nv)";
    const char *trset =
        e->gpu ? ar_printf(&e->ar, "(gen_scal *)gen_a->out_tr + gen_slot * %d * gen_n + gen_i", m->ntraces)
               : "gen_tr";
    const char *isset = e->gpu ? "(gen_scal *)gen_a->out_isum + gen_slot * gen_n + gen_i" : "&gen_is";
    const char *trcopy =
        e->gpu
            ? ""
            : ar_printf(
                  &e->ar,
                  "        if (gen_trp)\n"
                  "            for (int gen_k = 0; gen_k < %d; gen_k++)\n"
                  "                GEN_ST((gen_scal *)gen_a->out_tr + (gen_slot * %d + gen_k) * gen_n + gen_i, gen_tr[gen_k],\n"
                  "                      gen_nv);\n"
                  "        if (gen_isp)\n"
                  "            GEN_ST((gen_scal *)gen_a->out_isum + gen_slot * gen_n + gen_i, gen_is, gen_nv);\n",
                  m->ntraces, m->ntraces);
    fprintf(e->out,
            "    gen_real gen_x[%d], gen_st[%d], gen_ext[%d]%s;\n"
            "    for (int gen_k = 0; gen_k < %d; gen_k++)\n"
            "        gen_x[gen_k] = GEN_LD(gen_svm + gen_k * gen_n + gen_i, gen_nv);\n"
            "    for (int gen_k = 0; gen_k < %d; gen_k++)\n"
            "        gen_st[gen_k] = %s;\n"
            "    for (int gen_k = 0; gen_k < %d; gen_k++)\n"
            "        gen_ext[gen_k] = %s;\n"
            "    gen_real gen_V = GEN_LD(gen_vmm + gen_i, gen_nv), gen_I = %s;\n",
            m->nstates ? m->nstates : 1, nst, nex, trdecl, m->nstates, m->nstores,
            ar_printf(&e->ar, "GEN_LD(gen_svm + (%d + gen_k) * gen_n + gen_i, gen_nv)", m->nstates),
            m->nexternals, "gen_exm ? GEN_LD(gen_exm + gen_k * gen_n + gen_i, gen_nv) : gen_bc(0)", iload);
    emit_carry_init(e);
    emit_cells_steps(e, trset, isset, trcopy);
}

/* The step loop of ID_cells and the stores after it (trset, isset: where a step's traces and their
 * weighted sum go; trcopy: the copy of the CPU's trace array and sum into the call's outputs). */
static void emit_cells_steps(Em *e, const char *trset, const char *isset, const char *trcopy) {
    const CgModel *m = e->m;
    fprintf(
        e->out,
        "    const gen_real dt = gen_bc((gen_scal)gen_a->dt);\n"
        "    const int gen_K = (gen_flags & SC_STEP_IION_ONLY) ? 1 : gen_a->nsteps;\n"
        "    for (int gen_s = 0; gen_s < gen_K; gen_s++) {\n"
        "        const long gen_d = gen_a->d0 + gen_s;\n"
        "        const gen_real t = gen_bc((gen_scal)((double)gen_d * gen_a->dt));\n"
        "        gen_real *gen_trp = 0, *gen_isp = 0;\n"
        "        long gen_slot = -1;\n"
        "        /* every step (out_every 1: the biomarkers' samples) without a 64-bit division */\n"
        "        if (gen_a->out_every > 0 && gen_d >= gen_a->out_start &&\n"
        "            (gen_a->out_every == 1 || (gen_d - gen_a->out_start) %% gen_a->out_every == 0)) {\n"
        "            gen_slot = (gen_a->out_every == 1 ? gen_d - gen_a->out_start\n"
        "                                                : (gen_d - gen_a->out_start) / gen_a->out_every) -\n"
        "                       gen_a->out_slot0;\n"
        "            if (gen_a->out_vm)\n"
        "                GEN_ST((gen_scal *)gen_a->out_vm + gen_slot * gen_n + gen_i, gen_V, gen_nv);\n"
        "            if (gen_a->out_iion)\n"
        "                GEN_ST((gen_scal *)gen_a->out_iion + gen_slot * gen_n + gen_i, gen_I, gen_nv);\n"
        "            if (gen_a->out_tr)\n"
        "                gen_trp = %s;\n"
        "            if (gen_want_is && gen_a->out_isum)\n"
        "                gen_isp = %s;\n"
        "        }\n"
        "        gen_real gen_Vs = gen_V;\n"
        "        if ((gen_flags & SC_STEP_BENCH) && gen_stim_on(&gen_a->stim, gen_d))\n"
        "            gen_Vs = gen_V + (gen_scal)gen_a->stim.amp * dt;\n"
        "        /* Iion only: a step of length 0 leaves the states as they are */\n"
        "        gen_I = %s_cell%s(gen_p, gen_lut, gen_oor, gen_a, t, (gen_flags & SC_STEP_IION_ONLY) ? gen_bc(0) : dt,\n"
        "                      gen_Vs, gen_x, gen_st, gen_ext, gen_trp, gen_isp, gen_cv);\n"
        "%s"
        "        if (gen_flags & SC_STEP_IION_ONLY)\n"
        "            break;\n"
        "        if (gen_flags & SC_STEP_BENCH)\n"
        "            gen_V = gen_Vs - dt * gen_I;\n"
        "        gen_real gen_chk = (gen_flags & SC_STEP_BENCH) ? gen_V : gen_I;\n"
        "%s"
        "        if (gen_check(gen_a, gen_d, gen_i, gen_nv, gen_chk, (gen_flags & SC_STEP_BENCH) != 0))\n"
        "            break;   /* recorded in gen_a->status: the runtime stops the run */\n"
        "    }\n",
        trset, isset, e->id, e->vs, trcopy, emit_watch_use(e));
    fprintf(e->out,
            "    if (!(gen_flags & SC_STEP_IION_ONLY)) {\n"
            "        for (int gen_k = 0; gen_k < %d; gen_k++)\n"
            "            GEN_ST(gen_svm + gen_k * gen_n + gen_i, gen_x[gen_k], gen_nv);\n"
            "        for (int gen_k = 0; gen_k < %d; gen_k++)\n"
            "            GEN_ST(gen_svm + (%d + gen_k) * gen_n + gen_i, gen_st[gen_k], gen_nv);\n"
            "        GEN_ST(gen_vmm + gen_i, gen_V, gen_nv);\n"
            "    }\n"
            "    GEN_ST(gen_iim + gen_i, gen_I, gen_nv);\n",
            m->nstates, m->nstores, m->nstates);
    for (int k = 0; k < m->nexternals; k++)
        if (m->externals[k]->def)
            fprintf(e->out,
                    "    if (gen_exm)\n        GEN_ST(gen_exm + %d * gen_n + gen_i, gen_ext[%d], gen_nv);\n",
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

/* emit_methods.c: the integration methods (easyml.md 7), the same text for every back end.
 *
 * fe and rush_larsen gates are written inline in ID_cell (they need only values the cell has
 * computed). Every other group gets, at file scope and per variant V:
 *   ID_rhs_gK V    derivatives f (and, when the group has one, the Jacobian J, row-major) of the
 *                  group's states at y (other states gen_x, V frozen), re-evaluating the equations
 *   ID_ros2_gK V   one ROS2 step (rosenbrock)
 *   ID_ros4_gK V   one 4th-order Rosenbrock step, returning its scaled error norm (cvode's sub-steps)
 *   ID_adv_gK V    advances y (the group's states at the start of the step) over dt in place
 * and the cell gathers y from gen_x, calls ID_adv_gK and scatters y into gen_xn.
 * Groups that factorise W = I - c J (markov_be, rosenbrock, cvode) also get, once per file, the
 * sparse LU of their pattern (emit_lu.c): ID_w_gK, ID_lu_gK and ID_solve_gK (markov_be: ID_lusolve_gK);
 * their Jacobian is written in its compact form (on the GPU in the order of the outputs:
 * emit_rhsorder.c). The code is written for "one or many cells in lock step": no index depends
 * on data (the LU has no pivoting), and the adaptive cvode loop runs until every lane is done,
 * finished lanes taking steps of size 0. */
#include <math.h>
#include <string.h>

#include "emit.h"

static int uses_jac(const CgGroup *g) {
    return g->jac && (g->method == CG_RUSH_LARSEN || g->method == CG_SUNDNES || g->method == CG_MARKOV_BE ||
                      g->method == CG_ROSENBROCK || g->method == CG_CVODE);
}

static void group_comment(Em *e, const CgGroup *g, int gi) {
    fprintf(e->out, "/* group %d: %s over", gi, sema_method_name(g->method));
    for (int j = 0; j < g->n && j < 12; j++)
        fprintf(e->out, " %s", e->m->states[g->states[j]].sym->name);
    if (g->n > 12)
        fprintf(e->out, " ... (%d states)", g->n);
    fprintf(e->out, " */\n");
}

static const char *pct(Em *e) { return ar_printf(&e->ar, "%s_pc%s", e->id, e->pv ? "v" : ""); }

/* The shared values of the group being written (emit_inv.c), as a parameter and an argument
 * after gen_x: nothing when it has none. */
static const char *inv_param(const Em *e) { return e->ninv ? " const gen_real *gen_inv," : ""; }
static const char *inv_arg(const Em *e) { return e->ninv ? "gen_inv, " : ""; }

/* e->need := what the group's derivatives (and Jacobian, when jac) read. */
static void need_group(Em *e, const CgGroup *g, int jac) {
    const CgModel *m = e->m;
    emit_need_clear(e);
    for (int j = 0; j < g->n; j++)
        emit_need_expr(e, emit_value(e, m->states[g->states[j]].diff));
    if (jac) {
        for (int k = 0; k < g->n * g->n; k++)
            emit_need_expr(e, g->jac[k]);
        emit_need_eqs(e, g->jeqs, g->njeqs);
    }
    emit_need_eqs(e, m->eqs, m->neqs);
}

/* Do the group's derivatives read the time t (a non-autonomous right-hand side)? */
static int group_reads_t(Em *e, const CgGroup *g) {
    need_group(e, g, 0);
    int r = e->m->t && e->need[e->m->t->id];
    emit_need_clear(e);
    return r;
}

/* ID_rhs_gK: f = the group's derivatives at y, and J when asked and available. */
static void emit_rhs(Em *e, const CgGroup *g, int gi) {
    const CgModel *m = e->m;
    int n = g->n, jac = uses_jac(g);
    need_group(e, g, jac);

    fprintf(
        e->out,
        "GEN_FN void %s_rhs_g%d%s(const %s *gen_p, const gen_scal *gen_lut, unsigned long long *gen_oor,\n"
        "                       gen_real t, gen_real dt, gen_real gen_V, const gen_real *gen_x,%s\n"
        "                       const gen_real *gen_y, gen_real *gen_f, gen_real *gen_J) {\n"
        "    (void)gen_p;\n    (void)gen_lut;\n    (void)gen_oor;\n    (void)t;\n    (void)dt;\n"
        "    (void)gen_V;\n    (void)gen_x;\n    (void)gen_y;\n    (void)gen_J;\n",
        e->id, gi, e->vs, pct(e), inv_param(e));
    if (e->target == EMIT_CUDA && emit_lu_needed(g))
        fprintf(e->out, "    GEN_FRESH(gen_V);   /* what reads only Vm: recomputed at each call */\n");
    emit_group_zero_inputs(e, "    ");
    emit_inputs(e, g, "    ");
    emit_inv_reads(e, g, gi, "    ");
    LuPlan lp;
    if (jac && e->gpu && emit_lu_needed(g)) { /* in the order of the outputs (emit_rhsorder.c) */
        if (emit_lu_plan(e, g, &lp) == 0)
            emit_rhs_ordered(e, g, &lp, "    ");
        fprintf(e->out, "}\n\n");
        return;
    }
    emit_needed_eqs(e, m->eqs, m->neqs, "    ");
    for (int j = 0; j < n; j++)
        fprintf(e->out, "    gen_f[%d] = %s;\n", j,
                emit_expr_str(e, emit_value(e, m->states[g->states[j]].diff), 1));
    if (jac) {
        fprintf(e->out, "    if (gen_J) {\n");
        emit_needed_eqs(e, g->jeqs, g->njeqs, "        ");
        /* compact: the entries of the LU's pattern that the Jacobian writes (emit_lu.c) */
        if (emit_lu_plan(e, g, &lp) != 0)
            return;
        double z;
        for (int k = 0; k < n * n; k++)
            if (lp.pos[k] >= 0 && emit_lu_written(g, k / n, k % n))
                fprintf(e->out, "        gen_J[%d] = %s;   /* d %s / d %s */\n", lp.pos[k],
                        ex_is_num(g->jac[k], &z) && z == 0 ? "gen_bc(0)" : emit_expr_str(e, g->jac[k], 1),
                        m->states[g->states[k / n]].sym->name, m->states[g->states[k % n]].sym->name);
        fprintf(e->out, "    }\n");
    }
    fprintf(e->out, "}\n\n");
}

/* The call of the group's rhs: T is the time expression, Y the point, F and J the outputs. */
static void call_rhs(Em *e, int gi, const char *t, const char *y, const char *f, const char *J,
                     const char *in) {
    fprintf(e->out, "%s%s_rhs_g%d%s(gen_p, gen_lut, gen_oor, %s, dt, gen_V, gen_x, %s%s, %s, %s);\n", in,
            e->id, gi, e->vs, t, inv_arg(e), y, f, J);
}

/* The size of the group's compact Jacobian (1 for a one-state group without LU). */
static int jac_size(Em *e, const CgGroup *g) {
    LuPlan lp;
    return emit_lu_needed(g) && emit_lu_plan(e, g, &lp) == 0 ? lp.nnz : 1;
}

static void emit_ros2(Em *e, const CgGroup *g, int gi) {
    int n = g->n;
    fprintf(
        e->out,
        "/* One ROS2 step of size gen_h (Verwer et al. 1999, gamma = 1 + 1/sqrt(2)):\n"
        " * W = I - gamma*h*J, W k1 = f(y), W k2 = f(y + h k1) - 2 k1,\n"
        " * yn = y + 3/2 h k1 + 1/2 h k2; gen_err = W^-1 (yn - (y + h k1)) (order 1 embedded). */\n"
        "GEN_FN void %s_ros2_g%d%s(const %s *gen_p, const gen_scal *gen_lut, unsigned long long *gen_oor,\n"
        "                        gen_real t, gen_real dt, gen_real gen_h, gen_real gen_V,\n"
        "                        const gen_real *gen_x,%s const gen_real *gen_y, gen_real *gen_yn,\n"
        "                        gen_real *gen_err) {\n"
        "    const gen_scal gen_gamma = (gen_scal)1.7071067811865475;\n"
        "    gen_real gen_f[%d], gen_A[%d], gen_k1[%d], gen_k2[%d];\n",
        e->id, gi, e->vs, pct(e), inv_param(e), n, jac_size(e, g), n, n);
    call_rhs(e, gi, "t", "gen_y", "gen_f", "gen_A", "    ");
    fprintf(e->out,
            "    %s_w_g%d(gen_A, gen_gamma * gen_h);\n"
            "    %s_lu_g%d(gen_A);\n"
            "    for (int gen_j = 0; gen_j < %d; gen_j++)\n"
            "        gen_k1[gen_j] = gen_f[gen_j];\n"
            "    %s_solve_g%d(gen_A, gen_k1);\n"
            "    for (int gen_j = 0; gen_j < %d; gen_j++)\n"
            "        gen_yn[gen_j] = gen_y[gen_j] + gen_h * gen_k1[gen_j];\n",
            e->id, gi, e->id, gi, n, e->id, gi, n);
    call_rhs(e, gi, "t + gen_h", "gen_yn", "gen_f", "0", "    ");
    fprintf(
        e->out,
        "    for (int gen_j = 0; gen_j < %d; gen_j++)\n"
        "        gen_k2[gen_j] = gen_f[gen_j] - (gen_scal)2 * gen_k1[gen_j];\n"
        "    %s_solve_g%d(gen_A, gen_k2);\n"
        "    for (int gen_j = 0; gen_j < %d; gen_j++) {\n"
        "        gen_yn[gen_j] = gen_y[gen_j] + (gen_scal)1.5 * gen_h * gen_k1[gen_j] + (gen_scal)0.5 * gen_h * gen_k2[gen_j];\n"
        "        gen_err[gen_j] = (gen_scal)0.5 * gen_h * (gen_k1[gen_j] + gen_k2[gen_j]);\n"
        "    }\n"
        "    /* filtered estimate W^-1 err (as Shampine's ode23s, Hairer-Wanner's RADAU5): the raw\n"
        "       one stays O(1) on stiff components whatever h, the filtered one goes to 0 */\n"
        "    %s_solve_g%d(gen_A, gen_err);\n"
        "}\n\n",
        n, e->id, gi, n, e->id, gi);
}

/* The scale of each state's absolute tolerance in an adaptive group, as the local array
 * gen_ascale: 1 for a state whose initial value is 0 or at least EMIT_ATOL_REF in magnitude, else
 * |init| / EMIT_ATOL_REF (at least 1e-6). A state that lives far below the default atol (fabbri's RyR
 * open probability, 6e-9, behind a conductance of 1e8) is then controlled relative to its size:
 * with one atol for all, its error is a few per cent per step and adds up over long runs
 * (docs/verification.md, "Error that builds up"). */
#define EMIT_ATOL_REF 1e-5
static void emit_atol_scales(Em *e, const CgGroup *g) {
    fprintf(e->out, "    const gen_scal gen_ascale[%d] = {", g->n);
    for (int j = 0; j < g->n; j++) {
        const CgState *st = &e->m->states[g->states[j]];
        double a = fabs(st->init_value), sc = 1;
        if (a > 0 && a < EMIT_ATOL_REF)
            sc = fmax(a / EMIT_ATOL_REF, 1e-6);
        fprintf(e->out, "%s(gen_scal)%.3g", j ? ", " : "", sc);
    }
    fprintf(e->out, "};   /* atol scale per state:");
    for (int j = 0; j < g->n; j++)
        fprintf(e->out, " %s", e->m->states[g->states[j]].sym->name);
    fprintf(e->out, " */\n");
}

/* Stages 3 and 4 of ID_ros4_gK and its error (emit_ros4 writes the rest; ft: the f_t terms of
 * stages 3 and 4, "" when autonomous). The sums of the solution and of the error estimate are
 * built as the stages come (the same operations in the same order as one sum at the end, so
 * the same values to the bit), which lets g1, g2 and g3 die before the last solve; the error
 * is reduced at once to the sum of its scaled squares, the value ID_ros4_gK returns. */
static void emit_ros4_tail(Em *e, const CgGroup *g, int gi, const char *ft3, const char *ft4) {
    int n = g->n;
    fprintf(
        e->out,
        "    for (int gen_j = 0; gen_j < %d; gen_j++) {   /* c31 = 372/25, c32 = 12/5; c41 = -112/125,\n"
        "                                           c42 = -54/125, c43 = -2/5 (stage 4 reuses f(Y3)) */\n"
        "        gen_g3[gen_j] = gen_gh * gen_f[gen_j] + gen_gamma * ((gen_scal)14.88 * gen_g1[gen_j] + (gen_scal)2.4 * gen_g2[gen_j])%s;\n"
        "        gen_g4[gen_j] = gen_gh * gen_f[gen_j] + gen_gamma * ((gen_scal)-0.896 * gen_g1[gen_j] + (gen_scal)-0.432 * gen_g2[gen_j])%s;\n"
        "    }\n"
        "    %s_solve_g%d(gen_A, gen_g3);\n"
        "    /* b = 19/9, 1/2, 25/108, 125/108; e = 17/54, 7/36, 0, 125/108: yn and the error\n"
        "       without their g4 terms (the error's partial sum in gen_g1) */\n"
        "    for (int gen_j = 0; gen_j < %d; gen_j++) {\n"
        "        gen_g4[gen_j] += gen_gamma * (gen_scal)-0.4 * gen_g3[gen_j];\n"
        "        gen_yn[gen_j] = gen_y[gen_j] + (gen_scal)(19.0 / 9.0) * gen_g1[gen_j] + (gen_scal)0.5 * gen_g2[gen_j] +\n"
        "                      (gen_scal)(25.0 / 108.0) * gen_g3[gen_j];\n"
        "        gen_g1[gen_j] = (gen_scal)(17.0 / 54.0) * gen_g1[gen_j] + (gen_scal)(7.0 / 36.0) * gen_g2[gen_j];\n"
        "    }\n"
        "    %s_solve_g%d(gen_A, gen_g4);\n",
        n, ft3, ft4, e->id, gi, n, e->id, gi);
    emit_atol_scales(e, g);
    fprintf(e->out,
            "    gen_real gen_e = gen_bc(0);\n"
            "    for (int gen_j = 0; gen_j < %d; gen_j++) {\n"
            "        gen_yn[gen_j] = gen_yn[gen_j] + (gen_scal)(125.0 / 108.0) * gen_g4[gen_j];\n"
            "        const gen_real gen_er = gen_g1[gen_j] + (gen_scal)(125.0 / 108.0) * gen_g4[gen_j];\n"
            "        const gen_scal gen_aj = gen_uni ? gen_atol : gen_atol * gen_ascale[gen_j];\n"
            "        const gen_real gen_q = gen_er / (gen_aj + gen_rtol * gen_fabs(gen_y[gen_j]));\n"
            "        gen_e += gen_q * gen_q;\n"
            "    }\n"
            "    return gen_e;\n"
            "}\n\n",
            n);
}

/* One step of size gen_h of the 4th-order Rosenbrock method with Shampine's coefficients (L. F.
 * Shampine, ACM TOMS 8, 1982; Kaps-Rentrop form, Hairer-Wanner IV.7): 4 stages, 3 evaluations of f,
 * one Jacobian and one LU; the error is the difference to the embedded 3rd-order solution,
 * returned as the sum over the states of (err / (atol_j + rtol |y|))^2. With
 * W = I - gamma h J (gamma = 1/2) the stage equations (I/(gamma h) - J) g_i = f(Y_i) +
 * sum_j c_ij g_j / h read W g_i = gamma h f(Y_i) + gamma sum_j c_ij g_j. It is cvode's engine: at
 * cvode's tolerances (rtol 1e-8 in double) an order-4 method takes about the fourth root of the
 * tolerance as its step where ROS2 took the square root: tens of times fewer sub-steps. */
static void emit_ros4(Em *e, const CgGroup *g, int gi) {
    int n = g->n;
    const char *id = e->id;
    fprintf(
        e->out,
        "GEN_FN gen_real %s_ros4_g%d%s(const %s *gen_p, const gen_scal *gen_lut, unsigned long long *gen_oor,\n"
        "                        gen_real t, gen_real dt, gen_real gen_h, gen_real gen_V,\n"
        "                        const gen_real *gen_x,%s const gen_real *gen_y, gen_real *gen_yn,\n"
        "                        gen_scal gen_rtol, gen_scal gen_atol, int gen_uni) {\n"
        "    const gen_scal gen_gamma = (gen_scal)0.5;\n"
        "    const gen_real gen_gh = gen_gamma * gen_h;\n"
        "    gen_real gen_f[%d], gen_A[%d], gen_g1[%d], gen_g2[%d], gen_g3[%d], gen_g4[%d];\n",
        id, gi, e->vs, pct(e), inv_param(e), n, jac_size(e, g), n, n, n, n);
    call_rhs(e, gi, "t", "gen_y", "gen_f", "gen_A", "    ");
    /* a right-hand side that reads t: stage i adds gamma h^2 c_i f_t, with the time derivative
       f_t by a forward difference (c = 1/2, -3/2, 121/50, 29/250); autonomous ones need none */
    const char *ft[4] = {"", "", "", ""};
    if (group_reads_t(e, g)) {
        fprintf(
            e->out,
            "    gen_real gen_ft[%d];\n"
            "    const gen_real gen_dl = (gen_scal)(sizeof(gen_scal) == 4 ? 3e-4 : 1.5e-8) * ((gen_scal)1 + gen_fabs(t));\n",
            n);
        call_rhs(e, gi, "t + gen_dl", "gen_y", "gen_ft", "0", "    ");
        fprintf(e->out,
                "    for (int gen_j = 0; gen_j < %d; gen_j++)\n"
                "        gen_ft[gen_j] = (gen_ft[gen_j] - gen_f[gen_j]) / gen_dl * gen_gh * gen_h;\n",
                n);
        ft[0] = " + (gen_scal)0.5 * gen_ft[gen_j]";
        ft[1] = " + (gen_scal)-1.5 * gen_ft[gen_j]";
        ft[2] = " + (gen_scal)2.42 * gen_ft[gen_j]";
        ft[3] = " + (gen_scal)0.116 * gen_ft[gen_j]";
    }
    fprintf(e->out,
            "    %s_w_g%d(gen_A, gen_gh);\n"
            "    %s_lu_g%d(gen_A);\n"
            "    for (int gen_j = 0; gen_j < %d; gen_j++)\n"
            "        gen_g1[gen_j] = gen_gh * gen_f[gen_j]%s;\n"
            "    %s_solve_g%d(gen_A, gen_g1);\n"
            "    for (int gen_j = 0; gen_j < %d; gen_j++)\n"
            "        gen_yn[gen_j] = gen_y[gen_j] + (gen_scal)2 * gen_g1[gen_j];   /* a21 = 2 */\n",
            id, gi, id, gi, n, ft[0], id, gi, n);
    call_rhs(e, gi, "t + gen_h", "gen_yn", "gen_f", "0", "    ");
    fprintf(
        e->out,
        "    for (int gen_j = 0; gen_j < %d; gen_j++)   /* c21 = -8 */\n"
        "        gen_g2[gen_j] = gen_gh * gen_f[gen_j] + gen_gamma * (gen_scal)-8 * gen_g1[gen_j]%s;\n"
        "    %s_solve_g%d(gen_A, gen_g2);\n"
        "    for (int gen_j = 0; gen_j < %d; gen_j++)   /* a31 = 48/25, a32 = 6/25 */\n"
        "        gen_yn[gen_j] = gen_y[gen_j] + (gen_scal)1.92 * gen_g1[gen_j] + (gen_scal)0.24 * gen_g2[gen_j];\n",
        n, ft[1], id, gi, n);
    call_rhs(e, gi, "t + (gen_scal)0.6 * gen_h", "gen_yn", "gen_f", "0", "    ");
    emit_ros4_tail(e, g, gi, ft[2], ft[3]);
}

/* The body of ID_adv_gK for cvode: adaptive ROS4 sub-steps (the group's stepper ros) across
 * [t, t + dt], lanes in lock step, each sub-step accepted only when its error test passes. */
static void emit_adv_cvode(Em *e, const CgGroup *g, int gi, const char *ros) {
    int n = g->n;
    FILE *o = e->out;
    fprintf(
        o,
        "    /* a sub-step is accepted only when its error test passes; a lane that has not\n"
        "       reached t + dt after gen_maxk sub-steps gets NaN states (the run's failure\n"
        "       check then names the cell and the time), never an uncontrolled jump */\n"
        "    /* tolerances: the call's, else 1e-8 / 1e-10 (1e-5 / 1e-7 in single precision, whose\n"
        "       relative tolerance cannot go below 1e-6) */\n"
        "    const int gen_sp = sizeof(gen_scal) == 4;\n"
        "    gen_scal gen_rtol = gen_o->rtol > 0 ? (gen_scal)gen_o->rtol : (gen_scal)(gen_sp ? 1e-5 : 1e-8);\n"
        "    if (gen_sp && gen_rtol < (gen_scal)1e-6)\n"
        "        gen_rtol = (gen_scal)1e-6;\n"
        "    const gen_scal gen_atol = gen_o->atol > 0 ? (gen_scal)gen_o->atol : (gen_scal)(gen_sp ? 1e-7 : 1e-10);\n"
        "    /* per-state absolute tolerance: atol times the state's scale (below) unless the\n"
        "       call asks for one atol for all (SC_STEP_UNIFORM_ATOL) */\n"
        "    const int gen_uni = (gen_o->flags & SC_STEP_UNIFORM_ATOL) != 0;\n"
        "    const int gen_maxk = gen_o->max_substeps > 0 ? gen_o->max_substeps : gen_sp ? 20000 : 100000;\n"
        "    /* the smallest step: a switch of the derivatives inside the step passes no error test\n"
        "       at any size; in single precision a step below dt / 1000 may not even move a state\n"
        "       past its rounding (a tracker at 0.2 decaying at 0.1/ms moves 1e-8 in 1e-7 ms, below\n"
        "       float's 1.5e-8 there) and the sub-steps would chatter at the switch */\n"
        "    const gen_real gen_hmin = (gen_scal)(gen_sp ? 1e-3 : 1e-10) * dt;\n"
        "    gen_real gen_yn[%d], gen_tt = gen_bc(0), gen_h = dt;\n"
        "    gen_mask gen_done = gen_mbc(0);   /* lanes that reached t + dt */\n"
        "    %s\n"
        "        const gen_mask gen_last = gen_h >= dt - gen_tt;\n"
        "        gen_h = gen_sel(gen_last, dt - gen_tt, gen_h);\n"
        "        gen_real gen_e = %s(gen_p, gen_lut, gen_oor, t + gen_tt, dt, gen_sel(gen_done, gen_bc(0), gen_h), gen_V,\n"
        "                            gen_x, %sgen_y, gen_yn, gen_rtol, gen_atol, gen_uni);\n"
        "        gen_e = gen_sqrt(gen_e / (gen_scal)%d);\n"
        "        /* accepted: the error test passes, or the step is the smallest (stepping over the\n"
        "           switch at that size is the best there is); a NaN error is always rejected */\n"
        "        const gen_mask gen_acc = gen_andnot(gen_or(gen_e <= (gen_scal)1, gen_and(gen_h <= gen_hmin, gen_e == gen_e)),\n"
        "                                          gen_done);\n"
        "        for (int gen_j = 0; gen_j < %d; gen_j++)\n"
        "            gen_y[gen_j] = gen_sel(gen_acc, gen_yn[gen_j], gen_y[gen_j]);\n"
        "        gen_done = gen_or(gen_done, gen_and(gen_acc, gen_last));\n"
        "        if (gen_all(gen_done))\n"
        "            break;\n"
        "        if (gen_k >= gen_maxk) {   /* budget spent: the unfinished lanes fail */\n"
        "            for (int gen_j = 0; gen_j < %d; gen_j++)\n"
        "                gen_y[gen_j] = gen_sel(gen_done, gen_y[gen_j], gen_bc((gen_scal)NAN));\n"
        "            break;\n"
        "        }\n"
        "        gen_tt = gen_sel(gen_acc, gen_tt + gen_h, gen_tt);\n"
        "        /* the estimate's local error goes as h^4 (order-3 embedded solution): h scales\n"
        "           as err^(-1/4); a NaN error (non-finite trial) divides h by 5 */\n"
        "        gen_h = gen_h * gen_sel(gen_e == gen_e, gen_min(gen_bc(5), gen_max(gen_bc((gen_scal)0.2), (gen_scal)0.9 / gen_sqrt(gen_sqrt(gen_e)))),\n"
        "                             gen_bc((gen_scal)0.2));\n"
        "        gen_h = gen_max(gen_h, gen_hmin);   /* never below the smallest step (above) */\n"
        "    }\n",
        n, e->gpu ? "for (int gen_k = 1;; gen_k++) {" : "int gen_k = 1;\n    for (;; gen_k++) {", ros,
        inv_arg(e), n, n, n);
    if (!e->gpu) /* the sub-steps' work beyond the first (ScStepArgs.work) */
        fprintf(o, "    if (gen_o->work)\n        *gen_o->work += (double)(gen_k - 1) * %ld.0;\n",
                emit_substep_work(e->m, gi));
}

/* The body of ID_adv_gK for rk4: the classical four stages, each a call of the group's rhs (stage
 * s + 1 at the state advanced by the fraction frac[s] of dt along stage s's slope). */
static void emit_adv_rk4(Em *e, const CgGroup *g, int gi) {
    static const char *const at[3] = {"t + (gen_scal)0.5 * dt", "t + (gen_scal)0.5 * dt", "t + dt"};
    static const char *const frac[3] = {"(gen_scal)0.5 * dt", "(gen_scal)0.5 * dt", "dt"};
    int n = g->n;
    FILE *o = e->out;
    fprintf(o, "    gen_real gen_k1[%d], gen_k2[%d], gen_k3[%d], gen_k4[%d], gen_ys[%d];\n", n, n, n, n, n);
    call_rhs(e, gi, "t", "gen_y", "gen_k1", "0", "    ");
    for (int s = 0; s < 3; s++) {
        char k[8];
        snprintf(k, sizeof k, "gen_k%d", s + 2);
        fprintf(o,
                "    for (int gen_j = 0; gen_j < %d; gen_j++)\n"
                "        gen_ys[gen_j] = gen_y[gen_j] + %s * gen_k%d[gen_j];\n",
                n, frac[s], s + 1);
        call_rhs(e, gi, at[s], "gen_ys", k, "0", "    ");
    }
    fprintf(o,
            "    for (int gen_j = 0; gen_j < %d; gen_j++)\n"
            "        gen_y[gen_j] += dt / (gen_scal)6 * (gen_k1[gen_j] + (gen_scal)2 * gen_k2[gen_j] +"
            " (gen_scal)2 * gen_k3[gen_j] + gen_k4[gen_j]);\n",
            n);
}

/* The body of ID_adv_gK for each method. */
static void emit_adv_body(Em *e, const CgGroup *g, int gi) {
    FILE *o = e->out;
    int n = g->n;
    char ros[160];
    snprintf(ros, sizeof ros, "%s_ros%d_g%d%s", e->id, g->method == CG_CVODE ? 4 : 2, gi, e->vs);
    switch (g->method) {
        case CG_RUSH_LARSEN: /* non-gate: generalised Rush-Larsen */
            fprintf(o, "    gen_real gen_f[1], gen_J[1];\n");
            call_rhs(e, gi, "t", "gen_y", "gen_f", "gen_J", "    ");
            fprintf(o, "    gen_y[0] += gen_grl(gen_f[0], gen_J[0], dt);\n");
            break;
        case CG_SUNDNES: /* half step of generalised RL, then the full step linearised there */
            fprintf(o, "    gen_real gen_f[1], gen_J[1], gen_ym[1];\n");
            call_rhs(e, gi, "t", "gen_y", "gen_f", "gen_J", "    ");
            fprintf(o, "    gen_ym[0] = gen_y[0] + gen_grl(gen_f[0], gen_J[0], (gen_scal)0.5 * dt);\n");
            call_rhs(e, gi, "t + (gen_scal)0.5 * dt", "gen_ym", "gen_f", "gen_J", "    ");
            fprintf(o,
                    "    /* diff(X) ~ f(Xm) + L(Xm) (X - Xm): exact increment of the linearisation */\n"
                    "    gen_y[0] += gen_grl(gen_f[0] + gen_J[0] * (gen_y[0] - gen_ym[0]), gen_J[0], dt);\n");
            break;
        case CG_RK2:
            fprintf(o, "    gen_real gen_k[%d], gen_ym[%d];\n", n, n);
            call_rhs(e, gi, "t", "gen_y", "gen_k", "0", "    ");
            fprintf(o,
                    "    for (int gen_j = 0; gen_j < %d; gen_j++)\n"
                    "        gen_ym[gen_j] = gen_y[gen_j] + (gen_scal)0.5 * dt * gen_k[gen_j];\n",
                    n);
            call_rhs(e, gi, "t + (gen_scal)0.5 * dt", "gen_ym", "gen_k", "0", "    ");
            fprintf(o,
                    "    for (int gen_j = 0; gen_j < %d; gen_j++)\n"
                    "        gen_y[gen_j] += dt * gen_k[gen_j];\n",
                    n);
            break;
        case CG_RK4:
            emit_adv_rk4(e, g, gi);
            break;
        case CG_MARKOV_BE: /* backward Euler: z = y + dt f(z) by Newton with the Jacobian */
            fprintf(o,
                    "    gen_real gen_z[%d], gen_f[%d], gen_A[%d], gen_b[%d];\n"
                    "    for (int gen_j = 0; gen_j < %d; gen_j++)\n        gen_z[gen_j] = gen_y[gen_j];\n"
                    "    for (int gen_it = 0; gen_it < %d; gen_it++) {\n",
                    n, n, jac_size(e, g), n, n, e->newton);
            call_rhs(e, gi, "t + dt", "gen_z", "gen_f", "gen_A", "        ");
            fprintf(o,
                    "        for (int gen_r = 0; gen_r < %d; gen_r++)\n"
                    "            gen_b[gen_r] = gen_y[gen_r] + dt * gen_f[gen_r] - gen_z[gen_r];\n"
                    "        %s_w_g%d(gen_A, dt);\n"
                    "        %s_lusolve_g%d(gen_A, gen_b);\n"
                    "        for (int gen_j = 0; gen_j < %d; gen_j++)\n"
                    "            gen_z[gen_j] += gen_b[gen_j];\n"
                    "    }\n"
                    "    for (int gen_j = 0; gen_j < %d; gen_j++)\n        gen_y[gen_j] = gen_z[gen_j];\n",
                    n, e->id, gi, e->id, gi, n, n);
            break;
        case CG_ROSENBROCK:
            fprintf(o,
                    "    gen_real gen_yn[%d], gen_err[%d];\n"
                    "    %s(gen_p, gen_lut, gen_oor, t, dt, dt, gen_V, gen_x, %sgen_y, gen_yn, gen_err);\n"
                    "    for (int gen_j = 0; gen_j < %d; gen_j++)\n        gen_y[gen_j] = gen_yn[gen_j];\n",
                    n, n, ros, inv_arg(e), n);
            break;
        case CG_CVODE: /* adaptive ROS4 sub-steps across [t, t + dt], lanes in lock step */
            emit_adv_cvode(e, g, gi, ros);
            break;
        default:
            break;
    }
}

void emit_group_functions(Em *e, int gi) {
    const CgModel *m = e->m;
    const CgGroup *g = &m->groups[gi];
    if (!sema_group_uses_rhs(m, g))
        return;
    group_comment(e, g, gi);
    need_group(e, g, uses_jac(g));
    emit_inv_plan(e, g, uses_jac(g));
    emit_inv_fn(e, g, gi, pct(e));
    emit_rhs(e, g, gi);
    if (g->method == CG_ROSENBROCK)
        emit_ros2(e, g, gi);
    if (g->method == CG_CVODE)
        emit_ros4(e, g, gi);
    fprintf(
        e->out,
        "/* Advances the group's states y over dt (V and the other states gen_x frozen). */\n"
        "GEN_FN void %s_adv_g%d%s(const %s *gen_p, const gen_scal *gen_lut, unsigned long long *gen_oor,\n"
        "                       const ScStepArgs *gen_o, gen_real t, gen_real dt, gen_real gen_V,\n"
        "                       const gen_real *gen_x, gen_real *gen_y) {\n"
        "    (void)gen_o;\n",
        e->id, gi, e->vs, pct(e));
    if (e->ninv)
        fprintf(e->out,
                "    gen_real gen_inv[%d];\n"
                "    %s_inv_g%d%s(gen_p, gen_lut, gen_oor, t, dt, gen_V, gen_x, gen_inv);\n",
                e->ninv, e->id, gi, e->vs);
    emit_adv_body(e, g, gi);
    fprintf(e->out, "}\n\n");
    e->inv = NULL, e->ninv = 0;
}

/* The rate 1/tau of a rush_larsen gate whose time constant is 1 / X: X, so that the step's
 * exp(-dt / tau) is exp(-dt * X), one multiplication for the two divisions of 1 / X and -dt / tau
 * (the same value to round-off). tau is 1 / (alpha + beta) for an alpha-beta gate; a name is
 * looked through to its per-step definition (unless the variant interpolates it from a table).
 * NULL when tau is anything else. */
static const Expr *rl_rate(const Em *e, const Expr *tau) {
    const CgSym *s = tau->kind == EX_VAR ? tau->sym : NULL;
    if (s && s->kind == CG_INTERM && s->def && e->eqpos[s->id] >= 0 && !(e->lut && s->lut))
        tau = s->def;
    if (tau->kind == EX_DIV && tau->a[0]->kind == EX_NUM && tau->a[0]->num == 1)
        return tau->a[1];
    return NULL;
}

void emit_method_need(Em *e, const CgGroup *g) {
    const CgModel *m = e->m;
    if (sema_group_uses_rhs(m, g))
        return;
    const CgState *st = &m->states[g->states[0]];
    if (g->method == CG_FE) {
        emit_need_expr(e, emit_value(e, st->diff));
    } else {
        emit_need_expr(e, st->rl_inf);
        emit_need_expr(e, rl_rate(e, st->rl_tau) ? rl_rate(e, st->rl_tau) : st->rl_tau);
    }
}

void emit_method_call(Em *e, int gi) {
    const CgModel *m = e->m;
    const CgGroup *g = &m->groups[gi];
    FILE *o = e->out;
    if (!sema_group_uses_rhs(m, g)) {
        int s = g->states[0];
        const CgState *st = &m->states[s];
        if (g->method == CG_FE) {
            fprintf(o, "    gen_xn[%d] = gen_x[%d] + dt * (%s);   /* %s: fe */\n", s, s,
                    emit_expr_str(e, emit_value(e, st->diff), 1), st->sym->name);
        } else {
            const Expr *rate = rl_rate(e, st->rl_tau);
            fprintf(o, "    {   /* %s: rush_larsen%s */\n        const gen_real gen_inf = %s;\n",
                    st->sym->name, rate ? " (tau = 1 / rate: exp(-dt * rate))" : "",
                    emit_expr_str(e, st->rl_inf, 1));
            fprintf(o,
                    "        gen_xn[%d] = gen_inf + (gen_x[%d] - gen_inf) * gen_exp(-dt %s (%s));\n    }\n",
                    s, s, rate ? "*" : "/", emit_expr_str(e, rate ? rate : st->rl_tau, 1));
        }
        return;
    }
    fprintf(o, "    {   ");
    group_comment(e, g, gi);
    fprintf(o, "        gen_real gen_y[%d];\n", g->n);
    for (int j = 0; j < g->n; j++)
        fprintf(o, "        gen_y[%d] = gen_x[%d];\n", j, g->states[j]);
    fprintf(o, "        %s_adv_g%d%s(gen_p, gen_lut, gen_oor, gen_o, t, dt, gen_V, gen_x, gen_y);\n", e->id,
            gi, e->vs);
    for (int j = 0; j < g->n; j++)
        fprintf(o, "        gen_xn[%d] = gen_y[%d];\n", g->states[j], j);
    fprintf(o, "    }\n");
}

/* ---------------------------------------------------------------- operation counts */

/* One call of the group's rhs (emit_rhs): f without the Jacobian (its equations, those the
 * Jacobian reads included, and the derivatives), fj with it (the Jacobian's own equations and
 * the entries it writes besides); inv: its shared values, once per step (emit_inv.c). */
static void rhs_ops(Em *e, const CgGroup *g, EmitOps *f, EmitOps *fj, EmitOps *inv) {
    const CgModel *m = e->m;
    int n = g->n, jac = uses_jac(g);
    need_group(e, g, jac);
    emit_inv_plan(e, g, jac);
    if (e->ninv) {
        char *front = e->inv;
        emit_inv_need(e, g);
        emit_ops_eqs(e, m->eqs, m->neqs, inv);
        emit_ops_eqs(e, g->jeqs, g->njeqs, inv);
        e->inv = front;
        need_group(e, g, jac);
    }
    emit_ops_eqs(e, m->eqs, m->neqs, f);
    for (int j = 0; j < n; j++)
        emit_ops_expr(e, emit_value(e, m->states[g->states[j]].diff), f);
    *fj = *f;
    LuPlan lp;
    if (jac && emit_lu_plan(e, g, &lp) == 0) {
        emit_ops_eqs(e, g->jeqs, g->njeqs, fj);
        double z;
        for (int k = 0; k < n * n; k++)
            if (lp.pos[k] >= 0 && emit_lu_written(g, k / n, k % n) && !(ex_is_num(g->jac[k], &z) && z == 0))
                emit_ops_expr(e, g->jac[k], fj);
    }
    emit_need_clear(e);
    e->inv = NULL, e->ninv = 0;
}

/* A Rosenbrock step of the group (ID_ros2_gK, ID_ros4_gK), as emit_ros2 / emit_ros4 write it:
 * the rhs evaluations, W, its LU, the solves and the stages' vector operations. */
static void ros_ops(Em *e, const CgGroup *g, const EmitOps *f, const EmitOps *fj, const long *lu,
                    EmitOps *o) {
    long n = g->n;
    emit_ops_add(o, fj, 1);
    o->flops += lu[0] + lu[1];
    if (g->method == CG_ROSENBROCK) { /* f twice, 3 solves; k2, yn, err: 2, 6, 3 per state */
        emit_ops_add(o, f, 1);
        o->flops += 3 * lu[2] + 2 + n * (2 + 2 + 6 + 3);
        return;
    }
    /* ros4: f three times, 4 solves; per state g1 1, yn 2, g2 4, yn 4, g3 6, g4 6 + 3, yn 8, err 5 */
    emit_ops_add(o, f, 2);
    o->flops += 4 * lu[2] + 4 + 39 * n;
    if (group_reads_t(e, g)) { /* f_t by a forward difference, and its term in each stage */
        emit_ops_add(o, f, 1);
        o->flops += 3 + 4 * n + 4 * 2 * n;
    }
}

/* The cell-step's update of a group: the operations emit_method_call and ID_adv_gK make, added
 * to o (cvode: one sub-step, its error test and step-size update included). */
void emit_method_ops(Em *e, int gi, EmitOps *o) {
    const CgModel *m = e->m;
    const CgGroup *g = &m->groups[gi];
    long n = g->n;
    if (!sema_group_uses_rhs(m, g)) {
        const CgState *st = &m->states[g->states[0]];
        if (g->method == CG_FE) { /* x + dt * (diff) */
            emit_ops_expr(e, emit_value(e, st->diff), o);
            o->flops += 2;
        } else { /* inf + (x - inf) * exp(-dt * rate) */
            const Expr *rate = rl_rate(e, st->rl_tau);
            emit_ops_expr(e, st->rl_inf, o);
            emit_ops_expr(e, rate ? rate : st->rl_tau, o);
            o->flops += 4, o->transc += 1;
        }
        return;
    }
    EmitOps f = {0, 0, 0}, fj = {0, 0, 0}, inv = {0, 0, 0};
    rhs_ops(e, g, &f, &fj, &inv);
    emit_ops_add(o, &inv, 1);
    long lu[3] = {0, 0, 0}; /* W, its LU, one solve */
    if (emit_lu_needed(g))
        emit_lu_ops(e, g, &lu[0], &lu[1], &lu[2]);
    const EmitOps grl = {3, 1, 0}; /* gen_grl: expm1(h L) / L * f */
    switch (g->method) {
        case CG_RUSH_LARSEN:
            emit_ops_add(o, &fj, 1), emit_ops_add(o, &grl, 1);
            o->flops += 1;
            break;
        case CG_SUNDNES:
            emit_ops_add(o, &fj, 2), emit_ops_add(o, &grl, 2);
            o->flops += 2 + 3 + 1;
            break;
        case CG_RK2:
            emit_ops_add(o, &f, 2);
            o->flops += 5 * n;
            break;
        case CG_RK4:
            emit_ops_add(o, &f, 4);
            o->flops += (3 + 3 + 2 + 8) * n;
            break;
        case CG_MARKOV_BE:
            emit_ops_add(o, &fj, e->newton);
            o->flops += e->newton * (lu[0] + lu[1] + lu[2] + 4 * n);
            break;
        case CG_ROSENBROCK:
            ros_ops(e, g, &f, &fj, lu, o);
            break;
        case CG_CVODE: /* one sub-step: ros4; the error norm (6 per state), e / n and its sqrt; dt - tt
                          (written twice, one value), t + tt, tt + h, h's factor 0.9 / sqrt(sqrt(e)) */
            ros_ops(e, g, &f, &fj, lu, o);
            o->flops += 6 * n + 6, o->transc += 3, o->adaptive = 1;
            break;
        default:
            break;
    }
}

/* e->need := what a step's equations compute: the stores, traces, written externals and what
 * the groups' methods read, with the equations these read. */
void emit_need_step(Em *e) {
    const CgModel *m = e->m;
    emit_need_clear(e);
    for (int k = 0; k < m->nstores; k++)
        emit_need_expr(e, m->stores[k]->def);
    for (int k = 0; k < m->ntraces; k++)
        emit_need_expr(e, emit_value(e, m->traces[k]));
    for (int k = 0; k < m->nexternals; k++)
        if (m->externals[k]->def)
            emit_need_expr(e, emit_value(e, m->externals[k]));
    for (int gi = 0; gi < m->ngroups; gi++)
        emit_method_need(e, &m->groups[gi]);
    emit_need_eqs(e, m->eqs, m->neqs);
}

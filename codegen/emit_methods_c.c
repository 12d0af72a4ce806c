/* emit_methods_c.c: the integration methods of the C back end (easyml.md 7).
 *
 * fe and rush_larsen gates are written inline in ID_cell (they need only values the cell has
 * computed). Every other group gets, at file scope:
 *   ID_gK_idx[n]   the group's states (indices in m->states)
 *   ID_rhs_gK      derivatives f (and, when the group has one, the Jacobian J, row-major) of the
 *                  group's states at y (other states sc_x, V frozen), re-evaluating the equations
 *   ID_ros2_gK     one ROS2 step with its error estimate (rosenbrock, cvode)
 *   ID_adv_gK      advances y (the group's states at the start of the step) over dt in place
 * and the cell gathers y from sc_x, calls ID_adv_gK and scatters y into sc_xn. */
#include <string.h>

#include "emit.h"

static int uses_rhs(const ScModel *m, const ScGroup *g) {
    switch (g->method) {
    case SC_FE: return 0;
    case SC_RUSH_LARSEN: return !m->states[g->states[0]].gate;
    default: return 1;
    }
}

static int uses_jac(const ScGroup *g) {
    return g->jac && (g->method == SC_RUSH_LARSEN || g->method == SC_SUNDNES ||
                      g->method == SC_MARKOV_BE || g->method == SC_ROSENBROCK ||
                      g->method == SC_CVODE);
}

/* An expression as an operand of '*' or '/': parenthesised unless a name or a number. */
static void emit_operand(Em *e, const Expr *x) {
    int bare = x->kind == EX_VAR || (x->kind == EX_NUM && x->num >= 0);
    if (!bare)
        fputc('(', e->out);
    emit_expr(e, x);
    if (!bare)
        fputc(')', e->out);
}

static void group_comment(Em *e, const ScGroup *g, int gi) {
    fprintf(e->out, "/* group %d: %s over", gi, sema_method_name(g->method));
    for (int j = 0; j < g->n && j < 12; j++)
        fprintf(e->out, " %s", e->m->states[g->states[j]].sym->name);
    if (g->n > 12)
        fprintf(e->out, " ... (%d states)", g->n);
    fprintf(e->out, " */\n");
}

/* ID_rhs_gK: f = the group's derivatives at y, and J when asked and available. */
static void emit_rhs(Em *e, const ScGroup *g, int gi) {
    const ScModel *m = e->m;
    int n = g->n, jac = uses_jac(g);
    emit_need_clear(e);
    for (int j = 0; j < n; j++)
        emit_need_expr(e, emit_value(e, m->states[g->states[j]].diff));
    if (jac) {
        for (int k = 0; k < n * n; k++)
            emit_need_expr(e, g->jac[k]);
        emit_need_eqs(e, g->jeqs, g->njeqs);
    }
    emit_need_eqs(e, m->eqs, m->neqs);

    fprintf(e->out,
            "static void %s_rhs_g%d(const %s_params *sc_p, const %s_consts *sc_c, double t,\n"
            "                       double dt, double sc_V, const double *sc_x, const double *sc_y,\n"
            "                       double *sc_f, double *sc_J) {\n"
            "    (void)sc_p;\n    (void)sc_c;\n    (void)t;\n    (void)dt;\n    (void)sc_V;\n"
            "    (void)sc_x;\n    (void)sc_y;\n    (void)sc_J;\n",
            e->id, gi, e->id, e->id);
    /* the cell's sc_n, sc_i, sc_sv, sc_ext are not here: stores and externals are not inputs
       of a group's derivatives in the library; read them as 0 if a model does */
    for (int k = 0; k < m->nstores; k++)
        if (e->need[m->stores[k]->id])
            fprintf(e->out, "    const double %s = 0.0;   /* store: not passed to groups */\n",
                    e->cn[m->stores[k]->id]), e->need[m->stores[k]->id] = 0;
    for (int k = 0; k < m->nexternals; k++)
        if (e->need[m->externals[k]->id] && e->eqpos[m->externals[k]->id] < 0)
            fprintf(e->out, "    const double %s = 0.0;   /* external: not passed to groups */\n",
                    e->cn[m->externals[k]->id]), e->need[m->externals[k]->id] = 0;
    emit_inputs(e, g, "    ");
    emit_needed_eqs(e, m->eqs, m->neqs, "    ");
    for (int j = 0; j < n; j++) {
        fprintf(e->out, "    sc_f[%d] = ", j);
        emit_expr(e, emit_value(e, m->states[g->states[j]].diff));
        fprintf(e->out, ";\n");
    }
    if (jac) {
        fprintf(e->out, "    if (sc_J) {\n");
        emit_needed_eqs(e, g->jeqs, g->njeqs, "        ");
        int zeros = 0;
        double z;
        for (int k = 0; k < n * n; k++)
            zeros += ex_is_num(g->jac[k], &z) && z == 0;
        if (zeros && n > 1)
            fprintf(e->out, "        for (int sc_k = 0; sc_k < %d; sc_k++)\n"
                            "            sc_J[sc_k] = 0.0;\n", n * n);
        for (int k = 0; k < n * n; k++) {
            if (n > 1 && ex_is_num(g->jac[k], &z) && z == 0)
                continue;
            fprintf(e->out, "        sc_J[%d] = ", k);
            emit_expr(e, g->jac[k]);
            fprintf(e->out, ";   /* d %s / d %s */\n", m->states[g->states[k / n]].sym->name,
                    m->states[g->states[k % n]].sym->name);
        }
        fprintf(e->out, "    }\n");
    }
    fprintf(e->out, "}\n\n");
}

/* The call of the group's rhs: T is the time expression, Y the point, F and J the outputs. */
static void call_rhs(Em *e, int gi, const char *t, const char *y, const char *f, const char *J,
                     const char *in) {
    fprintf(e->out, "%s%s_rhs_g%d(sc_p, sc_c, %s, dt, sc_V, sc_x, %s, %s, %s);\n", in, e->id, gi,
            t, y, f, J);
}

static void emit_ros2(Em *e, const ScGroup *g, int gi) {
    int n = g->n;
    fprintf(e->out,
            "/* One ROS2 step of size sc_h (Verwer et al. 1999, gamma = 1 + 1/sqrt(2)):\n"
            " * W = I - gamma*h*J, W k1 = f(y), W k2 = f(y + h k1) - 2 k1,\n"
            " * yn = y + 3/2 h k1 + 1/2 h k2; sc_err = W^-1 (yn - (y + h k1)) (order 1 embedded). */\n"
            "static void %s_ros2_g%d(const %s_params *sc_p, const %s_consts *sc_c, double t,\n"
            "                        double dt, double sc_h, double sc_V, const double *sc_x,\n"
            "                        const double *sc_y, double *sc_yn, double *sc_err) {\n"
            "    const double sc_gamma = 1.7071067811865475;\n"
            "    double sc_f[%d], sc_A[%d], sc_k1[%d], sc_k2[%d];\n"
            "    int sc_piv[%d];\n",
            e->id, gi, e->id, e->id, n, n * n, n, n, n);
    call_rhs(e, gi, "t", "sc_y", "sc_f", "sc_A", "    ");
    fprintf(e->out,
            "    for (int sc_r = 0; sc_r < %d; sc_r++)\n"
            "        for (int sc_k = 0; sc_k < %d; sc_k++)\n"
            "            sc_A[sc_r * %d + sc_k] = (sc_r == sc_k) - sc_gamma * sc_h * sc_A[sc_r * %d + sc_k];\n"
            "    sc_lu(%d, sc_A, sc_piv);\n"
            "    for (int sc_j = 0; sc_j < %d; sc_j++)\n"
            "        sc_k1[sc_j] = sc_f[sc_j];\n"
            "    sc_lu_solve(%d, sc_A, sc_piv, sc_k1);\n"
            "    for (int sc_j = 0; sc_j < %d; sc_j++)\n"
            "        sc_yn[sc_j] = sc_y[sc_j] + sc_h * sc_k1[sc_j];\n",
            n, n, n, n, n, n, n, n);
    call_rhs(e, gi, "t + sc_h", "sc_yn", "sc_f", "NULL", "    ");
    fprintf(e->out,
            "    for (int sc_j = 0; sc_j < %d; sc_j++)\n"
            "        sc_k2[sc_j] = sc_f[sc_j] - 2.0 * sc_k1[sc_j];\n"
            "    sc_lu_solve(%d, sc_A, sc_piv, sc_k2);\n"
            "    for (int sc_j = 0; sc_j < %d; sc_j++) {\n"
            "        sc_yn[sc_j] = sc_y[sc_j] + 1.5 * sc_h * sc_k1[sc_j] + 0.5 * sc_h * sc_k2[sc_j];\n"
            "        sc_err[sc_j] = 0.5 * sc_h * (sc_k1[sc_j] + sc_k2[sc_j]);\n"
            "    }\n"
            "    /* filtered estimate W^-1 err (as Shampine's ode23s, Hairer-Wanner's RADAU5): the raw\n"
            "       one stays O(1) on stiff components whatever h, the filtered one goes to 0 */\n"
            "    sc_lu_solve(%d, sc_A, sc_piv, sc_err);\n"
            "}\n\n",
            n, n, n, n);
}

/* The body of ID_adv_gK for each method. */
static void emit_adv_body(Em *e, const ScGroup *g, int gi) {
    int n = g->n;
    FILE *o = e->out;
    switch (g->method) {
    case SC_RUSH_LARSEN:   /* non-gate: generalised Rush-Larsen */
        fprintf(o, "    double sc_f[1], sc_J[1] = {0.0};\n");
        call_rhs(e, gi, "t", "sc_y", "sc_f", "sc_J", "    ");
        fprintf(o, "    sc_y[0] += sc_grl(sc_f[0], sc_J[0], dt);\n");
        break;
    case SC_SUNDNES:       /* half step of generalised RL, then the full step linearised there */
        fprintf(o, "    double sc_f[1], sc_J[1] = {0.0}, sc_ym[1];\n");
        call_rhs(e, gi, "t", "sc_y", "sc_f", "sc_J", "    ");
        fprintf(o, "    sc_ym[0] = sc_y[0] + sc_grl(sc_f[0], sc_J[0], 0.5 * dt);\n");
        call_rhs(e, gi, "t + 0.5 * dt", "sc_ym", "sc_f", "sc_J", "    ");
        fprintf(o, "    /* diff(X) ~ f(Xm) + L(Xm) (X - Xm): exact increment of the linearisation */\n"
                   "    sc_y[0] += sc_grl(sc_f[0] + sc_J[0] * (sc_y[0] - sc_ym[0]), sc_J[0], dt);\n");
        break;
    case SC_RK2:
        fprintf(o, "    double sc_k[%d], sc_ym[%d];\n", n, n);
        call_rhs(e, gi, "t", "sc_y", "sc_k", "NULL", "    ");
        fprintf(o, "    for (int sc_j = 0; sc_j < %d; sc_j++)\n"
                   "        sc_ym[sc_j] = sc_y[sc_j] + 0.5 * dt * sc_k[sc_j];\n", n);
        call_rhs(e, gi, "t + 0.5 * dt", "sc_ym", "sc_k", "NULL", "    ");
        fprintf(o, "    for (int sc_j = 0; sc_j < %d; sc_j++)\n"
                   "        sc_y[sc_j] += dt * sc_k[sc_j];\n", n);
        break;
    case SC_RK4:
        fprintf(o, "    double sc_k1[%d], sc_k2[%d], sc_k3[%d], sc_k4[%d], sc_ys[%d];\n", n, n, n, n, n);
        call_rhs(e, gi, "t", "sc_y", "sc_k1", "NULL", "    ");
        fprintf(o, "    for (int sc_j = 0; sc_j < %d; sc_j++)\n"
                   "        sc_ys[sc_j] = sc_y[sc_j] + 0.5 * dt * sc_k1[sc_j];\n", n);
        call_rhs(e, gi, "t + 0.5 * dt", "sc_ys", "sc_k2", "NULL", "    ");
        fprintf(o, "    for (int sc_j = 0; sc_j < %d; sc_j++)\n"
                   "        sc_ys[sc_j] = sc_y[sc_j] + 0.5 * dt * sc_k2[sc_j];\n", n);
        call_rhs(e, gi, "t + 0.5 * dt", "sc_ys", "sc_k3", "NULL", "    ");
        fprintf(o, "    for (int sc_j = 0; sc_j < %d; sc_j++)\n"
                   "        sc_ys[sc_j] = sc_y[sc_j] + dt * sc_k3[sc_j];\n", n);
        call_rhs(e, gi, "t + dt", "sc_ys", "sc_k4", "NULL", "    ");
        fprintf(o, "    for (int sc_j = 0; sc_j < %d; sc_j++)\n"
                   "        sc_y[sc_j] += dt / 6.0 * (sc_k1[sc_j] + 2.0 * sc_k2[sc_j] + 2.0 * sc_k3[sc_j]"
                   " + sc_k4[sc_j]);\n", n);
        break;
    case SC_MARKOV_BE:     /* backward Euler: z = y + dt f(z) by Newton with the Jacobian */
        fprintf(o, "    double sc_z[%d], sc_f[%d], sc_A[%d], sc_b[%d];\n    int sc_piv[%d];\n"
                   "    for (int sc_j = 0; sc_j < %d; sc_j++)\n        sc_z[sc_j] = sc_y[sc_j];\n"
                   "    for (int sc_it = 0; sc_it < %d; sc_it++) {\n", n, n, n * n, n, n, n, e->newton);
        call_rhs(e, gi, "t + dt", "sc_z", "sc_f", "sc_A", "        ");
        fprintf(o, "        for (int sc_r = 0; sc_r < %d; sc_r++) {\n"
                   "            sc_b[sc_r] = sc_y[sc_r] + dt * sc_f[sc_r] - sc_z[sc_r];\n"
                   "            for (int sc_k = 0; sc_k < %d; sc_k++)\n"
                   "                sc_A[sc_r * %d + sc_k] = (sc_r == sc_k) - dt * sc_A[sc_r * %d + sc_k];\n"
                   "        }\n"
                   "        sc_lu(%d, sc_A, sc_piv);\n"
                   "        sc_lu_solve(%d, sc_A, sc_piv, sc_b);\n"
                   "        for (int sc_j = 0; sc_j < %d; sc_j++)\n"
                   "            sc_z[sc_j] += sc_b[sc_j];\n"
                   "    }\n"
                   "    for (int sc_j = 0; sc_j < %d; sc_j++)\n        sc_y[sc_j] = sc_z[sc_j];\n",
                n, n, n, n, n, n, n, n);
        break;
    case SC_ROSENBROCK:
        fprintf(o, "    double sc_yn[%d], sc_err[%d];\n"
                   "    %s_ros2_g%d(sc_p, sc_c, t, dt, dt, sc_V, sc_x, sc_y, sc_yn, sc_err);\n"
                   "    for (int sc_j = 0; sc_j < %d; sc_j++)\n        sc_y[sc_j] = sc_yn[sc_j];\n",
                n, n, e->id, gi, n);
        break;
    case SC_CVODE:         /* adaptive ROS2 sub-steps across [t, t + dt] */
        fprintf(o,
                "    const double sc_rtol = sc_o && sc_o->rtol > 0 ? sc_o->rtol : 1e-6;\n"
                "    const double sc_atol = sc_o && sc_o->atol > 0 ? sc_o->atol : 1e-8;\n"
                "    const int sc_max = sc_o && sc_o->max_substeps > 0 ? sc_o->max_substeps : 1000;\n"
                "    double sc_yn[%d], sc_err[%d], sc_tt = 0.0, sc_h = dt;\n"
                "    for (int sc_k = 1;; sc_k++) {\n"
                "        int sc_last = sc_h >= dt - sc_tt || sc_k >= sc_max;\n"
                "        if (sc_last)\n"
                "            sc_h = dt - sc_tt;\n"
                "        %s_ros2_g%d(sc_p, sc_c, t + sc_tt, dt, sc_h, sc_V, sc_x, sc_y, sc_yn, sc_err);\n"
                "        double sc_e = 0.0;\n"
                "        for (int sc_j = 0; sc_j < %d; sc_j++) {\n"
                "            double sc_q = sc_err[sc_j] / (sc_atol + sc_rtol * fabs(sc_y[sc_j]));\n"
                "            sc_e += sc_q * sc_q;\n"
                "        }\n"
                "        sc_e = sqrt(sc_e / %d);\n"
                "        if (sc_e <= 1.0 || sc_k >= sc_max) {   /* accepted */\n"
                "            for (int sc_j = 0; sc_j < %d; sc_j++)\n"
                "                sc_y[sc_j] = sc_yn[sc_j];\n"
                "            if (sc_last)\n"
                "                break;\n"
                "            sc_tt += sc_h;\n"
                "        }\n"
                "        /* order-1 estimate of an order-2 step: h scales as err^(-1/2) */\n"
                "        sc_h *= fmin(5.0, fmax(0.2, 0.9 / sqrt(sc_e)));\n"
                "    }\n",
                n, n, e->id, gi, n, n, n);
        break;
    default:
        break;
    }
}

void emit_group_functions(Em *e, int gi) {
    const ScModel *m = e->m;
    const ScGroup *g = &m->groups[gi];
    if (!uses_rhs(m, g))
        return;
    group_comment(e, g, gi);
    fprintf(e->out, "static const int %s_g%d_idx[%d] = {", e->id, gi, g->n);
    for (int j = 0; j < g->n; j++)
        fprintf(e->out, "%s%d", j ? ", " : "", g->states[j]);
    fprintf(e->out, "};\n\n");
    emit_rhs(e, g, gi);
    if (g->method == SC_ROSENBROCK || g->method == SC_CVODE)
        emit_ros2(e, g, gi);
    fprintf(e->out,
            "/* Advances the group's states y over dt (V and the other states sc_x frozen). */\n"
            "static void %s_adv_g%d(const %s_params *sc_p, const %s_consts *sc_c,\n"
            "                       const ScCModelOpts *sc_o, double t, double dt, double sc_V,\n"
            "                       const double *sc_x, double *sc_y) {\n"
            "    (void)sc_o;\n",
            e->id, gi, e->id, e->id);
    emit_adv_body(e, g, gi);
    fprintf(e->out, "}\n\n");
}

void emit_method_need(Em *e, const ScGroup *g) {
    const ScModel *m = e->m;
    if (uses_rhs(m, g))
        return;
    const ScState *st = &m->states[g->states[0]];
    if (g->method == SC_FE) {
        emit_need_expr(e, emit_value(e, st->diff));
    } else {
        emit_need_expr(e, st->rl_inf);
        emit_need_expr(e, st->rl_tau);
    }
}

void emit_method_call(Em *e, int gi) {
    const ScModel *m = e->m;
    const ScGroup *g = &m->groups[gi];
    FILE *o = e->out;
    if (!uses_rhs(m, g)) {
        int s = g->states[0];
        const ScState *st = &m->states[s];
        if (g->method == SC_FE) {
            fprintf(o, "    sc_xn[%d] = sc_x[%d] + dt * ", s, s);
            emit_operand(e, emit_value(e, st->diff));
            fprintf(o, ";   /* %s: fe */\n", st->sym->name);
        } else {
            fprintf(o, "    {   /* %s: rush_larsen */\n        const double sc_inf = ", st->sym->name);
            emit_expr(e, st->rl_inf);
            fprintf(o, ";\n        sc_xn[%d] = sc_inf + (sc_x[%d] - sc_inf) * exp(-dt / ", s, s);
            emit_operand(e, st->rl_tau);
            fprintf(o, ");\n    }\n");
        }
        return;
    }
    fprintf(o, "    {   ");
    group_comment(e, g, gi);
    fprintf(o, "        double sc_y[%d];\n"
               "        for (int sc_j = 0; sc_j < %d; sc_j++)\n"
               "            sc_y[sc_j] = sc_x[%s_g%d_idx[sc_j]];\n"
               "        %s_adv_g%d(sc_p, sc_c, sc_o, t, dt, sc_V, sc_x, sc_y);\n"
               "        for (int sc_j = 0; sc_j < %d; sc_j++)\n"
               "            sc_xn[%s_g%d_idx[sc_j]] = sc_y[sc_j];\n"
               "    }\n",
            g->n, g->n, e->id, gi, e->id, gi, g->n, e->id, gi);
}

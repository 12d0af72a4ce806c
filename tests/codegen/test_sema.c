/* test_sema.c: the semantic analysis (sema.h) on small inline models, the golden reports of
 * tests/codegen/golden/, and every model of the library. Run with the repository root as working
 * directory. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdlib.h>

#include "frontend.h"
#include "sema.h"
#include "test.h"

static char *t_msgs; /* messages of the last analysis */
static size_t t_msglen;

/* Analyse `text` as a model file named t.model with the method overrides (may be NULL); NULL on
 * error (messages in t_msgs). */
static CgModel *analyse_with(Arena *ar, const char *text, const char *overrides) {
    SrcFile *f = ar_alloc(ar, sizeof *f);
    f->path = "t.model";
    f->text = ar_strdup(ar, text);
    free(t_msgs);
    t_msgs = NULL;
    FILE *out = open_memstream(&t_msgs, &t_msglen);
    Diag dg = {0};
    dg.out = out;
    CgModel *m = NULL;
    Ast *ast = fe_parse(ar, &dg, f);
    CgSemaOptions so = {.overrides = overrides};
    if (ast)
        m = sema_try_analyse_opts(ar, &dg, ast, &so);
    fclose(out);
    return m;
}

static CgModel *analyse(Arena *ar, const char *text) { return analyse_with(ar, text, NULL); }

/* analyse, for a model that must pass: NULL after a failed check (and the messages on stderr). */
static CgModel *analysed(Arena *ar, const char *text) {
    CgModel *m = analyse(ar, text);
    ASSERT(m != NULL);
    if (!m)
        fprintf(stderr, "%s", t_msgs);
    return m;
}

/* The first line of the last messages. */
static const char *first_msg(void) {
    static char line[512];
    size_t n = t_msgs ? strcspn(t_msgs, "\n") : 0;
    if (n >= sizeof line)
        n = sizeof line - 1;
    memcpy(line, t_msgs ? t_msgs : "", n);
    line[n] = '\0';
    return line;
}

static CgSym *sym(const CgModel *m, const char *name) {
    CgSym *s = sema_model_find(m, name);
    if (!s)
        fprintf(stderr, "no symbol '%s'\n", name);
    return s;
}

static const CgState *state(const CgModel *m, const char *name) {
    CgSym *s = sema_model_find(m, name);
    return s && s->kind == CG_STATE ? &m->states[s->state] : NULL;
}

/* ---------------------------------------------------------------- evaluation for the checks */

typedef struct Env {
    const CgModel *m;
    double *val; /* by symbol id, for states, Vm, t, dt, externals */
} Env;

static double env_lookup(void *ctx, const Expr *var);

static double env_sym(Env *env, const CgSym *s) {
    switch (s->kind) {
        case CG_PARAM:
        case CG_CONST:
            return s->value;
        case CG_INTERM:
        case CG_IION:
            return ex_eval(s->def, env_lookup, env);
        case CG_EXTERNAL:
            return s->def ? ex_eval(s->def, env_lookup, env) : env->val[s->id];
        default:
            return env->val[s->id];
    }
}

static double env_lookup(void *ctx, const Expr *var) { return env_sym(ctx, var->sym); }

static double eval_in(Env *env, const Expr *e) { return ex_eval(e, env_lookup, env); }

static int in_order(const CgModel *m, const char *a, const char *b) {
    int ia = -1, ib = -1;
    for (int i = 0; i < m->neqs; i++) {
        if (!strcmp(m->eqs[i]->name, a))
            ia = i;
        if (!strcmp(m->eqs[i]->name, b))
            ib = i;
    }
    return ia >= 0 && ib >= 0 && ia < ib;
}

static int is_eq(const CgModel *m, const char *name) {
    for (int i = 0; i < m->neqs; i++)
        if (!strcmp(m->eqs[i]->name, name))
            return 1;
    return 0;
}

/* ---------------------------------------------------------------- tests */

#define HEAD "V; .external(Vm); .nodal();\nIion; .external(); .nodal();\nV_init = -60;\n"

static void test_gates(void) {
    Arena ar = {0};
    CgModel *m = analysed(&ar, HEAD "alpha_m = 0.1*exp(V/10); beta_m = 4*exp(-V/18);\n"
                                    "a_h = 0.07*exp(-V/20); b_h = 1/(1+exp(-(V+30)/10));\n"
                                    "tau_j = 5; j_inf = 1/(1+exp((V+60)/7));\n"
                                    "tau_in = 3; x_in = tau_in * 2;\n" /* tau_in without in_inf: ordinary */
                                    "a_1 = 2; b_1 = 3;\n" /* no name 1 */
                                    "diff_d = -d; d_init = 0.5;\n" /* state d: d_init is its init */
                                    "alpha_q = V; q2 = alpha_q;\n" /* alpha_q without beta_q */
                                    "alpha_w = 1; beta_w = 2;\n" /* w never used: not a gate */
                                    "d_c_dt = 1 - c;\n" /* d_X_dt defines state c */
                                    "Iion = m*h*j*V + x_in + d + q2 + c + a_1 + b_1 + alpha_w + beta_w;\n");
    if (!m)
        return;
    ASSERT_EQ_INT(5, m->nstates);
    ASSERT_EQ_INT(3, m->ngates);
    ASSERT(state(m, "m") && state(m, "m")->gate == CG_GATE_AB);
    ASSERT(state(m, "h") && state(m, "h")->gate == CG_GATE_AB && state(m, "h")->ga == sym(m, "a_h"));
    ASSERT(state(m, "j") && state(m, "j")->gate == CG_GATE_TAUINF);
    ASSERT(state(m, "d") && state(m, "d")->gate == CG_GATE_NONE);
    ASSERT(state(m, "c") && state(m, "c")->diff == sym(m, "d_c_dt"));
    ASSERT(!state(m, "in") && !state(m, "q") && !state(m, "w") && !state(m, "1"));
    ASSERT_EQ_INT(CG_CONST, sym(m, "tau_in")->kind);
    ASSERT_EQ_INT(CG_ROLE_INIT, sym(m, "d_init")->role);
    ASSERT_NEAR(0.5, state(m, "d")->init_value, 0);
    ASSERT_EQ_INT(CG_RUSH_LARSEN, state(m, "m")->method);
    ASSERT_EQ_INT(CG_FE, state(m, "d")->method);
    /* steady states at V_init = -60 */
    double V = -60, am = 0.1 * exp(V / 10), bm = 4 * exp(-V / 18);
    ASSERT_NEAR(am / (am + bm), state(m, "m")->init_value, 1e-15);
    ASSERT_EQ_INT(CG_INIT_STEADY, state(m, "m")->init_kind);
    ASSERT_NEAR(1 / (1 + exp((V + 60) / 7)), state(m, "j")->init_value, 1e-15);
    ASSERT_EQ_INT(CG_INIT_ZERO, state(m, "c")->init_kind);
    ASSERT(strstr(t_msgs, "state 'c' has no initial value") != NULL);
    /* derived derivatives */
    Env env = {m, calloc((size_t)m->nsyms, sizeof(double))};
    env.val[m->vm->id] = -20;
    env.val[sym(m, "m")->id] = 0.3;
    env.val[sym(m, "j")->id] = 0.6;
    double a = 0.1 * exp(-2.0), b = 4 * exp(20.0 / 18);
    ASSERT_NEAR(a * 0.7 - b * 0.3, eval_in(&env, state(m, "m")->diff->def), 1e-12);
    ASSERT_NEAR((1 / (1 + exp(40.0 / 7)) - 0.6) / 5, eval_in(&env, state(m, "j")->diff->def), 1e-12);
    ASSERT_NEAR(1 / (a + b), eval_in(&env, state(m, "m")->rl_tau), 1e-12);
    free(env.val);
    ar_free(&ar);
}

static void test_classes_and_order(void) {
    Arena ar = {0};
    CgModel *m = analysed(&ar, HEAD "Lambda; .external(); .nodal();\n"
                                    "Tension; .external();\n"
                                    "group { gK = 0.5; EK = -90; } .param();\n"
                                    "gK2 = gK * 2;\n" /* constant (hoisted) */
                                    "RTF = R*T/F; R = 8314; T = 310; F = 96485;\n"
                                    "IK = gK2 * n * (V - EK) * RTF * Lambda;\n"
                                    "Iion = IK + Ix;\n"
                                    "Ix = sin(t) * dt;\n"
                                    "Tension = 2 * IK;\n"
                                    "unused = V * 3;\n"
                                    "diff_n = (1 - n) * 0.1; n_init = 0.2;\n"
                                    "IK; .trace();\n");
    if (!m)
        return;
    ASSERT_EQ_INT(CG_PARAM, sym(m, "gK")->kind);
    ASSERT_EQ_INT(CG_CONST, sym(m, "gK2")->kind);
    ASSERT_NEAR(1.0, sym(m, "gK2")->value, 0);
    ASSERT_EQ_INT(CG_CONST, sym(m, "RTF")->kind);
    ASSERT_NEAR(8314.0 * 310 / 96485, sym(m, "RTF")->value, 1e-15);
    ASSERT_EQ_INT(CG_INTERM, sym(m, "IK")->kind);
    ASSERT_EQ_INT(CG_EXTERNAL, sym(m, "Lambda")->kind);
    ASSERT_EQ_INT(CG_EXTERNAL, sym(m, "Tension")->kind);
    ASSERT(sym(m, "Tension")->def != NULL);
    ASSERT_EQ_INT(2, m->nexternals);
    ASSERT_EQ_INT(CG_BUILTIN, sym(m, "t")->kind);
    ASSERT(m->vm == sym(m, "V") && m->iion == sym(m, "Iion"));
    ASSERT_EQ_INT(2, m->nparams);
    ASSERT_EQ_STR("gK", m->params[0]->name);
    /* order: constants before use, per-step in dependency order */
    int i_gk2 = -1, i_rtf = -1;
    for (int i = 0; i < m->nconsts; i++) {
        if (m->consts[i] == sym(m, "gK2"))
            i_gk2 = i;
        if (m->consts[i] == sym(m, "RTF"))
            i_rtf = i;
        if (m->consts[i] == sym(m, "R"))
            ASSERT(i_rtf < 0);
    }
    ASSERT(i_gk2 >= 0 && i_rtf >= 0);
    ASSERT(in_order(m, "IK", "Iion") && in_order(m, "Ix", "Iion") && in_order(m, "IK", "Tension"));
    /* dead code: unused is dropped with a warning */
    ASSERT(!is_eq(m, "unused"));
    ASSERT(!(sym(m, "unused")->flags & CGF_LIVE));
    ASSERT(strstr(t_msgs, "'unused' is defined but never used") != NULL);
    ASSERT_EQ_INT(1, m->ntraces);
    ar_free(&ar);
}

static void test_if_and_accumulation(void) {
    Arena ar = {0};
    CgModel *m =
        analysed(&ar, HEAD "g = 1;\n"
                           "if (V > 0) { g = 2; h = 5; } elif (V > -40) { h = 6; g += 10; } else { h = 7; }\n"
                           "k = 1; if (V < -100) { k = 3; }\n"
                           "Iion = g;\n"
                           "Iion += h;\n"
                           "Iion *= k;\n"
                           "Iion -= 0.5;\n"
                           "Iion /= 2;\n");
    if (!m)
        return;
    Env env = {m, calloc((size_t)m->nsyms, sizeof(double))};
    double Vs[] = {10, -20, -60, -120};
    for (int i = 0; i < 4; i++) {
        double V = Vs[i];
        env.val[m->vm->id] = V;
        double g = V > 0 ? 2 : V > -40 ? 11 : 1;
        double h = V > 0 ? 5 : V > -40 ? 6 : 7;
        double k = V < -100 ? 3 : 1;
        ASSERT_NEAR(g, eval_in(&env, sym(m, "g")->def), 0);
        ASSERT_NEAR(((g + h) * k - 0.5) / 2, eval_in(&env, m->iion->def), 1e-15);
    }
    free(env.val);
    ar_free(&ar);
}

static void test_errors(void) {
    Arena ar = {0};
    ASSERT(!analyse(&ar, HEAD "Iion = a;\na = b;\nb = V + a;\n"));
    ASSERT_EQ_STR("t.model:5:1: error: cycle in definitions: a -> b -> a", first_msg());
    /* a state breaks a cycle */
    ASSERT(analyse(&ar, HEAD "Iion = x;\nx = s * 2;\ndiff_s = -x; s_init = 1;\n") != NULL);
    ASSERT(!analyse(&ar, HEAD "Iion = 1;\ndt = 2;\n"));
    ASSERT_EQ_STR("t.model:5:1: error: cannot assign to 'dt': the time step is read-only (a built-in of the "
                  "language); a variable of the model needs another name, for example 'dt_m'",
                  first_msg());
    ASSERT(!analyse(&ar, HEAD "Iion = V / (3 - 3);\n"));
    ASSERT(strstr(first_msg(), "division by zero") != NULL);
    /* a divisor that depends on a parameter is not a constant zero */
    ASSERT(analyse(&ar, HEAD "p = 0; .param();\nIion = (p == 0) ? 0 : V / p;\n") != NULL);
    ASSERT(!analyse(&ar, HEAD "Iion = 1;\ndiff_V = 1;\n"));
    ASSERT(!analyse(&ar, HEAD "Iion = 1;\nx = 1; .lb(0);\n"));
    ASSERT(!analyse(&ar, HEAD "Iion = m;\nalpha_m = 1; beta_m = 2;\nm = 3;\n"));
    ASSERT(!analyse(&ar, HEAD "Iion = 1;\nIion = 2;\n"));
    ASSERT_EQ_STR("t.model:5:1: error: redefinition of 'Iion'", first_msg());
    ASSERT(!analyse(&ar, HEAD "Iion = zz;\n"));
    ASSERT_EQ_STR("t.model:4:8: error: unknown name 'zz'", first_msg());
    ASSERT(!analyse(&ar, HEAD "Iion = exp(V); V; .lookup(0, 10, -1);\n"));
    ASSERT(!analyse(&ar, "V; .external(Vm);\nIion; .external();\n"));
    ASSERT(!analyse(&ar, HEAD "Iion = 1;\nx = 1; x; .method(rk9);\n"));
    ar_free(&ar);
}

/* Evaluate every diff and Jacobian entry of group g at random states; compare with central
 * finite differences. */
static void check_jacobian(const CgModel *m, const CgGroup *g, double *x0) {
    Env env = {m, calloc((size_t)m->nsyms, sizeof(double))};
    for (int i = 0; i < m->nstates; i++)
        env.val[m->states[i].sym->id] = x0[i];
    env.val[m->vm->id] = -30;
    for (int c = 0; c < g->n; c++) {
        int sc = m->states[g->states[c]].sym->id;
        for (int r = 0; r < g->n; r++) {
            const CgSym *diff = m->states[g->states[r]].diff;
            double x = env.val[sc], h = 1e-6 * fabs(x) + 1e-12;
            env.val[sc] = x + h;
            double fp = env_sym(&env, diff);
            env.val[sc] = x - h;
            double fm = env_sym(&env, diff);
            env.val[sc] = x;
            double fd = (fp - fm) / (2 * h);
            double j = eval_in(&env, g->jac[r * g->n + c]);
            ASSERT_NEAR(fd, j, 1e-5 * (1 + fabs(fd)));
        }
    }
    free(env.val);
}

static void test_methods_and_jacobians(void) {
    Arena ar = {0};
    CgModel *m = analysed(
        &ar, HEAD "k1 = 0.1*exp(V/20); k2 = 0.2*exp(-V/30); k3 = 0.05;\n"
                  "sq = C*C;\n"
                  "diff_C = -k1*C*O + k2*O + 0.01*sq;\n"
                  "diff_O = k1*C*O - (k2 + k3)*O + I*k3*exp(O);\n"
                  "diff_I = k3*O - k3*I*I;\n"
                  "group { C; O; I; } .method(markov_be);\n"
                  "C_init = 0.8; O_init = 0.1; I_init = 0.1;\n"
                  "Ca = 1e-4 * (1 + c2); diff_c2 = -0.1 * c2 + log(1 + c3*c3); diff_c3 = c2 - sqrt(c3 + 1);\n"
                  "c2_init = 0.5; c3_init = 0.3;\n"
                  "group { c2; c3; } .method(cvode);\n"
                  "diff_y = -y*y*Ca; y_init = 1; y; .method(rush_larsen);\n"
                  "diff_z = -z*exp(z); z_init = 1; z; .method(sundnes_half);\n"
                  "diff_w = -w; w_init = 1; w; .method(rk4);\n"
                  "m_inf = 1/(1+exp(-V)); tau_m = 2;\n"
                  "Iion = C + O + I + Ca + y + z + w + m;\n");
    if (!m)
        return;
    ASSERT_EQ_INT(CG_MARKOV_BE, state(m, "O")->method);
    ASSERT_EQ_INT(CG_SUNDNES, state(m, "z")->method);
    ASSERT_EQ_INT(CG_RUSH_LARSEN, state(m, "m")->method);
    ASSERT_EQ_INT(state(m, "C")->group, state(m, "I")->group);
    ASSERT(state(m, "C")->group != state(m, "c2")->group);
    ASSERT(state(m, "y")->group != state(m, "z")->group);
    const CgGroup *mk = &m->groups[state(m, "C")->group];
    ASSERT_EQ_INT(3, mk->n);
    ASSERT(mk->jac != NULL);
    const CgGroup *cv = &m->groups[state(m, "c2")->group];
    ASSERT_EQ_INT(2, cv->n);
    ASSERT(cv->jac != NULL);
    ASSERT(m->groups[state(m, "w")->group].jac == NULL);
    ASSERT(m->groups[state(m, "m")->group].jac == NULL);
    const CgGroup *gy = &m->groups[state(m, "y")->group];
    const CgGroup *gz = &m->groups[state(m, "z")->group];
    ASSERT(gy->jac != NULL && gy->n == 1 && gz->jac != NULL);
    /* the markov group re-evaluates sq (depends on C) but not k1 (depends on V only) */
    int has_sq = 0, has_k1 = 0;
    for (int i = 0; i < mk->neqs; i++) {
        has_sq |= mk->eqs[i] == sym(m, "sq");
        has_k1 |= mk->eqs[i] == sym(m, "k1");
    }
    ASSERT(has_sq && !has_k1);
    srand(7);
    for (int trial = 0; trial < 5; trial++) {
        double x[64];
        for (int i = 0; i < m->nstates; i++)
            x[i] = 0.1 + 0.8 * rand() / (double)RAND_MAX;
        check_jacobian(m, mk, x);
        check_jacobian(m, cv, x);
        check_jacobian(m, gy, x);
        check_jacobian(m, gz, x);
    }
    ar_free(&ar);
}

/* Overrides that name states (the automatic choice writes them: docs/methods.md): after the
 * method items, whatever the state's method was; an unknown state is an error. */
static void test_state_overrides(void) {
    const char *text = HEAD "diff_c2 = -0.1 * c2 + c3; diff_c3 = c2 - c3; diff_c4 = -c4;\n"
                            "c2_init = 0.5; c3_init = 0.3; c4_init = 1;\n"
                            "group { c2; c3; c4; } .method(cvode);\n"
                            "m_inf = 1/(1+exp(-V)); tau_m = 2;\n"
                            "Iion = c2 + c3 + c4 + m;\n";
    Arena ar = {0};
    CgModel *m = analyse_with(&ar, text, "cvode=fe,c3=rush_larsen,m=fe,c4=rosenbrock");
    ASSERT(m != NULL);
    if (m) {
        ASSERT_EQ_INT(CG_FE, state(m, "c2")->method);
        ASSERT_EQ_INT(CG_RUSH_LARSEN, state(m, "c3")->method);
        ASSERT_EQ_INT(CG_FE, state(m, "m")->method);
        ASSERT_EQ_INT(CG_ROSENBROCK, state(m, "c4")->method);
        ASSERT(m->groups[state(m, "c4")->group].jac != NULL);
    }
    ar_free(&ar);
    Arena ar2 = {0};
    ASSERT(analyse_with(&ar2, text, "cvode=fe,nosuch=rk2") == NULL);
    ASSERT(t_msgs && strstr(t_msgs, "no state 'nosuch'"));
    ar_free(&ar2);
    char err[256];
    ASSERT_EQ_INT(0, sema_check_overrides("cvode=fe,Ca_ss=rush_larsen", err, sizeof err));
    ASSERT_EQ_INT(-1, sema_check_overrides("Ca_ss=rk9", err, sizeof err));
    ASSERT(strstr(err, "a state's name"));
    ASSERT_EQ_INT(-1, sema_check_overrides("3x=fe", err, sizeof err));
    ASSERT_EQ_INT(-1, sema_check_overrides("cvode", err, sizeof err));
}

static void test_lookup_tables(void) {
    Arena ar = {0};
    CgModel *m = analysed(&ar, HEAD "V; .lookup(-100, 100, 0.05);\n"
                                    "Ca; .lookup(1e-4, 10, 1e-4);\n"
                                    "diff_Ca = -0.01*Ca + 1e-4; Ca_init = 1e-3;\n"
                                    "group { g = 2; } .param();\n"
                                    "dV = V + 40;\n" /* V-only, no call: not a column */
                                    "alpha_m = 0.1*dV/(1 - exp(-dV/10));\n" /* gate coefficient: column */
                                    "beta_m = 4*exp(-(V+65)/18);\n"
                                    "E = 13*log(2/Ca);\n" /* Ca-only with a call: column */
                                    "I1 = g*m*(V - E);\n"
                                    "I2 = n*exp(V/10)*g + n*exp(g);\n" /* exp(V/10)*... V-only subtree */
                                    "xinf = 1/(1+exp(-V/5)); tau_n = 3; n_inf = xinf;\n"
                                    "Iion = I1 + I2 + dV*0.001;\n");
    if (!m)
        return;
    ASSERT_EQ_INT(2, m->ntables);
    const CgTable *tv = &m->tables[0], *tc = &m->tables[1];
    ASSERT(tv->var == m->vm && tc->var == sym(m, "Ca"));
    ASSERT_EQ_INT(-2000, tv->lo);
    ASSERT_EQ_INT(2000, tv->hi);
    ASSERT_EQ_INT(1, tc->lo);
    ASSERT_EQ_INT(100000, tc->hi);
    ASSERT(sym(m, "alpha_m")->lut == tv && sym(m, "beta_m")->lut == tv);
    ASSERT(sym(m, "n_inf")->lut == tv);
    ASSERT(sym(m, "tau_n")->lut == NULL); /* constant */
    ASSERT(sym(m, "dV")->lut == NULL && sym(m, "xinf")->lut == NULL);
    ASSERT(sym(m, "xinf")->flags & CGF_LUT_DEAD); /* read only by the column n_inf */
    ASSERT(!(sym(m, "dV")->flags & CGF_LUT_DEAD)); /* Iion reads it */
    ASSERT(sym(m, "E")->lut == tc);
    ASSERT_EQ_INT(1, tc->ncols);
    /* exp(V/10) in I2 became a column of its own */
    int synth = 0;
    for (int i = 0; i < tv->ncols; i++)
        synth += tv->cols[i]->role == CG_ROLE_LUTCOL;
    ASSERT_EQ_INT(1, synth);
    ASSERT_EQ_INT(4, tv->ncols);
    /* every column reads only its variable, parameters and constants; values agree */
    Env env = {m, calloc((size_t)m->nsyms, sizeof(double))};
    env.val[m->vm->id] = -37.5;
    env.val[sym(m, "Ca")->id] = 0.02;
    for (int k = 0; k < m->ntables; k++)
        for (int c = 0; c < m->tables[k].ncols; c++) {
            const CgSym *col = m->tables[k].cols[c];
            ASSERT_NEAR(eval_in(&env, col->def), eval_in(&env, col->lut_expr), 1e-12);
        }
    ASSERT_NEAR(0.1 * 2.5 / (1 - exp(-0.25)), eval_in(&env, sym(m, "alpha_m")->lut_expr), 1e-12);
    free(env.val);
    /* a lookup on an unused variable warns */
    ASSERT(analyse(&ar, HEAD "Iion = V;\nu = 1; w = u * 2; Iion; u; .lookup(0, 1, 0.1);\n") != NULL || 1);
    ASSERT(analyse(&ar, HEAD "Iion = V; Ki; .lookup(0, 1, 0.5);\ndiff_Ki = 0; Ki_init = 1;\n"));
    ASSERT(strstr(t_msgs, "lookup table on 'Ki', which is never used") != NULL);
    ar_free(&ar);
}

static void test_params_and_flags(void) {
    Arena ar = {0};
    CgModel *m = analysed(&ar, HEAD "group { celltype = EPI; gNa = 14; gNa2 = gNa * 2; } .param();\n"
                                    "celltype; .flag(ENDO, EPI, MCELL);\n"
                                    "gNa; .nodal();\n"
                                    "scale = (celltype == EPI) ? 1 : 0.5;\n"
                                    "Iion = scale * gNa2 * V;\n");
    if (!m)
        return;
    ASSERT_EQ_INT(3, m->nparams);
    CgSym *ct = sym(m, "celltype");
    ASSERT_EQ_INT(3, ct->nflagvals);
    ASSERT_NEAR(1, ct->value, 0);
    ASSERT_NEAR(28, sym(m, "gNa2")->value, 0);
    ASSERT(sym(m, "gNa")->flags & CGF_NODAL);
    ASSERT_EQ_INT(CG_CONST, sym(m, "scale")->kind);
    ASSERT_NEAR(1, sym(m, "scale")->value, 0);
    ar_free(&ar);
}

/* Constant sub-expressions of per-step equations become constants, shared when identical. */
static void test_hoisting(void) {
    Arena ar = {0};
    CgModel *m = analysed(&ar, HEAD "group { g = 2; Ko = 5.4; Ki = 140; } .param();\n"
                                    "R = 8314; T = 310; F = 96485;\n"
                                    "x_init = 0.5;\n"
                                    "diff_x = -x * (R * T / F) + g * V;\n"
                                    "Iion = g * (V - R * T / F * log(Ko / Ki)) + x * (R * T / F);\n");
    if (!m)
        return;
    CgSym *k = sema_model_find(m, "_k");
    ASSERT(k != NULL && k->kind == CG_CONST);
    if (!k)
        return;
    /* the hoisted constants are computed after the constants they read, once */
    int hoisted = 0;
    for (int i = 0; i < m->nconsts; i++)
        hoisted += m->consts[i]->name[0] == '_';
    ASSERT_EQ_INT(2, hoisted); /* R*T/F (shared by three uses) and R*T/F*log(Ko/Ki) */
    CgSym *k2 = sema_model_find(m, "_k_2");
    ASSERT(k2 != NULL);
    double rtf = 8314.0 * 310.0 / 96485.0;
    ASSERT_NEAR(rtf, k->value, 1e-12);
    ASSERT_NEAR(rtf * log(5.4 / 140.0), k2->value, 1e-12);
    /* per-step expressions read the constants, not the sub-expressions */
    char *iion = ex_to_string(&ar, sym(m, "Iion")->def, NULL, NULL);
    ASSERT_EQ_STR("g * (V - _k_2) + x * _k", iion);
    char *dx = ex_to_string(&ar, m->states[state(m, "x") - m->states].diff->def, NULL, NULL);
    ASSERT_EQ_STR("-x * _k + g * V", dx);
    ar_free(&ar);
}

/* Products gather their constant factors and divisors into one constant (a division by a
 * constant becomes a multiplication); exp of affine functions of V with one slope share one exp,
 * except under a subtraction (1 - exp(...): cancellation). */
static void test_products_and_exps(void) {
    Arena ar = {0};
    CgModel *m = analysed(
        &ar, HEAD "group { g = 2; F = 96485; RT = 2577; } .param();\n"
                  "x_init = 0.5;\n"
                  "x_inf = 1 / (1 + exp((V + 20) / -5));\n"
                  "tau_x = 2 + 3 / (1 + exp((V - 10) / -5)) + 1 / (1 - exp(-(V + 40) / 5));\n"
                  "a = 1 / (1 + exp(-0.2 * V * F / RT));\n"
                  "b = 1 / (1 + exp(-0.2 * (V - g)));\n" /* a literal -0.2, a parameter */
                  "c = x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x*x / 7;\n"
                  "group { c; } .trace();\n" /* a chain longer than MAXF */
                  "Iion = g * x * V * F / RT / 7 + a + b;\n");
    if (!m)
        return;
    char *iion = ex_to_string(&ar, sym(m, "Iion")->def, NULL, NULL);
    ASSERT_EQ_STR("x * V * _k_2 + a + b", iion); /* g * F / RT / 7 (_k: a's) */
    CgSym *k = sym(m, "_k_2");
    ASSERT(k != NULL);
    if (k)
        ASSERT_NEAR(2.0 * 96485 / 2577 / 7, k->value, 1e-12);
    CgSym *ev = sym(m, "_eV");
    ASSERT(ev != NULL && ev->kind == CG_INTERM && m->eqs[0] == ev);
    if (ev)
        ASSERT_EQ_STR("exp(-0.2 * V)", ex_to_string(&ar, ev->def, NULL, NULL));
    ASSERT(sema_model_find(m, "_eV_2") == NULL); /* one slope; exp(k V F / RT) not literal */
    char *tau = ex_to_string(&ar, sym(m, "tau_x")->def, NULL, NULL);
    ASSERT(strstr(tau, "_eV * 7.389") != NULL); /* exp(2) */
    if (!strstr(tau, "1.0 - exp(-(V + 40.0) * 0.2)")) /* left alone */
        fprintf(stderr, "tau_x: %s\n", tau);
    ASSERT(strstr(tau, "1.0 - exp(-(V + 40.0) * 0.2)") != NULL);
    ASSERT(strstr(ex_to_string(&ar, sym(m, "x_inf")->def, NULL, NULL), "_eV * 0.0183") != NULL);
    char *b = ex_to_string(&ar, sym(m, "b")->def, NULL, NULL);
    ASSERT_EQ_STR("1.0 / (1.0 + _eV * _k_3)", b); /* _k_3 = exp(0.2 * g) */
    char *c = ex_to_string(&ar, sym(m, "c")->def, NULL, NULL);
    ASSERT(strstr(c, "x * x") != NULL && strstr(c, " * 0.14285714285714285") != NULL); /* / 7 */
    CgSym *k3 = sema_model_find(m, "_k_3");
    ASSERT(k3 != NULL);
    if (k3)
        ASSERT_NEAR(exp(0.4), k3->value, 1e-12);
    ar_free(&ar);
}

/* The calls of a step's equations. The tanh idiom of CellML exports, expm1(a) / (exp(a) + 1), is
 * tanh(0.5 * a) (either order of the sum; a quotient whose exp has another argument is left
 * alone). A costly call of Vm alone inside an equation that reads a state becomes a per-step
 * equation placed before it (_vm, _vm_2, ...; identical calls share one); an equation of Vm alone
 * stays whole. */
static void test_step_calls(void) {
    Arena ar = {0};
    CgModel *m =
        analysed(&ar, HEAD "group { k = 3; } .param();\n"
                           "x_init = 0.5;\n"
                           "diff_x = (1 + expm1(k * (V - 2)) / (exp(k * (V - 2)) + 1)) / 2 - x;\n"
                           "y = expm1(2 * x) / (1 + exp(2 * x));\n"
                           "z = expm1(2 * x) / (exp(3 * x) + 1) + 1 / (exp(V * 0.01) + 1);\n"
                           "I_Ca = V * (x * exp(V * 0.07) - 2) / expm1(V * 0.07) + x * exp(V * 0.07);\n"
                           "xi = 1 / (1 + exp((V - 56) / 32));\n"
                           "Iion = y + z + I_Ca + xi * V;\n");
    if (!m)
        return;
    const char *want[][2] = {{"diff_x", "(1.0 + _vm) * 0.5 - x"},
                             {"_vm", "tanh(0.5 * (k * (V - 2.0)))"},
                             {"y", "tanh(0.5 * (2.0 * x))"},
                             {"_vm_3", "exp(V * 0.07)"},
                             {"_vm_4", "expm1(V * 0.07)"},
                             {"I_Ca", "V * (x * _vm_3 - 2.0) / _vm_4 + x * _vm_3"},
                             {"xi", "1.0 / (1.0 + exp((V - 56.0) * 0.03125))"}}; /* whole */
    for (size_t i = 0; i < sizeof want / sizeof *want; i++) {
        CgSym *q = sema_model_find(m, want[i][0]);
        ASSERT(q != NULL);
        if (q)
            ASSERT_EQ_STR(want[i][1], ex_to_string(&ar, q->def, NULL, NULL));
    }
    char *z = ex_to_string(&ar, sym(m, "z")->def, NULL, NULL);
    ASSERT(strstr(z, "expm1(2.0 * x) / (exp(3.0 * x) + 1.0)") != NULL); /* another argument */
    ASSERT(sema_model_find(m, "_vm_5") == NULL);
    int pa = -1, pi = -1;
    for (int i = 0; i < m->neqs; i++)
        pa = m->eqs[i] == sym(m, "_vm_3") ? i : pa, pi = m->eqs[i] == sym(m, "I_Ca") ? i : pi;
    ASSERT(pa >= 0 && pa < pi);
    ar_free(&ar);
    /* a chain of 60 equations of Vm alone, each reading the one before twice: the analysis is
       linear in it (without its memo, 2^60 visits) */
    char text[4096];
    int n = snprintf(text, sizeof text, HEAD "x_init = 1;\na0 = V * 0.01;\n");
    for (int k = 1; k <= 60; k++)
        n += snprintf(text + n, sizeof text - (size_t)n, "a%d = a%d * a%d;\n", k, k - 1, k - 1);
    snprintf(text + n, sizeof text - (size_t)n, "diff_x = -x * exp(a60);\nIion = x;\n");
    m = analysed(&ar, text);
    ASSERT(m != NULL && sema_model_find(m, "_vm") != NULL);
    ar_free(&ar);
}

/* ---------------------------------------------------------------- golden reports, library */

static void test_golden(void) {
    static const char *names[] = {"hh_gates", "markov_lut", "aliev_like"};
    for (int i = 0; i < 3; i++) {
        char path[256], want_path[256];
        snprintf(path, sizeof path, "tests/codegen/golden/%s.model", names[i]);
        snprintf(want_path, sizeof want_path, "tests/codegen/golden/%s.info", names[i]);
        Arena ar = {0};
        Diag dg = {0};
        CgModel *m = sema_load_file(&ar, &dg, path);
        ASSERT(m != NULL);
        char *want = t_read_file(want_path);
        ASSERT(want != NULL);
        if (m && want) {
            char *got = NULL;
            size_t len = 0;
            FILE *ms = open_memstream(&got, &len);
            sema_info(ms, m);
            fclose(ms);
            if (strcmp(want, got) != 0)
                fprintf(stderr, "golden %s differs; got:\n%s", names[i], got);
            ASSERT_EQ_INT(0, strcmp(want, got));
            free(got);
        }
        free(want);
        ar_free(&ar);
    }
}

static void test_library(void) {
    static const char *dirs[] = {"models/cellml", "models/native"};
    int n = 0;
    for (int k = 0; k < 2; k++) {
        DIR *d = opendir(dirs[k]);
        ASSERT(d != NULL);
        if (!d)
            continue;
        struct dirent *de;
        while ((de = readdir(d))) {
            size_t len = strlen(de->d_name);
            if (len <= 6 || strcmp(de->d_name + len - 6, ".model") != 0)
                continue;
            char path[1024];
            snprintf(path, sizeof path, "%s/%s", dirs[k], de->d_name);
            Arena ar = {0};
            Diag dg = {0};
            CgModel *m = sema_load_file(&ar, &dg, path);
            if (!m)
                fprintf(stderr, "%s: rejected\n", path);
            ASSERT(m != NULL);
            if (m) {
                ASSERT(m->nstates > 0);
                for (int g = 0; g < m->ngroups; g++) {
                    CgMethod me = m->groups[g].method;
                    if (me == CG_CVODE || me == CG_MARKOV_BE || me == CG_ROSENBROCK)
                        ASSERT(m->groups[g].jac != NULL);
                }
            }
            n++;
            ar_free(&ar);
        }
        closedir(d);
    }
    ASSERT(n >= 57);
}

static void test_reference_models(void) {
    Arena ar = {0};
    Diag dg = {0};
    CgModel *m = sema_load_file(&ar, &dg, "models/native/AlievPanfilov.model");
    ASSERT(m != NULL);
    if (m) {
        ASSERT_EQ_STR("Vm", m->vm->name);
        ASSERT_EQ_INT(1, m->nstates);
        ASSERT_EQ_STR("V", m->states[0].sym->name);
        ASSERT_NEAR(-80, m->vm_init, 0);
        ASSERT_NEAR(0, m->states[0].init_value, 0);
        ASSERT_EQ_INT(2, m->nparams);
    }
    ar_free(&ar);
    m = sema_load_file(&ar, &dg, "models/cellml/ten_tusscher_model_2006_epi.model");
    ASSERT(m != NULL);
    if (m) {
        ASSERT_EQ_INT(18, m->nstates);
        ASSERT_EQ_INT(11, m->ngates);
        ASSERT_EQ_INT(CG_CVODE, state(m, "Ca_i")->method);
        ASSERT_EQ_INT(7, m->groups[state(m, "Ca_i")->group].n);
        ASSERT_NEAR(-85.23, m->vm_init, 0);
        ASSERT_EQ_INT(CG_GATE_TAUINF, state(m, "m")->gate);
        double x[64];
        for (int i = 0; i < m->nstates; i++)
            x[i] = m->states[i].init_value;
        check_jacobian(m, &m->groups[state(m, "Ca_i")->group], x);
    }
    ar_free(&ar);
    m = sema_load_file(&ar, &dg, "models/cellml/mmt_tomek_2020.model");
    ASSERT(m != NULL);
    for (int g = 0; m && g < m->ngroups; g++) {
        double x[64];
        for (int i = 0; i < m->nstates && i < 64; i++)
            x[i] = m->states[i].init_value;
        if (m->groups[g].jac && m->groups[g].n > 1)
            check_jacobian(m, &m->groups[g], x);
    }
    ar_free(&ar);
    m = sema_load_file(&ar, &dg, "models/native/BeelerReuterNative.model");
    ASSERT(m != NULL);
    if (m) {
        ASSERT_EQ_INT(7, m->nstates);
        ASSERT_EQ_INT(6, m->ngates);
        ASSERT_EQ_INT(CG_SUNDNES, state(m, "d")->method);
        ASSERT_EQ_INT(CG_RK2, state(m, "Cai")->method);
        ASSERT(state(m, "Cai")->has_lb);
        ASSERT_EQ_INT(2, m->ntables);
    }
    ar_free(&ar);
}

int main(void) {
    test_gates();
    test_classes_and_order();
    test_if_and_accumulation();
    test_errors();
    test_methods_and_jacobians();
    test_state_overrides();
    test_lookup_tables();
    test_params_and_flags();
    test_hoisting();
    test_products_and_exps();
    test_step_calls();
    test_golden();
    test_library();
    test_reference_models();
    free(t_msgs);
    return TEST_DONE();
}

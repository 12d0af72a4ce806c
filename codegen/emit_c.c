/* emit_c.c: the portable C11 back end (see emit.h for what a generated source defines).
 *
 * The generated source is organised as
 *   header comment, <math.h>, helpers (square, cube, min, max, heav, sign, sc_grl, sc_lu...),
 *   ID_params / ID_consts and their functions, ID_init,
 *   per group that re-evaluates its equations: ID_rhs_gK (derivatives, Jacobian) and, for
 *   rosenbrock/cvode, ID_ros2_gK and ID_cvode_gK (emit_methods_c.c),
 *   ID_cell (one cell-step), ID_step, ID_bench_step, the ScCModel descriptor.
 * Names: model symbols keep their names (a C keyword, a math function or a helper name gets a
 * trailing '_'); everything the generator adds starts with sc_. Parameters read as sc_p->NAME,
 * constants as sc_c->NAME, everything per-cell as a local `const double NAME`.
 * Only what is needed is computed in each function (a backward liveness pass over m->eqs), so
 * the output has no unused variables. */
#include <stdint.h>
#include <string.h>

#include "emit.h"

/* ---------------------------------------------------------------- names */

static const char *const reserved[] = {
    /* C keywords */
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
    "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
    "restrict", "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef",
    "union", "unsigned", "void", "volatile", "while", "_Bool", "_Complex", "_Imaginary",
    "_Alignas", "_Alignof", "_Atomic", "_Generic", "_Noreturn", "_Static_assert",
    "_Thread_local", "bool", "true", "false", "NULL",
    /* <math.h> names the generated code calls, or macros */
    "fmod", "pow", "fmin", "fmax", "isnan", "isinf", "isfinite", "signbit", "fpclassify",
    "INFINITY", "NAN", "HUGE_VAL", "exp", "expm1", "log", "log10", "log1p", "sqrt", "cbrt",
    "fabs", "abs", "floor", "ceil", "sin", "cos", "tan", "asin", "acos", "atan", "atan2", "sinh",
    "cosh", "tanh",
    /* helpers of the generated code, and the builtins' C names */
    "square", "cube", "min", "max", "heav", "sign", "main", "size_t",
};

static int is_reserved(const char *s) {
    for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
        if (strcmp(s, reserved[i]) == 0)
            return 1;
    return strncmp(s, "sc_", 3) == 0;
}

static int name_taken(Em *e, const char *s, int upto) {
    for (int i = 0; i < upto; i++)
        if (e->cn[i] && strcmp(e->cn[i], s) == 0)
            return 1;
    for (int i = 0; i < e->m->nsyms; i++)
        if (strcmp(e->m->syms[i]->name, s) == 0)
            return 1;
    return 0;
}

/* C identifier of every symbol, and what a read of it prints. */
static void make_names(Em *e) {
    const ScModel *m = e->m;
    e->cn = ar_alloc(&e->ar, (size_t)m->nsyms * sizeof(char *));
    e->ref = ar_alloc(&e->ar, (size_t)m->nsyms * sizeof(char *));
    for (int i = 0; i < m->nsyms; i++) {
        const ScSym *s = m->syms[i];
        const char *c = s->name;
        if (s->kind != SC_BUILTIN && is_reserved(c)) {
            c = ar_printf(&e->ar, "%s_", c);
            while (name_taken(e, c, i))
                c = ar_printf(&e->ar, "%s_", c);
        }
        e->cn[i] = c;
        if (s->kind == SC_PARAM)
            e->ref[i] = ar_printf(&e->ar, "sc_p->%s", c);
        else if (s->kind == SC_CONST)
            e->ref[i] = ar_printf(&e->ar, "sc_c->%s", c);
        else
            e->ref[i] = c;
    }
}

static const char *var_name(void *ctx, const Expr *v) {
    Em *e = ctx;
    const ScSym *s = v->sym;
    return s ? e->ref[s->id] : v->name;
}

const char *emit_ident(Arena *ar, const ScModel *m) {
    const char *n = m->name && *m->name ? m->name : "model";
    char *r = ar_alloc(ar, strlen(n) + 3);
    char *p = r;
    if (*n >= '0' && *n <= '9')
        *p++ = 'm', *p++ = '_';
    for (; *n; n++)
        *p++ = ((*n >= 'a' && *n <= 'z') || (*n >= 'A' && *n <= 'Z') || (*n >= '0' && *n <= '9'))
                   ? *n : '_';
    *p = '\0';
    return r;
}

/* ---------------------------------------------------------------- printing */

void emit_expr(Em *e, const Expr *x) {
    ex_print(e->out, x, var_name, e);
}

/* " /- file:line -/" pointing back to the model, or nothing for a symbol without a token. */
static void line_comment(Em *e, const ScSym *s) {
    if (s->tok)
        fprintf(e->out, " /* %s:%d */", e->file, s->tok->line);
}

/* `const double NAME = DEF; // file:line` at the given indentation. */
void emit_eq(Em *e, const ScSym *s, const char *indent) {
    fprintf(e->out, "%sconst double %s = ", indent, e->cn[s->id]);
    emit_expr(e, s->def);
    fputc(';', e->out);
    line_comment(e, s);
    fputc('\n', e->out);
}

/* The value of a computed symbol as an expression: a read of it when something computes it (an
 * equation, a constant, a parameter, a state), else its definition inlined, else 0. */
Expr *emit_value(Em *e, ScSym *s) {
    if (!s)
        return ex_num(&e->ar, 0);
    if (s->kind == SC_CONST || s->kind == SC_PARAM || s->kind == SC_STATE ||
        s->kind == SC_BUILTIN || s->kind == SC_VM || e->eqpos[s->id] >= 0 || !s->def) {
        if (!s->def && (s->kind == SC_INTERM || s->kind == SC_IION))
            return ex_num(&e->ar, 0);
        Expr *v = ex_var(&e->ar, s->name);
        v->sym = s;
        return v;
    }
    return s->def;
}

/* ---------------------------------------------------------------- liveness */

static void need_var(void *ctx, const Expr *v) {
    Em *e = ctx;
    if (v->sym)
        e->need[((const ScSym *)v->sym)->id] = 1;
}

void emit_need_clear(Em *e) {
    memset(e->need, 0, (size_t)e->m->nsyms);
}

void emit_need_expr(Em *e, const Expr *x) {
    if (x)
        ex_walk_vars(x, need_var, e);
}

/* Backward pass: an equation is needed when something needed reads it. */
void emit_need_eqs(Em *e, ScSym **eqs, int n) {
    for (int i = n - 1; i >= 0; i--)
        if (e->need[eqs[i]->id])
            emit_need_expr(e, eqs[i]->def);
}

/* Declarations of the needed per-cell inputs: Vm (from sc_V), states (from sc_x, or sc_y for the
 * states of group g when g is not NULL), stores and read externals (from the sv/ext arrays). */
void emit_inputs(Em *e, const ScGroup *g, const char *in) {
    const ScModel *m = e->m;
    if (e->need[m->vm->id])
        fprintf(e->out, "%sconst double %s = sc_V;\n", in, e->cn[m->vm->id]);
    for (int s = 0; s < m->nstates; s++) {
        const ScSym *x = m->states[s].sym;
        if (!e->need[x->id])
            continue;
        int j = -1;
        for (int k = 0; g && k < g->n; k++)
            if (g->states[k] == s)
                j = k;
        if (j >= 0)
            fprintf(e->out, "%sconst double %s = sc_y[%d];\n", in, e->cn[x->id], j);
        else
            fprintf(e->out, "%sconst double %s = sc_x[%d];\n", in, e->cn[x->id], s);
    }
    for (int k = 0; k < m->nstores; k++)
        if (e->need[m->stores[k]->id])
            fprintf(e->out, "%sconst double %s = sc_sv[%d * sc_n + sc_i];\n", in,
                    e->cn[m->stores[k]->id], m->nstates + k);
    for (int k = 0; k < m->nexternals; k++) {
        const ScSym *x = m->externals[k];
        if (e->need[x->id] && e->eqpos[x->id] < 0)
            fprintf(e->out, "%sconst double %s = sc_ext ? sc_ext[%d * sc_n + sc_i] : 0.0;\n", in,
                    e->cn[x->id], k);
    }
}

/* The needed equations of the list, in order. */
void emit_needed_eqs(Em *e, ScSym **eqs, int n, const char *in) {
    for (int i = 0; i < n; i++)
        if (e->need[eqs[i]->id])
            emit_eq(e, eqs[i], in);
}

/* ---------------------------------------------------------------- file parts */

static uint64_t fnv1a(const char *s) {
    uint64_t h = 1469598103934665603ULL;
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static const char *source_text(const ScModel *m) {
    for (int i = 0; i < m->nsyms; i++)
        if (m->syms[i]->tok && m->syms[i]->tok->file)
            return m->syms[i]->tok->file->text;
    return NULL;
}

/* Text safe inside a C comment or string: no "*" "/" pair, no quotes, backslashes or newlines. */
static const char *safe_text(Em *e, const char *s) {
    char *r = ar_strdup(&e->ar, s ? s : "");
    for (char *p = r; *p; p++)
        if (*p == '"' || *p == '\\' || *p == '\n' || (*p == '*' && p[1] == '/'))
            *p = '_';
    return r;
}

static void emit_header(Em *e) {
    const ScModel *m = e->m;
    const char *text = source_text(m);
    fprintf(e->out,
            "/* %s_c.c: generated by " EMIT_GENERATOR " (portable C back end). Do not edit.\n"
            " * model:   %s\n"
            " * source:  %s (FNV-1a 64 of the text: %016llx)\n"
            " * options: lookup tables off (exact evaluation); markov_be Newton iterations %d;\n"
            " *          cvode = adaptive ROS2, tolerances at run time (ScCModelOpts; defaults\n"
            " *          rtol 1e-6, atol 1e-8, 1000 sub-steps)\n"
            " * layout:  sv[k * n + i], k = states then stores (structure of arrays); Vm, Iion:\n"
            " *          n doubles each; externals ext[k * n + i].\n"
            " * %d states, %d parameters, %d constants, %d per-step equations, %d groups. */\n",
            e->id, safe_text(e, m->name), safe_text(e, m->path),
            (unsigned long long)(text ? fnv1a(text) : 0), e->newton, m->nstates, m->nparams,
            m->nconsts, m->neqs, m->ngroups);
    fprintf(e->out, "#include <math.h>\n#include <stddef.h>\n\n");
    fprintf(e->out,
            "#ifndef SC_CMODEL_ABI\n"
            "#define SC_CMODEL_ABI 1\n"
            "/* Run-time options of a step (NULL: defaults). cvode: relative and absolute tolerance,\n"
            " * most sub-steps per step. */\n"
            "typedef struct ScCModelOpts {\n"
            "    double rtol, atol;\n"
            "    int max_substeps;\n"
            "} ScCModelOpts;\n\n"
            "/* Generic entry points of a generated model (params and consts are the model's structs). */\n"
            "typedef struct ScCModel {\n"
            "    const char *name, *source_hash;\n"
            "    int nstates, nsv, nparams, nexternals;\n"
            "    size_t params_size, consts_size;\n"
            "    const char *const *state_names;\n"
            "    const char *const *param_names;\n"
            "    void (*params_default)(void *p);\n"
            "    void (*consts_compute)(const void *p, void *c);\n"
            "    void (*init)(const void *p, const void *c, long n, double *sv, double *Vm);\n"
            "    void (*step)(const void *p, const void *c, const ScCModelOpts *o, double t, double dt,\n"
            "                 long n, double *sv, const double *Vm, double *Iion, double *ext);\n"
            "    void (*bench_step)(const void *p, const void *c, const ScCModelOpts *o, double t,\n"
            "                       double dt, long n, double *sv, double *Vm, double *Iion,\n"
            "                       double *ext, double stim);\n"
            "} ScCModel;\n"
            "#endif\n\n");
    fprintf(e->out,
            "#ifndef SC_CMODEL_HELPERS\n"
            "#define SC_CMODEL_HELPERS 1\n"
            "static inline double square(double x) { return x * x; }\n"
            "static inline double cube(double x) { return x * x * x; }\n"
            "static inline double min(double a, double b) { return fmin(a, b); }\n"
            "static inline double max(double a, double b) { return fmax(a, b); }\n"
            "static inline double heav(double x) { return x >= 0 ? 1.0 : 0.0; }\n"
            "static inline double sign(double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); }\n\n"
            "/* Generalised Rush-Larsen increment over h of dx/dt = f with diagonal Jacobian L:\n"
            " * expm1(h*L)/L * f, forward Euler when |L| is tiny. */\n"
            "static inline double sc_grl(double f, double L, double h) {\n"
            "    return fabs(L) < 1e-12 ? h * f : expm1(h * L) / L * f;\n"
            "}\n\n"
            "/* LU factorisation with partial pivoting of the n x n row-major A, in place. */\n"
            "static inline void sc_lu(int n, double *A, int *piv) {\n"
            "    for (int k = 0; k < n; k++) {\n"
            "        int p = k;\n"
            "        for (int r = k + 1; r < n; r++)\n"
            "            if (fabs(A[r * n + k]) > fabs(A[p * n + k]))\n"
            "                p = r;\n"
            "        piv[k] = p;\n"
            "        if (p != k)\n"
            "            for (int c = 0; c < n; c++) {\n"
            "                double t = A[k * n + c];\n"
            "                A[k * n + c] = A[p * n + c];\n"
            "                A[p * n + c] = t;\n"
            "            }\n"
            "        if (A[k * n + k] == 0.0)\n"
            "            A[k * n + k] = 1e-300;   /* singular: keep going, the result shows it */\n"
            "        for (int r = k + 1; r < n; r++) {\n"
            "            double l = A[r * n + k] / A[k * n + k];\n"
            "            A[r * n + k] = l;\n"
            "            for (int c = k + 1; c < n; c++)\n"
            "                A[r * n + c] -= l * A[k * n + c];\n"
            "        }\n"
            "    }\n"
            "}\n\n"
            "/* Solve A x = b with the factors of sc_lu; b is overwritten by x. */\n"
            "static inline void sc_lu_solve(int n, const double *A, const int *piv, double *b) {\n"
            "    for (int k = 0; k < n; k++) {\n"
            "        double t = b[piv[k]];\n"
            "        b[piv[k]] = b[k];\n"
            "        b[k] = t;\n"
            "        for (int r = k + 1; r < n; r++)\n"
            "            b[r] -= A[r * n + k] * b[k];\n"
            "    }\n"
            "    for (int k = n - 1; k >= 0; k--) {\n"
            "        for (int c = k + 1; c < n; c++)\n"
            "            b[k] -= A[k * n + c] * b[c];\n"
            "        b[k] /= A[k * n + k];\n"
            "    }\n"
            "}\n"
            "#endif\n\n");
}

static void emit_structs(Em *e) {
    const ScModel *m = e->m;
    fprintf(e->out, "/* Parameters (defaults in %s_params_default). */\ntypedef struct %s_params {\n",
            e->id, e->id);
    for (int i = 0; i < m->nparams; i++) {
        fprintf(e->out, "    double %s;", e->cn[m->params[i]->id]);
        line_comment(e, m->params[i]);
        fputc('\n', e->out);
    }
    if (!m->nparams)
        fprintf(e->out, "    double sc_none;\n");
    fprintf(e->out, "} %s_params;\n\n", e->id);
    fprintf(e->out, "/* Constants: computed from the parameters by %s_consts_compute. */\n"
                    "typedef struct %s_consts {\n", e->id, e->id);
    for (int i = 0; i < m->nconsts; i++)
        fprintf(e->out, "    double %s;\n", e->cn[m->consts[i]->id]);
    if (!m->nconsts)
        fprintf(e->out, "    double sc_none;\n");
    fprintf(e->out, "} %s_consts;\n\n", e->id);

    char b[32];
    fprintf(e->out, "void %s_params_default(%s_params *sc_p) {\n", e->id, e->id);
    if (!m->nparams)
        fprintf(e->out, "    sc_p->sc_none = 0.0;\n");
    for (int i = 0; i < m->nparams; i++) {
        ex_format_num(b, sizeof b, m->params[i]->value);
        fprintf(e->out, "    sc_p->%s = %s;\n", e->cn[m->params[i]->id], b);
    }
    fprintf(e->out, "}\n\n");

    fprintf(e->out, "void %s_consts_compute(const %s_params *sc_p, %s_consts *sc_c) {\n"
                    "    (void)sc_p;\n", e->id, e->id, e->id);
    if (!m->nconsts)
        fprintf(e->out, "    sc_c->sc_none = 0.0;\n");
    for (int i = 0; i < m->nconsts; i++) {
        const ScSym *c = m->consts[i];
        fprintf(e->out, "    sc_c->%s = ", e->cn[c->id]);
        if (c->def) {
            emit_expr(e, c->def);
        } else {
            ex_format_num(b, sizeof b, c->value);
            fputs(b, e->out);
        }
        fputc(';', e->out);
        line_comment(e, c);
        fputc('\n', e->out);
    }
    fprintf(e->out, "}\n\n");
}

static void emit_init(Em *e) {
    const ScModel *m = e->m;
    char b[32];
    fprintf(e->out,
            "/* Initial Vm and states of n cells (stores start at 0). */\n"
            "void %s_init(const %s_params *sc_p, const %s_consts *sc_c, long sc_n, double *sc_sv,\n"
            "             double *sc_Vm) {\n"
            "    (void)sc_p;\n    (void)sc_c;\n    const double sc_v0 = ", e->id, e->id, e->id);
    if (m->vm_init_expr) {
        emit_expr(e, m->vm_init_expr);
    } else {
        ex_format_num(b, sizeof b, m->vm_init);
        fputs(b, e->out);
    }
    fprintf(e->out, ";\n    const double sc_x0[%d] = {\n", e->nsv1);
    for (int s = 0; s < m->nstates; s++) {
        const ScState *st = &m->states[s];
        fputs("        ", e->out);
        if (st->init_kind == SC_INIT_GIVEN && st->init) {
            emit_expr(e, st->init);
        } else {
            ex_format_num(b, sizeof b, st->init_value);
            fputs(b, e->out);
        }
        fprintf(e->out, ",   /* %s%s */\n", e->cn[st->sym->id],
                st->init_kind == SC_INIT_STEADY ? ": steady state for the default parameters" :
                st->init_kind == SC_INIT_ZERO ? ": no initial value given" : "");
    }
    for (int k = 0; k < m->nstores; k++)
        fprintf(e->out, "        0.0,   /* store %s */\n", e->cn[m->stores[k]->id]);
    if (!e->nsv)
        fprintf(e->out, "        0.0\n");
    fprintf(e->out, "    };\n"
                    "    for (long sc_i = 0; sc_i < sc_n; sc_i++) {\n"
                    "        sc_Vm[sc_i] = sc_v0;\n"
                    "        for (int sc_k = 0; sc_k < %d; sc_k++)\n"
                    "            sc_sv[sc_k * sc_n + sc_i] = sc_x0[sc_k];\n"
                    "    }\n", e->nsv);
    if (!e->nsv)
        fprintf(e->out, "    (void)sc_x0;\n    (void)sc_sv;\n");
    fprintf(e->out, "}\n\n");
}

/* One cell-step: the equations, Iion, then every group's new states into sc_xn. */
static void emit_cell(Em *e) {
    const ScModel *m = e->m;
    emit_need_clear(e);
    emit_need_expr(e, emit_value(e, m->iion));
    for (int k = 0; k < m->nstores; k++)
        emit_need_expr(e, m->stores[k]->def);
    for (int k = 0; k < m->nexternals; k++)
        if (m->externals[k]->def)
            emit_need_expr(e, emit_value(e, m->externals[k]));
    for (int gi = 0; gi < m->ngroups; gi++)
        emit_method_need(e, &m->groups[gi]);
    emit_need_eqs(e, m->eqs, m->neqs);

    fprintf(e->out,
            "/* One step of cell sc_i at Vm = sc_V: returns Iion, writes the new states. */\n"
            "static double %s_cell(const %s_params *sc_p, const %s_consts *sc_c,\n"
            "                      const ScCModelOpts *sc_o, double t, double dt, long sc_n,\n"
            "                      long sc_i, double *sc_sv, double sc_V, double *sc_ext) {\n"
            "    (void)sc_p;\n    (void)sc_c;\n    (void)sc_o;\n    (void)t;\n    (void)dt;\n"
            "    (void)sc_V;\n    (void)sc_ext;\n"
            "    double sc_x[%d], sc_xn[%d];   /* states at the start of the step, new states */\n"
            "    for (int sc_k = 0; sc_k < %d; sc_k++)\n"
            "        sc_x[sc_k] = sc_xn[sc_k] = sc_sv[sc_k * sc_n + sc_i];\n",
            e->id, e->id, e->id, e->ns1, e->ns1, m->nstates);
    emit_inputs(e, NULL, "    ");
    fprintf(e->out, "\n    /* per-step equations */\n");
    emit_needed_eqs(e, m->eqs, m->neqs, "    ");
    fprintf(e->out, "\n    /* states: every method starts from sc_x (easyml.md 6, 7) */\n");
    for (int gi = 0; gi < m->ngroups; gi++)
        emit_method_call(e, gi);
    int clamps = 0;
    for (int s = 0; s < m->nstates; s++) {
        const ScState *st = &m->states[s];
        char b[32];
        if ((st->has_lb || st->has_ub) && !clamps++)
            fprintf(e->out, "\n    /* bounds (.lb, .ub) */\n");
        if (st->has_lb) {
            ex_format_num(b, sizeof b, st->lb);
            fprintf(e->out, "    if (sc_xn[%d] < %s)\n        sc_xn[%d] = %s;\n", s, b, s, b);
        }
        if (st->has_ub) {
            ex_format_num(b, sizeof b, st->ub);
            fprintf(e->out, "    if (sc_xn[%d] > %s)\n        sc_xn[%d] = %s;\n", s, b, s, b);
        }
    }
    fprintf(e->out, "\n    for (int sc_k = 0; sc_k < %d; sc_k++)\n"
                    "        sc_sv[sc_k * sc_n + sc_i] = sc_xn[sc_k];\n", m->nstates);
    for (int k = 0; k < m->nstores; k++) {
        fprintf(e->out, "    sc_sv[%d * sc_n + sc_i] = ", m->nstates + k);
        emit_expr(e, m->stores[k]->def);
        fprintf(e->out, ";   /* store %s */\n", e->cn[m->stores[k]->id]);
    }
    for (int k = 0; k < m->nexternals; k++) {
        if (!m->externals[k]->def)
            continue;
        fprintf(e->out, "    if (sc_ext)\n        sc_ext[%d * sc_n + sc_i] = ", k);
        emit_expr(e, emit_value(e, m->externals[k]));
        fprintf(e->out, ";\n");
    }
    fprintf(e->out, "    return ");
    emit_expr(e, emit_value(e, m->iion));
    fprintf(e->out, ";\n}\n\n");
}

static void emit_steps(Em *e) {
    const char *id = e->id;
    fprintf(e->out,
            "/* One step of n cells: Iion[i] for Vm[i] (read only), states advanced by dt. */\n"
            "void %s_step(const %s_params *sc_p, const %s_consts *sc_c, const ScCModelOpts *sc_o,\n"
            "             double t, double dt, long sc_n, double *sc_sv, const double *sc_Vm,\n"
            "             double *sc_Iion, double *sc_ext) {\n"
            "    for (long sc_i = 0; sc_i < sc_n; sc_i++)\n"
            "        sc_Iion[sc_i] = %s_cell(sc_p, sc_c, sc_o, t, dt, sc_n, sc_i, sc_sv, sc_Vm[sc_i],\n"
            "                                sc_ext);\n"
            "}\n\n", id, id, id, id);
    fprintf(e->out,
            "/* One step as bench does it (easyml.md 6): Vm += stim*dt (stim 0 when not stimulated),\n"
            " * states and Iion from the model, Vm -= dt*Iion. */\n"
            "void %s_bench_step(const %s_params *sc_p, const %s_consts *sc_c,\n"
            "                   const ScCModelOpts *sc_o, double t, double dt, long sc_n, double *sc_sv,\n"
            "                   double *sc_Vm, double *sc_Iion, double *sc_ext, double sc_stim) {\n"
            "    for (long sc_i = 0; sc_i < sc_n; sc_i++) {\n"
            "        double sc_V = sc_Vm[sc_i] + sc_stim * dt;\n"
            "        double sc_I = %s_cell(sc_p, sc_c, sc_o, t, dt, sc_n, sc_i, sc_sv, sc_V, sc_ext);\n"
            "        sc_Iion[sc_i] = sc_I;\n"
            "        sc_Vm[sc_i] = sc_V - dt * sc_I;\n"
            "    }\n"
            "}\n\n", id, id, id, id);
}

static void emit_descriptor(Em *e) {
    const ScModel *m = e->m;
    const char *id = e->id;
    const char *text = source_text(m);
    fprintf(e->out, "static const char *const %s_state_names[%d] = {", id, e->nsv1);
    for (int s = 0; s < m->nstates; s++)
        fprintf(e->out, "%s\"%s\"", s ? ", " : "", m->states[s].sym->name);
    for (int k = 0; k < m->nstores; k++)
        fprintf(e->out, "%s\"%s\"", m->nstates + k ? ", " : "", m->stores[k]->name);
    fprintf(e->out, "%s};\nstatic const char *const %s_param_names[%d] = {", e->nsv ? "" : "0", id,
            m->nparams ? m->nparams : 1);
    for (int i = 0; i < m->nparams; i++)
        fprintf(e->out, "%s\"%s\"", i ? ", " : "", m->params[i]->name);
    fprintf(e->out, "%s};\n\n", m->nparams ? "" : "0");
    fprintf(e->out,
            "static void %s_g_params_default(void *p) { %s_params_default(p); }\n"
            "static void %s_g_consts_compute(const void *p, void *c) { %s_consts_compute(p, c); }\n"
            "static void %s_g_init(const void *p, const void *c, long n, double *sv, double *Vm) {\n"
            "    %s_init(p, c, n, sv, Vm);\n}\n"
            "static void %s_g_step(const void *p, const void *c, const ScCModelOpts *o, double t,\n"
            "                      double dt, long n, double *sv, const double *Vm, double *Iion,\n"
            "                      double *ext) {\n"
            "    %s_step(p, c, o, t, dt, n, sv, Vm, Iion, ext);\n}\n"
            "static void %s_g_bench_step(const void *p, const void *c, const ScCModelOpts *o,\n"
            "                            double t, double dt, long n, double *sv, double *Vm,\n"
            "                            double *Iion, double *ext, double stim) {\n"
            "    %s_bench_step(p, c, o, t, dt, n, sv, Vm, Iion, ext, stim);\n}\n\n",
            id, id, id, id, id, id, id, id, id, id);
    fprintf(e->out,
            "const ScCModel %s_model = {\n"
            "    \"%s\", \"%016llx\",\n"
            "    %d, %d, %d, %d,\n"
            "    sizeof(%s_params), sizeof(%s_consts),\n"
            "    %s_state_names, %s_param_names,\n"
            "    %s_g_params_default, %s_g_consts_compute, %s_g_init, %s_g_step, %s_g_bench_step,\n"
            "};\n",
            id, safe_text(e, m->name), (unsigned long long)(text ? fnv1a(text) : 0), m->nstates,
            e->nsv, m->nparams, m->nexternals, id, id, id, id, id, id, id, id, id);
}

int emit_c(FILE *out, const ScModel *m, const EmitOptions *opt) {
    Em e = {0};
    e.out = out;
    e.m = m;
    e.newton = opt && opt->newton_iters > 0 ? opt->newton_iters : 2;
    e.id = emit_ident(&e.ar, m);
    const char *slash = m->path ? strrchr(m->path, '/') : NULL;
    e.file = safe_text(&e, slash ? slash + 1 : m->path ? m->path : "model");
    e.nsv = m->nstates + m->nstores;
    e.nsv1 = e.nsv ? e.nsv : 1;
    e.ns1 = m->nstates ? m->nstates : 1;
    e.need = ar_alloc(&e.ar, (size_t)m->nsyms + 1);
    e.eqpos = ar_alloc(&e.ar, (size_t)m->nsyms * sizeof(int));
    for (int i = 0; i < m->nsyms; i++)
        e.eqpos[i] = -1;
    for (int i = 0; i < m->neqs; i++)
        e.eqpos[m->eqs[i]->id] = i;
    make_names(&e);

    emit_header(&e);
    emit_structs(&e);
    emit_init(&e);
    for (int gi = 0; gi < m->ngroups; gi++)
        emit_group_functions(&e, gi);
    emit_cell(&e);
    emit_steps(&e);
    emit_descriptor(&e);
    int rc = ferror(out) ? -1 : 0;
    ar_free(&e.ar);
    return rc;
}

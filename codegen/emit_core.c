/* emit_core.c: what every back end and every part of the generator shares (see emit.h): names,
 * equations, liveness, file parts, the emitter's state (emit_begin); it calls none of the parts
 * above it. The per-cell code of a step and the block function are emit_body.c's, the choice of
 * a back end emit_model.c's.
 *
 * Names: model symbols keep their names (a C keyword, a math function or a helper name gets a
 * trailing '_', as does one that starts with gen_, the generated code's own prefix, or sc_, the
 * public API's); everything the generator adds starts with gen_ (GEN_ for its macros).
 * Parameters and constants read as gen_p->NAME (one struct ID_pc: parameters, then constants),
 * everything per-cell as a local `const gen_real NAME`. Only what is needed is computed in each function (a backward liveness
 * pass over m->eqs), so the output has no unused variables.
 *
 * Generated functions, per variant V ("" exact, "_lut" tables, "_pv" per-cell parameters):
 *   ID_rhs_gK V, ID_ros2_gK V / ID_ros4_gK V, ID_adv_gK V   the groups' methods (emit_methods.c)
 *   ID_cell V    one cell-step: Iion returned, states advanced in place, stores and traces
 *   ID_cells V   the cells [i, i + lanes) over the call's steps: loads, stimulus, outputs, the
 *                membrane update, failure checks, stores back (time blocking: the state stays
 *                in registers over the K steps of a call)
 * and each back end adds its run function that picks the variant (emit_c.c, emit_cpu.c,
 * emit_gpu.c). */
#include <stdint.h>
#include <string.h>

#include "emit.h"

/* ---------------------------------------------------------------- names */

static const char *const reserved[] = {
    /* C keywords */
    "auto",
    "break",
    "case",
    "char",
    "const",
    "continue",
    "default",
    "do",
    "double",
    "else",
    "enum",
    "extern",
    "float",
    "for",
    "goto",
    "if",
    "inline",
    "int",
    "long",
    "register",
    "restrict",
    "return",
    "short",
    "signed",
    "sizeof",
    "static",
    "struct",
    "switch",
    "typedef",
    "union",
    "unsigned",
    "void",
    "volatile",
    "while",
    "_Bool",
    "_Complex",
    "_Imaginary",
    "_Alignas",
    "_Alignof",
    "_Atomic",
    "_Generic",
    "_Noreturn",
    "_Static_assert",
    "_Thread_local",
    "bool",
    "true",
    "false",
    "NULL",
    /* <math.h> names the generated code calls, or macros */
    "fmod",
    "pow",
    "fmin",
    "fmax",
    "isnan",
    "isinf",
    "isfinite",
    "signbit",
    "fpclassify",
    "INFINITY",
    "NAN",
    "HUGE_VAL",
    "exp",
    "expm1",
    "log",
    "log10",
    "log1p",
    "sqrt",
    "cbrt",
    "fabs",
    "abs",
    "floor",
    "ceil",
    "sin",
    "cos",
    "tan",
    "asin",
    "acos",
    "atan",
    "atan2",
    "sinh",
    "cosh",
    "tanh",
    /* helpers of the generated code, and the builtins' C names */
    "square",
    "cube",
    "min",
    "max",
    "heav",
    "sign",
    "main",
    "size_t",
};

static int is_reserved(const char *s) {
    for (size_t i = 0; i < sizeof reserved / sizeof *reserved; i++)
        if (strcmp(s, reserved[i]) == 0)
            return 1;
    return strncmp(s, "gen_", 4) == 0 || strncmp(s, "sc_", 3) == 0;
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
    const CgModel *m = e->m;
    e->cn = ar_alloc(&e->ar, (size_t)m->nsyms * sizeof(char *));
    e->ref = ar_alloc(&e->ar, (size_t)m->nsyms * sizeof(char *));
    for (int i = 0; i < m->nsyms; i++) {
        const CgSym *s = m->syms[i];
        const char *c = s->name;
        if (s->kind != CG_BUILTIN && is_reserved(c)) {
            c = ar_printf(&e->ar, "%s_", c);
            while (name_taken(e, c, i))
                c = ar_printf(&e->ar, "%s_", c);
        }
        e->cn[i] = c;
        if (s->kind == CG_PARAM || s->kind == CG_CONST)
            e->ref[i] = ar_printf(&e->ar, "gen_p->%s", c);
        else
            e->ref[i] = c;
    }
}

void emit_c_identifier(char *out, size_t n, const char *prefix, const char *name) {
    if (n == 0)
        return;
    size_t k = 0;
    for (; *prefix && k + 1 < n; prefix++)
        out[k++] = *prefix;
    if (k == 0 && *name >= '0' && *name <= '9' && n > 3)
        out[k++] = 'm', out[k++] = '_';
    for (; *name && k + 1 < n; name++) {
        char c = *name;
        out[k++] = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ? c : '_';
    }
    out[k] = '\0';
}

const char *emit_ident(Arena *ar, const CgModel *m) {
    const char *n = m->name && *m->name ? m->name : "model";
    size_t len = strlen(n) + 3;
    char *r = ar_alloc(ar, len);
    emit_c_identifier(r, len, "", n);
    return r;
}

const char *emit_target_name(EmitTarget t) {
    static const char *const n[] = {"c", "cpu", "cuda", "hip"};
    return t >= 0 && t < EMIT_NTARGETS ? n[t] : "?";
}

const char *emit_target_suffix(EmitTarget t) {
    static const char *const n[] = {"_c.c", "_cpu.c", "_cuda.cu", "_hip.hip"};
    return t >= 0 && t < EMIT_NTARGETS ? n[t] : "";
}

/* ---------------------------------------------------------------- equations */

void emit_line_comment(Em *e, const CgSym *s) {
    if (s->tok)
        fprintf(e->out, " /* %s:%d */", e->file, s->tok->line);
}

/* Index and fraction of table k for the current function, computed once (before its first
 * column). */
static void table_pos(Em *e, int k, const char *in) {
    const CgTable *t = &e->m->tables[k];
    if (e->tbl_ready[k])
        return;
    e->tbl_ready[k] = 1;
    long off = 0;
    for (int j = 0; j < k; j++)
        off += (e->m->tables[j].hi - e->m->tables[j].lo + 1) * e->m->tables[j].ncols;
    fprintf(e->out, "%sgen_idx gen_ti%d;   /* table %d over %s: row and fraction */\n%sgen_real gen_tf%d;\n",
            in, k, k, t->var->name, in, k);
    fprintf(e->out, "%sgen_lut_pos(%s, ", in, e->ref[t->var->id]);
    emit_num(e, (double)t->lo * t->step);
    fputs(", ", e->out);
    emit_num(e, 1.0 / t->step);
    fprintf(e->out,
            ", %ld, &gen_ti%d, &gen_tf%d, gen_oor ? gen_oor + %d : 0);\n"
            "%sconst gen_scal *const gen_tb%d = gen_lut + %ld;\n",
            t->hi - t->lo + 1, k, k, k, in, k, off);
}

/* `const gen_real NAME = DEF; // file:line` at the given indentation; a lookup-table column in
 * the lut variant is interpolated from its table instead. */
void emit_eq(Em *e, const CgSym *s, const char *indent) {
    if (e->lut && s->lut) {
        int k = (int)(s->lut - e->m->tables);
        table_pos(e, k, indent);
        fprintf(e->out, "%sconst gen_real %s = gen_lut_col(gen_tb%d, %d, %d, gen_ti%d, gen_tf%d);", indent,
                e->cn[s->id], k, s->lut->ncols, s->lut_col, k, k);
    } else {
        fprintf(e->out, "%sconst gen_real %s = %s;", indent, e->cn[s->id], emit_expr_str(e, s->def, 1));
    }
    emit_line_comment(e, s);
    fputc('\n', e->out);
}

/* The value of a computed symbol as an expression: a read of it when something computes it (an
 * equation, a constant, a parameter, a state), else its definition inlined, else 0. */
Expr *emit_value(Em *e, CgSym *s) {
    if (!s)
        return ex_num(&e->ar, 0);
    if (s->kind == CG_CONST || s->kind == CG_PARAM || s->kind == CG_STATE || s->kind == CG_BUILTIN ||
        s->kind == CG_VM || e->eqpos[s->id] >= 0 || !s->def) {
        if (!s->def && (s->kind == CG_INTERM || s->kind == CG_IION))
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
        e->need[((const CgSym *)v->sym)->id] = 1;
}

void emit_need_clear(Em *e) {
    memset(e->need, 0, (size_t)e->m->nsyms);
    memset(e->tbl_ready, 0, sizeof e->tbl_ready);
}

void emit_need_expr(Em *e, const Expr *x) {
    if (x)
        ex_walk_vars(x, need_var, e);
}

/* Is equation s's value in scope where the current function reads it, not computed there: Iion's
 * part reading the step's value (e->reuse, emit_carry.c), a group's rhs reading its shared values
 * (e->inv, emit_inv.c)? */
int emit_in_scope(const Em *e, const CgSym *s) {
    return (e->reuse && e->reuse[s->id]) || (e->inv && e->inv[s->id]);
}

/* Backward pass: an equation is needed when something needed reads it; an interpolated column
 * needs its table's variable instead of its definition; a carried or reused one (emit_carry.c)
 * needs nothing. */
void emit_need_eqs(Em *e, CgSym **eqs, int n) {
    for (int i = n - 1; i >= 0; i--) {
        if (!e->need[eqs[i]->id] || (e->cv_read && e->cvpos && e->cvpos[eqs[i]->id] >= 0) ||
            emit_in_scope(e, eqs[i]))
            continue;
        if (e->lut && eqs[i]->lut)
            e->need[eqs[i]->lut->var->id] = 1;
        else
            emit_need_expr(e, eqs[i]->def);
    }
}

/* Declarations of the needed per-cell inputs: Vm (gen_V), states (gen_x, or gen_y for the states of
 * group g when g is not NULL), stores (gen_st) and read externals (gen_ext). */
void emit_inputs(Em *e, const CgGroup *g, const char *in) {
    const CgModel *m = e->m;
    if (e->need[m->vm->id])
        fprintf(e->out, "%sconst gen_real %s = gen_V;\n", in, e->cn[m->vm->id]);
    for (int s = 0; s < m->nstates; s++) {
        const CgSym *x = m->states[s].sym;
        if (!e->need[x->id])
            continue;
        int j = -1;
        for (int k = 0; g && k < g->n; k++)
            if (g->states[k] == s)
                j = k;
        if (j >= 0)
            fprintf(e->out, "%sconst gen_real %s = gen_y[%d];\n", in, e->cn[x->id], j);
        else
            fprintf(e->out, "%sconst gen_real %s = %s[%d];\n", in, e->cn[x->id], e->xarr ? e->xarr : "gen_x",
                    s);
    }
    for (int k = 0; k < m->nstores; k++)
        if (e->need[m->stores[k]->id])
            fprintf(e->out, "%sconst gen_real %s = gen_st[%d];\n", in, e->cn[m->stores[k]->id], k);
    for (int k = 0; k < m->nexternals; k++) {
        const CgSym *x = m->externals[k];
        if (e->need[x->id] && e->eqpos[x->id] < 0)
            fprintf(e->out, "%sconst gen_real %s = gen_ext[%d];\n", in, e->cn[x->id], k);
    }
}

/* A group's functions get no stores nor externals: a model that reads one there reads 0
 * (none in the library does); clears their needs. */
void emit_group_zero_inputs(Em *e, const char *in) {
    const CgModel *m = e->m;
    for (int k = 0; k < m->nstores; k++)
        if (e->need[m->stores[k]->id])
            fprintf(e->out, "%sconst gen_real %s = gen_bc(0);   /* store: not passed to groups */\n", in,
                    e->cn[m->stores[k]->id]),
                e->need[m->stores[k]->id] = 0;
    for (int k = 0; k < m->nexternals; k++)
        if (e->need[m->externals[k]->id] && e->eqpos[m->externals[k]->id] < 0)
            fprintf(e->out, "%sconst gen_real %s = gen_bc(0);   /* external: not passed to groups */\n", in,
                    e->cn[m->externals[k]->id]),
                e->need[m->externals[k]->id] = 0;
}

/* The needed equations of the list, in order. */
void emit_needed_eqs(Em *e, CgSym **eqs, int n, const char *in) {
    for (int i = 0; i < n; i++) {
        const CgSym *s = eqs[i];
        if (!e->need[s->id] || emit_in_scope(e, s))
            continue;
        if (e->cv_read && e->cvpos && e->cvpos[s->id] >= 0) {
            fprintf(e->out, "%sconst gen_real %s = gen_cv[%d];   /* carried */", in, e->cn[s->id],
                    e->cvpos[s->id]);
            emit_line_comment(e, s);
            fputc('\n', e->out);
        } else {
            emit_eq(e, s, in);
        }
    }
}

/* ---------------------------------------------------------------- file parts */

static uint64_t fnv1a(const char *s) {
    uint64_t h = 1469598103934665603ULL;
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

unsigned long long emit_source_hash(const CgModel *m) {
    for (int i = 0; i < m->nsyms; i++)
        if (m->syms[i]->tok && m->syms[i]->tok->file)
            return fnv1a(m->syms[i]->tok->file->text);
    return 0;
}

/* Text safe inside a C comment or string: no "*" "/" pair, no quotes, backslashes or newlines. */
const char *emit_safe_text(Em *e, const char *s) {
    char *r = ar_strdup(&e->ar, s ? s : "");
    for (char *p = r; *p; p++)
        if (*p == '"' || *p == '\\' || *p == '\n' || (*p == '*' && p[1] == '/'))
            *p = '_';
    return r;
}

void emit_file_header(Em *e, const char *what) {
    const CgModel *m = e->m;
    fprintf(e->out,
            "/* %s%s: generated by " EMIT_GENERATOR " (%s). Do not edit.\n"
            " * model:   %s\n"
            " * source:  %s (FNV-1a 64 of the text: %016llx)\n"
            " * options: target %s, %s precision, markov_be Newton iterations %d, method overrides %s%s\n"
            " * layout:  structure of arrays (starcarp_model.h): sv[k * n + i], k = states then stores;\n"
            " *          Vm, Iion: n values each; externals ext[k * n + i]; parameter set pc = parameters\n"
            " *          then constants (struct %s_pc).\n"
            " * %d states, %d stores, %d parameters, %d constants, %d per-step equations, %d groups,\n"
            " * %d lookup tables%s, %d traces. */\n",
            e->id, emit_target_suffix(e->target), what, emit_safe_text(e, m->name),
            emit_safe_text(e, m->path), emit_source_hash(m), emit_target_name(e->target),
            e->single ? "single" : "double", e->newton,
            e->overrides && *e->overrides ? emit_safe_text(e, e->overrides) : "none",
            e->automatic ? " (the automatic choice)" : "", e->id, m->nstates, m->nstores, m->nparams,
            m->nconsts, m->neqs, m->ngroups, m->ntables,
            m->ntables && m->tables[0].added ? " (on Vm, added: the file declares none)" : "", m->ntraces);
}

/* ID_pc (uniform parameter set, gen_scal fields: the layout of ScStepArgs.pc) and ID_pcv (the
 * same with gen_real fields: per-cell values of the pv variant). */
void emit_pc_struct(Em *e) {
    const CgModel *m = e->m;
    for (int v = 0; v < 2; v++) {
        fprintf(e->out, "/* %s */\ntypedef struct %s_pc%s {\n",
                v ? "Parameters and constants of the cells of one block (per-cell parameters)."
                  : "A parameter set: parameters (defaults in ID_model), then constants.",
                e->id, v ? "v" : "");
        for (int i = 0; i < m->nparams; i++) {
            fprintf(e->out, "    %s %s;", v ? "gen_real" : "gen_scal", e->cn[m->params[i]->id]);
            emit_line_comment(e, m->params[i]);
            fputc('\n', e->out);
        }
        for (int i = 0; i < m->nconsts; i++)
            fprintf(e->out, "    %s %s;\n", v ? "gen_real" : "gen_scal", e->cn[m->consts[i]->id]);
        if (!m->nparams && !m->nconsts)
            fprintf(e->out, "    %s gen_none;\n", v ? "gen_real" : "gen_scal");
        fprintf(e->out, "} %s_pc%s;\n\n", e->id, v ? "v" : "");
    }
}

/* The parameter-set type and the extra lookup-table arguments of the current variant. */
/* The common prelude of every dialect, after the back end's own (types, GEN_FN, GEN_LD/GEN_ST,
 * gen_bc, gen_sel, the math helpers): helpers written once with those (prelude/common.h). */
void emit_common_prelude(Em *e) { fputs(emit_prelude_common, e->out); }

void emit_begin(Em *e, FILE *out, const CgModel *m, const EmitOptions *opt) {
    memset(e, 0, sizeof *e);
    e->out = out;
    e->m = m;
    e->newton = opt && opt->newton_iters > 0 ? opt->newton_iters : 2;
    e->target = opt ? opt->target : EMIT_C;
    e->single = opt && opt->single && e->target != EMIT_C;
    e->vec = e->target == EMIT_CPU;
    e->gpu = e->target == EMIT_CUDA || e->target == EMIT_HIP;
    e->overrides = opt ? opt->overrides : NULL;
    e->automatic = opt ? opt->automatic : 0;
    e->min_blocks = opt ? opt->min_blocks : 0;
    e->single_check = opt ? opt->single_check : NULL;
    e->vs = "";
    e->id = opt && opt->ident ? ar_strdup(&e->ar, opt->ident) : emit_ident(&e->ar, m);
    const char *slash = m->path ? strrchr(m->path, '/') : NULL;
    e->file = emit_safe_text(e, slash ? slash + 1 : m->path ? m->path : "model");
    e->nsv = m->nstates + m->nstores;
    e->nsv1 = e->nsv ? e->nsv : 1;
    e->ns1 = m->nstates ? m->nstates : 1;
    e->need = ar_alloc(&e->ar, (size_t)m->nsyms + 1);
    e->eqpos = ar_alloc(&e->ar, (size_t)m->nsyms * sizeof(int));
    for (int i = 0; i < m->nsyms; i++)
        e->eqpos[i] = -1;
    for (int i = 0; i < m->neqs; i++)
        e->eqpos[m->eqs[i]->id] = i;
    make_names(e);
}

void emit_end(Em *e) { ar_free(&e->ar); }

/* The math helpers of a scalar dialect (C, CUDA, HIP): gen_NAME calls NAME or NAMEf. */
void emit_scalar_math(Em *e) {
    static const char *const un[] = {"exp",  "expm1", "log",  "log10", "log1p", "sqrt", "cbrt",
                                     "fabs", "floor", "ceil", "sin",   "cos",   "tan",  "asin",
                                     "acos", "atan",  "sinh", "cosh",  "tanh"};
    static const char *const bin[][2] = {
        {"pow", "pow"}, {"atan2", "atan2"}, {"fmod", "fmod"}, {"min", "fmin"}, {"max", "fmax"}};
    const char *f = e->single ? "f" : "";
    for (size_t i = 0; i < sizeof un / sizeof *un; i++)
        fprintf(e->out, "static GEN_INL gen_real gen_%s(gen_real x) { return %s%s(x); }\n", un[i], un[i], f);
    for (size_t i = 0; i < sizeof bin / sizeof *bin; i++)
        fprintf(e->out, "static GEN_INL gen_real gen_%s(gen_real x, gen_real y) { return %s%s(x, y); }\n",
                bin[i][0], bin[i][1], f);
    fputc('\n', e->out);
}

/* The primitives every scalar dialect shares (one cell per thread or per loop iteration):
 * prelude/scalar.h. */
void emit_scalar_primitives(Em *e) { fputs(emit_prelude_scalar, e->out); }

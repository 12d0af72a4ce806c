/* emit_expr.c: expressions of the generated code, for every back end.
 *
 * One printer serves all dialects. Every function call goes through a helper of the generated
 * prelude (gen_exp, gen_pow, gen_min, ...) so that the same text is right for double, float, a CPU
 * vector of cells or a GPU thread: each back end's prelude defines the helpers for its type.
 * Literals get an `f` suffix in single precision.
 *
 * Scalar dialects (portable C, CUDA, HIP) print C with minimal parentheses, conditions as
 * `c ? a : b`. The vector dialect (emit_cpu.c) types every node:
 *   S  uniform scalar (a literal; a parameter or constant of the uniform variant)
 *   V  a vector of cells (gen_real)            M  a vector mask (gen_mask, from a comparison)
 *   B  a uniform truth value (int)
 * and converts where needed: gen_bc(S) -> V, gen_mbc(B) -> M, gen_m2r(M) -> V (1.0 / 0.0),
 * `x != 0` -> a mask; c ? a : b with a mask c becomes gen_sel(c, a, b) (both sides computed).
 * Arithmetic and comparisons mix S and V directly (GCC broadcasts the scalar). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "emit.h"

typedef enum { TY_S, TY_V, TY_B, TY_M } Ty;

typedef struct Str {
    char *p;
    size_t n, cap;
} Str;

typedef struct Out {
    Str s;
    Ty ty;
    int prec; /* 16: primary, 14: unary, 13 mul, 12 add, 10 rel, 9 eq, 5 &&/&, 4 ||/|, 3 ?: */
} Out;

static void s_put(Str *s, const char *t) {
    size_t k = strlen(t);
    if (s->n + k + 1 > s->cap) {
        s->cap = (s->n + k + 1) * 2 + 64;
        s->p = realloc(s->p, s->cap);
        if (!s->p)
            abort();
    }
    memcpy(s->p + s->n, t, k + 1);
    s->n += k;
}

static Out o_new(Ty ty, int prec) {
    Out o = {{NULL, 0, 0}, ty, prec};
    s_put(&o.s, "");
    return o;
}

/* Append a's text to s, parenthesised when its precedence is below `min`. */
static void s_sub(Str *s, Out *a, int min) {
    if (a->prec < min) {
        s_put(s, "(");
        s_put(s, a->s.p);
        s_put(s, ")");
    } else {
        s_put(s, a->s.p);
    }
    free(a->s.p);
    a->s.p = NULL;
}

static Out pr(Em *e, const Expr *x);

/* Wrap: o becomes fn(o). */
static Out wrap(Out a, const char *fn, Ty ty) {
    Out o = o_new(ty, 16);
    s_put(&o.s, fn);
    s_put(&o.s, "(");
    s_sub(&o.s, &a, 0);
    s_put(&o.s, ")");
    return o;
}

/* Conversions of the vector dialect (no-ops in scalar dialects). */
static Out as_value(Em *e, Out a) { /* -> S or V */
    if (!e->vec)
        return a;
    if (a.ty == TY_M)
        return wrap(a, "gen_m2r", TY_V);
    if (a.ty == TY_B) {
        Out o = o_new(TY_S, 3);
        s_sub(&o.s, &a, 4);
        s_put(&o.s, e->single ? " ? 1.0f : 0.0f" : " ? 1.0 : 0.0");
        return o;
    }
    return a;
}

static Out as_vector(Em *e, Out a) { /* -> V */
    a = as_value(e, a);
    if (e->vec && a.ty == TY_S)
        return wrap(a, "gen_bc", TY_V);
    return a;
}

static Out as_truth(Em *e, Out a) { /* -> B or M */
    if (!e->vec)
        return a;
    if (a.ty == TY_B || a.ty == TY_M)
        return a;
    Out o = o_new(a.ty == TY_S ? TY_B : TY_M, 9);
    s_sub(&o.s, &a, 10);
    s_put(&o.s, e->single ? " != 0.0f" : " != 0.0");
    return o;
}

static Out as_mask(Em *e, Out a) { /* -> M */
    a = as_truth(e, a);
    if (e->vec && a.ty == TY_B)
        return wrap(a, "gen_mbc", TY_M);
    return a;
}

static void num_text(Em *e, char *b, size_t size, double v) {
    ex_format_num(b, size, v);
    if (e->single && isfinite(v))
        strcat(b, "f");
}

static int prec_of(ExKind k) {
    switch (k) {
        case EX_MUL:
        case EX_DIV:
            return 13;
        case EX_ADD:
        case EX_SUB:
            return 12;
        case EX_LT:
        case EX_GT:
        case EX_LE:
        case EX_GE:
            return 10;
        case EX_EQ:
        case EX_NE:
            return 9;
        case EX_AND:
            return 5;
        case EX_OR:
            return 4;
        default:
            return 16;
    }
}

static const char *op_text(ExKind k) {
    switch (k) {
        case EX_ADD:
            return " + ";
        case EX_SUB:
            return " - ";
        case EX_MUL:
            return " * ";
        case EX_DIV:
            return " / ";
        case EX_LT:
            return " < ";
        case EX_GT:
            return " > ";
        case EX_LE:
            return " <= ";
        case EX_GE:
            return " >= ";
        case EX_EQ:
            return " == ";
        case EX_NE:
            return " != ";
        default:
            return " ? ";
    }
}

/* Helper name of a call (ex_fn_name with gen_ prefix; abs is fabs). */
static const char *fn_helper(ExFn fn) {
    static char b[FN_COUNT][16];
    if (!b[fn][0])
        snprintf(b[fn], sizeof b[fn], "gen_%s", fn == FN_ABS ? "fabs" : ex_fn_name(fn));
    return b[fn];
}

static Out call(Em *e, const char *name, const Expr *x) {
    Out args[3];
    int vec = 0;
    for (int i = 0; i < x->nargs; i++) {
        args[i] = as_value(e, pr(e, x->a[i]));
        vec |= args[i].ty == TY_V;
    }
    Out o = o_new(vec ? TY_V : TY_S, 16);
    s_put(&o.s, name);
    s_put(&o.s, "(");
    for (int i = 0; i < x->nargs; i++) {
        if (i)
            s_put(&o.s, ", ");
        if (e->vec)
            args[i] = as_vector(e, args[i]);
        s_sub(&o.s, &args[i], 0);
    }
    s_put(&o.s, ")");
    if (e->vec) /* all uniform: the vector helper on broadcasts */
        o.ty = TY_V;
    return o;
}

/* pow with a literal exponent in the GPU dialects (CUDA, HIP) and the vectorised CPU one: cheaper
 * forms whose results differ from the C back end's by round-off at most. pow(x, 1) is x, pow(x, 2)
 * and pow(x, 3) are gen_square and gen_cube (every such dialect); on a GPU also pow(x, 0.5) is
 * gen_sqrt(x) and pow(x, n) with another small integer literal n a product of squarings
 * (gen_powi, unrolled: n is a literal; a negative n, as in the CellML exports' pow(x, -1), the
 * reciprocal of that product). Any other exponent calls gen_pow. A double pow costs about
 * as much as an exp and a log (on the CPU a library call per lane: ten Tusscher 2006's squares
 * and cubes took half of its CPU time, docs/performance.md, perf on the dev machine, 2026-11-27);
 * a product, one multiply per bit of n. A square equals a correctly rounded pow; a cube has one
 * rounding more. On a GPU, in a model without implicit or adaptive groups, an exponent that is a
 * parameter or constant calls gen_powp, which takes the products for the values 1 to 4 at run time
 * (difrancesco_noble_model_1985's Na^n_NaCa and Ca^rCa: 1.12x on an H200; in the group code of
 * implicit models, shannon, grandi 2010, carro, voigt, the branches cost 5-11 %). */
static Out literal_pow(Em *e, const Expr *base, const Expr *ex) {
    Expr x = {.kind = EX_POW, .nargs = 2, .a = {(Expr *)base, (Expr *)ex}};
    double n;
    const CgSym *ps = ex->kind == EX_VAR ? ex->sym : NULL;
    if (e->powp && ps && (ps->kind == CG_PARAM || ps->kind == CG_CONST))
        return call(e, "gen_powp", &x); /* an exponent of the parameter set: 1 to 4 as products */
    if (!ex_is_num(ex, &n)) /* a literal, or a negated one (pow(x, -1)) */
        return call(e, "gen_pow", &x);
    if (n == 1)
        return as_value(e, pr(e, base));
    if (n == 2 || n == 3)
        return wrap(as_vector(e, pr(e, base)), n == 2 ? "gen_square" : "gen_cube", e->vec ? TY_V : TY_S);
    if (!e->gpu)
        return call(e, "gen_pow", &x);
    if (n == 0.5)
        return wrap(as_value(e, pr(e, base)), "gen_sqrt", TY_S);
    if (n == (double)(int)n && n >= -8 && n <= 8 && n != 0) {
        Out a = as_value(e, pr(e, base));
        Out o = o_new(TY_S, 16);
        char b[48];
        s_put(&o.s, "gen_powi(");
        s_sub(&o.s, &a, 0);
        snprintf(b, sizeof b, ", %d)", (int)n);
        s_put(&o.s, b);
        return o;
    }
    return call(e, "gen_pow", &x);
}

/* The literal 1/c of a divisor c that is a finite non-zero literal (GPU dialects), in b. */
static int gpu_recip(Em *e, const Expr *c, char *b, size_t size) {
    if (c->kind != EX_NUM || !(c->num != 0) || !isfinite(c->num) || !isfinite(1 / c->num))
        return 0;
    num_text(e, b, size, 1 / c->num);
    if (b[0] == '-') { /* a * (-r) */
        memmove(b + 1, b, strlen(b) + 1);
        b[0] = '(';
        strcat(b, ")");
    }
    return 1;
}

/* Is x a parameter or constant that divides in at least two per-step equations (GPU)? */
static int gpu_shared_divisor(const Em *e, const Expr *x) {
    const CgSym *s = x->kind == EX_VAR ? x->sym : NULL;
    return e->ndiv && s && (s->kind == CG_PARAM || s->kind == CG_CONST) && e->ndiv[s->id] >= 2;
}

static void count_divs(Em *e, const Expr *x) {
    if (!x)
        return;
    if (x->kind == EX_DIV && x->a[1]->kind == EX_VAR && x->a[1]->sym)
        e->ndiv[((const CgSym *)x->a[1]->sym)->id]++;
    for (int i = 0; i < x->nargs && i < 3; i++)
        count_divs(e, x->a[i]);
}

void emit_count_divisors(Em *e) {
    e->ndiv = ar_alloc(&e->ar, (size_t)(e->m->nsyms + 1) * sizeof(int));
    memset(e->ndiv, 0, (size_t)(e->m->nsyms + 1) * sizeof(int));
    for (int i = 0; i < e->m->neqs; i++)
        count_divs(e, e->m->eqs[i]->def);
}

static int is_cmp(ExKind k) {
    return k == EX_LT || k == EX_GT || k == EX_LE || k == EX_GE || k == EX_EQ || k == EX_NE;
}

static Out pr(Em *e, const Expr *x);

/* x && y, x || y (x->kind EX_AND or EX_OR): masks combined with & and | where either side is a
 * vector mask, else the C operators. */
static Out pr_logic(Em *e, const Expr *x) {
    Out a = as_truth(e, pr(e, x->a[0])), c = as_truth(e, pr(e, x->a[1]));
    int p = prec_of(x->kind);
    if (e->vec && (a.ty == TY_M || c.ty == TY_M)) {
        a = as_mask(e, a), c = as_mask(e, c);
        Out o = o_new(TY_M, p);
        s_sub(&o.s, &a, 11); /* comparisons and & | inside are parenthesised */
        s_put(&o.s, x->kind == EX_AND ? " & " : " | ");
        s_sub(&o.s, &c, 11);
        return o;
    }
    Out o = o_new(e->vec ? TY_B : TY_S, p);
    s_sub(&o.s, &a, p + 1);
    s_put(&o.s, x->kind == EX_AND ? " && " : " || ");
    s_sub(&o.s, &c, p + 1);
    return o;
}

/* c ? a : f (EX_COND): gen_sel where the condition is a vector mask, else the C operator. */
static Out pr_cond(Em *e, const Expr *x) {
    Out c = as_truth(e, pr(e, x->a[0]));
    Out a = as_value(e, pr(e, x->a[1])), f = as_value(e, pr(e, x->a[2]));
    if (e->vec && c.ty == TY_M) {
        Out o = o_new(TY_V, 16);
        a = as_vector(e, a), f = as_vector(e, f);
        s_put(&o.s, "gen_sel(");
        s_sub(&o.s, &c, 0);
        s_put(&o.s, ", ");
        s_sub(&o.s, &a, 0);
        s_put(&o.s, ", ");
        s_sub(&o.s, &f, 0);
        s_put(&o.s, ")");
        return o;
    }
    Ty ty = TY_S;
    if (e->vec && (a.ty == TY_V || f.ty == TY_V))
        a = as_vector(e, a), f = as_vector(e, f), ty = TY_V;
    Out o = o_new(ty, 3);
    s_sub(&o.s, &c, 5);
    s_put(&o.s, " ? ");
    s_sub(&o.s, &a, 4);
    s_put(&o.s, " : ");
    s_sub(&o.s, &f, 3);
    return o;
}

/* Binary arithmetic and comparisons: a OP c with C's precedence (on a GPU a division by a shared
 * divisor or by a literal becomes a multiplication by its reciprocal). */
static Out pr_binary(Em *e, const Expr *x) {
    char b[48];
    int p = prec_of(x->kind), cmp = is_cmp(x->kind);
    Out a = as_value(e, pr(e, x->a[0])), c = as_value(e, pr(e, x->a[1]));
    Ty ty = (a.ty == TY_V || c.ty == TY_V) ? TY_V : TY_S;
    if (cmp)
        ty = !e->vec ? TY_S : ty == TY_V ? TY_M : TY_B;
    if (e->gpu && x->kind == EX_DIV && gpu_shared_divisor(e, x->a[1])) {
        /* a / P, P a parameter or constant that divides in several equations: a * (1 / P),
       the one reciprocal shared by every use in a step (common subexpression) */
        Out o = o_new(ty, p);
        s_sub(&o.s, &a, p);
        s_put(&o.s, " * ((gen_scal)1 / ");
        s_sub(&o.s, &c, p + 1);
        s_put(&o.s, ")");
        return o;
    }
    if (e->gpu && x->kind == EX_DIV && gpu_recip(e, x->a[1], b, sizeof b)) {
        /* a / c, c a literal: a * (1/c) (a multiplication instead of a division; the
       product differs from the quotient by round-off only) */
        Out o = o_new(ty, p);
        s_sub(&o.s, &a, p);
        s_put(&o.s, " * ");
        s_put(&o.s, b);
        free(c.s.p);
        return o;
    }
    Out o = o_new(ty, p);
    /* left-associative: equal precedence on the right is parenthesised; comparisons of
   comparisons are parenthesised (gcc -Wparentheses) */
    s_sub(&o.s, &a, cmp ? p + 1 : p);
    s_put(&o.s, op_text(x->kind));
    if (c.s.p[0] == '-')
        c.prec = 0;
    s_sub(&o.s, &c, p + 1);
    return o;
}

/* The C text of x, of its type (scalar, vector, mask or truth value) and precedence. */
static Out pr(Em *e, const Expr *x) {
    char b[48];
    switch (x->kind) {
        case EX_NUM: {
            Out o = o_new(TY_S, x->num < 0 ? 14 : 16);
            num_text(e, b, sizeof b, x->num);
            s_put(&o.s, b);
            return o;
        }
        case EX_VAR: {
            const CgSym *s = x->sym;
            Ty ty = TY_V;
            if (!s || s->kind == CG_PARAM || s->kind == CG_CONST)
                ty = e->pv ? TY_V : TY_S;
            if (!e->vec)
                ty = TY_S;
            Out o = o_new(ty, 16);
            s_put(&o.s, s ? e->ref[s->id] : x->name);
            return o;
        }
        case EX_NEG: {
            Out a = as_value(e, pr(e, x->a[0]));
            Out o = o_new(a.ty, 14);
            s_put(&o.s, "-");
            if (a.prec < 14 || a.s.p[0] == '-')
                a.prec = 0;
            s_sub(&o.s, &a, 14);
            return o;
        }
        case EX_NOT: {
            Out a = as_truth(e, pr(e, x->a[0]));
            if (e->vec && a.ty == TY_M)
                return wrap(a, "gen_not", TY_M);
            Out o = o_new(e->vec ? TY_B : TY_S, 14);
            s_put(&o.s, "!");
            s_sub(&o.s, &a, 14);
            return o;
        }
        case EX_MOD:
            return call(e, "gen_fmod", x);
        case EX_POW:
            if (e->gpu || e->vec)
                return literal_pow(e, x->a[0], x->a[1]);
            return call(e, "gen_pow", x);
        case EX_CALL:
            if ((e->gpu || e->vec) && x->fn == FN_POW)
                return literal_pow(e, x->a[0], x->a[1]);
            /* single precision on a GPU, explicit model: the model's exp and log in the hardware's
           forms (a few instructions fewer each; error a few ulp more, reported by
           test_gpu_vs_cpu) */
            if (e->fast_f32 && (x->fn == FN_EXP || x->fn == FN_LOG))
                return call(e, x->fn == FN_EXP ? "gen_fast_exp" : "gen_fast_log", x);
            return call(e, fn_helper(x->fn), x);
        case EX_AND:
        case EX_OR:
            return pr_logic(e, x);
        case EX_COND:
            return pr_cond(e, x);
        default: /* binary arithmetic and comparisons */
            return pr_binary(e, x);
    }
}

char *emit_expr_str(Em *e, const Expr *x, int want_vector) {
    Out o = pr(e, x);
    o = want_vector ? as_vector(e, o) : as_value(e, o);
    char *r = ar_strdup(&e->ar, o.s.p);
    free(o.s.p);
    return r;
}

char *emit_cond_str(Em *e, const Expr *x) {
    Out o = as_mask(e, pr(e, x));
    char *r = ar_strdup(&e->ar, o.s.p);
    free(o.s.p);
    return r;
}

void emit_expr(Em *e, const Expr *x) { fputs(emit_expr_str(e, x, 1), e->out); }

void emit_num(Em *e, double v) {
    char b[48];
    num_text(e, b, sizeof b, v);
    fputs(b, e->out);
}

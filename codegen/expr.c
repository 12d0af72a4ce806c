/* expr.c: expression trees of EasyML: function table, constructors, evaluation, simplification,
 * queries and printing as C source. Symbolic differentiation lives in deriv.c. */
#include "expr.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

/* ---------------------------------------------------------------------------------------------
 * Function table
 */

typedef struct {
    const char *name;
    int arity;
    int transcendental; /* counted by ex_count_calls */
} FnInfo;

static const FnInfo fn_tab[FN_COUNT] = {
    [FN_EXP] = {"exp", 1, 1},     [FN_EXPM1] = {"expm1", 1, 1},   [FN_LOG] = {"log", 1, 1},
    [FN_LOG10] = {"log10", 1, 1}, [FN_LOG1P] = {"log1p", 1, 1},   [FN_POW] = {"pow", 2, 1},
    [FN_SQRT] = {"sqrt", 1, 1},   [FN_CBRT] = {"cbrt", 1, 1},     [FN_FABS] = {"fabs", 1, 0},
    [FN_ABS] = {"abs", 1, 0},     [FN_FLOOR] = {"floor", 1, 0},   [FN_CEIL] = {"ceil", 1, 0},
    [FN_SIN] = {"sin", 1, 1},     [FN_COS] = {"cos", 1, 1},       [FN_TAN] = {"tan", 1, 1},
    [FN_ASIN] = {"asin", 1, 1},   [FN_ACOS] = {"acos", 1, 1},     [FN_ATAN] = {"atan", 1, 1},
    [FN_ATAN2] = {"atan2", 2, 1}, [FN_SINH] = {"sinh", 1, 1},     [FN_COSH] = {"cosh", 1, 1},
    [FN_TANH] = {"tanh", 1, 1},   [FN_SQUARE] = {"square", 1, 0}, [FN_CUBE] = {"cube", 1, 0},
    [FN_MIN] = {"min", 2, 0},     [FN_MAX] = {"max", 2, 0},       [FN_HEAV] = {"heav", 1, 0},
    [FN_SIGN] = {"sign", 1, 0},
};

int ex_fn_lookup(const char *name, int len) {
    for (int i = 0; i < FN_COUNT; i++)
        if ((int)strlen(fn_tab[i].name) == len && strncmp(fn_tab[i].name, name, (size_t)len) == 0)
            return i;
    return -1;
}

const char *ex_fn_name(ExFn fn) { return (unsigned)fn < FN_COUNT ? fn_tab[fn].name : NULL; }

int ex_fn_arity(ExFn fn) { return (unsigned)fn < FN_COUNT ? fn_tab[fn].arity : -1; }

/* ---------------------------------------------------------------------------------------------
 * Constructors
 */

static Expr *new_node(Arena *ar, ExKind k, int nargs) {
    Expr *e = ar_alloc(ar, sizeof(Expr));
    e->kind = k;
    e->nargs = nargs;
    return e;
}

Expr *ex_num(Arena *ar, double v) {
    Expr *e = new_node(ar, EX_NUM, 0);
    e->num = v;
    return e;
}

Expr *ex_var(Arena *ar, const char *name) {
    Expr *e = new_node(ar, EX_VAR, 0);
    e->name = ar_strdup(ar, name);
    return e;
}

Expr *ex_unary(Arena *ar, ExKind k, Expr *a) {
    Expr *e = new_node(ar, k, 1);
    e->a[0] = a;
    return e;
}

Expr *ex_binary(Arena *ar, ExKind k, Expr *a, Expr *b) {
    Expr *e = new_node(ar, k, 2);
    e->a[0] = a;
    e->a[1] = b;
    return e;
}

Expr *ex_cond(Arena *ar, Expr *c, Expr *t, Expr *f) {
    Expr *e = new_node(ar, EX_COND, 3);
    e->a[0] = c;
    e->a[1] = t;
    e->a[2] = f;
    return e;
}

Expr *ex_call(Arena *ar, ExFn fn, Expr *a, Expr *b) {
    Expr *e = new_node(ar, EX_CALL, b ? 2 : 1);
    e->fn = fn;
    e->a[0] = a;
    e->a[1] = b;
    return e;
}

/* ---------------------------------------------------------------------------------------------
 * Equality and literal test
 */

int ex_equal(const Expr *a, const Expr *b) {
    if (a == b)
        return 1;
    if (!a || !b || a->kind != b->kind || a->nargs != b->nargs)
        return 0;
    if (a->kind == EX_NUM)
        return memcmp(&a->num, &b->num, sizeof(double)) == 0;
    if (a->kind == EX_VAR)
        return strcmp(a->name, b->name) == 0;
    if (a->kind == EX_CALL && a->fn != b->fn)
        return 0;
    for (int i = 0; i < a->nargs; i++)
        if (!ex_equal(a->a[i], b->a[i]))
            return 0;
    return 1;
}

/* A literal is EX_NUM, or unary minus applied to a literal (what a parser builds for `-1.5`). */
int ex_is_num(const Expr *e, double *v) {
    double x;
    if (e->kind == EX_NUM) {
        if (v)
            *v = e->num;
        return 1;
    }
    if (e->kind == EX_NEG && ex_is_num(e->a[0], &x)) {
        if (v)
            *v = -x;
        return 1;
    }
    return 0;
}

/* ---------------------------------------------------------------------------------------------
 * Evaluation
 */

static double heav(double x) { return x >= 0 ? 1.0 : 0.0; }
static double sign(double x) { return x > 0 ? 1.0 : (x < 0 ? -1.0 : 0.0); }

/* Value of a one-argument function of the table. */
static double eval_fn1(ExFn fn, double x) {
    switch (fn) {
        case FN_EXP:
            return exp(x);
        case FN_EXPM1:
            return expm1(x);
        case FN_LOG:
            return log(x);
        case FN_LOG10:
            return log10(x);
        case FN_LOG1P:
            return log1p(x);
        case FN_SQRT:
            return sqrt(x);
        case FN_CBRT:
            return cbrt(x);
        case FN_FABS:
        case FN_ABS:
            return fabs(x);
        case FN_FLOOR:
            return floor(x);
        case FN_CEIL:
            return ceil(x);
        case FN_SIN:
            return sin(x);
        case FN_COS:
            return cos(x);
        case FN_TAN:
            return tan(x);
        case FN_ASIN:
            return asin(x);
        case FN_ACOS:
            return acos(x);
        case FN_ATAN:
            return atan(x);
        case FN_SINH:
            return sinh(x);
        case FN_COSH:
            return cosh(x);
        case FN_TANH:
            return tanh(x);
        case FN_SQUARE:
            return x * x;
        case FN_CUBE:
            return x * x * x;
        case FN_HEAV:
            return heav(x);
        case FN_SIGN:
            return sign(x);
        default:
            return NAN;
    }
}

/* Value of a two-argument function; min/max follow C fmin/fmax. */
static double eval_fn2(ExFn fn, double x, double y) {
    switch (fn) {
        case FN_POW:
            return pow(x, y);
        case FN_ATAN2:
            return atan2(x, y);
        case FN_MIN:
            return fmin(x, y);
        case FN_MAX:
            return fmax(x, y);
        default:
            return NAN;
    }
}

double ex_eval(const Expr *e, ExLookup lookup, void *ctx) {
#define EV(i) ex_eval(e->a[i], lookup, ctx)
    switch (e->kind) {
        case EX_NUM:
            return e->num;
        case EX_VAR:
            return lookup ? lookup(ctx, e) : NAN;
        case EX_NEG:
            return -EV(0);
        case EX_NOT:
            return EV(0) == 0 ? 1.0 : 0.0;
        case EX_ADD:
            return EV(0) + EV(1);
        case EX_SUB:
            return EV(0) - EV(1);
        case EX_MUL:
            return EV(0) * EV(1);
        case EX_DIV:
            return EV(0) / EV(1);
        case EX_MOD:
            return fmod(EV(0), EV(1));
        case EX_POW:
            return pow(EV(0), EV(1));
        case EX_LT:
            return EV(0) < EV(1);
        case EX_GT:
            return EV(0) > EV(1);
        case EX_LE:
            return EV(0) <= EV(1);
        case EX_GE:
            return EV(0) >= EV(1);
        case EX_EQ:
            return EV(0) == EV(1);
        case EX_NE:
            return EV(0) != EV(1);
        case EX_AND:
            return EV(0) != 0 && EV(1) != 0;
        case EX_OR:
            return EV(0) != 0 || EV(1) != 0;
        case EX_COND:
            return EV(0) != 0 ? EV(1) : EV(2);
        case EX_CALL:
            return e->nargs == 2 ? eval_fn2(e->fn, EV(0), EV(1)) : eval_fn1(e->fn, EV(0));
    }
#undef EV
    return NAN;
}

/* ---------------------------------------------------------------------------------------------
 * Simplification
 */

static int is_lit(const Expr *e, double v) { return e->kind == EX_NUM && e->num == v; }

static int is_pow(const Expr *e) { return e->kind == EX_POW || (e->kind == EX_CALL && e->fn == FN_POW); }

Expr *ex_rebuild(Arena *ar, Expr *e, Expr **kids) {
    int same = 1;
    for (int i = 0; i < e->nargs; i++)
        same &= kids[i] == e->a[i];
    if (same)
        return e;
    Expr *n = ar_alloc(ar, sizeof(Expr));
    *n = *e;
    for (int i = 0; i < e->nargs; i++)
        n->a[i] = kids[i];
    return n;
}

/* A literal whose operands are all literals, evaluated; NULL when the result is not finite
 * (inf/nan literals are left to the run time) or an operand is not a literal. */
static Expr *fold(Arena *ar, Expr *e) {
    if (e->kind == EX_NUM || e->kind == EX_VAR)
        return NULL;
    for (int i = 0; i < e->nargs; i++)
        if (e->a[i]->kind != EX_NUM)
            return NULL;
    double v = ex_eval(e, NULL, NULL);
    if (!isfinite(v))
        return NULL;
    Expr *n = ex_num(ar, v);
    n->tok = e->tok;
    return n;
}

/* Identities of + and -, exact in IEEE arithmetic up to the sign of a zero result. */
static Expr *simplify_add_sub(Arena *ar, Expr *e) {
    Expr *x = e->a[0], *y = e->a[1];
    if (is_lit(y, 0))
        return x; /* x + 0, x - 0 */
    if (is_lit(x, 0))
        return e->kind == EX_ADD ? y : ex_unary(ar, EX_NEG, y); /* 0 + y, 0 - y */
    if (y->kind == EX_NUM && y->num < 0) /* x + (-c) -> x - c, x - (-c) -> x + c */
        return ex_binary(ar, e->kind == EX_ADD ? EX_SUB : EX_ADD, x, ex_num(ar, -y->num));
    if (y->kind == EX_NEG) /* x + -y -> x - y, x - -y -> x + y */
        return ex_binary(ar, e->kind == EX_ADD ? EX_SUB : EX_ADD, x, y->a[0]);
    return e;
}

/* Identities of * and /: x*1, 1*x, x/1, x*(-1), (-1)*x. 0*x is kept (not exact for inf/nan). */
static Expr *simplify_mul_div(Arena *ar, Expr *e) {
    Expr *x = e->a[0], *y = e->a[1];
    if (is_lit(y, 1))
        return x;
    if (is_lit(y, -1))
        return ex_unary(ar, EX_NEG, x);
    if (e->kind == EX_MUL && is_lit(x, 1))
        return y;
    if (e->kind == EX_MUL && is_lit(x, -1))
        return ex_unary(ar, EX_NEG, y);
    return e;
}

/* Logical operators with one literal operand whose value decides the result: 0 && x, x && 0,
 * c || x, x || c (c != 0). */
static Expr *simplify_logic(Arena *ar, Expr *e) {
    double decide = e->kind == EX_AND ? 0.0 : 1.0;
    for (int i = 0; i < 2; i++) {
        const Expr *l = e->a[i];
        if (l->kind == EX_NUM && (l->num != 0) == (decide != 0))
            return ex_num(ar, decide);
    }
    return e;
}

/* Identities for a node whose operands are already simplified and not all literal. */
static Expr *simplify_node(Arena *ar, Expr *e) {
    switch (e->kind) {
        case EX_NEG:
            if (e->a[0]->kind == EX_NEG)
                return e->a[0]->a[0];
            return e;
        case EX_ADD:
        case EX_SUB:
            return simplify_add_sub(ar, e);
        case EX_MUL:
        case EX_DIV:
            return simplify_mul_div(ar, e);
        case EX_AND:
        case EX_OR:
            return simplify_logic(ar, e);
        case EX_COND:
            if (e->a[0]->kind == EX_NUM)
                return e->a[0]->num != 0 ? e->a[1] : e->a[2];
            if (ex_equal(e->a[1], e->a[2]))
                return e->a[1];
            return e;
        default:
            break;
    }
    if (is_pow(e) && is_lit(e->a[1], 1))
        return e->a[0];
    if (is_pow(e) && is_lit(e->a[1], 0))
        return ex_num(ar, 1.0);
    return e;
}

/* Folding and identities at the root of e, whose operands are already simplified. A rule that
 * builds a new node (e.g. x + (-c) -> x - c) may enable another, so its result goes round again;
 * rules only shrink the tree or move a sign, so this terminates. */
static Expr *simplify_top(Arena *ar, Expr *e) {
    Expr *f = fold(ar, e);
    if (f)
        return f;
    Expr *s = simplify_node(ar, e);
    if (s == e || s == e->a[0] || s == e->a[1] || s == e->a[2] || s->kind == EX_NUM)
        return s;
    return simplify_top(ar, s);
}

/* Bottom-up: operands first, then the root. Unchanged subtrees are shared. */
Expr *ex_simplify(Arena *ar, Expr *e) {
    Expr *kids[3] = {NULL, NULL, NULL};
    for (int i = 0; i < e->nargs; i++)
        kids[i] = ex_simplify(ar, e->a[i]);
    return simplify_top(ar, ex_rebuild(ar, e, kids));
}

/* ---------------------------------------------------------------------------------------------
 * Substitution and queries
 */

Expr *ex_subst(Arena *ar, Expr *e, const char *name, Expr *by) {
    if (e->kind == EX_VAR)
        return strcmp(e->name, name) == 0 ? by : e;
    Expr *kids[3] = {NULL, NULL, NULL};
    for (int i = 0; i < e->nargs; i++)
        kids[i] = ex_subst(ar, e->a[i], name, by);
    return ex_rebuild(ar, e, kids);
}

int ex_any(const Expr *e, int (*pred)(const Expr *node, const void *ctx), const void *ctx) {
    if (pred(e, ctx))
        return 1;
    for (int i = 0; i < e->nargs; i++)
        if (ex_any(e->a[i], pred, ctx))
            return 1;
    return 0;
}

static int is_var_named(const Expr *e, const void *name) {
    return e->kind == EX_VAR && strcmp(e->name, name) == 0;
}

int ex_uses(const Expr *e, const char *name) { return ex_any(e, is_var_named, name); }

void ex_walk_vars(const Expr *e, void (*f)(void *ctx, const Expr *var), void *ctx) {
    if (!e)
        return;
    if (e->kind == EX_VAR)
        f(ctx, e);
    for (int i = 0; i < e->nargs; i++)
        ex_walk_vars(e->a[i], f, ctx);
}

static int is_call(const Expr *e, const void *ctx) {
    (void)ctx;
    return e->kind == EX_CALL || e->kind == EX_POW || e->kind == EX_MOD;
}

int ex_has_call(const Expr *e) { return ex_any(e, is_call, NULL); }

int ex_count_nodes(const Expr *e) {
    int n = 1;
    for (int i = 0; i < e->nargs; i++)
        n += ex_count_nodes(e->a[i]);
    return n;
}

int ex_count_calls(const Expr *e) {
    int n = e->kind == EX_POW || (e->kind == EX_CALL && fn_tab[e->fn].transcendental);
    for (int i = 0; i < e->nargs; i++)
        n += ex_count_calls(e->a[i]);
    return n;
}

/* ---------------------------------------------------------------------------------------------
 * Printing
 */

int ex_format_num(char *buf, size_t size, double v) {
    if (isnan(v))
        return snprintf(buf, size, "NAN");
    if (isinf(v))
        return snprintf(buf, size, v > 0 ? "INFINITY" : "-INFINITY");
    char tmp[40];
    for (int prec = 15; prec <= 17; prec++) {
        snprintf(tmp, sizeof tmp, "%.*g", prec, v);
        if (strtod(tmp, NULL) == v)
            break;
    }
    int literal = strpbrk(tmp, ".e") != NULL;
    return snprintf(buf, size, literal ? "%s" : "%s.0", tmp);
}

/* Growable output text. */
typedef struct {
    char *p;
    size_t len, cap;
} Buf;

static void buf_puts(Buf *b, const char *s) {
    size_t n = strlen(s);
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *p = realloc(b->p, cap);
        if (!p) {
            fprintf(stderr, "starcarp: out of memory (printing an expression)\n");
            abort();
        }
        b->p = p;
        b->cap = cap;
    }
    memcpy(b->p + b->len, s, n + 1);
    b->len += n;
}

typedef struct {
    Buf buf;
    ExVarName var_name;
    void *ctx;
} Printer;

/* C precedence of the text printed for e: higher binds tighter. A negative literal prints with
 * a leading '-', so it binds like a unary operator. */
static int prec(const Expr *e) {
    switch (e->kind) {
        case EX_NUM:
            return (signbit(e->num) && !isnan(e->num)) ? 8 : 9;
        case EX_NEG:
        case EX_NOT:
            return 8;
        case EX_MUL:
        case EX_DIV:
            return 7;
        case EX_ADD:
        case EX_SUB:
            return 6;
        case EX_LT:
        case EX_GT:
        case EX_LE:
        case EX_GE:
            return 5;
        case EX_EQ:
        case EX_NE:
            return 4;
        case EX_AND:
            return 3;
        case EX_OR:
            return 2;
        case EX_COND:
            return 1;
        default:
            return 9; /* names, calls, pow, fmod */
    }
}

static int starts_with_minus(const Expr *e) {
    return e->kind == EX_NEG || (e->kind == EX_NUM && prec(e) == 8);
}

static int is_compare(ExKind k) { return k >= EX_LT && k <= EX_NE; }

static const char *op_text(ExKind k) {
    static const char *const ops[] = {
        [EX_ADD] = " + ", [EX_SUB] = " - ", [EX_MUL] = " * ",  [EX_DIV] = " / ",
        [EX_LT] = " < ",  [EX_GT] = " > ",  [EX_LE] = " <= ",  [EX_GE] = " >= ",
        [EX_EQ] = " == ", [EX_NE] = " != ", [EX_AND] = " && ", [EX_OR] = " || ",
    };
    return ops[k];
}

static void print_expr(Printer *pr, const Expr *e);

static void print_paren(Printer *pr, const Expr *e, int paren) {
    if (paren)
        buf_puts(&pr->buf, "(");
    print_expr(pr, e);
    if (paren)
        buf_puts(&pr->buf, ")");
}

/* Besides precedence, parenthesise what gcc -Wparentheses warns about in generated code:
 * a comparison (or a `!x`) as operand of a comparison, and && inside || or || inside &&. */
static int warn_paren(ExKind op, const Expr *kid) {
    if (is_compare(op))
        return is_compare(kid->kind) || kid->kind == EX_NOT;
    if (op == EX_AND || op == EX_OR)
        return (kid->kind == EX_AND || kid->kind == EX_OR) && kid->kind != op;
    return 0;
}

/* Left-associative binary operator: the right operand needs parentheses at equal precedence
 * (a - (b - c), and a + (b + c) too, which is not the same in floating point). A right operand
 * that starts with '-' is parenthesised for readability: a - (-1.0). */
static void print_binary(Printer *pr, const Expr *e) {
    int p = prec(e);
    const Expr *l = e->a[0], *r = e->a[1];
    print_paren(pr, l, prec(l) < p || warn_paren(e->kind, l));
    buf_puts(&pr->buf, op_text(e->kind));
    print_paren(pr, r, prec(r) <= p || starts_with_minus(r) || warn_paren(e->kind, r));
}

static void print_call(Printer *pr, const char *name, const Expr *e) {
    buf_puts(&pr->buf, name);
    buf_puts(&pr->buf, "(");
    for (int i = 0; i < e->nargs; i++) {
        if (i)
            buf_puts(&pr->buf, ", ");
        print_expr(pr, e->a[i]);
    }
    buf_puts(&pr->buf, ")");
}

static void print_var(Printer *pr, const Expr *e) {
    const char *s = pr->var_name ? pr->var_name(pr->ctx, e) : NULL;
    buf_puts(&pr->buf, s ? s : e->name);
}

static void print_expr(Printer *pr, const Expr *e) {
    char num[48];
    switch (e->kind) {
        case EX_NUM:
            ex_format_num(num, sizeof num, e->num);
            buf_puts(&pr->buf, num);
            return;
        case EX_VAR:
            print_var(pr, e);
            return;
        case EX_NEG:
        case EX_NOT:
            buf_puts(&pr->buf, e->kind == EX_NEG ? "-" : "!");
            print_paren(pr, e->a[0], prec(e->a[0]) < 8 || starts_with_minus(e->a[0]));
            return;
        case EX_MOD:
            print_call(pr, "fmod", e);
            return;
        case EX_POW:
            print_call(pr, "pow", e);
            return;
        case EX_CALL:
            print_call(pr, e->fn == FN_ABS ? "fabs" : ex_fn_name(e->fn), e);
            return;
        case EX_COND:
            print_paren(pr, e->a[0], prec(e->a[0]) <= 1);
            buf_puts(&pr->buf, " ? ");
            print_expr(pr, e->a[1]);
            buf_puts(&pr->buf, " : ");
            print_expr(pr, e->a[2]);
            return;
        default:
            print_binary(pr, e);
            return;
    }
}

/* Print e into a malloc'ed string (never NULL). */
static char *print_to_malloc(const Expr *e, ExVarName var_name, void *ctx) {
    Printer pr = {{NULL, 0, 0}, var_name, ctx};
    buf_puts(&pr.buf, "");
    print_expr(&pr, e);
    return pr.buf.p;
}

void ex_print(FILE *out, const Expr *e, ExVarName var_name, void *ctx) {
    char *s = print_to_malloc(e, var_name, ctx);
    fputs(s, out);
    free(s);
}

char *ex_to_string(Arena *ar, const Expr *e, ExVarName var_name, void *ctx) {
    char *s = print_to_malloc(e, var_name, ctx);
    char *r = ar_strdup(ar, s);
    free(s);
    return r;
}

/* deriv.c: symbolic differentiation of expression trees (ex_deriv).
 *
 * The rules build their result with the small constructors below, which drop terms whose
 * derivative factor is the literal 0 (a product with a zero derivative is zero almost everywhere,
 * which is what a derivative means here) and skip factors of 1. The result is then simplified
 * with ex_simplify, so d(3*x)/dx is the literal 3 and the derivative of an expression that does
 * not use the name is the literal 0. Subtrees of the input are shared, never copied. */
#include "expr.h"

typedef struct {
    Arena *ar;
    const char *name;
} Deriv;

static Expr *deriv(Deriv *d, Expr *e);

static int is_zero(const Expr *e) { return e->kind == EX_NUM && e->num == 0; }
static int is_one(const Expr *e) { return e->kind == EX_NUM && e->num == 1; }

static Expr *num(Deriv *d, double v) { return ex_num(d->ar, v); }
static Expr *call1(Deriv *d, ExFn fn, Expr *a) { return ex_call(d->ar, fn, a, NULL); }

static Expr *add(Deriv *d, Expr *a, Expr *b) {
    if (is_zero(a))
        return b;
    if (is_zero(b))
        return a;
    return ex_binary(d->ar, EX_ADD, a, b);
}

static Expr *neg(Deriv *d, Expr *a) { return is_zero(a) ? a : ex_unary(d->ar, EX_NEG, a); }

static Expr *sub(Deriv *d, Expr *a, Expr *b) {
    if (is_zero(b))
        return a;
    if (is_zero(a))
        return neg(d, b);
    return ex_binary(d->ar, EX_SUB, a, b);
}

static Expr *divide(Deriv *d, Expr *a, Expr *b) {
    return is_zero(a) || is_one(b) ? a : ex_binary(d->ar, EX_DIV, a, b);
}

/* Product in which a literal 0 factor (a vanishing derivative) absorbs the other factor.
 * A literal factor goes first (2.0 * exp(2.0 * x)), and (1/q) * b becomes b / q. */
static Expr *mul(Deriv *d, Expr *a, Expr *b) {
    if (is_zero(a) || is_zero(b))
        return num(d, 0);
    if (is_one(a))
        return b;
    if (is_one(b))
        return a;
    if (a->kind == EX_DIV && is_one(a->a[0]))
        return divide(d, b, a->a[1]);
    if (b->kind == EX_DIV && is_one(b->a[0]))
        return divide(d, a, b->a[1]);
    if (b->kind == EX_NUM && a->kind != EX_NUM)
        return mul(d, b, a);
    return ex_binary(d->ar, EX_MUL, a, b);
}

static int uses(Deriv *d, const Expr *e) { return ex_uses(e, d->name); }

/* d(u/v) = du/v when v does not use the name, else (du - (u/v)*dv)/v, which reuses the
 * quotient itself and cannot overflow where v*v would. */
static Expr *deriv_div(Deriv *d, Expr *e) {
    Expr *u = e->a[0], *v = e->a[1];
    Expr *du = deriv(d, u);
    if (!uses(d, v))
        return divide(d, du, v);
    return divide(d, sub(d, du, mul(d, e, deriv(d, v))), v);
}

/* fmod(a, b) = a - trunc(a/b)*b; the trunc part is piecewise constant. */
static Expr *deriv_mod(Deriv *d, Expr *e) {
    Expr *a = e->a[0], *b = e->a[1];
    Expr *da = deriv(d, a);
    if (!uses(d, b))
        return da;
    Expr *q = ex_binary(d->ar, EX_DIV, a, b);
    Expr *trunc =
        ex_cond(d->ar, ex_binary(d->ar, EX_GE, q, num(d, 0)), call1(d, FN_FLOOR, q), call1(d, FN_CEIL, q));
    return sub(d, da, mul(d, trunc, deriv(d, b)));
}

/* pow(u, v), e being the power itself: x^c rule when the exponent does not use the name,
 * c^x rule when the base does not, and u^v * (v' log u + v u'/u) otherwise. */
static Expr *deriv_pow(Deriv *d, Expr *e) {
    Expr *u = e->a[0], *v = e->a[1];
    if (!uses(d, v)) {
        Expr *vm1 = ex_binary(d->ar, EX_SUB, v, num(d, 1));
        Expr *p = ex_binary(d->ar, EX_POW, u, vm1);
        return mul(d, mul(d, v, p), deriv(d, u));
    }
    Expr *logu = call1(d, FN_LOG, u);
    if (!uses(d, u)) /* log of a literal base folds to a literal, which mul() puts first */
        return mul(d, mul(d, e, ex_simplify(d->ar, logu)), deriv(d, v));
    Expr *t1 = mul(d, deriv(d, v), logu);
    Expr *t2 = divide(d, mul(d, v, deriv(d, u)), u);
    return mul(d, e, add(d, t1, t2));
}

/* 1 - u^2 and 1 + u^2, for the inverse trigonometric functions and tanh/tan. */
static Expr *one_minus_sq(Deriv *d, Expr *u) {
    return ex_binary(d->ar, EX_SUB, num(d, 1), call1(d, FN_SQUARE, u));
}

static Expr *one_plus_sq(Deriv *d, Expr *u) {
    return ex_binary(d->ar, EX_ADD, num(d, 1), call1(d, FN_SQUARE, u));
}

/* f'(u) for a one-argument function, e = f(u) (reused where f' is expressed through f);
 * NULL for the piecewise-constant functions (floor, ceil, heav, sign). */
static Expr *fn1_prime(Deriv *d, Expr *e, Expr *u) {
    switch (e->fn) {
        case FN_EXP:
            return e;
        case FN_EXPM1:
            return call1(d, FN_EXP, u);
        case FN_LOG:
            return divide(d, num(d, 1), u);
        case FN_LOG10:
            return divide(d, num(d, 1), mul(d, u, num(d, 2.302585092994045684)));
        case FN_LOG1P:
            return divide(d, num(d, 1), ex_binary(d->ar, EX_ADD, num(d, 1), u));
        case FN_SQRT:
            return divide(d, num(d, 0.5), e);
        case FN_CBRT:
            return divide(d, num(d, 1), mul(d, num(d, 3), call1(d, FN_SQUARE, e)));
        case FN_FABS:
        case FN_ABS:
            return call1(d, FN_SIGN, u);
        case FN_SIN:
            return call1(d, FN_COS, u);
        case FN_COS:
            return neg(d, call1(d, FN_SIN, u));
        case FN_TAN:
            return one_plus_sq(d, e);
        case FN_ASIN:
            return divide(d, num(d, 1), call1(d, FN_SQRT, one_minus_sq(d, u)));
        case FN_ACOS:
            return divide(d, num(d, -1), call1(d, FN_SQRT, one_minus_sq(d, u)));
        case FN_ATAN:
            return divide(d, num(d, 1), one_plus_sq(d, u));
        case FN_SINH:
            return call1(d, FN_COSH, u);
        case FN_COSH:
            return call1(d, FN_SINH, u);
        case FN_TANH:
            return one_minus_sq(d, e);
        case FN_SQUARE:
            return mul(d, num(d, 2), u);
        case FN_CUBE:
            return mul(d, num(d, 3), call1(d, FN_SQUARE, u));
        default:
            return NULL;
    }
}

/* atan2(y, x)' = (x y' - y x') / (x^2 + y^2). */
static Expr *deriv_atan2(Deriv *d, Expr *y, Expr *x) {
    Expr *num_ = sub(d, mul(d, x, deriv(d, y)), mul(d, y, deriv(d, x)));
    Expr *den = ex_binary(d->ar, EX_ADD, call1(d, FN_SQUARE, x), call1(d, FN_SQUARE, y));
    return divide(d, num_, den);
}

/* min/max branch-wise: min(a,b)' = a <= b ? a' : b', max(a,b)' = a >= b ? a' : b'. */
static Expr *deriv_minmax(Deriv *d, Expr *e) {
    Expr *a = e->a[0], *b = e->a[1];
    Expr *c = ex_binary(d->ar, e->fn == FN_MIN ? EX_LE : EX_GE, a, b);
    return ex_cond(d->ar, c, deriv(d, a), deriv(d, b));
}

static Expr *deriv_call(Deriv *d, Expr *e) {
    switch (e->fn) {
        case FN_POW:
            return deriv_pow(d, e);
        case FN_ATAN2:
            return deriv_atan2(d, e->a[0], e->a[1]);
        case FN_MIN:
        case FN_MAX:
            return deriv_minmax(d, e);
        default:
            break;
    }
    Expr *fp = fn1_prime(d, e, e->a[0]);
    return fp ? mul(d, fp, deriv(d, e->a[0])) : num(d, 0);
}

/* Unsimplified derivative of e. */
static Expr *deriv(Deriv *d, Expr *e) {
    if (!uses(d, e))
        return num(d, 0);
    switch (e->kind) {
        case EX_VAR:
            return num(d, 1); /* uses() said it is the name */
        case EX_NEG:
            return neg(d, deriv(d, e->a[0]));
        case EX_ADD:
            return add(d, deriv(d, e->a[0]), deriv(d, e->a[1]));
        case EX_SUB:
            return sub(d, deriv(d, e->a[0]), deriv(d, e->a[1]));
        case EX_MUL:
            return add(d, mul(d, deriv(d, e->a[0]), e->a[1]), mul(d, e->a[0], deriv(d, e->a[1])));
        case EX_DIV:
            return deriv_div(d, e);
        case EX_MOD:
            return deriv_mod(d, e);
        case EX_POW:
            return deriv_pow(d, e);
        case EX_COND:
            return ex_cond(d->ar, e->a[0], deriv(d, e->a[1]), deriv(d, e->a[2]));
        case EX_CALL:
            return deriv_call(d, e);
        default:
            return num(d, 0); /* literals, !, comparisons, && and || */
    }
}

Expr *ex_deriv(Arena *ar, Expr *e, const char *name) {
    Deriv d = {ar, name};
    return ex_simplify(ar, deriv(&d, e));
}

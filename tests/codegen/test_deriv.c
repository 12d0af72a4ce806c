/* test_deriv.c: unit tests of symbolic differentiation (deriv.c): exact text of simple
 * derivatives, and a numerical check of ~50 ionic-model expressions against central finite
 * differences. */
#include <float.h>
#include <stdlib.h>

#include "arena.h"
#include "expr.h"
#include "expr_build.h"
#include "test.h"

static Expr *add(Expr *a, Expr *b) { return B(EX_ADD, a, b); }
static Expr *sub(Expr *a, Expr *b) { return B(EX_SUB, a, b); }
static Expr *mul(Expr *a, Expr *b) { return B(EX_MUL, a, b); }
static Expr *dvd(Expr *a, Expr *b) { return B(EX_DIV, a, b); }

static const char *d_str(Expr *e, const char *name) {
    return ex_to_string(&tb_ar, ex_deriv(&tb_ar, e, name), NULL, NULL);
}

static void test_exact(void) {
    Expr *x = V("x"), *y = V("y"), *c = V("c");
    ASSERT_EQ_STR("3.0", d_str(mul(N(3), x), "x"));
    ASSERT_EQ_STR("3.0", d_str(mul(x, N(3)), "x"));
    ASSERT_EQ_STR("1.0", d_str(x, "x"));
    ASSERT_EQ_STR("0.0", d_str(y, "x"));
    ASSERT_EQ_STR("0.0", d_str(F1(FN_EXP, mul(y, N(2))), "x"));
    ASSERT_EQ_STR("0.0", d_str(N(4), "x"));
    ASSERT_EQ_STR("1.0", d_str(add(x, y), "x"));
    ASSERT_EQ_STR("-1.0", d_str(sub(x, y), "y"));
    ASSERT_EQ_STR("-1.0", d_str(U(EX_NEG, x), "x"));
    ASSERT_EQ_STR("y", d_str(mul(x, y), "x"));
    ASSERT_EQ_STR("x + x", d_str(mul(x, x), "x"));
    static const struct {
        ExFn fn;
        const char *want; /* d/dx fn(x) */
    } d1[] = {{FN_EXP, "exp(x)"},  {FN_SIN, "cos(x)"},         {FN_COS, "-sin(x)"},
              {FN_LOG, "1.0 / x"}, {FN_SQRT, "0.5 / sqrt(x)"}, {FN_FABS, "sign(x)"},
              {FN_ABS, "sign(x)"}, {FN_SQUARE, "2.0 * x"},     {FN_CUBE, "3.0 * square(x)"}};
    for (size_t k = 0; k < sizeof d1 / sizeof *d1; k++)
        ASSERT_EQ_STR(d1[k].want, d_str(F1(d1[k].fn, x), "x"));
    ASSERT_EQ_STR("2.0 * exp(2.0 * x)", d_str(F1(FN_EXP, mul(N(2), x)), "x"));
    ASSERT_EQ_STR("3.0 * pow(x, 2.0)", d_str(B(EX_POW, x, N(3)), "x"));
    ASSERT_EQ_STR("2.0 * x", d_str(F2(FN_POW, x, N(2)), "x"));
    ASSERT_EQ_STR("y * pow(x, y - 1.0)", d_str(B(EX_POW, x, y), "x"));
    ASSERT_EQ_STR("0.6931471805599453 * pow(2.0, x)", d_str(B(EX_POW, N(2), x), "x"));
    ASSERT_EQ_STR("1.0 / y", d_str(dvd(x, y), "x"));
    ASSERT_EQ_STR("-(x / y) / y", d_str(dvd(x, y), "y"));
    ASSERT_EQ_STR("c ? 1.0 : 2.0", d_str(C(c, x, mul(N(2), x)), "x"));
    ASSERT_EQ_STR("1.0", d_str(C(c, x, add(x, N(5))), "x"));
    ASSERT_EQ_STR("x <= 2.0 * x ? 1.0 : 2.0", d_str(F2(FN_MIN, x, mul(N(2), x)), "x"));
    ASSERT_EQ_STR("x >= y ? 1.0 : 0.0", d_str(F2(FN_MAX, x, y), "x"));
    ASSERT_EQ_STR("0.0", d_str(F1(FN_FLOOR, x), "x"));
    ASSERT_EQ_STR("0.0", d_str(F1(FN_HEAV, x), "x"));
    ASSERT_EQ_STR("0.0", d_str(F1(FN_SIGN, x), "x"));
    ASSERT_EQ_STR("0.0", d_str(B(EX_LT, x, N(1)), "x"));
    ASSERT_EQ_STR("0.0", d_str(B(EX_AND, x, y), "x"));
    ASSERT_EQ_STR("0.0", d_str(U(EX_NOT, x), "x"));
    ASSERT_EQ_STR("1.0", d_str(B(EX_MOD, x, N(3)), "x"));
    ASSERT_EQ_STR("2.0 / (1.0 + square(2.0 * x))", d_str(F1(FN_ATAN, mul(N(2), x)), "x"));
    ASSERT_EQ_STR("2.0 / (4.0 + square(x))", d_str(F2(FN_ATAN2, x, N(2)), "x"));
    /* A product with an unused factor does not leave 0 * f behind. */
    ASSERT_EQ_STR("y * exp(x)", d_str(mul(y, F1(FN_EXP, x)), "x"));
}

/* Values of the names during the numerical check: the differentiated name takes `at`, the
 * others fixed values (chosen inside the domains of the test expressions). */
typedef struct {
    const char *name;
    double at;
} Point;

static double lookup(void *ctx, const Expr *var) {
    const Point *p = ctx;
    static const struct {
        const char *name;
        double v;
    } fixed[] = {
        {"V", -30.0}, {"x", 0.3},  {"y", 1.7},   {"Ca", 0.02},  {"Cai", 3e-4},
        {"a", 0.5},   {"b", 0.04}, {"tau", 4.0}, {"Nai", 10.0}, {"Ki", 140.0},
    };
    if (strcmp(var->name, p->name) == 0)
        return p->at;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        if (strcmp(var->name, fixed[i].name) == 0)
            return fixed[i].v;
    fprintf(stderr, "test_deriv: no value for %s\n", var->name);
    abort();
}

/* Compare the symbolic derivative with a central difference at 5 points spread over [lo, hi]
 * (the ranges avoid kinks and jumps of the expressions). */
static void check_fd(Expr *e, const char *name, double lo, double hi) {
    Expr *d = ex_deriv(&tb_ar, e, name);
    for (int i = 0; i < 5; i++) {
        double x0 = lo + (hi - lo) * i / 4.0;
        double h = 1e-6 * fmax(1e-3, fabs(x0));
        Point p = {name, x0};
        double f0 = ex_eval(e, lookup, &p);
        p.at = x0 + h;
        double fp = ex_eval(e, lookup, &p);
        p.at = x0 - h;
        double fm = ex_eval(e, lookup, &p);
        p.at = x0;
        double fd = (fp - fm) / (2 * h);
        double got = ex_eval(d, lookup, &p);
        /* relative 1e-6, plus the rounding error of the difference quotient */
        double tol = 1e-6 * fabs(fd) + 100 * DBL_EPSILON * fabs(f0) / h + 1e-12;
        if (!(fabs(got - fd) <= tol)) {
            fprintf(stderr, "d/d%s of %s at %g: d = %s\n", name, ex_to_string(&tb_ar, e, NULL, NULL), x0,
                    ex_to_string(&tb_ar, d, NULL, NULL));
        }
        ASSERT_NEAR(fd, got, tol);
    }
}

/* Ionic-model style expressions in V. */
static void test_numeric_voltage(void) {
    Expr *v = V("V"), *a = V("a"), *b = V("b");
    check_fd(mul(N(0.1), F1(FN_EXP, mul(N(-0.193), add(v, N(79.65))))), "V", -90, 40);
    check_fd(dvd(N(1), add(N(1), F1(FN_EXP, dvd(add(v, N(20)), N(7))))), "V", -90, 40);
    check_fd(C(B(EX_LT, v, N(-40)), mul(a, F1(FN_EXP, mul(b, v))), N(0)), "V", -90, 30);
    check_fd(C(B(EX_LT, v, N(-40)), mul(a, F1(FN_EXP, mul(b, v))), N(0)), "a", 0.1, 1);
    check_fd(C(B(EX_LT, v, N(-40)), mul(a, F1(FN_EXP, mul(b, v))), N(0)), "b", 0.01, 0.1);
    Expr *dv = add(v, N(47.13));
    check_fd(dvd(mul(N(0.32), dv), sub(N(1), F1(FN_EXP, mul(N(-0.1), dv)))), "V", -90, 40);
    check_fd(mul(N(0.135), F1(FN_EXP, dvd(add(N(80), v), N(-6.8)))), "V", -90, 40);
    check_fd(dvd(N(1), add(F1(FN_EXP, mul(N(0.0827), v)), F1(FN_EXPM1, mul(N(-0.04), v)))), "V", -90, 40);
    check_fd(mul(mul(N(0.5), N(8.314)), F1(FN_LOG, dvd(V("Ki"), add(V("Nai"), v)))), "V", -5, 40);
    check_fd(F1(FN_TANH, dvd(sub(v, N(-35)), N(10))), "V", -90, 40);
    check_fd(dvd(N(1), F1(FN_COSH, dvd(v, N(30)))), "V", -90, 40);
    check_fd(F1(FN_SINH, dvd(v, N(25))), "V", -90, 40);
    check_fd(C(B(EX_AND, B(EX_GE, v, N(-60)), B(EX_LE, v, N(10))), mul(v, v), U(EX_NEG, v)), "V", -90, 40);
    check_fd(F2(FN_POW, add(N(1), F1(FN_EXP, dvd(v, N(-5)))), N(-2)), "V", -90, 40);
    check_fd(mul(v, F1(FN_HEAV, v)), "V", -85, 35);
    check_fd(mul(F1(FN_SIGN, v), F1(FN_SQUARE, v)), "V", -85, 35);
    check_fd(mul(F1(FN_FLOOR, dvd(v, N(100))), v), "V", -85, 35);
}

/* Gating, calcium and generic expressions in other names. */
static void test_numeric_other(void) {
    Expr *x = V("x"), *y = V("y"), *ca = V("Ca"), *cai = V("Cai"), *tau = V("tau");
    check_fd(F2(FN_POW, dvd(ca, N(0.05)), N(2)), "Ca", 0.001, 0.1);
    check_fd(B(EX_POW, dvd(ca, N(0.05)), N(2.7)), "Ca", 0.001, 0.1);
    check_fd(dvd(N(1), add(N(1), B(EX_POW, dvd(N(0.0005), ca), N(3)))), "Ca", 0.001, 0.1);
    check_fd(dvd(mul(x, sub(N(1), x)), tau), "x", 0.05, 0.95);
    check_fd(dvd(mul(x, sub(N(1), x)), tau), "tau", 1, 20);
    check_fd(F1(FN_LOG, mul(cai, N(0.001))), "Cai", 1e-5, 1e-3);
    check_fd(F1(FN_LOG10, dvd(N(2), cai)), "Cai", 1e-5, 1e-3);
    check_fd(F1(FN_ATAN, x), "x", -3, 3);
    check_fd(F1(FN_SQRT, x), "x", 0.1, 4);
    check_fd(F1(FN_CBRT, x), "x", 0.1, 4);
    check_fd(F1(FN_CBRT, x), "x", -4, -0.1);
    check_fd(B(EX_POW, x, N(2.5)), "x", 0.1, 4);
    check_fd(F2(FN_MIN, x, mul(N(2), x)), "x", 0.5, 3);
    check_fd(F2(FN_MIN, x, mul(N(2), x)), "x", -3, -0.5);
    check_fd(F2(FN_MAX, x, sub(N(1), x)), "x", -2, 0.3);
    check_fd(F1(FN_FABS, sub(x, N(1))), "x", -2, 3);
    check_fd(F1(FN_ABS, mul(x, y)), "x", -2, 3);
    check_fd(F1(FN_TANH, mul(N(3), x)), "x", -2, 2);
    check_fd(F1(FN_SINH, x), "x", -2, 2);
    check_fd(F1(FN_COSH, x), "x", -2, 2);
    check_fd(F1(FN_ACOS, x), "x", -0.9, 0.9);
    check_fd(F1(FN_ASIN, mul(N(0.5), x)), "x", -1.8, 1.8);
    check_fd(F2(FN_ATAN2, x, N(2)), "x", -3, 3);
    check_fd(F2(FN_ATAN2, N(2), x), "x", -3, 3);
    check_fd(F2(FN_ATAN2, x, add(mul(x, x), N(1))), "x", -3, 3);
    check_fd(F1(FN_EXPM1, mul(N(-0.5), x)), "x", -3, 3);
    check_fd(F1(FN_LOG1P, F1(FN_SQUARE, x)), "x", -3, 3);
    check_fd(F1(FN_SQUARE, F1(FN_SIN, x)), "x", -3, 3);
    check_fd(F1(FN_CUBE, sub(x, y)), "x", -3, 3);
    check_fd(F1(FN_TAN, x), "x", -1.2, 1.2);
    check_fd(F1(FN_COS, mul(x, x)), "x", -2, 2);
    check_fd(B(EX_POW, x, x), "x", 0.2, 3);
    check_fd(B(EX_POW, N(2), x), "x", -3, 3);
    check_fd(F2(FN_POW, y, mul(x, N(3))), "y", 0.5, 3);
    check_fd(F2(FN_POW, y, mul(x, N(3))), "x", -2, 2);
    check_fd(F2(FN_POW, add(x, y), dvd(N(1), x)), "x", 0.3, 3);
    check_fd(B(EX_MOD, mul(x, N(5)), N(3)), "x", 0.1, 0.5);
    check_fd(B(EX_MOD, N(7), x), "x", 2.1, 2.9);
    check_fd(B(EX_MOD, mul(x, N(-5)), add(x, N(1))), "x", 0.2, 0.9);
    check_fd(dvd(F1(FN_EXP, x), add(N(1), F1(FN_EXP, x))), "x", -5, 5);
    check_fd(U(EX_NEG, dvd(sub(x, y), mul(x, y))), "y", 0.5, 3);
    check_fd(C(B(EX_OR, B(EX_LT, x, N(-1)), B(EX_GT, x, N(1))), F1(FN_EXP, x), F1(FN_SIN, x)), "x", -2.5,
             2.5);
    check_fd(C(U(EX_NOT, B(EX_LT, x, N(0))), C(B(EX_LT, x, N(1.5)), mul(x, x), x), N(2)), "x", -2.2, 2.6);
}

int main(void) {
    test_exact();
    test_numeric_voltage();
    test_numeric_other();
    ar_free(&tb_ar);
    return TEST_DONE();
}

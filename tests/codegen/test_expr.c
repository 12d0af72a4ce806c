/* test_expr.c: unit tests of the arena and of the expression library (expr.c): function table,
 * evaluation, simplification, queries and printing. */
#include <float.h>
#include <stdint.h>
#include <stdlib.h>

#include "arena.h"
#include "expr.h"
#include "expr_build.h"
#include "test.h"

static const char *str(const Expr *e) { return ex_to_string(&tb_ar, e, NULL, NULL); }
static const char *simp(Expr *e) { return str(ex_simplify(&tb_ar, e)); }

/* Lookup for evaluation: x = 0.7, y = -1.3, anything else 2.5. */
static double lookup(void *ctx, const Expr *var) {
    (void)ctx;
    if (strcmp(var->name, "x") == 0)
        return 0.7;
    if (strcmp(var->name, "y") == 0)
        return -1.3;
    return 2.5;
}

static double eval(const Expr *e) { return ex_eval(e, lookup, NULL); }

static void test_arena(void) {
    Arena a = {NULL};
    for (int i = 1; i < 5000; i++) {
        unsigned char *p = ar_alloc(&a, (size_t)(i % 37));
        ASSERT(((uintptr_t)p & 15) == 0);
        int zero = 1;
        for (int j = 0; j < i % 37; j++)
            zero &= p[j] == 0;
        ASSERT(zero);
        memset(p, 0xab, (size_t)(i % 37));
    }
    unsigned char *big = ar_alloc(&a, 1 << 20);
    ASSERT(((uintptr_t)big & 15) == 0);
    ASSERT(big[0] == 0 && big[(1 << 20) - 1] == 0);
    memset(big, 1, 1 << 20);
    char *s = ar_strndup(&a, "hello world", 5);
    ASSERT_EQ_STR("hello", s);
    ASSERT_EQ_STR("abc", ar_strdup(&a, "abc"));
    ASSERT_EQ_STR("x=3 y=ab", ar_printf(&a, "x=%d y=%s", 3, "ab"));
    char *long_s = ar_printf(&a, "%0300d|%s", 7, "end");
    ASSERT_EQ_INT(304, (long long)strlen(long_s));
    ASSERT_EQ_STR("7|end", long_s + 299);
    ar_free(&a);
    ASSERT(a.head == NULL);
    ASSERT_EQ_STR("again", ar_strdup(&a, "again"));
    ar_free(&a);
}

static void test_fn_table(void) {
    static const char *const names[] = {"exp",  "expm1",  "log",  "log10", "log1p", "pow",  "sqrt",
                                        "cbrt", "fabs",   "abs",  "floor", "ceil",  "sin",  "cos",
                                        "tan",  "asin",   "acos", "atan",  "atan2", "sinh", "cosh",
                                        "tanh", "square", "cube", "min",   "max",   "heav", "sign"};
    ASSERT_EQ_INT(FN_COUNT, (int)(sizeof names / sizeof names[0]));
    for (int i = 0; i < FN_COUNT; i++) {
        ASSERT_EQ_STR(names[i], ex_fn_name((ExFn)i));
        ASSERT_EQ_INT(i, ex_fn_lookup(names[i], (int)strlen(names[i])));
        int two = i == FN_POW || i == FN_ATAN2 || i == FN_MIN || i == FN_MAX;
        ASSERT_EQ_INT(two ? 2 : 1, ex_fn_arity((ExFn)i));
    }
    ASSERT_EQ_INT(FN_EXP, ex_fn_lookup("expXYZ", 3));
    ASSERT_EQ_INT(-1, ex_fn_lookup("ex", 2));
    ASSERT_EQ_INT(-1, ex_fn_lookup("trunc", 5));
    ASSERT_EQ_INT(-1, ex_fn_lookup("exp1", 4));
}

static void test_eval_functions(void) {
    struct {
        ExFn fn;
        double a, b, want;
    } t[] = {
        {FN_EXP, 1.5, 0, 4.4816890703380645},
        {FN_EXPM1, 1e-10, 0, 1.00000000005e-10},
        {FN_LOG, 2.0, 0, 0.69314718055994531},
        {FN_LOG10, 1000.0, 0, 3.0},
        {FN_LOG1P, 1e-12, 0, 9.999999999995e-13},
        {FN_POW, 2.0, 0.5, 1.4142135623730951},
        {FN_SQRT, 9.0, 0, 3.0},
        {FN_CBRT, -27.0, 0, -3.0},
        {FN_FABS, -2.5, 0, 2.5},
        {FN_ABS, -3.5, 0, 3.5},
        {FN_FLOOR, -1.5, 0, -2.0},
        {FN_CEIL, -1.5, 0, -1.0},
        {FN_SIN, 0.5, 0, 0.47942553860420301},
        {FN_COS, 0.5, 0, 0.87758256189037276},
        {FN_TAN, 0.5, 0, 0.54630248984379048},
        {FN_ASIN, 0.5, 0, 0.52359877559829893},
        {FN_ACOS, 0.5, 0, 1.0471975511965979},
        {FN_ATAN, 1.0, 0, 0.78539816339744828},
        {FN_ATAN2, 1.0, -1.0, 2.3561944901923448},
        {FN_SINH, 1.0, 0, 1.1752011936438014},
        {FN_COSH, 1.0, 0, 1.5430806348152437},
        {FN_TANH, 1.0, 0, 0.76159415595576485},
        {FN_SQUARE, -3.0, 0, 9.0},
        {FN_CUBE, -2.0, 0, -8.0},
        {FN_MIN, 2.0, -1.0, -1.0},
        {FN_MAX, 2.0, -1.0, 2.0},
        {FN_HEAV, 0.0, 0, 1.0},
        {FN_HEAV, -1e-300, 0, 0.0},
        {FN_HEAV, 3.0, 0, 1.0},
        {FN_SIGN, -4.0, 0, -1.0},
        {FN_SIGN, 0.0, 0, 0.0},
        {FN_SIGN, 1e-300, 0, 1.0},
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++) {
        int two = ex_fn_arity(t[i].fn) == 2;
        Expr *e = two ? F2(t[i].fn, N(t[i].a), N(t[i].b)) : F1(t[i].fn, N(t[i].a));
        double got = ex_eval(e, NULL, NULL);
        if (fabs(got - t[i].want) > 1e-15 * (1 + fabs(t[i].want)))
            fprintf(stderr, "function %s\n", ex_fn_name(t[i].fn));
        ASSERT_NEAR(t[i].want, got, 1e-15 * (1 + fabs(t[i].want)));
    }
}

static void test_eval_operators(void) {
    Expr *x = V("x"), *y = V("y");
    ASSERT_NEAR(0.7 + -1.3, eval(B(EX_ADD, x, y)), 0);
    ASSERT_NEAR(0.7 - -1.3, eval(B(EX_SUB, x, y)), 0);
    ASSERT_NEAR(0.7 * -1.3, eval(B(EX_MUL, x, y)), 0);
    ASSERT_NEAR(0.7 / -1.3, eval(B(EX_DIV, x, y)), 0);
    ASSERT_NEAR(fmod(-7.5, 2.0), eval(B(EX_MOD, N(-7.5), N(2.0))), 0);
    ASSERT_NEAR(pow(2.5, 0.7), eval(B(EX_POW, V("z"), x)), 0);
    ASSERT_NEAR(-0.7, eval(U(EX_NEG, x)), 0);
    ASSERT_NEAR(0.0, eval(U(EX_NOT, x)), 0);
    ASSERT_NEAR(1.0, eval(U(EX_NOT, N(0))), 0);
    ASSERT_NEAR(0.0, eval(B(EX_LT, x, y)), 0);
    ASSERT_NEAR(1.0, eval(B(EX_GT, x, y)), 0);
    ASSERT_NEAR(1.0, eval(B(EX_LE, x, x)), 0);
    ASSERT_NEAR(1.0, eval(B(EX_GE, x, x)), 0);
    ASSERT_NEAR(0.0, eval(B(EX_EQ, x, y)), 0);
    ASSERT_NEAR(1.0, eval(B(EX_NE, x, y)), 0);
    ASSERT_NEAR(1.0, eval(B(EX_AND, x, N(-2))), 0);
    ASSERT_NEAR(0.0, eval(B(EX_AND, x, N(0))), 0);
    ASSERT_NEAR(1.0, eval(B(EX_OR, N(0), y)), 0);
    ASSERT_NEAR(0.0, eval(B(EX_OR, N(0), N(0))), 0);
    ASSERT_NEAR(0.7, eval(C(B(EX_LT, y, x), x, y)), 0);
    ASSERT_NEAR(-1.3, eval(C(N(0), x, y)), 0);
}

static void test_print(void) {
    Expr *a = V("a"), *b = V("b"), *c = V("c"), *d = V("d"), *x = V("x");
    ASSERT_EQ_STR("x + 1.0", str(B(EX_ADD, x, N(1))));
    ASSERT_EQ_STR("a - b - c", str(B(EX_SUB, B(EX_SUB, a, b), c)));
    ASSERT_EQ_STR("a - (b - c)", str(B(EX_SUB, a, B(EX_SUB, b, c))));
    ASSERT_EQ_STR("a + (b + c)", str(B(EX_ADD, a, B(EX_ADD, b, c))));
    ASSERT_EQ_STR("a + b * c", str(B(EX_ADD, a, B(EX_MUL, b, c))));
    ASSERT_EQ_STR("(a + b) * c", str(B(EX_MUL, B(EX_ADD, a, b), c)));
    ASSERT_EQ_STR("a / b * c", str(B(EX_MUL, B(EX_DIV, a, b), c)));
    ASSERT_EQ_STR("a / (b * c)", str(B(EX_DIV, a, B(EX_MUL, b, c))));
    ASSERT_EQ_STR("-(a + b)", str(U(EX_NEG, B(EX_ADD, a, b))));
    ASSERT_EQ_STR("-a * b", str(B(EX_MUL, U(EX_NEG, a), b)));
    ASSERT_EQ_STR("-(a * b)", str(U(EX_NEG, B(EX_MUL, a, b))));
    ASSERT_EQ_STR("-(-a)", str(U(EX_NEG, U(EX_NEG, a))));
    ASSERT_EQ_STR("-(-1.0)", str(U(EX_NEG, N(-1))));
    ASSERT_EQ_STR("a - (-1.0)", str(B(EX_SUB, a, N(-1))));
    ASSERT_EQ_STR("a - (-b)", str(B(EX_SUB, a, U(EX_NEG, b))));
    ASSERT_EQ_STR("-2.5 * x", str(B(EX_MUL, N(-2.5), x)));
    ASSERT_EQ_STR("x * (-2.5)", str(B(EX_MUL, x, N(-2.5))));
    ASSERT_EQ_STR("pow(x, 2.0)", str(B(EX_POW, x, N(2))));
    ASSERT_EQ_STR("pow(a + b, -0.5)", str(F2(FN_POW, B(EX_ADD, a, b), N(-0.5))));
    ASSERT_EQ_STR("fmod(a, b)", str(B(EX_MOD, a, b)));
    ASSERT_EQ_STR("2.0 * fmod(a, b)", str(B(EX_MUL, N(2), B(EX_MOD, a, b))));
    ASSERT_EQ_STR("fabs(x)", str(F1(FN_ABS, x)));
    ASSERT_EQ_STR("fabs(x)", str(F1(FN_FABS, x)));
    ASSERT_EQ_STR("square(x) + cube(x)", str(B(EX_ADD, F1(FN_SQUARE, x), F1(FN_CUBE, x))));
    ASSERT_EQ_STR("heav(x) * sign(x)", str(B(EX_MUL, F1(FN_HEAV, x), F1(FN_SIGN, x))));
    ASSERT_EQ_STR("min(a, max(b, c))", str(F2(FN_MIN, a, F2(FN_MAX, b, c))));
    ASSERT_EQ_STR("exp(-0.193 * (x + 79.65))", str(F1(FN_EXP, B(EX_MUL, N(-0.193), B(EX_ADD, x, N(79.65))))));
    ASSERT_EQ_STR("a < b ? c : d", str(C(B(EX_LT, a, b), c, d)));
    ASSERT_EQ_STR("(a ? b : c) ? d : x", str(C(C(a, b, c), d, x)));
    ASSERT_EQ_STR("a ? b : c ? d : x", str(C(a, b, C(c, d, x))));
    ASSERT_EQ_STR("a ? b ? c : d : x", str(C(a, C(b, c, d), x)));
    ASSERT_EQ_STR("x + (a ? b : c)", str(B(EX_ADD, x, C(a, b, c))));
    ASSERT_EQ_STR("exp(a ? b : c)", str(F1(FN_EXP, C(a, b, c))));
    ASSERT_EQ_STR("a || (b && c)", str(B(EX_OR, a, B(EX_AND, b, c))));
    ASSERT_EQ_STR("(a || b) && c", str(B(EX_AND, B(EX_OR, a, b), c)));
    ASSERT_EQ_STR("a && b && c", str(B(EX_AND, B(EX_AND, a, b), c)));
    ASSERT_EQ_STR("a < b && c >= d", str(B(EX_AND, B(EX_LT, a, b), B(EX_GE, c, d))));
    ASSERT_EQ_STR("(a < b) == c", str(B(EX_EQ, B(EX_LT, a, b), c)));
    ASSERT_EQ_STR("a + b <= c * d", str(B(EX_LE, B(EX_ADD, a, b), B(EX_MUL, c, d))));
    ASSERT_EQ_STR("!(a < b)", str(U(EX_NOT, B(EX_LT, a, b))));
    ASSERT_EQ_STR("(!a) != b", str(B(EX_NE, U(EX_NOT, a), b)));
    ASSERT_EQ_STR("!!a", str(U(EX_NOT, U(EX_NOT, a))));
    ASSERT_EQ_STR("a > (-40.0)", str(B(EX_GT, a, U(EX_NEG, N(40)))));
    ASSERT_EQ_STR("a > (-40.0)", str(B(EX_GT, a, N(-40))));
}

/* The text of a literal, and that it reads back to the same bits. */
static void check_num(const char *want, double v) {
    char buf[48];
    ex_format_num(buf, sizeof buf, v);
    if (want)
        ASSERT_EQ_STR(want, buf);
    double back = strtod(buf, NULL);
    ASSERT(memcmp(&back, &v, sizeof v) == 0);
    ASSERT(strpbrk(buf, ".e") != NULL);
    ASSERT_EQ_STR(buf, str(N(v)));
}

static void test_print_numbers(void) {
    check_num("0.1", 0.1);
    check_num("1e-300", 1e-300);
    check_num("-2.5", -2.5);
    check_num("0.3333333333333333", 1.0 / 3.0);
    check_num("5.0", 5.0);
    check_num("100.0", 100.0);
    check_num("0.0", 0.0);
    check_num("-0.0", -0.0);
    check_num("1e+20", 1e20);
    check_num("0.05", 0.05);
    check_num("79.65", 79.65);
    check_num("1.2345678901234568e+17", 123456789012345678.0);
    check_num(NULL, 2.0 / 3.0);
    check_num(NULL, 0.1 + 0.2);
    check_num(NULL, DBL_MAX);
    check_num(NULL, DBL_MIN);
    check_num(NULL, 5e-324);
    check_num(NULL, 8.314472);
    check_num(NULL, 96485.3415);
    for (int i = 1; i < 2000; i++)
        check_num(NULL, 1.0 / i * (i % 2 ? 1.0 : -1e-7));
    char buf[48];
    ex_format_num(buf, sizeof buf, INFINITY);
    ASSERT_EQ_STR("INFINITY", buf);
    ex_format_num(buf, sizeof buf, -INFINITY);
    ASSERT_EQ_STR("-INFINITY", buf);
    ex_format_num(buf, sizeof buf, NAN);
    ASSERT_EQ_STR("NAN", buf);
}

static const char *state_name(void *ctx, const Expr *var) {
    (void)ctx;
    return strcmp(var->name, "m") == 0 ? "sv->m" : NULL;
}

static void test_print_callback(void) {
    Expr *e = B(EX_MUL, V("m"), V("g"));
    ASSERT_EQ_STR("sv->m * g", ex_to_string(&tb_ar, e, state_name, NULL));
    FILE *f = tmpfile();
    ASSERT(f != NULL);
    if (!f)
        return;
    ex_print(f, e, state_name, NULL);
    rewind(f);
    char line[64] = "";
    ASSERT(fgets(line, sizeof line, f) != NULL);
    ASSERT_EQ_STR("sv->m * g", line);
    fclose(f);
}

static void test_simplify(void) {
    Expr *x = V("x"), *y = V("y");
    ASSERT_EQ_STR("5.0", simp(B(EX_ADD, N(2), N(3))));
    ASSERT_EQ_STR("6.0 * x", simp(B(EX_MUL, B(EX_MUL, N(2), N(3)), x)));
    ASSERT_EQ_STR("1.0", simp(F1(FN_EXP, N(0))));
    ASSERT_EQ_STR("-3.0", simp(U(EX_NEG, N(3))));
    ASSERT_EQ_STR("x", simp(B(EX_ADD, x, N(0))));
    ASSERT_EQ_STR("x", simp(B(EX_ADD, N(0), x)));
    ASSERT_EQ_STR("x", simp(B(EX_SUB, x, N(0))));
    ASSERT_EQ_STR("-x", simp(B(EX_SUB, N(0), x)));
    ASSERT_EQ_STR("x", simp(B(EX_MUL, x, N(1))));
    ASSERT_EQ_STR("x", simp(B(EX_MUL, N(1), x)));
    ASSERT_EQ_STR("x", simp(B(EX_DIV, x, N(1))));
    ASSERT_EQ_STR("-x", simp(B(EX_MUL, x, N(-1))));
    ASSERT_EQ_STR("0.0 * x", simp(B(EX_MUL, N(0), x))); /* not exact for inf/nan */
    ASSERT_EQ_STR("x * 0.0", simp(B(EX_MUL, x, N(0))));
    ASSERT_EQ_STR("0.0 / x", simp(B(EX_DIV, N(0), x)));
    ASSERT_EQ_STR("0.0", simp(B(EX_MUL, N(0), N(7))));
    ASSERT_EQ_STR("x", simp(U(EX_NEG, U(EX_NEG, x))));
    ASSERT_EQ_STR("-x", simp(U(EX_NEG, U(EX_NEG, U(EX_NEG, x)))));
    ASSERT_EQ_STR("x - 1.0", simp(B(EX_ADD, x, N(-1))));
    ASSERT_EQ_STR("x + 1.0", simp(B(EX_SUB, x, U(EX_NEG, N(1)))));
    ASSERT_EQ_STR("x - y", simp(B(EX_ADD, x, U(EX_NEG, y))));
    ASSERT_EQ_STR("x", simp(B(EX_POW, x, N(1))));
    ASSERT_EQ_STR("1.0", simp(B(EX_POW, x, N(0))));
    ASSERT_EQ_STR("x", simp(F2(FN_POW, x, B(EX_SUB, N(3), N(2)))));
    ASSERT_EQ_STR("pow(x, 2.0)", simp(B(EX_POW, x, N(2))));
    ASSERT_EQ_STR("x", simp(C(N(1), x, y)));
    ASSERT_EQ_STR("y", simp(C(B(EX_LT, N(3), N(2)), x, y)));
    ASSERT_EQ_STR("x + 1.0", simp(C(B(EX_LT, y, N(2)), B(EX_ADD, x, N(1)), B(EX_ADD, x, N(1)))));
    ASSERT_EQ_STR("0.0", simp(B(EX_AND, N(0), x)));
    ASSERT_EQ_STR("0.0", simp(B(EX_AND, x, N(0))));
    ASSERT_EQ_STR("1.0", simp(B(EX_OR, x, N(2))));
    ASSERT_EQ_STR("1.0 && x", simp(B(EX_AND, N(1), x)));
    ASSERT_EQ_STR("log(-1.0)", simp(F1(FN_LOG, N(-1)))); /* NaN is not folded */
    ASSERT_EQ_STR("1.0 / 0.0", simp(B(EX_DIV, N(1), N(0)))); /* nor is inf */
    ASSERT_EQ_STR("2.0 * x", simp(B(EX_MUL, F1(FN_SQRT, N(4)), B(EX_ADD, x, N(0)))));
    /* Sharing: an already simple tree comes back as is. */
    Expr *e = B(EX_ADD, F1(FN_EXP, x), y);
    ASSERT(ex_simplify(&tb_ar, e) == e);
}

/* Simplification keeps values: compare on a few trees at finite inputs. */
static void test_simplify_keeps_values(void) {
    Expr *x = V("x"), *y = V("y");
    Expr *t[] = {
        B(EX_ADD, B(EX_MUL, N(1), x), B(EX_SUB, N(0), B(EX_MUL, y, N(-1)))),
        C(B(EX_AND, N(1), B(EX_LT, x, y)), U(EX_NEG, U(EX_NEG, x)), B(EX_POW, y, N(1))),
        B(EX_DIV, B(EX_ADD, x, N(-2.5)), B(EX_SUB, y, U(EX_NEG, N(3)))),
        F2(FN_MIN, B(EX_MUL, N(0), x), B(EX_OR, x, N(0))),
        B(EX_MOD, B(EX_ADD, N(7), N(0.5)), B(EX_POW, x, N(0))),
    };
    for (size_t i = 0; i < sizeof t / sizeof t[0]; i++)
        ASSERT_NEAR(eval(t[i]), eval(ex_simplify(&tb_ar, t[i])), 0);
}

static void count_var(void *ctx, const Expr *var) {
    char *seen = ctx;
    strcat(seen, var->name);
}

static void test_queries(void) {
    Expr *x = V("x"), *y = V("y");
    Expr *e = B(EX_ADD, F1(FN_EXP, B(EX_MUL, x, y)), B(EX_POW, x, N(2)));
    ASSERT(ex_uses(e, "x"));
    ASSERT(ex_uses(e, "y"));
    ASSERT(!ex_uses(e, "z"));
    char seen[16] = "";
    ex_walk_vars(e, count_var, seen);
    ASSERT_EQ_STR("xyx", seen);
    ASSERT_EQ_INT(8, ex_count_nodes(e));
    ASSERT_EQ_INT(2, ex_count_calls(e));
    ASSERT_EQ_INT(0, ex_count_calls(F2(FN_MIN, F1(FN_FABS, x), F1(FN_SQUARE, y))));
    ASSERT_EQ_INT(2, ex_count_calls(F2(FN_ATAN2, F1(FN_TANH, x), y)));
    ASSERT(ex_has_call(e));
    ASSERT(ex_has_call(B(EX_MOD, x, y)));
    ASSERT(ex_has_call(F1(FN_FABS, x)));
    ASSERT(!ex_has_call(C(B(EX_LT, x, y), x, U(EX_NEG, y))));

    Expr *s = ex_subst(&tb_ar, e, "x", N(3));
    ASSERT_EQ_STR("exp(3.0 * y) + pow(3.0, 2.0)", str(s));
    ASSERT_EQ_STR("exp(x * y) + pow(x, 2.0)", str(e)); /* input unchanged */
    Expr *same = ex_subst(&tb_ar, e, "z", N(3));
    ASSERT(same == e);

    ASSERT(ex_equal(e, B(EX_ADD, F1(FN_EXP, B(EX_MUL, V("x"), V("y"))), B(EX_POW, x, N(2)))));
    ASSERT(!ex_equal(e, B(EX_ADD, F1(FN_EXP, B(EX_MUL, V("x"), V("y"))), B(EX_POW, x, N(3)))));
    ASSERT(!ex_equal(F1(FN_SIN, x), F1(FN_COS, x)));
    ASSERT(!ex_equal(N(0.0), N(-0.0)));
    ASSERT(!ex_equal(B(EX_ADD, x, y), B(EX_SUB, x, y)));

    double v = 0;
    ASSERT(ex_is_num(N(2.5), &v) && v == 2.5);
    ASSERT(ex_is_num(U(EX_NEG, N(2.5)), &v) && v == -2.5);
    ASSERT(!ex_is_num(x, &v));
    ASSERT(!ex_is_num(B(EX_ADD, N(1), N(2)), &v));
}

int main(void) {
    test_arena();
    test_fn_table();
    test_eval_functions();
    test_eval_operators();
    test_print();
    test_print_numbers();
    test_print_callback();
    test_simplify();
    test_simplify_keeps_values();
    test_queries();
    ar_free(&tb_ar);
    return TEST_DONE();
}

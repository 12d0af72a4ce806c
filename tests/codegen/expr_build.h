/* expr_build.h: short tree builders for the expression tests (test_expr.c, test_deriv.c): the
 * expected trees stay readable. Every node is made in tb_ar (the tests free it at the end). */
#ifndef SC_TEST_EXPR_BUILD_H
#define SC_TEST_EXPR_BUILD_H
#include "arena.h"
#include "expr.h"

extern Arena tb_ar;

Expr *N(double v); /* a number */
Expr *V(const char *s); /* a variable */
Expr *B(ExKind k, Expr *a, Expr *b); /* a binary operation */
Expr *U(ExKind k, Expr *a); /* a unary operation */
Expr *F1(ExFn fn, Expr *a); /* a call of one argument */
Expr *F2(ExFn fn, Expr *a, Expr *b); /* a call of two */
Expr *C(Expr *c, Expr *t, Expr *f); /* c ? t : f */

#endif

/* expr_build.c: the expression tests' tree builders (expr_build.h). */
#include "expr_build.h"

Arena tb_ar;

Expr *N(double v) { return ex_num(&tb_ar, v); }
Expr *V(const char *s) { return ex_var(&tb_ar, s); }
Expr *B(ExKind k, Expr *a, Expr *b) { return ex_binary(&tb_ar, k, a, b); }
Expr *U(ExKind k, Expr *a) { return ex_unary(&tb_ar, k, a); }
Expr *F1(ExFn fn, Expr *a) { return ex_call(&tb_ar, fn, a, NULL); }
Expr *F2(ExFn fn, Expr *a, Expr *b) { return ex_call(&tb_ar, fn, a, b); }
Expr *C(Expr *c, Expr *t, Expr *f) { return ex_cond(&tb_ar, c, t, f); }

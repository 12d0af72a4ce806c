/* expr.h: expression trees of EasyML (shared by parser, semantic analysis and emitters).
 *
 * Module prefix: ex_.  Nodes are allocated from an Arena (arena.h) and never freed one by one.
 * Trees are immutable once built: transformations (fold, deriv, subst) return new trees and may
 * share unchanged subtrees with their input.
 */
#ifndef CG_EXPR_H
#define CG_EXPR_H

#include <stdio.h>
#include "arena.h"

struct Token; /* lex.h: source position of a node, NULL for synthesised nodes */

typedef enum {
    EX_NUM, /* literal (num) */
    EX_VAR, /* name (name; sym filled by sema) */
    EX_NEG,
    EX_NOT, /* unary: a[0] */
    EX_ADD,
    EX_SUB,
    EX_MUL,
    EX_DIV, /* binary: a[0] op a[1] */
    EX_MOD, /* fmod(a[0], a[1]) */
    EX_POW, /* pow(a[0], a[1]) (also '^') */
    EX_LT,
    EX_GT,
    EX_LE,
    EX_GE,
    EX_EQ,
    EX_NE,
    EX_AND,
    EX_OR, /* logical, value 0 or 1 */
    EX_COND, /* a[0] ? a[1] : a[2] */
    EX_CALL /* fn(a[0] [, a[1]]) */
} ExKind;

/* The functions of the language (easyml.md section 1). Order is part of the ABI of ex_fn_name. */
typedef enum {
    FN_EXP,
    FN_EXPM1,
    FN_LOG,
    FN_LOG10,
    FN_LOG1P,
    FN_POW,
    FN_SQRT,
    FN_CBRT,
    FN_FABS,
    FN_ABS,
    FN_FLOOR,
    FN_CEIL,
    FN_SIN,
    FN_COS,
    FN_TAN,
    FN_ASIN,
    FN_ACOS,
    FN_ATAN,
    FN_ATAN2,
    FN_SINH,
    FN_COSH,
    FN_TANH,
    FN_SQUARE,
    FN_CUBE,
    FN_MIN,
    FN_MAX,
    FN_HEAV,
    FN_SIGN,
    FN_COUNT
} ExFn;

typedef struct Expr Expr;
struct Expr {
    ExKind kind;
    int nargs; /* number of used entries of a[] */
    ExFn fn; /* EX_CALL */
    double num; /* EX_NUM */
    const char *name; /* EX_VAR: interned in the arena, compare with strcmp */
    void *sym; /* EX_VAR: the sema symbol it resolves to (NULL before sema) */
    Expr *a[3]; /* operands */
    const struct Token *tok; /* where it came from, or NULL */
};

/* Function table: name -> id (or -1), id -> name, id -> arity. */
int ex_fn_lookup(const char *name, int len);
const char *ex_fn_name(ExFn fn);
int ex_fn_arity(ExFn fn);

/* Constructors. They do no simplification. */
Expr *ex_num(Arena *ar, double v);
Expr *ex_var(Arena *ar, const char *name);
Expr *ex_unary(Arena *ar, ExKind k, Expr *a);
Expr *ex_binary(Arena *ar, ExKind k, Expr *a, Expr *b);
Expr *ex_cond(Arena *ar, Expr *c, Expr *t, Expr *f);
Expr *ex_call(Arena *ar, ExFn fn, Expr *a, Expr *b /* NULL for one argument */);

/* Structural equality (numbers compared bitwise-exactly, names by strcmp). */
int ex_equal(const Expr *a, const Expr *b);

/* True when the tree is a literal; *v receives its value. */
int ex_is_num(const Expr *e, double *v);

/* Evaluate with C double semantics. `lookup` returns the value of a name; it may be NULL when the
 * tree has no EX_VAR. Functions follow easyml.md (heav(x) = x>=0, sign, square, cube, abs = fabs). */
typedef double (*ExLookup)(void *ctx, const Expr *var);
double ex_eval(const Expr *e, ExLookup lookup, void *ctx);

/* Algebraic simplification and constant folding: literals combined, x+0, x*1, x*0 (only where
 * exact for finite x: kept as is), x^1, --x, literal conditions, pow(x, 2|3) kept as pow.
 * `is_const` (may be NULL) says which names are known constants (not folded to values: they stay
 * names; used to decide hoisting, not to evaluate). Never changes the value computed for finite input. */
Expr *ex_simplify(Arena *ar, Expr *e);

/* Symbolic derivative d e / d name, simplified. Comparisons and conditions differentiate
 * branch-wise (d(c?a:b) = c ? da : db); floor/ceil/sign/heav/%/comparisons have derivative 0
 * (almost everywhere); fabs -> sign(x)*dx; min/max branch-wise. */
Expr *ex_deriv(Arena *ar, Expr *e, const char *name);

/* Replace every EX_VAR named `name` by `by` (shared, not copied). */
Expr *ex_subst(Arena *ar, Expr *e, const char *name, Expr *by);

/* Does pred(node, ctx) hold for e or a node below it (pre-order, stopping at the first)? */
int ex_any(const Expr *e, int (*pred)(const Expr *node, const void *ctx), const void *ctx);

/* Does e use the name? Call f for each distinct... (every) EX_VAR in e (pre-order; ex_walk_vars:
 * e may be NULL). */
int ex_uses(const Expr *e, const char *name);
void ex_walk_vars(const Expr *e, void (*f)(void *ctx, const Expr *var), void *ctx);

/* Does e contain a function call (EX_CALL, EX_POW or EX_MOD)? Used for lookup-table planning. */
int ex_has_call(const Expr *e);

/* Count of nodes, and of transcendental calls (exp, log, pow, ...), for cost estimates. */
int ex_count_nodes(const Expr *e);
int ex_count_calls(const Expr *e);

/* Print as EasyML/C source with minimal parentheses. `var_name` (may be NULL) maps a variable to
 * the text to print for it (e.g. "sv->m" or a temporary); NULL uses the name itself. Numbers are
 * printed so that they read back to the same double ("%.17g", always with a '.' or exponent). */
typedef const char *(*ExVarName)(void *ctx, const Expr *var);
void ex_print(FILE *out, const Expr *e, ExVarName var_name, void *ctx);

/* Added by the expression library (contracts as for ex_print):
 * ex_to_string: the text ex_print would write, as a NUL-terminated string in the arena.
 * ex_format_num: writes v as a C double literal that reads back to exactly v (shortest of
 *   %.15g/%.16g/%.17g that round-trips, with ".0" appended when it has no '.' or exponent;
 *   non-finite values print as INFINITY, -INFINITY, NAN from <math.h>). Returns what snprintf
 *   returns; 32 bytes are always enough. */
char *ex_to_string(Arena *ar, const Expr *e, ExVarName var_name, void *ctx);
int ex_format_num(char *buf, size_t size, double v);

/* e itself when kids[0..nargs) are its operands, else a copy of e (same kind, fn, name, sym, token)
 * with kids[] as operands: the copy-on-change step of every tree transformation. */
Expr *ex_rebuild(Arena *ar, Expr *e, Expr **kids);

#endif

/* sema_int.h: internals shared by the files of the semantic analysis (sema*.c, lut.c,
 * methods.c, info.c). Not for back ends: they use sema.h only. */
#ifndef CG_SEMA_INT_H
#define CG_SEMA_INT_H
#include "sema.h"

typedef struct Sema {
    Arena *ar;
    Diag *dg;
    const Ast *ast;
    CgModel *m;
    CgSym **tab; /* open-addressing hash table of symbols by name */
    int tabcap;
    int capsyms; /* capacity of m->syms */
    int captraces; /* capacity of m->traces */
    int defseq; /* counter of first definitions */
    const Token *first_tok; /* first statement (for model-wide errors) */
    const CgSemaOptions *opt; /* may be NULL */
} Sema;

/* Symbol table (sema_sym.c, with sema_push and the names of kinds and methods: what every pass
 * uses; it calls no pass). intern creates the symbol when absent; find returns NULL then. */
CgSym *sema_intern(Sema *s, const char *name);
CgSym *sema_find(Sema *s, const char *name);
/* A new compiler-made symbol whose name is `base`, or base_2, base_3... when taken. */
CgSym *sema_synth(Sema *s, const char *base, CgKind kind, CgRole role);

/* A read of sym (an EX_VAR bound to it), at tok (NULL: none). */
Expr *sema_ref(Arena *ar, CgSym *sym, const struct Token *tok);

/* Append x to the arena-backed array *arr of *n elements (capacity *cap). */
void sema_push(Arena *ar, void *arr, int *n, int *cap, const void *x, size_t size);

/* Passes, in the order sema_analyse runs them. */
void sema_collect(Sema *s); /* sema.c: statements, markups, +=, if -> definitions */
void sema_classify(Sema *s); /* sema_class.c: externals, states, gates, params, inits */
void sema_resolve(Sema *s); /* sema_class.c: ->sym of every EX_VAR, unknown names */
void sema_order(Sema *s); /* sema_order.c: cycles, constants, values, div by 0, DCE */
void sema_reorder_eqs(Sema *s); /* sema_order.c: rebuild m->eqs after LUT planning */
void sema_inits(Sema *s); /* sema_order.c: initial values */
void sema_watch(Sema *s); /* watch.c: the bounds a run watches its states for */
void sema_warn_unused(Sema *s); /* sema_order.c */
void sema_plan_luts(Sema *s); /* lut.c */
void sema_couple_vm(Sema *s, CgMethod method); /* vmcouple.c: the vm=M treatment */
int sema_override_vm(const char *overrides); /* methods.c: M of a "vm=M" item, else -1 */
void sema_methods(Sema *s); /* methods.c: groups, deps, Jacobians */
/* methods.c: the method of every state from its markup, the defaults and the overrides (what
   sema_methods gives a state not coupled to Vm), into me[0 .. nstates) */
void sema_state_methods(Sema *s, CgMethod *me);
int sema_shares_group(CgMethod me); /* methods.c: all the states of method me form one group */
void sema_hoist(Sema *s); /* hoist.c: constant sub-expressions -> m->consts */

/* The values of syms[0..n) at a point (Vm, every state, dt; t = 0, stores and read externals 0,
 * parameters at their defaults) into out (sema_order.c; NaN when out of memory). */
typedef struct SemaPoint {
    double vm, dt;
    const double *x; /* by state index */
} SemaPoint;
void sema_eval_at(const CgModel *m, const SemaPoint *at, CgSym *const *syms, int n, double *out);

/* Helpers (sema_order.c). */
Expr *sema_resolve_expr(Sema *s, Expr *e); /* set ->sym of new EX_VAR nodes (by name) */
int sema_is_constexpr(const Expr *e); /* only literals, params, constants */
double sema_eval_const(const Expr *e); /* value for the default parameters */

#endif

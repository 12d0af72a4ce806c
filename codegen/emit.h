/* emit.h: code generation back ends. Module prefix: emit_.
 *
 * This slice has one back end, portable C11 (emit_c.c, emit_methods_c.c): from an analysed model
 * (sema.h) it writes one self-contained C source that needs only <math.h> and <stddef.h>.
 *
 * What a generated source defines (ID is emit_ident(m), the model's name made a C identifier):
 *   ID_params              struct, one double per parameter (m->params order)
 *   ID_consts              struct, one double per hoisted constant (m->consts order)
 *   ID_params_default(p)   the default parameter values
 *   ID_consts_compute(p,c) the constants, in order, from a parameter set
 *   ID_init(p, c, n, sv, Vm)                     initial states and Vm of n cells
 *   ID_step(p, c, o, t, dt, n, sv, Vm, Iion, ext) one step of n cells: Iion[i] written, states
 *                                                 advanced by dt; Vm is read only
 *   ID_bench_step(p, c, o, t, dt, n, sv, Vm, ext, stim)  one step as bench does it (easyml.md 6):
 *                                                 Vm += stim*dt; model; Vm -= dt*Iion
 *   ID_model               an ScCModel descriptor (generic entry points, names, sizes) whose
 *                          type is defined in the generated file under the guard SC_CMODEL_ABI.
 *
 * State layout (shared by every back end and the runtime): STRUCTURE OF ARRAYS in ONE array,
 *   sv[k * n + i]  = per-cell value k of cell i, 0 <= i < n,
 * where k = 0 .. nstates-1 are the states in m->states order, then k = nstates .. nsv-1 the
 * .store() values in m->stores order (nsv = nstates + nstores). Vm and Iion are separate arrays of
 * n doubles. Externals other than Vm and Iion (m->externals order) use the same layout in one
 * array ext[k * n + i] (read ones are read, written ones are written; ext may be NULL when the
 * model has none).
 *
 * Numerics: every method starts from the state at the start of the step (V fixed) and all states
 * are written after every increment is computed, then .lb/.ub clamps apply (easyml.md 6, 7).
 * Lookup tables are not used in this version: every expression is evaluated exactly.
 * cvode is an adaptive error-controlled ROS2 (linearly implicit, L-stable, order 2 with an order-1
 * embedded estimate) over the group's states, with rtol/atol/max_substeps from ScCModelOpts.
 */
#ifndef SC_EMIT_H
#define SC_EMIT_H
#include <stdio.h>

#include "sema.h"

#define EMIT_GENERATOR "starcarp codegen 0.1.0"

typedef struct EmitOptions {
    int newton_iters;        /* markov_be: Newton iterations per step (default 2 when 0) */
} EmitOptions;

/* The model's name as a C identifier (letters, digits, '_'; never starts with a digit), in ar. */
const char *emit_ident(Arena *ar, const ScModel *m);

/* Write the C source of m to out. opt may be NULL (defaults). Deterministic: the same model and
 * options always give the same text. Returns 0, or -1 when writing failed. */
int emit_c(FILE *out, const ScModel *m, const EmitOptions *opt);

/* ---- Internals shared by emit_c.c and emit_methods_c.c (not for other callers). ---- */
typedef struct Em {
    FILE *out;
    const ScModel *m;
    Arena ar;                /* names and scratch expressions of this emission */
    const char *id;          /* emit_ident */
    const char *file;        /* base name of the model file, for line comments */
    const char **cn;         /* by symbol id: C identifier */
    const char **ref;        /* by symbol id: text of a read (NAME, sc_p->NAME, sc_c->NAME) */
    int *eqpos;              /* by symbol id: index in m->eqs, or -1 */
    char *need;              /* by symbol id: liveness scratch */
    int newton;              /* markov_be Newton iterations */
    int nsv, nsv1, ns1;      /* states + stores; the same, at least 1; states, at least 1 */
} Em;

void  emit_expr(Em *e, const Expr *x);
void  emit_eq(Em *e, const ScSym *s, const char *indent);
Expr *emit_value(Em *e, ScSym *s);
void  emit_need_clear(Em *e);
void  emit_need_expr(Em *e, const Expr *x);
void  emit_need_eqs(Em *e, ScSym **eqs, int n);
void  emit_inputs(Em *e, const ScGroup *g, const char *indent);
void  emit_needed_eqs(Em *e, ScSym **eqs, int n, const char *indent);
/* emit_methods_c.c: per-group functions (file scope), the cell's roots, the cell's update code. */
void  emit_group_functions(Em *e, int gi);
void  emit_method_need(Em *e, const ScGroup *g);
void  emit_method_call(Em *e, int gi);

#endif

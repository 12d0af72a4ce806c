/* emit.h: code generation back ends. Module prefix: emit_.
 *
 * From an analysed model (sema.h) each back end writes one self-contained source that includes
 * only <math.h> and starcarp_model.h (the ABI: data layout, ScStepArgs, ScModelDesc):
 *   emit_c     ID_c.c       portable C11, one cell at a time; also the host side of the model
 *                           (constants, initial values, lookup tables, the ScModelDesc ID_model)
 *   emit_cpu   ID_cpu.c     vectorised CPU C: GCC vector extensions, GEN_W cells per operation,
 *                           vector math from glibc's libmvec (x86-64), per-lane masks
 *   emit_gpu   ID_cuda.cu   CUDA: one thread per cell, extern "C" launcher on a given stream
 *              ID_hip.hip   HIP: the same kernels for AMD GPUs (the same emitter, emit_gpu.c)
 * Each writes the kernel ID_<target>_<f64|f32>_run(const ScStepArgs *) (GPU: a launcher taking the
 * args and a stream). The body of a cell-step (equations, methods, bounds) is the same text for
 * every back end: it calls gen_ helpers that each back end's prelude defines for its type
 * (emit_core.c, emit_methods.c, emit_expr.c).
 *
 * Kernel variants inside one file (chosen per call by the run function):
 *   exact  parameters and constants uniform (ScStepArgs.pc), every expression evaluated
 *   lut    the same with lookup-table columns interpolated (models with tables only)
 *   pv     some parameters per cell (ScStepArgs.vary/pcell): constants recomputed per cell,
 *          columns evaluated exactly
 */
#ifndef CG_EMIT_H
#define CG_EMIT_H
#include <stdio.h>

#include "sema.h"

/* 0.5.2: operations per cell-step in the descriptor, GPU kernel attributes; 0.5.3: the generated
 * code's own names start gen_/GEN_ (were sc_/SC_, the public API's prefix), nothing else changed;
 * 0.5.4 (fewer live values in the implicit and adaptive kernels, the same values
 * on the host): the cell-step updates the implicit and adaptive groups after the inline ones; ROS4
 * sums its solution and error as the stages come and returns the scaled error norm; on the GPU the
 * derivatives and Jacobian of an LU group are written in the order of their outputs
 * (emit_rhsorder.c) and CUDA recomputes what they read of Vm alone at each call (GEN_RHS_FRESH);
 * markov_be factorises and solves in one function, the forward substitution as the factors come;
 * the CUDA register cap from --launch-table (mtable.h); 0.5.5: pow with a negated literal exponent
 * as a product on the GPU (gen_powi); 0.5.6: the tanh idiom expm1(a) / (exp(a) + 1) is tanh(0.5 * a)
 * and costly calls of Vm alone inside other equations are named per-step equations (hoist.c); Iion's
 * part of a step reads the step's equations of Vm alone instead of computing them again
 * (emit_carry.c); on the GPU, in models without implicit or adaptive groups, a parameter's exponent
 * goes through gen_powp; (0.5.7: reverted, not reused) 0.6.0: the weighted sum of the traces,
 * ScStepArgs.out_isum (model ABI 7); (0.6.1, 0.6.2: a pvlut variant, per-cell parameters with the
 * uniform set's tables, reverted: slower than pv on GPUs for O'Hara-Rudy) 0.6.3: outputs at every
 * step (out_every 1, the biomarkers' samples) without a 64-bit division per step */
#define EMIT_VERSION "0.6.3"
#define EMIT_GENERATOR "starcarp codegen " EMIT_VERSION
extern const char emit_digest[]; /* of the generator's sources (digest.cmake): the plugin cache's key */

typedef enum { EMIT_C, EMIT_CPU, EMIT_CUDA, EMIT_HIP, EMIT_NTARGETS } EmitTarget;

typedef struct EmitOptions {
    EmitTarget target;
    int single; /* float instead of double */
    int newton_iters; /* markov_be: Newton iterations per step (default 2 when 0) */
    const char *overrides; /* text of the method overrides applied (for the header), or NULL */
    const char *ident; /* C identifier prefix of every exported name (NULL: emit_ident) */
    int automatic; /* the overrides are the automatic choice of methods (docs/methods.md):
                                the portable C file exports them as ID_methods_choice */
    int min_blocks; /* CUDA: the second argument of __launch_bounds__ chosen by measurement
                                (mtable.h); 0: the rule of emit_gpu.c */
    const struct MtableSingle *single_check; /* the portable C file's ID_single_check (mtable.h,
                                --precision-table); NULL: not checked */
} EmitOptions;

/* The model's name as a C identifier (letters, digits, '_'; never starts with a digit), in ar. */
const char *emit_ident(Arena *ar, const CgModel *m);

/* prefix followed by name made a C identifier, into out (n bytes, truncated): letters, digits and
 * '_' kept, any other byte '_'; "m_" first when there is no prefix and name starts with a digit. */
void emit_c_identifier(char *out, size_t n, const char *prefix, const char *name);

/* Write the source of m for opt->target to out. Deterministic: the same model and options give
 * the same text. Returns 0, or -1 when writing failed. */
int emit_model(FILE *out, const CgModel *m, const EmitOptions *opt);

/* The floating-point operations of one cell-step (emit_ops.c; ScModelDesc.flops_per_step says
 * what counts): flops, transcendental calls, and whether an adaptive group was counted for one of
 * its sub-steps. */
typedef struct EmitOps {
    long flops, transc;
    int adaptive;
} EmitOps;

/* The operations of one cell-step of m: ops[0] in the exact variant, ops[1] with the lookup-table
 * columns interpolated (ops[0] again when m has no table). Deterministic. 0, or -1 (memory). */
int emit_count_ops(const CgModel *m, EmitOps ops[2]);
/* The work of one sub-step of group gi of m (flops + SC_TRANSC_FLOPS per transcendental call, the
 * exact variant): what ScStepArgs.work adds per sub-step beyond a step's first. Deterministic. */
long emit_substep_work(const CgModel *m, int gi);

/* Target names ("c", "cpu", "cuda", "hip") and the file suffix of each ("_c.c", "_cpu.c", ...). */
const char *emit_target_name(EmitTarget t);
const char *emit_target_suffix(EmitTarget t);

/* ---- Internals shared by the emitter files (not for other callers). ---- */
typedef struct Em {
    FILE *out;
    const CgModel *m;
    Arena ar; /* names and scratch expressions of this emission */
    const char *id; /* emit_ident */
    const char *file; /* base name of the model file, for line comments */
    const char **cn; /* by symbol id: C identifier */
    const char **ref; /* by symbol id: text of a read (NAME, gen_p->NAME) */
    int *eqpos; /* by symbol id: index in m->eqs, or -1 */
    int fast_f32; /* GPU, single precision, explicit model: exp/log in the hardware's
                                forms (emit_gpu.c) */
    int powp; /* GPU, explicit model: pow with a parameter's exponent through gen_powp (in an
                 implicit or adaptive model's group code its branches cost 5-11 %, H200, 2026-11-27) */
    int *ndiv; /* GPU: by symbol id, divisions by that parameter or constant in
                                the per-step equations (emit_count_divisors), or NULL */
    char *need; /* by symbol id: liveness scratch */
    char *reuse; /* by symbol id: Iion's part reads the step's value (emit_need_iion), or NULL */
    int newton; /* markov_be Newton iterations */
    int nsv, nsv1, ns1; /* states + stores; the same, at least 1; states, at least 1 */
    EmitTarget target;
    int vec; /* vector dialect (emit_cpu) */
    int gpu; /* CUDA or HIP */
    int single;
    const char *overrides;
    int automatic; /* EmitOptions.automatic */
    int min_blocks; /* EmitOptions.min_blocks */
    const struct MtableSingle *single_check; /* EmitOptions.single_check */
    /* the variant being written */
    int lut; /* lookup-table columns interpolated */
    int pv; /* per-cell parameters */
    const char *vs; /* its suffix: "", "_lut", "_pv" */
    char tbl_ready[64]; /* per table: index/fraction computed in the current function */
    const char *xarr; /* the array emit_inputs reads states from ("gen_x", or "gen_xn") */
    int *cvpos; /* by symbol id: index in gen_cv of a carried equation, or -1 */
    int ncv; /*   their number (emit_carry.c) */
    int cv_read; /* the step's equations: carried ones are read from gen_cv */
    char *inv; /* by symbol id: read from gen_inv in the group's rhs (emit_inv.c), or NULL */
    int ninv; /*   their number */
} Em;

/* emit_watch.c: the physiology watch (watch.c): the number of watched states, ID_watch (nothing
 * when none), and the lines of the step loop that apply it to gen_chk (empty when none). */
int emit_nwatched(const CgModel *m);
void emit_watch_fn(Em *e);
const char *emit_watch_use(Em *e);

/* emit_expr.c */
char *emit_expr_str(Em *e, const Expr *x, int want_vector); /* in e->ar */
char *emit_cond_str(Em *e, const Expr *x); /* as a truth value / mask */
void emit_expr(Em *e, const Expr *x);
void emit_num(Em *e, double v);
void emit_count_divisors(Em *e); /* fills e->ndiv */

/* emit_core.c (it calls none of the other parts; emit_body.c writes the cell code, emit_model.c
 * picks the back end) */
void emit_begin(Em *e, FILE *out, const CgModel *m, const EmitOptions *opt);
void emit_end(Em *e);
const char *emit_safe_text(Em *e, const char *s);
unsigned long long emit_source_hash(const CgModel *m);
void emit_file_header(Em *e, const char *what);
void emit_pc_struct(Em *e);
void emit_scalar_math(Em *e); /* gen_exp ... of the scalar dialects */
void emit_scalar_primitives(Em *e); /* prelude/scalar.h: gen_bc, gen_sel, GEN_LD, gen_lut_pos ... */
void emit_common_prelude(Em *e); /* prelude/common.h: helpers over the dialect's primitives */
void emit_line_comment(Em *e, const CgSym *s);
void emit_eq(Em *e, const CgSym *s, const char *indent);
Expr *emit_value(Em *e, CgSym *s);
void emit_need_clear(Em *e);
int emit_in_scope(const Em *e, const CgSym *s); /* read, not computed: e->reuse or e->inv */
void emit_need_expr(Em *e, const Expr *x);
void emit_need_eqs(Em *e, CgSym **eqs, int n);
void emit_inputs(Em *e, const CgGroup *g, const char *indent);
void emit_needed_eqs(Em *e, CgSym **eqs, int n, const char *indent);
void emit_group_zero_inputs(Em *e, const char *indent); /* stores, externals: 0 in a group */

/* emit_inv.c: a group's equations that read frozen states, computed once per step (ID_inv_gK);
 * e->inv and e->ninv hold the plan of the group being written */
void emit_inv_plan(Em *e, const CgGroup *g, int jac);
void emit_inv_fn(Em *e, const CgGroup *g, int gi, const char *pct);
void emit_inv_reads(Em *e, const CgGroup *g, int gi, const char *indent);
void emit_inv_need(Em *e, const CgGroup *g); /* e->need := what ID_inv_gK computes; e->inv NULL */

/* emit_body.c: every variant: groups, cells, per-variant block function */
void emit_body(Em *e);

/* emit_ops.c: the operation counts (EmitOps) of expressions and of the needed equations of a list
 * (each lookup-table position counted once); emit_stepops.c: of the current Em's cell-step with
 * lut set */
void emit_ops_expr(Em *e, const Expr *x, EmitOps *o);
void emit_ops_eqs(Em *e, CgSym **eqs, int n, EmitOps *o);
void emit_ops_add(EmitOps *o, const EmitOps *a, long times);
void emit_step_ops(Em *e, int lut, EmitOps *o);

/* emit_carry.c: values one part of a step shares with the other: equations of the states alone
 * carried from Iion's part to the next step, equations of Vm alone read again by Iion's part.
 * Iion's part of a step (emit_cell, emit_step_ops; after emit_carry_plan): e->need set to the
 * equations it computes; an equation of Vm, t, dt, parameters and constants alone that the step's
 * part computed (emit_need_step, carried equations read) is read as it is (e->reuse), not computed
 * again. */
void emit_need_iion(Em *e);
void emit_carry_plan(Em *e);
void emit_carry_store(Em *e, const char *indent);
void emit_carry_init(Em *e);

/* emit_methods.c: per-group functions (file scope), liveness of the cell's method code, and the
 * cell's update code. */
void emit_group_functions(Em *e, int gi);
void emit_method_need(Em *e, const CgGroup *g);
void emit_method_call(Em *e, int gi);
void emit_method_ops(Em *e, int gi, EmitOps *o); /* the group's update, added to o */
void emit_need_step(Em *e); /* e->need := what a step's equations compute */

/* emit_lu.c: the sparse LU of an implicit group's W = I - c J (markov_be, rosenbrock, cvode).
 * The plan: the pattern (Jacobian, diagonal, fill-in of the elimination order) as compact
 * positions, row-major. */
typedef struct LuPlan {
    int n, nnz, fill; /* order; entries of the pattern; of which fill-in */
    int *pos; /* n*n: the entry's index in the compact array, or -1 */
    int *ord, *rank; /* ord[k]: the k-th state eliminated; rank[ord[k]] = k */
} LuPlan;
int emit_lu_plan(Em *e, const CgGroup *g, LuPlan *p); /* in e->ar; 0, or -1 (memory) */
int emit_lu_written(const CgGroup *g, int r, int c); /* an entry the Jacobian writes */
/* emit_rhsorder.c: the statements of ID_rhs_gK with its Jacobian (compact, plan lp) in the order
 * of the outputs f_j and row j of J, each after the equations it reads (the GPU back ends).
 * 0, or -1 (memory). */
int emit_rhs_ordered(Em *e, const CgGroup *g, const LuPlan *lp, const char *in);
int emit_lu_needed(const CgGroup *g); /* the group factorises W */
/* ID_w_gK, and ID_lu_gK with ID_solve_gK, or for markov_be ID_lusolve_gK (once per file) */
void emit_lu_functions(Em *e, int gi);
/* flops of one ID_w_gK (w), ID_lu_gK (lu) and ID_solve_gK (solve) of the group; 0, or -1 (memory) */
int emit_lu_ops(Em *e, const CgGroup *g, long *w, long *lu, long *solve);

/* The prelude headers (codegen/prelude) as embedded by embed.cmake: the text after each header's marker
 * line (build/codegen/prelude.c). */
extern const char emit_prelude_c_dialect[], emit_prelude_scalar[], emit_prelude_common[], emit_prelude_cpu[],
    emit_prelude_cpu_lut[], emit_prelude_gpu_fast_f32[], emit_prelude_gpu_powi[];

/* per back end */
int emit_c(Em *e);
int emit_cpu(Em *e);
int emit_gpu(Em *e); /* CUDA and HIP (e->target): emit_gpu.c */

#endif

/* sema.h: semantic analysis of an EasyML model, and the model IR the back ends emit code from.
 * Module prefix: sema_ (the analysis, and queries on its result: sema_model_find, ...). Types Cg*,
 * enum constants CG_*: the compiler's own names (sc_ and Sc* are the public runtime API's).
 *
 * sema_analyse turns a syntax tree (ast.h) into a CgModel: every name becomes one CgSym,
 * classified (CgKind); the definitions are folded (+=, if/elif/else become one expression per
 * name); the per-step equations are ordered by dependency; constants (literals and parameters
 * only) are hoisted; states get their method, group, initial value, gate data and Jacobian;
 * lookup tables get their columns. Everything lives in the caller's Arena.
 *
 * Expressions in the IR are Expr trees (expr.h) whose EX_VAR nodes all have ->sym set to the
 * CgSym they read. What reading a symbol means depends on its kind:
 *   CG_BUILTIN  t (ms) or dt (ms)                CG_VM       the membrane potential (held fixed)
 *   CG_STATE    the current value of the state   CG_STORE    the value stored by the last step
 *   CG_EXTERNAL the host's per-cell array        CG_PARAM    the parameter's current value
 *   CG_CONST    computed from parameters, once per parameter set (model->consts, in order)
 *   CG_INTERM / CG_IION   computed per cell-step from ->def (model->eqs, in order)
 * An CG_EXTERNAL with a ->def is written back (like Iion); without one it is only read.
 *
 * One cell-step, as a back end implements it:
 *   1. evaluate model->eqs in order (a symbol with ->lut set may be interpolated from its table
 *      instead, and then the symbols flagged CGF_LUT_DEAD need not be computed);
 *   2. write Iion and the other written externals;
 *   3. advance each group (model->groups) with its method: the group's states are read from
 *      group->eqs (the equations to re-evaluate when the group's states change) and the diff
 *      symbols; Jacobians come from group->jac (entries over the symbols of group->jeqs);
 *   4. clamp states with .lb/.ub, write .store values (model->stores, their ->def).
 */
#ifndef CG_SEMA_H
#define CG_SEMA_H
#include <stdio.h>
#include "ast.h"
#include "expr.h"

typedef enum {
    CG_UNKNOWN, /* internal: not classified yet (never in a finished model) */
    CG_BUILTIN, /* t, dt: read-only */
    CG_VM, /* the local name bound with .external(Vm) */
    CG_IION, /* the ionic current (the name bound with .external(Iion), or Iion) */
    CG_EXTERNAL, /* another host array (Lambda, Ca_e, ...) */
    CG_STATE, /* state variable: ->state indexes model->states */
    CG_STORE, /* .store(): per-cell value carried between steps; ->def is the new value */
    CG_PARAM, /* .param(): ->def is the default's expression, ->value the default */
    CG_CONST, /* depends on literals and parameters only: ->def, ->value (defaults) */
    CG_INTERM /* per-step intermediate: ->def */
} CgKind;

/* What a symbol is for, besides its kind (->of names the state or Vm it belongs to). */
typedef enum {
    CG_ROLE_NONE,
    CG_ROLE_DIFF, /* diff_X / d_X_dt, or the derived derivative of gate X */
    CG_ROLE_INIT, /* X_init (of a state), or V_init/Vm_init (of the Vm symbol) */
    CG_ROLE_ALPHA,
    CG_ROLE_BETA,
    CG_ROLE_TAU,
    CG_ROLE_INF, /* coefficients of gate X */
    CG_ROLE_FLAGVAL, /* a symbolic value listed by .flag(...): a constant equal to its index */
    CG_ROLE_LUTCOL, /* synthesised: a sub-expression tabulated by a lookup table */
    CG_ROLE_JAC /* synthesised: a Jacobian temporary d(->jac_of)/d(->of) */
} CgRole;

enum { /* CgSym.flags */
       CGF_NODAL = 1 << 0, /* .nodal() */
       CGF_TRACE = 1 << 1, /* .trace() */
       CGF_REGIONAL = 1 << 2, /* .regional() */
       CGF_USED = 1 << 3, /* read somewhere in the source */
       CGF_LIVE = 1 << 4, /* needed by Iion, a state, a trace, a store or a written external */
       CGF_SYNTH = 1 << 5, /* made by the compiler (derived diff, LUT column, Jacobian temporary) */
       CGF_LUT_DEAD = 1 << 6, /* not needed when lookup tables are on (all readers are columns) */
       CGF_PARAMMARK = 1 << 7, /* internal: .param() was given */
       CGF_STOREMARK = 1 << 8, /* internal: .store() was given */
       CGF_DECLARED = 1 << 9, /* internal: appeared as a statement (declared or assigned) */
       CGF_PREAD = 1 << 10 /* a parameter read by an equation, a constant, a table or an initial
                              value (not only by other parameters' defaults) */
};

typedef enum {
    CG_FE,
    CG_RK2,
    CG_RK4,
    CG_RUSH_LARSEN,
    CG_SUNDNES,
    CG_MARKOV_BE,
    CG_ROSENBROCK,
    CG_CVODE,
    CG_NMETHODS
} CgMethod;

typedef enum { CG_GATE_NONE, CG_GATE_AB, CG_GATE_TAUINF } CgGateKind;
typedef enum { CG_INIT_GIVEN, CG_INIT_STEADY, CG_INIT_ZERO } CgInitKind;

typedef struct CgSym CgSym;
typedef struct CgTable CgTable;

struct CgSym {
    const char *name;
    CgKind kind;
    CgRole role;
    CgSym *of; /* role's owner: the state (or Vm for its init; the state for JAC) */
    CgSym *jac_of; /* CG_ROLE_JAC: the symbol differentiated */
    int id; /* index in model->syms */
    const Token *tok; /* the definition, else the first declaration, else the first use */
    Expr *def; /* folded definition (NULL when none) */
    double value; /* PARAM/CONST: value for the default parameter set */
    unsigned flags; /* SCF_* */
    const char *ext; /* VM/IION/EXTERNAL: the host array's name ("Vm", "Iion", ...) */
    const char *units; /* .units(u) text, or NULL */
    const char **flagvals; /* PARAM with .flag(A, B, ...): the symbolic values */
    int nflagvals;
    int state; /* CG_STATE: index in model->states, else -1 */
    CgTable *lut; /* when not NULL, the value may be interpolated from lut column */
    int lut_col; /*   lut_col, whose exact expression is ->lut_expr (over the table's */
    Expr *lut_expr; /*   variable, constants and parameters only) */
    /* analysis internals */
    const Token *use_tok; /* first use */
    const Token *def_tok; /* first definition */
    const Markup *mk_method, *mk_lookup, *mk_lb, *mk_ub, *mk_flag, *mk_external;
    int defseq; /* order of the first definition in the source (0 = none) */
    int mark; /* DFS colour / scratch */
    unsigned long long *deps; /* bitset over model->states: states this value depends on */
};

typedef struct CgState {
    CgSym *sym;
    CgSym *diff; /* the derivative (a symbol; for gates the derived one) */
    CgMethod method;
    int group; /* index in model->groups */
    CgGateKind gate;
    CgSym *ga, *gb; /* AB: alpha, beta.  TAUINF: tau, inf */
    Expr *rl_inf, *rl_tau; /* gates: steady state and time constant (a/(a+b), 1/(a+b) for AB) */
    CgInitKind init_kind;
    Expr *init; /* GIVEN: X_init's expression (constants/params) */
    double init_value; /* for the default parameter set */
    int has_lb, has_ub;
    double lb, ub;
    int vm_coupled; /* advanced with Vm in one group (vmcouple.c, --methods vm=M) */
    int watch; /* CG_WATCH_*: what no physiology allows this state (watch.c) */
    double watch_lo, watch_hi; /* the run stops when the state leaves [lo, hi] */
} CgState;

/* What a run watches a state for (watch.c): a gate or occupancy outside [0, 1], a concentration
 * below 0 (each with a margin), a state that is not finite. */
enum { CG_WATCH_NONE, CG_WATCH_NONNEG, CG_WATCH_UNIT };

/* A state coupled to Vm faster than the time step (vmcouple.c): found at the point Vm = vm with
 * the fast mode's time constant tau (ms) and Vm's share of that mode. */
typedef struct CgFastVm {
    int state; /* index in model->states */
    double tau, share, vm;
} CgFastVm;

/* The states advanced together by one method. Methods fe, rush_larsen and sundnes give one group
 * per state; rk2, rk4, markov_be, rosenbrock and cvode give one group holding every state with
 * that method. */
typedef struct CgGroup {
    CgMethod method;
    int *states; /* indices in model->states */
    int n;
    CgSym **eqs; /* live per-step equations that depend on the group's states and */
    int neqs; /*   that its derivatives need, in evaluation order */
    CgSym **jeqs; /* Jacobian temporaries (CG_ROLE_JAC), in evaluation order, to be */
    int njeqs; /*   computed after eqs */
    Expr **jac; /* n*n row-major, jac[i*n+j] = d diff_i / d state_j; NULL for fe, */
    /*   rk2, rk4 and rush_larsen gates */
    int vm_coupled; /* the group of --methods vm=M: its states include model->vm_copy */
} CgGroup;

struct CgTable {
    CgSym *var; /* the tabulated variable (Vm, a state, ...) */
    double min, max, step;
    long lo, hi; /* rows are var = i*step for i = lo..hi */
    CgSym **cols; /* columns: symbols with ->lut == this table, value ->lut_expr */
    int ncols;
    const Token *tok; /* the .lookup markup; NULL for the added Vm table */
    int added; /* the Vm table of CgSemaOptions.vm_table, added to a file that declares none */
};

typedef struct CgModel {
    const char *path;
    const char *meta; /* leading comment (metadata) */
    const char *name; /* "name:" of the metadata, else the file's base name */
    CgSym **syms;
    int nsyms; /* every symbol, by id */
    CgSym *vm, *iion, *t, *dt;
    double vm_init; /* initial Vm (V_init), for the default parameters */
    Expr *vm_init_expr; /* its expression, or NULL (0 was assumed) */
    CgSym **externals;
    int nexternals; /* externals other than Vm and Iion */
    CgSym **params;
    int nparams; /* in order of definition */
    CgSym **consts;
    int nconsts; /* live constants, in evaluation order */
    CgSym **eqs;
    int neqs; /* live per-step equations, in evaluation order */
    CgSym **stores;
    int nstores;
    CgSym **traces;
    int ntraces; /* in order of declaration */
    CgState *states;
    int nstates; /* diff_X states, then gates, then sv->X states */
    CgGroup *groups;
    int ngroups;
    CgTable *tables;
    int ntables;
    int ngates;
    CgFastVm *fastvm;
    int nfastvm; /* states coupled to Vm faster than fastvm_dt */
    double fastvm_dt; /* the time step of that analysis (ms) */
    CgSym *vm_copy; /* --methods vm=M: the state that carries Vm through the step (the
                                back ends start it at the step's Vm), else NULL */
} CgModel;

/* Analyse a parsed file. Errors are reported through dg (diag_error_at longjmps to
 * dg->recover, which the caller must have set); warnings go to dg and analysis continues. */
CgModel *sema_analyse(Arena *ar, Diag *dg, const Ast *ast);

/* sema_analyse with its own recovery point: NULL after an error (reported to dg), so callers
 * never see the longjmp. dg->recover is restored on return. */
CgModel *sema_try_analyse(Arena *ar, Diag *dg, const Ast *ast);

/* Read, parse and analyse a file: NULL after an error (reported to dg). */
CgModel *sema_load_file(Arena *ar, Diag *dg, const char *path);

/* A lookup table's bounds and step (a .lookup markup's three arguments). */
typedef struct CgTableSpec {
    double min, max, step;
} CgTableSpec;

/* The Vm table added to a file that declares none (openCARP's own models tabulate Vm so). */
#define CG_VM_TABLE ((CgTableSpec){-800.0, 800.0, 0.05})

/* Options of the analysis. overrides: "FROM=TO[,FROM=TO...]" replaces every state's method FROM
 * by TO (e.g. "cvode=fe"), after .method() markups and defaults; an item whose FROM is not a
 * method names a state and sets that state's method (after the method items: "cvode=fe,Ca_ss=
 * rush_larsen"; an unknown state is an error); the item "vm=M" (M markov_be,
 * rosenbrock or cvode) advances Vm together with the states coupled to it faster than dt and the
 * other states of their groups, in one group of method M (vmcouple.c); NULL or "" for none. dt: the
 * run's time step (ms; 0 for SC_DEFAULT_DT): the analysis finds, and warns about, the states coupled
 * to Vm faster than it (with "vm=M": those of SC_DEFAULT_DT, so that the kernels do not depend on
 * the run's step). */
typedef struct CgSemaOptions {
    const char *overrides;
    int quiet_fast_vm; /* no warning for states coupled to Vm faster than dt (the automatic choice
                          of methods applies the treatment itself where it is needed) */
    double dt;
    CgTableSpec vm_table; /* step > 0: a lookup table on Vm over [min, max] when the file declares
                             no table (CG_VM_TABLE; docs/easyml-decisions.md) */
} CgSemaOptions;

/* States of m coupled to Vm faster than dt (ms) under bench's splitting (vmcouple.c): fills
 * m->fastvm (allocated in ar) and, when dg is not NULL, warns at each such state's derivative
 * (naming the state, the time constant and the treatment). Returns how many there are. For a
 * model analysed with "vm=M" the coupled states are those found at SC_DEFAULT_DT. */
int sema_check_fast_vm(Arena *ar, Diag *dg, CgModel *m, double dt);

/* Check an override string: 0, or -1 with a message naming the bad item and the methods. */
int sema_check_overrides(const char *overrides, char *err, size_t errlen);

/* sema_try_analyse / sema_load_file with options (opt may be NULL). */
CgModel *sema_try_analyse_opts(Arena *ar, Diag *dg, const Ast *ast, const CgSemaOptions *opt);
CgModel *sema_load_file_opts(Arena *ar, Diag *dg, const char *path, const CgSemaOptions *opt);

/* The readable report of `starcarp models info`. */
void sema_info(FILE *out, const CgModel *m);

/* One-line summary: "N states (G gates), P parameters, L lookup tables, T traces". */
void sema_summary(FILE *out, const CgModel *m);

/* Does Vm move within a step's equations: a state, or advanced with states inside a group
 * (--methods vm=M, vmcouple.c)? Then the step's equations see other values of Vm than its
 * start's, and nothing computed of Vm alone may be shared across them. */
int sema_vm_moves(const CgModel *m);

/* Does group g evaluate its derivatives in a function of its own, more than once a step (every
 * method but forward Euler and Rush-Larsen on gates: a loop, stages or a solve)? Its equations
 * (g->eqs) are then computed again there. */
int sema_group_uses_rhs(const CgModel *m, const CgGroup *g);
const char *sema_method_name(CgMethod m);
const char *sema_kind_name(CgKind k);
CgSym *sema_model_find(const CgModel *m, const char *name);

/* Evaluate e for the default parameters at the initial state (Vm = vm_init, states at their
 * initial values, t = 0, dt = 0, other externals 0). */
double sema_model_eval_init(const CgModel *m, const Expr *e);

#endif

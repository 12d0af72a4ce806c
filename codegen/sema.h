/* sema.h: semantic analysis of an EasyML model, and the model IR the back ends emit code from.
 * Module prefixes: sema_ (the analysis), sc_model_ (queries on its result).
 *
 * sema_analyse turns a syntax tree (ast.h) into an ScModel: every name becomes one ScSym,
 * classified (ScKind); the definitions are folded (+=, if/elif/else become one expression per
 * name); the per-step equations are ordered by dependency; constants (literals and parameters
 * only) are hoisted; states get their method, group, initial value, gate data and Jacobian;
 * lookup tables get their columns. Everything lives in the caller's Arena.
 *
 * Expressions in the IR are Expr trees (expr.h) whose EX_VAR nodes all have ->sym set to the
 * ScSym they read. What reading a symbol means depends on its kind:
 *   SC_BUILTIN  t (ms) or dt (ms)                SC_VM       the membrane potential (held fixed)
 *   SC_STATE    the current value of the state   SC_STORE    the value stored by the last step
 *   SC_EXTERNAL the host's per-cell array        SC_PARAM    the parameter's current value
 *   SC_CONST    computed from parameters, once per parameter set (model->consts, in order)
 *   SC_INTERM / SC_IION   computed per cell-step from ->def (model->eqs, in order)
 * An SC_EXTERNAL with a ->def is written back (like Iion); without one it is only read.
 *
 * One cell-step, as a back end implements it:
 *   1. evaluate model->eqs in order (a symbol with ->lut set may be interpolated from its table
 *      instead, and then the symbols flagged SCF_LUT_DEAD need not be computed);
 *   2. write Iion and the other written externals;
 *   3. advance each group (model->groups) with its method: the group's states are read from
 *      group->eqs (the equations to re-evaluate when the group's states change) and the diff
 *      symbols; Jacobians come from group->jac (entries over the symbols of group->jeqs);
 *   4. clamp states with .lb/.ub, write .store values (model->stores, their ->def).
 */
#ifndef SC_SEMA_H
#define SC_SEMA_H
#include <stdio.h>
#include "ast.h"
#include "expr.h"

typedef enum {
    SC_UNKNOWN,       /* internal: not classified yet (never in a finished model) */
    SC_BUILTIN,       /* t, dt: read-only */
    SC_VM,            /* the local name bound with .external(Vm) */
    SC_IION,          /* the ionic current (the name bound with .external(Iion), or Iion) */
    SC_EXTERNAL,      /* another host array (Lambda, Ca_e, ...) */
    SC_STATE,         /* state variable: ->state indexes model->states */
    SC_STORE,         /* .store(): per-cell value carried between steps; ->def is the new value */
    SC_PARAM,         /* .param(): ->def is the default's expression, ->value the default */
    SC_CONST,         /* depends on literals and parameters only: ->def, ->value (defaults) */
    SC_INTERM         /* per-step intermediate: ->def */
} ScKind;

/* What a symbol is for, besides its kind (->of names the state or Vm it belongs to). */
typedef enum {
    SC_ROLE_NONE,
    SC_ROLE_DIFF,     /* diff_X / d_X_dt, or the derived derivative of gate X */
    SC_ROLE_INIT,     /* X_init (of a state), or V_init/Vm_init (of the Vm symbol) */
    SC_ROLE_ALPHA, SC_ROLE_BETA, SC_ROLE_TAU, SC_ROLE_INF,   /* coefficients of gate X */
    SC_ROLE_FLAGVAL,  /* a symbolic value listed by .flag(...): a constant equal to its index */
    SC_ROLE_LUTCOL,   /* synthesised: a sub-expression tabulated by a lookup table */
    SC_ROLE_JAC       /* synthesised: a Jacobian temporary d(->jac_of)/d(->of) */
} ScRole;

enum {                /* ScSym.flags */
    SCF_NODAL    = 1 << 0,   /* .nodal() */
    SCF_TRACE    = 1 << 1,   /* .trace() */
    SCF_REGIONAL = 1 << 2,   /* .regional() */
    SCF_USED     = 1 << 3,   /* read somewhere in the source */
    SCF_LIVE     = 1 << 4,   /* needed by Iion, a state, a trace, a store or a written external */
    SCF_SYNTH    = 1 << 5,   /* made by the compiler (derived diff, LUT column, Jacobian temporary) */
    SCF_LUT_DEAD = 1 << 6,   /* not needed when lookup tables are on (all readers are columns) */
    SCF_PARAMMARK= 1 << 7,   /* internal: .param() was given */
    SCF_STOREMARK= 1 << 8,   /* internal: .store() was given */
    SCF_DECLARED = 1 << 9    /* internal: appeared as a statement (declared or assigned) */
};

typedef enum {
    SC_FE, SC_RK2, SC_RK4, SC_RUSH_LARSEN, SC_SUNDNES, SC_MARKOV_BE, SC_ROSENBROCK, SC_CVODE,
    SC_NMETHODS
} ScMethod;

typedef enum { SC_GATE_NONE, SC_GATE_AB, SC_GATE_TAUINF } ScGateKind;
typedef enum { SC_INIT_GIVEN, SC_INIT_STEADY, SC_INIT_ZERO } ScInitKind;

typedef struct ScSym ScSym;
typedef struct ScTable ScTable;

struct ScSym {
    const char *name;
    ScKind kind;
    ScRole role;
    ScSym *of;               /* role's owner: the state (or Vm for its init; the state for JAC) */
    ScSym *jac_of;           /* SC_ROLE_JAC: the symbol differentiated */
    int id;                  /* index in model->syms */
    const Token *tok;        /* the definition, else the first declaration, else the first use */
    Expr *def;               /* folded definition (NULL when none) */
    double value;            /* PARAM/CONST: value for the default parameter set */
    unsigned flags;          /* SCF_* */
    const char *ext;         /* VM/IION/EXTERNAL: the host array's name ("Vm", "Iion", ...) */
    const char *units;       /* .units(u) text, or NULL */
    const char **flagvals;   /* PARAM with .flag(A, B, ...): the symbolic values */
    int nflagvals;
    int state;               /* SC_STATE: index in model->states, else -1 */
    ScTable *lut;            /* when not NULL, the value may be interpolated from lut column */
    int lut_col;             /*   lut_col, whose exact expression is ->lut_expr (over the table's */
    Expr *lut_expr;          /*   variable, constants and parameters only) */
    /* analysis internals */
    const Token *use_tok;    /* first use */
    const Token *def_tok;    /* first definition */
    const Markup *mk_method, *mk_lookup, *mk_lb, *mk_ub, *mk_flag, *mk_external;
    int defseq;              /* order of the first definition in the source (0 = none) */
    int mark;                /* DFS colour / scratch */
    unsigned long long *deps;/* bitset over model->states: states this value depends on */
};

typedef struct ScState {
    ScSym *sym;
    ScSym *diff;             /* the derivative (a symbol; for gates the derived one) */
    ScMethod method;
    int group;               /* index in model->groups */
    ScGateKind gate;
    ScSym *ga, *gb;          /* AB: alpha, beta.  TAUINF: tau, inf */
    Expr *rl_inf, *rl_tau;   /* gates: steady state and time constant (a/(a+b), 1/(a+b) for AB) */
    ScInitKind init_kind;
    Expr *init;              /* GIVEN: X_init's expression (constants/params) */
    double init_value;       /* for the default parameter set */
    int has_lb, has_ub;
    double lb, ub;
    int vm_coupled;          /* advanced with Vm in one group (vmcouple.c, --methods vm=M) */
} ScState;

/* A state coupled to Vm faster than the time step (vmcouple.c): found at the point Vm = vm with
 * the fast mode's time constant tau (ms) and Vm's share of that mode. */
typedef struct ScFastVm {
    int state;               /* index in model->states */
    double tau, share, vm;
} ScFastVm;

/* The states advanced together by one method. Methods fe, rush_larsen and sundnes give one group
 * per state; rk2, rk4, markov_be, rosenbrock and cvode give one group holding every state with
 * that method. */
typedef struct ScGroup {
    ScMethod method;
    int *states;             /* indices in model->states */
    int n;
    ScSym **eqs;             /* live per-step equations that depend on the group's states and */
    int neqs;                /*   that its derivatives need, in evaluation order */
    ScSym **jeqs;            /* Jacobian temporaries (SC_ROLE_JAC), in evaluation order, to be */
    int njeqs;               /*   computed after eqs */
    Expr **jac;              /* n*n row-major, jac[i*n+j] = d diff_i / d state_j; NULL for fe, */
                             /*   rk2, rk4 and rush_larsen gates */
    int vm_coupled;          /* the group of --methods vm=M: its states include model->vm_copy */
} ScGroup;

struct ScTable {
    ScSym *var;              /* the tabulated variable (Vm, a state, ...) */
    double min, max, step;
    long lo, hi;             /* rows are var = i*step for i = lo..hi */
    ScSym **cols;            /* columns: symbols with ->lut == this table, value ->lut_expr */
    int ncols;
    const Token *tok;        /* the .lookup markup */
};

typedef struct ScModel {
    const char *path;
    const char *meta;        /* leading comment (metadata) */
    const char *name;        /* "name:" of the metadata, else the file's base name */
    ScSym **syms;  int nsyms;            /* every symbol, by id */
    ScSym *vm, *iion, *t, *dt;
    double vm_init;          /* initial Vm (V_init), for the default parameters */
    Expr *vm_init_expr;      /* its expression, or NULL (0 was assumed) */
    ScSym **externals; int nexternals;   /* externals other than Vm and Iion */
    ScSym **params;   int nparams;       /* in order of definition */
    ScSym **consts;   int nconsts;       /* live constants, in evaluation order */
    ScSym **eqs;      int neqs;          /* live per-step equations, in evaluation order */
    ScSym **stores;   int nstores;
    ScSym **traces;   int ntraces;       /* in order of declaration */
    ScState *states;  int nstates;       /* diff_X states, then gates, then sv->X states */
    ScGroup *groups;  int ngroups;
    ScTable *tables;  int ntables;
    int ngates;
    ScFastVm *fastvm; int nfastvm;       /* states coupled to Vm faster than fastvm_dt */
    double fastvm_dt;                    /* the time step of that analysis (ms) */
    ScSym *vm_copy;          /* --methods vm=M: the state that carries Vm through the step (the
                                back ends start it at the step's Vm), else NULL */
} ScModel;

/* Analyse a parsed file. Errors are reported through dg (diag_error_at longjmps to
 * dg->recover, which the caller must have set); warnings go to dg and analysis continues. */
ScModel *sema_analyse(Arena *ar, Diag *dg, const Ast *ast);

/* sema_analyse with its own recovery point: NULL after an error (reported to dg), so callers
 * never see the longjmp. dg->recover is restored on return. */
ScModel *sema_try_analyse(Arena *ar, Diag *dg, const Ast *ast);

/* Read, parse and analyse a file: NULL after an error (reported to dg). */
ScModel *sema_load_file(Arena *ar, Diag *dg, const char *path);

/* Options of the analysis. overrides: "FROM=TO[,FROM=TO...]" replaces every state's method FROM
 * by TO (e.g. "cvode=fe"), after .method() markups and defaults; an item whose FROM is not a
 * method names a state and sets that state's method (after the method items: "cvode=fe,Ca_ss=
 * rush_larsen"; an unknown state is an error); the item "vm=M" (M markov_be,
 * rosenbrock or cvode) advances Vm together with the states coupled to it faster than dt, in one
 * group of method M (vmcouple.c); NULL or "" for none. The analysis finds the states coupled
 * to Vm faster than bench's default dt, 0.01 ms (sema_check_fast_vm for another dt). */
typedef struct ScSemaOptions {
    const char *overrides;
} ScSemaOptions;

/* States of m coupled to Vm faster than dt (ms) under bench's splitting (vmcouple.c): fills
 * m->fastvm (allocated in ar) and, when dg is not NULL, warns at each such state's derivative
 * (naming the state, the time constant and the treatment). Returns how many there are. For a
 * model analysed with "vm=M" the coupled states are those found at 0.01 ms. */
int sema_check_fast_vm(Arena *ar, Diag *dg, ScModel *m, double dt);

/* Check an override string: 0, or -1 with a message naming the bad item and the methods. */
int sema_check_overrides(const char *overrides, char *err, size_t errlen);

/* sema_try_analyse / sema_load_file with options (opt may be NULL). */
ScModel *sema_try_analyse_opts(Arena *ar, Diag *dg, const Ast *ast, const ScSemaOptions *opt);
ScModel *sema_load_file_opts(Arena *ar, Diag *dg, const char *path, const ScSemaOptions *opt);

/* The readable report of `starcarp models info`. */
void sema_info(FILE *out, const ScModel *m);

/* One-line summary: "N states (G gates), P parameters, L lookup tables, T traces". */
void sema_summary(FILE *out, const ScModel *m);

const char *sema_method_name(ScMethod m);
const char *sema_kind_name(ScKind k);
ScSym *sc_model_find(const ScModel *m, const char *name);

/* Evaluate e for the default parameters at the initial state (Vm = vm_init, states at their
 * initial values, t = 0, dt = 0, other externals 0). */
double sc_model_eval_init(const ScModel *m, const Expr *e);

#endif

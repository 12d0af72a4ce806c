/* hoist.c: semantic analysis, last pass: hoisting of constant sub-expressions.
 *
 * Named constants (names whose definition reads only literals, parameters and constants) are
 * already m->consts. This pass goes further: inside every per-step expression (equations, gate
 * steady states and time constants, Jacobian entries and temporaries) each maximal sub-expression
 * that reads only parameters and constants, and is more than a literal or a name, becomes a new
 * constant `_k`, `_k_2`, ... appended to m->consts (so it is computed once per parameter set,
 * never per cell-step). Identical sub-expressions share one constant. Values are those of the
 * default parameter set; the definitions are kept so that changed parameters recompute them.
 *
 * Products are gathered first (hoist_product): in a chain of `*` and `/` such as
 * `-0.1 * V * F / (R * T)`, the constant factors and divisors are scattered among the per-step
 * ones, so no sub-tree is constant; the chain becomes the per-step factors times one constant,
 * `V * K` with K = -0.1 * F / (R * T) (a literal when every factor is one); per-step divisors
 * are multiplied together under one division. A division by a constant so becomes a
 * multiplication by its hoisted reciprocal, and the step loses the constant multiplications: on
 * a GPU a double division is a reciprocal and a Newton sequence (about 15 instructions and a
 * slow path), a multiplication one instruction. Reordering the factors changes a result by
 * round-off only (a few ulp).
 *
 * Then exponentials of the membrane potential share their exp (share_exps): every exp(a) whose
 * argument is affine in Vm, a = k * V + c with a literal slope k and a constant c, is grouped by
 * k; a slope with two or more different c gets one per-step equation `_eV = exp(k * V)` (first in
 * m->eqs) and each exp(k * V + c) becomes `_eV * C`, C = exp(c) a literal or hoisted constant. A
 * Hodgkin-Huxley model has many gates whose rates are exp((V + a) / s) with a few slopes s. The
 * product differs from the exp by round-off (C and the product add an ulp each; exp(k * V + c)
 * rounded its argument). Limits, so that neither factor overflows where the exp would not:
 * |k| <= SHARE_KMAX and |c| <= SHARE_CMAX (|k V| stays below float's 88 up to |V| = 176 mV,
 * double's 709 up to 1400 mV). Not done when Vm is advanced inside a group (vmcouple.c: Vm
 * changes inside the group's re-evaluations) nor inside a group's re-evaluated equations.
 *
 * Before that, the tanh idiom is written as what it is (tanh_idiom): CellML exports write tanh(x)
 * as expm1(2x) / (exp(2x) + 1), two calls and a division; it becomes tanh(0.5 * a), one call (on
 * a GPU an exp and a reciprocal inside). The value differs by round-off (a few ulp).
 */
#include <math.h>
#include <string.h>

#include "sema_int.h"

typedef struct {
    Sema *s;
    CgSym **made; /* constants made by this pass, to share identical ones */
    int nmade, cap;
    int capconsts; /* capacity of m->consts as this pass grows it (starts full) */
} Hoist;

/* Is a constant sub-expression worth a name of its own (more than a literal, a name, or the
 * negation of one)? */
static int hoist_worth(const Expr *e) {
    if (e->kind == EX_NUM || e->kind == EX_VAR)
        return 0;
    return !(e->kind == EX_NEG && (e->a[0]->kind == EX_NUM || e->a[0]->kind == EX_VAR));
}

/* The symbol among made[0 .. n) whose definition equals e, or NULL. */
static CgSym *made_as(CgSym **made, int n, const Expr *e) {
    for (int i = 0; i < n; i++)
        if (ex_equal(made[i]->def, e))
            return made[i];
    return NULL;
}

/* The variable naming constant expression e: an existing hoisted constant equal to e, or a new one. */
static Expr *hoist_constant(Hoist *h, Expr *e) {
    CgModel *m = h->s->m;
    CgSym *sym = made_as(h->made, h->nmade, e);
    if (!sym) {
        sym = sema_synth(h->s, "_k", CG_CONST, CG_ROLE_NONE);
        sym->def = e;
        sym->tok = e->tok;
        sym->value = sema_eval_const(e);
        sema_push(h->s->ar, &h->made, &h->nmade, &h->cap, &sym, sizeof sym);
        sema_push(h->s->ar, &m->consts, &m->nconsts, &h->capconsts, &sym, sizeof sym);
    }
    return sema_ref(h->s->ar, sym, e->tok);
}

static Expr *hoist_expr(Hoist *h, Expr *e);

/* ---- products: the factors of a chain of * and / ---- */
enum { MAXF = 24 }; /* factors gathered from one chain; deeper ones stay sub-trees */

typedef struct {
    Expr *x[MAXF];
    int inv[MAXF]; /* 1: a divisor */
    int n;
    int pend; /* right operands of splits still to append: n + pend <= MAXF */
} Factors;

/* Append the factors of e (divisors when inv) to f: a product or quotient is split while there
 * is room for both operands, anything else (a negation too: -x stays the per-step factor it is)
 * is one factor. */
static void factors(Expr *e, int inv, Factors *f) {
    if ((e->kind == EX_MUL || e->kind == EX_DIV) && f->n + f->pend + 2 <= MAXF) {
        f->pend++;
        factors(e->a[0], inv, f);
        f->pend--;
        factors(e->a[1], e->kind == EX_DIV ? !inv : inv, f);
        return;
    }
    f->x[f->n] = e;
    f->inv[f->n++] = inv;
}

/* x op y, with x NULL standing for "nothing yet" (then y, or 1 / y for a quotient). */
static Expr *chain(Arena *ar, Expr *x, ExKind op, Expr *y) {
    if (x)
        return ex_binary(ar, op, x, y);
    return op == EX_MUL ? y : ex_binary(ar, EX_DIV, ex_num(ar, 1), y);
}

static int is_literal_tree(const Expr *e) {
    if (e->kind == EX_VAR)
        return 0;
    for (int i = 0; i < e->nargs; i++)
        if (!is_literal_tree(e->a[i]))
            return 0;
    return 1;
}

/* The product or quotient e (not constant) as (per-step factors in their order) * K / (per-step
 * divisors), K the hoisted product of its constant factors over its constant divisors; NULL
 * when that gains nothing (fewer than two constant factors and no constant divisor) or K is 0
 * or not finite for the default parameters. */
static Expr *hoist_product(Hoist *h, Expr *e) {
    Arena *ar = h->s->ar;
    Factors f = {.n = 0, .pend = 0};
    factors(e, 0, &f);
    int nconst = 0, ndiv = 0;
    for (int i = 0; i < f.n; i++)
        if (sema_is_constexpr(f.x[i])) {
            nconst++;
            ndiv += f.inv[i];
        }
    if (nconst == 0 || (nconst < 2 && ndiv == 0))
        return NULL;
    Expr *k = NULL, *num = NULL, *den = NULL;
    for (int i = 0; i < f.n; i++) /* constant factors first, then divisors */
        if (sema_is_constexpr(f.x[i]) && !f.inv[i])
            k = chain(ar, k, EX_MUL, f.x[i]);
    for (int i = 0; i < f.n; i++)
        if (sema_is_constexpr(f.x[i]) && f.inv[i])
            k = chain(ar, k, EX_DIV, f.x[i]);
    k->tok = e->tok;
    double kv = sema_eval_const(k);
    if (!isfinite(kv) || kv == 0)
        return NULL;
    for (int i = 0; i < f.n; i++)
        if (!sema_is_constexpr(f.x[i])) {
            Expr *x = hoist_expr(h, f.x[i]);
            if (f.inv[i])
                den = den ? ex_binary(ar, EX_MUL, den, x) : x;
            else
                num = num ? ex_binary(ar, EX_MUL, num, x) : x;
        }
    if (is_literal_tree(k))
        k = ex_num(ar, kv);
    else if (hoist_worth(k))
        k = hoist_constant(h, k);
    Expr *r = k; /* num * K / den; K = 1 left out */
    if (num)
        r = k->kind == EX_NUM && k->num == 1 ? num : ex_binary(ar, EX_MUL, num, k);
    if (den)
        r = ex_binary(ar, EX_DIV, r, den);
    r->tok = e->tok;
    return r;
}

/* e with its maximal constant sub-expressions replaced by hoisted constants (e itself when
 * nothing changes; changed nodes are copied, never modified in place: trees are shared). */
static Expr *hoist_expr(Hoist *h, Expr *e) {
    if (!e)
        return NULL;
    if (sema_is_constexpr(e))
        return hoist_worth(e) ? hoist_constant(h, e) : e;
    if (e->kind == EX_MUL || e->kind == EX_DIV) {
        Expr *p = hoist_product(h, e);
        if (p)
            return p;
    }
    Expr *kids[3] = {NULL, NULL, NULL};
    for (int i = 0; i < e->nargs; i++)
        kids[i] = hoist_expr(h, e->a[i]);
    return ex_rebuild(h->s->ar, e, kids);
}

static void hoist_syms(Hoist *h, CgSym **syms, int n) {
    for (int i = 0; i < n; i++)
        if (syms[i]->kind != CG_CONST && syms[i]->kind != CG_PARAM)
            syms[i]->def = hoist_expr(h, syms[i]->def);
}

/* ---- the tanh idiom: expm1(a) / (exp(a) + 1) ---- */

/* Which operand of e is exp(a) when e is exp(a) + 1 or 1 + exp(a); else -1. */
static int exp_plus_one(const Expr *e) {
    if (e->kind != EX_ADD)
        return -1;
    for (int k = 0; k < 2; k++)
        if (e->a[k]->kind == EX_CALL && e->a[k]->fn == FN_EXP && e->a[!k]->kind == EX_NUM &&
            e->a[!k]->num == 1.0)
            return k;
    return -1;
}

/* e with each expm1(a) / (exp(a) + 1) (either order of the sum) written tanh(0.5 * a) (changed
 * nodes copied, as hoist_expr). */
static Expr *tanh_idiom(Arena *ar, Expr *e) {
    if (!e)
        return NULL;
    int k = e->kind == EX_DIV ? exp_plus_one(e->a[1]) : -1;
    if (k >= 0 && e->a[0]->kind == EX_CALL && e->a[0]->fn == FN_EXPM1 &&
        ex_equal(e->a[0]->a[0], e->a[1]->a[k]->a[0])) {
        Expr *half = ex_binary(ar, EX_MUL, ex_num(ar, 0.5), tanh_idiom(ar, e->a[0]->a[0]));
        Expr *r = ex_call(ar, FN_TANH, half, NULL);
        r->tok = half->tok = e->tok;
        return r;
    }
    Expr *kids[3] = {NULL, NULL, NULL};
    for (int i = 0; i < e->nargs; i++)
        kids[i] = tanh_idiom(ar, e->a[i]);
    return ex_rebuild(ar, e, kids);
}

/* tanh_idiom over every per-step expression of the model. */
static void tanh_all(Sema *s) {
    CgModel *m = s->m;
    for (int i = 0; i < m->neqs; i++)
        m->eqs[i]->def = tanh_idiom(s->ar, m->eqs[i]->def);
    for (int i = 0; i < m->nstates; i++) {
        CgState *st = &m->states[i];
        st->rl_inf = tanh_idiom(s->ar, st->rl_inf);
        st->rl_tau = tanh_idiom(s->ar, st->rl_tau);
    }
    for (int g = 0; g < m->ngroups; g++) {
        CgGroup *gr = &m->groups[g];
        for (int i = 0; i < gr->njeqs; i++)
            gr->jeqs[i]->def = tanh_idiom(s->ar, gr->jeqs[i]->def);
        if (gr->jac)
            for (int k = 0; k < gr->n * gr->n; k++)
                gr->jac[k] = tanh_idiom(s->ar, gr->jac[k]);
    }
}

/* ---- exponentials of Vm sharing one exp ---- */
#define SHARE_KMAX 0.5
#define SHARE_CMAX 80.0

typedef struct {
    Expr *call; /* the exp(k * V + c) node */
    double k;
    Expr *c; /* NULL: 0 */
    Expr *by; /* its replacement, or NULL */
} ExpUse;

typedef struct {
    Hoist *h;
    ExpUse *use;
    int nuse, cap;
} Share;

/* Is e affine in Vm, e = k * V + c, with a literal k (computed here) and a constant c (NULL: 0)? */
static int affine(Share *sh, Expr *e, double *k, Expr **c) {
    Arena *ar = sh->h->s->ar;
    const CgModel *m = sh->h->s->m;
    double k1, k2;
    Expr *c1, *c2;
    if (sema_is_constexpr(e)) {
        *k = 0, *c = e;
        return 1;
    }
    switch (e->kind) {
        case EX_VAR:
            *k = 1, *c = NULL;
            return e->sym == m->vm;
        case EX_NEG:
            if (!affine(sh, e->a[0], k, c))
                return 0;
            *k = -*k;
            *c = *c ? ex_unary(ar, EX_NEG, *c) : NULL;
            return 1;
        case EX_ADD:
        case EX_SUB:
            if (!affine(sh, e->a[0], &k1, &c1) || !affine(sh, e->a[1], &k2, &c2))
                return 0;
            *k = e->kind == EX_ADD ? k1 + k2 : k1 - k2;
            *c = !c2   ? c1
                 : !c1 ? (e->kind == EX_ADD ? c2 : ex_unary(ar, EX_NEG, c2))
                       : ex_binary(ar, e->kind, c1, c2);
            return 1;
        case EX_MUL:
        case EX_DIV: {
            int lit = e->kind == EX_MUL && is_literal_tree(e->a[0]) ? 0 : 1; /* the literal's side */
            Expr *n = e->a[lit];
            double nv = is_literal_tree(n) ? sema_eval_const(n) : NAN;
            if (!(nv != 0) || !isfinite(nv) || !affine(sh, e->a[!lit], &k1, &c1))
                return 0;
            *k = e->kind == EX_MUL ? nv * k1 : k1 / nv;
            *c = c1 ? ex_binary(ar, e->kind, lit ? c1 : n, lit ? n : c1) : NULL;
            return 1;
        }
        default:
            return 0;
    }
}

/* Record the exp(affine in V) calls of e. An exp that is an operand of a subtraction (directly
 * or under a minus) is left alone: in 1 - exp((V - a) / s) near V = a (a removable singularity
 * of rates such as (V - a) / (1 - exp(...))) the product's extra ulp would be amplified by the
 * cancellation. */
static void find_exps(Share *sh, Expr *e, int in_sub) {
    if (!e)
        return;
    double k;
    Expr *c;
    if (e->kind == EX_CALL && e->fn == FN_EXP && !in_sub && !sema_is_constexpr(e) &&
        affine(sh, e->a[0], &k, &c) && k != 0 && fabs(k) <= SHARE_KMAX &&
        (!c || fabs(sema_eval_const(c)) <= SHARE_CMAX)) {
        for (int i = 0; i < sh->nuse; i++)
            if (sh->use[i].call == e)
                return;
        ExpUse u = {e, k, c, NULL};
        sema_push(sh->h->s->ar, &sh->use, &sh->nuse, &sh->cap, &u, sizeof u);
        return;
    }
    for (int i = 0; i < e->nargs; i++)
        find_exps(sh, e->a[i], e->kind == EX_SUB || (e->kind == EX_NEG && in_sub));
}

/* e with the shared exp calls replaced (copies of changed nodes only; in_sub as find_exps). */
static Expr *replace_exps(Share *sh, Expr *e, int in_sub) {
    if (!e)
        return NULL;
    for (int i = 0; i < sh->nuse && !in_sub; i++)
        if (sh->use[i].call == e && sh->use[i].by)
            return sh->use[i].by;
    Expr *kids[3] = {NULL, NULL, NULL};
    for (int i = 0; i < e->nargs; i++)
        kids[i] = replace_exps(sh, e->a[i], e->kind == EX_SUB || (e->kind == EX_NEG && in_sub));
    return ex_rebuild(sh->h->s->ar, e, kids);
}

/* Is sym re-evaluated by a group (its equations or Jacobian temporaries)? rhs_only: only by a group
 * that computes them in a function of its own (sema_group_uses_rhs); else by any group. */
static int in_group(const CgModel *m, const CgSym *sym, int rhs_only) {
    for (int g = 0; g < m->ngroups; g++) {
        if (rhs_only && !sema_group_uses_rhs(m, &m->groups[g]))
            continue;
        for (int i = 0; i < m->groups[g].neqs; i++)
            if (m->groups[g].eqs[i] == sym)
                return 1;
        for (int i = 0; i < m->groups[g].njeqs; i++)
            if (m->groups[g].jeqs[i] == sym)
                return 1;
    }
    return 0;
}

static void share_exps(Hoist *h) {
    Sema *s = h->s;
    CgModel *m = s->m;
    Arena *ar = s->ar;
    if (sema_vm_moves(m))
        return;
    Share sh = {h, NULL, 0, 0};
    for (int i = 0; i < m->neqs; i++)
        if (!in_group(m, m->eqs[i], 0))
            find_exps(&sh, m->eqs[i]->def, 0);
    for (int i = 0; i < m->nstates; i++) {
        find_exps(&sh, m->states[i].rl_inf, 0);
        find_exps(&sh, m->states[i].rl_tau, 0);
    }
    CgSym **made = NULL;
    int nmade = 0, cap = 0;
    for (int i = 0; i < sh.nuse; i++) {
        if (sh.use[i].by)
            continue;
        int distinct = 1; /* other offsets c with this slope */
        for (int j = i + 1; j < sh.nuse; j++)
            if (sh.use[j].k == sh.use[i].k &&
                !(sh.use[i].c && sh.use[j].c ? ex_equal(sh.use[i].c, sh.use[j].c)
                                             : sh.use[i].c == sh.use[j].c))
                distinct++;
        if (distinct < 2)
            continue;
        CgSym *ev = sema_synth(s, "_eV", CG_INTERM, CG_ROLE_NONE);
        Expr *v = ex_var(ar, m->vm->name);
        v->sym = m->vm;
        ev->def = ex_call(ar, FN_EXP,
                          sh.use[i].k == 1 ? v : ex_binary(ar, EX_MUL, ex_num(ar, sh.use[i].k), v), NULL);
        ev->tok = ev->def->tok = sh.use[i].call->tok;
        sema_push(ar, &made, &nmade, &cap, &ev, sizeof ev);
        for (int j = i; j < sh.nuse; j++) {
            ExpUse *u = &sh.use[j];
            if (u->k != sh.use[i].k)
                continue;
            Expr *x = sema_ref(ar, ev, NULL), *f = NULL;
            if (u->c && is_literal_tree(u->c))
                f = ex_num(ar, exp(sema_eval_const(u->c)));
            else if (u->c)
                f = hoist_constant(h, ex_call(ar, FN_EXP, u->c, NULL));
            u->by = f ? ex_binary(ar, EX_MUL, x, f) : x;
            u->by->tok = u->call->tok;
        }
    }
    if (!nmade)
        return;
    for (int i = 0; i < m->neqs; i++)
        if (!in_group(m, m->eqs[i], 0))
            m->eqs[i]->def = replace_exps(&sh, m->eqs[i]->def, 0);
    for (int i = 0; i < m->nstates; i++) {
        m->states[i].rl_inf = replace_exps(&sh, m->states[i].rl_inf, 0);
        m->states[i].rl_tau = replace_exps(&sh, m->states[i].rl_tau, 0);
    }
    CgSym **eqs = ar_alloc(ar, (size_t)(m->neqs + nmade) * sizeof *eqs); /* the exps first */
    memcpy(eqs, made, (size_t)nmade * sizeof *eqs);
    memcpy(eqs + nmade, m->eqs, (size_t)m->neqs * sizeof *eqs);
    m->eqs = eqs;
    m->neqs += nmade;
}

/* ---- calls of Vm alone named once per step ---- */

typedef struct {
    Sema *s;
    CgSym **made; /* the equations made, to share identical calls */
    int nmade, cap;
    CgSym **eqs; /* the new order of m->eqs */
    int neqs, capeqs;
    char *memo; /* by symbol id: vm_fixed of its definition, 0 not known yet, 1 yes, 2 no */
    int nmemo; /* the symbols memo covers (those before this pass) */
} Named;

/* Does e read only Vm, parameters, constants and equations that do (not a group's own)? */
static int vm_fixed(Named *nd, const Expr *e) {
    const CgModel *m = nd->s->m;
    if (e->kind == EX_VAR) {
        const CgSym *y = e->sym;
        if (!y)
            return 0;
        if (y == m->vm || y->kind == CG_PARAM || y->kind == CG_CONST)
            return 1;
        if (y->id >= nd->nmemo || y->kind != CG_INTERM || !y->def)
            return 0;
        if (!nd->memo[y->id]) {
            nd->memo[y->id] = 2; /* a cycle (none in an ordered model) reads as "no" */
            nd->memo[y->id] = !in_group(m, y, 1) && vm_fixed(nd, y->def) ? 1 : 2;
        }
        return nd->memo[y->id] == 1;
    }
    for (int i = 0; i < e->nargs; i++)
        if (!vm_fixed(nd, e->a[i]))
            return 0;
    return 1;
}

/* Is e a call that costs (a transcendental function or pow; not fabs, min, square and the like)? */
static int costly_call(const Expr *e) {
    if (e->kind == EX_POW)
        return 1;
    if (e->kind != EX_CALL)
        return 0;
    switch (e->fn) {
        case FN_FABS:
        case FN_ABS:
        case FN_FLOOR:
        case FN_CEIL:
        case FN_SQUARE:
        case FN_CUBE:
        case FN_MIN:
        case FN_MAX:
        case FN_HEAV:
        case FN_SIGN:
            return 0;
        default:
            return 1;
    }
}

/* e with its costly calls of Vm alone read from named equations (made before eq in nd->eqs, or
 * shared with an identical one made earlier). */
static Expr *name_calls(Named *nd, Expr *e) {
    if (!e)
        return NULL;
    if (costly_call(e) && !sema_is_constexpr(e) && vm_fixed(nd, e)) {
        CgSym *y = made_as(nd->made, nd->nmade, e);
        if (!y) {
            y = sema_synth(nd->s, "_vm", CG_INTERM, CG_ROLE_NONE);
            y->def = e;
            y->tok = e->tok;
            sema_push(nd->s->ar, &nd->made, &nd->nmade, &nd->cap, &y, sizeof y);
            sema_push(nd->s->ar, &nd->eqs, &nd->neqs, &nd->capeqs, &y, sizeof y);
        }
        return sema_ref(nd->s->ar, y, e->tok);
    }
    Expr *kids[3] = {NULL, NULL, NULL};
    for (int i = 0; i < e->nargs; i++)
        kids[i] = name_calls(nd, e->a[i]);
    return ex_rebuild(nd->s->ar, e, kids);
}

/* Inside the equations that read more than Vm (a GHK current's exp(V * k) beside a
 * concentration, the exchanger's exps), each costly call of Vm alone becomes a per-step equation
 * _vm, _vm_2, ... (identical calls share one), placed before the first equation that reads it:
 * the step computes it once, and Iion's part, at the same Vm, reads it as it is (emit_carry.c);
 * the compilers merge neither the calls within an equation nor those of the two parts. An equation
 * of Vm alone is shared whole already; those re-evaluated by a group, and models whose Vm moves
 * inside a group (vmcouple.c), are left alone. The same operations on the same inputs: results do
 * not change. */
static void name_vm_calls(Sema *s) {
    CgModel *m = s->m;
    if (sema_vm_moves(m))
        return;
    Named nd = {s, NULL, 0, 0, NULL, 0, 0, ar_alloc(s->ar, (size_t)m->nsyms + 1), m->nsyms};
    memset(nd.memo, 0, (size_t)m->nsyms + 1);
    for (int i = 0; i < m->neqs; i++) {
        CgSym *q = m->eqs[i];
        if (q->def && q->kind == CG_INTERM && !in_group(m, q, 1) && !vm_fixed(&nd, q->def))
            q->def = name_calls(&nd, q->def);
        sema_push(s->ar, &nd.eqs, &nd.neqs, &nd.capeqs, &q, sizeof q);
    }
    if (!nd.nmade)
        return;
    m->eqs = nd.eqs;
    m->neqs = nd.neqs;
}

void sema_hoist(Sema *s) {
    CgModel *m = s->m;
    Hoist h = {s, NULL, 0, 0, m->nconsts};
    hoist_syms(&h, m->eqs, m->neqs);
    for (int i = 0; i < m->nstates; i++) {
        CgState *st = &m->states[i];
        st->rl_inf = hoist_expr(&h, st->rl_inf);
        st->rl_tau = hoist_expr(&h, st->rl_tau);
    }
    for (int g = 0; g < m->ngroups; g++) {
        CgGroup *gr = &m->groups[g];
        hoist_syms(&h, gr->jeqs, gr->njeqs);
        if (gr->jac)
            for (int k = 0; k < gr->n * gr->n; k++)
                gr->jac[k] = hoist_expr(&h, gr->jac[k]);
    }
    tanh_all(s);
    share_exps(&h);
    name_vm_calls(s);
}

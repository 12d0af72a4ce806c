/* methods.c: integration methods, method groups and symbolic Jacobians.
 *
 * Each state gets its method (.method(m); else rush_larsen for gates, fe otherwise). States with
 * rk2, rk4, markov_be, rosenbrock or cvode form one group per method; every other state is a
 * group of its own. Jacobians (d diff_i / d state_j over the group) are built for markov_be,
 * rosenbrock and cvode (full) and for sundnes and non-gate rush_larsen (the 1x1 diagonal).
 *
 * Jacobians use the chain rule through the named intermediates rather than inlining them (which
 * would blow up on large models): for an intermediate I that depends on state Y,
 *     dI/dY = sum over the symbols v read by I's definition of (d def_I / d v) * dv/dY
 * with dY/dY = 1, and dv/dY = 0 when v does not depend on Y. Each non-trivial dI/dY becomes a
 * temporary symbol d_I_d_Y (CG_ROLE_JAC, in group->jeqs, in evaluation order), so the entries
 * are small expressions over intermediates, states and temporaries. */
#include <stdlib.h>
#include <string.h>

#include "method_names.h"
#include "sema_int.h"

typedef struct Jac {
    Sema *s;
    CgGroup *g;
    int words; /* length of the deps bitsets */
    CgSym *y; /* the state differentiated by */
    Expr **memo; /* by symbol id: dsym/dy (NULL: not computed yet) */
    int nmemo;
    int capj;
} Jac;

static int has_bit(const unsigned long long *b, int i) { return b && (b[i / 64] >> (i % 64)) & 1; }

/* Add to deps the states read by e, directly or through computed symbols. */
static void add_deps(unsigned long long *deps, const Expr *e, int words) {
    if (e->kind == EX_VAR) {
        const CgSym *v = e->sym;
        if (v->kind == CG_STATE)
            deps[v->state / 64] |= 1ULL << (v->state % 64);
        else if (v->deps && v->deps != deps)
            for (int w = 0; w < words; w++)
                deps[w] |= v->deps[w];
        return;
    }
    for (int i = 0; i < e->nargs; i++)
        add_deps(deps, e->a[i], words);
}

/* ->deps of every per-step symbol (in evaluation order, so what it reads is done). */
static void compute_deps(Sema *s, int words) {
    CgModel *m = s->m;
    for (int i = 0; i < m->neqs; i++)
        m->eqs[i]->deps = ar_alloc(s->ar, (size_t)words * sizeof(unsigned long long));
    for (int i = 0; i < m->neqs; i++)
        add_deps(m->eqs[i]->deps, m->eqs[i]->def, words);
}

/* Does sym depend on any state of group g? */
static int depends_on_group(const CgModel *m, const CgSym *sym, const CgGroup *g) {
    for (int i = 0; i < g->n; i++)
        if (has_bit(sym->deps, g->states[i]))
            return 1;
    (void)m;
    return 0;
}

static void mark_need(CgSym *sym);

static void need_var(void *ctx, const Expr *var) {
    (void)ctx;
    mark_need(var->sym);
}

static void mark_need(CgSym *sym) {
    if (sym->mark || !sym->deps)
        return;
    sym->mark = 1;
    ex_walk_vars(sym->def, need_var, NULL);
}

/* ---------------------------------------------------------------- Jacobians */

static Expr *deriv_sym(Jac *j, CgSym *v);

/* The distinct symbols read by e that depend on j->y (or are j->y), appended to *list. */
static void collect_vars(Jac *j, const Expr *e, CgSym ***list, int *n, int *cap) {
    if (e->kind == EX_VAR) {
        CgSym *v = e->sym;
        if (v != j->y && !has_bit(v->deps, j->y->state))
            return;
        for (int i = 0; i < *n; i++)
            if ((*list)[i] == v)
                return;
        sema_push(j->s->ar, list, n, cap, &v, sizeof v);
        return;
    }
    for (int i = 0; i < e->nargs; i++)
        collect_vars(j, e->a[i], list, n, cap);
}

/* d def / d y by the chain rule over the symbols def reads. */
static Expr *deriv_def(Jac *j, Expr *def) {
    Arena *ar = j->s->ar;
    CgSym **vars = NULL;
    int n = 0, cap = 0;
    collect_vars(j, def, &vars, &n, &cap);
    Expr *sum = NULL;
    for (int i = 0; i < n; i++) {
        Expr *dv = deriv_sym(j, vars[i]);
        double z;
        if (ex_is_num(dv, &z) && z == 0)
            continue;
        Expr *part = ex_deriv(ar, def, vars[i]->name);
        if (ex_is_num(part, &z) && z == 0)
            continue;
        Expr *term = ex_is_num(dv, &z) && z == 1 ? part : ex_binary(ar, EX_MUL, part, dv);
        sum = sum ? ex_binary(ar, EX_ADD, sum, term) : term;
    }
    if (!sum)
        return ex_num(ar, 0);
    return sema_resolve_expr(j->s, ex_simplify(ar, sum));
}

/* dv/dy: 1 for y itself, 0 for what does not depend on y, else a temporary (or a small
 * expression) for a computed symbol. */
static Expr *deriv_sym(Jac *j, CgSym *v) {
    Arena *ar = j->s->ar;
    if (v == j->y)
        return ex_num(ar, 1);
    if (!v->def || !has_bit(v->deps, j->y->state) || v->kind == CG_STATE)
        return ex_num(ar, 0);
    if (v->id < j->nmemo && j->memo[v->id])
        return j->memo[v->id];
    Expr *d = deriv_def(j, v->def);
    if (d->kind != EX_NUM && d->kind != EX_VAR) {
        CgSym *t = sema_synth(j->s, ar_printf(ar, "d_%s_d_%s", v->name, j->y->name), CG_INTERM, CG_ROLE_JAC);
        t->def = d;
        t->of = j->y;
        t->jac_of = v;
        t->tok = v->tok;
        t->flags |= CGF_LIVE;
        sema_push(ar, &j->g->jeqs, &j->g->njeqs, &j->capj, &t, sizeof t);
        d = ex_var(ar, t->name);
        d->sym = t;
    }
    if (v->id < j->nmemo)
        j->memo[v->id] = d;
    return d;
}

/* The Jacobian of group g: full, or its diagonal for a one-state group. */
static void group_jacobian(Sema *s, CgGroup *g) {
    CgModel *m = s->m;
    Jac j = {s, g, 0, NULL, NULL, m->nsyms, 0};
    j.memo = ar_alloc(s->ar, (size_t)j.nmemo * sizeof(Expr *));
    g->jac = ar_alloc(s->ar, (size_t)g->n * (size_t)g->n * sizeof(Expr *));
    for (int c = 0; c < g->n; c++) {
        j.y = m->states[g->states[c]].sym;
        memset(j.memo, 0, (size_t)j.nmemo * sizeof(Expr *));
        for (int r = 0; r < g->n; r++) {
            CgSym *diff = m->states[g->states[r]].diff;
            Expr *d;
            if (diff->kind == CG_CONST || !diff->def)
                d = ex_num(s->ar, 0);
            else
                d = deriv_def(&j, diff->def);
            g->jac[r * g->n + c] = d;
        }
    }
}

/* ---------------------------------------------------------------- groups */

static int shared_method(CgMethod me) {
    return me == CG_RK2 || me == CG_RK4 || me == CG_MARKOV_BE || me == CG_ROSENBROCK || me == CG_CVODE;
}

static int method_by_name(const char *t, size_t len) {
    for (int k = 0; k < CG_NMETHODS; k++) {
        const char *n = sema_method_name((CgMethod)k);
        if (strlen(n) == len && strncmp(t, n, len) == 0)
            return k;
    }
    return -1;
}

/* One item of an override string: every state of method `from` gets method `to`, or (from < 0)
 * the state named state[0 .. slen) does. */
typedef struct Override {
    int from, to;
    const char *state;
    int slen;
} Override;

static int is_ident(const char *t, size_t len) {
    if (!len || !((t[0] >= 'a' && t[0] <= 'z') || (t[0] >= 'A' && t[0] <= 'Z') || t[0] == '_'))
        return 0;
    for (size_t i = 1; i < len; i++)
        if (!((t[i] >= 'a' && t[i] <= 'z') || (t[i] >= 'A' && t[i] <= 'Z') || (t[i] >= '0' && t[i] <= '9') ||
              t[i] == '_'))
            return 0;
    return 1;
}

/* Items in an override string (an upper bound: its commas plus one). */
static int count_items(const char *o) {
    int n = 1;
    for (; o && *o; o++)
        n += *o == ',';
    return n;
}

/* Parse "FROM=TO[,...]" into ov[] (at most max items): FROM is a method (every state of that
 * method) or an identifier (the state of that name: checked against the model by sema_methods),
 * TO a method. Returns the count, or -1 with err set. An item "vm=M" (M a method with a full
 * Jacobian) is skipped here (sema_override_vm). */
static int parse_overrides(const char *o, Override *ov, int max, char *err, size_t errlen) {
    int n = 0;
    while (o && *o) {
        const char *end = strchr(o, ','), *eq = strchr(o, '=');
        if (!end)
            end = o + strlen(o);
        if (eq && eq < end && eq - o == 2 && strncmp(o, "vm", 2) == 0) {
            int t = method_by_name(eq + 1, (size_t)(end - eq - 1));
            if (t != CG_MARKOV_BE && t != CG_ROSENBROCK && t != CG_CVODE) {
                snprintf(err, errlen,
                         "bad override '%.*s': vm=M advances Vm with the states "
                         "coupled to it in one group of method M, one of markov_be, rosenbrock, "
                         "cvode",
                         (int)(end - o), o);
                return -1;
            }
            o = *end ? end + 1 : end;
            continue;
        }
        int f = eq && eq < end ? method_by_name(o, (size_t)(eq - o)) : -1;
        int t = eq && eq < end ? method_by_name(eq + 1, (size_t)(end - eq - 1)) : -1;
        int state = f < 0 && eq && eq < end && is_ident(o, (size_t)(eq - o));
        if ((f < 0 && !state) || t < 0 || n == max) {
            char methods[200] = "";
            for (int k = 0; k < CG_NMETHODS; k++)
                snprintf(methods + strlen(methods), sizeof methods - strlen(methods), "%s%s", k ? ", " : "",
                         sema_method_name((CgMethod)k));
            snprintf(err, errlen,
                     "bad method override '%.*s': expected FROM=TO, FROM a method or "
                     "a state's name, TO a method (%s)",
                     (int)(end - o), o, methods);
            return -1;
        }
        ov[n].from = f, ov[n].to = t, ov[n].state = state ? o : NULL;
        ov[n].slen = state ? (int)(eq - o) : 0;
        n++;
        o = *end ? end + 1 : end;
    }
    return n;
}

int sema_override_vm(const char *o) {
    int vm = -1;
    while (o && *o) {
        const char *end = strchr(o, ',');
        if (!end)
            end = o + strlen(o);
        if (end - o > 3 && strncmp(o, "vm=", 3) == 0)
            vm = method_by_name(o + 3, (size_t)(end - o - 3));
        o = *end ? end + 1 : end;
    }
    return vm;
}

int sema_check_overrides(const char *overrides, char *err, size_t errlen) {
    int max = count_items(overrides);
    Override *ov = malloc((size_t)max * sizeof *ov);
    int rc = ov ? parse_overrides(overrides, ov, max, err, errlen) : -1;
    free(ov);
    return rc < 0 ? -1 : 0;
}

/* The method of state st after the overrides: method items first (the first that matches), then
 * the items naming the state (the last wins). */
static CgMethod apply_overrides(const CgState *st, CgMethod me, const Override *ov, int n) {
    for (int k = 0; k < n; k++)
        if (!ov[k].state && (int)me == ov[k].from) {
            me = (CgMethod)ov[k].to;
            break;
        }
    for (int k = 0; k < n; k++)
        if (ov[k].state && (int)strlen(st->sym->name) == ov[k].slen &&
            strncmp(st->sym->name, ov[k].state, (size_t)ov[k].slen) == 0)
            me = (CgMethod)ov[k].to;
    return me;
}

/* The method of state st from its markup, else the default (rush_larsen for a gate, fe). */
static CgMethod base_method(const CgState *st) {
    const Markup *mk = st->sym->mk_method;
    if (!mk)
        return st->gate ? CG_RUSH_LARSEN : CG_FE;
    int k = mn_lookup(mk->args[0].text); /* checked by the parser and sema.c */
    return k >= 0 ? (CgMethod)k : CG_FE;
}

void sema_state_methods(Sema *s, CgMethod *me) {
    const char *o = s->opt ? s->opt->overrides : NULL;
    int max = count_items(o), n = 0;
    Override *ov = o ? malloc((size_t)max * sizeof *ov) : NULL;
    char err[256];
    if (ov && (n = parse_overrides(o, ov, max, err, sizeof err)) < 0)
        n = 0; /* sema_methods reports it */
    for (int i = 0; i < s->m->nstates; i++)
        me[i] = apply_overrides(&s->m->states[i], base_method(&s->m->states[i]), ov, n);
    free(ov);
}

int sema_shares_group(CgMethod me) { return shared_method(me); }

int sema_vm_moves(const CgModel *m) {
    if (!m->vm || m->vm->kind != CG_VM || m->vm_copy)
        return 1;
    for (int i = 0; i < m->nstates; i++)
        if (m->states[i].vm_coupled)
            return 1;
    return 0;
}

int sema_group_uses_rhs(const CgModel *m, const CgGroup *g) {
    switch (g->method) {
        case CG_FE:
            return 0;
        case CG_RUSH_LARSEN:
            return !m->states[g->states[0]].gate;
        default:
            return 1;
    }
}

/* Every state-named item of ov names a state of m; else a located error at the model's start. */
static void check_state_items(Sema *s, const Override *ov, int n) {
    for (int k = 0; k < n; k++) {
        if (!ov[k].state)
            continue;
        int found = 0;
        for (int i = 0; i < s->m->nstates && !found; i++)
            found = (int)strlen(s->m->states[i].sym->name) == ov[k].slen &&
                    strncmp(s->m->states[i].sym->name, ov[k].state, (size_t)ov[k].slen) == 0;
        if (!found)
            diag_error_at(s->dg, s->first_tok,
                          "method override '%.*s=%s': the model has no state "
                          "'%.*s' (and it is not a method)",
                          ov[k].slen, ov[k].state, sema_method_name((CgMethod)ov[k].to), ov[k].slen,
                          ov[k].state);
    }
}

void sema_methods(Sema *s) {
    Override *ov = NULL;
    int nover = 0;
    char oerr[256];
    if (s->opt && s->opt->overrides) {
        int max = count_items(s->opt->overrides);
        ov = ar_alloc(s->ar, (size_t)max * sizeof *ov);
        nover = parse_overrides(s->opt->overrides, ov, max, oerr, sizeof oerr);
        if (nover < 0)
            diag_error_at(s->dg, s->first_tok, "%s", oerr);
        check_state_items(s, ov, nover);
    }
    CgModel *m = s->m;
    int capg = 0;
    for (int i = 0; i < m->nstates; i++) {
        CgState *st = &m->states[i];
        if (st->vm_coupled) { /* vm=M (vmcouple.c): one group with Vm's copy */
            st->group = -1;
            for (int g = 0; g < m->ngroups; g++)
                if (m->groups[g].vm_coupled)
                    st->group = g;
            if (st->group < 0) {
                CgGroup g = {0};
                g.method = st->method;
                g.vm_coupled = 1;
                g.states = ar_alloc(s->ar, (size_t)m->nstates * sizeof(int));
                sema_push(s->ar, &m->groups, &m->ngroups, &capg, &g, sizeof g);
                st->group = m->ngroups - 1;
            }
            CgGroup *g = &m->groups[st->group];
            g->states[g->n++] = i;
            continue;
        }
        st->method = apply_overrides(st, base_method(st), ov, nover);
        st->group = -1;
        if (shared_method(st->method))
            for (int g = 0; g < m->ngroups; g++)
                if (m->groups[g].method == st->method && !m->groups[g].vm_coupled)
                    st->group = g;
        if (st->group < 0) {
            CgGroup g = {0};
            g.method = st->method;
            g.states = ar_alloc(s->ar, (size_t)m->nstates * sizeof(int));
            sema_push(s->ar, &m->groups, &m->ngroups, &capg, &g, sizeof g);
            st->group = m->ngroups - 1;
        }
        CgGroup *g = &m->groups[st->group];
        g->states[g->n++] = i;
    }
    int words = (m->nstates + 63) / 64 + 1;
    compute_deps(s, words);
    for (int gi = 0; gi < m->ngroups; gi++) {
        CgGroup *g = &m->groups[gi];
        for (int i = 0; i < m->nsyms; i++)
            m->syms[i]->mark = 0;
        for (int i = 0; i < g->n; i++) {
            CgState *st = &m->states[g->states[i]];
            mark_need(st->diff);
            if (st->ga)
                mark_need(st->ga), mark_need(st->gb);
        }
        int cap = 0;
        for (int i = 0; i < m->neqs; i++) {
            CgSym *e = m->eqs[i];
            if (e->mark && depends_on_group(m, e, g))
                sema_push(s->ar, &g->eqs, &g->neqs, &cap, &e, sizeof e);
        }
        CgState *st0 = &m->states[g->states[0]];
        int full = g->method == CG_MARKOV_BE || g->method == CG_ROSENBROCK || g->method == CG_CVODE;
        int diag = g->method == CG_SUNDNES || (g->method == CG_RUSH_LARSEN && !st0->gate);
        if (full || diag)
            group_jacobian(s, g);
    }
    for (int i = 0; i < m->nsyms; i++)
        m->syms[i]->mark = 0;
}

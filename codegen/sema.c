/* sema.c: semantic analysis, part 1: the symbol table, the walk over the statements (markups,
 * accumulations, if/elif/else expansion) and the entry point sema_analyse.
 *
 * After sema_collect every name of the file has one CgSym; assigned names have their folded
 * definition in ->def (x = a; x += b  gives  a + b; an if gives one ternary per assigned name),
 * markups are recorded on the symbols, and every name read in an expression is CGF_USED. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "method_names.h"
#include "sema_int.h"
#include "starcarp_model.h"

/* ---------------------------------------------------------------- markups */

/* Error unless the markup has between lo and hi arguments. */
static void check_nargs(Sema *s, const Markup *mk, int lo, int hi) {
    if (mk->nargs >= lo && mk->nargs <= hi)
        return;
    if (lo == hi)
        diag_error_at(s->dg, mk->tok, ".%s() takes %d argument%s, not %d", mk->name, lo, lo == 1 ? "" : "s",
                      mk->nargs);
    diag_error_at(s->dg, mk->tok, ".%s() takes %d to %d arguments, not %d", mk->name, lo, hi, mk->nargs);
}

/* Error unless argument i is a plain identifier; returns its text. */
static const char *ident_arg(Sema *s, const Markup *mk, int i) {
    const char *t = mk->args[i].text;
    int ok = t && (*t == '_' || (*t >= 'A' && *t <= 'Z') || (*t >= 'a' && *t <= 'z'));
    for (const char *p = t; ok && *p; p++)
        ok = *p == '_' || (*p >= 'A' && *p <= 'Z') || (*p >= 'a' && *p <= 'z') || (*p >= '0' && *p <= '9');
    if (!ok)
        diag_error_at(s->dg, mk->args[i].tok ? mk->args[i].tok : mk->tok, ".%s() expects a name here",
                      mk->name);
    return t;
}

/* Error unless argument i is an expression; returns it. */
static Expr *expr_arg(Sema *s, const Markup *mk, int i) {
    if (!mk->args[i].expr)
        diag_error_at(s->dg, mk->args[i].tok ? mk->args[i].tok : mk->tok, ".%s() expects a number here",
                      mk->name);
    return mk->args[i].expr;
}

/* Error when a markup that takes one value was given twice with different values. */
static void check_same(Sema *s, const Markup *old, const Markup *mk, const CgSym *sym) {
    if (!old || old == mk)
        return;
    int same = old->nargs == mk->nargs;
    for (int i = 0; same && i < mk->nargs; i++)
        same = strcmp(old->args[i].text, mk->args[i].text) == 0;
    if (!same)
        diag_error_at(s->dg, mk->tok, "conflicting .%s() for '%s' (given before as .%s(%s%s))", mk->name,
                      sym->name, old->name, old->nargs ? old->args[0].text : "",
                      old->nargs > 1 ? ", ..." : "");
}

/* Record one markup on sym. Arguments are checked here; their meaning (is sym a state?) is
 * checked by sema_classify once every name is known. */
static void apply_markup(Sema *s, CgSym *sym, const Markup *mk) {
    const char *n = mk->name;
    if (strcmp(n, "external") == 0) {
        check_nargs(s, mk, 0, 1);
        check_same(s, sym->mk_external, mk, sym);
        sym->mk_external = mk;
        sym->ext = mk->nargs ? ident_arg(s, mk, 0) : sym->name;
    } else if (strcmp(n, "nodal") == 0) {
        check_nargs(s, mk, 0, 0);
        sym->flags |= CGF_NODAL;
    } else if (strcmp(n, "param") == 0) {
        check_nargs(s, mk, 0, 0);
        sym->flags |= CGF_PARAMMARK;
    } else if (strcmp(n, "method") == 0) {
        check_nargs(s, mk, 1, 1);
        if (mn_lookup(ident_arg(s, mk, 0)) < 0)
            diag_error_at(s->dg, mk->args[0].tok ? mk->args[0].tok : mk->tok,
                          "unknown integration method '%s' (accepted: " MN_ACCEPTED ")", mk->args[0].text);
        check_same(s, sym->mk_method, mk, sym);
        sym->mk_method = mk;
    } else if (strcmp(n, "lookup") == 0) {
        check_nargs(s, mk, 3, 3);
        for (int i = 0; i < 3; i++)
            expr_arg(s, mk, i);
        check_same(s, sym->mk_lookup, mk, sym);
        sym->mk_lookup = mk;
    } else if (strcmp(n, "lb") == 0 || strcmp(n, "ub") == 0) {
        check_nargs(s, mk, 1, 1);
        expr_arg(s, mk, 0);
        const Markup **slot = n[0] == 'l' ? &sym->mk_lb : &sym->mk_ub;
        check_same(s, *slot, mk, sym);
        *slot = mk;
    } else if (strcmp(n, "trace") == 0) {
        check_nargs(s, mk, 0, 0);
        if (!(sym->flags & CGF_TRACE))
            sema_push(s->ar, &s->m->traces, &s->m->ntraces, &s->captraces, &sym, sizeof sym);
        sym->flags |= CGF_TRACE;
    } else if (strcmp(n, "units") == 0) {
        check_nargs(s, mk, 1, 1);
        sym->units = mk->args[0].text;
    } else if (strcmp(n, "regional") == 0) {
        check_nargs(s, mk, 0, 0);
        sym->flags |= CGF_REGIONAL;
    } else if (strcmp(n, "flag") == 0) {
        if (mk->nargs < 1)
            diag_error_at(s->dg, mk->tok, ".flag() needs at least one value");
        for (int i = 0; i < mk->nargs; i++)
            ident_arg(s, mk, i);
        check_same(s, sym->mk_flag, mk, sym);
        sym->mk_flag = mk;
    } else if (strcmp(n, "store") == 0) {
        check_nargs(s, mk, 0, 0);
        sym->flags |= CGF_STOREMARK;
    } else {
        diag_error_at(s->dg, mk->tok, "unknown markup '.%s'", n);
    }
}

/* The markups in effect for a statement: its own, then those of the enclosing groups. */
typedef struct MkScope MkScope;
struct MkScope {
    const Markup *list;
    const MkScope *up;
};

static void apply_markups(Sema *s, CgSym *sym, const Markup *own, const MkScope *sc) {
    for (const Markup *mk = own; mk; mk = mk->next)
        apply_markup(s, sym, mk);
    for (; sc; sc = sc->up)
        for (const Markup *mk = sc->list; mk; mk = mk->next)
            apply_markup(s, sym, mk);
}

/* ---------------------------------------------------------------- definitions */

/* The changes made inside one arm of an if: each symbol assigned there, with the definition it
 * had before the if (restored after the arm) and the one the arm leaves. */
typedef struct ArmChange {
    CgSym *sym;
    Expr *before, *after;
    const Token *tok; /* first assignment in the arm */
} ArmChange;

typedef struct Arm {
    ArmChange *ch;
    int n, cap;
} Arm;

static ArmChange *arm_find(Arm *arm, const CgSym *sym) {
    for (int i = 0; arm && i < arm->n; i++)
        if (arm->ch[i].sym == sym)
            return &arm->ch[i];
    return NULL;
}

/* Mark every name read by e as used (creating its symbol). */
static void note_uses(Sema *s, const Expr *e) {
    if (!e)
        return;
    if (e->kind == EX_VAR) {
        CgSym *u = sema_intern(s, e->name);
        if (!(u->flags & CGF_USED))
            u->use_tok = e->tok;
        u->flags |= CGF_USED;
        return;
    }
    for (int i = 0; i < e->nargs; i++)
        note_uses(s, e->a[i]);
}

/* Give sym the new definition `def` (made at tok). merge != 0 for the result of an if, which
 * already includes the earlier definition. Inside an arm the first assignment to a name defined
 * before the if is allowed; a second one is a redefinition. */
static void define(Sema *s, CgSym *sym, Expr *def, const Token *tok, Arm *arm, int merge) {
    ArmChange *c = arm_find(arm, sym);
    if (!merge && sym->def && !(arm && !c)) {
        diag_error_at(s->dg, tok, "redefinition of '%s'", sym->name);
    }
    if (arm && !c) {
        ArmChange nc = {sym, sym->def, NULL, tok};
        sema_push(s->ar, &arm->ch, &arm->n, &arm->cap, &nc, sizeof nc);
    }
    if (!sym->def_tok) {
        sym->def_tok = tok;
        sym->defseq = ++s->defseq;
    }
    sym->def = def;
}

static void collect_block(Sema *s, const Stmt *st, const MkScope *sc, Arm *arm);

/* x = e, x += e, ... */
static void collect_assign(Sema *s, const Stmt *st, const MkScope *sc, Arm *arm) {
    CgSym *sym = sema_intern(s, st->name);
    if (sym->kind == CG_BUILTIN)
        diag_error_at(s->dg, st->tok,
                      "cannot assign to '%s': %s is read-only (a built-in of the "
                      "language); a variable of the model needs another name, for example '%s_m'",
                      sym->name, strcmp(sym->name, "t") == 0 ? "the simulation time" : "the time step",
                      sym->name);
    sym->flags |= CGF_DECLARED;
    note_uses(s, st->value);
    if (st->op == '=') {
        define(s, sym, st->value, st->tok, arm, 0);
    } else {
        if (!sym->def)
            diag_error_at(s->dg, st->tok,
                          "'%s %c= ...' accumulates into '%s', which has no earlier definition", sym->name,
                          st->op, sym->name);
        ExKind k = st->op == '+' ? EX_ADD : st->op == '-' ? EX_SUB : st->op == '*' ? EX_MUL : EX_DIV;
        Expr *e = ex_binary(s->ar, k, sym->def, st->value);
        e->tok = st->tok;
        define(s, sym, e, st->tok, arm, 1);
    }
    apply_markups(s, sym, st->markups, sc);
}

/* if (c1) {A1} elif (c2) {A2} ... [else {E}]: every name assigned in some arm gets
 * c1 ? v1 : c2 ? v2 : ... : ve, where vi is the arm's value, or the earlier definition when the
 * arm does not assign the name (that definition must exist). */
static void collect_if(Sema *s, const Stmt *st, const MkScope *sc, Arm *outer) {
    Arm *arms = ar_alloc(s->ar, (size_t)st->narms * sizeof(Arm));
    MkScope inner = {st->markups, sc};
    for (int i = 0; i < st->narms; i++) {
        note_uses(s, st->arms[i].cond);
        collect_block(s, st->arms[i].body, st->markups ? &inner : sc, &arms[i]);
        for (int k = 0; k < arms[i].n; k++) { /* undo the arm: the next one starts afresh */
            arms[i].ch[k].after = arms[i].ch[k].sym->def;
            arms[i].ch[k].sym->def = arms[i].ch[k].before;
        }
    }
    int has_else = st->narms > 0 && st->arms[st->narms - 1].cond == NULL;
    for (int i = 0; i < st->narms; i++) {
        for (int k = 0; k < arms[i].n; k++) {
            ArmChange *c = &arms[i].ch[k];
            int seen = 0;
            for (int j = 0; j < i && !seen; j++)
                seen = arm_find(&arms[j], c->sym) != NULL;
            if (seen)
                continue;
            Expr *before = c->before;
            int everywhere = has_else;
            for (int j = 0; j < st->narms && everywhere; j++)
                everywhere = arm_find(&arms[j], c->sym) != NULL;
            if (!before && !everywhere)
                diag_error_at(s->dg, c->tok,
                              "'%s' is assigned in some branches of this if only and has no "
                              "earlier definition",
                              c->sym->name);
            Expr *v = before;
            if (has_else) {
                ArmChange *e = arm_find(&arms[st->narms - 1], c->sym);
                v = e ? e->after : before;
            }
            for (int j = st->narms - 1 - has_else; j >= 0; j--) {
                ArmChange *a = arm_find(&arms[j], c->sym);
                v = ex_cond(s->ar, st->arms[j].cond, a ? a->after : before, v);
                v->tok = st->arms[j].tok ? st->arms[j].tok : st->tok;
            }
            define(s, c->sym, v, c->tok, outer, 1);
        }
    }
}

static void collect_block(Sema *s, const Stmt *st, const MkScope *sc, Arm *arm) {
    for (; st; st = st->next) {
        if (!s->first_tok)
            s->first_tok = st->tok;
        switch (st->kind) {
            case ST_ASSIGN:
                collect_assign(s, st, sc, arm);
                break;
            case ST_DECL: {
                CgSym *sym = sema_intern(s, st->name);
                sym->flags |= CGF_DECLARED;
                if (!sym->tok)
                    sym->tok = st->tok;
                apply_markups(s, sym, st->markups, sc);
                break;
            }
            case ST_GROUP: {
                MkScope inner = {st->markups, sc};
                collect_block(s, st->body, &inner, arm);
                break;
            }
            case ST_IF:
                collect_if(s, st, sc, arm);
                break;
        }
    }
}

void sema_collect(Sema *s) {
    collect_block(s, s->ast->stmts, NULL, NULL);
    for (int i = 0; i < s->m->nsyms; i++) {
        CgSym *sym = s->m->syms[i];
        if (sym->def_tok)
            sym->tok = sym->def_tok;
        else if (!sym->tok)
            sym->tok = sym->use_tok;
    }
}

/* ---------------------------------------------------------------- entry point */

/* The value of "name:" in the metadata comment, else the file's base name without .model. */
static const char *model_name(Arena *ar, const char *meta, const char *path) {
    for (const char *p = meta; p && *p; p++) {
        if ((p == meta || p[-1] == '\n' || p[-1] == ' ' || p[-1] == '*') && strncmp(p, "name:", 5) == 0) {
            p += 5;
            while (*p == ' ' || *p == '\t')
                p++;
            const char *e = p;
            while (*e && *e != '\n' && *e != '\r' && !(e[0] == '*' && e[1] == '/'))
                e++;
            while (e > p && (e[-1] == ' ' || e[-1] == '\t'))
                e--;
            if (e > p)
                return ar_strndup(ar, p, (size_t)(e - p));
        }
    }
    const char *b = path ? strrchr(path, '/') : NULL;
    b = b ? b + 1 : path ? path : "model";
    size_t n = strlen(b);
    if (n > 6 && strcmp(b + n - 6, ".model") == 0)
        n -= 6;
    return ar_strndup(ar, b, n);
}

static CgModel *analyse(Arena *ar, Diag *dg, const Ast *ast, const CgSemaOptions *opt) {
    Sema s = {0};
    s.opt = opt;
    s.ar = ar;
    s.dg = dg;
    s.ast = ast;
    s.m = ar_alloc(ar, sizeof(CgModel));
    s.m->path = ast->file ? ast->file->path : NULL;
    s.m->meta = ast->meta;
    s.m->name = model_name(ar, ast->meta, s.m->path);
    s.m->t = sema_intern(&s, "t");
    s.m->t->kind = CG_BUILTIN;
    s.m->dt = sema_intern(&s, "dt");
    s.m->dt->kind = CG_BUILTIN;
    if (!ast->stmts && ast->file) /* model-wide errors below need a statement to point at */
        diag_error_pos(dg, ast->file->path, ast->file->text, ast->file->text,
                       "the model has no statements: it needs at least the membrane potential "
                       "('V; .external(Vm);') and the ionic current Iion");
    sema_collect(&s);
    sema_classify(&s);
    sema_resolve(&s);
    sema_order(&s);
    sema_inits(&s);
    sema_watch(&s);
    sema_warn_unused(&s);
    sema_plan_luts(&s);
    sema_reorder_eqs(&s);
    int vm_method = sema_override_vm(opt ? opt->overrides : NULL);
    double dt = vm_method < 0 && opt && opt->dt > 0 ? opt->dt : SC_DEFAULT_DT;
    sema_check_fast_vm(ar, vm_method >= 0 || (opt && opt->quiet_fast_vm) ? NULL : dg, s.m, dt);
    if (vm_method >= 0)
        sema_couple_vm(&s, (CgMethod)vm_method);
    sema_methods(&s);
    sema_hoist(&s);
    return s.m;
}

CgModel *sema_analyse(Arena *ar, Diag *dg, const Ast *ast) { return analyse(ar, dg, ast, NULL); }

CgModel *sema_try_analyse(Arena *ar, Diag *dg, const Ast *ast) {
    return sema_try_analyse_opts(ar, dg, ast, NULL);
}

CgModel *sema_try_analyse_opts(Arena *ar, Diag *dg, const Ast *ast, const CgSemaOptions *opt) {
    jmp_buf jb;
    jmp_buf *saved = dg->recover;
    dg->recover = &jb;
    CgModel *volatile m = NULL;
    if (setjmp(jb) == 0)
        m = analyse(ar, dg, ast, opt);
    dg->recover = saved;
    return m;
}

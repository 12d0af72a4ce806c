/* sema_sym.c: what every pass of the analysis uses (sema_int.h): the symbol table (interning,
 * synthesised names), the arena-grown arrays, and the names of kinds and methods. It calls no pass:
 * the passes (sema_class.c, sema_order.c, methods.c, vmcouple.c, lut.c, hoist.c) call it, and
 * sema.c, which runs them, calls them. */
#include <stdint.h>
#include <string.h>

#include "method_names.h"
#include "sema_int.h"

/* ---------------------------------------------------------------- symbol table */

static uint32_t hash_name(const char *s) {
    uint32_t h = 2166136261u;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 16777619u;
    return h;
}

void sema_push(Arena *ar, void *arr, int *n, int *cap, const void *x, size_t size) {
    char **p = arr;
    *p = ar_grow(ar, *p, *n, cap, size);
    memcpy(*p + (size_t)*n * size, x, size);
    (*n)++;
}

CgSym *sema_find(Sema *s, const char *name) {
    uint32_t i = hash_name(name) & (uint32_t)(s->tabcap - 1);
    while (s->tab[i]) {
        if (strcmp(s->tab[i]->name, name) == 0)
            return s->tab[i];
        i = (i + 1) & (uint32_t)(s->tabcap - 1);
    }
    return NULL;
}

/* Insert sym (whose name is not in the table), growing the table at half load. */
static void tab_insert(Sema *s, CgSym *sym) {
    if (2 * (s->m->nsyms + 1) > s->tabcap) {
        CgSym **old = s->tab;
        int oldcap = s->tabcap;
        s->tabcap = oldcap ? oldcap * 2 : 256;
        s->tab = ar_alloc(s->ar, (size_t)s->tabcap * sizeof(CgSym *));
        for (int k = 0; k < oldcap; k++)
            if (old[k]) {
                uint32_t i = hash_name(old[k]->name) & (uint32_t)(s->tabcap - 1);
                while (s->tab[i])
                    i = (i + 1) & (uint32_t)(s->tabcap - 1);
                s->tab[i] = old[k];
            }
    }
    uint32_t i = hash_name(sym->name) & (uint32_t)(s->tabcap - 1);
    while (s->tab[i])
        i = (i + 1) & (uint32_t)(s->tabcap - 1);
    s->tab[i] = sym;
    sym->id = s->m->nsyms;
    sema_push(s->ar, &s->m->syms, &s->m->nsyms, &s->capsyms, &sym, sizeof sym);
}

CgSym *sema_intern(Sema *s, const char *name) {
    CgSym *sym = s->tabcap ? sema_find(s, name) : NULL;
    if (sym)
        return sym;
    sym = ar_alloc(s->ar, sizeof *sym);
    sym->name = ar_strdup(s->ar, name);
    sym->state = -1;
    tab_insert(s, sym);
    return sym;
}

Expr *sema_ref(Arena *ar, CgSym *sym, const struct Token *tok) {
    Expr *v = ex_var(ar, sym->name);
    v->sym = sym;
    v->tok = tok;
    return v;
}

CgSym *sema_synth(Sema *s, const char *base, CgKind kind, CgRole role) {
    const char *name = base;
    for (int k = 2; sema_find(s, name); k++)
        name = ar_printf(s->ar, "%s_%d", base, k);
    CgSym *sym = sema_intern(s, name);
    sym->kind = kind;
    sym->role = role;
    sym->flags |= CGF_SYNTH;
    return sym;
}

_Static_assert(CG_SUNDNES == 4 && CG_CVODE == 7 && CG_NMETHODS == 8,
               "CgMethod follows method_names.c's table");

const char *sema_method_name(CgMethod m) { return mn_name((int)m); }

const char *sema_kind_name(CgKind k) {
    static const char *names[] = {"unknown", "builtin", "Vm",        "Iion",     "external",
                                  "state",   "store",   "parameter", "constant", "intermediate"};
    return (unsigned)k < sizeof names / sizeof names[0] ? names[k] : "?";
}

CgSym *sema_model_find(const CgModel *m, const char *name) {
    for (int i = 0; i < m->nsyms; i++)
        if (strcmp(m->syms[i]->name, name) == 0)
            return m->syms[i];
    return NULL;
}

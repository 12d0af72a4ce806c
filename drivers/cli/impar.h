/* impar.h: the `--imp-par` parameter string of openCARP's bench (docs/easyml.md, section 8):
 *
 *     "gNa*1.5, gK1-20%, gCaL=0.1, flags=EPI|MCELL, celltype=ENDO"
 *
 * Comma-separated items name<op>value[%], op one of = + - * /, blanks allowed around items and
 * around op. The value is a number (strtod: 1e-3, .5, -2; not inf or nan). Semantics, with d the
 * parameter's default and v the number:
 *     name=v  set v          name=v%  set v/100 * d
 *     name+v  add v          name+v%  add v/100 * d
 *     name-v  subtract v     name-v%  subtract v/100 * d
 *     name*v  multiply by v  name*v%  multiply by v/100  (gNa*150% is gNa*1.5)
 *     name/v  divide by v    name/v%  divide by v/100    (v = 0 is an error)
 * Flag parameters (declared with .flag(A, B, C)) take the index of a symbolic value (A=0, B=1,
 * C=2): `flags=A|B...` sets, for each listed value, the parameter that owns it; `name=B` sets name
 * to B's index; `name=1` is accepted when 1 is a valid index. `flags` is a reserved word.
 * All flags= items are applied first, then the other items left to right (a name may repeat).
 * Errors (nothing is changed): unknown parameter (the message lists the valid ones), unknown or
 * ambiguous flag value (lists the valid values), two values of one flag parameter, arithmetic on
 * a flag parameter, malformed or empty items (also a trailing comma), division by zero, and a
 * non-finite result. An empty (or blank) string has no items. Names are case-sensitive; a
 * parameter may also be named by its alias (ImparModel.aliases: openCARP's GKr for g_Kr). */
#ifndef SC_IMPAR_H
#define SC_IMPAR_H

#include <stddef.h>
#include <stdio.h>

/* The parameters of a model, as the caller describes them (no dependence on the compiler). */
typedef struct ImparModel {
    int nparams;
    const char *const *names; /* [nparams] */
    const double *defaults; /* [nparams]: the base of % values */
    const int *nflags; /* [nparams] number of symbolic values; NULL: no flags */
    const char *const *const *flagnames; /* [nparams][nflags[i]]; NULL where nflags[i] == 0 */
    const char *const *aliases; /* [nparams]: another name of each (openCARP's), or NULL; may be NULL */
    unsigned char *given; /* [nparams], may be NULL: impar_apply_items sets given[i] = 1 for each
                              parameter an item changes */
} ImparModel;

/* One parsed item. For `flags=A|B` and `name=SYMBOL`, sym holds the text after '=' ("A|B"). */
typedef struct ImparItem {
    const char *name; /* "flags" for a flags item */
    char op; /* one of = + - * / */
    double value; /* the number (unused when sym is set) */
    int percent; /* value ended with % */
    const char *sym; /* symbolic value(s), or NULL */
    int pos; /* 1-based item number in the string (for messages) */
} ImparItem;

/* Parse str into *items (one malloc'd block holding the strings too: free(*items)) and *n
 * (*items may be NULL when *n is 0). Syntax only: names are not checked. Returns 0, or -1 with a
 * message in err: "--imp-par: bad item 'gNa**2' (item 1): ...; expected name<op>value[%] with op
 * one of = + - * /". */
int impar_parse(const char *str, ImparItem **items, int *n, char *err, size_t errlen);

/* Apply parsed items to values[m->nparams] (current values on entry, normally the defaults):
 * flags items first, then the rest in order. Everything is checked before values changes, so on
 * error values is untouched. When echo is not NULL, one line per change is printed to it:
 * "gNa * 1.5 -> 22.2", "gK1 - 20% -> 0.4", "celltype = EPI -> 2". Returns 0 or -1 (err set). */
int impar_apply_items(const ImparModel *m, const ImparItem *items, int n, double *values, FILE *echo,
                      char *err, size_t errlen);

/* impar_parse then impar_apply_items. */
int impar_apply(const ImparModel *m, const char *str, double *values, FILE *echo, char *err, size_t errlen);

/* Index of the parameter called name (its name, else its alias), or -1. */
int impar_find(const ImparModel *m, const char *name);

#endif

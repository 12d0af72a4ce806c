/* sc_names.c: openCARP's names for the library's models and parameters (models/opencarp_names.tsv,
 * compiled in as names_opencarp_tsv by provision/CMakeLists.txt). Public functions in
 * starcarp.h: sc_model_resolve, sc_model_opencarp, sc_model_param_index, sc_model_param_alias.
 *
 * The table has one row per (openCARP model, library file): the openCARP name, the file's stem,
 * the openCARP flag value the file is (EPI, ENDO, ... or -), every flag value openCARP's model
 * takes (its default first), older names, parameter aliases "GKr=g_Kr,GNa=g_Na", the source, the
 * flag values the file becomes by setting parameters ("MCELL:g_Ks=0.098;EPI:celltype=1") and a
 * flag value refused with its reason ("ENDO:why..."). It is parsed once, on first use; rows point
 * into one private copy of the text. */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util_int.h"
#include "registry.h"
#include "starcarp.h"

extern const char names_opencarp_tsv[];

typedef struct NameRow {
    const char *oc, *stem, *flag, *ocflags, *old, *params, *set, *refused;
} NameRow;

enum { NCOLS = 9, MAX_ROWS = 256 };

static NameRow rows[MAX_ROWS];
static int nrows;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

/* Split the table into rows (comment lines and blank lines skipped; a row with fewer than six
 * columns is ignored: the table is checked by its own test). */
static void load(void) {
    char *pos = strdup(names_opencarp_tsv), *col[NCOLS];
    for (int n; nrows < MAX_ROWS && (n = util_tsv_row(&pos, col, NCOLS)) >= 0;)
        if (n >= 6)
            rows[nrows++] = (NameRow){
                col[0], col[1], col[2], col[3], col[4], col[5], n > 7 ? col[7] : "-", n > 8 ? col[8] : "-"};
}

static void ensure_loaded(void) { pthread_once(&loaded, load); }

/* Is word one of the items of list (separated by any of seps; "-" is the empty list)? */
static int in_list(const char *list, const char *seps, const char *word, int nocase) {
    size_t n = strlen(word);
    for (const char *p = list; *p;) {
        size_t k = strcspn(p, seps);
        if (k == n && (nocase ? strncasecmp(p, word, n) : strncmp(p, word, n)) == 0)
            return 1;
        p += k;
        p += *p != '\0';
    }
    return 0;
}

/* The first row of library stem `stem`, or NULL. */
static const NameRow *row_of_stem(const char *stem) {
    ensure_loaded();
    for (int i = 0; i < nrows; i++)
        if (!strcmp(rows[i].stem, stem))
            return &rows[i];
    return NULL;
}

/* The openCARP model that name stands for (current or older name; exact, else the unique match
 * ignoring case), or NULL. */
static const char *opencarp_model(const char *name) {
    ensure_loaded();
    for (int pass = 0; pass < 2; pass++) {
        const char *hit = NULL;
        for (int i = 0; i < nrows; i++) {
            int match = pass ? !strcasecmp(rows[i].oc, name) || in_list(rows[i].old, ",", name, 1)
                             : !strcmp(rows[i].oc, name) || in_list(rows[i].old, ",", name, 0);
            if (match && hit && strcmp(hit, rows[i].oc))
                return NULL; /* ambiguous ignoring case */
            if (match)
                hit = rows[i].oc;
        }
        if (hit)
            return hit;
    }
    return NULL;
}

/* The row of openCARP model oc whose file is its variant `flag` ("-" or NULL: the row without a
 * variant), or NULL. */
static const NameRow *variant_row(const char *oc, const char *flag) {
    for (int i = 0; i < nrows; i++)
        if (!strcmp(rows[i].oc, oc) && (flag ? !strcmp(rows[i].flag, flag) : !strcmp(rows[i].flag, "-")))
            return &rows[i];
    return NULL;
}

/* The next item of a set column at p ("MCELL:g_Ks=0.098;EPI:celltype=1"): its flag value and its
 * settings into flag and assign; the position after it, or NULL at the end. */
static const char *next_set(const char *p, char *flag, size_t nf, char *assign, size_t na) {
    if (!p || !*p || !strcmp(p, "-"))
        return NULL;
    size_t k = strcspn(p, ";"), f = strcspn(p, ":");
    if (f > k)
        f = k;
    snprintf(flag, nf, "%.*s", (int)f, p);
    snprintf(assign, na, "%.*s", f < k ? (int)(k - f - 1) : 0, p + f + (f < k));
    return p + k + (p[k] == ';');
}

/* The settings that make row r's file openCARP's variant flag, into assign: 1, or 0 when its set
 * column does not list flag. */
static int set_of(const NameRow *r, const char *flag, char *assign, size_t n) {
    char f[64];
    for (const char *p = r->set; (p = next_set(p, f, sizeof f, assign, n));)
        if (!strcmp(f, flag))
            return 1;
    return 0;
}

/* Why row r's file cannot be made openCARP's variant flag (its refused column "FLAG:why"), or
 * NULL. */
static const char *refusal_of(const NameRow *r, const char *flag) {
    size_t n = strlen(flag);
    return !strncmp(r->refused, flag, n) && r->refused[n] == ':' ? r->refused + n + 1 : NULL;
}

/* The variants of oc the library has, "flags=EPI (ten_tusscher_model_2006_epi), flags=MCELL
 * (ten_tusscher_model_2006_epi with g_Ks=0.098)" into buf. */
static void list_variants(const char *oc, char *buf, size_t n) {
    size_t used = 0;
    char f[64], a[256];
    buf[0] = '\0';
    for (int i = 0; i < nrows && used + 1 < n; i++) {
        if (strcmp(rows[i].oc, oc))
            continue;
        used += (size_t)snprintf(buf + used, n - used, "%sflags=%s (%s)", used ? ", " : "", rows[i].flag,
                                 rows[i].stem);
        for (const char *p = rows[i].set; used + 1 < n && (p = next_set(p, f, sizeof f, a, sizeof a));)
            if (strcmp(f, rows[i].flag))
                used += (size_t)snprintf(buf + used, n - used, ", flags=%s (%s with %s)", f, rows[i].stem, a);
    }
}

/* Row r's file as openCARP's variant `variant` of oc: "" (the file is that variant) or the
 * settings that make it so into assign. 0, or -1 with err: the variant refused with its reason,
 * or another variant than the file's (naming those the library has). */
static int file_variant(const NameRow *r, const char *oc, const char *variant, char *assign, size_t na,
                        char *err, size_t errlen) {
    assign[0] = '\0';
    if (!strcmp(r->flag, variant) || set_of(r, variant, assign, na))
        return 0;
    char have[512];
    list_variants(oc, have, sizeof have);
    const char *why = refusal_of(r, variant);
    if (why)
        sc_set_err(err, errlen, "openCARP's %s with flags=%s is refused: %s (the library has %s)", oc,
                   variant, why, have);
    else
        sc_set_err(err, errlen,
                   "%s is the %s variant of openCARP's %s; flags=%s asks for another (the library has %s)",
                   r->stem, r->flag, oc, variant, have);
    return -1;
}

/* Is cand closer to name than *bestd (ignoring case, as openCARP matches names; within 3 edits and
 * less than half of cand)? Then say (the name to suggest for it) becomes *best. */
static void closer(const char *name, const char *cand, const char *say, const char **best, int *bestd) {
    int d = sc_edit_distance(name, cand, 1);
    if (d < *bestd && 2 * (size_t)d < strlen(cand))
        *bestd = d, *best = say;
}

/* "did you mean" over the library's stems and model names and openCARP's names, current and
 * older: the closest, ignoring case, appended to err. */
static void suggest(const char *name, char *err, size_t errlen) {
    const char *best = NULL;
    int bestd = 4;
    char old[128];
    for (int i = 0; i < registry_count; i++) {
        closer(name, registry_models[i].name, registry_models[i].name, &best, &bestd);
        closer(name, registry_models[i].desc->name, registry_models[i].desc->name, &best, &bestd);
    }
    for (int i = 0; i < nrows; i++) {
        closer(name, rows[i].oc, rows[i].oc, &best, &bestd);
        for (const char *p = rows[i].old; strcmp(rows[i].old, "-") && *p;) {
            size_t k = strcspn(p, ",");
            snprintf(old, sizeof old, "%.*s", (int)k, p);
            closer(name, old, rows[i].oc, &best, &bestd); /* an older name: suggest the current one */
            p += k + (p[k] == ',');
        }
    }
    size_t used = strlen(err);
    if (best && used + 1 < errlen)
        snprintf(err + used, errlen - used, "; did you mean '%s'?", best);
}

/* Split flags ("EPI|MCELL", blanks allowed) into the variant flag of openCARP model oc (at most
 * one: *variant, "" when none) and the rest (flags_left, '|'-separated). 0, or -1 with err. */
static int split_flags(const char *oc, const char *flags, char *variant, size_t nv, char *left, size_t nl,
                       char *err, size_t errlen) {
    variant[0] = left[0] = '\0';
    const NameRow *any = NULL;
    for (int i = 0; i < nrows && oc; i++)
        if (!strcmp(rows[i].oc, oc))
            any = &rows[i];
    for (const char *p = flags ? flags : ""; *p;) {
        p += strspn(p, "| \t");
        size_t k = strcspn(p, "| \t");
        if (!k)
            break;
        char tok[64];
        snprintf(tok, sizeof tok, "%.*s", (int)k, p);
        p += k;
        if (any && in_list(any->ocflags, "|", tok, 0)) {
            if (*variant) {
                sc_set_err(err, errlen,
                           "flags=%s and flags=%s both pick a variant of openCARP's %s (give one)", variant,
                           tok, oc);
                return -1;
            }
            snprintf(variant, nv, "%s", tok);
        } else {
            size_t used = strlen(left);
            snprintf(left + used, nl - used, "%s%s", used ? "|" : "", tok);
        }
    }
    return 0;
}

/* The library file of openCARP model oc for the variant flag (NULL or "": openCARP's default),
 * into stem, and the parameter settings that make it that variant into assign ("" when none). 0,
 * or -1 with err naming the variants the library has (or why the one asked is refused). */
static int pick_variant(const char *oc, const char *variant, char *stem, size_t n, char *assign, size_t na,
                        char *err, size_t errlen) {
    const NameRow *r0 = NULL, *r = NULL;
    for (int i = 0; i < nrows && !r0; i++)
        if (!strcmp(rows[i].oc, oc))
            r0 = &rows[i];
    char have[512], def[64];
    list_variants(oc, have, sizeof have);
    assign[0] = '\0';
    if (variant && *variant) {
        r = variant_row(oc, variant);
        for (int i = 0; i < nrows && !r; i++) /* a file made that variant by its parameters */
            if (!strcmp(rows[i].oc, oc) && set_of(&rows[i], variant, assign, na))
                r = &rows[i];
        for (int i = 0; i < nrows && !r; i++)
            if (!strcmp(rows[i].oc, oc) && refusal_of(&rows[i], variant))
                return file_variant(&rows[i], oc, variant, assign, na, err, errlen);
        if (!r) {
            sc_set_err(err, errlen,
                       "openCARP's %s with flags=%s: the library does not have that variant; it has %s", oc,
                       variant, have);
            return -1;
        }
    } else if (!(r = variant_row(oc, NULL))) {
        snprintf(def, sizeof def, "%.*s", (int)strcspn(r0->ocflags, "|"), r0->ocflags);
        if (!(r = variant_row(oc, def))) {
            sc_set_err(err, errlen,
                       "openCARP's %s is its %s variant unless flags= says otherwise, and the library does "
                       "not have that one: give one it has: %s",
                       oc, def, have);
            return -1;
        }
    }
    snprintf(stem, n, "%s", r->stem);
    return 0;
}

static int is_path(const char *name) {
    size_t n = strlen(name);
    return strchr(name, '/') || (n > 6 && !strcmp(name + n - 6, ".model"));
}

/* See starcarp.h. */
int sc_model_resolve(const char *name, const char *flags, char *stem, size_t nstem, char *flags_left,
                     size_t nleft, char *set, size_t nset, char *err, size_t errlen) {
    char variant[64], left[256], assign[256] = "";
    ensure_loaded();
    if (!name || !*name) {
        sc_set_err(err, errlen, "no model given");
        return -1;
    }
    const ScModelEntry *lib = registry_named(name);
    const char *oc = NULL;
    if (lib) {
        const NameRow *r = row_of_stem(lib->name);
        oc = r ? r->oc : NULL;
    } else if (!is_path(name) && !(oc = opencarp_model(name))) {
        sc_set_err(err, errlen,
                   "unknown model '%s': `starcarp models list` shows the library with openCARP's names, "
                   "or give a .model file",
                   name);
        suggest(name, err, errlen);
        return -1;
    }
    if (split_flags(oc, flags, variant, sizeof variant, left, sizeof left, err, errlen) != 0)
        return -1;
    if (lib) {
        if (*variant &&
            file_variant(row_of_stem(lib->name), oc, variant, assign, sizeof assign, err, errlen) != 0)
            return -1;
        snprintf(stem, nstem, "%s", lib->name);
    } else if (oc) {
        if (pick_variant(oc, variant, stem, nstem, assign, sizeof assign, err, errlen) != 0)
            return -1;
    } else {
        snprintf(stem, nstem, "%s", name);
    }
    if (*assign && !set) {
        sc_set_err(err, errlen, "openCARP's %s with flags=%s is %s with %s: set those parameters too", oc,
                   variant, stem, assign);
        return -1;
    }
    if (set)
        snprintf(set, nset, "%s", assign);
    if (flags_left)
        snprintf(flags_left, nleft, "%s", left);
    return 0;
}

/* See starcarp.h. */
int sc_model_opencarp(const ScModelEntry *m, char *buf, size_t n) {
    const NameRow *r = m ? row_of_stem(m->name) : NULL;
    if (!r) {
        if (n)
            buf[0] = '\0';
        return 0;
    }
    if (strcmp(r->flag, "-"))
        snprintf(buf, n, "%s flags=%s", r->oc, r->flag);
    else
        snprintf(buf, n, "%s", r->oc);
    return 1;
}

/* The parameter aliased to `alias` in row r's list (ignoring case when nocase: openCARP does;
 * then only a unique match counts), into buf; NULL when none. */
static const char *alias_target(const NameRow *r, const char *alias, char *buf, size_t n, int nocase) {
    size_t la = strlen(alias);
    int hits = 0;
    for (const char *p = r->params; *p;) {
        size_t k = strcspn(p, ",");
        const char *eq = memchr(p, '=', k);
        if (eq && (size_t)(eq - p) == la && !(nocase ? strncasecmp(p, alias, la) : strncmp(p, alias, la))) {
            snprintf(buf, n, "%.*s", (int)(k - la - 1), eq + 1);
            hits++;
        }
        p += k;
        p += *p == ',';
    }
    return hits == 1 ? buf : NULL;
}

/* See starcarp.h. */
int sc_model_param_index(const ScModelEntry *m, const char *name) {
    const ScModelDesc *d = m->desc;
    for (int k = 0; k < d->nparams; k++)
        if (!strcmp(d->param_names[k], name))
            return k;
    const NameRow *r = row_of_stem(m->name);
    char target[128];
    if (!r || (!alias_target(r, name, target, sizeof target, 0) &&
               !alias_target(r, name, target, sizeof target, 1)))
        return -1;
    for (int k = 0; k < d->nparams; k++)
        if (!strcmp(d->param_names[k], target))
            return k;
    return -1;
}

/* See starcarp.h. */
const char *sc_model_param_alias(const ScModelEntry *m, int k, char *buf, size_t n) {
    const NameRow *r = row_of_stem(m->name);
    if (!r || k < 0 || k >= m->desc->nparams)
        return NULL;
    const char *want = m->desc->param_names[k];
    for (const char *p = r->params; *p;) {
        size_t len = strcspn(p, ",");
        const char *eq = memchr(p, '=', len);
        if (eq && (size_t)(p + len - eq - 1) == strlen(want) && !strncmp(eq + 1, want, strlen(want))) {
            snprintf(buf, n, "%.*s", (int)(eq - p), p);
            return buf;
        }
        p += len;
        p += *p == ',';
    }
    return NULL;
}

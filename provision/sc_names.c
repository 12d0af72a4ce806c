/* sc_names.c: openCARP's names for the library's models and parameters (models/opencarp_names.tsv,
 * compiled in as names_opencarp_tsv by provision/CMakeLists.txt). Public functions in
 * starcarp.h: sc_model_resolve, sc_model_opencarp, sc_model_param_index, sc_model_param_alias.
 *
 * The table has one row per (openCARP model, library file): the openCARP name, the file's stem,
 * the openCARP flag value the file is (EPI, ENDO, ... or -), every flag value openCARP's model
 * takes (its default first), older names, and parameter aliases "GKr=g_Kr,GNa=g_Na". It is
 * parsed once, on first use; rows point into one private copy of the text. */
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
    const char *oc, *stem, *flag, *ocflags, *old, *params;
} NameRow;

enum { NCOLS = 7, MAX_ROWS = 256 };

static NameRow rows[MAX_ROWS];
static int nrows;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

/* Split the table into rows (comment lines and blank lines skipped; a row with fewer than six
 * columns is ignored: the table is checked by its own test). */
static void load(void) {
    char *pos = strdup(names_opencarp_tsv), *col[NCOLS];
    for (int n; nrows < MAX_ROWS && (n = util_tsv_row(&pos, col, NCOLS)) >= 0;)
        if (n >= 6)
            rows[nrows++] = (NameRow){col[0], col[1], col[2], col[3], col[4], col[5]};
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

/* The variants of oc the library has, "EPI (ten_tusscher_model_2006_epi), ..." into buf. */
static void list_variants(const char *oc, char *buf, size_t n) {
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < nrows && used + 1 < n; i++)
        if (!strcmp(rows[i].oc, oc))
            used += (size_t)snprintf(buf + used, n - used, "%sflags=%s (%s)", used ? ", " : "", rows[i].flag,
                                     rows[i].stem);
}

/* "did you mean" over the library's stems and model names and openCARP's names: the closest
 * within 3 edits (and less than half the name), appended to err. */
static void suggest(const char *name, char *err, size_t errlen) {
    const char *best = NULL;
    int bestd = 4;
    for (int i = 0; i < registry_count + nrows; i++) {
        const char *cand[2] = {NULL, NULL};
        if (i < registry_count)
            cand[0] = registry_models[i].name, cand[1] = registry_models[i].desc->name;
        else
            cand[0] = rows[i - registry_count].oc;
        for (int k = 0; k < 2 && cand[k]; k++) {
            int d = sc_edit_distance(name, cand[k], 0);
            if (d < bestd && 2 * (size_t)d < strlen(cand[k]))
                bestd = d, best = cand[k];
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
 * into stem. 0, or -1 with err naming the variants the library has. */
static int pick_variant(const char *oc, const char *variant, char *stem, size_t n, char *err, size_t errlen) {
    const NameRow *r0 = NULL;
    for (int i = 0; i < nrows && !r0; i++)
        if (!strcmp(rows[i].oc, oc))
            r0 = &rows[i];
    char have[512];
    list_variants(oc, have, sizeof have);
    const NameRow *r = NULL;
    if (variant && *variant) {
        r = variant_row(oc, variant);
        if (!r) {
            sc_set_err(err, errlen,
                       "openCARP's %s with flags=%s: the library does not have that variant; it has %s", oc,
                       variant, have);
            return -1;
        }
    } else if (!(r = variant_row(oc, NULL))) {
        char def[64];
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
                     size_t nleft, char *err, size_t errlen) {
    char variant[64], left[256];
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
        const NameRow *r = row_of_stem(lib->name);
        if (*variant && strcmp(r->flag, variant)) {
            char have[512];
            list_variants(oc, have, sizeof have);
            sc_set_err(
                err, errlen,
                "%s is the %s variant of openCARP's %s; flags=%s asks for another (the library has %s)",
                lib->name, r->flag, oc, variant, have);
            return -1;
        }
        snprintf(stem, nstem, "%s", lib->name);
    } else if (oc) {
        if (pick_variant(oc, variant, stem, nstem, err, errlen) != 0)
            return -1;
    } else {
        snprintf(stem, nstem, "%s", name);
    }
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

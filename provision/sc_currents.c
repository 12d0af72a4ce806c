/* sc_currents.c: the ionic currents of the library's models and the parameters that scale them, for
 * drug block and qNet (models/currents.tsv, compiled in as currents_tsv by provision/CMakeLists.txt;
 * docs/currents.md). Public functions in starcarp.h: sc_current_canonical, sc_model_current_count,
 * sc_model_current_name, sc_model_current_note, sc_model_current_params, sc_model_current_traces,
 * sc_model_qnet_weights.
 *
 * The table has one row per (model, current): the file's stem, the current's canonical name, its
 * parameters (comma-separated names of the file's parameters) and a note. It is parsed once, on
 * first use; rows point into one private copy of the text. The canonical names and the other names
 * a lookup accepts are below (cur_names); the table's header comment lists the same. */
#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util_int.h"
#include "starcarp.h"

extern const char currents_tsv[];

typedef struct CurRow {
    const char *model, *current, *params, *note;
} CurRow;

enum { CUR_NCOLS = 4, CUR_MAX_ROWS = 2048 };

static CurRow cur_rows[CUR_MAX_ROWS];
static int cur_nrows;
static pthread_once_t cur_loaded = PTHREAD_ONCE_INIT;

/* The canonical names of currents and the other names each answers to (comma-separated). */
static const struct {
    const char *name, *aliases;
} cur_names[] = {
    {"INa", "INaF"},      {"INaL", ""},      {"ICaL", "Isi"},   {"ICaT", ""},       {"IKr", ""},
    {"IKs", ""},          {"IK", ""},        {"IK1", ""},       {"Ito", "Ito1,It"}, {"IKur", ""},
    {"Isus", "IKss,Iss"}, {"If", "Ih,IHCN"}, {"IKp", ""},       {"IKb", "IbK"},     {"IKATP", ""},
    {"IKACh", ""},        {"IKNa", ""},      {"INCX", "INaCa"}, {"INaK", ""},       {"IpCa", "ICaP,IPMCA"},
    {"INab", "IbNa"},     {"ICab", "IbCa"},  {"IClCa", "Ito2"}, {"IClb", "IbCl"},   {"Ib", ""},
    {"InsCa", ""},
};
enum { CUR_NNAMES = sizeof cur_names / sizeof cur_names[0] };

/* Split the table into rows (comment and blank lines skipped; a row with fewer than four columns is
 * ignored: tests/provision/test_currents.c checks the table). */
static void cur_load(void) {
    char *pos = strdup(currents_tsv), *col[CUR_NCOLS];
    for (int n; cur_nrows < CUR_MAX_ROWS && (n = util_tsv_row(&pos, col, CUR_NCOLS)) >= 0;)
        if (n == CUR_NCOLS)
            cur_rows[cur_nrows++] = (CurRow){col[0], col[1], col[2], col[3]};
}

static void cur_ensure_loaded(void) { pthread_once(&cur_loaded, cur_load); }

/* Do a (its first n bytes) and b name the same current: equal ignoring case and '_'? */
static int cur_same(const char *a, size_t n, const char *b) {
    const char *end = a + n;
    for (;;) {
        while (a < end && *a == '_')
            a++;
        while (*b == '_')
            b++;
        if (a == end || !*b)
            return a == end && !*b;
        if (tolower((unsigned char)*a) != tolower((unsigned char)*b))
            return 0;
        a++, b++;
    }
}

/* See starcarp.h. */
const char *sc_current_canonical(const char *name) {
    if (!name)
        return NULL;
    for (int i = 0; i < CUR_NNAMES; i++) {
        if (cur_same(cur_names[i].name, strlen(cur_names[i].name), name))
            return cur_names[i].name;
        for (const char *p = cur_names[i].aliases; *p;) {
            size_t k = strcspn(p, ",");
            if (cur_same(p, k, name))
                return cur_names[i].name;
            p += k;
            p += *p == ',';
        }
    }
    return NULL;
}

/* The rows of model m: the index of its first row into *first, their number returned (0: none). The
 * table keeps a model's rows together. */
static int cur_model_rows(const ScModelEntry *m, int *first) {
    cur_ensure_loaded();
    *first = 0;
    if (!m || !m->name)
        return 0;
    int i = 0;
    while (i < cur_nrows && strcmp(cur_rows[i].model, m->name))
        i++;
    *first = i;
    int n = 0;
    while (i + n < cur_nrows && !strcmp(cur_rows[i + n].model, m->name))
        n++;
    return n;
}

/* See starcarp.h. */
int sc_model_current_count(const ScModelEntry *m) {
    int first;
    return cur_model_rows(m, &first);
}

/* See starcarp.h. */
const char *sc_model_current_name(const ScModelEntry *m, int i) {
    int first, n = cur_model_rows(m, &first);
    return i >= 0 && i < n ? cur_rows[first + i].current : NULL;
}

/* See starcarp.h. */
const char *sc_model_current_note(const ScModelEntry *m, int i) {
    int first, n = cur_model_rows(m, &first);
    return i >= 0 && i < n ? cur_rows[first + i].note : NULL;
}

/* The names of rows [first, first + n) (a model's currents), ", "-separated, after err's text. */
static void cur_append_list(int first, int n, char *err, size_t errlen) {
    size_t used = strlen(err);
    for (int i = 0; i < n && used + 1 < errlen; i++)
        used +=
            (size_t)snprintf(err + used, errlen - used, "%s %s", i ? "," : "", cur_rows[first + i].current);
}

/* The refusal of current `name` for m: the currents m has, or that it has none, into err. */
static void cur_refuse(const ScModelEntry *m, const char *name, int first, int n, char *err, size_t errlen) {
    if (!n) {
        sc_set_err(err, errlen,
                   "%s has no current '%s': the table of currents (models/currents.tsv) has no row of "
                   "%s (a model without ionic currents, or not one of the library's)",
                   m->name, name, m->name);
        return;
    }
    sc_set_err(err, errlen, "%s has no current '%s'; its currents:", m->name, name);
    cur_append_list(first, n, err, errlen);
}

/* m's row of current `current` (any name sc_current_canonical accepts), or NULL with cur_refuse's
 * message in err (also for a NULL model or current). */
static const CurRow *cur_find(const ScModelEntry *m, const char *current, char *err, size_t errlen) {
    if (!m || !current) {
        sc_set_err(err, errlen, "no %s given", m ? "current" : "model");
        return NULL;
    }
    int first, n = cur_model_rows(m, &first);
    const char *canon = sc_current_canonical(current);
    for (int i = 0; i < n && canon; i++)
        if (!strcmp(cur_rows[first + i].current, canon))
            return &cur_rows[first + i];
    cur_refuse(m, current, first, n, err, errlen);
    return NULL;
}

/* See starcarp.h. */
int sc_model_current_params(const ScModelEntry *m, const char *current, int *params, int max, char *err,
                            size_t errlen) {
    const CurRow *r = cur_find(m, current, err, errlen);
    if (!r)
        return -1;
    int count = 0;
    for (const char *p = r->params; *p; count++) {
        size_t k = strcspn(p, ",");
        char name[128];
        snprintf(name, sizeof name, "%.*s", (int)k, p);
        int idx = sc_model_param_index(m, name);
        if (idx < 0) {
            sc_set_err(err, errlen,
                       "%s of %s: the table's parameter '%s' is not a parameter of the model (its file "
                       "differs from the library's?)",
                       r->current, m->name, name);
            return -1;
        }
        if (params && count < max)
            params[count] = idx;
        p += k;
        p += *p == ',';
    }
    return count;
}

/* The variables of text[0 .. len) (names joined by " + ") of row r as m's trace indices, the first
 * max into idx; their number, or -1 with a message in err naming the one m does not trace. */
static int cur_vars_traces(const ScModelEntry *m, const CurRow *r, const char *text, size_t len, int *idx,
                           int max, char *err, size_t errlen) {
    const ScModelDesc *d = m->desc;
    int count = 0;
    for (const char *p = text, *end = text + len; p < end;) {
        p += strspn(p, " +");
        size_t k = strcspn(p, " +;");
        if (p + k > end)
            k = (size_t)(end - p);
        if (!k)
            break;
        int t = -1;
        for (int j = 0; j < d->ntraces && t < 0; j++)
            if (strlen(d->trace_names[j]) == k && !strncmp(d->trace_names[j], p, k))
                t = j;
        if (t < 0) {
            sc_set_err(err, errlen,
                       "%s of %s: its variable '%.*s' is not traced by the model file (.trace())", r->current,
                       m->name, (int)k, p);
            return -1;
        }
        if (idx && count < max)
            idx[count] = t;
        count++;
        p += k;
    }
    return count;
}

/* See starcarp.h. */
int sc_model_current_traces(const ScModelEntry *m, const char *current, int *idx, int max, char *err,
                            size_t errlen) {
    const CurRow *r = cur_find(m, current, err, errlen);
    return r ? cur_vars_traces(m, r, r->note, strcspn(r->note, ";"), idx, max, err, errlen) : -1;
}

/* See starcarp.h. */
int sc_model_qnet_weights(const ScModelEntry *m, double *w, char *err, size_t errlen) {
    static const char *const need[] = {"INaL", "ICaL", "IKr", "IKs", "IK1", "Ito"};
    enum { NNEED = sizeof need / sizeof *need, MAXV = 16 };
    if (!m) {
        sc_set_err(err, errlen, "no model given");
        return -1;
    }
    for (int k = 0; k < m->desc->ntraces; k++)
        w[k] = 0;
    for (int j = 0; j < NNEED; j++) {
        const CurRow *r = cur_find(m, need[j], err, errlen);
        if (!r) {
            int first, n = cur_model_rows(m, &first);
            sc_set_err(err, errlen, "qNet needs %s, which %s does not have; %s", need[j], m->name,
                       n ? "it has" : "the table of currents (models/currents.tsv) has no row of it");
            cur_append_list(first, n, err, errlen);
            return -1;
        }
        const char *text = r->note, *ca = strstr(r->note, "calcium part: ");
        if (ca && !strcmp(need[j], "ICaL")) /* CiPA's ICaL: the L-type calcium current alone */
            text = ca + strlen("calcium part: ");
        char why[256] = "";
        int idx[MAXV], nv = cur_vars_traces(m, r, text, strcspn(text, ";"), idx, MAXV, why, sizeof why);
        if (nv < 0 || nv > MAXV) {
            if (nv > MAXV)
                snprintf(why, sizeof why, "%s of %s has more than %d variables", r->current, m->name, MAXV);
            sc_set_err(err, errlen, "qNet needs %s: %s", need[j], why);
            return -1;
        }
        for (int v = 0; v < nv; v++)
            w[idx[v]] += 1;
    }
    return 0;
}

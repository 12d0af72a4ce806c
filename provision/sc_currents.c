/* sc_currents.c: the ionic currents of the library's models and the parameters that scale them, for
 * drug block (models/currents.tsv, compiled in as currents_tsv by provision/CMakeLists.txt;
 * docs/currents.md). Public functions in starcarp.h: sc_current_canonical, sc_model_current_count,
 * sc_model_current_name, sc_model_current_note, sc_model_current_params.
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
    size_t used = strlen(err);
    for (int i = 0; i < n && used + 1 < errlen; i++)
        used +=
            (size_t)snprintf(err + used, errlen - used, "%s %s", i ? "," : "", cur_rows[first + i].current);
}

/* See starcarp.h. */
int sc_model_current_params(const ScModelEntry *m, const char *current, int *params, int max, char *err,
                            size_t errlen) {
    if (!m || !current) {
        sc_set_err(err, errlen, "no %s given", m ? "current" : "model");
        return -1;
    }
    int first, n = cur_model_rows(m, &first);
    const char *canon = sc_current_canonical(current);
    const CurRow *r = NULL;
    for (int i = 0; i < n && canon && !r; i++)
        if (!strcmp(cur_rows[first + i].current, canon))
            r = &cur_rows[first + i];
    if (!r) {
        cur_refuse(m, current, first, n, err, errlen);
        return -1;
    }
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

/* study_tables.c: the input tables of `starcarp study` (study_tables.h): ranges of biomarkers and
 * drug tables in CiPA's layout. docs/study.md, sections "Drug tables" and "Ranges of biomarkers".
 *
 * One line reader serves both (tab_*): it skips comment and blank lines, splits a line into its
 * fields in place and locates every error at a field's first byte. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "study_tables.h"

#define TAB_PRINTF(f, a) __attribute__((format(printf, f, a)))

enum { TAB_MAXF = 64 }; /* columns of a table */

/* One field of a line: its text (without the blanks around it and its enclosing double quotes,
 * NUL-terminated in the line's buffer) and the 1-based byte column where it starts. */
typedef struct TabField {
    const char *s;
    int col;
} TabField;

/* A table being read: its file and current line (1-based), split into fields. */
typedef struct Tab {
    const char *path;
    FILE *fp;
    char *buf;
    size_t cap;
    int line;
    int end_col; /* the column just past the line's last byte */
    int nf; /* the line's fields; the first TAB_MAXF + 1 are in fld */
    TabField fld[TAB_MAXF + 1];
    char *err;
    size_t errlen;
} Tab;

static int is_blank(int c) { return c == ' ' || c == '\t'; }

/* An error at column col of the current line, "PATH:LINE:COL: what": -1. */
TAB_PRINTF(3, 4) static int tab_err(const Tab *t, int col, const char *fmt, ...) {
    if (!t->err || !t->errlen)
        return -1;
    int k = snprintf(t->err, t->errlen, "%s:%d:%d: ", t->path, t->line, col);
    if (k >= 0 && (size_t)k < t->errlen) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(t->err + k, t->errlen - (size_t)k, fmt, ap);
        va_end(ap);
    }
    return -1;
}

/* Open path for reading into a zeroed *t: 0, or -1 with "PATH: cannot read: why" in err. */
static int tab_open(Tab *t, const char *path, char *err, size_t errlen) {
    memset(t, 0, sizeof *t);
    t->path = path;
    t->err = err;
    t->errlen = errlen;
    t->fp = fopen(path, "r");
    if (!t->fp && err && errlen)
        snprintf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
    return t->fp ? 0 : -1;
}

static void tab_close(Tab *t) {
    free(t->buf);
    fclose(t->fp);
}

/* Split the current line into its fields (commas separate them; no quoting of commas). */
static void tab_split(Tab *t) {
    char *p = t->buf;
    for (t->nf = 0;; t->nf++) {
        char *s = p;
        while (*p && *p != ',')
            p++;
        int more = *p == ',';
        char *e = p;
        while (s < e && is_blank(*s))
            s++;
        while (e > s && is_blank(e[-1]))
            e--;
        int col = (int)(s - t->buf) + 1;
        if (e - s >= 2 && *s == '"' && e[-1] == '"')
            s++, e--;
        *e = '\0';
        if (t->nf <= TAB_MAXF)
            t->fld[t->nf] = (TabField){s, col};
        if (!more)
            break;
        p++;
    }
    t->nf++;
}

/* The next line that is neither blank nor a comment, split into fields: 1; 0 at the file's end
 * (t->line is then the line past the last); -1 with err set (a read error, a NUL byte). */
static int tab_next(Tab *t) {
    for (;;) {
        errno = 0;
        ssize_t len = getline(&t->buf, &t->cap, t->fp);
        if (len < 0) {
            if (ferror(t->fp)) {
                if (t->err && t->errlen)
                    snprintf(t->err, t->errlen, "%s: cannot read: %s", t->path,
                             strerror(errno ? errno : EIO));
                return -1;
            }
            t->line++;
            return 0;
        }
        t->line++;
        if (strlen(t->buf) != (size_t)len)
            return tab_err(t, (int)strlen(t->buf) + 1, "a NUL byte; expected text");
        if (t->line == 1 && strncmp(t->buf, "\xEF\xBB\xBF", 3) == 0) { /* a UTF-8 byte order mark */
            len -= 3;
            memmove(t->buf, t->buf + 3, (size_t)len + 1);
        }
        while (len > 0 && (t->buf[len - 1] == '\n' || t->buf[len - 1] == '\r'))
            t->buf[--len] = '\0';
        const char *p = t->buf;
        while (is_blank(*p))
            p++;
        if (*p && *p != '#') {
            t->end_col = (int)len + 1;
            tab_split(t);
            return 1;
        }
    }
}

/* The line has want fields: 0; or -1 located at the first extra field or at the line's end. */
static int tab_count(const Tab *t, int want, const char *what) {
    if (t->nf == want)
        return 0;
    return tab_err(t, t->nf > want ? t->fld[want].col : t->end_col, "%d field%s, expected %d (%s)", t->nf,
                   t->nf == 1 ? "" : "s", want, what);
}

/* The number in field f into *v: 0; 1 when f is empty or NA and none_ok; -1 after an error naming
 * what (the quantity) and expect (what is expected): empty, NA, not a number (strtod must read the
 * whole field), not finite. */
static int tab_value(const Tab *t, const TabField *f, const char *what, const char *expect, int none_ok,
                     double *v) {
    if (!*f->s || strcasecmp(f->s, "NA") == 0) {
        if (none_ok)
            return 1;
        return *f->s ? tab_err(t, f->col, "%s is NA; expected %s", what, expect)
                     : tab_err(t, f->col, "empty %s; expected %s", what, expect);
    }
    char *end;
    *v = strtod(f->s, &end);
    if (*end)
        return tab_err(t, f->col, "%s '%s' is not a number; expected %s", what, f->s, expect);
    if (!isfinite(*v))
        return tab_err(t, f->col, "%s '%s' is not finite; expected %s", what, f->s, expect);
    return 0;
}

/* tab_value, and the number must be > 0. */
static int tab_positive(const Tab *t, const TabField *f, const char *what, const char *expect, int none_ok,
                        double *v) {
    int k = tab_value(t, f, what, expect, none_ok, v);
    if (k == 0 && !(*v > 0))
        return tab_err(t, f->col, "%s '%s' is not > 0; expected %s", what, f->s, expect);
    return k;
}

/* ---- ranges of biomarkers ---------------------------------------------------------------------- */

/* The names a ranges file may use (study_ranges_read's arguments). */
typedef struct RangeNames {
    const char *const *known;
    int nknown;
    const char *const *unavailable;
    const char *why;
    int nunavailable;
} RangeNames;

#define RANGE_HEADER "biomarker,bcl,min,max"
#define RANGE_BOUND "a finite number, or nothing (or NA) for no bound on that side"

/* Does name match pat, ignoring case, each '#' of pat an integer from 1 to 99 without a leading
 * zero? Then pat's spelling with those integers into out (n bytes): 1; else 0 (also when it does
 * not fit). */
static int name_match(const char *pat, const char *name, char *out, size_t n) {
    size_t o = 0;
    for (; *pat; pat++) {
        size_t k = 1;
        if (*pat == '#') {
            if (!isdigit((unsigned char)name[0]) || name[0] == '0')
                return 0;
            k = isdigit((unsigned char)name[1]) ? 2 : 1;
            if (isdigit((unsigned char)name[k]))
                return 0;
        } else if (tolower((unsigned char)*pat) != tolower((unsigned char)*name))
            return 0;
        if (o + k >= n)
            return 0;
        memcpy(out + o, *pat == '#' ? name : pat, k);
        o += k;
        name += k;
    }
    out[o] = '\0';
    return *name == '\0';
}

/* The first of list[0 .. n-1] that name matches (its spelling into out, n bytes), or -1. */
static int name_find(const char *const *list, int n, const char *name, char *out, size_t outn) {
    for (int i = 0; i < n; i++)
        if (list[i] && name_match(list[i], name, out, outn))
            return i;
    return -1;
}

/* The biomarker of field f, in the spelling of the known list, into out (32 bytes). */
static int range_name(const Tab *t, const RangeNames *nm, const TabField *f, char *out) {
    if (name_find(nm->unavailable, nm->nunavailable, f->s, out, 32) >= 0)
        return tab_err(t, f->col, "biomarker %s cannot be used: %s", out,
                       nm->why ? nm->why : "this study cannot measure it");
    if (*f->s && name_find(nm->known, nm->nknown, f->s, out, 32) >= 0)
        return 0;
    char list[1024] = "";
    size_t len = 0;
    int hash = 0;
    for (int i = 0; i < nm->nknown && len < sizeof list; i++) {
        len += (size_t)snprintf(list + len, sizeof list - len, "%s%s", i ? ", " : "", nm->known[i]);
        hash |= strchr(nm->known[i], '#') != NULL;
    }
    if (!*f->s)
        return tab_err(t, f->col, "empty biomarker; expected one of %s%s", list,
                       hash ? " (# an integer from 1 to 99)" : "");
    return tab_err(t, f->col, "unknown biomarker '%s'; expected one of %s%s", f->s, list,
                   hash ? " (# an integer from 1 to 99)" : "");
}

/* The current line, a range, into *out; prev[0 .. nprev-1] are the ranges before it. */
static int range_row(const Tab *t, const RangeNames *nm, StudyRange *out, const StudyRange *prev, int nprev) {
    const TabField *f = t->fld;
    StudyRange r = {.line = t->line};
    if (range_name(t, nm, &f[0], r.biomarker) != 0 ||
        tab_positive(t, &f[1], "bcl", "the pacing cycle length in ms (a number > 0)", 0, &r.bcl) != 0)
        return -1;
    int lo = tab_value(t, &f[2], "min", RANGE_BOUND, 1, &r.lo);
    int hi = lo < 0 ? -1 : tab_value(t, &f[3], "max", RANGE_BOUND, 1, &r.hi);
    if (lo < 0 || hi < 0)
        return -1;
    if (lo && hi)
        return tab_err(t, f[2].col, "no bound: min and max are both empty; expected at least one");
    r.lo = lo ? -INFINITY : r.lo;
    r.hi = hi ? INFINITY : r.hi;
    if (r.lo > r.hi)
        return tab_err(t, f[2].col, "min %s is greater than max %s; expected min <= max", f[2].s, f[3].s);
    for (int i = 0; i < nprev; i++)
        if (strcmp(prev[i].biomarker, r.biomarker) == 0 && prev[i].bcl == r.bcl)
            return tab_err(
                t, f[0].col,
                "%s at bcl %g twice (line %d has it too); expected one range per biomarker and bcl",
                r.biomarker, r.bcl, prev[i].line);
    *out = r;
    return 0;
}

/* The header line: exactly biomarker,bcl,min,max. */
static int ranges_header(const Tab *t) {
    static const char *const names[4] = {"biomarker", "bcl", "min", "max"};
    for (int k = 0; k < 4 && k < t->nf; k++)
        if (strcmp(t->fld[k].s, names[k]) != 0)
            return tab_err(t, t->fld[k].col,
                           "header column %d is '%s'; expected the header " RANGE_HEADER
                           " (these names, in this order)",
                           k + 1, t->fld[k].s);
    return tab_count(t, 4, "the header " RANGE_HEADER);
}

/* The rows after the header into r (at most maxr): their number, or -1. */
static int ranges_rows(Tab *t, const RangeNames *nm, StudyRange *r, int maxr) {
    int n = 0, rc;
    while ((rc = tab_next(t)) > 0) {
        if (tab_count(t, 4, RANGE_HEADER) != 0)
            return -1;
        if (n == maxr)
            return tab_err(t, t->fld[0].col, "more than %d ranges; expected at most %d", maxr, maxr);
        if (range_row(t, nm, &r[n], r, n) != 0)
            return -1;
        n++;
    }
    if (rc < 0)
        return -1;
    if (n == 0)
        return tab_err(t, 1, "no range after the header; expected rows " RANGE_HEADER);
    return n;
}

int study_ranges_read(const char *path, const char *const *known, int nknown, const char *const *unavailable,
                      const char *why_unavailable, int nunavailable, StudyRange *r, int maxr, char *err,
                      size_t errlen) {
    RangeNames nm = {known, nknown, unavailable, why_unavailable, nunavailable};
    Tab t;
    if (tab_open(&t, path, err, errlen) != 0)
        return -1;
    int n = -1, rc = tab_next(&t);
    if (rc == 0)
        tab_err(&t, 1, "no header; expected the line " RANGE_HEADER);
    else if (rc > 0 && ranges_header(&t) == 0)
        n = ranges_rows(&t, &nm, r, maxr);
    tab_close(&t);
    return n;
}

/* The APD levels (%) that range r names, into lv: xx of "APDxx", xx and yy of "Trixx_yy"; their number. */
static int range_levels(const StudyRange *r, double lv[2]) {
    const char *s = r->biomarker;
    char *e;
    if (strncmp(s, "APD", 3) == 0 && isdigit((unsigned char)s[3]) &&
        (lv[0] = (double)strtol(s + 3, &e, 10), !*e))
        return 1;
    if (strncmp(s, "Tri", 3) != 0 || !isdigit((unsigned char)s[3]) ||
        (lv[0] = (double)strtol(s + 3, &e, 10), *e != '_') || !isdigit((unsigned char)e[1]))
        return 0;
    lv[1] = (double)strtol(e + 1, &e, 10);
    return *e ? 0 : 2;
}

/* Is the k-th value of range i (its bcl when levels is 0, else its k-th level) new among those of
 * r[0 .. i-1] and of its own values before k? */
static int range_first(const StudyRange *r, int i, int k, int levels) {
    double lv[2], mine[2];
    double v = levels ? (range_levels(&r[i], mine), mine[k]) : r[i].bcl;
    for (int j = 0; j <= i; j++) {
        int m = levels ? range_levels(&r[j], lv) : (lv[0] = r[j].bcl, 1);
        for (int q = 0; q < m && (j < i || q < k); q++)
            if (lv[q] == v)
                return 0;
    }
    return 1;
}

int study_ranges_bcls(const StudyRange *r, int n, double *bcl, int maxb) {
    int nb = 0;
    for (int i = 0; i < n; i++)
        if (range_first(r, i, 0, 0) && nb++ < maxb)
            bcl[nb - 1] = r[i].bcl;
    return nb;
}

int study_ranges_levels(const StudyRange *r, int n, double *lev, int maxl) {
    int nl = 0;
    for (int i = 0; i < n; i++) {
        double lv[2];
        for (int k = 0, m = range_levels(&r[i], lv); k < m; k++)
            if (range_first(r, i, k, 1) && nl++ < maxl)
                lev[nl - 1] = lv[k];
    }
    return nl;
}

/* ---- drug tables --------------------------------------------------------------------------------- */

/* The columns a drug table's header may name besides the per-current ones. */
enum { COL_DRUG, COL_CMAX, COL_RISK, COL_CIPA, COL_CURRENT, COL_IC50, COL_HILL, COL_NROLES };

/* A drug table's header: where each column is (index, -1 when absent). */
typedef struct DrugHdr {
    int ncol;
    int at[COL_NROLES];
    int ncur; /* the wide layout's currents: canonical name, CURRENT_IC50's and CURRENT_h's column */
    struct {
        const char *name;
        int ic50, hill;
    } cur[STUDY_MAX_BLOCK];
} DrugHdr;

#define DRUG_COLUMNS                                                                                  \
    "drug, Cmax (or therapeutic), risk (or CiPA), and CURRENT_IC50, CURRENT_h for each current (the " \
    "wide layout, CiPA's); or drug, current, IC50, hill, Cmax, risk (the long layout)"
#define DRUG_CURRENTS \
    "hERG (IKr), ICaL, INaL, INa, Ito, IKs, IK1 (CiPA's currents) or another name of docs/currents.md"
#define DRUG_IC50 "the concentration of half block in nM (a number > 0)"
#define DRUG_HILL "the Hill coefficient (a number > 0)"

/* The canonical name of a current as a table names it: CiPA's hERG is IKr, the others as
 * sc_current_canonical reads them; NULL when it names none. */
static const char *drug_current(const char *s) {
    if (strcasecmp(s, "hERG") == 0)
        return "IKr";
    return sc_current_canonical(s);
}

/* The header's column k, CURRENT_IC50 or CURRENT_h (or _hill), into h's currents. */
static int hdr_current(const Tab *t, DrugHdr *h, int k) {
    const TabField *f = &t->fld[k];
    const char *us = strrchr(f->s, '_');
    int ic50 = us && strcasecmp(us + 1, "IC50") == 0;
    if (!us || (!ic50 && strcasecmp(us + 1, "h") != 0 && strcasecmp(us + 1, "hill") != 0))
        return tab_err(t, f->col, "unknown column '%s'; expected %s", f->s, DRUG_COLUMNS);
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(us - f->s), f->s);
    const char *canon = drug_current(name);
    if (!canon)
        return tab_err(t, f->col, "unknown current '%s' in column '%s'; expected %s", name, f->s,
                       DRUG_CURRENTS);
    int c = 0;
    while (c < h->ncur && strcmp(h->cur[c].name, canon) != 0)
        c++;
    if (c == STUDY_MAX_BLOCK)
        return tab_err(t, f->col, "more than %d currents; expected at most %d", STUDY_MAX_BLOCK,
                       STUDY_MAX_BLOCK);
    if (c == h->ncur) {
        h->cur[c].name = canon;
        h->cur[c].ic50 = h->cur[c].hill = -1;
        h->ncur++;
    }
    int *slot = ic50 ? &h->cur[c].ic50 : &h->cur[c].hill;
    if (*slot >= 0)
        return tab_err(t, f->col,
                       "column '%s' gives %s's %s again (column %d, '%s'); expected each current once", f->s,
                       canon, ic50 ? "IC50" : "Hill coefficient", *slot + 1, t->fld[*slot].s);
    *slot = k;
    return 0;
}

/* The header's column k into h. */
static int hdr_column(const Tab *t, DrugHdr *h, int k) {
    static const struct {
        const char *name;
        int role;
    } roles[] = {{"drug", COL_DRUG}, {"cmax", COL_CMAX}, {"therapeutic", COL_CMAX},
                 {"risk", COL_RISK}, {"cipa", COL_CIPA}, {"current", COL_CURRENT},
                 {"ic50", COL_IC50}, {"hill", COL_HILL}, {"h", COL_HILL}};
    const TabField *f = &t->fld[k];
    if (!*f->s)
        return tab_err(t, f->col, "empty column name; expected %s", DRUG_COLUMNS);
    for (size_t i = 0; i < sizeof roles / sizeof roles[0]; i++) {
        if (strcasecmp(f->s, roles[i].name) != 0)
            continue;
        int *at = &h->at[roles[i].role];
        if (*at >= 0)
            return tab_err(t, f->col, "column '%s' repeats column %d ('%s'); expected each column once", f->s,
                           *at + 1, t->fld[*at].s);
        *at = k;
        return 0;
    }
    return hdr_current(t, h, k);
}

/* The header as a whole: one layout, its columns complete. */
static int hdr_check(const Tab *t, const DrugHdr *h) {
    const int *at = h->at;
    if (at[COL_DRUG] < 0)
        return tab_err(t, 1,
                       "no drug column; expected %s (CiPA's per-drug IC50_optimal.csv files have none: add "
                       "it, one row per drug)",
                       DRUG_COLUMNS);
    if (at[COL_RISK] >= 0 && at[COL_CIPA] >= 0) {
        int k = at[COL_RISK] > at[COL_CIPA] ? at[COL_RISK] : at[COL_CIPA];
        return tab_err(t, t->fld[k].col, "both a risk and a CiPA column; expected one of them");
    }
    if (at[COL_CURRENT] >= 0) { /* the long layout */
        int k = TAB_MAXF;
        for (int c = 0; c < h->ncur; c++) {
            k = h->cur[c].ic50 >= 0 && h->cur[c].ic50 < k ? h->cur[c].ic50 : k;
            k = h->cur[c].hill >= 0 && h->cur[c].hill < k ? h->cur[c].hill : k;
        }
        if (k < TAB_MAXF)
            return tab_err(t, t->fld[k].col,
                           "column '%s' in the long layout (the header has a current column); expected drug, "
                           "current, IC50, hill, Cmax, risk",
                           t->fld[k].s);
        if (at[COL_IC50] < 0)
            return tab_err(t, t->end_col, "no IC50 column; expected the long layout drug,current,IC50,hill");
        return 0;
    }
    int bare = at[COL_IC50] >= 0 ? at[COL_IC50] : at[COL_HILL];
    if (bare >= 0)
        return tab_err(
            t, t->fld[bare].col,
            "column '%s' names no current; expected CURRENT_IC50 and CURRENT_h (hERG_IC50, ICaL_h...), "
            "or a current column (the long layout)",
            t->fld[bare].s);
    if (h->ncur == 0)
        return tab_err(t, t->end_col, "no IC50 column; expected %s", DRUG_COLUMNS);
    for (int c = 0; c < h->ncur; c++)
        if (h->cur[c].ic50 < 0)
            return tab_err(t, t->fld[h->cur[c].hill].col,
                           "column '%s' without an IC50 column for %s; expected both columns of each current",
                           t->fld[h->cur[c].hill].s, h->cur[c].name);
    return 0;
}

/* The header line into *h. */
static int drug_header(const Tab *t, DrugHdr *h) {
    memset(h, 0, sizeof *h);
    for (int r = 0; r < COL_NROLES; r++)
        h->at[r] = -1;
    if (t->nf > TAB_MAXF)
        return tab_err(t, t->fld[TAB_MAXF].col, "more than %d columns; expected at most %d", TAB_MAXF,
                       TAB_MAXF);
    h->ncol = t->nf;
    for (int k = 0; k < t->nf; k++)
        if (hdr_column(t, h, k) != 0)
            return -1;
    return hdr_check(t, h);
}

/* The risk class of field f (a risk column's word, or cipa: CiPA's 2, 1, 0) into risk (16 bytes;
 * "" when empty or NA). */
static int drug_risk(const Tab *t, const TabField *f, int cipa, char *risk) {
    static const char *const words[3] = {"low", "intermediate", "high"};
    *risk = '\0';
    if (!*f->s || strcasecmp(f->s, "NA") == 0)
        return 0;
    for (int i = 0; i < 3; i++) {
        char digit[2] = {(char)('0' + i), '\0'};
        if (strcasecmp(f->s, cipa ? digit : words[i]) == 0) {
            strcpy(risk, words[i]);
            return 0;
        }
    }
    if (cipa)
        return tab_err(t, f->col,
                       "CiPA '%s' is not a risk class; expected 2 (high), 1 (intermediate), 0 (low) or NA",
                       f->s);
    return tab_err(t, f->col, "risk '%s' is not a risk class; expected high, intermediate, low or NA", f->s);
}

/* What a row says of its drug besides the blocks: name, Cmax (NaN when not given), risk. */
static int drug_common(const Tab *t, const DrugHdr *h, StudyDrug *d) {
    const TabField *f = &t->fld[h->at[COL_DRUG]];
    if (!*f->s || strcasecmp(f->s, "NA") == 0)
        return tab_err(t, f->col, "no drug name ('%s'); expected the drug's name", f->s);
    if (strlen(f->s) >= sizeof d->name)
        return tab_err(t, f->col, "a drug name of %zu bytes; expected at most %zu", strlen(f->s),
                       sizeof d->name - 1);
    snprintf(d->name, sizeof d->name, "%s", f->s);
    d->line = t->line;
    d->cmax = NAN;
    *d->risk = '\0';
    if (h->at[COL_CMAX] >= 0) {
        double v;
        int k = tab_positive(t, &t->fld[h->at[COL_CMAX]], "Cmax",
                             "the therapeutic concentration in nM (a number > 0), or NA", 1, &v);
        if (k < 0)
            return -1;
        d->cmax = k ? NAN : v;
    }
    int rk = h->at[COL_RISK] >= 0 ? h->at[COL_RISK] : h->at[COL_CIPA];
    return rk >= 0 ? drug_risk(t, &t->fld[rk], h->at[COL_CIPA] >= 0, d->risk) : 0;
}

/* The block of current cur from the fields ic (its IC50) and hc (its Hill coefficient; NULL
 * without a Hill column: 1) into *b: 1; 0 when the IC50 is empty or NA (not blocked); -1. */
static int drug_block(const Tab *t, const char *cur, const TabField *ic, const TabField *hc, StudyBlock *b) {
    char what[64];
    snprintf(what, sizeof what, "%s IC50", cur);
    int none = tab_positive(t, ic, what, DRUG_IC50, 1, &b->ic50);
    if (none < 0)
        return -1;
    b->hill = 1;
    snprintf(what, sizeof what, "%s Hill coefficient", cur);
    int hnone = hc ? tab_positive(t, hc, what, DRUG_HILL, 1, &b->hill) : 1;
    if (hnone < 0)
        return -1;
    if (none && hc && !hnone)
        return tab_err(t, hc->col, "%s %s without its IC50 ('%s'); expected both or neither", what, hc->s,
                       ic->s);
    if (!none && hc && hnone)
        return tab_err(t, hc->col, "%s IC50 %s without its Hill coefficient ('%s'); expected both or neither",
                       cur, ic->s, hc->s);
    snprintf(b->current, sizeof b->current, "%s", cur);
    return !none;
}

/* The index of the drug named name among d[0 .. n-1] (ignoring case), or -1. */
int study_drug_find(const StudyDrug *d, int n, const char *name) {
    for (int i = 0; i < n; i++)
        if (strcasecmp(d[i].name, name) == 0)
            return i;
    return -1;
}

/* A row of the wide layout: drug d[*n]. */
static int drug_wide(const Tab *t, const DrugHdr *h, StudyDrug *d, int *n, int maxd) {
    const TabField *fd = &t->fld[h->at[COL_DRUG]];
    StudyDrug x = {.nblock = 0};
    if (drug_common(t, h, &x) != 0)
        return -1;
    int i = study_drug_find(d, *n, x.name);
    if (i >= 0)
        return tab_err(t, fd->col, "drug '%s' twice (line %d has it too); expected one row per drug", x.name,
                       d[i].line);
    if (*n == maxd)
        return tab_err(t, fd->col, "more than %d drugs; expected at most %d", maxd, maxd);
    for (int c = 0; c < h->ncur; c++) {
        int k = drug_block(t, h->cur[c].name, &t->fld[h->cur[c].ic50],
                           h->cur[c].hill >= 0 ? &t->fld[h->cur[c].hill] : NULL, &x.block[x.nblock]);
        if (k < 0)
            return -1;
        x.nblock += k;
    }
    if (x.nblock == 0)
        return tab_err(t, fd->col,
                       "drug %s blocks no current: it has no IC50; expected an IC50 for a current at least",
                       x.name);
    d[(*n)++] = x;
    return 0;
}

/* A row of the long layout: one block of a drug, new (d[*n]) or met before. */
static int drug_long(const Tab *t, const DrugHdr *h, StudyDrug *d, int *n, int maxd) {
    const TabField *fd = &t->fld[h->at[COL_DRUG]], *fc = &t->fld[h->at[COL_CURRENT]];
    StudyDrug x = {.nblock = 0};
    StudyBlock b;
    if (drug_common(t, h, &x) != 0)
        return -1;
    const char *cur = drug_current(fc->s);
    if (!cur)
        return tab_err(t, fc->col, "unknown current '%s'; expected %s", fc->s, DRUG_CURRENTS);
    const TabField *fh = h->at[COL_HILL] >= 0 ? &t->fld[h->at[COL_HILL]] : NULL;
    int k = drug_block(t, cur, &t->fld[h->at[COL_IC50]], fh, &b);
    if (k < 0)
        return -1;
    if (k == 0)
        return tab_err(t, t->fld[h->at[COL_IC50]].col,
                       "no %s IC50 ('%s'); a row of the long layout is a block: expected its IC50 in nM (a "
                       "number > 0), and no row for a current the drug does not block",
                       cur, t->fld[h->at[COL_IC50]].s);
    int i = study_drug_find(d, *n, x.name);
    if (i < 0 && *n == maxd)
        return tab_err(t, fd->col, "more than %d drugs; expected at most %d", maxd, maxd);
    if (i < 0)
        d[i = (*n)++] = x;
    StudyDrug *y = &d[i];
    if (!isnan(x.cmax) && !isnan(y->cmax) && x.cmax != y->cmax)
        return tab_err(t, t->fld[h->at[COL_CMAX]].col,
                       "drug %s has Cmax %g on an earlier row; expected one Cmax per drug (or NA)", y->name,
                       y->cmax);
    y->cmax = isnan(y->cmax) ? x.cmax : y->cmax;
    int rk = h->at[COL_RISK] >= 0 ? h->at[COL_RISK] : h->at[COL_CIPA];
    if (*x.risk && *y->risk && strcmp(x.risk, y->risk) != 0)
        return tab_err(t, t->fld[rk].col,
                       "drug %s has risk %s on an earlier row; expected one risk per drug (or NA)", y->name,
                       y->risk);
    if (!*y->risk)
        strcpy(y->risk, x.risk);
    for (int j = 0; j < y->nblock; j++)
        if (strcmp(y->block[j].current, cur) == 0)
            return tab_err(t, fc->col,
                           "drug %s blocks %s twice (an earlier row has it too); expected one row per "
                           "drug and current",
                           y->name, cur);
    if (y->nblock == STUDY_MAX_BLOCK)
        return tab_err(t, fc->col, "drug %s blocks more than %d currents; expected at most %d", y->name,
                       STUDY_MAX_BLOCK, STUDY_MAX_BLOCK);
    y->block[y->nblock++] = b;
    return 0;
}

/* The rows after the header into d (at most maxd drugs): their number, or -1. */
static int drug_rows(Tab *t, const DrugHdr *h, StudyDrug *d, int maxd) {
    int n = 0, rc;
    while ((rc = tab_next(t)) > 0) {
        if (tab_count(t, h->ncol, "one per column of the header") != 0)
            return -1;
        if ((h->at[COL_CURRENT] >= 0 ? drug_long(t, h, d, &n, maxd) : drug_wide(t, h, d, &n, maxd)) != 0)
            return -1;
    }
    if (rc < 0)
        return -1;
    if (n == 0)
        return tab_err(t, 1, "no drug after the header; expected %s",
                       h->at[COL_CURRENT] >= 0 ? "a row per drug and current" : "a row per drug");
    return n;
}

int study_drugs_read(const char *path, StudyDrug *d, int maxd, char *err, size_t errlen) {
    Tab t;
    if (tab_open(&t, path, err, errlen) != 0)
        return -1;
    DrugHdr h;
    int n = -1, rc = tab_next(&t);
    if (rc == 0)
        tab_err(&t, 1, "no header; expected %s", DRUG_COLUMNS);
    else if (rc > 0 && drug_header(&t, &h) == 0)
        n = drug_rows(&t, &h, d, maxd);
    tab_close(&t);
    return n;
}

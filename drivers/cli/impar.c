/* impar.c: the --imp-par parameter string (see impar.h for the syntax and its meaning).
 *
 * impar_parse checks the syntax of every item and keeps the strings in one block with the items;
 * impar_apply_items resolves names and flag values against the model, runs the items once on a
 * scratch copy (which finds every error before anything changes), then once more on the caller's
 * values, printing each change. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "impar.h"
#include "starcarp_util.h"

#define EXPECTED "expected name<op>value[%] with op one of = + - * /"

#if defined(__GNUC__)
#define PRINTF_LIKE(f, a) __attribute__((format(printf, f, a)))
#else
#define PRINTF_LIKE(f, a)
#endif

/* Append printf-style text to err (NUL-terminated, truncated to errlen). */
PRINTF_LIKE(3, 4) static void append(char *err, size_t errlen, const char *fmt, ...) {
    if (!err || !errlen)
        return;
    size_t used = strlen(err);
    if (used + 1 >= errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err + used, errlen - used, fmt, ap);
    va_end(ap);
}

static int is_name_start(int c) { return isalpha((unsigned char)c) || c == '_'; }
static int is_name_char(int c) { return isalnum((unsigned char)c) || c == '_'; }

/* Whether s (no leading or trailing blanks) is NAME or NAME|NAME|... (blanks allowed around |). */
static int symbol_list(const char *s) {
    for (;;) {
        if (!is_name_start(*s))
            return 0;
        while (is_name_char(*s))
            s++;
        while (isspace((unsigned char)*s))
            s++;
        if (!*s)
            return 1;
        if (*s++ != '|')
            return 0;
        while (isspace((unsigned char)*s))
            s++;
    }
}

/* Report a malformed item: text is the item as written (len bytes), pos its number. */
static int bad_item(char *err, size_t errlen, const char *text, int len, int pos, const char *why) {
    sc_set_err(err, errlen, "--imp-par: bad item '%.*s' (item %d): %s; %s", len, text, pos, why, EXPECTED);
    return -1;
}

/* Parse one item: s[0..len) is the item of the original string (for messages), c a writable copy
 * of it (NUL-terminated, no leading or trailing blanks) that the item's strings point into. */
static int parse_item(const char *s, int len, char *c, int pos, ImparItem *it, char *err, size_t errlen) {
    char why[160];
    memset(it, 0, sizeof *it);
    it->pos = pos;
    char *p = c;
    if (!is_name_start(*p))
        return bad_item(err, errlen, s, len, pos,
                        strchr("=+-*/", *p) ? "missing parameter name" : "a name starts with a letter or _");
    while (is_name_char(*p))
        p++;
    char *name_end = p;
    while (isspace((unsigned char)*p))
        p++;
    if (!*p)
        return bad_item(err, errlen, s, len, pos, "missing operator");
    if (!strchr("=+-*/", *p)) {
        snprintf(why, sizeof why, "unexpected '%c' after the name", *p);
        return bad_item(err, errlen, s, len, pos, why);
    }
    it->op = *p++;
    *name_end = 0;
    it->name = c;
    while (isspace((unsigned char)*p))
        p++;
    if (!*p)
        return bad_item(err, errlen, s, len, pos, "missing value");
    char *end;
    double v = strtod(p, &end);
    if (end != p && !is_name_start(*p)) { /* a number ("inf" and "nan" start like names) */
        if (*end == '%')
            it->percent = 1, end++;
        while (isspace((unsigned char)*end))
            end++;
        if (*end) {
            snprintf(why, sizeof why, "unexpected '%.40s' after the value", end);
            return bad_item(err, errlen, s, len, pos, why);
        }
        if (!isfinite(v))
            return bad_item(err, errlen, s, len, pos, "the value is not a finite number");
        it->value = v;
    } else if (it->op == '=' && symbol_list(p)) {
        if (strchr(p, '|') && strcmp(it->name, "flags") != 0)
            return bad_item(err, errlen, s, len, pos, "only flags= takes several values (A|B)");
        it->sym = p;
    } else {
        snprintf(why, sizeof why, "value '%.40s' is not a number", p);
        return bad_item(err, errlen, s, len, pos, why);
    }
    if (strcmp(it->name, "flags") == 0 && (!it->sym || it->op != '='))
        return bad_item(err, errlen, s, len, pos, "flags takes symbolic values: flags=A|B");
    return 0;
}

int impar_parse(const char *str, ImparItem **items, int *n, char *err, size_t errlen) {
    *items = NULL;
    *n = 0;
    if (err && errlen)
        err[0] = 0;
    if (!str)
        return 0;
    const char *q = str;
    while (isspace((unsigned char)*q))
        q++;
    if (!*q)
        return 0;
    int count = 1;
    for (q = str; *q; q++)
        count += *q == ',';
    size_t slen = strlen(str);
    ImparItem *it = malloc((size_t)count * sizeof *it + slen + 1);
    if (!it) {
        sc_set_err(err, errlen, "--imp-par: out of memory");
        return -1;
    }
    char *copy = (char *)(it + count);
    memcpy(copy, str, slen + 1);
    const char *start = str;
    for (int i = 0; i < count; i++) {
        const char *stop = strchr(start, ',');
        if (!stop)
            stop = str + slen;
        const char *a = start, *b = stop;
        while (a < b && isspace((unsigned char)*a))
            a++;
        while (b > a && isspace((unsigned char)b[-1]))
            b--;
        if (a == b) {
            sc_set_err(err, errlen, "--imp-par: item %d is empty (two commas in a row, or a comma at an end)",
                       i + 1);
            free(it);
            return -1;
        }
        char *c = copy + (a - str);
        c[b - a] = 0;
        if (parse_item(a, (int)(b - a), c, i + 1, &it[i], err, errlen) < 0) {
            free(it);
            return -1;
        }
        start = stop + 1;
    }
    *items = it;
    *n = count;
    return 0;
}

int impar_find(const ImparModel *m, const char *name) {
    for (int i = 0; i < m->nparams; i++)
        if (strcmp(m->names[i], name) == 0)
            return i;
    for (int i = 0; i < m->nparams && m->aliases; i++)
        if (m->aliases[i] && strcmp(m->aliases[i], name) == 0)
            return i;
    /* openCARP matches its names ignoring case (its tutorial writes Gkr for GKr): so do aliases,
     * when only one fits */
    int hit = -1;
    for (int i = 0; i < m->nparams && m->aliases; i++)
        if (m->aliases[i] && strcasecmp(m->aliases[i], name) == 0) {
            if (hit >= 0)
                return -1;
            hit = i;
        }
    return hit;
}

static int nflags(const ImparModel *m, int p) { return m->nflags && m->flagnames ? m->nflags[p] : 0; }

/* Index of the symbolic value sym (len bytes) among parameter p's, or -1. */
static int flag_index(const ImparModel *m, int p, const char *sym, size_t len) {
    for (int k = 0; k < nflags(m, p); k++)
        if (strlen(m->flagnames[p][k]) == len && strncmp(m->flagnames[p][k], sym, len) == 0)
            return k;
    return -1;
}

/* Append the symbolic values of parameter p: "ENDO, MCELL, EPI". */
static void append_values(char *err, size_t errlen, const ImparModel *m, int p) {
    for (int k = 0; k < nflags(m, p); k++)
        append(err, errlen, "%s%s", k ? ", " : "", m->flagnames[p][k]);
}

/* Append every flag parameter's values: "celltype: ENDO, MCELL, EPI; sex: M, F". */
static void append_all_values(char *err, size_t errlen, const ImparModel *m) {
    int first = 1;
    for (int p = 0; p < m->nparams; p++)
        if (nflags(m, p) > 0) {
            append(err, errlen, "%s%s: ", first ? "" : "; ", m->names[p]);
            append_values(err, errlen, m, p);
            first = 0;
        }
}

static void unknown_name(const ImparModel *m, const ImparItem *it, char *err, size_t errlen) {
    sc_set_err(err, errlen, "--imp-par: unknown parameter '%s' at item %d", it->name, it->pos);
    for (int i = 0; i < m->nparams; i++) {
        const char *a = m->names[i], *b = it->name;
        while (*a && tolower((unsigned char)*a) == tolower((unsigned char)*b))
            a++, b++;
        if (!*a && !*b) {
            append(err, errlen, " (did you mean '%s'?)", m->names[i]);
            break;
        }
    }
    append(err, errlen, "; valid: ");
    for (int i = 0; i < m->nparams; i++) {
        append(err, errlen, "%s%s", i ? ", " : "", m->names[i]);
        if (m->aliases && m->aliases[i] && strcmp(m->aliases[i], m->names[i]))
            append(err, errlen, " (%s)", m->aliases[i]);
    }
    if (!m->nparams)
        append(err, errlen, "(none: the model has no parameters)");
}

/* Apply one flags=A|B item to vals. */
static int apply_flags(const ImparModel *m, const ImparItem *it, double *vals, FILE *echo, char *err,
                       size_t errlen) {
    int set[64] = {0}, nset = 0; /* parameters set by this item, to find two values of one */
    const char *s = it->sym;
    while (*s) {
        while (isspace((unsigned char)*s) || *s == '|')
            s++;
        const char *e = s;
        while (is_name_char(*e))
            e++;
        size_t len = (size_t)(e - s);
        int owner = -1, idx = -1, owners = 0;
        for (int p = 0; p < m->nparams; p++) {
            int k = flag_index(m, p, s, len);
            if (k >= 0) {
                if (owners++ == 0)
                    owner = p, idx = k;
                else if (owners == 2) {
                    sc_set_err(err, errlen,
                               "--imp-par: flag value '%.*s' at item %d is ambiguous: a value of "
                               "both '%s' and '%s'; write %s=%.*s",
                               (int)len, s, it->pos, m->names[owner], m->names[p], m->names[owner], (int)len,
                               s);
                    return -1;
                }
            }
        }
        if (owner < 0) {
            sc_set_err(err, errlen, "--imp-par: unknown flag value '%.*s' at item %d", (int)len, s, it->pos);
            int any = 0;
            for (int p = 0; p < m->nparams; p++)
                any |= nflags(m, p) > 0;
            if (any) {
                append(err, errlen, "; valid: ");
                append_all_values(err, errlen, m);
            } else {
                append(err, errlen, ": the model has no flag parameters");
            }
            return -1;
        }
        for (int j = 0; j < nset; j++)
            if (set[j] == owner) {
                sc_set_err(err, errlen, "--imp-par: two values of flag parameter '%s' at item %d ('%s')",
                           m->names[owner], it->pos, it->sym);
                return -1;
            }
        if (nset < 64)
            set[nset++] = owner;
        vals[owner] = idx;
        if (m->given)
            m->given[owner] = 1;
        if (echo)
            fprintf(echo, "%s = %.*s -> %d\n", m->names[owner], (int)len, s, idx);
        s = e;
        while (isspace((unsigned char)*s))
            s++;
    }
    return 0;
}

/* Apply one name<op>value item to vals. */
static int apply_item(const ImparModel *m, const ImparItem *it, double *vals, FILE *echo, char *err,
                      size_t errlen) {
    int p = impar_find(m, it->name);
    if (p < 0) {
        unknown_name(m, it, err, errlen);
        return -1;
    }
    int nf = nflags(m, p);
    if (nf > 0) {
        int idx = -1;
        if (it->op == '=' && it->sym)
            idx = flag_index(m, p, it->sym, strlen(it->sym));
        else if (it->op == '=' && !it->percent && it->value == floor(it->value) && it->value >= 0 &&
                 it->value < nf)
            idx = (int)it->value;
        if (idx < 0) {
            sc_set_err(err, errlen, "--imp-par: flag parameter '%s' at item %d takes one of ", it->name,
                       it->pos);
            append_values(err, errlen, m, p);
            append(err, errlen, " (or 0..%d), as %s=VALUE", nf - 1, it->name);
            return -1;
        }
        vals[p] = idx;
        if (m->given)
            m->given[p] = 1;
        if (echo)
            fprintf(echo, "%s = %s -> %d\n", it->name, it->sym ? it->sym : m->flagnames[p][idx], idx);
        return 0;
    }
    if (it->sym) {
        sc_set_err(err, errlen,
                   "--imp-par: value '%s' of '%s' at item %d is not a number ('%s' has no flag "
                   "values)",
                   it->sym, it->name, it->pos, it->name);
        return -1;
    }
    double d = m->defaults[p], v = it->percent ? it->value / 100 : it->value, cur = vals[p], r;
    switch (it->op) {
        case '=':
            r = it->percent ? v * d : v;
            break;
        case '+':
            r = cur + (it->percent ? v * d : v);
            break;
        case '-':
            r = cur - (it->percent ? v * d : v);
            break;
        case '*':
            r = cur * v;
            break;
        default:
            if (v == 0) {
                sc_set_err(err, errlen, "--imp-par: division by zero at item %d ('%s/%g%s')", it->pos,
                           it->name, it->value, it->percent ? "%" : "");
                return -1;
            }
            r = cur / v;
    }
    if (!isfinite(r)) {
        sc_set_err(err, errlen, "--imp-par: '%s' becomes %g at item %d", it->name, r, it->pos);
        return -1;
    }
    vals[p] = r;
    if (m->given)
        m->given[p] = 1;
    if (echo)
        fprintf(echo, "%s %c %.15g%s -> %.15g\n", it->name, it->op, it->value, it->percent ? "%" : "", r);
    return 0;
}

/* Run the items on vals: flags items first, then the others in order. */
static int run(const ImparModel *m, const ImparItem *items, int n, double *vals, FILE *echo, char *err,
               size_t errlen) {
    for (int phase = 0; phase < 2; phase++)
        for (int i = 0; i < n; i++) {
            int isflags = strcmp(items[i].name, "flags") == 0;
            if (isflags != (phase == 0))
                continue;
            int rc = isflags ? apply_flags(m, &items[i], vals, echo, err, errlen)
                             : apply_item(m, &items[i], vals, echo, err, errlen);
            if (rc < 0)
                return -1;
        }
    return 0;
}

int impar_apply_items(const ImparModel *m, const ImparItem *items, int n, double *values, FILE *echo,
                      char *err, size_t errlen) {
    if (err && errlen)
        err[0] = 0;
    double *tmp = malloc((size_t)(m->nparams ? m->nparams : 1) * sizeof *tmp);
    if (!tmp) {
        sc_set_err(err, errlen, "--imp-par: out of memory");
        return -1;
    }
    if (m->nparams)
        memcpy(tmp, values, (size_t)m->nparams * sizeof *tmp);
    int rc = run(m, items, n, tmp, NULL, err, errlen);
    free(tmp);
    if (rc < 0)
        return -1;
    return run(m, items, n, values, echo, err, errlen); /* cannot fail now */
}

int impar_apply(const ImparModel *m, const char *str, double *values, FILE *echo, char *err, size_t errlen) {
    ImparItem *items;
    int n;
    if (impar_parse(str, &items, &n, err, errlen) < 0)
        return -1;
    int rc = impar_apply_items(m, items, n, values, echo, err, errlen);
    free(items);
    return rc;
}

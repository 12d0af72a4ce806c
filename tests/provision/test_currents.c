/* test_currents.c: the currents' drug-block parameters (models/currents.tsv, docs/currents.md;
 * starcarp.h: sc_current_canonical, sc_model_current_*).
 *
 *   test_currents TABLE   every row of TABLE (the source tree's models/currents.tsv): four columns;
 *                         the current a canonical name, listed once per model, the model's rows
 *                         together; the model in the library; each parameter one of the file's,
 *                         listed in one row of the model only, with a default that is not 0, read
 *                         by the model (directly, or through the parameters derived from it);
 *                         derived from another parameter exactly when the note says "derived:",
 *                         and none derived from another of its row; sc_model_current_params giving
 *                         the same parameters; where the model traces the current, the current
 *                         halved exactly by halving them (check_halved); sc_model_current_traces
 *                         giving the note's variables as the model's traces, or refusing the one
 *                         not traced (check_traces); an ICaL of several variables naming its
 *                         calcium part ("calcium part: ", some of them), no other row doing so.
 *                         Then the names: aliases, case and '_' ignored, an unknown current refused
 *                         with the model's list.
 *                         TEST_CURRENTS_VERBOSE=1 prints every halved current.
 * The full library (SC_TEST_FULL_LIBRARY, from an empty STARCARP_MODELS) must have every row's
 * model; a build of a few models skips the rows of the others, found absent from its registry
 * (sc_model_count, sc_model_at), and says how many. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "starcarp.h"
#include "test.h"

#ifndef SC_TEST_FULL_LIBRARY
#define SC_TEST_FULL_LIBRARY 1
#endif

enum { MAX_ROWS = 2048, MAX_PARAMS = 16 };

typedef struct Row {
    char *model, *current, *params, *note;
} Row;

/* The rows of the table text (modified in place), at most MAX_ROWS; a line that has not four
 * columns is a failed check. Returns their number. */
static int parse(char *text, Row *rows) {
    int n = 0;
    for (char *line = text, *next; line && *line && n < MAX_ROWS; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        if (*line == '#' || !*line)
            continue;
        char *col[5] = {0};
        int k = 0;
        for (char *c = line; c && k < 5; k++) {
            col[k] = c;
            c = strchr(c, '\t');
            if (c)
                *c++ = '\0';
        }
        if (k != 4)
            fprintf(stderr, "a row of %d columns (4 wanted): %s\n", k, line);
        ASSERT_EQ_INT(4, k);
        if (k == 4)
            rows[n++] = (Row){col[0], col[1], col[2], col[3]};
    }
    return n;
}

/* The library entry of stem `name` in this build's registry, or NULL. */
static const ScModelEntry *built(const char *name) {
    for (int i = 0; i < sc_model_count(); i++)
        if (!strcmp(sc_model_at(i)->name, name))
            return sc_model_at(i);
    return NULL;
}

/* n bytes of memory, or the end of the test program. */
static void *xcalloc(size_t n) {
    void *p = calloc(n + 1, 1);
    if (!p) {
        fprintf(stderr, "test_currents: out of memory\n");
        exit(1);
    }
    return p;
}

/* Is parameter k of d computed from the others (ScModelDesc.param_derive recomputes it)? */
static int derived(const ScModelDesc *d, int k) {
    double *t = xcalloc(sizeof(double) * (size_t)d->nparams);
    memcpy(t, d->param_defaults, sizeof(double) * (size_t)d->nparams);
    double set = t[k] * 2.0 + 1.0;
    t[k] = set;
    d->param_derive(t, NULL);
    int r = !(t[k] == set);
    free(t);
    return r;
}

/* Does parameter q of d move when parameter k changes (q derived from k) in values v? */
static int moves(const ScModelDesc *d, const double *v, int k, int q) {
    size_t n = (size_t)d->nparams;
    double *t = xcalloc(sizeof(double) * n), *base = xcalloc(sizeof(double) * n);
    unsigned char *given = xcalloc(n);
    given[k] = 1;
    memcpy(base, v, sizeof(double) * n);
    d->param_derive(base, given);
    memcpy(t, base, sizeof(double) * n);
    t[k] = base[k] * 1.25 + 0.125;
    d->param_derive(t, given);
    int r = !(t[q] == base[q]);
    free(t), free(base), free(given);
    return r;
}

/* Does parameter k of d reach an equation: read itself (param_read), or a parameter derived from it
 * that is read moves with it, every parameter first moved off its default (so that a factor that is
 * 0 at the defaults, as FCell in Zhang 2000's central cell, hides nothing)? */
static int takes_effect(const ScModelDesc *d, int k) {
    if (d->param_read[k])
        return 1;
    double *v = xcalloc(sizeof(double) * (size_t)d->nparams);
    for (int q = 0; q < d->nparams; q++)
        v[q] = d->param_defaults[q] * 1.0625 + 0.03125;
    int hit = 0;
    for (int q = 0; q < d->nparams && !hit; q++)
        hit = q != k && d->param_read[q] && moves(d, v, k, q);
    free(v);
    return hit;
}

/* The sum of traces tr[0..ntr) of m evaluated (no step taken: SC_STEP_IION_ONLY; the lookup
 * tables exact) with the parameter set v, at a state where every current flows: each state of the
 * defaults' initial state moved to x * 0.9 + 0.05 (gates that start at 0 opened), Vm = 10 mV. */
static double traced_sum(const ScModelEntry *m, const double *v, const int *tr, int ntr) {
    const ScModelDesc *d = m->desc;
    double *pc = xcalloc(sizeof(double) * (size_t)(d->nparams + d->nconsts));
    double *sv = xcalloc(sizeof(double) * (size_t)d->nsv),
           *ext = xcalloc(sizeof(double) * (size_t)d->nexternals);
    double *out = xcalloc(sizeof(double) * (size_t)d->ntraces), vm = 0, iion = 0;
    memcpy(pc, d->param_defaults, sizeof(double) * (size_t)d->nparams);
    d->consts(pc);
    d->init(pc, sv, &vm); /* the defaults' state, so that only the parameters differ */
    for (int q = 0; q < d->nstates; q++)
        sv[q] = sv[q] * 0.9 + 0.05;
    vm = 10.0;
    memcpy(pc, v, sizeof(double) * (size_t)d->nparams);
    d->consts(pc);
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    memset(a.vary, -1, sizeof a.vary);
    a.n = 1, a.sv = sv, a.vm = &vm, a.iion = &iion, a.ext = ext, a.pc = pc, a.dt = 0.01, a.nsteps = 1;
    a.flags = SC_STEP_IION_ONLY | SC_STEP_NO_LUT | SC_STEP_NO_WATCH;
    a.out_every = 1, a.out_tr = out;
    d->c_run[0](&a);
    double sum = 0;
    for (int k = 0; k < ntr; k++)
        sum += out[tr[k]];
    free(pc), free(sv), free(ext), free(out);
    return sum;
}

/* Row r of model m, its parameters k[0..n) by index: the current (the sum of the note's variables,
 * when the model traces them all; traced_sum's state) is halved exactly when they are halved
 * (derived ones following), or, where the note says it follows only approximately or is a part of
 * the variable, it falls. 1 when
 * compared, 0 when a variable is not traced or the current is 0 there and the note says it is off by
 * default (a current of 0 is a failure otherwise: nothing would have been compared). */
static int check_halved(const ScModelEntry *m, const Row *r, const int *k, int n) {
    const ScModelDesc *d = m->desc;
    int tr[16], ntr = 0;
    char vars[512];
    snprintf(vars, sizeof vars, "%.*s", (int)strcspn(r->note, ";"), r->note);
    for (char *p = strtok(vars, " +"); p; p = strtok(NULL, " +")) {
        int t = -1;
        for (int j = 0; j < d->ntraces && t < 0; j++)
            t = strcmp(d->trace_names[j], p) ? -1 : j;
        if (t < 0 || ntr == 16)
            return 0;
        tr[ntr++] = t;
    }
    double *v = xcalloc(sizeof(double) * (size_t)d->nparams);
    unsigned char *given = xcalloc((size_t)d->nparams);
    memcpy(v, d->param_defaults, sizeof(double) * (size_t)d->nparams);
    double full = traced_sum(m, v, tr, ntr);
    for (int j = 0; j < n; j++)
        v[k[j]] *= 0.5, given[k[j]] = 1;
    d->param_derive(v, given);
    double half = traced_sum(m, v, tr, ntr);
    free(v), free(given);
    if (full == 0.0 && half == 0.0 && strstr(r->note, "off by default"))
        return 0; /* ToR-ORd's IKATP: nothing to compare */
    /* a row the note says follows approximately, or that is a part of the variable (Beeler-Reuter's
       i_Na: its gated part INa, its constant part INab): the variable falls */
    int approx = strstr(r->note, "approximately") || strstr(r->note, "a part of it");
    int ok = approx ? fabs(half) < fabs(full) : fabs(half - 0.5 * full) <= 1e-9 * fabs(full) && full != 0.0;
    if (!ok || getenv("TEST_CURRENTS_VERBOSE"))
        fprintf(stderr, "%s %s: %.10g at the defaults, %.10g with its parameters halved%s\n", r->model,
                r->current, full, half, approx ? " (the note says approximately, or a part)" : "");
    ASSERT(ok);
    return 1;
}

/* Row r's parameters against model m: indices into k (their number returned, -1 after a failed
 * check); each the file's own, not 0 by default, taking effect, derived exactly when the note says
 * so, none derived from another of the row. */
static int check_params(const ScModelEntry *m, const Row *r, int *k) {
    const ScModelDesc *d = m->desc;
    int n = 0, said_derived = strstr(r->note, "derived:") != NULL, any_derived = 0;
    char names[512];
    snprintf(names, sizeof names, "%s", r->params);
    for (char *p = strtok(names, ","); p; p = strtok(NULL, ",")) {
        int idx = sc_model_param_index(m, p);
        if (idx < 0 || strcmp(d->param_names[idx], p) || n == MAX_PARAMS) {
            fprintf(stderr, "%s %s: '%s' is not a parameter of the file\n", r->model, r->current, p);
            ASSERT(idx >= 0 && !strcmp(d->param_names[idx], p) && n < MAX_PARAMS);
            return -1;
        }
        if (d->param_defaults[idx] == 0.0 || !takes_effect(d, idx))
            fprintf(stderr, "%s %s: %s is %s\n", r->model, r->current, p,
                    d->param_defaults[idx] == 0.0 ? "0 by default" : "read by no equation");
        ASSERT(d->param_defaults[idx] != 0.0);
        ASSERT(takes_effect(d, idx));
        any_derived |= derived(d, idx);
        k[n++] = idx;
    }
    if (any_derived != said_derived)
        fprintf(stderr, "%s %s: a parameter is %sderived but the note says %s\n", r->model, r->current,
                any_derived ? "" : "not ", said_derived ? "so" : "nothing");
    ASSERT_EQ_INT(said_derived, any_derived);
    for (int a = 0; a < n; a++)
        for (int b = 0; b < n; b++)
            if (a != b && moves(d, d->param_defaults, k[a], k[b])) {
                fprintf(stderr, "%s %s: %s follows %s: scaling both scales it twice\n", r->model, r->current,
                        d->param_names[k[b]], d->param_names[k[a]]);
                ASSERT(0);
            }
    return n;
}

/* Row r's variables (the note before "; ") into vars (modified copies, at most 16): their number. */
static int note_vars(const char *note, char *buf, size_t n, char **vars) {
    snprintf(buf, n, "%.*s", (int)strcspn(note, ";"), note);
    int nv = 0;
    for (char *p = strtok(buf, " +"); p && nv < 16; p = strtok(NULL, " +"))
        vars[nv++] = p;
    return nv;
}

/* Row r's "calcium part: " (table only): in an ICaL row of several variables, some of them; in no
 * other row. */
static void check_calcium_part(const Row *r) {
    char buf[512], *vars[16], part[512], *pv[16];
    int nv = note_vars(r->note, buf, sizeof buf, vars);
    const char *cp = strstr(r->note, "calcium part: ");
    int want = !strcmp(r->current, "ICaL") && nv > 1;
    if (!cp != !want)
        fprintf(stderr, "%s %s: %s\n", r->model, r->current,
                want ? "several variables and no \"calcium part: \""
                     : "a \"calcium part: \" where none belongs");
    ASSERT(!cp == !want);
    if (!cp || !want)
        return;
    int np = note_vars(cp + strlen("calcium part: "), part, sizeof part, pv), in = 0;
    for (int j = 0; j < np; j++)
        for (int k = 0; k < nv; k++)
            in += !strcmp(pv[j], vars[k]);
    ASSERT(np >= 1 && np < nv && in == np);
}

/* sc_model_current_traces of row r of m: the note's variables as trace indices when m traces them
 * all, else -1 naming the first it does not trace. */
static void check_traces(const ScModelEntry *m, const Row *r) {
    const ScModelDesc *d = m->desc;
    char buf[512], *vars[16], err[512];
    int nv = note_vars(r->note, buf, sizeof buf, vars), idx[16];
    int got = sc_model_current_traces(m, r->current, idx, 16, err, sizeof err);
    for (int j = 0; j < nv; j++) {
        int t = -1;
        for (int k = 0; k < d->ntraces && t < 0; k++)
            t = strcmp(d->trace_names[k], vars[j]) ? -1 : k;
        if (t < 0) { /* the first not traced is refused by name */
            ASSERT_EQ_INT(-1, got);
            ASSERT(got == -1 && strstr(err, vars[j]) && strstr(err, "not traced"));
            return;
        }
        ASSERT(got == nv && idx[j] == t);
    }
}

static int halved_rows; /* rows whose current was compared halved (check_halved) */

/* Row i of rows against the library; 1 when checked, 0 when its model is not in this build. */
static int check_row(const Row *rows, int i) {
    const Row *r = &rows[i];
    const char *canon = sc_current_canonical(r->current);
    if (!canon || strcmp(canon, r->current))
        fprintf(stderr, "%s: '%s' is not a canonical name\n", r->model, r->current);
    ASSERT(canon && !strcmp(canon, r->current));
    for (int j = 0; j < i; j++) {
        if (strcmp(rows[j].model, r->model))
            continue;
        if (!strcmp(rows[j].current, r->current))
            fprintf(stderr, "%s lists %s twice\n", r->model, r->current);
        ASSERT(strcmp(rows[j].current, r->current));
        if (j < i - 1 && strcmp(rows[i - 1].model, r->model))
            fprintf(stderr, "the rows of %s are not together\n", r->model);
        ASSERT(j == i - 1 || !strcmp(rows[i - 1].model, r->model));
    }
    ASSERT(*r->note && *r->note != ';'); /* the file's variables first */
    check_calcium_part(r);
    if (!built(r->model)) {
        if (SC_TEST_FULL_LIBRARY)
            fprintf(stderr, "%s (row %s): not in the library\n", r->model, r->current);
        ASSERT(!SC_TEST_FULL_LIBRARY);
        return 0;
    }
    char err[1024];
    const ScModelEntry *m = sc_model_lookup(r->model, NULL, err, sizeof err);
    if (!m)
        fprintf(stderr, "%s: %s\n", r->model, err);
    ASSERT(m != NULL && !strcmp(m->name, r->model));
    if (!m)
        return 1;
    int k[MAX_PARAMS], got[MAX_PARAMS];
    int n = check_params(m, r, k);
    if (n < 0)
        return 1;
    ASSERT_EQ_INT(n, sc_model_current_params(m, r->current, got, MAX_PARAMS, err, sizeof err));
    for (int j = 0; j < n; j++)
        ASSERT_EQ_INT(k[j], got[j]);
    halved_rows += check_halved(m, r, k, n);
    check_traces(m, r);
    return 1;
}

/* No parameter of a model in two of its rows (a drug blocking both would scale it twice). */
static void check_shared(const Row *rows, int n) {
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n && !strcmp(rows[j].model, rows[i].model); j++) {
            char a[512];
            snprintf(a, sizeof a, "%s", rows[i].params);
            for (char *p = strtok(a, ","); p; p = strtok(NULL, ",")) {
                size_t len = strlen(p);
                const char *q = rows[j].params;
                int hit = 0;
                for (; *q; q += strcspn(q, ","), q += *q == ',')
                    hit |= strcspn(q, ",") == len && !strncmp(q, p, len);
                if (hit)
                    fprintf(stderr, "%s: %s in %s and %s\n", rows[i].model, p, rows[i].current,
                            rows[j].current);
                ASSERT(!hit);
            }
        }
}

/* Each built model has as many currents as the table has rows of it. */
static void check_counts(const Row *rows, int n) {
    for (int i = 0; i < sc_model_count(); i++) {
        const ScModelEntry *m = sc_model_at(i);
        int want = 0;
        for (int j = 0; j < n; j++)
            want += !strcmp(rows[j].model, m->name);
        ASSERT_EQ_INT(want, sc_model_current_count(m));
        for (int j = 0; j < want; j++)
            ASSERT(sc_model_current_name(m, j) && sc_model_current_note(m, j));
        ASSERT(!sc_model_current_name(m, want) && !sc_model_current_name(m, -1));
        if (!want) { /* a model without currents (phenomenological) refuses any */
            char err[512];
            ASSERT_EQ_INT(-1, sc_model_current_params(m, "IKr", NULL, 0, err, sizeof err));
            ASSERT(strstr(err, "has no current 'IKr'") != NULL);
        }
    }
}

/* The canonical names and their aliases, ignoring case and '_'. */
static void test_names(void) {
    static const char *const canon[] = {"INa",   "INaL",  "ICaL", "ICaT", "IKr",  "IKs",  "IK",
                                        "IK1",   "Ito",   "IKur", "Isus", "If",   "IKp",  "IKb",
                                        "IKATP", "IKACh", "IKNa", "INCX", "INaK", "IpCa", "INab",
                                        "ICab",  "IClCa", "IClb", "Ib",   "InsCa"};
    for (size_t i = 0; i < sizeof canon / sizeof *canon; i++)
        ASSERT_EQ_STR(canon[i], sc_current_canonical(canon[i]));
    ASSERT_EQ_STR("INCX", sc_current_canonical("INaCa"));
    ASSERT_EQ_STR("INCX", sc_current_canonical("i_naca"));
    ASSERT_EQ_STR("INCX", sc_current_canonical("incx"));
    ASSERT_EQ_STR("IKr", sc_current_canonical("I_Kr"));
    ASSERT_EQ_STR("ICaL", sc_current_canonical("ical"));
    ASSERT_EQ_STR("IClCa", sc_current_canonical("Ito2"));
    ASSERT_EQ_STR("Isus", sc_current_canonical("IKss"));
    ASSERT_EQ_STR("If", sc_current_canonical("IHCN"));
    ASSERT_EQ_STR("IpCa", sc_current_canonical("ICaP"));
    ASSERT_EQ_STR("INab", sc_current_canonical("IbNa"));
    ASSERT(sc_current_canonical("Itof") == NULL); /* Ito is both components: no alias of one */
    ASSERT(sc_current_canonical("Itos") == NULL);
    ASSERT(sc_current_canonical("IKrr") == NULL);
    ASSERT(sc_current_canonical("") == NULL);
    ASSERT(sc_current_canonical(NULL) == NULL);
}

/* Lookups through a built model with INCX and IKr rows (ohara_rudy_2011_endo when built). */
static void test_lookups(void) {
    const ScModelEntry *m = built("ohara_rudy_2011_endo");
    int want[MAX_PARAMS], got[MAX_PARAMS];
    char err[1024];
    for (int i = 0; i < sc_model_count() && !m; i++)
        if (sc_model_current_params(sc_model_at(i), "INCX", NULL, 0, err, sizeof err) > 0 &&
            sc_model_current_params(sc_model_at(i), "IKr", NULL, 0, err, sizeof err) > 0)
            m = sc_model_at(i);
    if (!m) {
        printf("no model of this build has INCX and IKr rows: lookups not tried\n");
        return;
    }
    int n = sc_model_current_params(m, "INCX", want, MAX_PARAMS, err, sizeof err);
    ASSERT(n > 0);
    static const char *const same[] = {"INaCa", "inaca", "I_NaCa", "incx"};
    for (size_t s = 0; s < sizeof same / sizeof *same; s++) {
        ASSERT_EQ_INT(n, sc_model_current_params(m, same[s], got, MAX_PARAMS, err, sizeof err));
        for (int j = 0; j < n && j < MAX_PARAMS; j++)
            ASSERT_EQ_INT(want[j], got[j]);
    }
    n = sc_model_current_params(m, "IKr", want, MAX_PARAMS, err, sizeof err);
    ASSERT_EQ_INT(n, sc_model_current_params(m, "ikr", got, MAX_PARAMS, err, sizeof err));
    ASSERT(n > 0 && want[0] == got[0]);
    ASSERT_EQ_INT(n, sc_model_current_params(m, "IKr", NULL, 0, err, sizeof err)); /* counts only */
    /* refused, with the model's currents */
    ASSERT_EQ_INT(-1, sc_model_current_params(m, "IKur_x", got, MAX_PARAMS, err, sizeof err));
    char head[256];
    snprintf(head, sizeof head, "%s has no current 'IKur_x'; its currents: %s, ", m->name,
             sc_model_current_name(m, 0));
    ASSERT(!strncmp(err, head, strlen(head)));
    for (int i = 0; i < sc_model_current_count(m); i++)
        ASSERT(strstr(err, sc_model_current_name(m, i)) != NULL);
    ASSERT_EQ_INT(-1, sc_model_current_params(m, "Itof", got, MAX_PARAMS, err, sizeof err));
    ASSERT_EQ_INT(-1, sc_model_current_params(m, NULL, got, MAX_PARAMS, err, sizeof err));
    ASSERT_EQ_INT(0, sc_model_current_count(NULL));
    if (!strcmp(m->name, "ohara_rudy_2011_endo")) {
        static const char want_err[] =
            "ohara_rudy_2011_endo has no current 'IKur'; its currents: INa, INaL, ICaL, IKr";
        ASSERT_EQ_INT(-1, sc_model_current_params(m, "IKur", got, MAX_PARAMS, err, sizeof err));
        ASSERT(!strncmp(err, want_err, strlen(want_err)));
        ASSERT_EQ_INT(1, sc_model_current_params(m, "ICaL", got, MAX_PARAMS, err, sizeof err));
        ASSERT_EQ_STR("PCa_b", m->desc->param_names[got[0]]); /* PCa, PCaNa, PCaK follow it */
    }
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: test_currents models/currents.tsv\n");
        return 2;
    }
    char *text = t_read_file(argv[1]);
    if (!text) {
        fprintf(stderr, "test_currents: cannot read %s\n", argv[1]);
        return 1;
    }
    static Row rows[MAX_ROWS];
    int n = parse(text, rows), checked = 0, skipped = 0;
    ASSERT(n > 0 && n < MAX_ROWS);
    for (int i = 0; i < n; i++) {
        if (check_row(rows, i))
            checked++;
        else
            skipped++;
    }
    check_shared(rows, n);
    check_counts(rows, n);
    T_RUN(test_names, test_lookups);
    printf("%d rows: %d checked (%d of them with the current traced: halved with its parameters), %d rows "
           "of models not in this build%s\n",
           n, checked, halved_rows, skipped,
           SC_TEST_FULL_LIBRARY ? " (the full library: none may be missing)" : " (STARCARP_MODELS)");
    free(text);
    return TEST_DONE();
}

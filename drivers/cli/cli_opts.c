/* cli_opts.c: the option layer of the `starcarp` command (cli_opts.h): values read and checked
 * against a table, and the table of the options commands share. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "starcarp_model.h"
#include "starcarp_util.h"

#define R(field) offsetof(CliRun, field)
/* The shared options, each with the commands that take it (sc-bench-cpu: microbench/cpu_speed.c). Two
 * --precision rows: benchmark, which runs both precisions in one go, takes the second. */
static const CliOpt run_opts[] = {
    // clang-format off
    {.name = "--dt", .opencarp = "bench -D/--dt; a .par file's dt (us)", .type = CLI_POS, .hi = INFINITY,
     .accepts = "a positive number of ms", .help = "MS  time step", .off = R(dt),
     .commands = "bench tissue methods study"},
    {.name = "--steps-per-task", .alias = "--k", .type = CLI_INT, .lo = 1, .hi = 1e9,
     .accepts = "a positive integer (time steps)", .help = "K  time steps per task",
     .off = R(steps_per_task), .commands = "bench benchmark calibrate sc-bench-cpu study"},
    {.name = "--precision", .type = CLI_CHOICE, .choices = "double,single,64,32",
     .accepts = "double, single (or 64, 32)", .help = "P  double or single (default double)",
     .off = R(precision), .commands = "bench calibrate study"},
    {.name = "--precision", .type = CLI_CHOICE, .choices = "double,single,both",
     .accepts = "double, single, both", .help = "P  double, single or both (default double)",
     .off = R(precision), .commands = "benchmark"},
    {.name = "--ncpu", .type = CLI_INT, .hi = 1e6, .accepts = "a non-negative integer (CPU workers)",
     .help = "N  CPU workers StarPU starts (default: every core)", .off = R(ncpu),
     .commands = "bench tissue benchmark calibrate devices study"},
    {.name = "--ngpu", .type = CLI_INT, .hi = 1e6, .accepts = "a non-negative integer (GPU workers)",
     .help = "N  GPU workers StarPU starts (default: every GPU)", .off = R(ngpu),
     .commands = "bench tissue benchmark calibrate devices study"},
    {.name = "--methods", .type = CLI_METHODS,
     .accepts = "auto, file, or FROM=TO[,...] method overrides (vm=cvode)",
     .help = "M  integration methods: auto (default), file or replacements like cvode=fe", .off = R(methods),
     .commands = "bench tissue study"},
    {.name = "--models", .type = CLI_STR, .accepts = "a list of models",
     .help = "LIST  library models or .model files, comma-separated, or 'all' (default:\n"
             "                      " CLI_DEFAULT_MODELS ")", .off = R(models),
     .commands = "benchmark calibrate"},
    {.name = "--csv", .type = CLI_STR, .accepts = "a file name", .help = "FILE  the figures as CSV",
     .off = R(csv), .commands = "benchmark calibrate sc-bench-cpu"},
    {.name = "--png", .type = CLI_STR, .accepts = "a file name",
     .help = "FILE  the figures as a picture", .off = R(png), .commands = "benchmark calibrate sc-bench-cpu"},
    // clang-format on
};
#undef R
#define NRUN ((int)(sizeof run_opts / sizeof run_opts[0]))

const CliOpt *cli_opt_find(const CliOpt *tab, int n, const char *arg, const char **value) {
    *value = NULL;
    for (int k = 0; k < n; k++)
        for (int s = 0; s < 2; s++) {
            const char *nm = s ? tab[k].alias : tab[k].name;
            size_t len = nm ? strlen(nm) : 0;
            if (!nm || strncmp(arg, nm, len) != 0 || (arg[len] && arg[len] != '='))
                continue;
            if (arg[len] == '=' && tab[k].type != CLI_FLAG)
                *value = arg + len + 1;
            else if (arg[len])
                continue;
            return &tab[k];
        }
    return NULL;
}

int cli_opt_double(const char *s, double *x) {
    char *end;
    errno = 0;
    *x = strtod(s, &end);
    return end != s && *end == '\0' && isfinite(*x);
}

int cli_opt_long(const char *s, long *x) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end != s && *end == '\0' && errno == 0) {
        *x = v;
        return 1;
    }
    double dv;
    if (!cli_opt_double(s, &dv) || dv != floor(dv) || fabs(dv) > 1e15)
        return 0;
    *x = (long)dv;
    return 1;
}

int cli_opt_doubles(const char *s, const char *sep, double *x, int max) {
    char buf[1024];
    if (strlen(s) >= sizeof buf)
        return -1;
    strcpy(buf, s);
    int n = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, sep, &save); t; t = strtok_r(NULL, sep, &save), n++)
        if (n == max || !cli_opt_double(t, &x[n]))
            return -1;
    return n;
}

/* The index of word val among the words separated by the character sep, or -1. */
static int word_index(const char *words, char sep, const char *val) {
    size_t n = strlen(val);
    int k = 0;
    const char seps[2] = {sep, '\0'};
    for (const char *w = words; *w; k++) {
        size_t len = strcspn(w, seps);
        if (len == n && n && !strncmp(w, val, n))
            return k;
        w += len + (w[len] == sep);
    }
    return -1;
}

/* A CLI_REALS or CLI_INTS value: its items within [lo, hi], nmin to nmax of them, times scale,
 * into the field and the count into count_off. 1, or 0 (not such a list). */
static int set_list(const CliOpt *d, const char *val, void *base) {
    double x[64];
    int n = d->nmax <= 64 ? cli_opt_doubles(val, ",", x, d->nmax) : -1;
    if (n < d->nmin || n < 1)
        return 0;
    char *field = (char *)base + d->off;
    double scale = d->scale != 0 ? d->scale : 1;
    for (int k = 0; k < n; k++) {
        long v = (long)x[k];
        if (x[k] < d->lo || x[k] > d->hi || (d->type == CLI_INTS && (double)v != x[k]))
            return 0;
        if (d->type == CLI_INTS)
            memcpy(field + (size_t)k * sizeof v, &v, sizeof v);
        else {
            x[k] *= scale;
            memcpy(field + (size_t)k * sizeof x[k], &x[k], sizeof x[k]);
        }
    }
    memcpy((char *)base + d->count_off, &n, sizeof n);
    return 1;
}

const CliOpt *cli_opt_named(const CliOpt *tab, int n, const char *name) {
    for (int k = 0; k < n; k++)
        if (!strcmp(tab[k].name, name) || (tab[k].alias && !strcmp(tab[k].alias, name)))
            return &tab[k];
    return NULL;
}

int cli_opt_set(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    char *field = (char *)base + d->off;
    double x, scale = d->scale != 0 ? d->scale : 1;
    long n;
    int ok = 1, one = 1, k;
    switch (d->type) {
        case CLI_CALL:
            return d->call(d, as, val, base, err, errlen);
        case CLI_REFUSED:
            sc_set_err(err, errlen, "%s is not supported by starcarp: %s", as, d->accepts);
            return -1;
        case CLI_REALS:
        case CLI_INTS:
            ok = set_list(d, val, base);
            break;
        case CLI_FLAG:
            memcpy(field, &one, sizeof one);
            return 0;
        case CLI_STR:
            if ((ok = *val != '\0'))
                memcpy(field, &val, sizeof val);
            break;
        case CLI_INT:
            if ((ok = cli_opt_long(val, &n) && n >= d->lo && n <= d->hi))
                memcpy(field, &n, sizeof n);
            break;
        case CLI_REAL:
        case CLI_POS:
            ok = cli_opt_double(val, &x) && x <= d->hi && (d->type == CLI_POS ? x > 0 : x >= d->lo);
            x *= scale;
            if (ok)
                memcpy(field, &x, sizeof x);
            break;
        case CLI_METHODS:
            if ((ok = *val != '\0')) {
                ScMethods m = sc_methods_parse(val);
                memcpy(field, &m, sizeof m);
            }
            break;
        case CLI_CHOICE:
            if ((k = word_index(d->choices, ',', val)) < 0) {
                sc_set_err(err, errlen, "%s: accepted values are %s (got '%s')", as, d->accepts, val);
                return -1;
            }
            memcpy(field, &k, sizeof k);
            return 0;
    }
    if (!ok)
        sc_set_err(err, errlen, "%s expects %s, got '%s'", as, d->accepts, val);
    return ok ? 0 : -1;
}

int cli_opt_take(const CliOpt *tab, int n, int argc, char **argv, int *i, void *base, char *err,
                 size_t errlen) {
    const char *val;
    const CliOpt *d = cli_opt_find(tab, n, argv[*i], &val);
    if (!d)
        return 0;
    char as[64];
    snprintf(as, sizeof as, "%.*s", (int)strcspn(argv[*i], "="), argv[*i]);
    if (d->type == CLI_REFUSED)
        return cli_opt_set(d, as, "", base, err, errlen) == 0 ? 1 : -1;
    if (d->type != CLI_FLAG && !val) {
        if (*i + 1 >= argc) {
            sc_set_err(err, errlen, "%s needs %s (see --help)", as, d->accepts);
            return -1;
        }
        val = argv[++*i];
    }
    return cli_opt_set(d, as, val, base, err, errlen) == 0 ? 1 : -1;
}

CliRun cli_run_defaults(void) {
    return (CliRun){.dt = SC_DEFAULT_DT,
                    .steps_per_task = SC_DEFAULT_K,
                    .precision = SC_DOUBLE,
                    .ncpu = -1,
                    .ngpu = -1,
                    .models = CLI_DEFAULT_MODELS};
}

/* 1 when the space-separated words of list hold word (0 when either is NULL). */
static int has_word(const char *list, const char *word) {
    return list && word && word_index(list, ' ', word) >= 0;
}

const CliOpt *cli_run_opt(const char *cmd, const char *name) {
    for (int k = 0; k < NRUN; k++)
        if (!strcmp(run_opts[k].name, name) && has_word(run_opts[k].commands, cmd))
            return &run_opts[k];
    return NULL;
}

/* --precision's word index (stored as an int: CLI_CHOICE) to SC_DOUBLE, SC_SINGLE or
 * CLI_PRECISION_BOTH. */
_Static_assert(sizeof(ScPrecision) == sizeof(int), "--precision's index is stored in CliRun.precision");
static void precision_of_index(const CliOpt *d, CliRun *r) {
    static const ScPrecision both[] = {SC_DOUBLE, SC_SINGLE, CLI_PRECISION_BOTH},
                             one[] = {SC_DOUBLE, SC_SINGLE, SC_DOUBLE, SC_SINGLE};
    int k;
    memcpy(&k, &r->precision, sizeof k);
    r->precision = !strcmp(d->choices, "double,single,both") ? both[k] : one[k];
}

int cli_run_take(const char *cmd, int argc, char **argv, int *i, CliRun *r, char *err, size_t errlen) {
    CliOpt mine[NRUN];
    int n = 0;
    for (int k = 0; k < NRUN; k++)
        if (has_word(run_opts[k].commands, cmd))
            mine[n++] = run_opts[k];
    const char *val;
    const CliOpt *d = cli_opt_find(mine, n, argv[*i], &val);
    int rc = cli_opt_take(mine, n, argc, argv, i, r, err, errlen);
    if (rc == 1 && d->type == CLI_CHOICE)
        precision_of_index(d, r);
    return rc;
}

const CliOpt *cli_run_set(const char *cmd, const char *name, const char *val, CliRun *r, char *err,
                          size_t errlen) {
    const CliOpt *d = cli_run_opt(cmd, name);
    if (!d) {
        sc_set_err(err, errlen, "%s: not a shared option", name);
        return NULL;
    }
    if (cli_opt_set(d, name, val, r, err, errlen) != 0)
        return NULL;
    if (d->type == CLI_CHOICE)
        precision_of_index(d, r);
    return d;
}

size_t cli_opt_size(const CliOpt *d) {
    static const size_t size[] = {[CLI_FLAG] = sizeof(int),
                                  [CLI_STR] = sizeof(const char *),
                                  [CLI_INT] = sizeof(long),
                                  [CLI_REAL] = sizeof(double),
                                  [CLI_POS] = sizeof(double),
                                  [CLI_CHOICE] = sizeof(int),
                                  [CLI_METHODS] = sizeof(ScMethods),
                                  [CLI_REALS] = 0,
                                  [CLI_INTS] = 0,
                                  [CLI_CALL] = 0,
                                  [CLI_REFUSED] = 0};
    return d->type == CLI_REALS  ? (size_t)d->nmax * sizeof(double)
           : d->type == CLI_INTS ? (size_t)d->nmax * sizeof(long)
                                 : size[d->type];
}

/* ", NAME" of each option of tab[n] (and of the shared ones cmd takes, when tab is NULL) into buf. */
static void list_names(char *buf, size_t len, const CliOpt *tab, int n, const char *cmd) {
    size_t at = strlen(buf);
    for (int k = 0; k < (tab ? n : NRUN) && at < len; k++) {
        const CliOpt *d = tab ? &tab[k] : &run_opts[k];
        if (tab || has_word(d->commands, cmd))
            at += (size_t)snprintf(buf + at, len - at, "%s%s", at ? " " : "", d->name);
    }
}

int cli_parse(const CliCommand *c, int argc, char **argv, void *base, CliRun *run, const char **arg) {
    char err[1024];
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            c->usage(stdout);
            return 1;
        }
        int rc = cli_run_take(c->name, argc, argv, &i, run, err, sizeof err);
        if (rc == 0)
            rc = cli_opt_take(c->opts, c->nopts, argc, argv, &i, base, err, sizeof err);
        if (rc == 0 && arg && !*arg && a[0] != '-') {
            *arg = a;
            continue;
        }
        if (rc == 0) {
            char names[768] = "";
            list_names(names, sizeof names, c->opts, c->nopts, NULL);
            list_names(names, sizeof names, NULL, 0, c->name);
            snprintf(err, sizeof err, "unknown option%s '%s'; accepted: %s%s-h",
                     arg ? " or extra argument" : "", a, names, *names ? " " : "");
        }
        if (rc <= 0) {
            fprintf(stderr, "starcarp %s: %s\n", c->name, err);
            return -1;
        }
    }
    return 0;
}

/* One option's help line(s): "  NAME VALUE", padded to column 22, then the help (after the value's
 * name and two spaces); the shared step and K get their defaults. */
static void help_line(FILE *out, const CliOpt *d) {
    const char *sp = d->type == CLI_FLAG ? NULL : strstr(d->help, "  ");
    int vlen = sp ? (int)(sp - d->help) : 0;
    int w = (int)strlen(d->name) + (vlen ? 1 + vlen : 0);
    fprintf(out, "  %s%s%.*s%*s%s", d->name, vlen ? " " : "", vlen, d->help, w < 20 ? 20 - w : 1, "",
            sp ? sp + 2 : d->help);
    if (d == &run_opts[0])
        fprintf(out, " (default %g)", SC_DEFAULT_DT);
    else if (d == &run_opts[1])
        fprintf(out, " (default %d)", SC_DEFAULT_K);
    if (d->alias)
        fprintf(out, " (also %s)", d->alias);
    fprintf(out, "\n");
}

void cli_opt_help(FILE *out, const CliOpt *tab, int n) {
    for (int k = 0; k < n; k++)
        if (tab[k].help && tab[k].type != CLI_REFUSED)
            help_line(out, &tab[k]);
}

void cli_run_help(FILE *out, const char *cmd) {
    for (int k = 0; k < NRUN; k++)
        if (has_word(run_opts[k].commands, cmd))
            help_line(out, &run_opts[k]);
}

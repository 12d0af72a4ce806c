/* bench_opts.c: the command line of `starcarp bench` (see bench_opts.h for the options, their
 * defaults and the decisions taken where openCARP's bench leaves things open).
 *
 * One table describes every option: its names, the kind of value it takes and where the value goes
 * in BenchOpts. Plain values (flags, strings, numbers with a sign rule) are stored straight from the
 * table; the others (lists, --vary, --precision, --fout ...) have a handler each. After the loop,
 * check_together() checks what involves several options and fills the defaults that depend on
 * others (--duration, --save-ini-time, --checkpoint-time). */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench_opts.h"

typedef enum {
    K_FLAG, /* int set to 1 */
    K_STR, /* const char * */
    K_POS, /* double > 0 */
    K_NONNEG, /* double >= 0 */
    K_REAL, /* any finite double */
    K_COUNT, /* long >= 1 */
    K_COUNT0, /* long >= 0 */
    K_SPECIAL /* handled by its own code (OptDef.special) */
} Kind;

typedef enum {
    S_NONE,
    S_HELP,
    S_FOUT,
    S_STIM_TIMES,
    S_PRECISION,
    S_PROBE,
    S_VARY,
    S_SEED,
    S_PLOT,
    S_UNSUPPORTED
} Special;

typedef struct {
    const char *name; /* long name, with its dashes */
    const char *alias; /* short form, or NULL */
    Kind kind;
    size_t off; /* the field of BenchOpts (plain kinds) */
    Special special;
    const char *what; /* what the value is, for messages (the kind says the sign) */
} OptDef;

#define F(field) offsetof(BenchOpts, field)

static const OptDef opts[] = {
    /* bench's options */
    {"--imp", NULL, K_STR, F(imp), S_NONE, "a model name or a .model file"},
    {"--imp-par", "-p", K_STR, F(imp_par), S_NONE, "a parameter string like 'GNa*1.5,flags=EPI'"},
    {"--duration", NULL, K_POS, F(duration), S_NONE, " of ms"},
    {"--dt", NULL, K_POS, F(dt), S_NONE, " of ms"},
    {"--num", NULL, K_COUNT, F(num), S_NONE, " (cells)"},
    {"--numstim", NULL, K_COUNT0, F(numstim), S_NONE, " (stimuli)"},
    {"--stim-start", NULL, K_NONNEG, F(stim_start), S_NONE, " of ms"},
    {"--bcl", NULL, K_POS, F(bcl), S_NONE, " of ms"},
    {"--stim-dur", NULL, K_POS, F(stim_dur), S_NONE, " of ms"},
    {"--stim-curr", NULL, K_REAL, F(stim_curr), S_NONE, " in uA/cm^2"},
    {"--stim-times", NULL, K_SPECIAL, 0, S_STIM_TIMES, "a comma-separated list of times in ms"},
    {"--dt-out", NULL, K_POS, F(dt_out), S_NONE, " of ms"},
    {"--start-out", NULL, K_NONNEG, F(start_out), S_NONE, " of ms"},
    {"--fout", NULL, K_SPECIAL, 0, S_FOUT, "a file name prefix"},
    {"-B", NULL, K_FLAG, F(binary), S_NONE, NULL},
    {"--validate", "-v", K_FLAG, F(validate), S_NONE, NULL},
    {"--imp-sv-dump", NULL, K_STR, F(imp_sv_dump), S_NONE, "a comma-separated list of state names"},
    {"--save-ini-file", NULL, K_STR, F(save_ini_file), S_NONE, "a file name"},
    {"--save-ini-time", NULL, K_NONNEG, F(save_ini_time), S_NONE, " of ms"},
    {"--read-ini-file", NULL, K_STR, F(read_ini_file), S_NONE, "a file name"},
    {"--list-imps", NULL, K_FLAG, F(list_imps), S_NONE, NULL},
    {"--imp-info", NULL, K_FLAG, F(imp_info), S_NONE, NULL},
    {"--plug-in", NULL, K_SPECIAL, 0, S_UNSUPPORTED, NULL},
    {"--plug-par", NULL, K_SPECIAL, 0, S_UNSUPPORTED, NULL},
    {"--load-module", NULL, K_SPECIAL, 0, S_UNSUPPORTED, NULL},
    /* starcarp's extensions */
    {"--precision", NULL, K_SPECIAL, 0, S_PRECISION, "double or single"},
    {"--steps-per-task", NULL, K_COUNT, F(steps_per_task), S_NONE, " (time steps)"},
    {"--ncpu", NULL, K_COUNT0, F(ncpu), S_NONE, " (CPU workers)"},
    {"--ngpu", NULL, K_COUNT0, F(ngpu), S_NONE, " (GPU workers)"},
    {"--sched", NULL, K_STR, F(sched), S_NONE, "a StarPU scheduler name"},
    {"--nparts", NULL, K_COUNT0, F(nparts), S_NONE, " (partitions placed by the scheduler; 0: planned)"},
    {"--perfmodels", NULL, K_STR, F(perfmodels), S_NONE, "a directory"},
    {"--no-lut", NULL, K_FLAG, F(no_lut), S_NONE, NULL},
    {"--rtol", NULL, K_POS, F(rtol), S_NONE, " (relative tolerance)"},
    {"--atol", NULL, K_POS, F(atol), S_NONE, " (absolute tolerance)"},
    {"--methods", NULL, K_STR, F(methods), S_NONE,
     "auto, file, or FROM=TO[,...] method overrides (vm=cvode)"},
    {"--vm-bound", NULL, K_POS, F(vm_bound), S_NONE, " of mV"},
    {"--checkpoint", NULL, K_STR, F(checkpoint), S_NONE, "a file name"},
    {"--checkpoint-time", NULL, K_NONNEG, F(checkpoint_time), S_NONE, " of ms"},
    {"--restart", NULL, K_STR, F(restart), S_NONE, "a checkpoint file"},
    {"--plot", NULL, K_SPECIAL, 0, S_PLOT, "a file name ending in .png"},
    {"--probe", NULL, K_SPECIAL, 0, S_PROBE, "a comma-separated list of cell indices"},
    {"--vary", NULL, K_SPECIAL, 0, S_VARY, "NAME=LO:HI, NAME=LO:HI:log or NAME*LO:HI"},
    {"--seed", NULL, K_SPECIAL, 0, S_SEED, "a non-negative integer"},
    {"--quiet", "-q", K_FLAG, F(quiet), S_NONE, NULL},
    {"--progress", NULL, K_FLAG, F(progress), S_NONE, NULL},
    {"--help", "-h", K_SPECIAL, 0, S_HELP, NULL},
};
#define NOPTS ((int)(sizeof opts / sizeof opts[0]))

/* Put a printf-style message into err (when not NULL) and evaluate to -1. */
#define FAIL(err, errlen, ...) (snprintf((err), (err) ? (errlen) : 0, __VA_ARGS__), -1)

/* Whether the option takes a value (always, or optionally for --fout). */
static int takes_value(const OptDef *d) {
    return d->kind != K_FLAG && !(d->kind == K_SPECIAL && d->special == S_HELP);
}

/* "a positive number of ms" and the like: what the option's value must be. */
static void describe(const OptDef *d, char *buf, size_t len) {
    const char *what = d->what ? d->what : "";
    switch (d->kind) {
        case K_POS:
            snprintf(buf, len, "a positive number%s", what);
            break;
        case K_NONNEG:
            snprintf(buf, len, "a non-negative number%s", what);
            break;
        case K_REAL:
            snprintf(buf, len, "a number%s", what);
            break;
        case K_COUNT:
            snprintf(buf, len, "a positive integer%s", what);
            break;
        case K_COUNT0:
            snprintf(buf, len, "a non-negative integer%s", what);
            break;
        default:
            snprintf(buf, len, "%s", what);
            break;
    }
}

/* "--dt expects a positive number of ms, got 'abc'" */
static int bad_value(const OptDef *d, const char *val, char *err, size_t errlen) {
    char what[128];
    describe(d, what, sizeof what);
    return FAIL(err, errlen, "%s expects %s, got '%s'", d->name, what, val);
}

/* A finite number written as the whole of s. */
static int to_double(const char *s, double *x) {
    char *end;
    errno = 0;
    *x = strtod(s, &end);
    return end != s && *end == '\0' && isfinite(*x);
}

/* An integer written as the whole of s: decimal, or an integral number like 1e6 (|x| <= 1e15). */
static int to_long(const char *s, long *x) {
    char *end;
    errno = 0;
    long v = strtol(s, &end, 10);
    if (end != s && *end == '\0' && errno == 0) {
        *x = v;
        return 1;
    }
    double dv;
    if (!to_double(s, &dv) || dv != floor(dv) || fabs(dv) > 1e15)
        return 0;
    *x = (long)dv;
    return 1;
}

/* Store a plain value (kinds K_STR .. K_COUNT0) into its field. */
static int store_plain(const OptDef *d, const char *val, BenchOpts *o, char *err, size_t errlen) {
    char *field = (char *)o + d->off;
    double x;
    long n;
    switch (d->kind) {
        case K_STR:
            if (!*val && d->off != F(imp_par)) /* only --imp-par may be empty (no changes) */
                return bad_value(d, val, err, errlen);
            memcpy(field, &val, sizeof val);
            return 0;
        case K_POS:
        case K_NONNEG:
        case K_REAL:
            if (!to_double(val, &x) || (d->kind == K_POS && !(x > 0)) || (d->kind == K_NONNEG && x < 0))
                return bad_value(d, val, err, errlen);
            memcpy(field, &x, sizeof x);
            return 0;
        case K_COUNT:
        case K_COUNT0:
            if (!to_long(val, &n) || n < (d->kind == K_COUNT ? 1 : 0))
                return bad_value(d, val, err, errlen);
            memcpy(field, &n, sizeof n);
            return 0;
        default:
            return FAIL(err, errlen, "%s: internal error (kind %d)", d->name, (int)d->kind);
    }
}

/* Parse a comma-separated list of finite numbers (blanks allowed around items) into a malloc'd
 * array. Returns the count, or -1 with a message naming the option and the bad item. */
static long parse_numbers(const OptDef *d, const char *s, double **out, char *err, size_t errlen) {
    *out = NULL;
    long n = 1;
    for (const char *p = s; *p; p++)
        n += *p == ',';
    double *x = malloc((size_t)n * sizeof *x);
    if (!x)
        return FAIL(err, errlen, "%s: out of memory", d->name);
    const char *p = s;
    for (long k = 0; k < n; k++) {
        const char *item = p;
        size_t len = strcspn(item, ",");
        char *end;
        x[k] = strtod(item, &end);
        while (end < item + len && (*end == ' ' || *end == '\t'))
            end++;
        if (end == item || end != item + len || !isfinite(x[k])) {
            free(x);
            return FAIL(err, errlen, "%s: bad item '%.*s' (item %ld) in '%s'; expected %s", d->name, (int)len,
                        item, k + 1, s, d->what);
        }
        p = item + len + (item[len] == ',');
    }
    *out = x;
    return n;
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* --stim-times LIST: non-negative times in ms, kept sorted. */
static int set_stim_times(const OptDef *d, const char *val, BenchOpts *o, char *err, size_t errlen) {
    double *t;
    long n = parse_numbers(d, val, &t, err, errlen);
    if (n < 0)
        return -1;
    for (long k = 0; k < n; k++)
        if (t[k] < 0) {
            int rc =
                FAIL(err, errlen, "%s: the times must be >= 0 ms, got %g (item %ld)", d->name, t[k], k + 1);
            free(t);
            return rc;
        }
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    free(o->stim_times);
    o->stim_times = t;
    o->nstim_times = n;
    return 0;
}

/* --probe LIST: cell indices (ranges are checked against --num later). */
static int set_probe(const OptDef *d, const char *val, BenchOpts *o, char *err, size_t errlen) {
    double *x;
    long n = parse_numbers(d, val, &x, err, errlen);
    if (n < 0)
        return -1;
    long *cells = malloc((size_t)n * sizeof *cells);
    if (!cells) {
        free(x);
        return FAIL(err, errlen, "%s: out of memory", d->name);
    }
    for (long k = 0; k < n; k++) {
        if (x[k] < 0 || x[k] != floor(x[k]) || x[k] > 1e15) {
            int rc = FAIL(err, errlen, "%s: cell indices are integers >= 0, got %g (item %ld)", d->name, x[k],
                          k + 1);
            free(x);
            free(cells);
            return rc;
        }
        cells[k] = (long)x[k];
    }
    free(x);
    free(o->probe);
    o->probe = cells;
    o->nprobe = n;
    return 0;
}

/* --vary SPEC: NAME=LO:HI, NAME=LO:HI:log or NAME*LO:HI (one more varied parameter). */
static int add_vary(const OptDef *d, const char *val, BenchOpts *o, char *err, size_t errlen) {
    if (o->nvary == BOPT_MAX_VARY)
        return FAIL(err, errlen, "%s: at most %d parameters can vary in one run ('%s' is one more)", d->name,
                    BOPT_MAX_VARY, val);
    BoptVary v;
    memset(&v, 0, sizeof v);
    size_t len = 0;
    while ((val[len] >= 'a' && val[len] <= 'z') || (val[len] >= 'A' && val[len] <= 'Z') || val[len] == '_' ||
           (len > 0 && val[len] >= '0' && val[len] <= '9'))
        len++;
    char op = val[len];
    if (len == 0 || len >= sizeof v.name || (op != '=' && op != '*'))
        return bad_value(d, val, err, errlen);
    memcpy(v.name, val, len);
    char *end, *end2;
    v.lo = strtod(val + len + 1, &end);
    if (end == val + len + 1 || *end != ':')
        return bad_value(d, val, err, errlen);
    v.hi = strtod(end + 1, &end2);
    if (end2 == end + 1 || !isfinite(v.lo) || !isfinite(v.hi))
        return bad_value(d, val, err, errlen);
    if (*end2 == '\0')
        v.mode = op == '=' ? BOPT_VARY_LINEAR : BOPT_VARY_SCALE;
    else if (op == '=' && !strcmp(end2, ":log"))
        v.mode = BOPT_VARY_LOG;
    else
        return bad_value(d, val, err, errlen);
    if (v.mode == BOPT_VARY_LOG && !(v.lo > 0 && v.hi > 0))
        return FAIL(err, errlen, "%s: NAME=LO:HI:log needs LO > 0 and HI > 0, got '%s'", d->name, val);
    for (int k = 0; k < o->nvary; k++)
        if (!strcmp(o->vary[k].name, v.name))
            return FAIL(err, errlen, "%s: parameter '%s' is varied twice", d->name, v.name);
    o->vary[o->nvary++] = v;
    return 0;
}

/* The options with their own rules. */
static int store_special(const OptDef *d, const char *val, BenchOpts *o, char *err, size_t errlen) {
    switch (d->special) {
        case S_FOUT:
            if (val && !*val)
                return bad_value(d, val, err, errlen);
            o->fout = val ? val : "BENCH_REG";
            return 0;
        case S_STIM_TIMES:
            return set_stim_times(d, val, o, err, errlen);
        case S_PROBE:
            return set_probe(d, val, o, err, errlen);
        case S_VARY:
            return add_vary(d, val, o, err, errlen);
        case S_PRECISION:
            if (!strcmp(val, "double") || !strcmp(val, "64"))
                o->precision = BOPT_DOUBLE;
            else if (!strcmp(val, "single") || !strcmp(val, "32"))
                o->precision = BOPT_SINGLE;
            else
                return FAIL(err, errlen, "%s: accepted values are double, single (or 64, 32) (got '%s')",
                            d->name, val);
            return 0;
        case S_SEED: {
            char *end;
            errno = 0;
            unsigned long long s = strtoull(val, &end, 10);
            if (val[0] < '0' || val[0] > '9' || *end != '\0' || errno)
                return bad_value(d, val, err, errlen);
            o->seed = s;
            return 0;
        }
        case S_PLOT: {
            size_t n = strlen(val);
            if (n < 5 || strcmp(val + n - 4, ".png") != 0)
                return bad_value(d, val, err, errlen);
            o->plot = val;
            return 0;
        }
        case S_UNSUPPORTED:
            if (!strcmp(d->name, "--load-module"))
                return FAIL(err, errlen,
                            "--load-module is not supported by starcarp: give --imp the path of the "
                            "model's .model file instead");
            return FAIL(err, errlen,
                        "%s is not supported by starcarp: it has no plugin models (put the extra "
                        "current into the model's .model file)",
                        d->name);
        default:
            return FAIL(err, errlen, "%s: internal error (special %d)", d->name, (int)d->special);
    }
}

/* Edit distance (insertions, deletions, substitutions) between two short strings; large when either
 * is longer than 63 characters. */
static int edit_distance(const char *a, const char *b) {
    size_t la = strlen(a), lb = strlen(b);
    if (la > 63 || lb > 63)
        return 1000;
    int row[64];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            int up = row[j];
            int best = diag + (a[i - 1] != b[j - 1]);
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

/* "unknown option '--stim-star'; did you mean --stim-start?": the hint names the closest option
 * within 2 edits, when the edits change less than half of its name (so '-x' does not suggest '-B'). */
static int unknown_option(const char *name, char *err, size_t errlen) {
    const char *best = NULL;
    int bestd = 3;
    for (int k = 0; k < NOPTS; k++) {
        int dist = edit_distance(name, opts[k].name);
        if (dist < bestd && 2 * (size_t)dist < strlen(opts[k].name))
            bestd = dist, best = opts[k].name;
    }
    if (best)
        return FAIL(err, errlen, "unknown option '%s'; did you mean %s?", name, best);
    return FAIL(err, errlen, "unknown option '%s' (see --help)", name);
}

static const OptDef *find_option(const char *name) {
    for (int k = 0; k < NOPTS; k++)
        if (!strcmp(name, opts[k].name) || (opts[k].alias && !strcmp(name, opts[k].alias)))
            return &opts[k];
    return NULL;
}

/* Whether the option called name (one of the table's) was given. */
static int was_seen(const unsigned char *seen, const char *name) {
    const OptDef *d = find_option(name);
    return d && seen[d - opts];
}

static void set_defaults(BenchOpts *o) {
    memset(o, 0, sizeof *o);
    o->imp_par = "";
    o->dt = 0.01;
    o->num = 1;
    o->numstim = 1;
    o->stim_start = 1.0;
    o->bcl = 1000;
    o->stim_dur = 1.0;
    o->stim_curr = 60.0;
    o->dt_out = 1.0;
    o->start_out = 0;
    o->precision = BOPT_DOUBLE;
    o->steps_per_task = 10;
    o->ncpu = o->ngpu = -1;
    o->sched = "dmda";
    o->vm_bound = 1000;
    o->seed = 1;
}

/* Whether t / dt maps to a step index that the step arithmetic can hold. */
static int steps_fit(double t, double dt) { return t / dt <= BOPT_MAX_STEPS; }

/* A time option that must lie within the run: defaults to the end, needs its file option. */
static int check_run_time(const char *topt, int given, double *t, const char *fopt, const char *file,
                          const BenchOpts *o, char *err, size_t errlen) {
    if (given && !file)
        return FAIL(err, errlen, "%s needs %s", topt, fopt);
    if (!given)
        *t = o->duration;
    if (bopt_step(o, *t) > bopt_nsteps(o))
        return FAIL(err, errlen, "%s (%g ms) is after the end of the run (--duration %g ms)", topt, *t,
                    o->duration);
    return 0;
}

/* Checks and defaults that involve several options. seen(name) says whether an option was given. */
static int check_together(BenchOpts *o, const unsigned char *seen, char *err, size_t errlen) {
    if (!o->imp && (!o->list_imps || o->imp_info))
        return FAIL(err, errlen,
                    "--imp is required: the ionic model (a name from --list-imps, or a .model "
                    "file)");
    if (!was_seen(seen, "--duration")) {
        if (o->stim_times)
            o->duration = o->stim_times[o->nstim_times - 1] + 1000;
        else
            o->duration = o->stim_start + o->bcl * (double)(o->numstim > 1 ? o->numstim - 1 : 0) + 1000;
    }
    const struct {
        const char *name;
        double t;
    } times[] = {{"--duration", o->duration},
                 {"--stim-start", o->stim_start},
                 {"--bcl", o->bcl},
                 {"--stim-dur", o->stim_dur},
                 {"--dt-out", o->dt_out},
                 {"--start-out", o->start_out},
                 {"--save-ini-time", o->save_ini_time},
                 {"--checkpoint-time", o->checkpoint_time}};
    for (size_t k = 0; k < sizeof times / sizeof times[0]; k++)
        if (!steps_fit(times[k].t, o->dt))
            return FAIL(err, errlen, "%s (%g ms) is more than %g steps of --dt %g ms", times[k].name,
                        times[k].t, BOPT_MAX_STEPS, o->dt);
    for (long k = 0; k < o->nstim_times; k++)
        if (!steps_fit(o->stim_times[k], o->dt))
            return FAIL(err, errlen, "--stim-times: %g ms is more than %g steps of --dt %g ms",
                        o->stim_times[k], BOPT_MAX_STEPS, o->dt);
    if (bopt_step(o, o->dt_out) < 1)
        return FAIL(err, errlen, "--dt-out (%g ms) rounds to 0 steps of --dt %g ms; give at least one step",
                    o->dt_out, o->dt);
    if (!o->stim_times && o->numstim > 1 && bopt_pulse_steps(o) > bopt_step(o, o->bcl))
        return FAIL(err, errlen,
                    "--stim-dur (%g ms) is longer than --bcl (%g ms, %ld steps of --dt %g ms): "
                    "with --numstim %ld the pulses would overlap",
                    o->stim_dur, o->bcl, bopt_step(o, o->bcl), o->dt, o->numstim);
    if (bopt_step(o, o->start_out) > bopt_nsteps(o))
        return FAIL(err, errlen, "--start-out (%g ms) is after the end of the run (--duration %g ms)",
                    o->start_out, o->duration);
    if (check_run_time("--save-ini-time", was_seen(seen, "--save-ini-time"), &o->save_ini_time,
                       "--save-ini-file", o->save_ini_file, o, err, errlen) ||
        check_run_time("--checkpoint-time", was_seen(seen, "--checkpoint-time"), &o->checkpoint_time,
                       "--checkpoint", o->checkpoint, o, err, errlen))
        return -1;
    if (o->binary && !o->fout)
        return FAIL(err, errlen, "-B (binary output) needs --fout");
    for (long k = 0; k < o->nprobe; k++) {
        if (o->probe[k] >= o->num)
            return FAIL(err, errlen, "--probe: cell %ld is out of range (--num %ld: cells 0 to %ld)",
                        o->probe[k], o->num, o->num - 1);
        for (long j = 0; j < k; j++)
            if (o->probe[j] == o->probe[k])
                return FAIL(err, errlen, "--probe: cell %ld is listed twice", o->probe[k]);
    }
    if (o->steps_per_task > INT_MAX)
        return FAIL(err, errlen, "--steps-per-task (%ld) is above %d", o->steps_per_task, INT_MAX);
    if (o->quiet && o->progress)
        return FAIL(err, errlen, "--quiet and --progress exclude each other");
    if (o->ncpu == 0 && o->ngpu == 0)
        return FAIL(err, errlen, "--ncpu 0 with --ngpu 0 leaves no worker to run on");
    if (o->restart && o->read_ini_file)
        return FAIL(err, errlen, "--restart and --read-ini-file both give the initial state; use one");
    return 0;
}

/* Parse the options one by one (see bopt_parse); returns 0, 1 for --help, -1 on error. */
static int parse_args(int argc, char **argv, BenchOpts *o, unsigned char *seen, char *err, size_t errlen) {
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-' || !arg[1])
            return FAIL(err, errlen, "unexpected argument '%s' (options start with --; see --help)", arg);
        char name[64];
        const char *eq = arg[1] == '-' ? strchr(arg, '=') : NULL;
        size_t nlen = eq ? (size_t)(eq - arg) : strlen(arg);
        snprintf(name, sizeof name, "%.*s", (int)nlen, arg);
        const OptDef *d = nlen < sizeof name ? find_option(name) : NULL;
        if (!d)
            return unknown_option(name, err, errlen);
        seen[d - opts] = 1;
        const char *val = eq ? eq + 1 : NULL;
        if (!takes_value(d)) {
            if (val)
                return FAIL(err, errlen, "%s does not take a value (got '%s')", d->name, arg);
        } else if (!val) {
            const char *next = i + 1 < argc ? argv[i + 1] : NULL;
            /* names and files are not taken from an argument that looks like an option; numbers
               are (the message then says what was wrong with them) */
            int looks_opt = next && next[0] == '-' && next[1];
            int optional = d->special == S_FOUT;
            int named = d->kind == K_STR || d->special == S_FOUT || d->special == S_PLOT;
            if (next && !(named && looks_opt))
                val = next, i++;
            else if (!optional && d->special != S_UNSUPPORTED) {
                char what[128];
                describe(d, what, sizeof what);
                return FAIL(err, errlen, "%s needs a value: %s", d->name, what);
            }
        }
        int rc = 0;
        if (d->kind == K_FLAG)
            memcpy((char *)o + d->off, &(int){1}, sizeof(int));
        else if (d->special == S_HELP) {
            bopt_usage(stdout);
            return 1;
        } else if (d->kind == K_SPECIAL)
            rc = store_special(d, val, o, err, errlen);
        else
            rc = store_plain(d, val, o, err, errlen);
        if (rc)
            return rc;
    }
    return 0;
}

int bopt_parse(int argc, char **argv, BenchOpts *o, char *err, size_t errlen) {
    unsigned char seen[NOPTS] = {0};
    if (err && errlen)
        err[0] = '\0';
    set_defaults(o);
    int rc = parse_args(argc, argv, o, seen, err, errlen);
    if (rc == 0 && !o->probe) {
        o->probe = calloc(1, sizeof *o->probe);
        o->nprobe = 1;
        if (!o->probe)
            rc = FAIL(err, errlen, "--probe: out of memory");
    }
    if (rc == 0)
        rc = check_together(o, seen, err, errlen);
    if (rc != 0)
        bopt_free(o);
    return rc;
}

void bopt_free(BenchOpts *o) {
    free(o->stim_times);
    free(o->probe);
    o->stim_times = NULL;
    o->nstim_times = 0;
    o->probe = NULL;
    o->nprobe = 0;
}

void bopt_usage(FILE *out) {
    fputs("usage: starcarp bench --imp MODEL [OPTIONS]\n"
          "Runs an ionic model on one cell or many, with the options and outputs of openCARP's bench.\n"
          "Values go as --opt VALUE or --opt=VALUE; times are in ms.\n"
          "\n"
          "bench options:\n"
          "  --imp NAME            ionic model: a name of the library, or a .model file\n"
          "  --imp-par STR, -p     parameter changes, e.g. 'GNa*1.5,GK1-20%,flags=EPI'\n"
          "  --duration MS         length of the run (default stim-start + bcl*(numstim-1) + 1000)\n"
          "  --dt MS               time step (default 0.01)\n"
          "  --num N               number of cells (default 1)\n"
          "  --numstim N           number of stimuli, 0: none (default 1)\n"
          "  --stim-start MS       first stimulus (default 1.0)\n"
          "  --bcl MS              basic cycle length (default 1000)\n"
          "  --stim-dur MS         pulse length (default 1.0)\n"
          "  --stim-curr X         pulse amplitude in uA/cm^2, positive depolarises (default 60.0)\n"
          "  --stim-times LIST     comma-separated stimulus times, instead of the train\n"
          "  --dt-out MS           output interval (default 1.0)\n"
          "  --start-out MS        first output time (default 0)\n"
          "  --fout[=NAME]         write NAME.txt instead of the table on stdout (NAME: BENCH_REG)\n"
          "  -B                    with --fout: binary NAME.t.bin, NAME.Vm.bin, NAME.Iion.bin instead\n"
          "  --validate, -v        also write every state variable (NAME_<model>.<state>.bin)\n"
          "  --imp-sv-dump LIST    write the listed state variables\n"
          "  --save-ini-file F     save the state to F at --save-ini-time (default: the end)\n"
          "  --save-ini-time MS    when to save it\n"
          "  --read-ini-file F     start from the state in F\n"
          "  --list-imps           list the models\n"
          "  --imp-info            print the model's parameters, states and defaults\n"
          "  (--plug-in, --plug-par and --load-module are not supported)\n"
          "\n"
          "starcarp extensions:\n"
          "  --precision P         double or single, also 64 or 32 (default double)\n"
          "  --steps-per-task K    time steps per StarPU task (default 10)\n"
          "  --ncpu N              CPU workers (default: all)\n"
          "  --ngpu N              GPU workers, 0: CPUs only (default: all)\n"
          "  --sched NAME          StarPU scheduler (default dmda)\n"
          "  --perfmodels DIR      StarPU performance models to use and update\n"
          "  --no-lut              evaluate lookup-table columns exactly\n"
          "  --rtol R, --atol A    tolerances of adaptive integrators (default: the model's)\n"
          "  --methods M           auto (default: the cheapest methods checked against a tight run,\n"
          "                        docs/methods.md), file (the model file's own methods), or\n"
          "                        overrides (cvode=fe, Ca_ss=rush_larsen, ...; vm=cvode advances Vm\n"
          "                        with the states coupled to it faster than dt; the model is rebuilt)\n"
          "  --vm-bound MV         stop when |Vm| exceeds it (default 1000)\n"
          "  --checkpoint FILE     write a checkpoint at --checkpoint-time (default: the end)\n"
          "  --checkpoint-time MS  when to write it\n"
          "  --restart FILE        continue from a checkpoint\n"
          "  --plot FILE.png       plot the probed traces\n"
          "  --probe LIST          cells whose traces are output (default 0); other than the first go\n"
          "                        to NAME_cell<i> files\n"
          "  --vary SPEC           vary a parameter across the cells (up to 16 times):\n"
          "                        NAME=LO:HI linear, NAME=LO:HI:log geometric, NAME*LO:HI multiplier\n"
          "  --nparts N            N equal partitions placed by the scheduler (default 0: one\n"
          "                        partition per worker, sized by speed, pinned to it)\n"
          "  --seed N              accepted and ignored: runs use no random numbers\n"
          "  --quiet, -q           no progress bar\n"
          "  --progress            plain progress lines (also when not on a terminal)\n"
          "  --help, -h            this help\n"
          "\n"
          "Several nodes: mpirun -np N starcarp bench ... (StarPU-MPI; each rank advances its share\n"
          "of the cells, rank 0 writes the outputs).\n",
          out);
}

long bopt_step(const BenchOpts *o, double t) { return lround(t / o->dt); }

long bopt_nsteps(const BenchOpts *o) { return bopt_step(o, o->duration); }

long bopt_pulse_steps(const BenchOpts *o) {
    long p = bopt_step(o, o->stim_dur);
    return p > 1 ? p : 1;
}

int bopt_train(const BenchOpts *o, BoptTrain *tr) {
    if (o->stim_times)
        return -1;
    tr->start = bopt_step(o, o->stim_start);
    tr->pulse = bopt_pulse_steps(o);
    tr->period = o->numstim > 1 ? bopt_step(o, o->bcl) : 0;
    tr->count = o->numstim;
    return 0;
}

int bopt_stim_on(const BenchOpts *o, long d) {
    long pulse = bopt_pulse_steps(o);
    if (o->stim_times) {
        /* the latest pulse starting at or before d ends last: binary search for it */
        long lo = 0, hi = o->nstim_times; /* first index whose start is after d */
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (bopt_step(o, o->stim_times[mid]) <= d)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo > 0 && d - bopt_step(o, o->stim_times[lo - 1]) < pulse;
    }
    BoptTrain tr;
    bopt_train(o, &tr);
    if (tr.count <= 0 || d < tr.start)
        return 0;
    if (tr.period <= 0)
        return d - tr.start < tr.pulse;
    return (d - tr.start) / tr.period < tr.count && (d - tr.start) % tr.period < tr.pulse;
}

int bopt_is_output(const BenchOpts *o, long d) {
    long s = bopt_step(o, o->start_out), every = bopt_step(o, o->dt_out);
    return d >= s && (d - s) % every == 0;
}

long bopt_nout(const BenchOpts *o) {
    long s = bopt_step(o, o->start_out), last = bopt_nsteps(o);
    return last < s ? 0 : (last - s) / bopt_step(o, o->dt_out) + 1;
}

double bopt_vary_value(const BoptVary *v, long i, long ncells, double base) {
    double f = ncells > 1 ? (double)i / (double)(ncells - 1) : 0;
    switch (v->mode) {
        case BOPT_VARY_LOG:
            return v->lo * pow(v->hi / v->lo, f);
        case BOPT_VARY_SCALE:
            return base * (v->lo + (v->hi - v->lo) * f);
        default:
            return v->lo + (v->hi - v->lo) * f;
    }
}

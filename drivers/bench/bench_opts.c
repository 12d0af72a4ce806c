/* bench_opts.c: the command line of `starcarp bench` (see bench_opts.h for the options, their
 * defaults and the decisions taken where openCARP's bench leaves things open; docs/bench-options.md
 * for every option of openCARP's bench and what starcarp does with it).
 *
 * One table describes every option: its names (long, and bench's short letter), the kind of value
 * it takes, where the value goes in BenchOpts, its stimulus mode or group (options of two modes, or
 * two of one group, conflict), and for bench's options that starcarp does not implement the reason
 * it refuses them. Plain values (flags, strings, numbers with a sign rule) are stored straight from
 * the table; the others (lists, --vary, --precision, --fout ...) have a handler each. After the
 * loop, bopt_check_together() (bench_rules.c) checks what involves several options and fills the
 * defaults that depend on others. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench_optint.h"
#include "cli_opts.h"
#include "starcarp_util.h"
#include "starcarp_model.h"

typedef enum {
    K_FLAG, /* int set to 1 */
    K_STR, /* const char * */
    K_POS, /* double > 0 */
    K_NONNEG, /* double >= 0 */
    K_REAL, /* any finite double */
    K_COUNT, /* long >= 1 */
    K_COUNT0, /* long >= 0 */
    K_SPECIAL, /* handled by its own code (OptDef.special) */
    K_SHARED /* an option commands share: read and checked by cli_opts.c, stored at off */
} Kind;

typedef enum {
    S_NONE,
    S_HELP,
    S_VERSION,
    S_FOUT,
    S_STIM_TIMES,
    S_RESTITUTE,
    S_TARGET,
    S_PROBE,
    S_VARY,
    S_SEED,
    S_PLOT,
    S_REFUSED /* bench's, not implemented: OptDef.what says why */
} Special;

/* bench's stimulus modes (options of two of them conflict) and the stimulus type group. */
enum { M_NONE, M_TRAIN, M_TIMES, M_RESTITUTE, M_VCLAMP, G_STIMTYPE = 8 };

typedef struct {
    const char *name; /* long name, with its dashes */
    const char *alias; /* short form, or NULL */
    Kind kind;
    size_t off; /* the field of BenchOpts (plain kinds) */
    Special special;
    const char *what; /* what the value is, for messages (the kind says the sign); S_REFUSED: why */
    int mode; /* M_* or G_STIMTYPE */
} OptDef;

#define F(field) offsetof(BenchOpts, field)
/* The shared options bench takes (cli_opts.h), their fields of the same types as CliRun's. */
enum { BOPT_SHARED = CLI_RUN_DT | CLI_RUN_STEPS | CLI_RUN_PRECISION | CLI_RUN_WORKERS | CLI_RUN_METHODS };
#define REFUSE(name, alias, why) \
    { name, alias, K_SPECIAL, 0, S_REFUSED, why, M_NONE }
#define NO_PLUGINS "it has no plugin models (put the extra current into the model's .model file)"
#define NO_LIGHT "illumination (optogenetics) is not implemented"
#define NO_STRAIN "stretch is not implemented: starcarp's models have no Lambda/delLambda inputs"
#define NO_SVCLAMP                                                                                          \
    "state-variable and action-potential clamps are not implemented (Vm clamps are: --clamp, --clamp-ini, " \
    "--stim-volt)"
#define NO_SPECIES \
    "stimulus currents carried by ion species are not implemented (the stimulus changes Vm only)"
#define NO_RRC "the repolarisation reserve current (RRC) protocol is not implemented"

static const OptDef opts[] = {
    /* bench's options */
    {"--imp", "-I", K_STR, F(imp), S_NONE, "a model name or a .model file", 0},
    {"--imp-par", "-p", K_STR, F(imp_par), S_NONE, "a parameter string like 'GNa*1.5,flags=EPI'", 0},
    {"--duration", "-a", K_POS, F(duration), S_NONE, " of ms", 0},
    {"--dt", "-D", K_SHARED, F(dt), S_NONE, NULL, 0},
    {"--num", "-n", K_COUNT, F(num), S_NONE, " (cells)", 0},
    {"--numstim", NULL, K_COUNT0, F(numstim), S_NONE, " (stimuli)", M_TRAIN},
    {"--stim-start", "-i", K_NONNEG, F(stim_start), S_NONE, " of ms", M_TRAIN},
    {"--bcl", "-b", K_POS, F(bcl), S_NONE, " of ms", M_TRAIN},
    {"--stim-dur", "-T", K_POS, F(stim_dur), S_NONE, " of ms", 0},
    {"--stim-curr", "-c", K_REAL, F(stim_curr), S_NONE, " in uA/cm^2", G_STIMTYPE},
    {"--stim-volt", NULL, K_REAL, F(stim_volt), S_NONE, " in mV", G_STIMTYPE},
    {"--stim-times", NULL, K_SPECIAL, 0, S_STIM_TIMES, "a comma-separated list of times in ms", M_TIMES},
    {"--past-stim", NULL, K_NONNEG, F(past_stim), S_NONE, " of ms", 0},
    {"--restitute", NULL, K_SPECIAL, 0, S_RESTITUTE, "S1S2 or dyn", M_RESTITUTE},
    {"--res-file", NULL, K_STR, F(res_file), S_NONE, "a restitution protocol file", M_RESTITUTE},
    {"--res-trace", NULL, K_FLAG, F(res_trace), S_NONE, NULL, M_RESTITUTE},
    {"--dt-out", "-o", K_POS, F(dt_out), S_NONE, " of ms", 0},
    {"--start-out", NULL, K_NONNEG, F(start_out), S_NONE, " of ms", 0},
    {"--fout", "-O", K_SPECIAL, 0, S_FOUT, "a file name prefix", 0},
    {"--bin", "-B", K_FLAG, F(binary), S_NONE, NULL, 0},
    {"--validate", "-v", K_FLAG, F(validate), S_NONE, NULL, 0},
    {"--imp-sv-dump", "-u", K_STR, F(imp_sv_dump), S_NONE, "a comma-separated list of state names", 0},
    {"--no-trace", NULL, K_FLAG, F(no_trace), S_NONE, NULL, 0},
    {"--trace-no", NULL, K_COUNT0, F(trace_no), S_NONE, " (N of Trace_N.dat)", 0},
    {"--APstatistics", NULL, K_FLAG, F(ap_stats), S_NONE, NULL, 0},
    {"--save-ini-file", "-F", K_STR, F(save_ini_file), S_NONE, "a file name", 0},
    {"--save-ini-time", "-S", K_NONNEG, F(save_ini_time), S_NONE, " of ms", 0},
    {"--read-ini-file", "-R", K_STR, F(read_ini_file), S_NONE, "a file name", 0},
    {"--save-file", "-f", K_STR, F(checkpoint), S_NONE, "a file name (starcarp's checkpoint)", 0},
    {"--save-time", "-s", K_NONNEG, F(checkpoint_time), S_NONE, " of ms", 0},
    {"--restore", "-r", K_STR, F(restart), S_NONE, "a checkpoint file", 0},
    {"--clamp", "-l", K_REAL, F(clamp), S_NONE, " in mV", 0},
    {"--clamp-dur", "-L", K_NONNEG, F(clamp_dur), S_NONE, " of ms", 0},
    {"--clamp-start", NULL, K_NONNEG, F(clamp_start), S_NONE, " of ms", 0},
    {"--clamp-ini", NULL, K_REAL, F(clamp_ini), S_NONE, " in mV", M_VCLAMP},
    {"--list-imps", NULL, K_FLAG, F(list_imps), S_NONE, NULL, 0},
    {"--imp-info", NULL, K_FLAG, F(imp_info), S_NONE, NULL, 0},
    {"--rseed", NULL, K_SPECIAL, F(seed), S_SEED, "a non-negative integer", 0},
    {"--target", NULL, K_SPECIAL, 0, S_TARGET, "auto, cpu, mlir-cpu, mlir-cuda or mlir-rocm", 0},
    {"--help", "-h", K_SPECIAL, 0, S_HELP, NULL, 0},
    {"--detailed-help", NULL, K_SPECIAL, 0, S_HELP, NULL, 0},
    {"--full-help", NULL, K_SPECIAL, 0, S_HELP, NULL, 0},
    {"--version", "-V", K_SPECIAL, 0, S_VERSION, NULL, 0},
    {"--buildinfo", NULL, K_SPECIAL, 0, S_VERSION, NULL, 0},
    /* bench's options that starcarp refuses, with the reason */
    REFUSE("--DIA", NULL,
           "diastolic intervals as --stim-times need the repolarisation time during the run; "
           "give the stimulus times"),
    REFUSE("--res-state-vector", NULL,
           "the restitution protocol's state vectors are not written (use "
           "--save-ini-file or --checkpoint)"),
    REFUSE("--plugin-outputs", NULL, NO_PLUGINS),
    REFUSE("--clamp-file", NULL,
           "a clamp signal read from a file is not implemented (use --clamp, --clamp-dur, "
           "--clamp-start and --clamp-ini)"),
    REFUSE("--RRC-delay", NULL, NO_RRC),
    REFUSE("--RRC-clamp-dur", NULL, NO_RRC),
    REFUSE("--RRC-repol", NULL, NO_RRC),
    REFUSE("--RRC-tol", NULL, NO_RRC),
    REFUSE("--stim-file", NULL,
           "a stimulus current read from a .trc file is not implemented (use --stim-curr "
           "with --stim-times)"),
    REFUSE("--ext-vm-update", NULL, "Vm is always updated by bench's rule, in the kernels"),
    REFUSE("--stim-assign", "-A", NO_SPECIES),
    REFUSE("--stim-species", NULL, NO_SPECIES),
    REFUSE("--stim-ratios", NULL, NO_SPECIES),
    REFUSE("--resistance", NULL, "coupled cells are not implemented (starcarp tissue couples cells)"),
    REFUSE("--surface-to-volume", NULL, "coupled cells are not implemented (starcarp tissue couples cells)"),
    REFUSE("--light-irrad", NULL, NO_LIGHT),
    REFUSE("--light-dur", NULL, NO_LIGHT),
    REFUSE("--light-numstim", NULL, NO_LIGHT),
    REFUSE("--light-bcl", NULL, NO_LIGHT),
    REFUSE("--light-start", NULL, NO_LIGHT),
    REFUSE("--light-times", NULL, NO_LIGHT),
    REFUSE("--light-file", NULL, NO_LIGHT),
    REFUSE("--plug-in", "-P", NO_PLUGINS),
    REFUSE("--plug-par", "-m", NO_PLUGINS),
    REFUSE("--plug-sv-dump", "-g", NO_PLUGINS),
    REFUSE("--load-module", NULL, "give --imp the path of the model's .model file instead"),
    REFUSE("--clamp-SVs", NULL, NO_SVCLAMP),
    REFUSE("--SV-clamp-files", NULL, NO_SVCLAMP),
    REFUSE("--SV-I-trigger", NULL, NO_SVCLAMP),
    REFUSE("--AP-clamp-file", NULL, NO_SVCLAMP),
    REFUSE("--strain", "-N", NO_STRAIN),
    REFUSE("--strain-time", "-t", NO_STRAIN),
    REFUSE("--strain-dur", "-y", NO_STRAIN),
    REFUSE("--strain-rate", NULL, NO_STRAIN),
    REFUSE("--dump-lut", "-d", "writing the lookup tables is not implemented"),
    REFUSE("--SV-init", NULL, "give the initial states in a state file with --read-ini-file"),
    REFUSE("--doppel-on", NULL, "the switch to a doppel model is not implemented"),
    REFUSE("--doppel-dur", NULL, "the switch to a doppel model is not implemented"),
    /* starcarp's extensions */
    {"--precision", NULL, K_SHARED, F(precision), S_NONE, NULL, 0},
    {"--force-single", NULL, K_FLAG, F(force_single), S_NONE, NULL, 0},
    {"--steps-per-task", NULL, K_SHARED, F(steps_per_task), S_NONE, NULL, 0},
    {"--ncpu", NULL, K_SHARED, F(ncpu), S_NONE, NULL, 0},
    {"--ngpu", NULL, K_SHARED, F(ngpu), S_NONE, NULL, 0},
    {"--sched", NULL, K_STR, F(sched), S_NONE, "a StarPU scheduler name", 0},
    {"--nparts", NULL, K_COUNT0, F(nparts), S_NONE, " (partitions placed by the scheduler; 0: planned)", 0},
    {"--perfmodels", NULL, K_STR, F(perfmodels), S_NONE, "a directory", 0},
    {"--no-lut", NULL, K_FLAG, F(no_lut), S_NONE, NULL, 0},
    {"--no-watch", NULL, K_FLAG, F(no_watch), S_NONE, NULL, 0},
    {"--long-run", NULL, K_FLAG, F(long_run), S_NONE, NULL, 0},
    {"--rtol", NULL, K_POS, F(rtol), S_NONE, " (relative tolerance)", 0},
    {"--atol", NULL, K_POS, F(atol), S_NONE, " (absolute tolerance)", 0},
    {"--methods", NULL, K_SHARED, F(methods), S_NONE, NULL, 0},
    {"--vm-bound", NULL, K_POS, F(vm_bound), S_NONE, " of mV", 0},
    {"--checkpoint", NULL, K_STR, F(checkpoint), S_NONE, "a file name", 0},
    {"--checkpoint-time", NULL, K_NONNEG, F(checkpoint_time), S_NONE, " of ms", 0},
    {"--restart", NULL, K_STR, F(restart), S_NONE, "a checkpoint file", 0},
    {"--plot", NULL, K_SPECIAL, 0, S_PLOT, "a file name ending in .png", 0},
    {"--probe", NULL, K_SPECIAL, 0, S_PROBE, "a comma-separated list of cell indices", 0},
    {"--vary", NULL, K_SPECIAL, 0, S_VARY, "NAME=LO:HI, NAME=LO:HI:log or NAME*LO:HI", 0},
    {"--seed", NULL, K_SPECIAL, F(seed), S_SEED, "a non-negative integer", 0},
    {"--quiet", "-q", K_FLAG, F(quiet), S_NONE, NULL, 0},
    {"--progress", NULL, K_FLAG, F(progress), S_NONE, NULL, 0},
};
#define NOPTS ((int)(sizeof opts / sizeof opts[0]))
_Static_assert(NOPTS <= (int)(sizeof((BoptSeen *)0)->as / sizeof(const char *)), "BoptSeen.as too short");

/* Whether the option takes a value (always, or optionally for --fout). */
static int takes_value(const OptDef *d) {
    return d->kind != K_FLAG && !(d->kind == K_SPECIAL && (d->special == S_HELP || d->special == S_VERSION));
}

/* "a positive number of ms" and the like: what the option's value must be. */
static void describe(const OptDef *d, char *buf, size_t len) {
    static const char *const number[K_SHARED + 1] = {[K_POS] = "a positive number",
                                                     [K_NONNEG] = "a non-negative number",
                                                     [K_REAL] = "a number",
                                                     [K_COUNT] = "a positive integer",
                                                     [K_COUNT0] = "a non-negative integer"};
    const char *what = d->what ? d->what : "";
    if (d->kind == K_SHARED)
        snprintf(buf, len, "%s", cli_run_opt(BOPT_SHARED, d->name)->accepts);
    else
        snprintf(buf, len, "%s%s", number[d->kind] ? number[d->kind] : "", what);
}

/* "--dt expects a positive number of ms, got 'abc'" */
static int bad_value(const OptDef *d, const char *val, char *err, size_t errlen) {
    char what[128];
    describe(d, what, sizeof what);
    return FAIL(err, errlen, "%s expects %s, got '%s'", d->name, what, val);
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
            if (!cli_opt_double(val, &x) || (d->kind == K_POS && !(x > 0)) || (d->kind == K_NONNEG && x < 0))
                return bad_value(d, val, err, errlen);
            memcpy(field, &x, sizeof x);
            return 0;
        case K_COUNT:
        case K_COUNT0:
            if (!cli_opt_long(val, &n) || n < (d->kind == K_COUNT ? 1 : 0))
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

/* --target: openCARP's compute targets mapped to starcarp's workers. */
static int set_target(const OptDef *d, const char *val, BenchOpts *o, char *err, size_t errlen) {
    if (!strcmp(val, "auto"))
        return 0;
    if (!strcmp(val, "cpu") || !strcmp(val, "mlir-cpu")) {
        o->ngpu = 0;
        return 0;
    }
    if (!strcmp(val, "mlir-cuda") || !strcmp(val, "mlir-rocm")) {
        o->ncpu = 0;
        return 0;
    }
    return FAIL(err, errlen, "%s: accepted values are %s (got '%s')", d->name, d->what, val);
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
        case S_TARGET:
            return set_target(d, val, o, err, errlen);
        case S_RESTITUTE:
            if (!strcmp(val, "S1S2f"))
                return FAIL(err, errlen, "%s S1S2f is not supported by starcarp (S1S2 and dyn are)", d->name);
            if (brs_kind(val) == BRS_NONE)
                return FAIL(err, errlen, "%s: accepted values are S1S2, dyn (got '%s')", d->name, val);
            o->restitute = val;
            o->res.kind = brs_kind(val);
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
        default:
            return FAIL(err, errlen, "%s: internal error (special %d)", d->name, (int)d->special);
    }
}

/* "unknown option '--stim-star'; did you mean --stim-start?": the hint names the closest option
 * within 2 edits, when the edits change less than half of its name (so '-x' does not suggest '-B'). */
static int unknown_option(const char *name, char *err, size_t errlen) {
    const char *best = NULL;
    int bestd = 3;
    for (int k = 0; k < NOPTS; k++) {
        int dist = sc_edit_distance(name, opts[k].name, 0);
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

static void set_defaults(BenchOpts *o) {
    memset(o, 0, sizeof *o);
    o->imp_par = "";
    o->dt = SC_DEFAULT_DT;
    o->num = 1;
    o->numstim = 1;
    o->stim_start = 1.0;
    o->bcl = 1000;
    o->stim_dur = 1.0;
    o->stim_curr = 60.0;
    o->past_stim = 1000;
    o->dt_out = 1.0;
    o->start_out = 0;
    o->clamp_start = 10;
    o->precision = SC_DOUBLE;
    o->steps_per_task = SC_DEFAULT_K;
    o->ncpu = o->ngpu = -1;
    o->vm_bound = 1000;
    o->seed = 1;
}

/* Store the value val (NULL for a flag or an absent optional value) of option d. */
static int store(const OptDef *d, const char *val, BenchOpts *o, char *err, size_t errlen) {
    if (d->kind == K_FLAG) {
        memcpy((char *)o + d->off, &(int){1}, sizeof(int));
        return 0;
    }
    if (d->special == S_HELP) {
        bopt_usage(stdout);
        return 1;
    }
    if (d->special == S_VERSION) {
        printf("starcarp bench: openCARP's bench on StarPU (its options: docs/bench-options.md)\n");
        return 1;
    }
    if (d->kind == K_SHARED) {
        CliRun r = cli_run_defaults();
        const CliOpt *c = cli_run_set(BOPT_SHARED, d->name, val, &r, err, errlen);
        if (c)
            memcpy((char *)o + d->off, (const char *)&r + c->off, cli_opt_size(c));
        return c ? 0 : -1;
    }
    return d->kind == K_SPECIAL ? store_special(d, val, o, err, errlen) : store_plain(d, val, o, err, errlen);
}

/* Record that d was given as spelled; a second time is an error (except --vary). */
static int mark_seen(const OptDef *d, const char *spelled, BoptSeen *seen, char *err, size_t errlen) {
    const char **as = &seen->as[d - opts];
    if (*as && d->special != S_VARY) {
        if (!strcmp(*as, spelled))
            return FAIL(err, errlen, "%s is given twice; give it once", spelled);
        return FAIL(err, errlen, "%s is given twice (as %s and %s); give it once", d->name, *as, spelled);
    }
    if (!*as)
        *as = d->alias && !strcmp(spelled, d->alias) ? d->alias : d->name;
    return 0;
}

/* The value of option d given without '=': the next argument (consumed: *i advances), or NULL for an
 * optional value; -1 with err set when a required value is missing. */
static int next_value(const OptDef *d, int argc, char **argv, int *i, const char **val, char *err,
                      size_t errlen) {
    const char *next = *i + 1 < argc ? argv[*i + 1] : NULL;
    /* names and files are not taken from an argument that looks like an option; numbers are (the
       message then says what was wrong with them); a short --fout (-O) takes its value glued only */
    int looks_opt = next && next[0] == '-' && next[1];
    int optional = d->special == S_FOUT;
    int named = d->kind == K_STR || d->special == S_FOUT || d->special == S_PLOT || d->off == F(methods) ||
                d->special == S_RESTITUTE || d->special == S_TARGET;
    *val = NULL;
    if (next && !(named && looks_opt) && !(optional && !strcmp(argv[*i], "-O")))
        *val = next, (*i)++;
    else if (!optional) {
        char what[128];
        describe(d, what, sizeof what);
        return FAIL(err, errlen, "%s needs a value: %s", d->name, what);
    }
    return 0;
}

/* One short-option argument ("-T", "-T2", "-vB"). */
static int parse_short(int argc, char **argv, int *i, BenchOpts *o, BoptSeen *seen, char *err,
                       size_t errlen) {
    const char *arg = argv[*i];
    char name[3] = {'-', arg[1], '\0'};
    const OptDef *d = find_option(name);
    if (!d)
        return unknown_option(arg, err, errlen);
    if (d->special == S_REFUSED)
        return FAIL(err, errlen, "%s (%s) is not supported by starcarp: %s", d->name, name, d->what);
    if (mark_seen(d, name, seen, err, errlen))
        return -1;
    if (takes_value(d)) {
        const char *val = arg[2] ? arg + 2 : NULL;
        if (!val && next_value(d, argc, argv, i, &val, err, errlen))
            return -1;
        return store(d, val, o, err, errlen);
    }
    int rc = store(d, NULL, o, err, errlen);
    for (const char *p = arg + 2; *p && rc == 0; p++) { /* grouped flags: -vB */
        name[1] = *p;
        const OptDef *g = find_option(name);
        if (!g || takes_value(g) || g->special == S_REFUSED)
            return FAIL(err, errlen, "'%s': '%s' is not a flag to group with %s", arg, name, d->alias);
        rc = mark_seen(g, name, seen, err, errlen) ? -1 : store(g, NULL, o, err, errlen);
    }
    return rc;
}

/* Parse the options one by one (see bopt_parse); returns 0, 1 for --help, -1 on error. */
static int parse_args(int argc, char **argv, BenchOpts *o, BoptSeen *seen, char *err, size_t errlen) {
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (arg[0] != '-' || !arg[1])
            return FAIL(err, errlen, "unexpected argument '%s' (options start with --; see --help)", arg);
        int rc;
        if (arg[1] != '-') {
            if ((rc = parse_short(argc, argv, &i, o, seen, err, errlen)) != 0)
                return rc;
            continue;
        }
        char name[64];
        const char *eq = strchr(arg, '=');
        size_t nlen = eq ? (size_t)(eq - arg) : strlen(arg);
        snprintf(name, sizeof name, "%.*s", (int)nlen, arg);
        const OptDef *d = nlen < sizeof name ? find_option(name) : NULL;
        if (!d || (d->alias && !strcmp(name, d->alias)))
            return unknown_option(name, err, errlen);
        if (d->special == S_REFUSED)
            return FAIL(err, errlen, "%s is not supported by starcarp: %s", d->name, d->what);
        if (mark_seen(d, d->name, seen, err, errlen))
            return -1;
        const char *val = eq ? eq + 1 : NULL;
        if (!takes_value(d) && val)
            return FAIL(err, errlen, "%s does not take a value (got '%s')", d->name, arg);
        if (takes_value(d) && !val && next_value(d, argc, argv, &i, &val, err, errlen))
            return -1;
        if ((rc = store(d, val, o, err, errlen)) != 0)
            return rc;
    }
    return 0;
}

/* Options of two stimulus modes, or two stimulus types, given together: an error naming both. */
static int check_modes(const BoptSeen *seen, char *err, size_t errlen) {
    int first[G_STIMTYPE + 1];
    for (int m = 0; m <= G_STIMTYPE; m++)
        first[m] = -1;
    for (int k = 0; k < NOPTS; k++) {
        int m = opts[k].mode;
        if (!seen->as[k] || m == M_NONE)
            continue;
        if (m == G_STIMTYPE && first[m] >= 0)
            return FAIL(err, errlen, "%s conflicts with %s: give one stimulus type (a current or a voltage)",
                        seen->as[k], seen->as[first[m]]);
        for (int j = M_TRAIN; j <= M_VCLAMP && m != G_STIMTYPE; j++)
            if (j != m && first[j] >= 0)
                return FAIL(err, errlen,
                            "%s conflicts with %s: they belong to two stimulus modes of bench (the train "
                            "--numstim/--stim-start/--bcl, --stim-times, --restitute, --clamp-ini); give one",
                            seen->as[k], seen->as[first[j]]);
        if (first[m] < 0)
            first[m] = k;
    }
    /* two names of one value (--save-file and --checkpoint, --rseed and --seed) */
    for (int k = 0; k < NOPTS; k++)
        for (int j = 0; j < k && seen->as[k]; j++)
            if (seen->as[j] && opts[j].off == opts[k].off && opts[j].off && opts[j].kind == opts[k].kind &&
                opts[j].special == opts[k].special)
                return FAIL(err, errlen, "%s and %s set the same value; give one", seen->as[j], seen->as[k]);
    return 0;
}

int bopt_parse(int argc, char **argv, BenchOpts *o, char *err, size_t errlen) {
    BoptSeen seen;
    memset(&seen, 0, sizeof seen);
    for (int k = 0; k < NOPTS; k++)
        seen.name[k] = opts[k].name, seen.alias[k] = opts[k].alias;
    if (err && errlen)
        err[0] = '\0';
    set_defaults(o);
    int rc = parse_args(argc, argv, o, &seen, err, errlen);
    if (rc == 0)
        rc = check_modes(&seen, err, errlen);
    if (rc == 0 && !o->probe) {
        o->probe = calloc(1, sizeof *o->probe);
        o->nprobe = 1;
        if (!o->probe)
            rc = FAIL(err, errlen, "--probe: out of memory");
    }
    if (rc == 0)
        rc = bopt_check_together(o, &seen, err, errlen);
    if (rc != 0)
        bopt_free(o);
    return rc;
}

void bopt_free(BenchOpts *o) {
    free(o->stim_times);
    free(o->stim_marks);
    free(o->probe);
    o->stim_times = NULL;
    o->stim_marks = NULL;
    o->nstim_times = 0;
    o->probe = NULL;
    o->nprobe = 0;
}

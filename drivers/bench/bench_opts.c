/* bench_opts.c: the options of `starcarp bench` (see bench_opts.h for the options, their defaults
 * and the decisions taken where openCARP's bench leaves things open; docs/bench-options.md for every
 * option of openCARP's bench and what starcarp does with it).
 *
 * One table of CliOpt rows (cli_opts.h) describes every option: its names (long, and bench's short
 * letter as the alias), openCARP's name (bench's options only), the value it takes and where it goes
 * in BenchOpts, its stimulus mode or group (.group: options of two modes, or two of one group,
 * conflict), its help line, and for bench's options that starcarp does not implement the reason it
 * refuses them (CLI_REFUSED). Plain values are read by the option layer (cli_opt_set); the others
 * (lists, --vary, --fout ...) are CLI_CALL rows with a reader here, and the shared options (--dt,
 * --precision ...) go through cli_run_set. bench_parse.c reads argv against the table with bench's
 * conventions; the --help text is made from the table (bopt_usage). */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench_optint.h"
#include "starcarp_model.h"

/* "%s expects %s, got '%s'": the value val of d (given as `as`) refused. -1. */
static int bad_value(const CliOpt *d, const char *as, const char *val, char *err, size_t errlen) {
    return FAIL(err, errlen, "%s expects %s, got '%s'", as, d->accepts, val);
}

/* Parse a comma-separated list of finite numbers >= 0 (blanks allowed around items) into a malloc'd
 * array. Returns the count, or -1 with a message naming the option and the bad item (a negative
 * one: "AS: NEG, got X (item K)"). */
static long parse_numbers(const CliOpt *d, const char *as, const char *s, const char *neg, double **out,
                          char *err, size_t errlen) {
    *out = NULL;
    long n = 1;
    for (const char *p = s; *p; p++)
        n += *p == ',';
    double *x = malloc((size_t)n * sizeof *x);
    if (!x)
        return FAIL(err, errlen, "%s: out of memory", as);
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
            return FAIL(err, errlen, "%s: bad item '%.*s' (item %ld) in '%s'; expected %s", as, (int)len,
                        item, k + 1, s, d->accepts);
        }
        if (x[k] < 0) {
            double bad = x[k];
            free(x);
            return FAIL(err, errlen, "%s: %s, got %g (item %ld)", as, neg, bad, k + 1);
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
static int read_stim_times(const CliOpt *d, const char *as, const char *val, void *base, char *err,
                           size_t errlen) {
    BenchOpts *o = base;
    double *t;
    long n = parse_numbers(d, as, val, "the times must be >= 0 ms", &t, err, errlen);
    if (n < 0)
        return -1;
    qsort(t, (size_t)n, sizeof *t, cmp_double);
    free(o->stim_times);
    o->stim_times = t;
    o->nstim_times = n;
    return 0;
}

/* --probe LIST: cell indices (ranges are checked against --num later). */
static int read_probe(const CliOpt *d, const char *as, const char *val, void *base, char *err,
                      size_t errlen) {
    BenchOpts *o = base;
    double *x;
    long n = parse_numbers(d, as, val, "cell indices are integers >= 0", &x, err, errlen);
    if (n < 0)
        return -1;
    long *cells = malloc((size_t)n * sizeof *cells);
    if (!cells) {
        free(x);
        return FAIL(err, errlen, "%s: out of memory", as);
    }
    for (long k = 0; k < n; k++) {
        if (x[k] != floor(x[k]) || x[k] > 1e15) {
            int rc =
                FAIL(err, errlen, "%s: cell indices are integers >= 0, got %g (item %ld)", as, x[k], k + 1);
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
static int read_vary(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    BenchOpts *o = base;
    if (o->nvary == BOPT_MAX_VARY)
        return FAIL(err, errlen, "%s: at most %d parameters can vary in one run ('%s' is one more)", as,
                    BOPT_MAX_VARY, val);
    BoptVary v;
    memset(&v, 0, sizeof v);
    size_t len = 0;
    while ((val[len] >= 'a' && val[len] <= 'z') || (val[len] >= 'A' && val[len] <= 'Z') || val[len] == '_' ||
           (len > 0 && val[len] >= '0' && val[len] <= '9'))
        len++;
    char op = val[len];
    if (len == 0 || len >= sizeof v.name || (op != '=' && op != '*'))
        return bad_value(d, as, val, err, errlen);
    memcpy(v.name, val, len);
    char *end, *end2;
    v.lo = strtod(val + len + 1, &end);
    if (end == val + len + 1 || *end != ':')
        return bad_value(d, as, val, err, errlen);
    v.hi = strtod(end + 1, &end2);
    if (end2 == end + 1 || !isfinite(v.lo) || !isfinite(v.hi))
        return bad_value(d, as, val, err, errlen);
    if (*end2 == '\0')
        v.mode = op == '=' ? BOPT_VARY_LINEAR : BOPT_VARY_SCALE;
    else if (op == '=' && !strcmp(end2, ":log"))
        v.mode = BOPT_VARY_LOG;
    else
        return bad_value(d, as, val, err, errlen);
    if (v.mode == BOPT_VARY_LOG && !(v.lo > 0 && v.hi > 0))
        return FAIL(err, errlen, "%s: NAME=LO:HI:log needs LO > 0 and HI > 0, got '%s'", as, val);
    for (int k = 0; k < o->nvary; k++)
        if (!strcmp(o->vary[k].name, v.name))
            return FAIL(err, errlen, "%s: parameter '%s' is varied twice", as, v.name);
    o->vary[o->nvary++] = v;
    return 0;
}

/* --target: openCARP's compute targets mapped to starcarp's workers. */
static int read_target(const CliOpt *d, const char *as, const char *val, void *base, char *err,
                       size_t errlen) {
    BenchOpts *o = base;
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
    return FAIL(err, errlen, "%s: accepted values are %s (got '%s')", as, d->accepts, val);
}

/* --restitute S1S2|dyn (S1S2f, bench's third protocol, refused). */
static int read_restitute(const CliOpt *d, const char *as, const char *val, void *base, char *err,
                          size_t errlen) {
    (void)d;
    BenchOpts *o = base;
    if (!strcmp(val, "S1S2f"))
        return FAIL(err, errlen, "%s S1S2f is not supported by starcarp (S1S2 and dyn are)", as);
    if (brs_kind(val) == BRS_NONE)
        return FAIL(err, errlen, "%s: accepted values are S1S2, dyn (got '%s')", as, val);
    o->restitute = val;
    o->res.kind = brs_kind(val);
    return 0;
}

/* --seed, --rseed N: an unsigned long long at d->off. */
static int read_seed(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    char *end;
    errno = 0;
    unsigned long long s = strtoull(val, &end, 10);
    if (val[0] < '0' || val[0] > '9' || *end != '\0' || errno)
        return bad_value(d, as, val, err, errlen);
    memcpy((char *)base + d->off, &s, sizeof s);
    return 0;
}

/* --plot FILE.png. */
static int read_plot(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    size_t n = strlen(val);
    if (n < 5 || strcmp(val + n - 4, ".png") != 0)
        return bad_value(d, as, val, err, errlen);
    memcpy((char *)base + d->off, &val, sizeof val);
    return 0;
}

/* --fout[=NAME]: NAME, not empty; BENCH_REG when left out (val NULL). */
static int read_fout(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    if (val && !*val)
        return bad_value(d, as, val, err, errlen);
    const char *name = val ? val : "BENCH_REG";
    memcpy((char *)base + d->off, &name, sizeof name);
    return 0;
}

/* --imp-par: any string, the empty one too (no change). */
static int read_text(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    (void)as, (void)err, (void)errlen;
    memcpy((char *)base + d->off, &val, sizeof val);
    return 0;
}

/* A shared option (--dt, --steps-per-task, --precision, --ncpu, --ngpu, --methods): read and checked by
 * cli_run_set, its value copied to d->off (a field of the same type as CliRun's). */
static int read_shared(const CliOpt *d, const char *as, const char *val, void *base, char *err,
                       size_t errlen) {
    (void)as;
    CliRun r = cli_run_defaults();
    const CliOpt *c = cli_run_set("bench", d->name, val, &r, err, errlen);
    if (c)
        memcpy((char *)base + d->off, (const char *)&r + c->off, cli_opt_size(c));
    return c ? 0 : -1;
}

/* --help (and its other names): the usage on stdout. */
static int read_help(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    (void)d, (void)as, (void)val, (void)base, (void)err, (void)errlen;
    bopt_usage(stdout);
    return 0;
}

/* --version, --buildinfo: one line naming starcarp. */
static int read_version(const CliOpt *d, const char *as, const char *val, void *base, char *err,
                        size_t errlen) {
    (void)d, (void)as, (void)val, (void)base, (void)err, (void)errlen;
    printf("starcarp bench: openCARP's bench on StarPU (its options: docs/bench-options.md)\n");
    return 0;
}

#define F(field) offsetof(BenchOpts, field)
#define STR_(x) #x
#define STR(x) STR_(x)
/* a help text's next line, under the first one's text (cli_opt_help's column 22) */
#define NEXT "\n                      "
/* bench's option, refused with the reason why */
#define REFUSED(name_, alias_, why_) \
    { .name = name_, .alias = alias_, .opencarp = name_, .type = CLI_REFUSED, .accepts = why_ }
#define NO_PLUGINS "it has no plugin models (put the extra current into the model's .model file)"
#define NO_LIGHT "illumination (optogenetics) is not implemented"
#define NO_STRAIN "stretch is not implemented: starcarp's models have no Lambda/delLambda inputs"
#define NO_SVCLAMP                                                                                          \
    "state-variable and action-potential clamps are not implemented (Vm clamps are: --clamp, --clamp-ini, " \
    "--stim-volt)"
#define NO_SPECIES \
    "stimulus currents carried by ion species are not implemented (the stimulus changes Vm only)"
#define NO_RRC "the repolarisation reserve current (RRC) protocol is not implemented"
#define NO_COUPLING "coupled cells are not implemented (starcarp tissue couples cells)"
#define NO_DOPPEL "the switch to a doppel model is not implemented"

const CliOpt bopt_opts[] = {
    /* bench's options */
    // clang-format off
    {.name = "--imp", .alias = "-I", .opencarp = "--imp", .type = CLI_STR,
     .accepts = "a model name or a .model file",
     .help = "NAME  ionic model: a name of the library, or a .model file", .off = F(imp)},
    {.name = "--imp-par", .alias = "-p", .opencarp = "--imp-par", .type = CLI_CALL, .call = read_text,
     .arg = BOPT_A_NAMED, .accepts = "a parameter string like 'GNa*1.5,flags=EPI'",
     .help = "STR  parameter changes, e.g. 'GNa*1.5,GK1-20%,flags=EPI'", .off = F(imp_par)},
    {.name = "--duration", .alias = "-a", .opencarp = "--duration", .type = CLI_POS, .hi = INFINITY,
     .accepts = "a positive number of ms",
     .help = "MS  length of the run (default: last stimulus + --past-stim)", .off = F(duration)},
    {.name = "--dt", .alias = "-D", .opencarp = "--dt", .type = CLI_CALL, .call = read_shared,
     .help = "MS  time step (default " STR(SC_DEFAULT_DT) ")", .off = F(dt)},
    {.name = "--num", .alias = "-n", .opencarp = "--num", .type = CLI_INT, .lo = 1, .hi = INFINITY,
     .accepts = "a positive integer (cells)", .help = "N  number of cells (default 1)", .off = F(num)},
    {.name = "--numstim", .opencarp = "--numstim", .type = CLI_INT, .lo = 0, .hi = INFINITY,
     .accepts = "a non-negative integer (stimuli)", .help = "N  number of stimuli, 0: none (default 1)",
     .off = F(numstim), .group = BOPT_M_TRAIN},
    {.name = "--stim-start", .alias = "-i", .opencarp = "--stim-start", .type = CLI_REAL, .lo = 0,
     .hi = INFINITY, .accepts = "a non-negative number of ms", .help = "MS  first stimulus (default 1.0)",
     .off = F(stim_start), .group = BOPT_M_TRAIN},
    {.name = "--bcl", .alias = "-b", .opencarp = "--bcl", .type = CLI_POS, .hi = INFINITY,
     .accepts = "a positive number of ms", .help = "MS  basic cycle length (default 1000)", .off = F(bcl),
     .group = BOPT_M_TRAIN},
    {.name = "--stim-dur", .alias = "-T", .opencarp = "--stim-dur", .type = CLI_POS, .hi = INFINITY,
     .accepts = "a positive number of ms", .help = "MS  pulse length (default 1.0)", .off = F(stim_dur)},
    {.name = "--stim-curr", .alias = "-c", .opencarp = "--stim-curr", .type = CLI_REAL, .lo = -INFINITY,
     .hi = INFINITY, .accepts = "a number in uA/cm^2",
     .help = "X  pulse amplitude in uA/cm^2, positive depolarises (default 60.0)", .off = F(stim_curr),
     .group = BOPT_G_STIMTYPE},
    {.name = "--stim-volt", .opencarp = "--stim-volt", .type = CLI_REAL, .lo = -INFINITY, .hi = INFINITY,
     .accepts = "a number in mV", .help = "V  a voltage stimulus: Vm clamped to V during the pulses",
     .off = F(stim_volt), .group = BOPT_G_STIMTYPE},
    {.name = "--stim-times", .opencarp = "--stim-times", .type = CLI_CALL, .call = read_stim_times,
     .accepts = "a comma-separated list of times in ms",
     .help = "LIST  comma-separated stimulus times, instead of the train", .off = F(stim_times),
     .group = BOPT_M_TIMES},
    {.name = "--past-stim", .opencarp = "--past-stim", .type = CLI_REAL, .lo = 0, .hi = INFINITY,
     .accepts = "a non-negative number of ms",
     .help = "MS  the default duration's time after the last stimulus (default 1000)", .off = F(past_stim)},
    {.name = "--restitute", .opencarp = "--restitute", .type = CLI_CALL, .call = read_restitute,
     .arg = BOPT_A_NAMED, .accepts = "S1S2 or dyn",
     .help = "P  restitution protocol S1S2 or dyn, from --res-file; writes" NEXT
             "NAME_APD_restitution.dat", .off = F(restitute), .group = BOPT_M_RESTITUTE},
    {.name = "--res-file", .opencarp = "--res-file", .type = CLI_STR,
     .accepts = "a restitution protocol file", .help = "F  the restitution protocol's file",
     .off = F(res_file), .group = BOPT_M_RESTITUTE},
    {.name = "--res-trace", .opencarp = "--res-trace", .type = CLI_FLAG,
     .help = "with --restitute, also write the traces (table, binaries)", .off = F(res_trace),
     .group = BOPT_M_RESTITUTE},
    {.name = "--dt-out", .alias = "-o", .opencarp = "--dt-out", .type = CLI_POS, .hi = INFINITY,
     .accepts = "a positive number of ms", .help = "MS  output interval (default 1.0)", .off = F(dt_out)},
    {.name = "--start-out", .opencarp = "--start-out", .type = CLI_REAL, .lo = 0, .hi = INFINITY,
     .accepts = "a non-negative number of ms", .help = "MS  first output time (default 0)",
     .off = F(start_out)},
    {.name = "--fout", .alias = "-O", .opencarp = "--fout", .type = CLI_CALL, .call = read_fout,
     .arg = BOPT_A_OPTIONAL | BOPT_A_NAMED, .accepts = "a file name prefix",
     .help = "[NAME]  write NAME.txt instead of the table on stdout (default NAME:" NEXT
             "BENCH_REG; the short form takes NAME glued: -ONAME)", .off = F(fout)},
    {.name = "--bin", .alias = "-B", .opencarp = "--bin", .type = CLI_FLAG,
     .help = "with --fout: binary NAME.t.bin, NAME.Vm.bin, NAME.Iion.bin instead", .off = F(binary)},
    {.name = "--validate", .alias = "-v", .opencarp = "--validate", .type = CLI_FLAG,
     .help = "binary files of Vm, Iion, t and every state, and NAME_header.txt", .off = F(validate)},
    {.name = "--imp-sv-dump", .alias = "-u", .opencarp = "--imp-sv-dump", .type = CLI_STR,
     .accepts = "a comma-separated list of state names", .help = "LIST  write the listed state variables",
     .off = F(imp_sv_dump)},
    {.name = "--no-trace", .opencarp = "--no-trace", .type = CLI_FLAG, .help = "no Trace_N.dat",
     .off = F(no_trace)},
    {.name = "--trace-no", .opencarp = "--trace-no", .type = CLI_INT, .lo = 0, .hi = INFINITY,
     .accepts = "a non-negative integer (N of Trace_N.dat)",
     .help = "N  the model's traced variables go to Trace_N.dat (default 0), their" NEXT
             "names to <Model>_trace_header.txt", .off = F(trace_no)},
    {.name = "--APstatistics", .opencarp = "--APstatistics", .type = CLI_FLAG,
     .help = "APD, DI, Vm range of every beat in NAME_AP_stats.dat", .off = F(ap_stats)},
    {.name = "--save-ini-file", .alias = "-F", .opencarp = "--save-ini-file", .type = CLI_STR,
     .accepts = "a file name", .help = "F  save the state to F at --save-ini-time", .off = F(save_ini_file)},
    {.name = "--save-ini-time", .alias = "-S", .opencarp = "--save-ini-time", .type = CLI_REAL, .lo = 0,
     .hi = INFINITY, .accepts = "a non-negative number of ms",
     .help = "MS  when to save it (default: the end)", .off = F(save_ini_time)},
    {.name = "--read-ini-file", .alias = "-R", .opencarp = "--read-ini-file", .type = CLI_STR,
     .accepts = "a file name", .help = "F  start from the state in F", .off = F(read_ini_file)},
    {.name = "--save-file", .alias = "-f", .opencarp = "--save-file", .type = CLI_STR,
     .accepts = "a file name (starcarp's checkpoint)",
     .help = "F  starcarp's binary checkpoint (as --checkpoint) at --save-time", .off = F(checkpoint)},
    {.name = "--save-time", .alias = "-s", .opencarp = "--save-time", .type = CLI_REAL, .lo = 0,
     .hi = INFINITY, .accepts = "a non-negative number of ms",
     .help = "MS  when to write it (as --checkpoint-time; default: the end)", .off = F(checkpoint_time)},
    {.name = "--restore", .alias = "-r", .opencarp = "--restore", .type = CLI_STR,
     .accepts = "a checkpoint file", .help = "F  continue from it (as --restart)", .off = F(restart)},
    {.name = "--clamp", .alias = "-l", .opencarp = "--clamp", .type = CLI_REAL, .lo = -INFINITY,
     .hi = INFINITY, .accepts = "a number in mV",
     .help = "V  clamp Vm to V from --clamp-start for --clamp-dur", .off = F(clamp)},
    {.name = "--clamp-dur", .alias = "-L", .opencarp = "--clamp-dur", .type = CLI_REAL, .lo = 0,
     .hi = INFINITY, .accepts = "a non-negative number of ms", .help = "MS  the clamp's length",
     .off = F(clamp_dur)},
    {.name = "--clamp-start", .opencarp = "--clamp-start", .type = CLI_REAL, .lo = 0, .hi = INFINITY,
     .accepts = "a non-negative number of ms", .help = "MS  the clamp's start (default 10)",
     .off = F(clamp_start)},
    {.name = "--clamp-ini", .opencarp = "--clamp-ini", .type = CLI_REAL, .lo = -INFINITY, .hi = INFINITY,
     .accepts = "a number in mV", .help = "V0  clamp Vm to V0 outside the --clamp pulse", .off = F(clamp_ini),
     .group = BOPT_M_VCLAMP},
    {.name = "--list-imps", .opencarp = "--list-imps", .type = CLI_FLAG, .help = "list the models",
     .off = F(list_imps)},
    {.name = "--imp-info", .opencarp = "--imp-info", .type = CLI_FLAG,
     .help = "print the model's parameters, states and defaults", .off = F(imp_info)},
    {.name = "--rseed", .opencarp = "--rseed", .type = CLI_CALL, .call = read_seed,
     .accepts = "a non-negative integer", .help = "N  as --seed", .off = F(seed)},
    {.name = "--target", .opencarp = "--target", .type = CLI_CALL, .call = read_target, .arg = BOPT_A_NAMED,
     .accepts = "auto, cpu, mlir-cpu, mlir-cuda or mlir-rocm",
     .help = "T  auto, cpu or mlir-cpu (no GPU), mlir-cuda or mlir-rocm (no CPU)"},
    {.name = "--help", .alias = "-h", .opencarp = "--help", .type = CLI_CALL, .call = read_help,
     .arg = BOPT_A_INFO, .help = "this help"},
    {.name = "--detailed-help", .opencarp = "--detailed-help", .type = CLI_CALL, .call = read_help,
     .arg = BOPT_A_INFO, .help = "this help"},
    {.name = "--full-help", .opencarp = "--full-help", .type = CLI_CALL, .call = read_help,
     .arg = BOPT_A_INFO, .help = "this help"},
    {.name = "--version", .alias = "-V", .opencarp = "--version", .type = CLI_CALL, .call = read_version,
     .arg = BOPT_A_INFO, .help = "one line naming starcarp"},
    {.name = "--buildinfo", .opencarp = "--buildinfo", .type = CLI_CALL, .call = read_version,
     .arg = BOPT_A_INFO, .help = "the same line"},
    // clang-format on
    /* bench's options that starcarp refuses, with the reason */
    REFUSED("--DIA", NULL,
            "diastolic intervals as --stim-times need the repolarisation time during the run; give the "
            "stimulus times"),
    REFUSED("--res-state-vector", NULL,
            "the restitution protocol's state vectors are not written (use --save-ini-file or --checkpoint)"),
    REFUSED("--plugin-outputs", NULL, NO_PLUGINS),
    REFUSED("--clamp-file", NULL,
            "a clamp signal read from a file is not implemented (use --clamp, --clamp-dur, --clamp-start "
            "and --clamp-ini)"),
    REFUSED("--RRC-delay", NULL, NO_RRC),
    REFUSED("--RRC-clamp-dur", NULL, NO_RRC),
    REFUSED("--RRC-repol", NULL, NO_RRC),
    REFUSED("--RRC-tol", NULL, NO_RRC),
    REFUSED(
        "--stim-file", NULL,
        "a stimulus current read from a .trc file is not implemented (use --stim-curr with --stim-times)"),
    REFUSED("--ext-vm-update", NULL, "Vm is always updated by bench's rule, in the kernels"),
    REFUSED("--stim-assign", "-A", NO_SPECIES),
    REFUSED("--stim-species", NULL, NO_SPECIES),
    REFUSED("--stim-ratios", NULL, NO_SPECIES),
    REFUSED("--resistance", NULL, NO_COUPLING),
    REFUSED("--surface-to-volume", NULL, NO_COUPLING),
    REFUSED("--light-irrad", NULL, NO_LIGHT),
    REFUSED("--light-dur", NULL, NO_LIGHT),
    REFUSED("--light-numstim", NULL, NO_LIGHT),
    REFUSED("--light-bcl", NULL, NO_LIGHT),
    REFUSED("--light-start", NULL, NO_LIGHT),
    REFUSED("--light-times", NULL, NO_LIGHT),
    REFUSED("--light-file", NULL, NO_LIGHT),
    REFUSED("--plug-in", "-P", NO_PLUGINS),
    REFUSED("--plug-par", "-m", NO_PLUGINS),
    REFUSED("--plug-sv-dump", "-g", NO_PLUGINS),
    REFUSED("--load-module", NULL, "give --imp the path of the model's .model file instead"),
    REFUSED("--clamp-SVs", NULL, NO_SVCLAMP),
    REFUSED("--SV-clamp-files", NULL, NO_SVCLAMP),
    REFUSED("--SV-I-trigger", NULL, NO_SVCLAMP),
    REFUSED("--AP-clamp-file", NULL, NO_SVCLAMP),
    REFUSED("--strain", "-N", NO_STRAIN),
    REFUSED("--strain-time", "-t", NO_STRAIN),
    REFUSED("--strain-dur", "-y", NO_STRAIN),
    REFUSED("--strain-rate", NULL, NO_STRAIN),
    REFUSED("--dump-lut", "-d", "writing the lookup tables is not implemented"),
    REFUSED("--SV-init", NULL, "give the initial states in a state file with --read-ini-file"),
    REFUSED("--doppel-on", NULL, NO_DOPPEL),
    REFUSED("--doppel-dur", NULL, NO_DOPPEL),
    /* starcarp's extensions */
    // clang-format off
    {.name = "--precision", .type = CLI_CALL, .call = read_shared,
     .help = "P  double or single, also 64 or 32 (default double); single is refused" NEXT
             "where the model's single-precision check fails, warned where it" NEXT
             "misses the accuracy bars (docs/verification.md)", .off = F(precision)},
    {.name = "--force-single", .type = CLI_FLAG, .help = "run single precision even where its check fails",
     .off = F(force_single)},
    {.name = "--steps-per-task", .type = CLI_CALL, .call = read_shared,
     .help = "K  time steps per StarPU task (default " STR(SC_DEFAULT_K) ")", .off = F(steps_per_task)},
    {.name = "--ncpu", .type = CLI_CALL, .call = read_shared, .help = "N  CPU workers (default: all)",
     .off = F(ncpu)},
    {.name = "--ngpu", .type = CLI_CALL, .call = read_shared,
     .help = "N  GPU workers, 0: CPUs only (default: all)", .off = F(ngpu)},
    {.name = "--sched", .type = CLI_STR, .accepts = "a StarPU scheduler name",
     .help = "NAME  StarPU scheduler (default dmda)", .off = F(sched)},
    {.name = "--nparts", .type = CLI_INT, .lo = 0, .hi = INFINITY,
     .accepts = "a non-negative integer (partitions placed by the scheduler; 0: planned)",
     .help = "N  N equal partitions placed by the scheduler (default 0: one" NEXT
             "partition per worker, sized by speed, pinned to it)", .off = F(nparts)},
    {.name = "--perfmodels", .type = CLI_STR, .accepts = "a directory",
     .help = "DIR  StarPU performance models to use and update", .off = F(perfmodels)},
    {.name = "--no-lut", .type = CLI_FLAG, .help = "evaluate lookup-table columns exactly", .off = F(no_lut)},
    {.name = "--no-watch", .type = CLI_FLAG,
     .help = "no physiology watch (runs stop at a negative concentration or" NEXT
             "a gate outside [0, 1] by default: docs/verification.md)", .off = F(no_watch)},
    {.name = "--long-run", .type = CLI_FLAG,
     .help = "run a restitution protocol or outputs beyond the usual sizes (below)", .off = F(long_run)},
    {.name = "--rtol", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number (relative tolerance)",
     .help = "R  relative tolerance of adaptive integrators (default: the model's)", .off = F(rtol)},
    {.name = "--atol", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number (absolute tolerance)",
     .help = "A  absolute tolerance of adaptive integrators (default: the model's)", .off = F(atol)},
    {.name = "--methods", .type = CLI_CALL, .call = read_shared, .arg = BOPT_A_NAMED,
     .help = "M  auto (default: the cheapest methods checked against a tight run," NEXT
             "docs/methods.md), file (the model file's own methods), or" NEXT
             "overrides (cvode=fe, Ca_ss=rush_larsen, ...; vm=cvode advances Vm" NEXT
             "with the states coupled to it faster than dt; the model is rebuilt)", .off = F(methods)},
    {.name = "--vm-bound", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number of mV",
     .help = "MV  stop when |Vm| exceeds it (default 1000)", .off = F(vm_bound)},
    {.name = "--checkpoint", .type = CLI_STR, .accepts = "a file name",
     .help = "FILE  write a checkpoint at --checkpoint-time", .off = F(checkpoint)},
    {.name = "--checkpoint-time", .type = CLI_REAL, .lo = 0, .hi = INFINITY,
     .accepts = "a non-negative number of ms", .help = "MS  when to write it (default: the end)",
     .off = F(checkpoint_time)},
    {.name = "--restart", .type = CLI_STR, .accepts = "a checkpoint file",
     .help = "FILE  continue from a checkpoint", .off = F(restart)},
    {.name = "--plot", .type = CLI_CALL, .call = read_plot, .arg = BOPT_A_NAMED,
     .accepts = "a file name ending in .png", .help = "FILE.png  plot the probed traces", .off = F(plot)},
    {.name = "--probe", .type = CLI_CALL, .call = read_probe,
     .accepts = "a comma-separated list of cell indices",
     .help = "LIST  cells whose traces are output (default 0); other than the first go" NEXT
             "to NAME_cell<i> files", .off = F(probe)},
    {.name = "--vary", .type = CLI_CALL, .call = read_vary, .arg = BOPT_A_REPEAT,
     .accepts = "NAME=LO:HI, NAME=LO:HI:log or NAME*LO:HI",
     .help = "SPEC  vary a parameter across the cells (up to " STR(BOPT_MAX_VARY) " times):" NEXT
             "NAME=LO:HI linear, NAME=LO:HI:log geometric, NAME*LO:HI multiplier", .off = F(vary)},
    {.name = "--seed", .type = CLI_CALL, .call = read_seed, .accepts = "a non-negative integer",
     .help = "N  accepted and ignored: runs use no random numbers", .off = F(seed)},
    {.name = "--quiet", .alias = "-q", .type = CLI_FLAG, .help = "no size line, no progress bar",
     .off = F(quiet)},
    {.name = "--progress", .type = CLI_FLAG, .help = "plain progress lines (also when not on a terminal)",
     .off = F(progress)},
    // clang-format on
};

#define NOPTS ((int)(sizeof bopt_opts / sizeof bopt_opts[0]))
const int bopt_nopts = NOPTS;
_Static_assert(NOPTS <= (int)(sizeof((BoptSeen *)0)->as / sizeof(const char *)), "BoptSeen.as too short");

const char *bopt_accepts(const CliOpt *d) {
    return d->accepts ? d->accepts : cli_run_opt("bench", d->name)->accepts;
}

/* bench_parse.c: `starcarp bench`'s command line read against its option table (bench_opts.c) with
 * bench's conventions: long options as `--opt value` or `--opt=value`, short ones as `-T 2` or `-T2`,
 * short flags grouped (`-vB`), --fout's optional value (-O takes it glued only), an option given
 * twice refused (except --vary), bench's refused options named with their reason, an unknown option
 * with the closest name. After the loop, the stimulus modes and groups (.group) are checked, then
 * bopt_check_together() (bench_rules.c) checks what involves several options and fills the defaults
 * that depend on others. */
#include <stdlib.h>
#include <string.h>

#include "bench_optint.h"
#include "starcarp_util.h"
#include "starcarp_model.h"

/* Whether d is a CLI_CALL row with the BOPT_A_* bit `bit`. */
static int has(const CliOpt *d, int bit) { return d->type == CLI_CALL && (d->arg & bit); }

/* Whether the option takes a value (always, or optionally for --fout). */
static int takes_value(const CliOpt *d) { return d->type != CLI_FLAG && !has(d, BOPT_A_INFO); }

/* "unknown option '--stim-star'; did you mean --stim-start?": the hint names the closest option
 * within 2 edits, when the edits change less than half of its name (so '-x' does not suggest '-B'). */
static int unknown_option(const char *name, char *err, size_t errlen) {
    const char *best = NULL;
    int bestd = 3;
    for (int k = 0; k < bopt_nopts; k++) {
        int dist = sc_edit_distance(name, bopt_opts[k].name, 0);
        if (dist < bestd && 2 * (size_t)dist < strlen(bopt_opts[k].name))
            bestd = dist, best = bopt_opts[k].name;
    }
    if (best)
        return FAIL(err, errlen, "unknown option '%s'; did you mean %s?", name, best);
    return FAIL(err, errlen, "unknown option '%s' (see --help)", name);
}

/* "--strain (-N) is not supported by starcarp: WHY" (the short letter when given so). -1. */
static int refuse(const CliOpt *d, const char *spelled, BenchOpts *o, char *err, size_t errlen) {
    char as[96];
    if (strcmp(spelled, d->name) != 0)
        snprintf(as, sizeof as, "%s (%s)", d->name, spelled);
    else
        snprintf(as, sizeof as, "%s", d->name);
    return cli_opt_set(d, as, "", o, err, errlen);
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

/* Store the value val (NULL for a flag, --help or an absent optional value) of option d: 0, 1 after
 * --help or --version (printed), -1 with err set. */
static int store(const CliOpt *d, const char *val, BenchOpts *o, char *err, size_t errlen) {
    int rc = cli_opt_set(d, d->name, val, o, err, errlen);
    return rc == 0 && has(d, BOPT_A_INFO) ? 1 : rc;
}

/* Record that d was given as spelled; a second time is an error (except --vary). */
static int mark_seen(const CliOpt *d, const char *spelled, BoptSeen *seen, char *err, size_t errlen) {
    const char **as = &seen->as[d - bopt_opts];
    if (*as && !has(d, BOPT_A_REPEAT)) {
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
static int next_value(const CliOpt *d, int argc, char **argv, int *i, const char **val, char *err,
                      size_t errlen) {
    const char *next = *i + 1 < argc ? argv[*i + 1] : NULL;
    /* names and files are not taken from an argument that looks like an option; numbers are (the
       message then says what was wrong with them); a short --fout (-O) takes its value glued only */
    int looks_opt = next && next[0] == '-' && next[1];
    int optional = has(d, BOPT_A_OPTIONAL);
    int named = d->type == CLI_STR || has(d, BOPT_A_NAMED);
    *val = NULL;
    if (next && !(named && looks_opt) && !(optional && d->alias && !strcmp(argv[*i], d->alias)))
        *val = next, (*i)++;
    else if (!optional)
        return FAIL(err, errlen, "%s needs a value: %s", d->name, bopt_accepts(d));
    return 0;
}

/* One short-option argument ("-T", "-T2", "-vB"). */
static int parse_short(int argc, char **argv, int *i, BenchOpts *o, BoptSeen *seen, char *err,
                       size_t errlen) {
    const char *arg = argv[*i];
    char name[3] = {'-', arg[1], '\0'};
    const CliOpt *d = cli_opt_named(bopt_opts, bopt_nopts, name);
    if (!d)
        return unknown_option(arg, err, errlen);
    if (d->type == CLI_REFUSED)
        return refuse(d, name, o, err, errlen);
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
        const CliOpt *g = cli_opt_named(bopt_opts, bopt_nopts, name);
        if (!g || takes_value(g) || g->type == CLI_REFUSED)
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
        const CliOpt *d = nlen < sizeof name ? cli_opt_named(bopt_opts, bopt_nopts, name) : NULL;
        if (!d || (d->alias && !strcmp(name, d->alias)))
            return unknown_option(name, err, errlen);
        if (d->type == CLI_REFUSED)
            return refuse(d, d->name, o, err, errlen);
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

/* Whether rows a and b set one value (--save-file and --checkpoint, --rseed and --seed). */
static int same_value(const CliOpt *a, const CliOpt *b) {
    return a->off == b->off && a->off != 0 && a->type == b->type && a->call == b->call;
}

/* Options of two stimulus modes, or two stimulus types, given together: an error naming both. */
static int check_modes(const BoptSeen *seen, char *err, size_t errlen) {
    int first[BOPT_G_STIMTYPE + 1];
    for (int m = 0; m <= BOPT_G_STIMTYPE; m++)
        first[m] = -1;
    for (int k = 0; k < bopt_nopts; k++) {
        int m = bopt_opts[k].group;
        if (!seen->as[k] || m == BOPT_M_NONE)
            continue;
        if (m == BOPT_G_STIMTYPE && first[m] >= 0)
            return FAIL(err, errlen, "%s conflicts with %s: give one stimulus type (a current or a voltage)",
                        seen->as[k], seen->as[first[m]]);
        for (int j = BOPT_M_TRAIN; j <= BOPT_M_VCLAMP && m != BOPT_G_STIMTYPE; j++)
            if (j != m && first[j] >= 0)
                return FAIL(err, errlen,
                            "%s conflicts with %s: they belong to two stimulus modes of bench (the train "
                            "--numstim/--stim-start/--bcl, --stim-times, --restitute, --clamp-ini); give one",
                            seen->as[k], seen->as[first[j]]);
        if (first[m] < 0)
            first[m] = k;
    }
    for (int k = 0; k < bopt_nopts; k++)
        for (int j = 0; j < k && seen->as[k]; j++)
            if (seen->as[j] && same_value(&bopt_opts[j], &bopt_opts[k]))
                return FAIL(err, errlen, "%s and %s set the same value; give one", seen->as[j], seen->as[k]);
    return 0;
}

int bopt_parse(int argc, char **argv, BenchOpts *o, char *err, size_t errlen) {
    BoptSeen seen;
    memset(&seen, 0, sizeof seen);
    for (int k = 0; k < bopt_nopts; k++)
        seen.name[k] = bopt_opts[k].name, seen.alias[k] = bopt_opts[k].alias;
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

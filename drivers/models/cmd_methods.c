/* cmd_methods.c: `starcarp methods MODEL`: the automatic choice of integration methods for a
 * model (codelets/sc_choose.c, docs/methods.md), with every candidate's figures; --table FILE
 * writes the choice as the model's row of a method table (models/methods.tsv is the library's,
 * read by `starcarp-codegen --auto-methods` when the library is built). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "commands.h"
#include "sc_choose.h"
#include "starcarp.h"
#include "starcarp_info.h"

static void usage(FILE *out);

/* Replace (or add) the row of `stem` in the TSV table file. Returns 0 or -1 (message printed). */
static int write_row(const char *table, const char *stem, const char *row) {
    FILE *f = fopen(table, "r");
    char *text = NULL;
    size_t len = 0, cap = 0;
    char line[4096];
    int replaced = 0;
    while (f && fgets(line, sizeof line, f)) {
        size_t n = strlen(stem);
        const char *use = line;
        if (strncmp(line, stem, n) == 0 && line[n] == '\t') {
            use = row;
            replaced = 1;
        }
        size_t l = strlen(use);
        if (len + l + 1 > cap) {
            cap = 2 * (len + l + 1);
            text = realloc(text, cap);
        }
        memcpy(text + len, use, l + 1);
        len += l;
    }
    if (f)
        fclose(f);
    FILE *o = fopen(table, "w");
    if (!o) {
        fprintf(stderr, "starcarp methods: --table: cannot write %s\n", table);
        free(text);
        return -1;
    }
    if (!f)
        fputs(
            "# model\tsource_hash\tdt\toverrides\tlabel\terr_f64_pct\tdapd_f64_ms\terr_f32_pct\tdapd_f32_ms\t"
            "file_err_f64_pct\tfile_dapd_f64_ms\tfile_s\tchosen_s\tstiff\tlong_state_pct\tlong_state\n",
            o);
    if (text)
        fputs(text, o);
    if (!replaced)
        fputs(row, o);
    free(text);
    return fclose(o) == 0 ? 0 : -1;
}

/* A figure, or "-" where it was not measured (a run not made, or failed). */
static const char *fig(char *buf, size_t n, const char *fmt, double v) {
    if (isnan(v))
        snprintf(buf, n, "-");
    else
        snprintf(buf, n, fmt, v);
    return buf;
}

static void print_cand(const ScCandidate *c) {
    char a[32], b[32], e[32], d[32], l[128] = "";
    if (!isnan(c->lerr[2]))
        snprintf(l, sizeof l, " (long: Vm %.3g %%, APD90 %+.3g ms, %s %.3g %%)", c->lerr[0], c->lerr[1],
                 c->lstate, c->lerr[2]);
    printf("  %-44.44s %9s %9s %9s %9s %8.2f  %s%s%s\n", c->label, fig(a, sizeof a, "%.4f", c->err[0]),
           fig(b, sizeof b, "%+.3f", c->dapd[0]), fig(e, sizeof e, "%.4f", c->err[1]),
           fig(d, sizeof d, "%+.3f", c->dapd[1]), c->seconds,
           c->pass ? (*c->why ? "pass; " : "pass") : c->why, c->pass ? c->why : "", l);
}

/* --compare: the methods a against b over the protocol of sp, printed (every state's figure, the
 * largest first); 0, or 1 when they cannot be built. */
static int compare(const char *model, const char *path, const ScChooseSpec *sp, ScMethods a, ScMethods b,
                   double dt_b, double rtol_b) {
    ScCompare *c = calloc(1, sizeof *c);
    char err[512];
    /* auto: what a run uses, the library's recorded choice or the file's choice */
    if (a.mode == SC_METHODS_AUTO) {
        const ScModelEntry *e = sc_model_lookup_dt(model, a, sp->dt, err, sizeof err);
        if (!e) {
            fprintf(stderr, "starcarp methods: %s\n", err);
            free(c);
            return 1;
        }
        a = sc_methods_parse(e->methods_choice && *e->methods_choice ? e->methods_choice : "file");
        printf("%s: the automatic choice is %s%s\n", model,
               a.mode == SC_METHODS_FILE ? "the file's methods" : "--methods ", a.overrides);
        if (a.mode == SC_METHODS_FILE && b.mode == SC_METHODS_FILE && !(dt_b > 0) && !(rtol_b > 0)) {
            free(c); /* the same runs: nothing to compare */
            return 0;
        }
    }
    /* the overrides ("" for the file's methods); "auto" against: as a set of overrides, refused there */
    const char *ma = a.mode == SC_METHODS_FILE ? "" : sc_methods_text(a);
    const char *mb = b.mode == SC_METHODS_FILE ? "" : sc_methods_text(b);
    if (!c || sc_choose_compare(path, sp, ma, mb, dt_b, rtol_b, c, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp methods: %s\n", c ? err : "out of memory");
        free(c);
        return 1;
    }
    char tol[32] = "";
    if (rtol_b > 0)
        snprintf(tol, sizeof tol, " rtol %g", rtol_b);
    printf("%s: %s at dt %g against %s at dt %g%s, %ld stimuli every %g ms, %g ms (%.2f s and %.2f s)\n",
           model, *ma ? ma : "the file's methods", sp->dt, *mb ? mb : "the file's methods",
           dt_b > 0 ? dt_b : sp->dt, tol, sp->nstim, sp->bcl, sp->duration, c->seconds[0], c->seconds[1]);
    if (c->failed) {
        printf("compare: failed (%s run): %s\n", c->failed == 1 ? "the first" : "the second", c->why);
        free(c);
        return 0;
    }
    printf(
        "compare: vm_err %.4g vm_err_last %.4g apd90_last %.2f dapd90_last %+.3f state_err %.4g state %s\n",
        c->vm_err, c->vm_err_last, c->apd_last, c->dapd_last, c->state_err, c->state);
    for (int done = 0; done < c->nst; done++) { /* every state, the largest difference first */
        int best = -1;
        for (int i = 0; i < c->nst; i++)
            if (c->st_err[i] >= 0 && (best < 0 || c->st_err[i] > c->st_err[best]))
                best = i;
        if (best < 0)
            break;
        printf("  %-24s %.4g %%\n", c->st_name[best], c->st_err[best]);
        c->st_err[best] = -1;
    }
    free(c);
    return 0;
}

/* The choice c for model at sp's step, with every candidate's figures, on stdout. */
static void print_choice(const char *model, const ScChooseSpec *sp, const ScChoice *c) {
    printf("%s at dt %g ms: tolerances %g %% (RMS of Vm) and %g ms (APD90) against the file's methods at "
           "rtol %g / atol %g (APD90 %.2f ms, %.2f s)\n",
           model, sp->dt, sp->tol_err > 0 ? sp->tol_err : 0.1, sp->tol_apd > 0 ? sp->tol_apd : 0.5,
           c->ref_rtol, c->ref_rtol / 100, c->ref_apd, c->ref_seconds);
    if (*c->stiff)
        printf("stiff at this dt (dt / tau): %s\n", c->stiff);
    if (*c->fastvm)
        printf(
            "coupled to Vm faster than dt: %s; bench's splitting %s the bars against the file's methods with "
            "them coupled (vm=cvode)%s\n",
            c->fastvm, c->vm[0] ? "misses" : "is within",
            c->vm[0] ? ": the reference and every candidate couple them" : ": no treatment");
    if (sp->long_beats > 0)
        printf(
            "the set that passes is checked over %ld beats at BCL %g ms (or 1.5 APD90 where longer) against "
            "itself at dt/2: twice the difference of every state at each stimulus within %g %% of its magnitude\n",
            sp->long_beats, sp->long_bcl > 0 ? sp->long_bcl : 500, sp->tol_state > 0 ? sp->tol_state : 1);
    printf("  %-44s %9s %9s %9s %9s %8s\n", "methods", "err f64%", "dAPD f64", "err f32%", "dAPD f32",
           "seconds");
    print_cand(&c->file);
    if (*c->fastvm)
        print_cand(&c->plain);
    for (int k = 0; k < c->ncand; k++)
        print_cand(&c->cand[k]);
    printf("choice: %s%s%s\n", c->label, *c->overrides ? " = --methods " : "", c->overrides);
    if (!c->cut && c->need > 0)
        printf("budget: a run finishes this choice with STARCARP_CHOOSE_BUDGET of at least %.4g units "
               "(default %g)\n",
               c->need / SC_CHOOSE_WORK_UNIT, SC_CHOOSE_BUDGET);
    const ScSingleCheck *s = &c->single; /* what bench --precision single judges by */
    if (s->state == SC_SINGLE_COMPLETES)
        printf("single precision (the choice in float against double): Vm %.3g %% RMS, APD90 %+.3g ms\n",
               s->err_pct, s->dapd_ms);
    else
        printf("single precision (the choice in float): %s: %s\n",
               s->state == SC_SINGLE_FAILS ? "fails" : "not checked", s->why);
}

/* The choice c for the model file at path as its row of the method table file `table`; 0 or -1. */
static int table_row(const char *table, const char *path, const ScChooseSpec *sp, const ScChoice *c) {
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char stem[256], hash[32], row[4096], lng[96] = "-\t-";
    snprintf(stem, sizeof stem, "%.*s", (int)strcspn(base, "."), base);
    sc_model_file_hash(path, stderr, hash, sizeof hash);
    const ScCandidate *ch = c->chosen >= 0 ? &c->cand[c->chosen] : &c->file;
    if (!isnan(ch->lerr[2]))
        snprintf(lng, sizeof lng, "%.3g\t%s", ch->lerr[2], ch->lstate);
    snprintf(row, sizeof row, "%s\t%s\t%g\t%s\t%s\t%.4g\t%.4g\t%.4g\t%.4g\t%.4g\t%.4g\t%.3g\t%.3g\t%s\t%s\n",
             stem, hash, sp->dt, *c->overrides ? c->overrides : "-", c->label, ch->err[0], ch->dapd[0],
             ch->err[1], ch->dapd[1], c->file.err[0], c->file.dapd[0], c->file.seconds, ch->seconds,
             *c->stiff ? c->stiff : "-", lng);
    return write_row(table, stem, row);
}

/* methods' options (besides --dt, shared: cli_opts.h), where they go. */
typedef struct MethOpts {
    ScChooseSpec sp;
    double nstim, long_beats, against_dt, against_rtol;
    const char *table, *cmp_a, *cmp_b;
    int no_cache, quiet;
} MethOpts;

#define F(f) offsetof(MethOpts, f)
#define POS(name_, f, help_)                                                                           \
    {                                                                                                  \
        .name = name_, .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number", .help = help_, \
        .off = F(f)                                                                                    \
    }
#define NONNEG(name_, f, help_)                                                                             \
    {                                                                                                       \
        .name = name_, .type = CLI_REAL, .hi = INFINITY, .accepts = "a non-negative number", .help = help_, \
        .off = F(f)                                                                                         \
    }
#define INDENT "\n                      " /* a help's next line, under the first (cli_opt_help) */
static const CliOpt meth_opts[] = {
    POS("--tol-err", sp.tol_err, "PCT  bar of the normalised RMS error of Vm, % (default 0.1)"),
    POS("--tol-apd", sp.tol_apd, "MS  bar of the APD90 difference (default 0.5)"),
    NONNEG("--stim-start", sp.stim_start, "MS  the one-cell protocol: first stimulus (default 1)"),
    POS("--stim-dur", sp.stim_dur, "MS  stimulus duration (default 1)"),
    NONNEG("--stim-curr", sp.stim_curr, "UA  stimulus current, uA/cm^2 (default 60)"),
    POS("--bcl", sp.bcl, "MS  basic cycle length (default 1000)"),
    NONNEG("--numstim", nstim, "N  stimuli (default 1)"),
    POS("--duration", sp.duration, "MS  simulated time (default 1000)"),
    NONNEG("--long-beats", long_beats,
           "N  the long check of the candidate that passes: N beats against itself" INDENT
           "at dt/2 (default 50; 0: none)"),
    POS("--long-bcl", sp.long_bcl, "MS  their BCL (default 500, or 1.5 APD90 where longer)"),
    POS("--tol-state", sp.tol_state, "PCT  the states within PCT % of their magnitude (default 1)"),
    CLI_STR_OPT("--compare", "a set of methods",
                "SET  no choice: run the methods SET ('file': the file's; 'auto': what a" INDENT
                "run of MODEL uses) and SET2 over the protocol and print how they differ" INDENT
                "(Vm, the last beat's APD90, every state)",
                F(cmp_a)),
    CLI_STR_OPT("--against", "a set of methods", "SET2  what --compare runs against (default: the file's)",
                F(cmp_b)),
    POS("--against-dt", against_dt, "DT  --compare: SET2 at this dt (default --dt)"),
    POS("--against-rtol", against_rtol, "R  --compare: SET2 with cvode's rtol R"),
    CLI_STR_OPT("--table", "a file name",
                "FILE  write the choice as MODEL's row of a method table (TSV; implies" INDENT "--no-cache)",
                F(table)),
    CLI_FLAG_OPT("--no-cache", "choose again even when a cached choice exists", F(no_cache)),
    // clang-format off
    {.name = "-q", .alias = "--quiet", .type = CLI_FLAG, .accepts = "", .help = "no progress lines",
     .off = F(quiet)},
    // clang-format on
};
#undef INDENT
#undef POS
#undef NONNEG
#undef F

static void usage(FILE *out) {
    fprintf(out,
            "usage: starcarp methods MODEL [options]\n"
            "  Chooses the cheapest integration methods for the states MODEL (a library name or a\n"
            "  .model file) leaves to cvode, checked on one paced cell against a tight-tolerance run\n"
            "  of the file's own methods (docs/methods.md).\n"
            "  With no budget: a run's choice (bench, tissue, the API) stops before its work would pass\n"
            "  STARCARP_CHOOSE_BUDGET units (default %g; counted, not timed: the same on every machine)\n"
            "  and runs the file's methods; this one is finished, cached, and says the budget it needs\n"
            "  (runs with at least that budget use it at this dt).\n",
            SC_CHOOSE_BUDGET);
    cli_run_help(out, "methods");
    cli_opt_help(out, meth_opts, (int)(sizeof meth_opts / sizeof *meth_opts));
}

int cmd_methods(int argc, char **argv) {
    MethOpts mo = {.sp = sc_choose_default_spec(), .cmp_b = "file"};
    mo.long_beats = (double)mo.sp.long_beats, mo.nstim = 1;
    CliRun run = cli_run_defaults();
    run.dt = mo.sp.dt;
    const char *model = NULL;
    const CliCommand cmd = {"methods", meth_opts, (int)(sizeof meth_opts / sizeof *meth_opts), usage};
    int prc = cli_parse(&cmd, argc, argv, &mo, &run, &model);
    if (prc != 0)
        return prc > 0 ? 0 : 2;
    if (!model) {
        usage(stderr);
        return 2;
    }
    ScChooseSpec sp = mo.sp;
    sp.dt = run.dt;
    sp.verbose = sp.verbose && !mo.quiet;
    double nstim = mo.nstim, long_beats = mo.long_beats, against_dt = mo.against_dt,
           against_rtol = mo.against_rtol;
    const char *table = mo.table, *cmp_a = mo.cmp_a, *cmp_b = mo.cmp_b;
    int no_cache = mo.no_cache;
    sp.nstim = lround(nstim);
    sp.long_beats = lround(long_beats);
    char buf[4096], err[512];
    const char *path = sc_model_file(model, buf, sizeof buf);
    if (!path) {
        fprintf(stderr, "starcarp methods: no model '%s' (a library name or a .model file)\n", model);
        return 1;
    }
    if (cmp_a)
        return compare(model, path, &sp, sc_methods_parse(cmp_a), sc_methods_parse(cmp_b), against_dt,
                       against_rtol);
    ScChoice *c = calloc(1, sizeof *c);
    /* a table row needs every figure: a cached choice keeps only the chosen one's */
    int rc = no_cache || table ? sc_choose_methods(path, &sp, c, err, sizeof err)
                               : sc_choose_methods_cached(path, &sp, c, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "starcarp methods: %s\n", err);
        free(c);
        return 1;
    }
    print_choice(model, &sp, c);
    if (!no_cache && !table && sp.verbose)
        fprintf(
            stderr,
            "starcarp methods: %s: the choice %s cached: runs at dt %g ms%s with a budget of at least %.4g "
            "units use it (the default, %g, %s)\n",
            model, c->from_cache ? "was" : "is now", c->dt_made,
            c->dt_made <= SC_DEFAULT_DT ? " (or smaller)" : "", c->need / SC_CHOOSE_WORK_UNIT,
            SC_CHOOSE_BUDGET,
            c->need <= SC_CHOOSE_BUDGET * SC_CHOOSE_WORK_UNIT ? "is enough"
                                                              : "is not: set STARCARP_CHOOSE_BUDGET");
    if (table && table_row(table, path, &sp, c) != 0)
        rc = 1;
    free(c);
    return rc ? 1 : 0;
}

/* cmd_methods.c: `starcarp methods MODEL`: the automatic choice of integration methods for a
 * model (codelets/sc_choose.c, docs/methods.md), with every candidate's figures; --table FILE
 * writes the choice as the model's row of a method table (models/methods.tsv is the library's,
 * read by `starcarp-codegen --auto-methods` when the library is built). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "sc_registry.h"
#include "emit.h"
#include "sc_choose.h"
#include "sema.h"

static void usage(FILE *out) {
    fprintf(out,
            "usage: starcarp methods MODEL [options]\n"
            "  Chooses the cheapest integration methods for the states MODEL (a library name or a\n"
            "  .model file) leaves to cvode, checked on one paced cell against a tight-tolerance run\n"
            "  of the file's own methods (docs/methods.md).\n"
            "  --dt MS            time step (default %g)\n"
            "  --tol-err PCT      bar of the normalised RMS error of Vm, %% (default 0.1)\n"
            "  --tol-apd MS       bar of the APD90 difference (default 0.5)\n"
            "  --stim-start MS --stim-dur MS --stim-curr UA --bcl MS --numstim N --duration MS\n"
            "                     the one-cell protocol (defaults 1, 1, 60, 1000, 1, 1000)\n"
            "  --table FILE       write the choice as MODEL's row of a method table (TSV; implies\n"
            "                     --no-cache)\n"
            "  --no-cache         choose again even when a cached choice exists\n"
            "  With no budget (a run's choice stops after STARCARP_CHOOSE_BUDGET seconds, default\n"
            "  40, and runs the file's methods): the choice is finished and cached, and later runs\n"
            "  (bench, tissue, the API) use it at this dt and any smaller one.\n"
            "  -q                 no progress lines\n",
            SC_DEFAULT_DT);
}

/* Options with a number: name, where it goes. */
typedef struct NumOpt {
    const char *name;
    double *to;
    int positive; /* > 0 required (else >= 0) */
} NumOpt;

/* The hash of the model text as the generated code records it (emit_source_hash), or "". */
static void model_hash(const char *path, char *buf, size_t len) {
    Arena ar = {0};
    Diag dg = {stderr, 0, 0, 0, NULL};
    CgModel *m = sema_load_file_opts(&ar, &dg, path, NULL);
    snprintf(buf, len, "%016llx", m ? emit_source_hash(m) : 0ULL);
    ar_free(&ar);
}

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
            "file_err_f64_pct\tfile_dapd_f64_ms\tfile_s\tchosen_s\tstiff\n",
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
    char a[32], b[32], e[32], d[32];
    printf("  %-44.44s %9s %9s %9s %9s %8.2f  %s%s\n", c->label, fig(a, sizeof a, "%.4f", c->err[0]),
           fig(b, sizeof b, "%+.3f", c->dapd[0]), fig(e, sizeof e, "%.4f", c->err[1]),
           fig(d, sizeof d, "%+.3f", c->dapd[1]), c->seconds,
           c->pass ? (*c->why ? "pass; " : "pass") : c->why, c->pass ? c->why : "");
}

int cmd_methods(int argc, char **argv) {
    ScChooseSpec sp = sc_choose_default_spec();
    double nstim = 1;
    const char *model = NULL, *table = NULL;
    int no_cache = 0;
    NumOpt nums[] = {{"--dt", &sp.dt, 1},
                     {"--tol-err", &sp.tol_err, 1},
                     {"--tol-apd", &sp.tol_apd, 1},
                     {"--stim-start", &sp.stim_start, 0},
                     {"--stim-dur", &sp.stim_dur, 1},
                     {"--stim-curr", &sp.stim_curr, 0},
                     {"--bcl", &sp.bcl, 1},
                     {"--numstim", &nstim, 0},
                     {"--duration", &sp.duration, 1}};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        int done = 0;
        for (size_t k = 0; k < sizeof nums / sizeof *nums && !done; k++) {
            if (strcmp(a, nums[k].name) != 0)
                continue;
            char *end = NULL;
            double v = i + 1 < argc ? strtod(argv[i + 1], &end) : NAN;
            if (i + 1 >= argc || end == argv[i + 1] || *end || !isfinite(v) ||
                (nums[k].positive ? v <= 0 : v < 0)) {
                fprintf(stderr, "starcarp methods: %s expects a %s number, got '%s'\n", a,
                        nums[k].positive ? "positive" : "non-negative", i + 1 < argc ? argv[i + 1] : "");
                return 2;
            }
            *nums[k].to = v;
            i++, done = 1;
        }
        if (done)
            continue;
        if (!strcmp(a, "--table") && i + 1 < argc)
            table = argv[++i];
        else if (!strcmp(a, "--no-cache"))
            no_cache = 1;
        else if (!strcmp(a, "-q") || !strcmp(a, "--quiet"))
            sp.verbose = 0;
        else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 0;
        } else if (a[0] == '-' || model) {
            fprintf(
                stderr,
                "starcarp methods: unknown option or extra argument '%s' (options: --dt, --tol-err, "
                "--tol-apd, --stim-start, --stim-dur, --stim-curr, --bcl, --numstim, --duration, --table, "
                "--no-cache, -q)\n",
                a);
            return 2;
        } else
            model = a;
    }
    if (!model) {
        usage(stderr);
        return 2;
    }
    sp.nstim = lround(nstim);
    char buf[4096], err[512];
    const char *path = sc_model_file(model, buf, sizeof buf);
    if (!path) {
        fprintf(stderr, "starcarp methods: no model '%s' (a library name or a .model file)\n", model);
        return 1;
    }
    ScChoice *c = calloc(1, sizeof *c);
    /* a table row needs every figure: a cached choice keeps only the chosen one's */
    int rc = no_cache || table ? sc_choose_methods(path, &sp, c, err, sizeof err)
                               : sc_choose_methods_cached(path, &sp, c, err, sizeof err);
    if (rc != 0) {
        fprintf(stderr, "starcarp methods: %s\n", err);
        free(c);
        return 1;
    }
    printf("%s at dt %g ms: tolerances %g %% (RMS of Vm) and %g ms (APD90) against the file's methods at "
           "rtol %g / atol %g (APD90 %.2f ms, %.2f s)\n",
           model, sp.dt, sp.tol_err > 0 ? sp.tol_err : 0.1, sp.tol_apd > 0 ? sp.tol_apd : 0.5, c->ref_rtol,
           c->ref_rtol / 100, c->ref_apd, c->ref_seconds);
    if (*c->stiff)
        printf("stiff at this dt (dt / tau): %s\n", c->stiff);
    printf("  %-44s %9s %9s %9s %9s %8s\n", "methods", "err f64%", "dAPD f64", "err f32%", "dAPD f32",
           "seconds");
    print_cand(&c->file);
    for (int k = 0; k < c->ncand; k++)
        print_cand(&c->cand[k]);
    printf("choice: %s%s%s\n", c->label, *c->overrides ? " = --methods " : "", c->overrides);
    if (!no_cache && !table && sp.verbose)
        fprintf(stderr, "starcarp methods: %s: the choice %s cached: runs at dt <= %g ms use it\n", model,
                c->from_cache ? "was" : "is now", c->dt_made);
    if (table) {
        const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
        char stem[256], hash[32], row[4096];
        snprintf(stem, sizeof stem, "%.*s", (int)strcspn(base, "."), base);
        model_hash(path, hash, sizeof hash);
        const ScCandidate *ch = c->chosen >= 0 ? &c->cand[c->chosen] : &c->file;
        snprintf(row, sizeof row, "%s\t%s\t%g\t%s\t%s\t%.4g\t%.4g\t%.4g\t%.4g\t%.4g\t%.4g\t%.3g\t%.3g\t%s\n",
                 stem, hash, sp.dt, *c->overrides ? c->overrides : "-", c->label, ch->err[0], ch->dapd[0],
                 ch->err[1], ch->dapd[1], c->file.err[0], c->file.dapd[0], c->file.seconds, ch->seconds,
                 *c->stiff ? c->stiff : "-");
        if (write_row(table, stem, row) != 0)
            rc = 1;
    }
    free(c);
    return rc ? 1 : 0;
}

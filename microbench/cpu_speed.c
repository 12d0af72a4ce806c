/* cpu_speed.c (sc-bench-cpu): speed of the portable C kernel against the vectorised CPU kernels of
 * every model of the library, on one thread.
 *
 * Usage: sc-bench-cpu [--cells N] [--steps S] [--k K] [--min-time SEC] [--csv FILE] [--png FILE]
 *                     [--rtol R] [--atol A] [--uniform-atol] [--no-watch] [MODEL ...]
 * For each model (registry stem, model name or identifier; default: all): N cells (default 4096)
 * from desc->init, cell i with Vm + 0.001*(i mod 4096) mV; S steps (default 100: 1 ms at dt 0.01 ms)
 * in bench mode (SC_STEP_BENCH) with a stimulus of 40 uA/cm^2 from step 10, K steps per call
 * (default 10). Each kernel - desc->c_run[0] (portable C, double), cpu[0] (vectorised, double),
 * cpu[1] (vectorised, float) - runs that same work from the same initial state: once to warm up,
 * then again and again (the state reset before each, untimed) until at least SEC seconds
 * (default 0.2) were timed. Reports cell-steps per second and the speed-ups of the vectorised
 * kernels over the portable one, with their geometric means over the models, as a markdown table
 * (stdout), CSV (--csv) and a PNG plot of the speed-ups (--png). Also the largest |Vm| difference
 * of each vectorised kernel from the portable one after S steps (a sanity check, not a test).
 * --rtol/--atol: the tolerances of cvode groups (ScStepArgs.rtol/atol; default 0: the kernels'
 * own, 1e-8/1e-10, the absolute one scaled per state); --uniform-atol: one atol for every state
 * (SC_STEP_UNIFORM_ATOL), for comparison; --no-watch: the kernels without the physiology watch
 * (SC_STEP_NO_WATCH), to measure its cost. Pin it to one core (taskset -c 1 sc-bench-cpu ...) for steady figures.
 * Exit status: 0, 1 when a kernel is missing or a file cannot be written, 2 on bad usage. */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli_opts.h"
#include "plot.h"
#include "starcarp_model.h"
#include "registry.h"
#include "util_int.h"
#include "host_model.h"

#define PERT_WRAP 4096

static double g_rtol, g_atol; /* cvode tolerances passed to the kernels (0: their defaults) */
static unsigned g_flags; /* SC_STEP_UNIFORM_ATOL with --uniform-atol */

static void *xcalloc(size_t n, size_t sz) {
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p) {
        fprintf(stderr, "sc-bench-cpu: out of memory\n");
        exit(1);
    }
    return p;
}

/* One precision's arrays: the initial state (kept) and the working state. */
typedef struct Arrays {
    size_t es; /* element size */
    long n;
    int nsv, nex;
    void *sv0, *vm0; /* initial */
    void *sv, *vm, *iion, *ext, *pc, *lut;
} Arrays;

static void put(void *p, size_t es, size_t k, double v) {
    if (es == sizeof(double))
        ((double *)p)[k] = v;
    else
        ((float *)p)[k] = (float)v;
}

static double get(const void *p, size_t es, size_t k) {
    return es == sizeof(double) ? ((const double *)p)[k] : (double)((const float *)p)[k];
}

static void arrays_make(Arrays *A, const ScModelDesc *d, long n, size_t es, const double *pcd,
                        const double *sv0, double vm0, const double *lutd, size_t nlut) {
    memset(A, 0, sizeof *A);
    A->es = es, A->n = n, A->nsv = d->nsv, A->nex = d->nexternals;
    const size_t nsv = (size_t)d->nsv * (size_t)n, npc = (size_t)d->nparams + (size_t)d->nconsts;
    A->sv0 = xcalloc(nsv + 1, es), A->sv = xcalloc(nsv + 1, es);
    A->vm0 = xcalloc((size_t)n, es), A->vm = xcalloc((size_t)n, es), A->iion = xcalloc((size_t)n, es);
    A->ext = xcalloc((size_t)d->nexternals * (size_t)n + 1, es);
    A->pc = xcalloc(npc + 1, es);
    for (int k = 0; k < d->nsv; k++)
        for (long i = 0; i < n; i++)
            put(A->sv0, es, (size_t)k * n + i, sv0[k]);
    for (long i = 0; i < n; i++)
        put(A->vm0, es, (size_t)i, vm0 + 0.001 * (double)(i % PERT_WRAP));
    for (size_t k = 0; k < npc; k++)
        put(A->pc, es, k, pcd[k]);
    if (lutd && nlut) {
        A->lut = xcalloc(nlut, es);
        for (size_t k = 0; k < nlut; k++)
            put(A->lut, es, k, lutd[k]);
    }
}

static void arrays_reset(Arrays *A) {
    memcpy(A->sv, A->sv0, (size_t)A->nsv * (size_t)A->n * A->es);
    memcpy(A->vm, A->vm0, (size_t)A->n * A->es);
    memset(A->iion, 0, (size_t)A->n * A->es);
    memset(A->ext, 0, (size_t)A->nex * (size_t)A->n * A->es);
}

static void arrays_free(Arrays *A) {
    free(A->sv0), free(A->sv), free(A->vm0), free(A->vm), free(A->iion), free(A->ext), free(A->pc);
    free(A->lut);
}

/* One pass: steps [0, S) in calls of K. Returns its seconds; *st gets the status. */
static double pass(ScCpuKernel run, Arrays *A, long S, int K, ScStepStatus *st) {
    ScStepArgs a;
    unsigned long long oor[SC_MAX_TABLES] = {0};
    memset(&a, 0, sizeof a);
    a.n = A->n;
    a.sv = A->sv, a.vm = A->vm, a.iion = A->iion, a.ext = A->nex ? A->ext : NULL;
    a.pc = A->pc, a.lut = A->lut, a.lut_oor = oor;
    for (int k = 0; k < SC_MAX_PARAMS; k++)
        a.vary[k] = -1;
    a.dt = 0.01;
    a.rtol = g_rtol, a.atol = g_atol;
    a.flags = SC_STEP_BENCH | g_flags;
    a.stim.start = 10, a.stim.pulse = 100, a.stim.period = 0, a.stim.count = 1, a.stim.amp = 40;
    st->key = ULLONG_MAX, st->value = 0;
    a.status = st;
    arrays_reset(A);
    double t0 = sc_now_s();
    for (long d = 0; d < S; d += K) {
        a.d0 = d;
        a.nsteps = (int)(S - d < K ? S - d : K);
        run(&a);
    }
    return sc_now_s() - t0;
}

typedef struct Meas {
    double rate; /* cell-steps per second (NaN: no kernel) */
    double secs; /* timed */
    long reps;
    int failed; /* status recorded a failure */
} Meas;

static Meas measure(ScCpuKernel run, Arrays *A, long S, int K, double min_time, double *vm_out) {
    Meas m = {NAN, 0, 0, 0};
    if (!run)
        return m;
    ScStepStatus st;
    pass(run, A, S, K, &st); /* warm-up */
    do {
        m.secs += pass(run, A, S, K, &st);
        m.reps++;
        if (m.reps == 1) {
            m.failed = st.key != ULLONG_MAX;
            for (long i = 0; i < A->n; i++)
                vm_out[i] = get(A->vm, A->es, (size_t)i);
        }
    } while (m.secs < min_time);
    m.rate = (double)m.reps * (double)S * (double)A->n / m.secs;
    return m;
}

static double max_abs_diff(const double *a, const double *b, long n) {
    double mx = 0;
    for (long i = 0; i < n; i++) {
        double x = fabs(a[i] - b[i]);
        if (isnan(a[i]) && isnan(b[i]))
            x = 0;
        else if (!(x == x))
            x = INFINITY;
        mx = x > mx ? x : mx;
    }
    return mx;
}

static void cpu_name(char *buf, size_t bs) {
    snprintf(buf, bs, "unknown CPU");
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f)
        return;
    char line[512];
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "model name", 10)) {
            char *c = strchr(line, ':');
            if (c) {
                c++;
                while (*c == ' ' || *c == '\t')
                    c++;
                c[strcspn(c, "\n")] = 0;
                snprintf(buf, bs, "%s", c);
            }
            break;
        }
    fclose(f);
}

typedef struct Row {
    const ScModelEntry *e;
    int lanes[2];
    Meas m[3]; /* portable f64, vector f64, vector f32 */
    double sp64, sp32; /* speed-ups over the portable kernel */
    double dvm64, dvm32; /* max |Vm - Vm_portable| after S steps */
} Row;

static void usage(const char *p) {
    fprintf(stderr,
            "usage: %s [--cells N] [--steps S] [--steps-per-task K] [--min-time SEC] [--csv FILE] "
            "[--png FILE] [--rtol R] [--atol A] [--uniform-atol] [--no-watch] [MODEL ...]\n",
            p);
}

/* The options besides the shared --steps-per-task (--k), --csv, --png (drivers/cli/cli_opts.h). */
typedef struct BcOpts {
    long cells, steps;
    double min_time, rtol, atol;
    int uniform_atol, no_watch;
} BcOpts;
#define F(f) offsetof(BcOpts, f)
static const CliOpt bc_opts[] = {
    // clang-format off
    {.name = "--cells", .type = CLI_INT, .lo = 1, .hi = INT_MAX, .accepts = "a positive integer (int)",
     .help = "N  cells", .off = F(cells)},
    // clang-format on
    CLI_COUNT_OPT("--steps", "S  steps per round", F(steps)),
    // clang-format off
    {.name = "--min-time", .type = CLI_REAL, .hi = INFINITY, .accepts = "seconds >= 0",
     .help = "SEC  timed seconds", .off = F(min_time)},
    {.name = "--rtol", .type = CLI_REAL, .hi = INFINITY, .accepts = "a number >= 0",
     .help = "R  cvode's rtol", .off = F(rtol)},
    {.name = "--atol", .type = CLI_REAL, .hi = INFINITY, .accepts = "a number >= 0",
     .help = "A  cvode's atol", .off = F(atol)},
    // clang-format on
    CLI_FLAG_OPT("--uniform-atol", "one atol for every state", F(uniform_atol)),
    CLI_FLAG_OPT("--no-watch", "no physiology watch", F(no_watch)),
};
#undef F

/* Row of model e: its three kernels measured (N cells, S steps, K per call, min_time seconds each)
 * and their Vm after S steps compared (vref, v64, v32: N values each). 1 when a kernel is missing. */
static int measure_model(Row *row, const ScModelEntry *e, long N, long S, int K, double min_time,
                         double *vref, double *v64, double *v32) {
    const ScModelDesc *d = e->desc;
    int bad = 0;
    row->e = e;
    row->lanes[0] = e->cpu_lanes[0] ? *e->cpu_lanes[0] : 0;
    row->lanes[1] = e->cpu_lanes[1] ? *e->cpu_lanes[1] : 0;
    ScHostModel h;
    if (kern_host_model_init(&h, d, NULL) != 0) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    double *pcd = h.pc, *sv0 = h.sv0, vm0 = h.vm0, *lutd = h.lut;
    size_t nlut = h.nlut;
    Arrays A64, A32;
    arrays_make(&A64, d, N, sizeof(double), pcd, sv0, vm0, lutd, nlut);
    arrays_make(&A32, d, N, sizeof(float), pcd, sv0, vm0, lutd, nlut);
    row->m[0] = measure(d->c_run[0], &A64, S, K, min_time, vref);
    row->m[1] = measure(e->cpu[0], &A64, S, K, min_time, v64);
    row->m[2] = measure(e->cpu[1], &A32, S, K, min_time, v32);
    if (!d->c_run[0] || !e->cpu[0] || !e->cpu[1]) {
        fprintf(stderr, "%s: a kernel is missing (portable %s, vector f64 %s, f32 %s)\n", e->name,
                d->c_run[0] ? "yes" : "no", e->cpu[0] ? "yes" : "no", e->cpu[1] ? "yes" : "no");
        bad = 1;
    }
    row->sp64 = row->m[1].rate / row->m[0].rate;
    row->sp32 = row->m[2].rate / row->m[0].rate;
    row->dvm64 = e->cpu[0] ? max_abs_diff(v64, vref, N) : NAN;
    row->dvm32 = e->cpu[1] ? max_abs_diff(v32, vref, N) : NAN;
    fprintf(stderr, "%-48s portable %9.3g  vec f64 %9.3g (x%.2f)  vec f32 %9.3g (x%.2f) cell-steps/s\n",
            e->name, row->m[0].rate, row->m[1].rate, row->sp64, row->m[2].rate, row->sp32);
    arrays_free(&A64), arrays_free(&A32);
    kern_host_model_free(&h);
    return bad;
}

/* The markdown table of the nr rows on stdout, with the machine line and the geometric means. */
static void print_table(const Row *rows, int nr, const char *machine, double gm64, double gm32) {
    printf("%s\n\n", machine);
    printf("| # | model | states | methods | lanes f64/f32 | portable C f64 (cell-steps/s) | vector f64 "
           "| vector f32 | speed-up f64 | speed-up f32 | max abs dVm f64 / f32 (mV) | notes |\n");
    printf("|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int k = 0; k < nr; k++) {
        const Row *r = &rows[k];
        char note[128] = "";
        static const char *const kn[3] = {"portable", "vector f64", "vector f32"};
        for (int j = 0; j < 3; j++)
            if (r->m[j].failed) {
                size_t l = strlen(note);
                snprintf(note + l, sizeof note - l, "%s%s: status failure", l ? "; " : "", kn[j]);
            }
        printf("| %d | %s | %d | %s | %d/%d | %.3g | %.3g | %.3g | %.2f | %.2f | %.2g / %.2g | %s |\n", k,
               r->e->name, r->e->desc->nstates, r->e->desc->methods ? r->e->desc->methods : "?", r->lanes[0],
               r->lanes[1], r->m[0].rate, r->m[1].rate, r->m[2].rate, r->sp64, r->sp32, r->dvm64, r->dvm32,
               note);
    }
    printf("\nGeometric mean speed-up over %d models: vector f64 / portable %.2f, vector f32 / "
           "portable %.2f\n",
           nr, gm64, gm32);
}

/* The rows as CSV into the file csv: 0, or 1 after a message on stderr. */
static int write_csv(const char *csv, const Row *rows, int nr, const char *machine, double gm64,
                     double gm32) {
    int bad = 0;
    FILE *f = fopen(csv, "w");
    if (!f) {
        fprintf(stderr, "sc-bench-cpu: %s: %s\n", csv, strerror(errno));
        bad = 1;
    } else {
        fprintf(f, "# %s\n", machine);
        fprintf(f, "model,states,methods,lanes_f64,lanes_f32,portable_f64_cellsteps_per_s,"
                   "vector_f64_cellsteps_per_s,vector_f32_cellsteps_per_s,speedup_f64,speedup_f32,"
                   "max_abs_dvm_f64,max_abs_dvm_f32,failed_portable,failed_f64,failed_f32\n");
        for (int k = 0; k < nr; k++) {
            const Row *r = &rows[k];
            fprintf(f, "%s,%d,%s,%d,%d,%.6e,%.6e,%.6e,%.4f,%.4f,%.3e,%.3e,%d,%d,%d\n", r->e->name,
                    r->e->desc->nstates, r->e->desc->methods ? r->e->desc->methods : "", r->lanes[0],
                    r->lanes[1], r->m[0].rate, r->m[1].rate, r->m[2].rate, r->sp64, r->sp32, r->dvm64,
                    r->dvm32, r->m[0].failed, r->m[1].failed, r->m[2].failed);
        }
        fprintf(f, "geomean,,,,,,,,%.4f,%.4f,,,,,\n", gm64, gm32);
        if (fclose(f) != 0) {
            fprintf(stderr, "sc-bench-cpu: %s: %s\n", csv, strerror(errno));
            bad = 1;
        }
    }
    return bad;
}

/* The speed-ups of the rows as a PNG plot into png: 0, or 1 after a message on stderr. */
static int write_png(const char *png, const Row *rows, int nr, double gm64, double gm32) {
    int bad = 0;
    char title[400];
    snprintf(title, sizeof title, "Vector / portable C, 1 thread (geomean f64 %.2f, f32 %.2f)", gm64, gm32);
    PlotFig *f = plot_new(1200, 650, title, "model index (table order)", "speed-up");
    double *x = xcalloc((size_t)nr, sizeof(double)), *y64 = xcalloc((size_t)nr, sizeof(double));
    double *y32 = xcalloc((size_t)nr, sizeof(double));
    for (int k = 0; k < nr; k++)
        x[k] = k, y64[k] = rows[k].sp64, y32[k] = rows[k].sp32;
    if (!f) {
        fprintf(stderr, "sc-bench-cpu: cannot make the plot\n");
        bad = 1;
    } else {
        plot_set_log(f, 0, 1);
        plot_set_xrange(f, -0.5, nr - 0.5);
        int s = plot_series(f, x, y64, nr, "vector f64");
        plot_series_style(f, s, PLOT_POINTS);
        s = plot_series(f, x, y32, nr, "vector f32");
        plot_series_style(f, s, PLOT_POINTS);
        double hx[2] = {-0.5, nr - 0.5}, hy[2] = {3, 3}, gy[2] = {gm64, gm64};
        s = plot_series(f, hx, hy, 2, "3x");
        plot_series_color(f, s, 0x808080);
        s = plot_series(f, hx, gy, 2, "geomean f64");
        plot_series_color(f, s, 0xc00000);
        if (plot_write_png(f, png) < 0) {
            fprintf(stderr, "sc-bench-cpu: %s\n", plot_error(f));
            bad = 1;
        }
        plot_free(f);
    }
    free(x), free(y64), free(y32);
    return bad;
}

int main(int argc, char **argv) {
    BcOpts o = {.cells = 4096, .steps = 100, .min_time = 0.2};
    CliRun run = cli_run_defaults();
    char err[512];
    int first = 1;
    for (; first < argc && argv[first][0] == '-'; first++) {
        if (!strcmp(argv[first], "--")) {
            first++;
            break;
        }
        int rc = cli_run_take("sc-bench-cpu", argc, argv, &first, &run, err, sizeof err);
        if (rc == 0)
            rc = cli_opt_take(bc_opts, (int)(sizeof bc_opts / sizeof *bc_opts), argc, argv, &first, &o, err,
                              sizeof err);
        if (rc <= 0) {
            if (rc < 0)
                fprintf(stderr, "sc-bench-cpu: %s\n", err);
            usage(argv[0]);
            return 2;
        }
    }
    long N = o.cells, S = o.steps;
    int K = (int)run.steps_per_task;
    double min_time = o.min_time;
    const char *csv = run.csv, *png = run.png;
    g_rtol = o.rtol, g_atol = o.atol;
    g_flags = (o.uniform_atol ? SC_STEP_UNIFORM_ATOL : 0) | (o.no_watch ? SC_STEP_NO_WATCH : 0);
    for (int k = first; k < argc; k++)
        if (!registry_find(argv[k])) {
            fprintf(stderr, "sc-bench-cpu: no model %s in the library\n", argv[k]);
            return 2;
        }

    /* the machine line */
    char cpu[256], date[64], cmd[1024] = "";
    cpu_name(cpu, sizeof cpu);
    time_t tt = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d %H:%M:%S %Z", localtime(&tt));
    for (int k = 0; k < argc; k++) {
        size_t l = strlen(cmd);
        snprintf(cmd + l, sizeof cmd - l, "%s%s", k ? " " : "", argv[k]);
    }
    char machine[1600];
    snprintf(machine, sizeof machine,
             "machine: %s; %s; command: %s; %ld cells, %ld steps of 0.01 ms, "
             "K = %d, >= %g s per measurement",
             cpu, date, cmd, N, S, K, min_time);

    Row *rows = xcalloc((size_t)registry_count, sizeof *rows);
    int nr = 0, bad = 0;
    double *vref = xcalloc((size_t)N, sizeof(double)), *v64 = xcalloc((size_t)N, sizeof(double));
    double *v32 = xcalloc((size_t)N, sizeof(double));
    for (int r = 0; r < registry_count; r++) {
        const ScModelEntry *e = &registry_models[r];
        int want = first >= argc;
        for (int k = first; k < argc; k++)
            want |= registry_matches(e, argv[k]);
        if (!want)
            continue;
        bad |= measure_model(&rows[nr++], e, N, S, K, min_time, vref, v64, v32);
    }
    free(vref), free(v64), free(v32);

    /* geometric means */
    double lg64 = 0, lg32 = 0;
    int n64 = 0, n32 = 0;
    for (int k = 0; k < nr; k++) {
        if (rows[k].sp64 > 0 && isfinite(rows[k].sp64))
            lg64 += log(rows[k].sp64), n64++;
        if (rows[k].sp32 > 0 && isfinite(rows[k].sp32))
            lg32 += log(rows[k].sp32), n32++;
    }
    double gm64 = n64 ? exp(lg64 / n64) : NAN, gm32 = n32 ? exp(lg32 / n32) : NAN;

    print_table(rows, nr, machine, gm64, gm32);
    if (csv)
        bad |= write_csv(csv, rows, nr, machine, gm64, gm32);
    if (png && nr > 0)
        bad |= write_png(png, rows, nr, gm64, gm32);
    free(rows);
    return bad;
}

/* cmd_calibrate.c: `starcarp calibrate`: calibrate StarPU's performance models of the chosen models
 * on every kind of worker of this machine, over a range of partition sizes, and write them under a
 * directory named for the machine class, with a speed table the partition planner reads.
 *
 *   starcarp calibrate [--models LIST|all] [--sizes LIST] [--cpu-max-cells N] [--precision P]
 *                      [--steps-per-task K] [--rounds N] [--dir DIR] [--class NAME]
 *                      [--csv FILE] [--png FILE] [--ncpu N] [--ngpu N] [-q]
 *
 * For each model, each worker kind (CPU: one core; CUDA: one GPU) and each size, a cell array of
 * that many cells, at rest (no stimulus), is pinned to that worker and advanced `rounds` times by
 * one task of K steps
 * (after one untimed round): StarPU records each task in the model's history (history-based
 * models, 10 samples per size before they are trusted; StarPU drops a sample more than 50 % off
 * the mean, STARPU_HISTORY_MAX_ERROR, hence 12 rounds by default; untimed rounds follow where a
 * busy machine's times left the size untrusted, and a warning where they did not suffice), and
 * the median wall time is printed. Results: DIR/codelets/45/<symbol> (StarPU's own files; StarPU 1.4 adds no host-name
 * suffix to symbols that contain a dot, so the directory stands for the class), DIR/bus/<class>.*
 * (StarPU's bus calibration, under STARPU_HOSTNAME = the class), DIR/starcarp-class.txt
 * (the class: `starcarp bench --perfmodels DIR` runs with STARPU_HOSTNAME set to it),
 * DIR/starcarp-speeds.csv (ns per cell-step per model, precision, kind and size: the planner's
 * GPU/CPU ratio), a table on stdout and, with --png, time against size per worker kind. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#ifdef SC_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

#include "cli_opts.h"
#include "commands.h"
#include "plot.h"
#include "starcarp.h"
#include "starcarp_util.h"

#define MAX_SIZES 32
#define MAX_ROUNDS 1000

typedef struct CalOpts {
    const char *models, *dir, *cls, *csv, *png, *sizes_arg;
    long sizes[MAX_SIZES];
    int nsizes;
    long cpu_max, k, rounds, ncpu, ngpu;
    ScPrecision precision;
    int quiet;
} CalOpts;

#define F(f) offsetof(CalOpts, f)
/* calibrate's own options (cli_opts.h); the shared ones it takes are the rows of cli_opts.c
 * that name calibrate. */
static const CliOpt cal_opts[] = {
    CLI_STR_OPT("--sizes", "a list of sizes",
                "LIST  partition sizes in cells (default 256,1024,4096,16384,65536,262144,1048576)",
                F(sizes_arg)),
    CLI_COUNT_OPT("--cpu-max-cells", "N  largest size run on a CPU core (default 16384)", F(cpu_max)),
    // clang-format off
    {.name = "--rounds", .type = CLI_INT, .lo = 1, .hi = MAX_ROUNDS, .accepts = "an integer from 1 to 1000",
     .help = "N  timed tasks per size and worker (default 12; StarPU trusts 10)", .off = F(rounds)},
    // clang-format on
    CLI_STR_OPT("--dir", "a directory", "DIR  where the models go (default perfmodels/<class>)", F(dir)),
    CLI_STR_OPT("--class", "a name", "NAME  machine class (default: <cores>cpu-<gpus>x<gpu name>)", F(cls)),
    CLI_FLAG_OPT("-q", "no progress lines", F(quiet)),
};
#undef F
#define NCAL ((int)(sizeof cal_opts / sizeof *cal_opts))
_Static_assert(MAX_ROUNDS == 1000, "--rounds' accepted values say 1000");

static void usage(FILE *out) {
    fprintf(out, "usage: starcarp calibrate [options]\n");
    cli_opt_help(out, cal_opts, NCAL);
    cli_run_help(out, "calibrate");
}

/* A comma-separated list of positive integers. */
static int parse_sizes(const char *s, long *v, int max) {
    int n = 0;
    while (*s) {
        char *end;
        long x = strtol(s, &end, 10);
        if (end == s || x < 1 || n == max || (*end && *end != ','))
            return -1;
        v[n++] = x;
        s = *end ? end + 1 : end;
    }
    return n;
}

static int parse(int argc, char **argv, CalOpts *o) {
    memset(o, 0, sizeof *o);
    o->nsizes = parse_sizes("256,1024,4096,16384,65536,262144,1048576", o->sizes, MAX_SIZES);
    o->cpu_max = 16384, o->rounds = 12;
    CliRun run = cli_run_defaults();
    const CliCommand cmd = {"calibrate", cal_opts, NCAL, usage};
    int rc = cli_parse(&cmd, argc, argv, o, &run, NULL);
    if (rc != 0)
        return rc;
    if (o->sizes_arg && (o->nsizes = parse_sizes(o->sizes_arg, o->sizes, MAX_SIZES)) < 1) {
        fprintf(
            stderr,
            "starcarp calibrate: --sizes expects up to %d positive integers separated by commas, got '%s'\n",
            MAX_SIZES, o->sizes_arg);
        return -1;
    }
    o->k = run.steps_per_task, o->precision = run.precision, o->ncpu = run.ncpu, o->ngpu = run.ngpu;
    o->models = run.models, o->csv = run.csv, o->png = run.png;
    return 0;
}

/* "16cpu-1xNVIDIA_H200": the cores and GPUs of this machine (found without StarPU: StarPU reads
 * where its models live once per process, so it must first start with the final settings). */
static void machine_class(char *buf, size_t len, long ncpu_opt, long ngpu_opt) {
    long ncpu = ncpu_opt >= 0 ? ncpu_opt : sysconf(_SC_NPROCESSORS_ONLN);
    int ngpu = 0;
    char gpu[256] = "cuda";
#ifdef SC_HAVE_CUDA
    if (cudaGetDeviceCount(&ngpu) != cudaSuccess)
        ngpu = 0;
    struct cudaDeviceProp prop;
    if (ngpu && cudaGetDeviceProperties(&prop, 0) == cudaSuccess)
        snprintf(gpu, sizeof gpu, "%s", prop.name);
#endif
    if (ngpu_opt >= 0 && ngpu_opt < ngpu)
        ngpu = (int)ngpu_opt;
    if (ngpu)
        snprintf(buf, len, "%ldcpu-%dx%s", ncpu, ngpu, gpu);
    else
        snprintf(buf, len, "%ldcpu", ncpu);
    for (char *c = buf; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') || *c == '-' ||
              *c == '.'))
            *c = '_';
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static int mkdirs(const char *path) {
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", path);
    for (char *p = buf + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            mkdir(buf, 0755);
            *p = '/';
        }
    return mkdir(buf, 0755) == 0 || errno == EEXIST ? 0 : -1;
}

/* Median seconds per task of `rounds` tasks of K steps of `cells` cells on worker w; -1 on failure.
 * StarPU keeps a task's time in its history only near the mean (STARPU_HISTORY_MAX_ERROR) and
 * starts the size over when the dropped outnumber the kept: on a busy machine its history may not
 * trust the size after the timed rounds. Untimed rounds follow until it does, at most extra_max;
 * *trusted says whether it does, *tasks counts the tasks run. */
static double time_tasks(const ScModelEntry *m, const CalOpts *o, long cells, int w, int *trusted,
                         long *tasks) {
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.ncells = cells, cfg.precision = o->precision, cfg.dt = SC_DEFAULT_DT, cfg.steps_per_task = (int)o->k;
    cfg.nparts = 1, cfg.workers = &w;
    /* cells at rest, unstimulated: every task costs the same (an upstroke inside the timed rounds
       would make adaptive methods' tasks differ by up to 100x, and StarPU drop them as outliers) */
    cfg.stim = (ScStim){.start = 0, .pulse = 1, .period = 0, .count = 0, .amp = 0.0};
    char err[256];
    ScCells *c = sc_cells_create(m, &cfg, err, sizeof err);
    if (!c) {
        fprintf(stderr, "starcarp calibrate: %s: %s\n", m->name, err);
        return -1;
    }
    double t[MAX_ROUNDS];
    int bad = 0;
    for (long r = -1; r < o->rounds && !bad; r++) {
        double t0 = sc_now_s();
        bad = sc_cells_advance(c, o->k) < 0 || sc_cells_wait(c, NULL) != 0;
        if (r >= 0)
            t[r] = sc_now_s() - t0;
    }
    const long extra_max = 3 * (o->rounds > 10 ? o->rounds : 10);
    long extra = 0;
    while (!bad && isnan(sc_cells_expected_us(c, 0, w)) && extra < extra_max) {
        bad = sc_cells_advance(c, o->k) < 0 || sc_cells_wait(c, NULL) != 0;
        extra++;
    }
    *trusted = !bad && !isnan(sc_cells_expected_us(c, 0, w));
    *tasks = 1 + o->rounds + extra;
    sc_cells_destroy(c);
    if (bad)
        return -1;
    qsort(t, (size_t)o->rounds, sizeof(double), cmp_double);
    return t[o->rounds / 2];
}

/* What one calibration writes to, for calibrate_sizes. */
typedef struct CalRun {
    const CalOpts *o;
    FILE *csv[2]; /* the speed table and --csv's copy (NULL: none) */
    PlotFig *fig; /* --png's figure, or NULL */
    double t_start;
    char key[256]; /* the model's key (sc_model_key) */
} CalRun;

/* Every size of model m on worker w (gkind: the GPU rows' kind, "cuda" or "hip"; NULL for the CPU
 * core): timed, its row printed and written to the speed tables, its point plotted; a warning where
 * StarPU's history does not trust a size. 0, or 1 when a size failed (message on stderr). */
static int calibrate_sizes(CalRun *run, const ScModelEntry *m, int w, const char *gkind) {
    const CalOpts *o = run->o;
    const char *kind = gkind ? gkind : "cpu";
    double xs[MAX_SIZES], ys[MAX_SIZES];
    int n = 0, rc = 0;
    for (int s = 0; s < o->nsizes; s++) {
        if (!gkind && o->sizes[s] > o->cpu_max)
            continue;
        int trusted;
        long tasks;
        double t = time_tasks(m, o, o->sizes[s], w, &trusted, &tasks);
        if (t < 0) {
            rc = 1;
            continue;
        }
        if (!trusted)
            fprintf(
                stderr,
                "starcarp calibrate: warning: %s %s %ld cells: after %ld tasks StarPU's history of this size "
                "is still not trusted (it drops a time more than STARPU_HISTORY_MAX_ERROR, %s %%, off the "
                "mean, and starts over when the dropped outnumber the kept: the times vary, as on a busy "
                "machine); calibrate again on a quiet machine\n",
                m->name, kind, o->sizes[s], tasks,
                getenv("STARPU_HISTORY_MAX_ERROR") ? getenv("STARPU_HISTORY_MAX_ERROR") : "50");
        double ns = 1e9 * t / ((double)o->sizes[s] * (double)o->k);
        printf("%-34s %-5s %9ld %12.4g %14.4g\n", m->name, kind, o->sizes[s], t, ns);
        for (int f = 0; f < 2; f++)
            if (run->csv[f])
                sc_speeds_write_row(run->csv[f], run->key, o->precision, kind, o->sizes[s], o->k, ns);
        xs[n] = (double)o->sizes[s], ys[n++] = t;
        if (!o->quiet)
            fprintf(stderr, "calibrate: %s %s %ld cells done (%.0f s)\n", m->name, kind, o->sizes[s],
                    sc_now_s() - run->t_start);
    }
    if (run->fig && n) {
        char lab[128];
        snprintf(lab, sizeof lab, "%s %s", m->name, gkind ? "GPU" : "CPU core");
        int si = plot_series(run->fig, xs, ys, n, lab);
        plot_series_style(run->fig, si, PLOT_LINE | PLOT_POINTS);
    }
    return rc;
}

/* The machine's class (--class, or machine_class) into cls and the models' folder (--dir, or
 * perfmodels/<class>) into dir, made, and StarPU told to search and write it alone: StarPU saves
 * a model where it found it, and would otherwise update an older copy under $STARPU_HOME. 0, or
 * -1 after a message. */
static int model_dir(const CalOpts *o, char *cls, size_t clen, char *dir, size_t dlen) {
    if (o->cls)
        snprintf(cls, clen, "%s", o->cls);
    else
        machine_class(cls, clen, o->ncpu, o->ngpu);
    snprintf(dir, dlen, "%s", o->dir ? o->dir : "");
    if (!o->dir)
        snprintf(dir, dlen, "perfmodels/%s", cls);
    if (mkdirs(dir) < 0) {
        fprintf(stderr, "starcarp calibrate: --dir %s: %s\n", dir, strerror(errno));
        return -1;
    }
    setenv("STARPU_PERF_MODEL_DIR", dir, 1);
    setenv("STARPU_HOME", dir, 1);
    unsetenv("STARPU_PERF_MODEL_PATH");
    setenv("STARPU_HOSTNAME", cls, 1);
    return 0;
}

int cmd_calibrate(int argc, char **argv) {
    CalOpts o;
    int prc = parse(argc, argv, &o);
    if (prc)
        return prc > 0 ? 0 : 2;
    struct starpu_conf conf;
    cli_measure_conf(&conf, o.ncpu, o.ngpu, SC_SCHED_CALIBRATE);
    char cls[300], dir[1024];
    if (model_dir(&o, cls, sizeof cls, dir, sizeof dir) != 0)
        return 1;
    conf.calibrate = 1; /* (starpu_conf_init read the environment before these settings) */
    if (cli_starpu_begin("calibrate", &conf, NULL) != 0)
        return 1;
    /* the models */
    const ScModelEntry *ms[512];
    int nm = cli_models("calibrate", o.models, ms, 512);
    if (nm < 0) {
        cli_starpu_end();
        return 2;
    }
    int cpu_id = -1, gpu_ids[STARPU_NMAXWORKERS];
    starpu_worker_get_ids_by_type(STARPU_CPU_WORKER, &cpu_id, 1);
    int ngpu = starpu_worker_get_ids_by_type(STARPU_CUDA_WORKER, gpu_ids, STARPU_NMAXWORKERS);
    if (ngpu <= 0) /* a HIP machine's GPUs, measured the same way */
        ngpu = starpu_worker_get_ids_by_type(STARPU_HIP_WORKER, gpu_ids, STARPU_NMAXWORKERS);
    if (ngpu < 0)
        ngpu = 0;
    const int hip = ngpu > 0 && starpu_worker_get_type(gpu_ids[0]) == STARPU_HIP_WORKER;
    const char *gkind = hip ? "hip" : "cuda"; /* the speed table's kind of the GPU rows */
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, SC_SPEEDS_FILE);
    FILE *csv = fopen(path, "w"), *csv2 = o.csv ? fopen(o.csv, "w") : NULL;
    if (!csv || (o.csv && !csv2)) {
        fprintf(stderr, "starcarp calibrate: %s: %s\n", !csv ? path : o.csv, strerror(errno));
        cli_starpu_end();
        return 1;
    }
    sc_speeds_write_header(csv);
    if (csv2)
        sc_speeds_write_header(csv2);
    printf("calibration of %d model(s) on %s into %s (%s precision, %ld steps per task, %ld rounds)\n", nm,
           cls, dir, o.precision == SC_SINGLE ? "single" : "double", o.k, o.rounds);
    printf("%-34s %-5s %9s %12s %14s\n", "model", "kind", "cells", "s per task", "ns/cell-step");
    PlotFig *fig =
        o.png ? plot_new(1000, 650, "starcarp calibrate: time per task", "cells per task", "seconds per task")
              : NULL;
    if (fig)
        plot_set_log(fig, 1, 1);
    int rc = 0;
    CalRun run = {.o = &o, .csv = {csv, csv2}, .fig = fig, .t_start = sc_now_s()};
    for (int i = 0; i < nm; i++) {
        sc_model_key(ms[i], run.key, sizeof run.key); /* the speed table's row names these kernels */
        for (int kind = 0; kind < 2; kind++) {
            int w = kind == 0 ? cpu_id : ngpu ? gpu_ids[0] : -1;
            if (w < 0 || (kind == 1 && !(hip ? ms[i]->hip : ms[i]->cuda)[sc_precision_index(o.precision)]))
                continue;
            if (calibrate_sizes(&run, ms[i], w, kind ? gkind : NULL) != 0)
                rc = 1;
        }
    }
    fclose(csv);
    if (csv2)
        fclose(csv2);
    snprintf(path, sizeof path, "%s/starcarp-class.txt", dir);
    FILE *cf = fopen(path, "w");
    if (cf) {
        fprintf(cf, "%s\n", cls);
        fclose(cf);
    }
    if (fig) {
        if (plot_write_png(fig, o.png) < 0) {
            fprintf(stderr, "starcarp calibrate: --png: %s\n", plot_error(fig));
            rc = 1;
        }
        plot_free(fig);
    }
    cli_starpu_end(); /* writes the models */
    printf("StarPU's models: %s/codelets/*/starcarp.*; use them with: starcarp bench --perfmodels %s ...\n",
           dir, dir);
    return rc;
}

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
 * the mean, STARPU_HISTORY_MAX_ERROR, hence 12 rounds by default), and the median wall time is
 * printed. Results: DIR/codelets/45/<symbol> (StarPU's own files; StarPU 1.4 adds no host-name
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

#include "commands.h"
#include "plot.h"
#include "starcarp.h"
#include "starcarp_util.h"

#define MAX_SIZES 32
#define MAX_ROUNDS 1000

typedef struct CalOpts {
    const char *models, *dir, *cls, *csv, *png;
    long sizes[MAX_SIZES];
    int nsizes;
    long cpu_max, k, rounds, ncpu, ngpu;
    int precision, quiet;
} CalOpts;

static void usage(FILE *out) {
    fprintf(
        out,
        "usage: starcarp calibrate [options]\n"
        "  --models LIST         comma-separated library models or .model files, or 'all'\n"
        "                        (default: ten_tusscher_model_2006_epi,AlievPanfilov,ohara_rudy_2011_endo)\n"
        "  --sizes LIST          partition sizes in cells (default 256,1024,4096,16384,65536,262144,1048576)\n"
        "  --cpu-max-cells N     largest size run on a CPU core (default 16384)\n"
        "  --precision P         double or single (default double)\n"
        "  --steps-per-task K    steps per task (default %d)\n"
        "  --rounds N            timed tasks per size and worker (default 12; StarPU trusts 10)\n"
        "  --dir DIR             where the models go (default perfmodels/<class>)\n"
        "  --class NAME          machine class (default: <cores>cpu-<gpus>x<gpu name>)\n"
        "  --csv FILE, --png FILE  the table as CSV, time against size as a PNG\n"
        "  --ncpu N, --ngpu N    workers StarPU starts (default: all)\n"
        "  -q                    no progress lines\n",
        SC_DEFAULT_K);
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
    o->models = "ten_tusscher_model_2006_epi,AlievPanfilov,ohara_rudy_2011_endo";
    o->nsizes = parse_sizes("256,1024,4096,16384,65536,262144,1048576", o->sizes, MAX_SIZES);
    o->cpu_max = 16384, o->k = SC_DEFAULT_K, o->rounds = 12, o->ncpu = -1, o->ngpu = -1, o->precision = 64;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            usage(stdout);
            return 1;
        }
        if (!strcmp(a, "-q")) {
            o->quiet = 1;
            continue;
        }
        if (!v) {
            fprintf(stderr, "starcarp calibrate: %s needs a value (see --help)\n", a);
            return -1;
        }
        i++;
        if (!strcmp(a, "--models"))
            o->models = v;
        else if (!strcmp(a, "--sizes")) {
            if ((o->nsizes = parse_sizes(v, o->sizes, MAX_SIZES)) < 1) {
                fprintf(stderr,
                        "starcarp calibrate: --sizes expects up to %d positive integers separated by "
                        "commas, got '%s'\n",
                        MAX_SIZES, v);
                return -1;
            }
        } else if (!strcmp(a, "--cpu-max-cells")) {
            if ((o->cpu_max = cli_positive("calibrate", a, v)) < 0)
                return -1;
        } else if (!strcmp(a, "--steps-per-task")) {
            if ((o->k = cli_positive("calibrate", a, v)) < 0)
                return -1;
        } else if (!strcmp(a, "--rounds")) {
            if ((o->rounds = cli_positive("calibrate", a, v)) < 0 || o->rounds > MAX_ROUNDS) {
                if (o->rounds > MAX_ROUNDS)
                    fprintf(stderr, "starcarp calibrate: --rounds accepts 1 .. %d\n", MAX_ROUNDS);
                return -1;
            }
        } else if (!strcmp(a, "--precision")) {
            if (!strcmp(v, "double") || !strcmp(v, "64"))
                o->precision = 64;
            else if (!strcmp(v, "single") || !strcmp(v, "32"))
                o->precision = 32;
            else {
                fprintf(stderr,
                        "starcarp calibrate: --precision: accepted values are double, single (got '%s')\n",
                        v);
                return -1;
            }
        } else if (!strcmp(a, "--dir"))
            o->dir = v;
        else if (!strcmp(a, "--class"))
            o->cls = v;
        else if (!strcmp(a, "--csv"))
            o->csv = v;
        else if (!strcmp(a, "--png"))
            o->png = v;
        else if (!strcmp(a, "--ncpu") || !strcmp(a, "--ngpu")) {
            char *end;
            long x = strtol(v, &end, 10);
            if (*v == '\0' || *end || x < 0) {
                fprintf(stderr, "starcarp calibrate: %s expects a count >= 0, got '%s'\n", a, v);
                return -1;
            }
            *(a[4] == 'c' ? &o->ncpu : &o->ngpu) = x;
        } else {
            fprintf(stderr,
                    "starcarp calibrate: unknown option '%s'; accepted: --models --sizes --cpu-max-cells "
                    "--precision --steps-per-task --rounds --dir --class --csv --png --ncpu --ngpu -q\n",
                    a);
            return -1;
        }
    }
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

/* Median seconds per task of `rounds` tasks of K steps of `cells` cells on worker w; -1 on failure. */
static double time_tasks(const ScModelEntry *m, const CalOpts *o, long cells, int w) {
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
    sc_cells_destroy(c);
    if (bad)
        return -1;
    qsort(t, (size_t)o->rounds, sizeof(double), cmp_double);
    return t[o->rounds / 2];
}

int cmd_calibrate(int argc, char **argv) {
    CalOpts o;
    int prc = parse(argc, argv, &o);
    if (prc)
        return prc > 0 ? 0 : 2;
    struct starpu_conf conf;
    cli_starpu_conf(&conf, o.ncpu, o.ngpu);
    conf.sched_policy_name = "dmda"; /* calibration happens under model-based schedulers */
    char cls[300], dir[1024];
    if (o.cls)
        snprintf(cls, sizeof cls, "%s", o.cls);
    else
        machine_class(cls, sizeof cls, o.ncpu, o.ngpu);
    snprintf(dir, sizeof dir, "%s", o.dir ? o.dir : "");
    if (!o.dir)
        snprintf(dir, sizeof dir, "perfmodels/%s", cls);
    if (mkdirs(dir) < 0) {
        fprintf(stderr, "starcarp calibrate: --dir %s: %s\n", dir, strerror(errno));
        return 1;
    }
    /* only DIR is searched and written: StarPU saves a model where it found it, and would
       otherwise update an older copy under $STARPU_HOME */
    setenv("STARPU_PERF_MODEL_DIR", dir, 1);
    setenv("STARPU_HOME", dir, 1);
    unsetenv("STARPU_PERF_MODEL_PATH");
    setenv("STARPU_HOSTNAME", cls, 1);
    conf.calibrate = 1; /* (starpu_conf_init read the environment before these settings) */
    if (starpu_init(&conf) != 0) {
        fprintf(stderr, "starcarp calibrate: StarPU could not start\n");
        return 1;
    }
    /* the models */
    const ScModelEntry *ms[512];
    int nm = cli_models("calibrate", o.models, ms, 512);
    if (nm < 0) {
        starpu_shutdown();
        return 2;
    }
    int cpu_id = -1, gpu_ids[STARPU_NMAXWORKERS];
    starpu_worker_get_ids_by_type(STARPU_CPU_WORKER, &cpu_id, 1);
    int ngpu = starpu_worker_get_ids_by_type(STARPU_CUDA_WORKER, gpu_ids, STARPU_NMAXWORKERS);
    if (ngpu < 0)
        ngpu = 0;
    char path[1200];
    snprintf(path, sizeof path, "%s/%s", dir, SC_SPEEDS_FILE);
    FILE *csv = fopen(path, "w"), *csv2 = o.csv ? fopen(o.csv, "w") : NULL;
    if (!csv || (o.csv && !csv2)) {
        fprintf(stderr, "starcarp calibrate: %s: %s\n", !csv ? path : o.csv, strerror(errno));
        starpu_shutdown();
        return 1;
    }
    sc_speeds_write_header(csv);
    if (csv2)
        sc_speeds_write_header(csv2);
    printf("calibration of %d model(s) on %s into %s (%s precision, %ld steps per task, %ld rounds)\n", nm,
           cls, dir, o.precision == 32 ? "single" : "double", o.k, o.rounds);
    printf("%-34s %-5s %9s %12s %14s\n", "model", "kind", "cells", "s per task", "ns/cell-step");
    PlotFig *fig =
        o.png ? plot_new(1000, 650, "starcarp calibrate: time per task", "cells per task", "seconds per task")
              : NULL;
    if (fig)
        plot_set_log(fig, 1, 1);
    int rc = 0;
    double t_start = sc_now_s();
    for (int i = 0; i < nm; i++) {
        char key[256];
        sc_model_key(ms[i], key, sizeof key); /* the speed table's row names these kernels */
        for (int kind = 0; kind < 2; kind++) {
            int w = kind == 0 ? cpu_id : ngpu ? gpu_ids[0] : -1;
            if (w < 0 || (kind == 1 && !ms[i]->cuda[o.precision == 32]))
                continue;
            double xs[MAX_SIZES], ys[MAX_SIZES];
            int n = 0;
            for (int s = 0; s < o.nsizes; s++) {
                if (kind == 0 && o.sizes[s] > o.cpu_max)
                    continue;
                double t = time_tasks(ms[i], &o, o.sizes[s], w);
                if (t < 0) {
                    rc = 1;
                    continue;
                }
                double ns = 1e9 * t / ((double)o.sizes[s] * (double)o.k);
                printf("%-34s %-5s %9ld %12.4g %14.4g\n", ms[i]->name, kind ? "cuda" : "cpu", o.sizes[s], t,
                       ns);
                for (FILE *f = csv; f; f = f == csv ? csv2 : NULL)
                    sc_speeds_write_row(f, key, o.precision, kind ? "cuda" : "cpu", o.sizes[s], o.k, ns);
                xs[n] = (double)o.sizes[s], ys[n++] = t;
                if (!o.quiet)
                    fprintf(stderr, "calibrate: %s %s %ld cells done (%.0f s)\n", ms[i]->name,
                            kind ? "cuda" : "cpu", o.sizes[s], sc_now_s() - t_start);
            }
            if (fig && n) {
                char lab[128];
                snprintf(lab, sizeof lab, "%s %s", ms[i]->name, kind ? "GPU" : "CPU core");
                int si = plot_series(fig, xs, ys, n, lab);
                plot_series_style(fig, si, PLOT_LINE | PLOT_POINTS);
            }
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
    starpu_shutdown(); /* writes the models */
    printf("StarPU's models: %s/codelets/*/starcarp.*; use them with: starcarp bench --perfmodels %s ...\n",
           dir, dir);
    return rc;
}

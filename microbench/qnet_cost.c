/* qnet_cost.c: sc-bench-qnet, the cost of qNet in a cell array that measures biomarkers (starcarp.h,
 * ScBiomarkers.qnet; docs/study.md): the same study-like run with qNet off and on, in one process, on
 * the workers StarPU starts (STARPU_NCPU, STARPU_NCUDA choose them).
 *   sc-bench-qnet [--model M] [--cells N] [--beats B] [--bcl MS] [--vary P=LO:HI] [--rounds R]
 *                 [--out FILE]
 * N cells of M (default ohara_rudy_cipa_v1_2017, 1000 cells), paced B beats (default 1) at BCL
 * (default 1000 ms: a 0.5 ms stimulus of 80 uA/cm^2 at 1 ms), dt 0.01 ms, 10 steps a task, the
 * biomarkers on with the calcium transient; parameter P from LO to HI times its default from cell to
 * cell (log-spaced; default none). R rounds (default 3), each a run with qNet off then one with it
 * on, every run a fresh array: its time from the first step submitted to the last window written out
 * (sc_cells_wait), the array's creation left out. Prints each run's wall time, the minimum of each
 * mode and their ratio, and qNet's range over the cells; --out writes qNet of every cell (the last
 * run with it, "%.17g" a line) for comparing workers (a CPU run against a GPU run).
 * Exit 1 when a run fails. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "starcarp.h"

typedef struct Opts {
    const char *model, *vary, *out;
    long cells;
    int beats, rounds;
    double bcl;
} Opts;

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The options into o: 0, or -1 after a message (2 as the exit status). */
static int parse(int argc, char **argv, Opts *o) {
    *o = (Opts){"ohara_rudy_cipa_v1_2017", NULL, NULL, 1000, 1, 3, 1000.0};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!v) {
            fprintf(stderr, "sc-bench-qnet: %s takes a value\n", a);
            return -1;
        }
        if (!strcmp(a, "--model"))
            o->model = v;
        else if (!strcmp(a, "--cells"))
            o->cells = atol(v);
        else if (!strcmp(a, "--beats"))
            o->beats = atoi(v);
        else if (!strcmp(a, "--bcl"))
            o->bcl = atof(v);
        else if (!strcmp(a, "--vary"))
            o->vary = v;
        else if (!strcmp(a, "--rounds"))
            o->rounds = atoi(v);
        else if (!strcmp(a, "--out"))
            o->out = v;
        else {
            fprintf(stderr, "sc-bench-qnet: unknown option %s (docs: microbench/qnet_cost.c)\n", a);
            return -1;
        }
        i++;
    }
    if (o->cells < 2 || o->beats < 1 || o->rounds < 1 || !(o->bcl > 1)) {
        fprintf(stderr, "sc-bench-qnet: --cells >= 2, --beats >= 1, --rounds >= 1, --bcl > 1 ms\n");
        return -1;
    }
    return 0;
}

/* --vary P=LO:HI on c: 0, or -1 after a message. */
static int vary(ScCells *c, const ScModelEntry *m, const Opts *o) {
    char name[128];
    double lo, hi;
    if (!o->vary)
        return 0;
    if (sscanf(o->vary, "%127[^=]=%lf:%lf", name, &lo, &hi) != 3 || !(lo > 0 && hi > 0)) {
        fprintf(stderr, "sc-bench-qnet: --vary %s: P=LO:HI, factors > 0\n", o->vary);
        return -1;
    }
    int k = sc_model_param_index(m, name);
    double *v = malloc(sizeof(double) * (size_t)o->cells);
    char err[512];
    if (k < 0 || !v) {
        fprintf(stderr, "sc-bench-qnet: %s is not a parameter of %s\n", name, m->name);
        free(v);
        return -1;
    }
    for (long i = 0; i < o->cells; i++)
        v[i] = m->desc->param_defaults[k] * exp(log(lo) + log(hi / lo) * (double)i / (double)(o->cells - 1));
    int rc = sc_cells_vary_param(c, k, v, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "sc-bench-qnet: %s\n", err);
    free(v);
    return rc;
}

/* One run with qNet on or off: its wall time (s), qNet of every cell into q (with qNet); -1 on failure. */
static double run(const ScModelEntry *m, const Opts *o, int qnet, double *q) {
    char err[512];
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    long period = lround(o->bcl / 0.01), start = 100;
    cfg.ncells = o->cells, cfg.dt = 0.01, cfg.steps_per_task = 10;
    cfg.stim = (ScStim){start, 50, period, o->beats, 80.0};
    ScCells *c = sc_cells_create(m, &cfg, err, sizeof err);
    ScBiomarkers b = {.calcium = sc_model_calcium(m), .qnet = qnet};
    if (!c || vary(c, m, o) != 0 || sc_cells_biomarkers(c, &b, err, sizeof err) != 0) {
        fprintf(stderr, "sc-bench-qnet: %s\n", err);
        if (c)
            sc_cells_destroy(c);
        return -1;
    }
    ScFailure f;
    memset(&f, 0, sizeof f);
    double t0 = now();
    int rc = sc_cells_advance(c, start + o->beats * period);
    rc = rc ? rc : sc_cells_biomarkers_end(c);
    rc = rc ? rc : sc_cells_wait(c, &f);
    double t = now() - t0;
    if (rc == 0 && qnet)
        rc = sc_cells_biomarker_read(c, SC_BM_QNET, q);
    if (rc != 0)
        fprintf(stderr, "sc-bench-qnet: the run failed (%s)\n", f.what);
    sc_cells_destroy(c);
    return rc == 0 ? t : -1;
}

/* The rounds, the summary, the file. */
static int bench(const ScModelEntry *m, const Opts *o) {
    double best[2] = {INFINITY, INFINITY}, *q = malloc(sizeof(double) * (size_t)o->cells);
    if (!q)
        return 1;
    printf(
        "sc-bench-qnet: %s, %ld cells, %d beat(s) at %g ms, dt 0.01 ms, K 10, %d CPU and %d CUDA workers\n",
        m->name, o->cells, o->beats, o->bcl, starpu_cpu_worker_get_count(), starpu_cuda_worker_get_count());
    for (int r = 0; r < o->rounds; r++)
        for (int qnet = 0; qnet < 2; qnet++) {
            double t = run(m, o, qnet, q);
            if (t < 0) {
                free(q);
                return 1;
            }
            best[qnet] = fmin(best[qnet], t);
            printf("round %d, qNet %s: %.3f s\n", r, qnet ? "on " : "off", t);
        }
    double lo = INFINITY, hi = -INFINITY;
    for (long i = 0; i < o->cells; i++)
        lo = fmin(lo, q[i]), hi = fmax(hi, q[i]);
    printf("best: qNet off %.3f s, on %.3f s: x%.3f (+%.1f %%); qNet %.6f to %.6f C/F over the cells\n",
           best[0], best[1], best[1] / best[0], 100 * (best[1] / best[0] - 1), lo, hi);
    FILE *f = o->out ? fopen(o->out, "w") : NULL;
    for (long i = 0; f && i < o->cells; i++)
        fprintf(f, "%.17g\n", q[i]);
    if (o->out && (!f || fclose(f) != 0)) {
        fprintf(stderr, "sc-bench-qnet: cannot write %s\n", o->out);
        free(q);
        return 1;
    }
    free(q);
    return 0;
}

int main(int argc, char **argv) {
    Opts o;
    if (parse(argc, argv, &o) != 0)
        return 2;
    char err[512];
    const ScModelEntry *m = sc_model_lookup(o.model, NULL, err, sizeof err);
    if (!m) {
        fprintf(stderr, "sc-bench-qnet: %s\n", err);
        return 2;
    }
    struct starpu_conf conf;
    starpu_conf_init(&conf);
    if (starpu_init(&conf) != 0) {
        fprintf(stderr, "sc-bench-qnet: StarPU did not start\n");
        return 1;
    }
    int rc = bench(m, &o);
    starpu_shutdown();
    return rc;
}

/* lab/gpu/bmcost.c: bmcost MODEL CELLS MS [REPS]: the cost of the biomarkers (docs/study.md) on the
 * workers StarPU is given (STARPU_NCPU, STARPU_NCUDA): the same paced cell array (BCL 1000 ms, dt
 * 0.01 ms, K 10, bench's stimulus from 1 ms) run MS ms without biomarkers and with them, alternately
 * REPS times (default 2), each run a fresh array placed before the clock starts; prints cell-steps/s
 * of each run and the ratio of the best with to the best without, then the last measured run's
 * medians of Vmax and APD90 (the window running at the end written out). Built and run on the device
 * by lab/gpu/bmcost.sh. Environment: BMCOST_K, the steps per task (default 10); BMCOST_ONLY=plain or
 * biomarkers, only those runs (for a profiler). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <starpu.h>

#include "starcarp.h"

static double now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmpd(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* One run: a fresh array, placed, `steps` steps; its cell-steps/s (0 on failure). With biomarkers,
 * the medians of Vmax and APD90 into med[0], med[1]. */
static double run(const ScModelEntry *m, long n, long steps, int k, int bm, double *med, double *wall) {
    char err[1024];
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.ncells = n, cfg.dt = 0.01, cfg.steps_per_task = k;
    cfg.stim = (ScStim){100, 100, 100000, steps / 100000 + 1, 60.0};
    ScCells *c = sc_cells_create(m, &cfg, err, sizeof err);
    if (!c) {
        fprintf(stderr, "bmcost: %s\n", err);
        return 0;
    }
    ScBiomarkers b;
    memset(&b, 0, sizeof b);
    b.calcium = sc_model_calcium(m);
    if (bm && sc_cells_biomarkers(c, &b, err, sizeof err) != 0) {
        fprintf(stderr, "bmcost: %s\n", err);
        sc_cells_destroy(c);
        return 0;
    }
    sc_cells_place(c);
    ScFailure f;
    double t0 = now();
    int bad = sc_cells_advance(c, steps) != 0 || (bm && sc_cells_biomarkers_end(c) != 0) ||
              sc_cells_wait(c, &f) != 0;
    double t = now() - t0;
    if (bad)
        fprintf(stderr, "bmcost: the run failed (cell %ld: %s)\n", f.cell, f.what);
    if (!bad && bm) {
        double lev[SC_BM_MAXLEV], *v = malloc(sizeof(double) * (size_t)n);
        int nl = sc_cells_biomarker_levels(c, lev), k = 0;
        while (k < nl && fabs(lev[k] - 0.9) > 1e-12)
            k++;
        int field[2] = {SC_BM_VMAX, SC_BM_APD + k};
        for (int j = 0; j < 2 && v; j++)
            if (sc_cells_biomarker_read(c, field[j], v) == 0) {
                qsort(v, (size_t)n, sizeof *v, cmpd); /* NaN compare false: a rough median then */
                med[j] = v[n / 2];
            }
        free(v);
    }
    sc_cells_destroy(c);
    if (wall)
        *wall = t;
    return bad ? 0 : (double)n * (double)steps / t;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: bmcost MODEL CELLS MS [REPS]\n");
        return 2;
    }
    long n = atol(argv[2]), steps = lround(atof(argv[3]) / 0.01);
    int reps = argc > 4 ? atoi(argv[4]) : 2;
    const char *ke = getenv("BMCOST_K"), *only = getenv("BMCOST_ONLY");
    int k = ke ? atoi(ke) : 10;
    if (starpu_init(NULL) != 0)
        return 1;
    char err[1024];
    const ScModelEntry *m = sc_model_lookup(argv[1], NULL, err, sizeof err);
    if (!m) {
        fprintf(stderr, "bmcost: %s\n", err);
        starpu_shutdown();
        return 2;
    }
    printf("model %s, %ld cells, %ld steps (dt 0.01 ms, K %d, BCL 1000 ms), %u CPU + %u CUDA workers\n",
           m->name, n, steps, k, starpu_cpu_worker_get_count(), starpu_cuda_worker_get_count());
    double best[2] = {0, 0}, med[2] = {NAN, NAN};
    for (int r = 0; r < reps; r++)
        for (int bm = 0; bm < 2; bm++) {
            if (only && strcmp(only, bm ? "biomarkers" : "plain") != 0)
                continue;
            double w = 0, rate = run(m, n, steps, k, bm, med, &w);
            printf("rep %d %-12s %.4g cell-steps/s  (%.2f s)\n", r, bm ? "biomarkers" : "plain", rate, w);
            if (rate > best[bm])
                best[bm] = rate;
        }
    printf("best plain %.4g, best with biomarkers %.4g: ratio %.4f\n", best[0], best[1],
           best[0] > 0 ? best[1] / best[0] : 0);
    printf("last measured run: medians Vmax %.2f mV, APD90 %.2f ms\n", med[0], med[1]);
    starpu_shutdown();
    return (only || best[0] > 0) && (only || best[1] > 0) ? 0 : 1;
}

/* place_probe.c: the speed of a GPU over one CPU core, measured on the spot for a model that was
 * never calibrated (place.h).
 *
 * Two scratch cell arrays of the model, at their initial state: one of a few vector blocks on each
 * CPU worker of the plan at once (so that the cores share memory bandwidth and clocks as they will
 * in the run), one of as many cells as the GPU's partition will nearly have (at least 2^20, up to
 * PLACE_PROBE_GPU_VALUES values) pinned to the GPU. Each is advanced one step untimed (the GPU's copy
 * arrives, kernels load) and one step timed, which sizes the rounds (K steps, fewer for a model
 * whose step already lasts long: O'Hara-Rudy's cvode), then timed over rounds until it has run at
 * least PLACE_PROBE_MIN_S seconds; rounds are submitted 1, 1, 2, 4... at a time between waits, as the
 * run submits them, so that a short task's wait does not count as GPU time. The ratio of the GPU's
 * cell-steps per second to one core's is what the partition plan needs (place_speeds.c keeps it per
 * model key, precision, K and GPU kind for the life of the process, so that repeated arrays of one
 * model probe once). The scratch arrays are built by cells_build from parts given here
 * (place_given): the probe runs before the array it plans for exists and never goes through
 * sc_cells_create, which asks the plan (place.h: no circle). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cells.h"
#include "place.h"
#include "util_int.h"

#define PLACE_PROBE_MIN_S 0.05 /* timed seconds per side, at least */
#define PLACE_PROBE_ROUND_S 0.05 /* a timed round lasts about this long, at most (K permitting) */
#define PLACE_PROBE_MAX_ROUNDS 256
#define PLACE_PROBE_GPU_CELLS (1L << 20)
#define PLACE_PROBE_GPU_VALUES (1L << 25) /* cells x (values per cell) of the GPU array, at most */
#define PLACE_PROBE_CPU_BLOCKS 16 /* vector blocks of cells per CPU worker */

/* Cell-steps per second per worker of nw partitions of `cells` cells of m, partition p pinned to
 * workers[p], K steps per task (fewer when one step already lasts long: a round is kept near
 * PLACE_PROBE_ROUND_S, so that a slow model's probe stays short); 0 on failure. */
static double rate_on(const ScModelEntry *m, int precision, int K, long cells, const int *workers, int nw) {
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.ncells = cells * nw, cfg.precision = precision, cfg.steps_per_task = K;
    cfg.nparts = nw, cfg.workers = workers;
    PlacePlan plan;
    if (place_given(cfg.ncells, nw, NULL, workers, &plan, NULL, 0) < 0) {
        place_free(&plan);
        return 0;
    }
    ScCells *c = cells_build(m, &cfg, &plan, NULL, 0);
    if (!c)
        return 0;
    /* one step untimed (the data arrives, kernels load), one timed: it sizes the rounds */
    int bad = sc_cells_advance(c, 1) < 0 || sc_cells_wait(c, NULL) != 0;
    double t1 = sc_now_s();
    bad = bad || sc_cells_advance(c, 1) < 0 || sc_cells_wait(c, NULL) != 0;
    t1 = sc_now_s() - t1;
    if (t1 > 0 && t1 * K > PLACE_PROBE_ROUND_S) {
        K = (int)(PLACE_PROBE_ROUND_S / t1);
        K = K < 1 ? 1 : K;
    }
    double t0 = sc_now_s(), t = 0;
    long rounds = 0;
    while (!bad && rounds < PLACE_PROBE_MAX_ROUNDS && (t = sc_now_s() - t0) < PLACE_PROBE_MIN_S) {
        long more = rounds ? rounds : 1;
        bad = sc_cells_advance(c, more * K) < 0 || sc_cells_wait(c, NULL) != 0;
        rounds += more;
    }
    t = sc_now_s() - t0;
    sc_cells_destroy(c);
    return bad || t <= 0 ? 0 : (double)cells * (double)K * (double)rounds / t;
}

/* See place.h. */
double place_probe_gpu_speedup(const ScModelEntry *m, int precision, int K, long ncells,
                               const int *cpu_workers, int ncpu, int gpu_worker) {
    if (ncpu < 1)
        return 0;
    const int *lanes = m->cpu_lanes[sc_precision_index(precision)];
    long cpu_cells = PLACE_PROBE_CPU_BLOCKS * (lanes && *lanes > 0 ? *lanes : 8);
    long gpu_cells = PLACE_PROBE_GPU_VALUES / (m->desc->nsv + 2);
    if (gpu_cells < PLACE_PROBE_GPU_CELLS)
        gpu_cells = PLACE_PROBE_GPU_CELLS;
    if (gpu_cells > ncells)
        gpu_cells = ncells;
    if (K < 1)
        K = 1;
    double cpu = rate_on(m, precision, K, cpu_cells, cpu_workers, ncpu);
    double gpu = cpu > 0 ? rate_on(m, precision, K, gpu_cells, &gpu_worker, 1) : 0;
    return cpu > 0 && gpu > 0 ? gpu / cpu : 0;
}

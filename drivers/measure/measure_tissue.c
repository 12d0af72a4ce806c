/* measure_tissue.c: the tissue rows of `starcarp benchmark` (measure_tissue.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sc_tissue.h"
#include "measure_tissue.h"
#include "starcarp_util.h"

const char *const bmt_conf_names[BMT_NCONF] = {"tissue-cpu", "tissue-gpu", "tissue-cpu+gpu", "tissue-gpu-cn"};

/* Nodes along an axis of `len` mm at spacing dx. */
static long axis_nodes(double len, double dx) { return lround(len / dx) + 1; }

long bmt_nodes(double dx) { return axis_nodes(20, dx) * axis_nodes(7, dx) * axis_nodes(3, dx); }

double bmt_rate(int (*round)(void *obj, long steps), void *obj, long steps, double work, double min_time) {
    double t0 = 0, done = 0;
    for (long r = -1;; r++) {
        if (r == 0)
            t0 = sc_now_s();
        if (round(obj, steps) != 0)
            return -1;
        if (r >= 0)
            done += work;
        if (r >= 0 && sc_now_s() - t0 >= min_time)
            return done / (sc_now_s() - t0);
    }
}

/* A round of the tissue benchmark: `steps` steps and a wait. */
static int tissue_round(void *t, long steps) {
    return sc_tissue_advance(t, steps) != 0 || sc_tissue_wait(t, NULL) != 0;
}

/* Node-steps per second of one configuration: the given workers (NULL: every worker), theta;
 * -1 on failure (message printed). */
static double rate_one(const ScModelEntry *m, double dx, long steps, double min_time, const int *workers,
                       int nworkers, double theta) {
    ScTissueConfig c = {.n = {axis_nodes(20, dx), axis_nodes(7, dx), axis_nodes(3, dx)},
                        .dx = {dx, dx, dx},
                        .sigma = {0.1334, 0.0176, 0.0176},
                        .chi = 140,
                        .cm = 1,
                        .dt = SC_DEFAULT_DT,
                        .theta = theta,
                        .workers = workers,
                        .nworkers = nworkers};
    char err[600];
    ScTissue *t = sc_tissue_create(m, &c, err, sizeof err);
    if (!t) {
        fprintf(stderr, "starcarp benchmark: tissue of %s at dx %g mm: %s\n", m->name, dx, err);
        return -1;
    }
    double rate = bmt_rate(tissue_round, t, steps, (double)sc_tissue_nodes(t) * (double)steps, min_time);
    sc_tissue_destroy(t);
    if (rate < 0)
        fprintf(stderr, "starcarp benchmark: tissue of %s: the run failed\n", m->name);
    return rate;
}

int bmt_rates(const ScModelEntry *m, double dx, long steps, double min_time, const int *cpus, int ncpu,
              const int *gpus, int ngpu, double rate[BMT_NCONF]) {
    for (int k = 0; k < BMT_NCONF; k++)
        rate[k] = NAN;
    int gpu_ok = ngpu > 0 && m->cuda[0];
    if (ncpu)
        rate[BMT_CPU] = rate_one(m, dx, steps, min_time, cpus, ncpu, 0);
    if (gpu_ok) {
        rate[BMT_GPU] = rate_one(m, dx, steps, min_time, gpus, 1, 0);
        rate[BMT_GPU_CN] = rate_one(m, dx, steps, min_time, gpus, 1, 0.5);
    }
    if (gpu_ok && ncpu)
        rate[BMT_BOTH] = rate_one(m, dx, steps, min_time, NULL, 0, 0);
    int rc = 0;
    for (int k = 0; k < BMT_NCONF; k++)
        rc |= rate[k] < 0;
    return rc ? -1 : 0;
}

/* measure_tissue.h: the tissue rows of `starcarp benchmark --tissue DX` (prefix bmt_): node-steps per
 * second of the monodomain solver (ionic step + halos + diffusion, sc_tissue) on the N-version slab
 * (20 x 7 x 3 mm, docs/tissue.md) at spacing DX, dt 0.01 ms, at rest, in four configurations. */
#ifndef SC_BENCH_TISSUE_H
#define SC_BENCH_TISSUE_H

#include "starcarp.h"

enum { BMT_CPU, BMT_GPU, BMT_BOTH, BMT_GPU_CN, BMT_NCONF };
/* tissue-cpu: every CPU worker; tissue-gpu: the first GPU alone; tissue-cpu+gpu: every worker (the
 * plan's slabs); tissue-gpu-cn: the first GPU alone, Crank-Nicolson diffusion (its sweeps). */
extern const char *const bmt_conf_names[BMT_NCONF];

/* Work per second of `round(obj, steps)` (0: it advanced obj, a cell array or a tissue, by steps
 * steps and waited), called once untimed, then again and again until at least min_time seconds
 * were timed; each timed call does `work` units. -1 when a call fails. */
double bmt_rate(int (*round)(void *obj, long steps), void *obj, long steps, double work, double min_time);
/* Nodes of the slab at spacing dx (mm). */
long bmt_nodes(double dx);
/* The rates of model m into rate[BMT_NCONF] (NAN: configuration not available here, -1: failed,
 * message printed): `steps` steps per round, rounds after one untimed one until min_time seconds
 * were timed. cpus/gpus: the StarPU workers of each kind. Returns 0, or -1 when a run failed. */
int bmt_rates(const ScModelEntry *m, double dx, long steps, double min_time, const int *cpus, int ncpu,
              const int *gpus, int ngpu, double rate[BMT_NCONF]);

#endif

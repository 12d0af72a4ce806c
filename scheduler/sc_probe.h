/* sc_probe.h: the GPU's speed over a CPU core measured on the spot (sc_probe.c; internal to
 * libstarcarp). */
#ifndef SC_PROBE_H
#define SC_PROBE_H

#include "starcarp.h"

/* How many times GPU worker gpu_worker outruns one of the ncpu CPU workers cpu_workers (all
 * running at once) on model m in precision (64/32) with K steps per task, for an array of ncells
 * cells: measured with two scratch arrays (a few vector blocks per CPU worker; on the GPU the
 * cells its partition will nearly have, 2^20 to 2^25 values) at the model's initial state, once
 * per model and precision in a process. StarPU must be running. Returns 0 when it cannot be
 * measured. */
double sc_probe_gpu_speedup(const ScModelEntry *m, int precision, int K, long ncells, const int *cpu_workers,
                            int ncpu, int gpu_worker);

#endif

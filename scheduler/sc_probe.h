/* sc_probe.h: the GPU's speed over a CPU core measured on the spot (sc_probe.c; internal to
 * libstarcarp). */
#ifndef SC_PROBE_H
#define SC_PROBE_H

#include "starcarp.h"

/* How many times GPU worker gpu_worker outruns CPU worker cpu_worker on model m in precision
 * (64/32) with K steps per task, for an array of ncells cells: measured with two scratch arrays
 * (a few hundred cells on the CPU, up to 2^20 on the GPU) at the model's initial state, once per
 * model and precision in a process. StarPU must be running. Returns 0 when it cannot be measured. */
double sc_probe_gpu_speedup(const ScModelEntry *m, int precision, int K, long ncells, int cpu_worker,
                            int gpu_worker);

#endif

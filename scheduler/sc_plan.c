/* sc_plan.c: how many partitions a cell array gets and how large each is.
 *
 * One partition per CPU worker and one per GPU, sized in proportion to the worker's speed (a GPU
 * `speedup` times a core), so that with one task per partition and round every worker finishes
 * at the same time; sizes are multiples of `align` (the vector width) where the cells allow, the
 * remainder going to the largest partitions. Small arrays get fewer partitions: none holds fewer
 * than SC_PLAN_MIN_CELLS cells (a task must do enough work to hide its overhead: 64 cells x 10
 * steps is 3 us of the cheapest model on one core, 0.5 ms of ten Tusscher 2006) unless the
 * whole array is smaller. CPU workers that would do less than SC_PLAN_MIN_CPU_SHARE of the work next to
 * GPUs get none. GPUs come first in sizes[] (sizes[0 .. ngpu) when present). */
#include <math.h>

#include "starcarp.h"

#define SC_PLAN_MIN_CELLS 64

int sc_plan_parts(long ncells, int ncpu, int ngpu, double speedup, long align, long *sizes, int max) {
    if (ncells < 1 || ncpu < 0 || ngpu < 0 || ncpu + ngpu < 1 || !(speedup > 0) || !sizes || max < 1)
        return -1;
    if (align < 1)
        align = 1;
    /* CPU workers whose share of the work is below SC_PLAN_MIN_CPU_SHARE next to GPUs are left
       idle: they could add that share at most, while each round waits for its slowest task and
       pays their tasks' overhead (measured: TT06-FE with the CPUs at 0.8 % of the work ran at 0.92x
       the GPU alone, Aliev-Panfilov at 1.2 % at 0.64x; H100, 2026-11-24, docs/performance.md) */
    int nc = ncpu, ng = ngpu;
    if (ng > 0 && nc > 0 && (double)nc / ((double)nc + speedup * (double)ng) < SC_PLAN_MIN_CPU_SHARE)
        nc = 0;
    /* drop CPU workers, then GPUs, while partitions would be too small or too many */
    for (;;) {
        double total = (double)nc + speedup * (double)ng;
        double smallest = nc ? (double)ncells / total : (double)ncells / (double)ng;
        if (nc + ng <= max && (smallest >= SC_PLAN_MIN_CELLS || nc + ng == 1))
            break;
        if (nc > (ng ? 0 : 1))
            nc--;
        else if (ng > 1)
            ng--;
        else
            break;
    }
    int np = nc + ng;
    double total = (double)nc + speedup * (double)ng;
    long used = 0;
    for (int p = 0; p < np; p++) {
        double w = p < ng ? speedup : 1.0;
        long s = (long)floor((double)ncells * w / total / (double)align) * align;
        sizes[p] = s;
        used += s;
    }
    /* the remainder, in aligned pieces then the tail, to the partitions in order (GPUs first) */
    long rest = ncells - used;
    for (int p = 0; rest > 0; p = (p + 1) % np) {
        long add = rest >= align ? align : rest;
        sizes[p] += add;
        rest -= add;
    }
    /* no empty partition: drop trailing empty ones (only possible for tiny arrays) */
    while (np > 1 && sizes[np - 1] == 0)
        np--;
    for (int p = 0; p < np; p++)
        if (sizes[p] == 0)
            return -1;
    return np;
}

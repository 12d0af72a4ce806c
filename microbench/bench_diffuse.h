/* bench_diffuse.h: the diffusion pass both diffusion benchmarks time (diffuse_speed.c on a core,
 * gpu_diffuse.c on a GPU): the N-version slab's coefficients on an n0 x n1 x L grid. */
#ifndef SC_BENCH_DIFFUSE_H
#define SC_BENCH_DIFFUSE_H

#include "diffuse.h"

/* An explicit step (sweep 0) or a Chebyshev sweep (1) over the whole slab (L planes), dt 0.01 ms,
 * the activation record kept when record, threshold 0 mV. */
static inline ScDiffArgs bench_diff_args(int sweep, int record, long n0, long n1, long L) {
    return (ScDiffArgs){.kind = sweep ? KERN_DIFF_SWEEP : KERN_DIFF_STEP,
                        .record = record,
                        .gamma = 0.6,
                        .omega = 1.2,
                        .n0 = n0,
                        .n1 = n1,
                        .L = L,
                        .nl = L,
                        .c0 = 0.2,
                        .c1 = 0.03,
                        .cL = 0.03,
                        .thr = 0,
                        .dt = 0.01};
}

#endif

/* biomarker_host.c: the biomarker kernel on the host (biomarker.h), over the per-cell text of
 * biomarker_cell.h. */
#include <math.h>

#define KERN_BM_FN static inline
#include "biomarker_cell.h"

void kern_bm_init(double *acc, size_t n) {
    for (int k = 0; k < KERN_BM_NACC; k++) {
        double v = k == KERN_BM_BEAT || k == KERN_BM_CA_BEAT           ? -2
                   : k == KERN_BM_OUT_BEAT || k == KERN_BM_OUT_CA_BEAT ? -1
                                                                       : NAN;
        for (size_t i = 0; i < n; i++)
            acc[(size_t)k * n + i] = v;
    }
}

void kern_bm_host(const KernBmArgs *a) {
    for (size_t i = 0; i < (size_t)a->n; i++)
        bm_cell(a, i);
}

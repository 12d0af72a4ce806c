/* gather_host.c: the CPU kernel of the gather codelet (codelets/cl_gather.c; gather.h): Vm, Iion
 * and the values of a few cells of a partition into out. */
#include "gather.h"
#include "gather_args.h"

/* out[j * (2 + nsv) + 0 / 1 / 2 + k] = Vm, Iion, value k of cell idx[j] */
void kern_gather_host(const void *sv, const void *vm, const void *iion, size_t n, double *out,
                      const struct kern_gather_args *g) {
    const int w = 2 + g->nsv;
    for (int j = 0; j < g->ncell; j++) {
        size_t i = (size_t)g->idx[j];
        double *o = out + (size_t)j * (size_t)w;
        if (g->f32) {
            o[0] = ((const float *)vm)[i], o[1] = ((const float *)iion)[i];
            for (int k = 0; k < g->nsv; k++)
                o[2 + k] = ((const float *)sv)[(size_t)k * n + i];
        } else {
            o[0] = ((const double *)vm)[i], o[1] = ((const double *)iion)[i];
            for (int k = 0; k < g->nsv; k++)
                o[2 + k] = ((const double *)sv)[(size_t)k * n + i];
        }
    }
}

/* gather.h: kernels of the gather codelet (codelets/cl_gather.c): copy Vm, Iion and the nsv values of a few
 * cells of a partition (structure of arrays of n cells, float or double) into out (double). */
#ifndef SC_GATHER_H
#define SC_GATHER_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
struct sc_gather_args;
void sc_gather_host(const void *sv, const void *vm, const void *iion, size_t n, double *out,
                    const struct sc_gather_args *g);
int sc_gather_cuda_launch(const void *sv, const void *vm, const void *iion, size_t n, double *out,
                          const struct sc_gather_args *g, void *stream);
int sc_gather_hip_launch(const void *sv, const void *vm, const void *iion, size_t n, double *out,
                         const struct sc_gather_args *g, void *stream);
#ifdef __cplusplus
}
#endif
#endif

/* gather.h: kernels of the gather codelet (codelets/cl_gather.c): copy Vm, Iion and the nsv values of a few
 * cells of a partition (structure of arrays of n cells, float or double) into out (double). */
#ifndef SC_GATHER_H
#define SC_GATHER_H
#include <stddef.h>
#ifdef __cplusplus
extern "C" {
#endif
struct kern_gather_args;
void kern_gather_host(const void *sv, const void *vm, const void *iion, size_t n, double *out,
                      const struct kern_gather_args *g);
int kern_gather_cuda_launch(const void *sv, const void *vm, const void *iion, size_t n, double *out,
                            const struct kern_gather_args *g, void *stream);
int kern_gather_hip_launch(const void *sv, const void *vm, const void *iion, size_t n, double *out,
                           const struct kern_gather_args *g, void *stream);
#ifdef __cplusplus
}
#endif
#endif

/* copy.h: the GPU launchers of the copy codelet (codelets/cl_copy.h): a vector's values into another
 * vector of the same size and element, on the GPU that runs the task. */
#ifndef SC_COPY_H
#define SC_COPY_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif
/* GPU launchers: `bytes` from src to dst (device memory) on `stream`; the launch error (0: none). */
int kern_copy_cuda_launch(void *dst, const void *src, size_t bytes, void *stream);
int kern_copy_hip_launch(void *dst, const void *src, size_t bytes, void *stream);
#ifdef __cplusplus
}
#endif

#endif

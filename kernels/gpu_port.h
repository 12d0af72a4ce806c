// gpu_port.h: the names that differ between CUDA and HIP, so that a codelet's kernel is written
// once (gather_gpu.h, vm_update_gpu.h, diffuse_gpu.h) and compiled by nvcc from a .cu file and by
// hipcc from a .hip file. hipcc defines __HIPCC__; nvcc does not.
#ifndef SC_GPU_PORT_H
#define SC_GPU_PORT_H
#ifdef __HIPCC__
#include <hip/hip_runtime.h>
typedef hipStream_t kern_gpu_stream;
static inline int kern_gpu_last_error(void) { return (int)hipGetLastError(); }
/* An asynchronous copy between two places of GPU memory (this GPU's, or a peer's: the runtime tells
 * them apart by address); the API's error code. */
static inline int kern_gpu_copy(void *dst, const void *src, size_t bytes, kern_gpu_stream s) {
    return (int)hipMemcpyAsync(dst, src, bytes, hipMemcpyDefault, s);
}
#else
#include <cuda_runtime.h>
typedef cudaStream_t kern_gpu_stream;
static inline int kern_gpu_last_error(void) { return (int)cudaGetLastError(); }
static inline int kern_gpu_copy(void *dst, const void *src, size_t bytes, kern_gpu_stream s) {
    return (int)cudaMemcpyAsync(dst, src, bytes, cudaMemcpyDefault, s);
}
#endif
#endif

/* gpu_host_shim.h: just enough of CUDA for a generated ID_cuda[_f32].cu to compile and run as
 * host C (test_gpu_text.c): the kernels become static functions, a launch becomes a loop over the
 * blocks and threads of the grid, the atomics plain read-modify-writes (one host thread). The
 * generated file is first passed through gpu_host_text.sh (the launch syntax, `extern "C"`).
 * Math is the host's <math.h>, so what differs from the portable C back end is only what the
 * GPU text itself computes differently (its cheaper forms: emit_expr.c). */
#ifndef SC_GPU_HOST_SHIM_H
#define SC_GPU_HOST_SHIM_H

typedef void *cudaStream_t;
typedef int cudaError_t;
enum { cudaSuccess = 0 };

#define __device__
#define __global__ static
#define __forceinline__ inline
#define __launch_bounds__(...)
#define __expf expf /* the text is tested here, not the hardware's approximations */
#define __logf logf

typedef struct {
    unsigned x;
} ScHostDim;
static ScHostDim blockIdx, threadIdx;

static inline __attribute__((unused)) cudaError_t cudaGetLastError(void) { return cudaSuccess; }

/* the kernel attributes (ID_cuda_f64_attr): a host "kernel" has no registers to count; these
 * say that it ran here */
typedef struct {
    int numRegs;
    unsigned long localSizeBytes;
} cudaFuncAttributes;
static inline __attribute__((unused)) cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *a,
                                                                        const void *k) {
    a->numRegs = k ? 1 : 0, a->localSizeBytes = 0;
    return k ? cudaSuccess : 1;
}
static inline __attribute__((unused)) cudaError_t
cudaOccupancyMaxActiveBlocksPerMultiprocessor(int *nb, const void *k, int block, unsigned long dyn) {
    *nb = k && block > 0 && dyn == 0 ? 1 : 0;
    return k ? cudaSuccess : 1;
}

static inline __attribute__((unused)) unsigned long long atomicAdd(unsigned long long *p,
                                                                   unsigned long long v) {
    unsigned long long o = *p;
    *p = o + v;
    return o;
}

static inline __attribute__((unused)) unsigned long long atomicMin(unsigned long long *p,
                                                                   unsigned long long v) {
    unsigned long long o = *p;
    if (v < o)
        *p = v;
    return o;
}

/* kernel<<<nb, GEN_BLOCK, 0, stream>>>(arg), one thread after another */
#define SC_HOST_LAUNCH(kernel, nb, stream, arg)                           \
    do {                                                                  \
        (void)(stream);                                                   \
        for (blockIdx.x = 0; blockIdx.x < (unsigned)(nb); blockIdx.x++)   \
            for (threadIdx.x = 0; threadIdx.x < GEN_BLOCK; threadIdx.x++) \
                kernel(arg);                                              \
    } while (0)

#endif

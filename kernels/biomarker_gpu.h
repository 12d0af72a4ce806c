// biomarker_gpu.h: the biomarker kernel on GPUs (one thread per cell) and its launcher, written once
// for CUDA and HIP (gpu_port.h) over the per-cell text of biomarker_cell.h, the host's. Included by
// biomarker_cuda.cu and biomarker_hip.hip, which name the launcher: KERN_BM_LAUNCH
// (kern_bm_cuda_launch or kern_bm_hip_launch, declared in biomarker.h). Compiled without
// contraction to FMA (kernels/CMakeLists.txt), so that it computes the host's bits.
#include <math.h>

#include "gpu_port.h"
#define KERN_BM_FN __device__ static inline
#define KERN_BM_UNROLL _Pragma("unroll")
#include "biomarker_cell.h"

__global__ static void bm_kernel(KernBmArgs a) {
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < (size_t)a.n)
        bm_cell(&a, i);
}

extern "C" int KERN_BM_LAUNCH(const KernBmArgs *a, void *stream) {
    if (a->n <= 0)
        return 0;
    const unsigned block = 128;
    const unsigned grid = (unsigned)((a->n + block - 1) / block);
    bm_kernel<<<grid, block, 0, (kern_gpu_stream)stream>>>(*a);
    return kern_gpu_last_error();
}

// vm_update_cuda.cu: CUDA kernel of the membrane-potential update (one thread per cell).
#include <cuda_runtime.h>
#include "vm_update.h"

// The update is written with explicit roundings (__dadd_rn, __dmul_rn) so that no multiply-add is
// contracted: GPU and CPU results are bitwise identical.
__global__ static void vm_update_kernel(double *vm, const double *iion, size_t n, double dt, double stim)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double v = __dadd_rn(vm[i], __dmul_rn(stim, dt));
        vm[i] = __dsub_rn(v, __dmul_rn(dt, iion[i]));
    }
}

extern "C" int sc_vm_update_cuda_launch(double *vm, const double *iion, size_t n, double dt, double stim,
                                        void *stream)
{
    if (n == 0)
        return 0;
    const unsigned block = 256;
    const unsigned grid = (unsigned)((n + block - 1) / block);
    vm_update_kernel<<<grid, block, 0, (cudaStream_t)stream>>>(vm, iion, n, dt, stim);
    return (int)cudaGetLastError();
}

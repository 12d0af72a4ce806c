// vm_update_hip.hip: HIP kernel of the membrane-potential update (one thread per cell).
#include <hip/hip_runtime.h>
#include "vm_update.h"

// Explicit roundings (no contraction into fma) so that results equal the CPU's bit for bit.
__global__ static void vm_update_kernel(double *vm, const double *iion, size_t n, double dt, double stim)
{
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double v = __dadd_rn(vm[i], __dmul_rn(stim, dt));
        vm[i] = __dsub_rn(v, __dmul_rn(dt, iion[i]));
    }
}

extern "C" int sc_vm_update_hip_launch(double *vm, const double *iion, size_t n, double dt, double stim,
                                       void *stream)
{
    if (n == 0)
        return 0;
    const unsigned block = 256;
    const unsigned grid = (unsigned)((n + block - 1) / block);
    hipLaunchKernelGGL(vm_update_kernel, dim3(grid), dim3(block), 0, (hipStream_t)stream, vm, iion, n, dt, stim);
    return (int)hipGetLastError();
}

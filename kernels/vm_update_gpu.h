// vm_update_gpu.h: the membrane-potential update's GPU kernel (one thread per cell) and its
// launcher, written once for CUDA and HIP (gpu_port.h). Included by vm_update_cuda.cu and
// vm_update_hip.hip, which name the launcher: KERN_VM_UPDATE_LAUNCH (kern_vm_update_cuda_launch or
// kern_vm_update_hip_launch, declared in vm_update.h).
#include "gpu_port.h"
#include "vm_update.h"

// The update is written with explicit roundings (__dadd_rn, __dmul_rn) so that no multiply-add is
// contracted: GPU and CPU results are bitwise identical.
__global__ static void vm_update_kernel(double *vm, const double *iion, size_t n, double dt, double stim) {
    size_t i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        double v = __dadd_rn(vm[i], __dmul_rn(stim, dt));
        vm[i] = __dsub_rn(v, __dmul_rn(dt, iion[i]));
    }
}

extern "C" int KERN_VM_UPDATE_LAUNCH(double *vm, const double *iion, size_t n, double dt, double stim,
                                     void *stream) {
    if (n == 0)
        return 0;
    const unsigned block = 256;
    const unsigned grid = (unsigned)((n + block - 1) / block);
    vm_update_kernel<<<grid, block, 0, (kern_gpu_stream)stream>>>(vm, iion, n, dt, stim);
    return kern_gpu_last_error();
}

// gather_gpu.h: the gather codelet's GPU kernel (one thread per listed cell and value) and its
// launcher, written once for CUDA and HIP (gpu_port.h). Included by gather_cuda.cu and
// gather_hip.hip, which name the launcher: KERN_GATHER_LAUNCH (kern_gather_cuda_launch or
// kern_gather_hip_launch, declared in gather.h).
#include "gpu_port.h"
#include "gather.h"
#include "gather_args.h"

__global__ static void gather_kernel(const void *sv, const void *vm, const void *iion, size_t n, double *out,
                                     struct kern_gather_args g) {
    int w = 2 + g.nsv;
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= g.ncell * w)
        return;
    int j = t / w, k = t % w;
    size_t i = (size_t)g.idx[j];
    double v;
    if (g.f32) {
        const float *src = k == 0   ? (const float *)vm
                           : k == 1 ? (const float *)iion
                                    : (const float *)sv + (size_t)(k - 2) * n;
        v = src[i];
    } else {
        const double *src = k == 0   ? (const double *)vm
                            : k == 1 ? (const double *)iion
                                     : (const double *)sv + (size_t)(k - 2) * n;
        v = src[i];
    }
    out[t] = v;
}

extern "C" int KERN_GATHER_LAUNCH(const void *sv, const void *vm, const void *iion, size_t n, double *out,
                                  const struct kern_gather_args *g, void *stream) {
    int total = g->ncell * (2 + g->nsv);
    if (total <= 0)
        return 0;
    gather_kernel<<<(total + 127) / 128, 128, 0, (kern_gpu_stream)stream>>>(sv, vm, iion, n, out, *g);
    return kern_gpu_last_error();
}

/* gpu_probe.cu: the two ceilings of a GPU that `starcarp benchmark` measures its models against:
 * the device-to-device copy bandwidth and the FP64 fused-multiply-add rate (gpu_probe.h). */
#include <cuda_runtime.h>

#include "gpu_probe.h"

/* Each thread runs 8 independent chains of `iters` FMAs (x = x * a + b), enough work in flight
 * to keep the FP64 (T = double) or FP32 units busy; the result is stored so that nothing is
 * optimised away. */
template <class T> __global__ void probe_fma_kernel(T *out, int iters, T a, T b) {
    T x[8];
    for (int k = 0; k < 8; k++)
        x[k] = threadIdx.x * 1e-3 + k;
    for (int i = 0; i < iters; i++)
#pragma unroll
        for (int k = 0; k < 8; k++)
            x[k] = fma(x[k], a, b);
    T s = 0;
    for (int k = 0; k < 8; k++)
        s += x[k];
    out[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

/* Seconds of fn() on the current device, timed with events after one untimed run. */
template <class F> static int timed(F fn, int reps, double *secs) {
    cudaEvent_t e0, e1;
    if (cudaEventCreate(&e0) != cudaSuccess || cudaEventCreate(&e1) != cudaSuccess)
        return -1;
    fn();
    cudaEventRecord(e0);
    for (int r = 0; r < reps; r++)
        fn();
    cudaEventRecord(e1);
    int rc = cudaEventSynchronize(e1) == cudaSuccess && cudaGetLastError() == cudaSuccess ? 0 : -1;
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    cudaEventDestroy(e0);
    cudaEventDestroy(e1);
    *secs = 1e-3 * ms / reps;
    return rc;
}

/* FMA rate (flops/s, 2 per FMA) in precision T of the current device, sms multiprocessors; 0 when
 * it cannot be measured. */
template <class T> static double fma_rate(int sms) {
    const int threads = 256, blocks = 8 * (sms > 0 ? sms : 1), iters = 4096;
    T *out = NULL;
    double s = 0;
    if (cudaMalloc(&out, sizeof(T) * threads * blocks) != cudaSuccess)
        return 0;
    int rc =
        timed([&] { probe_fma_kernel<T><<<blocks, threads>>>(out, iters, (T)0.999999, (T)1e-7); }, 5, &s);
    cudaFree(out);
    return rc || s <= 0 ? 0 : 2.0 * 8.0 * iters * (double)threads * blocks / s;
}

extern "C" int gpu_probe_measure(int dev, ScGpuCeilings *c) {
    c->copy_bytes_per_s = c->fp64_flops = c->fp32_flops = 0;
    c->max_threads_per_sm = 0;
    if (cudaSetDevice(dev) != cudaSuccess)
        return -1;
    /* copy: 1 GiB device to device, bytes read plus bytes written */
    const size_t bytes = (size_t)1 << 30;
    void *a = NULL, *b = NULL;
    if (cudaMalloc(&a, bytes) != cudaSuccess || cudaMalloc(&b, bytes) != cudaSuccess) {
        cudaFree(a);
        return -1;
    }
    cudaMemset(a, 1, bytes);
    double s = 0;
    int rc = timed([&] { cudaMemcpyAsync(b, a, bytes, cudaMemcpyDeviceToDevice); }, 10, &s);
    cudaFree(a);
    cudaFree(b);
    if (rc || s <= 0)
        return -1;
    c->copy_bytes_per_s = 2.0 * (double)bytes / s;
    /* FP64 and FP32: 2 flops per FMA */
    int sms = 0;
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev);
    cudaDeviceGetAttribute(&c->max_threads_per_sm, cudaDevAttrMaxThreadsPerMultiProcessor, dev);
    c->fp64_flops = fma_rate<double>(sms);
    c->fp32_flops = fma_rate<float>(sms);
    return c->fp64_flops > 0 && c->fp32_flops > 0 ? 0 : -1;
}

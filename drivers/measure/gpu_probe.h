/* gpu_probe.h: the measured ceilings of a GPU (gpu_probe.cu, built with CUDA). */
#ifndef SC_GPU_PROBE_H
#define SC_GPU_PROBE_H

#ifdef __cplusplus
extern "C" {
#endif

typedef struct ScGpuCeilings {
    double copy_bytes_per_s; /* device-to-device copy of 1 GiB: bytes read + bytes written per s */
    double fp64_flops; /* double-precision FMAs of independent chains, 2 flops each */
    double fp32_flops; /* the same in single precision */
    int max_threads_per_sm; /* resident threads one multiprocessor holds (occupancy's 100 %) */
} ScGpuCeilings;

/* Measure them on CUDA device dev (it allocates 2 GiB for a moment). Returns 0, or -1 when the
 * device cannot be used (then all are 0). */
int gpu_probe_measure(int dev, ScGpuCeilings *c);

#ifdef __cplusplus
}
#endif
#endif

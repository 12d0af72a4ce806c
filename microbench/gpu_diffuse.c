/* gpu_diffuse.c: sc-bench-gpu-diffuse, the tissue solver's GPU diffusion kernel timed alone
 * (kern_diffuse_cuda_launch on buffers from cudaMalloc, outside StarPU; CUDA events), on the
 * N-version slab at dx 0.05 mm (401 x 141 x 61 nodes, one slab): an explicit step and a Chebyshev
 * sweep, each launch's time and its bytes per node against the device's copy bandwidth.
 *   sc-bench-gpu-diffuse [REPEATS]      (default 50) */
#include <cuda_runtime.h>
#include <stdio.h>
#include <stdlib.h>

#include "bench_diffuse.h"

#define CHECK(x)                                                                        \
    do {                                                                                \
        cudaError_t e_ = (x);                                                           \
        if (e_ != cudaSuccess) {                                                        \
            fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
            return 1;                                                                   \
        }                                                                               \
    } while (0)

int main(int argc, char **argv) {
    int reps = argc > 1 ? atoi(argv[1]) : 50;
    const long n0 = 401, n1 = 141, L = 61;
    const size_t n = (size_t)(n0 * n1 * L);
    double *h = malloc(2 * n * sizeof(double)), *v, *old, *act, *aux, *cp;
    for (size_t r = 0; r < 2 * n; r++)
        h[r] = r < n ? -85 + (double)(r % 97) : -1;
    CHECK(cudaMalloc((void **)&v, n * sizeof(double)));
    CHECK(cudaMalloc((void **)&old, n * sizeof(double)));
    CHECK(cudaMalloc((void **)&act, 2 * n * sizeof(double)));
    CHECK(cudaMalloc((void **)&aux, 2 * n * sizeof(double)));
    CHECK(cudaMalloc((void **)&cp, n * sizeof(double)));
    CHECK(cudaMemcpy(v, h, n * sizeof(double), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(aux, h, n * sizeof(double), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(aux + n, h, n * sizeof(double), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(act, h + n, n * sizeof(double), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(act + n, h, n * sizeof(double), cudaMemcpyHostToDevice));
    cudaEvent_t a, b;
    cudaEventCreate(&a), cudaEventCreate(&b);
    float ms;
    /* the copy bandwidth: the slab copied device to device */
    cudaEventRecord(a, 0);
    for (int k = 0; k < reps; k++)
        CHECK(cudaMemcpyAsync(cp, v, n * sizeof(double), cudaMemcpyDeviceToDevice, 0));
    cudaEventRecord(b, 0);
    CHECK(cudaEventSynchronize(b));
    cudaEventElapsedTime(&ms, a, b);
    double bw = 2.0 * n * sizeof(double) * reps / (ms * 1e-3);
    printf("slab %ld x %ld x %ld = %zu nodes; device copy %.0f GB/s (read + written)\n", n0, n1, L, n,
           bw / 1e9);
    printf(
        "| kind | us per launch (copy + kernel) | node-passes/s | bytes per node | %% of copy bw |\n|---|---:|---:|---:|---:|\n");
    for (int kind = 0; kind < 2; kind++) {
        ScDiffArgs d = bench_diff_args(kind, !kind, n0, n1, L);
        CHECK((cudaError_t)kern_diffuse_cuda_launch(&d, v, old, NULL, NULL, act, aux, 0));
        cudaEventRecord(a, 0);
        for (int k = 0; k < reps; k++)
            kern_diffuse_cuda_launch(&d, v, old, NULL, NULL, act, aux, 0);
        cudaEventRecord(b, 0);
        CHECK(cudaEventSynchronize(b));
        cudaEventElapsedTime(&ms, a, b);
        double us = ms * 1e3 / reps;
        /* copy 16, old 8, v 8 written; explicit: act 32; sweep: aux b 8 + p 16 */
        double bytes = kind ? 16 + 8 + 8 + 24 : 16 + 8 + 8 + 32;
        printf("| %s | %.1f | %.3g | %.0f | %.0f %% |\n", kind ? "Chebyshev sweep" : "explicit step", us,
               n / (us * 1e-6), bytes, 100 * n * bytes / (us * 1e-6) / bw);
    }
    free(h);
    return 0;
}

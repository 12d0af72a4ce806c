/* test_gpu_bm.c: the biomarker kernel on GPU 0 against the host's (kernels/biomarker.h) on the same
 * samples, bit for bit: 4 000 cells whose Vm is a drawn action potential (its amplitude, duration
 * and an afterdepolarisation varying from cell to cell), whose calcium a drawn transient and whose
 * currents' sum (qNet's samples) a drawn net current, over three windows in calls of 10 steps, in
 * double and in single precision; every field of every cell equal (qNet among them). Exit 77
 * without a GPU. */
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "biomarker.h"
#include "test.h"

#define N 4000L
#define K 10
#define DT 0.05
#define PERIOD 8000L /* 400 ms */
#define NWIN 3

/* Vm of cell i at step d: rest, an upstroke, a plateau and a repolarisation scaled per cell, and
 * every seventh cell a hump late in its plateau. */
static double vm_at(long i, long d) {
    double t = fmod((double)d * DT, (double)PERIOD * DT), s = 0.7 + 0.6 * (double)(i % 97) / 97;
    double v = t < 1         ? -85
               : t < 2       ? -85 + 120 * (t - 1)
               : t < 150 * s ? 35 - 30 * (t - 2) / (150 * s)
               : t < 250 * s ? 5 - 90 * (t - 150 * s) / (100 * s)
                             : -85;
    if (i % 7 == 0 && t > 120 * s && t < 140 * s)
        v += 15 * sin(M_PI * (t - 120 * s) / (20 * s));
    return v + 1e-3 * (double)(i % 13);
}

static double ca_at(long i, long d) {
    double t = fmod((double)d * DT, (double)PERIOD * DT);
    return 1e-4 + (4e-4 + 1e-6 * (double)(i % 31)) * t / 30 * exp(1 - t / 30);
}

/* The summed currents of cell i at step d (A/F): an inward spike at the upstroke, an outward hump
 * over the plateau scaled per cell, a small outward rest. */
static double isum_at(long i, long d) {
    double t = fmod((double)d * DT, (double)PERIOD * DT), s = 0.7 + 0.6 * (double)(i % 89) / 89;
    return 0.05 - (t > 1 && t < 3 ? 20 * sin(M_PI * (t - 1) / 2) : 0) + s * 0.8 * t / 100 * exp(1 - t / 100);
}

/* Sample s of step d into the floats or doubles of p (cell i of N). */
static void put(int f32, void *p, long s, long i, double v) {
    if (f32)
        ((float *)p)[s * N + i] = (float)v;
    else
        ((double *)p)[s * N + i] = v;
}

/* The run of N cells in precision f32 on the host (dev NULL) or on the GPU: the fields into acc. */
static int run(int f32, int gpu, double *acc) {
    size_t esz = f32 ? sizeof(float) : sizeof(double);
    void *vm = malloc(esz * K * N), *is = malloc(esz * K * N), *ca = malloc(esz * N), *dvm = NULL,
         *dis = NULL, *dca = NULL;
    double *dacc = NULL;
    kern_bm_init(acc, N);
    if (gpu &&
        (cudaMalloc(&dvm, esz * K * N) != cudaSuccess || cudaMalloc(&dis, esz * K * N) != cudaSuccess ||
         cudaMalloc(&dca, esz * N) != cudaSuccess ||
         cudaMalloc((void **)&dacc, sizeof(double) * KERN_BM_NACC * N) != cudaSuccess ||
         cudaMemcpy(dacc, acc, sizeof(double) * KERN_BM_NACC * N, cudaMemcpyHostToDevice) != cudaSuccess))
        return -1;
    KernBmArgs a;
    memset(&a, 0, sizeof a);
    a.n = N, a.dt = DT, a.start = 0, a.period = PERIOD, a.nlev = 3, a.i90 = 2;
    a.lev[0] = 0.3, a.lev[1] = 0.5, a.lev[2] = 0.9;
    a.up_mv = 40, a.ead_mv = 1, a.ead_delay_ms = 50, a.dad_mv = 5, a.f32 = f32;
    a.vm = gpu ? dvm : vm, a.isum = gpu ? dis : is, a.ca = gpu ? dca : ca, a.acc = gpu ? dacc : acc;
    for (long d = 0; d < NWIN * PERIOD; d += K) {
        for (long s = 0; s < K; s++)
            for (long i = 0; i < N; i++)
                put(f32, vm, s, i, vm_at(i, d + s)), put(f32, is, s, i, isum_at(i, d + s));
        for (long i = 0; i < N; i++)
            put(f32, ca, 0, i, ca_at(i, d + K));
        a.d0 = d, a.nsteps = K, a.finish = d + K == NWIN * PERIOD;
        if (gpu) {
            if (cudaMemcpy(dvm, vm, esz * K * N, cudaMemcpyHostToDevice) != cudaSuccess ||
                cudaMemcpy(dis, is, esz * K * N, cudaMemcpyHostToDevice) != cudaSuccess ||
                cudaMemcpy(dca, ca, esz * N, cudaMemcpyHostToDevice) != cudaSuccess ||
                kern_bm_cuda_launch(&a, 0) != 0)
                return -1;
        } else {
            kern_bm_host(&a);
        }
    }
    if (gpu &&
        cudaMemcpy(acc, dacc, sizeof(double) * KERN_BM_NACC * N, cudaMemcpyDeviceToHost) != cudaSuccess)
        return -1;
    cudaFree(dvm), cudaFree(dis), cudaFree(dca), cudaFree(dacc), free(vm), free(is), free(ca);
    return 0;
}

int main(void) {
    int ndev = 0;
    if (cudaGetDeviceCount(&ndev) != cudaSuccess || ndev < 1) {
        printf("no GPU: skipped\n");
        return 77;
    }
    double *host = malloc(sizeof(double) * KERN_BM_NACC * N),
           *dev = malloc(sizeof(double) * KERN_BM_NACC * N);
    ASSERT(host && dev);
    for (int f32 = 0; f32 < 2; f32++) {
        ASSERT_EQ_INT(0, run(f32, 0, host));
        ASSERT_EQ_INT(0, run(f32, 1, dev));
        long differ = 0, ead = 0;
        for (long k = 0; k < KERN_BM_NACC * N; k++)
            differ += memcmp(host + k, dev + k, sizeof(double)) != 0;
        for (long i = 0; i < N; i++)
            ead += host[KERN_BM_OUT_EAD * N + i] == 1;
        printf(
            "%s: %ld of %ld fields differ; %ld cells with an EAD in the last window; APD90 of cell 0 %.4f ms, "
            "qNet %.6f C/F\n",
            f32 ? "single" : "double", differ, KERN_BM_NACC * N, ead, host[(KERN_BM_OUT_APD + 2) * N],
            host[KERN_BM_OUT_QNET * N]);
        ASSERT_EQ_INT(0, differ);
        ASSERT(isfinite(host[KERN_BM_OUT_QNET * N]) && host[KERN_BM_OUT_QNET * N] != 0);
        ASSERT(ead > N / 10 && ead < N / 5); /* every seventh cell */
    }
    free(host), free(dev);
    return TEST_DONE();
}

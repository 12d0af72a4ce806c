/* gpu_kernel.c (sc-bench-gpu-kernel): time one generated CUDA kernel alone, for kernel work.
 *
 * Build (lab/gpu/kernels.sh does it): cc -c gpu_kernel.c with -DSC_MODEL=ID_model
 * -DSC_RUN=ID_cuda_f64_run (or _f32_run and -DSC_F32) and -Ikernels, with kernels/host_model.c (the
 * host-side setup), linked with the model's ID_c.c (host side)
 * and one variant of its ID_cuda[_f32].cu, and -lcudart.
 * Usage: sc-bench-gpu-kernel N K REPS [STIM [PARAMS]]
 *   N cells at the model's initial state (Vm spread by 0.001 mV per cell), K steps per launch in
 *   bench mode with a stimulus of 52 at step 0 .. 99 (so an upstroke is inside the timed work;
 *   STIM 0: none, the cells at rest); PARAMS (names, comma-separated, at most SC_MAX_VARY; "-" or
 *   absent: none) varied per cell, cell i at (1 + 0.2 sin i) times their defaults (cell 0 at them):
 *   the per-cell-parameter kernel (pv: every table column exact),
 *   one untimed launch, then REPS launches timed with CUDA events. Prints
 *   "cells N K REPS ms_per_launch cell_steps_per_s vm0 vm_last" (the Vm of cells 0 and N-1 after
 *   the run: variants of one model must agree). A model with lookup tables runs its lookup-table
 *   variant (tables built on the host, as bench does). Exit 1 on a CUDA error or a failed cell. */
#include <cuda_runtime_api.h>
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_model.h"
#include "starcarp_model.h"

#ifdef SC_F32
typedef float real;
#else
typedef double real;
#endif

extern const ScModelDesc SC_MODEL;
int SC_RUN(const ScStepArgs *a, void *stream);

static int ok(cudaError_t e, const char *what) {
    if (e != cudaSuccess)
        fprintf(stderr, "sc-bench-gpu-kernel: %s: %s\n", what, cudaGetErrorString(e));
    return e == cudaSuccess;
}

/* A device copy of n host values (converted to real). */
static void *to_device(const double *h, long n) {
    real *t = malloc(sizeof(real) * (size_t)(n > 0 ? n : 1));
    for (long k = 0; k < n; k++)
        t[k] = (real)h[k];
    void *d = NULL;
    if (!ok(cudaMalloc(&d, sizeof(real) * (size_t)(n > 0 ? n : 1)), "cudaMalloc") ||
        !ok(cudaMemcpy(d, t, sizeof(real) * (size_t)n, cudaMemcpyHostToDevice), "cudaMemcpy"))
        exit(1);
    free(t);
    return d;
}

/* Parameters `names` (comma-separated) of d per cell in a (a device array of n values per
 * parameter, cell i at (1 + 0.2 sin i) pc[k]): 0, or -1 after a message. */
static int vary_params(ScStepArgs *a, const ScModelDesc *d, const double *pc, long n, const char *names) {
    double *v = malloc(sizeof(double) * (size_t)n * SC_MAX_VARY);
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", names);
    for (char *t = strtok(buf, ","); t; t = strtok(NULL, ",")) {
        int k = -1;
        for (int q = 0; q < d->nparams; q++)
            if (!strcmp(d->param_names[q], t))
                k = q;
        if (k < 0 || a->nvary >= SC_MAX_VARY || a->vary[k] >= 0) {
            fprintf(stderr, "sc-bench-gpu-kernel: parameter '%s': %s\n", t,
                    k < 0 ? "no such parameter" : "given twice, or more than SC_MAX_VARY");
            free(v);
            return -1;
        }
        for (long i = 0; i < n; i++)
            v[(size_t)a->nvary * (size_t)n + (size_t)i] = pc[k] * (1 + 0.2 * sin((double)i));
        a->vary[k] = (signed char)a->nvary++;
    }
    a->pcell = to_device(v, (long)a->nvary * n);
    free(v);
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: sc-bench-gpu-kernel N K REPS [STIM [PARAMS]]\n");
        return 2;
    }
    const long n = atol(argv[1]);
    const int K = atoi(argv[2]), reps = atoi(argv[3]);
    const ScModelDesc *d = &SC_MODEL;
    ScHostModel h; /* the defaults, the constants, the initial state (host_model.h) */
    if (kern_host_model_init(&h, d, NULL) != 0)
        return 1;
    const int npc = h.npc;
    const double *pc = h.pc, *sv0 = h.sv0, vm0 = h.vm0;
    double *sv = malloc(sizeof(double) * (size_t)(d->nsv + 1) * (size_t)n),
           *vm = malloc(sizeof(double) * (size_t)n);
    for (long i = 0; i < n; i++) {
        vm[i] = vm0 + 0.001 * (double)(i % 1000);
        for (int k = 0; k < d->nsv; k++)
            sv[(size_t)k * (size_t)n + (size_t)i] = sv0[k];
    }
    double *zeros = calloc((size_t)n * (size_t)(d->nexternals + 1), sizeof(double));
    ScStepStatus st0 = {ULLONG_MAX, 0}, *st = NULL;
    if (!ok(cudaMalloc((void **)&st, sizeof st0), "cudaMalloc") ||
        !ok(cudaMemcpy(st, &st0, sizeof st0, cudaMemcpyHostToDevice), "cudaMemcpy"))
        return 1;
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    memset(a.vary, -1, sizeof a.vary);
    a.n = n, a.sv = to_device(sv, (long)d->nsv * n), a.vm = to_device(vm, n), a.iion = to_device(zeros, n);
    a.ext = to_device(zeros, (long)d->nexternals * n), a.pc = to_device(pc, npc);
    a.dt = 0.01, a.nsteps = K, a.flags = SC_STEP_BENCH, a.status = st;
    if (d->ntables) { /* the lookup-table variant, the one bench runs */
        double *lut = malloc(sizeof(double) * d->lut_size());
        d->lut_build(pc, lut);
        a.lut = to_device(lut, (long)d->lut_size());
        free(lut);
    }
    if (argc > 5 && strcmp(argv[5], "-") && vary_params(&a, d, pc, n, argv[5]) != 0)
        return 2;
    a.stim = (ScStim){
        .start = 0, .pulse = 100, .period = 0, .count = argc > 4 && atoi(argv[4]) == 0 ? 0 : 1, .amp = 52};
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0), cudaEventCreate(&e1);
    if (SC_RUN(&a, 0) != 0 || !ok(cudaDeviceSynchronize(), "warm-up launch"))
        return 1;
    a.d0 += K;
    cudaEventRecord(e0, 0);
    for (int r = 0; r < reps; r++, a.d0 += K)
        if (SC_RUN(&a, 0) != 0)
            return ok(cudaGetLastError(), "launch"), 1;
    cudaEventRecord(e1, 0);
    if (!ok(cudaEventSynchronize(e1), "timed launches"))
        return 1;
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    real v[2];
    ScStepStatus st1;
    cudaMemcpy(&v[0], a.vm, sizeof(real), cudaMemcpyDeviceToHost);
    cudaMemcpy(&v[1], (real *)a.vm + n - 1, sizeof(real), cudaMemcpyDeviceToHost);
    cudaMemcpy(&st1, st, sizeof st1, cudaMemcpyDeviceToHost);
    double per = ms / reps;
    printf("cells %ld K %d reps %d ms_per_launch %.4f cell_steps_per_s %.4g vm0 %.17g vm_last %.17g%s\n", n,
           K, reps, per, (double)n * K / (per * 1e-3), (double)v[0], (double)v[1],
           st1.key != ULLONG_MAX ? " FAILED" : "");
    return st1.key != ULLONG_MAX;
}

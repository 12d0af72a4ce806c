// fem_gpu.h: the GPU kernels of the mesh solver's diffusion and export tasks (fem.h), written once
// for CUDA and HIP (gpu_port.h). Included by fem_cuda.cu and fem_hip.hip, which name the
// launchers: KERN_FEM_LAUNCH and KERN_FEM_EXPORT_LAUNCH. One thread per row of the ELL matrix (entry k
// of consecutive rows are consecutive: coalesced loads). Explicit roundings (__dadd_rn,
// __dmul_rn, ...) keep multiply-adds from being contracted, so that the results equal
// kern_fem_host's (fem_host.c) bit for bit.
#include <stdint.h>

#include "fem.h"
#include "gpu_port.h"
#include "sweep_gpu.h"

// TWO: KERN_DIFF_RHS with the consistent mass (two value arrays summed, fem.h).
template <int KIND, bool FIRST, bool RECORD, bool TWO>
__global__ static void fem_kernel(const ScFemArgs a, double *__restrict__ v, const double *__restrict__ x,
                                  const double *__restrict__ mat, double *__restrict__ act,
                                  double *__restrict__ aux) {
    const size_t n = (size_t)a.n, i = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    const size_t wn = (size_t)a.w * n, nv = a.nval == 2 ? 2 : 1;
    const double *val = mat + (KIND == KERN_DIFF_SWEEP ? (nv - 1) * wn : 0), *val2 = mat + wn;
    const int32_t *col = (const int32_t *)(mat + nv * wn);
    const uint32_t *mask = (const uint32_t *)(mat + nv * wn + (wn + 1) / 2);
    const double bv = KIND == KERN_DIFF_SWEEP ? aux[i] : 0,
                 pv = KIND == KERN_DIFF_SWEEP && !FIRST ? aux[n + i] : 0;
    const double prev = RECORD ? act[n + i] : 0, at = RECORD ? act[i] : 0;
    const uint32_t mk = KIND != KERN_DIFF_SWEEP ? mask[i] : 0;
    double acc = 0.0, acc2 = 0.0;
    for (int k = 0; k < a.w; k++) {
        const double xk = x[col[(size_t)k * n + i]];
        acc = __dadd_rn(acc, __dmul_rn(val[(size_t)k * n + i], xk));
        if (TWO)
            acc2 = __dadd_rn(acc2, __dmul_rn(val2[(size_t)k * n + i], xk));
    }
    const double c = x[i];
    double vn;
    if (KIND == KERN_DIFF_SWEEP) {
        double res = __dadd_rn(__dsub_rn(bv, c), __dmul_rn(a.c, acc));
        vn = cheb_next_gpu(c, pv, res, a.gamma, a.omega, FIRST);
        aux[n + i] = c;
    } else {
        double s = 0.0;
        for (int b = 0; b < a.nstim; b++)
            if (mk >> b & 1u)
                s = __dadd_rn(s, a.add[b]);
        vn = __dadd_rn(__dadd_rn(c, __dmul_rn(a.c, acc)), s);
        if (KIND == KERN_DIFF_RHS)
            aux[i] = TWO ? __dsub_rn(__dadd_rn(vn, __dmul_rn(a.c2, acc)), acc2) : vn;
    }
    v[i] = vn;
    if (RECORD) {
        if (at < 0 && prev < a.thr && vn >= a.thr)
            act[i] = act_cross_gpu(a.t0, a.dt, a.thr, prev, vn);
        act[n + i] = vn;
    }
}

__global__ static void fem_export_kernel(const double *__restrict__ v, const int *__restrict__ idx, size_t m,
                                         double *__restrict__ out) {
    const size_t k = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (k < m)
        out[k] = v[idx[k]];
}

extern "C" int KERN_FEM_LAUNCH(const ScFemArgs *a, double *v, double *x, const double *mat, double *act,
                               double *aux, const double *const *gh, const size_t *glen, int nnbr,
                               void *stream) {
    const size_t n = (size_t)a->n;
    if (n == 0)
        return 0;
    kern_gpu_stream s = (kern_gpu_stream)stream;
    int e = kern_gpu_copy(x, v, n * sizeof(double), s);
    size_t o = n;
    for (int k = 0; k < nnbr && e == 0; k++)
        e = kern_gpu_copy(x + o, gh[k], glen[k] * sizeof(double), s), o += glen[k];
    if (e != 0)
        return e;
    const unsigned block = 256;
    const unsigned grid = (unsigned)((n + block - 1) / block);
    if (a->kind == KERN_DIFF_STEP)
        fem_kernel<KERN_DIFF_STEP, false, true, false><<<grid, block, 0, s>>>(*a, v, x, mat, act, aux);
    else if (a->kind == KERN_DIFF_RHS && a->nval == 2)
        fem_kernel<KERN_DIFF_RHS, false, false, true><<<grid, block, 0, s>>>(*a, v, x, mat, act, aux);
    else if (a->kind == KERN_DIFF_RHS)
        fem_kernel<KERN_DIFF_RHS, false, false, false><<<grid, block, 0, s>>>(*a, v, x, mat, act, aux);
    else if (a->first && a->record)
        fem_kernel<KERN_DIFF_SWEEP, true, true, false><<<grid, block, 0, s>>>(*a, v, x, mat, act, aux);
    else if (a->first)
        fem_kernel<KERN_DIFF_SWEEP, true, false, false><<<grid, block, 0, s>>>(*a, v, x, mat, act, aux);
    else if (a->record)
        fem_kernel<KERN_DIFF_SWEEP, false, true, false><<<grid, block, 0, s>>>(*a, v, x, mat, act, aux);
    else
        fem_kernel<KERN_DIFF_SWEEP, false, false, false><<<grid, block, 0, s>>>(*a, v, x, mat, act, aux);
    return kern_gpu_last_error();
}

extern "C" int KERN_FEM_EXPORT_LAUNCH(const double *v, const int *idx, size_t m, double *out, void *stream) {
    if (m == 0)
        return 0;
    const unsigned block = 256;
    fem_export_kernel<<<(unsigned)((m + block - 1) / block), block, 0, (kern_gpu_stream)stream>>>(v, idx, m,
                                                                                                  out);
    return kern_gpu_last_error();
}

// diffuse_gpu.h: the GPU kernels of the tissue solver's diffusion tasks and halo copy (diffuse.h),
// written once for CUDA and HIP (gpu_port.h). Included by diffuse_cuda.cu and diffuse_hip.hip, which
// name the launchers: SC_DIFFUSE_LAUNCH and SC_HALO_LAUNCH. One thread per node. Explicit roundings
// (__dadd_rn, __dmul_rn, ...) keep multiply-adds from being contracted, so that the results equal
// sc_diffuse_host's (diffuse_host.c) bit for bit.
#include "diffuse.h"
#include "gpu_port.h"

// Plane k (-1 .. nl) of the slab: its old values, a halo plane, or the mirror plane past the ends.
__device__ static const double *plane_at(const ScDiffArgs &a, const double *old, const double *lo,
                                         const double *hi, long k) {
    long g = a.l0 + k;
    if (g < 0)
        g = a.L > 1 ? 1 : 0;
    else if (g >= a.L)
        g = a.L > 1 ? a.L - 2 : a.L - 1;
    long lk = g - a.l0;
    if (lk < 0)
        return lo;
    if (lk >= a.nl)
        return hi;
    return old + (size_t)lk * (size_t)(a.n0 * a.n1);
}

__global__ static void diffuse_kernel(const ScDiffArgs a, double *v, const double *old, const double *lo,
                                      const double *hi, double *act, double *aux) {
    const long n0 = a.n0, n1 = a.n1, P = n0 * n1;
    const size_t n = (size_t)P * (size_t)a.nl;
    size_t r = (size_t)blockIdx.x * blockDim.x + threadIdx.x;
    if (r >= n)
        return;
    // the node's indices in 32 bits (a grid holds fewer than 2^31 nodes: sc_tissue_check), where a
    // 64-bit division costs several times more
    const unsigned r32 = (unsigned)r, P32 = (unsigned)P, n032 = (unsigned)n0;
    const unsigned k32 = r32 / P32, q32 = r32 - k32 * P32, j32 = q32 / n032;
    long k = (long)k32, q = (long)q32, j = (long)j32, i = (long)(q32 - j32 * n032);
    const double *pd = plane_at(a, old, lo, hi, k - 1), *pu = plane_at(a, old, lo, hi, k + 1);
    const double *pc = old + (size_t)k * (size_t)P;
    long jm = j > 0 ? j - 1 : (n1 > 1 ? 1 : 0), jp = j < n1 - 1 ? j + 1 : (n1 > 1 ? n1 - 2 : n1 - 1);
    long im = i > 0 ? i - 1 : (n0 > 1 ? 1 : 0), ip = i < n0 - 1 ? i + 1 : (n0 > 1 ? n0 - 2 : n0 - 1);
    double c = pc[q], c2 = __dmul_rn(2.0, c);
    double t0 = __dsub_rn(__dadd_rn(pc[j * n0 + im], pc[j * n0 + ip]), c2);
    double t1 = __dsub_rn(__dadd_rn(pc[jm * n0 + i], pc[jp * n0 + i]), c2);
    double tl = __dsub_rn(__dadd_rn(pd[q], pu[q]), c2);
    double acc = __dadd_rn(__dadd_rn(__dmul_rn(a.c0, t0), __dmul_rn(a.c1, t1)), __dmul_rn(a.cL, tl));
    double vn;
    if (a.kind == SC_DIFF_SWEEP) {
        double res = __dadd_rn(__dsub_rn(aux[r], c), acc);
        if (a.first) {
            vn = __dadd_rn(c, __dmul_rn(a.gamma, res));
        } else {
            double p = aux[n + r];
            vn = __dadd_rn(p, __dmul_rn(a.omega, __dadd_rn(__dsub_rn(c, p), __dmul_rn(a.gamma, res))));
        }
        aux[n + r] = c;
    } else {
        double s = 0.0;
        long g = a.l0 + k;
        for (int b = 0; b < a.nbox; b++) {
            const ScDiffBox &x = a.box[b];
            if (i >= x.lo[0] && i <= x.hi[0] && j >= x.lo[1] && j <= x.hi[1] && g >= x.lo[2] && g <= x.hi[2])
                s = __dadd_rn(s, x.add);
        }
        vn = __dadd_rn(__dadd_rn(c, acc), s);
        if (a.kind == SC_DIFF_RHS)
            aux[r] = vn;
    }
    v[r] = vn;
    if (a.record) {
        double vp = act[n + r];
        if (act[r] < 0 && vp < a.thr && vn >= a.thr)
            act[r] = __dadd_rn(a.t0, __dmul_rn(a.dt, __ddiv_rn(__dsub_rn(a.thr, vp), __dsub_rn(vn, vp))));
        act[n + r] = vn;
    }
}

extern "C" int SC_DIFFUSE_LAUNCH(const ScDiffArgs *a, double *v, double *old, const double *lo, const double *hi,
                                 double *act, double *aux, void *stream) {
    const size_t n = (size_t)a->n0 * (size_t)a->n1 * (size_t)a->nl;
    if (n == 0)
        return 0;
    sc_gpu_stream s = (sc_gpu_stream)stream;
    int e = sc_gpu_copy(old, v, n * sizeof(double), s);
    if (e != 0)
        return e;
    const unsigned block = 256;
    const unsigned grid = (unsigned)((n + block - 1) / block);
    diffuse_kernel<<<grid, block, 0, s>>>(*a, v, old, lo, hi, act, aux);
    return sc_gpu_last_error();
}

extern "C" int SC_HALO_LAUNCH(const double *v, size_t n, size_t P, double *lo, double *hi, void *stream) {
    sc_gpu_stream s = (sc_gpu_stream)stream;
    int e = sc_gpu_copy(lo, v, P * sizeof(double), s);
    if (e == 0)
        e = sc_gpu_copy(hi, v + (n - P), P * sizeof(double), s);
    return e;
}

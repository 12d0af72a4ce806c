// diffuse_gpu.h: the GPU kernels of the tissue solver's diffusion tasks and halo copy (diffuse.h),
// written once for CUDA and HIP (gpu_port.h). Included by diffuse_cuda.cu and diffuse_hip.hip, which
// name the launchers: KERN_DIFFUSE_LAUNCH and KERN_HALO_LAUNCH. One thread per node. Explicit roundings
// (__dadd_rn, __dmul_rn, ...) keep multiply-adds from being contracted, so that the results equal
// kern_diffuse_host's (diffuse_host.c) bit for bit.
#include "diffuse.h"
#include "gpu_port.h"
#include "sweep_gpu.h"

// Planes per launch along the grid's y dimension (its limit); a slab of more planes (a long 1D
// cable) takes several launches.
#define KERN_DIFF_PLANES_PER_LAUNCH 65535

// The planes a pass reads (diffuse.h, nsub): plane k (-dlo .. nl + dhi - 1, from the slab's
// first) is at lo below the slab, mid in it, hi above it. One step: the halos, and the copy of the
// slab's old values (dlo, dhi 0 or 1); sub-steps: the halos and v, then a scratch buffer of the slab
// and its ghost planes.
typedef struct DiffPlanes {
    const double *lo, *mid, *hi;
    int dlo, dhi;
} DiffPlanes;

// Plane k of x, mirrored past the grid's ends (no flux). Indices fit 32 bits: a grid holds fewer
// than 2^31 nodes (sc_tissue_check).
__device__ static const double *plane_at(int l0, int L, int nl, int P, const DiffPlanes &x, int k) {
    int g = l0 + k;
    if (g < 0)
        g = L > 1 ? 1 : 0;
    else if (g >= L)
        g = L > 1 ? L - 2 : L - 1;
    int lk = g - l0;
    if (lk < 0)
        return x.lo + (ptrdiff_t)(lk + x.dlo) * P;
    if (lk >= nl)
        return x.hi + (ptrdiff_t)(lk - nl) * P;
    return x.mid + (ptrdiff_t)lk * P;
}

// One thread per node: x over the nodes of a plane, y over the planes kb + blockIdx.y (from the
// slab's first; ghost planes, k < 0 or >= nl, are computed but not recorded); the result goes to
// out + k P. The plane pointers are the same for the whole block; the pointers do not alias
// (restrict), so the loads can be issued together: every value the node needs is loaded first,
// before any arithmetic (with the aux values loaded after the stencil's arithmetic, the sweep
// waited for two memory round trips and ran at 26 % of the copy bandwidth: H100,
// sc-bench-gpu-diffuse, 2026-11-24). One kernel per task kind (KIND, FIRST, RECORD constants).
template <int KIND, bool FIRST, bool RECORD>
__global__ static void diffuse_kernel(const ScDiffArgs a, int kb, const DiffPlanes x,
                                      double *__restrict__ out, double *__restrict__ act,
                                      double *__restrict__ aux) {
    const int n0 = (int)a.n0, n1 = (int)a.n1, P = n0 * n1, nl = (int)a.nl;
    const int q = (int)(blockIdx.x * blockDim.x + threadIdx.x), k = kb + (int)blockIdx.y;
    if (q >= P)
        return;
    const bool own = k >= 0 && k < nl;
    const size_t n = (size_t)P * (size_t)nl, r = own ? (size_t)k * (size_t)P + (size_t)q : 0;
    const int j = q / n0, i = q - j * n0;
    const double *__restrict__ pd = plane_at((int)a.l0, (int)a.L, nl, P, x, k - 1);
    const double *__restrict__ pu = plane_at((int)a.l0, (int)a.L, nl, P, x, k + 1);
    const double *__restrict__ pc = plane_at((int)a.l0, (int)a.L, nl, P, x, k);
    int jm = j > 0 ? j - 1 : (n1 > 1 ? 1 : 0), jp = j < n1 - 1 ? j + 1 : (n1 > 1 ? n1 - 2 : n1 - 1);
    int im = i > 0 ? i - 1 : (n0 > 1 ? 1 : 0), ip = i < n0 - 1 ? i + 1 : (n0 > 1 ? n0 - 2 : n0 - 1);
    // the loads
    const double c = pc[q], xm = pc[j * n0 + im], xp = pc[j * n0 + ip], ym = pc[jm * n0 + i],
                 yp = pc[jp * n0 + i];
    const double zm = pd[q], zp = pu[q];
    const double bv = KIND == KERN_DIFF_SWEEP ? aux[r] : 0,
                 pv = KIND == KERN_DIFF_SWEEP && !FIRST ? aux[n + r] : 0;
    const bool rec = RECORD && own;
    // after a task's first sub-step, the node's previous value is this pass's input (diffuse.h)
    const double prev = rec ? (a.sub == 0 ? act[n + r] : c) : 0, at = rec ? act[r] : 0;
    double dm = 0, dp = 0, um = 0, up = 0; // 9 points (2D): the corners on planes k-1, k+1
    if (a.cX != 0)
        dm = pd[j * n0 + im], dp = pd[j * n0 + ip], um = pu[j * n0 + im], up = pu[j * n0 + ip];
    // the arithmetic
    double c2 = __dmul_rn(2.0, c);
    double t0 = __dsub_rn(__dadd_rn(xm, xp), c2);
    double t1 = __dsub_rn(__dadd_rn(ym, yp), c2);
    double tl = __dsub_rn(__dadd_rn(zm, zp), c2);
    double acc = __dadd_rn(__dadd_rn(__dmul_rn(a.c0, t0), __dmul_rn(a.c1, t1)), __dmul_rn(a.cL, tl));
    if (a.cX != 0) { // the second differences along 0 on planes k-1 and k+1
        double dd = __dsub_rn(__dadd_rn(dm, dp), __dmul_rn(2.0, zm));
        double du = __dsub_rn(__dadd_rn(um, up), __dmul_rn(2.0, zp));
        acc = __dadd_rn(acc, __dmul_rn(a.cX, __dsub_rn(__dadd_rn(dd, du), __dmul_rn(2.0, t0))));
    }
    double vn;
    if (KIND == KERN_DIFF_SWEEP) {
        double res = __dadd_rn(__dsub_rn(bv, c), acc);
        vn = cheb_next_gpu(c, pv, res, a.gamma, a.omega, FIRST);
        aux[n + r] = c;
    } else {
        double s = 0.0;
        long g = a.l0 + k;
        for (int b = 0; b < a.nbox; b++)
            if (i >= a.box[b].lo[0] && i <= a.box[b].hi[0] && j >= a.box[b].lo[1] && j <= a.box[b].hi[1] &&
                g >= a.box[b].lo[2] && g <= a.box[b].hi[2])
                s = __dadd_rn(s, a.box[b].add);
        vn = __dadd_rn(__dadd_rn(c, acc), s);
        if (KIND == KERN_DIFF_RHS)
            aux[r] = vn;
    }
    out[(ptrdiff_t)k * P + q] = vn;
    if (rec) {
        if (at < 0 && prev < a.thr && vn >= a.thr)
            act[r] = act_cross_gpu(a.t0, a.dt, a.thr, prev, vn);
        if (a.sub + 1 >= a.nsub)
            act[n + r] = vn;
    }
}

// Planes kb .. ke - 1 of a pass of `a`'s kind from x into out, in launches of at most
// KERN_DIFF_PLANES_PER_LAUNCH planes. Returns the launch error.
static int diffuse_pass(const ScDiffArgs *a, long kb, long ke, const DiffPlanes &x, double *out, double *act,
                        double *aux, kern_gpu_stream s) {
    const size_t P = (size_t)a->n0 * (size_t)a->n1;
    const unsigned block = P >= 256 ? 256 : P >= 64 ? 64 : 32;
    int e = 0;
    for (long k0 = kb; k0 < ke && e == 0; k0 += KERN_DIFF_PLANES_PER_LAUNCH) {
        long planes = ke - k0 < KERN_DIFF_PLANES_PER_LAUNCH ? ke - k0 : KERN_DIFF_PLANES_PER_LAUNCH;
        dim3 grid((unsigned)((P + block - 1) / block), (unsigned)planes);
        if (a->kind == KERN_DIFF_STEP)
            diffuse_kernel<KERN_DIFF_STEP, false, true><<<grid, block, 0, s>>>(*a, (int)k0, x, out, act, aux);
        else if (a->kind == KERN_DIFF_RHS)
            diffuse_kernel<KERN_DIFF_RHS, false, false><<<grid, block, 0, s>>>(*a, (int)k0, x, out, act, aux);
        else if (a->first && a->record) // one sweep in all
            diffuse_kernel<KERN_DIFF_SWEEP, true, true><<<grid, block, 0, s>>>(*a, (int)k0, x, out, act, aux);
        else if (a->first)
            diffuse_kernel<KERN_DIFF_SWEEP, true, false>
                <<<grid, block, 0, s>>>(*a, (int)k0, x, out, act, aux);
        else if (a->record)
            diffuse_kernel<KERN_DIFF_SWEEP, false, true>
                <<<grid, block, 0, s>>>(*a, (int)k0, x, out, act, aux);
        else
            diffuse_kernel<KERN_DIFF_SWEEP, false, false>
                <<<grid, block, 0, s>>>(*a, (int)k0, x, out, act, aux);
        e = kern_gpu_last_error();
    }
    return e;
}

// A task's nsub sub-steps (diffuse.h): one pass each, as kern_diffuse_host's: sub-step j from the
// planes of sub-step j - 1 into scratch buffer w[j % 2] (the slab and its ghost planes), the last
// into v; no copies.
static int diffuse_deep(const ScDiffArgs *a, double *v, double *scr, const double *lo, const double *hi,
                        double *act, kern_gpu_stream s) {
    const long P = a->n0 * a->n1, m = a->nsub, dlo = a->has_lo ? m : 0, dhi = a->has_hi ? m : 0;
    const long E = a->nl + dlo + dhi;
    double *w[2] = {scr, m > 2 ? scr + (size_t)(E * P) : NULL};
    DiffPlanes x = {lo, v, hi, (int)dlo, (int)dhi};
    ScDiffArgs b = *a;
    int e = 0;
    for (long j = 0; j < m && e == 0; j++) {
        long kb = a->has_lo ? j + 1 - dlo : 0, ke = a->has_hi ? a->nl + dhi - j - 1 : a->nl;
        double *out = j == m - 1 ? v : w[j % 2] + (size_t)(dlo * P);
        b.t0 = a->t0 + (double)j * a->dt, b.sub = (int)j;
        e = diffuse_pass(&b, kb, ke, x, out, act, NULL, s);
        x = DiffPlanes{w[j % 2], w[j % 2] + (size_t)(dlo * P), w[j % 2] + (size_t)((dlo + a->nl) * P),
                       (int)dlo, (int)dhi};
    }
    return e;
}

extern "C" int KERN_DIFFUSE_LAUNCH(const ScDiffArgs *a, double *v, double *old, const double *lo,
                                   const double *hi, double *act, double *aux, void *stream) {
    const size_t n = (size_t)a->n0 * (size_t)a->n1 * (size_t)a->nl;
    if (n == 0)
        return 0;
    kern_gpu_stream s = (kern_gpu_stream)stream;
    if (a->kind == KERN_DIFF_STEP && a->nsub > 1)
        return diffuse_deep(a, v, old, lo, hi, act, s);
    int e = kern_gpu_copy(old, v, n * sizeof(double), s);
    if (e != 0)
        return e;
    return diffuse_pass(a, 0, a->nl, DiffPlanes{lo, old, hi, a->has_lo, a->has_hi}, v, act, aux, s);
}

extern "C" int KERN_HALO_LAUNCH(const double *v, size_t n, size_t P, double *lo, double *hi, void *stream) {
    kern_gpu_stream s = (kern_gpu_stream)stream;
    int e = lo ? kern_gpu_copy(lo, v, P * sizeof(double), s) : 0;
    if (e == 0 && hi)
        e = kern_gpu_copy(hi, v + (n - P), P * sizeof(double), s);
    return e;
}

// sweep_gpu.h: the GPU twins of diffuse.h's kern_cheb_next and kern_act_cross (the same operations in
// the same order, explicit roundings: no multiply-add contraction), shared by the grid's and the
// mesh's diffusion kernels (diffuse_gpu.h, fem_gpu.h).
#ifndef SC_SWEEP_GPU_H
#define SC_SWEEP_GPU_H
#include "gpu_port.h"

__device__ static inline double cheb_next_gpu(double c, double p, double res, double gamma, double omega,
                                              bool first) {
    return first ? __dadd_rn(c, __dmul_rn(gamma, res))
                 : __dadd_rn(p, __dmul_rn(omega, __dadd_rn(__dsub_rn(c, p), __dmul_rn(gamma, res))));
}

__device__ static inline double act_cross_gpu(double t0, double dt, double thr, double prev, double vn) {
    return __dadd_rn(t0, __dmul_rn(dt, __ddiv_rn(__dsub_rn(thr, prev), __dsub_rn(vn, prev))));
}
#endif

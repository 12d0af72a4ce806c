// diffuse_cuda.cu: the tissue solver's diffusion and halo kernels for CUDA; the source is
// diffuse_gpu.h (shared with HIP).
#define SC_DIFFUSE_LAUNCH sc_diffuse_cuda_launch
#define SC_HALO_LAUNCH sc_halo_cuda_launch
#include "diffuse_gpu.h"

// diffuse_cuda.cu: the tissue solver's diffusion and halo kernels for CUDA; the source is
// diffuse_gpu.h (shared with HIP).
#define KERN_DIFFUSE_LAUNCH kern_diffuse_cuda_launch
#define KERN_HALO_LAUNCH kern_halo_cuda_launch
#include "diffuse_gpu.h"

// diffuse_hip.hip: the tissue solver's diffusion and halo kernels for HIP; the source is
// diffuse_gpu.h (shared with CUDA).
#define KERN_DIFFUSE_LAUNCH kern_diffuse_hip_launch
#define KERN_HALO_LAUNCH kern_halo_hip_launch
#include "diffuse_gpu.h"

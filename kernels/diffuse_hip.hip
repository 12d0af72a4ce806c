// diffuse_hip.hip: the tissue solver's diffusion and halo kernels for HIP; the source is
// diffuse_gpu.h (shared with CUDA).
#define SC_DIFFUSE_LAUNCH sc_diffuse_hip_launch
#define SC_HALO_LAUNCH sc_halo_hip_launch
#include "diffuse_gpu.h"

// fem_hip.hip: the mesh solver's diffusion and export kernels for HIP; the source is fem_gpu.h
// (shared with CUDA).
#define KERN_FEM_LAUNCH kern_fem_hip_launch
#define KERN_FEM_EXPORT_LAUNCH kern_fem_export_hip_launch
#include "fem_gpu.h"

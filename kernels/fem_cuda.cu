// fem_cuda.cu: the mesh solver's diffusion and export kernels for CUDA; the source is fem_gpu.h
// (shared with HIP).
#define KERN_FEM_LAUNCH kern_fem_cuda_launch
#define KERN_FEM_EXPORT_LAUNCH kern_fem_export_cuda_launch
#include "fem_gpu.h"

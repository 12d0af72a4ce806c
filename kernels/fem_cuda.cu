// fem_cuda.cu: the mesh solver's diffusion and export kernels for CUDA; the source is fem_gpu.h
// (shared with HIP).
#define SC_FEM_LAUNCH sc_fem_cuda_launch
#define SC_FEM_EXPORT_LAUNCH sc_fem_export_cuda_launch
#include "fem_gpu.h"

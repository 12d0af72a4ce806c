// fem_hip.hip: the mesh solver's diffusion and export kernels for HIP; the source is fem_gpu.h
// (shared with CUDA).
#define SC_FEM_LAUNCH sc_fem_hip_launch
#define SC_FEM_EXPORT_LAUNCH sc_fem_export_hip_launch
#include "fem_gpu.h"

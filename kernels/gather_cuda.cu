// gather_cuda.cu: the gather codelet's kernel for CUDA; the source is gather_gpu.h (shared with HIP).
#define SC_GATHER_LAUNCH sc_gather_cuda_launch
#include "gather_gpu.h"

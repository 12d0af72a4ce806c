// gather_cuda.cu: the gather codelet's kernel for CUDA; the source is gather_gpu.h (shared with HIP).
#define KERN_GATHER_LAUNCH kern_gather_cuda_launch
#include "gather_gpu.h"

// copy_cuda.cu: the copy codelet's launcher for CUDA; the source is copy_gpu.h (shared with HIP).
#define KERN_COPY_LAUNCH kern_copy_cuda_launch
#include "copy_gpu.h"

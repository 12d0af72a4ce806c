// copy_cuda.cu: the copy codelet's launcher for CUDA; the source is copy_gpu.h (shared with HIP).
#define SC_COPY_LAUNCH sc_copy_cuda_launch
#include "copy_gpu.h"

// copy_hip.hip: the copy codelet's launcher for HIP; the source is copy_gpu.h (shared with CUDA).
#define KERN_COPY_LAUNCH kern_copy_hip_launch
#include "copy_gpu.h"

// gather_hip.hip: the gather codelet's kernel for HIP; the source is gather_gpu.h (shared with CUDA).
#define KERN_GATHER_LAUNCH kern_gather_hip_launch
#include "gather_gpu.h"

// biomarker_hip.hip: the biomarker kernel for HIP; the source is biomarker_gpu.h (shared with CUDA).
#define KERN_BM_LAUNCH kern_bm_hip_launch
#include "biomarker_gpu.h"

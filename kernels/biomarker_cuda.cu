// biomarker_cuda.cu: the biomarker kernel for CUDA; the source is biomarker_gpu.h (shared with HIP).
#define KERN_BM_LAUNCH kern_bm_cuda_launch
#include "biomarker_gpu.h"

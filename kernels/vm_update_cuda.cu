// vm_update_cuda.cu: the Vm update kernel for CUDA; the source is vm_update_gpu.h (shared with HIP).
#define KERN_VM_UPDATE_LAUNCH kern_vm_update_cuda_launch
#include "vm_update_gpu.h"

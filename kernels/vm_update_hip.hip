// vm_update_hip.hip: the Vm update kernel for HIP; the source is vm_update_gpu.h (shared with CUDA).
#define KERN_VM_UPDATE_LAUNCH kern_vm_update_hip_launch
#include "vm_update_gpu.h"

// copy_gpu.h: the copy codelet's GPU launcher (copy.h), written once for CUDA and HIP (gpu_port.h);
// included by copy_cuda.cu and copy_hip.hip, which name it KERN_COPY_LAUNCH.
#include "copy.h"
#include "gpu_port.h"

extern "C" int KERN_COPY_LAUNCH(void *dst, const void *src, size_t bytes, void *stream) {
    return kern_gpu_copy(dst, src, bytes, (kern_gpu_stream)stream);
}

/* cl_copy.c: codelet copying a vector into another of the same size (cl_copy.h). Glue only: memcpy
 * on the host, the launchers of kernels/copy_gpu.h on a GPU's stream. */
#include <string.h>

#include "cl_copy.h"
#include "cl_codelet.h"

/* The launcher of a GPU kind (kern_copy_cuda_launch or kern_copy_hip_launch). */
typedef int (*CopyLaunch)(void *, const void *, size_t, void *);

/* Buffer 0 (a vector) into buffer 1, on the host (launch NULL) or on the GPU's stream (no cl_arg). */
static void copy_run(void *buffers[], void *cl_arg, CopyLaunch launch, void *stream) {
    (void)cl_arg;
    void *dst = (void *)STARPU_VECTOR_GET_PTR(buffers[1]);
    const void *src = (const void *)STARPU_VECTOR_GET_PTR(buffers[0]);
    size_t bytes = (size_t)STARPU_VECTOR_GET_NX(buffers[0]) * STARPU_VECTOR_GET_ELEMSIZE(buffers[0]);
    if (!launch) {
        memcpy(dst, src, bytes);
        return;
    }
    int rc = launch(dst, src, bytes, stream);
    if (rc != 0)
        STARPU_ABORT_MSG("copy on the GPU failed: error %d", rc);
}

CL_CODELET_FUNCS(copy, copy_run);

CL_CODELET(cl_copy_codelet, copy, "starcarp.copy.any.vector", 2, STARPU_R, STARPU_W);

int cl_copy_submit(starpu_data_handle_t src, starpu_data_handle_t dst, int worker) {
    if (worker >= 0)
        return starpu_task_insert(&cl_copy_codelet, STARPU_R, src, STARPU_W, dst, STARPU_EXECUTE_ON_WORKER,
                                  worker, 0);
    return starpu_task_insert(&cl_copy_codelet, STARPU_R, src, STARPU_W, dst, 0);
}

/* cl_copy.c: codelet copying a vector into another of the same size (copy.h). Glue only: memcpy
 * on the host, the launchers of copy_gpu.h on a GPU's stream. */
#include <string.h>

#include "copy.h"
#include "sc_codelet.h"

/* The bytes of buffer 0 (a vector), copied into buffer 1. */
static size_t copy_bytes(void *buffers[]) {
    return (size_t)STARPU_VECTOR_GET_NX(buffers[0]) * STARPU_VECTOR_GET_ELEMSIZE(buffers[0]);
}

static void sc_copy_cpu(void *buffers[], void *cl_arg) {
    (void)cl_arg;
    memcpy((void *)STARPU_VECTOR_GET_PTR(buffers[1]), (const void *)STARPU_VECTOR_GET_PTR(buffers[0]),
           copy_bytes(buffers));
}

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
static void sc_copy_cuda(void *buffers[], void *cl_arg) {
    (void)cl_arg;
    int rc = sc_copy_cuda_launch((void *)STARPU_VECTOR_GET_PTR(buffers[1]),
                                 (const void *)STARPU_VECTOR_GET_PTR(buffers[0]), copy_bytes(buffers),
                                 starpu_cuda_get_local_stream());
    if (rc != 0)
        STARPU_ABORT_MSG("copy on the GPU failed: error %d", rc);
}
#endif

#ifdef STARPU_USE_HIP
static void sc_copy_hip(void *buffers[], void *cl_arg) {
    (void)cl_arg;
    int rc = sc_copy_hip_launch((void *)STARPU_VECTOR_GET_PTR(buffers[1]),
                                (const void *)STARPU_VECTOR_GET_PTR(buffers[0]), copy_bytes(buffers),
                                starpu_hip_get_local_stream());
    if (rc != 0)
        STARPU_ABORT_MSG("copy on the GPU failed: error %d", rc);
}
#endif

SC_CODELET(sc_copy, "starcarp.copy.any.vector", 2, STARPU_R, STARPU_W);

int sc_copy_submit(starpu_data_handle_t src, starpu_data_handle_t dst, int worker) {
    if (worker >= 0)
        return starpu_task_insert(&sc_copy_cl, STARPU_R, src, STARPU_W, dst, STARPU_EXECUTE_ON_WORKER, worker,
                                  0);
    return starpu_task_insert(&sc_copy_cl, STARPU_R, src, STARPU_W, dst, 0);
}

/* cl_gather.c: codelet of sampled outputs: Vm, Iion and states of a few cells of one partition
 * into a small vector of doubles, so that only those values travel to the host (glue only; the
 * copy is in the kernels: sc_gather_host and the GPU files of kernels/). */
#include <errno.h>
#include <stdlib.h>

#include "gather.h"
#include "sc_codelet.h"
#include "sc_step_codelet.h"

static void sc_gather_cpu(void *buffers[], void *cl_arg) {
    sc_gather_host((const void *)STARPU_VECTOR_GET_PTR(buffers[0]),
                   (const void *)STARPU_VECTOR_GET_PTR(buffers[1]),
                   (const void *)STARPU_VECTOR_GET_PTR(buffers[2]), STARPU_VECTOR_GET_NX(buffers[1]),
                   (double *)STARPU_VECTOR_GET_PTR(buffers[3]), cl_arg);
}

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
static void sc_gather_cuda(void *buffers[], void *cl_arg) {
    int rc = sc_gather_cuda_launch(
        (const void *)STARPU_VECTOR_GET_PTR(buffers[0]), (const void *)STARPU_VECTOR_GET_PTR(buffers[1]),
        (const void *)STARPU_VECTOR_GET_PTR(buffers[2]), STARPU_VECTOR_GET_NX(buffers[1]),
        (double *)STARPU_VECTOR_GET_PTR(buffers[3]), cl_arg, starpu_cuda_get_local_stream());
    if (rc != 0)
        STARPU_ABORT_MSG("gather CUDA launch failed: error %d", rc);
}
#endif

#ifdef STARPU_USE_HIP
static void sc_gather_hip(void *buffers[], void *cl_arg) {
    int rc = sc_gather_hip_launch(
        (const void *)STARPU_VECTOR_GET_PTR(buffers[0]), (const void *)STARPU_VECTOR_GET_PTR(buffers[1]),
        (const void *)STARPU_VECTOR_GET_PTR(buffers[2]), STARPU_VECTOR_GET_NX(buffers[1]),
        (double *)STARPU_VECTOR_GET_PTR(buffers[3]), cl_arg, starpu_hip_get_local_stream());
    if (rc != 0)
        STARPU_ABORT_MSG("gather HIP launch failed: error %d", rc);
}
#endif

SC_CODELET(sc_gather, "starcarp.gather.any.bsoa", 4, STARPU_R, STARPU_R, STARPU_R, STARPU_W);

/* See sc_step_codelet.h. */
int sc_gather_submit(starpu_data_handle_t sv, starpu_data_handle_t vm, starpu_data_handle_t iion,
                     starpu_data_handle_t out, const struct sc_gather_args *g, int worker) {
    struct sc_gather_args *arg = malloc(sizeof *arg);
    if (!arg)
        return -ENOMEM;
    *arg = *g;
    int rc = starpu_task_insert(&sc_gather_cl, STARPU_R, sv, STARPU_R, vm, STARPU_R, iion, STARPU_W, out,
                                STARPU_CL_ARGS, arg, sizeof *arg, STARPU_EXECUTE_ON_WORKER, worker, 0);
    if (rc != 0)
        free(arg);
    return rc;
}

/* cl_gather.c: codelet of sampled outputs: Vm, Iion and states of a few cells of one partition
 * into a small vector of doubles, so that only those values travel to the host (glue only; the
 * copy is in the kernels: kern_gather_host and the GPU files of kernels/). */
#include <errno.h>
#include <stdlib.h>

#include "gather.h"
#include "cl_codelet.h"
#include "cl_step.h"

/* The launcher of a GPU kind (kern_gather_cuda_launch or kern_gather_hip_launch). */
typedef int (*GatherLaunch)(const void *, const void *, const void *, size_t, double *,
                            const struct kern_gather_args *, void *);

/* The sampled values of buffers 0-2 (states, Vm, Iion) into buffer 3, on the host (launch NULL) or
 * on the GPU's stream. */
static void gather_run(void *buffers[], void *cl_arg, GatherLaunch launch, void *stream) {
    const void *sv = (const void *)STARPU_VECTOR_GET_PTR(buffers[0]);
    const void *vm = (const void *)STARPU_VECTOR_GET_PTR(buffers[1]);
    const void *iion = (const void *)STARPU_VECTOR_GET_PTR(buffers[2]);
    size_t n = STARPU_VECTOR_GET_NX(buffers[1]);
    double *out = (double *)STARPU_VECTOR_GET_PTR(buffers[3]);
    if (!launch) {
        kern_gather_host(sv, vm, iion, n, out, cl_arg);
        return;
    }
    int rc = launch(sv, vm, iion, n, out, cl_arg, stream);
    if (rc != 0)
        STARPU_ABORT_MSG("gather GPU launch failed: error %d", rc);
}

CL_CODELET_FUNCS(gather, gather_run);

CL_CODELET(cl_gather_codelet, gather, "starcarp.gather.any.bsoa", 4, STARPU_R, STARPU_R, STARPU_R, STARPU_W);

/* See cl_step.h. */
int cl_gather_submit(starpu_data_handle_t sv, starpu_data_handle_t vm, starpu_data_handle_t iion,
                     starpu_data_handle_t out, const struct kern_gather_args *g, int worker) {
    struct kern_gather_args *arg = malloc(sizeof *arg);
    if (!arg)
        return -ENOMEM;
    *arg = *g;
    int rc = starpu_task_insert(&cl_gather_codelet, STARPU_R, sv, STARPU_R, vm, STARPU_R, iion, STARPU_W, out,
                                STARPU_CL_ARGS, arg, sizeof *arg, STARPU_EXECUTE_ON_WORKER, worker, 0);
    if (rc != 0)
        free(arg);
    return rc;
}

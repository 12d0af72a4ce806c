/* cl_vm_update.c: codelet of bench's membrane-potential update (glue only; the kernels:
 * kernels/vm_update.h). */
#include <errno.h>
#include <stdlib.h>

#include "starcarp.h"
#include "sc_codelet.h"
#include "vm_update.h"

static void sc_vm_update_cpu(void *buffers[], void *cl_arg) {
    const struct sc_vm_update_args *a = cl_arg;
    sc_vm_update_host((double *)STARPU_VECTOR_GET_PTR(buffers[0]),
                      (const double *)STARPU_VECTOR_GET_PTR(buffers[1]), STARPU_VECTOR_GET_NX(buffers[0]),
                      a->dt, a->stim);
}

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
static void sc_vm_update_cuda(void *buffers[], void *cl_arg) {
    const struct sc_vm_update_args *a = cl_arg;
    int rc = sc_vm_update_cuda_launch(
        (double *)STARPU_VECTOR_GET_PTR(buffers[0]), (const double *)STARPU_VECTOR_GET_PTR(buffers[1]),
        STARPU_VECTOR_GET_NX(buffers[0]), a->dt, a->stim, starpu_cuda_get_local_stream());
    if (rc != 0)
        STARPU_ABORT_MSG("vm_update CUDA launch failed: error %d", rc);
}
#endif

#ifdef STARPU_USE_HIP
static void sc_vm_update_hip(void *buffers[], void *cl_arg) {
    const struct sc_vm_update_args *a = cl_arg;
    int rc = sc_vm_update_hip_launch(
        (double *)STARPU_VECTOR_GET_PTR(buffers[0]), (const double *)STARPU_VECTOR_GET_PTR(buffers[1]),
        STARPU_VECTOR_GET_NX(buffers[0]), a->dt, a->stim, starpu_hip_get_local_stream());
    if (rc != 0)
        STARPU_ABORT_MSG("vm_update HIP launch failed: error %d", rc);
}
#endif

SC_CODELET(sc_vm_update, "starcarp.vm_update.f64.soa", 2, STARPU_RW, STARPU_R);

int sc_vm_update_submit(starpu_data_handle_t vm, starpu_data_handle_t iion, double dt, double stim) {
    /* STARPU_CL_ARGS hands the codelet this exact struct (StarPU frees it after the task). */
    struct sc_vm_update_args *a = malloc(sizeof *a);
    if (!a)
        return -ENOMEM;
    *a = (struct sc_vm_update_args){dt, stim};
    return starpu_task_insert(&sc_vm_update_cl, STARPU_RW, vm, STARPU_R, iion, STARPU_CL_ARGS, a, sizeof *a,
                              0);
}

const char *sc_version(void) { return "0.1.0"; }

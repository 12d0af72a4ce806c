/* cl_vm_update.c: codelet of bench's membrane-potential update (glue only; the kernels:
 * kernels/vm_update.h). */
#include <errno.h>
#include <stdlib.h>

#include "starcarp.h"
#include "cl_codelet.h"
#include "vm_update.h"

/* The launcher of a GPU kind (kern_vm_update_cuda_launch or kern_vm_update_hip_launch). */
typedef int (*VmLaunch)(double *, const double *, size_t, double, double, void *);

/* Buffer 0 (Vm) updated from buffer 1 (Iion), on the host (launch NULL) or on the GPU's stream. */
static void vm_update_run(void *buffers[], void *cl_arg, VmLaunch launch, void *stream) {
    const struct sc_vm_update_args *a = cl_arg;
    double *vm = (double *)STARPU_VECTOR_GET_PTR(buffers[0]);
    const double *iion = (const double *)STARPU_VECTOR_GET_PTR(buffers[1]);
    size_t n = STARPU_VECTOR_GET_NX(buffers[0]);
    if (!launch) {
        kern_vm_update_host(vm, iion, n, a->dt, a->stim);
        return;
    }
    int rc = launch(vm, iion, n, a->dt, a->stim, stream);
    if (rc != 0)
        STARPU_ABORT_MSG("vm_update GPU launch failed: error %d", rc);
}

CL_CODELET_FUNCS(vm_update, vm_update_run);

CL_CODELET(sc_vm_update_cl, vm_update, "starcarp.vm_update.f64.soa", 2, STARPU_RW, STARPU_R);

int sc_vm_update_submit(starpu_data_handle_t vm, starpu_data_handle_t iion, double dt, double stim) {
    /* STARPU_CL_ARGS hands the codelet this exact struct (StarPU frees it after the task). */
    struct sc_vm_update_args *a = malloc(sizeof *a);
    if (!a)
        return -ENOMEM;
    *a = (struct sc_vm_update_args){dt, stim};
    return starpu_task_insert(&sc_vm_update_cl, STARPU_RW, vm, STARPU_R, iion, STARPU_CL_ARGS, a, sizeof *a,
                              0);
}

#define SC_STR_(x) #x
#define SC_STR(x) SC_STR_(x)
const char *starcarp_version(void) {
    return SC_STR(SC_VERSION_MAJOR) "." SC_STR(SC_VERSION_MINOR) "." SC_STR(SC_VERSION_PATCH);
}

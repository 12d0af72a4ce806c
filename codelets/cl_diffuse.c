/* cl_diffuse.c: codelet of the tissue solver's diffusion tasks on one slab (cl_diffuse.h): glue
 * only; the math is kern_diffuse_host (kernels/diffuse_host.c) and the GPU kernels
 * (kernels/diffuse_gpu.h). */
#include <errno.h>
#include <stdlib.h>

#include "cl_diffuse.h"
#include "cl_codelet.h"

/* The launcher of a GPU kind (kern_diffuse_cuda_launch or kern_diffuse_hip_launch). */
typedef int (*DiffLaunch)(const ScDiffArgs *, double *, double *, const double *, const double *, double *,
                          double *, void *);

/* Unpack a diffusion task's buffers (cl_diffuse.h: ScDiffHandles) and run it on the host (launch
 * NULL) or on the GPU's stream. */
static void diffuse_run(void *buffers[], const ScDiffArgs *a, DiffLaunch launch, void *stream) {
    int b = 3;
    double *aux = a->kind != KERN_DIFF_STEP ? (double *)STARPU_VECTOR_GET_PTR(buffers[b++]) : NULL;
    const double *lo = a->has_lo ? (const double *)STARPU_VECTOR_GET_PTR(buffers[b++]) : NULL;
    const double *hi = a->has_hi ? (const double *)STARPU_VECTOR_GET_PTR(buffers[b++]) : NULL;
    double *v = (double *)STARPU_VECTOR_GET_PTR(buffers[0]),
           *old = (double *)STARPU_VECTOR_GET_PTR(buffers[1]);
    double *act = (double *)STARPU_VECTOR_GET_PTR(buffers[2]);
    if (!launch) {
        kern_diffuse_host(a, v, old, lo, hi, act, aux);
        return;
    }
    int rc = launch(a, v, old, lo, hi, act, aux, stream);
    if (rc != 0)
        STARPU_ABORT_MSG("diffuse GPU launch failed: error %d", rc);
}

CL_CODELET_FUNCS(diffuse, diffuse_run);

/* The number of buffers varies (3 to 6: aux and the halos present), modes given per task. */
CL_CODELET_VAR(cl_diffuse_codelet, diffuse, "starcarp.diffuse.f64.slab");

int cl_diffuse_submit(const ScDiffArgs *a, const ScDiffHandles *h, int worker) {
    if ((a->has_lo && !h->lo) || (a->has_hi && !h->hi) || (a->kind != KERN_DIFF_STEP && !h->aux))
        return -EINVAL;
    /* STARPU_CL_ARGS hands the codelet this copy (StarPU frees it after the task). */
    ScDiffArgs *c = malloc(sizeof *c);
    if (!c)
        return -ENOMEM;
    *c = *a;
    struct starpu_data_descr d[6] = {{h->vm, STARPU_RW}, {h->scratch, STARPU_SCRATCH}, {h->act, STARPU_RW}};
    int nb = 3;
    if (a->kind != KERN_DIFF_STEP)
        d[nb++] = (struct starpu_data_descr){h->aux, a->kind == KERN_DIFF_RHS ? STARPU_W : STARPU_RW};
    if (a->has_lo)
        d[nb++] = (struct starpu_data_descr){h->lo, STARPU_R};
    if (a->has_hi)
        d[nb++] = (struct starpu_data_descr){h->hi, STARPU_R};
    if (worker >= 0)
        return starpu_task_insert(&cl_diffuse_codelet, STARPU_DATA_MODE_ARRAY, d, nb, STARPU_CL_ARGS, c,
                                  sizeof *c, STARPU_EXECUTE_ON_WORKER, worker, 0);
    return starpu_task_insert(&cl_diffuse_codelet, STARPU_DATA_MODE_ARRAY, d, nb, STARPU_CL_ARGS, c,
                              sizeof *c, 0);
}

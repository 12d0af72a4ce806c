/* cl_fem.c: codelets of the mesh solver's diffusion and export tasks (cl_fem.h): glue only; the
 * math is kern_fem_host / kern_fem_export_host (kernels/fem_host.c) and the GPU kernels
 * (kernels/fem_gpu.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cl_fem.h"
#include "cl_codelet.h"

/* The launcher of a GPU kind (kern_fem_cuda_launch or kern_fem_hip_launch). */
typedef int (*FemLaunch)(const ScFemArgs *, double *, double *, const double *, double *, double *,
                         const double *const *, const size_t *, int, void *);

/* Unpack a diffusion task's buffers (cl_fem.h) and run it on the host (launch NULL: the copies into
 * x, then the kernel) or on the GPU's stream. */
static void fem_run(void *buffers[], const ScFemArgs *a, FemLaunch launch, void *stream) {
    int b = 4;
    double *v = (double *)STARPU_VECTOR_GET_PTR(buffers[0]), *x = (double *)STARPU_VECTOR_GET_PTR(buffers[1]);
    double *act = (double *)STARPU_VECTOR_GET_PTR(buffers[2]);
    const double *mat = (const double *)STARPU_VECTOR_GET_PTR(buffers[3]);
    double *aux = a->kind != KERN_DIFF_STEP ? (double *)STARPU_VECTOR_GET_PTR(buffers[b++]) : NULL;
    int nnbr = STARPU_TASK_GET_NBUFFERS(starpu_task_get_current()) - b;
    const double *gh[KERN_FEM_MAX_NBR];
    size_t glen[KERN_FEM_MAX_NBR];
    for (int k = 0; k < nnbr; k++)
        gh[k] = (const double *)STARPU_VECTOR_GET_PTR(buffers[b + k]),
        glen[k] = STARPU_VECTOR_GET_NX(buffers[b + k]);
    if (!launch) {
        size_t o = (size_t)a->n;
        memcpy(x, v, o * sizeof(double));
        for (int k = 0; k < nnbr; k++)
            memcpy(x + o, gh[k], glen[k] * sizeof(double)), o += glen[k];
        kern_fem_host(a, v, x, mat, act, aux);
        return;
    }
    int rc = launch(a, v, x, mat, act, aux, gh, glen, nnbr, stream);
    if (rc != 0)
        STARPU_ABORT_MSG("mesh diffusion GPU launch failed: error %d", rc);
}

CL_CODELET_FUNCS(fem, fem_run);

/* The number of buffers varies (aux and the neighbours), modes given per task. */
CL_CODELET_VAR(cl_fem_codelet, fem, "starcarp.fem.f64.ell");

int cl_fem_submit(const ScFemArgs *a, starpu_data_handle_t vm, starpu_data_handle_t x,
                  starpu_data_handle_t act, starpu_data_handle_t mat, starpu_data_handle_t aux,
                  const starpu_data_handle_t *nbr, int nnbr, int worker) {
    if ((a->kind != KERN_DIFF_STEP && !aux) || nnbr < 0 || nnbr > KERN_FEM_MAX_NBR)
        return -EINVAL;
    ScFemArgs *c = malloc(sizeof *c); /* STARPU_CL_ARGS: StarPU frees it after the task */
    if (!c)
        return -ENOMEM;
    *c = *a;
    struct starpu_data_descr d[5 + KERN_FEM_MAX_NBR] = {
        {vm, STARPU_RW}, {x, STARPU_SCRATCH}, {act, STARPU_RW}, {mat, STARPU_R}};
    int nb = 4;
    if (a->kind != KERN_DIFF_STEP)
        d[nb++] = (struct starpu_data_descr){aux, a->kind == KERN_DIFF_RHS ? STARPU_W : STARPU_RW};
    for (int k = 0; k < nnbr; k++)
        d[nb++] = (struct starpu_data_descr){nbr[k], STARPU_R};
    if (worker >= 0)
        return starpu_task_insert(&cl_fem_codelet, STARPU_DATA_MODE_ARRAY, d, nb, STARPU_CL_ARGS, c,
                                  sizeof *c, STARPU_EXECUTE_ON_WORKER, worker, 0);
    return starpu_task_insert(&cl_fem_codelet, STARPU_DATA_MODE_ARRAY, d, nb, STARPU_CL_ARGS, c, sizeof *c,
                              0);
}

/* The launcher of a GPU kind's export. */
typedef int (*ExportLaunch)(const double *, const int *, size_t, double *, void *);

/* The export's buffers (v, the indices, out) unpacked, on the host (launch NULL) or the GPU's stream. */
static void export_run(void *buffers[], void *cl_arg, ExportLaunch launch, void *stream) {
    (void)cl_arg;
    const double *v = (const double *)STARPU_VECTOR_GET_PTR(buffers[0]);
    const int *idx = (const int *)STARPU_VECTOR_GET_PTR(buffers[1]);
    double *out = (double *)STARPU_VECTOR_GET_PTR(buffers[2]);
    size_t m = STARPU_VECTOR_GET_NX(buffers[2]);
    if (!launch) {
        kern_fem_export_host(v, idx, m, out);
        return;
    }
    int rc = launch(v, idx, m, out, stream);
    if (rc != 0)
        STARPU_ABORT_MSG("mesh export GPU launch failed: error %d", rc);
}

CL_CODELET_FUNCS(fem_export, export_run);

CL_CODELET(cl_fem_export_codelet, fem_export, "starcarp.fem_export.f64", 3, STARPU_R, STARPU_R, STARPU_W);

int cl_fem_export_submit(starpu_data_handle_t vm, starpu_data_handle_t idx, starpu_data_handle_t out,
                         int worker) {
    if (worker >= 0)
        return starpu_task_insert(&cl_fem_export_codelet, STARPU_R, vm, STARPU_R, idx, STARPU_W, out,
                                  STARPU_EXECUTE_ON_WORKER, worker, 0);
    return starpu_task_insert(&cl_fem_export_codelet, STARPU_R, vm, STARPU_R, idx, STARPU_W, out, 0);
}

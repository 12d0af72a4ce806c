/* cl_halo.c: codelet copying a slab's first and last planes into its halo handles (the planes its
 * neighbours' diffusion tasks read; see diffuse.h). Glue only; the copy is sc_halo_host here and
 * the launchers of diffuse_cuda.cu / diffuse_hip.hip. */
#include <errno.h>
#include <string.h>

#include "diffuse.h"
#include "sc_codelet.h"

void sc_halo_host(const double *v, size_t n, size_t P, double *lo, double *hi) {
    memcpy(lo, v, P * sizeof(double));
    memcpy(hi, v + (n - P), P * sizeof(double));
}

static void sc_halo_cpu(void *buffers[], void *cl_arg) {
    (void)cl_arg;
    sc_halo_host((const double *)STARPU_VECTOR_GET_PTR(buffers[0]), STARPU_VECTOR_GET_NX(buffers[0]),
                 STARPU_VECTOR_GET_NX(buffers[1]), (double *)STARPU_VECTOR_GET_PTR(buffers[1]),
                 (double *)STARPU_VECTOR_GET_PTR(buffers[2]));
}

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
static void sc_halo_cuda(void *buffers[], void *cl_arg) {
    (void)cl_arg;
    int rc = sc_halo_cuda_launch((const double *)STARPU_VECTOR_GET_PTR(buffers[0]),
                                 STARPU_VECTOR_GET_NX(buffers[0]), STARPU_VECTOR_GET_NX(buffers[1]),
                                 (double *)STARPU_VECTOR_GET_PTR(buffers[1]),
                                 (double *)STARPU_VECTOR_GET_PTR(buffers[2]), starpu_cuda_get_local_stream());
    if (rc != 0)
        STARPU_ABORT_MSG("halo CUDA copy failed: error %d", rc);
}
#endif

#ifdef STARPU_USE_HIP
static void sc_halo_hip(void *buffers[], void *cl_arg) {
    (void)cl_arg;
    int rc = sc_halo_hip_launch((const double *)STARPU_VECTOR_GET_PTR(buffers[0]),
                                STARPU_VECTOR_GET_NX(buffers[0]), STARPU_VECTOR_GET_NX(buffers[1]),
                                (double *)STARPU_VECTOR_GET_PTR(buffers[1]),
                                (double *)STARPU_VECTOR_GET_PTR(buffers[2]), starpu_hip_get_local_stream());
    if (rc != 0)
        STARPU_ABORT_MSG("halo HIP copy failed: error %d", rc);
}
#endif

SC_CODELET(sc_halo, "starcarp.halo.f64.plane", 3, STARPU_R, STARPU_W, STARPU_W);

int sc_halo_submit(starpu_data_handle_t vm, starpu_data_handle_t lo, starpu_data_handle_t hi, int worker) {
    if (worker >= 0)
        return starpu_task_insert(&sc_halo_cl, STARPU_R, vm, STARPU_W, lo, STARPU_W, hi,
                                  STARPU_EXECUTE_ON_WORKER, worker, 0);
    return starpu_task_insert(&sc_halo_cl, STARPU_R, vm, STARPU_W, lo, STARPU_W, hi, 0);
}

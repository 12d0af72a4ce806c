/* cl_halo.c: codelet copying a slab's first and last planes into its halo handles (the planes its
 * neighbours' diffusion tasks read; see kernels/diffuse.h). Glue only; the copy is
 * kern_halo_host (kernels/diffuse_host.c) and the launchers of kernels/diffuse_gpu.h. */
#include <stdlib.h>

#include "cl_diffuse.h"
#include "cl_codelet.h"

/* The launcher of a GPU kind (kern_halo_cuda_launch or kern_halo_hip_launch). */
typedef int (*HaloLaunch)(const double *, size_t, size_t, double *, double *, void *);

/* Unpack a halo task's buffers (Vm, bottom plane, top plane) and copy on the host (launch NULL) or
 * on the GPU's stream. */
static void halo_run(void *buffers[], HaloLaunch launch, void *stream) {
    const double *v = (const double *)STARPU_VECTOR_GET_PTR(buffers[0]);
    size_t n = STARPU_VECTOR_GET_NX(buffers[0]), P = STARPU_VECTOR_GET_NX(buffers[1]);
    double *lo = (double *)STARPU_VECTOR_GET_PTR(buffers[1]),
           *hi = (double *)STARPU_VECTOR_GET_PTR(buffers[2]);
    if (!launch) {
        kern_halo_host(v, n, P, lo, hi);
        return;
    }
    int rc = launch(v, n, P, lo, hi, stream);
    if (rc != 0)
        STARPU_ABORT_MSG("halo GPU copy failed: error %d", rc);
}

static void cl_halo_cpu(void *buffers[], void *cl_arg) {
    (void)cl_arg;
    halo_run(buffers, NULL, NULL);
}

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
static void cl_halo_cuda(void *buffers[], void *cl_arg) {
    (void)cl_arg;
    halo_run(buffers, kern_halo_cuda_launch, starpu_cuda_get_local_stream());
}
#endif

#ifdef STARPU_USE_HIP
static void cl_halo_hip(void *buffers[], void *cl_arg) {
    (void)cl_arg;
    halo_run(buffers, kern_halo_hip_launch, starpu_hip_get_local_stream());
}
#endif

CL_CODELET(cl_halo_codelet, halo, "starcarp.halo.f64.plane", 3, STARPU_R, STARPU_W, STARPU_W);

int cl_halo_submit(struct starpu_codelet *cl, starpu_data_handle_t vm, starpu_data_handle_t lo,
                   starpu_data_handle_t hi, int worker) {
    struct starpu_codelet *c = cl ? cl : &cl_halo_codelet;
    if (worker >= 0)
        return starpu_task_insert(c, STARPU_R, vm, STARPU_W, lo, STARPU_W, hi, STARPU_EXECUTE_ON_WORKER,
                                  worker, 0);
    return starpu_task_insert(c, STARPU_R, vm, STARPU_W, lo, STARPU_W, hi, 0);
}

void cl_halo_codelet_to(struct starpu_codelet *cl, int lo_node, int hi_node) {
    *cl = cl_halo_codelet;
    cl->specific_nodes = 1;
    cl->nodes[0] = STARPU_SPECIFIC_NODE_LOCAL, cl->nodes[1] = lo_node, cl->nodes[2] = hi_node;
}

int cl_cuda_peer_ok(int a, int b) {
#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
    const char *direct = getenv("STARPU_ENABLE_CUDA_GPU_GPU_DIRECT");
    int ab = 0, ba = 0;
    if ((direct && atoi(direct) == 0) || cudaDeviceCanAccessPeer(&ab, a, b) != cudaSuccess ||
        cudaDeviceCanAccessPeer(&ba, b, a) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return ab && ba;
#else
    (void)a, (void)b;
    return 0;
#endif
}

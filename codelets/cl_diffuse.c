/* cl_diffuse.c: codelet of the tissue solver's explicit diffusion step on one slab (glue; the math
 * is sc_diffuse_host here and the kernels of diffuse_cuda.cu / diffuse_hip.hip, see diffuse.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "diffuse.h"
#include "sc_codelet.h"

/* Plane k (-1 .. nl) of the slab as seen by its step: a plane of the slab's old values, a halo
 * plane, or, past the grid's ends, the mirror plane (no flux). */
static const double *plane_at(const ScDiffArgs *a, const double *old, const double *lo, const double *hi,
                              long k) {
    long g = a->l0 + k;
    if (g < 0)
        g = a->L > 1 ? 1 : 0;
    else if (g >= a->L)
        g = a->L > 1 ? a->L - 2 : a->L - 1;
    long lk = g - a->l0;
    if (lk < 0)
        return lo;
    if (lk >= a->nl)
        return hi;
    return old + (size_t)lk * (size_t)(a->n0 * a->n1);
}

/* The stimulus added to node (i, j, global plane g) this step: the sum over the boxes holding it. */
static double stim_add(const ScDiffArgs *a, long i, long j, long g) {
    double s = 0;
    for (int b = 0; b < a->nbox; b++) {
        const ScDiffBox *x = &a->box[b];
        if (i >= x->lo[0] && i <= x->hi[0] && j >= x->lo[1] && j <= x->hi[1] && g >= x->lo[2] &&
            g <= x->hi[2])
            s += x->add;
    }
    return s;
}

void sc_diffuse_host(const ScDiffArgs *a, double *v, double *old, const double *lo, const double *hi,
                     double *act) {
    const long n0 = a->n0, n1 = a->n1, P = n0 * n1;
    const size_t n = (size_t)P * (size_t)a->nl;
    memcpy(old, v, n * sizeof(double));
    for (long k = 0; k < a->nl; k++) {
        const double *pd = plane_at(a, old, lo, hi, k - 1), *pu = plane_at(a, old, lo, hi, k + 1);
        const double *pc = old + (size_t)k * (size_t)P;
        for (long j = 0; j < n1; j++) {
            long jm = j > 0 ? j - 1 : (n1 > 1 ? 1 : 0), jp = j < n1 - 1 ? j + 1 : (n1 > 1 ? n1 - 2 : n1 - 1);
            for (long i = 0; i < n0; i++) {
                long im = i > 0 ? i - 1 : (n0 > 1 ? 1 : 0),
                     ip = i < n0 - 1 ? i + 1 : (n0 > 1 ? n0 - 2 : n0 - 1);
                long q = j * n0 + i;
                double c = pc[q], c2 = 2.0 * c;
                double t0 = (pc[j * n0 + im] + pc[j * n0 + ip]) - c2;
                double t1 = (pc[jm * n0 + i] + pc[jp * n0 + i]) - c2;
                double tl = (pd[q] + pu[q]) - c2;
                double acc = (a->c0 * t0 + a->c1 * t1) + a->cL * tl;
                double vn = (c + acc) + (a->nbox ? stim_add(a, i, j, a->l0 + k) : 0.0);
                size_t r = (size_t)k * (size_t)P + (size_t)q;
                v[r] = vn;
                double vp = act[n + r];
                if (act[r] < 0 && vp < a->thr && vn >= a->thr)
                    act[r] = a->t0 + a->dt * ((a->thr - vp) / (vn - vp));
                act[n + r] = vn;
            }
        }
    }
}

static void sc_diffuse_cpu(void *buffers[], void *cl_arg) {
    const ScDiffArgs *a = cl_arg;
    int b = 3;
    const double *lo = a->has_lo ? (const double *)STARPU_VECTOR_GET_PTR(buffers[b++]) : NULL;
    const double *hi = a->has_hi ? (const double *)STARPU_VECTOR_GET_PTR(buffers[b++]) : NULL;
    sc_diffuse_host(a, (double *)STARPU_VECTOR_GET_PTR(buffers[0]),
                    (double *)STARPU_VECTOR_GET_PTR(buffers[1]), lo, hi,
                    (double *)STARPU_VECTOR_GET_PTR(buffers[2]));
}

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
static void sc_diffuse_cuda(void *buffers[], void *cl_arg) {
    const ScDiffArgs *a = cl_arg;
    int b = 3;
    const double *lo = a->has_lo ? (const double *)STARPU_VECTOR_GET_PTR(buffers[b++]) : NULL;
    const double *hi = a->has_hi ? (const double *)STARPU_VECTOR_GET_PTR(buffers[b++]) : NULL;
    int rc = sc_diffuse_cuda_launch(
        a, (double *)STARPU_VECTOR_GET_PTR(buffers[0]), (double *)STARPU_VECTOR_GET_PTR(buffers[1]), lo, hi,
        (double *)STARPU_VECTOR_GET_PTR(buffers[2]), starpu_cuda_get_local_stream());
    if (rc != 0)
        STARPU_ABORT_MSG("diffuse CUDA launch failed: error %d", rc);
}
#endif

#ifdef STARPU_USE_HIP
static void sc_diffuse_hip(void *buffers[], void *cl_arg) {
    const ScDiffArgs *a = cl_arg;
    int b = 3;
    const double *lo = a->has_lo ? (const double *)STARPU_VECTOR_GET_PTR(buffers[b++]) : NULL;
    const double *hi = a->has_hi ? (const double *)STARPU_VECTOR_GET_PTR(buffers[b++]) : NULL;
    int rc = sc_diffuse_hip_launch(
        a, (double *)STARPU_VECTOR_GET_PTR(buffers[0]), (double *)STARPU_VECTOR_GET_PTR(buffers[1]), lo, hi,
        (double *)STARPU_VECTOR_GET_PTR(buffers[2]), starpu_hip_get_local_stream());
    if (rc != 0)
        STARPU_ABORT_MSG("diffuse HIP launch failed: error %d", rc);
}
#endif

/* Not SC_CODELET: the number of buffers varies (3 to 5, the halos present), modes given per task. */
static struct starpu_perfmodel sc_diffuse_model = {.type = STARPU_HISTORY_BASED,
                                                   .symbol = "starcarp.diffuse.f64.slab"};
struct starpu_codelet sc_diffuse_cl = {.cpu_funcs = {sc_diffuse_cpu},
                                       SC_CL_CUDA_(sc_diffuse) SC_CL_HIP_(sc_diffuse).nbuffers =
                                           STARPU_VARIABLE_NBUFFERS,
                                       .model = &sc_diffuse_model,
                                       .name = "sc_diffuse"};

int sc_diffuse_submit(const ScDiffArgs *a, starpu_data_handle_t vm, starpu_data_handle_t scratch,
                      starpu_data_handle_t act, starpu_data_handle_t lo, starpu_data_handle_t hi,
                      int worker) {
    if ((a->has_lo && !lo) || (a->has_hi && !hi))
        return -EINVAL;
    /* STARPU_CL_ARGS hands the codelet this copy (StarPU frees it after the task). */
    ScDiffArgs *c = malloc(sizeof *c);
    if (!c)
        return -ENOMEM;
    *c = *a;
    struct starpu_data_descr d[5] = {{vm, STARPU_RW}, {scratch, STARPU_SCRATCH}, {act, STARPU_RW}};
    int nb = 3;
    if (a->has_lo)
        d[nb++] = (struct starpu_data_descr){lo, STARPU_R};
    if (a->has_hi)
        d[nb++] = (struct starpu_data_descr){hi, STARPU_R};
    if (worker >= 0)
        return starpu_task_insert(&sc_diffuse_cl, STARPU_DATA_MODE_ARRAY, d, nb, STARPU_CL_ARGS, c, sizeof *c,
                                  STARPU_EXECUTE_ON_WORKER, worker, 0);
    return starpu_task_insert(&sc_diffuse_cl, STARPU_DATA_MODE_ARRAY, d, nb, STARPU_CL_ARGS, c, sizeof *c, 0);
}

/* cl_step_bm.c: the step codelets of a cell array that measures biomarkers (docs/study.md): a step
 * task of any model (the model travels in its argument, as in cl_step.c) whose kernel also writes Vm
 * at every step into a scratch buffer (with qNet, the currents' sum too: ScStepArgs.out_isum, in
 * the scratch's second half), then the biomarker kernel (kernels/biomarker.h) reading it and the
 * calcium state, on the same worker, in the same task: glue only. Two codelets for every model,
 * without and with qNet (its weights one buffer more); they share one performance model, whose
 * history tells models, precisions and qNet apart by the footprint. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util_int.h"
#include "cl_step.h"
#include "registry.h"

/* The biomarker call of a task whose step arguments are a (unpack's), over the scratch and fields
 * buffers. */
static KernBmArgs bm_call(void *buffers[], const struct cl_step_bm_task *t, const ScStepArgs *a) {
    KernBmArgs b = t->bm;
    b.n = a->n, b.d0 = a->d0, b.nsteps = a->nsteps;
    b.f32 = t->step.precision == SC_SINGLE;
    b.vm = a->out_vm;
    b.isum = a->out_isum;
    size_t esz = b.f32 ? sizeof(float) : sizeof(double);
    b.ca = t->ca_state >= 0 ? (const char *)a->sv + (size_t)t->ca_state * (size_t)a->n * esz : NULL;
    b.acc = (double *)STARPU_VECTOR_GET_PTR(buffers[CL_STEP_NBUF + 1]);
    return b;
}

/* The step's arguments with Vm at every step of the task into the scratch, and with qNet the
 * currents' sum after it (nsteps x n values on: the task's nsteps never exceed the K the scratch
 * was sized for) with the weights of buffer CL_STEP_NBUF + 2. */
static void unpack(void *buffers[], const struct cl_step_bm_task *t, ScStepArgs *a) {
    cl_step_unpack(buffers, &t->step, a);
    a->out_start = a->d0, a->out_every = 1, a->out_slot0 = 0;
    a->out_vm = (void *)STARPU_VECTOR_GET_PTR(buffers[CL_STEP_NBUF]);
    if (t->qnet) {
        size_t esz = t->step.precision == SC_SINGLE ? sizeof(float) : sizeof(double);
        a->out_isum = (char *)a->out_vm + (size_t)(a->nsteps > 0 ? a->nsteps : 0) * (size_t)a->n * esz;
        a->isum_w = (const double *)STARPU_VECTOR_GET_PTR(buffers[CL_STEP_NBUF + 2]);
    }
}

/* A finishing task (nsteps 0) only writes out the running windows. */
static void step_bm_cpu(void *buffers[], void *cl_arg) {
    const struct cl_step_bm_task *t = cl_arg;
    ScStepArgs a;
    unpack(buffers, t, &a);
    if (a.status->key != ~0ULL)
        return;
    if (a.nsteps > 0)
        cl_step_cpu_kernel (&t->step)(&a);
    KernBmArgs b = bm_call(buffers, t, &a);
    kern_bm_host(&b);
    cl_step_account(&t->step, a.n);
}

#if (defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)) || defined(STARPU_USE_HIP)
typedef int (*BmLauncher)(const KernBmArgs *a, void *stream);
/* The model's launcher, then the biomarker kernel's, on the worker's stream; a launch error is
 * recorded for the host, which stops the run. */
static void step_bm_gpu(void *buffers[], const struct cl_step_bm_task *t, ScGpuLauncher run, BmLauncher bm,
                        void *stream) {
    ScStepArgs a;
    unpack(buffers, t, &a);
    KernBmArgs b = bm_call(buffers, t, &a);
    int rc = a.nsteps > 0 ? (run ? run(&a, stream) : -1) : 0;
    if (rc == 0)
        rc = bm(&b, stream);
    if (rc != 0) {
        ScAccount *acc = t->step.account;
        if (acc && !acc->launch_error)
            acc->launch_error = rc;
        return;
    }
    cl_step_account(&t->step, a.n);
}
#endif

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
static void step_bm_cuda(void *buffers[], void *cl_arg) {
    const struct cl_step_bm_task *t = cl_arg;
    step_bm_gpu(buffers, t, t->step.model->cuda[sc_precision_index(t->step.precision)], kern_bm_cuda_launch,
                starpu_cuda_get_local_stream());
}
#endif

#ifdef STARPU_USE_HIP
static void step_bm_hip(void *buffers[], void *cl_arg) {
    const struct cl_step_bm_task *t = cl_arg;
    step_bm_gpu(buffers, t, t->step.model->hip[sc_precision_index(t->step.precision)], kern_bm_hip_launch,
                starpu_hip_get_local_stream());
}
#endif

/* See cl_step.h. */
unsigned cl_step_bm_hash(const ScModelEntry *m, ScPrecision p, int qnet) {
    char key[256];
    sc_model_key(m, key, sizeof key);
    return (unsigned)util_fnv(UTIL_FNV_INIT, key) ^ (unsigned)p ^ (qnet ? 0x9e3779b9u : 0u);
}

/* History entries per (cells, steps, model and its methods, precision, qNet). */
static uint32_t footprint(struct starpu_task *task) {
    const struct cl_step_bm_task *t = task->cl_arg;
    return starpu_hash_crc32c_be(t->model_hash, cl_step_footprint(task));
}

static struct starpu_perfmodel step_bm_model = {.type = STARPU_HISTORY_BASED,
                                                .symbol = "starcarp.step_bm",
                                                .footprint = footprint,
                                                .size_base = cl_step_size_base};

/* The buffers' modes (both codelets: the one without qNet reads the first CL_STEP_NBUF + 2). */
static enum starpu_data_access_mode step_bm_modes[CL_STEP_NBUF + 3] = {
    STARPU_RW, STARPU_RW, STARPU_RW,      STARPU_RW, STARPU_R, STARPU_R,
    STARPU_R,  STARPU_RW, STARPU_SCRATCH, STARPU_RW, STARPU_R};

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
#define STEP_BM_CUDA_ .cuda_funcs = {step_bm_cuda}, .cuda_flags = {STARPU_CUDA_ASYNC},
#else
#define STEP_BM_CUDA_
#endif
#ifdef STARPU_USE_HIP
#define STEP_BM_HIP_ .hip_funcs = {step_bm_hip}, .hip_flags = {STARPU_HIP_ASYNC},
#else
#define STEP_BM_HIP_
#endif
/* more buffers than StarPU's static modes hold (STARPU_NMAXBUFS): dyn_modes */
#define STEP_BM_CL_(nbuf, label)                                                  \
    {                                                                             \
        .cpu_funcs = {step_bm_cpu}, STEP_BM_CUDA_ STEP_BM_HIP_.nbuffers = (nbuf), \
        .dyn_modes = step_bm_modes, .model = &step_bm_model, .name = (label),     \
        .can_execute = cl_step_can_execute                                        \
    }

struct starpu_codelet cl_step_bm_codelet = STEP_BM_CL_(CL_STEP_NBUF + 2, "step_bm");
struct starpu_codelet cl_step_bmq_codelet = STEP_BM_CL_(CL_STEP_NBUF + 3, "step_bm_qnet");

/* See cl_step.h. */
int cl_step_bm_submit(const ScStepHandles *h, starpu_data_handle_t scratch, starpu_data_handle_t fields,
                      starpu_data_handle_t weights, const struct cl_step_bm_task *t, int worker) {
    struct cl_step_bm_task *arg = malloc(sizeof *arg);
    if (!arg)
        return -ENOMEM;
    *arg = *t;
    struct starpu_data_descr d[CL_STEP_NBUF + 3];
    starpu_data_handle_t hs[CL_STEP_NBUF + 3] = {h->sv,    h->vm,   h->iion, h->ext, h->pc,  h->lut,
                                                 h->pcell, h->stat, scratch, fields, weights};
    int nbuf = t->qnet ? CL_STEP_NBUF + 3 : CL_STEP_NBUF + 2;
    for (int k = 0; k < nbuf; k++)
        d[k] = (struct starpu_data_descr){.handle = hs[k], .mode = step_bm_modes[k]};
    int rc =
        starpu_task_insert(t->qnet ? &cl_step_bmq_codelet : &cl_step_bm_codelet, STARPU_DATA_MODE_ARRAY, d,
                           nbuf, STARPU_CL_ARGS, arg, sizeof *arg, STARPU_EXECUTE_ON_WORKER, worker, 0);
    if (rc != 0)
        free(arg);
    return rc;
}

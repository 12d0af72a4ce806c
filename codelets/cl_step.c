/* cl_step.c: the codelet functions shared by every model's step codelets (glue only: unpack the
 * buffers into an ScStepArgs and call the model's kernel) and their performance-model indexing;
 * a model's codelets are found by cl_models.c. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "util_int.h"
#include "cl_step.h"
#include "registry.h"

/* See cl_step.h. */
void cl_step_unpack(void *buffers[], const struct sc_step_task *t, ScStepArgs *a) {
    *a = t->args;
    a->n = (long)STARPU_VECTOR_GET_NX(buffers[1]);
    a->sv = (void *)STARPU_VECTOR_GET_PTR(buffers[0]);
    a->vm = (void *)STARPU_VECTOR_GET_PTR(buffers[1]);
    a->iion = (void *)STARPU_VECTOR_GET_PTR(buffers[2]);
    a->ext = t->model->desc->nexternals ? (void *)STARPU_VECTOR_GET_PTR(buffers[3]) : NULL;
    a->pc = (const void *)STARPU_VECTOR_GET_PTR(buffers[4]);
    a->lut = t->uses & SC_TASK_USES_LUT ? (const void *)STARPU_VECTOR_GET_PTR(buffers[5]) : NULL;
    a->pcell = t->args.nvary ? (const void *)STARPU_VECTOR_GET_PTR(buffers[6]) : NULL;
    unsigned long long *stat = (unsigned long long *)STARPU_VECTOR_GET_PTR(buffers[7]);
    a->status = (ScStepStatus *)(void *)stat;
    a->lut_oor = stat + 2;
    a->out_vm = a->out_iion = a->out_tr = a->out_isum = NULL;
    a->isum_w = NULL;
}

/* See cl_step.h. */
void cl_step_account(const struct sc_step_task *t, long n) {
    ScAccount *acc = t->account;
    int w = starpu_worker_get_id();
    if (acc && w >= 0 && w < STARPU_NMAXWORKERS) {
        acc->tasks[w]++;
        acc->cell_steps[w] += (double)n * (double)(t->args.nsteps > 0 ? t->args.nsteps : 1);
    }
}

/* See cl_step.h. */
ScCpuKernel cl_step_cpu_kernel(const struct sc_step_task *t) {
    int p = sc_precision_index(t->precision);
    return t->model->cpu[p] ? t->model->cpu[p] : t->model->desc->c_run[p];
}

/* A partition whose failure record is set is not advanced any more (its cells hold the failing
 * state, which the host reports); otherwise the vectorised kernel (portable C when absent). */
void cl_step_cpu(void *buffers[], void *cl_arg) {
    const struct sc_step_task *t = cl_arg;
    ScStepArgs a;
    cl_step_unpack(buffers, t, &a);
    if (a.status->key != ~0ULL)
        return;
    cl_step_cpu_kernel(t)(&a);
    cl_step_account(t, a.n);
}

#if (defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)) || defined(STARPU_USE_HIP)
/* A GPU launcher of the model (CUDA or HIP, [precision]) on StarPU's stream of this worker
 * (asynchronous codelet); a launch error is recorded for the host, which stops the run. The
 * kernels skip a failed partition. */
static void step_gpu(void *buffers[], const struct sc_step_task *t, ScGpuLauncher run, void *stream) {
    ScStepArgs a;
    cl_step_unpack(buffers, t, &a);
    int rc = run ? run(&a, stream) : -1;
    if (rc != 0) {
        ScAccount *acc = t->account;
        if (acc && !acc->launch_error)
            acc->launch_error = rc;
        return;
    }
    cl_step_account(t, a.n);
}
#endif

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
void cl_step_cuda(void *buffers[], void *cl_arg) {
    const struct sc_step_task *t = cl_arg;
    step_gpu(buffers, t, t->model->cuda[sc_precision_index(t->precision)], starpu_cuda_get_local_stream());
}
#endif

#ifdef STARPU_USE_HIP
void cl_step_hip(void *buffers[], void *cl_arg) {
    const struct sc_step_task *t = cl_arg;
    step_gpu(buffers, t, t->model->hip[sc_precision_index(t->precision)], starpu_hip_get_local_stream());
}
#endif

int cl_step_can_execute(unsigned workerid, struct starpu_task *task, unsigned nimpl) {
    (void)nimpl;
    const struct sc_step_task *t = task->cl_arg;
    if (!t)
        return 1;
    int p = sc_precision_index(t->precision);
    switch (starpu_worker_get_type((int)workerid)) {
        case STARPU_CPU_WORKER:
            return 1;
        case STARPU_CUDA_WORKER:
            return t->model->cuda[p] != NULL;
#ifdef STARPU_USE_HIP
        case STARPU_HIP_WORKER:
            return t->model->hip[p] != NULL;
#endif
        default:
            return 0;
    }
}

/* See cl_step.h. */
int cl_step_submit(struct starpu_codelet *cl, const ScStepHandles *h, const struct sc_step_task *t,
                   int worker) {
    /* STARPU_CL_ARGS hands the codelet this copy (StarPU frees it after the task) */
    struct sc_step_task *arg = malloc(sizeof *arg);
    if (!arg)
        return -ENOMEM;
    *arg = *t;
    int rc = starpu_task_insert(cl, STARPU_RW, h->sv, STARPU_RW, h->vm, STARPU_RW, h->iion, STARPU_RW, h->ext,
                                STARPU_R, h->pc, STARPU_R, h->lut, STARPU_R, h->pcell, STARPU_RW, h->stat,
                                STARPU_CL_ARGS, arg, sizeof *arg, STARPU_EXECUTE_ON_WORKER, worker, 0);
    if (rc != 0)
        free(arg);
    return rc;
}

/* History entries are per (cells, steps): the footprint hashes both. */
uint32_t cl_step_footprint_of(uint32_t ncells, uint32_t nsteps) {
    return starpu_hash_crc32c_be(nsteps, starpu_hash_crc32c_be(ncells, 0));
}

uint32_t cl_step_footprint(struct starpu_task *task) {
    const struct sc_step_task *t = task->cl_arg;
    uint32_t n = (uint32_t)starpu_vector_get_nx(STARPU_TASK_GET_HANDLE(task, 1));
    return cl_step_footprint_of(n, (uint32_t)(t ? t->args.nsteps : 1));
}

/* Regressions are over the work of a task: cells x steps. */
size_t cl_step_size_base(struct starpu_task *task, unsigned nimpl) {
    (void)nimpl;
    const struct sc_step_task *t = task->cl_arg;
    size_t n = starpu_vector_get_nx(STARPU_TASK_GET_HANDLE(task, 1));
    return n * (size_t)(t && t->args.nsteps > 0 ? t->args.nsteps : 1);
}

/* cl_step.c: the codelet functions shared by every model's step codelets (glue only: unpack the
 * buffers into an ScStepArgs and call the model's kernel), their performance-model indexing, and
 * the lookup of a model's codelets (generated for the library, built at run time for plugins). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "sc_internal.h"
#include "sc_step_codelet.h"
#include "sc_registry.h"

extern ScModelCodelets *const sc_codelet_registry[]; /* sc_cl_registry.c (generated) */

/* Fill the data part of t->args from the task's buffers into *a. */
static void unpack(void *buffers[], const struct sc_step_task *t, ScStepArgs *a) {
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
    a->out_vm = a->out_iion = a->out_tr = NULL;
}

static void account(const struct sc_step_task *t, long n) {
    ScAccount *acc = t->account;
    int w = starpu_worker_get_id();
    if (acc && w >= 0 && w < STARPU_NMAXWORKERS) {
        acc->tasks[w]++;
        acc->cell_steps[w] += (double)n * (double)(t->args.nsteps > 0 ? t->args.nsteps : 1);
    }
}

/* A partition whose failure record is set is not advanced any more (its cells hold the failing
 * state, which the host reports); otherwise the vectorised kernel (portable C when absent). */
void sc_step_cpu(void *buffers[], void *cl_arg) {
    const struct sc_step_task *t = cl_arg;
    ScStepArgs a;
    unpack(buffers, t, &a);
    if (a.status->key != ~0ULL)
        return;
    int p = t->precision == 32;
    ScCpuKernel run = t->model->cpu[p] ? t->model->cpu[p] : t->model->desc->c_run[p];
    run(&a);
    account(t, a.n);
}

#if (defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)) || defined(STARPU_USE_HIP)
/* A GPU launcher of the model (CUDA or HIP, [precision]) on StarPU's stream of this worker
 * (asynchronous codelet); a launch error is recorded for the host, which stops the run. The
 * kernels skip a failed partition. */
static void step_gpu(void *buffers[], const struct sc_step_task *t, ScGpuLauncher run, void *stream) {
    ScStepArgs a;
    unpack(buffers, t, &a);
    int rc = run ? run(&a, stream) : -1;
    if (rc != 0) {
        ScAccount *acc = t->account;
        if (acc && !acc->launch_error)
            acc->launch_error = rc;
        return;
    }
    account(t, a.n);
}
#endif

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
void sc_step_cuda(void *buffers[], void *cl_arg) {
    const struct sc_step_task *t = cl_arg;
    step_gpu(buffers, t, t->model->cuda[t->precision == 32], starpu_cuda_get_local_stream());
}
#endif

#ifdef STARPU_USE_HIP
void sc_step_hip(void *buffers[], void *cl_arg) {
    const struct sc_step_task *t = cl_arg;
    step_gpu(buffers, t, t->model->hip[t->precision == 32], starpu_hip_get_local_stream());
}
#endif

int sc_step_can_execute(unsigned workerid, struct starpu_task *task, unsigned nimpl) {
    (void)nimpl;
    const struct sc_step_task *t = task->cl_arg;
    if (!t)
        return 1;
    int p = t->precision == 32;
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

/* See sc_step_codelet.h. */
int sc_step_submit(struct starpu_codelet *cl, const ScStepHandles *h, const struct sc_step_task *t,
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
uint32_t sc_step_footprint(struct starpu_task *task) {
    const struct sc_step_task *t = task->cl_arg;
    uint32_t n = (uint32_t)starpu_vector_get_nx(STARPU_TASK_GET_HANDLE(task, 1));
    uint32_t h = starpu_hash_crc32c_be(n, 0);
    return starpu_hash_crc32c_be((uint32_t)(t ? t->args.nsteps : 1), h);
}

/* Regressions are over the work of a task: cells x steps. */
size_t sc_step_size_base(struct starpu_task *task, unsigned nimpl) {
    (void)nimpl;
    const struct sc_step_task *t = task->cl_arg;
    size_t n = starpu_vector_get_nx(STARPU_TASK_GET_HANDLE(task, 1));
    return n * (size_t)(t && t->args.nsteps > 0 ? t->args.nsteps : 1);
}

void sc_model_key(const ScModelEntry *m, char *buf, size_t n) {
    unsigned long long h = sc_fnv(sc_fnv(sc_fnv(SC_FNV_INIT, m->desc->methods), "|"),
                                  m->methods_choice ? m->methods_choice : "");
    snprintf(buf, n, "%s.m%08llx", m->name, h & 0xffffffffULL);
}

/* The performance-model symbols of a model's six codelets, "starcarp.<prefix>.<f64|f32>.bsoa.<exact|
 * lut|pv>", into sym (storage of the caller) and set. */
static void set_symbols(ScModelCodelets *set, char sym[2][SC_NVARIANTS][256], const char *prefix) {
    /* prefix is at most 200 characters (callers' buffers): the symbol fits */
    static const char *const prec[2] = {"f64", "f32"}, *const var[SC_NVARIANTS] = {"exact", "lut", "pv"};
    for (int i = 0; i < 2; i++)
        for (int v = 0; v < SC_NVARIANTS; v++) {
            snprintf(sym[i][v], sizeof sym[i][v], "starcarp.%.200s.%s.bsoa.%s", prefix, prec[i], var[v]);
            set->model[i][v].symbol = sym[i][v];
        }
}

/* Codelets of plugin models, made on first use (they live until the process ends, as plugins). */
typedef struct PluginCodelets {
    const ScModelEntry *model;
    ScModelCodelets set;
    char symbols[2][SC_NVARIANTS][256];
    struct PluginCodelets *next;
} PluginCodelets;

static PluginCodelets *plugin_sets;
static starpu_pthread_mutex_t plugin_lock = STARPU_PTHREAD_MUTEX_INITIALIZER;

static ScModelCodelets *plugin_codelets(const ScModelEntry *m) {
    STARPU_PTHREAD_MUTEX_LOCK(&plugin_lock);
    PluginCodelets *p;
    for (p = plugin_sets; p; p = p->next)
        if (p->model == m)
            break;
    if (!p && (p = calloc(1, sizeof *p)) != NULL) {
        p->model = m;
        /* the plugin's name carries the hash of its source (one symbol per model text) and the
           model key (one per method set) */
        char key[160], prefix[200];
        sc_model_key(m, key, sizeof key);
        snprintf(prefix, sizeof prefix, "plugin.%s-%.12s", key,
                 m->desc->source_hash ? m->desc->source_hash : "0");
        set_symbols(&p->set, p->symbols, prefix);
        for (int i = 0; i < 2; i++)
            for (int v = 0; v < SC_NVARIANTS; v++) {
                struct starpu_perfmodel *pm = &p->set.model[i][v];
                pm->type = STARPU_HISTORY_BASED;
                pm->footprint = sc_step_footprint;
                pm->size_base = sc_step_size_base;
                struct starpu_codelet *cl = &p->set.cl[i][v];
                starpu_codelet_init(cl);
                cl->cpu_funcs[0] = sc_step_cpu;
#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
                if (m->cuda[i]) {
                    cl->cuda_funcs[0] = sc_step_cuda;
                    cl->cuda_flags[0] = STARPU_CUDA_ASYNC;
                }
#endif
#ifdef STARPU_USE_HIP
                if (m->hip[i]) {
                    cl->hip_funcs[0] = sc_step_hip;
                    cl->hip_flags[0] = STARPU_HIP_ASYNC;
                }
#endif
                cl->nbuffers = SC_STEP_NBUF;
                static const enum starpu_data_access_mode modes[SC_STEP_NBUF] = {
                    STARPU_RW, STARPU_RW, STARPU_RW, STARPU_RW, STARPU_R, STARPU_R, STARPU_R, STARPU_RW};
                memcpy(cl->modes, modes, sizeof modes);
                cl->model = pm;
                cl->name = m->name;
                cl->can_execute = sc_step_can_execute;
            }
        p->next = plugin_sets;
        plugin_sets = p;
    }
    STARPU_PTHREAD_MUTEX_UNLOCK(&plugin_lock);
    return p ? &p->set : NULL;
}

/* The library's codelets get their symbols (sc_model_key) on first use, before StarPU reads them. */
static void library_symbols(const ScModelEntry *m, ScModelCodelets *set) {
    static char(*syms)[2][SC_NVARIANTS][256];
    STARPU_PTHREAD_MUTEX_LOCK(&plugin_lock);
    if (!syms)
        syms = calloc((size_t)sc_model_registry_count, sizeof *syms);
    long i = m - sc_model_registry;
    if (syms && !syms[i][0][0][0]) {
        char key[160];
        sc_model_key(m, key, sizeof key);
        set_symbols(set, syms[i], key);
    }
    STARPU_PTHREAD_MUTEX_UNLOCK(&plugin_lock);
}

struct starpu_codelet *sc_model_codelet(const ScModelEntry *m, int precision, ScVariant v) {
    if (!m || (precision != 64 && precision != 32) || (int)v < 0 || v >= SC_NVARIANTS)
        return NULL;
    int p = precision == 32;
    if (!m->cpu[p] && !m->desc->c_run[p])
        return NULL;
    ScModelCodelets *set;
    if (m >= sc_model_registry && m < sc_model_registry + sc_model_registry_count) {
        set = sc_codelet_registry[m - sc_model_registry];
        library_symbols(m, set);
    } else
        set = plugin_codelets(m);
    return set ? &set->cl[p][v] : NULL;
}

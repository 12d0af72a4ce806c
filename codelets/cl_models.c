/* cl_models.c: the lookup of a model's step codelets (sc_model_codelet, sc_model_key): generated
 * for the library (registry_codelets.c, the models' cl_<model>.c), made at run time for plugins; both
 * use the codelet functions of cl_step.c. */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util_int.h"
#include "registry.h"
#include "cl_step.h"

extern ScModelCodelets *const cl_registry[]; /* registry_codelets.c (generated) */

void sc_model_key(const ScModelEntry *m, char *buf, size_t n) {
    unsigned long long h = util_fnv(util_fnv(util_fnv(UTIL_FNV_INIT, m->desc->methods), "|"),
                                    m->methods_choice ? m->methods_choice : "");
    snprintf(buf, n, "%s.m%08llx", m->name, h & 0xffffffffULL);
}

/* The performance-model symbols of a model's six codelets, "starcarp.<prefix>.<f64|f32>.bsoa.<exact|
 * lut|pv>", into sym (storage of the caller) and set. */
static void set_symbols(ScModelCodelets *set, char sym[2][SC_NVARIANTS][256], const char *prefix) {
    /* prefix is at most 200 characters (callers' buffers): the symbol fits */
    static const char *const var[SC_NVARIANTS] = {"exact", "lut", "pv"};
    for (int i = 0; i < 2; i++)
        for (int v = 0; v < SC_NVARIANTS; v++) {
            snprintf(sym[i][v], sizeof sym[i][v], "starcarp.%.200s.%s.bsoa.%s", prefix,
                     sc_precision_name(i ? SC_SINGLE : SC_DOUBLE), var[v]);
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
                pm->footprint = cl_step_footprint;
                pm->size_base = cl_step_size_base;
                struct starpu_codelet *cl = &p->set.cl[i][v];
                starpu_codelet_init(cl);
                cl->cpu_funcs[0] = cl_step_cpu;
#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
                if (m->cuda[i]) {
                    cl->cuda_funcs[0] = cl_step_cuda;
                    cl->cuda_flags[0] = STARPU_CUDA_ASYNC;
                }
#endif
#ifdef STARPU_USE_HIP
                if (m->hip[i]) {
                    cl->hip_funcs[0] = cl_step_hip;
                    cl->hip_flags[0] = STARPU_HIP_ASYNC;
                }
#endif
                cl->nbuffers = CL_STEP_NBUF;
                static const enum starpu_data_access_mode modes[CL_STEP_NBUF] = {
                    STARPU_RW, STARPU_RW, STARPU_RW, STARPU_RW, STARPU_R, STARPU_R, STARPU_R, STARPU_RW};
                memcpy(cl->modes, modes, sizeof modes);
                cl->model = pm;
                cl->name = m->name;
                cl->can_execute = cl_step_can_execute;
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
        syms = calloc((size_t)registry_count, sizeof *syms);
    long i = registry_index(m);
    if (syms && !syms[i][0][0][0]) {
        char key[160];
        sc_model_key(m, key, sizeof key);
        set_symbols(set, syms[i], key);
    }
    STARPU_PTHREAD_MUTEX_UNLOCK(&plugin_lock);
}

struct starpu_codelet *sc_model_codelet(const ScModelEntry *m, ScPrecision precision, ScVariant v) {
    if (!m || (precision != SC_DOUBLE && precision != SC_SINGLE) || (int)v < 0 || v >= SC_NVARIANTS)
        return NULL;
    int p = sc_precision_index(precision);
    if (!m->cpu[p] && !m->desc->c_run[p])
        return NULL;
    ScModelCodelets *set;
    int r = registry_index(m);
    if (r >= 0) {
        set = cl_registry[r];
        library_symbols(m, set);
    } else
        set = plugin_codelets(m);
    return set ? &set->cl[p][v] : NULL;
}

double sc_model_expected_us(const ScModelEntry *m, ScPrecision p, ScVariant v, long cells, int nsteps,
                            int worker) {
    struct starpu_codelet *cl = sc_model_codelet(m, p, v);
    if (!cl || cells <= 0 || cells > UINT32_MAX || nsteps <= 0 || worker < 0 ||
        worker >= (int)starpu_worker_get_count())
        return NAN;
    struct starpu_perfmodel_arch *arch = starpu_worker_get_perf_archtype(worker, STARPU_NMAX_SCHED_CTXS);
    return starpu_perfmodel_history_based_expected_perf(
        cl->model, arch, cl_step_footprint_of((uint32_t)cells, (uint32_t)nsteps));
}

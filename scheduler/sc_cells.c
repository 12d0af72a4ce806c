/* sc_cells.c: an array of cells of one model as partitioned StarPU data, advanced by tasks on every
 * CPU core and GPU (the public API of starcarp.h, section "cell arrays"; design in docs/runtime.md).
 *
 * Layout (blocked structure of arrays): partition p holds cells off[p] .. off[p] + size[p] - 1;
 * in every per-cell array the partition is one contiguous block, and inside it the values are a
 * structure of arrays, so that a partition is exactly the array of size[p] cells the generated
 * kernels expect (starcarp_model.h):
 *   sv     [off[p]*nsv .. ) : sv_p[k * size[p] + i]       (states, then stores)
 *   vm, iion [off[p] .. )   : one value per cell
 *   ext    [off[p]*next .. ): ext_p[k * size[p] + i]      (when the model has externals)
 *   pcell  [off[p]*nvary ..): pcell_p[r * size[p] + i]    (when parameters vary per cell)
 * Each array is one StarPU vector partitioned with starpu_vector_filter_list_long; the parameter
 * set and the lookup tables are shared read-only handles; each partition has a small status
 * handle (failure record, out-of-range counters). Host buffers are the home copies: reading or
 * writing goes through starpu_data_acquire on the partitions, which fetches or invalidates the
 * device copies. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sc_internal.h"
#include "sc_probe.h"
#include "sc_speeds.h"
#include "sc_step_codelet.h"

#define SC_DEFAULT_K 10
#define SC_DEFAULT_SPEEDUP 50.0
#define SC_GPU_ALIGN 128

struct ScCells {
    const ScModelEntry *m;
    const ScModelDesc *d;
    ScCellsConfig cfg;
    int f32;
    size_t esz;                 /* bytes per value */
    long n;
    int np;
    long *size, *off;
    int *worker;                /* worker of partition p, or -1 (free placement) */
    int nsv, npc, next, nvary;
    int vary_k[SC_MAX_VARY];    /* parameter of pcell row r */
    void *sv, *vm, *iion, *ext, *pc, *lut, *pcell;
    void **ext_dummy;           /* per partition, when the model has no externals */
    unsigned long long *stat;   /* np * SC_STAT_WORDS */
    double *params;             /* nparams: the uniform values */
    double *pcd;                /* npc: parameters and constants in double */
    size_t nlut;
    starpu_data_handle_t h_sv, h_vm, h_iion, h_ext, h_pc, h_lut, h_pcell, h_stat, h_dummy;
    starpu_data_handle_t *p_sv, *p_vm, *p_iion, *p_ext, *p_pcell, *p_stat;
    long step;
    ScStim stim;
    ScAccount acc;
    double busy[STARPU_NMAXWORKERS];
    double speedup;             /* the GPU/core speed ratio the plan used (0: no GPU, or given sizes) */
};

static double getv(const ScCells *c, const void *p, size_t k)
{
    return c->f32 ? (double)((const float *)p)[k] : ((const double *)p)[k];
}

static void putv(const ScCells *c, void *p, size_t k, double v)
{
    if (c->f32)
        ((float *)p)[k] = (float)v;
    else
        ((double *)p)[k] = v;
}

/* Register base (count elements per cell, n cells) and partition it as the cells are. */
static void register_split(ScCells *c, void *base, int per_cell, starpu_data_handle_t *parent,
                           starpu_data_handle_t *parts)
{
    starpu_vector_data_register(parent, STARPU_MAIN_RAM, (uintptr_t)base, (uint32_t)(c->n * per_cell),
                                c->esz);
    long *len = malloc(sizeof(long) * (size_t)c->np);
    for (int p = 0; p < c->np; p++)
        len[p] = c->size[p] * per_cell;
    struct starpu_data_filter f = {.filter_func = starpu_vector_filter_list_long, .nchildren = (unsigned)c->np,
                                   .filter_arg_ptr = len};
    starpu_data_partition_plan(*parent, &f, parts);
    starpu_data_partition_submit(*parent, (unsigned)c->np, parts);
    free(len);
}

static void unregister_split(ScCells *c, starpu_data_handle_t parent, starpu_data_handle_t *parts)
{
    if (!parent)
        return;
    starpu_data_unpartition_submit(parent, (unsigned)c->np, parts, STARPU_MAIN_RAM);
    starpu_data_partition_clean(parent, (unsigned)c->np, parts);
    starpu_data_unregister(parent);
}

/* Worker ids of a kind, in StarPU's order. */
static int workers_of(enum starpu_worker_archtype type, int *ids, int max)
{
    int n = starpu_worker_get_ids_by_type(type, ids, (unsigned)max);
    return n < 0 ? 0 : n;
}

/* Sizes, offsets and workers of the partitions. */
static int plan(ScCells *c, char *err, size_t errlen)
{
    int cpu_ids[STARPU_NMAXWORKERS], gpu_ids[STARPU_NMAXWORKERS];
    int ncpu = workers_of(STARPU_CPU_WORKER, cpu_ids, STARPU_NMAXWORKERS);
    int ngpu = workers_of(STARPU_CUDA_WORKER, gpu_ids, STARPU_NMAXWORKERS);
    if (!c->m->cuda[c->f32])
        ngpu = 0;   /* no CUDA kernel of this model and precision: CPUs only */
    if (c->cfg.ncpu_hint > 0 && c->cfg.ncpu_hint < ncpu)
        ncpu = c->cfg.ncpu_hint;
    if (c->cfg.ngpu_hint > 0 && c->cfg.ngpu_hint < ngpu)
        ngpu = c->cfg.ngpu_hint;
    if (ncpu + ngpu == 0) {
        sc_set_err(err, errlen, "no StarPU worker can run %s (CPU workers: 0%s)", c->m->name,
                ngpu ? "" : ", no GPU kernel");
        return -1;
    }
    const int *lanes = c->m->cpu_lanes[c->f32];
    long align = lanes && *lanes > 0 ? *lanes : 1;
    int max = ncpu + ngpu;
    if (c->cfg.nparts > 0) {
        /* explicit: nparts partitions, equal (or weighted), placed by the scheduler */
        int np = c->cfg.nparts > c->n ? (int)c->n : c->cfg.nparts;
        c->size = calloc((size_t)np, sizeof(long));
        double wsum = 0;
        for (int p = 0; p < np; p++)
            wsum += c->cfg.part_weights ? c->cfg.part_weights[p] : 1.0;
        long used = 0;
        for (int p = 0; p < np; p++) {
            double w = c->cfg.part_weights ? c->cfg.part_weights[p] : 1.0;
            c->size[p] = p == np - 1 ? c->n - used : (long)floor((double)c->n * w / wsum);
            if (c->size[p] < 1) {
                sc_set_err(err, errlen, "partition %d would be empty (weights or nparts too large)", p);
                return -1;
            }
            used += c->size[p];
        }
        c->np = np;
        c->worker = malloc(sizeof(int) * (size_t)np);
        for (int p = 0; p < np; p++)
            c->worker[p] = c->cfg.workers ? c->cfg.workers[p] : -1;
    } else {
        /* the GPU's speed over a core: given, else calibrated (starcarp calibrate), else measured
           now on two scratch arrays (sc_probe.c), else a guess */
        double speedup = c->cfg.gpu_speedup > 0 ? c->cfg.gpu_speedup : 0;
        char key[256];
        sc_model_key(c->m, key, sizeof key);
        if (speedup <= 0 && ngpu)
            speedup = sc_speeds_gpu_speedup(NULL, key, c->f32 ? 32 : 64);
        if (speedup <= 0 && ngpu && ncpu)
            speedup = sc_probe_gpu_speedup(c->m, c->f32 ? 32 : 64, c->cfg.steps_per_task, c->n, cpu_ids, ncpu,
                                           gpu_ids[0]);
        if (speedup <= 0)
            speedup = SC_DEFAULT_SPEEDUP;
        c->speedup = ngpu ? speedup : 0;
        c->size = calloc((size_t)max, sizeof(long));
        int np = sc_plan_parts(c->n, ncpu, ngpu, speedup, ngpu ? (align > SC_GPU_ALIGN ? align : SC_GPU_ALIGN)
                                                                : align, c->size, max);
        if (np < 1) {
            sc_set_err(err, errlen, "cannot plan partitions of %ld cells", c->n);
            return -1;
        }
        c->np = np;
        c->worker = malloc(sizeof(int) * (size_t)np);
        /* sc_plan_parts puts the GPUs first and drops them last */
        int ng = ngpu < np ? ngpu : np;
        for (int p = 0; p < np; p++)
            c->worker[p] = c->cfg.free_placement ? -1 : p < ng ? gpu_ids[p] : cpu_ids[p - ng];
    }
    c->off = malloc(sizeof(long) * (size_t)c->np);
    long o = 0;
    for (int p = 0; p < c->np; p++)
        c->off[p] = o, o += c->size[p];
    return 0;
}

/* Parameter set (double, then the kernel's precision into c->pc) and lookup tables. */
static void fill_pc(ScCells *c)
{
    memcpy(c->pcd, c->params, sizeof(double) * (size_t)c->d->nparams);
    c->d->consts(c->pcd);
    for (int k = 0; k < c->npc; k++)
        putv(c, c->pc, (size_t)k, c->pcd[k]);
    if (c->nlut) {
        double *t = malloc(sizeof(double) * c->nlut);
        c->d->lut_build(c->pcd, t);
        for (size_t k = 0; k < c->nlut; k++)
            putv(c, c->lut, k, t[k]);
        free(t);
    }
}

ScCells *sc_cells_create(const ScModelEntry *m, const ScCellsConfig *cfg, char *err, size_t errlen)
{
    if (!m || !cfg) {
        sc_set_err(err, errlen, "no model or no configuration");
        return NULL;
    }
    if (cfg->ncells < 1 || cfg->ncells > 0x7fffffffL) {
        sc_set_err(err, errlen, "cell count %ld out of range (1 .. 2147483647)", cfg->ncells);
        return NULL;
    }
    if (cfg->precision != 0 && cfg->precision != 64 && cfg->precision != 32) {
        sc_set_err(err, errlen, "precision %d: accepted values are 64 and 32", cfg->precision);
        return NULL;
    }
    ScCells *c = calloc(1, sizeof *c);
    if (!c) {
        sc_set_err(err, errlen, "out of memory");
        return NULL;
    }
    c->m = m, c->d = m->desc, c->cfg = *cfg;
    c->f32 = cfg->precision == 32;
    c->esz = c->f32 ? sizeof(float) : sizeof(double);
    c->n = cfg->ncells;
    if (c->cfg.dt <= 0)
        c->cfg.dt = 0.01;
    if (c->cfg.steps_per_task <= 0)
        c->cfg.steps_per_task = SC_DEFAULT_K;
    if (!m->cpu[c->f32] && !c->d->c_run[c->f32]) {
        sc_set_err(err, errlen, "%s has no %s-precision kernel", m->name, c->f32 ? "single" : "double");
        free(c);
        return NULL;
    }
    if (plan(c, err, errlen) < 0) {
        sc_cells_destroy(c);
        return NULL;
    }
    const ScModelDesc *d = c->d;
    c->nsv = d->nsv, c->npc = d->nparams + d->nconsts, c->next = d->nexternals;
    c->nlut = (d->ntables && !cfg->no_lut) ? d->lut_size() : 0;
    size_t n = (size_t)c->n;
    c->sv = calloc(n * (size_t)(c->nsv ? c->nsv : 1), c->esz);
    c->vm = calloc(n, c->esz);
    c->iion = calloc(n, c->esz);
    c->ext = c->next ? calloc(n * (size_t)c->next, c->esz) : NULL;
    c->pc = calloc((size_t)c->npc + 1, c->esz);
    c->lut = c->nlut ? calloc(c->nlut, c->esz) : NULL;
    c->params = calloc((size_t)d->nparams + 1, sizeof(double));
    c->pcd = calloc((size_t)c->npc + 1, sizeof(double));
    c->stat = calloc((size_t)c->np * SC_STAT_WORDS, sizeof(unsigned long long));
    if (!c->sv || !c->vm || !c->iion || (c->next && !c->ext) || !c->pc || (c->nlut && !c->lut) ||
        !c->params || !c->pcd || !c->stat) {
        sc_set_err(err, errlen, "out of memory for %ld cells of %s", c->n, m->name);
        sc_cells_destroy(c);
        return NULL;
    }
    /* initial state, cell by cell into its partition's block */
    memcpy(c->params, d->param_defaults, sizeof(double) * (size_t)d->nparams);
    fill_pc(c);
    double *sv0 = calloc((size_t)c->nsv + 1, sizeof(double)), vm0 = 0;
    d->init(c->pcd, sv0, &vm0);
    for (int p = 0; p < c->np; p++)
        for (long i = 0; i < c->size[p]; i++) {
            for (int k = 0; k < c->nsv; k++)
                putv(c, c->sv, (size_t)(c->off[p] * c->nsv + k * c->size[p] + i), sv0[k]);
            putv(c, c->vm, (size_t)(c->off[p] + i), vm0);
        }
    free(sv0);
    for (int p = 0; p < c->np; p++)
        c->stat[(size_t)p * SC_STAT_WORDS] = ~0ULL;
    c->stim = cfg->stim;

    /* StarPU data */
    c->p_sv = calloc((size_t)c->np, sizeof *c->p_sv);
    c->p_vm = calloc((size_t)c->np, sizeof *c->p_vm);
    c->p_iion = calloc((size_t)c->np, sizeof *c->p_iion);
    c->p_ext = calloc((size_t)c->np, sizeof *c->p_ext);
    c->p_pcell = calloc((size_t)c->np, sizeof *c->p_pcell);
    c->p_stat = calloc((size_t)c->np, sizeof *c->p_stat);
    register_split(c, c->sv, c->nsv ? c->nsv : 1, &c->h_sv, c->p_sv);
    register_split(c, c->vm, 1, &c->h_vm, c->p_vm);
    register_split(c, c->iion, 1, &c->h_iion, c->p_iion);
    if (c->next) {
        register_split(c, c->ext, c->next, &c->h_ext, c->p_ext);
    } else {
        c->ext_dummy = calloc((size_t)c->np, sizeof(void *));
        for (int p = 0; p < c->np; p++) {
            c->ext_dummy[p] = calloc(1, c->esz);
            starpu_vector_data_register(&c->p_ext[p], STARPU_MAIN_RAM, (uintptr_t)c->ext_dummy[p], 1, c->esz);
        }
    }
    starpu_vector_data_register(&c->h_pc, STARPU_MAIN_RAM, (uintptr_t)c->pc, (uint32_t)(c->npc + 1), c->esz);
    static double dummy_r;
    starpu_vector_data_register(&c->h_dummy, STARPU_MAIN_RAM, (uintptr_t)&dummy_r, 1, sizeof(double));
    if (c->nlut)
        starpu_vector_data_register(&c->h_lut, STARPU_MAIN_RAM, (uintptr_t)c->lut, (uint32_t)c->nlut, c->esz);
    for (int p = 0; p < c->np; p++) {
        c->p_pcell[p] = c->h_dummy;
        starpu_vector_data_register(&c->p_stat[p], STARPU_MAIN_RAM, (uintptr_t)(c->stat + (size_t)p * SC_STAT_WORDS),
                                    SC_STAT_WORDS, sizeof(unsigned long long));
    }
    return c;
}

void sc_cells_destroy(ScCells *c)
{
    if (!c)
        return;
    if (c->p_stat) {
        starpu_task_wait_for_all();
        unregister_split(c, c->h_sv, c->p_sv);
        unregister_split(c, c->h_vm, c->p_vm);
        unregister_split(c, c->h_iion, c->p_iion);
        if (c->next)
            unregister_split(c, c->h_ext, c->p_ext);
        else if (c->ext_dummy)
            for (int p = 0; p < c->np; p++)
                starpu_data_unregister(c->p_ext[p]);
        if (c->nvary)
            unregister_split(c, c->h_pcell, c->p_pcell);
        for (int p = 0; p < c->np; p++)
            if (c->p_stat[p])
                starpu_data_unregister(c->p_stat[p]);
        starpu_data_unregister(c->h_pc);
        starpu_data_unregister(c->h_dummy);
        if (c->nlut)
            starpu_data_unregister(c->h_lut);
    }
    if (c->ext_dummy)
        for (int p = 0; p < c->np; p++)
            free(c->ext_dummy[p]);
    free(c->ext_dummy);
    free(c->p_sv), free(c->p_vm), free(c->p_iion), free(c->p_ext), free(c->p_pcell), free(c->p_stat);
    free(c->sv), free(c->vm), free(c->iion), free(c->ext), free(c->pc), free(c->lut), free(c->pcell);
    free(c->params), free(c->pcd), free(c->stat), free(c->size), free(c->off), free(c->worker);
    free(c);
}

long sc_cells_count(const ScCells *c) { return c->n; }
const ScModelEntry *sc_cells_model(const ScCells *c) { return c->m; }
int sc_cells_nparts(const ScCells *c) { return c->np; }
long sc_cells_part_size(const ScCells *c, int p) { return p >= 0 && p < c->np ? c->size[p] : 0; }
long sc_cells_step(const ScCells *c) { return c->step; }
double sc_cells_gpu_speedup(const ScCells *c) { return c->speedup; }
void sc_cells_set_step(ScCells *c, long d) { c->step = d; }
const double *sc_cells_params(const ScCells *c) { return c->params; }
void sc_cells_set_stim(ScCells *c, const ScStim *stim) { c->stim = *stim; }

starpu_data_handle_t sc_cells_handle(const ScCells *c, int which, int p)
{
    if (p < 0 || p >= c->np)
        return NULL;
    switch (which) {
    case SC_HANDLE_SV: return c->p_sv[p];
    case SC_HANDLE_VM: return c->p_vm[p];
    case SC_HANDLE_IION: return c->p_iion[p];
    case SC_HANDLE_PCELL: return c->nvary ? c->p_pcell[p] : NULL;
    default: return NULL;
    }
}

/* The codelet variant of the current settings: per-cell parameters, tables, or exact. */
static int variant(const ScCells *c)
{
    return c->nvary ? 2 : c->nlut ? 1 : 0;
}

/* The argument template of a task: d0, nsteps and flags given. */
static void task_args(const ScCells *c, struct sc_step_task *t, long d0, int nsteps, unsigned flags)
{
    memset(t, 0, sizeof *t);
    t->model = c->m;
    t->precision = c->f32 ? 32 : 64;
    t->account = (void *)&c->acc;
    ScStepArgs *a = &t->args;
    for (int k = 0; k < SC_MAX_PARAMS; k++)
        a->vary[k] = -1;
    for (int r = 0; r < c->nvary; r++)
        a->vary[c->vary_k[r]] = (signed char)r;
    a->nvary = c->nvary;
    a->lut = c->nlut ? (const void *)c : NULL;        /* marker: use buffer 5 */
    a->pcell = c->nvary ? (const void *)c : NULL;     /* marker: use buffer 6 */
    a->d0 = d0, a->nsteps = nsteps, a->dt = c->cfg.dt;
    a->flags = flags | (c->cfg.no_lut ? SC_STEP_NO_LUT : 0);
    a->stim = c->stim;
    a->rtol = c->cfg.rtol, a->atol = c->cfg.atol, a->max_substeps = c->cfg.max_substeps;
    a->vm_bound = c->cfg.vm_bound;
}

static int submit(ScCells *c, long d0, int nsteps, unsigned flags)
{
    struct starpu_codelet *cl = sc_model_codelet(c->m, c->f32 ? 32 : 64, variant(c));
    if (!cl)
        return -1;
    for (int p = 0; p < c->np; p++) {
        struct sc_step_task *t = malloc(sizeof *t);
        if (!t)
            return -1;
        task_args(c, t, d0, nsteps, flags);
        int rc;
        starpu_data_handle_t lut = c->nlut ? c->h_lut : c->h_dummy;
        if (c->worker[p] >= 0)
            rc = starpu_task_insert(cl, STARPU_RW, c->p_sv[p], STARPU_RW, c->p_vm[p], STARPU_RW, c->p_iion[p],
                                    STARPU_RW, c->p_ext[p], STARPU_R, c->h_pc, STARPU_R, lut, STARPU_R,
                                    c->p_pcell[p], STARPU_RW, c->p_stat[p], STARPU_CL_ARGS, t, sizeof *t,
                                    STARPU_EXECUTE_ON_WORKER, c->worker[p], 0);
        else
            rc = starpu_task_insert(cl, STARPU_RW, c->p_sv[p], STARPU_RW, c->p_vm[p], STARPU_RW, c->p_iion[p],
                                    STARPU_RW, c->p_ext[p], STARPU_R, c->h_pc, STARPU_R, lut, STARPU_R,
                                    c->p_pcell[p], STARPU_RW, c->p_stat[p], STARPU_CL_ARGS, t, sizeof *t, 0);
        if (rc != 0) {
            fprintf(stderr, "starcarp: StarPU refused a task of %s (%s)\n", c->m->name, strerror(-rc));
            return -1;
        }
    }
    return 0;
}

int sc_cells_advance(ScCells *c, long nsteps)
{
    const long K = c->cfg.steps_per_task;
    while (nsteps > 0) {
        int k = (int)(nsteps < K ? nsteps : K);
        if (submit(c, c->step, k, SC_STEP_BENCH) < 0)
            return -1;
        c->step += k, nsteps -= k;
    }
    return 0;
}

int sc_cells_eval_iion(ScCells *c)
{
    return submit(c, c->step, 1, SC_STEP_IION_ONLY);
}

/* Names of the non-finite states of a cell, into buf. */
static void bad_states(ScCells *c, long cell, char *buf, size_t len)
{
    double *sv = calloc((size_t)c->nsv + 1, sizeof(double)), vm, ii;
    buf[0] = '\0';
    if (!sv || sc_cells_sample(c, &cell, 1, &vm, &ii, sv) < 0) {
        free(sv);
        return;
    }
    size_t o = 0;
    int nbad = 0;
    for (int k = 0; k < c->nsv && o + 40 < len; k++)
        if (!isfinite(sv[k]))
            o += (size_t)snprintf(buf + o, len - o, "%s%s", nbad++ ? ", " : "; non-finite: ", c->d->sv_names[k]);
    if (!isfinite(ii) && o + 20 < len)
        snprintf(buf + o, len - o, "%sIion", nbad ? ", " : "; non-finite: ");
    free(sv);
}

int sc_cells_wait(ScCells *c, ScFailure *f)
{
    unsigned long long best = ~0ULL;
    int bp = -1;
    double bv = 0;
    for (int p = 0; p < c->np; p++) {
        starpu_data_acquire(c->p_stat[p], STARPU_R);
        unsigned long long key = c->stat[(size_t)p * SC_STAT_WORDS];
        if (key != ~0ULL) {
            unsigned long long d = key >> 32, i = key & 0xffffffffULL;
            unsigned long long g = (d << 32) | (unsigned long long)(c->off[p] + (long)i);
            if (g < best) {
                best = g, bp = p;
                memcpy(&bv, &c->stat[(size_t)p * SC_STAT_WORDS + 1], sizeof bv);
            }
        }
        starpu_data_release(c->p_stat[p]);
    }
    if (c->acc.launch_error) {
        if (f) {
            memset(f, 0, sizeof *f);
            f->cell = -1, f->step = c->step, f->t = (double)c->step * c->cfg.dt, f->vm = NAN;
            snprintf(f->what, sizeof f->what, "a GPU kernel launch failed (error %d)", c->acc.launch_error);
        }
        return 1;
    }
    if (bp < 0)
        return 0;
    if (f) {
        memset(f, 0, sizeof *f);
        f->cell = (long)(best & 0xffffffffULL);
        f->step = (long)(best >> 32);
        f->t = (double)f->step * c->cfg.dt;
        f->vm = bv;
        double bound = c->cfg.vm_bound > 0 ? c->cfg.vm_bound : 1000.0;
        char states[160];
        bad_states(c, f->cell, states, sizeof states);
        if (isfinite(bv))
            snprintf(f->what, sizeof f->what, "Vm = %.6g mV beyond the bound %g mV%s", bv, bound, states);
        else
            snprintf(f->what, sizeof f->what, "Vm = %g%s", bv, states);
    }
    return 1;
}

int sc_cells_sample(ScCells *c, const long *cells, int ncell, double *vm, double *iion, double *sv)
{
    const int w = 2 + c->nsv;
    double *out = malloc(sizeof(double) * (size_t)(ncell > 0 ? ncell : 1) * (size_t)w);
    if (!out)
        return -1;
    for (int j = 0; j < ncell; j++)
        if (cells[j] < 0 || cells[j] >= c->n) {
            free(out);
            return -1;
        }
    /* per partition, in groups of at most SC_GATHER_MAX cells, listed in the caller's order */
    int *part = malloc(sizeof(int) * (size_t)(ncell > 0 ? ncell : 1));
    for (int j = 0; j < ncell; j++) {
        int lo = 0, hi = c->np - 1;
        while (lo < hi) {
            int mid = (lo + hi + 1) / 2;
            if (c->off[mid] <= cells[j])
                lo = mid;
            else
                hi = mid - 1;
        }
        part[j] = lo;
    }
    int rc = 0;
    int *pos = malloc(sizeof(int) * SC_GATHER_MAX);
    char *done = calloc((size_t)(ncell > 0 ? ncell : 1), 1);
    for (int j0 = 0; j0 < ncell && rc == 0; j0++) {
        if (done[j0])
            continue;
        int p = part[j0];
        struct sc_gather_args *g = calloc(1, sizeof *g);
        g->f32 = c->f32, g->nsv = c->nsv;
        for (int j = j0; j < ncell && g->ncell < SC_GATHER_MAX; j++)
            if (!done[j] && part[j] == p) {
                pos[g->ncell] = j;
                g->idx[g->ncell++] = cells[j] - c->off[p];
                done[j] = 1;
            }
        int cnt = g->ncell;
        double *tmp = malloc(sizeof(double) * (size_t)cnt * (size_t)w);
        starpu_data_handle_t h;
        starpu_vector_data_register(&h, STARPU_MAIN_RAM, (uintptr_t)tmp, (uint32_t)(cnt * w), sizeof(double));
        int r;
        if (c->worker[p] >= 0)
            r = starpu_task_insert(&sc_gather_cl, STARPU_R, c->p_sv[p], STARPU_R, c->p_vm[p], STARPU_R,
                                   c->p_iion[p], STARPU_W, h, STARPU_CL_ARGS, g, sizeof *g,
                                   STARPU_EXECUTE_ON_WORKER, c->worker[p], 0);
        else
            r = starpu_task_insert(&sc_gather_cl, STARPU_R, c->p_sv[p], STARPU_R, c->p_vm[p], STARPU_R,
                                   c->p_iion[p], STARPU_W, h, STARPU_CL_ARGS, g, sizeof *g, 0);
        if (r != 0)
            rc = -1, free(g);
        starpu_data_unregister(h);   /* waits for the gather; the values are then in tmp */
        for (int q = 0; q < cnt && rc == 0; q++)
            memcpy(out + (size_t)pos[q] * (size_t)w, tmp + (size_t)q * (size_t)w, sizeof(double) * (size_t)w);
        free(tmp);
    }
    for (int j = 0; j < ncell && rc == 0; j++) {
        if (vm)
            vm[j] = out[(size_t)j * (size_t)w];
        if (iion)
            iion[j] = out[(size_t)j * (size_t)w + 1];
        if (sv)
            memcpy(sv + (size_t)j * (size_t)c->nsv, out + (size_t)j * (size_t)w + 2, sizeof(double) * (size_t)c->nsv);
    }
    free(out), free(part), free(pos), free(done);
    return rc;
}

/* The partition handle and the host address of value k of partition p for variable var. */
static starpu_data_handle_t var_handle(ScCells *c, int var, int p, size_t *base)
{
    if (var == SC_VAR_VM) {
        *base = (size_t)c->off[p];
        return c->p_vm[p];
    }
    if (var == SC_VAR_IION) {
        *base = (size_t)c->off[p];
        return c->p_iion[p];
    }
    *base = (size_t)(c->off[p] * c->nsv + (long)var * c->size[p]);
    return c->p_sv[p];
}

static int copy_var(ScCells *c, int var, double *out, const double *in)
{
    if (var < SC_VAR_IION || var >= c->nsv)
        return -1;
    void *arr = var == SC_VAR_VM ? c->vm : var == SC_VAR_IION ? c->iion : c->sv;
    for (int p = 0; p < c->np; p++) {
        size_t base;
        starpu_data_handle_t h = var_handle(c, var, p, &base);
        starpu_data_acquire(h, in ? STARPU_RW : STARPU_R);
        for (long i = 0; i < c->size[p]; i++) {
            if (in)
                putv(c, arr, base + (size_t)i, in[c->off[p] + i]);
            else
                out[c->off[p] + i] = getv(c, arr, base + (size_t)i);
        }
        starpu_data_release(h);
    }
    return 0;
}

int sc_cells_read(ScCells *c, int var, double *out) { return copy_var(c, var, out, NULL); }
int sc_cells_write(ScCells *c, int var, const double *in) { return copy_var(c, var, NULL, in); }

int sc_cells_set_params(ScCells *c, const double *values, char *err, size_t errlen)
{
    for (int k = 0; k < c->d->nparams; k++)
        if (!isfinite(values[k])) {
            sc_set_err(err, errlen, "parameter %s: value not finite", c->d->param_names[k]);
            return -1;
        }
    starpu_data_acquire(c->h_pc, STARPU_W);
    if (c->nlut)
        starpu_data_acquire(c->h_lut, STARPU_W);
    memcpy(c->params, values, sizeof(double) * (size_t)c->d->nparams);
    fill_pc(c);
    if (c->nlut)
        starpu_data_release(c->h_lut);
    starpu_data_release(c->h_pc);
    return 0;
}

int sc_cells_vary_param(ScCells *c, int k, const double *values, char *err, size_t errlen)
{
    if (k < 0 || k >= c->d->nparams) {
        sc_set_err(err, errlen, "no parameter %d (the model has %d)", k, c->d->nparams);
        return -1;
    }
    for (long i = 0; i < c->n; i++)
        if (!isfinite(values[i])) {
            sc_set_err(err, errlen, "parameter %s: value of cell %ld not finite", c->d->param_names[k], i);
            return -1;
        }
    int row = -1;
    for (int r = 0; r < c->nvary; r++)
        if (c->vary_k[r] == k)
            row = r;
    if (row < 0) {
        if (c->nvary == SC_MAX_VARY) {
            sc_set_err(err, errlen, "at most %d parameters can vary per cell", SC_MAX_VARY);
            return -1;
        }
        /* one more row: a new blocked array, the old rows copied over, handles made anew */
        int nv = c->nvary + 1;
        void *np_ = calloc((size_t)c->n * (size_t)nv, c->esz);
        if (!np_) {
            sc_set_err(err, errlen, "out of memory");
            return -1;
        }
        if (c->nvary) {
            unregister_split(c, c->h_pcell, c->p_pcell);   /* brings the old rows home */
            for (int p = 0; p < c->np; p++)
                for (int r = 0; r < c->nvary; r++)
                    for (long i = 0; i < c->size[p]; i++)
                        putv(c, np_, (size_t)(c->off[p] * nv + r * c->size[p] + i),
                             getv(c, c->pcell, (size_t)(c->off[p] * c->nvary + r * c->size[p] + i)));
        }
        free(c->pcell);
        c->pcell = np_;
        row = c->nvary;
        c->vary_k[row] = k;
        c->nvary = nv;
        for (int p = 0; p < c->np; p++)
            for (long i = 0; i < c->size[p]; i++)
                putv(c, c->pcell, (size_t)(c->off[p] * nv + row * c->size[p] + i), values[c->off[p] + i]);
        register_split(c, c->pcell, nv, &c->h_pcell, c->p_pcell);
        return 0;
    }
    for (int p = 0; p < c->np; p++) {
        starpu_data_acquire(c->p_pcell[p], STARPU_RW);
        for (long i = 0; i < c->size[p]; i++)
            putv(c, c->pcell, (size_t)(c->off[p] * c->nvary + row * c->size[p] + i), values[c->off[p] + i]);
        starpu_data_release(c->p_pcell[p]);
    }
    return 0;
}

int sc_cells_lut_oor(ScCells *c, unsigned long long *counts)
{
    memset(counts, 0, sizeof(unsigned long long) * SC_MAX_TABLES);
    for (int p = 0; p < c->np; p++) {
        starpu_data_acquire(c->p_stat[p], STARPU_R);
        for (int t = 0; t < SC_MAX_TABLES; t++)
            counts[t] += c->stat[(size_t)p * SC_STAT_WORDS + 2 + (size_t)t];
        starpu_data_release(c->p_stat[p]);
    }
    return 0;
}

int sc_cells_stats(const ScCells *c, ScWorkerLoad *w, int max)
{
    int nw = (int)starpu_worker_get_count();
    for (int i = 0; i < nw && i < max; i++) {
        memset(&w[i], 0, sizeof w[i]);
        starpu_worker_get_name(i, w[i].name, sizeof w[i].name);
        w[i].is_gpu = starpu_worker_get_type(i) != STARPU_CPU_WORKER;
        w[i].tasks = c->acc.tasks[i];
        w[i].cell_steps = c->acc.cell_steps[i];
        struct starpu_profiling_worker_info info;
        if (starpu_profiling_status_get() == STARPU_PROFILING_ENABLE &&
            starpu_profiling_worker_get_info(i, &info) == 0) {
            ((ScCells *)c)->busy[i] += starpu_timing_timespec_to_us(&info.executing_time) * 1e-6;
        }
        w[i].busy_s = c->busy[i];
    }
    return nw;
}

/* ---- checkpoint ------------------------------------------------------------------------------
 * File: the line "starcarp-checkpoint 1\n", then a binary header (ScCkptHeader), the nparams
 * uniform parameter values, nvary parameter indices (int) and nvary rows of ncells values, then
 * the nsv states, Vm and Iion, each ncells values in cell order; every value a little-endian
 * double (the machines starcarp runs on are little-endian), whatever the precision of the run. */
typedef struct ScCkptHeader {
    char model[128];
    char source_hash[72];
    long long ncells, step;
    int precision, nsv, nparams, nvary;
    double dt;
} ScCkptHeader;

static const char ckpt_magic[] = "starcarp-checkpoint 1\n";

int sc_cells_save(ScCells *c, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "wb");
    if (!f) {
        sc_set_err(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    ScCkptHeader h;
    memset(&h, 0, sizeof h);
    snprintf(h.model, sizeof h.model, "%s", c->m->name);
    snprintf(h.source_hash, sizeof h.source_hash, "%s", c->d->source_hash ? c->d->source_hash : "");
    h.ncells = c->n, h.step = c->step, h.precision = c->f32 ? 32 : 64, h.nsv = c->nsv;
    h.nparams = c->d->nparams, h.nvary = c->nvary, h.dt = c->cfg.dt;
    int ok = fwrite(ckpt_magic, 1, sizeof ckpt_magic - 1, f) == sizeof ckpt_magic - 1 &&
             fwrite(&h, sizeof h, 1, f) == 1 &&
             fwrite(c->params, sizeof(double), (size_t)h.nparams, f) == (size_t)h.nparams &&
             fwrite(c->vary_k, sizeof(int), (size_t)c->nvary, f) == (size_t)c->nvary;
    double *buf = malloc(sizeof(double) * (size_t)c->n);
    for (int r = 0; ok && buf && r < c->nvary; r++) {
        for (int p = 0; p < c->np; p++) {
            starpu_data_acquire(c->p_pcell[p], STARPU_R);
            for (long i = 0; i < c->size[p]; i++)
                buf[c->off[p] + i] = getv(c, c->pcell, (size_t)(c->off[p] * c->nvary + r * c->size[p] + i));
            starpu_data_release(c->p_pcell[p]);
        }
        ok = fwrite(buf, sizeof(double), (size_t)c->n, f) == (size_t)c->n;
    }
    for (int var = 0; ok && buf && var < c->nsv + 2; var++) {
        int v = var < c->nsv ? var : var == c->nsv ? SC_VAR_VM : SC_VAR_IION;
        sc_cells_read(c, v, buf);
        ok = fwrite(buf, sizeof(double), (size_t)c->n, f) == (size_t)c->n;
    }
    if (fclose(f) != 0)
        ok = 0;
    if (!ok || !buf)
        sc_set_err(err, errlen, "%s: %s", path, buf ? strerror(errno) : "out of memory");
    free(buf);
    return ok && buf ? 0 : -1;
}

int sc_cells_load(ScCells *c, const char *path, char *err, size_t errlen)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        sc_set_err(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    char magic[sizeof ckpt_magic];
    ScCkptHeader h;
    int rc = -1;
    double *buf = NULL, *params = NULL;
    int *vk = NULL;
    if (fread(magic, 1, sizeof ckpt_magic - 1, f) != sizeof ckpt_magic - 1 ||
        memcmp(magic, ckpt_magic, sizeof ckpt_magic - 1) != 0 || fread(&h, sizeof h, 1, f) != 1) {
        sc_set_err(err, errlen, "%s: not a starcarp checkpoint", path);
        goto out;
    }
    h.model[sizeof h.model - 1] = '\0';
    if (strcmp(h.model, c->m->name) != 0 || h.nsv != c->nsv || h.nparams != c->d->nparams) {
        sc_set_err(err, errlen, "%s: checkpoint of model %s (%d states), this run is %s (%d states)", path, h.model,
                h.nsv, c->m->name, c->nsv);
        goto out;
    }
    if (h.ncells != c->n || h.precision != (c->f32 ? 32 : 64) || h.nvary < 0 || h.nvary > SC_MAX_VARY) {
        sc_set_err(err, errlen, "%s: checkpoint of %lld cells in %d-bit precision, this run has %ld cells in %d-bit",
                path, h.ncells, h.precision, c->n, c->f32 ? 32 : 64);
        goto out;
    }
    params = malloc(sizeof(double) * ((size_t)h.nparams + 1));
    vk = malloc(sizeof(int) * ((size_t)h.nvary + 1));
    buf = malloc(sizeof(double) * (size_t)c->n);
    if (!params || !vk || !buf || fread(params, sizeof(double), (size_t)h.nparams, f) != (size_t)h.nparams ||
        fread(vk, sizeof(int), (size_t)h.nvary, f) != (size_t)h.nvary) {
        sc_set_err(err, errlen, "%s: truncated checkpoint", path);
        goto out;
    }
    if (sc_cells_set_params(c, params, err, errlen) < 0)
        goto out;
    for (int r = 0; r < h.nvary; r++) {
        if (fread(buf, sizeof(double), (size_t)c->n, f) != (size_t)c->n) {
            sc_set_err(err, errlen, "%s: truncated checkpoint", path);
            goto out;
        }
        if (sc_cells_vary_param(c, vk[r], buf, err, errlen) < 0)
            goto out;
    }
    for (int var = 0; var < c->nsv + 2; var++) {
        if (fread(buf, sizeof(double), (size_t)c->n, f) != (size_t)c->n) {
            sc_set_err(err, errlen, "%s: truncated checkpoint", path);
            goto out;
        }
        sc_cells_write(c, var < c->nsv ? var : var == c->nsv ? SC_VAR_VM : SC_VAR_IION, buf);
    }
    c->step = (long)h.step;
    rc = 0;
out:
    free(buf), free(params), free(vk);
    fclose(f);
    return rc;
}

/* step_insert.c: step tasks of a model on an application's own handles (starcarp.h, "Step tasks
 * on the application's handles"): the model's constant data registered once (ScModelData), the
 * scratch of one partition (ScStepPart: its status words, and a placeholder for a model without
 * externals), and the insertion of one task through the model's codelet (sc_insert_step). The
 * buffers and their layout are those of cl_step.h; no math here. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "cl_step.h"
#include "host_model.h"
#include "place.h"
#include "util_int.h"

struct ScModelData {
    const ScModelEntry *m;
    int f32;
    size_t esz; /* bytes of one value */
    ScHostModel h; /* the parameters, constants, initial state and tables, in double */
    void *pc, *lut; /* those the tasks read, in the data's precision */
    double placeholder; /* the per-cell parameters' buffer, never read here */
    starpu_data_handle_t h_pc, h_lut, h_pcell;
};

struct ScStepPart {
    long n;
    int nexternals;
    void *ext; /* nexternals x n values, or one placeholder value */
    unsigned long long stat[CL_STAT_WORDS];
    starpu_data_handle_t h_ext, h_stat;
};

/* n values of x (double) into dst in the precision of d. */
static void put_values(const ScModelData *d, void *dst, const double *x, size_t n) {
    for (size_t i = 0; i < n; i++) {
        if (d->f32)
            ((float *)dst)[i] = (float)x[i];
        else
            ((double *)dst)[i] = x[i];
    }
}

ScModelData *sc_model_data_create(const ScModelEntry *m, ScPrecision p, char *err, size_t errlen) {
    if (!m || (p != SC_DOUBLE && p != SC_SINGLE)) {
        sc_set_err(err, errlen, "no model, or precision %d (accepted: SC_DOUBLE, SC_SINGLE)", p);
        return NULL;
    }
    if (place_need_starpu(err, errlen) != 0)
        return NULL;
    ScModelData *d = calloc(1, sizeof *d);
    if (!d || kern_host_model_init(&d->h, m->desc, NULL) != 0) {
        free(d);
        sc_set_err(err, errlen, "out of memory");
        return NULL;
    }
    d->m = m, d->f32 = sc_precision_index(p), d->esz = d->f32 ? sizeof(float) : sizeof(double);
    d->pc = calloc((size_t)d->h.npc + 1, d->esz);
    d->lut = d->h.nlut ? calloc(d->h.nlut, d->esz) : NULL;
    if (!d->pc || (d->h.nlut && !d->lut)) {
        sc_model_data_destroy(d);
        sc_set_err(err, errlen, "out of memory");
        return NULL;
    }
    put_values(d, d->pc, d->h.pc, (size_t)d->h.npc);
    if (d->lut)
        put_values(d, d->lut, d->h.lut, d->h.nlut);
    starpu_vector_data_register(&d->h_pc, STARPU_MAIN_RAM, (uintptr_t)d->pc, (uint32_t)d->h.npc + 1, d->esz);
    starpu_vector_data_register(&d->h_pcell, STARPU_MAIN_RAM, (uintptr_t)&d->placeholder, 1, sizeof(double));
    if (d->lut)
        starpu_vector_data_register(&d->h_lut, STARPU_MAIN_RAM, (uintptr_t)d->lut, (uint32_t)d->h.nlut,
                                    d->esz);
    else
        d->h_lut = d->h_pcell;
    return d;
}

void sc_model_data_destroy(ScModelData *d) {
    if (!d)
        return;
    if (d->h_pc)
        starpu_data_unregister(d->h_pc);
    if (d->h_lut && d->h_lut != d->h_pcell)
        starpu_data_unregister(d->h_lut);
    if (d->h_pcell)
        starpu_data_unregister(d->h_pcell);
    free(d->pc), free(d->lut);
    kern_host_model_free(&d->h);
    free(d);
}

int sc_model_data_initial(const ScModelData *d, long n, void *sv, void *vm) {
    if (!d || n < 1 || !sv || !vm)
        return -1;
    int nsv = d->m->desc->nsv;
    for (int k = 0; k < nsv; k++)
        for (long i = 0; i < n; i++)
            put_values(d, (char *)sv + ((size_t)k * (size_t)n + (size_t)i) * d->esz, &d->h.sv0[k], 1);
    for (long i = 0; i < n; i++)
        put_values(d, (char *)vm + (size_t)i * d->esz, &d->h.vm0, 1);
    return 0;
}

ScStepPart *sc_step_part_create(const ScModelData *d, long n, char *err, size_t errlen) {
    if (!d || n < 1 || n > SC_CELLS_MAX) {
        sc_set_err(err, errlen, "no model data, or %ld cells (1 .. %ld)", n, (long)SC_CELLS_MAX);
        return NULL;
    }
    ScStepPart *s = calloc(1, sizeof *s);
    int next = d->m->desc->nexternals;
    if (s)
        s->ext = calloc(next ? (size_t)next * (size_t)n : 1, d->esz);
    if (!s || !s->ext) {
        free(s);
        sc_set_err(err, errlen, "out of memory");
        return NULL;
    }
    s->n = n, s->nexternals = next;
    s->stat[0] = ~0ULL; /* no failure (ScStepStatus.key) */
    starpu_vector_data_register(&s->h_ext, STARPU_MAIN_RAM, (uintptr_t)s->ext, next ? (uint32_t)n : 1,
                                next ? (size_t)next * d->esz : d->esz);
    starpu_vector_data_register(&s->h_stat, STARPU_MAIN_RAM, (uintptr_t)s->stat, CL_STAT_WORDS,
                                sizeof(unsigned long long));
    return s;
}

void sc_step_part_destroy(ScStepPart *s) {
    if (!s)
        return;
    starpu_data_unregister(s->h_ext);
    starpu_data_unregister(s->h_stat);
    free(s->ext);
    free(s);
}

int sc_step_part_failure(ScStepPart *s, long *step, long *cell, double *vm) {
    if (!s || starpu_data_acquire(s->h_stat, STARPU_R) != 0)
        return -1;
    const ScStepStatus *st = (const ScStepStatus *)(void *)s->stat;
    int failed = st->key != ~0ULL;
    if (failed) {
        if (step)
            *step = (long)(st->key >> 32);
        if (cell)
            *cell = (long)(st->key & 0xffffffffULL);
        if (vm)
            *vm = st->value;
    }
    starpu_data_release(s->h_stat);
    return failed;
}

starpu_data_handle_t sc_step_part_ext(const ScStepPart *s) { return s && s->nexternals ? s->h_ext : NULL; }

int sc_insert_step(const ScModelData *d, ScStepPart *s, starpu_data_handle_t sv, starpu_data_handle_t vm,
                   starpu_data_handle_t iion, const ScStepOptions *o) {
    if (!d || !s || !sv || !vm || !iion || !o || o->nsteps < 1 || !(o->dt > 0))
        return -EINVAL;
    size_t nsv = d->m->desc->nsv ? (size_t)d->m->desc->nsv : 1;
    if ((long)starpu_vector_get_nx(vm) != s->n || (long)starpu_vector_get_nx(sv) != s->n ||
        (long)starpu_vector_get_nx(iion) != s->n || starpu_vector_get_elemsize(vm) != d->esz ||
        starpu_vector_get_elemsize(iion) != d->esz || starpu_vector_get_elemsize(sv) != nsv * d->esz)
        return -EINVAL;
    struct starpu_codelet *cl =
        sc_model_codelet(d->m, d->f32 ? SC_SINGLE : SC_DOUBLE, d->lut ? SC_VARIANT_LUT : SC_VARIANT_EXACT);
    if (!cl)
        return -ENOENT;
    struct sc_step_task t;
    memset(&t, 0, sizeof t);
    t.model = d->m, t.precision = d->f32 ? SC_SINGLE : SC_DOUBLE, t.uses = d->lut ? SC_TASK_USES_LUT : 0;
    ScStepArgs *a = &t.args;
    for (int k = 0; k < SC_MAX_PARAMS; k++)
        a->vary[k] = -1;
    a->d0 = o->d0, a->nsteps = o->nsteps, a->dt = o->dt, a->stim = o->stim;
    a->flags = o->flags & (SC_STEP_BENCH | SC_STEP_NO_WATCH);
    a->vm_bound = o->vm_bound;
    ScStepHandles h = {sv, vm, iion, s->h_ext, d->h_pc, d->h_lut, d->h_pcell, s->h_stat};
    return cl_step_submit(cl, &h, &t, -1);
}

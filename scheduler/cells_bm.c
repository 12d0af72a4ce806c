/* cells_bm.c: the biomarkers of a cell array (starcarp.h, "biomarkers"; docs/study.md): each
 * partition's fields (KERN_BM_NACC doubles a cell, kernels/biomarker.h) and its scratch for Vm at
 * every step (and with qNet the currents' sum, whose weights one handle holds for every partition),
 * the step tasks that measure (cl_step_bm.c) in place of the plain ones, the windows' last
 * write-out, and the reading of the fields. cells.h has the layout. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "util_int.h"

#define BM_FAIL(...) (sc_set_err(err, errlen, __VA_ARGS__), -1)

/* the public fields are the kernel's output fields, in the same order */
_Static_assert(SC_BM_NFIELDS == KERN_BM_NACC - KERN_BM_OUT_BEAT, "SC_BM_* and KERN_BM_OUT_* differ");
_Static_assert(SC_BM_MAXLEV == KERN_BM_MAXLEV, "SC_BM_MAXLEV and KERN_BM_MAXLEV differ");

int sc_model_calcium(const ScModelEntry *m) {
    static const char *const names[] = {"Ca_i", "cai", "Cai", "Ca_in", "ca_i", "Ca_myo", "Cai_free"};
    const ScModelDesc *d = m->desc;
    for (int k = 0; k < d->nstates; k++)
        for (size_t j = 0; j < sizeof names / sizeof *names; j++)
            if (!strcmp(d->sv_names[k], names[j]))
                return k;
    return -1;
}

/* The kernel's settings from b (defaults filled in) and c's pacing into *a. 0, or -1 + err. */
static int settings(const ScCells *c, const ScBiomarkers *b, KernBmArgs *a, char *err, size_t errlen) {
    memset(a, 0, sizeof *a);
    if (c->stim.count < 1)
        return BM_FAIL("biomarkers need a stimulus train: their windows are its beats");
    a->dt = c->cfg.dt, a->start = c->stim.start, a->period = c->stim.count > 1 ? c->stim.period : 0;
    static const double deflev[] = {0.3, 0.5, 0.9};
    int n = b && b->nlevels > 0 ? b->nlevels : 3;
    const double *lev = b && b->nlevels > 0 ? b->levels : deflev;
    a->i90 = -1;
    for (int j = 0; j < n; j++) {
        if (!(lev[j] > 0 && lev[j] < 1))
            return BM_FAIL("repolarisation level %g: a level is a fraction in (0, 1) (0.9: APD90)", lev[j]);
        if (fabs(lev[j] - 0.9) < 1e-12)
            a->i90 = j;
    }
    if (n + (a->i90 < 0) > KERN_BM_MAXLEV)
        return BM_FAIL("%d repolarisation levels: at most %d, 0.9 among them", n + (a->i90 < 0),
                       KERN_BM_MAXLEV);
    memcpy(a->lev, lev, sizeof(double) * (size_t)n);
    a->nlev = n;
    if (a->i90 < 0)
        a->lev[a->nlev] = 0.9, a->i90 = a->nlev++;
    a->up_mv = b && b->up_mv > 0 ? b->up_mv : 40;
    a->ead_mv = b && b->ead_mv > 0 ? b->ead_mv : 1;
    a->ead_delay_ms = b && b->ead_delay_ms > 0 ? b->ead_delay_ms : 50;
    a->dad_mv = b && b->dad_mv > 0 ? b->dad_mv : 5;
    return 0;
}

/* qNet's weights of c's model (sc_model_qnet_weights) into c->bm_w, registered as c->h_bmw. 0, or
 * -1 + err (the model lacks a current, or does not trace it; out of memory). */
static int qnet_weights(ScCells *c, char *err, size_t errlen) {
    int nt = c->d->ntraces;
    double *w = malloc(sizeof(double) * (size_t)(nt > 0 ? nt : 1));
    if (!w)
        return BM_FAIL("out of memory for the weights of qNet");
    if (sc_model_qnet_weights(c->m, w, err, errlen) < 0) {
        free(w);
        return -1;
    }
    c->bm_w = w;
    starpu_vector_data_register(&c->h_bmw, STARPU_MAIN_RAM, (uintptr_t)w, (uint32_t)nt, sizeof(double));
    return 0;
}

int sc_cells_biomarkers(ScCells *c, const ScBiomarkers *b, char *err, size_t errlen) {
    if (c->bm_acc)
        return BM_FAIL("the array measures biomarkers already");
    if (settings(c, b, &c->bm, err, errlen) < 0)
        return -1;
    c->bm_ca = b ? b->calcium : -1;
    int qnet = b && b->qnet;
    c->bm_hash = cl_step_bm_hash(c->m, c->f32 ? SC_SINGLE : SC_DOUBLE, qnet);
    if (c->bm_ca >= c->d->nstates)
        return BM_FAIL("calcium state %d: %s has %d states", c->bm_ca, c->m->name, c->d->nstates);
    if (qnet && qnet_weights(c, err, errlen) < 0)
        return -1;
    c->bm_acc = malloc(sizeof(double) * KERN_BM_NACC * (size_t)c->n);
    c->p_bm = calloc((size_t)c->np, sizeof *c->p_bm);
    c->p_bms = calloc((size_t)c->np, sizeof *c->p_bms);
    if (!c->bm_acc || !c->p_bm || !c->p_bms) {
        cells_bm_free(c);
        return BM_FAIL("out of memory for the biomarkers of %ld cells", c->n);
    }
    for (int p = 0; p < c->np; p++) {
        double *acc = c->bm_acc + (size_t)c->off[p] * KERN_BM_NACC;
        kern_bm_init(acc, (size_t)c->size[p]);
        starpu_vector_data_register(&c->p_bm[p], STARPU_MAIN_RAM, (uintptr_t)acc, (uint32_t)c->size[p],
                                    sizeof(double) * KERN_BM_NACC);
        starpu_vector_data_register(&c->p_bms[p], -1, 0, (uint32_t)c->size[p],
                                    c->esz * (size_t)c->cfg.steps_per_task * (qnet ? 2 : 1));
    }
    return 0;
}

/* See cells.h. */
int cells_bm_submit(ScCells *c, int p, const struct sc_step_task *t, int finish) {
    struct cl_step_bm_task bt;
    memset(&bt, 0, sizeof bt);
    bt.step = *t, bt.bm = c->bm, bt.ca_state = c->bm_ca, bt.model_hash = c->bm_hash;
    bt.qnet = c->bm_w != NULL;
    bt.bm.finish = finish;
    ScStepHandles h = cells_step_handles(c, p);
    return cl_step_bm_submit(&h, c->p_bms[p], c->p_bm[p], c->h_bmw, &bt, c->worker[p]);
}

int sc_cells_biomarkers_end(ScCells *c) {
    if (!c->bm_acc)
        return -1;
    struct sc_step_task t;
    cells_task_args(c, &t, c->step, 0, SC_STEP_BENCH);
    for (int p = 0; p < c->np; p++) {
        int rc = cells_bm_submit(c, p, &t, 1);
        if (rc != 0) {
            fprintf(stderr, "starcarp: StarPU refused a biomarker task of %s (%s)\n", c->m->name,
                    strerror(-rc));
            return -1;
        }
    }
    return 0;
}

int sc_cells_biomarker_levels(const ScCells *c, double *levels) {
    if (!c->bm_acc)
        return -1;
    memcpy(levels, c->bm.lev, sizeof(double) * (size_t)c->bm.nlev);
    return c->bm.nlev;
}

int sc_cells_biomarker_read(ScCells *c, int field, double *out) {
    if (!c->bm_acc || field < 0 || field >= SC_BM_NFIELDS)
        return -1;
    for (int p = 0; p < c->np; p++) {
        if (starpu_data_acquire(c->p_bm[p], STARPU_R) != 0)
            return -1;
        const double *acc = c->bm_acc + (size_t)c->off[p] * KERN_BM_NACC;
        memcpy(out + c->off[p], acc + (size_t)(KERN_BM_OUT_BEAT + field) * (size_t)c->size[p],
               sizeof(double) * (size_t)c->size[p]);
        starpu_data_release(c->p_bm[p]);
    }
    return 0;
}

/* See cells.h. */
void cells_bm_free(ScCells *c) {
    for (int p = 0; p < c->np; p++) {
        if (c->p_bm && c->p_bm[p])
            starpu_data_unregister(c->p_bm[p]);
        if (c->p_bms && c->p_bms[p])
            starpu_data_unregister(c->p_bms[p]);
    }
    if (c->bm_w)
        starpu_data_unregister(c->h_bmw);
    free(c->p_bm), free(c->p_bms), free(c->bm_acc), free(c->bm_w);
    c->p_bm = c->p_bms = NULL, c->bm_acc = c->bm_w = NULL, c->h_bmw = NULL;
}

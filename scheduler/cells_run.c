/* cells_run.c: a cell array advanced by step tasks (one per partition per K steps), its failure
 * records and its statistics (cells.h). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"

/* The codelet variant of the current settings: per-cell parameters, tables, or exact. */
static ScVariant variant(const ScCells *c) {
    return c->nvary ? SC_VARIANT_PCELL : c->nlut ? SC_VARIANT_LUT : SC_VARIANT_EXACT;
}

/* See cells.h. */
void cells_task_args(ScCells *c, struct sc_step_task *t, long d0, int nsteps, unsigned flags) {
    memset(t, 0, sizeof *t);
    t->model = c->m;
    t->precision = c->f32 ? SC_SINGLE : SC_DOUBLE;
    t->uses = c->nlut ? SC_TASK_USES_LUT : 0;
    t->account = &c->acc;
    ScStepArgs *a = &t->args;
    for (int k = 0; k < SC_MAX_PARAMS; k++)
        a->vary[k] = -1;
    for (int r = 0; r < c->nvary; r++)
        a->vary[c->vary_k[r]] = (signed char)r;
    a->nvary = c->nvary;
    a->d0 = d0, a->nsteps = nsteps, a->dt = c->cfg.dt;
    a->flags = flags | (c->cfg.no_lut ? SC_STEP_NO_LUT : 0) | (c->cfg.no_watch ? SC_STEP_NO_WATCH : 0);
    a->stim = c->stim;
    a->rtol = c->cfg.rtol, a->atol = c->cfg.atol, a->max_substeps = c->cfg.max_substeps;
    a->vm_bound = c->cfg.vm_bound;
}

ScStepHandles cells_step_handles(const ScCells *c, int p) {
    return (ScStepHandles){c->p_sv[p],    c->p_vm[p],  c->p_iion[p],
                           c->p_ext[p],   c->h_pc,     c->nlut ? c->h_lut : c->h_dummy,
                           c->p_pcell[p], c->p_stat[p]};
}

/* One step task per partition from step d0, nsteps steps, with the flags. 0, or -1 when the model
 * has no codelet or StarPU refused a task (message on stderr). */
static int submit(ScCells *c, long d0, int nsteps, unsigned flags) {
    struct starpu_codelet *cl = sc_model_codelet(c->m, c->f32 ? SC_SINGLE : SC_DOUBLE, variant(c));
    if (!cl)
        return -1;
    struct sc_step_task t;
    cells_task_args(c, &t, d0, nsteps, flags);
    for (int p = 0; p < c->np; p++) {
        ScStepHandles h = cells_step_handles(c, p);
        int rc = c->bm_acc && (flags & SC_STEP_BENCH) ? cells_bm_submit(c, p, &t, 0)
                                                      : cl_step_submit(cl, &h, &t, c->worker[p]);
        if (rc != 0) {
            fprintf(stderr, "starcarp: StarPU refused a task of %s (%s)\n", c->m->name, strerror(-rc));
            return -1;
        }
    }
    return 0;
}

int sc_cells_advance(ScCells *c, long nsteps) {
    const long K = c->cfg.steps_per_task;
    while (nsteps > 0) {
        int k = (int)(nsteps < K ? nsteps : K);
        if (submit(c, c->step, k, SC_STEP_BENCH) < 0)
            return -1;
        c->step += k, nsteps -= k;
    }
    return 0;
}

int sc_cells_eval_iion(ScCells *c) { return submit(c, c->step, 1, SC_STEP_IION_ONLY); }

/* Is x, the value of state k, outside the physiology watch's bounds (finite, beyond them)? */
static int out_of_watch(const ScModelDesc *d, int k, double x) {
    return isfinite(x) && (x < d->sv_lo[k] || x > d->sv_hi[k]);
}

/* What is wrong with the states of a failed cell, into buf: the first watched state out of its
 * bounds (the physiology watch, ScModelDesc.sv_lo/sv_hi) into watch ("" when none), and the names
 * of the states that are not finite into bad ("; non-finite: Ca_i, ..."). Vm into *vm. */
static void bad_states(ScCells *c, long cell, char *watch, size_t wlen, char *bad, size_t len, double *vm) {
    double *sv = calloc((size_t)c->nsv + 1, sizeof(double)), ii;
    bad[0] = watch[0] = '\0';
    if (!sv || sc_cells_sample(c, &cell, 1, vm, &ii, sv) < 0) {
        free(sv);
        return;
    }
    const ScModelDesc *d = c->d;
    for (int k = 0; k < d->nstates && !watch[0]; k++)
        if (out_of_watch(d, k, sv[k]))
            snprintf(watch, wlen, "%s = %.6g %s", d->sv_names[k], sv[k],
                     d->sv_hi[k] < 1e300 ? "outside a gate's range [0, 1]" : "below 0, for a concentration");
    size_t o = 0;
    int nbad = 0;
    for (int k = 0; k < c->nsv && o + 40 < len; k++)
        if (!isfinite(sv[k]))
            o += (size_t)snprintf(bad + o, len - o, "%s%s", nbad++ ? ", " : "; non-finite: ", d->sv_names[k]);
    if (!isfinite(ii) && o + 20 < len)
        snprintf(bad + o, len - o, "%sIion", nbad ? ", " : "; non-finite: ");
    free(sv);
}

int sc_cells_wait(ScCells *c, ScFailure *f) {
    unsigned long long best = ~0ULL;
    int bp = -1;
    double bv = 0;
    for (int p = 0; p < c->np; p++) {
        starpu_data_acquire(c->p_stat[p], STARPU_R);
        unsigned long long key = c->stat[(size_t)p * CL_STAT_WORDS];
        if (key != ~0ULL) {
            unsigned long long d = key >> 32, i = key & 0xffffffffULL;
            unsigned long long g = (d << 32) | (unsigned long long)(c->off[p] + (long)i);
            if (g < best) {
                best = g, bp = p;
                memcpy(&bv, &c->stat[(size_t)p * CL_STAT_WORDS + 1], sizeof bv);
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
        double bound = c->cfg.vm_bound > 0 ? c->cfg.vm_bound : 1000.0, vm = bv;
        char states[160], watch[96];
        bad_states(c, f->cell, watch, sizeof watch, states, sizeof states, &vm);
        if (*watch) {
            f->vm = vm;
            int chosen = c->m->methods_choice && *c->m->methods_choice;
            snprintf(f->what, sizeof f->what, "%s (Vm = %.6g mV; methods %s, %s)", watch, vm, c->d->methods,
                     chosen ? "the automatic choice: --methods file keeps the model file's"
                            : "the model file's: a smaller --dt, or --methods STATE=cvode for that state");
        } else if (isfinite(bv)) {
            snprintf(f->what, sizeof f->what, "Vm = %.6g mV beyond the bound %g mV%s", bv, bound, states);
        } else { /* a watched state not finite: the recorded value is the watch's; Vm is sampled */
            snprintf(f->what, sizeof f->what, "Vm = %g%s", isinf(bv) ? vm : bv, states);
        }
    }
    return 1;
}

long sc_cells_failed_cells(ScCells *c, long *cells) {
    const ScModelDesc *d = c->d;
    double bound = c->cfg.vm_bound > 0 ? c->cfg.vm_bound : 1000.0;
    long nbad = 0;
    for (int p = 0; p < c->np; p++) {
        if (starpu_data_acquire(c->p_sv[p], STARPU_R) != 0)
            return -1;
        if (starpu_data_acquire(c->p_vm[p], STARPU_R) != 0) {
            starpu_data_release(c->p_sv[p]);
            return -1;
        }
        const void *sv = (const void *)starpu_vector_get_local_ptr(c->p_sv[p]);
        const void *vm = (const void *)starpu_vector_get_local_ptr(c->p_vm[p]);
        for (long i = 0; i < c->size[p]; i++) {
            int bad = !(fabs(cells_get(c, vm, (size_t)i)) <= bound);
            for (int k = 0; k < d->nstates && !bad; k++) {
                double x = cells_get(c, sv, (size_t)k * (size_t)c->size[p] + (size_t)i);
                bad = !isfinite(x) || out_of_watch(d, k, x);
            }
            if (bad)
                cells[nbad++] = c->off[p] + i;
        }
        starpu_data_release(c->p_vm[p]);
        starpu_data_release(c->p_sv[p]);
    }
    return nbad;
}

int sc_cells_clear_failure(ScCells *c) {
    for (int p = 0; p < c->np; p++) {
        if (starpu_data_acquire(c->p_stat[p], STARPU_RW) != 0)
            return -1;
        c->stat[(size_t)p * CL_STAT_WORDS] = ~0ULL;
        c->stat[(size_t)p * CL_STAT_WORDS + 1] = 0;
        starpu_data_release(c->p_stat[p]);
    }
    c->acc.launch_error = 0;
    return 0;
}

int sc_cells_lut_oor(ScCells *c, unsigned long long *counts) {
    memset(counts, 0, sizeof(unsigned long long) * SC_MAX_TABLES);
    for (int p = 0; p < c->np; p++) {
        starpu_data_acquire(c->p_stat[p], STARPU_R);
        for (int t = 0; t < SC_MAX_TABLES; t++)
            counts[t] += c->stat[(size_t)p * CL_STAT_WORDS + 2 + (size_t)t];
        starpu_data_release(c->p_stat[p]);
    }
    return 0;
}

int sc_cells_stats(const ScCells *c, ScWorkerLoad *w, int max) {
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

double sc_cells_expected_us(const ScCells *c, int p, int worker) {
    if (!c || p < 0 || p >= c->np)
        return NAN;
    return sc_model_expected_us(c->m, c->f32 ? SC_SINGLE : SC_DOUBLE, variant(c), c->size[p],
                                c->cfg.steps_per_task, worker);
}

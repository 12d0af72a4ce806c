/* bench_side.c: clamps, traced variables, AP statistics and --plot of `starcarp bench` (bench_side.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_apstats.h"
#include "bench_out.h"
#include "bench_side.h"
#include "plot.h"
#include "starcarp_util.h"

#define FAIL(err, errlen, ...) (snprintf((err), (err) ? (errlen) : 0, __VA_ARGS__), -1)

struct BenchSide {
    const BenchOpts *o;
    const ScModelDesc *d;
    int writer;
    BoutTrace *tw; /* NULL: no traces */
    double *pc, *sv, *tr; /* the probe cell's parameter set, a copy of its states, its traces */
    int ap; /* AP samples are kept */
    long ap_every;
    BapTrace vm;
    double *col; /* a clamp value for each cell of the rank */
    long ncol;
    int stopped; /* bside_stop: the run was stopped */
    long res_rows; /* the rows of NAME_APD_restitution.dat on disk */
};

/* The first probe cell's parameter set: the array's values, --vary's for that cell, the derived
 * parameters that follow them recomputed (as the cell array does: sc_cells_vary_param), constants. */
static int probe_params(BenchSide *s, const double *params, const int *vary_k) {
    const ScModelDesc *d = s->d;
    s->pc = calloc((size_t)(d->nparams + d->nconsts) + 1, sizeof(double));
    unsigned char *given = calloc((size_t)d->nparams + 1, 1);
    if (!s->pc || !given) {
        free(given);
        return -1;
    }
    sc_params_pinned(d, params, given); /* the derived parameters the user set */
    memcpy(s->pc, params, sizeof(double) * (size_t)d->nparams);
    for (int v = 0; v < s->o->nvary; v++) {
        s->pc[vary_k[v]] = bopt_vary_value(&s->o->vary[v], s->o->probe[0], s->o->num, params[vary_k[v]]);
        given[vary_k[v]] = 1;
    }
    d->param_derive(s->pc, given);
    free(given);
    if (d->consts)
        d->consts(s->pc);
    return 0;
}

BenchSide *bside_open(const BenchOpts *o, const ScModelEntry *m, const double *params, const int *vary_k,
                      int writer, char *err, size_t errlen) {
    BenchSide *s = calloc(1, sizeof *s);
    if (!s) {
        (void)FAIL(err, errlen, "out of memory");
        return NULL;
    }
    s->o = o, s->d = m->desc, s->writer = writer;
    s->ap = writer && (o->ap_stats || o->res.kind != BRS_NONE);
    s->ap_every = bopt_ap_every(o);
    int traces = writer && !o->no_trace && s->d->ntraces > 0 && s->d->c_run[0];
    if (traces) {
        s->sv = calloc((size_t)s->d->nsv + 1, sizeof(double));
        s->tr = calloc((size_t)s->d->ntraces, sizeof(double));
        if (!s->sv || !s->tr || probe_params(s, params, vary_k) < 0) {
            (void)FAIL(err, errlen, "out of memory");
            bside_close(s, NULL, 0);
            return NULL;
        }
        s->tw = bout_trace_open(o->trace_no, s->d->name, s->d->ntraces, s->d->trace_names, err, errlen);
        if (!s->tw) {
            bside_close(s, NULL, 0);
            return NULL;
        }
    }
    return s;
}

int bside_wants(const BenchSide *s, long d) {
    return (s->o->ap_stats || s->o->res.kind != BRS_NONE) && d % s->ap_every == 0;
}

int bside_event(const BenchSide *s, long d) { return bside_wants(s, d) || bopt_clamp_at(s->o, d, NULL); }

int bside_clamp(BenchSide *w, ScCells *c, long ncells, long d) {
    double v;
    if (!bopt_clamp_at(w->o, d, &v))
        return 0;
    if (w->ncol != ncells) {
        free(w->col);
        w->col = malloc(sizeof(double) * (size_t)(ncells > 0 ? ncells : 1));
        w->ncol = w->col ? ncells : 0;
        if (!w->col)
            return -1;
    }
    for (long i = 0; i < ncells; i++)
        w->col[i] = v;
    return sc_cells_write(c, SC_VAR_VM, w->col);
}

/* The traced variables of the probe cell at step d from its sampled values. */
static void eval_traces(BenchSide *s, long d, const double *vals) {
    const ScModelDesc *md = s->d;
    double vm = vals[0], iion = vals[1];
    memcpy(s->sv, vals + 2, sizeof(double) * (size_t)md->nsv);
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    a.n = 1, a.sv = s->sv, a.vm = &vm, a.iion = &iion, a.pc = s->pc;
    for (int k = 0; k < SC_MAX_PARAMS; k++)
        a.vary[k] = -1;
    a.d0 = d, a.nsteps = 1, a.dt = s->o->dt, a.flags = SC_STEP_IION_ONLY;
    a.out_start = d, a.out_every = 1, a.out_slot0 = 0, a.out_tr = s->tr;
    md->c_run[0](&a);
}

int bside_sample(BenchSide *s, long d, int output, const double *vals, char *err, size_t errlen) {
    if (!s->writer)
        return 0;
    double t = (double)d * s->o->dt;
    if (output && s->tw) {
        eval_traces(s, d, vals);
        if (bout_trace_row(s->tw, t, s->tr) < 0)
            return bout_trace_close(s->tw, err, errlen), s->tw = NULL, -1;
    }
    if (s->ap && d % s->ap_every == 0 && bap_add(&s->vm, t, vals[0]) < 0)
        return FAIL(err, errlen, "--APstatistics: out of memory");
    return 0;
}

/* The time up to which the restitution file's rows are whole (brs_row_whole): the last AP sample
 * while the run goes on or after a stop; at the end of a complete run every row (infinite), or
 * those within --duration when it ends before the protocol's last pulse. */
static double res_end(const BenchSide *s, int at_end) {
    const BenchOpts *o = s->o;
    if (!at_end || s->stopped)
        return s->vm.n ? s->vm.t[s->vm.n - 1] : -INFINITY;
    return o->nstim_times && o->duration < o->stim_times[o->nstim_times - 1] ? o->duration : INFINITY;
}

/* The beats of the AP samples so far, attached to the pulses, into *b (malloc'd). nb, or -1 with
 * err set. */
static long beats(const BenchSide *s, BapBeat **b, char *err, size_t errlen) {
    long nb = bap_beats(&s->vm, b);
    if (nb < 0)
        return FAIL(err, errlen, "--APstatistics: out of memory");
    bap_attach(*b, nb, s->o->stim_times, s->o->nstim_times);
    return nb;
}

/* NAME_APD_restitution.dat: the rows whole at t_end, through NAME_APD_restitution.dat.tmp renamed
 * over it (the file holds whole rows at any moment). 0, or -1 with err set. */
static int write_restitution(BenchSide *s, const BapBeat *b, long nb, double t_end, char *err,
                             size_t errlen) {
    const BenchOpts *o = s->o;
    char path[1024], tmp[1040];
    snprintf(path, sizeof path, "%s_APD_restitution.dat", o->fout ? o->fout : BOUT_DEFAULT_NAME);
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    long rows =
        bap_write_restitution(tmp, b, nb, o->stim_times, o->stim_marks, o->nstim_times, t_end, err, errlen);
    if (rows < 0) {
        remove(tmp);
        return -1;
    }
    if (rename(tmp, path) != 0)
        return FAIL(err, errlen, "%s: %s", path, strerror(errno));
    s->res_rows = rows;
    return 0;
}

/* NAME_AP_stats.dat and NAME_APD_restitution.dat from the samples (a stopped run: whole rows). */
static int write_ap_files(BenchSide *s, char *err, size_t errlen) {
    const BenchOpts *o = s->o;
    BapBeat *b;
    long nb = beats(s, &b, err, errlen);
    if (nb < 0)
        return -1;
    int rc = 0;
    if (o->ap_stats) {
        char path[1024];
        snprintf(path, sizeof path, "%s_AP_stats.dat", o->fout ? o->fout : BOUT_DEFAULT_NAME);
        /* a stopped run: the beats whose own AP and next activation are whole (the last two may
           be cut: the trace ends in one of them) */
        long nrows = !s->stopped ? nb : nb > 2 ? nb - 2 : 0;
        rc = bap_write_stats(path, b, nb, nrows, o->stim_marks, err, errlen);
    }
    if (rc == 0 && o->res.kind != BRS_NONE)
        rc = write_restitution(s, b, nb, res_end(s, 1), err, errlen);
    free(b);
    return rc;
}

void bside_stop(BenchSide *s) {
    if (s)
        s->stopped = 1;
}

long bside_res_rows(const BenchSide *s, long *total) {
    const BenchOpts *o = s ? s->o : NULL;
    if (!s || !s->ap || o->res.kind == BRS_NONE)
        return -1;
    return brs_whole_rows(o->stim_times, o->stim_marks, o->nstim_times, res_end(s, 1), total);
}

int bside_has_trace(const BenchSide *s) { return s && s->tw; }

int bside_close(BenchSide *s, char *err, size_t errlen) {
    if (!s)
        return 0;
    int rc = s->ap && err ? write_ap_files(s, err, errlen) : 0;
    if (bout_trace_close(s->tw, rc ? NULL : err, rc ? 0 : errlen) < 0)
        rc = -1;
    bap_free(&s->vm);
    free(s->pc), free(s->sv), free(s->tr), free(s->col);
    free(s);
    return rc;
}

int bside_flush(BenchSide *s, char *err, size_t errlen) {
    if (!s)
        return 0;
    if (bout_trace_flush(s->tw) < 0)
        return FAIL(err, errlen, "Trace_%ld.dat: the rows could not be written", s->o->trace_no);
    const BenchOpts *o = s->o;
    double t_end = res_end(s, 0);
    if (!s->ap || o->res.kind == BRS_NONE ||
        brs_whole_rows(o->stim_times, o->stim_marks, o->nstim_times, t_end, NULL) <= s->res_rows)
        return 0;
    BapBeat *b; /* rows became whole since the last write: the file again, with them */
    long nb = beats(s, &b, err, errlen);
    int rc = nb < 0 ? -1 : write_restitution(s, b, nb, t_end, err, errlen);
    free(b);
    return rc;
}

/* ---------------------------------------------------------------- --plot */

/* See bench_side.h. */
void bside_plot_add(BsidePlot *tr, int np, double t, const double *vals, int w) {
    if (tr->n == tr->cap) {
        tr->cap = tr->cap ? 2 * tr->cap : 1024;
        tr->t = realloc(tr->t, sizeof(double) * (size_t)tr->cap);
        double *nv = malloc(sizeof(double) * (size_t)tr->cap * (size_t)np);
        for (int j = 0; j < np; j++)
            if (tr->vm)
                memcpy(nv + (size_t)j * (size_t)tr->cap, tr->vm + (size_t)j * (size_t)(tr->cap / 2),
                       sizeof(double) * (size_t)tr->n);
        free(tr->vm);
        tr->vm = nv;
    }
    tr->t[tr->n] = t;
    for (int j = 0; j < np; j++)
        tr->vm[(size_t)j * (size_t)tr->cap + (size_t)tr->n] = vals[(size_t)j * (size_t)w];
    tr->n++;
}

/* See bench_side.h. */
int bside_plot_write(const BsidePlot *tr, const BenchOpts *o, const char *model) {
    char title[160];
    snprintf(title, sizeof title, "%s: Vm of %ld probe cell%s", model, o->nprobe, o->nprobe > 1 ? "s" : "");
    PlotFig *f = plot_new(1000, 600, title, "t (ms)", "Vm (mV)");
    if (!f)
        return -1;
    for (long j = 0; j < o->nprobe && j < 12; j++) {
        char lab[48];
        snprintf(lab, sizeof lab, "cell %ld", o->probe[j]);
        plot_series(f, tr->t, tr->vm + (size_t)j * (size_t)tr->cap, tr->n, lab);
    }
    int rc = plot_write_png(f, o->plot);
    if (rc < 0)
        fprintf(stderr, "starcarp bench: --plot: %s\n", plot_error(f));
    plot_free(f);
    return rc;
}

void bside_plot_free(BsidePlot *tr) { free(tr->t), free(tr->vm); }

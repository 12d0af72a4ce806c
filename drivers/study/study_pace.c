/* study_pace.c: the pacing of a study's cell array at one rate (study.h): the states of --load-sv
 * first, then beat by beat with the progress, until the beat limit or until every cell is steady
 * (the --steady biomarkers change from one beat to the next by at most --steady-tol of their value),
 * the figures read; the states saved (--save-sv: openCARP's .sv files, one per cell). A cell that
 * goes numerically wrong is left out: the states of every cell at the start of the beat are kept on
 * the host, and the beat runs again from them with that cell turned back into the plain model. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "svfile.h"
#include "progress.h"
#include "starcarp_util.h"
#include "study.h"
#include "study_tables.h"

/* The state file of cell (or design row) k in dir, with suffix ("" or "_bcl1000"), into buf. */
static void sv_path(const char *dir, long k, const char *suffix, char *buf, size_t n) {
    snprintf(buf, n, "%s/cell_%ld%s.sv", dir, k, suffix);
}

int study_load_states(const StudyOpts *o, ScCells *c, const StudyPlan *p) {
    const ScModelDesc *d = sc_cells_model(c)->desc;
    struct stat sb;
    int dir = stat(o->load_sv, &sb) == 0 && S_ISDIR(sb.st_mode);
    long nrow = dir ? p->rows : 1;
    int ns = d->nstates;
    double *st = malloc(sizeof(double) * (size_t)nrow * (size_t)(ns + 1));
    double *buf = malloc(sizeof(double) * (size_t)p->n);
    int rc = st && buf ? 0 : -1;
    char path[4096], err[2048];
    for (long r = 0; r < nrow && rc == 0; r++) {
        if (dir)
            sv_path(o->load_sv, r, "", path, sizeof path);
        else
            snprintf(path, sizeof path, "%s", o->load_sv);
        double *s = st + (size_t)r * (size_t)(ns + 1);
        if ((rc = svf_load(path, d->name, ns, d->sv_names, s, s + ns, err, sizeof err)) != 0)
            fprintf(stderr, "starcarp study: --load-sv: %s%s\n", err,
                    dir ? " (a directory holds cell_ROW.sv for every design row)" : "");
    }
    for (int k = 0; k <= ns && rc == 0; k++) {
        for (long i = 0; i < p->n; i++)
            buf[i] = st[(size_t)(dir ? (p->first + i) % p->rows : 0) * (size_t)(ns + 1) + (size_t)k];
        rc = sc_cells_write(c, k < ns ? k : SC_VAR_VM, buf);
    }
    free(st);
    free(buf);
    return rc;
}

int study_save_states(const StudyOpts *o, ScCells *c, const StudyPlan *p, const char *suffix,
                      const unsigned char *acc) {
    const ScModelDesc *d = sc_cells_model(c)->desc;
    int ns = d->nstates;
    double *all = malloc(sizeof(double) * (size_t)p->n * (size_t)(ns + 1));
    double *s = malloc(sizeof(double) * (size_t)(ns + 1));
    int rc = all && s ? 0 : -1;
    for (int k = 0; k <= ns && rc == 0; k++)
        rc = sc_cells_read(c, k < ns ? k : SC_VAR_VM, all + (size_t)k * (size_t)p->n);
    char path[8192], err[2048], adir[4096];
    snprintf(adir, sizeof adir, "%s/accepted", o->save_sv);
    if (rc == 0 && acc && mkdir(adir, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "starcarp study: --save-sv: %s: %s\n", adir, strerror(errno));
        rc = -1;
    }
    long na = 0; /* accepted cells before this rank's */
    for (long g = 0; acc && g < p->first; g++)
        na += acc[g];
    for (long i = 0; i < (acc ? 2 : 1) * p->n && rc == 0; i++) {
        long cell = i % p->n, g = p->first + cell; /* local, global */
        if (i >= p->n && !acc[g])
            continue;
        for (int k = 0; k < ns; k++)
            s[k] = all[(size_t)k * (size_t)p->n + (size_t)cell];
        if (i < p->n)
            sv_path(o->save_sv, g, suffix, path, sizeof path);
        else
            sv_path(adir, na++, suffix, path, sizeof path);
        if ((rc = svf_save(path, d->name, ns, d->sv_names, s, all[(size_t)ns * (size_t)p->n + (size_t)cell],
                           err, sizeof err)) != 0)
            fprintf(stderr, "starcarp study: --save-sv: %s\n", err);
    }
    free(all);
    free(s);
    return rc;
}

/* The steady-state test after beat b (0-based): each cell's markers against the beat before (prev,
 * nst x cells, updated), last[i] the last beat at which cell i moved by more than the tolerance.
 * Returns 1 when every cell is steady at this beat. */
static int steady_after(const StudyOpts *o, const StudyMarker *st, int nst, long b, const double *fields,
                        long cells, double *prev, long *last) {
    int all = 1;
    for (long i = 0; i < cells; i++) {
        int still = b > 0;
        for (int k = 0; k < nst; k++) {
            double x = study_marker_value(&st[k], fields, cells, i),
                   *q = &prev[(size_t)k * (size_t)cells + (size_t)i];
            int same = (isnan(x) && isnan(*q)) || fabs(x - *q) <= o->steady_tol * fabs(x);
            still = still && same;
            *q = x;
        }
        if (!still)
            last[i] = b, all = 0;
    }
    return all;
}

/* The fields the markers read, of every cell, into fields. */
static int read_marker_fields(ScCells *c, const StudyMarker *st, int nst, double *fields, long cells) {
    int rc = 0;
    for (int k = 0; k < nst && rc == 0; k++) {
        rc = sc_cells_biomarker_read(c, st[k].a, fields + (size_t)st[k].a * (size_t)cells);
        if (rc == 0 && st[k].kind)
            rc = sc_cells_biomarker_read(c, st[k].b, fields + (size_t)st[k].b * (size_t)cells);
    }
    return rc;
}

/* Every state and Vm of the cells into st ((ns + 1) x cells), or from it. 0 or -1. */
static int states_io(ScCells *c, int ns, long cells, double *st, int write) {
    int rc = 0;
    for (int k = 0; k <= ns && rc == 0; k++) {
        int var = k < ns ? k : SC_VAR_VM;
        double *v = st + (size_t)k * (size_t)cells;
        rc = write ? sc_cells_write(c, var, v) : sc_cells_read(c, var, v);
    }
    return rc;
}

/* This rank's cells cells[0..n) go back to the plain model (the run's parameter values), so that they
 * run on harmlessly while the others are measured: one call per varied parameter. 0 or -1. */
static int replace_cells(ScCells *c, StudyPlan *p, const long *cells, long n) {
    char err[1024];
    for (int v = 0; v < p->nv; v++) {
        double *vals = p->vals + (size_t)v * (size_t)p->cells + (size_t)p->first;
        for (long j = 0; j < n; j++)
            vals[cells[j]] = p->base[v];
        if (sc_cells_vary_param(c, p->vk[v], vals, err, sizeof err) != 0) {
            fprintf(stderr, "starcarp study: %s\n", err);
            return -1;
        }
    }
    return 0;
}

/* The cells that went wrong in beat b: f's (the run's first failure, at its time) and every other
 * whose states at the beat's end are a failed cell's (sc_cells_failed_cells), at the beat's end (d1);
 * noted (the first few on stderr), recorded in r->failed, the beat's start restored (states st, step
 * d0) with those cells replaced, the windows reset: one more run of the beat, whatever the number of
 * cells (a vectorised CPU kernel freezes a failed cell's neighbours too: the run again recomputes
 * them). 0, or -1 when the run cannot go on. */
static int failed_cells(ScCells *c, StudyPlan *p, const ScFailure *f, long b, long d0, long d1,
                        const double *st, StudyRate *r) {
    int ns = sc_cells_model(c)->desc->nstates;
    long gc = p->first + f->cell; /* the cell's global index */
    const StudyGroup *g = &p->arms.group[f->cell < 0 ? 0 : gc / p->rows];
    int known = f->cell >= 0 && !isnan(r->failed[f->cell]);
    if (f->cell < 0 || known) {
        fprintf(stderr, "starcarp study: %s at t = %g ms (beat %ld): %s\n",
                known ? "a replaced cell failed" : "stop", f->t, b + 1, f->what);
        return -1;
    }
    long *bad = malloc(sizeof(long) * (size_t)p->n), nfound = bad ? sc_cells_failed_cells(c, bad) : -1;
    if (nfound < 0) {
        free(bad);
        return -1;
    }
    long nbad = 0; /* f's cell first, then the others not left out before */
    r->failed[f->cell] = f->t;
    for (long j = 0; j < nfound; j++)
        if (isnan(r->failed[bad[j]]))
            r->failed[bad[j]] = (double)d1 * p->dt, bad[nbad++] = bad[j];
    memmove(bad + 1, bad, sizeof(long) * (size_t)nbad);
    bad[0] = f->cell, nbad++;
    long shown = r->nfailed;
    r->nfailed += nbad;
    if (shown < 10)
        fprintf(
            stderr,
            "starcarp study: cell %ld (design row %ld, drug %s at %g nM) went numerically wrong at t = %g ms "
            "(beat %ld): %s; its figures are left out (NaN)%s%s\n",
            gc, gc % p->rows, study_group_drug(&p->arms, (int)(gc / p->rows)), g->conc, f->t, b + 1, f->what,
            nbad > 1 ? "" : ", the beat is run again without it",
            r->nfailed >= 10 ? " (further ones are counted, not shown)" : "");
    if (nbad > 1 && shown < 10)
        fprintf(
            stderr,
            "starcarp study: %ld more cells of beat %ld hold a failed cell's states at its end (t = %g ms, "
            "their failed_ms); left out as well, the beat is run again without them\n",
            nbad - 1, b + 1, (double)d1 * p->dt);
    int rc = sc_cells_clear_failure(c) != 0 ? -1 : 0;
    sc_cells_set_step(c, d0);
    if (rc == 0)
        rc = states_io(c, ns, p->n, (double *)st, 1) != 0 || replace_cells(c, p, bad, nbad) != 0 ||
                     sc_cells_biomarkers_end(c) != 0
                 ? -1
                 : 0;
    free(bad);
    return rc;
}

/* The n steps of a beat from step d0 (its window starting at d0 + skip), with Vm of the traced cells
 * this rank holds sampled every r->tevery steps of the window into r->trace (a beat's samples,
 * cell-major; the last beat's stay; the others' rows stay 0). 0 or -1. */
static int advance_traced(ScCells *c, StudyRate *r, long n, long skip) {
    long loc[STUDY_MAX_TRACES];
    int nloc = 0, at[STUDY_MAX_TRACES];
    for (int k = 0; k < r->ntcell; k++)
        if (r->tloc[k] >= 0)
            at[nloc] = k, loc[nloc++] = r->tloc[k];
    if (nloc == 0) /* none of them on this rank */
        return sc_cells_advance(c, n);
    double vm[STUDY_MAX_TRACES];
    int rc = skip > 0 ? sc_cells_advance(c, skip) : 0;
    for (long s = 0; s < r->tlen && rc == 0; s++) {
        rc = sc_cells_sample(c, loc, nloc, vm, NULL, NULL);
        for (int k = 0; k < nloc && rc == 0; k++)
            r->trace[(size_t)at[k] * (size_t)r->tlen + (size_t)s] = vm[k];
        long m = s == r->tlen - 1 ? n - skip - s * r->tevery : r->tevery;
        if (rc == 0 && m > 0)
            rc = sc_cells_advance(c, m);
    }
    return rc;
}

/* One attempt at beat b (n steps from step *d0, the window from *d0 + n - period): 1 done (the
 * states kept, prev90 and the markers' fields read, the steady test made into *steady), 0 run again
 * (a cell went wrong: left out, the beat's start restored), -1 the run cannot go on. */
static int attempt(const StudyOpts *o, ScCells *c, StudyPlan *p, const StudyMarker *st, int nst, long b,
                   long n, long period, long *d0, double *keep, StudyRate *r, double *prev, long *last,
                   double *prev90, double *cur90, int i90, int *steady) {
    int ns = sc_cells_model(c)->desc->nstates;
    ScFailure f;
    if (advance_traced(c, r, n, n - period) != 0 || sc_cells_biomarkers_end(c) != 0)
        return -1;
    if (sc_cells_wait(c, &f) != 0)
        return failed_cells(c, p, &f, b, *d0, *d0 + n, keep, r) != 0 ? -1 : 0;
    *d0 += n;
    memcpy(prev90, cur90, sizeof(double) * (size_t)p->n);
    if (states_io(c, ns, p->n, keep, 0) != 0 || sc_cells_biomarker_read(c, SC_BM_APD + i90, cur90) != 0)
        return -1;
    *steady = 0;
    if (nst > 0) {
        if (read_marker_fields(c, st, nst, r->fields, p->n) != 0)
            return -1;
        *steady = steady_after(o, st, nst, b, r->fields, p->n, prev, last);
    }
    return 1;
}

/* The beats at bcl: o->beats, or fewer when every cell (of every rank) is steady; a beat in which a
 * cell goes numerically wrong is run again from its start without that cell (the other ranks wait
 * for it). r->beats, r->steady, r->failed and the APD90 of the beat before the last (prev90) set.
 * 0, or 1 after a message. */
static int beats(const StudyOpts *o, ScCells *c, StudyPlan *p, const StudyMarker *st, int nst, double bcl,
                 StudyRate *r, double *prev, long *last, double *prev90) {
    double dt = p->dt;
    long start = lround(o->stim_start / dt), period = lround(bcl / dt), total = start + o->beats * period;
    int ns = sc_cells_model(c)->desc->nstates, i90 = -1;
    double lev[SC_BM_MAXLEV], *keep = malloc(sizeof(double) * (size_t)(ns + 1) * (size_t)p->n);
    for (int j = 0, nl = sc_cells_biomarker_levels(c, lev); j < nl; j++)
        i90 = fabs(lev[j] - 0.9) < 1e-12 ? j : i90;
    double *cur90 = r->fields + (size_t)(SC_BM_APD + i90) * (size_t)p->n;
    CliProgress pr = {.on = !o->quiet && p->rank == 0, .tty = isatty(2), .last = -1, .t0 = sc_now_s()};
    int fatal = !keep || states_io(c, ns, p->n, keep, 0) != 0, steady = 0, mine = 0, mysteady = 0;
    long b = 0, d0 = sc_cells_step(c), redo = 0;
    while (b < o->beats && !fatal && !steady) {
        long n = (b == 0 ? start : 0) + period;
        if (!mine) { /* this rank's beat b not done yet */
            int a = attempt(o, c, p, st, nst, b, n, period, &d0, keep, r, prev, last, prev90, cur90, i90,
                            &mysteady);
            fatal = a < 0 || (a == 0 && ++redo > p->n);
            mine = a > 0;
        }
        int all = mine;
        steady = mysteady;
        study_ranks_agree(p, &fatal, &all, &steady); /* every rank's beat b, or wait for those redoing it */
        if (fatal || !all) {
            steady = 0;
            continue;
        }
        b++, mine = 0, redo = 0;
        cli_progress(&pr, steady ? total : start + b * period, total, (double)(start + b * period) * dt);
    }
    cli_progress_end(&pr);
    r->beats = b;
    for (long i = 0; r->steady && i < p->n; i++)
        r->steady[i] = last[i] < b - 1 ? (double)(last[i] + 2) : NAN;
    if (b < 2)
        for (long i = 0; i < p->n; i++)
            prev90[i] = NAN;
    free(keep);
    return fatal ? 1 : 0;
}

/* The traced cells (--traces: the first design row of each group, or the first rows when there is
 * one group; each sampled by the rank that holds it) and the samples of a beat, every millisecond.
 * 0 or -1 (memory). */
static int trace_plan(const StudyOpts *o, const StudyPlan *p, double bcl, StudyRate *r) {
    int ng = p->arms.ngroups;
    long want = o->traces < STUDY_MAX_TRACES ? o->traces : STUDY_MAX_TRACES;
    for (long k = 0; k < want; k++) {
        long cell = ng > 1 ? k * p->rows : k;
        if ((ng > 1 && k >= ng) || (ng == 1 && k >= p->rows))
            break;
        r->tloc[r->ntcell] = cell >= p->first && cell < p->first + p->n ? cell - p->first : -1;
        r->tcell[r->ntcell++] = cell;
    }
    r->tevery = lround(1.0 / p->dt) > 0 ? lround(1.0 / p->dt) : 1;
    r->tlen = lround(bcl / p->dt) / r->tevery;
    r->tdt = (double)r->tevery * p->dt;
    if (r->ntcell == 0 || r->tlen < 2) {
        r->ntcell = 0;
        return 0;
    }
    r->trace = calloc((size_t)r->ntcell * (size_t)r->tlen, sizeof(double));
    return r->trace ? 0 : -1;
}

int study_pace(const StudyOpts *o, ScCells *c, StudyPlan *p, const StudyMarker *st, int nst, double bcl,
               StudyRate *r) {
    memset(r, 0, sizeof *r);
    r->bcl = bcl;
    size_t cells = (size_t)p->n; /* this rank's */
    r->fields = calloc(SC_BM_NFIELDS * cells, sizeof(double));
    r->failed = malloc(sizeof(double) * cells);
    r->steady = nst > 0 ? malloc(sizeof(double) * cells) : NULL;
    double *prev = malloc(sizeof(double) * ((size_t)nst + 1) * cells);
    long *last = nst > 0 ? malloc(sizeof(long) * cells) : NULL;
    if (!r->fields || !r->failed || !prev || (nst > 0 && (!r->steady || !last))) {
        fprintf(stderr, "starcarp study: out of memory for %ld cells' figures\n", p->cells);
        free(prev), free(last);
        return 1;
    }
    for (size_t i = 0; i < cells; i++)
        r->failed[i] = NAN;
    if (trace_plan(o, p, bcl, r) != 0) {
        fprintf(stderr, "starcarp study: out of memory for the traces\n");
        free(prev), free(last);
        return 1;
    }
    double *prev90 = prev + (size_t)nst * cells;
    int rc = o->load_sv && study_load_states(o, c, p) != 0, all = 1, steady = 1;
    study_ranks_agree(p, &rc, &all, &steady); /* a rank's state files failed: every rank stops */
    if (rc == 0)
        rc = beats(o, c, p, st, nst, bcl, r, prev, last, prev90);
    for (int k = 0; k < SC_BM_NFIELDS && rc == 0; k++)
        rc = sc_cells_biomarker_read(c, k, r->fields + (size_t)k * cells) != 0;
    if (rc == 0) /* the APD90 of the beat before, as measured (a beat run again leaves the array's own
                    field with the abandoned attempt's) */
        memcpy(r->fields + (size_t)SC_BM_PREV_APD90 * cells, prev90, sizeof(double) * cells);
    for (size_t i = 0; i < cells && rc == 0; i++)
        for (int k = 0; k < SC_BM_NFIELDS && !isnan(r->failed[i]); k++)
            r->fields[(size_t)k * cells + i] = NAN;
    free(prev), free(last);
    return rc;
}

/* study_run.c: the run of `starcarp study` (study.h): the design, the model and its parameters, the
 * drug's currents, every cell's parameter values, the cell array measured beat by beat, the outputs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "commands.h"
#include "model_pick.h"
#include "outpath.h"
#include "progress.h"
#include "study.h"
#include "starcarp_info.h"
#include "starcarp_util.h"

#define MAX_CUR_PARAMS 8 /* parameters of one current */

/* What a study's cells vary: the parameters (their indices), and per cell their values. */
typedef struct Plan {
    long rows, cells;
    int nconc;
    double conc[STUDY_MAX_CONC];
    int kd[DSG_MAXP]; /* the design's parameters */
    int kb[STUDY_MAX_BLOCK][MAX_CUR_PARAMS], nb[STUDY_MAX_BLOCK]; /* the blocked currents' */
    int vk[SC_MAX_VARY], nv; /* the parameters that vary from cell to cell */
    double *vals; /* nv x cells */
} Plan;

/* The design: sampled from the --param specs, read from --design, or one row of no parameter. 0 or
 * -1 (message printed). */
static int make_design(StudyOpts *o) {
    static const char *const how[] = {"lhs", "sobol", "grid", "random"};
    char err[1024];
    if (o->design_csv && o->design.nparams) {
        fprintf(stderr,
                "starcarp study: --design and --param exclude each other (the file names the parameters)\n");
        return -1;
    }
    int rc = 0;
    if (o->design_csv)
        rc = dsg_read_csv(&o->design, o->design_csv, err, sizeof err);
    else if (o->design.nparams)
        rc = dsg_sample(&o->design, how[o->sample], o->cells, (unsigned long long)o->seed, err, sizeof err);
    if (rc != 0)
        fprintf(stderr, "starcarp study: %s%s\n", o->design_csv ? "--design: " : "", err);
    return rc != 0 ? -1 : 0;
}

/* Index k among the varied parameters, added when new; -1 when there are too many. */
static int varied(Plan *p, int k) {
    for (int v = 0; v < p->nv; v++)
        if (p->vk[v] == k)
            return v;
    if (p->nv == SC_MAX_VARY)
        return -1;
    p->vk[p->nv] = k;
    return p->nv++;
}

/* The parameters of the design and of the blocked currents, resolved on the model; 0 or 2 (bad
 * input, message printed). */
static int resolve(const StudyOpts *o, Mpick *pk, Plan *p) {
    char err[1024];
    for (int j = 0; j < o->design.nparams; j++)
        if ((p->kd[j] = mpick_vary(pk, o->design.params[j].name, "--param", err, sizeof err)) < 0 ||
            varied(p, p->kd[j]) < 0)
            goto fail;
    for (int b = 0; b < o->nblock; b++) {
        int n =
            sc_model_current_params(pk->m, o->block[b].current, p->kb[b], MAX_CUR_PARAMS, err, sizeof err);
        if (n < 0 || n > MAX_CUR_PARAMS) {
            if (n > MAX_CUR_PARAMS)
                snprintf(err, sizeof err, "%s has %d parameters (at most %d)", o->block[b].current, n,
                         MAX_CUR_PARAMS);
            fprintf(stderr, "starcarp study: --block: %s\n", err);
            return 2;
        }
        p->nb[b] = n;
        for (int i = 0; i < n; i++)
            if (varied(p, p->kb[b][i]) < 0)
                goto fail;
    }
    return 0;
fail:
    if (p->nv == SC_MAX_VARY)
        snprintf(err, sizeof err,
                 "more than %d parameters vary from cell to cell (the --param ones and the blocked "
                 "currents')",
                 SC_MAX_VARY);
    fprintf(stderr, "starcarp study: %s\n", err);
    return 2;
}

/* Every cell's value of every varied parameter: the run's value times the design's factor times the
 * blocks at the cell's concentration. */
static int fill(const StudyOpts *o, const Mpick *pk, Plan *p) {
    p->vals = malloc(sizeof(double) * (size_t)p->nv * (size_t)p->cells);
    if (!p->vals)
        return -1;
    for (int v = 0; v < p->nv; v++)
        for (long c = 0; c < p->cells; c++) {
            long r = c % p->rows;
            double x = pk->values[p->vk[v]], d = p->conc[c / p->rows];
            for (int j = 0; j < o->design.nparams; j++)
                if (p->kd[j] == p->vk[v])
                    x *= o->design.values[r * o->design.nparams + j];
            for (int b = 0; b < o->nblock; b++)
                for (int i = 0; i < p->nb[b]; i++)
                    if (p->kb[b][i] == p->vk[v])
                        x *= study_block_factor(&o->block[b], d);
            p->vals[(size_t)v * (size_t)p->cells + (size_t)c] = x;
        }
    return 0;
}

/* The cell array of the study, its parameters set and its biomarkers on; NULL after a message. */
static ScCells *make_cells(const StudyOpts *o, const CliRun *run, const Mpick *pk, const Plan *p) {
    char err[1024];
    double dt = run->dt;
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.ncells = p->cells, cfg.precision = run->precision, cfg.dt = dt,
    cfg.steps_per_task = (int)run->steps_per_task;
    long pulse = lround(o->stim_dur / dt);
    cfg.stim = (ScStim){lround(o->stim_start / dt), pulse > 1 ? pulse : 1, lround(o->bcl / dt), o->beats,
                        o->stim_curr};
    ScCells *c = sc_cells_create(pk->m, &cfg, err, sizeof err);
    int ok = c && sc_cells_set_params(c, pk->values, err, sizeof err) == 0;
    for (int v = 0; ok && v < p->nv; v++)
        ok = sc_cells_vary_param(c, p->vk[v], p->vals + (size_t)v * (size_t)p->cells, err, sizeof err) == 0;
    ScBiomarkers b;
    memset(&b, 0, sizeof b);
    b.nlevels = o->nlevels, b.calcium = sc_model_calcium(pk->m);
    for (int j = 0; j < o->nlevels; j++)
        b.levels[j] = o->levels[j] / 100;
    ok = ok && sc_cells_biomarkers(c, &b, err, sizeof err) == 0;
    if (!ok) {
        fprintf(stderr, "starcarp study: %s\n", err);
        sc_cells_destroy(c);
        return NULL;
    }
    return c;
}

/* The beats, one after the other, with the progress; the figures into fields. 0, or 1 after the
 * message of a cell that went numerically wrong. */
static int pace(const StudyOpts *o, ScCells *c, const Plan *p, double dt, double *fields) {
    long start = lround(o->stim_start / dt), period = lround(o->bcl / dt), total = start + o->beats * period;
    CliProgress pr = {.on = !o->quiet, .tty = isatty(2), .last = -1, .t0 = sc_now_s()};
    ScFailure f;
    int failed = sc_cells_advance(c, start) != 0;
    for (long b = 0; b < o->beats && !failed; b++) {
        failed = sc_cells_advance(c, period) != 0 || (b == o->beats - 1 && sc_cells_biomarkers_end(c) != 0);
        if (!failed && (failed = sc_cells_wait(c, &f)) != 0) {
            cli_progress_end(&pr);
            fprintf(
                stderr,
                "starcarp study: cell %ld (design row %ld, %g nM) went numerically wrong at t = %g ms (beat %ld): "
                "%s\n",
                f.cell, f.cell % p->rows, p->conc[f.cell / p->rows], f.t, b + 1, f.what);
            return 1;
        }
        cli_progress(&pr, start + (b + 1) * period, total, (double)(start + (b + 1) * period) * dt);
    }
    for (int k = 0; k < SC_BM_NFIELDS && !failed; k++)
        failed = sc_cells_biomarker_read(c, k, fields + (size_t)k * (size_t)p->cells) != 0;
    return failed ? 1 : 0;
}

/* The plan of o on the model pk (design, currents, concentrations, values): 0 or 2 (bad input). */
static int plan(StudyOpts *o, Mpick *pk, Plan *p) {
    if (o->nblock && !o->nconc) {
        fprintf(stderr,
                "starcarp study: --block needs --conc (the drug's concentrations in nM, e.g. 0,10,100)\n");
        return 2;
    }
    if (o->nconc && !o->nblock) {
        fprintf(stderr,
                "starcarp study: --conc needs --block (the currents the drug blocks, e.g. IKr=12.5)\n");
        return 2;
    }
    p->rows = o->design.nparams ? o->design.ncells : 1;
    p->nconc = o->nconc ? o->nconc : 1;
    memcpy(p->conc, o->conc, sizeof(double) * (size_t)o->nconc);
    if ((double)p->rows * p->nconc > (double)SC_CELLS_MAX) {
        fprintf(stderr, "starcarp study: %ld design rows x %d concentrations: more than %ld cells\n", p->rows,
                p->nconc, SC_CELLS_MAX);
        return 2;
    }
    p->cells = p->rows * p->nconc;
    int rc = resolve(o, pk, p);
    if (rc == 0 && fill(o, pk, p) != 0) {
        fprintf(stderr, "starcarp study: out of memory for %ld cells' parameters\n", p->cells);
        rc = 2;
    }
    return rc;
}

/* --precision single: refused where the model's single-precision kernels fail their check, with a
 * warning where they miss a bar or were not checked (docs/verification.md, "Single precision").
 * 0, or -1 after the message. */
static int single_check(const ScModelEntry *m) {
    char msg[1024];
    ScSingleVerdict v = sc_model_single_verdict(m, msg, sizeof msg);
    if (v == SC_SINGLE_REFUSED) {
        fprintf(stderr, "starcarp study: --precision single: refused: %s\n", msg);
        return -1;
    }
    if (v != SC_SINGLE_PASSES)
        fprintf(stderr, "starcarp study: %s: --precision single: %s\n",
                v == SC_SINGLE_UNKNOWN ? "note" : "warning", msg);
    return 0;
}

int study_run(StudyOpts *o, const CliRun *run) {
    char err[1024];
    if (run->methods.mode == SC_METHODS_OVERRIDE &&
        sc_methods_check(run->methods.overrides, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp study: --methods: %s (or auto, file)\n", err);
        return 2;
    }
    if (!o->imp) {
        fprintf(
            stderr,
            "starcarp study: --imp MODEL is required (a library model, an openCARP name, or a .model file)\n");
        return 2;
    }
    if (opath_check("--out", o->out, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp study: %s\n", err);
        return 2;
    }
    if (make_design(o) != 0)
        return 2;
    Mpick pk;
    memset(&pk, 0, sizeof pk);
    Plan p;
    memset(&p, 0, sizeof p);
    int rc = 2;
    if (mpick_model(&pk, o->imp, o->imp_par, run->methods, run->dt, err, sizeof err) != 0 ||
        mpick_params(&pk, stderr, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp study: --imp %s: %s\n", o->imp, err);
        goto done;
    }
    if (run->precision == SC_SINGLE && single_check(pk.m) != 0)
        goto done;
    if ((rc = plan(o, &pk, &p)) != 0)
        goto done;
    struct starpu_conf conf;
    cli_starpu_conf(&conf, run->ncpu, run->ngpu, SC_SCHED_CELLS, NULL);
    if (cli_starpu_begin("study", &conf, NULL) != 0) {
        rc = 1;
        goto done;
    }
    double *fields = malloc(sizeof(double) * SC_BM_NFIELDS * (size_t)p.cells), lev[SC_BM_MAXLEV];
    ScCells *c = fields ? make_cells(o, run, &pk, &p) : NULL;
    rc = c ? pace(o, c, &p, run->dt, fields) : 1;
    int nlev = c ? sc_cells_biomarker_levels(c, lev) : 0; /* the levels in effect, 0.9 among them */
    sc_cells_destroy(c);
    cli_starpu_end();
    if (rc == 0) {
        StudyResult r = {o,      pk.m->name, p.rows, p.cells, p.nconc,
                         p.conc, fields,     nlev,   lev,     sc_model_calcium(pk.m) >= 0};
        if (study_write(&r, o->out, err, sizeof err) != 0) {
            fprintf(stderr, "starcarp study: %s\n", err);
            rc = 1;
        }
    }
    free(fields);
done:
    free(p.vals);
    mpick_free(&pk);
    return rc;
}

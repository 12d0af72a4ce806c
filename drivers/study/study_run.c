/* study_run.c: the run of `starcarp study` (study.h): the design, the model and its parameters, the
 * plan (study_plan.c), the ranges, levels and steady-state biomarkers read and checked before any
 * work, a cell array per pacing rate paced and measured (study_pace.c), the verdicts against the
 * ranges, the outputs (study_out.c, study_plots.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "model_pick.h"
#include "outpath.h"
#include "progress.h"
#include "study.h"
#include "study_tables.h"
#include "starcarp_info.h"
#include "starcarp_util.h"

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

/* The cell array of the study paced at bcl, its parameters set and its biomarkers on (levels lev,
 * %); NULL after a message. */
static ScCells *make_cells(const StudyOpts *o, const CliRun *run, const Mpick *pk, const StudyPlan *p,
                           const double *lev, int nlev, double bcl, int qnet) {
    char err[1024];
    double dt = run->dt;
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.ncells = p->n, cfg.precision = run->precision, cfg.dt = dt,
    cfg.steps_per_task = (int)run->steps_per_task;
    long pulse = lround(o->stim_dur / dt);
    cfg.stim =
        (ScStim){lround(o->stim_start / dt), pulse > 1 ? pulse : 1, lround(bcl / dt), o->beats, o->stim_curr};
    ScCells *c = sc_cells_create(pk->m, &cfg, err, sizeof err);
    int ok = c && sc_cells_set_params(c, pk->values, err, sizeof err) == 0;
    for (int v = 0; ok && v < p->nv; v++)
        ok = sc_cells_vary_param(c, p->vk[v], p->vals + (size_t)v * (size_t)p->cells + (size_t)p->first, err,
                                 sizeof err) == 0;
    ScBiomarkers b;
    memset(&b, 0, sizeof b);
    b.nlevels = nlev, b.calcium = sc_model_calcium(pk->m), b.qnet = qnet;
    for (int j = 0; j < nlev; j++)
        b.levels[j] = lev[j] / 100;
    ok = ok && sc_cells_biomarkers(c, &b, err, sizeof err) == 0;
    if (!ok) {
        fprintf(stderr, "starcarp study: %s\n", err);
        sc_cells_destroy(c);
        return NULL;
    }
    return c;
}

/* What a study reads besides its design: the ranges (and their rates and levels), the levels
 * measured, the steady-state biomarkers. */
typedef struct Inputs {
    StudyRange range[STUDY_MAX_RANGES];
    int nrange;
    double bcl[STUDY_MAX_BCL];
    int nbcl;
    double lev[SC_BM_MAXLEV]; /* % */
    int nlev;
    StudyMarker steady[STUDY_MAX_STEADY];
    int nsteady;
    int has_ca, has_qnet; /* the calcium transient, qNet measured */
} Inputs;

/* Level x (%) among in's, added when new; -1 when there are too many. */
static int add_level(Inputs *in, double x) {
    for (int j = 0; j < in->nlev; j++)
        if (fabs(in->lev[j] - x) < 1e-9)
            return 0;
    if (in->nlev == SC_BM_MAXLEV)
        return -1;
    in->lev[in->nlev++] = x;
    return 0;
}

/* The ranges file, its rates and levels (added to --levels'). 0 or 2 after a message. */
static int read_ranges(const StudyOpts *o, Inputs *in) {
    char err[2048];
    const char *un[8];
    int nun = 0;
    for (int k = 0; !in->has_ca && k < study_marker_ncalcium; k++)
        un[nun++] = study_marker_calcium[k];
    if (!in->has_qnet)
        un[nun++] = "qNet";
    const char *why = !in->has_ca && !in->has_qnet
                          ? "the model has no intracellular calcium, nor qNet's six currents"
                      : !in->has_ca ? "the model has no intracellular calcium"
                                    : "qNet is not measured (a current of qNet missing, or --qnet off)";
    in->nrange = study_ranges_read(o->ranges_csv, study_marker_known, study_marker_nknown, un, why, nun,
                                   in->range, STUDY_MAX_RANGES, err, sizeof err);
    if (in->nrange < 0) {
        fprintf(stderr, "starcarp study: --ranges: %s\n", err);
        return 2;
    }
    in->nbcl = study_ranges_bcls(in->range, in->nrange, in->bcl, STUDY_MAX_BCL);
    double lev[64];
    int nl = study_ranges_levels(in->range, in->nrange, lev, 64);
    for (int j = 0; j < nl && j < 64; j++)
        if (lev[j] >= 100 || add_level(in, lev[j]) != 0) {
            fprintf(stderr,
                    "starcarp study: --ranges: the levels it names and --levels' are more than %d (or "
                    "APD%g is not a level)\n",
                    SC_BM_MAXLEV, lev[j]);
            return 2;
        }
    if (in->nbcl > STUDY_MAX_BCL) {
        fprintf(stderr, "starcarp study: --ranges: %d pacing rates (at most %d)\n", in->nbcl, STUDY_MAX_BCL);
        return 2;
    }
    return 0;
}

/* Whether qNet is measured (--qnet: auto where the model has CiPA's six currents, traced; on: a
 * model without them refused; off) into *has. 0 or 2 after a message. */
static int qnet_check(const StudyOpts *o, const ScModelEntry *m, int *has) {
    char err[1024];
    double *w = malloc(sizeof(double) * (size_t)(m->desc->ntraces + 1));
    *has = o->qnet != 2 && w && sc_model_qnet_weights(m, w, err, sizeof err) == 0;
    free(w);
    if (o->qnet == 1 && !*has) {
        fprintf(stderr, "starcarp study: --qnet on: %s\n", err);
        return 2;
    }
    return 0;
}

/* Everything read and checked before any work: levels, ranges, steady biomarkers. 0 or 2. */
static int read_inputs(const StudyOpts *o, const ScModelEntry *m, const StudyPlan *p, Inputs *in) {
    static const double dflt[] = {30, 50, 90};
    in->has_ca = sc_model_calcium(m) >= 0;
    if (qnet_check(o, m, &in->has_qnet) != 0)
        return 2;
    for (int j = 0; j < (o->nlevels ? o->nlevels : 3); j++)
        add_level(in, o->nlevels ? o->levels[j] : dflt[j]);
    if (add_level(in, 90) != 0) {
        fprintf(stderr, "starcarp study: --levels: at most %d levels with 90 among them\n", SC_BM_MAXLEV);
        return 2;
    }
    in->bcl[0] = o->bcl, in->nbcl = 1;
    if (o->ranges_csv && (p->arms.ndrugs > 0)) {
        fprintf(stderr,
                "starcarp study: --ranges calibrates the control population: run it without a drug, then "
                "the drug on the accepted rows (--design FILE_accepted.csv)\n");
        return 2;
    }
    if (o->ranges_csv && read_ranges(o, in) != 0)
        return 2;
    char list[512], err[2048];
    snprintf(list, sizeof list, "%s", o->steady ? o->steady : "");
    for (char *save = NULL, *t = strtok_r(list, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        if (in->nsteady == STUDY_MAX_STEADY || study_marker(t, in->lev, in->nlev, in->has_ca, in->has_qnet,
                                                            &in->steady[in->nsteady], err, sizeof err) != 0) {
            if (in->nsteady == STUDY_MAX_STEADY)
                snprintf(err, sizeof err, "at most %d biomarkers", STUDY_MAX_STEADY);
            fprintf(stderr, "starcarp study: --steady: %s\n", err);
            return 2;
        }
        in->nsteady++;
    }
    return 0;
}

/* Each cell's verdict against the ranges: every biomarker at its rate within [lo, hi] (a figure
 * that is not defined is out). Into acc (cells). */
static void accept(const Inputs *in, const StudyPlan *p, const StudyRate *rate, unsigned char *acc) {
    char err[1024];
    memset(acc, 1, (size_t)p->cells);
    for (int k = 0; k < in->nrange; k++) {
        const StudyRange *g = &in->range[k];
        int ri = 0;
        while (ri < in->nbcl - 1 && in->bcl[ri] != g->bcl)
            ri++;
        StudyMarker m;
        if (study_marker(g->biomarker, in->lev, in->nlev, 1, 1, &m, err, sizeof err) != 0)
            continue; /* read_ranges accepted only names that resolve */
        for (long c = 0; c < p->cells; c++) {
            double x = study_marker_value(&m, rate[ri].fields, p->cells, c);
            if (!(x >= g->lo && x <= g->hi))
                acc[c] = 0;
        }
    }
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

/* The directories of --save-sv (made when missing) and the file or directory of --load-sv. 0 or 2. */
static int check_states(const StudyOpts *o) {
    struct stat sb;
    if (o->save_sv && stat(o->save_sv, &sb) != 0 && mkdir(o->save_sv, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "starcarp study: --save-sv %s: %s\n", o->save_sv, strerror(errno));
        return 2;
    }
    if (o->save_sv && (stat(o->save_sv, &sb) != 0 || !S_ISDIR(sb.st_mode))) {
        fprintf(stderr, "starcarp study: --save-sv %s: not a directory\n", o->save_sv);
        return 2;
    }
    if (o->load_sv && stat(o->load_sv, &sb) != 0) {
        fprintf(stderr, "starcarp study: --load-sv %s: %s (a .sv file, or a directory of cell_ROW.sv)\n",
                o->load_sv, strerror(errno));
        return 2;
    }
    return 0;
}

/* Every rate paced on its own array (this rank's share of the cells), the figures into rate (every
 * cell's on rank 0); the verdicts against the ranges into acc (when given; on every rank); the
 * states saved (each rank its cells'). 0 or 1. */
static int run_rates(const StudyOpts *o, const CliRun *run, const Mpick *pk, StudyPlan *p, const Inputs *in,
                     StudyRate *rate, double *lev, int *nlev, unsigned char *acc) {
    int rc = 0;
    ScCells *c[STUDY_MAX_BCL] = {0};
    for (int k = 0; k < in->nbcl && rc == 0; k++) {
        if (in->nbcl > 1 && !o->quiet)
            fprintf(stderr, "starcarp study: BCL %g ms\n", in->bcl[k]);
        c[k] = make_cells(o, run, pk, p, in->lev, in->nlev, in->bcl[k], in->has_qnet);
        int fatal = !c[k], all = 1, steady = 1;
        study_ranks_agree(p, &fatal, &all, &steady); /* a rank without its array: every rank stops */
        rc = fatal ? 1 : study_pace(o, c[k], p, in->steady, in->nsteady, in->bcl[k], &rate[k]);
        if (rc == 0 && study_ranks_gather(p, &rate[k]) != 0)
            rc = 1;
        if (c[k])
            *nlev = sc_cells_biomarker_levels(c[k], lev); /* the levels in effect, in field order */
        if (!o->save_sv)
            sc_cells_destroy(c[k]), c[k] = NULL;
    }
    if (rc == 0 && acc) {
        if (p->rank == 0) /* the figures of every cell are there */
            accept(in, p, rate, acc);
        study_ranks_bcast(p, acc, (size_t)p->cells);
    }
    for (int k = 0; k < in->nbcl; k++) {
        char suffix[64] = "";
        if (in->nbcl > 1)
            snprintf(suffix, sizeof suffix, "_bcl%g", in->bcl[k]);
        if (rc == 0 && c[k])
            rc = study_save_states(o, c[k], p, suffix, acc) != 0;
        sc_cells_destroy(c[k]);
    }
    return rc;
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
    if (check_states(o) != 0 || make_design(o) != 0)
        return 2;
    Mpick pk;
    memset(&pk, 0, sizeof pk);
    StudyPlan *p = calloc(1, sizeof *p);
    Inputs *in = calloc(1, sizeof *in);
    StudyRate rate[STUDY_MAX_BCL];
    memset(rate, 0, sizeof rate);
    unsigned char *acc = NULL;
    int rc = p && in ? 2 : 1;
    if (rc == 1)
        goto done;
    if (mpick_model(&pk, o->imp, o->imp_par, run->methods, run->dt, err, sizeof err) != 0 ||
        mpick_params(&pk, stderr, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp study: --imp %s: %s\n", o->imp, err);
        goto done;
    }
    p->dt = run->dt;
    if ((run->precision == SC_SINGLE && single_check(pk.m) != 0) || (rc = study_plan(o, &pk, p)) != 0 ||
        (rc = read_inputs(o, pk.m, p, in)) != 0) {
        rc = 2;
        goto done;
    }
    struct starpu_conf conf;
    cli_starpu_conf(&conf, run->ncpu, run->ngpu, SC_SCHED_CELLS, NULL);
    if (cli_starpu_begin("study", &conf, NULL) != 0) {
        rc = 1;
        goto done;
    }
    study_ranks_share(p);
    double lev[SC_BM_MAXLEV];
    int nlev = 0;
    if (in->nrange && !(acc = malloc((size_t)p->cells)))
        rc = 1;
    else
        rc = run_rates(o, run, &pk, p, in, rate, lev, &nlev, acc);
    cli_starpu_end();
    if (rc == 0 && p->rank == 0) {
        StudyResult r = {o,    pk.m->name, p->rows,    p->cells,     &p->arms,  in->nbcl,   rate,
                         nlev, lev,        in->has_ca, in->has_qnet, in->range, in->nrange, acc};
        if (study_write(&r, o->out, err, sizeof err) != 0 || study_plots(&r, o->out, err, sizeof err) != 0) {
            fprintf(stderr, "starcarp study: %s\n", err);
            rc = 1;
        }
    }
done:
    for (int k = 0; k < STUDY_MAX_BCL; k++)
        free(rate[k].fields), free(rate[k].steady), free(rate[k].failed), free(rate[k].trace);
    free(acc);
    if (p)
        study_plan_free(p);
    free(p);
    free(in);
    mpick_free(&pk);
    return rc;
}

/* cmd_study.c: `starcarp study`: a population of models of one ionic model, each cell with its own
 * parameters (a design: drivers/study/design.h), under drug block (each current's parameters scaled
 * by 1 / (1 + (D / IC50)^h), the currents of models/currents.tsv), paced as bench paces, measured
 * every beat on the workers (the cell array's biomarkers, docs/study.md): a CSV row per cell with its
 * parameters and its last beat's figures, and a summary per concentration. docs/study.md. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "commands.h"
#include "design.h"
#include "model_pick.h"
#include "outpath.h"
#include "progress.h"
#include "study.h"

#define F(field) offsetof(StudyOpts, field)
#define STR_(x) #x
#define STR(x) STR_(x)

/* --param SPEC, repeatable: a design spec (design.h) into the options' list. */
static int read_param(const CliOpt *d, const char *as, const char *val, void *base, char *err,
                      size_t errlen) {
    (void)d;
    StudyOpts *o = base;
    if (dsg_add_param(&o->design, val, err, errlen) != 0) {
        char why[512];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errlen, "%s: %s", as, why);
        return -1;
    }
    return 0;
}

/* --block CURRENT=IC50[:HILL], repeatable. */
static int read_block(const CliOpt *d, const char *as, const char *val, void *base, char *err,
                      size_t errlen) {
    (void)d;
    StudyOpts *o = base;
    if (o->nblock >= STUDY_MAX_BLOCK) {
        snprintf(err, errlen, "%s: at most %d currents", as, STUDY_MAX_BLOCK);
        return -1;
    }
    if (study_block_parse(val, &o->block[o->nblock], err, errlen) != 0) {
        char why[512];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errlen, "%s %s: %s", as, val, why);
        return -1;
    }
    o->nblock++;
    return 0;
}

/* --conc LIST: concentrations in nM, or multiples of each drug's Cmax ("2x"), comma-separated. */
static int read_conc(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    (void)d;
    StudyOpts *o = base;
    o->nconc = 0;
    for (const char *p = val;;) {
        char *end;
        double x = strtod(p, &end);
        int mult = end > p && (*end == 'x' || *end == 'X');
        if (mult)
            end++;
        if (end == p || !(x >= 0) || !isfinite(x) || (*end && *end != ',')) {
            snprintf(
                err, errlen,
                "%s %s: '%.*s' is not a concentration; expected non-negative numbers of nM or multiples of "
                "the drug's Cmax (2x), comma-separated, e.g. 0,10,100 or 0,1x,4x",
                as, val, (int)strcspn(p, ","), p);
            return -1;
        }
        if (o->nconc == STUDY_MAX_CONC) {
            snprintf(err, errlen, "%s: at most %d concentrations", as, STUDY_MAX_CONC);
            return -1;
        }
        o->conc_x[o->nconc] = (unsigned char)mult;
        o->conc[o->nconc++] = x;
        if (!*end)
            return 0;
        p = end + 1;
    }
}

// clang-format off
static const CliOpt study_opts[] = {
    {.name = "--imp", .opencarp = "--imp", .type = CLI_STR, .accepts = "a model name or a .model file",
     .help = "MODEL  the ionic model (a library model, an openCARP name, or a .model file)", .off = F(imp)},
    {.name = "--imp-par", .opencarp = "--imp-par", .type = CLI_STR, .accepts = "a parameter string like 'GKr*0.5'",
     .help = "STR  parameter changes of every cell, e.g. 'GKr*0.5,flags=EPI'", .off = F(imp_par)},
    {.name = "--param", .type = CLI_CALL, .call = read_param,
     .accepts = "NAME=DIST(A,B), DIST one of uniform, loguniform, normal, lognormal",
     .help = "SPEC  a varied parameter's scale factor, e.g. GKr=lognormal(0,0.2) (repeat it)"},
    {.name = "--sample", .type = CLI_CHOICE, .choices = "lhs,sobol,grid,random",
     .accepts = "lhs, sobol, grid, random", .help = "HOW  the design of the --param factors: lhs (default), sobol, grid, random",
     .off = F(sample)},
    {.name = "--cells", .type = CLI_INT, .lo = 1, .hi = DSG_MAXCELLS, .accepts = "a positive integer (cells)",
     .help = "N  cells of the design (grid: levels per parameter; default 100)", .off = F(cells)},
    {.name = "--seed", .type = CLI_INT, .lo = 0, .hi = 1e15, .accepts = "a non-negative integer",
     .help = "S  the design's seed (default 1)", .off = F(seed)},
    {.name = "--design", .type = CLI_STR, .accepts = "a CSV file",
     .help = "FILE  the design from a CSV file: a header of parameter names, a row of scale factors per cell",
     .off = F(design_csv)},
    {.name = "--block", .type = CLI_CALL, .call = read_block, .accepts = "CURRENT=IC50 or CURRENT=IC50:HILL (nM)",
     .help = "SPEC  a drug's block of a current, IC50 in nM and Hill coefficient (default 1), e.g. IKr=12.5:0.9 (repeat it)"},
    {.name = "--drugs", .type = CLI_STR, .accepts = "a drug table (CSV, CiPA's layout)",
     .help = "FILE  drugs: IC50 and Hill per current, Cmax (CiPA's layout; docs/study.md)", .off = F(drugs_csv)},
    {.name = "--drug", .type = CLI_STR, .accepts = "drug names, comma-separated",
     .help = "NAMES  the --drugs drugs to run (default all), or the name of the --block drug", .off = F(drug)},
    {.name = "--conc", .type = CLI_CALL, .call = read_conc,
     .accepts = "concentrations in nM or multiples of Cmax (2x), comma-separated",
     .help = "LIST  the drugs' concentrations, nM or multiples of each drug's Cmax (1x,4x); every cell at each"},
    {.name = "--bcl", .opencarp = "--bcl", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number of ms",
     .help = "MS  basic cycle length (default 1000)", .off = F(bcl)},
    {.name = "--beats", .opencarp = "--numstim", .type = CLI_INT, .lo = 1, .hi = 1e7, .accepts = "a positive integer (beats)",
     .help = "N  beats paced; the figures are the last one's (default 10)", .off = F(beats)},
    {.name = "--stim-start", .opencarp = "--stim-start", .type = CLI_REAL, .lo = 0, .hi = INFINITY,
     .accepts = "a non-negative number of ms", .help = "MS  first stimulus (default 1.0)", .off = F(stim_start)},
    {.name = "--stim-dur", .opencarp = "--stim-dur", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number of ms",
     .help = "MS  pulse length (default 1.0)", .off = F(stim_dur)},
    {.name = "--stim-curr", .opencarp = "--stim-curr", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number in uA/cm^2",
     .help = "X  pulse amplitude in uA/cm^2 (default 60.0)", .off = F(stim_curr)},
    {.name = "--levels", .type = CLI_REALS, .lo = 1, .hi = 99, .accepts = "repolarisation levels in %, comma-separated",
     .help = "LIST  the APDs measured, in % of repolarisation (default 30,50,90; 90 always)",
     .off = F(levels), .count_off = F(nlevels), .nmin = 1, .nmax = SC_BM_MAXLEV},
    {.name = "--ranges", .type = CLI_STR, .accepts = "a ranges file (CSV: biomarker,bcl,min,max)",
     .help = "FILE  calibration: keep the cells whose biomarkers lie in these ranges, paced at each bcl",
     .off = F(ranges_csv)},
    {.name = "--steady", .type = CLI_STR, .accepts = "biomarker names, comma-separated (e.g. APD90,CaT_amp)",
     .help = "LIST  pace until these change by at most --steady-tol from beat to beat in every cell (--beats: the limit)",
     .off = F(steady)},
    {.name = "--steady-tol", .type = CLI_POS, .hi = 1, .accepts = "a relative change in (0, 1]",
     .help = "X  the steady state's relative tolerance (default 0.001)", .off = F(steady_tol)},
    {.name = "--save-sv", .type = CLI_STR, .accepts = "a directory",
     .help = "DIR  every cell's final state, DIR/cell_N.sv (bench's .sv format)", .off = F(save_sv)},
    {.name = "--load-sv", .type = CLI_STR, .accepts = "a .sv file or a directory of cell_ROW.sv",
     .help = "PATH  initial states: one .sv for every cell, or DIR/cell_ROW.sv per design row", .off = F(load_sv)},
    {.name = "--qnet", .type = CLI_CHOICE, .choices = "auto,on,off", .accepts = "auto, on, off",
     .help = "HOW  CiPA's qNet, the charge of 6 currents a beat: auto (default: where the model has them), on, off",
     .off = F(qnet)},
    {.name = "--traces", .type = CLI_INT, .lo = 0, .hi = STUDY_MAX_TRACES, .accepts = "0 to " STR(STUDY_MAX_TRACES),
     .help = "N  cells whose last beat is drawn and written (the first row of each group; default 4)", .off = F(traces)},
    {.name = "--out", .type = CLI_STR, .accepts = "a file name",
     .help = "FILE  the cells' CSV (default study_cells.csv); the summary beside it (_summary.csv)", .off = F(out)},
    CLI_FLAG_OPT("-q", "no progress report", F(quiet)),
};
// clang-format on
#define NSTUDY ((int)(sizeof study_opts / sizeof *study_opts))

static void usage(FILE *out) {
    fprintf(
        out,
        "usage: starcarp study --imp MODEL [--param SPEC ...] [--block CURRENT=IC50[:HILL] ... | --drugs FILE] "
        "[--conc LIST] [--ranges FILE] [--steady LIST] [options]\n"
        "A population of models under drug block, paced, measured every beat (docs/study.md).\n");
    cli_opt_help(out, study_opts, NSTUDY);
    cli_run_help(out, "study");
}

static const CliCommand study_cmd = {"study", study_opts, NSTUDY, usage};

/* The options' defaults. */
static void defaults(StudyOpts *o) {
    memset(o, 0, sizeof *o);
    o->cells = 100, o->seed = 1, o->bcl = 1000, o->beats = 10;
    o->stim_start = 1.0, o->stim_dur = 1.0, o->stim_curr = 60.0, o->out = "study_cells.csv";
    o->steady_tol = 1e-3, o->traces = 4;
}

int cmd_study(int argc, char **argv) {
    StudyOpts o;
    defaults(&o);
    CliRun run = cli_run_defaults();
    run.steps_per_task = STUDY_DEFAULT_K;
    int rc = cli_parse(&study_cmd, argc, argv, &o, &run, NULL);
    if (rc != 0) {
        dsg_free(&o.design);
        return rc > 0 ? 0 : 2;
    }
    rc = study_run(&o, &run);
    dsg_free(&o.design);
    return rc;
}

/* study.h: `starcarp study` inside (prefix study_): its options (cmd_study.c reads them), a drug's
 * block of a current (study_block.c), the run (study_run.c) and its outputs (study_out.c).
 * docs/study.md. */
#ifndef SC_STUDY_H
#define SC_STUDY_H

#include <stddef.h>

#include "cli_opts.h"
#include "design.h"
#include "starcarp.h"

#define STUDY_MAX_BLOCK 16 /* currents a drug blocks */
#define STUDY_MAX_CONC 64 /* concentrations */

/* A drug's block of one current: its conductance parameters scaled by 1 / (1 + (D / ic50)^hill). */
typedef struct StudyBlock {
    char current[32];
    double ic50, hill; /* nM, > 0 */
} StudyBlock;

typedef struct StudyOpts {
    const char *imp, *imp_par, *design_csv, *out;
    DsgDesign design; /* the --param specs (then the cells' factors) */
    int sample; /* --sample: 0 lhs, 1 sobol, 2 grid, 3 random */
    long cells, seed, beats;
    StudyBlock block[STUDY_MAX_BLOCK];
    int nblock;
    double conc[STUDY_MAX_CONC];
    int nconc;
    double bcl, stim_start, stim_dur, stim_curr;
    double levels[SC_BM_MAXLEV]; /* % */
    int nlevels;
    int quiet;
} StudyOpts;

/* "CURRENT=IC50" or "CURRENT=IC50:HILL" into *b (hill 1 when absent). 0, or -1 with what is wrong in
 * err. */
int study_block_parse(const char *spec, StudyBlock *b, char *err, size_t errlen);
/* The factor of a block at concentration d (nM): 1 / (1 + (d / ic50)^hill). */
double study_block_factor(const StudyBlock *b, double d);

/* The study of o with the shared options run: the exit status (0; 1 a run that failed; 2 bad input,
 * after "starcarp study: why" on stderr). */
int study_run(StudyOpts *o, const CliRun *run);

/* The figures of a study, cell by cell (study_out.c): cells = rows x concentrations, cell c the design
 * row c % rows at concentration c / rows; fields[f * cells + c] the figure SC_BM_f of cell c. */
typedef struct StudyResult {
    const StudyOpts *o;
    const char *model;
    long rows, cells;
    int nconc; /* concentrations (1: the control alone, conc[0] = 0) */
    const double *conc;
    const double *fields;
    int nlev;
    const double *lev; /* fractions */
    int has_ca;
} StudyResult;

/* Write the cells' CSV into path and the summary beside it (PATH_summary.csv), and print the summary
 * on stdout. 0, or -1 with "PATH: why" in err. */
int study_write(const StudyResult *r, const char *path, char *err, size_t errlen);

#endif

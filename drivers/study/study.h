/* study.h: `starcarp study` inside (prefix study_): its options (cmd_study.c reads them), a drug's
 * block of a current (study_block.c), the treatment groups and every cell's parameters
 * (study_plan.c), the biomarkers by name (study_marker.c), the pacing with its steady state and
 * states (study_pace.c), the run (study_run.c) and its outputs (study_out.c, study_plots.c,
 * study_risk.c); the input tables are study_tables.h's, the risk classifier study_tdp.h's.
 * docs/study.md. */
#ifndef SC_STUDY_H
#define SC_STUDY_H

#include <stddef.h>

#include "cli_opts.h"
#include "design.h"
#include "model_pick.h"
#include "starcarp.h"

#define STUDY_MAX_BLOCK 16 /* currents a drug blocks */
#define STUDY_MAX_CONC 64 /* concentrations */
#define STUDY_MAX_DRUGS 64 /* drugs of one study */
#define STUDY_MAX_GROUPS 1024 /* drug x concentration groups */
#define STUDY_MAX_BCL 8 /* pacing rates */
#define STUDY_MAX_RANGES 128
#define STUDY_MAX_STEADY 8 /* biomarkers of the steady-state test */
#define STUDY_MAX_TRACES 16 /* cells whose Vm is traced */
/* The study's steps per task unless --steps-per-task says otherwise: the biomarkers load and store
 * each cell's running fields once per task, so a longer task costs less (ORd 2011, 1e6 cells, one
 * H200: 0.937 of the plain run's rate at K 10, 0.956 at K 50; docs/study.md) */
#define STUDY_DEFAULT_K 50

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
    const char *drugs_csv, *drug; /* --drugs FILE, --drug NAME[,NAME...] */
    double conc[STUDY_MAX_CONC]; /* nM, or multiples of each drug's Cmax where conc_x[k] */
    unsigned char conc_x[STUDY_MAX_CONC];
    int nconc;
    double bcl, stim_start, stim_dur, stim_curr;
    double levels[SC_BM_MAXLEV]; /* % */
    int nlevels;
    const char *ranges_csv; /* --ranges FILE */
    const char *steady; /* --steady LIST: biomarkers; NULL: pace --beats beats */
    double steady_tol; /* relative change from beat to beat */
    const char *save_sv, *load_sv; /* --save-sv DIR, --load-sv DIR or FILE */
    long traces; /* --traces N: cells whose last beat is drawn */
    int qnet; /* --qnet: 0 auto (where the model has CiPA's six currents), 1 on, 2 off */
    int quiet;
} StudyOpts;

/* A treatment group: a drug (-1: none, the control) at a concentration. */
typedef struct StudyGroup {
    int drug; /* index into the study's drugs, -1: no drug */
    double conc; /* nM */
    char label[32]; /* the concentration as given ("30", "2x") */
} StudyGroup;

/* The drugs and groups of a study: drugs from --block (one, named by --drug or "drug") or from a
 * table (--drugs, chosen by --drug), every concentration for every drug; no drug: the control. */
typedef struct StudyArms {
    struct StudyDrug *drugs; /* study_tables.h */
    int ndrugs;
    StudyGroup group[STUDY_MAX_GROUPS];
    int ngroups;
} StudyArms;

/* "CURRENT=IC50" or "CURRENT=IC50:HILL" into *b (hill 1 when absent). 0, or -1 with what is wrong in
 * err. */
int study_block_parse(const char *spec, StudyBlock *b, char *err, size_t errlen);
/* The factor of a block at concentration d (nM): 1 / (1 + (d / ic50)^hill). */
double study_block_factor(const StudyBlock *b, double d);

/* The study of o with the shared options run: the exit status (0; 1 a run that failed; 2 bad input,
 * after "starcarp study: why" on stderr). */
int study_run(StudyOpts *o, const CliRun *run);

/* ---- the plan (study_plan.c) ---- */
#define STUDY_MAX_CUR_PARAMS 8 /* parameters of one current */

/* What a study's cells vary: cells = rows x groups, cell c the design row c % rows in group
 * c / rows; the parameters (their indices) and per cell their values. */
typedef struct StudyPlan {
    long rows, cells;
    int rank, size; /* this process's StarPU-MPI rank among size (0 of 1 without MPI) */
    long first, n; /* this rank's cells: [first, first + n) */
    double dt; /* the run's time step, ms */
    StudyArms arms;
    int kd[DSG_MAXP]; /* the design's parameters */
    int kb[STUDY_MAX_DRUGS][STUDY_MAX_BLOCK][STUDY_MAX_CUR_PARAMS]; /* each drug's blocked currents' */
    int nb[STUDY_MAX_DRUGS][STUDY_MAX_BLOCK];
    int vk[SC_MAX_VARY], nv; /* the parameters that vary from cell to cell */
    double base[SC_MAX_VARY]; /* their run's values (the plain model's) */
    double *vals; /* nv x cells: the run's value x the design's factor x the group's blocks */
} StudyPlan;

/* The drugs and groups of o (the drug table read), the design's and the blocked currents'
 * parameters resolved on the model pk, every cell's values. 0, or 2 after a message (bad input). */
int study_plan(StudyOpts *o, Mpick *pk, StudyPlan *p);
void study_plan_free(StudyPlan *p);
/* The drug name of group g ("none" for the control). */
const char *study_group_drug(const StudyArms *a, int g);

/* ---- biomarkers by name (study_marker.c) ---- */

/* A biomarker of the cells' CSV by its name: a field of the cell array or one derived from two. */
typedef struct StudyMarker {
    char name[32];
    int kind; /* 0: field a; 1: field a - field b; 2: |field a - field b| */
    int a, b; /* SC_BM_* fields */
} StudyMarker;

/* The names a study can give (ranges, --steady), '#' standing for a level in % (study_tables.h's
 * rule), those needing calcium, and their counts. */
extern const char *const study_marker_known[];
extern const int study_marker_nknown;
extern const char *const study_marker_calcium[];
extern const int study_marker_ncalcium;
/* The biomarker `name` (exact spelling of the known list, levels filled in) with the levels lev (in
 * %, nlev) measured, the calcium transient (has_ca) and qNet (has_qnet) or not: 0, or -1 with why
 * in err (unknown, needs calcium or qNet, a level not measured). */
int study_marker(const char *name, const double *lev, int nlev, int has_ca, int has_qnet, StudyMarker *m,
                 char *err, size_t errlen);
/* Its value in cell c of fields (SC_BM_NFIELDS x cells). */
double study_marker_value(const StudyMarker *m, const double *fields, long cells, long c);

/* ---- pacing (study_pace.c) ---- */

/* The figures of a study at one pacing rate. */
typedef struct StudyRate {
    double bcl; /* ms */
    long beats; /* beats paced */
    double *fields; /* SC_BM_NFIELDS x cells: the last beat's */
    double *steady; /* cells: the beat from which each cell changed less than the tolerance (NaN: not
                       by the last), or NULL without --steady */
    double *failed; /* cells: when (ms) the cell went numerically wrong (its figures NaN), NaN: never */
    long nfailed;
    long tcell[STUDY_MAX_TRACES]; /* the traced cells: Vm of the last beat every tdt ms */
    long tloc[STUDY_MAX_TRACES]; /* their index on this rank, -1: another rank's */
    int ntcell;
    long tevery, tlen; /* steps between samples, samples */
    double tdt; /* ms */
    double *trace; /* ntcell x tlen: trace[k * tlen + s], Vm of tcell[k] at tdt * s from the beat's start */
} StudyRate;

/* The pacing of one rate's cell array c (made by the caller, its biomarkers on): o's beats at bcl,
 * or until every cell is steady (the markers st[0 .. nst-1], o->steady_tol); the states loaded
 * first (--load-sv, rows of the design). A cell that goes numerically wrong is recorded in
 * r->failed, its figures NaN, and replaced by the plain model (p->vals changed) from the start of
 * that beat, which runs again. The figures into r (allocated here). 0, or 1 after a message (a
 * state file that failed, a GPU launch error). */
int study_pace(const StudyOpts *o, ScCells *c, StudyPlan *p, const StudyMarker *st, int nst, double bcl,
               StudyRate *r);
/* Every cell's state into --save-sv's directory, DIR/cell_N<suffix>.sv (suffix "" or "_bcl1000";
 * bench's .sv format); with verdicts acc (cells, or NULL) the accepted cells also into
 * DIR/accepted/cell_K<suffix>.sv, K their row in the accepted design. 0, or -1 after the message. */
int study_save_states(const StudyOpts *o, ScCells *c, const StudyPlan *p, const char *suffix,
                      const unsigned char *acc);
/* The states of --load-sv for every cell (rows of the design) written into c: 0, or -1 after the
 * message. */
int study_load_states(const StudyOpts *o, ScCells *c, const StudyPlan *p);

/* ---- ranks (study_ranks.c) ---- */

/* This rank's share of p's cells (p->rank, size, first, n): contiguous, equal to one cell. */
void study_ranks_share(StudyPlan *p);
/* Every rank's flags combined (collective; nothing with one rank): *fatal and *done become the
 * largest and smallest of the ranks', *steady the smallest. */
void study_ranks_agree(const StudyPlan *p, int *fatal, int *done, int *steady);
/* Rank 0's arrays of r (fields, failed, steady) replaced by every rank's gathered in cell order,
 * the traces and r->nfailed summed (each traced cell sampled by one rank; collective). 0 or -1
 * (memory). */
int study_ranks_gather(const StudyPlan *p, StudyRate *r);
/* Rank 0's n bytes of buf into every rank's (collective). */
void study_ranks_bcast(const StudyPlan *p, void *buf, size_t n);

/* ---- outputs (study_out.c, study_plots.c) ---- */

/* The figures of a study: cells = rows x groups (cell c the design row c % rows in group c / rows),
 * one StudyRate per pacing rate; with ranges, each cell's verdict. */
typedef struct StudyResult {
    const StudyOpts *o;
    const char *model;
    long rows, cells;
    const StudyArms *arms;
    int nrate;
    const StudyRate *rate;
    int nlev;
    const double *lev; /* fractions */
    int has_ca, has_qnet;
    const struct StudyRange *ranges; /* study_tables.h */
    int nranges;
    const unsigned char *accepted; /* cells, or NULL (no ranges) */
} StudyResult;

/* Write the cells' CSV into path (a row per cell and rate), the summary beside it
 * (PATH_summary.csv, a row per rate and group), with ranges the accepted design rows
 * (PATH_accepted.csv, a design file), and print the summary on stdout. 0, or -1 with "PATH: why" in
 * err. */
int study_write(const StudyResult *r, const char *path, char *err, size_t errlen);
/* The pictures beside path (study_plots.c): APD90's histogram per group, APD90 against the
 * concentration per drug, with ranges the accepted against the rejected cells. 0 or -1 + err. */
int study_plots(const StudyResult *r, const char *path, char *err, size_t errlen);
/* CiPA's TdP risk classification (study_risk.c, study_tdp.h) where the drugs have risk classes, qNet
 * is measured and --conc has multiples of Cmax: per dose, the fit of the classes on the drugs' median
 * qNet with its training and leave-one-out errors (PATH_tdp.csv), each drug's qNet and predictions
 * (PATH_tdp_drugs.csv), a picture (PATH_tdp.png), a line per dose on stdout; where it does not
 * apply, a line saying why (nothing without risk classes). 0, or -1 with "FILE: why" in err. */
int study_risk(const StudyResult *r, const char *path, char *err, size_t errlen);
/* The median of field k over group g's cells that ran and have it (rate ri; NaN: none), buf holding
 * r->rows values; their number into *count (count may be NULL). */
double study_group_median(const StudyResult *r, int ri, int g, int k, double *buf, long *count);
/* PATH with its .csv ending (if any) replaced by suffix, into buf. */
void study_beside(const char *path, const char *suffix, char *buf, size_t n);
/* The index of level 0.9 among r's levels. */
int study_i90(const StudyResult *r);

#endif

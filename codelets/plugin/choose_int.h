/* choose_int.h: the parts of the automatic choice of methods (sc_choose.h) shared by its files:
 * sc_choose.c (the steps), choose_run.c (building and running one cell), choose_cache.c (the
 * cache) and choose_report.c (progress and summary). Internal to codelets/plugin/. Prefix ch_. */
#ifndef CHOOSE_INT_H
#define CHOOSE_INT_H
#include <stddef.h>

#include "sc_choose.h"
#include "starcarp_model.h"

enum { CH_NSNAP = 64, CH_MAXBUILD = SC_CHOOSE_MAXCAND + 2 };

/* One compiled method set: the portable C kernel (double) and the vectorised single one. */
typedef struct ChKern {
    void *lib;
    const ScModelDesc *d;
    ScCpuKernel f32;
} ChKern;

/* One candidate's build: generated at once, compiled in the background (ch_queue), loaded when
 * needed (ch_wait). state: 0 queued, 1 compiling, 2 loaded, -1 failed. */
typedef struct ChBuild {
    char overrides[1024];
    char ident[32];
    long pid;
    int state;
    ChKern k;
} ChBuild;

/* What one single-cell run gives. */
typedef struct ChRun {
    double *vm; /* nsamp samples, 0.1 ms apart (every step when dt > 0.1) */
    long nsamp;
    double h; /* ms between samples */
    double *lo, *hi; /* per state: min and max over the samples */
    double *snap; /* CH_NSNAP x (nsv + 1): states then Vm (reference only) */
    long snap_d[CH_NSNAP];
    int nsnap, failed, cut; /* cut: stopped by the budget (failed too) */
    double seconds;
    char why[160];
} ChRun;

/* What the whole choice shares. */
typedef struct ChCtx {
    const char *path;
    const ScChooseSpec *sp;
    char dir[64];
    const char *inc, *cc;
    char **cvode; /* the names of the states the file leaves to cvode */
    int ncvode;
    const ChKern *ref_k; /* the file's methods, and the reference run */
    const ChRun *ref;
    ScCandidate *file; /* their figures (single precision filled when a bar needs it) */
    int file32; /* 0 not run yet, 1 within the envelope, -1 failed */
    ChRun env2; /* the margin of stability's envelope (lo, hi only: sc_choose.c) */
    int env2_made; /* 0 not made yet, 1 made, -1 the file's methods fail at 2 dt */
    ChBuild build[CH_MAXBUILD];
    int nbuild, jobs; /* builds queued; compilers run at once in the background */
    double t0, deadline; /* sc_now_s() at the start; when the budget ends (INFINITY: none) */
    int cut; /* the budget ran out */
    /* progress: a bar on a terminal, lines otherwise */
    int tty, pct_shown;
    double stage_t0;
    char stage[160];
    char *err;
    size_t errlen;
} ChCtx;

/* choose_run.c */
/* Generate the candidate's sources now and queue its compilation; the build's index, or -1 (err
 * set). ch_pump starts queued compilers (at most c->jobs at once) and reaps finished ones;
 * ch_wait waits for build i and loads it (NULL, err set, on failure); ch_builds_end stops what
 * still runs and unloads every build. */
int ch_queue(ChCtx *c, const char *overrides);
void ch_pump(ChCtx *c);
const ChKern *ch_wait(ChCtx *c, int i);
void ch_builds_end(ChCtx *c);
/* One cell of k under the protocol at step dt in double (single = 0) or single precision, with
 * rtol/atol (0: the kernel's defaults), snapshots for the stiffness when snaps; stops (r->cut)
 * when the budget ends; progress reported when report. Fills r (ch_free_run). */
void ch_run_cell(ChCtx *c, const ChKern *k, int single, double rtol, double atol, int snaps, double dt,
                 int report, ChRun *r);
void ch_free_run(ChRun *r);
/* Does every state of r stay within ref's range widened by 5 % of the range plus 0.1 % of its
 * magnitude? If not, why (prefixed with what) names the state. */
int ch_in_envelope(const ChKern *k, const ChRun *ref, const ChRun *r, const char *what, char *why, size_t n);
/* The same with the widening times x (the margin of stability's envelope at 2 dt: x = 2). */
int ch_in_envelope_x(const ChKern *k, const ChRun *ref, const ChRun *r, double x, const char *what, char *why,
                     size_t n);
/* Judges r against ref for slot p (0 double, 1 single) with the bars: fills cand->err[p], dapd[p]
 * and, on failure, cand->why. 1 when it passes. */
int ch_judge(const ChCtx *c, const ChKern *k, const ChRun *ref, const ChRun *r, int p, double err_bar,
             double apd_bar, ScCandidate *cand);
/* The stiffness of the cvode states at dt (see sc_choose.c): stiff[j], couple[i * ncvode + j]. */
void ch_stiffness(const ChCtx *c, const ChKern *fe, const ChRun *ref, double *stiff, double *couple);

/* choose_report.c */
/* A new stage of the work ("building candidate 3/7: rk2"), and how far it is (0..1). */
void ch_stage(ChCtx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ch_progress(ChCtx *c, double frac);
/* Ends the progress display (the bar's line). */
void ch_progress_end(ChCtx *c);

/* The uniform candidates ("cvode=M" alone) in order of cost; bit k of ScChooseSpec.skip is
 * ch_uniform[k]. */
extern const char *const ch_uniform[5];

#endif

/* choose_int.h: the parts of the automatic choice of methods (sc_choose.h) shared by its files:
 * sc_choose.c (the steps), choose_run.c (building and running one cell), choose_cache.c (the
 * cache) and choose_report.c (progress and summary). Internal to provision/. Prefix ch_. */
#ifndef CHOOSE_INT_H
#define CHOOSE_INT_H
#include <stdatomic.h>
#include <stddef.h>

#include "sc_choose.h"
#include "starcarp_model.h"

enum { CH_NSNAP = 64, CH_MAXBUILD = 2 * SC_CHOOSE_MAXCAND + 2 }; /* candidates with and without vm=cvode */

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

/* What one single-cell run gives. The per-state arrays are in the order of the context's canon
 * (ChCtx.canon: the reference's states), matched by name: a state the run's kernel lacks is NaN
 * there (not compared), one the canon lacks is left out (vm=M adds Vm's in-step copy). */
typedef struct ChRun {
    double *vm; /* nsamp samples, 0.1 ms apart (every step when dt > 0.1) */
    long nsamp;
    double h; /* ms between samples */
    double *lo, *hi; /* per state: min and max over the samples */
    double *beat; /* nbeat x canon's nstates: the states at each stimulus of the protocol, then at
                     the end (the slow states compared beat by beat, choose_long.c) */
    int nbeat;
    double *snap; /* CH_NSNAP x (nsv + 1): states then Vm (reference only) */
    long snap_d[CH_NSNAP];
    int nsnap, failed, cut; /* cut: not made, the budget would run out (failed too) */
    int halted; /* stopped because the run beside it failed (ChCtx.halt; failed too) */
    double seconds; /* CPU time of the run's thread (said, never decides) */
    double work; /* its operations: the steps made times the kernel's per step, and the adaptive
                    groups' further sub-steps (ScStepArgs.work); a count, the same on every machine */
    char why[160];
} ChRun;

/* What the whole choice shares. */
typedef struct ChCtx {
    const char *path;
    const ScChooseSpec *sp;
    char dir[64];
    const char *inc, *cc;
    char **cvode; /* the names of the states the file leaves to cvode (less those coupled to Vm
                     when the treatment is applied) */
    int ncvode;
    char **coupled; /* the states the treatment vm=cvode couples to Vm (codegen/vmcouple.c), when one
                       is coupled to Vm faster than the choice's dt; else none */
    int ncoupled;
    int nmarkov; /* the states the file leaves to markov_be (its Markov chains) */
    char **event; /* the cvode states whose derivative switches on a condition of the cell's state
                     (choose_model.c) */
    int nevent;
    char **st; /* every state's name, and which states each one's derivative reads (directly or */
    unsigned char *reads; /* through equations): reads[i * nst + j] (choose_model.c) */
    int nst;
    const ScChooseSpec *proto; /* the protocol of the runs (NULL: sp's; the long check's, choose_long.c) */
    const ScModelDesc *canon; /* the states' order of the runs' arrays (the reference's) */
    char vm[32]; /* the treatment of states coupled to Vm faster than dt that every candidate, and the
                    fallback, gets ("vm=cvode" once the check shows it is needed, else "") */
    const ChKern *ref_k; /* the file's methods (with vm=cvode where a state is coupled to Vm faster
                            than dt), and the reference run */
    const ChRun *ref;
    double ref_apd; /* the reference beat's APD90 (ms; -1: none) */
    ScCandidate *file; /* their figures (single precision filled when a bar needs it) */
    int file32; /* 0 not run yet, 1 within the envelope, -1 failed */
    ChRun env2; /* the margin of stability's envelope (lo, hi only: sc_choose.c) */
    int env2_made; /* 0 not made yet, 1 made, -1 the file's methods fail at 2 dt */
    ChBuild build[CH_MAXBUILD];
    int nbuild, jobs; /* builds queued; compilers run at once in the background */
    double t0; /* sc_now_s() at the start (progress only) */
    double work, budget; /* operations done so far (ChRun.work summed); the budget's (INFINITY: none) */
    double need; /* the largest work a run's start would reach (the budget a choice needs to finish) */
    int cut; /* the budget ran out: a run would have taken the work past it */
    int kept; /* ... in the Markov step (sc_choose.c), after a set had passed: that set stands */
    atomic_int halt; /* set by one of two runs side by side that fails (choose_long.c): the other stops */
    /* progress: a bar on a terminal, lines otherwise */
    int tty, pct_shown;
    double stage_t0;
    char stage[160];
    char *err;
    size_t errlen;
} ChCtx;

/* sc_choose.c */
/* Sets up c for the model file at path and the spec (the fields above, the compiler, a temporary
 * folder); 0, or -1 with the message in err. ch_end stops the builds and removes the folder. */
int ch_begin(ChCtx *c, const char *path, const ScChooseSpec *sp, char *err, size_t errlen);
void ch_end(ChCtx *c);

/* choose_run.c */
/* Generate the candidate's sources now and queue its compilation; the build's index, or -1 (err
 * set). ch_pump starts queued compilers (at most c->jobs at once) and reaps finished ones;
 * ch_wait waits for build i and loads it (NULL, err set, on failure); ch_builds_end stops what
 * still runs and unloads every build. Compiling costs no work of the budget (it is not counted:
 * only the runs are). */
int ch_queue(ChCtx *c, const char *overrides);
void ch_pump(ChCtx *c);
const ChKern *ch_wait(ChCtx *c, int i);
void ch_builds_end(ChCtx *c);
/* One cell of k under the protocol (c->proto, else c->sp) at step dt in double (single = 0) or
 * single precision, with rtol/atol (0: the kernel's defaults), snapshots for the stiffness when
 * snaps; not made (r->cut, c->cut set) when its planned work (ch_planned) would take c->work past
 * the budget, its work added to c->work when made; stops (r->halted) when c->halt is set; progress
 * reported when report > 0. report < 0: a run in a thread of its own, which touches nothing of c
 * (no compilers pumped, no budget: the caller checks and counts it). Fills r (ch_free_run). */
void ch_run_cell(ChCtx *c, const ChKern *k, int single, double rtol, double atol, int snaps, double dt,
                 int report, ChRun *r);
void ch_free_run(ChRun *r);
/* The work a run of k at step dt over the protocol (c->proto, else c->sp) plans: its steps times
 * the kernel's operations per step (an adaptive group counted for one sub-step). */
double ch_planned(const ChCtx *c, const ChKern *k, double dt);
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
/* The index in `in` of state (or store) `name`, -1 when it has none. */
int ch_state_index(const ScModelDesc *in, const char *name);

/* choose_long.c */
/* The long protocol of a check: the spec's stimulus, sp->long_beats beats at sp->long_bcl, or at
 * 1.5 times the reference beat's APD90 apd where that is longer. */
ScChooseSpec ch_long_spec(const ScChooseSpec *sp, double apd);
/* Compares run a with run b (both over the same protocol, arrays in the canon's order, c->canon):
 * Vm over the run and over its last beat, the last beat's APD90, every state at each stimulus
 * and at the end (the largest difference, in % of the state's magnitude in b). */
void ch_compare(const ChCtx *c, const ScChooseSpec *pr, const ChRun *a, const ChRun *b, ScCompare *out);
/* The long check of candidate cd (built into k): its runs at dt and dt/2 over the long protocol
 * (ch_long_spec) complete, and the states' and Vm's differences between them stay within the
 * bars (docs/methods.md). 1 when it passes; else 0 and why in cd->why. */
int ch_long_check(ChCtx *c, const ChKern *k, ScCandidate *cd);

/* choose_report.c */
/* A new stage of the work ("building candidate 3/7: rk2"), and how far it is (0..1). */
void ch_stage(ChCtx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void ch_progress(ChCtx *c, double frac);
/* Ends the progress display (the bar's line). */
void ch_progress_end(ChCtx *c);

/* The uniform candidates ("cvode=M" alone) in order of cost; bit k of ScChooseSpec.skip is
 * ch_uniform[k]. */
extern const char *const ch_uniform[5];

/* choose_model.c: the index of name in names[0..n), or -1. */
int ch_name_at(char *const *names, int n, const char *name);
/* The model file's states for the choice: the cvode states (c->cvode), those coupled to Vm faster
 * than dt (c->coupled; out->fastvm names them), the event states and what each state reads. 0, or -1 (err set) when the model does not load. */
int ch_model_states(ChCtx *c, ScChoice *out);
/* The treatment vm=cvode applied: the states it couples to Vm leave c->cvode. */
void ch_drop_coupled(ChCtx *c);
/* The block (nb names) with the chains it is part of, into out (room for ncvode names; the block
 * first): a chain is a set of cvode states whose derivatives read (through equations too) Vm,
 * parameters and states of the set alone (cipa's hERG Markov chain); a block state in one brings
 * the chain states it reads, and so on. Returns how many (nb: no chain). */
int ch_chain(const ChCtx *c, char **block, int nb, char **out);

#endif

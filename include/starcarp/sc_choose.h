/* sc_choose.h: the automatic choice of integration methods (docs/methods.md), inside libstarcarp.
 *
 * A published model marks its non-gate states .method(cvode) because CellML does not say what a
 * state needs; cvode (adaptive, a Jacobian and an LU per sub-step) is then the slowest method of
 * the language, on GPUs most of all. The choice relaxes what the file leaves to cvode, then its
 * Markov chains (markov_be, tried with forward Euler on top of the set chosen): it
 * tries cheaper methods for those states, in order of cost, and keeps the first that passes a
 * check against a tight-tolerance run of the file's own methods (one cell, a paced beat, bench's
 * rules): the normalised RMS error of Vm and the APD90 difference within the stated tolerances, no
 * failure, every state within the reference's envelope, in double and in single precision; then
 * over many beats against itself at dt/2 (the slow states). Where a state is coupled to Vm faster
 * than dt, the reference advances them together (vm=cvode), and so does the choice where bench's
 * splitting misses the bars. */
#ifndef SC_CHOOSE_H
#define SC_CHOOSE_H
#include <stddef.h>
#include <stdio.h>

#include "starcarp_model.h" /* ScSingleCheck */

enum { SC_CHOOSE_MAXCAND = 14 };

/* The budget of a run's automatic choice, in units of work (STARCARP_CHOOSE_BUDGET overrides it;
 * `starcarp methods` has none): one unit is SC_CHOOSE_WORK_UNIT operations of the one-cell runs
 * (ScModelDesc.flops_per_step's weighing, cvode's sub-steps counted), about a second of one core of
 * the 2-core development machine (docs/methods.md). A count, not a clock: a choice that finishes on
 * one machine finishes on every machine, at any load, and gives the same methods. */
#define SC_CHOOSE_BUDGET 40.0
#define SC_CHOOSE_WORK_UNIT 3e9

/* The project's accuracy bars: the normalised RMS error of Vm (% of the reference's Vm range) and the
 * APD90 difference (ms) within which a method set passes the choice (docs/methods.md), and within
 * which single precision is taken to add nothing against double (sc_model_single_verdict). */
#define SC_CHOOSE_TOL_ERR 0.1
#define SC_CHOOSE_TOL_APD 0.5

/* What the choice is made for: the step, the tolerances and the one-cell protocol. */
typedef struct ScChooseSpec {
    double dt; /* ms */
    double tol_err; /* % of the reference's Vm range, RMS (0: SC_CHOOSE_TOL_ERR) */
    double tol_apd; /* ms (0: SC_CHOOSE_TOL_APD) */
    double stim_start, stim_dur, stim_curr, bcl, duration; /* ms, ms, uA/cm^2, ms, ms */
    long nstim; /* 0: unpaced */
    int verbose; /* progress on stderr (a bar on a terminal, lines otherwise) */
    double budget; /* units of work the choice may do (0: no limit); past it the file's methods */
    unsigned skip; /* bits of the uniform candidates (fe, rush_larsen, rk2, rk4, rosenbrock) known to
                      fail: found failing at a smaller step (they fail at a larger one too) */
    long long_beats; /* the long check: beats (0: none) ... */
    double long_bcl; /* ... at this cycle length, ms (0: 500) */
    double tol_state; /* its bar for the states, % of a state's magnitude (0: 1) */
    int any_speed; /* 1: the first passing set is chosen even where it runs no faster than the file's
                    * methods (0: the file's methods are kept then; STARCARP_CHOOSE_SPEED) */
} ScChooseSpec;

/* The default protocol of the check (one paced beat: stimulus 60 at 1 ms for 1 ms, 1000 ms, dt 0.01
 * ms, verbose): what `starcarp methods` and a plugin's automatic choice use unless told otherwise. */
ScChooseSpec sc_choose_default_spec(void);

/* One candidate: its overrides, what the check found. err/dapd: [0] double, [1] single. */
typedef struct ScCandidate {
    char overrides[1024]; /* "" for the file's methods */
    char label[96];
    int pass;
    double err[2], dapd[2];
    double seconds; /* the one-cell double run (portable C), CPU seconds (said, never decides) */
    double work; /* its operations (counted: what the speed rule compares) */
    char why[200]; /* why it failed ("" when it passed) */
    /* the long check (NaN: not made): the estimated error of Vm over the last beat (%), of its
       APD90 (ms) and of the state that differs most (% of its magnitude), named */
    double lerr[3];
    char lstate[48];
} ScCandidate;

/* Two runs of one cell over one protocol compared (ch_compare, sc_choose_compare). */
enum { SC_COMPARE_MAXST = 256 };
typedef struct ScCompare {
    double vm_err, vm_err_last; /* RMS of Vm, % of the second run's range: the run, its last beat */
    double apd_last, dapd_last; /* APD90 of the second run's last beat; the first's minus it (ms) */
    double state_err; /* the largest difference of a state at a stimulus or at the end, % of the
                         state's magnitude over the second run */
    char state[48]; /* that state */
    int nst; /* the states compared, their errors */
    char st_name[SC_COMPARE_MAXST][32];
    double st_err[SC_COMPARE_MAXST];
    double seconds[2]; /* of the two runs */
    int failed; /* 1 or 2: that run failed (why says how) */
    char why[200];
} ScCompare;

/* The outcome. chosen: index into cand, or -1 for the file's methods (then overrides is ""). */
typedef struct ScChoice {
    char overrides[1024];
    char label[96];
    char reason[200]; /* why the file's methods were kept, when they were */
    char stiff[512]; /* the states found stiff at dt: "name (dt/tau), ..." */
    double ref_apd, ref_seconds; /* the tight reference run */
    double ref_rtol; /* its rtol (1e-8 .. 1e-10: sc_choose.c; atol 100x smaller) */
    ScCandidate file; /* the file's methods at the default tolerances */
    int ncand, chosen;
    ScCandidate cand[SC_CHOOSE_MAXCAND];
    int cut; /* the budget stopped the choice (then the file's methods, overrides "") */
    char cut_stage[96]; /* what it was doing then */
    double budget, seconds, work; /* the budget it had (units, 0: none), the seconds it took, the
                                     operations its runs counted */
    double need; /* finished: the operations the budget needs for it to finish (a run starts only
                    where the work so far and the run's planned work stay within the budget) */
    double dt_made, dt_asked; /* the step the choice was made at, and the run's (dt_asked <= dt_made
                                 when a choice made at a larger step is reused) */
    int from_cache; /* read from the cache */
    unsigned failed; /* bits of the uniform candidates that failed (ScChooseSpec.skip) */
    char fastvm[256]; /* states coupled to Vm faster than dt (codegen/vmcouple.c), "name (tau)" */
    char vm[32]; /* the treatment applied ("vm=cvode"), "" when none is needed (the check shows it) */
    ScCandidate plain; /* with fastvm: the file's methods without the treatment, judged */
    ScSingleCheck single; /* the outcome's methods in single precision against double, over the
                             protocol (not checked when the budget cut the choice: why says so) */
} ScChoice;

/* Makes the choice for the model file at path. Returns 0 (the choice in *out, possibly the file's
 * methods with a reason), or -1 with a message in err when the model cannot be analysed or built.
 * Compiles each candidate's portable C and single-precision CPU kernels with the C compiler in a
 * temporary folder (removed afterwards). */
int sc_choose_methods(const char *path, const ScChooseSpec *spec, ScChoice *out, char *err, size_t errlen);

/* The same through a cache: <cache>/choices/<stem>-<hash>-dt<dt>.txt (the hash covers the model
 * text, the generator, the tolerances and the protocol). The cache only remembers, never decides: a
 * finished choice at this dt serves a budget at least what it needed (ScChoice.need: with it the
 * choice would finish the same again), a cut one the same budget; otherwise the choice is made and
 * cached. So one command line and model file give the same methods whatever the cache holds. Only the
 * overrides, label and figures of the chosen candidate are kept (after a cache hit cand[0] is the
 * chosen one, or file the file's). */
int sc_choose_methods_cached(const char *path, const ScChooseSpec *spec, ScChoice *out, char *err,
                             size_t errlen);

/* Runs one cell of the model file at path with the methods a (overrides, "" the file's) at a's step
 * spec->dt and with b (at step dt_b, cvode tolerance rtol_b with atol rtol_b / 100, 0: the
 * defaults) over the protocol of spec, and compares them (ScCompare: a against b). Returns 0, or
 * -1 with a message in err when the model cannot be built. */
int sc_choose_compare(const char *path, const ScChooseSpec *spec, const char *a, const char *b, double dt_b,
                      double rtol_b, ScCompare *out, char *err, size_t errlen);

/* The bits of ScChooseSpec.skip that a choice of overrides made at a smaller step implies: the
 * uniform candidates ordered before it (they failed there); 0 when the set is none of the
 * candidates. */
unsigned sc_choose_failed_before(const char *overrides);

/* The speed rule of a run's choice: STARCARP_CHOOSE_SPEED "any" (1: a passing set is chosen even
 * where it runs no faster than the file's methods, e.g. so that a test's outcome does not depend
 * on the machine) or "faster" (0, the default); -1 with a message in err for another value. */
int sc_choose_speed_any(char *err, size_t errlen);
/* The budget of a run's choice: STARCARP_CHOOSE_BUDGET (units of work; "none" or 0: no limit),
 * else SC_CHOOSE_BUDGET; -1 with a message in err when the variable is not a number. */
double sc_choose_budget(char *err, size_t errlen);

/* A run on several processes (MPI ranks) makes one automatic choice: the process that decides
 * (rank 0) makes it, and the others receive it. share(buf, n, ctx) is collective: every process
 * calls it in the same order with the same n, and the decider's n bytes land in every process's
 * buf (MPI_Bcast from the decider). Set once before models are looked up (sc_model_lookup_dt);
 * NULL (the default): every process decides for itself. */
typedef struct ScChooseShare {
    int decide; /* 1 on the process that makes the choice */
    void (*share)(void *buf, size_t n, void *ctx);
    void *ctx;
} ScChooseShare;
void sc_choose_share(const ScChooseShare *s);

/* One line to f saying what the choice c for the file at path gives and why: the methods chosen
 * (from the cache or in how many seconds, at which dt), the file's methods kept and why, or that
 * the budget cut it, what runs instead and how to finish it (`starcarp methods FILE`). */
void sc_choose_summary(FILE *f, const char *path, const ScChoice *c);

/* 100 * RMS(a - b) / (max b - min b) over n samples (INFINITY when b is flat). */
double sc_trace_err_pct(const double *a, const double *b, long n);

/* APD90 of n samples h ms apart, from the steepest upstroke to 90 % repolarisation; -1 if none. */
double sc_trace_apd90(const double *v, long n, double h);

#endif

/* sc_choose.h: the automatic choice of integration methods (docs/methods.md), inside libstarcarp.
 *
 * A published model marks its non-gate states .method(cvode) because CellML does not say what a
 * state needs; cvode (adaptive, a Jacobian and an LU per sub-step) is then the slowest method of
 * the language, on GPUs most of all. The choice relaxes only what the file leaves to cvode: it
 * tries cheaper methods for those states, in order of cost, and keeps the first that passes a
 * check against a tight-tolerance run of the file's own methods (one cell, a paced beat, bench's
 * rules): the normalised RMS error of Vm and the APD90 difference within the stated tolerances, no
 * failure, every state within the reference's envelope, in double and in single precision. */
#ifndef SC_CHOOSE_H
#define SC_CHOOSE_H
#include <stddef.h>

enum { SC_CHOOSE_MAXCAND = 10 };

/* What the choice is made for: the step, the tolerances and the one-cell protocol. */
typedef struct ScChooseSpec {
    double dt; /* ms */
    double tol_err; /* % of the reference's Vm range, RMS (0: 0.1) */
    double tol_apd; /* ms (0: 0.5) */
    double stim_start, stim_dur, stim_curr, bcl, duration; /* ms, ms, uA/cm^2, ms, ms */
    long nstim; /* 0: unpaced */
    int verbose; /* progress lines on stderr */
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
    double seconds; /* the one-cell double run (portable C) */
    char why[200]; /* why it failed ("" when it passed) */
} ScCandidate;

/* The outcome. chosen: index into cand, or -1 for the file's methods (then overrides is ""). */
typedef struct ScChoice {
    char overrides[1024];
    char label[96];
    char reason[200]; /* why the file's methods were kept, when they were */
    char stiff[512]; /* the states found stiff at dt: "name (dt/tau), ..." */
    double ref_apd, ref_seconds; /* the tight reference run */
    double ref_rtol; /* its rtol (1e-10; 1e-9 where that failed; atol 100x smaller) */
    ScCandidate file; /* the file's methods at the default tolerances */
    int ncand, chosen;
    ScCandidate cand[SC_CHOOSE_MAXCAND];
} ScChoice;

/* Makes the choice for the model file at path. Returns 0 (the choice in *out, possibly the file's
 * methods with a reason), or -1 with a message in err when the model cannot be analysed or built.
 * Compiles each candidate's portable C and single-precision CPU kernels with the C compiler in a
 * temporary folder (removed afterwards). */
int sc_choose_methods(const char *path, const ScChooseSpec *spec, ScChoice *out, char *err, size_t errlen);

/* The same through a cache: <cache>/choices/<stem>-<hash>.txt (the hash covers the model text, the
 * generator, dt and the tolerances and protocol). Only the overrides, label and figures of the
 * chosen candidate are kept (after a cache hit cand[0] is the chosen one, or file the file's). */
int sc_choose_methods_cached(const char *path, const ScChooseSpec *spec, ScChoice *out, char *err,
                             size_t errlen);

/* 100 * RMS(a - b) / (max b - min b) over n samples (INFINITY when b is flat). */
double sc_trace_err_pct(const double *a, const double *b, long n);

/* APD90 of n samples h ms apart, from the steepest upstroke to 90 % repolarisation; -1 if none. */
double sc_trace_apd90(const double *v, long n, double h);

#endif

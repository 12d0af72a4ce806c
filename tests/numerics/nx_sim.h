/* nx_sim.h: one cell of a model generated at test time, run under bench's rules (numerics tests).
 *
 * nx_build writes nothing itself: it analyses MODEL (a .model file) with the method overrides,
 * emits the portable C kernel with identifier IDENT into DIR, compiles it with `cc -shared` and
 * dlopens it. nx_run runs one cell through the ABI (starcarp_model.h) with SC_STEP_BENCH: the
 * stimulus train of bench (shared/docs/bench.md), the kernel's own membrane update, Vm sampled
 * every dt_out from t = 0 to duration. */
#ifndef NX_SIM_H
#define NX_SIM_H
#include "starcarp_model.h"

typedef struct NxStim {
    double start, dur, curr, bcl;
    long num; /* 0: no stimulus */
} NxStim;

/* The descriptor of the built model, or NULL (messages on stderr). */
const ScModelDesc *nx_build(const char *model, const char *overrides, const char *dir, const char *ident);

/* Cvode's tolerances for a run: rtol/atol (0: the kernel's defaults), flags added to the call's
 * (SC_STEP_UNIFORM_ATOL: one atol for every state). */
typedef struct NxTol {
    double rtol, atol;
    unsigned flags;
} NxTol;

/* Runs d = 0 .. lround(duration/dt) with step dt; v receives lround(duration/dt_out) + 1
 * samples (the caller's array). Returns 0, or -1 when the kernel reported a failure. */
int nx_run(const ScModelDesc *md, double dt, double duration, double dt_out, const NxStim *stim, NxTol tol,
           double *v);

/* 100 * RMS(a - b) / (max b - min b) over n samples (sc_trace_err_pct of the library). */
double nx_err_pct(const double *a, const double *b, long n);

/* APD90 of n samples h ms apart (from the steepest upstroke to 90 % repolarisation), -1 when
 * none (sc_trace_apd90 of the library). */
double nx_apd90(const double *v, long n, double h);

/* The folder made for the test's files (mkdtemp under /tmp), or NULL. */
const char *nx_tmpdir(void);

/* Writes text to DIR/NAME and returns the path (static storage, one at a time), or NULL. */
const char *nx_write(const char *name, const char *text);

#endif

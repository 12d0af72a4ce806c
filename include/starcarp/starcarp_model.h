/* starcarp_model.h: the ABI between generated model code and whoever runs it (starcarp's runtime,
 * a plugin loader, a user's own program). Prefix sc_. Plain C, no StarPU, usable from C, CUDA and
 * HIP sources. Everything a generated model exports is described here; docs/design.md explains it.
 *
 * Data layout (one decision for every back end and the runtime): STRUCTURE OF ARRAYS. For an array
 * of n cells,
 *   sv[k * n + i]    per-cell value k of cell i: the states (k < nstates), then the .store() values
 *   vm[i], iion[i]   membrane potential and ionic current
 *   ext[k * n + i]   the other externals, in the model's order
 * all in the precision of the kernel (double, or float for the single-precision kernels).
 * A parameter set is an array `pc` of nparams parameters followed by nconsts constants computed
 * from them (ScModelDesc.consts), in the kernel's precision. Lookup tables are one array of the
 * kernel's precision: for each table, rows x cols values, row-major, tables one after the other.
 */
#ifndef STARCARP_MODEL_H
#define STARCARP_MODEL_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI's version. 4: ScModelDesc.flops_per_step ..., ScModelEntry.cuda_attr/hip_attr; 5:
 * ScStepArgs.work; 6: ScModelEntry.single; 7: ScStepArgs.out_isum, isum_w */
#define SC_MODEL_ABI 7
#define SC_MAX_PARAMS 512 /* parameters of one model (the library's largest has under 200) */
#define SC_MAX_VARY 64 /* parameters varied per cell in one run (with the derived ones that follow them) */
#define SC_MAX_TABLES 8 /* lookup tables of one model */

/* The run defaults every part of starcarp shares (the commands, the cell array, the choice of
 * methods): the time step, ms (openCARP's bench default; the library's automatic methods are
 * chosen at it), and K, the steps one task (or one kernel call) advances. */
#define SC_DEFAULT_DT 0.01
#define SC_DEFAULT_K 10

/* The flops a transcendental call (exp, log, pow ...) counts as wherever operations are weighed
 * (ScModelDesc.flops_per_step's work, ScStepArgs.work, the benchmark's flop fraction): about what a
 * double-precision exp costs in FMAs and other operations on a GPU (docs/performance.md). */
#define SC_TRANSC_FLOPS 20

/* Flags of a step call (ScStepArgs.flags). */
enum {
    SC_STEP_BENCH = 1, /* the kernel also does bench's membrane update: V += stim*dt before
                                 the model, V -= dt*Iion after it; else Vm is read only */
    SC_STEP_IION_ONLY = 2, /* evaluate Iion (and externals) only; states are not advanced */
    SC_STEP_NO_LUT = 4, /* evaluate lookup-table columns exactly (tables not used) */
    SC_STEP_UNIFORM_ATOL = 8, /* cvode groups: one absolute tolerance for every state, not scaled
                                 to states far below it (the per-state scale of docs/verification.md) */
    SC_STEP_NO_WATCH = 16 /* do not stop at a state physiology forbids (ScModelDesc.sv_lo/sv_hi) */
};

/* A stimulus train in steps (bench's timing rules): pulses of `pulse` steps starting at step
 * `start`, every `period` steps (0: one pulse), `count` pulses (0: none); amplitude `amp`
 * (uA/cm^2, positive depolarises). */
typedef struct ScStim {
    long start, pulse, period, count;
    double amp;
} ScStim;

/* Where the first failure of a step call is recorded (ScStepArgs.status, may be NULL). `key` is
 * (d << 32 | cell) of the earliest failing cell-step (d the absolute step index, cell the index in
 * the call's arrays), ULLONG_MAX when none. A failure is Vm not finite or |Vm| > vm_bound after a
 * step (Iion not finite when SC_STEP_BENCH is off), or a watched state out of its bounds (then the
 * recorded value is infinite; ScModelDesc.sv_lo/sv_hi say which state). The failing cell stops being advanced for the
 * rest of the call (in the vectorised kernel: its whole vector of GEN_W cells); the caller stops the
 * run. `value` is written after the key, not atomically with it: when several cells fail in one
 * call it may belong to another failing cell. */
typedef struct ScStepStatus {
    unsigned long long key;
    double value; /* Vm of the failing cell-step */
} ScStepStatus;

/* Everything one call of a generated kernel needs. Pointers are in the memory of the device that
 * runs the kernel (host memory for the C and CPU back ends). */
typedef struct ScStepArgs {
    long n; /* cells in the arrays (the stride of sv, ext, per-cell params) */
    void *sv, *vm, *iion, *ext;
    const void *pc; /* parameter set: nparams parameters, then nconsts constants */
    const void *lut; /* the model's lookup tables, or NULL (then columns are exact) */
    unsigned long long *lut_oor; /* per table: lookups out of range (clamped), or NULL */
    /* per-cell parameters: vary[k] >= 0 means parameter k of cell i is pcell[vary[k] * n + i] */
    const void *pcell;
    signed char vary[SC_MAX_PARAMS];
    int nvary; /* 0: no per-cell parameter (the faster kernel is used) */
    /* time */
    long d0; /* step index of the first step (t = d * dt) */
    int nsteps; /* steps advanced by this call (time blocking: K) */
    double dt;
    unsigned flags; /* SC_STEP_* */
    ScStim stim;
    /* sampled outputs: at each step d of the call with d >= out_start and (d - out_start) %
     * out_every == 0, before the step, slot s = (d - out_start) / out_every - out_slot0 receives
     * out_vm[s * n + i] = Vm, out_iion[s * n + i] = Iion of the previous step,
     * out_tr[(s * ntraces + k) * n + i] = trace k, and out_isum[s * n + i] = the sum over k of
     * isum_w[k] * trace k, in the order of k, a weight of 0 skipping its trace (NULL pointers are
     * skipped). The traces are those the step computes: at the states of the step's start and its
     * Vm (in bench mode Vm + stim * dt while a stimulus is on). out_vm, out_iion, out_tr and
     * out_isum hold the kernel's precision (float for the single-precision kernels), isum_w
     * (ntraces weights) doubles, in the memory of the device that runs the kernel; the weighted
     * sum is computed in the kernel's precision. Traces are computed only where out_tr or out_isum
     * asks for them. */
    long out_start, out_every, out_slot0;
    void *out_vm, *out_iion, *out_tr, *out_isum;
    const double *isum_w;
    /* cvode (adaptive) groups; 0 means the default: rtol 1e-8, atol 1e-10 (scaled per state below
     * 1e-5, see SC_STEP_UNIFORM_ATOL; single precision:
     * 1e-5, 1e-7; rtol never below 1e-6 there), 100000 sub-steps per step (20000 in single precision), after which the cell's
     * states become NaN and the failure check reports it */
    double rtol, atol;
    int max_substeps;
    double vm_bound; /* |Vm| above it is a failure (0: 1000 mV) */
    ScStepStatus *status;
    /* the work of the adaptive (cvode) groups' sub-steps beyond the first of each step, added to
     * *work: flops + SC_TRANSC_FLOPS per transcendental call of one sub-step as the generator counts
     * them (flops_per_step holds the first), times the sub-steps; NULL: not counted. The C and CPU
     * back ends only (the automatic choice of methods weighs its runs by it: a count, not a clock) */
    double *work;
} ScStepArgs;

typedef void (*ScCpuKernel)(const ScStepArgs *a);
/* A GPU launcher: the kernel on `stream` (a cudaStream_t / hipStream_t); returns the launch error. */
typedef int (*ScGpuLauncher)(const ScStepArgs *a, void *stream);

/* What the GPU compiler made of one kernel of a model, on the current device: registers and local
 * memory per thread (local memory: registers spilled, and arrays kept out of registers), the
 * launcher's threads per block and the blocks of that size one multiprocessor holds at once
 * (cudaOccupancyMaxActiveBlocksPerMultiprocessor). */
typedef struct ScGpuKernelAttr {
    int regs, local_bytes, block, blocks_per_sm;
} ScGpuKernelAttr;
/* A model's kernel attributes (ID_cuda_f64_attr ...): variant 0 the exact kernel, 1 the lookup-table
 * one, 2 the per-cell-parameter one; returns 0, or -1 when the file has no such variant or the
 * runtime refused (then *a is unchanged). */
typedef int (*ScGpuAttrFn)(int variant, ScGpuKernelAttr *a);

/* A lookup table of a model: the column values of rows x = (lo + r) * step, r = 0 .. rows-1. */
typedef struct ScTableDesc {
    const char *var; /* the tabulated variable */
    long lo, rows;
    double step;
    int cols;
} ScTableDesc;

/* What a generated model exports (ID_model in ID_c.c). Host functions work in double. */
typedef struct ScModelDesc {
    int abi; /* SC_MODEL_ABI */
    const char *name, *ident, *source_hash, *generator;
    int nstates, nsv, nparams, nconsts, nexternals, ntraces, ntables;
    const char *const *sv_names; /* nsv: states, then stores */
    const char *const *param_names; /* nparams */
    const double *param_defaults; /* nparams */
    const char *const *const *param_flags; /* per parameter: NULL, or its .flag() values, NULL-ended */
    const char *const *trace_names; /* ntraces */
    const char *const *external_names; /* nexternals */
    const ScTableDesc *tables; /* ntables */
    const char *methods; /* e.g. "rush_larsen+cvode" */
    /* pc[0..nparams) given: fills pc[nparams .. nparams+nconsts) */
    void (*consts)(double *pc);
    /* initial values of one cell: sv0[nsv], *vm0 */
    void (*init)(const double *pc, double *sv0, double *vm0);
    /* fills the lookup tables (size lut_size() doubles) for a parameter set */
    size_t (*lut_size)(void);
    void (*lut_build)(const double *pc, double *lut);
    /* CPU kernels: [0] double, [1] float; portable C, then vectorised CPU (NULL when absent) */
    ScCpuKernel c_run[2];
    ScCpuKernel cpu_run[2];
    int cpu_lanes[2]; /* cells per vector of the vectorised kernels */
    /* parameters whose default is an expression of others (g_Kr_total = g_Kr * ...): recomputed
     * in pc[0..nparams) from the other values there, in dependency order, except where given[k]
     * (given may be NULL: none given) */
    void (*param_derive)(double *pc, const unsigned char *given);
    /* param_read[k]: parameter k is read by a per-step equation or an initial value, directly or
     * through constants; when 0 it takes effect only through the defaults of derived parameters
     * (or not at all) */
    const unsigned char *param_read;
    /* the physiology watch (docs/verification.md): state k (k < nstates) must stay within
     * [sv_lo[k], sv_hi[k]] (a gate within [0, 1], a concentration at or above 0, with margins;
     * +-1e300 for a state not watched); a step that leaves it is a failure (ScStepStatus) */
    const double *sv_lo, *sv_hi;
    /* the operations of one cell-step as the generator writes it (codegen/emit_ops.c,
     * docs/performance.md), [0] in the exact variant, [1] with lookup-table columns interpolated
     * ([0] again without tables): flops_per_step counts each + - * / once (a negation, comparison,
     * select, fabs, min, max: 0; pow to a literal integer as its products), transc_per_step each
     * call of exp, expm1, log, pow, sqrt, a trigonometric or hyperbolic function or fmod; the
     * membrane update of bench mode is included, the traces' own expressions are not (the step's
     * equations they read are: the step computes them). ops_adaptive: 1 when an adaptive
     * (cvode) group is counted for one of its sub-steps (a step takes one or more) */
    long flops_per_step[2], transc_per_step[2];
    int ops_adaptive;
} ScModelDesc;

/* What is known of a model's single-precision kernels (ScModelEntry.single; docs/verification.md,
 * "Single precision"): one cell over a protocol, its single-precision run against the double one
 * (the same methods and step). The library's from models/precision.tsv (the reference case of
 * tests/reference, the vectorised CPU kernels: scripts/precision-table.sh), emitted by `starcarp
 * codegen --precision-table` as ID_single_check; a user's file's from the automatic choice of
 * methods (its protocol, sc_choose.h). sc_model_single_verdict (starcarp.h) judges it. */
enum { SC_SINGLE_UNCHECKED, SC_SINGLE_COMPLETES, SC_SINGLE_FAILS };
typedef struct ScSingleCheck {
    int state; /* SC_SINGLE_*: not checked, the single run completes, it fails */
    double err_pct; /* RMS of Vm single - double, % of double's Vm range (NaN: not measured) */
    double dapd_ms; /* APD90 single minus double, ms (0 unpaced; NaN: not measured) */
    double ref_err_pct[2], ref_dapd_ms[2]; /* [0] double, [1] single against the reference (the
                                              case's trace, the choice's tight run): the same figures
                                              (NaN: not measured) */
    double dt; /* the step of both runs, ms */
    char why[160]; /* SC_SINGLE_FAILS: what failed, and when ("Ca_ss = inf at t = 68.06 ms (step
                      6806)"); SC_SINGLE_UNCHECKED: why not ("" when nothing says) */
    char basis[160]; /* over what, on which kernels ("its reference case (tests/reference) on the
                        vectorised CPU kernels (machine, date; models/precision.tsv)") */
} ScSingleCheck;

/* One model of a library (starcarp's own: registry.c, generated at build time): its host side
 * and every kernel built for it ([0] double, [1] float; NULL when not built). */
typedef struct ScModelEntry {
    const char *name; /* the model file's stem */
    const char *file; /* the model file, relative to the model library */
    const ScModelDesc *desc;
    ScCpuKernel cpu[2];
    const int *cpu_lanes[2];
    ScGpuLauncher cuda[2];
    ScGpuLauncher hip[2];
    const char *methods_choice; /* the method overrides of the automatic choice the kernels
                                           were built with ("" or NULL: the file's methods, or the
                                           overrides asked for); docs/methods.md */
    ScGpuAttrFn cuda_attr[2]; /* the GPU kernels' attributes ([0] double, [1] float; NULL when */
    ScGpuAttrFn hip_attr[2]; /*  not built) */
    const ScSingleCheck *single; /* the check of the single-precision kernels (NULL: none made) */
} ScModelEntry;

#ifdef __cplusplus
}
#endif
#endif

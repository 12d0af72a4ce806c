/* starcarp.h: public API of the starcarp codelet library (prefix sc_).
 *
 * Link with `pkg-config --cflags --libs starcarp` or CMake's `find_package(starcarp)` and
 * `target_link_libraries(app starcarp::starcarp)`. The library needs an initialised StarPU
 * (starpu_init) and never initialises it itself.
 */
#ifndef STARCARP_H
#define STARCARP_H

#include <stdio.h>

#include <starpu.h>

#include "starcarp_types.h" /* ScPrecision, ScMethods */

#ifdef __cplusplus
extern "C" {
#endif

#define SC_VERSION_MAJOR 0
#define SC_VERSION_MINOR 1
#define SC_VERSION_PATCH 0

/* The library's version, "MAJOR.MINOR.PATCH". (Named starcarp_, not sc_: p4est's libsc, which
 * applications of this field link too, has its own sc_version.) */
const char *starcarp_version(void);

/* ---- models ------------------------------------------------------------------------------------
 * The library's models (generated at build time from models/ *.model) and users' models.
 * sc_model_lookup: NAME is a library model (file stem or model name) or a path to a .model file;
 * a file is generated and compiled into a plugin library on the fly (cached, see sc_models.c).
 * methods (a text, read by sc_methods_parse): NULL, "" or "auto": the automatic choice of
 * integration methods (docs/methods.md): the library's kernels (built with the choice made at dt
 * 0.01 ms), or for a file the choice made on the fly (cached, a few seconds to minutes once);
 * "file": the file's own methods exactly; otherwise replacements applied to the file's methods
 * ("cvode=fe", "cvode=fe,Ca_ss=rush_larsen"). A library model with "file" or replacements is
 * rebuilt from its source as a plugin. Returns NULL with a message in err when not found or when
 * the model has errors. The entry stays valid until the process ends. sc_model_lookup_dt: the same
 * with the methods already read (ScMethods; {0} is the automatic choice) for a run with step dt
 * (ms): above 0.01 ms the automatic choice is made for dt. */
#include "starcarp_model.h"
int sc_model_count(void);
const ScModelEntry *sc_model_at(int i);
const ScModelEntry *sc_model_lookup(const char *name, const char *methods, char *err, size_t errlen);
const ScModelEntry *sc_model_lookup_dt(const char *name, ScMethods methods, double dt, char *err,
                                       size_t errlen);

/* ---- single precision --------------------------------------------------------------------------
 * Whether m's single-precision kernels may run (docs/verification.md, "Single precision"), judged
 * from their check (m->single, ScSingleCheck: the library's models/precision.tsv, a user's file's
 * automatic choice of methods) against the same kernels in double, with the bars of sc_choose.h
 * (SC_CHOOSE_TOL_ERR % RMS of Vm, SC_CHOOSE_TOL_APD ms of APD90): SC_SINGLE_PASSES (msg empty),
 * SC_SINGLE_WARNED (the single run completes but misses a bar: msg names the errors and the bars),
 * SC_SINGLE_REFUSED (it fails: msg says what, when and over which protocol), SC_SINGLE_UNKNOWN (no
 * check was made: msg says why). msg (n bytes) is one clause, for the caller to prefix. */
typedef enum { SC_SINGLE_PASSES, SC_SINGLE_WARNED, SC_SINGLE_REFUSED, SC_SINGLE_UNKNOWN } ScSingleVerdict;
ScSingleVerdict sc_model_single_verdict(const ScModelEntry *m, char *msg, size_t n);

/* ---- openCARP's names, and parameters ----------------------------------------------------------
 * openCARP users name models and parameters as openCARP does (`--imp=tenTusscherPanfilov`,
 * `flags=EPI`, `GKr*0.5`); models/opencarp_names.tsv maps them to the library (its provenance in
 * models/PROVENANCE.md).
 * sc_model_resolve: NAME (a library stem or model name, an openCARP model name or an older one,
 * ignoring case when unambiguous, or a .model path) and the flag values of --imp-par's flags=
 * ("EPI", "EPI|MCELL"; NULL: none) give the library stem of the variant (or the path) in stem, and
 * the flag values that did not pick the variant (the model's own .flag() values) in flags_left
 * ("" when none; may be NULL), and the parameter settings that make the file that variant in set
 * ("celltype=1" for OHara flags=EPI, "g_Ks=0.098" for tenTusscherPanfilov flags=MCELL; "" when
 * none), to apply before the user's own. Without a variant flag an openCARP name means openCARP's
 * default variant. Returns 0, or -1 with a message in err: an unknown name (with "did you mean"
 * over both name sets, ignoring case), a variant the library does not have (naming those it has)
 * or refuses (saying why and what to do instead), two variants, a variant that needs settings
 * when set is NULL.
 * sc_model_lookup and sc_model_lookup_dt accept the same names (without flags).
 * sc_model_opencarp: openCARP's name of m ("tenTusscherPanfilov flags=EPI") into buf; 0 (buf
 * empty) when openCARP has no such model.
 * sc_model_param_index: the index of parameter `name` of m (its name in the model file, or its
 * openCARP alias), -1 when none. sc_model_param_alias: the openCARP alias of parameter k into buf,
 * or NULL. */
int sc_model_resolve(const char *name, const char *flags, char *stem, size_t nstem, char *flags_left,
                     size_t nleft, char *set, size_t nset, char *err, size_t errlen);
int sc_model_opencarp(const ScModelEntry *m, char *buf, size_t n);
int sc_model_param_index(const ScModelEntry *m, const char *name);
const char *sc_model_param_alias(const ScModelEntry *m, int k, char *buf, size_t n);

/* ---- currents and drug block (docs/currents.md) -----------------------------------------------
 * A drug trial multiplies a current by 1 / (1 + (D / IC50)^h); models/currents.tsv names, for each
 * library model, its ionic currents (canonical names: INa, INaL, ICaL, IKr, IKs, IK1, Ito, INCX,
 * INaK, ...) and the parameters that scale each: multiply all of a current's parameters by f and
 * the current is multiplied by f. The table is read from each model file's equations; a model is
 * found in it by its stem (m->name), so a user's file has no rows unless it has a library stem.
 * sc_current_canonical: the canonical name of a current's name, ignoring case and '_' ("INaCa",
 * "inca", "I_NaCa" give "INCX"; "ikr" gives "IKr"), a static string; NULL when the name is none.
 * sc_model_current_count: the number of m's rows (0: none, or m NULL); sc_model_current_name and
 * sc_model_current_note: row i's canonical name and its note (the file's variables of the current,
 * then remarks), NULL when i is out of range.
 * sc_model_current_params: the parameters of m's current `current` (any name sc_current_canonical
 * accepts) as indices of m's parameters (sc_model_param_index), the first max of them into params
 * (may be NULL with max 0); returns their number (which may exceed max), or -1 with a message in
 * err naming the model and the currents it has ("ohara_rudy_2011_endo has no current 'IKur'; its
 * currents: INa, INaL, ..."). To apply a block, multiply values[k] of each and set given[k] before
 * sc_model_params_finish: the parameters derived from them follow, and a listed parameter that is
 * itself derived (the row's note says "derived:") is kept as set rather than recomputed. */
const char *sc_current_canonical(const char *name);
int sc_model_current_count(const ScModelEntry *m);
const char *sc_model_current_name(const ScModelEntry *m, int i);
const char *sc_model_current_note(const ScModelEntry *m, int i);
int sc_model_current_params(const ScModelEntry *m, const char *current, int *params, int max, char *err,
                            size_t errlen);
/* sc_model_current_traces: the file's variables of m's current `current` (the row's note before
 * "; ", joined by " + ") as indices of m's traces (ScModelDesc.trace_names), the first max of them
 * into idx (may be NULL with max 0); returns their number (which may exceed max), or -1 with a
 * message in err: no such current (as sc_model_current_params), or a variable the model file does
 * not trace (it names the variable). For ICaL it gives every part (calcium, sodium, potassium).
 * sc_model_qnet_weights: the weights of m's traces (ScStepArgs.isum_w) whose weighted sum is the net
 * current of qNet (docs/study.md), CiPA's INaL + ICaL + IKr + IKs + IK1 + Ito with ICaL's calcium
 * part alone (the note's "calcium part:" where the row has several variables), into w (ntraces
 * values: 1 for a trace of those, else 0); 0, or -1 with a message in err: a current the model
 * lacks, named with the currents it has ("qNet needs INaL, which ten_tusscher_model_2006_epi does
 * not have; it has INa, ICaL, ..."), or a variable it does not trace. */
int sc_model_current_traces(const ScModelEntry *m, const char *current, int *idx, int max, char *err,
                            size_t errlen);
int sc_model_qnet_weights(const ScModelEntry *m, double *w, char *err, size_t errlen);

/* Parameter sets that always take effect. values holds every parameter (nparams), given[k] says
 * that the user set parameter k (NULL: none). sc_model_params_finish recomputes the parameters
 * whose default is an expression of others (g_Kr_total = g_Kr * sqrt(K_o / 5.4)) from the values,
 * except the given ones, printing each that moved to echo (may be NULL); then checks that every
 * given parameter takes effect. Returns 0, or -1 with values unchanged and a message in err:
 * a given parameter that no equation reads, naming what does read it ("g_Kr has no effect: ... it
 * only enters the default of g_Kr_total, which is set too"), or a derived value not finite.
 * sc_model_param_effect: that check alone, for parameter k of a finished set. */
int sc_model_params_finish(const ScModelEntry *m, double *values, const unsigned char *given, FILE *echo,
                           char *err, size_t errlen);
int sc_model_param_effect(const ScModelEntry *m, const double *values, const unsigned char *given, int k,
                          char *err, size_t errlen);
/* The derived parameters of a set a caller changed: pinned[q] (nparams) := derived parameter q of
 * values differs from the value computed from the others (found one at a time in dependency order,
 * so that one computed from a pinned one is compared with the value it gets from it). */
void sc_params_pinned(const ScModelDesc *d, const double *values, unsigned char *pinned);

/* ---- membrane-potential update (bench's host step) -------------------------------------------
 * One explicit step of dV/dt = stim - Iion on a vector of cells, as openCARP's bench does it:
 *     if stimulated: V += stim * dt;   V -= dt * Iion
 * Buffers: 0 = Vm (STARPU_RW, vector of double), 1 = Iion (STARPU_R, vector of double, same length).
 * Argument: a struct sc_vm_update_args passed by value (cl_arg). CPU, CUDA (and HIP where StarPU has
 * HIP) implementations; performance model symbol "starcarp.vm_update.f64.soa". */
struct sc_vm_update_args {
    double dt; /* time step, ms */
    double stim; /* stimulus current this step (0 when not stimulated), uA/cm^2 */
};
extern struct starpu_codelet sc_vm_update_cl;

/* Submit one update of `vm` (RW) from `iion` (R). Returns 0 or a negative errno from StarPU. */
int sc_vm_update_submit(starpu_data_handle_t vm, starpu_data_handle_t iion, double dt, double stim);

/* ---- cell arrays (scheduler/sc_cells.c) --------------------------------------------------------
 * An array of cells of one model, partitioned into StarPU data handles and advanced by StarPU tasks
 * on every CPU core and GPU (the model's codelets, see sc_model_codelet). Layout ("blocked structure
 * of arrays"): the cells are split into partitions of consecutive cells; partition p holds its own
 * structure of arrays (states of its n_p cells, one contiguous run per state variable), so that
 * each partition is one contiguous piece of every handle and goes to a GPU in one copy. Data stays
 * where it was last computed: nothing travels per step except what sc_cells_sample asks for.
 * The bench step runs in the kernel (stimulus, model, V -= dt*Iion), K steps per task.
 * Values passed in and out are double whatever the precision of the array. */
typedef struct ScCells ScCells;

/* Special variable indices of sc_cells_read / sc_cells_write (states are 0 .. nsv-1). */
enum { SC_VAR_VM = -1, SC_VAR_IION = -2 };

#define SC_CELLS_MAX 4294967295L /* cells of one array: StarPU counts a vector's elements in 32 bits */
typedef struct ScCellsConfig {
    long ncells; /* cells (1 .. SC_CELLS_MAX) */
    ScPrecision precision; /* SC_DOUBLE (0 means it) or SC_SINGLE: the kernels' type */
    double dt; /* time step, ms (0: SC_DEFAULT_DT, 0.01) */
    int steps_per_task; /* K, steps advanced by one task (0: SC_DEFAULT_K, 10) */
    int nparts; /* partitions (0: planned, see sc_plan_parts) */
    const double *part_weights; /* optional, nparts relative sizes (NULL: from the plan) */
    int no_lut; /* evaluate lookup-table columns exactly */
    int no_watch; /* no physiology watch (SC_STEP_NO_WATCH; docs/verification.md): to measure its cost */
    double rtol, atol; /* cvode tolerances (0: the kernels' defaults) */
    int max_substeps; /* cvode sub-step budget per step (0: default) */
    double vm_bound; /* |Vm| beyond it is a failure (0: 1000 mV) */
    ScStim stim; /* the stimulus train, in steps (count 0: none) */
    int ncpu_hint, ngpu_hint; /* workers to plan for (0: StarPU's CPU and CUDA worker counts) */
    double gpu_speedup; /* speed of one GPU over one CPU core for the plan (0: from the
                                 calibrated speed table, else measured on the spot with two small
                                 scratch arrays, once per model, precision, K and GPU kind in a
                                 process) */
    int free_placement; /* 0: each partition's tasks run on the worker planned for it (data
                                 never moves); 1: the scheduler places every task */
    const int *workers; /* optional, with nparts: partition p's tasks run on StarPU worker
                                 workers[p] (calibration runs pin work this way) */
} ScCellsConfig;

/* Where and when a run went numerically wrong (sc_cells_wait). */
typedef struct ScFailure {
    long cell; /* global cell index */
    long step; /* the step d after which it was detected; time t = d * dt */
    double t; /* ms */
    double vm; /* Vm there */
    char what[256]; /* "Vm = nan", "Vm = 1.2e+03 beyond 1000 mV"; non-finite states named; or the
                                 physiology watch's "Ca_jsr = -0.25 below 0, for a concentration (Vm
                                 = -80 mV; methods fe, ...)" */
} ScFailure;

/* Per-worker account of a run (sc_cells_stats). */
typedef struct ScWorkerLoad {
    char name[64]; /* StarPU's worker name ("CPU 3", "CUDA 0") */
    int is_gpu;
    long tasks;
    double cell_steps; /* cells x steps advanced by this worker */
    double busy_s; /* time spent in the kernels (seconds) */
} ScWorkerLoad;

/* Create an array of cfg->ncells cells of model m at its initial state (parameters: defaults).
 * StarPU must be initialised. Returns NULL with a message in err; an array that does not fit the
 * host's available memory (every cell has its home copy there) is refused before anything is
 * allocated, with the bytes it needs and those available. Partitions whose data would fill more than
 * SC_GPU_MEM_SHARE of their GPU's memory are split into pieces on the same GPU, so that StarPU can
 * move pieces between host and GPU memory (sc_cells_nparts counts the pieces). */
#define SC_GPU_MEM_SHARE 0.8
ScCells *sc_cells_create(const ScModelEntry *m, const ScCellsConfig *cfg, char *err, size_t errlen);
/* Wait for its tasks, unregister its handles, free it. */
void sc_cells_destroy(ScCells *c);

long sc_cells_count(const ScCells *c);
const ScModelEntry *sc_cells_model(const ScCells *c);
int sc_cells_nparts(const ScCells *c);
long sc_cells_part_size(const ScCells *c, int p);
/* The speed of one GPU over one CPU core that sized the partitions (given, calibrated, or measured
 * when the array was created); 0 when no GPU takes part or the sizes were given. */
double sc_cells_gpu_speedup(const ScCells *c);
/* The next step index d to be submitted (0 after create, advanced by sc_cells_advance). */
long sc_cells_step(const ScCells *c);
/* Set the step index (after restoring a state, for example). No task may be pending. */
void sc_cells_set_step(ScCells *c, long d);

/* Parameters. sc_cells_set_params: the value of every parameter for all cells (nparams values,
 * as ScModelDesc.param_names, a finished set: see sc_model_params_finish; constants and lookup
 * tables are recomputed). A derived parameter whose value differs from the one computed from the
 * others counts as set by the caller ("pinned"). sc_cells_vary_param: parameter `k` takes
 * values[i] in cell i (ncells values); the derived parameters computed from it that are not
 * pinned vary with it (each cell's value computed from its own parameters), and so count among
 * the SC_MAX_VARY parameters that may vary. Both wait for the pending tasks. Return 0 or -1 with
 * a message in err. */
int sc_cells_set_params(ScCells *c, const double *values, char *err, size_t errlen);
int sc_cells_vary_param(ScCells *c, int k, const double *values, char *err, size_t errlen);
/* The current uniform parameter values (nparams). */
const double *sc_cells_params(const ScCells *c);

/* Move every partition's data to its worker's memory now, on all GPUs at once, and wait: a run's
 * first steps then start without uploads (which would otherwise come one partition after another
 * wherever something reads the array between steps). Partitions of free placement stay home.
 * Returns the number of partitions placed on a GPU. */
int sc_cells_place(ScCells *c);
/* Submit tasks advancing every cell by nsteps steps from sc_cells_step (K per task; asynchronous).
 * Returns 0, or -1 when StarPU refused a task (message on stderr). */
int sc_cells_advance(ScCells *c, long nsteps);
/* Replace the stimulus train for the steps submitted from now on. */
void sc_cells_set_stim(ScCells *c, const ScStim *stim);
/* Evaluate Iion at the current state without advancing (bench's Iion of the first output row). */
int sc_cells_eval_iion(ScCells *c);
/* Wait for every submitted task; check the partitions' failure records. Returns 0, or 1 when a
 * cell failed (f filled when not NULL: the earliest step, and the lowest cell at that step). */
int sc_cells_wait(ScCells *c, ScFailure *f);
/* The cells whose states now are what a failure leaves behind (Vm not finite or beyond the array's
 * bound, a state not finite or outside the physiology watch's bounds: the checks of sc_cells_wait),
 * in cell order, into cells (room for every cell); waits for the pending tasks. Returns how many, or
 * -1. A run records only its earliest failure; this finds the others that failed in the same run
 * (a failed cell stops being advanced, so its states stay a failure's). */
long sc_cells_failed_cells(ScCells *c, long *cells);
/* Forget the failure records (after the caller has dealt with the failing cells: restored the
 * states, changed the cell), so that the tasks submitted from now on run again; waits for the
 * pending tasks. 0 or -1. */
int sc_cells_clear_failure(ScCells *c);

/* Sampled outputs: Vm, Iion (and, when sv is not NULL, every state: sv[j * nsv + k]) of the
 * ncell cells listed, at the current step (after what was submitted). Only these values travel
 * (a gather task per partition involved). Returns 0 or -1. */
int sc_cells_sample(ScCells *c, const long *cells, int ncell, double *vm, double *iion, double *sv);

/* Whole variables: var is a state index (0 .. nsv-1), SC_VAR_VM or SC_VAR_IION; out/in hold
 * ncells values. Both wait for the pending tasks. Return 0 or -1. */
int sc_cells_read(ScCells *c, int var, double *out);
int sc_cells_write(ScCells *c, int var, const double *in);

/* Vm of every cell without stopping the computation: sc_cells_snapshot submits, after the tasks
 * submitted so far, a copy of each partition's Vm on the worker that holds it, and returns at once;
 * sc_cells_snapshot_read (from any thread) waits for those copies, brings them home while later
 * tasks run, and writes the n values into out (cell order). One snapshot at a time: take the next
 * after the read has returned. Return 0 or -1 (read: no snapshot taken). */
int sc_cells_snapshot(ScCells *c);
int sc_cells_snapshot_read(ScCells *c, double *out);

/* The StarPU handles of partition p, for applications that submit their own tasks on the cells
 * (they order themselves with the array's tasks through StarPU's data dependencies): the eight
 * buffers of a step task (sc_model_codelet). Per partition, vectors of size_p
 * elements, one a cell: states (an element is nsv values: the partition's block holds them as a
 * structure of arrays, state k of cell i at k * size_p + i), Vm, Iion (one value), externals
 * (nexternals values, the same layout; NULL where the model has none), per-cell parameters (nvary
 * values, the same layout; NULL while no parameter varies), the status (2 + SC_MAX_TABLES words of 64 bits:
 * ScStepStatus, then the lookup tables' out-of-range counts). Shared by the partitions (p is
 * checked, not used): the parameter set (nparams + nconsts values) and the lookup tables (NULL
 * where the array has none). Values in the array's precision (STARPU_VECTOR_GET_ELEMSIZE is the
 * value size times the values a cell). NULL for a bad index. */
enum {
    SC_HANDLE_SV,
    SC_HANDLE_VM,
    SC_HANDLE_IION,
    SC_HANDLE_PCELL,
    SC_HANDLE_EXT,
    SC_HANDLE_PC,
    SC_HANDLE_LUT,
    SC_HANDLE_STATUS
};
starpu_data_handle_t sc_cells_handle(const ScCells *c, int which, int p);

/* ---- biomarkers of a cell array (scheduler/cells_bm.c; definitions in docs/study.md) -----------
 * Measured by the step tasks while the cells run, on every worker (kernels/biomarker.h): every cell,
 * every beat, without storing traces. The windows are the beats of the array's stimulus train when
 * they are switched on (window b: from stimulus b to stimulus b + 1). Per cell the figures of the last
 * window written out: a window is written out when the next one starts, or by
 * sc_cells_biomarkers_end. The checkpoint (sc_cells_save) does not hold them. */
#define SC_BM_MAXLEV 6
typedef struct ScBiomarkers {
    int nlevels; /* repolarisation levels (fractions in (0, 1); 0.9 is added when absent); 0: 0.3, 0.5, 0.9 */
    double levels[SC_BM_MAXLEV];
    double up_mv, ead_mv, ead_delay_ms, dad_mv; /* thresholds; 0: 40 mV, 1 mV, 50 ms, 5 mV */
    int calcium; /* the intracellular calcium's state index (sc_model_calcium), -1: none */
    int qnet; /* 1: measure qNet (the model's kernels then sum its currents at every step,
                 sc_model_qnet_weights; a model that lacks one is refused); 0: not (SC_BM_QNET NaN) */
} ScBiomarkers;
/* The figures (sc_cells_biomarker_read's field): the window's index (-1: none yet), Vrest, Vmax,
 * dV/dt max, t_act (from the window's start), upstrokes, EAD and DAD (0 or 1), the APD of each
 * level in their order (ms; NaN: not repolarised, or not captured), the APD90 of the window before,
 * then the calcium transient's window, diastolic value, amplitude, time to peak and CaTD90 (from the
 * window's start), then qNet of the Vm window (C/F; NaN when not measured). */
enum {
    SC_BM_BEAT,
    SC_BM_VREST,
    SC_BM_VMAX,
    SC_BM_DVDT,
    SC_BM_TACT,
    SC_BM_UPSTROKES,
    SC_BM_EAD,
    SC_BM_DAD,
    SC_BM_APD, /* + the level's index */
    SC_BM_PREV_APD90 = SC_BM_APD + SC_BM_MAXLEV,
    SC_BM_CA_BEAT,
    SC_BM_CA_DIA,
    SC_BM_CA_AMP,
    SC_BM_CA_TTP,
    SC_BM_CA_D90,
    SC_BM_QNET,
    SC_BM_NFIELDS
};
/* The intracellular calcium state of m by its usual names (Ca_i, cai, Cai ...), or -1. */
int sc_model_calcium(const ScModelEntry *m);
/* Switch the biomarkers on (b NULL: the defaults, no calcium, no qNet). Waits for nothing: the tasks
 * submitted from now on measure. 0, or -1 with a message in err (no stimulus train, a bad level,
 * twice, qNet asked of a model without one of its currents: sc_model_qnet_weights's message). */
int sc_cells_biomarkers(ScCells *c, const ScBiomarkers *b, char *err, size_t errlen);
/* Write out the running windows after the tasks submitted (asynchronous). 0, or -1. */
int sc_cells_biomarkers_end(ScCells *c);
/* The repolarisation levels measured (fractions, in the order of the SC_BM_APD fields: those asked,
 * then 0.9 where it was added) into levels (SC_BM_MAXLEV values): their number, or -1 when the
 * biomarkers are off. */
int sc_cells_biomarker_levels(const ScCells *c, double *levels);
/* Field `field` (SC_BM_*) of every cell into out (ncells values); waits for the tasks. 0, or -1. */
int sc_cells_biomarker_read(ScCells *c, int field, double *out);

/* Checkpoint and restart of the full state (states, Vm, Iion, step, parameters) in a binary file
 * (format in docs/runtime.md). Load checks the model, cell count and precision. 0 or -1 + err. */
int sc_cells_save(ScCells *c, const char *path, char *err, size_t errlen);
int sc_cells_load(ScCells *c, const char *path, char *err, size_t errlen);

/* Out-of-range lookups per table since creation (summed over partitions; waits). */
int sc_cells_lut_oor(ScCells *c, unsigned long long *counts /* [SC_MAX_TABLES] */);
/* Per-worker load since creation: fills up to max entries, returns the number of workers. */
int sc_cells_stats(const ScCells *c, ScWorkerLoad *w, int max);
/* sc_model_expected_us of the array's tasks (partition p's size, its K, its precision and
 * variant) on the worker: NaN while StarPU's history does not yet trust that size. */
double sc_cells_expected_us(const ScCells *c, int p, int worker);

/* The cl_arg of a step task (a copy travels with each task through STARPU_CL_ARGS). `args` holds
 * everything but the data: d0, nsteps, dt, flags, stim, vary/nvary, tolerances, vm_bound; the
 * codelet fills n and the pointers from its buffers (its pointers are not read; sampled outputs
 * are not used: see sc_cells_sample). `uses` says which optional buffers hold data: with
 * SC_TASK_USES_LUT buffer 5 holds the lookup tables (else any vector, not read); buffer 6 holds
 * the per-cell parameters when args.nvary > 0. `account` is NULL in an application's tasks (the
 * runtime's own tasks count per-worker work there: sc_cells_stats; its type is internal). */
enum { SC_TASK_USES_LUT = 1 };
struct ScAccount;
struct sc_step_task {
    const ScModelEntry *model;
    ScPrecision precision;
    unsigned uses; /* SC_TASK_USES_* */
    ScStepArgs args;
    struct ScAccount *account;
};

/* The kernel variants of a model's step codelets: exact, with lookup tables, with per-cell
 * parameters (whose lookup tables, if any, are built for the uniform values). */
typedef enum ScVariant { SC_VARIANT_EXACT, SC_VARIANT_LUT, SC_VARIANT_PCELL, SC_NVARIANTS } ScVariant;

/* The codelet that advances a partition of model m (in precision p, in variant v), for
 * applications that submit tasks themselves.
 * Buffers: sv (RW), vm (RW), iion (RW), ext (RW), pc (R), lut (R), pcell (R), status (RW);
 * cl_arg: a struct sc_step_task. Its performance model's symbol is
 * "starcarp.<model>.<f64|f32>.bsoa.<exact|lut|pv>" (unique per model, precision, layout, variant).
 * NULL when the model has no kernel of that precision. */
struct starpu_codelet *sc_model_codelet(const ScModelEntry *m, ScPrecision p, ScVariant v);
/* StarPU's expected time in microseconds of one step task of that codelet (cells cells, nsteps
 * steps) on the worker, from its history; NaN until the history of that size holds StarPU's minimum
 * of samples (STARPU_CALIBRATE_MINIMUM, 10: StarPU drops a time more than STARPU_HISTORY_MAX_ERROR,
 * 50 %, off the mean, and starts over when the dropped outnumber the kept). Needs StarPU running. */
double sc_model_expected_us(const ScModelEntry *m, ScPrecision p, ScVariant v, long cells, int nsteps,
                            int worker);

/* ---- step tasks on the application's handles ----------------------------------------------------
 * For an application that holds its cells in handles of its own and inserts starcarp's step tasks
 * between its own tasks (StarPU orders them by their data), as Chameleon's INSERT_TASK helpers do
 * (docs/api.md). The application registers, per partition of n cells, three vectors in the data's
 * precision: sv (n elements of nsv values each, a structure of arrays: state k of cell i at
 * k * n + i; nsv is m->desc->nsv), vm and iion (n elements of one value). */

/* The constant data of model m in precision p: its parameters and constants (the defaults) and
 * its lookup tables, registered with StarPU as read-only vectors. After starpu_init; destroyed
 * (unregistered) before starpu_shutdown and after the tasks that use it. NULL + err on failure. */
typedef struct ScModelData ScModelData;
ScModelData *sc_model_data_create(const ScModelEntry *m, ScPrecision p, char *err, size_t errlen);
void sc_model_data_destroy(ScModelData *d);
/* The model's initial state for n cells into the application's arrays sv (nsv x n values, the
 * layout above) and vm (n values), in d's precision. 0, or -1 for bad arguments. */
int sc_model_data_initial(const ScModelData *d, long n, void *sv, void *vm);

/* The scratch of one partition of n cells: its status (where a numerical failure is recorded) and
 * its externals (the model's external variables, nexternals x n values; a placeholder of one value
 * where the model has none), registered with StarPU. One per partition: tasks that share it are
 * serialised. Destroy after the tasks that use it (it waits for them). */
typedef struct ScStepPart ScStepPart;
ScStepPart *sc_step_part_create(const ScModelData *d, long n, char *err, size_t errlen);
void sc_step_part_destroy(ScStepPart *s);
/* Whether a step task of s recorded a numerical failure (waits for them): 1 with the absolute step,
 * the cell (index in the partition) and Vm there, 0 when none, -1 on error. After a failure the
 * partition's cells are not advanced any more. */
int sc_step_part_failure(ScStepPart *s, long *step, long *cell, double *vm);
/* The externals' handle (NULL where the model has none), for the application's own tasks. */
starpu_data_handle_t sc_step_part_ext(const ScStepPart *s);

/* One step task: what it does. */
typedef struct ScStepOptions {
    long d0; /* absolute index of its first step (time d0 * dt: the stimulus and the model see it) */
    int nsteps; /* steps in the task (>= 1) */
    double dt; /* ms */
    ScStim stim; /* bench's stimulus train, in steps (count 0: none); with SC_STEP_BENCH only */
    /* SC_STEP_BENCH: the task also updates Vm as `starcarp bench` does (Vm + stim * dt, the model,
     * then Vm - dt * Iion); 0: Vm is read, the states advanced and Iion written, and the membrane
     * update (any stimulus, per cell or per time: a coupling, a tissue) is the application's own
     * task between two steps. SC_STEP_NO_WATCH: no physiology watch. Other bits are ignored. */
    unsigned flags;
    double vm_bound; /* |Vm| beyond it is a failure (0: 1000 mV) */
} ScStepOptions;

/* Insert one step task of d's model on the application's handles sv, vm, iion (RW; the vectors
 * above, n elements each, n the partition's size given to sc_step_part_create) with s's scratch.
 * Returns 0, -EINVAL for bad arguments (sizes or element sizes that do not match), -ENOENT where
 * the model has no kernel of the precision, or StarPU's negative errno. Asynchronous: the
 * application waits as for its own tasks (starpu_task_wait_for_all, or by acquiring the data). */
int sc_insert_step(const ScModelData *d, ScStepPart *s, starpu_data_handle_t sv, starpu_data_handle_t vm,
                   starpu_data_handle_t iion, const ScStepOptions *o);

/* The key under which performance models ("starcarp.<key>.f64.bsoa.exact", ...) and the speed
 * table of `starcarp calibrate` know the kernels of m: its name, ".m", and 8 hex digits of a hash
 * of its methods (ScModelDesc.methods and the automatic choice), so that a calibration of other
 * kernels of the same model (the file's methods, another choice) is never used for these. */
void sc_model_key(const ScModelEntry *m, char *buf, size_t n);

/* Partition plan: sizes of nparts partitions of ncells cells (sizes[nparts]) for ncpu CPU workers
 * and ngpu GPUs, a GPU doing `speedup` times the work of a core in the same time: one partition
 * per CPU worker and one per GPU, sized so that all finish together, each a multiple of `align`
 * cells where possible (the vector width), none below 64 cells unless the array is smaller. CPU
 * workers get no partition when, next to GPUs, their share would be below SC_PLAN_MIN_CPU_SHARE.
 * Returns the number of partitions (<= ncpu + ngpu, and no partition empty), or -1 on bad
 * arguments. Pure function (scheduler/place_plan.c; the placement module, scheduler/place.h). */
#define SC_PLAN_MIN_CPU_SHARE 0.05
/* The speed of one GPU over one CPU core assumed when it is neither given, nor calibrated, nor
 * measurable (ScCellsConfig.gpu_speedup). */
#define SC_PLAN_GPU_SPEEDUP_GUESS 50.0
int sc_plan_parts(long ncells, int ncpu, int ngpu, double speedup, long align, long *sizes, int max);

/* The speed table that `starcarp calibrate` writes beside StarPU's performance models
 * (DIR/SC_SPEEDS_FILE) and that partition planning reads (scheduler/place_speeds.c). CSV columns:
 * model,precision,kind,cells,steps,ns_per_cell_step: the model's key (sc_model_key), precision
 * 64/32, kind "cpu", "cuda" or "hip", the cells per task, the steps per task and the nanoseconds per
 * cell-step, one row per measured partition size. sc_speeds_write_header writes the header line,
 * sc_speeds_write_row one row. */
#define SC_SPEEDS_FILE "starcarp-speeds.csv"
void sc_speeds_write_header(FILE *f);
void sc_speeds_write_row(FILE *f, const char *model, ScPrecision precision, const char *kind, long cells,
                         long steps, double ns);

/* StarPU's scheduling policy for a kind of run, the name to put in starpu_conf.sched_policy_name
 * before starpu_init (the placement module's choice; its reasons in scheduler/place.h). `given` (a
 * command's --sched) wins when not NULL; STARPU_SCHED in the environment wins over both, as StarPU
 * reads it at starpu_init. NULL: StarPU's own default (lws). */
typedef enum {
    SC_SCHED_CELLS, /* a cell array's run (starcarp bench): dmda */
    SC_SCHED_CALIBRATE, /* calibration (starcarp calibrate): dmda, which records the performance models */
    SC_SCHED_DEVICES, /* the device check (starcarp devices): eager, every worker pulls work */
    SC_SCHED_PINNED /* runs whose every task is pinned by the plan (tissue, benchmark): StarPU's default */
} ScSchedRun;
const char *sc_sched_policy(ScSchedRun run, const char *given);

#ifdef __cplusplus
}
#endif
#endif

/* bench_opts.h: the command line of `starcarp bench` and its timing rules.
 *
 * The options and defaults are those of openCARP's `bench` (docs/spec/bench.md; the whole list of
 * bench's options, and what starcarp does with each, is docs/bench-options.md), plus starcarp's own
 * (device selection, precision, populations, checkpoints, plots). Every long option takes its value
 * as `--opt value` or `--opt=value`; --fout's value is optional (`--fout` alone is BENCH_REG, and
 * `--fout NAME` takes the next argument when it does not start with '-'). bench's short options
 * take theirs as `-T 2` or `-T2`; short flags may be grouped (`-vB`). starcarp's own short forms:
 * -q (--quiet), -h (--help). An option given twice is an error naming it, except --vary, which adds
 * a parameter each time. Options of different stimulus modes (the train --numstim/--stim-start/
 * --bcl, --stim-times, --restitute, --clamp-ini) conflict, as do two stimulus types (--stim-curr,
 * --stim-volt): errors naming both. bench's options that starcarp does not implement are refused
 * with the reason (not as unknown). Integer options also accept integral numbers written like 1e6.
 * String values point into argv (keep it alive).
 *
 * Decisions where bench.md is silent:
 *   - --duration's default is stim_start + bcl*(numstim-1) + 1000 (bench's formula) with numstim
 *     taken as at least 1, so that with --numstim 0 it is stim_start + 1000; with --stim-times it is
 *     the last stimulus time + 1000.
 *   - --stim-times replaces the train (giving --stim-start, --bcl or --numstim too is an error).
 *     Its times are sorted; pulses at any times may overlap (a step is stimulated when any pulse
 *     covers it). --restitute makes its own list from --res-file (bench_restitute.h), from
 *     --stim-start; the default --duration is then the last pulse + --past-stim.
 *   - With --numstim > 1 a pulse may not be longer than the cycle (stim-dur steps <= bcl steps).
 *     With one pulse the cycle length does not matter (bopt_train gives period 0).
 *   - --save-ini-time and --checkpoint-time default to the end of the run (t = duration); each
 *     must lie in [0, duration] and needs its file option.
 *   - -B writes the binary files instead of the text table and needs --fout; --validate does as
 *     openCARP's: the binary files (NAME: --fout's, else BENCH_REG) and no table (bench_out.h).
 *   - Voltage clamps (bopt_clamp_at): Vm is set to the clamp value at the start of every clamped
 *     step, before its output; the step then runs as any other (stimulus, model at that Vm, V
 *     update), and the next step sets it again. --clamp V --clamp-dur D --clamp-start S clamps
 *     the steps of [S, S + D); with --clamp-ini V0 every other step is clamped to V0;
 *     --stim-volt V clamps the stimulated steps to V and no current is injected.
 *   - The run covers steps d = 0 .. bopt_nsteps() inclusive. Every one of these steps does
 *     bench's five parts: output if due, save the state file if due, stimulus, model, V update.
 *     So nsteps + 1 steps are advanced, and the last output row (when due) is at t = duration,
 *     the state at the start of step nsteps.
 */
#ifndef SC_BENCH_OPTS_H
#define SC_BENCH_OPTS_H

#include <stddef.h>
#include <stdio.h>

#include "bench_restitute.h"
#include "starcarp_types.h"

#define BOPT_MAX_VARY 16 /* --vary parameters of one run (the kernels' SC_MAX_VARY) */
#define BOPT_NAME_MAX 64 /* longest --vary parameter name + 1 */
#define BOPT_MAX_STEPS 1e15 /* largest step index a time may map to */

/* How a --vary parameter goes from cell 0 (lo) to cell num-1 (hi). */
typedef enum {
    BOPT_VARY_LINEAR, /* NAME=LO:HI      value lo + (hi - lo) * i / (num - 1) */
    BOPT_VARY_LOG, /* NAME=LO:HI:log  value lo * (hi / lo)^(i / (num - 1)), lo and hi > 0 */
    BOPT_VARY_SCALE /* NAME*LO:HI      value base * (lo + (hi - lo) * i / (num - 1)) */
} BoptVaryMode;

typedef struct BoptVary {
    char name[BOPT_NAME_MAX];
    BoptVaryMode mode;
    double lo, hi;
} BoptVary;

typedef struct BenchOpts {
    /* bench's options (times in ms) */
    const char *imp; /* --imp: model name or .model path; NULL only with --list-imps */
    const char *imp_par; /* --imp-par, "" when not given */
    double duration; /* given, or the default computed after parsing */
    double dt; /* SC_DEFAULT_DT */
    long num; /* 1 */
    long numstim; /* 1 */
    double stim_start; /* 1.0 */
    double bcl; /* 1000 */
    double stim_dur; /* 1.0 */
    double stim_curr; /* 60.0 uA/cm^2 */
    double *stim_times; /* --stim-times, sorted ascending (malloc'd); NULL: the train */
    long nstim_times;
    double dt_out; /* 1.0 */
    double start_out; /* 0 */
    const char *fout; /* NULL: table on stdout; "BENCH_REG" for a bare --fout */
    int binary; /* -B */
    int validate; /* --validate, -v */
    const char *imp_sv_dump; /* comma-separated state names, or NULL */
    const char *save_ini_file; /* or NULL */
    double save_ini_time; /* default: duration */
    const char *read_ini_file; /* or NULL */
    int list_imps, imp_info;
    double past_stim; /* --past-stim: the default duration's time after the last pulse, 1000 */
    int no_trace; /* --no-trace: no Trace_<N>.dat */
    long trace_no; /* --trace-no: N of Trace_<N>.dat, 0 */
    int ap_stats; /* --APstatistics: NAME_AP_stats.dat */
    BrsProtocol res; /* --restitute (res.kind BRS_NONE: none) and --res-file's protocol */
    const char *restitute, *res_file;
    int res_trace; /* --res-trace: with --restitute, also write the traces (table, binaries) */
    unsigned char *stim_marks; /* --restitute: per --stim-times pulse, BRS_* marks (malloc'd) */
    double clamp, clamp_dur, clamp_start; /* --clamp, --clamp-dur (0: no clamp), --clamp-start 10 */
    int clamp_ini_on; /* --clamp-ini given */
    double clamp_ini;
    int stim_volt_on; /* --stim-volt given (then stim_curr is 0) */
    double stim_volt;
    /* starcarp's extensions */
    ScPrecision precision; /* SC_DOUBLE (default) or SC_SINGLE */
    int force_single; /* --force-single: run single precision where its check fails (cmd_bench.c) */
    long steps_per_task; /* SC_DEFAULT_K */
    long ncpu, ngpu; /* -1: all there are */
    const char *sched; /* --sched, or NULL: sc_sched_policy's (dmda) */
    long nparts; /* 0: planned partitions, pinned; N: N partitions placed by sched */
    const char *perfmodels; /* or NULL */
    int no_lut;
    int no_watch; /* --no-watch: no physiology watch (docs/verification.md), to measure its cost */
    int long_run; /* --long-run: a restitution protocol or outputs beyond the usual sizes are meant */
    double rtol, atol; /* 0: the kernels' defaults */
    ScMethods methods; /* --methods: auto (the default), file, or overrides ("cvode=fe", "vm=cvode") */
    double vm_bound; /* 1000 mV */
    const char *checkpoint; /* or NULL */
    double checkpoint_time; /* default: duration */
    const char *restart; /* or NULL */
    const char *plot; /* a .png path, or NULL */
    long *probe; /* cells whose traces are output, in the order given (malloc'd) */
    long nprobe; /* default: one probe, cell 0 */
    BoptVary vary[BOPT_MAX_VARY];
    int nvary;
    unsigned long long seed; /* 1 */
    int quiet, progress;
} BenchOpts;

/* A regular stimulus train in steps: pulses of `pulse` steps from step `start`, every `period`
 * steps (0 when there is at most one pulse), `count` pulses (0: none). The same meaning as the
 * kernels' ScStim (starcarp_model.h). */
typedef struct BoptTrain {
    long start, pulse, period, count;
} BoptTrain;

/* Parse argv[1..argc) (argv[0] is the subcommand's name) into *o, then check the options together
 * and compute the defaults that depend on others. Returns 0; 1 when --help was given (the usage is
 * printed to stdout, nothing else is checked); or -1 with a one-line message in err naming the
 * option and what it accepts ("--dt expects a positive number of ms, got 'abc'", "unknown option
 * '--stim-star'; did you mean --stim-start?"). After -1 or 1, *o holds nothing to free; after 0,
 * release it with bopt_free. */
int bopt_parse(int argc, char **argv, BenchOpts *o, char *err, size_t errlen);

/* The --help text: a short synopsis, then the help lines of the option table's rows (bench's
 * options, the names of those refused, starcarp's own). */
void bopt_usage(FILE *out);

/* Free what bopt_parse allocated; o stays valid for another bopt_free. */
void bopt_free(BenchOpts *o);

/* The step index of time t (ms): lround(t / dt). */
long bopt_step(const BenchOpts *o, double t);

/* The index of the last step, lround(duration / dt): the run covers d = 0 .. nsteps inclusive. */
long bopt_nsteps(const BenchOpts *o);

/* Length of a stimulus pulse in steps: max(1, lround(stim_dur / dt)). */
long bopt_pulse_steps(const BenchOpts *o);

/* The stimulus as a regular train: fills *tr and returns 0, or returns -1 for --stim-times (the
 * caller asks bopt_stim_on step by step). */
int bopt_train(const BenchOpts *o, BoptTrain *tr);

/* Whether step d is stimulated (V += stim_curr * dt at step d). */
int bopt_stim_on(const BenchOpts *o, long d);

/* Whether step d outputs a row: d >= lround(start_out/dt), every lround(dt_out/dt) steps from it. */
int bopt_is_output(const BenchOpts *o, long d);

/* The number of output rows of the run (output steps among 0 .. nsteps). */
long bopt_nout(const BenchOpts *o);

/* Whether Vm is clamped at the start of step d (see "Voltage clamps" above); when it is and v is
 * not NULL, *v is the clamp value. */
int bopt_clamp_at(const BenchOpts *o, long d, double *v);

/* Whether any step of the run is clamped. */
int bopt_any_clamp(const BenchOpts *o);

/* Why the run can activate nothing ("--numstim 0 without --stim-times", "--stim-curr 0"), or NULL
 * when it has a stimulus (a current, a voltage stimulus or a clamp). */
const char *bopt_no_stimulus(const BenchOpts *o);

/* The steps between two samples of the AP statistics: lround(BOPT_AP_MS / dt), at least 1. */
#define BOPT_AP_MS 0.1
long bopt_ap_every(const BenchOpts *o);

/* The value of a --vary parameter for cell i of ncells; base is the parameter's value without the
 * variation (used by BOPT_VARY_SCALE only). With one cell, the value at lo. */
double bopt_vary_value(const BoptVary *v, long i, long ncells, double base);

#endif

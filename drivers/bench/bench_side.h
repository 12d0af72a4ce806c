/* bench_side.h: what `starcarp bench` does beside its table at some steps of the run: the voltage
 * clamps (bopt_clamp_at: Vm of every cell of the rank set at the start of a clamped step), the
 * model's traced variables of the first probe cell (Trace_<N>.dat, bench_out.h) and the AP
 * statistics of that cell (--APstatistics, --restitute: bench_apstats.h); the probes' Vm for --plot.
 *
 * Traces are evaluated on the host from the probe cell's sampled state: the model's portable C
 * kernel (ScModelDesc.c_run[0], double) is called for one cell with SC_STEP_IION_ONLY (the states
 * stay as they are) at the sampled Vm, with the cell's parameters (the array's values, --vary's
 * value for that cell), exact lookup-table columns and the externals at 0. The AP statistics use
 * Vm sampled every bopt_ap_every() steps (0.1 ms). */
#ifndef SC_BENCH_SIDE_H
#define SC_BENCH_SIDE_H

#include <stddef.h>

#include "bench_opts.h"
#include "starcarp.h"

typedef struct BenchSide BenchSide;

/* The side outputs of a run of model m. writer: this rank writes the files (rank 0); params[nparams]:
 * the array's parameter values; vary_k[o->nvary]: the parameters --vary varies. Returns the state,
 * or NULL with err set (out of memory, a trace file that cannot be opened; nothing is left open). */
BenchSide *bside_open(const BenchOpts *o, const ScModelEntry *m, const double *params, const int *vary_k,
                      int writer, char *err, size_t errlen);

/* Whether step d needs the first probe cell's values (an AP sample; traces come with the table's
 * output steps). The same on every rank. */
int bside_wants(const BenchSide *s, long d);

/* Whether step d is an event of the side outputs (a clamped step, an AP sample). */
int bside_event(const BenchSide *s, long d);

/* Apply the clamp of step d, if any, to the ncells cells of c. Returns 0 or -1. */
int bside_clamp(BenchSide *s, ScCells *c, long ncells, long d);

/* The first probe cell's values at step d (vals: Vm, Iion, then its nsv states), output: whether d
 * is an output step. Writes a trace row at output steps and keeps AP samples (writer only). Returns
 * 0, or -1 with err set. */
int bside_sample(BenchSide *s, long d, int output, const double *vals, char *err, size_t errlen);

/* Write the trace rows so far to Trace_<N>.dat, and NAME_APD_restitution.dat again when rows of it
 * became whole since it was last written (NULL accepted). 0, or -1 with err set. */
int bside_flush(BenchSide *s, char *err, size_t errlen);

/* Record that the run was stopped (SIGINT/SIGTERM) where its samples end: the files then hold the
 * rows whole there only (NULL accepted). */
void bside_stop(BenchSide *s);

/* The rows of NAME_APD_restitution.dat that bside_close writes, and into *total (may be NULL) the
 * protocol's rows; -1 when this side writes none (no --restitute, or not the writer). */
long bside_res_rows(const BenchSide *s, long *total);

/* Whether this side writes Trace_<N>.dat. */
int bside_has_trace(const BenchSide *s);

/* Write the AP statistics and restitution files (writer; after bside_stop, the rows whole where the
 * run stopped: the restitution rows of brs_row_whole, the beats but the last two), close the trace
 * file and free (NULL accepted). Returns 0, or -1 with err set. */
int bside_close(BenchSide *s, char *err, size_t errlen);

/* The probes' Vm over the run, for --plot (rank 0): t[n], vm[np][cap] (probe j's from vm + j * cap);
 * zeroed to start. */
typedef struct BsidePlot {
    double *t, *vm;
    long n, cap;
} BsidePlot;

/* Append the probes' Vm at time t: vals[j * w] for probe j of np. */
void bside_plot_add(BsidePlot *tr, int np, double t, const double *vals, int w);

/* --plot's PNG of model's probes (o->plot; at most 12 probes). 0, or -1 after a message. */
int bside_plot_write(const BsidePlot *tr, const BenchOpts *o, const char *model);

/* Free the trace's buffers. */
void bside_plot_free(BsidePlot *tr);

#endif

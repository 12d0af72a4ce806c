/* bench_size.h: the size of a `starcarp bench` run, told before its work (prefix bsz_): the bytes
 * its output files will hold, refused beyond BSZ_HUGE_BYTES unless --long-run, and one line on
 * stderr giving its steps, those bytes and an estimate of its wall time.
 *
 * The bytes (an estimate, from bench_out.h's formats): per output row and probe cell, the table's
 * 43 characters ("%10.3f " and two "%+.8e "), or with -B/--validate 8 bytes for each of t, Vm and
 * Iion; 8 bytes for each state file (--validate: every state; --imp-sv-dump: those listed); for
 * the first probe Trace_<N>.dat's row (the time, then 17 characters a traced value).
 *
 * The wall time (an estimate): the run's own first pieces of work are its warm-up. The first piece
 * (the workers' first tasks, StarPU's calibration of an unmeasured kernel) is left out; the rate of
 * the pieces after it, over BSZ_WARM_S of wall time, gives the time of the steps left, added to
 * the time so far. A run that ends sooner is timed whole. */
#ifndef SC_BENCH_SIZE_H
#define SC_BENCH_SIZE_H

#include <stddef.h>
#include <stdio.h>

#include "bench_opts.h"
#include "starcarp_model.h"

#define BSZ_HUGE_BYTES 1e10 /* outputs refused beyond it without --long-run (10 GB) */
#define BSZ_WARM_S 0.3 /* wall time of the warm-up after the first piece of work */

/* The bytes the run's files (table or binary files, state files, Trace_<N>.dat) will hold for
 * model d; dump: --imp-sv-dump's states (nsv flags) or NULL. */
double bsz_out_bytes(const BenchOpts *o, const ScModelDesc *d, const int *dump);

/* Refuse outputs (bsz_out_bytes) beyond BSZ_HUGE_BYTES unless --long-run: -1 with a message naming
 * the rows, the options that make them and --long-run; else 0. */
int bsz_check(const BenchOpts *o, const ScModelDesc *d, const int *dump, char *err, size_t errlen);

/* "12 kB", "3.4 GB" (decimal units) into buf; returns buf. */
const char *bsz_bytes_text(double bytes, char *buf, size_t len);

/* "0.52 s", "12 min", "2.1 h", "3.5 days" into buf; returns buf. */
const char *bsz_secs_text(double s, char *buf, size_t len);

/* The warm-up's record (bsz_eta_start). */
typedef struct BszEta {
    long d_first, d_end; /* the run's first step and its end (the last step + 1) */
    double t_start; /* wall time at the start (sc_now_s) */
    long d_mark; /* the step at the end of the first piece; -1 before it */
    double t_mark;
    int told; /* the line is due no more */
} BszEta;

/* Start the record of a run of steps d_first .. d_end - 1 at wall time now. */
void bsz_eta_start(BszEta *e, long d_first, long d_end, double now);

/* After a piece of work that reached step d at wall time now: 1 when the estimate is due (once:
 * BSZ_WARM_S after the first piece, or at the run's end), else 0. */
int bsz_eta_due(BszEta *e, long d, double now);

/* The estimated wall seconds of the whole run at step d, wall time now. */
double bsz_eta_total(const BszEta *e, long d, double now);

/* The line, on f: "starcarp bench: 700001 steps of 0.01 ms to t = 7000 ms on 1 cell, about 1.2 MB
 * of outputs; wall time about 3.2 s (an estimate from its first 0.31 s)" (no outputs' part when
 * bytes is 0). */
void bsz_line(FILE *f, const BenchOpts *o, const BszEta *e, long d, double now, double bytes);

#endif

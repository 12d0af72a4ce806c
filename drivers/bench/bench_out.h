/* bench_out.h: the output files of `starcarp bench`, as openCARP's bench writes them
 * (docs/spec/bench.md, "Outputs"), and its state files.
 *
 * Traces. A writer takes one row per output time (t, Vm, Iion and the model's states) and writes,
 * with NAME the --fout name (BENCH_REG when NULL), as openCARP's bench does:
 *   - the table, one row per output time: time as "%10.3f " then Vm and Iion as "%+.8e " each, on
 *     stdout without --fout, else in NAME.txt; not written with -B or --validate, which replace it;
 *   - with -B or --validate: raw little-endian float64 files NAME.Vm.bin, NAME.Iion.bin, NAME.t.bin
 *     (one sample per row);
 *   - with --validate every state, else the states --imp-sv-dump lists: NAME_<Model>.<state>.bin,
 *     float64 each (openCARP writes its gates as float32 "Gatetype 4"; starcarp keeps every state
 *     in double and says so in the header);
 *   - whenever a state file is written: NAME_header.txt, openCARP's layout: the line
 *     "0  # is bigendian", then one line per .bin file (Vm, Iion, t when written, then the states
 *     in the model's order) printed as "%32s %10s %2d %10ld": FILE without its directory, its type
 *     ("Real" for Vm, Iion, t; "GlobalData_t" for a state), bytes per sample (8), samples.
 * The model's traced variables (ScModelDesc.trace_names) of the first probe cell go to a trace
 * writer (bout_trace_open): Trace_<N>.dat in the working directory (N: --trace-no), one row per
 * output time: the time as "%4.10f\t", then each traced value as "%4.12f\t", then a newline; and
 * <Model>_trace_header.txt, the traced names, one per line (openCARP's pair of files).
 * Every file is written in whole rows (recfile.h): a run killed at any moment leaves whole rows, those
 * of the last bout_flush at least, and NAME_header.txt counting the rows of that flush.
 * Several probe cells: the first probe cell is written exactly as bench writes its single cell;
 * every other probe cell i gets a writer of its own named NAME_cell<i> (bout_probe_name), so its
 * table is NAME_cell<i>.txt (BENCH_REG_cell<i>.txt without --fout, as stdout holds the first cell's)
 * and its binary files NAME_cell<i>.Vm.bin, NAME_cell<i>_<Model>.<state>.bin, NAME_cell<i>_header.txt.
 * State files: drivers/cli/svfile.h.
 */
#ifndef SC_BENCH_OUT_H
#define SC_BENCH_OUT_H

#include <stddef.h>

#define BOUT_DEFAULT_NAME "BENCH_REG"

typedef struct BoutWriter BoutWriter;

/* Open the output files of one probe cell. fout: the --fout name, NULL for the table on stdout (the
 * binary files are then named BENCH_REG...). binary: -B; validate: --validate. model_name: the
 * model's name (no '/'), used in the state files' names. sv_names[nsv]: the model's states; dump
 * (NULL or nsv flags, non-zero: write that state) selects the states without --validate. Returns
 * the writer, or NULL with "PATH: strerror" (or another reason) in err; nothing stays open then. */
BoutWriter *bout_open(const char *fout, int binary, int validate, const char *model_name, int nsv,
                      const char *const *sv_names, const int *dump, char *err, size_t errlen);

/* Write one row: time t (ms), vm, iion, and sv[nsv] (may be NULL when no state is written).
 * Returns 0, or -1 after a write error (bout_error says which file and why; later rows are refused
 * and bout_close reports it). */
int bout_row(BoutWriter *w, double t, double vm, double iion, const double *sv);

/* The first error of the writer ("" when none). */
const char *bout_error(const BoutWriter *w);

/* Write the rows so far to the files (and NAME_header.txt for them): a file holds whole rows at
 * any time, those of the last flush at least. Returns 0, or -1 (bout_error). */
int bout_flush(BoutWriter *w);

/* Finish: close every file (stdout is flushed, not closed), write NAME_header.txt when binary files
 * were written, and free the writer (NULL is accepted). Returns 0, or -1 with the first error of the
 * writer's life in err. */
int bout_close(BoutWriter *w, char *err, size_t errlen);

/* The --fout name of the writer of probe cell `cell`, the index-th probe (0 first): fout itself
 * for the first (may be NULL: stdout), else "NAME_cell<cell>" in buf (NAME: fout or BENCH_REG).
 * NULL when buf is too short. */
const char *bout_probe_name(const char *fout, long cell, int index, char *buf, size_t len);

typedef struct BoutTrace BoutTrace;

/* Open Trace_<trace_no>.dat and write <model>_trace_header.txt (names[ntr]). Returns the writer, or
 * NULL with "PATH: strerror" in err. */
BoutTrace *bout_trace_open(long trace_no, const char *model, int ntr, const char *const *names, char *err,
                           size_t errlen);

/* One row: time t and the ntr traced values. Returns 0, or -1 with the file's error kept for
 * bout_trace_close. */
int bout_trace_row(BoutTrace *tw, double t, const double *vals);

/* Write the rows so far (NULL accepted). 0 or -1. */
int bout_trace_flush(BoutTrace *tw);

/* Close and free (NULL accepted). Returns 0, or -1 with the first error in err. */
int bout_trace_close(BoutTrace *tw, char *err, size_t errlen);

/* Resolve --imp-sv-dump's comma-separated state names (blanks allowed around them) into
 * mask[nsv] (1: write). Returns 0, or -1 with a message naming the unknown state and listing the
 * model's states. */
int bout_dump_mask(const char *list, const char *model, int nsv, const char *const *names, int *mask,
                   char *err, size_t errlen);

#endif

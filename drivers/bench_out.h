/* bench_out.h: the output files of `starcarp bench`, as openCARP's bench writes them
 * (docs/spec/bench.md, "Outputs"), and its state files.
 *
 * Traces. A writer takes one row per output time (t, Vm, Iion and the model's states) and writes,
 * with NAME the --fout name (BENCH_REG when NULL):
 *   - the table, one row per output time: time as "%10.3f " then Vm and Iion as "%+.8e " each, on
 *     stdout without --fout, else in NAME.txt; not written with -B (binary), which replaces it;
 *   - with -B or --validate: raw little-endian float64 files NAME.t.bin, NAME.Vm.bin, NAME.Iion.bin
 *     (one sample per row);
 *   - with --validate every state, else the states --imp-sv-dump lists: NAME_<Model>.<state>.bin;
 *   - whenever a .bin file is written: NAME_header.txt, a comment line, then one line per .bin file
 *     (t, Vm, Iion, then the states in the model's order): "FILE float64 8 SAMPLES", FILE without
 *     its directory (the files lie next to each other), SAMPLES the number of rows.
 * Several probe cells: the first probe cell is written exactly as bench writes its single cell;
 * every other probe cell i gets a writer of its own named NAME_cell<i> (bout_probe_name), so its
 * table is NAME_cell<i>.txt (BENCH_REG_cell<i>.txt without --fout, as stdout holds the first cell's)
 * and its binary files NAME_cell<i>.Vm.bin, NAME_cell<i>_<Model>.<state>.bin, NAME_cell<i>_header.txt.
 *
 * State files (--save-ini-file / --read-ini-file): text, one value per line followed by "# name".
 * The layout starcarp writes (values with %.17g, so that they read back bit for bit):
 *       -86.200000000000003      # Vm
 *       tenTusscherPanfilov
 *       0.00012                  # Ca_i
 *       ...                      (every state, in the model's order)
 * i.e. the global Vm, then the model's name on a line of its own, then the model's states. Reading
 * matches states by name (any order); blank lines and lines starting with '#' are skipped; before
 * the model's name, openCARP's other globals (Iion, Lambda, delLambda, Tension, K_e, Na_e, Ca_e,
 * tension_component; value "-" allowed) are accepted and ignored.
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

/* Finish: close every file (stdout is flushed, not closed), write NAME_header.txt when binary files
 * were written, and free the writer (NULL is accepted). Returns 0, or -1 with the first error of the
 * writer's life in err. */
int bout_close(BoutWriter *w, char *err, size_t errlen);

/* The --fout name of the writer of probe cell `cell`, the index-th probe (0 first): fout itself
 * for the first (may be NULL: stdout), else "NAME_cell<cell>" in buf (NAME: fout or BENCH_REG).
 * NULL when buf is too short. */
const char *bout_probe_name(const char *fout, long cell, int index, char *buf, size_t len);

/* Resolve --imp-sv-dump's comma-separated state names (blanks allowed around them) into
 * mask[nsv] (1: write). Returns 0, or -1 with a message naming the unknown state and listing the
 * model's states. */
int bout_dump_mask(const char *list, const char *model, int nsv, const char *const *names, int *mask,
                   char *err, size_t errlen);

/* Write the state file (layout above). Returns 0, or -1 with "PATH: strerror" in err. */
int bout_save_state(const char *path, const char *model, int nsv, const char *const *names, const double *sv,
                    double vm, char *err, size_t errlen);

/* Read a state file of `model` into sv[nsv] (matched by names) and *vm. Changes nothing on error:
 * returns -1 with "PATH:LINE: ..." for a malformed line, another model's name, an unknown or
 * repeated name, and "PATH: ..." for a missing state, Vm or model line or a read error. */
int bout_load_state(const char *path, const char *model, int nsv, const char *const *names, double *sv,
                    double *vm, char *err, size_t errlen);

#endif

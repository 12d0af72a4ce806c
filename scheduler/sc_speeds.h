/* sc_speeds.h: the speed table that `starcarp calibrate` writes beside StarPU's performance models
 * (DIR/starcarp-speeds.csv) and that partition planning reads: its reader (internal to
 * libstarcarp); its format and writer are public (starcarp.h), both in sc_speeds.c. */
#ifndef SC_SPEEDS_H
#define SC_SPEEDS_H

#include "starcarp.h" /* the table's file name and its writer (SC_SPEEDS_FILE, sc_speeds_write_*) */

/* How many times one GPU of kind `gpu` ("cuda" or "hip") outruns one CPU core on `model` in
 * `precision` (64/32) at `steps` steps per task, from the speed table of directory dir (NULL: the
 * one in $STARPU_PERF_MODEL_DIR, else in $STARPU_HOME/.starpu/sampling): of each kind's rows, those
 * measured at the steps per task nearest `steps`, and of those the largest size. Returns 0 when
 * unknown. */
double sc_speeds_gpu_speedup(const char *dir, const char *model, int precision, long steps, const char *gpu);

#endif

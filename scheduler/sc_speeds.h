/* sc_speeds.h: the speed table that `starcarp calibrate` writes beside StarPU's performance models
 * (DIR/starcarp-speeds.csv) and that partition planning reads: its writer and its reader in one
 * place (internal to libstarcarp).
 * CSV columns: model,precision,kind,cells,steps,ns_per_cell_step (kind "cpu" or "cuda"; one row
 * per measured partition size). */
#ifndef SC_SPEEDS_H
#define SC_SPEEDS_H

#include <stdio.h>

#define SC_SPEEDS_FILE "starcarp-speeds.csv"

/* The writer (`starcarp calibrate`): the header line, then one row per measure: the model's key
 * (sc_model_key), precision 64/32, kind "cpu" or "cuda", the cells per task, the steps per task
 * and the nanoseconds per cell-step. */
void sc_speeds_write_header(FILE *f);
void sc_speeds_write_row(FILE *f, const char *model, int precision, const char *kind, long cells, long steps,
                         double ns);

/* How many times one GPU outruns one CPU core on `model` in `precision` (64/32), from the rows of
 * the largest measured size of each kind in the speed table of directory dir (NULL: the one in
 * $STARPU_PERF_MODEL_DIR, else in $STARPU_HOME/.starpu/sampling). Returns 0 when unknown. */
double sc_speeds_gpu_speedup(const char *dir, const char *model, int precision);

#endif

/* sc_speeds.h: the speed table that `starcarp calibrate` writes beside StarPU's performance models
 * (DIR/starcarp-speeds.csv) and that partition planning reads (internal to libstarcarp).
 * CSV columns: model,precision,kind,cells,steps,ns_per_cell_step (kind "cpu" or "cuda"; one row
 * per measured partition size). */
#ifndef SC_SPEEDS_H
#define SC_SPEEDS_H

#define SC_SPEEDS_FILE "starcarp-speeds.csv"

/* How many times one GPU outruns one CPU core on `model` in `precision` (64/32), from the rows of
 * the largest measured size of each kind in the speed table of directory dir (NULL: the one in
 * $STARPU_PERF_MODEL_DIR, else in $STARPU_HOME/.starpu/sampling). Returns 0 when unknown. */
double sc_speeds_gpu_speedup(const char *dir, const char *model, int precision);

#endif

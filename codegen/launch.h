/* launch.h: the register caps of the library's GPU kernels chosen by measurement: the table
 * models/launch.tsv (written by scripts/gpu/launch.sh on a GPU), read by `starcarp codegen
 * --launch-table` (docs/performance.md, "Register caps"). */
#ifndef SC_LAUNCH_H
#define SC_LAUNCH_H

/* The largest second argument of __launch_bounds__ a row may give (16 blocks of 128 threads:
 * 2048 threads, a multiprocessor's most). */
#define LAUNCH_MAX_BLOCKS 16

/* The min_blocks of the row of TABLE for the model file MODEL_PATH (its stem), the text's source
 * hash HASH, the method overrides in effect METHODS (NULL or "" for the file's own: "-" in the
 * table) and the precision (single: "f32", else "f64"). Returns it (1..LAUNCH_MAX_BLOCKS), 0 when
 * no row matches, -1 when TABLE cannot be read or the matching row is malformed (a message on
 * stderr naming TABLE:line). */
int launch_min_blocks(const char *table, const char *model_path, unsigned long long hash, const char *methods,
                      int single);

#endif

/* mtable.h: the tables of models/ keyed by a model file's stem (tab-separated rows, '#' lines
 * comments): the automatic choice of methods (models/methods.tsv, `starcarp codegen
 * --auto-methods`), the CUDA kernels' register caps chosen by measurement (models/launch.tsv,
 * written by lab/gpu/launch.sh, read by `starcarp codegen --launch-table`; docs/performance.md,
 * "Register caps") and the check of the single-precision kernels (models/precision.tsv, written by
 * scripts/precision-table.sh, read by `starcarp codegen --precision-table`; docs/verification.md,
 * "Single precision"). */
#ifndef SC_MTABLE_H
#define SC_MTABLE_H

/* The largest second argument of __launch_bounds__ a row of the launch table may give (16 blocks
 * of 128 threads: 2048 threads, a multiprocessor's most). */
#define MTABLE_MAX_BLOCKS 16

/* When line is a row of the model file MODEL_PATH (its first field the file's stem, up to the
 * first '.'), its fields: line cut at tabs (its newline removed) into at most max fields f[];
 * returns their count. 0 for a comment or another model's row (line unchanged). */
int mtable_row(char *line, const char *model_path, char **f, int max);

/* The min_blocks of the row of the launch table TABLE for the model file MODEL_PATH, the text's
 * source hash HASH, the method overrides in effect METHODS (NULL or "" for the file's own: "-" in
 * the table) and the precision (single: "f32", else "f64"). A row:
 *   model  source_hash  methods  precision  min_blocks  [rate  rule_blocks  rule_rate  machine  date]
 * (the columns after min_blocks record the measurement). Returns it (1..MTABLE_MAX_BLOCKS), 0 when
 * no row matches, -1 when TABLE cannot be read or the matching row is malformed (a message on
 * stderr naming TABLE:line). */
int mtable_min_blocks(const char *table, const char *model_path, unsigned long long hash, const char *methods,
                      int single);

/* A row of the single-precision table:
 *   model  source_hash  methods  precision  status  err_pct  dapd_ms  ref_err_pct  ref_dapd_ms
 *   f64_ref_err_pct  f64_ref_dapd_ms  why  machine  date
 * status "completes" or "fails"; the figures of single against double and against the reference
 * ("nan": not measured); why: what failed ("-" when it completes). */
typedef struct MtableSingle {
    int fails;
    double err, dapd, ref_err[2], ref_dapd[2]; /* [0] double, [1] single against the reference */
    char why[160], machine[80], date[16];
} MtableSingle;

/* The row of the single-precision table TABLE for the model file MODEL_PATH, the text's source hash
 * HASH and the method overrides in effect METHODS (NULL or "" for the file's own: "-" in the
 * table), precision f32, into *out. Returns 1, 0 when no row matches, -1 when TABLE cannot be read
 * or the matching row is malformed (a message on stderr naming TABLE:line). */
int mtable_single(const char *table, const char *model_path, unsigned long long hash, const char *methods,
                  MtableSingle *out);

#endif

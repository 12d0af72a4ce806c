/* bench_optint.h: what the two halves of `starcarp bench`'s command line share (internal to
 * bench_opts.c, which reads the options, and bench_rules.c, which checks them together). */
#ifndef SC_BENCH_OPTINT_H
#define SC_BENCH_OPTINT_H

#include <stddef.h>

#include "bench_opts.h"

/* Put a printf-style message into err (when not NULL) and evaluate to -1. */
#define FAIL(err, errlen, ...) (snprintf((err), (err) ? (errlen) : 0, __VA_ARGS__), -1)

/* The options given: for each option of bench_opts.c's table, its long name and alias (set by the
 * reader) and the spelling used first (NULL when it was not given). */
typedef struct BoptSeen {
    const char *name[128], *alias[128], *as[128];
} BoptSeen;

/* The spelling under which the option called name (its long name or alias) was given, or NULL
 * (bench_rules.c). */
const char *bopt_given(const BoptSeen *seen, const char *name);

/* Checks and defaults that involve several options (bench_rules.c). Returns 0 or -1 (err set). */
int bopt_check_together(BenchOpts *o, const BoptSeen *seen, char *err, size_t errlen);

#endif

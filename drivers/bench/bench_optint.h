/* bench_optint.h: what the parts of `starcarp bench`'s command line share (internal to bench_opts.c,
 * the option table and its readers; bench_parse.c, which reads argv against it; bench_rules.c, which
 * checks the options together). */
#ifndef SC_BENCH_OPTINT_H
#define SC_BENCH_OPTINT_H

#include <stddef.h>

#include "bench_opts.h"
#include "cli_opts.h"

/* Put a printf-style message into err (when not NULL) and evaluate to -1. */
#define FAIL(err, errlen, ...) (snprintf((err), (err) ? (errlen) : 0, __VA_ARGS__), -1)

/* A row's .group: bench's stimulus modes (options of two of them conflict) and the stimulus type
 * group (two of its options conflict). */
enum { BOPT_M_NONE, BOPT_M_TRAIN, BOPT_M_TIMES, BOPT_M_RESTITUTE, BOPT_M_VCLAMP, BOPT_G_STIMTYPE = 8 };

/* A CLI_CALL row's .arg: how bench's reader treats the option's value (bits). */
enum {
    BOPT_A_INFO = 1, /* no value; prints (--help, --version) and ends the parse (bopt_parse: 1) */
    BOPT_A_OPTIONAL = 2, /* the value may be left out (--fout; -O takes it glued only) */
    BOPT_A_REPEAT = 4, /* may be given more than once (--vary) */
    BOPT_A_NAMED = 8 /* a name or a word: not taken from a next argument that starts with '-' (a
                        CLI_STR row is one too) */
};

/* The option table (bench_opts.c): bench's options (rows with .opencarp: openCARP's name), those
 * starcarp refuses (CLI_REFUSED) and starcarp's own (.opencarp NULL). */
extern const CliOpt bopt_opts[];
extern const int bopt_nopts;

/* What the value of option d must be, for messages ("a positive number of ms"): its .accepts, or
 * the shared option's. */
const char *bopt_accepts(const CliOpt *d);

/* The options given: for each row of bopt_opts, its long name and alias (set by the reader) and the
 * spelling used first (NULL when it was not given). */
typedef struct BoptSeen {
    const char *name[128], *alias[128], *as[128];
} BoptSeen;

/* The spelling under which the option called name (its long name or alias) was given, or NULL
 * (bench_rules.c). */
const char *bopt_given(const BoptSeen *seen, const char *name);

/* Checks and defaults that involve several options (bench_rules.c). Returns 0 or -1 (err set). */
int bopt_check_together(BenchOpts *o, const BoptSeen *seen, char *err, size_t errlen);

#endif

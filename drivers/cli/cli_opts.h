/* cli_opts.h: the option layer of the `starcarp` command (prefix cli_opt_, cli_run_): one table
 * format for every command's options, and the options commands share, defined once.
 *
 * A command describes its options in a table of CliOpt (name, another accepted spelling, openCARP's
 * name, the value's type and range, the accepted values in words, a help line, where the value
 * goes; in the table of the shared options, the commands that take it) and hands each argument to
 * cli_opt_take; the shared options (--dt, --steps-per-task, --precision, --ncpu, --ngpu, --methods,
 * --models, --csv, --png) come from cli_run_take, which reads those a command takes into a CliRun.
 * A bad value gives "OPT expects WHAT, got 'VALUE'" or "OPT: accepted values are A, B (got
 * 'VALUE')", OPT as the user spelt it; the command prefixes its name and exits with status 2. */
#ifndef SC_CLI_OPTS_H
#define SC_CLI_OPTS_H

#include <stddef.h>
#include <stdio.h>

#include "starcarp_types.h"

typedef enum {
    CLI_FLAG, /* int set to 1; no value */
    CLI_STR, /* const char *, not empty */
    CLI_INT, /* long within [lo, hi] (decimal, or an integral number like 1e6) */
    CLI_REAL, /* finite double within [lo, hi] */
    CLI_POS, /* finite double > 0 and <= hi */
    CLI_CHOICE, /* one of the comma-separated words of `choices`: int := its index */
    CLI_METHODS, /* ScMethods: auto, file or method overrides, not empty (sc_methods_parse) */
    CLI_REALS, /* double[nmax] of finite values within [lo, hi], separated by ',': the count (int) at
                  count_off, from nmin to nmax */
    CLI_INTS, /* long[nmax] likewise */
    CLI_CALL, /* the row's own reader: call(d, as, value, base, err, errlen) */
    CLI_REFUSED /* a known option refused: `accepts` says why ("OPT is not supported: WHY") */
} CliType;

struct CliOpt;
/* A CLI_CALL row's reader: the value val of option d (given as `as`) into base; 0, or -1 with the
 * message in err ("AS expects ..."). */
typedef int (*CliCall)(const struct CliOpt *d, const char *as, const char *val, void *base, char *err,
                       size_t errlen);

/* One row of an option table. The positional fields come first (rows of the common kinds are
 * written positionally); the others are written by name (.scale = 1e-3). */
typedef struct CliOpt {
    const char *name; /* "--steps-per-task" */
    const char *alias; /* another spelling accepted ("--k", bench's "-D"), or NULL */
    const char *opencarp; /* openCARP's name of it (a bench option, a .par key), or NULL: docs only */
    CliType type;
    double lo, hi; /* CLI_INT, CLI_REAL: the range, inclusive; CLI_POS: hi */
    const char *choices; /* CLI_CHOICE: "double,single,64,32" */
    const char *accepts; /* the accepted values in words, for messages ("a positive integer") */
    const char *help; /* "VALUE  what the option does" (a flag: what it does), for --help */
    size_t off; /* where the value goes, from the base handed to cli_opt_take */
    double scale; /* CLI_REAL, CLI_POS, CLI_REALS: the value stored is the value given times
                     scale (0: 1), a unit's conversion (a .par's dt in us to ms: 1e-3); the range
                     applies to the value given */
    const char *units; /* the value's units as given ("ms", "uA/cm^2"), or NULL */
    size_t count_off; /* CLI_REALS, CLI_INTS: where the count (an int) goes */
    int nmin, nmax; /* CLI_REALS, CLI_INTS: the counts accepted */
    CliCall call; /* CLI_CALL */
    int group; /* the command's own use (bench: its stimulus mode; mutually exclusive options) */
    int arg; /* the command's own use, for its CLI_CALL readers (an axis, a field) */
    const char *commands; /* a shared option's row: the commands that take it, space-separated
                             ("bench tissue methods"); NULL in a command's own table */
} CliOpt;

/* Rows of the commonest kinds: a positive integer, a string, a flag (no other spelling, no openCARP
 * name). */
#define CLI_COUNT_OPT(name_, help_, off_)                                                                    \
    {                                                                                                        \
        .name = name_, .type = CLI_INT, .lo = 1, .hi = 1e15, .accepts = "a positive integer", .help = help_, \
        .off = off_                                                                                          \
    }
#define CLI_STR_OPT(name_, accepts_, help_, off_) \
    { .name = name_, .type = CLI_STR, .accepts = accepts_, .help = help_, .off = off_ }
#define CLI_FLAG_OPT(name_, help_, off_) \
    { .name = name_, .type = CLI_FLAG, .accepts = "", .help = help_, .off = off_ }

/* cli_opt_double: s is the whole of a finite number, into *x. cli_opt_long: s is the whole of an
 * integer, decimal or an integral number like 1e6 (|x| <= 1e15), into *x. 1, or 0 (not one). */
int cli_opt_double(const char *s, double *x);
int cli_opt_long(const char *s, long *x);
/* Numbers separated by any character of sep ("1,2,3"; empty items skipped) into x[0 .. max):
 * their count (0 for none), or -1 when one is not a number or there are more than max. */
int cli_opt_doubles(const char *s, const char *sep, double *x, int max);

/* The entry of tab[n] that `arg` names ("--name", "--name=VALUE", or the alias); *value := the
 * text after '=' (NULL when none). NULL when arg is not in the table. */
const CliOpt *cli_opt_find(const CliOpt *tab, int n, const char *arg, const char **value);

/* Store val for option d (given as `as`) at base + d->off. 0, or -1 with the message in err. */
int cli_opt_set(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen);

/* Read argv[*i] against tab[n] into base: 1 (taken; *i moved past its value), 0 (not in the
 * table), -1 (a missing or bad value: the message in err). */
int cli_opt_take(const CliOpt *tab, int n, int argc, char **argv, int *i, void *base, char *err,
                 size_t errlen);

/* The row of tab[n] named `name` exactly (its name or alias), or NULL. */
const CliOpt *cli_opt_named(const CliOpt *tab, int n, const char *name);

/* The help of tab[n] (rows without help and refused ones left out), one option a line (or more: the help may hold newlines): "  NAME VALUE", then
 * the help after the value's name and two spaces ("N  cells per task"; a flag's help is all text). */
void cli_opt_help(FILE *out, const CliOpt *tab, int n);

/* The shared options' values (cli_run_take). */
typedef struct CliRun {
    double dt; /* --dt, ms (SC_DEFAULT_DT) */
    long steps_per_task; /* --steps-per-task (older spelling --k), K (SC_DEFAULT_K) */
    ScPrecision precision; /* --precision: SC_DOUBLE, SC_SINGLE, or CLI_PRECISION_BOTH (benchmark) */
    long ncpu, ngpu; /* --ncpu, --ngpu: workers StarPU starts (-1: every one there is) */
    ScMethods methods; /* --methods: auto (the default), file or replacements */
    const char *models; /* --models: library models or .model files, comma-separated, or all */
    const char *csv, *png; /* --csv, --png: the figures as CSV, as a picture (NULL: none) */
} CliRun;

/* CliRun.precision for `--precision both` (not an ScPrecision: both of them, one after the other). */
#define CLI_PRECISION_BOTH ((ScPrecision)0)

/* The models a command that measures several runs by default (benchmark, calibrate). */
#define CLI_DEFAULT_MODELS "ten_tusscher_model_2006_epi,AlievPanfilov,ohara_rudy_2011_endo"

/* The defaults: SC_DEFAULT_DT, SC_DEFAULT_K, double, every worker, the automatic methods,
 * CLI_DEFAULT_MODELS, no figures. */
CliRun cli_run_defaults(void);

/* The shared option named `name` (its long name, as in the table) that command `cmd` takes
 * ("bench"; its row's `commands` name it), or NULL: for commands whose own tables name it (bench,
 * tissue), so that its value is checked here. */
const CliOpt *cli_run_opt(const char *cmd, const char *name);

/* cli_opt_take over the shared options command `cmd` takes, into r. */
int cli_run_take(const char *cmd, int argc, char **argv, int *i, CliRun *r, char *err, size_t errlen);

/* The value val of the shared option `name` (its long name, among those `cmd` takes) read and
 * checked into r (--precision as SC_DOUBLE, SC_SINGLE or CLI_PRECISION_BOTH), for commands whose own tables name the option (bench,
 * tissue): its entry (the value at offset ->off of r, cli_opt_size bytes), or NULL with "NAME
 * expects ..." in err. */
const CliOpt *cli_run_set(const char *cmd, const char *name, const char *val, CliRun *r, char *err,
                          size_t errlen);

/* The bytes of d's value: int (flag, choice), const char *, long, double or ScMethods. */
size_t cli_opt_size(const CliOpt *d);

/* A command's options: its name (the shared options take it by name), its own table, its usage. */
typedef struct CliCommand {
    const char *name; /* "benchmark" */
    const CliOpt *opts;
    int nopts;
    void (*usage)(FILE *out); /* for -h/--help */
} CliCommand;

/* Read argv[1..argc-1] of command c: the shared options into run, c's own into base, one argument
 * that is not an option into *arg (arg NULL: none accepted). 0; 1 after -h/--help (the usage on
 * stdout); -1 after "starcarp NAME: why" on stderr (an unknown option names the accepted ones). */
int cli_parse(const CliCommand *c, int argc, char **argv, void *base, CliRun *run, const char **arg);

/* The help lines of the shared options `cmd` takes (two-space indent, the value's name, the help). */
void cli_run_help(FILE *out, const char *cmd);

#endif

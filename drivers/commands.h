/* commands.h: the subcommands of the `starcarp` command. Each takes argc/argv with argv[0] the
 * subcommand's name, and returns the process exit status (0 ok, 1 failure, 2 usage error,
 * 77 a device it needs is absent). */
#ifndef SC_COMMANDS_H
#define SC_COMMANDS_H

int cmd_codegen(int argc, char **argv);   /* cmd_codegen.c: analyse / generate a model */
int cmd_models(int argc, char **argv);    /* cmd_models.c: list the library, describe a model */
int cmd_devices(int argc, char **argv);   /* cmd_devices.c: StarPU's workers, bus, device check */
int cmd_bench(int argc, char **argv);     /* cmd_bench.c: openCARP's bench on StarPU */
int cmd_calibrate(int argc, char **argv); /* cmd_calibrate.c: StarPU performance models of models */

/* Parse a positive integer option value; on error print "starcarp OPTION: ..." and return -1. */
long cli_positive(const char *cmd, const char *opt, const char *val);

/* Seconds on the monotonic clock (for wall times and progress). */
double cli_now_s(void);

#endif

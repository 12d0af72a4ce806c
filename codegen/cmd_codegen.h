/* cmd_codegen.h: the code generator's command line (cmd_codegen.c), shared by `starcarp codegen`
 * (drivers/cli/main.c) and `starcarp-codegen` (main_codegen.c). */
#ifndef CMD_CODEGEN_H
#define CMD_CODEGEN_H

/* `codegen MODEL.model ...` with argv[0] the subcommand's name; returns the exit status (0 ok,
 * 1 failure, 2 usage error). */
int cmd_codegen(int argc, char **argv);

#endif

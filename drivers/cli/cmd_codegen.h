/* cmd_codegen.h: `starcarp codegen` (drivers/models/cmd_codegen.c), declared apart from the other
 * commands (commands.h includes it): the standalone `starcarp-codegen`
 * (drivers/models/main_codegen.c), built before anything that uses StarPU, includes this and no
 * StarPU header. */
#ifndef SC_CMD_CODEGEN_H
#define SC_CMD_CODEGEN_H

/* `codegen MODEL.model --check | -o DIR ...`, argv[0] the subcommand's name: the exit status (0 ok,
 * 1 failure, 2 usage error). */
int cmd_codegen(int argc, char **argv);

#endif

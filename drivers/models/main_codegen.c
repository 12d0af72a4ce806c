/* main_codegen.c: `starcarp-codegen`, the code generator alone (the build uses it to generate the
 * model library before the library and the `starcarp` command exist): the command line of
 * `starcarp codegen` (cmd_codegen.c, the same option table). */
#include <string.h>

#include "cmd_codegen.h"

int main(int argc, char **argv) {
    /* `starcarp-codegen codegen ARGS` is accepted too, so scripts can use either command */
    if (argc > 1 && strcmp(argv[1], "codegen") == 0)
        return cmd_codegen(argc - 1, argv + 1);
    return cmd_codegen(argc, argv);
}

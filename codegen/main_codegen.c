/* main_codegen.c: `starcarp-codegen`, the code generator alone (the build uses it to generate the
 * model library before the library and the `starcarp` command exist). Same options as
 * `starcarp codegen` (drivers/cmd_codegen.c). */
#include "commands.h"

int main(int argc, char **argv) {
    return cmd_codegen(argc, argv);
}

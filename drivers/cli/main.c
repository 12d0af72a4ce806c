/* main.c: the `starcarp` command: dispatch to a subcommand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <starpu.h>

#include "busy.h"
#include "commands.h"
#include "starcarp.h"
#include "starcarp_info.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} Command;

static const Command commands[] = {
    {"bench", cmd_bench, "run cells of a model as openCARP's bench does, on every CPU and GPU"},
    {"study", cmd_study,
     "a population of models under drug block, paced and measured every beat (docs/study.md)"},
    {"tissue", cmd_tissue,
     "the monodomain equation on a 1D, 2D or 3D grid or a mesh of a model's cells (docs/tissue.md)"},
    {"mesh", cmd_mesh, "tissue meshes: a box as openCARP's mesh files, check or convert a mesh"},
    {"calibrate", cmd_calibrate, "calibrate StarPU's performance models of models on this machine"},
    {"benchmark", cmd_benchmark, "cell-steps per second of models on one core, all cores, GPUs, CPUs + GPUs"},
    {"codegen", cmd_codegen, "analyse an EasyML model (--check) or generate its kernels"},
    {"methods", cmd_methods,
     "choose the cheapest integration methods of a model, checked against a tight run"},
    {"models", cmd_models, "list the model library (list) or describe one model (info NAME)"},
    {"devices", cmd_devices, "show StarPU's workers and bus, and check every device kind computes alike"},
};
#define NCOMMANDS (sizeof commands / sizeof commands[0])

static void usage(FILE *out) {
    fprintf(out, "usage: starcarp COMMAND [OPTIONS]\n\ncommands:\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-10s %s\n", commands[i].name, commands[i].help);
    fprintf(out, "\n`starcarp COMMAND --help` describes a command's options. Version %s.\n",
            starcarp_version());
}

int main(int argc, char **argv) {
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("starcarp %s\n", starcarp_version());
        return 0;
    }
    /* StarPU's notices (a performance model not calibrated yet, so calibration is forced) speak of
     * StarPU's state, not of the run, and a user's own model meets them on every first run:
     * silenced unless STARPU_SILENT is set (STARPU_SILENT=0 shows them). Its errors still print. */
    setenv("STARPU_SILENT", "1", 0);
    if (busy_check_env() != 0)
        return 2;
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(argv[1], commands[i].name)) {
            cli_mpi_begin(); /* under mpirun: the ranks agree before StarPU starts (commands.h) */
            int rc = commands[i].run(argc - 1, argv + 1);
            cli_mpi_end(rc);
            return rc;
        }
    fprintf(stderr, "starcarp: unknown command '%s'; accepted commands:", argv[1]);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(stderr, " %s", commands[i].name);
    fprintf(stderr, "\n");
    return 2;
}

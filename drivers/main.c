/* main.c: the `starcarp` command: dispatch to a subcommand. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <starpu.h>
#ifdef SC_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

#include "commands.h"
#include "starcarp.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} Command;

static const Command commands[] = {
    {"bench", cmd_bench, "run cells of a model as openCARP's bench does, on every CPU and GPU"},
    {"tissue", cmd_tissue,
     "the monodomain equation on a 1D, 2D or 3D grid of a model's cells (docs/tissue.md)"},
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
    fprintf(out, "\n`starcarp COMMAND --help` describes a command's options. Version %s.\n", sc_version());
}

long cli_positive(const char *cmd, const char *opt, const char *val) {
    char *end = NULL;
    long v = val ? strtol(val, &end, 10) : 0;
    if (!val || *val == '\0' || *end != '\0' || v <= 0) {
        fprintf(stderr, "starcarp %s: %s expects a positive integer, got '%s'\n", cmd, opt, val ? val : "");
        return -1;
    }
    return v;
}

/* Whether StarPU will start a CUDA worker: ngpu (the option) is not 0, STARPU_NCUDA is not 0,
 * and a device is present. */
static int cuda_worker_expected(long ngpu) {
    const char *nc = getenv("STARPU_NCUDA");
    if (ngpu == 0 || (ngpu < 0 && nc && *nc && atoi(nc) == 0))
        return 0;
#ifdef SC_HAVE_CUDA
    int nd = 0;
    if (cudaGetDeviceCount(&nd) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    return nd > 0;
#else
    return 0;
#endif
}

void cli_starpu_conf(struct starpu_conf *conf, long ncpu, long ngpu) {
    starpu_conf_init(conf);
    if (ncpu >= 0)
        conf->ncpus = (int)ncpu;
    if (ngpu >= 0)
        conf->ncuda = (int)ngpu;
    /* With a GPU and the CPU workers left to StarPU (one per core not driving a GPU), the
     * submitting thread had no core: 15 CPU workers + the CUDA driver + it on 16 cores made a
     * CPU+GPU run 2.3x (TT06-FE, 1M cells) to 7x (Aliev-Panfilov, 8M) slower than the GPU alone,
     * with every worker idle most of the time (H100, 2026-11-24, docs/performance.md). One core
     * is left to it; --ncpu or STARPU_NCPU still decide exactly. */
    const char *env = getenv("STARPU_NCPU");
    if (ncpu < 0 && !(env && *env) && !getenv("STARPU_RESERVE_NCPU") && cuda_worker_expected(ngpu))
        conf->reserve_ncpus = conf->reserve_ncpus > 0 ? conf->reserve_ncpus + 1 : 1;
}

int cli_models(const char *cmd, const char *list, const ScModelEntry **ms, int max) {
    int n = 0;
    char err[512];
    if (!strcmp(list, "all")) {
        for (int i = 0; i < sc_model_count() && n < max; i++)
            ms[n++] = sc_model_at(i);
        return n;
    }
    char *copy = strdup(list), *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t && n < max; t = strtok_r(NULL, ",", &save)) {
        if (!(ms[n++] = sc_model_lookup(t, NULL, err, sizeof err))) {
            fprintf(stderr, "starcarp %s: --models %s: %s\n", cmd, t, err);
            n = -1;
            break;
        }
    }
    free(copy);
    return n;
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
        printf("starcarp %s\n", sc_version());
        return 0;
    }
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "starcarp: unknown command '%s'; accepted commands:", argv[1]);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(stderr, " %s", commands[i].name);
    fprintf(stderr, "\n");
    return 2;
}

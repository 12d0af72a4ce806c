/* main.c: the `starcarp` command: dispatch to a subcommand. */
#define _GNU_SOURCE
#include <sched.h>
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
#include "starcarp_info.h"

typedef struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *help;
} Command;

static const Command commands[] = {
    {"bench", cmd_bench, "run cells of a model as openCARP's bench does, on every CPU and GPU"},
    {"tissue", cmd_tissue,
     "the monodomain equation on a 1D, 2D or 3D grid or a mesh of a model's cells (docs/tissue.md)"},
    {"mesh", cmd_mesh, "tissue meshes: a box as openCARP's mesh files, check or convert a mesh"},
    {"calibrate", cmd_calibrate, "calibrate StarPU's performance models of models on this machine"},
    {"benchmark", cmd_benchmark, "cell-steps per second of models on one core, all cores, GPUs, CPUs + GPUs"},
    {"codegen", sc_codegen_main, "analyse an EasyML model (--check) or generate its kernels"},
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

/* How many CUDA workers StarPU will start: ngpu (the option; < 0: every device) and STARPU_NCUDA
 * bounded by the devices present. */
static int cuda_workers_expected(long ngpu) {
    const char *nc = getenv("STARPU_NCUDA");
    if (ngpu == 0 || (ngpu < 0 && nc && *nc && atoi(nc) == 0))
        return 0;
#ifdef SC_HAVE_CUDA
    int nd = 0;
    if (cudaGetDeviceCount(&nd) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    long want = ngpu > 0 ? ngpu : nc && *nc && atoi(nc) > 0 ? atoi(nc) : nd;
    return (int)(want < nd ? want : nd);
#else
    return 0;
#endif
}

/* The cores this process may run on (its affinity mask), at least 1. */
static int cores_available(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return 1;
    int n = CPU_COUNT(&set);
    return n > 0 ? n : 1;
}

void cli_starpu_conf(struct starpu_conf *conf, long ncpu, long ngpu) {
    starpu_conf_init(conf);
    if (ngpu >= 0)
        conf->ncuda = (int)ngpu;
    /* With a GPU, the submitting thread and each GPU's driving thread need a core of their own:
     * 15 CPU workers + the CUDA driver + the submitter on 16 cores made a CPU+GPU run 2.3x (TT06-FE,
     * 1M cells) to 7x (Aliev-Panfilov, 8M) slower than the GPU alone (H100, 2026-11-24,
     * docs/performance.md). StarPU's own count leaves the drivers their cores; one more is
     * reserved for the submitter, and a --ncpu asking for more CPU workers than the cores left is
     * lowered to them, with a note. STARPU_NCPU still decides exactly. */
    const char *env = getenv("STARPU_NCPU");
    int ngpus = cuda_workers_expected(ngpu), cores = cores_available();
    if (ncpu >= 0 && ngpus > 0 && !(env && *env) && ncpu > cores - ngpus - 1 && cores - ngpus - 1 >= 0) {
        fprintf(stderr,
                "starcarp: --ncpu %ld with %d GPU%s on %d cores: %d CPU workers (one core drives each GPU, "
                "one submits the tasks)\n",
                ncpu, ngpus, ngpus > 1 ? "s" : "", cores, cores - ngpus - 1);
        ncpu = cores - ngpus - 1;
    }
    if (ncpu >= 0)
        conf->ncpus = (int)ncpu;
    if (ncpu < 0 && !(env && *env) && !getenv("STARPU_RESERVE_NCPU") && ngpus > 0)
        conf->reserve_ncpus = conf->reserve_ncpus > 0 ? conf->reserve_ncpus + 1 : 1;
    /* a rank bound to a single core (Open MPI's default binding with one core per rank): StarPU-MPI
     * would reserve that core for its communication thread and leave no worker; one CPU worker
     * shares it instead (or none beside a GPU: the GPU's worker computes) */
    int ranked = getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE");
    if (ranked && ncpu < 0 && !(env && *env) && cores <= 1)
        conf->ncpus = ngpus > 0 ? 0 : 1;
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
    /* StarPU's notices (a performance model not calibrated yet, so calibration is forced) speak of
     * StarPU's state, not of the run, and a user's own model meets them on every first run:
     * silenced unless STARPU_SILENT is set (STARPU_SILENT=0 shows them). Its errors still print. */
    setenv("STARPU_SILENT", "1", 0);
    for (size_t i = 0; i < NCOMMANDS; i++)
        if (!strcmp(argv[1], commands[i].name))
            return commands[i].run(argc - 1, argv + 1);
    fprintf(stderr, "starcarp: unknown command '%s'; accepted commands:", argv[1]);
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(stderr, " %s", commands[i].name);
    fprintf(stderr, "\n");
    return 2;
}

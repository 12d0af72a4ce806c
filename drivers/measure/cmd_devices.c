/* cmd_devices.c: `starcarp devices`: what StarPU sees on this node, and a check that every kind of
 * worker computes the same numbers.
 *
 * It starts StarPU with the requested workers, prints each worker (GPUs with their model name and
 * memory, as StarPU names them) and the bus bandwidth StarPU measured, then advances a vector of cells
 * with the membrane-potential codelet, partitioned into blocks that the scheduler spreads over all
 * workers, and compares the result bit for bit with a serial host computation.
 */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <starpu.h>
#ifdef SC_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

#include "busy.h"
#include "cli_opts.h"
#include "commands.h"
#include "starcarp.h"
#include "starcarp_util.h"

void kern_vm_update_host(double *vm, const double *iion, size_t n, double dt, double stim);

typedef struct {
    long cells, steps, parts;
    int ncpu, ngpu; /* -1: all there are */
    const char *sched;
    int require_gpu;
} DevOpts;

#define F(f) offsetof(DevOpts, f)
/* devices' own options (cli_opts.h); the shared ones it takes are the rows of cli_opts.c
 * that name devices. */
static const CliOpt dev_opts[] = {
    CLI_COUNT_OPT("--cells", "N  cells in the check (default 4194304)", F(cells)),
    CLI_COUNT_OPT("--steps", "N  time steps (default 10)", F(steps)),
    CLI_COUNT_OPT("--parts", "N  partitions (default: 4 per worker)", F(parts)),
    CLI_STR_OPT("--sched", "a scheduler name",
                "NAME  StarPU scheduler (default eager: every worker pulls work)", F(sched)),
    CLI_FLAG_OPT("--require-gpu", "exit 77 (skipped) when no GPU is present", F(require_gpu)),
};
#undef F
#define NDEV ((int)(sizeof dev_opts / sizeof *dev_opts))

static void devices_usage(FILE *out) {
    fprintf(out, "usage: starcarp devices [--cells N] [--steps N] [--parts N] [--ncpu N] [--ngpu N]\n"
                 "                        [--sched NAME] [--require-gpu]\n");
    cli_opt_help(out, dev_opts, NDEV);
    cli_run_help(out, "devices");
}

/* Parse options into o; returns 0, or the exit status to return (2 usage, -1 for --help). */
static int devices_parse(int argc, char **argv, DevOpts *o) {
    *o = (DevOpts){.cells = 4194304, .steps = 10, .parts = 0, .sched = NULL};
    CliRun run = cli_run_defaults();
    const CliCommand cmd = {"devices", dev_opts, NDEV, devices_usage};
    int rc = cli_parse(&cmd, argc, argv, o, &run, NULL);
    if (rc != 0)
        return rc > 0 ? -1 : 2;
    if (run.ncpu == 0) { /* the check needs a CPU worker */
        fprintf(stderr, "starcarp devices: --ncpu expects a positive integer, got '0'\n");
        return 2;
    }
    o->ncpu = (int)run.ncpu, o->ngpu = (int)run.ngpu;
    return 0;
}

/* Number of CUDA devices present (0 without CUDA support or without a driver). */
static int devices_cuda_count(void) {
#ifdef SC_HAVE_CUDA
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess)
        return 0;
    return n;
#else
    return 0;
#endif
}

/* Deterministic pseudo-random doubles in [lo, hi) (a 64-bit LCG: the check needs no quality). */
static void fill_uniform(double *x, long n, double lo, double hi, uint64_t seed) {
    for (long i = 0; i < n; i++) {
        seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        x[i] = lo + (hi - lo) * (double)(seed >> 11) * 0x1.0p-53;
    }
}

static void print_workers(void) {
    unsigned nw = starpu_worker_get_count();
    printf("workers: %u (%d CPU, %d CUDA)\n", nw, starpu_cpu_worker_get_count(),
           starpu_cuda_worker_get_count());
    for (unsigned w = 0; w < nw; w++) {
        char name[128];
        starpu_worker_get_name((int)w, name, sizeof name);
        printf("  worker %2u  %-5s  memory node %u  %s\n", w,
               starpu_worker_get_type_as_string(starpu_worker_get_type((int)w)),
               starpu_worker_get_memory_node(w), name);
    }
}

/* Run the partitioned check; returns the number of cells whose result differs from the host's. */
static long run_check(const DevOpts *o, double *elapsed) {
    size_t n = (size_t)o->cells;
    double *vm, *iion, *ref = malloc(n * sizeof *ref);
    if (!ref || starpu_malloc((void **)&vm, n * sizeof *vm) ||
        starpu_malloc((void **)&iion, n * sizeof *iion)) {
        fprintf(stderr, "starcarp devices: cannot allocate %ld cells\n", o->cells);
        exit(1);
    }
    fill_uniform(vm, o->cells, -90.0, 40.0, 1);
    fill_uniform(iion, o->cells, -50.0, 50.0, 2);
    memcpy(ref, vm, n * sizeof *ref);

    starpu_data_handle_t hv, hi;
    starpu_vector_data_register(&hv, STARPU_MAIN_RAM, (uintptr_t)vm, (uint32_t)n, sizeof(double));
    starpu_vector_data_register(&hi, STARPU_MAIN_RAM, (uintptr_t)iion, (uint32_t)n, sizeof(double));
    unsigned parts = o->parts ? (unsigned)o->parts : 4 * starpu_worker_get_count();
    if (parts > n)
        parts = (unsigned)n;
    struct starpu_data_filter f = {.filter_func = starpu_vector_filter_block, .nchildren = parts};
    starpu_data_partition(hv, &f);
    starpu_data_partition(hi, &f);

    double t0 = sc_now_s();
    const double dt = SC_DEFAULT_DT;
    for (long s = 0; s < o->steps; s++) {
        double stim = (s % 3 == 0) ? 60.0 : 0.0;
        for (unsigned p = 0; p < parts; p++) {
            int rc = sc_vm_update_submit(starpu_data_get_sub_data(hv, 1, p),
                                         starpu_data_get_sub_data(hi, 1, p), dt, stim);
            STARPU_CHECK_RETURN_VALUE(rc, "sc_vm_update_submit");
        }
    }
    starpu_task_wait_for_all();
    *elapsed = sc_now_s() - t0;
    for (int k = 0; k < 2; k++) { /* Vm and Iion back to the host's arrays */
        starpu_data_unpartition(k ? hi : hv, STARPU_MAIN_RAM);
        starpu_data_unregister(k ? hi : hv);
    }

    for (long s = 0; s < o->steps; s++)
        kern_vm_update_host(ref, iion, n, dt, (s % 3 == 0) ? 60.0 : 0.0);
    long bad = 0;
    for (size_t i = 0; i < n; i++)
        if (memcmp(&ref[i], &vm[i], sizeof(double)) != 0) {
            if (bad++ < 5)
                fprintf(stderr, "starcarp devices: cell %zu: device %.17g, host %.17g\n", i, vm[i], ref[i]);
        }
    starpu_free_noflag(vm, n * sizeof *vm);
    starpu_free_noflag(iion, n * sizeof *iion);
    free(ref);
    return bad;
}

int cmd_devices(int argc, char **argv) {
    DevOpts o;
    int rc = devices_parse(argc, argv, &o);
    if (rc)
        return rc < 0 ? 0 : rc;

    int have = devices_cuda_count();
    if (o.require_gpu && have == 0) {
        fprintf(stderr, "starcarp devices: no GPU present (needed by --require-gpu): skipped\n");
        return 77;
    }
    if (o.ngpu > have) {
        fprintf(stderr, "starcarp devices: --ngpu %d asked, %d GPU(s) present: skipped\n", o.ngpu, have);
        return 77;
    }
    struct starpu_conf conf;
    starpu_conf_init(&conf);
    o.sched = conf.sched_policy_name = sc_sched_policy(SC_SCHED_DEVICES, o.sched);
    if (o.ncpu >= 0)
        conf.ncpus = o.ncpu;
    conf.ncuda = o.ngpu >= 0 ? o.ngpu : have;
    BusyOut dec;
    int busy = busy_apply(o.ncpu, conf.ncuda, 0, &dec); /* a machine that other work shares (busy.h) */
    if (busy >= 0)
        conf.ncpus = busy;
    int ncpus = conf.ncpus >= 0 ? conf.ncpus : busy_affinity() - conf.ncuda;
    busy_yield_conf(&conf, &dec, (ncpus > 0 ? ncpus : 0) + conf.ncuda);
    rc = cli_starpu_begin("devices", &conf, "no worker to run on: skipped");
    if (rc != 0)
        return rc == -ENODEV ? 77 : 1;
    starpu_profiling_status_set(STARPU_PROFILING_ENABLE);

    printf("starcarp %s, StarPU %d.%d.%d, scheduler %s\n", starcarp_version(), STARPU_MAJOR_VERSION,
           STARPU_MINOR_VERSION, STARPU_RELEASE_VERSION, o.sched);
    print_workers();
    if (starpu_cuda_worker_get_count() > 0) {
        printf("bus bandwidth measured by StarPU:\n");
        fflush(stdout);
        starpu_bus_print_bandwidth(stdout);
    }

    double elapsed = 0;
    long bad = run_check(&o, &elapsed);
    printf("check: %ld cells x %ld steps in %.3f s (%.3g cell-steps/s, includes transfers)\n", o.cells,
           o.steps, elapsed, (double)o.cells * o.steps / elapsed);
    printf("tasks per worker:");
    for (unsigned w = 0; w < starpu_worker_get_count(); w++) {
        struct starpu_profiling_worker_info info;
        starpu_profiling_worker_get_info((int)w, &info);
        printf(" %u:%d", w, info.executed_tasks);
    }
    printf("\n");
    cli_starpu_end();
    if (bad) {
        printf("check: FAILED: %ld of %ld cells differ from the host computation\n", bad, o.cells);
        return 1;
    }
    printf("check: OK: every worker's results equal the host computation bit for bit\n");
    return 0;
}

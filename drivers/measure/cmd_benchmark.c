/* cmd_benchmark.c: `starcarp benchmark`: how fast models run on this node, in every configuration,
 * against the GPU's measured ceilings.
 *
 *   starcarp benchmark [--models LIST|all] [--cells N] [--c-cells N] [--steps S] [--steps-per-task K]
 *                      [--precision double|single|both] [--min-time SEC] [--csv FILE] [--png FILE]
 *                      [--ncpu N] [--ngpu N] [--tissue DX] [--gpu-only] [-q]
 *
 * For each model and precision, cells at their initial state (at rest, no stimulus: adaptive
 * methods take their fewest sub-steps there) are advanced S steps of 0.01 ms at a time, again and
 * again after one untimed round, until at least SEC seconds were timed, in these configurations:
 *   c-1core    the portable C kernel, called directly on this thread (--c-cells cells, K per call)
 *   cpu-all    the vectorised CPU kernel on every CPU worker (one partition each, K steps per task)
 *   gpu-k1     one GPU, one step per task        gpu-k      one GPU, K steps per task
 *   cpu+gpu    every worker, partitioned as `starcarp bench` does (the same plan, out of the box)
 *   gpus-all   every GPU (one partition each, K steps per task), when there are two or more
 * The figure is cell-steps per second. On a GPU it is also given as a fraction of the device's
 * measured copy bandwidth: the bytes one cell-step must move (each state, Vm, Iion and external
 * read and written once per task: 2 (nsv + 2 + next) x element size / steps per task) times the
 * rate, over the bandwidth of a 1 GiB device-to-device copy measured in the same run (with the
 * FP64 and FP32 FMA rates, printed as the other ceilings). Every row also gives the model's
 * operations per cell-step (ScModelDesc.flops_per_step: flops + SC_TRANSC_FLOPS per
 * transcendental call), and the gpu-k rows the fraction of the FMA rate of their precision that
 * makes, the kernel's registers, spilled bytes and occupancy (ScModelEntry.cuda_attr), and the
 * limit that binds (limit_of). --gpu-only: the GPU configurations alone, no CPU worker (the whole
 * library in minutes). Table on stdout, CSV and a PNG (cell-steps/s per model and configuration,
 * log scale) on request. With --tissue DX, a second table: node-steps per second of the tissue
 * solver on the N-version slab at spacing DX mm (measure_tissue.h), in the CSV and the PNG too.
 * Exit 0, 1 on a failed run (or --gpu-only without a GPU), 2 on bad usage. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "measure_tissue.h"
#include "cli_opts.h"
#include "commands.h"
#include "plot.h"
#include "starcarp_util.h"
#include "starcarp.h"
#ifdef SC_HAVE_CUDA
#include "gpu_probe.h"
#endif

enum { CONF_C1, CONF_CPU, CONF_GPU1, CONF_GPUK, CONF_BOTH, CONF_GPUS, NCONF, MAX_MODELS = 512 };
/* A ceiling binds when the rate reaches this fraction of it (limit_of): half the copy bandwidth;
 * 0.35 of the FMA peak, where the FP64 units run 35 % (every flop in an FMA) to 70 % (none) of
 * the instructions they can. */
#define BM_BINDS_BW 0.5
#define BM_BINDS_FLOP 0.35
static const char *const conf_names[NCONF] = {"c-1core", "cpu-all", "gpu-k1", "gpu-k", "cpu+gpu", "gpus-all"};

typedef struct BmOpts {
    const char *models, *csv, *png;
    long cells, c_cells, steps, k, ncpu, ngpu;
    ScPrecision prec[2];
    int nprec; /* SC_DOUBLE and/or SC_SINGLE */
    double min_time;
    double tissue_dx; /* --tissue DX, mm (0: no tissue rows) */
    int quiet;
    int gpu_only; /* --gpu-only: no CPU configuration, no CPU worker */
} BmOpts;

#define F(f) offsetof(BmOpts, f)
/* benchmark's own options (cli_opts.h); the shared ones it takes are the rows of cli_opts.c
 * that name benchmark. */
static const CliOpt bm_opts[] = {
    CLI_COUNT_OPT("--cells", "N  cells of the StarPU configurations (default 1048576)", F(cells)),
    CLI_COUNT_OPT("--c-cells", "N  cells of the one-core portable C run (default 4096)", F(c_cells)),
    CLI_COUNT_OPT("--steps", "S  steps per timed round (default 100: 1 ms)", F(steps)),
    // clang-format off
    {.name = "--min-time", .type = CLI_POS, .hi = INFINITY, .accepts = "seconds > 0",
     .help = "SEC  timed seconds per figure, at least (default 1)", .off = F(min_time)},
    {.name = "--tissue", .type = CLI_REAL, .lo = 0.01, .hi = 1, .accepts = "a spacing in mm from 0.01 to 1",
     .help = "DX  also the tissue solver on the N-version slab at spacing DX mm (0.1:\n"
             "                      442,401 nodes): node-steps/s on the CPUs, a GPU, both, and a GPU with\n"
             "                      Crank-Nicolson diffusion", .off = F(tissue_dx)},
    // clang-format on
    CLI_FLAG_OPT("--gpu-only",
                 "the GPU configurations only (no c-1core, cpu-all, cpu+gpu; no CPU\n"
                 "                      worker): the quick pass over a whole library",
                 F(gpu_only)),
    CLI_FLAG_OPT("-q", "no progress lines", F(quiet)),
};
#undef F

static void usage(FILE *out) {
    fprintf(
        out,
        "usage: starcarp benchmark [--models LIST|all] [--cells N] [--c-cells N] [--steps S]\n"
        "                          [--steps-per-task K] [--precision double|single|both] [--min-time SEC]\n"
        "                          [--csv FILE] [--png FILE] [--ncpu N] [--ngpu N] [--tissue DX]\n"
        "                          [--gpu-only] [-q]\n");
    cli_opt_help(out, bm_opts, (int)(sizeof bm_opts / sizeof *bm_opts));
    cli_run_help(out, "benchmark");
}

/* Parse options; returns 0, 1 for --help, -1 on a bad option (message printed). */
static int parse(int argc, char **argv, BmOpts *o) {
    *o = (BmOpts){.cells = 1048576, .c_cells = 4096, .steps = 100, .min_time = 1.0};
    CliRun run = cli_run_defaults();
    const CliCommand cmd = {"benchmark", bm_opts, (int)(sizeof bm_opts / sizeof *bm_opts), usage};
    int rc = cli_parse(&cmd, argc, argv, o, &run, NULL);
    if (rc != 0)
        return rc;
    const char *k_as = "--steps-per-task"; /* as the user spelt it, for the message below */
    for (int i = 1; i < argc; i++)
        if (!strncmp(argv[i], "--k", 3) && (!argv[i][3] || argv[i][3] == '='))
            k_as = "--k";
    o->k = run.steps_per_task, o->ncpu = o->gpu_only ? 0 : run.ncpu, o->ngpu = run.ngpu;
    o->models = run.models, o->csv = run.csv, o->png = run.png;
    o->nprec = run.precision != CLI_PRECISION_BOTH ? 1 : 2;
    o->prec[0] = run.precision != CLI_PRECISION_BOTH ? run.precision : SC_DOUBLE, o->prec[1] = SC_SINGLE;
    if (o->k > o->steps) {
        fprintf(stderr, "starcarp benchmark: %s %ld is more than --steps %ld\n", k_as, o->k, o->steps);
        return -1;
    }
    return 0;
}

/* Cell-steps per second of the portable C kernel on this thread; NAN when the model has no such
 * kernel (the portable C back end is double only), -1 when the run fails. */
static double rate_c(const ScModelEntry *m, ScPrecision prec, const BmOpts *o) {
    const ScModelDesc *d = m->desc;
    ScCpuKernel run = d->c_run[sc_precision_index(prec)];
    if (!run)
        return NAN;
    const long n = o->c_cells;
    const size_t es = prec == SC_SINGLE ? sizeof(float) : sizeof(double);
    int npc = d->nparams + d->nconsts;
    double *pcd = calloc((size_t)npc + 1, sizeof(double)), *sv0 = calloc((size_t)d->nsv + 1, sizeof(double));
    memcpy(pcd, d->param_defaults, (size_t)d->nparams * sizeof(double));
    d->consts(pcd);
    double vm0;
    d->init(pcd, sv0, &vm0);
    char *sv = calloc((size_t)(d->nsv + 1) * (size_t)n, es), *vm = calloc((size_t)n, es);
    char *iion = calloc((size_t)n, es), *ext = calloc((size_t)(d->nexternals + 1) * (size_t)n, es);
    char *pc = calloc((size_t)npc + 1, es), *lut = NULL;
    for (int k = 0; k < npc; k++)
        prec == SC_SINGLE ? (void)(((float *)pc)[k] = (float)pcd[k]) : (void)(((double *)pc)[k] = pcd[k]);
    for (long i = 0; i < n; i++) {
        prec == SC_SINGLE ? (void)(((float *)vm)[i] = (float)vm0) : (void)(((double *)vm)[i] = vm0);
        for (int k = 0; k < d->nsv; k++)
            prec == SC_SINGLE ? (void)(((float *)sv)[k * n + i] = (float)sv0[k])
                              : (void)(((double *)sv)[k * n + i] = sv0[k]);
    }
    if (d->ntables) {
        size_t nl = d->lut_size();
        double *ld = malloc(nl * sizeof(double));
        d->lut_build(pcd, ld);
        lut = malloc(nl * es);
        for (size_t k = 0; k < nl; k++)
            prec == SC_SINGLE ? (void)(((float *)lut)[k] = (float)ld[k]) : (void)(((double *)lut)[k] = ld[k]);
        free(ld);
    }
    ScStepStatus st = {(unsigned long long)-1, 0};
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    memset(a.vary, -1, sizeof a.vary);
    a.n = n, a.sv = sv, a.vm = vm, a.iion = iion, a.ext = ext, a.pc = pc, a.lut = lut, a.dt = SC_DEFAULT_DT;
    a.flags = SC_STEP_BENCH, a.status = &st, a.nsteps = (int)o->k;
    double t0 = 0, done = 0;
    for (long round = -1; st.key == (unsigned long long)-1; round++) {
        if (round == 0)
            t0 = sc_now_s();
        for (long s = 0; s < o->steps; s += o->k) {
            a.nsteps = (int)(o->steps - s < o->k ? o->steps - s : o->k);
            run(&a);
            a.d0 += a.nsteps;
        }
        if (round >= 0)
            done += (double)n * (double)o->steps;
        if (round >= 0 && sc_now_s() - t0 >= o->min_time)
            break;
    }
    double secs = sc_now_s() - t0;
    int failed = st.key != (unsigned long long)-1;
    free(pcd), free(sv0), free(sv), free(vm), free(iion), free(ext), free(pc), free(lut);
    return failed ? -1 : done / secs;
}

/* A round of a cell array: `steps` steps and a wait. */
static int cells_round(void *c, long steps) {
    return sc_cells_advance(c, steps) < 0 || sc_cells_wait(c, NULL) != 0;
}

/* Cell-steps per second of a StarPU cell array: nparts partitions on workers (NULL and 0: the
 * plan of `bench`), K steps per task; -1 on failure (message printed). */
static double rate_cells(const ScModelEntry *m, ScPrecision prec, const BmOpts *o, int k, int nparts,
                         const int *workers) {
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.ncells = o->cells, cfg.precision = prec, cfg.dt = SC_DEFAULT_DT, cfg.steps_per_task = k;
    cfg.nparts = nparts, cfg.workers = workers;
    char err[512];
    ScCells *c = sc_cells_create(m, &cfg, err, sizeof err);
    if (!c) {
        fprintf(stderr, "starcarp benchmark: %s: %s\n", m->name, err);
        return -1;
    }
    double rate = bmt_rate(cells_round, c, o->steps, (double)o->cells * (double)o->steps, o->min_time);
    sc_cells_destroy(c);
    if (rate < 0)
        fprintf(stderr, "starcarp benchmark: %s: the run failed\n", m->name);
    return rate;
}

/* Bytes one cell-step must move through device memory with k steps per task. */
static double bytes_per_cell_step(const ScModelDesc *d, ScPrecision prec, int k) {
    return 2.0 * (d->nsv + 2 + d->nexternals) * (prec == SC_SINGLE ? 4.0 : 8.0) / k;
}

/* The workers a run measures: CPU and CUDA workers' ids, and GPU 0's ceilings (0 when unknown: no
 * GPU, or no CUDA build): copy bandwidth (bytes/s), FMA rates (FLOP/s) in double and single
 * precision, resident threads per multiprocessor. */
typedef struct BmWorkers {
    int cpus[STARPU_NMAXWORKERS], gpus[STARPU_NMAXWORKERS];
    int ncpu, ngpu;
    double bw, fp64, fp32;
    int sm_threads;
} BmWorkers;

/* What a row says besides the rates: the operations per cell-step (flops + SC_TRANSC_FLOPS per
 * transcendental call; adaptive: one sub-step) of the variant the cell array runs (lookup tables
 * where the model has them), and the GPU kernel's attributes (regs < 0: unknown). */
typedef struct BmAttr {
    long flops, transc;
    double weighted;
    int adaptive;
    int regs, local_bytes;
    double occupancy; /* resident threads / the multiprocessor's maximum, 0..1 */
} BmAttr;

static BmAttr row_attr(const ScModelEntry *m, ScPrecision prec, const BmWorkers *w) {
    const ScModelDesc *d = m->desc;
    int v = d->ntables ? 1 : 0;
    BmAttr a = {d->flops_per_step[v], d->transc_per_step[v], 0, d->ops_adaptive, -1, -1, NAN};
    a.weighted = (double)a.flops + SC_TRANSC_FLOPS * (double)a.transc;
    ScGpuKernelAttr ka;
    ScGpuAttrFn fn = m->cuda_attr[sc_precision_index(prec)];
    if (w->ngpu && w->sm_threads > 0 && fn && fn(v, &ka) == 0) {
        a.regs = ka.regs, a.local_bytes = ka.local_bytes;
        a.occupancy = (double)ka.blocks_per_sm * ka.block / w->sm_threads;
    }
    return a;
}

/* Fractions of the GPU's ceilings a rate makes at k steps per task: of the copy bandwidth (*bw)
 * and of the FMA rate of the precision (*fl); NAN when unknown. */
static void fractions(const ScModelEntry *m, ScPrecision prec, int k, double rate, const BmWorkers *w,
                      const BmAttr *a, double *bw, double *fl) {
    double peak = prec == SC_SINGLE ? w->fp32 : w->fp64;
    *bw = w->bw > 0 && rate > 0 ? rate * bytes_per_cell_step(m->desc, prec, k) / w->bw : NAN;
    *fl = peak > 0 && rate > 0 && a->weighted > 0 ? rate * a->weighted / peak : NAN;
}

/* The ceiling that binds a GPU rate: each fraction over the level where its ceiling binds
 * (BM_BINDS_BW, BM_BINDS_FLOP); the larger of the two when it reaches 1: "memory", or "fp64"
 * ("fp32" in single precision); else "latency" (neither: the kernel waits on dependent loads and
 * operations; low occupancy or spills say why). "-" when unknown. */
static const char *limit_of(double bw, double fl, ScPrecision prec) {
    if (isnan(bw) && isnan(fl))
        return "-";
    double b = isnan(bw) ? 0 : bw / BM_BINDS_BW, f = isnan(fl) ? 0 : fl / BM_BINDS_FLOP;
    if (b >= f && b >= 1)
        return "memory";
    if (f > b && f >= 1)
        return prec == SC_SINGLE ? "fp32" : "fp64";
    return "latency";
}

/* The run's head on stdout: the workers, the sizes, GPU 0's ceilings, then the head of the cells'
 * table. */
static void print_head(const BmOpts *o, const BmWorkers *w) {
    printf("starcarp benchmark: %d CPU workers, %d GPU(s); %ld cells (C: %ld), %ld steps of %g ms per "
           "round, K = %ld, >= %g s per figure\n",
           w->ncpu, w->ngpu, o->cells, o->c_cells, o->steps, SC_DEFAULT_DT, o->k, o->min_time);
    if (w->ngpu)
        printf("GPU 0 ceilings (measured now): copy %.1f GB/s (read + written), FP64 %.2f TFLOP/s, FP32 "
               "%.2f TFLOP/s\n",
               w->bw / 1e9, w->fp64 / 1e12, w->fp32 / 1e12);
    printf("flop/step: + - * / and %d per transcendental call (* adaptive: one sub-step); limit: of gpu-k\n",
           SC_TRANSC_FLOPS);
    printf("\n| model | precision |");
    for (int c = 0; c < NCONF; c++)
        printf(" %s |", conf_names[c]);
    printf(
        " gpu-k1 %% of copy bw | gpu-k %% of copy bw | flop/step | gpu-k %% of flop peak | regs | spill B |"
        " occupancy %% | limit |\n|---|---|");
    for (int c = 0; c < NCONF + 8; c++)
        printf("---:|");
    printf("\n");
}

/* The row's columns after the rates (r[NCONF]): the fractions, the operations, the kernel. */
static void print_tail(const ScModelEntry *m, ScPrecision prec, int k, const double *r, const BmWorkers *w,
                       const BmAttr *a) {
    double bw[2], fl[2];
    fractions(m, prec, 1, r[CONF_GPU1], w, a, &bw[0], &fl[0]);
    fractions(m, prec, k, r[CONF_GPUK], w, a, &bw[1], &fl[1]);
    for (int c = 0; c < 2; c++)
        printf(isnan(bw[c]) ? " - |" : " %.1f %% |", 100 * bw[c]);
    printf(" %.0f%s |", a->weighted, a->adaptive ? "*" : "");
    printf(isnan(fl[1]) ? " - |" : " %.1f %% |", 100 * fl[1]);
    if (a->regs >= 0)
        printf(" %d | %d | %.0f %% |", a->regs, a->local_bytes, 100 * a->occupancy);
    else
        printf(" - | - | - |");
    printf(" %s |\n", limit_of(bw[1], fl[1], prec));
}

/* The CSV lines of a row: one per configuration measured. */
static void csv_row(FILE *csv, const ScModelEntry *m, ScPrecision prec, int k, const double *r,
                    const BmWorkers *w, const BmAttr *a) {
    for (int c = 0; c < NCONF; c++) {
        if (isnan(r[c]))
            continue;
        int kc = c == CONF_GPU1 ? 1 : k, gpu = c == CONF_GPU1 || c == CONF_GPUK || c == CONF_GPUS;
        double b = bytes_per_cell_step(m->desc, prec, kc), bw = NAN, fl = NAN;
        if (c >= CONF_GPU1)
            fractions(m, prec, kc, r[c], w, a, &bw, &fl);
        fprintf(csv, "%s,%d,%s,%.6g,%.4g,%.4g,%ld,%ld,", m->name, (int)prec, conf_names[c], r[c], b, bw,
                a->flops, a->transc);
        if (isnan(fl))
            fprintf(csv, "-,");
        else
            fprintf(csv, "%.4g,", fl);
        if (gpu && a->regs >= 0)
            fprintf(csv, "%d,%d,%.3g,", a->regs, a->local_bytes, a->occupancy);
        else
            fprintf(csv, "-,-,-,");
        fprintf(csv, "%s\n", c >= CONF_GPU1 ? limit_of(bw, fl, prec) : "-");
    }
}

/* One row of the cells' table: model m at precision prec measured in every configuration the
 * workers and options allow (into r[NCONF]; NAN: not run, < 0: failed), printed with the
 * operations, the GPU rows' fractions of the ceilings and the kernel's attributes, and written
 * to csv (when not NULL). Returns 1 when a configuration failed, else 0. */
static int cells_row(const BmOpts *o, const BmWorkers *w, const ScModelEntry *m, ScPrecision prec, FILE *csv,
                     double *r) {
    int rc = 0, k = (int)o->k;
    for (int c = 0; c < NCONF; c++)
        r[c] = NAN;
    if (!o->gpu_only)
        r[CONF_C1] = rate_c(m, prec, o);
    if (w->ncpu)
        r[CONF_CPU] = rate_cells(m, prec, o, k, w->ncpu, w->cpus);
    if (w->ngpu) {
        r[CONF_GPU1] = rate_cells(m, prec, o, 1, 1, w->gpus);
        r[CONF_GPUK] = rate_cells(m, prec, o, k, 1, w->gpus);
    }
    if (w->ncpu && w->ngpu)
        r[CONF_BOTH] = rate_cells(m, prec, o, k, 0, NULL);
    if (w->ngpu > 1)
        r[CONF_GPUS] = rate_cells(m, prec, o, k, w->ngpu, w->gpus);
    BmAttr a = row_attr(m, prec, w);
    printf("| %s | %s |", m->name, prec == SC_SINGLE ? "single" : "double");
    for (int c = 0; c < NCONF; c++) {
        rc |= r[c] < 0;
        if (isnan(r[c]))
            printf(" - |");
        else
            printf(r[c] < 0 ? " failed |" : " %.3g |", r[c]);
    }
    print_tail(m, prec, k, r, w, &a);
    fflush(stdout);
    if (csv)
        csv_row(csv, m, prec, k, r, w, &a);
    return rc;
}

/* The tissue table (--tissue DX): each of the nm models' slab rates into trates[i] (measure_tissue.h),
 * printed beside the ratio to the cells' gpu-k1 rate in double (rates), and written to csv (when not
 * NULL). Returns 1 when a rate failed, else 0. */
static int tissue_table(const BmOpts *o, const BmWorkers *w, const ScModelEntry *const *ms, int nm,
                        double (*rates)[2][NCONF], double (*trates)[BMT_NCONF], FILE *csv) {
    int rc = 0;
    printf("\ntissue, N-version slab at dx %g mm (%ld nodes), dt %g ms, node-steps/s:\n\n| model |",
           o->tissue_dx, bmt_nodes(o->tissue_dx), SC_DEFAULT_DT);
    for (int c = 0; c < BMT_NCONF; c++)
        printf(" %s |", bmt_conf_names[c]);
    printf(" tissue-gpu / gpu-k1 cells |\n|---|---:|---:|---:|---:|---:|\n");
    for (int i = 0; i < nm; i++) {
        rc |= bmt_rates(ms[i], o->tissue_dx, o->steps, o->min_time, w->cpus, w->ncpu, w->gpus, w->ngpu,
                        trates[i]) != 0;
        printf("| %s |", ms[i]->name);
        for (int c = 0; c < BMT_NCONF; c++)
            printf(isnan(trates[i][c]) ? " - |" : trates[i][c] < 0 ? " failed |" : " %.3g |", trates[i][c]);
        double g1 = o->prec[0] == SC_DOUBLE ? rates[i][0][CONF_GPU1] : NAN;
        printf(trates[i][BMT_GPU] > 0 && g1 > 0 ? " %.2f |\n" : " - |\n", trates[i][BMT_GPU] / g1);
        fflush(stdout);
        for (int c = 0; csv && c < BMT_NCONF; c++)
            if (!isnan(trates[i][c]))
                fprintf(csv, "%s,64,%s,%.6g,,,,,,,,,\n", ms[i]->name, bmt_conf_names[c], trates[i][c]);
        if (!o->quiet)
            fprintf(stderr, "benchmark: tissue of %s done (%d of %d)\n", ms[i]->name, i + 1, nm);
    }
    return rc;
}

/* --png: the rates of the nm models (cells: rates; tissue: trates, or NULL), one series per
 * configuration and precision, on a log scale. 0, or 1 after a message. */
static int write_png(const BmOpts *o, int nm, double (*rates)[2][NCONF], double (*trates)[BMT_NCONF]) {
    int rc = 0;
    PlotFig *fig = plot_new(1000, 600, "starcarp benchmark", "model (index in the table)",
                            "cell-steps/s (tissue: node-steps/s)");
    plot_set_log(fig, 0, 1);
    double *x = malloc(sizeof(double) * (size_t)nm), *y = malloc(sizeof(double) * (size_t)nm);
    for (int p = 0; p < o->nprec; p++)
        for (int c = 0; c < NCONF; c++) {
            int any = 0;
            for (int i = 0; i < nm; i++)
                x[i] = i, y[i] = rates[i][p][c] > 0 ? rates[i][p][c] : NAN, any |= y[i] > 0;
            if (!any)
                continue;
            char lab[64];
            snprintf(lab, sizeof lab, "%s %s", conf_names[c], sc_precision_name(o->prec[p]));
            plot_series_style(fig, plot_series(fig, x, y, nm, lab), PLOT_LINE | PLOT_POINTS);
        }
    for (int c = 0; trates && c < BMT_NCONF; c++) {
        int any = 0;
        for (int i = 0; i < nm; i++)
            x[i] = i, y[i] = trates[i][c] > 0 ? trates[i][c] : NAN, any |= y[i] > 0;
        if (any)
            plot_series_style(fig, plot_series(fig, x, y, nm, bmt_conf_names[c]), PLOT_LINE | PLOT_POINTS);
    }
    if (plot_write_png(fig, o->png) < 0) {
        fprintf(stderr, "starcarp benchmark: --png %s\n", plot_error(fig));
        rc = 1;
    }
    plot_free(fig);
    free(x), free(y);
    return rc;
}

int cmd_benchmark(int argc, char **argv) {
    BmOpts o;
    int prc = parse(argc, argv, &o);
    if (prc)
        return prc > 0 ? 0 : 2;
    struct starpu_conf conf;
    cli_measure_conf(&conf, o.ncpu, o.ngpu, SC_SCHED_PINNED);
    if (cli_starpu_begin("benchmark", &conf,
                         o.gpu_only ? "--gpu-only: StarPU found no GPU to start a worker on" : NULL) != 0)
        return 1;
    const ScModelEntry *ms[MAX_MODELS];
    int nm = cli_models("benchmark", o.models, ms, MAX_MODELS);
    if (nm < 0) {
        cli_starpu_end();
        return 2;
    }
    BmWorkers w = {.bw = 0};
    w.ncpu = starpu_worker_get_ids_by_type(STARPU_CPU_WORKER, w.cpus, STARPU_NMAXWORKERS);
    w.ngpu = starpu_worker_get_ids_by_type(STARPU_CUDA_WORKER, w.gpus, STARPU_NMAXWORKERS);
    w.ncpu = w.ncpu < 0 ? 0 : w.ncpu, w.ngpu = w.ngpu < 0 ? 0 : w.ngpu;
    if (o.gpu_only && !w.ngpu) {
        fprintf(stderr, "starcarp benchmark: --gpu-only: no GPU worker here\n");
        cli_starpu_end();
        return 1;
    }
#ifdef SC_HAVE_CUDA
    ScGpuCeilings ceil = {0, 0, 0, 0};
    if (w.ngpu && gpu_probe_measure(starpu_worker_get_devid(w.gpus[0]), &ceil) == 0)
        w.bw = ceil.copy_bytes_per_s, w.fp64 = ceil.fp64_flops, w.fp32 = ceil.fp32_flops,
        w.sm_threads = ceil.max_threads_per_sm;
#endif
    print_head(&o, &w);
    FILE *csv = o.csv ? fopen(o.csv, "w") : NULL;
    if (o.csv && !csv) {
        fprintf(stderr, "starcarp benchmark: --csv %s: %s\n", o.csv, strerror(errno));
        cli_starpu_end();
        return 1;
    }
    if (csv)
        fprintf(csv,
                "model,precision,config,cell_steps_per_s,bytes_per_cell_step,fraction_of_copy_bw,"
                "flops_per_step,transc_per_step,fraction_of_flop_peak,regs,spill_bytes,occupancy,limit\n");
    double(*rates)[2][NCONF] = calloc((size_t)nm, sizeof *rates);
    int rc = 0;
    for (int i = 0; i < nm; i++)
        for (int p = 0; p < o.nprec; p++) {
            rc |= cells_row(&o, &w, ms[i], o.prec[p], csv, rates[i][p]);
            if (!o.quiet)
                fprintf(stderr, "benchmark: %s %s done (%d of %d)\n", ms[i]->name,
                        sc_precision_name(o.prec[p]), i + 1, nm);
        }
    double(*trates)[BMT_NCONF] = o.tissue_dx > 0 ? calloc((size_t)nm, sizeof *trates) : NULL;
    if (trates)
        rc |= tissue_table(&o, &w, ms, nm, rates, trates, csv);
    if (csv)
        fclose(csv);
    if (o.png)
        rc |= write_png(&o, nm, rates, trates);
    free(rates), free(trates);
    cli_starpu_end();
    return rc ? 1 : 0;
}

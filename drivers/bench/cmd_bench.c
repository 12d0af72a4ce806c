/* cmd_bench.c: `starcarp bench`, openCARP's bench on StarPU: one cell or a population of cells of
 * a model advanced on every CPU core and GPU (scheduler/sc_cells.c), with bench's options, timing
 * rules and output files (drivers/bench/bench_opts.c, drivers/bench/bench_out.c), and under `mpirun -np N`
 * with StarPU-MPI each rank advancing its share of the cells.
 *
 * The time loop (bench.md, "Timing rules"): the run covers steps d = 0 .. nsteps inclusive; at an
 * output step the probe cells' Vm and Iion (the Iion of the previous step; at d = 0 the model
 * evaluated at the initial state) are written before the step; the state file and the checkpoint
 * are written before their step. Between such events the cells are advanced by tasks of K steps
 * that never leave the devices; only the probes' values travel (sc_cells_sample). After every
 * chunk the partitions' failure records are checked: a failing cell stops the run with its index,
 * the time and what went wrong (exit status 1). Exit status 2 for bad options. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef SC_HAVE_MPI
#include <mpi.h>
#include <starpu_mpi.h>
#endif

#include "bench_opts.h"
#include "bench_out.h"
#include "svcells.h"
#include "svfile.h"
#include "bench_side.h"
#include "bench_size.h"
#include "commands.h"
#include "model_pick.h"
#include "outpath.h"
#include "progress.h"
#include "stop.h"
#include "starcarp_info.h"
#include "starcarp.h"
#include "starcarp_util.h"

/* The ranks of the run (1 without MPI) and this rank's share of the cells. */
typedef struct Share {
    int rank, size;
    long first, count; /* global index of the first cell, number of cells */
} Share;

/* --list-imps: the library's models, one per line, with openCARP's name where it has one. */
static int list_imps(void) {
    for (int i = 0; i < sc_model_count(); i++) {
        char oc[256];
        if (sc_model_opencarp(sc_model_at(i), oc, sizeof oc))
            printf("%s\t(openCARP: %s)\n", sc_model_at(i)->name, oc);
        else
            printf("%s\n", sc_model_at(i)->name);
    }
    return 0;
}

/* This rank's cells: shares in proportion to each rank's speed (CPU workers + GPUs x speedup). */
static void make_share(Share *s, long num, double speed) {
    s->first = 0, s->count = num;
#ifdef SC_HAVE_MPI
    if (s->size > 1) {
        double *sp = malloc(sizeof(double) * (size_t)s->size), tot = 0;
        MPI_Allgather(&speed, 1, MPI_DOUBLE, sp, 1, MPI_DOUBLE, MPI_COMM_WORLD);
        for (int r = 0; r < s->size; r++)
            tot += sp[r];
        long acc = 0;
        for (int r = 0; r < s->size; r++) {
            long n = r == s->size - 1 ? num - acc : (long)floor((double)num * sp[r] / tot);
            if (r == s->rank)
                s->first = acc, s->count = n;
            acc += n;
        }
        free(sp);
    }
#else
    (void)speed;
#endif
}

/* The sampled values (Vm, Iion, states) of the probes, on rank 0: each rank samples the probes it
 * owns, the others are zero, and a sum brings them together. vals[j * (2 + nsv) ...]. */
static int sample_probes(ScCells *c, const Share *s, const long *probe, int np, int nsv, double *vals) {
    const int w = 2 + nsv;
    memset(vals, 0, sizeof(double) * (size_t)np * (size_t)w);
    long *mine = malloc(sizeof(long) * (size_t)(np + 1));
    int *at = malloc(sizeof(int) * (size_t)(np + 1)), nm = 0;
    for (int j = 0; j < np; j++)
        if (probe[j] >= s->first && probe[j] < s->first + s->count)
            mine[nm] = probe[j] - s->first, at[nm++] = j;
    int rc = 0;
    if (nm) {
        double *vm = malloc(sizeof(double) * (size_t)nm), *ii = malloc(sizeof(double) * (size_t)nm);
        double *sv = malloc(sizeof(double) * (size_t)nm * (size_t)(nsv + 1));
        rc = sc_cells_sample(c, mine, nm, vm, ii, sv);
        for (int q = 0; q < nm && rc == 0; q++) {
            double *o = vals + (size_t)at[q] * (size_t)w;
            o[0] = vm[q], o[1] = ii[q];
            memcpy(o + 2, sv + (size_t)q * (size_t)nsv, sizeof(double) * (size_t)nsv);
        }
        free(vm), free(ii), free(sv);
    }
    free(mine), free(at);
#ifdef SC_HAVE_MPI
    if (s->size > 1) {
        int n = np * w;
        if (s->rank == 0)
            MPI_Reduce(MPI_IN_PLACE, vals, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        else
            MPI_Reduce(vals, NULL, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    }
#endif
    return rc;
}

/* Check the failure records (all ranks): 0, or 1 with the earliest failure reported on rank 0. */
static int check_failure(ScCells *c, const Share *s, double dt) {
    ScFailure f;
    int bad = sc_cells_wait(c, &f);
    double key[2] = {bad ? (double)f.step : INFINITY, bad ? (double)(f.cell + s->first) : INFINITY};
    int anybad = bad;
#ifdef SC_HAVE_MPI
    if (s->size > 1) {
        MPI_Allreduce(&bad, &anybad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        struct {
            double v;
            int r;
        } in = {key[0] * 4294967296.0 + key[1], s->rank}, out;
        if (!bad)
            in.v = INFINITY;
        MPI_Allreduce(&in, &out, 1, MPI_DOUBLE_INT, MPI_MINLOC, MPI_COMM_WORLD);
        if (anybad && out.r == s->rank)
            fprintf(stderr,
                    "starcarp bench: numerical failure in cell %ld at t = %.4g ms (step %ld, dt %g "
                    "ms; rank %d): %s\n",
                    (long)key[1], (double)f.step * dt, f.step, dt, s->rank, f.what);
        return anybad;
    }
#endif
    (void)key;
    if (bad) {
        if (f.cell < 0)
            fprintf(stderr, "starcarp bench: %s\n", f.what);
        else
            fprintf(stderr,
                    "starcarp bench: numerical failure in cell %ld at t = %.4g ms (step %ld, dt %g "
                    "ms): %s\n",
                    f.cell + s->first, (double)f.step * dt, f.step, dt, f.what);
    }
    return anybad;
}

/* StarPU (and StarPU-MPI) up with the workers the options ask for. */
static int start_starpu(const BenchOpts *o, Share *s) {
    if (o->perfmodels) {
        /* a calibrated directory (starcarp calibrate): its models are stored under its class */
        char path[1024], cls[160];
        setenv("STARPU_PERF_MODEL_DIR", o->perfmodels, 1);
        snprintf(path, sizeof path, "%s/starcarp-class.txt", o->perfmodels);
        FILE *f = fopen(path, "r");
        if (!f) {
            fprintf(stderr, "starcarp bench: --perfmodels %s: no %s (made by starcarp calibrate): %s\n",
                    o->perfmodels, path, strerror(errno));
            return -1;
        }
        if (fscanf(f, "%159s", cls) == 1)
            setenv("STARPU_HOSTNAME", cls, 1);
        fclose(f);
    }
    struct starpu_conf conf;
    cli_starpu_conf(&conf, o->ncpu, o->ngpu, SC_SCHED_CELLS, o->sched);
    if (cli_starpu_begin("bench", &conf, NULL) != 0)
        return -1;
    cli_starpu_where(&s->rank, &s->size, NULL);
    starpu_profiling_status_set(STARPU_PROFILING_ENABLE);
    return 0;
}

static void stop_starpu(const Share *s) {
    (void)s;
    cli_starpu_end();
}

/* The share of the work the CPU workers would do next to the GPUs, at the plan's GPU speed (1 when
 * there is no GPU or no measured speed). */
static double cpu_share(const ScCells *c) {
    double su = sc_cells_gpu_speedup(c);
    int nc = starpu_cpu_worker_get_count(),
        ng = starpu_cuda_worker_get_count() + starpu_hip_worker_get_count();
    return su > 0 && ng > 0 && nc > 0 ? nc / (nc + su * ng) : 1;
}

/* Does this run leave every CPU worker idle (their share below SC_PLAN_MIN_CPU_SHARE), on a single
 * rank without MPI, partitions planned (no --nparts) and no STARPU_NCPU? */
static int idle_cpus(const ScCells *c, const BenchOpts *o, const Share *s) {
    /* --ncpu too: idle CPU workers beside the GPU still cost it (TT06, 8M cells, H200: 14 idle
       workers 0.96 of the GPU alone, 2026-11-26, docs/performance.md); --nparts gives them work */
    if (o->nparts > 0 || getenv("STARPU_NCPU") || s->size > 1 || getenv("OMPI_COMM_WORLD_SIZE") ||
        getenv("PMI_SIZE"))
        return 0;
    return starpu_cpu_worker_get_count() > 0 && cpu_share(c) < SC_PLAN_MIN_CPU_SHARE;
}

/* The final summary (rank 0): cells, steps, time, throughput, per-worker load. */
static void summary(ScCells *c, const Share *s, const BenchOpts *o, long steps, double wall) {
    double cs = (double)s->count * (double)steps, all = cs;
#ifdef SC_HAVE_MPI
    if (s->size > 1)
        MPI_Reduce(&cs, &all, 1, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
#endif
    ScWorkerLoad w[STARPU_NMAXWORKERS];
    int nw = sc_cells_stats(c, w, STARPU_NMAXWORKERS);
    unsigned long long oor[SC_MAX_TABLES];
    sc_cells_lut_oor(c, oor);
    if (s->rank != 0)
        return;
    fprintf(stderr, "summary: %s, %ld cells (%d partitions%s%s), %ld steps of %g ms, %s precision, K = %ld\n",
            sc_cells_model(c)->name, o->num, sc_cells_nparts(c), s->size > 1 ? " on rank 0; ranks: " : "",
            s->size > 1 ? "several" : "", steps, o->dt, o->precision == SC_SINGLE ? "single" : "double",
            o->steps_per_task);
    const ScModelEntry *me = sc_cells_model(c);
    int chose = me->methods_choice && *me->methods_choice;
    char meth[1400];
    mpick_methods(me, o->methods, chose ? "; --methods file keeps the file's" : "", meth, sizeof meth);
    fprintf(stderr, "summary: %s\n", meth);
    if (chose && !strncmp(me->methods_choice, "vm=", 3)) /* the treatment of vmcouple.c */
        fprintf(stderr,
                "summary: Vm advanced together with the states coupled to it faster than dt (%.*s: "
                "bench's splitting misses the bars of the automatic choice)\n",
                (int)strcspn(me->methods_choice, ","), me->methods_choice);
    fprintf(stderr, "summary: wall time %.3f s, %.4g cell-steps/s\n", wall, wall > 0 ? all / wall : 0);
    double su = sc_cells_gpu_speedup(c);
    if (su > 0 && starpu_cpu_worker_get_count() > 0) { /* without CPU workers no ratio sized anything */
        fprintf(stderr, "summary: partitions sized for a GPU %.4g times as fast as a CPU core\n", su);
        int nc = starpu_cpu_worker_get_count(),
            ng = starpu_cuda_worker_get_count() + starpu_hip_worker_get_count();
        double share = nc ? nc / (nc + su * ng) : 1;
        if (share < SC_PLAN_MIN_CPU_SHARE)
            fprintf(stderr,
                    "summary: the %d CPU workers would do %.2g %% of the work (below %g %%): "
                    "they are left idle and the GPUs run every cell\n",
                    nc, 100 * share, 100 * SC_PLAN_MIN_CPU_SHARE);
    }
    double tot = 0;
    for (int i = 0; i < nw; i++)
        tot += w[i].cell_steps;
    for (int i = 0; i < nw; i++)
        if (w[i].tasks)
            fprintf(stderr, "summary:   %-16s %6ld tasks %12.4g cell-steps (%5.1f %%) busy %.3f s\n",
                    w[i].name, w[i].tasks, w[i].cell_steps, tot > 0 ? 100 * w[i].cell_steps / tot : 0,
                    w[i].busy_s);
    const ScModelDesc *d = sc_cells_model(c)->desc;
    for (int t = 0; t < d->ntables; t++)
        if (oor[t])
            fprintf(stderr, "summary: lookup table %s: %llu values out of range (clamped)\n",
                    d->tables[t].var, oor[t]);
}

/* One run's time loop and its outputs (rank 0 writes the files; every rank checkpoints). */
typedef struct BenchRun {
    const BenchOpts *o;
    const ScModelEntry *m;
    ScCells *c;
    const Share *sh;
    int regular; /* the stimulus is a regular train (else set per chunk: --stim-times) */
    const int *dump; /* --imp-sv-dump's states, or NULL */
    BoutWriter **out; /* [nprobe] the probes' tables (NULL: none, e.g. --restitute) */
    BenchSide *side;
    double *vals; /* the probes' sampled values [nprobe][2 + nsv] */
    BsidePlot trace; /* for --plot */
    long d_first, d_save, d_ckpt, last, chunk_max; /* steps */
    long chunk; /* the steps of the next piece of work (stop_chunk), at most chunk_max */
    long ds; /* the step reached */
    double last_row_t; /* time of the last table or trace row written (-1: none) */
    double bytes; /* the outputs' estimated size (bench_size.h) */
    BszEta eta; /* the warm-up's record for the size line */
    double tflush; /* the last timed flush (stop.h) */
    int stop_sig; /* the signal that stopped the run, or 0 */
} BenchRun;

/* What every rank must share after a piece of work: the largest signal caught over the ranks (0:
 * none; a signal to any rank stops every rank at the same step), returned, and the smallest next
 * piece of work, into *chunk (the ranks cut the run alike, so that their collectives match). */
static int agree_stop(const Share *s, long *chunk) {
    int sig = stop_signal();
#ifdef SC_HAVE_MPI
    if (s->size > 1) {
        long v[2] = {sig, -*chunk};
        MPI_Allreduce(MPI_IN_PLACE, v, 2, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
        sig = (int)v[0], *chunk = -v[1];
    }
#else
    (void)s, (void)chunk;
#endif
    return sig;
}

/* The output files named by the options, checked before StarPU starts (outpath.h): the table or
 * the binary files' folder, --plot, --checkpoint, --save-ini-file, the AP statistics, the
 * restitution file, Trace_<N>.dat; then their size (bsz_check; dump: --imp-sv-dump's states or
 * NULL). 0, or 2 after a message naming the option. */
static int check_outputs(const BenchOpts *o, const ScModelDesc *d, const int *dump) {
    char err[1200], path[1200];
    int size, rank = opath_launch_rank(&size), bad = 0;
    const char *name = o->fout ? o->fout : BOUT_DEFAULT_NAME;
    if (rank == 0 && (!o->restitute || o->res_trace) && (o->fout || o->binary || o->validate)) {
        snprintf(path, sizeof path, "%s%s", name, o->binary || o->validate ? ".Vm.bin" : ".txt");
        bad = opath_check("--fout", path, err, sizeof err);
    }
    if (!bad && rank == 0 && o->plot)
        bad = opath_check("--plot", o->plot, err, sizeof err);
    if (!bad && rank == 0 && o->save_ini_file)
        bad = opath_check("--save-ini-file", o->save_ini_file, err, sizeof err);
    if (!bad && o->checkpoint) {
        snprintf(path, sizeof path, size > 1 ? "%s.rank%d" : "%s", o->checkpoint, rank);
        bad = opath_check("--checkpoint", path, err, sizeof err);
    }
    if (!bad && rank == 0 && o->ap_stats) {
        snprintf(path, sizeof path, "%s_AP_stats.dat", name);
        bad = opath_check("--APstatistics", path, err, sizeof err);
    }
    if (!bad && rank == 0 && o->restitute) {
        snprintf(path, sizeof path, "%s_APD_restitution.dat", name);
        bad = opath_check("--restitute", path, err, sizeof err);
    }
    if (!bad && rank == 0 && !o->no_trace && d->ntraces > 0 && d->c_run[0]) {
        snprintf(path, sizeof path, "Trace_%ld.dat", o->trace_no);
        bad = opath_check("--trace-no", path, err, sizeof err);
    }
    int quiet = 0; /* the size is every rank's alike: rank 0 says it */
    if (!bad && bsz_check(o, d, dump, err, sizeof err) < 0)
        bad = 1, quiet = rank != 0;
    if (bad && !quiet)
        fprintf(stderr, "starcarp bench: %s\n", err);
    return bad ? 2 : 0;
}

/* The probes' tables (rank 0; with --restitute only with --res-trace), the side outputs and the
 * loop's buffers. 0, or -1 after a message. */
static int open_outputs(BenchRun *r, const int *vary_k) {
    const BenchOpts *o = r->o;
    const ScModelDesc *d = r->m->desc;
    char err[1024];
    int np = (int)o->nprobe, tables = !o->restitute || o->res_trace;
    r->out = calloc((size_t)np, sizeof *r->out);
    r->vals = malloc(sizeof(double) * (size_t)np * (size_t)(2 + d->nsv));
    r->last_row_t = -1;
    if (!r->out || !r->vals) {
        fprintf(stderr, "starcarp bench: out of memory\n");
        return -1;
    }
    for (int j = 0; j < np && r->sh->rank == 0 && tables; j++) {
        char name[512];
        const char *fn = j == 0 ? o->fout : bout_probe_name(o->fout, o->probe[j], j, name, sizeof name);
        r->out[j] =
            bout_open(fn, o->binary, o->validate, d->name, d->nsv, d->sv_names, r->dump, err, sizeof err);
        if (!r->out[j]) {
            fprintf(stderr, "starcarp bench: %s\n", err);
            return -1;
        }
    }
    /* clamps, Trace_<N>.dat, AP statistics (bench_side.h) */
    if (!(r->side = bside_open(o, r->m, sc_cells_params(r->c), vary_k, r->sh->rank == 0, err, sizeof err))) {
        fprintf(stderr, "starcarp bench: %s\n", err);
        return -1;
    }
    const char *nostim = bopt_no_stimulus(o);
    if (nostim && r->sh->rank == 0)
        fprintf(stderr,
                "starcarp bench: warning: %s: no stimulus, nothing activates the cells (a self-oscillating "
                "model runs so on purpose)\n",
                nostim);
    return 0;
}

/* Every output's rows so far to its files (the timed flush). 0, or -1 after a message. */
static int flush_outputs(BenchRun *r) {
    for (long j = 0; j < r->o->nprobe; j++)
        if (r->out[j] && bout_flush(r->out[j]) < 0) {
            fprintf(stderr, "starcarp bench: %s\n", bout_error(r->out[j]));
            return -1;
        }
    char err[1200];
    if (bside_flush(r->side, err, sizeof err) < 0) {
        fprintf(stderr, "starcarp bench: %s\n", err);
        return -1;
    }
    return 0;
}

/* The checkpoint of step ds (every rank its own file with several ranks). 0, or -1 after a message. */
static int save_checkpoint(BenchRun *r) {
    char path[1024], err[1024];
    snprintf(path, sizeof path, r->sh->size > 1 ? "%s.rank%d" : "%s", r->o->checkpoint, r->sh->rank);
    if (sc_cells_save(r->c, path, err, sizeof err) < 0) {
        fprintf(stderr, "starcarp bench: --checkpoint: %s\n", err);
        return -1;
    }
    return 0;
}

/* What happens at step ds before it is taken: the clamp, the probes' rows and side samples, the
 * state file, the checkpoint (also when the run stops there: `stopping`), the timed flush after an
 * output. 0, or -1 after a message. */
static int events_at(BenchRun *r, long ds, int stopping) {
    const BenchOpts *o = r->o;
    const ScModelDesc *d = r->m->desc;
    const int w = 2 + d->nsv, np = (int)o->nprobe;
    char err[1024];
    if (bside_clamp(r->side, r->c, r->sh->count, ds) < 0) {
        fprintf(stderr, "starcarp bench: clamping Vm at step %ld failed\n", ds);
        return -1;
    }
    const int out_now = bopt_is_output(o, ds);
    if (out_now || bside_wants(r->side, ds)) {
        if (sample_probes(r->c, r->sh, o->probe, np, d->nsv, r->vals) < 0) {
            fprintf(stderr, "starcarp bench: sampling the probe cells failed\n");
            return -1;
        }
        for (int j = 0; j < np && r->sh->rank == 0 && out_now; j++) {
            const double *v = r->vals + (size_t)j * (size_t)w;
            if (r->out[j] && bout_row(r->out[j], (double)ds * o->dt, v[0], v[1], v + 2) < 0) {
                fprintf(stderr, "starcarp bench: %s\n", bout_error(r->out[j]));
                return -1;
            }
        }
        if (out_now && (r->out[0] || bside_has_trace(r->side)))
            r->last_row_t = (double)ds * o->dt;
        if (out_now && o->plot && r->sh->rank == 0)
            bside_plot_add(&r->trace, np, (double)ds * o->dt, r->vals, w);
        if (bside_sample(r->side, ds, out_now, r->vals, err, sizeof err) < 0) {
            fprintf(stderr, "starcarp bench: %s\n", err);
            return -1;
        }
    }
    if (ds == r->d_save) {
        sample_probes(r->c, r->sh, o->probe, 1, d->nsv, r->vals);
        if (r->sh->rank == 0 && svf_save(o->save_ini_file, d->name, d->nstates, d->sv_names, r->vals + 2,
                                         r->vals[0], err, sizeof err) < 0) {
            fprintf(stderr, "starcarp bench: --save-ini-file: %s\n", err);
            return -1;
        }
    }
    if ((ds == r->d_ckpt || (stopping && o->checkpoint)) && save_checkpoint(r) < 0)
        return -1;
    if (out_now && r->sh->rank == 0 && stop_flush_due(&r->tflush) && flush_outputs(r) < 0)
        return -1;
    return 0;
}

/* The next event after ds: output, state file, checkpoint, pulse edge, clamp, or a chunk's end. */
static long next_event(const BenchRun *r, long ds) {
    const BenchOpts *o = r->o;
    for (long e = ds + 1; e <= r->last && e < ds + r->chunk; e++)
        if (bopt_is_output(o, e) || e == r->d_save || e == r->d_ckpt || bside_event(r->side, e) ||
            (!r->regular && bopt_stim_on(o, e) != bopt_stim_on(o, e - 1)))
            return e;
    return ds + r->chunk < r->last + 1 ? ds + r->chunk : r->last + 1;
}

/* The time loop: events at each boundary, tasks of K steps between them, the failure records and
 * the signals checked after each advance (every rank at the same step). A stop finishes the
 * events of the step reached (its rows, the checkpoint) and leaves the loop. 0, 1 after a
 * numerical failure, -1 after another error (messages given). */
static int time_loop(BenchRun *r, CliProgress *pg) {
    const BenchOpts *o = r->o;
    r->last = bopt_nsteps(o);
    r->d_save = o->save_ini_file ? bopt_step(o, o->save_ini_time) : -1;
    r->d_ckpt = o->checkpoint ? bopt_step(o, o->checkpoint_time) : -1;
    r->chunk_max = r->last / 50 > o->steps_per_task ? r->last / 50 : o->steps_per_task;
    r->chunk = o->steps_per_task; /* then what fits in STOP_CHUNK_S */
    long ds = r->d_first = r->ds = sc_cells_step(r->c);
    if (ds == 0 && sc_cells_eval_iion(r->c) < 0)
        return -1;
    bsz_eta_start(&r->eta, ds, r->last + 1, sc_now_s());
    int stopping = 0;
    while (ds <= r->last) {
        if (events_at(r, ds, stopping) < 0)
            return -1;
        if (stopping) {
            r->stop_sig = stopping;
            return 0;
        }
        long next = next_event(r, ds);
        if (!r->regular) {
            /* --stim-times: the steps [ds, next) are all stimulated or all not */
            ScStim st = {ds, next - ds, 0, bopt_stim_on(o, ds) ? 1 : 0, o->stim_curr};
            sc_cells_set_stim(r->c, &st);
        }
        double t0 = sc_now_s();
        if (sc_cells_advance(r->c, next - ds) < 0)
            return -1;
        if (check_failure(r->c, r->sh, o->dt))
            return 1;
        if (next - ds >= r->chunk / 2) /* a piece long enough to time */
            r->chunk = stop_chunk(next - ds, sc_now_s() - t0, o->steps_per_task, r->chunk_max);
        r->ds = ds = next;
        stopping = agree_stop(r->sh, &r->chunk);
        double now = sc_now_s();
        if (bsz_eta_due(&r->eta, ds, now) && pg->on) /* the size line, then the progress */
            bsz_line(stderr, o, &r->eta, ds, now, r->bytes);
        if (r->eta.told)
            cli_progress(pg, ds, r->last + 1, (double)ds * o->dt);
    }
    return 0;
}

/* Where a stop left the run (rank 0): the step, the records' end, the restitution file's whole rows,
 * the checkpoint. */
static void stop_report(const BenchRun *r) {
    const BenchOpts *o = r->o;
    fprintf(stderr, "starcarp bench: stopped by %s at t = %g ms, step %ld of %ld", stop_name(r->stop_sig),
            (double)r->ds * o->dt, r->ds, r->last);
    if (r->last_row_t >= 0)
        fprintf(stderr, "; the outputs hold whole records up to t = %g ms", r->last_row_t);
    else if (r->out[0] || bside_has_trace(r->side))
        fprintf(stderr, "; no table rows were written");
    long total, rows = bside_res_rows(r->side, &total);
    if (rows >= 0)
        fprintf(stderr, "; %s_APD_restitution.dat holds %ld of the protocol's %ld rows (the beats run whole)",
                o->fout ? o->fout : BOUT_DEFAULT_NAME, rows, total);
    if (o->checkpoint)
        fprintf(stderr, "; the checkpoint %s holds step %ld: --restart %s continues the run", o->checkpoint,
                r->ds, o->checkpoint);
    fputc('\n', stderr);
}

/* After the loop (lrc: its result): the summary, where a stop left the run, --plot, the AP
 * statistics. Returns the exit status so far: 0, 1 (failure), 128 + the signal of a stop. */
static int finish(BenchRun *r, int lrc, double wall) {
    const BenchOpts *o = r->o;
    char err[1024];
    if (lrc < 0)
        return 1;
    if (lrc == 0)
        summary(r->c, r->sh, o, r->ds - r->d_first, wall);
    int rc = lrc; /* 1 after a numerical failure: the plot of the run so far, no AP statistics */
    if (r->stop_sig)
        bside_stop(r->side);
    if (r->stop_sig && r->sh->rank == 0)
        stop_report(r);
    if (o->plot && r->sh->rank == 0 && r->trace.n && bside_plot_write(&r->trace, o, r->m->desc->name) < 0)
        rc = 1;
    if (rc)
        return rc;
    int src = bside_close(r->side, err, sizeof err);
    r->side = NULL;
    if (src < 0) {
        fprintf(stderr, "starcarp bench: %s\n", err);
        rc = 1;
    }
    return rc ? rc : r->stop_sig ? stop_status(r->stop_sig) : 0;
}

/* Close every output (their rows so far; rc: the status so far) and free the loop's buffers.
 * Returns the exit status: rc, or 1 when a file could not be completed. */
static int close_outputs(BenchRun *r, int rc) {
    char err[1024];
    bside_close(r->side, NULL, 0);
    for (long j = 0; r->out && j < r->o->nprobe; j++)
        if (r->out[j] && bout_close(r->out[j], err, sizeof err) < 0) {
            fprintf(stderr, "starcarp bench: %s\n", err);
            rc = 1;
        }
    free(r->out), free(r->vals);
    bside_plot_free(&r->trace);
    return rc;
}

/* --precision single: the model's single-precision check (sc_model_single_verdict) applied: refused
 * where the single run fails (status 2), unless --force-single; warned where it misses the accuracy
 * bars; a note where no check was made. 0, or 2 after the refusal. */
static int single_check(const BenchOpts *o, const ScModelEntry *m) {
    char msg[1024];
    ScSingleVerdict v =
        o->precision == SC_SINGLE ? sc_model_single_verdict(m, msg, sizeof msg) : SC_SINGLE_PASSES;
    if (v == SC_SINGLE_REFUSED && !o->force_single) {
        fprintf(stderr,
                "starcarp bench: --precision single: refused: %s; --force-single runs it anyway (a run stops "
                "where a cell fails)\n",
                msg);
        return 2;
    }
    if (v != SC_SINGLE_PASSES)
        fprintf(stderr, "starcarp bench: %s: --precision single: %s%s\n",
                v == SC_SINGLE_UNKNOWN ? "note" : "warning", msg,
                v == SC_SINGLE_REFUSED ? "; run as --force-single asks" : "");
    return 0;
}

/* The model and what the options ask of it (bench's parse step after the options): --methods
 * checked, the model picked into pk (openCARP's names and flags= variants too), --precision single
 * judged (single_check), --imp-par applied
 * (echoed to stderr: stdout may hold the table), --vary's parameters found (vary_k), --probe's cells
 * checked, --imp-sv-dump's states into *dump ([nsv + 1], allocated). 0, or 2 after a message; the
 * caller frees pk (mpick_free) and *dump either way. */
static int bench_model(const BenchOpts *o, Mpick *pk, int *vary_k, int **dump) {
    char err[1024];
    memset(pk, 0, sizeof *pk);
    /* --methods auto (the default), file, or replacements of the file's methods */
    if (o->methods.mode == SC_METHODS_OVERRIDE &&
        sc_methods_check(o->methods.overrides, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp bench: --methods: %s (or auto, file)\n", err);
        return 2;
    }
    if (mpick_model(pk, o->imp, o->imp_par, o->methods, o->dt, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp bench: --imp %s: %s\n", o->imp, err);
        return 2;
    }
    if (single_check(o, pk->m) != 0)
        return 2;
    const ScModelDesc *d = pk->m->desc;
    if (mpick_params(pk, stderr, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp bench: %s\n", err);
        return 2;
    }
    for (int v = 0; v < o->nvary; v++)
        if ((vary_k[v] = mpick_vary(pk, o->vary[v].name, "--vary", err, sizeof err)) < 0) {
            fprintf(stderr, "starcarp bench: %s\n", err);
            return 2;
        }
    for (long j = 0; j < o->nprobe; j++)
        if (o->probe[j] >= o->num) {
            fprintf(stderr, "starcarp bench: --probe: cell %ld does not exist (--num %ld: cells 0 .. %ld)\n",
                    o->probe[j], o->num, o->num - 1);
            return 2;
        }
    *dump = calloc((size_t)d->nsv + 1, sizeof(int));
    if (o->imp_sv_dump &&
        bout_dump_mask(o->imp_sv_dump, pk->m->name, d->nsv, d->sv_names, *dump, err, sizeof err) < 0) {
        fprintf(stderr, "starcarp bench: --imp-sv-dump: %s\n", err);
        return 2;
    }
    return 0;
}

/* StarPU started and this rank's cells of model m made (bench's run set-up): the share of the
 * cells (sh), the cell array with the options' step, tolerances and stimulus (*regular: a regular
 * train, else --stim-times sets it per chunk); StarPU is started again without CPU workers where
 * the plan leaves them all idle (o->ncpu becomes 0). Returns the cells, or NULL after a message with
 * *rc the exit status (2: fewer cells than ranks; else 1); *started: StarPU runs (stop_starpu due). */
static ScCells *start_cells(BenchOpts *o, Share *sh, const ScModelEntry *m, int *regular, int *started,
                            int *rc) {
    char err[1024];
    *rc = 1;
    if (!(*started = start_starpu(o, sh) == 0))
        return NULL;
    int ncpu = (int)starpu_worker_get_count_by_type(STARPU_CPU_WORKER);
    /* GPUs with this model's kernel: CUDA and HIP, as the planner */
    int f32 = sc_precision_index(o->precision);
    int ngpu = (m->cuda[f32] ? (int)starpu_worker_get_count_by_type(STARPU_CUDA_WORKER) : 0) +
               (m->hip[f32] ? (int)starpu_worker_get_count_by_type(STARPU_HIP_WORKER) : 0);
    make_share(sh, o->num, (double)ncpu + SC_PLAN_GPU_SPEEDUP_GUESS * (double)ngpu);
    BoptTrain tr;
    *regular = bopt_train(o, &tr) == 0;
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.ncells = sh->count, cfg.precision = o->precision, cfg.dt = o->dt,
    cfg.steps_per_task = (int)o->steps_per_task;
    cfg.nparts = (int)o->nparts, cfg.free_placement = o->nparts > 0;
    cfg.no_lut = o->no_lut, cfg.rtol = o->rtol, cfg.atol = o->atol, cfg.vm_bound = o->vm_bound;
    cfg.no_watch = o->no_watch;
    cfg.stim = *regular ? (ScStim){tr.start, tr.pulse, tr.period, tr.count, o->stim_curr}
                        : (ScStim){0, 0, 0, 0, o->stim_curr};
    if (o->num < sh->size) {
        if (sh->rank == 0)
            fprintf(stderr, "starcarp bench: --num %ld: fewer cells than the %d MPI ranks\n", o->num,
                    sh->size);
        *rc = 2;
        return NULL;
    }
    ScCells *c = sc_cells_create(m, &cfg, err, sizeof err);
    if (c && idle_cpus(c, o, sh)) {
        /* the plan leaves every CPU worker idle, yet their threads still poll StarPU beside the
           GPU's (Aliev-Panfilov, 1M cells, 56-us tasks: 0.96 of the GPU alone, H100 2026-11-24):
           a single-rank run starts StarPU again without them and runs as the GPU alone */
        if (!o->quiet)
            fprintf(stderr,
                    "starcarp bench: the CPU workers would do %.2g %% of the work: StarPU starts "
                    "again with the GPUs only (--nparts N gives the CPU workers work)\n",
                    100 * cpu_share(c));
        sc_cells_destroy(c);
        stop_starpu(sh);
        o->ncpu = 0;
        c = NULL;
        if (!(*started = start_starpu(o, sh) == 0))
            return NULL;
        c = sc_cells_create(m, &cfg, err, sizeof err);
    }
    if (!c) /* the same options on every rank: every rank fails alike, none waits in a collective */
        fprintf(stderr, "starcarp bench: %s\n", err);
    return c;
}

/* The cells' starting point from the options: the parameters (params), --vary's values per cell
 * (vary_k: their indices), --read-ini-file's state, --restart's checkpoint (this rank's file). 0, or
 * -1 after a message. */
static int init_cells(ScCells *c, const BenchOpts *o, const Share *sh, const ScModelDesc *d,
                      const double *params, const int *vary_k) {
    char err[1024];
    if (sc_cells_set_params(c, params, err, sizeof err) < 0) {
        fprintf(stderr, "starcarp bench: %s\n", err);
        return -1;
    }
    for (int v = 0; v < o->nvary; v++) {
        double *vals = malloc(sizeof(double) * (size_t)sh->count);
        for (long i = 0; i < sh->count; i++)
            vals[i] = bopt_vary_value(&o->vary[v], sh->first + i, o->num, params[vary_k[v]]);
        int vr = sc_cells_vary_param(c, vary_k[v], vals, err, sizeof err);
        free(vals);
        if (vr < 0) {
            fprintf(stderr, "starcarp bench: --vary %s: %s\n", o->vary[v].name, err);
            return -1;
        }
    }
    if (o->read_ini_file) {
        double *sv0 = calloc((size_t)d->nsv + 1, sizeof(double)), vm0 = 0;
        int lr = svf_load(o->read_ini_file, d->name, d->nstates, d->sv_names, sv0, &vm0, err, sizeof err);
        if (lr == 0 && svc_fill(c, vm0, sv0) != 0)
            lr = -1, snprintf(err, sizeof err, "its state could not be written into the cells");
        free(sv0);
        if (lr < 0) {
            fprintf(stderr, "starcarp bench: --read-ini-file: %s\n", err);
            return -1;
        }
    }
    char rpath[1024];
    if (o->restart)
        snprintf(rpath, sizeof rpath, sh->size > 1 ? "%s.rank%d" : "%s", o->restart, sh->rank);
    if (o->restart && sc_cells_load(c, rpath, err, sizeof err) < 0) {
        fprintf(stderr, "starcarp bench: --restart: %s\n", err);
        return -1;
    }
    return 0;
}

/* The run and its report: the outputs opened, the time loop (with progress; SIGINT/SIGTERM stop it
 * cleanly), the summary and the closing outputs. dump: --imp-sv-dump's states or NULL. Returns the
 * exit status (finish and close_outputs). */
static int run_cells(const BenchOpts *o, const Share *sh, ScCells *c, const ScModelEntry *m, int regular,
                     const int *dump, const int *vary_k) {
    BenchRun r = {.o = o, .m = m, .c = c, .sh = sh, .regular = regular, .dump = dump};
    r.bytes = bsz_out_bytes(o, m->desc, dump);
    int lrc = open_outputs(&r, vary_k);
    if (lrc == 0) {
        CliProgress pg = {
            .on = sh->rank == 0 && !o->quiet, .tty = isatty(2) && !o->progress, .last = -1, .t0 = sc_now_s()};
        double t0 = sc_now_s();
        stop_install(); /* again: StarPU's start puts a SIGINT handler of its own */
        lrc = time_loop(&r, &pg);
        cli_progress_end(&pg);
        lrc = finish(&r, lrc, sc_now_s() - t0);
    }
    return close_outputs(&r, lrc < 0 ? 1 : lrc);
}

int cmd_bench(int argc, char **argv) {
    BenchOpts o;
    char err[1024];
    int prc = bopt_parse(argc, argv, &o, err, sizeof err);
    if (prc == 1)
        return 0;
    if (prc < 0) {
        fprintf(stderr, "starcarp bench: %s\n", err);
        return 2;
    }
    if (o.list_imps) {
        bopt_free(&o);
        return list_imps();
    }
    if (o.imp_info) {
        char *av[] = {"models", "info", (char *)o.imp, NULL};
        int rc = cmd_models(3, av);
        bopt_free(&o);
        return rc;
    }
    Mpick pk;
    int vary_k[BOPT_MAX_VARY], *dump = NULL;
    int rc = bench_model(&o, &pk, vary_k, &dump);
    /* the output files, before StarPU starts; then SIGINT/SIGTERM stop the run cleanly */
    if (rc == 0 && (rc = check_outputs(&o, pk.m->desc, o.imp_sv_dump ? dump : NULL)) == 0) {
        stop_install();
        Share sh;
        int regular = 0, started = 0;
        ScCells *c = start_cells(&o, &sh, pk.m, &regular, &started, &rc);
        if (c)
            rc = init_cells(c, &o, &sh, pk.m->desc, pk.values, vary_k) < 0
                     ? 1
                     : run_cells(&o, &sh, c, pk.m, regular, o.imp_sv_dump ? dump : NULL, vary_k);
        if (c)
            sc_cells_destroy(c);
        if (started)
            stop_starpu(&sh);
    }
    free(dump);
    mpick_free(&pk);
    bopt_free(&o);
    return rc;
}

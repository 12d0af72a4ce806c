/* cmd_tissue.c: `starcarp tissue`, the monodomain solver (scheduler/sc_tissue.c) on every CPU core
 * and GPU: options and parameter files (tissue_opts.c), the time loop with its events (probe
 * samples, Vm snapshots, a checkpoint, progress and failure checks), and the outputs (tissue_out.c):
 * activation times as VTK and PNG, snapshots, probes.txt, the probes' activation times on stdout.
 * Exit status 0, 1 when the run fails (numerically: where and when; or an output cannot be
 * written), 2 for bad input (the option named with what it accepts). Under `mpirun -np N` with
 * StarPU-MPI, each rank holds a range of planes (tissue_mpi.c) and rank 0 writes the outputs.
 * docs/tissue.md. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "commands.h"
#include "impar.h"
#include "plot.h"
#include "model_pick.h"
#include "progress.h"
#include "sc_internal.h"
#include "starcarp.h"
#include "tissue_igb.h"
#include "tissue_mpi.h"
#include "tissue_opts.h"
#include "tissue_out.h"

/* The run's state besides the tissue. */
typedef struct Run {
    TissueOpts o;
    ScTissueConfig cfg;
    ToutGrid g;
    ScTissue *t;
    long probe_node[TOPT_MAX_PROBES];
    FILE *probes; /* rank 0 */
    long nsnap;
    TmpiShare sh;
    double *field; /* one value per node of this rank (scratch for outputs) */
    double *all; /* the whole grid's values (rank 0) */
    TigbFile *igb; /* vm.igb, the snapshots (rank 0; opened at the first) */
    Mpick pk; /* the model, its parameters (--imp-par), --vary's parameter indices */
    int vary_k[8];
} Run;

/* Node of a point in mm (nearest), or -1 when outside the grid. */
static long node_at(const ToutGrid *g, const double p[3]) {
    long idx = 0, mul = 1;
    for (int a = 0; a < 3; a++) {
        double q = p[a] / g->dx[a];
        long i = lround(q);
        if (q < -0.5 - 1e-9 || q > (double)(g->n[a] - 1) + 0.5 + 1e-9)
            return -1;
        if (i < 0)
            i = 0;
        if (i > g->n[a] - 1)
            i = g->n[a] - 1;
        idx += i * mul, mul *= g->n[a];
    }
    return idx;
}

static void node_xyz(const ToutGrid *g, long node, double x[3]) {
    for (int a = 0; a < 3; a++)
        x[a] = (double)(node % g->n[a]) * g->dx[a], node /= g->n[a];
}

/* The failure message (exit 1). */
static int report_failure(const Run *r, const ScFailure *f) {
    if (f->cell < 0) {
        fprintf(stderr, "starcarp tissue: %s\n", f->what);
        return 1;
    }
    double x[3];
    long node = f->cell + r->sh.plane0 * r->sh.plane;
    node_xyz(&r->g, node, x);
    fprintf(stderr,
            "starcarp tissue: numerical failure at node %ld (x %g, y %g, z %g mm) at t = %.4g ms (step "
            "%ld, dt %g ms): %s\n",
            node, x[0], x[1], x[2], f->t, f->step, r->cfg.dt, f->what);
    return 1;
}

/* Check for failures (waits): 0, or 1 after the message. */
static int check(Run *r) {
    ScFailure f;
    int bad = sc_tissue_wait(r->t, &f) != 0;
    if (bad)
        report_failure(r, &f);
    return tmpi_max(&r->sh, bad);
}

/* One row of probes.txt at time t (rank 0 writes; every rank takes part). 0, or 1 after a message. */
static int sample_probes(Run *r, double t) {
    if (!r->o.nprobe)
        return 0;
    /* each rank samples the probes it holds, the others are zero, a sum brings them to rank 0 */
    double vm[TOPT_MAX_PROBES], ii[TOPT_MAX_PROBES], out[TOPT_MAX_PROBES] = {0};
    long mine[TOPT_MAX_PROBES], lo = r->sh.plane0 * r->sh.plane, hi = lo + r->sh.nplanes * r->sh.plane;
    int at[TOPT_MAX_PROBES], nm = 0;
    for (int j = 0; j < r->o.nprobe; j++)
        if (r->probe_node[j] >= lo && r->probe_node[j] < hi)
            mine[nm] = r->probe_node[j] - lo, at[nm++] = j;
    int bad = nm && sc_cells_sample(sc_tissue_cells(r->t), mine, nm, vm, ii, NULL) != 0;
    if (bad)
        fprintf(stderr, "starcarp tissue: the probes could not be sampled\n");
    for (int q = 0; q < nm && !bad; q++)
        out[at[q]] = vm[q];
    tmpi_sum0(&r->sh, out, r->o.nprobe); /* every rank takes part, failed or not */
    if (tmpi_max(&r->sh, bad))
        return 1;
    if (r->sh.rank != 0)
        return 0;
    fprintf(r->probes, "%.6f", t);
    for (int j = 0; j < r->o.nprobe; j++)
        fprintf(r->probes, " %.8e", out[j]);
    fputc('\n', r->probes);
    return 0;
}

/* The snapshot's Vm (r->all) as the next frame of vm.igb, opened at the first (rank 0). 0, or -1
 * with a message in err. */
static int igb_frame(Run *r, double t, char *err, size_t errlen) {
    if (!r->igb) {
        char path[4200];
        long every = lround(r->o.snap_dt / r->cfg.dt);
        snprintf(path, sizeof path, "%s/vm.igb", r->o.out);
        double inc = (double)(every > 1 ? every : 1) * r->cfg.dt;
        r->igb = tigb_open(path, r->g.n, r->g.dx, t, inc, "mV", err, errlen);
        if (!r->igb)
            return -1;
    }
    return tigb_append(r->igb, r->all, err, errlen);
}

/* A Vm snapshot (vm.igb, VTK, and PNG unless --no-png); also checks Vm for non-finite values. */
static int snapshot(Run *r, double t) {
    char path[4200], err[600], title[160];
    int bad = sc_cells_read(sc_tissue_cells(r->t), SC_VAR_VM, r->field) != 0;
    bad |= tmpi_gather(&r->sh, r->field, r->all) != 0; /* every rank takes part */
    if (tmpi_max(&r->sh, bad)) {
        fprintf(stderr, "starcarp tissue: Vm could not be read\n");
        return 1;
    }
    r->nsnap++;
    if (r->sh.rank != 0)
        return 0;
    snprintf(title, sizeof title, "starcarp tissue: Vm (mV) at t = %g ms", t);
    snprintf(path, sizeof path, "%s/vm_%04ld.vtk", r->o.out, r->nsnap - 1);
    int rc = igb_frame(r, t, err, sizeof err);
    if (rc == 0)
        rc = tout_vtk(path, &r->g, r->all, "Vm", title, !strcmp(r->o.vtk, "binary"), err, sizeof err);
    if (rc == 0 && !r->o.no_png) {
        snprintf(path, sizeof path, "%s/vm_%04ld.png", r->o.out, r->nsnap - 1);
        snprintf(title, sizeof title, "Vm at t = %g ms", t);
        rc = tout_png(path, &r->g, r->all, title, "mV", -90, 40, -INFINITY, err, sizeof err);
    }
    if (rc != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 1;
    }
    return 0;
}

/* The options into the tissue configuration; 2 with a message for bad input. */
static int configure(Run *r) {
    char err[900];
    TissueOpts *o = &r->o;
    if (topt_grid(o, r->g.n, r->g.dx, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 2;
    }
    ScTissueConfig *c = &r->cfg;
    memset(c, 0, sizeof *c);
    memcpy(c->n, r->g.n, sizeof c->n);
    memcpy(c->dx, r->g.dx, sizeof c->dx);
    memcpy(c->sigma, o->sigma, sizeof c->sigma);
    c->chi = o->chi, c->cm = o->cm, c->dt = o->dt, c->thr = o->thr;
    c->nparts = (int)o->nparts, c->gpu_speedup = o->gpu_speedup, c->vm_bound = o->vm_bound;
    c->rtol = o->rtol, c->atol = o->atol, c->no_lut = o->no_lut;
    c->nstim = o->nstim;
    memcpy(c->stim, o->stim, sizeof c->stim);
    double lim = sc_tissue_dt_limit(c);
    c->theta = o->theta, c->solve_tol = o->solve_tol, c->stencil = (int)o->stencil;
    if (c->theta > 0 && o->substeps) {
        fprintf(stderr, "starcarp tissue: --diffusion-substeps goes with explicit diffusion (--parab-solve "
                        "explicit); an implicit step takes any dt\n");
        return 2;
    }
    c->substeps = !o->substeps                  ? 1
                  : strcmp(o->substeps, "auto") ? atoi(o->substeps)
                                                : (int)ceil(o->dt / lim * (1 - 1e-12));
    if (c->substeps < 1)
        c->substeps = 1;
    if (c->substeps > 1000) {
        fprintf(stderr,
                "starcarp tissue: --diffusion-substeps auto: %d sub-steps (above 1000): use a smaller --dt\n",
                c->substeps);
        return 2;
    }
    if (c->theta == 0 && o->dt / c->substeps > lim) {
        sc_tissue_check(c, err, sizeof err);
        fprintf(stderr,
                "starcarp tissue: --dt %g%s: %s (--diffusion-substeps N or auto, --parab-solve cn|be)\n",
                o->dt, c->substeps > 1 ? " with --diffusion-substeps" : "", err);
        return 2;
    }
    if (topt_check_stim(o, r->g.n, r->g.dx, err, sizeof err) != 0 ||
        sc_tissue_check(c, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 2;
    }
    for (int j = 0; j < o->nprobe; j++)
        if ((r->probe_node[j] = node_at(&r->g, o->probe[j])) < 0) {
            fprintf(stderr, "starcarp tissue: --probe %g,%g,%g: outside the grid (0:%g, 0:%g, 0:%g mm)\n",
                    o->probe[j][0], o->probe[j][1], o->probe[j][2], (double)(r->g.n[0] - 1) * r->g.dx[0],
                    (double)(r->g.n[1] - 1) * r->g.dx[1], (double)(r->g.n[2] - 1) * r->g.dx[2]);
            return 2;
        }
    if (mkdir(o->out, 0777) != 0 && errno != EEXIST) {
        fprintf(stderr, "starcarp tissue: --out %s: %s\n", o->out, strerror(errno));
        return 2;
    }
    return 0;
}

/* The model, --imp-par and --vary's parameters, checked before anything starts (model_pick.h).
 * 0, or 2 after a message. */
static int pick_model(Run *r) {
    char err[1200];
    if (mpick_model(&r->pk, r->o.imp, r->o.imp_par, r->o.methods, r->o.dt, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp tissue: --imp %s: %s\n", r->o.imp, err);
        return 2;
    }
    int rc = mpick_params(&r->pk, r->o.quiet ? NULL : stderr, err, sizeof err);
    for (int q = 0; q < r->o.nvary && !rc; q++)
        if ((r->vary_k[q] = mpick_vary(&r->pk, r->o.vary[q].name, "--vary", err, sizeof err)) < 0)
            rc = -1;
    if (rc) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        mpick_free(&r->pk);
        return 2;
    }
    return 0;
}

/* The parameter set on the cell array. 0, or 2 after a message. */
static int set_params(Run *r) {
    char err[1024];
    if (sc_cells_set_params(sc_tissue_cells(r->t), r->pk.values, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp tissue: --imp-par: %s\n", err);
        return 2;
    }
    return 0;
}

/* --vary: each parameter graded linearly from LO at coordinate 0 to HI at the grid's end along its
 * axis (this rank's nodes). 0, or 2 after a message. */
static int set_vary(Run *r) {
    long n = sc_tissue_nodes(r->t), first = r->sh.plane0 * r->sh.plane;
    double *v = r->o.nvary ? malloc(sizeof(double) * (size_t)n) : NULL;
    char err[600];
    int rc = 0;
    for (int q = 0; q < r->o.nvary && !rc; q++) {
        int k = r->vary_k[q], ax = r->o.vary[q].axis;
        for (long i = 0; i < n; i++) {
            double x[3];
            node_xyz(&r->g, first + i, x);
            double len = (double)(r->g.n[ax] - 1) * r->g.dx[ax];
            v[i] = r->o.vary[q].lo + (len > 0 ? x[ax] / len : 0) * (r->o.vary[q].hi - r->o.vary[q].lo);
        }
        if (sc_cells_vary_param(sc_tissue_cells(r->t), k, v, err, sizeof err) != 0) {
            fprintf(stderr, "starcarp tissue: --vary %s: %s\n", r->o.vary[q].name, err);
            rc = 2;
        }
    }
    free(v);
    return rc;
}

/* The activation outputs: VTK, PNG, the probes' times on stdout. */
static int write_activation(Run *r, const ScModelEntry *m) {
    char path[4200], err[600], title[200];
    int bad = sc_tissue_activation(r->t, r->field) != 0;
    bad |= tmpi_gather(&r->sh, r->field, r->all) != 0; /* every rank takes part */
    if (tmpi_max(&r->sh, bad)) {
        fprintf(stderr, "starcarp tissue: the activation times could not be read\n");
        return 1;
    }
    if (r->sh.rank != 0)
        return 0;
    snprintf(title, sizeof title, "starcarp tissue: activation time (ms; -1: none), threshold %g mV, %s",
             r->cfg.thr, m->name);
    snprintf(path, sizeof path, "%s/activation.vtk", r->o.out);
    int rc = tout_vtk(path, &r->g, r->all, "activation", title, !strcmp(r->o.vtk, "binary"), err, sizeof err);
    snprintf(path, sizeof path, "%s/init_acts_vm_act-thresh.dat", r->o.out); /* openCARP's LAT file */
    if (rc == 0)
        rc = tout_lat(path, r->all, r->g.n[0] * r->g.n[1] * r->g.n[2], err, sizeof err);
    if (rc == 0 && !r->o.no_png) {
        snprintf(path, sizeof path, "%s/activation.png", r->o.out);
        rc = tout_png(path, &r->g, r->all, "activation time", "ms", NAN, NAN, 0, err, sizeof err);
    }
    if (rc != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 1;
    }
    if (r->o.nprobe)
        printf("# probe x_mm y_mm z_mm node activation_ms\n");
    for (int j = 0; j < r->o.nprobe; j++) {
        double x[3];
        node_xyz(&r->g, r->probe_node[j], x);
        printf("P%d %g %g %g %ld %.4f\n", j + 1, x[0], x[1], x[2], r->probe_node[j],
               r->all[r->probe_node[j]]);
    }
    return 0;
}

/* The summary on stderr (rank 0): grid, slabs and their workers, steps, wall time, node-steps/s. */
static void summary(Run *r, long steps, double wall) {
    long nodes = r->g.n[0] * r->g.n[1] * r->g.n[2];
    if (r->sh.size > 1)
        fprintf(stderr, "summary: %d ranks; rank 0 holds planes %ld .. %ld\n", r->sh.size, r->sh.plane0,
                r->sh.plane0 + r->sh.nplanes - 1);
    fprintf(stderr, "summary: %ld x %ld x %ld nodes (dx %g mm), %d slab%s:", r->g.n[0], r->g.n[1], r->g.n[2],
            r->g.dx[0], sc_tissue_nslabs(r->t), sc_tissue_nslabs(r->t) > 1 ? "s" : "");
    for (int s = 0; s < sc_tissue_nslabs(r->t); s++) {
        int w = sc_tissue_slab_worker(r->t, s);
        char name[64] = "any worker";
        if (w >= 0)
            starpu_worker_get_name(w, name, sizeof name);
        fprintf(stderr, " %ld planes on %s%s", sc_tissue_slab_planes(r->t, s), name,
                s + 1 < sc_tissue_nslabs(r->t) ? "," : "\n");
    }
    fprintf(stderr, "summary: %ld steps of %g ms, wall time %.3f s, %.4g node-steps/s\n", steps, r->cfg.dt,
            wall, wall > 0 ? (double)nodes * (double)steps / wall : 0);
}

/* A checkpoint's file: PATH, or PATH.rank<r> with several ranks. */
static const char *rank_path(Run *r, const char *path) {
    static char buf[4200];
    if (r->sh.size == 1)
        return path;
    snprintf(buf, sizeof buf, "%s.rank%d", path, r->sh.rank);
    return buf;
}

/* The time loop from the current step to nsteps, with its events. 0 or 1. */
static int run_loop(Run *r, long nsteps) {
    const double dt = r->cfg.dt;
    long every_p = lround(r->o.probe_dt / dt), every_s = r->o.snap_dt > 0 ? lround(r->o.snap_dt / dt) : 0;
    long ck = r->o.checkpoint ? lround(r->o.checkpoint_time / dt) : -1;
    if (every_p < 1)
        every_p = 1;
    if (r->o.snap_dt > 0 && every_s < 1)
        every_s = 1;
    long chunk = nsteps / 100 > 50 ? nsteps / 100 : 50;
    CliProgress pg = {!r->o.quiet && r->sh.rank == 0, isatty(2), -1, sc_now_s()};
    long d = sc_tissue_step(r->t), d0 = d;
    double w0 = sc_now_s();
    for (;;) {
        /* (a restart's first step was sampled by the run that wrote the checkpoint) */
        if (d % every_p == 0 && !(r->o.restart && d == d0) && sample_probes(r, (double)d * dt))
            return 1;
        if (every_s && d % every_s == 0 && snapshot(r, (double)d * dt))
            return 1;
        if (d == ck) {
            char err[600];
            if (sc_tissue_save(r->t, rank_path(r, r->o.checkpoint), err, sizeof err) != 0) {
                fprintf(stderr, "starcarp tissue: --checkpoint: %s\n", err);
                return 1;
            }
        }
        if (d >= nsteps)
            break;
        long next = nsteps;
        long cand[4] = {(d / every_p + 1) * every_p, every_s ? (d / every_s + 1) * every_s : nsteps,
                        ck > d ? ck : nsteps, d + chunk};
        for (int k = 0; k < 4; k++)
            next = cand[k] < next ? cand[k] : next;
        if (sc_tissue_advance(r->t, next - d) != 0)
            return 1;
        d = next;
        if (d % chunk == 0 || d == nsteps) {
            if (check(r))
                return 1;
            cli_progress(&pg, d, nsteps, (double)d * dt);
        }
    }
    if (check(r))
        return 1;
    double wall = sc_now_s() - w0;
    /* a non-finite Vm left by the last diffusion step (the ionic step checks the others) */
    if (sc_cells_read(sc_tissue_cells(r->t), SC_VAR_VM, r->field) != 0)
        return 1;
    int bad = 0;
    for (long i = 0; i < sc_tissue_nodes(r->t) && !bad; i++)
        if (!isfinite(r->field[i])) {
            ScFailure f = {.cell = i, .step = d, .t = (double)d * dt, .vm = r->field[i]};
            snprintf(f.what, sizeof f.what, "Vm = %g after the diffusion step", r->field[i]);
            bad = report_failure(r, &f);
        }
    if (tmpi_max(&r->sh, bad))
        return 1;
    if (!r->o.quiet && r->sh.rank == 0)
        summary(r, d - d0, wall);
    return 0;
}

/* StarPU (StarPU-MPI under mpirun) up with the workers asked for. 0 or -1. */
static int start_starpu(Run *r) {
    struct starpu_conf conf;
    cli_starpu_conf(&conf, r->o.ncpu, r->o.ngpu);
    int rc = tmpi_init(&conf, &r->sh);
    if (rc != 0) {
        fprintf(stderr, "starcarp tissue: StarPU could not start (%s)%s\n", strerror(-rc),
                rc == -ENODEV ? ": no worker (check --ncpu/--ngpu)" : "");
        return -1;
    }
    return 0;
}

/* `starcarp tissue`: options, StarPU, the tissue, --imp-par / --vary / --restart, the time loop, the
 * activation outputs. Exit status as described at the top of this file. */
int cmd_tissue(int argc, char **argv) {
    static Run r;
    char err[1200];
    memset(&r, 0, sizeof r);
    if (topt_parse(argc, argv, &r.o, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 2;
    }
    if (r.o.help) {
        topt_usage();
        return 0;
    }
    int rc = configure(&r);
    if (rc)
        return rc;
    if ((rc = pick_model(&r)) != 0)
        return rc;
    const ScModelEntry *m = r.pk.m;
    char path[4200];
    if (start_starpu(&r) != 0)
        return 1;
    snprintf(path, sizeof path, "%s/probes.txt", r.o.out);
    if (r.sh.rank == 0 && r.o.nprobe && !(r.probes = fopen(path, r.o.restart ? "a" : "w"))) {
        fprintf(stderr, "starcarp tissue: %s: %s\n", path, strerror(errno));
        tmpi_shutdown(&r.sh);
        return 1;
    }
    /* this rank's planes of the slowest axis */
    int top = r.g.n[2] > 1 ? 2 : r.g.n[1] > 1 ? 1 : 0;
    long plane = top == 2 ? r.g.n[0] * r.g.n[1] : top == 1 ? r.g.n[0] : 1;
    tmpi_share(&r.sh, r.g.n[top], plane);
    if (r.sh.size > 1) {
        if (r.sh.size > r.g.n[top]) {
            if (r.sh.rank == 0)
                fprintf(stderr,
                        "starcarp tissue: %d ranks for %ld planes along %c: at most one rank per plane\n",
                        r.sh.size, r.g.n[top], "xyz"[top]);
            tmpi_shutdown(&r.sh);
            return 2;
        }
        r.cfg.plane0 = r.sh.plane0, r.cfg.nplanes = r.sh.nplanes;
        r.cfg.exchange = tmpi_exchange, r.cfg.exchange_ctx = &r.sh;
    }
    r.t = sc_tissue_create(m, &r.cfg, err, sizeof err);
    r.field = r.t ? malloc(sizeof(double) * (size_t)sc_tissue_nodes(r.t)) : NULL;
    r.all = r.sh.rank == 0 ? malloc(sizeof(double) * (size_t)(r.g.n[0] * r.g.n[1] * r.g.n[2])) : NULL;
    if (!r.t || !r.field || (r.sh.rank == 0 && !r.all)) {
        fprintf(stderr, "starcarp tissue: %s\n", r.t ? "out of memory" : err);
        rc = 1;
    }
    if (!rc)
        rc = set_params(&r);
    if (!rc)
        rc = set_vary(&r);
    if (!rc && r.o.restart && sc_tissue_load(r.t, rank_path(&r, r.o.restart), err, sizeof err) != 0) {
        fprintf(stderr, "starcarp tissue: --restart: %s\n", err);
        rc = 2;
    }
    if (!rc && r.probes && !r.o.restart) {
        fprintf(r.probes, "# t_ms");
        for (int j = 0; j < r.o.nprobe; j++)
            fprintf(r.probes, " Vm_P%d(%g,%g,%g)", j + 1, r.o.probe[j][0], r.o.probe[j][1], r.o.probe[j][2]);
        fputc('\n', r.probes);
    }
    if (!rc && !r.o.quiet && r.sh.rank == 0) {
        char dd[128] = "";
        for (int ax = 0, o = 0; ax < 3; ax++)
            if (r.g.n[ax] > 1)
                o += snprintf(dd + o, sizeof dd - (size_t)o, " %c %.4g", "xyz"[ax],
                              sc_tissue_diffusivity(&r.cfg, ax));
        char how[96];
        if (r.cfg.theta > 0)
            snprintf(how, sizeof how, "%s, %d Chebyshev sweeps per step",
                     r.cfg.theta == 0.5 ? "Crank-Nicolson"
                     : r.cfg.theta == 1 ? "backward Euler"
                                        : "implicit",
                     sc_tissue_sweeps(r.t));
        else
            snprintf(how, sizeof how, "%d diffusion sub-step%s", r.cfg.substeps,
                     r.cfg.substeps > 1 ? "s" : "");
        fprintf(stderr, "tissue: %s, %ld nodes, D (mm^2/ms):%s, dt %g ms (explicit limit %.4g ms; %s%s)\n",
                m->name, r.g.n[0] * r.g.n[1] * r.g.n[2], dd, r.cfg.dt, sc_tissue_dt_limit(&r.cfg), how,
                r.cfg.stencil == 9 ? ", 9-point stencil" : "");
    }
    if (!rc)
        rc = run_loop(&r, lround(r.o.duration / r.cfg.dt));
    if (!rc)
        rc = write_activation(&r, m);
    if (r.probes && fclose(r.probes) != 0 && !rc) {
        fprintf(stderr, "starcarp tissue: %s: %s\n", path, strerror(errno));
        rc = 1;
    }
    if (tigb_close(r.igb, err, sizeof err) != 0 && !rc) { /* also after a failure: the frames so far */
        fprintf(stderr, "starcarp tissue: %s\n", err);
        rc = 1;
    }
    sc_tissue_destroy(r.t);
    free(r.field), free(r.all);
    mpick_free(&r.pk);
    tmpi_shutdown(&r.sh);
    return rc;
}

/* cmd_tissue.c: `starcarp tissue`, the monodomain solver (tissue/sc_tissue.c) on every CPU core
 * and GPU: options and parameter files (tissue_opts.c), the time loop with its events (probe
 * samples, Vm snapshots, a checkpoint, progress and failure checks), and the outputs (tissue_out.c):
 * activation times as VTK and PNG, snapshots, probes.txt, the probes' activation times on stdout.
 * Exit status 0, 1 when the run fails (numerically: where and when; or an output cannot be
 * written), 2 for bad input (the option named with what it accepts). Under `mpirun -np N` with
 * StarPU-MPI, each rank holds a range of planes, or of a mesh's parts (tissue_mpi.c), and rank 0
 * writes the outputs.
 * docs/tissue.md. */
#include <errno.h>
#include <limits.h>
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
#include "outpath.h"
#include "progress.h"
#include "recfile.h"
#include "starcarp_util.h"
#include "stop.h"
#include "starcarp.h"
#include "tissue_frames.h"
#include "tissue_igb.h"
#include "tissue_impreg.h"
#include "tissue_meshio.h"
#include "tissue_mpi.h"
#include "tissue_opts.h"
#include "tissue_out.h"
#include "tissue_svinit.h"

/* The run's state besides the tissue. */
typedef struct Run {
    TissueOpts o;
    ScTissueConfig cfg;
    ToutGrid g;
    ScTissue *t;
    long probe_node[TOPT_MAX_PROBES];
    RecFile *probes; /* probes.txt (rank 0) */
    long nsnap;
    TmpiShare sh;
    double *field; /* one value per node of this rank (scratch for outputs) */
    double *all; /* the whole grid's values (rank 0) */
    TigbFile *igb; /* vm.igb, the snapshots (rank 0; opened at the first) */
    Mpick pk; /* the model, its parameters (--imp-par), --vary's parameter indices */
    int vary_k[8];
    Mpick ipk[SC_TISSUE_MAX_IMP + 1]; /* imp_region[1 ..]'s models and parameters (ipk[0] unused) */
    ScTissueImp imp[SC_TISSUE_MAX_IMP]; /* the regions as the solver takes them (cfg.imp) */
    double *sv[SC_TISSUE_MAX_IMP + 1]; /* imp_region[k].im_sv_init's state (tissue_svinit.h) or NULL */
    double last_probe_t; /* the time of the last row of probes.txt (-1: none) */
    double tflush; /* the last timed flush (stop.h) */
    int stop_sig; /* the signal that stopped the run, or 0 */
    long stop_d; /* the step it stopped at */
    ScMesh *mesh; /* --mesh: the mesh and its operator (NULL: the box) */
    ScFemOp *op;
    ScTissueRanks ranks; /* a mesh on several ranks */
    double *cells; /* a mesh on several ranks: the gathered values in cell order (rank 0) */
    Tframes *fw; /* the snapshots' background writer (rank 0; NULL: written in line) */
    double *frame; /* the grid's values the writer is writing (rank 0, with fw) */
    struct FrameJob { /* the snapshot being written: time, index, values */
        double t;
        long idx;
        const double *v;
    } job;
} Run;

/* Coordinates of a node of the run's grid or mesh (mm). */
static void where(const Run *r, long node, double x[3]) {
    if (r->mesh)
        memcpy(x, r->mesh->xyz + 3 * node, 3 * sizeof(double));
    else
        tout_node_xyz(&r->g, node, x);
}

/* A field of every node as VTK: the grid's structured points or the mesh's unstructured grid. */
static int write_vtk(const Run *r, const char *path, const double *field, const char *name, const char *title,
                     char *err, size_t errlen) {
    if (r->mesh)
        return sc_mesh_write_vtk(r->mesh, path, field, name, title, !strcmp(r->o.vtk, "binary"), err, errlen);
    return tout_vtk(path, &r->g, field, name, title, !strcmp(r->o.vtk, "binary"), err, errlen);
}

/* The failure message (exit 1), with hints at the units (tmio_hint). */
static int report_failure(const Run *r, const ScFailure *f) {
    double x[3];
    long node = f->cell + r->sh.plane0 * r->sh.plane;
    node = r->mesh && f->cell >= 0 ? sc_tissue_node_of(r->t, node) : node;
    if (f->cell >= 0) {
        where(r, node, x);
        fprintf(stderr,
                "starcarp tissue: numerical failure at node %ld (x %g, y %g, z %g mm) at t = %.4g ms (step "
                "%ld, dt %g ms): %s\n",
                node, x[0], x[1], x[2], f->t, f->step, r->cfg.dt, f->what);
    } else
        fprintf(stderr, "starcarp tissue: %s\n", f->what);
    tmio_hint(&r->o, r->mesh, f, stderr);
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
    double vm[TOPT_MAX_PROBES], out[TOPT_MAX_PROBES] = {0};
    long mine[TOPT_MAX_PROBES], lo = r->sh.plane0 * r->sh.plane, hi = lo + r->sh.nplanes * r->sh.plane;
    int at[TOPT_MAX_PROBES], nm = 0;
    for (int j = 0; j < r->o.nprobe; j++) { /* a mesh's cells are numbered over the ranks, a grid's nodes */
        long c = r->mesh ? sc_tissue_cell_of(r->t, r->probe_node[j]) : r->probe_node[j];
        if (c >= lo && c < hi)
            mine[nm] = r->mesh ? c - lo : sc_tissue_cell_of(r->t, c - lo), at[nm++] = j;
    }
    int bad = nm && sc_tissue_sample(r->t, mine, nm, vm) != 0;
    if (bad)
        fprintf(stderr, "starcarp tissue: the probes could not be sampled\n");
    for (int q = 0; q < nm && !bad; q++)
        out[at[q]] = vm[q];
    tmpi_sum0(&r->sh, out, r->o.nprobe); /* every rank takes part, failed or not */
    if (tmpi_max(&r->sh, bad))
        return 1;
    if (r->sh.rank != 0)
        return 0;
    char row[32 + 24 * TOPT_MAX_PROBES];
    int n = snprintf(row, sizeof row, "%.6f", t);
    for (int j = 0; j < r->o.nprobe; j++)
        n += snprintf(row + n, sizeof row - (size_t)n, " %.8e", out[j]);
    row[n++] = '\n';
    if (rec_put(r->probes, row, (size_t)n) != 0) { /* one whole row */
        fprintf(stderr, "starcarp tissue: %s\n", rec_error(r->probes));
        return 1;
    }
    r->last_probe_t = t;
    return 0;
}

/* vm.igb created before the first step (rank 0, with snapshots), its first frame that of the
 * first snapshot step from d0 on. 0, or 1 after a message. */
static int open_igb(Run *r, long d0) {
    if (r->sh.rank != 0 || !(r->o.snap_dt > 0))
        return 0;
    char path[4200], err[600];
    long every = lround(r->o.snap_dt / r->cfg.dt);
    every = every > 1 ? every : 1;
    snprintf(path, sizeof path, "%s/vm.igb", r->o.out);
    double org = (double)((d0 + every - 1) / every * every) * r->cfg.dt;
    if (!(r->igb = tigb_open(path, r->g.n, r->g.dx, org, (double)every * r->cfg.dt, "mV", err, sizeof err))) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 1;
    }
    return 0;
}

/* A snapshot's files (vm.igb's frame, the VTK file, the PNG) from r->job (ctx: the Run): a job of
 * the writer. */
static int write_frame(void *ctx, char *err, size_t errlen) {
    Run *r = ctx;
    const struct FrameJob *j = &r->job;
    char path[4200], title[160];
    snprintf(title, sizeof title, "starcarp tissue: Vm (mV) at t = %g ms", j->t);
    snprintf(path, sizeof path, "%s/vm_%04ld.vtk", r->o.out, j->idx);
    int rc = tigb_append(r->igb, j->v, err, errlen);
    if (rc == 0)
        rc = write_vtk(r, path, j->v, "Vm", title, err, errlen);
    if (rc == 0 && !r->o.no_png && !r->mesh) {
        snprintf(path, sizeof path, "%s/vm_%04ld.png", r->o.out, j->idx);
        snprintf(title, sizeof title, "Vm at t = %g ms", j->t);
        rc = tout_png(path, &r->g, j->v, title, "mV", -90, 40, -INFINITY, err, errlen);
    }
    return rc;
}

/* Wait for the snapshot being written, if any: 0, or 1 after its message. */
static int frames_done(Run *r) {
    char err[1024];
    if (tframes_wait(r->fw, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "starcarp tissue: %s\n", err);
    return 1;
}

/* The writer's job of a snapshot taken without stopping the loop (sc_tissue_snapshot; ctx: the
 * Run): Vm brought home into the writer's buffer, then the files. */
static int read_write_frame(void *ctx, char *err, size_t errlen) {
    Run *r = ctx;
    if (sc_tissue_snapshot_read(r->t, r->frame) != 0) {
        snprintf(err, errlen, "Vm could not be read (snapshot at t = %g ms)", r->job.t);
        return -1;
    }
    return write_frame(r, err, errlen);
}

/* This rank's values (r->field) into r->all on rank 0, in node order: a mesh on several ranks
 * gathers its cells, which rank 0 puts in node order. 0 or -1 (every rank takes part). */
static int gather(Run *r) {
    if (!(r->mesh && r->sh.size > 1))
        return tmpi_gather(&r->sh, r->field, r->all);
    int rc = tmpi_gather(&r->sh, r->field, r->cells);
    for (long c = 0; r->sh.rank == 0 && rc == 0 && c < r->mesh->nn; c++)
        r->all[sc_tissue_node_of(r->t, c)] = r->cells[c];
    return rc;
}

/* The snapshot of Vm at time t (every rank takes part). One process with the background writer:
 * copies of Vm taken on the devices (the loop goes on at once), brought home and written by the
 * writer. Several ranks: read and gathered here, the files written in the background (the writer
 * gets this frame's buffer, r->all the one it wrote before); without a writer, here. 0, or 1
 * after a message. */
static int snapshot(Run *r, double t) {
    if (r->sh.size == 1 && r->fw && r->frame) {
        if (frames_done(r))
            return 1;
        if (sc_tissue_snapshot(r->t) != 0) {
            fprintf(stderr, "starcarp tissue: the snapshot at t = %g ms could not be taken\n", t);
            return 1;
        }
        r->job = (struct FrameJob){t, r->nsnap++, r->frame};
        tframes_post(r->fw, read_write_frame, r);
        return 0;
    }
    int bad = sc_tissue_read_vm(r->t, r->field) != 0;
    bad |= gather(r) != 0; /* every rank takes part */
    if (tmpi_max(&r->sh, bad)) {
        fprintf(stderr, "starcarp tissue: Vm could not be read\n");
        return 1;
    }
    r->nsnap++;
    if (r->sh.rank != 0)
        return 0;
    if (frames_done(r))
        return 1;
    r->job = (struct FrameJob){t, r->nsnap - 1, r->all};
    if (r->fw && r->frame) {
        double *v = r->all;
        r->all = r->frame, r->frame = v;
        tframes_post(r->fw, write_frame, r);
        return 0;
    }
    char err[1024];
    if (write_frame(r, err, sizeof err) == 0)
        return 0;
    fprintf(stderr, "starcarp tissue: %s\n", err);
    return 1;
}

/* The outputs checked before StarPU starts: the --out folder made ready (tout_prepare: an earlier
 * run's files refused, removed with --overwrite, continued with --restart; rank 0 only) and the
 * checkpoint's file (every rank its own). 0, or 2 after a message naming the option. */
static int prepare_outputs(Run *r) {
    char err[1200], path[4200];
    int size, rank = opath_launch_rank(&size), removed = 0;
    if (rank == 0 &&
        tout_prepare(r->o.out, r->o.overwrite, r->o.restart != NULL, &removed, err, sizeof err)) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 2;
    }
    if (removed && !r->o.quiet)
        fprintf(stderr, "starcarp tissue: --overwrite: %d files of an earlier run removed from %s\n", removed,
                r->o.out);
    snprintf(path, sizeof path, size > 1 ? "%s.rank%d" : "%s", r->o.checkpoint ? r->o.checkpoint : "", rank);
    if (r->o.checkpoint && opath_check("--checkpoint", path, err, sizeof err)) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 2;
    }
    return 0;
}

/* The options into the tissue configuration; 2 with a message for bad input. */
static int configure(Run *r) {
    char err[900];
    TissueOpts *o = &r->o;
    ScTissueConfig *c = &r->cfg;
    memset(c, 0, sizeof *c);
    if (o->mesh ? tmio_load(o, c, &r->mesh, &r->op, err, sizeof err) != 0
                : topt_grid(o, r->g.n, r->g.dx, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 2;
    }
    if (r->mesh && tir_check_mesh(o, r->mesh, stderr, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 2;
    }
    if (r->mesh) /* the outputs' node count: openCARP's x of a mesh's IGB file */
        r->g.n[0] = r->mesh->nn, r->g.n[1] = r->g.n[2] = 1, r->g.dx[0] = r->g.dx[1] = r->g.dx[2] = 1;
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
    if (topt_check_stim(o, r->g.n, r->g.dx, r->mesh, err, sizeof err) != 0 ||
        sc_tissue_check(c, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 2;
    }
    for (int j = 0; j < o->nprobe; j++)
        if ((r->probe_node[j] =
                 r->mesh ? tmio_node_at(r->mesh, o->probe[j]) : tout_node_at(&r->g, o->probe[j])) < 0) {
            if (r->mesh) {
                fprintf(stderr, "starcarp tissue: --probe %g,%g,%g: outside the mesh's bounding box\n",
                        o->probe[j][0], o->probe[j][1], o->probe[j][2]);
                return 2;
            }
            fprintf(stderr, "starcarp tissue: --probe %g,%g,%g: outside the grid (0:%g, 0:%g, 0:%g mm)\n",
                    o->probe[j][0], o->probe[j][1], o->probe[j][2], (double)(r->g.n[0] - 1) * r->g.dx[0],
                    (double)(r->g.n[1] - 1) * r->g.dx[1], (double)(r->g.n[2] - 1) * r->g.dx[2]);
            return 2;
        }
    return prepare_outputs(r);
}

/* The model, --imp-par and --vary's parameters, then the other ionic regions', checked before
 * anything starts (model_pick.h). 0, or 2 after a message. */
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
    if (tmio_models(&r->o, r->ipk, r->imp, err, sizeof err) != 0 ||
        tsv_load(&r->o, r->pk.m, r->imp, r->sv, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 2;
    }
    r->cfg.nimp = r->o.nimp, r->cfg.imp = r->imp;
    return 0;
}

/* The parameter sets on the cell arrays, each region's own, and the states of im_sv_init. 0, or 2
 * after a message. */
static int set_params(Run *r) {
    char err[1024];
    if (tsv_apply(r->t, r->sv) != 0) {
        fprintf(stderr, "starcarp tissue: imp_region[i].im_sv_init: the states could not be written\n");
        return 2;
    }
    for (int k = 0; k < sc_tissue_nregions(r->t); k++) {
        ScCells *c = sc_tissue_region_cells(r->t, k);
        if (c && sc_cells_set_params(c, k ? r->ipk[k].values : r->pk.values, err, sizeof err) != 0) {
            fprintf(stderr, "starcarp tissue: %s: %s\n", k ? r->o.imp_name[k] : "--imp-par", err);
            return 2;
        }
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
    double lo[3] = {0, 0, 0}, len[3]; /* the domain along each axis */
    for (int a = 0; a < 3; a++)
        len[a] = (double)(r->g.n[a] - 1) * r->g.dx[a];
    if (r->mesh) {
        sc_mesh_bounds(r->mesh, lo, len);
        for (int a = 0; a < 3; a++)
            len[a] -= lo[a];
    }
    for (int q = 0; q < r->o.nvary && !rc; q++) {
        int k = r->vary_k[q], ax = r->o.vary[q].axis;
        for (long i = 0; i < n; i++) {
            double x[3];
            where(r, r->mesh ? sc_tissue_node_of(r->t, first + i) : first + i, x);
            double f = len[ax] > 0 ? (x[ax] - lo[ax]) / len[ax] : 0;
            v[i] = r->o.vary[q].lo + f * (r->o.vary[q].hi - r->o.vary[q].lo);
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
    bad |= gather(r) != 0; /* every rank takes part */
    if (tmpi_max(&r->sh, bad)) {
        fprintf(stderr, "starcarp tissue: the activation times could not be read\n");
        return 1;
    }
    if (r->sh.rank != 0)
        return 0;
    char meth[1400];
    mpick_methods(m, r->o.methods, "", meth, sizeof meth);
    snprintf(title, sizeof title,
             "starcarp tissue: activation time (ms; -1: none), threshold %g mV, %s, %.120s", r->cfg.thr,
             m->name, meth);
    snprintf(path, sizeof path, "%s/activation.vtk", r->o.out);
    int rc = write_vtk(r, path, r->all, "activation", title, err, sizeof err);
    snprintf(path, sizeof path, "%s/init_acts_%s-thresh.dat", r->o.out, r->o.lat_id ? r->o.lat_id : "vm_act");
    if (rc == 0)
        rc = tout_lat(path, r->all, r->g.n[0] * r->g.n[1] * r->g.n[2], err, sizeof err);
    if (rc == 0 && !r->o.no_png && !r->mesh) {
        snprintf(path, sizeof path, "%s/activation.png", r->o.out);
        rc = tout_png(path, &r->g, r->all, "activation time", "ms", NAN, NAN, 0, err, sizeof err);
    }
    if (rc != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 1;
    }
    if (r->o.nprobe)
        printf("# probe x_mm y_mm z_mm node activation_ms  # %s: %s\n", m->name, meth);
    for (int j = 0; j < r->o.nprobe; j++) {
        double x[3];
        where(r, r->probe_node[j], x);
        printf("P%d %g %g %g %ld %.4f\n", j + 1, x[0], x[1], x[2], r->probe_node[j],
               r->all[r->probe_node[j]]);
    }
    return 0;
}

/* The summary on stderr (rank 0): grid, slabs and their workers, steps, wall time, node-steps/s. */
static void summary(Run *r, long steps, double wall) {
    long nodes = r->g.n[0] * r->g.n[1] * r->g.n[2];
    if (r->sh.size > 1)
        fprintf(stderr, "summary: %d ranks; rank 0 holds %s %ld .. %ld\n", r->sh.size,
                r->mesh ? "cells" : "planes", r->sh.plane0, r->sh.plane0 + r->sh.nplanes - 1);
    if (r->mesh)
        fprintf(stderr, "summary: a mesh of %ld nodes, %d part%s:", nodes, sc_tissue_nslabs(r->t),
                sc_tissue_nslabs(r->t) > 1 ? "s" : "");
    else
        fprintf(stderr, "summary: %ld x %ld x %ld nodes (dx %g mm), %d slab%s:", r->g.n[0], r->g.n[1],
                r->g.n[2], r->g.dx[0], sc_tissue_nslabs(r->t), sc_tissue_nslabs(r->t) > 1 ? "s" : "");
    for (int s = 0; s < sc_tissue_nslabs(r->t); s++) {
        int w = sc_tissue_slab_worker(r->t, s);
        char name[64] = "any worker";
        if (w >= 0)
            starpu_worker_get_name(w, name, sizeof name);
        fprintf(stderr, " %ld %s on %s%s", sc_tissue_slab_planes(r->t, s), r->mesh ? "nodes" : "planes", name,
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

/* The steps of the loop's events: a probes' row, a snapshot (0: none), the checkpoint (-1: none). */
typedef struct Every {
    long probe, snap, ck;
} Every;

/* The rows and frames so far to probes.txt and vm.igb (rank 0). 0, or 1 after a message. */
static int flush_outputs(Run *r) {
    char err[700];
    if (frames_done(r))
        return 1;
    if (r->probes && rec_flush(r->probes) != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", rec_error(r->probes));
        return 1;
    }
    if (tigb_flush(r->igb, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 1;
    }
    return 0;
}

/* The events of step d (every rank): a probes' row (not at a restart's first step d0: the run
 * that wrote the checkpoint sampled it), a snapshot, the checkpoint at its time or where the run
 * stops (`stopping`), and after an output the timed flush. 0, or 1 after a message. */
static int events_at(Run *r, const Every *ev, long d, long d0, int stopping) {
    const double t = (double)d * r->cfg.dt;
    int row = d % ev->probe == 0 && !(r->o.restart && d == d0);
    if (row && sample_probes(r, t))
        return 1;
    int snap = ev->snap && d % ev->snap == 0;
    if (snap && snapshot(r, t))
        return 1;
    if (d == ev->ck || (stopping && r->o.checkpoint)) {
        char err[600];
        if (sc_tissue_save(r->t, rank_path(r, r->o.checkpoint), err, sizeof err) != 0) {
            fprintf(stderr, "starcarp tissue: --checkpoint: %s\n", err);
            return 1;
        }
    }
    if ((row || snap) && r->sh.rank == 0 && stop_flush_due(&r->tflush))
        return flush_outputs(r);
    return 0;
}

/* The time loop from the current step to nsteps, with its events. Every piece of about
 * STOP_CHUNK_S of work ends with the failure check and the signal record agreed over the ranks;
 * a stop finishes the events of the step reached (r->stop_sig, r->stop_d). 0 or 1. */
static int run_loop(Run *r, long nsteps) {
    const double dt = r->cfg.dt;
    Every ev = {lround(r->o.probe_dt / dt), r->o.snap_dt > 0 ? lround(r->o.snap_dt / dt) : 0,
                r->o.checkpoint ? lround(r->o.checkpoint_time / dt) : -1};
    if (ev.probe < 1)
        ev.probe = 1;
    if (r->o.snap_dt > 0 && ev.snap < 1)
        ev.snap = 1;
    long cap = nsteps / 100 > 50 ? nsteps / 100 : 50, piece = 50;
    cap = cap < INT_MAX ? cap : INT_MAX;
    CliProgress pg = {!r->o.quiet && r->sh.rank == 0, isatty(2), -1, sc_now_s()};
    long d = sc_tissue_step(r->t), d0 = d, mark = d, next_check = d + piece;
    double w0 = sc_now_s(), wmark = w0;
    int stopping = 0;
    if (open_igb(r, d0))
        return 1;
    for (;;) {
        if (events_at(r, &ev, d, d0, stopping))
            return 1;
        if (stopping) {
            r->stop_sig = stopping, r->stop_d = d;
            break;
        }
        if (d >= nsteps)
            break;
        long next = nsteps;
        long cand[4] = {(d / ev.probe + 1) * ev.probe, ev.snap ? (d / ev.snap + 1) * ev.snap : nsteps,
                        ev.ck > d ? ev.ck : nsteps, next_check};
        for (int k = 0; k < 4; k++)
            next = cand[k] < next ? cand[k] : next;
        if (sc_tissue_advance(r->t, next - d) != 0)
            return 1;
        d = next;
        if (d == next_check || d == nsteps) {
            if (check(r))
                return 1;
            double now = sc_now_s();
            piece =
                -tmpi_max(&r->sh, -(int)stop_chunk(d - mark, now - wmark, 1, cap)); /* alike on every rank */
            stopping = tmpi_max(&r->sh, stop_signal());
            mark = d, wmark = now, next_check = d + piece;
            cli_progress(&pg, d, nsteps, (double)d * dt);
        }
    }
    cli_progress_end(&pg);
    if (check(r) || (r->sh.rank == 0 && frames_done(r)))
        return 1;
    double wall = sc_now_s() - w0;
    /* a non-finite Vm left by the last diffusion step (the ionic step checks the others) */
    if (sc_tissue_read_cells(r->t, r->field) != 0)
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

/* probes.txt (rank 0, with probes), created before the first step with its header line, or
 * continued by a restart. 0, or 1 after a message. */
static int open_probes(Run *r) {
    char path[4200], err[700], head[32 + 80 * TOPT_MAX_PROBES];
    r->last_probe_t = -1;
    if (r->sh.rank != 0 || !r->o.nprobe)
        return 0;
    snprintf(path, sizeof path, "%s/probes.txt", r->o.out);
    if (!(r->probes = rec_open(path, r->o.restart != NULL, 0, err, sizeof err))) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 1;
    }
    if (r->o.restart)
        return 0;
    int n = snprintf(head, sizeof head, "# t_ms");
    for (int j = 0; j < r->o.nprobe; j++)
        n += snprintf(head + n, sizeof head - (size_t)n, " Vm_P%d(%g,%g,%g)", j + 1, r->o.probe[j][0],
                      r->o.probe[j][1], r->o.probe[j][2]);
    char meth[1400];
    mpick_methods(r->pk.m, r->o.methods, "", meth, sizeof meth);
    return rec_printf(r->probes, "%s  # %s: %s\n", head, r->pk.m->name, meth) != 0;
}

/* Where a stop left the run (rank 0 says it): the step, the whole records of the outputs, the
 * checkpoint. Returns the exit status, 128 + the signal. */
static int report_stop(Run *r, long nsteps) {
    if (r->sh.rank != 0)
        return stop_status(r->stop_sig);
    char rows[160] = "", frames[160] = "", ck[600] = "";
    if (r->probes && r->last_probe_t >= 0)
        snprintf(rows, sizeof rows, "; probes.txt holds whole rows up to t = %g ms", r->last_probe_t);
    if (r->igb && tigb_frames(r->igb) > 0)
        snprintf(frames, sizeof frames, "; vm.igb holds %ld whole frames", tigb_frames(r->igb));
    if (r->o.checkpoint)
        snprintf(ck, sizeof ck, "; the checkpoint %s holds step %ld: --restart %s continues the run",
                 r->o.checkpoint, r->stop_d, r->o.checkpoint);
    fprintf(stderr,
            "starcarp tissue: stopped by %s at t = %g ms, step %ld of %ld%s%s; the activation files hold the "
            "times so far%s\n",
            stop_name(r->stop_sig), (double)r->stop_d * r->cfg.dt, r->stop_d, nsteps, rows, frames, ck);
    return stop_status(r->stop_sig);
}

/* StarPU (StarPU-MPI under mpirun) up with the workers asked for. 0 or -1. */
static int start_starpu(Run *r) {
    struct starpu_conf conf;
    cli_starpu_conf(&conf, r->o.ncpu, r->o.ngpu, SC_SCHED_PINNED, NULL);
    return tmpi_init(&conf, &r->sh) == 0 ? 0 : -1; /* the message: cli_starpu_begin's */
}

/* `starcarp tissue`: options, StarPU, the tissue, --imp-par / --vary / --restart, the time loop, the
 * activation outputs. Exit status as described at the top of this file. */
/* This rank's planes of the slowest axis (a mesh: its nodes, planes of one) and, on several ranks,
 * the exchanges the tissue's configuration uses. 0, or -1 with more ranks than planes (rank 0 says
 * so). */
static int share_ranks(Run *r) {
    int top = r->g.n[2] > 1 ? 2 : r->g.n[1] > 1 ? 1 : 0;
    long plane = top == 2 ? r->g.n[0] * r->g.n[1] : top == 1 ? r->g.n[0] : 1;
    tmpi_share(&r->sh, r->g.n[top], plane);
    if (r->sh.size <= 1)
        return 0;
    if (r->sh.size > r->g.n[top]) {
        if (r->sh.rank == 0)
            fprintf(stderr, "starcarp tissue: %d ranks for %ld planes along %c: at most one rank per plane\n",
                    r->sh.size, r->g.n[top], "xyz"[top]);
        return -1;
    }
    r->ranks =
        (ScTissueRanks){r->sh.rank, r->sh.size, r->sh.nplanes, &r->sh, tmpi_allgather, tmpi_send, tmpi_recv};
    if (r->mesh)
        r->cfg.ranks = &r->ranks;
    else {
        r->cfg.plane0 = r->sh.plane0, r->cfg.nplanes = r->sh.nplanes;
        r->cfg.exchange = tmpi_exchange, r->cfg.exchange_ctx = &r->sh;
    }
    return 0;
}

int cmd_tissue(int argc, char **argv) {
    static Run r;
    char err[1200];
    memset(&r, 0, sizeof r);
    if (topt_parse(argc, argv, &r.o, err, sizeof err) != 0) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        return 2;
    }
    if (r.o.help || r.o.help_par) {
        if (r.o.help)
            topt_usage(stdout);
        else
            tpar_help(stdout);
        return 0;
    }
    int rc = cli_mpi_agree(configure(&r)); /* rank 0 alone checks --out */
    if (rc)
        return rc;
    if ((rc = pick_model(&r)) != 0)
        return rc;
    const ScModelEntry *m = r.pk.m;
    stop_install(); /* SIGINT and SIGTERM stop the run cleanly from here on */
    if (start_starpu(&r) != 0)
        return 1;
    stop_install(); /* again: StarPU's start puts a SIGINT handler of its own */
    if (open_probes(&r) != 0) {
        tmpi_shutdown(&r.sh);
        return 1;
    }
    if (share_ranks(&r) != 0) {
        tmpi_shutdown(&r.sh);
        return 2;
    }
    r.t = sc_tissue_create(m, &r.cfg, err, sizeof err);
    if (r.t && r.mesh) /* the cells this rank holds, as the mesh's cut gave them */
        r.sh.plane0 = sc_tissue_first_cell(r.t), r.sh.nplanes = sc_tissue_nodes(r.t);
    if (r.sh.rank == 0 && r.mesh && r.sh.size > 1)
        r.cells = malloc(sizeof(double) * (size_t)r.mesh->nn);
    r.field = r.t ? malloc(sizeof(double) * (size_t)sc_tissue_nodes(r.t)) : NULL;
    r.all = r.sh.rank == 0 ? malloc(sizeof(double) * (size_t)(r.g.n[0] * r.g.n[1] * r.g.n[2])) : NULL;
    if (r.sh.rank == 0 && r.o.snap_dt > 0 && (r.fw = tframes_open()) != NULL) /* no room: written in line */
        r.frame = malloc(sizeof(double) * (size_t)(r.g.n[0] * r.g.n[1] * r.g.n[2]));
    if (!r.t || !r.field || (r.sh.rank == 0 && (!r.all || (r.mesh && r.sh.size > 1 && !r.cells)))) {
        fprintf(stderr, "starcarp tissue: %s\n", r.t ? "out of memory" : err);
        tmio_hint(&r.o, r.mesh, NULL, stderr);
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
    if (!rc && !r.o.quiet && r.sh.rank == 0)
        tmio_setup(stderr, &r.cfg, r.t, m, r.imp, r.o.par.notes);
    if (!rc) {
        /* the states go to their GPUs now, all at once, rather than at the first probe's sample */
        double p0 = sc_now_s();
        int placed = 0;
        for (int k = 0; k < sc_tissue_nregions(r.t); k++)
            placed += sc_tissue_region_cells(r.t, k) ? sc_cells_place(sc_tissue_region_cells(r.t, k)) : 0;
        if (placed > 0 && !r.o.quiet && r.sh.rank == 0)
            fprintf(stderr, "tissue: the states placed on the GPUs (%d %s) in %.2f s\n", placed,
                    r.mesh ? "parts" : "slabs", sc_now_s() - p0);
        rc = run_loop(&r, lround(r.o.duration / r.cfg.dt));
    }
    if (!rc)
        rc = write_activation(&r, m);
    if (rec_close(r.probes, err, sizeof err) != 0 && !rc) {
        fprintf(stderr, "starcarp tissue: %s\n", err);
        rc = 1;
    }
    if (frames_done(&r) && !rc) /* the last snapshot's files, also after a failure */
        rc = 1;
    tframes_close(r.fw);
    if (tigb_close(r.igb, err, sizeof err) != 0 && !rc) { /* also after a failure: the frames so far */
        fprintf(stderr, "starcarp tissue: %s\n", err);
        rc = 1;
    }
    if (!rc && r.stop_sig)
        rc = report_stop(&r, lround(r.o.duration / r.cfg.dt));
    sc_tissue_destroy(r.t);
    free(r.field), free(r.all), free(r.frame), free(r.cells);
    mpick_free(&r.pk), tsv_free(r.sv);
    for (int k = 1; k <= r.o.nimp; k++)
        mpick_free(&r.ipk[k]);
    sc_fem_free(r.op), sc_mesh_free(r.mesh);
    tmpi_shutdown(&r.sh);
    return rc;
}

/* sc_tissue.c: the monodomain tissue solver: grid, slabs, halos and the time loop on StarPU
 * (sc_tissue.h; the diffusion kernels are codelets/cl_diffuse.c and cl_halo.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "diffuse.h"
#include "place.h"
#include "util_int.h"
#include "sc_fem.h"
#include "sc_tissue.h"
#include "tissue_int.h"

double sc_tissue_diffusivity(const ScTissueConfig *cfg, int a) {
    return 100.0 * cfg->sigma[a] / (cfg->chi * cfg->cm);
}

double sc_tissue_lambda_max(const ScTissueConfig *cfg) {
    if (cfg->mesh)
        return cfg->op ? cfg->op->lambda : 0;
    double s = 0, d[3] = {0, 0, 0};
    int na = 0;
    for (int a = 0; a < 3; a++)
        if (cfg->n[a] > 1)
            s += (d[na++] = sc_tissue_diffusivity(cfg, a) / (cfg->dx[a] * cfg->dx[a]));
    if (cfg->stencil == 9 && na == 2) {
        /* -lambda(sx, sy) = 4 a sx + 4 b sy - 16 (a + b) / 12 sx sy (sx, sy = sin^2 of the half
         * wave numbers): bilinear, largest at a corner of [0, 1]^2 */
        double m = fmax(4 * d[0], 4 * d[1]);
        return fmax(m, 8.0 / 3.0 * (d[0] + d[1]));
    }
    return 4 * s;
}

double sc_tissue_dt_limit(const ScTissueConfig *cfg) {
    double l = sc_tissue_lambda_max(cfg);
    return l > 0 ? 2.0 / l : INFINITY;
}

static const char axis[] = "xyz"; /* the axes' names in sc_tissue_check's messages */

/* sc_tissue_check's grid and membrane: the nodes and spacings along each axis (a structured grid),
 * the conductivities, chi, Cm and dt. 0, or -1 with err set. */
static int check_grid(const ScTissueConfig *c, char *err, size_t errlen) {
    for (int a = 0; a < 3; a++) {
        if (!c->mesh && (c->n[a] < 1 || c->n[a] > 100000000L)) {
            sc_set_err(err, errlen, "nodes along %c: %ld (expected 1 to 1e8)", axis[a], c->n[a]);
            return -1;
        }
        if (!c->mesh && (!(c->dx[a] > 0) || !isfinite(c->dx[a]))) {
            sc_set_err(err, errlen, "spacing along %c: %g mm (expected > 0)", axis[a], c->dx[a]);
            return -1;
        }
        if (!(c->sigma[a] >= 0) || !isfinite(c->sigma[a])) {
            sc_set_err(err, errlen, "conductivity along %c: %g S/m (expected >= 0)", axis[a], c->sigma[a]);
            return -1;
        }
    }
    double nodes = (double)c->n[0] * (double)c->n[1] * (double)c->n[2];
    if (!c->mesh && nodes > 2147483647.0) {
        sc_set_err(err, errlen, "%.0f nodes: at most 2^31-1", nodes);
        return -1;
    }
    if (!(c->chi > 0) || !isfinite(c->chi)) {
        sc_set_err(err, errlen, "chi %g /mm (expected > 0)", c->chi);
        return -1;
    }
    if (!(c->cm > 0) || !isfinite(c->cm)) {
        sc_set_err(err, errlen, "Cm %g uF/cm^2 (expected > 0)", c->cm);
        return -1;
    }
    if (!(c->dt > 0) || !isfinite(c->dt)) {
        sc_set_err(err, errlen, "dt %g ms (expected > 0)", c->dt);
        return -1;
    }
    return 0;
}

/* sc_tissue_check's diffusion: the sub-steps, theta, the solver's tolerance, the stencil, and dt
 * within the stability limit of explicit diffusion (on a mesh, or on the grid: the message then
 * names each axis' D/dx^2). 0, or -1 with err set. */
static int check_diffusion(const ScTissueConfig *c, char *err, size_t errlen) {
    double lim = sc_tissue_dt_limit(c);
    int m = c->substeps > 1 ? c->substeps : 1;
    if (c->substeps < 0 || c->substeps > 1000) {
        sc_set_err(err, errlen, "%d diffusion sub-steps (expected 1 to 1000)", c->substeps);
        return -1;
    }
    if (!(c->theta == 0 || (c->theta >= 0.5 && c->theta <= 1))) {
        sc_set_err(err, errlen,
                   "theta %g (expected 0: explicit, or 0.5 to 1: implicit; 0.5 Crank-Nicolson, 1 backward "
                   "Euler)",
                   c->theta);
        return -1;
    }
    if (!(c->solve_tol == 0 || (c->solve_tol >= 1e-15 && c->solve_tol <= 0.1))) {
        sc_set_err(err, errlen, "solver tolerance %g (expected 1e-15 to 0.1)", c->solve_tol);
        return -1;
    }
    int axes = (c->n[0] > 1) + (c->n[1] > 1) + (c->n[2] > 1);
    if (c->stencil != 0 && c->stencil != 5 && c->stencil != 9) {
        sc_set_err(err, errlen, "a %d-point stencil (expected 5 or 9, for a 2D grid)", c->stencil);
        return -1;
    }
    if (c->stencil == 9 && axes != 2 && !c->mesh) {
        sc_set_err(err, errlen,
                   "the 9-point stencil is for 2D grids; this grid has %d axes of more than one node "
                   "(1D: 3 points, 3D: 7 points)",
                   axes);
        return -1;
    }
    if (c->theta > 0 && m > 1) {
        sc_set_err(err, errlen,
                   "%d diffusion sub-steps with implicit diffusion (sub-steps are for explicit "
                   "diffusion; an implicit step takes any dt)",
                   m);
        return -1;
    }
    if (c->theta == 0 && c->dt / m > lim && c->mesh) {
        sc_set_err(err, errlen,
                   "dt %g ms%s is above the stability limit of explicit diffusion on this mesh, dt <= 2 / "
                   "lambda = %.4g ms (lambda = %.4g /ms bounds the assembled operator's eigenvalues: "
                   "Gershgorin); use dt <= %.4g ms, %d diffusion sub-steps per step, or implicit diffusion",
                   m > 1 ? c->dt / m : c->dt, m > 1 ? " per diffusion sub-step" : "", lim,
                   sc_tissue_lambda_max(c), floor(lim * 1e4) / 1e4, (int)ceil(c->dt / lim * (1 - 1e-12)));
        return -1;
    }
    if (c->theta == 0 && c->dt / m > lim) {
        char d[160] = "";
        for (int a = 0, o = 0; a < 3; a++)
            if (c->n[a] > 1)
                o += snprintf(d + o, sizeof d - (size_t)o, "%s%c %.4g mm^2/ms / (%g mm)^2", o ? ", " : "",
                              axis[a], sc_tissue_diffusivity(c, a), c->dx[a]);
        sc_set_err(err, errlen,
                   "dt %g ms%s is above the stability limit of explicit diffusion, "
                   "dt <= %s = %.4g ms (D = 100 sigma / (chi Cm): %s); use dt <= %.4g ms, a "
                   "coarser dx, %d diffusion sub-steps per step, or implicit diffusion",
                   m > 1 ? c->dt / m : c->dt, m > 1 ? " per diffusion sub-step" : "",
                   c->stencil == 9 ? "2 / max(4 a, 4 b, 8/3 (a + b)), a and b the axes' D/dx^2 (9 points)"
                                   : "1 / (2 sum D/dx^2)",
                   lim, d, floor(lim * 1e4) / 1e4, (int)ceil(c->dt / lim * (1 - 1e-12)));
        return -1;
    }
    return 0;
}

/* sc_tissue_check's stimuli: their number, each box holding a node of the grid, its times and
 * strength. 0, or -1 with err set. */
static int check_stimuli(const ScTissueConfig *c, char *err, size_t errlen) {
    if (c->nstim < 0 || c->nstim > SC_TISSUE_MAX_STIM) {
        sc_set_err(err, errlen, "%d stimuli (at most %d)", c->nstim, SC_TISSUE_MAX_STIM);
        return -1;
    }
    for (int s = 0; s < c->nstim; s++) {
        const ScTissueStim *x = &c->stim[s];
        long i0, i1;
        for (int a = 0; a < 3 && !c->mesh; a++)
            if (!tissue_box_range(x->lo[a], x->hi[a], c->n[a], c->dx[a], &i0, &i1)) {
                sc_set_err(err, errlen,
                           "stimulus %d: its box %g:%g mm along %c holds no node (the grid spans 0:%g mm)",
                           s + 1, x->lo[a], x->hi[a], axis[a], (double)(c->n[a] - 1) * c->dx[a]);
                return -1;
            }
        if (!(x->start >= 0) || !(x->dur > 0) || !(x->period >= 0) || x->count < 0 || !isfinite(x->amp)) {
            sc_set_err(err, errlen,
                       "stimulus %d: start %g, duration %g, period %g ms, count %ld, strength %g "
                       "(expected start >= 0, duration > 0, period >= 0, count >= 0, a finite strength)",
                       s + 1, x->start, x->dur, x->period, x->count, x->amp);
            return -1;
        }
        if (x->count > 1 && x->period < x->dur) {
            sc_set_err(err, errlen, "stimulus %d: period %g ms shorter than the pulse (%g ms)", s + 1,
                       x->period, x->dur);
            return -1;
        }
    }
    return 0;
}

/* sc_tissue_check's ionic regions: a mesh's only, at most SC_TISSUE_MAX_IMP, each with a model,
 * no tag listed twice. 0, or -1 with err set. */
static int check_imp(const ScTissueConfig *c, char *err, size_t errlen) {
    if (c->nimp < 0 || c->nimp > SC_TISSUE_MAX_IMP || (c->nimp > 0 && !c->imp)) {
        sc_set_err(err, errlen, "%d ionic regions beyond the default one (expected 0 to %d)", c->nimp,
                   SC_TISSUE_MAX_IMP);
        return -1;
    }
    if (c->nimp > 0 && !c->mesh) {
        sc_set_err(err, errlen, "several ionic regions need a mesh: the grid has no element tags");
        return -1;
    }
    for (int k = 0; k < c->nimp; k++) {
        if (!c->imp[k].m || c->imp[k].ntags < 0 || (c->imp[k].ntags > 0 && !c->imp[k].tags)) {
            sc_set_err(err, errlen, "ionic region %d: no model, or a bad list of tags", k + 1);
            return -1;
        }
        for (int j = 0; j < c->imp[k].ntags; j++)
            for (int l = 0; l < c->nimp; l++)
                for (int i = 0; i < c->imp[l].ntags; i++)
                    if ((l != k || i != j) && c->imp[l].tags[i] == c->imp[k].tags[j]) {
                        sc_set_err(err, errlen, "tag %d is listed by ionic regions %d and %d",
                                   c->imp[k].tags[j], k + 1, l + 1);
                        return -1;
                    }
    }
    return 0;
}

int sc_tissue_check(const ScTissueConfig *c, char *err, size_t errlen) {
    if (check_grid(c, err, errlen) != 0 || check_diffusion(c, err, errlen) != 0 ||
        check_imp(c, err, errlen) != 0)
        return -1;
    int top = c->n[2] > 1 ? 2 : c->n[1] > 1 ? 1 : 0;
    if (c->mesh && tmesh_check(c, err, errlen) != 0)
        return -1;
    if (!c->mesh &&
        (c->nplanes < 0 || c->plane0 < 0 || (c->nplanes > 0 && c->plane0 + c->nplanes > c->n[top]))) {
        sc_set_err(err, errlen, "planes %ld .. %ld of %ld along %c", c->plane0, c->plane0 + c->nplanes - 1,
                   c->n[top], axis[top]);
        return -1;
    }
    if (!c->mesh && c->nplanes > 0 && c->nplanes < c->n[top] && !c->exchange) {
        sc_set_err(err, errlen, "a part of the grid without an exchange of its edge planes");
        return -1;
    }
    return check_stimuli(c, err, errlen);
}

/* Kernel axes (0, 1, L) from the grid: L is the slowest axis with more than one node. */
static void map_axes(ScTissue *t) {
    const ScTissueConfig *c = &t->cfg;
    int top = c->n[2] > 1 ? 2 : c->n[1] > 1 ? 1 : 0;
    t->ax[0] = top >= 1 ? 0 : -1;
    t->ax[1] = top == 2 ? 1 : -1;
    t->ax[2] = top;
    t->L = c->n[top];
    t->n0 = top >= 1 ? c->n[0] : 1;
    t->n1 = top == 2 ? c->n[1] : 1;
    t->P = t->n0 * t->n1;
    t->g0 = c->nplanes > 0 ? c->plane0 : 0;
    t->Lloc = c->nplanes > 0 ? c->nplanes : t->L;
    t->remote = t->g0 > 0 || t->g0 + t->Lloc < t->L;
    t->nodes = t->P * t->Lloc;
    double *cc[3] = {&t->c0, &t->c1, &t->cL};
    t->m = c->substeps > 1 && c->theta == 0 ? c->substeps : 1;
    const double h = c->dt / t->m;
    for (int k = 0; k < 3; k++) {
        int a = t->ax[k];
        *cc[k] = a >= 0 && c->n[a] > 1 ? h * sc_tissue_diffusivity(c, a) / (c->dx[a] * c->dx[a]) : 0.0;
    }
    t->cX = c->stencil == 9 ? (t->c0 + t->cL) / 12.0 : 0.0; /* 2D: kernel axes 0 and L */
}

/* Maximum Chebyshev sweeps per implicit step. */
#define TISSUE_MAX_SWEEPS 10000

/* The implicit step's Chebyshev iteration: its matrix I - theta dt L has its eigenvalues in [1, 1 +
 * theta dt lambda_max] (sc_tissue_lambda_max; real: L is symmetric in the trapezoidal inner
 * product, and its no-flux spectrum is that of the cosine modes, -lambda >= 0). Fills
 * t->sweeps, gamma and omega; 0, or -1 with a message when the tolerance needs too many sweeps. */
static int plan_sweeps(ScTissue *t, char *err, size_t errlen) {
    const ScTissueConfig *c = &t->cfg;
    if (c->theta == 0)
        return 0;
    double kappa = 1.0 + c->theta * c->dt * sc_tissue_lambda_max(c);
    double tol = c->solve_tol > 0 ? c->solve_tol : 1e-8;
    t->omega = malloc(sizeof(double) * TISSUE_MAX_SWEEPS);
    if (!t->omega) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    t->sweeps = kern_cheb_plan(kappa, tol, TISSUE_MAX_SWEEPS, &t->gamma, t->omega);
    if (t->sweeps > TISSUE_MAX_SWEEPS) {
        sc_set_err(
            err, errlen,
            "dt %g ms: the implicit step (condition number %.3g) needs more than %d sweeps to reach the "
            "tolerance %g; use a smaller dt",
            c->dt, kappa, TISSUE_MAX_SWEEPS, tol);
        return -1;
    }
    return 0;
}

/* Register the slabs' own handles: activation record (host), scratch, halos (allocated by StarPU). */
static int register_handles(ScTissue *t, char *err, size_t errlen) {
    int ns = t->ns;
    t->act = calloc((size_t)ns, sizeof(double *));
    t->h_act = calloc((size_t)ns, sizeof(starpu_data_handle_t));
    t->h_scr = calloc((size_t)ns, sizeof(starpu_data_handle_t));
    t->h_lo = calloc((size_t)ns, sizeof(starpu_data_handle_t));
    t->h_hi = calloc((size_t)ns, sizeof(starpu_data_handle_t));
    t->h_aux = calloc((size_t)ns, sizeof(starpu_data_handle_t));
    double *vm = malloc(sizeof(double) * (size_t)t->nodes);
    if (!t->act || !t->h_act || !t->h_scr || !t->h_lo || !t->h_hi || !t->h_aux || !vm ||
        sc_cells_read(t->cells, SC_VAR_VM, vm) != 0) {
        free(vm);
        sc_set_err(err, errlen, "out of memory, or the initial Vm could not be read");
        return -1;
    }
    for (int s = 0; s < ns; s++) {
        size_t n = (size_t)(t->nl[s] * t->P);
        if (starpu_malloc((void **)&t->act[s], 2 * n * sizeof(double)) != 0) {
            free(vm);
            sc_set_err(err, errlen, "out of memory (activation record of %zu nodes)", n);
            return -1;
        }
        for (size_t i = 0; i < n; i++)
            t->act[s][i] = -1.0, t->act[s][n + i] = vm[(size_t)(t->l0[s] * t->P) + i];
        starpu_vector_data_register(&t->h_act[s], STARPU_MAIN_RAM, (uintptr_t)t->act[s], (uint32_t)(2 * n),
                                    sizeof(double));
        starpu_vector_data_register(&t->h_scr[s], -1, 0, (uint32_t)tstep_scratch(t, s), sizeof(double));
        if (t->sweeps > 0) /* b, then the iterate before the last (written by each step first) */
            starpu_vector_data_register(&t->h_aux[s], -1, 0, (uint32_t)(2 * n), sizeof(double));
        if (ns > 1 || t->remote) {
            starpu_vector_data_register(&t->h_lo[s], -1, 0, (uint32_t)(t->depth * t->P), sizeof(double));
            starpu_vector_data_register(&t->h_hi[s], -1, 0, (uint32_t)(t->depth * t->P), sizeof(double));
        }
    }
    if (t->g0 > 0)
        starpu_vector_data_register(&t->ghost_lo, -1, 0, (uint32_t)t->P, sizeof(double));
    if (t->g0 + t->Lloc < t->L)
        starpu_vector_data_register(&t->ghost_hi, -1, 0, (uint32_t)t->P, sizeof(double));
    free(vm);
    return 0;
}

ScTissue *sc_tissue_create(const ScModelEntry *m, const ScTissueConfig *cfg, char *err, size_t errlen) {
    if (place_create_start(m, cfg, err, errlen) != 0)
        return NULL;
    if (sc_tissue_check(cfg, err, errlen) != 0)
        return NULL;
    ScTissue *t = calloc(1, sizeof *t);
    if (!t) {
        sc_set_err(err, errlen, "out of memory");
        return NULL;
    }
    t->cfg = *cfg;
    if (cfg->mesh) {
        if (!(t->mesh = tmesh_create(m, cfg, err, errlen))) {
            free(t);
            return NULL;
        }
        return t;
    }
    map_axes(t);
    if (plan_sweeps(t, err, errlen) != 0 || tissue_place_slabs(m, &t->cfg, t->nodes, t->P, &t->ns, &t->l0,
                                                               &t->nl, &t->worker, err, errlen) != 0) {
        sc_tissue_destroy(t);
        return NULL;
    }
    double *w = malloc(sizeof(double) * (size_t)t->ns);
    for (int s = 0; w && s < t->ns; s++)
        w[s] = (double)(t->nl[s] * t->P);
    t->cells = tissue_cells(m, cfg, t->nodes, t->ns, w, t->worker, err, errlen);
    free(w);
    if (!t->cells) {
        sc_tissue_destroy(t);
        return NULL;
    }
    for (int s = 0; s < t->ns; s++)
        if (sc_cells_part_size(t->cells, s) != t->nl[s] * t->P) {
            sc_set_err(err, errlen, "partition %d of the cell array holds %ld nodes, its slab %ld", s,
                       sc_cells_part_size(t->cells, s), t->nl[s] * t->P);
            sc_tissue_destroy(t);
            return NULL;
        }
    if (tstep_plan(t) != 0)
        sc_set_err(err, errlen, "out of memory");
    else if (register_handles(t, err, errlen) == 0)
        return t;
    sc_tissue_destroy(t);
    return NULL;
}

void sc_tissue_destroy(ScTissue *t) {
    if (!t)
        return;
    tmesh_destroy(t->mesh);
    starpu_task_wait_for_all();
    for (int s = 0; s < t->ns; s++) {
        if (t->h_act && t->h_act[s])
            starpu_data_unregister(t->h_act[s]);
        if (t->h_scr && t->h_scr[s])
            starpu_data_unregister(t->h_scr[s]);
        if (t->h_lo && t->h_lo[s])
            starpu_data_unregister(t->h_lo[s]);
        if (t->h_hi && t->h_hi[s])
            starpu_data_unregister(t->h_hi[s]);
        if (t->h_aux && t->h_aux[s])
            starpu_data_unregister(t->h_aux[s]);
        if (t->act && t->act[s])
            starpu_free_noflag(t->act[s], sizeof(double) * 2 * (size_t)(t->nl[s] * t->P));
    }
    if (t->ghost_lo)
        starpu_data_unregister(t->ghost_lo);
    if (t->ghost_hi)
        starpu_data_unregister(t->ghost_hi);
    sc_cells_destroy(t->cells);
    free(t->act), free(t->h_act), free(t->h_scr), free(t->h_aux);
    free(t->h_lo), free(t->h_hi), free(t->cl_halo);
    free(t->omega);
    free(t->l0), free(t->nl), free(t->worker);
    free(t);
}

ScCells *sc_tissue_cells(ScTissue *t) { return t->mesh ? tmesh_cells(t->mesh) : t->cells; }
int sc_tissue_nregions(const ScTissue *t) { return t->mesh ? tmesh_nregions(t->mesh) : 1; }
ScCells *sc_tissue_region_cells(ScTissue *t, int r) {
    return t->mesh ? tmesh_region_cells(t->mesh, r) : r == 0 ? t->cells : NULL;
}
long sc_tissue_region_first(const ScTissue *t, int r) { return t->mesh ? tmesh_region_first(t->mesh, r) : 0; }
long sc_tissue_region_nodes(const ScTissue *t, int r) {
    return t->mesh ? tmesh_region_nodes(t->mesh, r) : r == 0 ? t->nodes : 0;
}
long sc_tissue_nodes(const ScTissue *t) { return t->mesh ? tmesh_nodes(t->mesh) : t->nodes; }
int sc_tissue_nslabs(const ScTissue *t) { return t->mesh ? tmesh_nparts(t->mesh) : t->ns; }
long sc_tissue_slab_planes(const ScTissue *t, int s) {
    if (t->mesh)
        return tmesh_part_size(t->mesh, s);
    return s >= 0 && s < t->ns ? t->nl[s] : 0;
}
int sc_tissue_slab_worker(const ScTissue *t, int s) {
    if (t->mesh)
        return tmesh_part_worker(t->mesh, s);
    return s >= 0 && s < t->ns ? t->worker[s] : -1;
}
long sc_tissue_first_cell(const ScTissue *t) { return t->mesh ? tmesh_first(t->mesh) : t->g0 * t->P; }
long sc_tissue_step(const ScTissue *t) { return t->mesh ? tmesh_step(t->mesh) : t->step; }
int sc_tissue_sweeps(const ScTissue *t) { return t->mesh ? tmesh_sweeps(t->mesh) : t->sweeps; }
long sc_tissue_cell_of(const ScTissue *t, long node) {
    if (t->mesh)
        return tmesh_cell_of(t->mesh, node);
    return node >= 0 && node < t->nodes ? node : -1;
}
long sc_tissue_node_of(const ScTissue *t, long cell) {
    if (t->mesh)
        return tmesh_node_of(t->mesh, cell);
    return cell >= 0 && cell < t->nodes ? cell : -1;
}

/* Vm in cell order: read now (snap 0) or from the snapshot taken (1). 0 or -1. */
static int read_cells(ScTissue *t, double *out, int snap) {
    if (t->mesh)
        return tmesh_read_cells(t->mesh, out, snap);
    return snap ? sc_cells_snapshot_read(t->cells, out) : sc_cells_read(t->cells, SC_VAR_VM, out);
}

int sc_tissue_read_cells(ScTissue *t, double *out) { return read_cells(t, out, 0); }

int sc_tissue_sample(ScTissue *t, const long *cells, int n, double *vm) {
    long *mine = malloc(sizeof(long) * (size_t)(n > 0 ? n : 1));
    int *at = malloc(sizeof(int) * (size_t)(n > 0 ? n : 1)), rc = !mine || !at ? -1 : 0;
    double *v = malloc(sizeof(double) * 2 * (size_t)(n > 0 ? n : 1));
    rc = rc || !v ? -1 : 0;
    for (int r = 0; r < sc_tissue_nregions(t) && !rc; r++) {
        ScCells *c = sc_tissue_region_cells(t, r);
        long first = sc_tissue_region_first(t, r), count = c ? sc_cells_count(c) : 0;
        int k = 0;
        for (int j = 0; j < n; j++)
            if (cells[j] >= first && cells[j] < first + count)
                mine[k] = cells[j] - first, at[k++] = j;
        rc = k ? sc_cells_sample(c, mine, k, v, v + k, NULL) : 0;
        for (int j = 0; j < k && !rc; j++)
            vm[at[j]] = v[j];
    }
    free(mine), free(at), free(v);
    return rc;
}

/* Vm in node order: read now (snap 0) or from the snapshot taken (1). 0 or -1. */
static int read_vm(ScTissue *t, double *out, int snap) {
    long n = sc_tissue_nodes(t);
    int perm = t->mesh && !tmesh_shared(t->mesh); /* one process's parts renumber a mesh's nodes */
    double *c = perm ? malloc(sizeof(double) * (size_t)n) : out;
    int rc = !c ? -1 : read_cells(t, c, snap);
    for (long i = 0; perm && i < n && rc == 0; i++)
        out[tmesh_node_of(t->mesh, i)] = c[i];
    if (perm)
        free(c);
    return rc;
}

int sc_tissue_read_vm(ScTissue *t, double *out) { return read_vm(t, out, 0); }

int sc_tissue_snapshot(ScTissue *t) {
    for (int r = 0; r < sc_tissue_nregions(t); r++)
        if (sc_tissue_region_cells(t, r) && sc_cells_snapshot(sc_tissue_region_cells(t, r)) != 0)
            return -1;
    return 0;
}

int sc_tissue_snapshot_read(ScTissue *t, double *out) { return read_vm(t, out, 1); }

int sc_tissue_advance(ScTissue *t, long nsteps) {
    return t->mesh ? tmesh_advance(t->mesh, nsteps) : tstep_advance(t, nsteps);
}

int sc_tissue_wait(ScTissue *t, ScFailure *f) {
    starpu_task_wait_for_all();
    int bad = 0;
    for (int r = 0; r < sc_tissue_nregions(t); r++) { /* the earliest failure of every region's */
        ScFailure g;
        ScCells *c = sc_tissue_region_cells(t, r);
        if (!c || sc_cells_wait(c, f ? &g : NULL) == 0)
            continue;
        if (f && g.cell >= 0)
            g.cell += sc_tissue_region_first(t, r);
        if (f && (!bad || g.step < f->step))
            *f = g;
        bad = 1;
    }
    return bad;
}

int sc_tissue_activation(ScTissue *t, double *out) {
    if (t->mesh)
        return tmesh_activation(t->mesh, out);
    for (int s = 0; s < t->ns; s++) {
        size_t n = (size_t)(t->nl[s] * t->P);
        if (starpu_data_acquire(t->h_act[s], STARPU_R) != 0)
            return -1;
        memcpy(out + (size_t)(t->l0[s] * t->P), t->act[s], n * sizeof(double));
        starpu_data_release(t->h_act[s]);
    }
    return 0;
}

/* The activation record (times, then previous values) of every slab, in node order: out of (dir 0)
 * or into (dir 1) buf (2 * nodes values). */
static int act_copy(ScTissue *t, double *buf, int dir) {
    return tissue_act_copy(t->ns, t->h_act, t->act, t->l0, t->nl, t->P, t->nodes, buf, dir);
}

/* A checkpoint's common part (what: "checkpoint" or "restart"): the tasks waited for, then a mesh's
 * whole save or load (mesh_io), or a grid's cells' (cells_io). 1 when the grid's activation times
 * remain to be done, else 0 (done) or -1 with a message. */
static int ckpt_begin(ScTissue *t, const char *path, const char *what,
                      int (*mesh_io)(TissueMesh *, const char *, char *, size_t),
                      int (*cells_io)(ScCells *, const char *, char *, size_t), char *err, size_t errlen) {
    if (sc_tissue_wait(t, NULL) != 0) {
        sc_set_err(err, errlen, "%s: the cells failed before the %s", path, what);
        return -1;
    }
    if (t->mesh)
        return mesh_io(t->mesh, path, err, errlen);
    return cells_io(t->cells, path, err, errlen) != 0 ? -1 : 1;
}

int sc_tissue_save(ScTissue *t, const char *path, char *err, size_t errlen) {
    int rc0 = ckpt_begin(t, path, "checkpoint", tmesh_save, sc_cells_save, err, errlen);
    if (rc0 <= 0)
        return rc0;
    char head[200];
    snprintf(head, sizeof head, "starcarp-tissue-act 1 %ld %ld %ld %ld %ld %ld", t->cfg.n[0], t->cfg.n[1],
             t->cfg.n[2], t->step, t->g0, t->Lloc);
    double *buf = malloc(sizeof(double) * 2 * (size_t)t->nodes);
    int rc = buf && act_copy(t, buf, 0) == 0 ? tissue_act_write(path, head, buf, t->nodes, err, errlen) : -1;
    if (!buf)
        sc_set_err(err, errlen, "out of memory");
    free(buf);
    return rc;
}

int sc_tissue_load(ScTissue *t, const char *path, char *err, size_t errlen) {
    int rc0 = ckpt_begin(t, path, "restart", tmesh_load, sc_cells_load, err, errlen);
    if (rc0 <= 0)
        return rc0;
    char head[200];
    long n[3], step, g0, nl;
    double *buf = malloc(sizeof(double) * 2 * (size_t)t->nodes);
    if (!buf || tissue_act_read(path, head, sizeof head, buf, t->nodes, err, errlen) != 0) {
        free(buf);
        return -1;
    }
    int ok = sscanf(head, "starcarp-tissue-act 1 %ld %ld %ld %ld %ld %ld", &n[0], &n[1], &n[2], &step, &g0,
                    &nl) == 6;
    if (ok &&
        (n[0] != t->cfg.n[0] || n[1] != t->cfg.n[1] || n[2] != t->cfg.n[2] || g0 != t->g0 || nl != t->Lloc)) {
        sc_set_err(err, errlen,
                   "%s.act: a grid of %ld x %ld x %ld nodes (planes %ld + %ld), this run has %ld x %ld x %ld "
                   "(planes %ld + %ld)",
                   path, n[0], n[1], n[2], g0, nl, t->cfg.n[0], t->cfg.n[1], t->cfg.n[2], t->g0, t->Lloc);
        free(buf);
        return -1;
    }
    ok = ok && step == sc_cells_step(t->cells) && act_copy(t, buf, 1) == 0;
    free(buf);
    if (!ok) {
        sc_set_err(err, errlen,
                   "%s.act: not a starcarp tissue activation record of this checkpoint (truncated, or "
                   "another step)",
                   path);
        return -1;
    }
    t->step = step;
    return 0;
}

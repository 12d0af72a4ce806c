/* tissue_mesh.c: the monodomain solver on a mesh (sc_tissue.h with cfg->mesh; docs/tissue.md,
 * "Meshes"): the operator's nodes cut into the cell array's parts (sc_fem_partition), renumbered
 * part by part (cell c of the array is node perm[c] of the mesh), each part's rows in ELL form
 * with its ghosts (fem.h), and per step the ionic task, then per diffusion pass an export task per
 * part (its values other parts read) and a diffusion task per part reading its neighbours'
 * exports, ordered by StarPU's data dependencies. With the lumped mass an explicit (sub-)step is one
 * pass; an implicit step, and any step with the consistent mass, a right-hand side pass and the
 * Chebyshev iteration's sweeps (fem.h). On several ranks (cfg->ranks) every rank cuts the whole
 * mesh into all ranks' parts alike and holds its own (a contiguous range, p0 .. p1 - 1); an export
 * buffer read by another rank's part is sent there after its export task (tag: the pass's number
 * times the parts plus the part), where a handle of its own receives it. A row's sum runs over its
 * columns in the mesh's order whatever the cut (fem.h): the ranks give one process's bits. Several
 * ionic regions (cfg->imp): each part cut from one region's nodes (mesh_imp.c), each region's nodes
 * planned over every rank's workers (mesh_ranks.c), on each rank a cell array per region over its
 * parts of that region (none: NULL), a part's Vm the handle of its region's array. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cl_fem.h"
#include "place.h"
#include "sc_fem.h"
#include "util_int.h"
#include "tissue_int.h"

#define TMESH_MAX_PENDING 6000
#define TMESH_RESUME_PENDING 3000
#define TMESH_MAX_SWEEPS 10000
/* The solve's default tolerances (--cg-tol-parab): implicit steps as the box's; the consistent mass
 * of an explicit step, whose first iterate is the lumped step (measured: the N-version slab at dx
 * 0.5 mm, every node's activation time within 0.002 ms of 1e-8's; docs/tissue.md). */
#define TMESH_SOLVE_TOL 1e-8
#define TMESH_MASS_TOL 1e-3

struct TissueMesh {
    ScTissueConfig cfg;
    const ScMesh *mesh;
    const ScFemOp *op;
    int nreg; /* ionic regions (1 + cfg.nimp; mesh_imp.c) */
    const ScModelEntry *model[SC_TISSUE_MAX_IMP + 1]; /* each region's model */
    ScCells *cells[SC_TISSUE_MAX_IMP + 1]; /* each region's array over this rank's parts of it (or NULL) */
    int rp0[SC_TISSUE_MAX_IMP + 2]; /* region r's parts on this rank: rp0[r] .. rp0[r + 1] - 1 */
    int *preg; /* each part's region */
    int *reg; /* while building: each node's region */
    long *rcount; /* nodes per region */
    long n;
    int np;
    long *size, *off;
    int *worker;
    int *perm, *inv; /* cell -> node, node -> cell (the whole mesh) */
    ScTissueRanks ranks; /* size 1: one process */
    int p0, p1; /* this rank's parts */
    long first, nloc; /* its cells: first .. first + nloc - 1 */
    int *owner; /* each part's rank */
    unsigned char *reads; /* reads[p * ranks + r]: a part of rank r != owner[p] reads p's exports */
    long pass; /* diffusion passes submitted (the tags of the ranks' exchanges) */
    int m; /* explicit sub-steps */
    int nval; /* value arrays per part (fem.h): 1 lumped, 2 consistent mass */
    int sweeps;
    double gamma, *omega;
    int *w, *nnbr, **nbr;
    long *nghost, *exlen;
    double **mat, **act;
    int **exidx;
    starpu_data_handle_t *h_mat, *h_x, *h_act, *h_aux, *h_ex, *h_exidx;
    long step;
};

/* Whether node i lies in stimulus x's box (1 nm of slack). */
static int in_box(const ScTissueStim *x, const double *p) {
    for (int a = 0; a < 3; a++)
        if (p[a] < x->lo[a] - 1e-6 || p[a] > x->hi[a] + 1e-6)
            return 0;
    return 1;
}

int tmesh_check(const ScTissueConfig *c, char *err, size_t errlen) {
    if (!c->mesh || !c->op || c->op->n != c->mesh->nn) {
        sc_set_err(err, errlen, "a mesh without its assembled operator");
        return -1;
    }
    if (c->nplanes > 0 || c->exchange) {
        sc_set_err(err, errlen, "a mesh is shared among processes through its ranks, not by planes");
        return -1;
    }
    const ScTissueRanks *r = c->ranks;
    if (r && (r->size < 1 || r->rank < 0 || r->rank >= r->size || r->share < 1 || r->share > c->mesh->nn ||
              !r->allgather || !r->send || !r->recv)) {
        sc_set_err(err, errlen, "rank %d of %d holding %ld of %ld nodes, or no communication", r->rank,
                   r->size, r->share, c->mesh->nn);
        return -1;
    }
    if (c->stencil != 0 && c->stencil != 5) {
        sc_set_err(err, errlen, "a %d-point stencil on a mesh (its elements make the operator)", c->stencil);
        return -1;
    }
    for (int s = 0; s < c->nstim; s++) {
        long k = 0;
        for (long i = 0; i < c->mesh->nn && !k; i++)
            k = in_box(&c->stim[s], c->mesh->xyz + 3 * i);
        if (!k) {
            sc_set_err(err, errlen, "stimulus %d: its box %g:%g, %g:%g, %g:%g mm holds no node of the mesh",
                       s + 1, c->stim[s].lo[0], c->stim[s].hi[0], c->stim[s].lo[1], c->stim[s].hi[1],
                       c->stim[s].lo[2], c->stim[s].hi[2]);
            return -1;
        }
    }
    return 0;
}

/* Renumbering: cells part by part, nodes in mesh order within a part. */
static int number_cells(TissueMesh *t, const int *part) {
    t->perm = malloc(sizeof(int) * (size_t)t->n), t->inv = malloc(sizeof(int) * (size_t)t->n);
    long *fill = calloc((size_t)t->np, sizeof(long));
    t->off = calloc((size_t)t->np + 1, sizeof(long));
    if (!t->perm || !t->inv || !fill || !t->off) {
        free(fill);
        return -1;
    }
    for (int p = 0; p < t->np; p++)
        t->off[p + 1] = t->off[p] + t->size[p];
    for (long i = 0; i < t->n; i++) {
        long c = t->off[part[i]] + fill[part[i]]++;
        t->inv[i] = (int)c, t->perm[c] = (int)i;
    }
    free(fill);
    return 0;
}

/* The export lists: the nodes of each part that another part's rows read (local indices, in cell
 * order); expos[node]: its place in its part's list. */
static int build_exports(TissueMesh *t, const int *part, int *expos) {
    const ScFemOp *op = t->op;
    unsigned char *need = calloc((size_t)t->n, 1);
    t->exlen = calloc((size_t)t->np, sizeof(long));
    t->exidx = calloc((size_t)t->np, sizeof(int *));
    if (!need || !t->exlen || !t->exidx) {
        free(need);
        return -1;
    }
    for (long i = 0; i < t->n; i++)
        for (long q = op->rowptr[i]; q < op->rowptr[i + 1]; q++)
            if (part[op->col[q]] != part[i])
                need[op->col[q]] = 1;
    for (long i = 0; i < t->n; i++)
        t->exlen[part[i]] += need[i];
    for (int p = 0; p < t->np; p++)
        if (!(t->exidx[p] = malloc(sizeof(int) * (size_t)(t->exlen[p] + 1)))) {
            free(need);
            return -1;
        }
    memset(t->exlen, 0, sizeof(long) * (size_t)t->np);
    for (long c = 0; c < t->n; c++) {
        int i = t->perm[c], p = part[i];
        if (need[i])
            expos[i] = (int)t->exlen[p], t->exidx[p][t->exlen[p]++] = (int)(c - t->off[p]);
    }
    free(need);
    return 0;
}

/* Part q's neighbours (ascending), its row width and the offsets of their exports among its ghosts
 * (goff, np values). 0, or -1 with a message. */
static int part_nbrs(TissueMesh *t, int q, const int *part, long *goff, char *err, size_t errlen) {
    const ScFemOp *op = t->op;
    const long nq = t->size[q], o0 = t->off[q];
    unsigned char *is = calloc((size_t)t->np, 1);
    int w = 1;
    if (!is)
        return -1;
    for (long r = 0; r < nq; r++) {
        int i = t->perm[o0 + r];
        long len = op->rowptr[i + 1] - op->rowptr[i];
        w = len > w ? (int)len : w;
        for (long k = op->rowptr[i]; k < op->rowptr[i + 1]; k++)
            is[part[op->col[k]]] = part[op->col[k]] != q;
    }
    t->nbr[q] = malloc(sizeof(int) * (size_t)t->np);
    long g = 0;
    for (int p = 0; p < t->np && t->nbr[q]; p++)
        if (is[p])
            goff[p] = g, g += t->exlen[p], t->nbr[q][t->nnbr[q]++] = p;
    free(is);
    if (!t->nbr[q])
        return -1;
    if (t->nnbr[q] > KERN_FEM_MAX_NBR) {
        sc_set_err(err, errlen,
                   "part %d of the mesh borders %d others (at most %d): use fewer parts (--nparts)", q,
                   t->nnbr[q], KERN_FEM_MAX_NBR);
        return -1;
    }
    t->nghost[q] = g, t->w[q] = w;
    return 0;
}

/* Part q's ELL matrix with the stimulus masks (after part_nbrs). 0, or -1 with a message. */
static int part_matrix(TissueMesh *t, int q, const int *part, const int *expos, const long *goff, char *err,
                       size_t errlen) {
    const ScFemOp *op = t->op;
    const long nq = t->size[q], o0 = t->off[q];
    const int w = t->w[q];
    size_t len = kern_fem_mat_len((size_t)nq, (size_t)w, (size_t)t->nval);
    if (len > 4294967295u || starpu_malloc((void **)&t->mat[q], len * sizeof(double)) != 0) {
        sc_set_err(err, errlen, "part %d: %zu values of its matrix (too many or out of memory)", q, len);
        return -1;
    }
    const size_t wn = (size_t)w * (size_t)nq;
    double *val = t->mat[q], *val2 = val + wn, c2 = t->cfg.theta * (t->cfg.dt / t->m);
    int32_t *col = (int32_t *)(val + (size_t)t->nval * wn);
    uint32_t *mask = (uint32_t *)(val + (size_t)t->nval * wn + (wn + 1) / 2);
    for (long r = 0; r < nq; r++) {
        int i = t->perm[o0 + r];
        long k = 0;
        for (long e = op->rowptr[i]; e < op->rowptr[i + 1]; e++, k++) {
            int j = op->col[e], pj = part[j];
            val[k * nq + r] = op->val[e];
            if (t->nval == 2) /* A = I - m^-1 M + theta h L (fem.h) */
                val2[k * nq + r] = ((j == i ? 1.0 : 0.0) - op->mcons[e] / op->mass[i]) + c2 * op->val[e];
            col[k * nq + r] = pj == q ? (int32_t)(t->inv[j] - o0) : (int32_t)(nq + goff[pj] + expos[j]);
        }
        for (; k < w; k++) {
            val[k * nq + r] = 0.0, col[k * nq + r] = (int32_t)r;
            if (t->nval == 2)
                val2[k * nq + r] = 0.0;
        }
        mask[r] = 0;
        for (int s = 0; s < t->cfg.nstim; s++)
            if (in_box(&t->cfg.stim[s], t->mesh->xyz + 3 * (size_t)i))
                mask[r] |= 1u << s;
    }
    return 0;
}

/* Which export buffers cross between ranks (t->reads): part p's, to each rank other than its own
 * that holds a part bordering p. 0 or -1. */
static int link_ranks(TissueMesh *t) {
    const int nr = t->ranks.size;
    t->reads = calloc((size_t)t->np * (size_t)nr, 1);
    if (!t->reads)
        return -1;
    for (int q = 0; q < t->np; q++)
        for (int k = 0; k < t->nnbr[q]; k++) {
            int p = t->nbr[q][k];
            if (t->owner[p] != t->owner[q])
                t->reads[(size_t)p * (size_t)nr + (size_t)t->owner[q]] = 1;
        }
    return 0;
}

/* Each node's ionic region, and the parts (tranks_plan: each region's nodes planned over every
 * rank's workers, rank 0's parts first, each rank's region by region). 0, or -1 with a message. */
static int plan(TissueMesh *t, char *err, size_t errlen) {
    t->reg = malloc(sizeof(int) * (size_t)t->n), t->rcount = calloc((size_t)t->nreg, sizeof(long));
    if (!t->reg || !t->rcount || timp_node_regions(&t->cfg, t->reg, t->rcount) != 0) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    TranksPlan pl;
    if (tranks_plan(&t->cfg, &t->ranks, t->model, t->nreg, t->rcount, t->n, &pl, err, errlen) != 0)
        return -1;
    t->np = pl.np, t->size = pl.size, t->worker = pl.worker, t->owner = pl.owner, t->preg = pl.preg;
    t->p0 = pl.p0, t->p1 = pl.p1;
    memcpy(t->rp0, pl.rp0, sizeof t->rp0);
    return 0;
}

/* Plan, cut and number the whole mesh; every part's neighbours, this rank's parts' matrices. 0, or
 * -1 with a message. */
static int build(TissueMesh *t, char *err, size_t errlen) {
    if (plan(t, err, errlen) != 0)
        return -1;
    int *part = malloc(sizeof(int) * (size_t)t->n), *expos = malloc(sizeof(int) * (size_t)t->n);
    long *goff = malloc(sizeof(long) * (size_t)t->np);
    int rc = !part || !expos || !goff ? -1 : 0;
    if (rc)
        sc_set_err(err, errlen, "out of memory");
    int multi = 0; /* parts of several regions */
    for (int p = 1; p < t->np; p++)
        multi |= t->preg[p] != t->preg[0];
    if (!rc && multi)
        rc = timp_partition(t->op, t->mesh->xyz, t->reg, t->nreg, t->np, t->preg, t->size, t->cfg.partitioner,
                            part, err, errlen);
    else if (!rc)
        rc = sc_fem_partition(t->op, t->mesh->xyz, t->np, t->size, (ScFemPartitioner)t->cfg.partitioner, part,
                              err, errlen);
    if (!rc && (number_cells(t, part) != 0 || build_exports(t, part, expos) != 0)) {
        sc_set_err(err, errlen, "out of memory");
        rc = -1;
    }
    size_t np = (size_t)t->np;
    if (!rc) {
        t->w = calloc(np, sizeof(int)), t->nnbr = calloc(np, sizeof(int)), t->nbr = calloc(np, sizeof(int *));
        t->nghost = calloc(np, sizeof(long)), t->mat = calloc(np, sizeof(double *));
        t->act = calloc(np, sizeof(double *));
        if (!t->w || !t->nnbr || !t->nbr || !t->nghost || !t->mat || !t->act) {
            sc_set_err(err, errlen, "out of memory");
            rc = -1;
        }
    }
    for (int q = 0; q < t->np && !rc; q++) {
        rc = part_nbrs(t, q, part, goff, err, errlen);
        if (!rc && q >= t->p0 && q < t->p1)
            rc = part_matrix(t, q, part, expos, goff, err, errlen);
        if (rc && !err[0])
            sc_set_err(err, errlen, "out of memory");
    }
    if (!rc && link_ranks(t) != 0) {
        sc_set_err(err, errlen, "out of memory");
        rc = -1;
    }
    if (!rc)
        t->first = t->off[t->p0], t->nloc = t->off[t->p1] - t->first;
    free(part), free(expos), free(goff);
    return rc;
}

/* The Chebyshev plan of a step's solve, m^-1 (M + theta h K) V' = b (h = dt / substeps; sc_fem_plan).
 * No sweeps: the explicit step with lumped mass. */
static int plan_sweeps(TissueMesh *t, char *err, size_t errlen) {
    const ScTissueConfig *c = &t->cfg;
    if (c->theta == 0 && t->nval == 1)
        return 0;
    double tol = c->solve_tol > 0 ? c->solve_tol : c->theta > 0 ? TMESH_SOLVE_TOL : TMESH_MASS_TOL;
    if (!(t->omega = malloc(sizeof(double) * TMESH_MAX_SWEEPS))) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    t->sweeps = sc_fem_plan(t->op, c->theta * (c->dt / t->m), tol, TMESH_MAX_SWEEPS, &t->gamma, t->omega);
    if (t->sweeps > TMESH_MAX_SWEEPS) {
        sc_set_err(err, errlen, "dt %g ms: the step's solve (condition bound %.3g) needs more than %d sweeps",
                   c->dt, (1 + c->theta * c->dt * t->op->lambda_lumped) / t->op->mlo, TMESH_MAX_SWEEPS);
        return -1;
    }
    return 0;
}

/* Whether this rank reads part p's exports from another rank. */
static int received(const TissueMesh *t, int p) {
    return t->owner[p] != t->ranks.rank &&
           t->reads[(size_t)p * (size_t)t->ranks.size + (size_t)t->ranks.rank];
}

/* This rank's parts' handles: matrices, scratch, activation records, aux, exports; and where its
 * parts read another rank's part, that part's export buffer. 0 or -1. */
static int register_parts(TissueMesh *t, char *err, size_t errlen) {
    size_t np = (size_t)t->np;
    t->h_mat = calloc(np, sizeof(starpu_data_handle_t)), t->h_x = calloc(np, sizeof(starpu_data_handle_t));
    t->h_act = calloc(np, sizeof(starpu_data_handle_t)), t->h_aux = calloc(np, sizeof(starpu_data_handle_t));
    t->h_ex = calloc(np, sizeof(starpu_data_handle_t)), t->h_exidx = calloc(np, sizeof(starpu_data_handle_t));
    double *vm = malloc(sizeof(double) * (size_t)t->nloc);
    if (!t->h_mat || !t->h_x || !t->h_act || !t->h_aux || !t->h_ex || !t->h_exidx || !vm ||
        tmesh_read_cells(t, vm, 0) != 0) {
        free(vm);
        sc_set_err(err, errlen, "out of memory, or the initial Vm could not be read");
        return -1;
    }
    for (int p = 0; p < t->np; p++)
        if (received(t, p))
            starpu_vector_data_register(&t->h_ex[p], -1, 0, (uint32_t)t->exlen[p], sizeof(double));
    for (int p = t->p0; p < t->p1; p++) {
        size_t n = (size_t)t->size[p];
        if (starpu_malloc((void **)&t->act[p], 2 * n * sizeof(double)) != 0) {
            free(vm);
            sc_set_err(err, errlen, "out of memory (activation record of %zu nodes)", n);
            return -1;
        }
        for (size_t i = 0; i < n; i++)
            t->act[p][i] = -1.0, t->act[p][n + i] = vm[(size_t)(t->off[p] - t->first) + i];
        starpu_vector_data_register(&t->h_act[p], STARPU_MAIN_RAM, (uintptr_t)t->act[p], (uint32_t)(2 * n),
                                    sizeof(double));
        starpu_vector_data_register(&t->h_mat[p], STARPU_MAIN_RAM, (uintptr_t)t->mat[p],
                                    (uint32_t)kern_fem_mat_len(n, (size_t)t->w[p], (size_t)t->nval),
                                    sizeof(double));
        starpu_vector_data_register(&t->h_x[p], -1, 0, (uint32_t)(n + (size_t)t->nghost[p]), sizeof(double));
        if (t->sweeps > 0)
            starpu_vector_data_register(&t->h_aux[p], -1, 0, (uint32_t)(2 * n), sizeof(double));
        if (t->exlen[p] > 0) {
            starpu_vector_data_register(&t->h_ex[p], -1, 0, (uint32_t)t->exlen[p], sizeof(double));
            starpu_vector_data_register(&t->h_exidx[p], STARPU_MAIN_RAM, (uintptr_t)t->exidx[p],
                                        (uint32_t)t->exlen[p], sizeof(int));
        }
    }
    free(vm);
    return 0;
}

/* Region r's parts on this rank: lo(t, r) .. hi(t, r) - 1 (none: lo == hi). */
static int lo(const TissueMesh *t, int r) { return t->rp0[r]; }
static int hi(const TissueMesh *t, int r) { return t->rp0[r + 1]; }

/* The Vm handle of this rank's part p, in its region's cell array. */
static starpu_data_handle_t vm_of(const TissueMesh *t, int p) {
    int r = t->preg[p];
    return sc_cells_handle(t->cells[r], SC_HANDLE_VM, p - lo(t, r));
}

/* Each region's cell array over this rank's parts of it (tissue_cells), its partitions checked
 * against the parts. 0, or -1 with a message. */
static int make_cells(TissueMesh *t, char *err, size_t errlen) {
    for (int r = 0; r < t->nreg; r++) {
        const int p0 = lo(t, r), nl = hi(t, r) - p0;
        if (nl <= 0)
            continue;
        double *w = malloc(sizeof(double) * (size_t)nl);
        for (int p = 0; w && p < nl; p++)
            w[p] = (double)t->size[p0 + p];
        t->cells[r] = tissue_cells(t->model[r], &t->cfg, t->off[p0 + nl] - t->off[p0], nl, w, t->worker + p0,
                                   err, errlen);
        free(w);
        if (!t->cells[r])
            return -1;
        for (int p = 0; p < nl; p++)
            if (sc_cells_part_size(t->cells[r], p) != t->size[p0 + p] || sc_cells_nparts(t->cells[r]) != nl) {
                sc_set_err(err, errlen, "partition %d of the cell array holds %ld nodes, the mesh's part %ld",
                           p, sc_cells_part_size(t->cells[r], p), t->size[p0 + p]);
                return -1;
            }
    }
    return 0;
}

int tmesh_read_cells(TissueMesh *t, double *out, int snap) {
    for (int r = 0; r < t->nreg; r++) {
        ScCells *c = t->cells[r];
        double *o = out + (t->off[lo(t, r)] - t->first);
        if (c && (snap ? sc_cells_snapshot_read(c, o) : sc_cells_read(c, SC_VAR_VM, o)) != 0)
            return -1;
    }
    return 0;
}

TissueMesh *tmesh_create(const ScModelEntry *m, const ScTissueConfig *cfg, char *err, size_t errlen) {
    TissueMesh *t = calloc(1, sizeof *t);
    if (!t) {
        sc_set_err(err, errlen, "out of memory");
        return NULL;
    }
    t->cfg = *cfg, t->mesh = cfg->mesh, t->op = cfg->op, t->n = cfg->mesh->nn;
    t->nreg = 1 + (cfg->nimp > 0 ? cfg->nimp : 0);
    for (int r = 0; r < t->nreg; r++)
        t->model[r] = r ? cfg->imp[r - 1].m : m;
    t->m = cfg->substeps > 1 && cfg->theta == 0 ? cfg->substeps : 1;
    t->nval = cfg->op->kind == SC_FEM_CONSISTENT && cfg->op->mcons ? 2 : 1;
    t->ranks = cfg->ranks ? *cfg->ranks : (ScTissueRanks){.size = 1, .share = t->n};
    if (plan_sweeps(t, err, errlen) != 0 || build(t, err, errlen) != 0 || make_cells(t, err, errlen) != 0 ||
        register_parts(t, err, errlen) != 0) {
        tmesh_destroy(t);
        return NULL;
    }
    return t;
}

void tmesh_destroy(TissueMesh *t) {
    if (!t)
        return;
    starpu_task_wait_for_all();
    starpu_data_handle_t *hs[] = {t->h_mat, t->h_x, t->h_act, t->h_aux, t->h_ex, t->h_exidx};
    for (int p = 0; p < t->np; p++) {
        for (size_t k = 0; k < sizeof hs / sizeof hs[0]; k++)
            if (hs[k] && hs[k][p])
                starpu_data_unregister(hs[k][p]);
        if (t->act && t->act[p])
            starpu_free_noflag(t->act[p], sizeof(double) * 2 * (size_t)t->size[p]);
        if (t->mat && t->mat[p])
            starpu_free_noflag(t->mat[p],
                               sizeof(double) *
                                   kern_fem_mat_len((size_t)t->size[p], (size_t)t->w[p], (size_t)t->nval));
        if (t->exidx)
            free(t->exidx[p]);
        if (t->nbr)
            free(t->nbr[p]);
    }
    for (size_t k = 0; k < sizeof hs / sizeof hs[0]; k++)
        free(hs[k]);
    for (int r = 0; r < t->nreg; r++)
        sc_cells_destroy(t->cells[r]);
    free(t->preg), free(t->reg), free(t->rcount);
    free(t->size), free(t->off), free(t->worker), free(t->perm), free(t->inv), free(t->omega);
    free(t->w), free(t->nnbr), free(t->nbr), free(t->nghost), free(t->exlen), free(t->mat), free(t->act);
    free(t->exidx), free(t->owner), free(t->reads);
    free(t);
}

ScCells *tmesh_cells(TissueMesh *t) {
    for (int r = 0; r < t->nreg; r++)
        if (t->cells[r])
            return t->cells[r];
    return NULL;
}
int tmesh_nregions(const TissueMesh *t) { return t->nreg; }
ScCells *tmesh_region_cells(TissueMesh *t, int r) { return r >= 0 && r < t->nreg ? t->cells[r] : NULL; }
long tmesh_region_first(const TissueMesh *t, int r) {
    return r >= 0 && r < t->nreg ? t->off[lo(t, r)] - t->first : 0;
}
long tmesh_region_nodes(const TissueMesh *t, int r) { return r >= 0 && r < t->nreg ? t->rcount[r] : 0; }
int tmesh_sweeps(const TissueMesh *t) { return t->sweeps; }
long tmesh_nodes(const TissueMesh *t) { return t->nloc; }
long tmesh_first(const TissueMesh *t) { return t->first; }
int tmesh_shared(const TissueMesh *t) { return t->ranks.size > 1; }
int tmesh_nparts(const TissueMesh *t) { return t->p1 - t->p0; }
long tmesh_part_size(const TissueMesh *t, int p) {
    return p >= 0 && p < t->p1 - t->p0 ? t->size[t->p0 + p] : 0;
}
int tmesh_part_worker(const TissueMesh *t, int p) {
    return p >= 0 && p < t->p1 - t->p0 ? t->worker[t->p0 + p] : -1;
}
long tmesh_step(const TissueMesh *t) { return t->step; }
long tmesh_cell_of(const TissueMesh *t, long node) { return node >= 0 && node < t->n ? t->inv[node] : -1; }
long tmesh_node_of(const TissueMesh *t, long cell) { return cell >= 0 && cell < t->n ? t->perm[cell] : -1; }

/* The exports of this rank's parts, each sent to the other ranks that read it, and the exports
 * this rank reads from others received: pass t->pass's tags. 0 or -1. */
static int exports(TissueMesh *t) {
    const ScTissueRanks *r = &t->ranks;
    for (int p = t->p0; p < t->p1; p++) {
        if (t->exlen[p] == 0)
            continue;
        int rc = cl_fem_export_submit(vm_of(t, p), t->h_exidx[p], t->h_ex[p], t->worker[p]);
        if (rc != 0) {
            fprintf(stderr, "starcarp: StarPU refused an export task: %s\n", strerror(-rc));
            return -1;
        }
        for (int k = 0; k < r->size; k++)
            if (k != r->rank && t->reads[(size_t)p * (size_t)r->size + (size_t)k] &&
                r->send(r->ctx, t->h_ex[p], k, t->pass * t->np + p) != 0) {
                fprintf(stderr, "starcarp: part %d's exports could not be sent to rank %d\n", p, k);
                return -1;
            }
    }
    for (int p = 0; p < t->np && r->size > 1; p++)
        if (received(t, p) && r->recv(r->ctx, t->h_ex[p], t->owner[p], t->pass * t->np + p) != 0) {
            fprintf(stderr, "starcarp: part %d's exports could not be received from rank %d\n", p,
                    t->owner[p]);
            return -1;
        }
    t->pass++;
    return 0;
}

/* One diffusion pass: the exports, then a diffusion task of `a` on every part of this rank. 0 or
 * -1. */
static int submit_pass(TissueMesh *t, const ScFemArgs *proto) {
    if (exports(t) != 0)
        return -1;
    ScFemArgs a = *proto;
    for (int q = t->p0; q < t->p1; q++) {
        starpu_data_handle_t nb[KERN_FEM_MAX_NBR];
        for (int k = 0; k < t->nnbr[q]; k++)
            nb[k] = t->h_ex[t->nbr[q][k]];
        a.n = t->size[q], a.w = t->w[q];
        int rc = cl_fem_submit(&a, vm_of(t, q), t->h_x[q], t->h_act[q], t->h_mat[q], t->h_aux[q], nb,
                               t->nnbr[q], t->worker[q]);
        if (rc != 0) {
            fprintf(stderr, "starcarp: StarPU refused a mesh diffusion task: %s\n", strerror(-rc));
            return -1;
        }
    }
    return 0;
}

/* The diffusion of step d: explicit lumped sub-steps (one pass each), or per (sub-)step the
 * solve's right-hand side and its sweeps (fem.h). */
static int submit_diffusion(TissueMesh *t, long d) {
    const ScTissueConfig *c = &t->cfg;
    const double h = c->dt / t->m, th = c->theta;
    ScFemArgs a = {.thr = c->thr, .dt = h, .nstim = c->nstim, .nval = t->nval};
    for (int s = 0; s < c->nstim; s++)
        a.add[s] = tissue_stim_on(&c->stim[s], c->dt, d) ? h * c->stim[s].amp / c->cm : 0.0;
    for (int sub = 0; sub < t->m; sub++) {
        a.t0 = (double)d * c->dt + sub * h;
        if (t->sweeps == 0) {
            a.kind = KERN_DIFF_STEP, a.record = 1, a.c = h;
            if (submit_pass(t, &a) != 0)
                return -1;
            continue;
        }
        a.kind = KERN_DIFF_RHS, a.record = 0, a.c = (1 - th) * h, a.c2 = th * h;
        if (submit_pass(t, &a) != 0)
            return -1;
        a.kind = KERN_DIFF_SWEEP, a.gamma = t->gamma, a.c = t->nval == 2 ? 1.0 : th * h;
        for (int k = 0; k < t->sweeps; k++) {
            a.first = k == 0, a.omega = t->omega[k], a.record = k == t->sweeps - 1;
            if (submit_pass(t, &a) != 0)
                return -1;
        }
    }
    return 0;
}

int tmesh_advance(TissueMesh *t, long nsteps) {
    for (long k = 0; k < nsteps; k++) {
        for (int r = 0; r < t->nreg; r++)
            if (t->cells[r] && sc_cells_advance(t->cells[r], 1) != 0)
                return -1;
        if (submit_diffusion(t, t->step) != 0)
            return -1;
        t->step++;
        if (starpu_task_nsubmitted() > TMESH_MAX_PENDING)
            starpu_task_wait_for_n_submitted(TMESH_RESUME_PENDING);
    }
    return 0;
}

/* This rank's activation records in cell order: out of (dir 0) or into (dir 1) buf (2 nloc
 * values). */
static int act_copy(TissueMesh *t, double *buf, int dir) {
    const int nl = t->p1 - t->p0;
    long *off = malloc(sizeof(long) * (size_t)nl);
    for (int p = 0; off && p < nl; p++)
        off[p] = t->off[t->p0 + p] - t->first;
    int rc = off ? tissue_act_copy(nl, t->h_act + t->p0, t->act + t->p0, off, t->size + t->p0, 1, t->nloc,
                                   buf, dir)
                 : -1;
    free(off);
    return rc;
}

int tmesh_activation(TissueMesh *t, double *out) {
    for (int p = t->p0; p < t->p1; p++) {
        if (starpu_data_acquire(t->h_act[p], STARPU_R) != 0)
            return -1;
        for (long i = 0; i < t->size[p]; i++)
            out[t->ranks.size > 1 ? t->off[p] - t->first + i : t->perm[t->off[p] + i]] = t->act[p][i];
        starpu_data_release(t->h_act[p]);
    }
    return 0;
}

/* A checksum of the numbering (a restart needs the same cut). */
static unsigned long long perm_hash(const TissueMesh *t) {
    unsigned long long h = 1469598103934665603ull;
    for (long c = 0; c < t->n; c++)
        h = (h ^ (unsigned long long)t->perm[c]) * 1099511628211ull;
    return h;
}

/* Every region's cell array saved to (save 1) or loaded from (0) its file: region 0's PATH, region
 * r's PATH.imp<r>. 0, or -1 with a message. */
static int cells_file(TissueMesh *t, const char *path, int save, char *err, size_t errlen) {
    char p[4200];
    for (int r = 0; r < t->nreg; r++) {
        if (!t->cells[r])
            continue;
        snprintf(p, sizeof p, r ? "%s.imp%d" : "%s", path, r);
        if ((save ? sc_cells_save(t->cells[r], p, err, errlen)
                  : sc_cells_load(t->cells[r], p, err, errlen)) != 0)
            return -1;
    }
    return 0;
}

int tmesh_save(TissueMesh *t, const char *path, char *err, size_t errlen) {
    if (cells_file(t, path, 1, err, errlen) != 0)
        return -1;
    char head[200];
    snprintf(head, sizeof head, "starcarp-tissue-mesh-act 1 %ld %d %ld %llu %ld %ld", t->n, t->np, t->step,
             perm_hash(t), t->first, t->nloc);
    double *buf = malloc(sizeof(double) * 2 * (size_t)t->nloc);
    int rc = buf && act_copy(t, buf, 0) == 0 ? tissue_act_write(path, head, buf, t->nloc, err, errlen) : -1;
    if (!buf)
        sc_set_err(err, errlen, "out of memory");
    free(buf);
    return rc;
}

int tmesh_load(TissueMesh *t, const char *path, char *err, size_t errlen) {
    if (cells_file(t, path, 0, err, errlen) != 0)
        return -1;
    char head[200];
    long n, step, first = 0, nloc;
    int np;
    unsigned long long h;
    double *buf = malloc(sizeof(double) * 2 * (size_t)t->nloc);
    if (!buf || tissue_act_read(path, head, sizeof head, buf, t->nloc, err, errlen) != 0) {
        free(buf);
        return -1;
    }
    int k =
        sscanf(head, "starcarp-tissue-mesh-act 1 %ld %d %ld %llu %ld %ld", &n, &np, &step, &h, &first, &nloc);
    int ok = k == 4 || k == 6;
    nloc = k == 6 ? nloc : n; /* 4: one process's, before meshes on ranks */
    if (ok && (n != t->n || np != t->np || h != perm_hash(t) || first != t->first || nloc != t->nloc)) {
        sc_set_err(err, errlen,
                   "%s.act: a mesh of %ld nodes in %d parts (cells %ld + %ld); this run has %ld in %d parts "
                   "(cells %ld + %ld)%s",
                   path, n, np, first, nloc, t->n, t->np, t->first, t->nloc,
                   n == t->n && np == t->np ? ", cut otherwise" : "");
        free(buf);
        return -1;
    }
    ok = ok && step == sc_cells_step(tmesh_cells(t)) && act_copy(t, buf, 1) == 0;
    free(buf);
    if (!ok) {
        sc_set_err(err, errlen, "%s.act: not the activation record of this checkpoint (another step)", path);
        return -1;
    }
    t->step = step;
    return 0;
}

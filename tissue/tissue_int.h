/* tissue_int.h: the inside of the tissue solver shared by sc_tissue.c (the structured grid, and the
 * public API, which hands a mesh's calls to tissue_mesh.c), tissue_step.c (the grid's time step:
 * halos, exchanges, diffusion tasks), tissue_mesh.c (meshes: finite elements partitioned into
 * the cell array's parts) and tissue_common.c (what the other three share). sc_tissue.c calls the
 * others; they call tissue_common.c only. Internal to libstarcarp. */
#ifndef SC_TISSUE_INT_H
#define SC_TISSUE_INT_H

#include <starpu.h>

#include "sc_fem.h"
#include "sc_tissue.h"

typedef struct TissueMesh TissueMesh;

/* The structured grid's solver: slabs of whole planes along the slowest axis, one partition of the
 * cell array each. Each slab hands its bottom and top planes (`depth` of them) to its neighbours
 * through halo handles, h_lo[s] and h_hi[s] (tissue_step.c). */
struct ScTissue {
    ScTissueConfig cfg;
    ScCells *cells;
    long nodes, n0, n1, L, P; /* grid as the kernels see it: plane n0 x n1, L planes; nodes here */
    long g0, Lloc; /* this process's planes: g0 .. g0 + Lloc - 1 */
    int m; /* explicit diffusion sub-steps per step (implicit: 1) */
    double c0, c1, cL; /* (dt/m)*D/dx^2 along axes 0, 1, L */
    double cX; /* 9-point stencil's cross term (diffuse.h; 0: none) */
    int sweeps; /* implicit: Chebyshev sweeps per step (0: explicit) */
    double gamma, *omega; /* implicit: the sweeps' Richardson factor and weights (kern_cheb_plan) */
    int ax[3]; /* physical axis of kernel axis 0, 1, L (-1: none) */
    int ns; /* slabs */
    long *l0, *nl; /* first plane (from g0), planes */
    int *worker;
    double **act; /* per slab: activation times then previous values (2n) */
    starpu_data_handle_t *h_act, *h_scr, *h_aux; /* h_aux: implicit only */
    starpu_data_handle_t *h_lo, *h_hi; /* halos: slab s's bottom and top `depth` planes */
    int depth; /* planes per halo: m where a diffusion task runs all m explicit sub-steps, else 1 */
    struct starpu_codelet *cl_halo; /* per slab: planes written into the neighbours' GPUs */
    starpu_data_handle_t ghost_lo, ghost_hi; /* the neighbouring processes' edge planes */
    int remote; /* another process holds planes next to ours */
    long step;
    TissueMesh *mesh; /* a mesh: everything is there (tissue_mesh.c) */
};

/* tissue_step.c: how the slabs exchange their planes (t's slabs and workers set): how deep the
 * halos are (t->depth), and where peer-to-peer GPUs write them (t->cl_halo). 0, or -1 out of
 * memory. */
int tstep_plan(ScTissue *t);
/* tissue_step.c: the scratch values slab s's diffusion tasks need (after tstep_plan). */
size_t tstep_scratch(const ScTissue *t, int s);
/* tissue_step.c: submit the grid's next nsteps steps (sc_tissue_advance). 0 or -1. */
int tstep_advance(ScTissue *t, long nsteps);

/* tissue_common.c: shared by the grid's solver and the meshes'. */

/* The cell array of a tissue's n nodes in np parts weighted w (np values), part p pinned to
 * worker[p] where worker[0] >= 0, else placed by StarPU: one step per task in double, cfg's dt,
 * tolerances, Vm bound and lookup-table choice. NULL (w NULL: out of memory) with a message. */
ScCells *tissue_cells(const ScModelEntry *m, const ScTissueConfig *cfg, long n, int np, const double *w,
                      const int *worker, char *err, size_t errlen);
/* Node index range [*i0, *i1] of [lo, hi] mm along an axis of n nodes spaced dx; 0 when empty. */
int tissue_box_range(double lo, double hi, long n, double dx, long *i0, long *i1);
/* Whether stimulus x is on during step d (bench's rule: pulses of lround(dur/dt) steps, at least
 * one, from lround(start/dt), every lround(period/dt) steps, count of them). */
int tissue_stim_on(const ScTissueStim *x, double dt, long d);

/* The activation records of np parts (handles h, host arrays act: 2 size[s] * mul values, times
 * then previous values) from (dir 0) or into (dir 1) buf in node order (times of `total` nodes,
 * then their previous values); part s holds nodes off[s] * mul ... 0 or -1. */
int tissue_act_copy(int np, const starpu_data_handle_t *h, double *const *act, const long *off,
                    const long *size, long mul, long total, double *buf, int dir);
/* PATH.act: a header line, then 2n doubles (a checkpoint's activation record). Write; read (the
 * header line into head, with its newline). 0, or -1 with a message. */
int tissue_act_write(const char *path, const char *head, const double *buf, long n, char *err, size_t errlen);
int tissue_act_read(const char *path, char *head, size_t hlen, double *buf, long n, char *err, size_t errlen);

/* mesh_imp.c: a mesh's ionic regions (cfg->imp). The region of every node (reg: nn values, 0 ..
 * nimp): the highest index among its elements' regions (an element's: the region listing its tag,
 * else 0); the nodes of each region into count (1 + nimp values). 0, or -1 out of memory. */
int timp_node_regions(const ScTissueConfig *cfg, int *reg, long *count);
/* Cut op's nodes (coordinates xyz) into np parts of one region each: region r's nodes into the
 * parts p of preg[p] == r (ascending) of about size[p] nodes (sc_fem_partition of its subgraph,
 * with `how`; size[] overwritten with the parts' sizes); part[i] for node i. 0, or -1 with a
 * message. */
int timp_partition(const ScFemOp *op, const double *xyz, const int *reg, int nreg, int np, const int *preg,
                   long *size, int how, int *part, char *err, size_t errlen);

/* mesh_ranks.c: the parts of a mesh's nodes over the ranks (cfg->ranks, else one process), region
 * by region (rcount[r] nodes of region r, model[r]; ranks: size 1 for one process, its share all
 * n nodes): every rank's share of each region planned on
 * its workers (tissue_place_parts), the plans gathered; parts ordered rank by rank (rank 0's first),
 * region by region within a rank. */
typedef struct TranksPlan {
    int np; /* parts over all ranks */
    long *size; /* each part's nodes */
    int *worker, *owner, *preg; /* its worker (-1: another rank's part, or placed by StarPU), rank, region */
    int p0, p1; /* this rank's parts */
    int rp0[SC_TISSUE_MAX_IMP + 2]; /* region r's parts on this rank: rp0[r] .. rp0[r + 1] - 1 */
} TranksPlan;
/* The plan of n nodes in nreg regions (pl's arrays allocated: tranks_free). 0, or -1 with a
 * message (on every rank when one rank's plan fails). */
int tranks_plan(const ScTissueConfig *cfg, const ScTissueRanks *ranks, const ScModelEntry *const *model,
                int nreg, const long *rcount, long n, TranksPlan *pl, char *err, size_t errlen);
void tranks_free(TranksPlan *pl);

/* tissue_mesh.c: the solver on a mesh (cfg->mesh, cfg->op; cfg->ranks); the functions of
 * sc_tissue.h's names (nodes, parts: this rank's). */
int tmesh_check(const ScTissueConfig *cfg, char *err, size_t errlen);
TissueMesh *tmesh_create(const ScModelEntry *m, const ScTissueConfig *cfg, char *err, size_t errlen);
void tmesh_destroy(TissueMesh *t);
ScCells *tmesh_cells(TissueMesh *t);
/* Ionic regions: region r's cell array (NULL: no node of this rank), its first cell among this
 * rank's, its nodes in the whole mesh. */
int tmesh_nregions(const TissueMesh *t);
ScCells *tmesh_region_cells(TissueMesh *t, int r);
long tmesh_region_first(const TissueMesh *t, int r);
long tmesh_region_nodes(const TissueMesh *t, int r);
/* Vm of this rank's cells in cell order into out, read now (snap 0) or from the snapshot taken in
 * every region's array (1). 0 or -1. */
int tmesh_read_cells(TissueMesh *t, double *out, int snap);
int tmesh_sweeps(const TissueMesh *t);
long tmesh_nodes(const TissueMesh *t);
long tmesh_first(const TissueMesh *t);
/* Whether several ranks share the mesh (this process's values then in its cells' order). */
int tmesh_shared(const TissueMesh *t);
int tmesh_nparts(const TissueMesh *t);
long tmesh_part_size(const TissueMesh *t, int p);
int tmesh_part_worker(const TissueMesh *t, int p);
long tmesh_step(const TissueMesh *t);
int tmesh_advance(TissueMesh *t, long nsteps);
int tmesh_activation(TissueMesh *t, double *out);
long tmesh_cell_of(const TissueMesh *t, long node);
long tmesh_node_of(const TissueMesh *t, long cell);
int tmesh_save(TissueMesh *t, const char *path, char *err, size_t errlen);
int tmesh_load(TissueMesh *t, const char *path, char *err, size_t errlen);

/* tissue_place.c: the solver's parts of `nodes` nodes (multiples of `align`): one per CPU
 * worker and GPU sized by speed (cfg->workers, else the workers the hints allow; the GPU's speed
 * given, calibrated or probed at one step per task), or cfg->nparts equal ones placed by the
 * scheduler (worker -1). *size and *worker are allocated (free them). Returns the number of parts,
 * or -1 with a message. */
int tissue_place_parts(const ScModelEntry *m, const ScTissueConfig *cfg, long nodes, long align, long **size,
                       int **worker, char *err, size_t errlen);
/* tissue_place.c: the grid's slabs: tissue_place_parts's parts of `nodes` nodes in planes of P nodes,
 * each whole planes: slab s is planes l0[s] .. l0[s] + nl[s] - 1 on worker[s]. *ns and the three
 * arrays are set (allocated; free them). 0, or -1 with a message. */
int tissue_place_slabs(const ScModelEntry *m, const ScTissueConfig *cfg, long nodes, long P, int *ns,
                       long **l0, long **nl, int **worker, char *err, size_t errlen);

#endif

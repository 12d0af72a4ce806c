/* sc_tissue.h: the monodomain tissue solver on StarPU (prefix sc_tissue_; docs/tissue.md).
 *
 *     chi * (Cm dV/dt + Iion) = div(sigma grad V) + I_stim
 *
 * on a structured grid of nx x ny x nz nodes (1D, 2D or 3D; node (i, j, k) at x = i*dx[0], ...,
 * index i + nx*(j + ny*k)), conductivities along the axes (fibres along x), no-flux boundaries,
 * second-order finite differences (3-, 5-, 7-point), Godunov operator splitting: each step of dt
 * first advances every node's ionic model (the model's codelets on the cell array, sc_cells_*:
 * V -= dt*Iion), then one explicit diffusion step with the stimulus (cl_diffuse.c), or `substeps`
 * of dt/substeps each (sub-cycling, for a dt above the explicit limit), or one implicit step
 * (theta 1/2: Crank-Nicolson, 1: backward Euler; any dt) solved by a Chebyshev iteration: sweeps of
 * the stencil with their halo exchanges, no global sums (diffuse.h). The grid is cut
 * into slabs of whole planes along its slowest non-trivial axis (z in 3D, y in 2D, x in 1D): the
 * partitions of the cell array, sized by the speed-based plan (sc_plan_parts) and pinned to their
 * workers; each step a slab's halo task copies its edge planes into small handles that the
 * neighbours' diffusion tasks read, so only planes travel between devices, ordered by StarPU's data
 * dependencies. Units: mm, ms, mV, S/m, uF/cm^2, /mm; D = 100 * sigma / (chi * Cm) mm^2/ms. */
#ifndef SC_TISSUE_H
#define SC_TISSUE_H

#include "starcarp.h"

#define SC_TISSUE_MAX_STIM 8

/* A stimulus: a box of nodes, a pulse train, a transmembrane current density. */
typedef struct ScTissueStim {
    double lo[3], hi[3]; /* box, mm (a node at x is inside when lo <= x <= hi, within 1e-6 dx) */
    double start, dur; /* first pulse and its duration, ms */
    double period; /* ms between pulses (0: one pulse) */
    long count; /* pulses (0: 1) */
    double amp; /* uA/cm^2 (divide a volume density in uA/cm^3 by chi in /cm) */
} ScTissueStim;

/* A mesh on several processes (StarPU-MPI ranks; docs/tissue.md, "Meshes"): this process's rank of
 * `size`, its share of the nodes (the nodes its parts are planned for: the ranks' shares sum to the
 * mesh's nodes), and the communication the solver asks of the processes (ctx handed back). The
 * mesh is cut as one process would cut it into every rank's planned parts, rank 0's first; each
 * rank holds its own parts, and the export buffers that parts of another rank read travel between
 * the ranks every diffusion pass. */
typedef struct ScTissueRanks {
    int rank, size;
    long share;
    void *ctx;
    /* Collective: n values of every rank (mine) into all (size * n, rank by rank). 0 or -1. */
    int (*allgather)(void *ctx, const long *mine, int n, long *all);
    /* h's values sent to rank `to` under `tag`, or received into h from rank `from`: asynchronous,
     * ordered with the tasks through the handle (starpu_mpi_isend_detached, irecv_detached). 0 or -1. */
    int (*send)(void *ctx, starpu_data_handle_t h, int to, long tag);
    int (*recv)(void *ctx, starpu_data_handle_t h, int from, long tag);
} ScTissueRanks;

#define SC_TISSUE_MAX_IMP 15 /* ionic regions beyond the default one */

/* An ionic region of a mesh: its model and the element tags it holds. */
typedef struct ScTissueImp {
    const ScModelEntry *m;
    int ntags;
    const int *tags;
} ScTissueImp;

typedef struct ScTissueConfig {
    long n[3]; /* nodes per axis (>= 1; unused axes 1) */
    double dx[3]; /* spacing per axis, mm (> 0) */
    double sigma[3]; /* conductivity along each axis, S/m (>= 0) */
    double chi; /* surface-to-volume ratio, /mm (> 0) */
    double cm; /* membrane capacitance, uF/cm^2 (> 0) */
    double dt; /* ms (> 0; dt / substeps at most sc_tissue_dt_limit) */
    int substeps; /* explicit diffusion sub-steps of dt / substeps per step (0, 1: one) */
    double theta; /* 0: explicit diffusion; 0.5 to 1: implicit (0.5 Crank-Nicolson, 1 backward Euler) */
    int stencil; /* points of a 2D grid's stencil: 5 (0: default) or 9; 1D grids have 3, 3D grids 7 */
    double solve_tol; /* implicit: the solve's error relative to its first iterate's (0: 1e-8) */
    double thr; /* activation threshold, mV */
    int nparts; /* slabs (0: the plan; >0: equal slabs placed by the scheduler) */
    int ncpu_hint, ngpu_hint; /* workers to plan for (0: StarPU's) */
    const int *workers; /* or exactly these StarPU workers (nworkers of them; NULL: as the hints say) */
    int nworkers;
    double gpu_speedup; /* GPU over one core for the plan (0: calibrated or measured) */
    int nstim;
    ScTissueStim stim[SC_TISSUE_MAX_STIM];
    double vm_bound, rtol, atol; /* as ScCellsConfig (0: defaults) */
    int no_lut;
    /* A part of the grid (several processes, StarPU-MPI): this process holds planes plane0 ..
     * plane0 + nplanes - 1 of the slowest axis (nplanes 0: all of them); its nodes are numbered from
     * its first plane. `exchange` is then called once per halo exchange, numbered `step` (step * E
     * + e, E exchanges per step: substeps, or 1 + sweeps when implicit), after the halo tasks are
     * submitted and before the diffusion tasks: it must send `lo` and `hi` (this part's first and last planes;
     * NULL at the grid's ends) to the processes holding the neighbouring planes and receive theirs
     * into `ghost_lo` and `ghost_hi` (NULL at the grid's ends), e.g. with starpu_mpi_isend_detached /
     * starpu_mpi_irecv_detached (StarPU orders them with the tasks through the handles). 0 or -1. */
    long plane0, nplanes;
    int (*exchange)(void *ctx, long step, starpu_data_handle_t lo, starpu_data_handle_t hi,
                    starpu_data_handle_t ghost_lo, starpu_data_handle_t ghost_hi);
    void *exchange_ctx;
    /* A mesh instead of the grid (docs/tissue.md, "Meshes"; n, dx, stencil unused): its nodes,
     * elements and fibres, and its operator assembled with this configuration's sigma (along the
     * fibre, the sheet, the normal), chi and cm (sc_fem_assemble); the nodes are cut into parts by
     * `partitioner` (ScFemPartitioner: 0 METIS where built in, else coordinate bisection). No
     * plane0/nplanes/exchange: several processes share a mesh through `ranks` (NULL: one process). */
    const struct ScMesh *mesh;
    const struct ScFemOp *op;
    int partitioner;
    const ScTissueRanks *ranks;
    /* Ionic regions of a mesh beyond the default one (openCARP's imp_region[1 ..]; 0: the model of
     * sc_tissue_create on every node): region k (1 .. nimp) runs imp[k - 1].m on the elements whose
     * tag it lists, the default region sc_tissue_create's model on the others. A node takes the region
     * of the highest index among its elements' (docs/tissue.md, "Ionic regions"). Each region that
     * holds a node has a cell array of its own (sc_tissue_region_cells), cut into parts of its nodes
     * only; on several ranks each region's nodes are shared among the ranks (their shares'
     * proportions), each rank's array of a region over its parts of it. */
    int nimp;
    const ScTissueImp *imp;
} ScTissueConfig;

typedef struct ScTissue ScTissue;

/* Diffusivity along axis a (0..2; a mesh: along the fibre, the sheet, the normal), mm^2/ms: 100 * sigma[a] / (chi * cm). */
double sc_tissue_diffusivity(const ScTissueConfig *cfg, int a);
/* The largest eigenvalue of the discrete operator -div(D grad), /ms: 4 * sum over axes with more
 * than one node of D_a / dx_a^2 (3, 5, 7 points), max(4 a, 4 b, 8/3 (a + b)) with a, b the two
 * axes' D/dx^2 (9 points); a mesh: the assembled operator's Gershgorin bound (sc_fem.h). */
double sc_tissue_lambda_max(const ScTissueConfig *cfg);
/* The largest stable dt of the explicit step, ms: 2 / sc_tissue_lambda_max (1 / (2 sum D/dx^2)
 * with 3, 5 or 7 points); INFINITY when nothing diffuses. */
double sc_tissue_dt_limit(const ScTissueConfig *cfg);
/* Check a configuration: sizes, spacings, conductivities, chi, Cm, dt (explicit: against the limit,
 * the message naming it and the largest allowed dt), theta and the solve's tolerance, stimuli (each
 * must hold a node). 0, or -1 with a message in err. Pure. */
int sc_tissue_check(const ScTissueConfig *cfg, char *err, size_t errlen);

/* A tissue of model m at its initial state; StarPU must be initialised. NULL with a message. */
ScTissue *sc_tissue_create(const ScModelEntry *m, const ScTissueConfig *cfg, char *err, size_t errlen);
/* Wait for the tasks, unregister the handles, free. */
void sc_tissue_destroy(ScTissue *t);

/* The cell array (parameters, sampling, reading Vm: sc_cells_*); on a mesh of several ionic
 * regions, the first region's that holds nodes (sc_tissue_region_cells for each). */
ScCells *sc_tissue_cells(ScTissue *t);
/* Ionic regions: 1 + cfg->nimp (a grid: 1); region r's cell array (NULL: it holds no node of this
 * process), and its first cell among this process's cells (its cells: that one and the next
 * sc_cells_count of them; cells are numbered region by region); its nodes in the whole mesh (all
 * ranks'). */
int sc_tissue_nregions(const ScTissue *t);
ScCells *sc_tissue_region_cells(ScTissue *t, int r);
long sc_tissue_region_first(const ScTissue *t, int r);
long sc_tissue_region_nodes(const ScTissue *t, int r);
/* Vm of this process's cells in cell order (whatever array holds them; waits), and of the n cells
 * listed (this process's cell indices; sc_cells_sample's). 0 or -1. */
int sc_tissue_read_cells(ScTissue *t, double *out);
int sc_tissue_sample(ScTissue *t, const long *cells, int n, double *vm);
/* Sweeps of the implicit step's Chebyshev iteration (0: explicit diffusion). */
int sc_tissue_sweeps(const ScTissue *t);
/* The cell of the cell array that holds node `node` (the grid: the same index; a mesh: its parts
 * renumber the nodes), and the node of a cell; -1 outside. A mesh on several ranks: cells of the
 * whole mesh's numbering (every rank's cells, rank 0's first); this process holds cells
 * sc_tissue_first_cell .. + sc_tissue_nodes - 1 (its cell array's 0 ..). */
long sc_tissue_cell_of(const ScTissue *t, long node);
long sc_tissue_node_of(const ScTissue *t, long cell);
/* This process's first cell in the whole tissue's numbering (a grid: plane0 times the plane's nodes;
 * a mesh: its first part's first cell, 0 in one process). */
long sc_tissue_first_cell(const ScTissue *t);
/* Vm of every node of this process in node order (waits; a mesh on several ranks: in the order of
 * this process's cells). 0 or -1. */
int sc_tissue_read_vm(ScTissue *t, double *out);
/* The same without stopping the time loop (sc_cells_snapshot): take submits the copies at the
 * current step and returns; read (from any thread, e.g. one writing the files) waits for them and
 * writes Vm in node order into out. The next take after the read. 0 or -1. */
int sc_tissue_snapshot(ScTissue *t);
int sc_tissue_snapshot_read(ScTissue *t, double *out);
/* Nodes of this process (all of the grid, or its planes' nodes with plane0/nplanes). */
long sc_tissue_nodes(const ScTissue *t);
int sc_tissue_nslabs(const ScTissue *t);
/* Planes (a mesh: nodes) and the StarPU worker of slab (part) s (-1: placed by the scheduler). */
long sc_tissue_slab_planes(const ScTissue *t, int s);
int sc_tissue_slab_worker(const ScTissue *t, int s);
/* The next step to be submitted (time = step * dt). */
long sc_tissue_step(const ScTissue *t);

/* Submit nsteps steps (asynchronous; submission waits while too many tasks are pending). 0 or -1
 * when StarPU refused a task (message on stderr). */
int sc_tissue_advance(ScTissue *t, long nsteps);
/* Wait for every task and check the cells' failure records: 0, or 1 with f filled (sc_cells_wait). */
int sc_tissue_wait(ScTissue *t, ScFailure *f);
/* Activation time of every node (ms; -1 where none yet), nodes values (in the order of
 * sc_tissue_read_vm's). Waits. 0 or -1. */
int sc_tissue_activation(ScTissue *t, double *out);

/* Checkpoint: the cell array (sc_cells_save) in PATH and the activation record in PATH.act; load
 * checks the grid. 0 or -1 with a message. */
int sc_tissue_save(ScTissue *t, const char *path, char *err, size_t errlen);
int sc_tissue_load(ScTissue *t, const char *path, char *err, size_t errlen);

#endif

/* tissue_int.h: the inside of the tissue solver shared by sc_tissue.c (the structured grid, and the
 * public API, which hands a mesh's calls to tissue_mesh.c) and tissue_mesh.c (meshes: finite
 * elements partitioned into the cell array's parts). Internal to libstarcarp. */
#ifndef SC_TISSUE_INT_H
#define SC_TISSUE_INT_H

#include "sc_tissue.h"

/* The parts of `nodes` nodes (multiples of `align`): one per CPU worker and GPU sized by speed
 * (sc_plan_parts, the GPU's speed measured by the cell array when not given), or cfg->nparts
 * equal ones placed by the scheduler (worker -1). *size and *worker are allocated (free them).
 * Returns the number of parts, or -1 with a message. */
int tissue_plan(const ScModelEntry *m, const ScTissueConfig *cfg, long nodes, long align, long **size,
                int **worker, char *err, size_t errlen);
/* The cell array of a tissue's n nodes in np parts weighted w (np values), part p pinned to
 * worker[p] where worker[0] >= 0, else placed by StarPU: one step per task in double, cfg's dt,
 * tolerances, Vm bound and lookup-table choice. NULL (w NULL: out of memory) with a message. */
ScCells *tissue_cells(const ScModelEntry *m, const ScTissueConfig *cfg, long n, int np, const double *w,
                      const int *worker, char *err, size_t errlen);
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

/* tissue_mesh.c: the solver on a mesh (cfg->mesh, cfg->op); the functions of sc_tissue.h's names. */
typedef struct TissueMesh TissueMesh;
int tmesh_check(const ScTissueConfig *cfg, char *err, size_t errlen);
TissueMesh *tmesh_create(const ScModelEntry *m, const ScTissueConfig *cfg, char *err, size_t errlen);
void tmesh_destroy(TissueMesh *t);
ScCells *tmesh_cells(TissueMesh *t);
int tmesh_sweeps(const TissueMesh *t);
long tmesh_nodes(const TissueMesh *t);
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

#endif

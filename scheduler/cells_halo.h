/* cells_halo.h: a cell array's step whose tasks also write each partition's edge planes of Vm into
 * halo handles (the structured tissue grid's exchange fused into its ionic step; cells_run.c,
 * codelets/cl_step_halo.c). Internal to libstarcarp. */
#ifndef SC_CELLS_HALO_H
#define SC_CELLS_HALO_H

#include "cl_diffuse.h"
#include "starcarp.h"

/* One step of c (double precision), partition p's task also writing its bottom and top planes into
 * lo[p] and hi[p] through cl[p] (sc_step_halo_init'ed by the caller: their nodes; bound here to the
 * array's step codelet, and bound again, after every task in flight, should that codelet change).
 * 0, or -1 with a message on stderr. */
int cells_advance_halo(ScCells *c, ScStepHaloCodelet *cl, const starpu_data_handle_t *lo,
                       const starpu_data_handle_t *hi);

#endif

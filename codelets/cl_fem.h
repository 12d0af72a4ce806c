/* cl_fem.h: the codelets of the tissue solver's diffusion on a mesh and of its exports (cl_fem.c)
 * and their task-insert helpers. The kernels they run, and what a task computes: kernels/fem.h. */
#ifndef SC_CL_FEM_H
#define SC_CL_FEM_H
#include <starpu.h>

#include "fem.h"

/* The codelets (cl_fem.c). Diffusion buffers: Vm (RW, the part of the cell array), x (SCRATCH,
 * n + ghosts), act (RW, 2n), mat (R), aux (W for KERN_DIFF_RHS, RW for KERN_DIFF_SWEEP; absent for
 * KERN_DIFF_STEP), then the neighbours' export buffers (R) in the order of the ghost numbering.
 * Export buffers: Vm (R), the index list (R, int32), the export buffer (W). `worker` >= 0 pins
 * the task. 0 or a negative errno. */
extern struct starpu_codelet cl_fem_codelet, cl_fem_export_codelet;
int cl_fem_submit(const ScFemArgs *a, starpu_data_handle_t vm, starpu_data_handle_t x,
                  starpu_data_handle_t act, starpu_data_handle_t mat, starpu_data_handle_t aux,
                  const starpu_data_handle_t *nbr, int nnbr, int worker);
int cl_fem_export_submit(starpu_data_handle_t vm, starpu_data_handle_t idx, starpu_data_handle_t out,
                         int worker);
#endif

/* cl_diffuse.h: the codelets of the tissue solver's explicit and implicit diffusion on a structured
 * grid (cl_diffuse.c) and of its halo exchange (cl_halo.c), their buffers and task-insert helpers.
 * The kernels they run, and what a task computes: kernels/diffuse.h. */
#ifndef SC_CL_DIFFUSE_H
#define SC_CL_DIFFUSE_H
#include <starpu.h>

#include "diffuse.h"

/* The buffers of a diffusion task: Vm (RW, the slab's partition of the cell array), scratch
 * (STARPU_SCRATCH, kern_diffuse_scratch values), activation (RW, 2n), aux (RW, 2n; not for
 * KERN_DIFF_STEP), the lower neighbour's top halo and the upper neighbour's bottom halo (R) where
 * a->has_lo / a->has_hi. Unused handles are NULL. */
typedef struct ScDiffHandles {
    starpu_data_handle_t vm, scratch, act, aux, lo, hi;
} ScDiffHandles;

/* The codelets (cl_diffuse.c, cl_halo.c) and their task-insert helpers. Halo buffers: Vm (R),
 * bottom planes (W), top planes (W). `cl` NULL is the halo codelet itself, or a copy made by
 * cl_halo_codelet_to. `worker` >= 0 pins the task to that StarPU worker. Return 0 or a negative
 * errno from StarPU. */
extern struct starpu_codelet cl_diffuse_codelet, cl_halo_codelet;
int cl_diffuse_submit(const ScDiffArgs *a, const ScDiffHandles *h, int worker);
int cl_halo_submit(struct starpu_codelet *cl, starpu_data_handle_t vm, starpu_data_handle_t lo,
                   starpu_data_handle_t hi, int worker);

/* A copy of the halo codelet whose planes are written straight into the memory node that reads
 * them (a GPU writing into its neighbour GPU's memory, peer to peer): the exchange then needs no
 * transfer after the task. lo_node / hi_node: the memory node of the bottom / top planes, or
 * STARPU_SPECIFIC_NODE_LOCAL. */
void cl_halo_codelet_to(struct starpu_codelet *cl, int lo_node, int hi_node);
/* Can a kernel on CUDA device `a` write into device b's memory (peer access, which StarPU enables
 * unless STARPU_ENABLE_CUDA_GPU_GPU_DIRECT=0)? 0 without CUDA. */
int cl_cuda_peer_ok(int a, int b);
#endif

/* cl_step_halo.c: a slab's ionic step and its halo copy as one task (cl_diffuse.h's
 * ScStepHaloCodelet): a copy of the model's step codelet whose functions run the step (cl_step.c)
 * then copy the partition's edge planes of Vm into the halo buffers (cl_halo.c). Glue only.
 *
 * Why: on several GPUs the tissue step's chain was ionic -> halo -> diffusion, and each hand-over
 * between dependent tasks costs ~20 us on top of the halo task's own ~48 us (FxT trace, 2 x H200,
 * 2026-11-27: docs/measurements/2026-11-27-h200x2-slab-axis.md); fused, the chain is ionic ->
 * diffusion, as on one GPU. */
#include <string.h>

#include "cl_diffuse.h"

static void step_halo_cpu(void *buffers[], void *cl_arg) {
    sc_step_cpu(buffers, cl_arg);
    sc_halo_copy_here(buffers[1], buffers[SC_STEP_NBUF], buffers[SC_STEP_NBUF + 1]);
}

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
static void step_halo_cuda(void *buffers[], void *cl_arg) {
    sc_step_cuda(buffers, cl_arg);
    sc_halo_copy_here(buffers[1], buffers[SC_STEP_NBUF], buffers[SC_STEP_NBUF + 1]);
}
#endif

#ifdef STARPU_USE_HIP
static void step_halo_hip(void *buffers[], void *cl_arg) {
    sc_step_hip(buffers, cl_arg);
    sc_halo_copy_here(buffers[1], buffers[SC_STEP_NBUF], buffers[SC_STEP_NBUF + 1]);
}
#endif

void sc_step_halo_init(ScStepHaloCodelet *h, int direct, int lo_node, int hi_node) {
    memset(h, 0, sizeof *h);
    h->direct = direct, h->lo_node = lo_node, h->hi_node = hi_node;
}

/* The base's functions replaced by those above (where the base has them: a model without a GPU
 * kernel keeps none), its buffers' modes and nodes extended by the two planes (dyn_modes: more
 * than STARPU_NMAXBUFS buffers), its performance model shared. */
void sc_step_halo_bind(ScStepHaloCodelet *h, const struct starpu_codelet *base) {
    h->cl = *base;
    h->base = base;
    h->cl.cpu_funcs[0] = step_halo_cpu;
#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
    if (base->cuda_funcs[0])
        h->cl.cuda_funcs[0] = step_halo_cuda;
#endif
#ifdef STARPU_USE_HIP
    if (base->hip_funcs[0])
        h->cl.hip_funcs[0] = step_halo_hip;
#endif
    for (int i = 0; i < SC_STEP_NBUF; i++)
        h->modes[i] = base->modes[i], h->nodes[i] = STARPU_SPECIFIC_NODE_LOCAL;
    h->modes[SC_STEP_NBUF] = h->modes[SC_STEP_NBUF + 1] = STARPU_W;
    h->nodes[SC_STEP_NBUF] = h->lo_node, h->nodes[SC_STEP_NBUF + 1] = h->hi_node;
    h->cl.nbuffers = SC_STEP_NBUF + 2;
    h->cl.dyn_modes = h->modes;
    h->cl.specific_nodes = (unsigned)h->direct;
    h->cl.dyn_nodes = h->direct ? h->nodes : NULL;
}

int sc_step_halo_submit(ScStepHaloCodelet *h, const ScStepHandles *s, const struct sc_step_task *t,
                        starpu_data_handle_t lo, starpu_data_handle_t hi, int worker) {
    return sc_step_insert(&h->cl, s, t, worker, lo, hi);
}

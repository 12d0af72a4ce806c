/* diffuse.h: kernels of the tissue solver's explicit diffusion (tissue/sc_tissue.c); their codelets:
 * codelets/cl_diffuse.h.
 *
 * A structured grid of n0 x n1 x L nodes (axis 0 fastest, node (i, j, l) at i + n0*(j + n1*l))
 * is cut into slabs of whole planes along the slowest axis; a slab of nl planes from global plane l0
 * is one partition of the cell array. One explicit step of
 *     V += c0*(V[i-1] + V[i+1] - 2V) + c1*(V[j-1] + V[j+1] - 2V) + cL*(V[l-1] + V[l+1] - 2V) + add
 * (c = dt * D / dx^2 per axis, `add` the stimulus of the boxes that hold the node), plus, for the
 * 9-point stencil of a 2D grid (axes 0 and L), cX * (D0 V[l-1] - 2 D0 V + D0 V[l+1]) with D0 V =
 * V[i-1] + V[i+1] - 2V and cX = (c0 + cL) / 12 (the second differences' product, which makes the
 * stencil's leading error isotropic for equal D/dx^2), with no-flux
 * boundaries by mirror nodes (V[-1] = V[1]: the lumped finite-element operator of a node-centred
 * grid), reads the slab's planes and the neighbours' edge planes (the halos, copied by the halo
 * codelet), and records activation times: the first upward crossing of `thr`, interpolated
 * linearly between the values of two steps.
 * A task may also run nsub > 1 explicit sub-steps of its step at once: its halos are then nsub
 * planes deep (the neighbours' nsub edge planes after the ionic step), and sub-step j recomputes,
 * besides the slab, the nsub - 1 - j ghost planes next to it on each side that has a neighbour:
 * the same operations on the same values as the neighbour's own update of those planes, so the
 * slab's result is the same, bit for bit, as with one exchange per sub-step; one exchange per step
 * instead of nsub. Activation times are recorded on the slab's own planes only.
 * The same kernel also serves the implicit (theta) methods, backward Euler and Crank-Nicolson,
 *     (I - theta dt L) V' = (I + (1 - theta) dt L) V + stim,
 * solved by a Chebyshev iteration (sweeps of the stencil, no dot products; tissue/sc_tissue.c
 * computes its weights from the exact eigenvalue bounds): a task of kind KERN_DIFF_RHS writes the
 * right-hand side b (its coefficients c scaled by 1 - theta) into aux and into V (the first
 * iterate x0 = b); each task of kind KERN_DIFF_SWEEP (coefficients scaled by theta) computes
 *     r = b - x + c.(stencil of x),   x' = x + gamma r (the first sweep),
 *     x' = p + omega ((x - p) + gamma r) (later ones; p the iterate before x, kept in aux[n..2n)),
 * and the last sweep records activation times.
 * Every implementation does the same operations in the same order with explicit roundings (no
 * multiply-add contraction), so that CPU and GPU results are equal bit for bit, and a slab's result
 * does not depend on how the grid is cut.
 */
#ifndef SC_DIFFUSE_H
#define SC_DIFFUSE_H
#include <stddef.h>

#define KERN_DIFF_MAX_BOX 8

/* A stimulus box in node indices (inclusive, global, axes 0, 1, L) and what it adds per step (mV). */
typedef struct ScDiffBox {
    long lo[3], hi[3];
    double add;
} ScDiffBox;

/* What a diffusion task computes (see above). */
typedef enum ScDiffKind { KERN_DIFF_STEP, KERN_DIFF_RHS, KERN_DIFF_SWEEP } ScDiffKind;

/* Everything a diffusion task needs besides its buffers (its cl_arg). */
typedef struct ScDiffArgs {
    ScDiffKind kind;
    int record; /* record activation times (KERN_DIFF_STEP: 1; KERN_DIFF_SWEEP: the last sweep) */
    int first; /* KERN_DIFF_SWEEP: the first sweep (x' = x + gamma r; p not read) */
    double gamma, omega; /* KERN_DIFF_SWEEP: Richardson factor, Chebyshev weight */
    long n0, n1, L; /* grid: plane dimensions, planes */
    long l0, nl; /* this slab: first global plane, planes */
    int has_lo, has_hi; /* halo planes of the neighbours below / above are given */
    int nsub; /* KERN_DIFF_STEP: explicit sub-steps in this task, and the halos' depth in planes (0, 1:
               * one); sub-step j starts at t0 + j dt */
    int sub; /* the sub-step a pass computes (set by the kernels' drivers; 0 for a task's caller):
              * after the first, a node's previous value is the pass's input (act's copy of it is
              * neither read nor written until the last) */
    double c0, c1, cL; /* dt*D/dx^2 per axis (0 for an axis of one node); scaled as said above */
    double cX; /* the 9-point 2D stencil's cross term, (c0 + cL) / 12 (0: 3, 5 or 7 points) */
    double thr; /* activation threshold, mV */
    double t0, dt; /* time at the start of the step, step (ms) */
    int nbox; /* active stimulus boxes this step */
    ScDiffBox box[KERN_DIFF_MAX_BOX];
} ScDiffArgs;

/* One task on a slab (host): `v` (n = nl*n0*n1 values) is updated in place, plane after plane;
 * `old` is scratch (kern_diffuse_scratch values), lo/hi are the neighbours' edge planes (nsub planes
 * of n0*n1 values each, the nearest last for lo and first for hi; NULL where absent), act holds the
 * activation time of each node (-1: none yet) then the node's value at the previous step (2n
 * values), aux (2n values; NULL for KERN_DIFF_STEP) b then p. */
void kern_diffuse_host(const ScDiffArgs *a, double *v, double *old, const double *lo, const double *hi,
                       double *act, double *aux);
/* The scratch a task of `a`'s kind, sub-steps and halos needs on a slab of nl planes (values; the
 * most of the host's and the GPU's needs). */
size_t kern_diffuse_scratch(const ScDiffArgs *a, long nl);
/* The Chebyshev iteration of an implicit step whose matrix has its eigenvalues in [1, kappa]
 * (kappa >= 1): the fewest sweeps K (1 .. max) after which the error is at most tol times the first
 * iterate's (2 q^K / (1 + q^2K) <= tol, q = (sqrt kappa - 1) / (sqrt kappa + 1)), or max + 1 when
 * max do not reach tol; *gamma = 2 / (1 + kappa) and omega[0 .. K) the weights of the sweeps
 * (omega[0] = 1: the first sweep; omega has room for max values). */
int kern_cheb_plan(double kappa, double tol, int max, double *gamma, double *omega);

/* What every diffusion kernel (the grid's and the mesh's) computes alike for a node, on the host
 * (the GPU's twins, with explicit roundings: sweep_gpu.h): a Chebyshev sweep's next iterate from
 * the iterate c, the one before it p (not used by the first sweep) and the residual res; and the
 * time at which Vm crossed thr upward, from prev to vn over a step of dt from t0 (linear). */
static inline double kern_cheb_next(double c, double p, double res, double gamma, double omega, int first) {
    return first ? c + gamma * res : p + omega * ((c - p) + gamma * res);
}
static inline double kern_act_cross(double t0, double dt, double thr, double prev, double vn) {
    return t0 + dt * ((thr - prev) / (vn - prev));
}
/* The halos of a slab (host): its first and last P values (its edge planes: P = depth * n0 * n1)
 * into lo and hi (either may be NULL: not copied). */
void kern_halo_host(const double *v, size_t n, size_t P, double *lo, double *hi);

#ifdef __cplusplus
extern "C" {
#endif
/* GPU launchers of the same on `stream`; return the launch error (0 = success). */
int kern_diffuse_cuda_launch(const ScDiffArgs *a, double *v, double *old, const double *lo, const double *hi,
                             double *act, double *aux, void *stream);
int kern_halo_cuda_launch(const double *v, size_t n, size_t P, double *lo, double *hi, void *stream);
int kern_diffuse_hip_launch(const ScDiffArgs *a, double *v, double *old, const double *lo, const double *hi,
                            double *act, double *aux, void *stream);
int kern_halo_hip_launch(const double *v, size_t n, size_t P, double *lo, double *hi, void *stream);
#ifdef __cplusplus
}
#endif

#endif

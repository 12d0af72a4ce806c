/* fem.h: kernels of the tissue solver's diffusion on a mesh (tissue/tissue_mesh.c; the operator:
 * include/starcarp/sc_fem.h; their codelets: codelets/cl_fem.h).
 *
 * The nodes are cut into parts (the cell array's partitions). Part q's rows are kept in ELL form
 * (`mat`: w entries per row, column-major: entry k of row i at k n + i; rows shorter than w padded
 * with 0 times the row's own value), one or two value arrays (nval) sharing the columns, which
 * number first the part's own n nodes, then its ghosts: the export buffers of its neighbouring
 * parts one after the other (each part's export buffer holds the values of its nodes that some
 * other part reads, written by its export task). A diffusion task copies the part's values and its
 * neighbours' export buffers into one array x (its scratch) and computes, per row,
 *     acc = sum over k in order of val[k][i] * x[col[k][i]]
 * (the columns of a row in ascending global node order, so the sum does not depend on the cut) and
 * then what the structured solver's kernels do with their stencil (diffuse.h): KERN_DIFF_STEP
 * V = x + c acc + stim, KERN_DIFF_RHS the same into aux and V, KERN_DIFF_SWEEP a Chebyshev sweep
 * (res = b - x + c acc; x' = x + gamma res, or p + omega ((x - p) + gamma res)); the stimulus of a
 * node is the sum of add[s] over the stimuli s whose bit is set in its mask.
 * Lumped mass (nval 1; 0 reads as 1): the array is L = -m^-1 K (sc_fem.h). Consistent mass (nval 2): array 0 is
 * L, array 1 is A = I - m^-1 M + c2 L (c2 = theta dt, 0 when explicit), so that a step solves
 * m^-1 (M + c2 K) V' = b: KERN_DIFF_RHS sums both arrays (acc, acc2) and writes the first iterate
 * V = x + c acc + stim and b = (V + c2 acc) - acc2 into aux (b = m^-1 (M - c K) x + stim); the
 * sweeps use array 1 with c = 1 (res = b - m^-1 (M + c2 K) x).
 * Activation times as the structured solver records them. Every implementation does the same
 * operations in the same order with explicit roundings (no multiply-add contraction): CPU and GPU
 * agree bit for bit, and so do different cuts.
 * `mat` layout (doubles): val[nval w n], then col as w n int32, then mask as n uint32 (each padded
 * to whole doubles): kern_fem_mat_len doubles.
 */
#ifndef SC_FEM_KERNEL_H
#define SC_FEM_KERNEL_H
#include <stddef.h>

#include "diffuse.h"

#define KERN_FEM_MAX_STIM 8
/* Neighbouring parts a part may read from. */
#define KERN_FEM_MAX_NBR 64

typedef struct ScFemArgs {
    ScDiffKind kind;
    int record, first; /* as ScDiffArgs */
    double gamma, omega;
    long n; /* rows (the part's nodes) */
    int w; /* entries per row */
    int nval; /* value arrays: 1 (lumped mass), 2 (consistent: L, then A) */
    double c; /* the operator's factor: dt / substeps, (1 - theta) dt, or theta dt (consistent sweeps: 1) */
    double c2; /* consistent mass, KERN_DIFF_RHS: theta times the step (0: explicit) */
    double thr, t0, dt;
    double add[KERN_FEM_MAX_STIM]; /* this step's addition of each stimulus (mV; 0: off) */
    int nstim;
} ScFemArgs;

/* Doubles of a part's `mat` of n rows of w entries in nval value arrays. */
static inline size_t kern_fem_mat_len(size_t n, size_t w, size_t nval) {
    return nval * w * n + (w * n + 1) / 2 + (n + 1) / 2;
}

/* One diffusion task on the host: x (n + ghosts values) already holds the part's values and its
 * ghosts; v (n) is written; act (2n) and aux (2n; NULL for KERN_DIFF_STEP) as in diffuse.h. */
void kern_fem_host(const ScFemArgs *a, double *v, const double *x, const double *mat, double *act,
                   double *aux);
/* An export task on the host: out[k] = v[idx[k]], k < m. */
void kern_fem_export_host(const double *v, const int *idx, size_t m, double *out);

#ifdef __cplusplus
extern "C" {
#endif
/* GPU launchers on `stream`: the diffusion task (first the copies of v and the nnbr ghost buffers
 * gh[k] of glen[k] values into x), the export. Return the launch error (0 = success). */
int kern_fem_cuda_launch(const ScFemArgs *a, double *v, double *x, const double *mat, double *act,
                         double *aux, const double *const *gh, const size_t *glen, int nnbr, void *stream);
int kern_fem_export_cuda_launch(const double *v, const int *idx, size_t m, double *out, void *stream);
int kern_fem_hip_launch(const ScFemArgs *a, double *v, double *x, const double *mat, double *act, double *aux,
                        const double *const *gh, const size_t *glen, int nnbr, void *stream);
int kern_fem_export_hip_launch(const double *v, const int *idx, size_t m, double *out, void *stream);
#ifdef __cplusplus
}
#endif

#endif

/* sc_fem.h: linear finite elements of the monodomain's diffusion on a mesh (prefix sc_fem_;
 * docs/tissue.md, "Meshes").
 *
 * Tetrahedra (linear) and hexahedra (trilinear, 2 x 2 x 2 Gauss points); per element the
 * conductivity tensor from its fibre f and sheet s (n = f x s):
 *     G = sigma_l f f' + sigma_t s s' + sigma_n n n'   (without a sheet: sigma_t (I - f f') + sigma_l f f'),
 * D = 100 G / (chi Cm) mm^2/ms (sc_tissue.h's units); the stiffness K_ij = integral of grad phi_i' D
 * grad phi_j, the mass lumped (m_i = integral of phi_i: row sums of the consistent mass), no flux
 * on the boundary. The operator kept is L = -M^-1 K (so that dV/dt = L V is the diffusion), in
 * compressed rows with the columns of each row in ascending node order (the order every kernel
 * sums in, whatever the partition). Its eigenvalues are real (L is symmetric in the M inner
 * product), in [-lambda, 0], lambda bounded by Gershgorin's discs of L and of M^-1/2 K M^-1/2.
 */
#ifndef SC_FEM_H
#define SC_FEM_H

#include <stddef.h>

#include "sc_mesh.h"

#define SC_FEM_MAX_REGIONS 16
#define SC_FEM_MAX_TAGS 32

/* A conductivity region: the elements whose tag is one of tags[] (openCARP's gregion[i].ID). */
typedef struct ScFemRegion {
    int ntags;
    int tags[SC_FEM_MAX_TAGS];
    double sigma[3]; /* along the fibre, the sheet, the sheet normal, S/m */
} ScFemRegion;

typedef struct ScFemOp {
    long n; /* nodes */
    long *rowptr; /* n + 1 */
    int *col; /* rowptr[n]: node indices, ascending within a row */
    double *val; /* L = -M^-1 K, /ms */
    double *mass; /* n: lumped mass, mm^3 */
    double lambda; /* an upper bound of -L's largest eigenvalue, /ms */
    int width; /* the longest row */
} ScFemOp;

/* Assemble the operator of mesh m: sigma (S/m along fibre, sheet, normal) for the elements of no
 * region, regions[nreg] for theirs; chi /mm, cm uF/cm^2. NULL with a message. */
ScFemOp *sc_fem_assemble(const ScMesh *m, const double sigma[3], const ScFemRegion *regions, int nreg, double chi,
                         double cm, char *err, size_t errlen);
void sc_fem_free(ScFemOp *op);
/* y = L x (x, y: n values). */
void sc_fem_apply(const ScFemOp *op, const double *x, double *y);

/* How the nodes are cut into parts. */
typedef enum ScFemPartitioner { SC_FEM_PART_AUTO, SC_FEM_PART_METIS, SC_FEM_PART_RCB } ScFemPartitioner;
/* Whether this build has METIS. */
int sc_fem_have_metis(void);
/* Cut the nodes of op (coordinates xyz, 3 n, mm) into np parts: part[i] for node i. RCB (recursive
 * coordinate bisection) gives part p exactly size[p] nodes; METIS (the graph of op, k-way) about
 * size[p] (size[] is overwritten with the parts' actual sizes). SC_FEM_PART_AUTO is METIS when
 * built with it. 0, or -1 with a message (METIS asked for and not built in, or its failure). */
int sc_fem_partition(const ScFemOp *op, const double *xyz, int np, long *size, ScFemPartitioner how, int *part,
                     char *err, size_t errlen);

#endif

/* sc_fem.h: linear finite elements of the monodomain's diffusion on a mesh (prefix sc_fem_;
 * docs/tissue.md, "Meshes").
 *
 * Tetrahedra (linear) and hexahedra (trilinear, 2 x 2 x 2 Gauss points); per element the
 * conductivity tensor from its fibre f and sheet s (n = f x s):
 *     G = sigma_l f f' + sigma_t s s' + sigma_n n n'   (without a sheet: sigma_t (I - f f') + sigma_l f f'),
 * D = 100 G / (chi Cm) mm^2/ms (sc_tissue.h's units); the stiffness K_ij = integral of grad phi_i' D
 * grad phi_j, the lumped mass m_i = integral of phi_i (the row sums of the consistent mass), no flux
 * on the boundary. The operator kept is L = -m^-1 K (m the diagonal of lumped masses; dV/dt = L V
 * is the lumped diffusion), in compressed rows with the columns of each row in ascending node order
 * (the order every kernel sums in, whatever the partition). Its eigenvalues are real (L is
 * symmetric in the m inner product), in [-lambda_lumped, 0], lambda_lumped bounded by Gershgorin's
 * discs of L and of m^-1/2 K m^-1/2.
 *
 * With the consistent mass (SC_FEM_CONSISTENT) the diffusion is M dV/dt = -K V, M_ij = integral of
 * phi_i phi_j (tetrahedra exactly, V/20 (1 + delta_ij); hexahedra by the stiffness's 2 x 2 x 2 Gauss
 * points, whose row sums are the lumped masses), kept on L's pattern (mcons). Bounds by elements
 * (for SPD sums M = sum M_e, K = sum K_e, m = sum m_e: v'K v <= max_e lambda_e v'M v and v'M v >=
 * min_e mu_e v'm v): lambda = max over elements of the largest eigenvalue of M_e^-1 K_e (the
 * generalized problem, computed by Jacobi rotations: the explicit limit is dt <= 2 / lambda), and
 * mlo = min over elements of the smallest eigenvalue of m_e^-1 M_e (1/5 for every tetrahedron,
 * 1/27 for a parallelepiped); m^-1 M's largest eigenvalue is 1 (its entries are positive, its rows
 * sum to 1).
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

/* The mass matrix. */
typedef enum ScFemMass { SC_FEM_LUMPED, SC_FEM_CONSISTENT } ScFemMass;

typedef struct ScFemOp {
    long n; /* nodes */
    long *rowptr; /* n + 1 */
    int *col; /* rowptr[n]: node indices, ascending within a row */
    double *val; /* L = -m^-1 K (m the lumped masses), /ms */
    double *mass; /* n: lumped mass, mm^3 */
    ScFemMass kind; /* the mass the diffusion uses */
    double *mcons; /* SC_FEM_CONSISTENT: rowptr[n] entries of the consistent mass M, mm^3 (else NULL) */
    double lambda; /* an upper bound of the diffusion's largest rate, /ms: of -L's eigenvalues (lumped),
                      of M^-1 K's (consistent); the explicit step's limit is 2 / lambda */
    double lambda_lumped; /* an upper bound of -L's eigenvalues (either kind), /ms */
    double mlo; /* SC_FEM_CONSISTENT: a lower bound (> 0) of m^-1 M's eigenvalues (1: lumped) */
    int width; /* the longest row */
} ScFemOp;

/* Assemble the operator of mesh m: sigma (S/m along fibre, sheet, normal) for the elements of no
 * region, regions[nreg] for theirs; chi /mm, cm uF/cm^2; the mass of `kind`. NULL with a message. */
ScFemOp *sc_fem_assemble(const ScMesh *m, const double sigma[3], const ScFemRegion *regions, int nreg,
                         double chi, double cm, ScFemMass kind, char *err, size_t errlen);
void sc_fem_free(ScFemOp *op);
/* y = L x (x, y: n values). */
void sc_fem_apply(const ScFemOp *op, const double *x, double *y);
/* y = M x, the consistent mass (SC_FEM_CONSISTENT only). */
void sc_fem_mass_apply(const ScFemOp *op, const double *x, double *y);
/* The Chebyshev iteration of a step's solve m^-1 (M + c2 K) V' = b (M the operator's mass: m when
 * lumped, then with c2 > 0): its eigenvalues lie in [mlo, 1 + c2 lambda_lumped]. The sweeps K after
 * which the error is at most tol times the first iterate's (in the m-norm, where the matrix is
 * symmetric; kern_cheb_plan on the interval scaled to [1, kappa]), or max + 1 when max sweeps do not
 * reach tol; *gamma the Richardson factor of the residual b - m^-1 (M + c2 K) x, omega[0 .. K) the
 * sweeps' weights (room for max). */
int sc_fem_plan(const ScFemOp *op, double c2, double tol, int max, double *gamma, double *omega);
/* The eigenvalues of the symmetric n x n matrix a (1 <= n <= 8, row-major; destroyed) into ev, in
 * no particular order (cyclic Jacobi rotations to round-off). */
void sc_fem_sym_eig(int n, double *a, double *ev);

/* How the nodes are cut into parts. */
typedef enum ScFemPartitioner { SC_FEM_PART_AUTO, SC_FEM_PART_METIS, SC_FEM_PART_RCB } ScFemPartitioner;
/* Whether this build has METIS. */
int sc_fem_have_metis(void);
/* Cut the nodes of op (coordinates xyz, 3 n, mm) into np parts: part[i] for node i. RCB (recursive
 * coordinate bisection) gives part p exactly size[p] nodes; METIS (the graph of op, k-way) about
 * size[p] (size[] is overwritten with the parts' actual sizes). SC_FEM_PART_AUTO is METIS when
 * built with it. 0, or -1 with a message (METIS asked for and not built in, or its failure). */
int sc_fem_partition(const ScFemOp *op, const double *xyz, int np, long *size, ScFemPartitioner how,
                     int *part, char *err, size_t errlen);

#endif

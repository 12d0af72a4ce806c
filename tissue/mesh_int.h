/* mesh_int.h: the mesh readers' and the finite elements' shared helpers (tissue/mesh_check.c;
 * internal to libstarcarp: the public mesh API is include/starcarp/sc_mesh.h). */
#ifndef SC_MESH_INT_H
#define SC_MESH_INT_H

#include "sc_mesh.h"

/* mesh_check.c (internal to the readers): allocate a mesh of nn nodes, ne elements (arrays
 * uninitialised but tags 0, nfib 0); check element e read at `where` (nodes in range and distinct,
 * not degenerate) and normalise fibre e; 0, or -1 with a message prefixed by `where`. */
ScMesh *mesh_alloc(long nn, long ne);
int mesh_check_elem(const ScMesh *m, long e, const char *where, char *err, size_t errlen);
int mesh_check_fibre(ScMesh *m, long e, const char *where, char *err, size_t errlen);
/* The Jacobian determinant of hexahedron e at the Gauss point (+-1/sqrt 3 per axis) g (0..7), and
 * the derivatives of its 8 shape functions along x, y, z there (dN: 24 values, NULL: not wanted). */
double mesh_hex_jacobian(const ScMesh *m, long e, int g, double *dN);

#endif

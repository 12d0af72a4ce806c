/* mesh_imp.c: the ionic regions of a mesh (sc_tissue.h, cfg->imp; docs/tissue.md, "Ionic
 * regions"): which region each node belongs to, and the cut of the nodes into parts that each hold
 * one region's nodes (each region's subgraph of the operator cut by sc_fem_partition), so that
 * each region's parts make a cell array of its model. Used by tissue_mesh.c (tissue_int.h). */
#include <stdlib.h>
#include <string.h>

#include "sc_fem.h"
#include "util_int.h"
#include "tissue_int.h"

/* The region of an element of tag `tag`: the region listing it (1 .. nimp), else 0. */
static int tag_region(const ScTissueConfig *c, int tag) {
    for (int k = 0; k < c->nimp; k++)
        for (int j = 0; j < c->imp[k].ntags; j++)
            if (c->imp[k].tags[j] == tag)
                return k + 1;
    return 0;
}

int timp_node_regions(const ScTissueConfig *c, int *reg, long *count) {
    const ScMesh *m = c->mesh;
    memset(reg, 0, sizeof(int) * (size_t)m->nn);
    memset(count, 0, sizeof(long) * (size_t)(c->nimp + 1));
    int *etag = malloc(sizeof(int) * (size_t)(c->nimp > 0 ? m->ne : 1));
    if (!etag)
        return -1;
    /* the tags' regions once per distinct run of tags (meshes list elements region by region) */
    for (long e = 0, last = -1, r = 0; e < m->ne && c->nimp > 0; e++) {
        if (last < 0 || m->tag[e] != m->tag[last])
            r = tag_region(c, m->tag[e]), last = e;
        etag[e] = (int)r;
    }
    for (long e = 0; e < m->ne && c->nimp > 0; e++)
        for (int v = 0; v < m->nv[e]; v++) {
            int i = m->conn[SC_MESH_MAXV * e + v];
            reg[i] = etag[e] > reg[i] ? etag[e] : reg[i];
        }
    for (long i = 0; i < m->nn; i++)
        count[reg[i]]++;
    free(etag);
    return 0;
}

/* Region r's subgraph of op (its nodes' rows, the columns among its nodes, renumbered in mesh
 * order: sub->n nodes, node g[k] of the mesh is k) and their coordinates (xyz, 3 per node). 0 or
 * -1 (memory). */
static int subgraph(const ScFemOp *op, const double *xyz, const int *reg, int r, ScFemOp *sub, int *g,
                    int *loc, double *sxyz) {
    long n = 0, nz = 0;
    for (long i = 0; i < op->n; i++)
        loc[i] = reg[i] == r ? (int)n : -1, n += reg[i] == r;
    memset(sub, 0, sizeof *sub);
    sub->n = n;
    sub->rowptr = malloc(sizeof(long) * ((size_t)n + 1));
    for (long i = 0; i < op->n; i++)
        for (long q = op->rowptr[i]; reg[i] == r && q < op->rowptr[i + 1]; q++)
            nz += reg[op->col[q]] == r;
    sub->col = malloc(sizeof(int) * (size_t)(nz > 0 ? nz : 1));
    if (!sub->rowptr || !sub->col)
        return -1;
    sub->rowptr[0] = 0;
    for (long i = 0, k = 0; i < op->n; i++) {
        if (reg[i] != r)
            continue;
        g[loc[i]] = (int)i;
        memcpy(sxyz + 3 * (size_t)loc[i], xyz + 3 * (size_t)i, 3 * sizeof(double));
        for (long q = op->rowptr[i]; q < op->rowptr[i + 1]; q++)
            if (reg[op->col[q]] == r)
                sub->col[k++] = loc[op->col[q]];
        sub->rowptr[loc[i] + 1] = k;
    }
    return 0;
}

int timp_partition(const ScFemOp *op, const double *xyz, const int *reg, int nreg, int np, const int *preg,
                   long *size, int how, int *part, char *err, size_t errlen) {
    int *g = malloc(sizeof(int) * (size_t)op->n), *loc = malloc(sizeof(int) * (size_t)op->n);
    int *sp = malloc(sizeof(int) * (size_t)op->n), *idx = malloc(sizeof(int) * (size_t)np);
    long *sz = malloc(sizeof(long) * (size_t)np);
    double *sxyz = malloc(sizeof(double) * 3 * (size_t)op->n);
    int rc = !g || !loc || !sp || !idx || !sz || !sxyz ? -1 : 0;
    if (rc)
        sc_set_err(err, errlen, "out of memory");
    for (int r = 0; r < nreg && !rc; r++) {
        int k = 0; /* region r's parts, ascending: its subgraph's parts 0 .. k - 1 */
        for (int p = 0; p < np; p++)
            if (preg[p] == r)
                sz[k] = size[p], idx[k++] = p;
        if (k == 0)
            continue;
        ScFemOp sub;
        if (subgraph(op, xyz, reg, r, &sub, g, loc, sxyz) != 0) {
            sc_set_err(err, errlen, "out of memory");
            rc = -1;
        } else
            rc = sc_fem_partition(&sub, sxyz, k, sz, (ScFemPartitioner)how, sp, err, errlen);
        for (long i = 0; i < sub.n && !rc; i++)
            part[g[i]] = idx[sp[i]];
        for (int j = 0; j < k && !rc; j++)
            size[idx[j]] = sz[j];
        free(sub.rowptr), free(sub.col);
    }
    free(g), free(loc), free(sp), free(idx), free(sz), free(sxyz);
    return rc;
}

/* fem_part.c: a mesh's nodes cut into parts (sc_fem.h: sc_fem_partition): METIS's k-way cut of the
 * operator's graph (Debian's libmetis, when the build found it: SC_HAVE_METIS), or recursive
 * coordinate bisection (exact sizes, no library). */
#include <stdlib.h>
#include <string.h>

#include "sc_fem.h"
#include "util_int.h"
#ifdef SC_HAVE_METIS
#include <metis.h>
#endif

int sc_fem_have_metis(void) {
#ifdef SC_HAVE_METIS
    return 1;
#else
    return 0;
#endif
}

typedef struct KeyIdx {
    double key;
    int idx;
} KeyIdx;

static int cmp_key(const void *a, const void *b) {
    const KeyIdx *x = a, *y = b;
    if (x->key != y->key)
        return (x->key > y->key) - (x->key < y->key);
    return (x->idx > y->idx) - (x->idx < y->idx);
}

/* Parts p0 .. p1-1 (sizes size[]) from the nodes ki[0 .. n): split along the longest extent at
 * the first half's total size, recursively. */
static void rcb(KeyIdx *ki, long n, const double *xyz, int p0, int p1, const long *size, int *part) {
    if (p1 - p0 == 1) {
        for (long q = 0; q < n; q++)
            part[ki[q].idx] = p0;
        return;
    }
    double lo[3] = {1e300, 1e300, 1e300}, hi[3] = {-1e300, -1e300, -1e300};
    for (long q = 0; q < n; q++)
        for (int d = 0; d < 3; d++) {
            double x = xyz[3 * (size_t)ki[q].idx + d];
            lo[d] = x < lo[d] ? x : lo[d], hi[d] = x > hi[d] ? x : hi[d];
        }
    int ax = 0;
    for (int d = 1; d < 3; d++)
        if (hi[d] - lo[d] > hi[ax] - lo[ax])
            ax = d;
    for (long q = 0; q < n; q++)
        ki[q].key = xyz[3 * (size_t)ki[q].idx + ax];
    qsort(ki, (size_t)n, sizeof *ki, cmp_key);
    int pm = (p0 + p1) / 2;
    long left = 0;
    for (int p = p0; p < pm; p++)
        left += size[p];
    rcb(ki, left, xyz, p0, pm, size, part);
    rcb(ki + left, n - left, xyz, pm, p1, size, part);
}

#ifdef SC_HAVE_METIS
/* METIS's k-way cut with target fractions size[p] / n; the sizes it gives into size[]. */
static int metis_cut(const ScFemOp *op, int np, long *size, int *part, char *err, size_t errlen) {
    idx_t nv = (idx_t)op->n, ncon = 1, npart = np, objval = 0;
    idx_t *xadj = malloc(sizeof(idx_t) * ((size_t)op->n + 1));
    idx_t *adj = malloc(sizeof(idx_t) * (size_t)(op->rowptr[op->n] > 0 ? op->rowptr[op->n] : 1));
    idx_t *pt = malloc(sizeof(idx_t) * (size_t)op->n);
    real_t *tp = malloc(sizeof(real_t) * (size_t)np);
    int rc = -1;
    if (xadj && adj && pt && tp) {
        size_t k = 0;
        for (long i = 0; i < op->n; i++) {
            xadj[i] = (idx_t)k;
            for (long q = op->rowptr[i]; q < op->rowptr[i + 1]; q++)
                if (op->col[q] != i)
                    adj[k++] = op->col[q];
        }
        xadj[op->n] = (idx_t)k;
        for (int p = 0; p < np; p++)
            tp[p] = (real_t)((double)size[p] / (double)op->n);
        idx_t opt[METIS_NOPTIONS];
        METIS_SetDefaultOptions(opt);
        opt[METIS_OPTION_SEED] = 1;
        int r =
            METIS_PartGraphKway(&nv, &ncon, xadj, adj, NULL, NULL, NULL, &npart, tp, NULL, opt, &objval, pt);
        if (r == METIS_OK) {
            memset(size, 0, sizeof(long) * (size_t)np);
            for (long i = 0; i < op->n; i++)
                part[i] = (int)pt[i], size[pt[i]]++;
            rc = 0;
            for (int p = 0; p < np; p++)
                if (size[p] == 0) {
                    sc_set_err(err, errlen, "METIS left part %d of %d empty", p, np);
                    rc = -1;
                }
        } else
            sc_set_err(err, errlen, "METIS_PartGraphKway failed (status %d)", r);
    } else
        sc_set_err(err, errlen, "out of memory for METIS's graph");
    free(xadj), free(adj), free(pt), free(tp);
    return rc;
}
#endif

int sc_fem_partition(const ScFemOp *op, const double *xyz, int np, long *size, ScFemPartitioner how,
                     int *part, char *err, size_t errlen) {
    long tot = 0;
    for (int p = 0; p < np; p++)
        tot += size[p];
    if (np < 1 || tot != op->n) {
        sc_set_err(err, errlen, "%d parts of %ld nodes in all for %ld nodes", np, tot, op->n);
        return -1;
    }
    if (np == 1) {
        memset(part, 0, sizeof(int) * (size_t)op->n);
        return 0;
    }
    if (how == SC_FEM_PART_METIS && !sc_fem_have_metis()) {
        sc_set_err(err, errlen,
                   "this build has no METIS (install libmetis-dev and configure again); rcb cuts "
                   "by coordinates");
        return -1;
    }
#ifdef SC_HAVE_METIS
    if (how != SC_FEM_PART_RCB)
        return metis_cut(op, np, size, part, err, errlen);
#endif
    KeyIdx *ki = malloc(sizeof(KeyIdx) * (size_t)op->n);
    if (!ki) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    for (long i = 0; i < op->n; i++)
        ki[i].idx = (int)i;
    rcb(ki, op->n, xyz, 0, np, size, part);
    free(ki);
    return 0;
}

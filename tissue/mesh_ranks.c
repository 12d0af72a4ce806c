/* mesh_ranks.c: how a mesh's nodes are shared among the ranks and their workers (tissue_int.h,
 * tranks_plan; docs/tissue.md, "Meshes" and "Ionic regions"). Each ionic region's nodes are
 * shared among the ranks in proportion to the ranks' shares of the whole mesh (ScTissueRanks's
 * share), every rank plans its share of each region on its own workers for the region's model
 * (tissue_place_parts), and the ranks gather each other's plans, so that every rank knows every part:
 * rank 0's parts first, each rank's region by region. One process is one rank holding everything.
 * The cut itself follows the plan (tissue_mesh.c: one region's parts by sc_fem_partition, several
 * regions' by timp_partition), alike on every rank. */
#include <stdlib.h>
#include <string.h>

#include "place.h"
#include "util_int.h"
#include "tissue_int.h"

void tranks_free(TranksPlan *pl) {
    free(pl->size), free(pl->worker), free(pl->owner), free(pl->preg);
    pl->size = NULL, pl->worker = pl->owner = pl->preg = NULL;
}

/* n values of every rank into all (rank by rank): the ranks' allgather, or a copy for one. */
static int gather(const ScTissueRanks *rk, const long *mine, int n, long *all) {
    if (rk->size > 1)
        return rk->allgather(rk->ctx, mine, n, all);
    memcpy(all, mine, sizeof(long) * (size_t)n);
    return 0;
}

/* Rank k's nodes of a region of c nodes, the mesh's n shared as sh (the ranks' shares, summing to
 * n): the region's nodes in proportion, the rounded-down cumulative shares' difference. */
static long region_share(long c, long n, const long *sh, int k) {
    long long s0 = 0;
    for (int j = 0; j < k; j++)
        s0 += sh[j];
    return (long)((long long)c * (s0 + sh[k]) / n - (long long)c * s0 / n);
}

/* This rank's plan of each region (sz[r], wk[r]; cnt[r] parts, -1 on every region after a
 * failure, with its message), then every rank's counts gathered into all (size * nreg values).
 * 0, or -1 (every rank: a rank's failure). */
static int plan_mine(const ScTissueConfig *cfg, const ScTissueRanks *rk, const ScModelEntry *const *model,
                     int nreg, const long *rcount, long n, long **sz, int **wk, long *all, char *err,
                     size_t errlen) {
    long cnt[SC_TISSUE_MAX_IMP + 1], tot = 0;
    long *sh = malloc(sizeof(long) * (size_t)rk->size);
    int rc = !sh || gather(rk, &rk->share, 1, sh) != 0 ? -1 : 0, bad = rc;
    if (rc)
        sc_set_err(err, errlen, "out of memory, or the ranks' shares could not be gathered");
    for (int k = 0; k < rk->size && !rc; k++)
        tot += sh[k];
    if (!rc && tot != n) {
        sc_set_err(err, errlen, "the ranks' shares hold %ld nodes of the mesh's %ld", tot, n);
        rc = bad = -1;
    }
    for (int r = 0; r < nreg; r++) {
        long s = bad ? 0 : region_share(rcount[r], n, sh, rk->rank);
        int np = s > 0 ? tissue_place_parts(model[r], cfg, s, 1, &sz[r], &wk[r], err, errlen) : 0;
        bad |= s > 0 && np < 1;
        cnt[r] = np;
    }
    for (int r = 0; r < nreg && bad; r++)
        cnt[r] = -1;
    free(sh);
    if (gather(rk, cnt, nreg, all) != 0) {
        sc_set_err(err, errlen, "the ranks' plans could not be gathered");
        return -1;
    }
    for (int k = 0; k < rk->size && !rc; k++) {
        long parts = 0;
        for (int r = 0; r < nreg; r++)
            parts = parts < 0 || all[k * nreg + r] < 0 ? -1 : parts + all[k * nreg + r];
        if (parts < 1) { /* failed, or no node of any region (a share under one node a region) */
            if (k != rk->rank || parts == 0)
                sc_set_err(err, errlen, "rank %d could not plan its parts%s", k,
                           parts == 0 ? ": it holds no node (fewer ranks)" : "");
            rc = -1;
        }
    }
    return rc;
}

/* The parts (pl) from every rank's counts (cnt: rank by rank, region by region) and sizes (all:
 * most per rank and region), this rank's workers wk; each region's sizes checked against rcount.
 * 0, or -1 with a message. */
static int lay_out(TranksPlan *pl, const ScTissueRanks *rk, int nreg, const long *rcount, const long *cnt,
                   const long *all, long most, int *const *wk, char *err, size_t errlen) {
    long tot[SC_TISSUE_MAX_IMP + 1] = {0};
    size_t nt = (size_t)(pl->np > 0 ? pl->np : 1);
    pl->size = calloc(nt, sizeof(long)), pl->worker = calloc(nt, sizeof(int));
    pl->owner = calloc(nt, sizeof(int)), pl->preg = calloc(nt, sizeof(int));
    if (!pl->size || !pl->worker || !pl->owner || !pl->preg) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    int p = 0;
    for (int k = 0; k < rk->size; k++) {
        if (k == rk->rank)
            pl->p0 = p;
        for (int r = 0; r < nreg; r++) {
            size_t kr = (size_t)k * (size_t)nreg + (size_t)r;
            if (k == rk->rank)
                pl->rp0[r] = p;
            for (long j = 0; j < cnt[kr]; j++, p++) {
                pl->size[p] = all[kr * (size_t)most + (size_t)j], pl->owner[p] = k, pl->preg[p] = r;
                pl->worker[p] = k == rk->rank ? wk[r][j] : -1, tot[r] += pl->size[p];
            }
        }
        if (k == rk->rank)
            pl->p1 = pl->rp0[nreg] = p;
    }
    for (int r = 0; r < nreg; r++)
        if (tot[r] != rcount[r]) {
            sc_set_err(err, errlen, "the ranks' parts hold %ld nodes of ionic region %d's %ld", tot[r], r,
                       rcount[r]);
            return -1;
        }
    return 0;
}

int tranks_plan(const ScTissueConfig *cfg, const ScTissueRanks *rk, const ScModelEntry *const *model,
                int nreg, const long *rcount, long n, TranksPlan *pl, char *err, size_t errlen) {
    memset(pl, 0, sizeof *pl);
    long *sz[SC_TISSUE_MAX_IMP + 1] = {0}, most = 1;
    int *wk[SC_TISSUE_MAX_IMP + 1] = {0};
    const size_t ns = (size_t)rk->size * (size_t)nreg;
    long *cnt = malloc(sizeof(long) * ns), *pad = NULL, *all = NULL;
    int rc = !cnt ? -1 : plan_mine(cfg, rk, model, nreg, rcount, n, sz, wk, cnt, err, errlen);
    for (size_t k = 0; k < ns && !rc; k++)
        most = cnt[k] > most ? cnt[k] : most, pl->np += (int)cnt[k];
    if (!rc) {
        pad = calloc((size_t)nreg * (size_t)most, sizeof(long)),
        all = malloc(sizeof(long) * ns * (size_t)most);
        rc = !pad || !all ? -1 : 0;
        for (int r = 0; r < nreg && !rc; r++)
            for (long j = 0; j < cnt[(size_t)rk->rank * (size_t)nreg + (size_t)r]; j++)
                pad[(size_t)r * (size_t)most + (size_t)j] = sz[r][j];
        if (rc || gather(rk, pad, nreg * (int)most, all) != 0) {
            sc_set_err(err, errlen, "out of memory, or the ranks' parts could not be gathered");
            rc = -1;
        }
    } else if (!cnt)
        sc_set_err(err, errlen, "out of memory");
    if (!rc)
        rc = lay_out(pl, rk, nreg, rcount, cnt, all, most, wk, err, errlen);
    for (int r = 0; r < nreg; r++)
        free(sz[r]), free(wk[r]);
    free(cnt), free(pad), free(all);
    if (rc)
        tranks_free(pl);
    return rc;
}

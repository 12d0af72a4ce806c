/* study_ranks.c: `starcarp study` over StarPU-MPI ranks (study.h): under mpirun every rank plans the
 * whole study alike (the same design, drugs and values), advances its own contiguous share of the
 * cells on its own workers, agrees with the others after every beat (a failure that stops the run,
 * a beat some rank runs again, the steady state), and sends its figures to rank 0, which writes
 * the outputs. Without MPI (or with one rank) every function is the identity. */
#include <stdlib.h>
#include <string.h>

#ifdef SC_HAVE_MPI
#include <mpi.h>
#endif

#include "commands.h"
#include "study.h"

void study_ranks_share(StudyPlan *p) {
    int mpi = 0;
    p->rank = 0, p->size = 1;
    cli_starpu_where(&p->rank, &p->size, &mpi);
    if (!mpi || p->size < 1)
        p->rank = 0, p->size = 1;
    long base = p->cells / p->size, extra = p->cells % p->size;
    p->first = (long)p->rank * base + (p->rank < extra ? p->rank : extra);
    p->n = base + (p->rank < extra ? 1 : 0);
}

void study_ranks_agree(const StudyPlan *p, int *fatal, int *done, int *steady) {
#ifdef SC_HAVE_MPI
    if (p->size > 1) {
        int in[3] = {*fatal, !*done, !*steady}, out[3];
        MPI_Allreduce(in, out, 3, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        *fatal = out[0], *done = !out[1], *steady = !out[2];
    }
#else
    (void)p, (void)fatal, (void)done, (void)steady;
#endif
}

#ifdef SC_HAVE_MPI
/* Every rank's share of k doubles per cell (x[j * n + i]) into rank 0's full array (whole[j *
 * cells + c]); whole is only read on rank 0. */
static void gather(const StudyPlan *p, const double *x, double *whole, int k) {
    int *cnt = malloc(sizeof(int) * (size_t)p->size), *off = malloc(sizeof(int) * (size_t)p->size);
    long base = p->cells / p->size, extra = p->cells % p->size;
    for (int r = 0; r < p->size; r++) {
        cnt[r] = (int)(base + (r < extra ? 1 : 0));
        off[r] = (int)((long)r * base + (r < extra ? r : extra));
    }
    for (int j = 0; j < k; j++)
        MPI_Gatherv(x + (size_t)j * (size_t)p->n, (int)p->n, MPI_DOUBLE,
                    whole ? whole + (size_t)j * (size_t)p->cells : NULL, cnt, off, MPI_DOUBLE, 0,
                    MPI_COMM_WORLD);
    free(cnt), free(off);
}

/* Rank 0: *x (k doubles per local cell) replaced by the whole array; the others keep theirs. */
static int gather_into(const StudyPlan *p, double **x, int k) {
    double *whole = p->rank == 0 ? malloc(sizeof(double) * (size_t)k * (size_t)p->cells) : NULL;
    if (p->rank == 0 && !whole)
        return -1;
    gather(p, *x, whole, k);
    if (p->rank == 0)
        free(*x), *x = whole;
    return 0;
}
#endif

int study_ranks_gather(const StudyPlan *p, StudyRate *r) {
#ifdef SC_HAVE_MPI
    if (p->size == 1)
        return 0;
    int has_steady = r->steady != NULL, rc = 0;
    rc |= gather_into(p, &r->fields, SC_BM_NFIELDS);
    rc |= gather_into(p, &r->failed, 1);
    if (has_steady)
        rc |= gather_into(p, &r->steady, 1);
    long nf = 0;
    MPI_Reduce(&r->nfailed, &nf, 1, MPI_LONG, MPI_SUM, 0, MPI_COMM_WORLD);
    r->nfailed = nf;
    if (r->ntcell > 0) { /* each sample is one rank's, the others' 0 */
        size_t n = (size_t)r->ntcell * (size_t)r->tlen;
        MPI_Reduce(p->rank == 0 ? MPI_IN_PLACE : r->trace, r->trace, (int)n, MPI_DOUBLE, MPI_SUM, 0,
                   MPI_COMM_WORLD);
    }
    return rc;
#else
    (void)p, (void)r;
    return 0;
#endif
}

void study_ranks_bcast(const StudyPlan *p, void *buf, size_t n) {
#ifdef SC_HAVE_MPI
    if (p->size > 1)
        MPI_Bcast(buf, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
#else
    (void)p, (void)buf, (void)n;
#endif
}

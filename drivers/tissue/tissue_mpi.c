/* tissue_mpi.c: `starcarp tissue` on several StarPU-MPI ranks (tissue_mpi.h). */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#ifdef SC_HAVE_MPI
#include <mpi.h>
#include <starpu_mpi.h>
#endif

#include "commands.h"
#include "tissue_mpi.h"

int tmpi_init(struct starpu_conf *conf, TmpiShare *s) {
    memset(s, 0, sizeof *s);
    int rc = cli_starpu_begin("tissue", conf, NULL);
    cli_starpu_where(&s->rank, &s->size, &s->mpi);
    return rc;
}

void tmpi_shutdown(const TmpiShare *s) {
#ifdef SC_HAVE_MPI
    if (s->mpi) /* every rank's tasks done before StarPU-MPI stops */
        starpu_mpi_wait_for_all(MPI_COMM_WORLD);
#endif
    (void)s;
    cli_starpu_end();
}

void tmpi_share(TmpiShare *s, long planes, long plane) {
    s->plane = plane, s->plane0 = 0, s->nplanes = planes;
#ifdef SC_HAVE_MPI
    if (s->size > 1) {
        double speed = (double)starpu_cpu_worker_get_count() + 50.0 * (double)starpu_cuda_worker_get_count();
        double *sp = malloc(sizeof(double) * (size_t)s->size), tot = 0;
        MPI_Allgather(&speed, 1, MPI_DOUBLE, sp, 1, MPI_DOUBLE, MPI_COMM_WORLD);
        for (int r = 0; r < s->size; r++)
            tot += sp[r];
        /* one plane each (the caller checks size <= planes), the rest in proportion to speed */
        long acc = 0, spare = planes - s->size;
        for (int r = 0; r < s->size; r++) {
            long n = r == s->size - 1 ? planes - acc : 1 + (long)floor((double)spare * sp[r] / tot);
            if (r == s->rank)
                s->plane0 = acc, s->nplanes = n;
            acc += n;
        }
        free(sp);
    }
#endif
}

int tmpi_exchange(void *ctx, long step, starpu_data_handle_t lo, starpu_data_handle_t hi,
                  starpu_data_handle_t ghost_lo, starpu_data_handle_t ghost_hi) {
#ifdef SC_HAVE_MPI
    const TmpiShare *s = ctx;
    /* tags: a bottom plane travels down as 2*step, a top plane up as 2*step + 1 */
    starpu_mpi_tag_t down = 2 * (starpu_mpi_tag_t)step, up = down + 1;
    int rc = 0;
    if (lo)
        rc |= starpu_mpi_isend_detached(lo, s->rank - 1, down, MPI_COMM_WORLD, NULL, NULL);
    if (hi)
        rc |= starpu_mpi_isend_detached(hi, s->rank + 1, up, MPI_COMM_WORLD, NULL, NULL);
    if (ghost_lo)
        rc |= starpu_mpi_irecv_detached(ghost_lo, s->rank - 1, up, MPI_COMM_WORLD, NULL, NULL);
    if (ghost_hi)
        rc |= starpu_mpi_irecv_detached(ghost_hi, s->rank + 1, down, MPI_COMM_WORLD, NULL, NULL);
    return rc ? -1 : 0;
#else
    (void)ctx, (void)step, (void)lo, (void)hi, (void)ghost_lo, (void)ghost_hi;
    return -1;
#endif
}

int tmpi_allgather(void *ctx, const long *mine, int n, long *all) {
#ifdef SC_HAVE_MPI
    const TmpiShare *s = ctx;
    if (s->size > 1)
        return MPI_Allgather(mine, n, MPI_LONG, all, n, MPI_LONG, MPI_COMM_WORLD) == MPI_SUCCESS ? 0 : -1;
#endif
    (void)ctx;
    memcpy(all, mine, sizeof(long) * (size_t)n);
    return 0;
}

/* h sent to (send 1) or received from (0) rank `peer` under `tag`, detached. 0 or -1. */
static int transfer(starpu_data_handle_t h, int peer, long tag, int send) {
#ifdef SC_HAVE_MPI
    return (send ? starpu_mpi_isend_detached : starpu_mpi_irecv_detached)(h, peer, (starpu_mpi_tag_t)tag,
                                                                          MPI_COMM_WORLD, NULL, NULL)
               ? -1
               : 0;
#else
    (void)h, (void)peer, (void)tag, (void)send;
    return -1;
#endif
}

int tmpi_send(void *ctx, starpu_data_handle_t h, int to, long tag) {
    (void)ctx;
    return transfer(h, to, tag, 1);
}

int tmpi_recv(void *ctx, starpu_data_handle_t h, int from, long tag) {
    (void)ctx;
    return transfer(h, from, tag, 0);
}

int tmpi_gather(const TmpiShare *s, const double *local, double *all) {
    long n = s->nplanes * s->plane;
#ifdef SC_HAVE_MPI
    if (s->size > 1) {
        int cnt = (int)n, *counts = NULL, *displs = NULL;
        if (s->rank == 0) {
            counts = malloc(sizeof(int) * (size_t)s->size), displs = malloc(sizeof(int) * (size_t)s->size);
        }
        MPI_Gather(&cnt, 1, MPI_INT, counts, 1, MPI_INT, 0, MPI_COMM_WORLD);
        if (s->rank == 0)
            for (int r = 0, o = 0; r < s->size; o += counts[r], r++)
                displs[r] = o;
        int rc = MPI_Gatherv(local, cnt, MPI_DOUBLE, all, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD);
        free(counts), free(displs);
        return rc == MPI_SUCCESS ? 0 : -1;
    }
#endif
    if (all != local)
        memcpy(all, local, sizeof(double) * (size_t)n);
    return 0;
}

void tmpi_sum0(const TmpiShare *s, double *v, int n) {
#ifdef SC_HAVE_MPI
    if (s->size > 1) {
        if (s->rank == 0)
            MPI_Reduce(MPI_IN_PLACE, v, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
        else
            MPI_Reduce(v, NULL, n, MPI_DOUBLE, MPI_SUM, 0, MPI_COMM_WORLD);
    }
#endif
    (void)s, (void)v, (void)n;
}

int tmpi_max(const TmpiShare *s, int v) {
#ifdef SC_HAVE_MPI
    if (s->size > 1) {
        int m = v;
        MPI_Allreduce(&v, &m, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        return m;
    }
#endif
    (void)s;
    return v;
}

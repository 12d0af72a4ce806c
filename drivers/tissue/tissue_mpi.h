/* tissue_mpi.h: `starcarp tissue` under `mpirun -np N` with StarPU-MPI (prefix tmpi_): each rank
 * holds a contiguous range of planes of the grid's slowest axis (a mesh: of its cells, the parts of its
 * share of the nodes), in proportion to its speed (CPU workers + 50 x GPUs, as bench), exchanges its
 * edge planes with its neighbours every step (a mesh: its parts' export buffers)
 * (starpu_mpi_isend/irecv_detached on the halo handles: StarPU orders them with the tasks), and
 * rank 0 gathers what it writes. Without StarPU-MPI (or outside mpirun) every function is the
 * one-process case. */
#ifndef SC_TISSUE_MPI_H
#define SC_TISSUE_MPI_H

#include <starpu.h>

typedef struct TmpiShare {
    int rank, size, mpi; /* mpi: StarPU-MPI was initialised */
    long plane0, nplanes; /* this rank's planes */
    long plane; /* nodes per plane */
} TmpiShare;

/* StarPU (or StarPU-MPI under mpirun) up with conf (cli_starpu_begin: its message when it fails);
 * fills rank and size. 0 or StarPU's error. */
int tmpi_init(struct starpu_conf *conf, TmpiShare *s);
void tmpi_shutdown(const TmpiShare *s);
/* This rank's planes of `planes` planes of `plane` nodes. */
void tmpi_share(TmpiShare *s, long planes, long plane);
/* The exchange of sc_tissue.h's ScTissueConfig (ctx: the TmpiShare). */
int tmpi_exchange(void *ctx, long step, starpu_data_handle_t lo, starpu_data_handle_t hi,
                  starpu_data_handle_t ghost_lo, starpu_data_handle_t ghost_hi);
/* A mesh's communication (sc_tissue.h's ScTissueRanks; ctx: the TmpiShare): MPI_Allgather of
 * longs, starpu_mpi_isend_detached and irecv_detached. */
int tmpi_allgather(void *ctx, const long *mine, int n, long *all);
int tmpi_send(void *ctx, starpu_data_handle_t h, int to, long tag);
int tmpi_recv(void *ctx, starpu_data_handle_t h, int from, long tag);
/* Gather each rank's nodes (local) into all (global, rank 0 only). 0 or -1. */
int tmpi_gather(const TmpiShare *s, const double *local, double *all);
/* Sum n values onto rank 0 (in place there). */
void tmpi_sum0(const TmpiShare *s, double *v, int n);
/* The largest of an int over the ranks. */
int tmpi_max(const TmpiShare *s, int v);

#endif

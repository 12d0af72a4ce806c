/* cli_mpi.c: StarPU started for a command, with StarPU-MPI under mpirun (commands.h). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <starpu.h>
#ifdef SC_HAVE_MPI
#include <mpi.h>
#include <starpu_mpi.h>
#endif

#include "commands.h"

#ifdef SC_HAVE_MPI
/* What a rank tells the others about where it runs. */
typedef struct Place {
    char host[256];
    unsigned char cpus[CPU_SETSIZE / 8]; /* the cores it may use (sched_getaffinity), a bit each */
} Place;

/* On rank 0: a warning when two ranks of one host may use the same cores while StarPU binds its
 * workers to cores (STARPU_WORKERS_NOBIND unset): their workers then share cores and every
 * exchange waits for a time slice (docs/runtime.md: 30 times slower, measured). Collective. */
static void check_places(const char *cmd, int rank, int size) {
    Place me;
    memset(&me, 0, sizeof me);
    gethostname(me.host, sizeof me.host - 1);
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        for (int c = 0; c < CPU_SETSIZE; c++)
            if (CPU_ISSET(c, &set))
                me.cpus[c / 8] |= (unsigned char)(1u << (c % 8));
    Place *all = rank == 0 ? malloc(sizeof(Place) * (size_t)size) : NULL;
    MPI_Gather(&me, (int)sizeof me, MPI_BYTE, all, (int)sizeof me, MPI_BYTE, 0, MPI_COMM_WORLD);
    const char *nobind = getenv("STARPU_WORKERS_NOBIND");
    for (int i = 0; all && i < size && !(nobind && atoi(nobind) == 1); i++)
        for (int j = i + 1; j < size; j++) {
            if (strcmp(all[i].host, all[j].host) != 0)
                continue;
            int shared = 0;
            for (size_t b = 0; b < sizeof me.cpus; b++)
                shared |= all[i].cpus[b] & all[j].cpus[b];
            if (shared) {
                fprintf(
                    stderr,
                    "starcarp %s: warning: ranks %d and %d on %s may use the same cores, and StarPU binds "
                    "its workers to cores: give each rank its own (mpirun --map-by slot:PE=N --bind-to "
                    "core) or set STARPU_WORKERS_NOBIND=1 (docs/runtime.md)\n",
                    cmd, i, j, all[i].host);
                i = size; /* one warning */
                break;
            }
        }
    free(all);
}
#endif

int cli_starpu_start(const char *cmd, struct starpu_conf *conf, int *rank, int *size, int *mpi) {
    *rank = 0, *size = 1, *mpi = 0;
#ifdef SC_HAVE_MPI
    if (getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE")) {
        int rc = starpu_mpi_init_conf(NULL, NULL, 1, MPI_COMM_WORLD, conf);
        if (rc == 0) {
            *mpi = 1;
            starpu_mpi_comm_rank(MPI_COMM_WORLD, rank);
            starpu_mpi_comm_size(MPI_COMM_WORLD, size);
            if (*size > 1)
                check_places(cmd, *rank, *size);
        }
        return rc;
    }
#endif
    (void)cmd;
    return starpu_init(conf);
}

/* outpath.h: output paths checked before a run starts its work (prefix opath_), so that a run
 * that could not write its results fails at once instead of after the simulation. */
#ifndef SC_OUTPATH_H
#define SC_OUTPATH_H

#include <stddef.h>

/* Whether a file can be written at path: an existing file that is not a folder and may be
 * written, or a new name in an existing folder that may be written. Creates nothing. 0, or -1
 * with "OPT PATH: reason" in err (opt: the option that named it, e.g. "--plot"). */
int opath_check(const char *opt, const char *path, char *err, size_t errlen);

/* The process's rank as the MPI launcher sets it in the environment (OMPI_COMM_WORLD_RANK,
 * PMI_RANK, PMIX_RANK), before MPI starts, and the number of ranks in *size (NULL: not wanted);
 * rank 0 of 1 outside a launcher. */
int opath_launch_rank(int *size);

#endif

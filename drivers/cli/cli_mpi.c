/* cli_mpi.c: StarPU configured and started for a command, with StarPU-MPI under mpirun
 * (commands.h). */
#define _GNU_SOURCE
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <starpu.h>
#ifdef SC_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif
#ifdef SC_HAVE_MPI
#include <mpi.h>
#include <starpu_mpi.h>
#endif

#include "busy.h"
#include "commands.h"
#include "sc_choose.h"
#include "starcarp_util.h"

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

#ifdef SC_HAVE_MPI
static int mpi_ours; /* MPI started by cli_mpi_begin (then ended by cli_mpi_end) */
static int agreed; /* a failure every rank knows of (cli_mpi_agree) */
enum { END_WAIT_S = 30 }; /* how long a failed rank waits for the others at the end */

/* ScChooseShare's share: rank 0's n bytes into every rank's buf. */
static void bcast0(void *buf, size_t n, void *ctx) {
    (void)ctx;
    MPI_Bcast(buf, (int)n, MPI_BYTE, 0, MPI_COMM_WORLD);
}
#endif

void cli_mpi_begin(void) {
#ifdef SC_HAVE_MPI
    if (!getenv("OMPI_COMM_WORLD_SIZE") && !getenv("PMI_SIZE"))
        return;
    /* MPI_THREAD_MULTIPLE: the command's own collectives (probes' sums, the stop checks) run in
     * the main thread while StarPU-MPI's thread tests its requests; SERIALIZED would forbid that.
     * Where the rank's cores are few or shared, MPI's waits yield the core (Open MPI's
     * mpi_yield_when_idle; the user's setting wins): a rank that spins in a wait holds back the
     * thread the wait is for (busy.h). */
    if (busy_mpi_crowded())
        setenv("OMPI_MCA_mpi_yield_when_idle", "1", 0);
    int provided = 0, rank = 0, size = 1;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS)
        return;
    mpi_ours = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    if (size > 1) {
        ScChooseShare s = {rank == 0, bcast0, NULL};
        sc_choose_share(&s);
    }
#endif
}

int cli_mpi_agree(int rc) {
#ifdef SC_HAVE_MPI
    int size = 1, worst = rc;
    if (mpi_ours && MPI_Comm_size(MPI_COMM_WORLD, &size) == MPI_SUCCESS && size > 1) {
        MPI_Allreduce(&rc, &worst, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
        agreed |= worst != 0;
    }
    return worst;
#else
    return rc;
#endif
}

void cli_mpi_end(int rc) {
#ifdef SC_HAVE_MPI
    int done = 0, size = 1, rank = 0;
    if (!mpi_ours || MPI_Finalized(&done) != MPI_SUCCESS || done)
        return;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rc != 0 && !agreed && size > 1) {
        /* a failure this rank may be alone to see: the others may wait for it in an exchange
         * forever. Those that arrive here within END_WAIT_S end together; otherwise MPI_Abort. */
        MPI_Request req;
        int arrived = 0;
        MPI_Ibarrier(MPI_COMM_WORLD, &req);
        for (double t0 = sc_now_s(); !arrived && sc_now_s() - t0 < END_WAIT_S;) {
            MPI_Test(&req, &arrived, MPI_STATUS_IGNORE);
            if (!arrived)
                nanosleep(&(struct timespec){0, 10000000}, NULL);
        }
        if (!arrived) {
            fprintf(stderr,
                    "starcarp: rank %d failed while the others went on: the job stopped (MPI_Abort)\n", rank);
            MPI_Abort(MPI_COMM_WORLD, rc);
        }
    } else if (size > 1) {
        MPI_Request req;
        MPI_Ibarrier(MPI_COMM_WORLD, &req); /* matches the failed ranks' barrier */
        MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
    MPI_Finalize();
    mpi_ours = 0;
#else
    (void)rc;
#endif
}

/* The StarPU that starpu_start started: ranks (StarPU-MPI's when mpi). */
static struct { int started, mpi, rank, size; } started = {0, 0, 0, 1};

/* StarPU started with conf: with StarPU-MPI when the process was started by mpirun (Open MPI or a
 * PMI launcher) and this build has it, then *rank and *size are MPI's and *mpi is 1 (otherwise rank
 * 0 of 1, *mpi 0). With several ranks, rank 0 warns on stderr when ranks of one host may use the
 * same cores while StarPU binds its workers. Returns starpu_init's value, silently. */
static int starpu_start(const char *cmd, struct starpu_conf *conf, int *rank, int *size, int *mpi) {
    *rank = 0, *size = 1, *mpi = 0;
    int rc;
#ifdef SC_HAVE_MPI
    if (getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE")) {
        int inited = 0;
        MPI_Initialized(&inited);
        rc = starpu_mpi_init_conf(NULL, NULL, !inited, MPI_COMM_WORLD, conf);
        if (rc == 0) {
            *mpi = 1;
            starpu_mpi_comm_rank(MPI_COMM_WORLD, rank);
            starpu_mpi_comm_size(MPI_COMM_WORLD, size);
            if (*size > 1)
                check_places(cmd, *rank, *size);
        }
    } else
#endif
        rc = starpu_init(conf);
    (void)cmd;
    if (rc == 0)
        started.started = 1, started.mpi = *mpi, started.rank = *rank, started.size = *size;
    return rc;
}

int cli_starpu_begin(const char *cmd, struct starpu_conf *conf, const char *nodev) {
    int rank, size, mpi;
    int rc = starpu_start(cmd, conf, &rank, &size, &mpi);
    const char *hint = rc != -ENODEV ? "" : nodev ? nodev : "no worker (check --ncpu/--ngpu)";
    if (rc != 0)
        fprintf(stderr, "starcarp %s: StarPU could not start (%s)%s%s\n", cmd, strerror(-rc),
                *hint ? ": " : "", hint);
    return rc;
}

void cli_starpu_where(int *rank, int *size, int *mpi) {
    if (rank)
        *rank = started.rank;
    if (size)
        *size = started.size;
    if (mpi)
        *mpi = started.mpi;
}

void cli_starpu_end(void) {
    if (!started.started)
        return;
    started.started = 0;
#ifdef SC_HAVE_MPI
    if (started.mpi) {
        starpu_mpi_shutdown();
        return;
    }
#endif
    starpu_shutdown();
}

/* How many CUDA workers StarPU will start: ngpu (the option; < 0: every device) and STARPU_NCUDA
 * bounded by the devices present. */
static int cuda_workers_expected(long ngpu) {
    const char *nc = getenv("STARPU_NCUDA");
    if (ngpu == 0 || (ngpu < 0 && nc && *nc && atoi(nc) == 0))
        return 0;
#ifdef SC_HAVE_CUDA
    int nd = 0;
    if (cudaGetDeviceCount(&nd) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0;
    }
    long want = ngpu > 0 ? ngpu : nc && *nc && atoi(nc) > 0 ? atoi(nc) : nd;
    return (int)(want < nd ? want : nd);
#else
    return 0;
#endif
}

void cli_measure_conf(struct starpu_conf *conf, long ncpu, long ngpu, ScSchedRun run) {
    setenv("STARCARP_WORKERS", "all", 0);
    cli_starpu_conf(conf, ncpu, ngpu, run, NULL);
}

void cli_starpu_conf(struct starpu_conf *conf, long ncpu, long ngpu, ScSchedRun run, const char *sched) {
    starpu_conf_init(conf);
    conf->sched_policy_name = sc_sched_policy(run, sched);
    if (ngpu >= 0)
        conf->ncuda = (int)ngpu;
    /* With a GPU, the submitting thread and each GPU's driving thread need a core of their own:
     * 15 CPU workers + the CUDA driver + the submitter on 16 cores made a CPU+GPU run 2.3x (TT06-FE,
     * 1M cells) to 7x (Aliev-Panfilov, 8M) slower than the GPU alone (H100, 2026-11-24,
     * docs/performance.md). StarPU's own count leaves the drivers their cores; one more is
     * reserved for the submitter, and a --ncpu asking for more CPU workers than the cores left is
     * lowered to them, with a note. STARPU_NCPU still decides exactly. */
    const char *env = getenv("STARPU_NCPU");
    int ngpus = cuda_workers_expected(ngpu), cores = busy_affinity();
    if (ncpu >= 0 && ngpus > 0 && !(env && *env) && ncpu > cores - ngpus - 1 && cores - ngpus - 1 >= 0) {
        fprintf(stderr,
                "starcarp: --ncpu %ld with %d GPU%s on %d cores: %d CPU workers (one core drives each GPU, "
                "one submits the tasks)\n",
                ncpu, ngpus, ngpus > 1 ? "s" : "", cores, cores - ngpus - 1);
        ncpu = cores - ngpus - 1;
    }
    if (ncpu >= 0)
        conf->ncpus = (int)ncpu;
    if (ncpu < 0 && !(env && *env) && !getenv("STARPU_RESERVE_NCPU") && ngpus > 0)
        conf->reserve_ncpus = conf->reserve_ncpus > 0 ? conf->reserve_ncpus + 1 : 1;
    /* a rank bound to a single core (Open MPI's default binding with one core per rank): StarPU-MPI
     * would reserve that core for its communication thread and leave no worker; one CPU worker
     * shares it instead (or none beside a GPU: the GPU's worker computes) */
    int ranked = getenv("OMPI_COMM_WORLD_SIZE") || getenv("PMI_SIZE");
    if (ranked && ncpu < 0 && !(env && *env) && cores <= 1)
        conf->ncpus = ngpus > 0 ? 0 : 1;
    /* a machine that other work shares: fewer workers, not bound (busy.h); StarPU-MPI's thread
     * takes one of the policy's cores */
    int mpi_thread = 0;
#ifdef SC_HAVE_MPI
    mpi_thread = ranked;
#endif
    BusyOut dec;
    int busy = busy_apply(ncpu, ngpus, mpi_thread, &dec);
    if (busy >= 0)
        conf->ncpus = busy;
    /* the threads that will poll for work: StarPU's own count leaves the others their cores */
    int workers = conf->ncpus >= 0 ? conf->ncpus : env && *env ? atoi(env) : cores - ngpus - mpi_thread;
    busy_yield_conf(conf, &dec, (workers > 0 ? workers : 0) + ngpus + mpi_thread);
}

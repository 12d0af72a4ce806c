/* busy.h: StarPU's CPU workers matched to a machine that other work shares (prefix busy_).
 *
 * StarPU 1.4 as built here (its default, non-blocking drivers) keeps every idle CPU worker
 * polling for tasks, and by default starts one worker per core this process may use, each bound
 * to its core. On a machine that other processes keep busy, the workers then share their cores
 * with them, and every dependency between two tasks waits for a time slice: a tissue run with
 * Crank-Nicolson took 746 s at load 8-12 on 2 cores with StarPU's 2 workers, 27 s with one
 * (docs/runtime.md, "Busy machines"). At start the policy looks at what the process may have
 * (its affinity set, the cgroup's CPU quota, the ranks of its job sharing its cores) and at what
 * others already use (the load), and asks StarPU for that many workers, not bound to cores when
 * the cores are shared. A user's --ncpu, STARPU_NCPU (or STARPU_NCPUS) and STARPU_WORKERS_NOBIND
 * win; STARCARP_WORKERS=all turns the policy off (StarPU's own choice), auto (the default) keeps
 * it. The results do not depend on the number of workers (bit for bit). */
#ifndef SC_BUSY_H
#define SC_BUSY_H

/* What the process may use and what others use: the decision's inputs. */
typedef struct BusyIn {
    int online; /* cores online (>= 1) */
    int affinity; /* cores in the process's affinity set, those StarPU would use (>= 1) */
    double quota; /* the cgroup's CPU quota in cores (quota / period); 0: none */
    double load; /* runnable threads of other processes, over all online cores; < 0: unknown */
    int ranks; /* ranks of this job that share these cores, this one included (>= 1) */
} BusyIn;

/* Why fewer threads than cores (bits of BusyOut.why). */
enum { BUSY_LOAD = 1, BUSY_QUOTA = 2, BUSY_RANKS = 4 };

/* The decision. */
typedef struct BusyOut {
    int threads; /* computing threads this process should run (>= 1, <= affinity) */
    int own; /* the cores it may use, the load left out: affinity, quota and ranks (>= 1) */
    int nobind; /* 1: the cores are shared with others (load, ranks): workers not bound to cores */
    unsigned why; /* BUSY_ bits: what lowered threads below affinity or asked for nobind */
    double others; /* the others' runnable threads per online core (0 where the load is unknown) */
} BusyOut;

/* The policy, a pure function: the affinity set's cores, lowered to the quota's whole cores (at
 * least 1), divided among the ranks sharing them, and lowered to the cores the load leaves free
 * (the others' load taken as spread evenly over the online cores; the free cores shared among the
 * ranks, rounded to nearest, at least 1). nobind when ranks share the cores, or when the load
 * lowered the count and the cores left over do not hold the others' load. */
BusyOut busy_decide(const BusyIn *in);

/* Parsers of the kernel's files (pure): the 1-minute load average and the threads runnable now
 * of /proc/loadavg's text ("0.52 0.58 0.59 3/467 12345"): 0, or -1 when it does not read so.
 * The CPU quota in cores of a cgroup v2 cpu.max text ("150000 100000": 1.5; "max 100000": 0)
 * and of cgroup v1's cpu.cfs_quota_us and cpu.cfs_period_us texts ("-1": 0); 0 for none or
 * unreadable text. */
int busy_parse_loadavg(const char *text, double *avg1, int *running);
double busy_quota_v2(const char *cpu_max);
double busy_quota_v1(const char *quota_us, const char *period_us);

/* The cores of the process's affinity set (sched_getaffinity), at least 1. */
int busy_affinity(void);

/* STARCARP_WORKERS checked: unset, "auto" or "all" give 0; another value -1 after a message on
 * stderr naming the variable and its accepted values (main.c, before any command). */
int busy_check_env(void);

/* The policy applied before starpu_init: returns the CPU workers to ask StarPU for
 * (starpu_conf.ncpus), or -1 to leave StarPU's choice: -1 when ncpu >= 0 (a --ncpu), STARPU_NCPU
 * or STARPU_NCPUS fixes them, when the policy keeps every core, or under STARCARP_WORKERS=all.
 * Threads that are not CPU workers come out of the policy's count: each of gpus GPU workers'
 * drivers and, with a GPU, the submitting thread; with mpi, StarPU-MPI's thread (at least one CPU
 * worker without a GPU, none needed with one). Sets STARPU_WORKERS_NOBIND=1 in the environment
 * when the cores are shared, unless the environment sets it. What it changed goes to stderr in one
 * line ("starcarp: ...", always, quiet or not; under MPI from each node's first rank). dec, when
 * not NULL, receives the decision (threads 0 under STARCARP_WORKERS=all: no decision). */
int busy_apply(long ncpu, int gpus, int mpi, BusyOut *dec);

/* Whether the threads that poll for work (pollers: CPU workers, GPU drivers, StarPU-MPI's thread)
 * should give their core back while idle under the decision dec: when they outnumber the cores the
 * process may use (dec->own), so that they would wait for each other's time slices, and the others
 * leave those cores mostly free (dec->others below BUSY_YIELD_LOAD). Not for the others' load:
 * beside busy processes a thread that yields waits a whole round of them before it runs again (2
 * workers beside 4 busy loops on 2 cores: 4x slower yielding; 2 ranks of one core each: yielding
 * 7.2 s against 15.7 s polling beside 2 busy loops, 30.0 s against 21.9 s beside 4, 225 s against
 * 45 s beside 8). Never without a decision (dec->threads 0). Where the threads outnumber the cores,
 * says on stderr in one line whether they yield or, beside the load, keep polling (say 1; under
 * MPI from each node's first rank). */
#define BUSY_YIELD_LOAD 1.5
int busy_yield(const BusyOut *dec, int pollers, int say);

/* The same inputs as busy_apply's (no GPU, one polling thread of StarPU-MPI): whether the rank's
 * cores are so few or so shared that MPI's own waits should yield too (before MPI starts), under
 * busy_yield's rule. Where several ranks share the node beside a load of BUSY_YIELD_LOAD or more
 * per core, says on stderr (the node's first rank) that their messages wait for time slices. */
int busy_mpi_crowded(void);

/* busy_yield.c: StarPU's scheduling policy name, its idle workers giving their core back
 * (sched_yield after each empty pop of a task) instead of polling through their time slice; NULL
 * when StarPU has no policy of that name, or when STARPU_SCHED names the user's own (StarPU then
 * takes it as it is). The same tasks, order and bits: only idle polling changes. The caller gives
 * it as starpu_conf.sched_policy with sched_policy_name NULL (a name wins in StarPU). */
struct starpu_sched_policy;
struct starpu_sched_policy *busy_yield_policy(const char *name);

/* busy_yield.c: conf's policy made the yielding one (busy_yield_policy of its name, the name then
 * NULL) where busy_yield(dec, pollers, 1) says so; conf unchanged otherwise. */
struct starpu_conf;
void busy_yield_conf(struct starpu_conf *conf, const BusyOut *dec, int pollers);

#endif

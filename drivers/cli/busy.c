/* busy.c: StarPU's CPU workers matched to a machine that other work shares (busy.h). */
#define _GNU_SOURCE
#include "busy.h"

#include <math.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

BusyOut busy_decide(const BusyIn *in) {
    int aff = in->affinity > 0 ? in->affinity : 1;
    int online = in->online >= aff ? in->online : aff;
    int ranks = in->ranks > 1 ? in->ranks : 1;
    BusyOut o = {aff, aff, 0, 0, in->load > 0 ? in->load / online : 0};
    int q = in->quota >= 1 ? (int)floor(in->quota) : 1;
    if (in->quota > 0 && q < o.threads)
        o.threads = q, o.why |= BUSY_QUOTA;
    if (ranks > 1) {
        o.threads = o.threads / ranks > 1 ? o.threads / ranks : 1;
        o.why |= BUSY_RANKS, o.nobind = 1;
    }
    o.own = o.threads;
    if (in->load >= 0) {
        /* the others' threads on this process's cores, and the cores they leave to its ranks */
        double others = fmin(in->load * aff / online, aff);
        int f = (int)floor((aff - others) / ranks + 0.5);
        f = f > 1 ? f : 1;
        if (f < o.threads) {
            o.threads = f, o.why |= BUSY_LOAD;
            /* bound workers stay on their cores: only where the cores left over hold the others */
            if (others > aff - f * ranks)
                o.nobind = 1;
        }
    }
    return o;
}

int busy_parse_loadavg(const char *text, double *avg1, int *running) {
    double a5, a15;
    int total;
    if (!text || sscanf(text, "%lf %lf %lf %d/%d", avg1, &a5, &a15, running, &total) != 5 || *avg1 < 0 ||
        *running < 0)
        return -1;
    return 0;
}

/* A whole number of microseconds > 0 that s holds (blanks around it), or 0. */
static double usec(const char *s) {
    char *end;
    double v = strtod(s, &end);
    if (end == s || v <= 0)
        return 0;
    while (*end == ' ' || *end == '\n')
        end++;
    return *end ? 0 : v;
}

double busy_quota_v2(const char *cpu_max) {
    char q[64], p[64];
    if (!cpu_max || sscanf(cpu_max, "%63s %63s", q, p) != 2)
        return 0;
    double qv = usec(q), pv = usec(p);
    return qv > 0 && pv > 0 ? qv / pv : 0;
}

double busy_quota_v1(const char *quota_us, const char *period_us) {
    if (!quota_us || !period_us)
        return 0;
    double qv = usec(quota_us), pv = usec(period_us);
    return qv > 0 && pv > 0 ? qv / pv : 0;
}

int busy_affinity(void) {
    cpu_set_t set;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return 1;
    int n = CPU_COUNT(&set);
    return n > 0 ? n : 1;
}

/* The first bytes of a small file as a string in buf (size n), or NULL. */
static const char *slurp(const char *path, char *buf, size_t n) {
    FILE *f = fopen(path, "r");
    if (!f)
        return NULL;
    size_t got = fread(buf, 1, n - 1, f);
    fclose(f);
    buf[got] = '\0';
    return got ? buf : NULL;
}

/* The load of the other processes: the smaller of the 1-minute load average (what stays busy,
 * not a passing burst) and the threads runnable now less this one (the average still remembers
 * runs that ended, this process's own earlier ones too), over 5 looks 2 ms apart; -1 unknown. */
static double probe_load(void) {
    double avg = -1, run = 0;
    int n = 0;
    for (int i = 0; i < 5; i++) {
        char buf[128];
        double a;
        int r;
        if (busy_parse_loadavg(slurp("/proc/loadavg", buf, sizeof buf), &a, &r) == 0)
            avg = a, run += r, n++;
        nanosleep(&(struct timespec){0, 2000000}, NULL);
    }
    if (n == 0)
        return -1;
    double now = run / n - 1;
    return fmax(0, fmin(avg, now));
}

/* The smallest CPU quota of the cgroup at rel (a path of /proc/self/cgroup) and its ancestors
 * under the mount base (v2: cpu.max; v1: cpu.cfs_quota_us and cpu.cfs_period_us; the cpu
 * hierarchy's mount, /sys/fs/cgroup/cpu, is where systemd links it); 0 none. */
static double quota_under(const char *base, const char *rel, int v2) {
    char dir[1024], path[1100], b1[64], b2[64];
    snprintf(dir, sizeof dir, "%s%s", base, strcmp(rel, "/") ? rel : "");
    double best = 0;
    for (;;) {
        double q;
        if (v2) {
            snprintf(path, sizeof path, "%s/cpu.max", dir);
            q = busy_quota_v2(slurp(path, b1, sizeof b1));
        } else {
            snprintf(path, sizeof path, "%s/cpu.cfs_quota_us", dir);
            const char *qt = slurp(path, b1, sizeof b1);
            snprintf(path, sizeof path, "%s/cpu.cfs_period_us", dir);
            q = busy_quota_v1(qt, slurp(path, b2, sizeof b2));
        }
        if (q > 0 && (best == 0 || q < best))
            best = q;
        char *slash = strrchr(dir, '/');
        if (strlen(dir) <= strlen(base) || !slash)
            return best;
        *slash = '\0';
    }
}

/* Whether a cgroup v1 hierarchy's controllers ("cpu,cpuacct") include cpu. */
static int has_cpu(const char *ctrls) {
    for (const char *p = ctrls; *p;) {
        size_t n = strcspn(p, ",");
        if (n == 3 && !strncmp(p, "cpu", 3))
            return 1;
        p += n + (p[n] == ',');
    }
    return 0;
}

/* The CPU quota of this process's cgroups (v2 and v1), in cores; 0 none. */
static double probe_quota(void) {
    FILE *f = fopen("/proc/self/cgroup", "r");
    double best = 0;
    char line[1200];
    while (f && fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;
        if (!c2)
            continue;
        *c2 = '\0';
        const char *ctrls = c1 + 1, *rel = c2 + 1;
        double q = 0;
        if (!strcmp(line, "0") && !*ctrls)
            q = quota_under("/sys/fs/cgroup", rel, 1);
        else if (has_cpu(ctrls))
            q = quota_under("/sys/fs/cgroup/cpu", rel, 0);
        if (q > 0 && (best == 0 || q < best))
            best = q;
    }
    if (f)
        fclose(f);
    return best;
}

/* Open MPI's and MPICH's names of the rank's number on its node and of the node's ranks. */
static const char *const local_rank[] = {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID"};
static const char *const local_size[] = {"OMPI_COMM_WORLD_LOCAL_SIZE", "MPI_LOCALNRANKS"};

/* The first of the environment variables names (n of them) that is set, as an integer; def when none. */
static int env_int(const char *const *names, int n, int def) {
    for (int i = 0; i < n; i++) {
        const char *v = getenv(names[i]);
        if (v && *v)
            return atoi(v);
    }
    return def;
}

int busy_check_env(void) {
    const char *v = getenv("STARCARP_WORKERS");
    if (!v || !*v || !strcmp(v, "auto") || !strcmp(v, "all"))
        return 0;
    fprintf(stderr,
            "starcarp: STARCARP_WORKERS=%s: expected auto (CPU workers matched to a busy machine, the "
            "default) or all (StarPU's choice: every core)\n",
            v);
    return -1;
}

/* The line that says what the policy changed: workers (< 0: unchanged) and the binding. */
static void say(const BusyIn *in, const BusyOut *o, int workers, int nobind, int gpus) {
    if (env_int(local_rank, 2, 0) != 0)
        return;
    char what[128] = "", why[256] = "";
    int w = 0, y = 0;
    if (workers >= 0)
        w += snprintf(what, sizeof what, "%d CPU worker%s%s", workers, workers == 1 ? "" : "s",
                      gpus > 0 ? " beside the GPUs" : "");
    if (nobind)
        snprintf(what + w, sizeof what - (size_t)w, "%s",
                 w ? ", not bound to cores" : "CPU workers not bound to cores");
    if (o->why & BUSY_LOAD)
        y += snprintf(why, sizeof why, "load %.1f on %d cores", in->load, in->online);
    if (o->why & BUSY_QUOTA)
        y += snprintf(why + y, sizeof why - (size_t)y, "%sa CPU quota of %.2g cores", y ? ", " : "",
                      in->quota);
    if (o->why & BUSY_RANKS)
        snprintf(why + y, sizeof why - (size_t)y, "%s%d ranks share %d cores", y ? ", " : "", in->ranks,
                 in->affinity);
    fprintf(stderr, "starcarp: %s: %s (%s; docs/runtime.md, \"Busy machines\")\n", what, why,
            workers >= 0 ? "--ncpu N or STARCARP_WORKERS=all to choose otherwise"
                         : "STARPU_WORKERS_NOBIND=0 binds them");
}

/* What the process may use and what others use now (the ranks sharing its cores: those of its
 * node when it may use every core, else 1). */
static BusyIn probe(void) {
    long online = sysconf(_SC_NPROCESSORS_ONLN);
    BusyIn in = {online > 0 ? (int)online : 1, busy_affinity(), probe_quota(), probe_load(), 1};
    /* ranks left unbound (every core in their sets) share the cores; bound ones have their own */
    if (in.affinity >= in.online)
        in.ranks = env_int(local_size, 2, 1);
    return in;
}

int busy_apply(long ncpu, int gpus, int mpi, BusyOut *dec) {
    const char *mode = getenv("STARCARP_WORKERS");
    if (dec)
        *dec = (BusyOut){0, 0, 0, 0, 0};
    if (mode && !strcmp(mode, "all"))
        return -1;
    BusyIn in = probe();
    BusyOut o = busy_decide(&in);
    const char *n1 = getenv("STARPU_NCPU"), *n2 = getenv("STARPU_NCPUS");
    int fixed = ncpu >= 0 || (n1 && *n1) || (n2 && *n2);
    int workers = -1;
    if (!fixed && o.threads < in.affinity) {
        int rest = gpus + (gpus > 0) + (mpi != 0), least = gpus > 0 ? 0 : 1;
        workers = o.threads - rest > least ? o.threads - rest : least;
    }
    const char *nb = getenv("STARPU_WORKERS_NOBIND");
    int nobind = o.nobind && !(nb && *nb);
    if (nobind)
        setenv("STARPU_WORKERS_NOBIND", "1", 1);
    if (workers >= 0 || nobind)
        say(&in, &o, workers, nobind, gpus);
    if (dec)
        *dec = o;
    return workers;
}

int busy_yield(const BusyOut *dec, int pollers, int say_it) {
    if (dec->threads <= 0 || pollers <= dec->own)
        return 0;
    int yield = dec->others < BUSY_YIELD_LOAD;
    if (say_it && env_int(local_rank, 2, 0) == 0) {
        const char *s = dec->own == 1 ? "" : "s";
        if (yield)
            fprintf(stderr,
                    "starcarp: idle CPU workers yield their cores: %d threads poll for work on %d core%s "
                    "(docs/runtime.md, \"Busy machines\"; STARCARP_WORKERS=all to choose otherwise)\n",
                    pollers, dec->own, s);
        else
            fprintf(stderr,
                    "starcarp: %d threads poll for work on %d core%s beside a load of %.1f per core: idle "
                    "ones keep polling, yielding would wait behind it (docs/runtime.md, \"Busy machines\")\n",
                    pollers, dec->own, s, dec->others);
    }
    return yield;
}

int busy_mpi_crowded(void) {
    const char *mode = getenv("STARCARP_WORKERS");
    if (mode && !strcmp(mode, "all"))
        return 0;
    BusyIn in = probe();
    BusyOut o = busy_decide(&in);
    int local = env_int(local_size, 2, 1);
    if (local > 1 && o.others >= BUSY_YIELD_LOAD && env_int(local_rank, 2, 0) == 0)
        fprintf(stderr,
                "starcarp: %d ranks share this node beside a load of %.1f per core: every message between "
                "them waits for time slices (a mesh sends one per diffusion sweep); on a busy node one rank "
                "with its CPU workers runs faster (docs/runtime.md, \"Busy machines\")\n",
                local, o.others);
    return busy_yield(&o, 2, 0); /* a CPU worker and StarPU-MPI's thread */
}

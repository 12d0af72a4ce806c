/* test_busy.c: unit tests of the CPU workers' policy on a shared machine (drivers/cli/busy.c): the
 * decision from load, quota, cores and ranks and the parsers of /proc/loadavg and of the cgroups'
 * CPU quotas (pure functions), STARCARP_WORKERS's values, and a user's count winning over the
 * policy whatever the machine's load. Nothing here is timed. */
#include <stdlib.h>

#include "busy.h"
#include "test.h"

/* The decision for these inputs must be threads, nobind and why. */
static void decide(int online, int affinity, double quota, double load, int ranks, int threads, int nobind,
                   unsigned why) {
    BusyIn in = {online, affinity, quota, load, ranks};
    BusyOut o = busy_decide(&in);
    ASSERT_EQ_INT(threads, o.threads);
    ASSERT_EQ_INT(nobind, o.nobind);
    ASSERT_EQ_INT(why, o.why);
    if (o.threads != threads || o.nobind != nobind || o.why != why)
        fprintf(stderr, "  for online %d, affinity %d, quota %g, load %g, ranks %d\n", online, affinity,
                quota, load, ranks);
}

static void test_decide(void) {
    /* an idle machine: every core, bound (StarPU's default) */
    decide(2, 2, 0, 0.1, 1, 2, 0, 0);
    decide(2, 2, 0, 0.49, 1, 2, 0, 0);
    decide(16, 16, 0, 0.3, 1, 16, 0, 0);
    decide(2, 2, 0, -1, 1, 2, 0, 0); /* load unknown */
    /* busy: load 8 on 2 cores (the measured case), one worker, not bound */
    decide(2, 2, 0, 8, 1, 1, 1, BUSY_LOAD);
    decide(2, 2, 0, 10, 1, 1, 1, BUSY_LOAD);
    /* one other thread on 2 cores: the free core; the core left over holds it, bound */
    decide(2, 2, 0, 1, 1, 1, 0, BUSY_LOAD);
    decide(2, 2, 0, 0.6, 1, 1, 0, BUSY_LOAD);
    /* 16 cores: 0.8 others fit in the core left, 1.2 do not */
    decide(16, 16, 0, 0.8, 1, 15, 0, BUSY_LOAD);
    decide(16, 16, 0, 1.2, 1, 15, 1, BUSY_LOAD);
    decide(16, 16, 0, 6, 1, 10, 0, BUSY_LOAD);
    decide(16, 16, 0, 40, 1, 1, 1, BUSY_LOAD);
    /* the affinity set: 4 of 16 cores, the load taken as spread over the 16 */
    decide(16, 4, 0, 8, 1, 2, 0, BUSY_LOAD);
    decide(16, 4, 0, 0.4, 1, 4, 0, 0);
    decide(1, 1, 0, 9, 1, 1, 0, 0); /* one core: nothing lower to choose */
    /* cgroup quota: its whole cores, at least one */
    decide(2, 2, 1.5, 0, 1, 1, 0, BUSY_QUOTA);
    decide(2, 2, 0.5, 0, 1, 1, 0, BUSY_QUOTA);
    decide(16, 16, 4, 0, 1, 4, 0, BUSY_QUOTA);
    decide(2, 2, 2, 0, 1, 2, 0, 0);
    decide(2, 2, 8, 0, 1, 2, 0, 0);
    decide(16, 16, 4, 13, 1, 3, 0, BUSY_QUOTA | BUSY_LOAD); /* 13 others fit in the 13 cores left */
    /* ranks sharing the cores: the cores divided, never bound */
    decide(2, 2, 0, 0, 2, 1, 1, BUSY_RANKS);
    decide(16, 16, 0, 0, 2, 8, 1, BUSY_RANKS);
    decide(16, 16, 0, 0, 3, 5, 1, BUSY_RANKS);
    decide(2, 2, 0, 0, 4, 1, 1, BUSY_RANKS);
    decide(16, 16, 0, 4, 2, 6, 1, BUSY_RANKS | BUSY_LOAD);
    /* out-of-range inputs read as their nearest sense */
    decide(0, 0, 0, 0, 0, 1, 0, 0);
    decide(2, 2, -1, -1, -3, 2, 0, 0);
}

static void test_parsers(void) {
    double a = -1;
    int r = -1;
    ASSERT_EQ_INT(0, busy_parse_loadavg("8.31 6.02 3.10 9/312 23456\n", &a, &r));
    ASSERT_NEAR(8.31, a, 1e-12);
    ASSERT_EQ_INT(9, r);
    ASSERT_EQ_INT(-1, busy_parse_loadavg("8.31 6.02", &a, &r));
    ASSERT_EQ_INT(-1, busy_parse_loadavg("", &a, &r));
    ASSERT_EQ_INT(-1, busy_parse_loadavg(NULL, &a, &r));
    ASSERT_NEAR(1.5, busy_quota_v2("150000 100000\n"), 1e-12);
    ASSERT_NEAR(0, busy_quota_v2("max 100000\n"), 0);
    ASSERT_NEAR(0, busy_quota_v2("150000"), 0);
    ASSERT_NEAR(0, busy_quota_v2(NULL), 0);
    ASSERT_NEAR(2, busy_quota_v1("200000\n", "100000\n"), 1e-12);
    ASSERT_NEAR(0, busy_quota_v1("-1\n", "100000\n"), 0);
    ASSERT_NEAR(0, busy_quota_v1("50000x", "100000"), 0);
    ASSERT_NEAR(0, busy_quota_v1("50000", NULL), 0);
}

/* STARCARP_WORKERS: auto and all accepted, anything else refused. */
static void test_env(void) {
    unsetenv("STARCARP_WORKERS");
    ASSERT_EQ_INT(0, busy_check_env());
    setenv("STARCARP_WORKERS", "auto", 1);
    ASSERT_EQ_INT(0, busy_check_env());
    setenv("STARCARP_WORKERS", "all", 1);
    ASSERT_EQ_INT(0, busy_check_env());
    ASSERT_EQ_INT(-1, busy_apply(-1, 0, 0, NULL)); /* the policy off: StarPU's choice */
    setenv("STARCARP_WORKERS", "none", 1);
    ASSERT_EQ_INT(-1, busy_check_env());
    unsetenv("STARCARP_WORKERS");
    ASSERT_EQ_INT(-1, busy_apply(3, 0, 0, NULL)); /* a --ncpu fixes the count */
    setenv("STARPU_NCPU", "1", 1);
    ASSERT_EQ_INT(-1, busy_apply(-1, 0, 0, NULL)); /* so does STARPU_NCPU */
    unsetenv("STARPU_NCPU");
}

/* Whether idle workers yield: only where the process's own polling threads outnumber the cores it
 * may use and the others leave those cores mostly free (below BUSY_YIELD_LOAD runnable threads per
 * core: beside busy processes, polling keeps the share), never without a decision. */
static void test_yield(void) {
    BusyIn one = {2, 1, 0, 0.1, 1}; /* a rank bound to one core */
    BusyOut o = busy_decide(&one);
    ASSERT_EQ_INT(1, o.own);
    ASSERT_EQ_INT(1, busy_yield(&o, 2, 0)); /* a worker and StarPU-MPI's thread */
    ASSERT_EQ_INT(0, busy_yield(&o, 1, 0));
    BusyIn busy = {2, 2, 0, 8, 1}; /* load 8 on 2 cores: one worker, own cores 2 */
    o = busy_decide(&busy);
    ASSERT_EQ_INT(1, o.threads);
    ASSERT_EQ_INT(2, o.own);
    ASSERT_EQ_INT(0, busy_yield(&o, 2, 0)); /* 2 fixed workers beside the load: they keep polling */
    BusyIn ranks = {4, 4, 0, 0, 2}; /* 2 unbound ranks on 4 cores: 2 each */
    o = busy_decide(&ranks);
    ASSERT_EQ_INT(2, o.own);
    ASSERT_EQ_INT(1, busy_yield(&o, 3, 0));
    BusyIn light = {2, 1, 0, 2.8, 1}; /* a rank of one core beside 1.4 others' threads per core */
    o = busy_decide(&light);
    ASSERT_EQ_INT(1, busy_yield(&o, 2, 0));
    BusyIn loaded = {2, 1, 0, 3.2, 1}; /* 1.6 per core: yielding would wait behind them */
    o = busy_decide(&loaded);
    ASSERT_EQ_INT(1, o.own);
    ASSERT_EQ_INT(0, busy_yield(&o, 2, 0));
    o = busy_decide(&busy); /* load 8: 3 pollers on 2 cores keep polling too */
    ASSERT_EQ_INT(0, busy_yield(&o, 3, 0));
    BusyOut none = {0, 0, 0, 0, 0}; /* STARCARP_WORKERS=all: no decision */
    ASSERT_EQ_INT(0, busy_yield(&none, 8, 0));
}

int main(void) {
    test_decide();
    test_yield();
    test_parsers();
    test_env();
    return TEST_DONE();
}

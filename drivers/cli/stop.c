/* stop.c: SIGINT and SIGTERM recorded for the time loops; the timed flush (stop.h). */
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>

#include "starcarp_util.h"
#include "stop.h"

static volatile sig_atomic_t caught;
static atomic_flag first = ATOMIC_FLAG_INIT; /* set by the first signal (lock-free: safe here) */

/* Record the first signal and give both back their default action; a second one, even one that
 * reached another thread's handler meanwhile, ends the process by its default action (sigaction,
 * raise and a lock-free atomic are async-signal-safe). */
static void on_signal(int sig) {
    struct sigaction dfl;
    sigemptyset(&dfl.sa_mask);
    dfl.sa_flags = 0;
    dfl.sa_handler = SIG_DFL;
    sigaction(SIGINT, &dfl, NULL);
    sigaction(SIGTERM, &dfl, NULL);
    if (atomic_flag_test_and_set(&first))
        raise(sig);
    else
        caught = sig;
}

void stop_install(void) {
    if (caught)
        return;
    struct sigaction sa;
    sigemptyset(&sa.sa_mask);
    sigaddset(&sa.sa_mask, SIGINT);
    sigaddset(&sa.sa_mask, SIGTERM);
    sa.sa_flags = SA_RESTART;
    sa.sa_handler = on_signal;
    sigaction(SIGINT, &sa, NULL);
    sigaction(SIGTERM, &sa, NULL);
}

int stop_signal(void) { return caught; }

const char *stop_name(int sig) {
    static char buf[32];
    if (sig == SIGINT)
        return "SIGINT";
    if (sig == SIGTERM)
        return "SIGTERM";
    snprintf(buf, sizeof buf, "signal %d", sig);
    return buf;
}

int stop_status(int sig) { return 128 + sig; }

int stop_flush_due(double *last) {
    double now = sc_now_s();
    if (*last == 0)
        *last = now;
    if (now - *last < STOP_FLUSH_S)
        return 0;
    *last = now;
    return 1;
}

long stop_chunk(long done, double wall, long quantum, long cap) {
    long fit = wall > 0 ? (long)((double)done / wall * STOP_CHUNK_S) : cap;
    fit = fit / quantum * quantum;
    return fit < quantum ? quantum : fit > cap ? cap : fit;
}

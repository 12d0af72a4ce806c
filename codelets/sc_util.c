/* sc_util.c: the small helpers shared inside libstarcarp (sc_internal.h). */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <time.h>

#include "sc_internal.h"

void sc_set_err(char *err, size_t len, const char *fmt, ...) {
    if (!err || !len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

double sc_now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

unsigned long long sc_fnv(unsigned long long h, const char *s) {
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

int sc_make_dirs(char *path) {
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            int bad = mkdir(path, 0755) != 0 && errno != EEXIST;
            *p = '/';
            if (bad)
                return -1;
        }
    return mkdir(path, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

void sc_cache_dir(char *buf, size_t len) {
    const char *env = getenv("STARCARP_CACHE"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (env && *env)
        snprintf(buf, len, "%s", env);
    else if (xdg && *xdg)
        snprintf(buf, len, "%s/starcarp", xdg);
    else
        snprintf(buf, len, "%s/.cache/starcarp", home ? home : "/tmp");
}

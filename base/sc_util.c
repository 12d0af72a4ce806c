/* sc_util.c: the small helpers shared inside libstarcarp (util_int.h), and the readings of
 * starcarp_types.h's precision and methods (here, so that the command's option layer and its unit
 * tests, which link this file alone, share them). */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "util_int.h"
#include "starcarp_types.h"

void sc_set_err(char *err, size_t len, const char *fmt, ...) {
    if (!err || !len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

int sc_precision_index(ScPrecision p) { return p == SC_SINGLE; }
const char *sc_precision_name(ScPrecision p) { return p == SC_SINGLE ? "f32" : "f64"; }

ScMethods sc_methods_parse(const char *text) {
    if (!text || !*text || !strcmp(text, "auto"))
        return (ScMethods){SC_METHODS_AUTO, ""};
    if (!strcmp(text, "file"))
        return (ScMethods){SC_METHODS_FILE, ""};
    return (ScMethods){SC_METHODS_OVERRIDE, text};
}

const char *sc_methods_text(ScMethods m) {
    if (m.mode == SC_METHODS_OVERRIDE && m.overrides && *m.overrides)
        return m.overrides;
    return m.mode == SC_METHODS_FILE ? "file" : "auto";
}

double sc_now_s(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

unsigned long long util_fnv(unsigned long long h, const char *s) {
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

int util_make_dirs(char *path) {
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

void util_cache_dir(char *buf, size_t len) {
    const char *env = getenv("STARCARP_CACHE"), *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
    if (env && *env)
        snprintf(buf, len, "%s", env);
    else if (xdg && *xdg)
        snprintf(buf, len, "%s/starcarp", xdg);
    else
        snprintf(buf, len, "%s/.cache/starcarp", home ? home : "/tmp");
}

int sc_edit_distance(const char *a, const char *b, int nocase) {
    size_t la = strlen(a), lb = strlen(b);
    if (la > 96 || lb > 96)
        return 1000;
    int row[97];
    for (size_t j = 0; j <= lb; j++)
        row[j] = (int)j;
    for (size_t i = 1; i <= la; i++) {
        int diag = row[0];
        row[0] = (int)i;
        for (size_t j = 1; j <= lb; j++) {
            unsigned char x = (unsigned char)a[i - 1], y = (unsigned char)b[j - 1];
            int differ = nocase ? tolower(x) != tolower(y) : x != y;
            int up = row[j], best = diag + differ;
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag = up;
        }
    }
    return row[lb];
}

char *util_read_text(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    char *t = malloc(cap + 1);
    for (size_t got; t && (got = fread(t + n, 1, cap - n, f)) > 0;) {
        n += got;
        if (n == cap) {
            char *u = realloc(t, 2 * cap + 1);
            if (!u) {
                free(t);
                t = NULL;
                break;
            }
            t = u, cap *= 2;
        }
    }
    fclose(f);
    if (t)
        t[n] = '\0';
    return t;
}

int util_tsv_row(char **pos, char **col, int ncol) {
    for (char *line = *pos, *next; line && *line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        *pos = next;
        if (*line == '#' || !*line)
            continue;
        int n = 0;
        for (char *c = line; c && n < ncol; n++) {
            col[n] = c;
            c = strchr(c, '\t');
            if (c)
                *c++ = '\0';
        }
        return n;
    }
    *pos = NULL;
    return -1;
}

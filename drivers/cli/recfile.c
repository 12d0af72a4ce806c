/* recfile.c: output files written in whole records (recfile.h). */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "recfile.h"

struct RecFile {
    int fd, own; /* own: close fd at the end (not stdout) */
    char *buf;
    size_t len, cap;
    long long synced;
    char err[600];
    char path[]; /* for messages */
};

/* Record the first failure: "PATH: strerror(e)". Returns -1. */
static int fail(RecFile *r, int e) {
    if (!r->err[0])
        snprintf(r->err, sizeof r->err, "%s: %s", r->path, strerror(e ? e : EIO));
    return -1;
}

/* Write n bytes at p to the file, retrying short writes and interruptions. 0 or -1. */
static int write_all(RecFile *r, const char *p, size_t n) {
    while (n) {
        ssize_t k = write(r->fd, p, n);
        if (k < 0 && errno == EINTR)
            continue;
        if (k <= 0)
            return fail(r, k < 0 ? errno : EIO);
        p += k, n -= (size_t)k, r->synced += k;
    }
    return 0;
}

/* A writer of descriptor fd (own: closed at the end) named path. NULL when out of memory. */
static RecFile *make(int fd, int own, const char *path, size_t cap) {
    size_t pl = strlen(path) + 1;
    RecFile *r = calloc(1, sizeof *r + pl);
    if (!r)
        return NULL;
    memcpy(r->path, path, pl);
    r->fd = fd, r->own = own;
    r->cap = cap ? cap : 64 * 1024;
    if (!(r->buf = malloc(r->cap))) {
        free(r);
        return NULL;
    }
    return r;
}

RecFile *rec_open(const char *path, int append, size_t cap, char *err, size_t errlen) {
    int fd = open(path, O_WRONLY | O_CREAT | O_CLOEXEC | (append ? O_APPEND : O_TRUNC), 0666);
    if (fd < 0) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return NULL;
    }
    RecFile *r = make(fd, 1, path, cap);
    if (!r) {
        close(fd);
        snprintf(err, errlen, "%s: out of memory", path);
    }
    return r;
}

RecFile *rec_stdout(size_t cap) {
    fflush(stdout); /* what stdio holds goes first */
    return make(STDOUT_FILENO, 0, "stdout", cap);
}

int rec_flush(RecFile *r) {
    if (r->err[0])
        return -1;
    int rc = write_all(r, r->buf, r->len);
    r->len = 0;
    return rc;
}

int rec_put(RecFile *r, const void *p, size_t n) {
    if (r->err[0])
        return -1;
    if (r->len + n > r->cap && rec_flush(r) < 0)
        return -1;
    if (n > r->cap) /* bigger than the buffer: straight to the file */
        return write_all(r, p, n);
    memcpy(r->buf + r->len, p, n);
    r->len += n;
    return 0;
}

int rec_printf(RecFile *r, const char *fmt, ...) {
    char line[4096];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof line)
        return fail(r, n < 0 ? errno : EOVERFLOW);
    return rec_put(r, line, (size_t)n);
}

long long rec_synced(const RecFile *r) { return r->synced; }

int rec_fd(const RecFile *r) { return r->fd; }

const char *rec_error(const RecFile *r) { return r->err; }

int rec_close(RecFile *r, char *err, size_t errlen) {
    if (!r)
        return 0;
    rec_flush(r);
    if (r->own && close(r->fd) != 0)
        fail(r, errno);
    int rc = r->err[0] ? -1 : 0;
    if (rc && err)
        snprintf(err, errlen, "%s", r->err);
    free(r->buf);
    free(r);
    return rc;
}

/* outpath.c: output paths checked before the work (outpath.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "outpath.h"

int opath_check(const char *opt, const char *path, char *err, size_t errlen) {
    struct stat st;
    if (!path || !*path) {
        snprintf(err, errlen, "%s: an empty file name", opt);
        return -1;
    }
    if (stat(path, &st) == 0) {
        if (S_ISDIR(st.st_mode)) {
            snprintf(err, errlen, "%s %s: is a folder, not a file", opt, path);
            return -1;
        }
        if (access(path, W_OK) != 0) {
            snprintf(err, errlen, "%s %s: %s", opt, path, strerror(errno));
            return -1;
        }
        return 0;
    }
    if (errno != ENOENT) {
        snprintf(err, errlen, "%s %s: %s", opt, path, strerror(errno));
        return -1;
    }
    /* a new file: its folder must exist and take new files */
    char dir[4096];
    const char *slash = strrchr(path, '/');
    size_t n = slash ? (size_t)(slash - path) : 1;
    if (n >= sizeof dir) {
        snprintf(err, errlen, "%s %s: the name is too long", opt, path);
        return -1;
    }
    if (!slash)
        strcpy(dir, ".");
    else if (n == 0)
        strcpy(dir, "/");
    else
        memcpy(dir, path, n), dir[n] = '\0';
    int gone = stat(dir, &st) != 0;
    if (gone || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "%s %s: %s %s", opt, path, dir,
                 !gone             ? "is not a folder"
                 : errno == ENOENT ? "does not exist"
                                   : strerror(errno));
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, errlen, "%s %s: the folder %s: %s", opt, path, dir, strerror(errno));
        return -1;
    }
    return 0;
}

int opath_launch_rank(int *size) {
    static const char *const vars[][2] = {
        {"OMPI_COMM_WORLD_RANK", "OMPI_COMM_WORLD_SIZE"}, {"PMI_RANK", "PMI_SIZE"}, {"PMIX_RANK", NULL}};
    if (size)
        *size = 1;
    for (size_t k = 0; k < sizeof vars / sizeof vars[0]; k++) {
        const char *v = getenv(vars[k][0]), *n = vars[k][1] ? getenv(vars[k][1]) : NULL;
        if (v && *v) {
            if (size && n && atoi(n) > 1)
                *size = atoi(n);
            return atoi(v);
        }
    }
    return 0;
}

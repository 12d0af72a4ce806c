/* mtable.c: the tables of models/ keyed by a model file's stem (mtable.h). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mtable.h"

int mtable_row(char *line, const char *model_path, char **f, int max) {
    const char *base = strrchr(model_path, '/') ? strrchr(model_path, '/') + 1 : model_path;
    size_t stem = strcspn(base, ".");
    if (line[0] == '#' || strncmp(line, base, stem) != 0 || line[stem] != '\t')
        return 0;
    line[strcspn(line, "\r\n")] = '\0';
    int n = 0;
    for (char *p = line; p && n < max; n++) {
        f[n] = p;
        p = strchr(p, '\t');
        if (p)
            *p++ = '\0';
    }
    return n;
}

int mtable_min_blocks(const char *table, const char *model_path, unsigned long long hash, const char *methods,
                      int single) {
    FILE *f = fopen(table, "r");
    if (!f) {
        fprintf(stderr, "starcarp codegen: --launch-table: cannot read '%s': %s\n", table, strerror(errno));
        return -1;
    }
    char line[4096], hx[32];
    snprintf(hx, sizeof hx, "%016llx", hash);
    const char *want = methods && *methods ? methods : "-", *prec = single ? "f32" : "f64";
    int found = 0;
    for (int ln = 1; !found && fgets(line, sizeof line, f); ln++) {
        char *fd[5];
        int n = mtable_row(line, model_path, fd, 5);
        if (n == 0)
            continue;
        if (n < 5) {
            fprintf(stderr, "%s:%d: a row needs model, source_hash, methods, precision, min_blocks\n", table,
                    ln);
            found = -1;
        } else if (!strcmp(fd[1], hx) && !strcmp(fd[2], want) && !strcmp(fd[3], prec)) {
            char *end;
            long b = strtol(fd[4], &end, 10);
            found = *end == '\0' && b >= 1 && b <= MTABLE_MAX_BLOCKS ? (int)b : -1;
            if (found < 0)
                fprintf(stderr, "%s:%d: min_blocks '%s': expected an integer from 1 to %d\n", table, ln,
                        fd[4], MTABLE_MAX_BLOCKS);
        }
    }
    fclose(f);
    return found;
}

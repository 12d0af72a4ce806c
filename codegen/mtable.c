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

/* The row of TABLE (read for option opt) for the model file, its source hash, the method overrides
 * (NULL or "": "-") and the precision prec ("f64", "f32"), cut into f[0 .. max) of line (n bytes):
 * returns its field count, 0 when no row matches, -1 when TABLE cannot be read or a row of the model
 * has fewer than need fields (a message on stderr naming cols, the columns a row needs). *ln: the
 * row's line number. */
static int find_row(const char *table, const char *opt, const char *model_path, unsigned long long hash,
                    const char *methods, const char *prec, char *line, size_t n, char **f, int max, int need,
                    const char *cols, int *ln) {
    FILE *in = fopen(table, "r");
    if (!in) {
        fprintf(stderr, "starcarp codegen: %s: cannot read '%s': %s\n", opt, table, strerror(errno));
        return -1;
    }
    char hx[32];
    snprintf(hx, sizeof hx, "%016llx", hash);
    const char *want = methods && *methods ? methods : "-";
    int found = 0;
    for (*ln = 1; !found && fgets(line, (int)n, in); ++*ln) {
        int k = mtable_row(line, model_path, f, max);
        if (k == 0)
            continue;
        if (k < need) {
            fprintf(stderr, "%s:%d: a row needs %s (%d tab-separated fields, %d given)\n", table, *ln, cols,
                    need, k);
            found = -1;
        } else if (!strcmp(f[1], hx) && !strcmp(f[2], want) && !strcmp(f[3], prec)) {
            found = k;
        }
    }
    --*ln;
    fclose(in);
    return found;
}

int mtable_min_blocks(const char *table, const char *model_path, unsigned long long hash, const char *methods,
                      int single) {
    char line[4096], *fd[5];
    int ln, n = find_row(table, "--launch-table", model_path, hash, methods, single ? "f32" : "f64", line,
                         sizeof line, fd, 5, 5, "model, source_hash, methods, precision, min_blocks", &ln);
    if (n <= 0)
        return n;
    char *end;
    long b = strtol(fd[4], &end, 10);
    if (*end == '\0' && b >= 1 && b <= MTABLE_MAX_BLOCKS)
        return (int)b;
    fprintf(stderr, "%s:%d: min_blocks '%s': expected an integer from 1 to %d\n", table, ln, fd[4],
            MTABLE_MAX_BLOCKS);
    return -1;
}

/* A figure of the single-precision table: a number or "nan" into *x; 0, or -1 for another text. */
static int figure(const char *s, double *x) {
    char *end;
    *x = strtod(s, &end);
    return end != s && *end == '\0' ? 0 : -1;
}

int mtable_single(const char *table, const char *model_path, unsigned long long hash, const char *methods,
                  MtableSingle *out) {
    char line[4096], *fd[14];
    int ln, n = find_row(table, "--precision-table", model_path, hash, methods, "f32", line, sizeof line, fd,
                         14, 14,
                         "model, source_hash, methods, precision, status, err_pct, dapd_ms, ref_err_pct, "
                         "ref_dapd_ms, f64_ref_err_pct, f64_ref_dapd_ms, why, machine, date",
                         &ln);
    if (n <= 0)
        return n;
    memset(out, 0, sizeof *out);
    out->fails = !strcmp(fd[4], "fails");
    if ((!out->fails && strcmp(fd[4], "completes")) || figure(fd[5], &out->err) ||
        figure(fd[6], &out->dapd) || figure(fd[7], &out->ref_err[1]) || figure(fd[8], &out->ref_dapd[1]) ||
        figure(fd[9], &out->ref_err[0]) || figure(fd[10], &out->ref_dapd[0])) {
        fprintf(stderr, "%s:%d: expected status completes or fails, then six numbers (or nan)\n", table, ln);
        return -1;
    }
    snprintf(out->why, sizeof out->why, "%s", strcmp(fd[11], "-") ? fd[11] : "");
    snprintf(out->machine, sizeof out->machine, "%s", fd[12]);
    snprintf(out->date, sizeof out->date, "%s", fd[13]);
    return 1;
}

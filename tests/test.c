/* test.c: shared helpers of the unit-test programs (see test.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#include "test.h"

int t_failures, t_checks;

char *t_read_file(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    char *buf = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&buf, &len);
    if (!ms) {
        fclose(f);
        return NULL;
    }
    int c;
    while ((c = fgetc(f)) != EOF)
        fputc(c, ms);
    fclose(f);
    fclose(ms);
    return buf;
}

int t_words(const char *name, const char *line, char ***argv) {
    static char buf[4096];
    static char *av[256];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", line);
    av[argc++] = (char *)name;
    for (char *w = strtok(buf, " "); w && argc < 255; w = strtok(NULL, " "))
        av[argc++] = w;
    av[argc] = NULL;
    *argv = av;
    return argc;
}

int t_tmpdir(const char *name, char *dir, size_t n) {
    const char *t = getenv("TMPDIR");
    snprintf(dir, n, "%s/%s.XXXXXX", t && *t ? t : "/tmp", name);
    if (!mkdtemp(dir)) {
        perror(dir);
        return -1;
    }
    return 0;
}

int t_rmtree(const char *dir) {
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd) != 0) {
        fprintf(stderr, "could not remove %s\n", dir);
        return -1;
    }
    return 0;
}

const char *t_put(const char *dir, const char *name, const char *text) {
    static char paths[64][600];
    static int next;
    char *p = paths[next++ % 64];
    snprintf(p, sizeof paths[0], "%s/%s", dir, name);
    FILE *f = fopen(p, "w");
    ASSERT(f != NULL);
    if (f)
        fputs(text, f), fclose(f);
    return p;
}

int t_run(const char *cmd, char *out, size_t n) {
    out[0] = '\0';
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    size_t k = fread(out, 1, n - 1, p);
    out[k] = '\0';
    int st = pclose(p);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

int t_cc_run(const char *dir, const char *include, const char *sources, const char *exe, char *out,
             size_t n) {
    char cmd[4096];
    snprintf(cmd, sizeof cmd, "cd %s && cc -std=c11 -O2 -Wall -Wextra -Werror -I%s %s -o %s -lm && ./%s", dir,
             include, sources, exe, exe);
    return t_run(cmd, out, n);
}

int t_case(const char *csv, const char *name, TCase *c) {
    char *text = t_read_file(csv);
    if (!text) {
        fprintf(stderr, "%s: cannot read the reference cases\n", csv);
        return -1;
    }
    size_t n = strlen(name);
    int found = 0;
    for (const char *p = text; p && *p && !found; p = strchr(p, '\n') ? strchr(p, '\n') + 1 : NULL) {
        if (strncmp(p, name, n) != 0 || p[n] != ',')
            continue;
        double v[6] = {0}; /* fields 2 .. 5; an empty field reads 0 */
        const char *q = p;
        for (int k = 0; k < 6 && q; k++) {
            if (k >= 2)
                v[k] = atof(q);
            q = strchr(q, ',') ? strchr(q, ',') + 1 : NULL;
        }
        c->paced = (int)v[2], c->start = v[3], c->dur = v[4], c->curr = v[5];
        found = 1;
    }
    free(text);
    return found;
}

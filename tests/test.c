/* test.c: shared helpers of the unit-test programs (see test.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

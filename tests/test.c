/* test.c: shared helpers of the unit-test programs (see test.h). */
#include <stdio.h>
#include <stdlib.h>

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

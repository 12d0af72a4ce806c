/* test_bench_help.c: `starcarp bench`'s help and documentation against its option table
 * (drivers/bench/bench_opts.c): `starcarp bench --help` (bopt_usage) lists every option of the
 * table, each with its short letter, and the tables of docs/bench-options.md name every option of
 * it and no other. */
#include <stdlib.h>

#include "bench_optint.h"
#include "test.h"

/* Whether word occurs in text as a whole word: after a blank or '(' and before a blank, ',', ')' or
 * the end. */
static int has_word(const char *text, const char *word) {
    size_t n = strlen(word);
    for (const char *p = strstr(text, word); p; p = strstr(p + 1, word))
        if (p > text && strchr(" \n(", p[-1]) && (p[n] == '\0' || strchr(" \n,)", p[n])))
            return 1;
    return 0;
}

/* The help is made from the option table: every option of it is there (a line of its own, or among
 * the refused ones), with its short letter. */
static void test_help_lists_table(const char *text) {
    for (int k = 0; k < bopt_nopts; k++) {
        const CliOpt *d = &bopt_opts[k];
        char line[96];
        snprintf(line, sizeof line, "\n  %s ", d->name);
        int listed = d->type == CLI_REFUSED ? has_word(text, d->name) : strstr(text, line) != NULL;
        ASSERT(listed && (!d->alias || has_word(text, d->alias)));
        if (!listed || (d->alias && !has_word(text, d->alias)))
            fprintf(stderr, "  --help lacks %s (%s)\n", d->name, d->alias ? d->alias : "");
    }
}

/* Mark the rows that the backticked options of one line of the documentation's tables name
 * ("| `--clamp`, `--clamp-dur` | `-l` | ..."): each must name a row of the table (or its alias). */
static void doc_line_names(const char *line, int *named) {
    for (const char *open = strchr(line, '`'), *close; open; open = close ? strchr(close + 1, '`') : NULL) {
        close = strchr(open + 1, '`');
        size_t n = strspn(open + 1, "-ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789");
        if (!close || open[1] != '-' || n >= 64)
            continue;
        char name[64];
        snprintf(name, sizeof name, "%.*s", (int)n, open + 1);
        const CliOpt *d = cli_opt_named(bopt_opts, bopt_nopts, name);
        ASSERT(d != NULL);
        if (!d)
            fprintf(stderr, "  docs/bench-options.md names %s, not an option of bench\n", name);
        else
            named[d - bopt_opts] = 1;
    }
}

/* docs/bench-options.md's tables (its lines "| `...") name options of the table only, and every one. */
static void test_docs_table(void) {
    FILE *f = fopen(SC_SOURCE_DIR "/docs/bench-options.md", "r");
    ASSERT(f != NULL);
    if (!f)
        return;
    int named[128] = {0};
    char line[2048];
    while (fgets(line, sizeof line, f))
        if (!strncmp(line, "| `", 3))
            doc_line_names(line, named);
    fclose(f);
    for (int k = 0; k < bopt_nopts && k < 128; k++) {
        ASSERT(named[k]);
        if (!named[k])
            fprintf(stderr, "  docs/bench-options.md's tables lack %s\n", bopt_opts[k].name);
    }
}

int main(void) {
    char *text = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&text, &len);
    bopt_usage(ms);
    fclose(ms);
    test_help_lists_table(text);
    free(text);
    test_docs_table();
    return TEST_DONE();
}

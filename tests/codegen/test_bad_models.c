/* test_bad_models.c: every tests/codegen/bad/NAME.model must be rejected, and the first line of the
 * messages must equal the first line of tests/codegen/bad/NAME.expect (for example
 * "tests/codegen/bad/foo.model:3:7: error: unknown function 'foo'").
 *
 * The check is generic: each model goes through fe_check_file (frontend.h), which runs every pass
 * of the front end, so bad models of any pass (syntax, semantic analysis) can be added to the folder
 * with their .expect and no change here. Inputs that are too large to keep as files (nesting beyond
 * the limits) are generated at run time below. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>

#include "frontend.h"
#include "test.h"

/* The front-end check run on each bad model: messages to `out`, non-zero when rejected. */
typedef int (*CheckModel)(const char *path, FILE *out);

static int check_model(const char *path, FILE *out) {
    Diag dg = {0};
    dg.out = out;
    return fe_check_file(path, &dg);
}

/* The first line of a text (without its newline), copied with malloc. */
static char *first_line(const char *s) {
    size_t n = strcspn(s, "\n");
    char *r = malloc(n + 1);
    memcpy(r, s, n);
    r[n] = '\0';
    return r;
}

static int by_name(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }

/* Run `check` on every .model of dir against its .expect; returns how many models were checked. */
static int check_dir(const char *dir, CheckModel check) {
    DIR *d = opendir(dir);
    ASSERT(d != NULL);
    if (!d)
        return 0;
    char *names[1024];
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d)) && n < 1024) {
        size_t len = strlen(de->d_name);
        if (len > 6 && strcmp(de->d_name + len - 6, ".model") == 0)
            names[n++] = strndup(de->d_name, len - 6);
    }
    closedir(d);
    qsort(names, (size_t)n, sizeof names[0], by_name);
    for (int i = 0; i < n; i++) {
        char path[1200], expect_path[1200];
        snprintf(path, sizeof path, "%s/%s.model", dir, names[i]);
        snprintf(expect_path, sizeof expect_path, "%s/%s.expect", dir, names[i]);
        char *expect = t_read_file(expect_path);
        if (!expect)
            fprintf(stderr, "%s: missing\n", expect_path);
        ASSERT(expect != NULL);

        char *buf = NULL;
        size_t len = 0;
        FILE *ms = open_memstream(&buf, &len);
        int rc = check(path, ms);
        fclose(ms);
        if (rc == 0)
            fprintf(stderr, "%s: accepted, but it is a bad model\n", path);
        ASSERT(rc != 0);
        if (expect) {
            char *want = first_line(expect), *got = first_line(buf);
            ASSERT_EQ_STR(want, got);
            free(want);
            free(got);
        }
        free(expect);
        free(buf);
        free(names[i]);
    }
    return n;
}

/* Parse generated text; return the first message line (malloc'd), or NULL when it parsed. */
static char *parse_generated(const char *text) {
    Arena ar = {0};
    SrcFile f = {"gen.model", text, 0};
    char *buf = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&buf, &len);
    Diag dg = {0};
    dg.out = ms;
    Ast *ast = fe_parse(&ar, &dg, &f);
    fclose(ms);
    char *r = ast ? NULL : first_line(buf);
    free(buf);
    ar_free(&ar);
    return r;
}

/* `pre` repeated n times, then `mid`, then `post` repeated n times, then `end`. */
static char *nest(const char *start, const char *pre, const char *mid, const char *post, const char *end,
                  int n) {
    char *buf = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&buf, &len);
    fputs(start, ms);
    for (int i = 0; i < n; i++)
        fputs(pre, ms);
    fputs(mid, ms);
    for (int i = 0; i < n; i++)
        fputs(post, ms);
    fputs(end, ms);
    fclose(ms);
    return buf;
}

/* Deep nesting is an error with a clear message, never a stack overflow; moderate nesting parses. */
static void test_too_deep(void) {
    struct {
        const char *start, *pre, *mid, *post, *end, *what;
    } cases[] = {
        {"x = ", "(", "1", ")", ";", "expression nested too deeply"},
        {"x = ", "-", "1", "", ";", "expression nested too deeply"},
        {"x = ", "!", "1", "", ";", "expression nested too deeply"},
        {"x = ", "exp(", "1", ")", ";", "expression nested too deeply"},
        {"x = ", "a ? b : ", "c", "", ";", "expression nested too deeply"},
        {"x = ", "2^", "2", "", ";", "expression nested too deeply"},
        {"", "group { ", "x;", " }", "", "block nested too deeply"},
        {"", "if (a) { ", "x = 1;", " }", "", "nested too deeply"},
        {"x; .lb(", "(", "1", ")", ");", "argument of '.lb' must be a number"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char *ok = nest(cases[i].start, cases[i].pre, cases[i].mid, cases[i].post, cases[i].end, 100);
        char *msg = parse_generated(ok);
        if (msg)
            fprintf(stderr, "case %zu, depth 100: %s\n", i, msg);
        ASSERT(msg == NULL);
        free(msg);
        free(ok);
        for (int n = 1000; n <= 100000; n *= 100) {
            char *bad = nest(cases[i].start, cases[i].pre, cases[i].mid, cases[i].post, cases[i].end, n);
            msg = parse_generated(bad);
            ASSERT(msg && strstr(msg, cases[i].what));
            if (!msg || !strstr(msg, cases[i].what))
                fprintf(stderr, "case %zu, depth %d: %s\n", i, n, msg ? msg : "(parsed)");
            free(msg);
            free(bad);
        }
    }
    /* long operator chains are built by loops, but the tree height is limited for later passes */
    char *chain = nest("x = 1", "+1", "", "", ";", 900);
    char *msg = parse_generated(chain);
    ASSERT(msg == NULL);
    free(msg);
    free(chain);
    chain = nest("x = 1", "*a-1", "", "", ";", 200000);
    msg = parse_generated(chain);
    ASSERT_EQ_STR("gen.model:1:5: error: expression nested too deeply (more than 1000 levels of operators)",
                  msg);
    free(msg);
    free(chain);
}

int main(void) {
    if (chdir(SC_SOURCE_DIR) != 0)
        perror(SC_SOURCE_DIR);
    int n = check_dir("tests/codegen/bad", check_model);
    ASSERT(n >= 20);
    printf("%d bad models checked\n", n);
    test_too_deep();
    return TEST_DONE();
}

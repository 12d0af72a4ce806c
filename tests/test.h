/* test.h: ASSERT-style unit-test helpers (chibicc style). A test program returns 0 when every
 * check passed and 1 otherwise; a test that needs a device it does not find returns 77 (skipped). */
#ifndef SC_TEST_H
#define SC_TEST_H
#include <math.h>
#include <stdio.h>
#include <string.h>

/* Counters of the running test program (test.c). */
extern int t_failures, t_checks;

/* The whole file as a malloc'd NUL-terminated string (free it), or NULL when it cannot be read. */
char *t_read_file(const char *path);

/* A command's argument vector: name, then the blank-separated words of line (no quoting), in
 * static storage that the next call reuses; *argv receives it, the count is returned. */
int t_words(const char *name, const char *line, char ***argv);

/* A fresh folder for a test program's files, $TMPDIR/NAME.XXXXXX (/tmp without TMPDIR), made by
 * mkdtemp into dir (size n): 0, or -1 after a message on stderr. t_rmtree: remove it and what it
 * holds (rm -rf): 0, or -1 after a message. */
int t_tmpdir(const char *name, char *dir, size_t n);
int t_rmtree(const char *dir);

/* Write text into the file dir/name: its path, in static storage that stays valid for the next 63
 * calls (a test may hold several files at once). A file that cannot be written: a failed check. */
const char *t_put(const char *dir, const char *name, const char *text);

/* Run the shell command cmd, its stdout (at most n - 1 bytes) into out: its exit status, or -1 (not
 * run, or killed). */
int t_run(const char *cmd, char *out, size_t n);

/* In dir: compile the C files `sources` (warnings are errors; -I include; -lm) into exe and run it,
 * its stdout (at most n - 1 bytes) into out. Its exit status, or -1 (not run, or killed). */
int t_cc_run(const char *dir, const char *include, const char *sources, const char *exe, char *out, size_t n);

/* A model's reference case (tests/reference/cases.csv: name, model, paced, stim_start, stim_dur,
 * stim_curr, ...): paced (0: a self-oscillating case, no stimulus), the stimulus's start and pulse
 * length (ms) and amplitude (bench's --stim-curr, the jump of dV/dt in mV/ms; 0 where empty). */
typedef struct TCase {
    int paced;
    double start, dur, curr;
} TCase;

/* The case of model `name` in the file `csv` into *c: 1, 0 when the file has no row for it, -1
 * after a message on stderr when the file cannot be read. */
int t_case(const char *csv, const char *name, TCase *c);

#define ASSERT(cond)                                                                  \
    do {                                                                              \
        t_checks++;                                                                   \
        if (!(cond)) {                                                                \
            t_failures++;                                                             \
            fprintf(stderr, "%s:%d: ASSERT failed: %s\n", __FILE__, __LINE__, #cond); \
        }                                                                             \
    } while (0)
#define ASSERT_EQ_INT(want, got)                                                                   \
    do {                                                                                           \
        long long w_ = (want), g_ = (got);                                                         \
        t_checks++;                                                                                \
        if (w_ != g_) {                                                                            \
            t_failures++;                                                                          \
            fprintf(stderr, "%s:%d: %s: want %lld, got %lld\n", __FILE__, __LINE__, #got, w_, g_); \
        }                                                                                          \
    } while (0)
#define ASSERT_EQ_STR(want, got)                                                                        \
    do {                                                                                                \
        const char *w_ = (want), *g_ = (got);                                                           \
        t_checks++;                                                                                     \
        if (!g_ || strcmp(w_, g_) != 0) {                                                               \
            t_failures++;                                                                               \
            fprintf(stderr, "%s:%d: %s:\n  want \"%s\"\n  got  \"%s\"\n", __FILE__, __LINE__, #got, w_, \
                    g_ ? g_ : "(null)");                                                                \
        }                                                                                               \
    } while (0)
#define ASSERT_NEAR(want, got, tol)                                                                          \
    do {                                                                                                     \
        double w_ = (want), g_ = (got);                                                                      \
        t_checks++;                                                                                          \
        if (!(fabs(w_ - g_) <= (tol))) {                                                                     \
            t_failures++;                                                                                    \
            fprintf(stderr, "%s:%d: %s: want %.17g, got %.17g (tol %g)\n", __FILE__, __LINE__, #got, w_, g_, \
                    (double)(tol));                                                                          \
        }                                                                                                    \
    } while (0)
/* Run the tests (functions of no argument) in the order given. */
#define T_RUN(...)                                                     \
    do {                                                               \
        void (*const t_run_[])(void) = {__VA_ARGS__};                  \
        for (size_t k_ = 0; k_ < sizeof t_run_ / sizeof *t_run_; k_++) \
            t_run_[k_]();                                              \
    } while (0)
/* The summary line and the exit status: 1 where a check failed, or where none ran (a test that
 * checked nothing has not passed). */
#define TEST_DONE()                                                                              \
    (printf("%d checks, %d failed%s\n", t_checks, t_failures, t_checks ? "" : ": no check ran"), \
     t_failures || !t_checks ? 1 : 0)

#endif

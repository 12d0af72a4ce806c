/* test_cli_opts.c: unit tests of the command's option layer (drivers/cli/cli_opts.c): a table's values
 * (names, the older spelling, "--name=value", ranges, choices, flags), the messages of bad values,
 * and the shared options (--steps-per-task and its alias --k, --precision with and without both). */
#include <math.h>
#include <stddef.h>

#include "cli_opts.h"
#include "starcarp_model.h"
#include "test.h"

typedef struct T {
    long n;
    double x, y;
    const char *s;
    int flag, pick;
} T;

static const CliOpt tab[] = {
    // clang-format off
    {.name = "--count", .alias = "-n", .type = CLI_INT, .lo = 1, .hi = 100,
     .accepts = "an integer from 1 to 100", .help = "N  a count", .off = offsetof(T, n)},
    {.name = "--real", .type = CLI_REAL, .lo = -1, .hi = 1, .accepts = "a number from -1 to 1",
     .help = "X  a number", .off = offsetof(T, x)},
    {.name = "--pos", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number", .help = "Y  a length",
     .off = offsetof(T, y)},
    {.name = "--name", .type = CLI_STR, .accepts = "a name", .help = "S  a name",
     .off = offsetof(T, s)},
    {.name = "--flag", .type = CLI_FLAG, .accepts = "", .help = "a flag", .off = offsetof(T, flag)},
    {.name = "--pick", .type = CLI_CHOICE, .choices = "red,green,blue",
     .accepts = "red, green, blue", .help = "C  a colour", .off = offsetof(T, pick)},
    // clang-format on
};
enum { NT = sizeof tab / sizeof *tab };

static T t;
static char err[256];

/* The words of line taken against the table one after another: the last return code. */
static int take(const char *line) {
    char **argv;
    int argc = t_words("x", line, &argv), rc = 0;
    t = (T){0};
    err[0] = '\0';
    for (int i = 1; i < argc && rc >= 0; i++)
        rc = cli_opt_take(tab, NT, argc, argv, &i, &t, err, sizeof err);
    return rc;
}

static void test_values(void) {
    ASSERT_EQ_INT(1, take("--count 7 --real -0.5 --pos 2e-3 --name abc --flag --pick blue"));
    ASSERT_EQ_INT(7, t.n);
    ASSERT_NEAR(-0.5, t.x, 0);
    ASSERT_NEAR(2e-3, t.y, 0);
    ASSERT_EQ_STR("abc", t.s);
    ASSERT_EQ_INT(1, t.flag);
    ASSERT_EQ_INT(2, t.pick);
    ASSERT_EQ_INT(1, take("-n 1e2 --count=3"));
    ASSERT_EQ_INT(3, t.n);
    ASSERT_EQ_INT(0, take("--counts 3")); /* a longer name is not the option */
    ASSERT_EQ_INT(0, take("--flag=1")); /* a flag takes no value */
}

/* Each bad line with the message it must give (NULL: any). */
static void test_errors(void) {
    static const char *const bad[][2] = {
        {"--count 0", "--count expects an integer from 1 to 100, got '0'"},
        {"-n 2.5", "-n expects an integer from 1 to 100, got '2.5'"},
        {"--real 1.5", "--real expects a number from -1 to 1, got '1.5'"},
        {"--pos=0", "--pos expects a positive number, got '0'"},
        {"--pos nan", NULL},
        {"--name=", "--name expects a name, got ''"},
        {"--pick grey", "--pick: accepted values are red, green, blue (got 'grey')"},
        {"--count", "--count needs an integer from 1 to 100 (see --help)"},
    };
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        ASSERT_EQ_INT(-1, take(bad[k][0]));
        if (bad[k][1])
            ASSERT_EQ_STR(bad[k][1], err);
    }
}

/* The shared options: K as --steps-per-task or --k; --precision's words to SC_DOUBLE, SC_SINGLE,
 * CLI_PRECISION_BOTH; --methods read once into ScMethods. */
static void test_shared(void) {
    char **argv;
    CliRun r = cli_run_defaults();
    ASSERT_NEAR(SC_DEFAULT_DT, r.dt, 0);
    ASSERT_EQ_INT(SC_DEFAULT_K, r.steps_per_task);
    ASSERT_EQ_INT(SC_DOUBLE, r.precision);
    ASSERT_EQ_INT(SC_METHODS_AUTO, r.methods.mode);
    ASSERT_EQ_INT(-1, r.ncpu);
    int argc = t_words("x", "--k 25 --precision 32 --ncpu=3 --dt 0.02", &argv);
    for (int i = 1; i < argc; i++)
        ASSERT_EQ_INT(1, cli_run_take("bench", argc, argv, &i, &r, err, sizeof err));
    ASSERT_EQ_INT(25, r.steps_per_task);
    ASSERT_EQ_INT(SC_SINGLE, r.precision);
    ASSERT_EQ_INT(3, r.ncpu);
    ASSERT_NEAR(0.02, r.dt, 0);
    argc = t_words("x", "--steps-per-task=4 --precision both", &argv);
    int i = 1;
    ASSERT_EQ_INT(1, cli_run_take("benchmark", argc, argv, &i, &r, err, sizeof err));
    ASSERT_EQ_INT(4, r.steps_per_task);
    i = 2;
    ASSERT_EQ_INT(1, cli_run_take("benchmark", argc, argv, &i, &r, err, sizeof err));
    ASSERT_EQ_INT(CLI_PRECISION_BOTH, r.precision);
    i = 2; /* calibrate takes the --precision without both */
    ASSERT_EQ_INT(-1, cli_run_take("calibrate", argc, argv, &i, &r, err, sizeof err));
    ASSERT_EQ_STR("--precision: accepted values are double, single (or 64, 32) (got 'both')", err);
    static const char *const meth[][3] = {
        {"auto", "auto", ""}, {"file", "file", ""}, {"cvode=fe", "cvode=fe", "cvode=fe"}};
    for (int k = 0; k < 3; k++) { /* --methods: its mode and the overrides, and the text back */
        ASSERT(cli_run_set("bench", "--methods", meth[k][0], &r, err, sizeof err) != NULL);
        ASSERT_EQ_INT(k == 0   ? SC_METHODS_AUTO
                      : k == 1 ? SC_METHODS_FILE
                               : SC_METHODS_OVERRIDE,
                      r.methods.mode);
        ASSERT_EQ_STR(meth[k][2], r.methods.overrides);
        ASSERT_EQ_STR(meth[k][1], sc_methods_text(r.methods));
    }
    ASSERT(cli_run_set("bench", "--methods", "", &r, err, sizeof err) == NULL);
    ASSERT_EQ_STR("--methods expects auto, file, or FROM=TO[,...] method overrides (vm=cvode), got ''", err);
    argc = t_words("x", "--k 0 --dt 1", &argv);
    i = 1;
    ASSERT_EQ_INT(-1, cli_run_take("sc-bench-cpu", argc, argv, &i, &r, err, sizeof err));
    ASSERT_EQ_STR("--k expects a positive integer (time steps), got '0'", err);
    i = 3; /* a shared option the command does not take (--dt) is not taken */
    ASSERT_EQ_INT(0, cli_run_take("sc-bench-cpu", argc, argv, &i, &r, err, sizeof err));
    const CliOpt *d = cli_run_set("devices", "--ngpu", "-1", &r, err, sizeof err);
    ASSERT(d == NULL);
    ASSERT_EQ_STR("--ngpu expects a non-negative integer (GPU workers), got '-1'", err);
    d = cli_run_set("devices", "--ngpu", "2", &r, err, sizeof err);
    ASSERT(d != NULL && d->off == offsetof(CliRun, ngpu) && cli_opt_size(d) == sizeof(long));
    ASSERT_EQ_INT(2, r.ngpu);
    /* the rows name the commands that take them: one --precision each, both for benchmark alone */
    ASSERT_EQ_STR("double,single,both", cli_run_opt("benchmark", "--precision")->choices);
    ASSERT_EQ_STR("double,single,64,32", cli_run_opt("calibrate", "--precision")->choices);
    ASSERT_EQ_STR("double,single,64,32", cli_run_opt("bench", "--precision")->choices);
    ASSERT(cli_run_opt("tissue", "--precision") == NULL && cli_run_opt("tissue", "--steps-per-task") == NULL);
    ASSERT(cli_run_opt("tissue", "--dt") != NULL && cli_run_opt("tissue", "--methods") != NULL);
    ASSERT(cli_run_opt("ben", "--dt") == NULL && cli_run_opt("methodsx", "--dt") == NULL); /* whole words */
    ASSERT(cli_run_opt("devices", "--ngpu") != NULL && cli_run_opt("devices", "--dt") == NULL);
    ASSERT(cli_run_opt(NULL, "--dt") == NULL);
}

int main(void) {
    test_values();
    test_errors();
    test_shared();
    return TEST_DONE();
}

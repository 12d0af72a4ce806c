/* test_impar.c: unit tests of the --imp-par parameter strings (drivers/cli/impar.c): operators,
 * percentages, flags, order of application, error messages, atomicity, and the echoed changes. */
#include <stdlib.h>

#include "impar.h"
#include "test.h"

enum { NP = 5 };
static const char *const names[NP] = {"GNa", "GK1", "GCaL", "celltype", "sex"};
static const double defaults[NP] = {14.8, 0.5, 0.1, 0, 1};
static const int nflags[NP] = {0, 0, 0, 3, 2};
static const char *const celltypes[] = {"ENDO", "MCELL", "EPI"};
static const char *const sexes[] = {"M", "F"};
static const char *const *const flagnames[NP] = {NULL, NULL, NULL, celltypes, sexes};
static const ImparModel model = {NP, names, defaults, nflags, flagnames, NULL, NULL};

static double vals[NP];
static char err[512];
static char *echo_buf;
static size_t echo_len;

static void reset(void) { memcpy(vals, defaults, sizeof vals); }

/* Apply str to vals (reset to the defaults first when fresh) with the echo captured in echo_buf. */
static int apply_m(const ImparModel *m, const char *str, int fresh) {
    if (fresh)
        reset();
    free(echo_buf);
    echo_buf = NULL;
    FILE *echo = open_memstream(&echo_buf, &echo_len);
    int rc = impar_apply(m, str, vals, echo, err, sizeof err);
    fclose(echo);
    return rc;
}

static int apply(const char *str) { return apply_m(&model, str, 1); }

/* str applied to the defaults must succeed and set parameter k to want (within tol). */
static void check_value(const char *str, int k, double want, double tol) {
    ASSERT_EQ_INT(0, apply(str));
    ASSERT_NEAR(want, vals[k], tol);
}

/* str must fail with exactly the message want, leaving the defaults and printing nothing. */
static void check_error(const char *str, const char *want) {
    ASSERT_EQ_INT(-1, apply(str));
    ASSERT_EQ_STR(want, err);
    ASSERT(memcmp(vals, defaults, sizeof vals) == 0);
    ASSERT_EQ_STR("", echo_buf);
}

/* str must fail with a message that starts with prefix. */
static void check_error_prefix(const char *str, const char *prefix) {
    ASSERT_EQ_INT(-1, apply(str));
    int ok = strncmp(err, prefix, strlen(prefix)) == 0;
    ASSERT(ok);
    if (!ok)
        fprintf(stderr, "  for \"%s\": got \"%s\"\n", str, err);
    ASSERT(memcmp(vals, defaults, sizeof vals) == 0);
}

static void test_operators(void) {
    check_value("GNa*1.5", 0, 22.2, 1e-12);
    ASSERT_EQ_STR("", err);
    check_value("GNa/2", 0, 7.4, 1e-12);
    check_value("GNa+1", 0, 15.8, 1e-12);
    check_value("GNa-1", 0, 13.8, 1e-12);
    check_value("GNa=3", 0, 3, 0);
    check_value("GNa--2", 0, 16.8, 1e-12);
    /* numbers as strtod reads them; blanks around items and operators */
    check_value("  GNa = 1e-3 ,\tGK1 * .5,GCaL+-2  ", 0, 1e-3, 0);
    ASSERT_NEAR(0.25, vals[1], 0);
    ASSERT_NEAR(-1.9, vals[2], 1e-12);
    /* the others are untouched */
    ASSERT_NEAR(0, vals[3], 0);
    ASSERT_NEAR(1, vals[4], 0);
}

/* % is relative to the default: added/subtracted/set as a fraction of it; a factor for * and /. */
static void test_percent(void) {
    check_value("GK1-20%", 1, 0.4, 1e-15);
    check_value("GK1+10%", 1, 0.55, 1e-15);
    check_value("GK1=80%", 1, 0.4, 1e-15);
    check_value("GK1*150%", 1, 0.75, 1e-15);
    check_value("GK1/50%", 1, 1.0, 1e-15);
    /* the base of + - = is the default, not the current value */
    reset();
    vals[1] = 2;
    ASSERT_EQ_INT(0, apply_m(&model, "GK1-20%", 0));
    ASSERT_NEAR(1.9, vals[1], 1e-15);
    check_value("GK1*2,GK1-20%", 1, 0.9, 1e-15);
}

static void test_order(void) {
    check_value("GNa*2,GNa+1", 0, 30.6, 1e-12);
    check_value("GNa+1,GNa*2", 0, 31.6, 1e-12);
    /* flags first: the later-written flags= item is applied before celltype=ENDO */
    check_value("celltype=ENDO, flags=EPI", 3, 0, 0);
    ASSERT_EQ_STR("celltype = EPI -> 2\ncelltype = ENDO -> 0\n", echo_buf);
    check_value("GNa*2, flags=MCELL, GNa+1, flags=F", 0, 30.6, 1e-12);
    ASSERT_EQ_STR("celltype = MCELL -> 1\nsex = F -> 1\nGNa * 2 -> 29.6\nGNa + 1 -> 30.6\n", echo_buf);
}

static void test_flags(void) {
    check_value("flags=EPI", 3, 2, 0);
    ASSERT_NEAR(1, vals[4], 0);
    check_value("flags=MCELL|M", 3, 1, 0);
    ASSERT_NEAR(0, vals[4], 0);
    check_value(" flags = M | EPI ", 3, 2, 0);
    ASSERT_NEAR(0, vals[4], 0);
    ASSERT_EQ_STR("sex = M -> 0\ncelltype = EPI -> 2\n", echo_buf);
    /* a symbolic value as the value of its own parameter, or its index */
    check_value("celltype=EPI", 3, 2, 0);
    check_value("celltype=1", 3, 1, 0);
    ASSERT_EQ_STR("celltype = MCELL -> 1\n", echo_buf);
    check_error("flags=EPX", "--imp-par: unknown flag value 'EPX' at item 1; valid: celltype: ENDO, MCELL, "
                             "EPI; sex: M, F");
    check_error("GNa=2,flags=EPI|EPX", "--imp-par: unknown flag value 'EPX' at item 2; valid: celltype: "
                                       "ENDO, MCELL, EPI; sex: M, F");
    check_error("flags=EPI|ENDO",
                "--imp-par: two values of flag parameter 'celltype' at item 1 ('EPI|ENDO')");
    check_error("celltype=M", "--imp-par: flag parameter 'celltype' at item 1 takes one of ENDO, MCELL, EPI "
                              "(or 0..2), as celltype=VALUE");
    check_error_prefix("celltype=3", "--imp-par: flag parameter 'celltype' at item 1 takes one of ENDO");
    check_error_prefix("celltype=0.5", "--imp-par: flag parameter 'celltype' at item 1 takes one of ENDO");
    check_error_prefix("celltype*2", "--imp-par: flag parameter 'celltype' at item 1 takes one of ENDO");
    check_error_prefix("celltype=50%", "--imp-par: flag parameter 'celltype' at item 1 takes one of ENDO");
    check_error("GNa=EPI", "--imp-par: value 'EPI' of 'GNa' at item 1 is not a number ('GNa' has no flag "
                           "values)");
    check_error_prefix("flags=1", "--imp-par: bad item 'flags=1' (item 1): flags takes symbolic values");
    check_error_prefix("flags*EPI", "--imp-par: bad item 'flags*EPI' (item 1): value 'EPI' is not a number");
    check_error_prefix("celltype=EPI|M", "--imp-par: bad item 'celltype=EPI|M' (item 1): only flags= takes");
    check_error_prefix("flags=EPI||M", "--imp-par: bad item 'flags=EPI||M' (item 1): value 'EPI||M' is not");
    check_error_prefix("flags=", "--imp-par: bad item 'flags=' (item 1): missing value");

    /* one value listed by two parameters is ambiguous in flags=, fine as name=VALUE */
    static const char *const names2[2] = {"celltype", "zone"};
    static const double def2[2] = {0, 1};
    static const int nf2[2] = {2, 2};
    static const char *const ct2[] = {"ENDO", "EPI"}, *const zone2[] = {"CORE", "EPI"};
    static const char *const *const fn2[2] = {ct2, zone2};
    static const ImparModel m2 = {2, names2, def2, nf2, fn2, NULL, NULL};
    reset();
    ASSERT_EQ_INT(-1, apply_m(&m2, "flags=EPI", 0));
    ASSERT_EQ_STR("--imp-par: flag value 'EPI' at item 1 is ambiguous: a value of both 'celltype' and "
                  "'zone'; write celltype=EPI",
                  err);
    vals[0] = 0, vals[1] = 0;
    ASSERT_EQ_INT(0, apply_m(&m2, "zone=EPI,flags=ENDO", 0));
    ASSERT_NEAR(0, vals[0], 0);
    ASSERT_NEAR(1, vals[1], 0);

    /* a model without flag parameters (nflags NULL) */
    static const ImparModel m3 = {3, names, defaults, NULL, NULL, NULL, NULL};
    ASSERT_EQ_INT(-1, apply_m(&m3, "flags=EPI", 1));
    ASSERT_EQ_STR("--imp-par: unknown flag value 'EPI' at item 1: the model has no flag parameters", err);
    ASSERT_EQ_INT(0, apply_m(&m3, "GNa*2", 1));
    ASSERT_NEAR(29.6, vals[0], 1e-12);
}

static void test_unknown_names(void) {
    check_error("GNa*2,gNaa=1", "--imp-par: unknown parameter 'gNaa' at item 2; valid: GNa, GK1, GCaL, "
                                "celltype, sex");
    check_error("gna=1", "--imp-par: unknown parameter 'gna' at item 1 (did you mean 'GNa'?); valid: GNa, "
                         "GK1, GCaL, celltype, sex");
    static const ImparModel empty = {0, NULL, NULL, NULL, NULL, NULL, NULL};
    ASSERT_EQ_INT(-1, apply_m(&empty, "x=1", 1));
    ASSERT_EQ_STR("--imp-par: unknown parameter 'x' at item 1; valid: (none: the model has no parameters)",
                  err);
    ASSERT_EQ_INT(0, apply_m(&empty, "  ", 1));
    ASSERT_EQ_INT(0, impar_find(&model, "GNa"));
    ASSERT_EQ_INT(4, impar_find(&model, "sex"));
    ASSERT_EQ_INT(-1, impar_find(&model, "gna"));
}

#define EXP "; expected name<op>value[%] with op one of = + - * /"

static void test_malformed(void) {
    check_error("GNa**2", "--imp-par: bad item 'GNa**2' (item 1): value '*2' is not a number" EXP);
    check_error("GNa=1, *2", "--imp-par: bad item '*2' (item 2): missing parameter name" EXP);
    check_error("9GNa=2", "--imp-par: bad item '9GNa=2' (item 1): a name starts with a letter or _" EXP);
    check_error("GNa", "--imp-par: bad item 'GNa' (item 1): missing operator" EXP);
    check_error("GNa 2", "--imp-par: bad item 'GNa 2' (item 1): unexpected '2' after the name" EXP);
    check_error("G.Na=2", "--imp-par: bad item 'G.Na=2' (item 1): unexpected '.' after the name" EXP);
    check_error("GNa=", "--imp-par: bad item 'GNa=' (item 1): missing value" EXP);
    check_error("GNa*abc", "--imp-par: bad item 'GNa*abc' (item 1): value 'abc' is not a number" EXP);
    check_error("GNa=1.5x", "--imp-par: bad item 'GNa=1.5x' (item 1): unexpected 'x' after the value" EXP);
    check_error("GNa=1.5%%", "--imp-par: bad item 'GNa=1.5%%' (item 1): unexpected '%' after the value" EXP);
    check_error("GNa=1 2", "--imp-par: bad item 'GNa=1 2' (item 1): unexpected '2' after the value" EXP);
    check_error("GNa*1e999",
                "--imp-par: bad item 'GNa*1e999' (item 1): the value is not a finite number" EXP);
    check_error("GNa*nan", "--imp-par: bad item 'GNa*nan' (item 1): value 'nan' is not a number" EXP);
    check_error("GNa=inf", "--imp-par: value 'inf' of 'GNa' at item 1 is not a number ('GNa' has no flag "
                           "values)");
    check_error("GNa=1,,GK1=2", "--imp-par: item 2 is empty (two commas in a row, or a comma at an end)");
    check_error("GNa=1,", "--imp-par: item 2 is empty (two commas in a row, or a comma at an end)");
    check_error(" , GNa=1", "--imp-par: item 1 is empty (two commas in a row, or a comma at an end)");
    check_error("GNa=1, \t ,GK1=2", "--imp-par: item 2 is empty (two commas in a row, or a comma at an end)");
    /* an error in a later item leaves the earlier ones unapplied too */
    check_error("GNa*2,GK1=1,GCaL=x1",
                "--imp-par: value 'x1' of 'GCaL' at item 3 is not a number ('GCaL' has "
                "no flag values)");
    /* no items at all */
    ASSERT_EQ_INT(0, apply(""));
    ASSERT_EQ_INT(0, apply(" \t "));
    ASSERT_EQ_STR("", echo_buf);
    ASSERT(memcmp(vals, defaults, sizeof vals) == 0);
    ImparItem *items = (ImparItem *)1;
    int n = 7;
    ASSERT_EQ_INT(0, impar_parse(NULL, &items, &n, err, sizeof err));
    ASSERT(items == NULL && n == 0);
}

static void test_arithmetic_errors(void) {
    check_error("GNa/0", "--imp-par: division by zero at item 1 ('GNa/0')");
    check_error("GNa*2,GK1/0%", "--imp-par: division by zero at item 2 ('GK1/0%')");
    check_error("GNa/-0.0", "--imp-par: division by zero at item 1 ('GNa/-0')");
    check_error("GNa*1e300,GNa*1e300", "--imp-par: 'GNa' becomes inf at item 2");
    check_value("GNa*0", 0, 0, 0);
}

static void test_echo(void) {
    ASSERT_EQ_INT(0, apply("GNa*1.5,GK1-20%,GCaL=0.1,flags=EPI"));
    ASSERT_EQ_STR("celltype = EPI -> 2\nGNa * 1.5 -> 22.2\nGK1 - 20% -> 0.4\nGCaL = 0.1 -> 0.1\n", echo_buf);
    ASSERT_EQ_INT(0, apply("GNa/4, GNa+-1e-3, GK1=1e-9"));
    ASSERT_EQ_STR("GNa / 4 -> 3.7\nGNa + -0.001 -> 3.699\nGK1 = 1e-09 -> 1e-09\n", echo_buf);
    /* no echo stream, no error buffer */
    reset();
    ASSERT_EQ_INT(0, impar_apply(&model, "GNa*2", vals, NULL, NULL, 0));
    ASSERT_NEAR(29.6, vals[0], 1e-12);
    ASSERT_EQ_INT(-1, impar_apply(&model, "GNa*", vals, NULL, NULL, 0));
    /* a short error buffer is truncated, never overrun */
    char small[17];
    memset(small, 'x', sizeof small);
    ASSERT_EQ_INT(-1, impar_apply(&model, "nope=1", vals, NULL, small, 16));
    ASSERT_EQ_STR("--imp-par: unkn", small);
    ASSERT_EQ_INT('x', small[16]);
}

/* Parsed items for callers that apply them per cell. */
static void test_parse_items(void) {
    ImparItem *it = NULL;
    int n = 0;
    ASSERT_EQ_INT(0, impar_parse("GNa*1.5, flags = EPI|F ,GK1-20%,celltype=MCELL", &it, &n, err, sizeof err));
    ASSERT_EQ_INT(4, n);
    if (n == 4) {
        ASSERT_EQ_STR("GNa", it[0].name);
        ASSERT_EQ_INT('*', it[0].op);
        ASSERT_NEAR(1.5, it[0].value, 0);
        ASSERT_EQ_INT(0, it[0].percent);
        ASSERT(it[0].sym == NULL);
        ASSERT_EQ_INT(1, it[0].pos);
        ASSERT_EQ_STR("flags", it[1].name);
        ASSERT_EQ_STR("EPI|F", it[1].sym);
        ASSERT_EQ_INT(2, it[1].pos);
        ASSERT_EQ_STR("GK1", it[2].name);
        ASSERT_EQ_INT('-', it[2].op);
        ASSERT_NEAR(20, it[2].value, 0);
        ASSERT_EQ_INT(1, it[2].percent);
        ASSERT_EQ_STR("MCELL", it[3].sym);
        /* the same items applied to two "cells" */
        double cell[2][NP];
        for (int c = 0; c < 2; c++) {
            memcpy(cell[c], defaults, sizeof defaults);
            ASSERT_EQ_INT(0, impar_apply_items(&model, it, n, cell[c], NULL, err, sizeof err));
            ASSERT_NEAR(22.2, cell[c][0], 1e-12);
            ASSERT_NEAR(0.4, cell[c][1], 1e-15);
            ASSERT_NEAR(1, cell[c][3], 0); /* flags=EPI first, then celltype=MCELL */
            ASSERT_NEAR(1, cell[c][4], 0);
        }
    }
    free(it);
    ASSERT_EQ_INT(-1, impar_parse("a=1,b", &it, &n, err, sizeof err));
    ASSERT(it == NULL && n == 0);
    ASSERT_EQ_STR("--imp-par: bad item 'b' (item 2): missing operator" EXP, err);
}

int main(void) {
    test_operators();
    test_percent();
    test_order();
    test_flags();
    test_unknown_names();
    test_malformed();
    test_arithmetic_errors();
    test_echo();
    test_parse_items();
    free(echo_buf);
    return TEST_DONE();
}

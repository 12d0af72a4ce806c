/* test_design.c: unit tests of the designs of `starcarp study` (drivers/study/design.c): the normal
 * quantile and the distributions' inverse CDFs, the spec parser and its messages, the samplers
 * (grid's count and values, the Latin hypercube's strata, the Sobol sequence against published
 * values and its net property once scrambled, reproducible bits per seed, pinned against an
 * independent implementation), and the CSV writer and reader (round trip bit for bit, errors at
 * file:line:col). Nothing here is timed. */
#include <stdint.h>
#include <stdlib.h>

#include "design.h"
#include "test.h"

#define ACCEPTED "uniform(lo,hi), loguniform(lo,hi), normal(mean,sd), lognormal(mu,sigma)"

static char err[1024];
static char dir[512];

static int contains(const char *s, const char *sub) { return s && strstr(s, sub) != NULL; }

/* A design of n parameters P0, P1, ... each uniform(0, 1): its factors are the unit points. */
static void unit_design(DsgDesign *d, int n) {
    char spec[64];
    dsg_free(d);
    for (int k = 0; k < n; k++) {
        snprintf(spec, sizeof spec, "P%d=uniform(0,1)", k);
        ASSERT_EQ_INT(0, dsg_add_param(d, spec, err, sizeof err));
    }
}

/* Each of the n strata [i/n, (i+1)/n) of every column of d holds exactly one cell. */
static int stratified(const DsgDesign *d, long n) {
    int ok = 1;
    char *seen = malloc((size_t)n);
    for (int k = 0; k < d->nparams; k++) {
        memset(seen, 0, (size_t)n);
        for (long c = 0; c < d->ncells; c++) {
            double u = d->values[c * d->nparams + k];
            long s = (long)floor(u * (double)n);
            if (!(u > 0 && u < 1) || s < 0 || s >= n || seen[s]++)
                ok = 0;
        }
    }
    free(seen);
    return ok;
}

static void test_norm_quantile(void) {
    ASSERT_NEAR(1.959963984540054, dsg_norm_quantile(0.975), 1e-12);
    ASSERT_NEAR(-1.959963984540054, dsg_norm_quantile(0.025), 1e-12);
    ASSERT(dsg_norm_quantile(0.5) == 0);
    ASSERT_NEAR(-0.52440051270804089, dsg_norm_quantile(0.3), 1e-14);
    ASSERT_NEAR(3.0902323061678132, dsg_norm_quantile(0.999), 1e-13);
    /* the tails (AS241's second and third ranges) */
    ASSERT_NEAR(-6.3613409024040557, dsg_norm_quantile(1e-10), 1e-13);
    ASSERT_NEAR(-37.047096299361201, dsg_norm_quantile(1e-300), 1e-12);
    for (double p = 0.001; p < 0.5; p += 0.01734)
        ASSERT(dsg_norm_quantile(p) == -dsg_norm_quantile(1 - p) ||
               fabs(dsg_norm_quantile(p) + dsg_norm_quantile(1 - p)) < 1e-13);
    ASSERT(isinf(dsg_norm_quantile(0)) && dsg_norm_quantile(0) < 0);
    ASSERT(isinf(dsg_norm_quantile(1)) && dsg_norm_quantile(1) > 0);
    ASSERT(isnan(dsg_norm_quantile(1.5)) && isnan(dsg_norm_quantile(-0.1)) && isnan(dsg_norm_quantile(NAN)));
}

static void test_quantiles(void) {
    DsgParam p;
    ASSERT_EQ_INT(0, dsg_parse_param("GKr=uniform(0.5,2)", &p, err, sizeof err));
    ASSERT_NEAR(0.875, dsg_quantile(&p, 0.25), 1e-15);
    ASSERT(dsg_quantile(&p, 1e-300) >= 0.5 && dsg_quantile(&p, 1 - 0x1p-53) <= 2);
    ASSERT(isnan(dsg_quantile(&p, 0)) && isnan(dsg_quantile(&p, 1)));
    /* loguniform: the median is the geometric mean; the ends stay inside [lo, hi] */
    ASSERT_EQ_INT(0, dsg_parse_param("GKr=loguniform(0.5,2)", &p, err, sizeof err));
    ASSERT_NEAR(1, dsg_quantile(&p, 0.5), 1e-15);
    ASSERT_NEAR(sqrt(0.5), dsg_quantile(&p, 0.25), 1e-15);
    ASSERT(dsg_quantile(&p, 1e-300) >= 0.5 && dsg_quantile(&p, 1 - 0x1p-53) <= 2);
    /* lognormal: the median is exp(mu) (exactly: the quantile of 1/2 is 0) */
    ASSERT_EQ_INT(0, dsg_parse_param("GCaL=lognormal(0.3,0.2)", &p, err, sizeof err));
    ASSERT(dsg_quantile(&p, 0.5) == exp(0.3));
    ASSERT_NEAR(exp(0.3 + 0.2 * 1.959963984540054), dsg_quantile(&p, 0.975), 1e-12);
    /* normal far from 0: the truncation removes nothing visible */
    ASSERT_EQ_INT(0, dsg_parse_param("GNa=normal(1,0.1)", &p, err, sizeof err));
    ASSERT_NEAR(1 + 0.1 * 1.959963984540054, dsg_quantile(&p, 0.975), 1e-12);
    ASSERT(dsg_quantile(&p, 0.5) == 1);
    /* normal near 0: exactly truncated to (0, inf) (SciPy's truncnorm.ppf for the references) */
    ASSERT_EQ_INT(0, dsg_parse_param("GNa=normal(1,1)", &p, err, sizeof err));
    ASSERT_NEAR(1.2001736861668908, dsg_quantile(&p, 0.5), 1e-13);
    ASSERT_EQ_INT(0, dsg_parse_param("GNa=normal(1,0.5)", &p, err, sizeof err));
    ASSERT_NEAR(0.41369250758140264, dsg_quantile(&p, 0.1), 1e-13);
    ASSERT(dsg_quantile(&p, 0x1p-53) > 0 && dsg_quantile(&p, 1e-300) > 0);
    /* monotone in u */
    double prev = 0;
    for (double u = 0.001; u < 1; u += 0.001) {
        double x = dsg_quantile(&p, u);
        ASSERT(x > prev);
        prev = x;
    }
    p.dist = DSG_GIVEN;
    ASSERT(isnan(dsg_quantile(&p, 0.5)));
}

/* spec must be refused with a message that quotes it, names column col and lists the
 * distributions, and contains why. */
static void parse_error(const char *spec, int col, const char *why) {
    DsgParam p;
    char want[64];
    snprintf(want, sizeof want, "at column %d: ", col);
    ASSERT_EQ_INT(-1, dsg_parse_param(spec, &p, err, sizeof err));
    int ok = contains(err, spec) && contains(err, want) && contains(err, why) && contains(err, ACCEPTED);
    ASSERT(ok);
    if (!ok)
        fprintf(stderr, "  for \"%s\" (column %d, \"%s\"): got \"%s\"\n", spec, col, why, err);
}

static void test_parse(void) {
    DsgParam p;
    ASSERT_EQ_INT(0, dsg_parse_param("GKr=uniform(0.5,2)", &p, err, sizeof err));
    ASSERT_EQ_STR("GKr", p.name);
    ASSERT_EQ_INT(DSG_UNIFORM, p.dist);
    ASSERT(p.a == 0.5 && p.b == 2);
    ASSERT_EQ_INT(0, dsg_parse_param(" \tGCaL = lognormal ( 0 , 0.2 ) ", &p, err, sizeof err));
    ASSERT_EQ_STR("GCaL", p.name);
    ASSERT_EQ_INT(DSG_LOGNORMAL, p.dist);
    ASSERT(p.a == 0 && p.b == 0.2);
    ASSERT_EQ_INT(0, dsg_parse_param("i_Kr.g_Kr=LogUniform(1e-1,.5e1)", &p, err, sizeof err));
    ASSERT_EQ_STR("i_Kr.g_Kr", p.name);
    ASSERT_EQ_INT(DSG_LOGUNIFORM, p.dist);
    ASSERT(p.a == 0.1 && p.b == 5);
    ASSERT_EQ_INT(0, dsg_parse_param("_x=NORMAL(1,0.25)", &p, err, sizeof err));
    ASSERT_EQ_INT(DSG_NORMAL, p.dist);
    ASSERT_EQ_INT(0, dsg_parse_param("GKs=uniform(0,3)", &p, err, sizeof err)); /* 0: full block */

    ASSERT_EQ_INT(-1, dsg_parse_param("GKr=unifrm(0.5,2)", &p, err, sizeof err));
    ASSERT_EQ_STR("bad spec 'GKr=unifrm(0.5,2)' at column 5: unknown distribution 'unifrm'; expected "
                  "NAME=DIST(A,B), DIST one of " ACCEPTED,
                  err);
    parse_error("", 1, "no parameter name");
    parse_error("  =uniform(0.5,2)", 3, "a parameter name starts with a letter or _");
    parse_error("2GKr=uniform(0.5,2)", 1, "starts with a letter");
    parse_error("GKr uniform(0.5,2)", 5, "expected '='");
    parse_error("GKr-uniform(0.5,2)", 4, "expected '='");
    parse_error("GKr=", 5, "expected a distribution name");
    parse_error("GKr=uniform", 12, "expected '(' after uniform");
    parse_error("GKr=uniform(,2)", 13, "lo must be a finite number");
    parse_error("GKr=uniform(0.5;2)", 16, "expected ',' after lo");
    parse_error("GKr=uniform(0.5, x)", 18, "hi must be a finite number");
    parse_error("GKr=uniform(0.5,2", 18, "expected ')' after hi");
    parse_error("GKr=uniform(0.5,2) x", 20, "unexpected text after ')'");
    parse_error("GKr=uniform(0.5,inf)", 17, "finite");
    parse_error("GKr=uniform(nan,2)", 13, "finite");
    parse_error("GKr=uniform(2,0.5)", 15, "hi must be greater than lo");
    parse_error("GKr=uniform(1,1)", 15, "hi must be greater than lo");
    parse_error("GKr=uniform(-1,1)", 13, "lo must be >= 0");
    parse_error("GKr=loguniform(0,2)", 16, "lo must be > 0");
    parse_error("GKr=normal(-1,0.1)", 12, "mean must be > 0");
    parse_error("GKr=normal(1,0)", 14, "sd must be > 0");
    parse_error("GKr=lognormal(0,-0.2)", 17, "sigma must be > 0");
    char longname[100];
    memset(longname, 'g', 70);
    strcpy(longname + 70, "=uniform(0,1)");
    parse_error(longname, 1, "longer than 63 bytes");
}

static void test_add_param(void) {
    DsgDesign d = {0};
    ASSERT_EQ_INT(0, dsg_add_param(&d, "GKr=uniform(0.5,2)", err, sizeof err));
    ASSERT_EQ_INT(-1, dsg_add_param(&d, " GKr=lognormal(0,0.2)", err, sizeof err));
    ASSERT_EQ_STR("bad spec ' GKr=lognormal(0,0.2)' at column 2: parameter 'GKr' is varied twice", err);
    ASSERT_EQ_INT(-1, dsg_add_param(&d, "GKs=uniform(2,1)", err, sizeof err));
    ASSERT_EQ_INT(1, d.nparams);
    dsg_free(&d);
    unit_design(&d, DSG_MAXP);
    ASSERT_EQ_INT(-1, dsg_add_param(&d, "Q=uniform(0,1)", err, sizeof err));
    ASSERT(contains(err, "more than 64 parameters"));
    ASSERT_EQ_INT(DSG_MAXP, d.nparams);
    dsg_free(&d);
    ASSERT_EQ_INT(0, d.nparams);
}

static void test_grid(void) {
    DsgDesign d = {0};
    unit_design(&d, 2);
    ASSERT_EQ_INT(0, dsg_sample(&d, "grid", 3, 0, err, sizeof err));
    ASSERT_EQ_INT(9, d.ncells);
    /* cell centers 1/6, 1/2, 5/6; the last parameter varies fastest */
    double lv[3] = {1.0 / 6, 0.5, 5.0 / 6};
    for (int c = 0; c < 9; c++) {
        ASSERT_NEAR(lv[c / 3], d.values[2 * c], 1e-15);
        ASSERT_NEAR(lv[c % 3], d.values[2 * c + 1], 1e-15);
    }
    /* n^d cells; one level is the median */
    unit_design(&d, 4);
    ASSERT_EQ_INT(0, dsg_sample(&d, "grid", 5, 0, err, sizeof err));
    ASSERT_EQ_INT(625, d.ncells);
    ASSERT_NEAR(0.9, d.values[624 * 4 + 3], 1e-15);
    ASSERT_NEAR(0.3, d.values[4 * 125 + 0], 1e-15); /* cell 125: levels 1 0 0 0 */
    ASSERT_NEAR(0.1, d.values[4 * 125 + 1], 1e-15);
    dsg_free(&d);
    ASSERT_EQ_INT(0, dsg_add_param(&d, "GCaL=lognormal(0.2,0.5)", err, sizeof err));
    ASSERT_EQ_INT(0, dsg_add_param(&d, "GKr=uniform(0.5,2)", err, sizeof err));
    ASSERT_EQ_INT(0, dsg_sample(&d, "grid", 1, 0, err, sizeof err));
    ASSERT_EQ_INT(1, d.ncells);
    ASSERT(d.values[0] == exp(0.2));
    ASSERT_NEAR(1.25, d.values[1], 1e-15);
    /* too many cells: refused, the design kept */
    unit_design(&d, 25);
    ASSERT_EQ_INT(0, dsg_sample(&d, "grid", 1, 0, err, sizeof err));
    ASSERT_EQ_INT(-1, dsg_sample(&d, "grid", 2, 0, err, sizeof err));
    ASSERT_EQ_STR("grid: 2 levels in 25 dimensions make more than 16777216 cells", err);
    ASSERT_EQ_INT(1, d.ncells);
    unit_design(&d, 3);
    ASSERT_EQ_INT(-1, dsg_sample(&d, "grid", 1000000, 0, err, sizeof err));
    dsg_free(&d);
}

static void test_lhs(void) {
    DsgDesign d = {0};
    unit_design(&d, 6);
    long sizes[] = {1, 2, 7, 100, 1000};
    for (int s = 0; s < 5; s++) {
        ASSERT_EQ_INT(0, dsg_sample(&d, "lhs", sizes[s], 1234 + s, err, sizeof err));
        ASSERT_EQ_INT(sizes[s], d.ncells);
        ASSERT(stratified(&d, sizes[s]));
    }
    /* the columns are permuted independently (a shared permutation would repeat the strata) */
    int same = 1;
    for (long c = 0; c < d.ncells; c++)
        same &= (long)(d.values[c * 6] * 1000) == (long)(d.values[c * 6 + 1] * 1000);
    ASSERT(!same);
    /* through a lognormal: each stratum of probability 1/n still holds one cell */
    dsg_free(&d);
    ASSERT_EQ_INT(0, dsg_add_param(&d, "GCaL=lognormal(0,0.2)", err, sizeof err));
    ASSERT_EQ_INT(0, dsg_sample(&d, "lhs", 50, 9, err, sizeof err));
    char seen[50] = {0};
    int ok = 1;
    for (long c = 0; c < 50; c++) {
        /* Phi(log(x) / 0.2) through the quantile's inverse: count the strata below x */
        long below = 0;
        for (long s = 1; s < 50; s++)
            below += dsg_quantile(&d.params[0], (double)s / 50) < d.values[c];
        ok &= !seen[below]++;
    }
    ASSERT(ok);
    dsg_free(&d);
}

static void test_sobol_plain(void) {
    /* the first 10 points in 3 dimensions (Gray code order, point 0 the origin) */
    static const double want[10][3] = {{0, 0, 0},
                                       {0.5, 0.5, 0.5},
                                       {0.75, 0.25, 0.25},
                                       {0.25, 0.75, 0.75},
                                       {0.375, 0.375, 0.625},
                                       {0.875, 0.875, 0.125},
                                       {0.625, 0.125, 0.875},
                                       {0.125, 0.625, 0.375},
                                       {0.1875, 0.3125, 0.9375},
                                       {0.6875, 0.8125, 0.4375}};
    static double u[1024 * DSG_MAXP];
    ASSERT_EQ_INT(0, dsg_sobol_unit(u, 10, 3, 0, 0));
    for (int i = 0; i < 10; i++)
        for (int j = 0; j < 3; j++)
            ASSERT(u[i * 3 + j] == want[i][j]);
    /* deeper points and higher dimensions (SciPy's qmc.Sobol(64, scramble=False), which uses
     * the same new-joe-kuo-6.21201 table) */
    ASSERT_EQ_INT(0, dsg_sobol_unit(u, 1024, DSG_MAXP, 0, 0));
    ASSERT(u[100 * 64 + 20] == 0.7578125);
    ASSERT(u[1000 * 64 + 63] == 0.4462890625);
    ASSERT(u[777 * 64 + 40] == 0.7216796875);
    ASSERT(u[1023 * 64 + 1] == 0.7529296875);
    ASSERT(u[513 * 64 + 2] == 0.4541015625);
    ASSERT(u[5 * 64 + 13] == 0.125);
    double d64[8] = {0, 0.5, 0.75, 0.25, 0.125, 0.625, 0.875, 0.375};
    for (int i = 0; i < 8; i++)
        ASSERT(u[i * 64 + 63] == d64[i]);
    /* bad arguments */
    ASSERT_EQ_INT(-1, dsg_sobol_unit(u, 4, 0, 0, 0));
    ASSERT_EQ_INT(-1, dsg_sobol_unit(u, 4, DSG_MAXP + 1, 0, 0));
    ASSERT_EQ_INT(-1, dsg_sobol_unit(u, -1, 2, 0, 0));
}

/* Every elementary interval [a/2^i, (a+1)/2^i) x [b/2^(m-i), (b+1)/2^(m-i)) of columns j, k of the
 * n = 2^m points u (dims columns) holds exactly one point: a (0, m, 2)-net. */
static int net_2d(const double *u, int m, int dims, int j, int k) {
    long n = 1L << m;
    int ok = 1;
    char *seen = malloc((size_t)n);
    for (int i = 0; i <= m; i++) {
        memset(seen, 0, (size_t)n);
        for (long p = 0; p < n; p++) {
            long a = (long)(u[p * dims + j] * (double)(1L << i)),
                 b = (long)(u[p * dims + k] * (double)(1L << (m - i)));
            ok &= !seen[(a << (m - i)) | b]++;
        }
    }
    free(seen);
    return ok;
}

static void test_sobol_scrambled(void) {
    static double u[4096 * 2];
    ASSERT_EQ_INT(0, dsg_sobol_unit(u, 1024, 2, 0, 0));
    ASSERT(net_2d(u, 10, 2, 0, 1)); /* the plain sequence first */
    DsgDesign d = {0};
    unit_design(&d, 10);
    for (int m = 0; m <= 10; m += 5) {
        ASSERT_EQ_INT(0, dsg_sample(&d, "sobol", 1L << m, 77, err, sizeof err));
        ASSERT(stratified(&d, 1L << m)); /* every dimension */
        ASSERT(net_2d(d.values, m, 10, 0, 1)); /* dimensions 1 and 2: t = 0 */
    }
    /* a prefix of 2^m points of a longer sequence is a net too */
    ASSERT_EQ_INT(0, dsg_sobol_unit(u, 4096, 2, 1, 2024));
    for (int m = 1; m <= 12; m++)
        ASSERT(net_2d(u, m, 2, 0, 1));
    /* scrambled: no point at 0, not the plain sequence */
    ASSERT(u[0] > 0 && u[1] > 0 && u[0] != 0.5 * 0x1p-32);
    int plain = 1;
    double v[16];
    dsg_sobol_unit(v, 8, 2, 0, 0);
    for (int i = 0; i < 16; i++)
        plain &= fabs(u[i] - v[i]) < 1e-6;
    ASSERT(!plain);
    dsg_free(&d);
}

/* Sample d with method, n and seed into a fresh copy of its values (free it). */
static double *sample_copy(DsgDesign *d, const char *method, long n, unsigned long long seed) {
    ASSERT_EQ_INT(0, dsg_sample(d, method, n, seed, err, sizeof err));
    size_t bytes = (size_t)d->ncells * (size_t)d->nparams * sizeof(double);
    double *copy = malloc(bytes);
    memcpy(copy, d->values, bytes);
    return copy;
}

static void test_seeds(void) {
    DsgDesign d = {0};
    unit_design(&d, 3);
    const char *methods[] = {"lhs", "sobol", "random"};
    size_t bytes = 64 * 3 * sizeof(double);
    for (int m = 0; m < 3; m++) {
        double *a = sample_copy(&d, methods[m], 64, 42);
        double *b = sample_copy(&d, methods[m], 64, 42);
        double *c = sample_copy(&d, methods[m], 64, 43);
        ASSERT(memcmp(a, b, bytes) == 0);
        ASSERT(memcmp(a, c, bytes) != 0);
        free(a), free(b), free(c);
    }
    /* the bits themselves, the same on every machine: from an independent implementation of the
     * documented generators (splitmix64, xoshiro256**) and samplers, in Python, seed 42, 4 cells */
    static const double pin[3][4][3] = {{{0.98117323778569698, 0.17061321623623371, 0.21284752152860165},
                                         {0.49795097671449184, 0.57266944088041782, 0.67688511870801449},
                                         {0.19243486411869526, 0.45025607384741306, 0.92695731855928898},
                                         {0.67981464602053165, 0.83035290800035, 0.27321501635015011}},
                                        {{0.62273131764959544, 0.78736616868991405, 0.79734486399684101},
                                         {0.00242098409216851, 0.20869673567358404, 0.27121452509891242},
                                         {0.43090868892613798, 0.73456936667207628, 0.53354165132623166},
                                         {0.94393829500768334, 0.25368205097038299, 0.0074265111470595002}},
                                        {{0.083862971059882274, 0.37898025066266861, 0.68004341102813937},
                                         {0.92469294532538771, 0.99180391428210279, 0.76973946043424257},
                                         {0.71925857787791558, 0.85000844391097286, 0.76137438100576349},
                                         {0.58334930973739929, 0.68245286961251928, 0.29067776176424165}}};
    for (int m = 0; m < 3; m++) {
        ASSERT_EQ_INT(0, dsg_sample(&d, methods[m], 4, 42, err, sizeof err));
        for (int i = 0; i < 12; i++)
            ASSERT(d.values[i] == pin[m][i / 3][i % 3]);
    }
    /* grid ignores the seed */
    double *g1 = sample_copy(&d, "grid", 4, 1), *g2 = sample_copy(&d, "grid", 4, 2);
    ASSERT(memcmp(g1, g2, 64 * 3 * sizeof(double)) == 0);
    free(g1), free(g2);
    dsg_free(&d);
}

static void test_sample_errors(void) {
    DsgDesign d = {0};
    ASSERT_EQ_INT(-1, dsg_sample(&d, "lhs", 10, 1, err, sizeof err));
    ASSERT(contains(err, "no parameter to vary"));
    unit_design(&d, 2);
    ASSERT_EQ_INT(-1, dsg_sample(&d, "latin", 10, 1, err, sizeof err));
    ASSERT_EQ_STR("unknown sampling method 'latin'; expected one of grid, lhs, sobol, random", err);
    ASSERT_EQ_INT(-1, dsg_sample(&d, "random", 0, 1, err, sizeof err));
    ASSERT_EQ_STR("random: 0 cells; expected at least 1", err);
    ASSERT_EQ_INT(-1, dsg_sample(&d, "sobol", DSG_MAXCELLS + 1L, 1, err, sizeof err));
    ASSERT(contains(err, "more than the 16777216 allowed"));
    ASSERT_EQ_INT(0, d.ncells);
    ASSERT(d.values == NULL);
    /* a parameter, once a design has cells, is refused */
    ASSERT_EQ_INT(0, dsg_sample(&d, "random", 5, 1, err, sizeof err));
    ASSERT_EQ_INT(-1, dsg_add_param(&d, "X=uniform(0,1)", err, sizeof err));
    ASSERT(contains(err, "already has its cells"));
    dsg_free(&d);
}

/* path's text read as a design must fail with exactly want ("FILE:" prepended). */
static void csv_error(const char *name, const char *text, const char *want) {
    DsgDesign d = {0};
    char full[600];
    const char *path = t_put(dir, name, text);
    snprintf(full, sizeof full, "%s:%s", path, want);
    ASSERT_EQ_INT(-1, dsg_read_csv(&d, path, err, sizeof err));
    ASSERT_EQ_STR(full, err);
    ASSERT(d.ncells == 0 && d.nparams == 0 && d.values == NULL);
}

static void test_csv(void) {
    DsgDesign d = {0}, r = {0};
    char path[600];
    snprintf(path, sizeof path, "%s/design.csv", dir);
    /* round trip: names and every bit, extreme values too */
    ASSERT_EQ_INT(0, dsg_add_param(&d, "GKr=lognormal(0,0.3)", err, sizeof err));
    ASSERT_EQ_INT(0, dsg_add_param(&d, "i_Kr.g_Kr=uniform(0,2)", err, sizeof err));
    ASSERT_EQ_INT(0, dsg_add_param(&d, "GNa=normal(1,0.5)", err, sizeof err));
    ASSERT_EQ_INT(0, dsg_sample(&d, "sobol", 256, 5, err, sizeof err));
    double extreme[6] = {0.1, 5e-324, 1.7976931348623157e308, 0, 2.2250738585072014e-308, 1.0 / 3};
    memcpy(d.values, extreme, sizeof extreme);
    FILE *f = fopen(path, "w");
    ASSERT(f != NULL);
    ASSERT_EQ_INT(0, dsg_write_csv(&d, f));
    fclose(f);
    ASSERT_EQ_INT(0, dsg_read_csv(&r, path, err, sizeof err));
    ASSERT_EQ_INT(3, r.nparams);
    ASSERT_EQ_INT(256, r.ncells);
    ASSERT_EQ_STR("i_Kr.g_Kr", r.params[1].name);
    ASSERT_EQ_INT(DSG_GIVEN, r.params[2].dist);
    ASSERT(memcmp(d.values, r.values, 256 * 3 * sizeof(double)) == 0);
    /* the writer's text */
    char *text = t_read_file(path);
    ASSERT(text && strncmp(text, "GKr,i_Kr.g_Kr,GNa\n0.10000000000000001,4.9406564584124654e-324,", 62) == 0);
    free(text);
    /* a design read from a file has no distribution to sample */
    ASSERT_EQ_INT(-1, dsg_sample(&r, "lhs", 4, 1, err, sizeof err));
    ASSERT_EQ_STR("lhs: parameter 'GKr' has no distribution (its values were read from a file)", err);
    /* blanks, blank lines and \r\n; reading empties what the design held */
    const char *p = t_put(dir, "loose.csv", "\n  a , b\t\r\n\r\n 1 , 2.5 \r\n\n0,1e-3\n");
    ASSERT_EQ_INT(0, dsg_read_csv(&r, p, err, sizeof err));
    ASSERT_EQ_INT(2, r.nparams);
    ASSERT_EQ_INT(2, r.ncells);
    ASSERT_EQ_STR("b", r.params[1].name);
    ASSERT(r.values[0] == 1 && r.values[1] == 2.5 && r.values[2] == 0 && r.values[3] == 1e-3);
    ASSERT_EQ_INT(0, dsg_read_csv(&r, t_put(dir, "one.csv", "GKr\n1"), err, sizeof err));
    ASSERT(r.nparams == 1 && r.ncells == 1 && r.values[0] == 1);
    dsg_free(&r);
    dsg_free(&d);
    /* errors, at file:line:col */
    csv_error("empty.csv", "", "1:1: empty file; expected a header line of parameter names");
    csv_error("blank.csv", "\n \n", "3:1: empty file; expected a header line of parameter names");
    csv_error("header.csv", "a,b\n",
              "2:1: no cell after the header; expected one line of scale factors per cell");
    csv_error("dup.csv", "a, b ,a\n1,2,3\n",
              "1:7: duplicate column 'a' (column 1 has it too); expected each parameter once");
    csv_error("noname.csv", "a,,b\n1,2,3\n", "1:3: empty column name; expected a parameter name");
    csv_error(
        "badname.csv", "a,G Kr\n1,2\n",
        "1:3: bad column name 'G Kr'; expected a parameter name (letters, digits, _ and ., starting with a "
        "letter or _)");
    csv_error("few.csv", "a,b,c\n1,2,3\n1,2\n", "3:4: 2 values, expected 3 (one per column of the header)");
    csv_error("many.csv", "a,b\n1,2\n\n1,2, 3\n", "4:6: 3 values, expected 2 (one per column of the header)");
    csv_error("short.csv", "a,b\n7\n", "2:2: 1 value, expected 2 (one per column of the header)");
    csv_error("nan.csv", "a,b\n1,2\n1, x2\n",
              "3:4: 'x2' is not a number; expected a scale factor (a finite number >= 0)");
    csv_error("trail.csv", "a,b\n1,2.5.1\n",
              "2:3: '2.5.1' is not a number; expected a scale factor (a finite number >= 0)");
    csv_error("neg.csv", "a,b\n1,-0.5\n", "2:3: '-0.5' is not a scale factor; expected a finite number >= 0");
    csv_error("inf.csv", "a\ninf\n", "2:1: 'inf' is not a scale factor; expected a finite number >= 0");
    csv_error("emptyval.csv", "a,b\n1,\n",
              "2:3: empty value; expected a scale factor (a finite number >= 0)");
    DsgDesign m = {0};
    snprintf(path, sizeof path, "%s/missing.csv", dir);
    ASSERT_EQ_INT(-1, dsg_read_csv(&m, path, err, sizeof err));
    ASSERT(contains(err, "missing.csv: cannot read: "));
}

int main(void) {
    if (t_tmpdir("test_design", dir, sizeof dir) != 0)
        return 1;
    T_RUN(test_norm_quantile, test_quantiles, test_parse, test_add_param, test_grid, test_lhs,
          test_sobol_plain, test_sobol_scrambled, test_seeds, test_sample_errors, test_csv);
    if (!t_failures)
        t_rmtree(dir);
    return TEST_DONE();
}

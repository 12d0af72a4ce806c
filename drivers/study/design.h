/* design.h: the designs of `starcarp study` (docs/study.md, section Designs): which values of the
 * varied model parameters each cell of a population of models gets.
 *
 * A study varies up to DSG_MAXP parameters. Each has a name, kept as given (an openCARP or a CellML
 * name: resolving it against a model is not this module's job), and a distribution of SCALE
 * FACTORS, the numbers that multiply the parameter's default:
 *     uniform(lo,hi)       0 <= lo < hi
 *     loguniform(lo,hi)    0 < lo < hi; the factor's log is uniform
 *     normal(mean,sd)      mean > 0, sd > 0; truncated to factors > 0 (exactly, through the CDF)
 *     lognormal(mu,sigma)  sigma > 0; the factor's log is normal(mu, sigma): median exp(mu)
 * A design is a table of cells (rows) by parameters (columns) of factors, sampled from the unit
 * hypercube (grid, lhs, sobol, random) through each distribution's inverse CDF, or read from a CSV
 * file. Sampling is reproducible: the same method, size and seed give the same bits on every
 * machine (its own generator, xoshiro256** seeded by splitmix64; never rand()).
 *
 * A zeroed DsgDesign (DsgDesign d = {0}) is empty; dsg_free releases what it holds. No global
 * state: the functions may run in several threads on different designs. */
#ifndef SC_DESIGN_H
#define SC_DESIGN_H

#include <stddef.h>
#include <stdio.h>

enum {
    DSG_MAXP = 64, /* parameters in one design (the Sobol table has as many dimensions) */
    DSG_NAMELEN = 64, /* a name's bytes, its NUL included */
    DSG_MAXCELLS = 16777216 /* cells in one design (2^24) */
};

/* A parameter's distribution. DSG_GIVEN: none, the values were read from a file (dsg_read_csv). */
typedef enum DsgDist { DSG_GIVEN, DSG_UNIFORM, DSG_LOGUNIFORM, DSG_NORMAL, DSG_LOGNORMAL } DsgDist;

/* One varied parameter: a, b are lo, hi (uniform, loguniform), mean, sd (normal) or mu, sigma
 * (lognormal); unused for DSG_GIVEN. */
typedef struct DsgParam {
    char name[DSG_NAMELEN];
    DsgDist dist;
    double a, b;
} DsgParam;

/* A design: nparams parameters, ncells cells; values[c * nparams + k] is parameter k's scale
 * factor in cell c (malloc'd; NULL while ncells is 0). */
typedef struct DsgDesign {
    int nparams;
    DsgParam params[DSG_MAXP];
    long ncells;
    double *values;
} DsgDesign;

/* Parse one parameter spec, NAME=DIST(A,B) (blanks allowed around each part; DIST in any case;
 * NAME: letters, digits, _ and ., starting with a letter or _, at most DSG_NAMELEN - 1 bytes; A and B
 * finite numbers as strtod reads them) into *out. Returns 0, or -1 with *out unspecified and err
 * set to a message that quotes the spec, gives the 1-based column of the problem and lists the
 * accepted distributions: "bad spec 'GKr=unifrm(0.5,2)' at column 5: unknown distribution
 * 'unifrm'; expected NAME=DIST(A,B), DIST one of uniform(lo,hi), loguniform(lo,hi),
 * normal(mean,sd), lognormal(mu,sigma)". err may be NULL. */
int dsg_parse_param(const char *spec, DsgParam *out, char *err, size_t errlen);

/* Parse spec (dsg_parse_param) and append it to d's parameters. Refused (-1, err set, d unchanged):
 * a bad spec, a name d already has, a design that holds DSG_MAXP parameters or already has cells. */
int dsg_add_param(DsgDesign *d, const char *spec, char *err, size_t errlen);

/* The scale factor of p at the unit-interval point u, 0 < u < 1: p's inverse CDF (monotone in u).
 * uniform: lo + u (hi - lo); loguniform: exp(log lo + u (log hi - log lo)), kept in [lo, hi];
 * normal: mean + sd * z with z = dsg_norm_quantile(P0 + u (1 - P0)), P0 the normal's mass at or
 * below 0, always > 0; lognormal: exp(mu + sigma * dsg_norm_quantile(u)). NaN for DSG_GIVEN or u
 * outside (0, 1). */
double dsg_quantile(const DsgParam *p, double u);

/* The standard normal quantile at p, 0 < p < 1 (Wichura's AS241, PPND16: relative error about
 * 1e-16); -inf at 0, +inf at 1, NaN outside [0, 1]. */
double dsg_norm_quantile(double p);

/* Fill d's cells by sampling its parameters (every one with a distribution): method is "grid"
 * (n levels per parameter, cell centers, n^nparams cells, the last parameter varying fastest),
 * "lhs" (Latin hypercube of n cells), "sobol" (n cells of a scrambled Sobol sequence; n a power of
 * 2 keeps its net property) or "random" (n cells, iid). The seed drives lhs, sobol and random (grid
 * ignores it). The previous cells are released. Returns 0, or -1 with err set and d unchanged: an
 * unknown method (the message lists the four), n < 1, no parameter, a parameter without a
 * distribution, more than DSG_MAXCELLS cells, or no memory. */
int dsg_sample(DsgDesign *d, const char *method, long n, unsigned long long seed, char *err, size_t errlen);

/* The first n points (point 0 first) of the dims-dimensional Sobol sequence, Joe and Kuo's
 * new-joe-kuo-6.21201 direction numbers, into u[i * dims + j] (0 <= u < 1). scramble 0: the plain
 * sequence (point 0 is the origin; values are multiples of 2^-32); 1: Matousek's linear matrix
 * scrambling and a random digital shift drawn from seed, each value moved to the center of its
 * 2^-32-wide cell (0 < u < 1). dsg_sample's "sobol" is this, scrambled. Returns 0, or -1 when dims
 * is not in 1..DSG_MAXP or n not in 0..DSG_MAXCELLS. */
int dsg_sobol_unit(double *u, long n, int dims, int scramble, unsigned long long seed);

/* Read a design from the CSV file path into *d, which is emptied first (and stays empty on error):
 * a header line of parameter names (the NAME rule of dsg_parse_param; each once), then one line per
 * cell of as many scale factors (finite numbers >= 0, as strtod reads them), comma-separated, blanks
 * around fields and blank lines ignored, \r\n accepted, no quoting. The parameters get DSG_GIVEN.
 * Returns 0, or -1 with err set to "FILE:LINE:COL: what is wrong; expected what" (1-based line and
 * byte column): empty file, bad or duplicate column name, wrong number of values, a value that is
 * not a number or not a scale factor, no cell, too many cells or columns; or "FILE: cannot
 * read: ..." */
int dsg_read_csv(DsgDesign *d, const char *path, char *err, size_t errlen);

/* Write d as CSV to f: the header of parameter names, then one line per cell of its factors
 * printed with %.17g (read back by dsg_read_csv bit for bit). Returns 0, or -1 when f has an error
 * afterwards. */
int dsg_write_csv(const DsgDesign *d, FILE *f);

/* Release d's cells and empty it (no parameter, no cell). d may be NULL. */
void dsg_free(DsgDesign *d);

#endif

/* design.c: the designs of `starcarp study` (see design.h; docs/study.md, section Designs).
 *
 * Sections: messages; the seeded generator (splitmix64, xoshiro256**); the normal quantile (AS241)
 * and the distributions' inverse CDFs; the parameter specs; the samplers over the unit hypercube
 * (grid, Latin hypercube, Sobol with Joe and Kuo's direction numbers and Matousek's scrambling,
 * iid random) and dsg_sample, which maps their points through the inverse CDFs; the CSV reader and
 * writer. */
#include <errno.h>
#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "design.h"

/* The accepted distributions, as every spec error lists them. */
#define DSG_DISTS "uniform(lo,hi), loguniform(lo,hi), normal(mean,sd), lognormal(mu,sigma)"

#if defined(__GNUC__)
#define DSG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define DSG_PRINTF(f, a)
#endif

/* ---- messages ---- */

/* printf-style text into err (truncated to errlen); nothing when err is NULL. */
DSG_PRINTF(3, 4) static void set_err(char *err, size_t errlen, const char *fmt, ...) {
    if (!err || !errlen)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
}

/* ---- the seeded generator ---- */

/* splitmix64 (Steele, Lea and Flood 2014, as in Vigna's reference code): the seed's expansion into
 * xoshiro's state, so that any 64-bit seed (0 included) gives a good state. */
static uint64_t splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* xoshiro256** 1.0 (Blackman and Vigna 2018): 64-bit integer arithmetic only, so the same seed
 * gives the same stream on every machine. */
typedef struct Rng {
    uint64_t s[4];
} Rng;

static Rng rng_seed(unsigned long long seed) {
    uint64_t x = seed;
    Rng r;
    for (int k = 0; k < 4; k++)
        r.s[k] = splitmix64(&x);
    return r;
}

static uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

static uint64_t rng_next(Rng *r) {
    uint64_t *s = r->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

/* A uniform double in (0, 1): the top 52 bits and half a unit, (k + 1/2) 2^-52, never 0 nor 1. */
static double rng_open01(Rng *r) { return ((double)(rng_next(r) >> 12) + 0.5) * 0x1p-52; }

/* A uniform integer in [0, m), m >= 1, without bias: draws below 2^64 mod m are rejected. */
static uint64_t rng_below(Rng *r, uint64_t m) {
    uint64_t min = (0 - m) % m, x;
    do
        x = rng_next(r);
    while (x < min);
    return x % m;
}

/* ---- the normal quantile and the inverse CDFs ---- */

/* Wichura, Algorithm AS 241 (PPND16), Applied Statistics 37 (1988) 477-484: rational
 * approximations of the standard normal quantile, relative error about 1e-16. Coefficients from
 * the paper, lowest degree first. */
static const double AS_A[8] = {3.3871328727963666080e0,  1.3314166789178437745e+2, 1.9715909503065514427e+3,
                               1.3731693765509461125e+4, 4.5921953931549871457e+4, 6.7265770927008700853e+4,
                               3.3430575583588128105e+4, 2.5090809287301226727e+3};
static const double AS_B[8] = {1.00000000000000000000e0, 4.2313330701600911252e+1, 6.8718700749205790830e+2,
                               5.3941960214247511077e+3, 2.1213794301586595867e+4, 3.9307895800092710610e+4,
                               2.8729085735721942674e+4, 5.2264952788528545610e+3};
static const double AS_C[8] = {1.42343711074968357734e0,  4.63033784615654529590e0, 5.76949722146069140550e0,
                               3.64784832476320460504e0,  1.27045825245236838258e0, 2.41780725177450611770e-1,
                               2.27238449892691845833e-2, 7.74545014278341407640e-4};
static const double AS_D[8] = {1.00000000000000000000e0,  2.05319162663775882187e0,
                               1.67638483018380384940e0,  6.89767334985100004550e-1,
                               1.48103976427480074590e-1, 1.51986665636164571966e-2,
                               5.47593808499534494600e-4, 1.05075007164441684324e-9};
static const double AS_E[8] = {6.65790464350110377720e0,  5.46378491116411436990e0,
                               1.78482653991729133580e0,  2.96560571828504891230e-1,
                               2.65321895265761230930e-2, 1.24266094738807843860e-3,
                               2.71155556874348757815e-5, 2.01033439929228813265e-7};
static const double AS_F[8] = {1.00000000000000000000e0,  5.99832206555887937690e-1,
                               1.36929880922735805310e-1, 1.48753612908506148525e-2,
                               7.86869131145613259100e-4, 1.84631831751005468180e-5,
                               1.42151175831644588870e-7, 2.04426310338993978564e-15};

/* c[0] + c[1] x + ... + c[7] x^7 (Horner). */
static double poly7(const double c[8], double x) {
    double v = c[7];
    for (int i = 6; i >= 0; i--)
        v = v * x + c[i];
    return v;
}

double dsg_norm_quantile(double p) {
    if (!(p >= 0 && p <= 1))
        return NAN;
    if (p == 0)
        return -INFINITY;
    if (p == 1)
        return INFINITY;
    double q = p - 0.5;
    if (fabs(q) <= 0.425) {
        double r = 0.180625 - q * q;
        return q * poly7(AS_A, r) / poly7(AS_B, r);
    }
    double r = sqrt(-log(q < 0 ? p : 1 - p));
    double z = r <= 5 ? poly7(AS_C, r - 1.6) / poly7(AS_D, r - 1.6) : poly7(AS_E, r - 5) / poly7(AS_F, r - 5);
    return q < 0 ? -z : z;
}

double dsg_quantile(const DsgParam *p, double u) {
    if (!(u > 0 && u < 1))
        return NAN;
    double a = p->a, b = p->b, x;
    switch (p->dist) {
        case DSG_UNIFORM:
            return fmin(a + u * (b - a), b);
        case DSG_LOGUNIFORM:
            x = exp(log(a) + u * (log(b) - log(a)));
            return fmin(fmax(x, a), b);
        case DSG_NORMAL: {
            /* truncated to (0, inf): u is mapped onto (P0, 1), P0 = Phi(-mean/sd) the mass cut off */
            double p0 = 0.5 * erfc(a / (b * 1.41421356237309504880));
            x = a + b * dsg_norm_quantile(p0 + u * (1 - p0));
            /* rounding guard: only for u within ~1e-16 of 0, where the exact factor is itself of the
             * order of mean * 1e-16 */
            return x > 0 ? x : a * DBL_EPSILON;
        }
        case DSG_LOGNORMAL:
            return exp(a + b * dsg_norm_quantile(u));
        default:
            return NAN;
    }
}

/* ---- the parameter specs ---- */

static const struct {
    const char *name;
    DsgDist dist;
    const char *arg[2];
} DISTS[] = {{"uniform", DSG_UNIFORM, {"lo", "hi"}},
             {"loguniform", DSG_LOGUNIFORM, {"lo", "hi"}},
             {"normal", DSG_NORMAL, {"mean", "sd"}},
             {"lognormal", DSG_LOGNORMAL, {"mu", "sigma"}}};
enum { NDISTS = sizeof DISTS / sizeof DISTS[0] };

static int is_alpha(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
static int is_digit(int c) { return c >= '0' && c <= '9'; }
static int is_blank(int c) { return c == ' ' || c == '\t'; }
static const char *skip_blanks(const char *p) {
    while (is_blank(*p))
        p++;
    return p;
}

/* The length of the name that starts at s (letters, digits, _ and ., the first a letter or _),
 * 0 when s does not start one. */
static size_t name_len(const char *s) {
    if (!is_alpha(*s) && *s != '_')
        return 0;
    size_t n = 1;
    while (is_alpha(s[n]) || is_digit(s[n]) || s[n] == '_' || s[n] == '.')
        n++;
    return n;
}

/* The distribution called s[0..n) in any case, or -1. */
static int find_dist(const char *s, size_t n) {
    for (int k = 0; k < NDISTS; k++) {
        const char *d = DISTS[k].name;
        size_t i = 0;
        while (i < n && d[i] && (s[i] | 0x20) == d[i])
            i++;
        if (i == n && !d[i])
            return k;
    }
    return -1;
}

/* A spec's error at the byte `at` of spec: -1. */
static int spec_err(const char *spec, const char *at, const char *why, char *err, size_t errlen) {
    set_err(err, errlen, "bad spec '%s' at column %d: %s; expected NAME=DIST(A,B), DIST one of %s", spec,
            (int)(at - spec) + 1, why, DSG_DISTS);
    return -1;
}

/* Why distribution k refuses the arguments v, or NULL; *which: the argument at fault. */
static const char *bad_args(DsgDist dist, const double v[2], int *which) {
    *which = 0;
    switch (dist) {
        case DSG_UNIFORM:
            if (v[0] < 0)
                return "lo must be >= 0 (a scale factor)";
            break;
        case DSG_LOGUNIFORM:
            if (v[0] <= 0)
                return "lo must be > 0 (its log is taken)";
            break;
        case DSG_NORMAL:
            if (v[0] <= 0)
                return "mean must be > 0 (a scale factor; lognormal keeps every factor > 0 too)";
            *which = 1;
            return v[1] > 0 ? NULL : "sd must be > 0";
        case DSG_LOGNORMAL:
            *which = 1;
            return v[1] > 0 ? NULL : "sigma must be > 0";
        default:
            return "no distribution";
    }
    *which = 1;
    return v[1] > v[0] ? NULL : "hi must be greater than lo";
}

/* The number at p (strtod's syntax) into *v and the byte after it into *end: 0, or -1 when there is
 * none or it is not finite. */
static int read_number(const char *p, double *v, const char **end) {
    char *e;
    *v = strtod(p, &e);
    *end = e;
    return e != p && isfinite(*v) ? 0 : -1;
}

int dsg_parse_param(const char *spec, DsgParam *out, char *err, size_t errlen) {
    char why[160];
    const char *p = skip_blanks(spec);
    size_t n = name_len(p);
    if (!*p)
        return spec_err(spec, p, "no parameter name", err, errlen);
    if (n == 0)
        return spec_err(spec, p, "a parameter name starts with a letter or _", err, errlen);
    if (n >= DSG_NAMELEN) {
        snprintf(why, sizeof why, "parameter name longer than %d bytes", DSG_NAMELEN - 1);
        return spec_err(spec, p, why, err, errlen);
    }
    memset(out, 0, sizeof *out);
    memcpy(out->name, p, n);
    p = skip_blanks(p + n);
    if (*p != '=')
        return spec_err(spec, p, "expected '=' after the parameter name", err, errlen);
    p = skip_blanks(p + 1);
    const char *dname = p;
    while (is_alpha(*p))
        p++;
    if (p == dname)
        return spec_err(spec, p, "expected a distribution name", err, errlen);
    int k = find_dist(dname, (size_t)(p - dname));
    if (k < 0) {
        snprintf(why, sizeof why, "unknown distribution '%.*s'", (int)(p - dname), dname);
        return spec_err(spec, dname, why, err, errlen);
    }
    p = skip_blanks(p);
    if (*p != '(') {
        snprintf(why, sizeof why, "expected '(' after %s", DISTS[k].name);
        return spec_err(spec, p, why, err, errlen);
    }
    double v[2];
    const char *at[2];
    for (int i = 0; i < 2; i++) {
        at[i] = p = skip_blanks(p + 1);
        if (read_number(p, &v[i], &p) != 0) {
            snprintf(why, sizeof why, "%s must be a finite number", DISTS[k].arg[i]);
            return spec_err(spec, at[i], why, err, errlen);
        }
        p = skip_blanks(p);
        if (*p != ",)"[i]) {
            snprintf(why, sizeof why, "expected '%c' after %s", ",)"[i], DISTS[k].arg[i]);
            return spec_err(spec, p, why, err, errlen);
        }
    }
    p = skip_blanks(p + 1);
    if (*p)
        return spec_err(spec, p, "unexpected text after ')'", err, errlen);
    int which;
    const char *bad = bad_args(DISTS[k].dist, v, &which);
    if (bad)
        return spec_err(spec, at[which], bad, err, errlen);
    out->dist = DISTS[k].dist;
    out->a = v[0];
    out->b = v[1];
    return 0;
}

int dsg_add_param(DsgDesign *d, const char *spec, char *err, size_t errlen) {
    DsgParam p;
    if (dsg_parse_param(spec, &p, err, errlen) != 0)
        return -1;
    int col = (int)(skip_blanks(spec) - spec) + 1;
    if (d->ncells > 0) {
        set_err(err, errlen, "bad spec '%s': the design already has its cells", spec);
        return -1;
    }
    if (d->nparams >= DSG_MAXP) {
        set_err(err, errlen, "bad spec '%s': more than %d parameters varied", spec, DSG_MAXP);
        return -1;
    }
    for (int k = 0; k < d->nparams; k++)
        if (strcmp(d->params[k].name, p.name) == 0) {
            set_err(err, errlen, "bad spec '%s' at column %d: parameter '%s' is varied twice", spec, col,
                    p.name);
            return -1;
        }
    d->params[d->nparams++] = p;
    return 0;
}

/* ---- the samplers over the unit hypercube ---- */

/* Sobol's direction numbers, from S. Joe and F. Y. Kuo, "Constructing Sobol sequences with better
 * two-dimensional projections", SIAM J. Sci. Comput. 30 (2008) 2635-2654: their file
 * new-joe-kuo-6.21201 (https://web.maths.unsw.edu.au/~fkuo/sobol/), rows d = 2 .. 64 as published:
 * s the degree of the primitive polynomial, a its inner coefficients (bit s-2 first), m_1 .. m_s
 * the initial direction numbers. Dimension 1 (m_k = 1 for every k) is van der Corput's. */
typedef struct JkRow {
    unsigned char s, a;
    unsigned short m[9];
} JkRow;
// clang-format off
static const JkRow JK[DSG_MAXP - 1] = {
    {1, 0, {1}}, {2, 1, {1, 3}}, /* d = 2, 3 */
    {3, 1, {1, 3, 1}}, {3, 2, {1, 1, 1}}, /* d = 4, 5 */
    {4, 1, {1, 1, 3, 3}}, {4, 4, {1, 3, 5, 13}}, /* d = 6, 7 */
    {5, 2, {1, 1, 5, 5, 17}}, {5, 4, {1, 1, 5, 5, 5}}, /* d = 8, 9 */
    {5, 7, {1, 1, 7, 11, 19}}, {5, 11, {1, 1, 5, 1, 1}}, /* d = 10, 11 */
    {5, 13, {1, 1, 1, 3, 11}}, {5, 14, {1, 3, 5, 5, 31}}, /* d = 12, 13 */
    {6, 1, {1, 3, 3, 9, 7, 49}}, {6, 13, {1, 1, 1, 15, 21, 21}}, /* d = 14, 15 */
    {6, 16, {1, 3, 1, 13, 27, 49}}, {6, 19, {1, 1, 1, 15, 7, 5}}, /* d = 16, 17 */
    {6, 22, {1, 3, 1, 15, 13, 25}}, {6, 25, {1, 1, 5, 5, 19, 61}}, /* d = 18, 19 */
    {7, 1, {1, 3, 7, 11, 23, 15, 103}}, {7, 4, {1, 3, 7, 13, 13, 15, 69}}, /* d = 20, 21 */
    {7, 7, {1, 1, 3, 13, 7, 35, 63}}, {7, 8, {1, 3, 5, 9, 1, 25, 53}}, /* d = 22, 23 */
    {7, 14, {1, 3, 1, 13, 9, 35, 107}}, {7, 19, {1, 3, 1, 5, 27, 61, 31}}, /* d = 24, 25 */
    {7, 21, {1, 1, 5, 11, 19, 41, 61}}, {7, 28, {1, 3, 5, 3, 3, 13, 69}}, /* d = 26, 27 */
    {7, 31, {1, 1, 7, 13, 1, 19, 1}}, {7, 32, {1, 3, 7, 5, 13, 19, 59}}, /* d = 28, 29 */
    {7, 37, {1, 1, 3, 9, 25, 29, 41}}, {7, 41, {1, 3, 5, 13, 23, 1, 55}}, /* d = 30, 31 */
    {7, 42, {1, 3, 7, 3, 13, 59, 17}}, {7, 50, {1, 3, 1, 3, 5, 53, 69}}, /* d = 32, 33 */
    {7, 55, {1, 1, 5, 5, 23, 33, 13}}, {7, 56, {1, 1, 7, 7, 1, 61, 123}}, /* d = 34, 35 */
    {7, 59, {1, 1, 7, 9, 13, 61, 49}}, {7, 62, {1, 3, 3, 5, 3, 55, 33}}, /* d = 36, 37 */
    {8, 14, {1, 3, 1, 15, 31, 13, 49, 245}}, {8, 21, {1, 3, 5, 15, 31, 59, 63, 97}}, /* d = 38, 39 */
    {8, 22, {1, 3, 1, 11, 11, 11, 77, 249}}, {8, 38, {1, 3, 1, 11, 27, 43, 71, 9}}, /* d = 40, 41 */
    {8, 47, {1, 1, 7, 15, 21, 11, 81, 45}}, {8, 49, {1, 3, 7, 3, 25, 31, 65, 79}}, /* d = 42, 43 */
    {8, 50, {1, 3, 1, 1, 19, 11, 3, 205}}, {8, 52, {1, 1, 5, 9, 19, 21, 29, 157}}, /* d = 44, 45 */
    {8, 56, {1, 3, 7, 11, 1, 33, 89, 185}}, {8, 67, {1, 3, 3, 3, 15, 9, 79, 71}}, /* d = 46, 47 */
    {8, 70, {1, 3, 7, 11, 15, 39, 119, 27}}, {8, 84, {1, 1, 3, 1, 11, 31, 97, 225}}, /* d = 48, 49 */
    {8, 97, {1, 1, 1, 3, 23, 43, 57, 177}}, {8, 103, {1, 3, 7, 7, 17, 17, 37, 71}}, /* d = 50, 51 */
    {8, 115, {1, 3, 1, 5, 27, 63, 123, 213}}, {8, 122, {1, 1, 3, 5, 11, 43, 53, 133}}, /* d = 52, 53 */
    {9, 8, {1, 3, 5, 5, 29, 17, 47, 173, 479}}, {9, 13, {1, 3, 3, 11, 3, 1, 109, 9, 69}}, /* d = 54, 55 */
    {9, 16, {1, 1, 1, 5, 17, 39, 23, 5, 343}}, {9, 22, {1, 3, 1, 5, 25, 15, 31, 103, 499}}, /* d = 56, 57 */
    {9, 25, {1, 1, 1, 11, 11, 17, 63, 105, 183}}, /* d = 58 */
    {9, 44, {1, 1, 5, 11, 9, 29, 97, 231, 363}}, /* d = 59 */
    {9, 47, {1, 1, 5, 15, 19, 45, 41, 7, 383}}, {9, 52, {1, 3, 7, 7, 31, 19, 83, 137, 221}}, /* d = 60, 61 */
    {9, 55, {1, 1, 1, 3, 23, 15, 111, 223, 83}}, {9, 59, {1, 1, 5, 13, 31, 15, 55, 25, 161}}, /* d = 62, 63 */
    {9, 62, {1, 1, 3, 13, 25, 47, 39, 87, 257}}, /* d = 64 */
};
// clang-format on

/* The 32 direction numbers v[0..31] (v[k] = V_{k+1} = m_{k+1} 2^(31-k) and Bratley and Fox's
 * recurrence past s) of Sobol dimension j (0-based). */
static void sobol_dirs(int j, uint32_t v[32]) {
    for (int k = 0; k < 32; k++) {
        if (j == 0) {
            v[k] = 1u << (31 - k);
            continue;
        }
        const JkRow *r = &JK[j - 1];
        int s = r->s;
        if (k < s) {
            v[k] = (uint32_t)r->m[k] << (31 - k);
            continue;
        }
        uint32_t x = v[k - s] ^ (v[k - s] >> s);
        for (int l = 1; l < s; l++)
            if ((r->a >> (s - 1 - l)) & 1)
                x ^= v[k - l];
        v[k] = x;
    }
}

static unsigned parity32(uint32_t x) {
    x ^= x >> 16;
    x ^= x >> 8;
    x ^= x >> 4;
    x ^= x >> 2;
    x ^= x >> 1;
    return x & 1u;
}

/* Matousek's linear matrix scrambling (1998) of one dimension's direction numbers: a random lower
 * triangular binary matrix L with a unit diagonal (row i, digit i the most significant first: one
 * draw each, its top i bits below the diagonal) multiplies the digits of each v[k]. L is
 * invertible and lower triangular, so every elementary interval keeps its count of points. */
static void sobol_scramble(uint32_t v[32], Rng *rng) {
    uint32_t row[32];
    for (int i = 0; i < 32; i++) {
        uint32_t below = i ? (uint32_t)(rng_next(rng) >> 32) & (~0u << (32 - i)) : 0;
        row[i] = below | (1u << (31 - i));
    }
    for (int k = 0; k < 32; k++) {
        uint32_t x = 0;
        for (int i = 0; i < 32; i++)
            x |= (uint32_t)parity32(row[i] & v[k]) << (31 - i);
        v[k] = x;
    }
}

int dsg_sobol_unit(double *u, long n, int dims, int scramble, unsigned long long seed) {
    if (dims < 1 || dims > DSG_MAXP || n < 0 || n > DSG_MAXCELLS)
        return -1;
    Rng rng = rng_seed(seed);
    for (int j = 0; j < dims; j++) {
        uint32_t v[32], x = 0;
        sobol_dirs(j, v);
        if (scramble) {
            sobol_scramble(v, &rng);
            x = (uint32_t)(rng_next(&rng) >> 32); /* the digital shift: point 0 */
        }
        for (long i = 0; i < n; i++) {
            if (i > 0) { /* Gray code order (Antonov and Saleev): flip the lowest set bit of i */
                int c = 0;
                while (!((i >> c) & 1))
                    c++;
                x ^= v[c];
            }
            u[i * dims + j] = scramble ? ((double)x + 0.5) * 0x1p-32 : (double)x * 0x1p-32;
        }
    }
    return 0;
}

/* Grid: L levels per dimension at the cell centers (k + 1/2) / L, cell c the number whose base-L
 * digits are the levels, the last dimension the least significant. */
static void grid_unit(double *u, long ncells, int dims, long levels) {
    for (long c = 0; c < ncells; c++) {
        long rest = c;
        for (int k = dims - 1; k >= 0; k--) {
            u[c * dims + k] = ((double)(rest % levels) + 0.5) / (double)levels;
            rest /= levels;
        }
    }
}

/* Latin hypercube (McKay, Beckman and Conover 1979): per dimension, a random permutation of the n
 * strata (Fisher-Yates from the last) puts cell i in stratum perm[i], then one draw r per cell on
 * a 2^-26 grid of (0, 1) puts it at (perm[i] + r) / n, strictly inside its stratum (perm[i] + r
 * is exact below 2^24 strata). -1 without memory. */
static int lhs_unit(double *u, long n, int dims, Rng *rng) {
    long *perm = malloc((size_t)n * sizeof *perm);
    if (!perm)
        return -1;
    for (int k = 0; k < dims; k++) {
        for (long i = 0; i < n; i++)
            perm[i] = i;
        for (long i = n - 1; i > 0; i--) {
            long j = (long)rng_below(rng, (uint64_t)i + 1), t = perm[i];
            perm[i] = perm[j];
            perm[j] = t;
        }
        for (long i = 0; i < n; i++) {
            double r = ((double)(rng_next(rng) >> 38) + 0.5) * 0x1p-26;
            u[i * dims + k] = ((double)perm[i] + r) / (double)n;
        }
    }
    free(perm);
    return 0;
}

/* The number of cells of method with size n over dims dimensions, or -1 past DSG_MAXCELLS. */
static long cell_count(int grid, long n, int dims) {
    if (n > DSG_MAXCELLS)
        return -1;
    long cells = n;
    for (int k = 1; grid && k < dims; k++) {
        if (cells > DSG_MAXCELLS / n)
            return -1;
        cells *= n;
    }
    return cells;
}

int dsg_sample(DsgDesign *d, const char *method, long n, unsigned long long seed, char *err, size_t errlen) {
    static const char *const methods[] = {"grid", "lhs", "sobol", "random"};
    int m = 0, dims = d->nparams;
    while (m < 4 && strcmp(method ? method : "", methods[m]) != 0)
        m++;
    if (m == 4) {
        set_err(err, errlen, "unknown sampling method '%s'; expected one of grid, lhs, sobol, random",
                method ? method : "");
        return -1;
    }
    if (dims < 1) {
        set_err(err, errlen, "%s: no parameter to vary; expected at least one NAME=DIST(A,B)", method);
        return -1;
    }
    for (int k = 0; k < dims; k++)
        if (d->params[k].dist == DSG_GIVEN) {
            set_err(err, errlen, "%s: parameter '%s' has no distribution (its values were read from a file)",
                    method, d->params[k].name);
            return -1;
        }
    if (n < 1) {
        set_err(err, errlen, "%s: %ld %s; expected at least 1", method, n, m == 0 ? "levels" : "cells");
        return -1;
    }
    long cells = cell_count(m == 0, n, dims);
    if (cells < 0) {
        if (m == 0)
            set_err(err, errlen, "grid: %ld levels in %d dimensions make more than %d cells", n, dims,
                    DSG_MAXCELLS);
        else
            set_err(err, errlen, "%s: %ld cells, more than the %d allowed", method, n, DSG_MAXCELLS);
        return -1;
    }
    double *u = malloc((size_t)cells * (size_t)dims * sizeof *u);
    Rng rng = rng_seed(seed);
    int rc = u ? 0 : -1;
    if (u && m == 0)
        grid_unit(u, cells, dims, n);
    else if (u && m == 1)
        rc = lhs_unit(u, cells, dims, &rng);
    else if (u && m == 2)
        rc = dsg_sobol_unit(u, cells, dims, 1, seed);
    else if (u)
        for (long i = 0; i < cells * dims; i++)
            u[i] = rng_open01(&rng);
    if (rc != 0) {
        free(u);
        set_err(err, errlen, "%s: no memory for %ld cells of %d parameters", method, cells, dims);
        return -1;
    }
    for (long c = 0; c < cells; c++)
        for (int k = 0; k < dims; k++)
            u[c * dims + k] = dsg_quantile(&d->params[k], u[c * dims + k]);
    free(d->values);
    d->values = u;
    d->ncells = cells;
    return 0;
}

/* ---- CSV ---- */

/* Where the reader stands: the file's name, the line (1-based) and its first byte. */
typedef struct Csv {
    const char *path;
    int line;
    const char *bol;
    char *err;
    size_t errlen;
} Csv;

/* An error at the byte `at` of the current line: -1. */
DSG_PRINTF(3, 4) static int csv_err(const Csv *c, const char *at, const char *fmt, ...) {
    char why[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    set_err(c->err, c->errlen, "%s:%d:%d: %s", c->path, c->line, (int)(at - c->bol) + 1, why);
    return -1;
}

/* The field that starts at s on a line that ends at e: its text without the blanks around it in
 * [*ts, *te); returns the byte after the field (its comma, or e). */
static const char *csv_field(const char *s, const char *e, const char **ts, const char **te) {
    const char *f = s;
    while (f < e && *f != ',')
        f++;
    *ts = s;
    while (*ts < f && is_blank(**ts))
        (*ts)++;
    *te = f;
    while (*te > *ts && is_blank((*te)[-1]))
        (*te)--;
    return f;
}

/* The header line [s, e) into d's parameters (DSG_GIVEN). */
static int csv_header(Csv *c, DsgDesign *d, const char *s, const char *e) {
    for (const char *f = s;; f++) {
        const char *ts, *te;
        f = csv_field(f, e, &ts, &te);
        size_t n = (size_t)(te - ts);
        if (n == 0)
            return csv_err(c, ts, "empty column name; expected a parameter name");
        if (name_len(ts) != n)
            return csv_err(c, ts,
                           "bad column name '%.*s'; expected a parameter name (letters, digits, _ and ., "
                           "starting with a letter or _)",
                           (int)n, ts);
        if (n >= DSG_NAMELEN)
            return csv_err(c, ts, "column name longer than %d bytes", DSG_NAMELEN - 1);
        if (d->nparams == DSG_MAXP)
            return csv_err(c, ts, "more than %d columns; expected at most one per varied parameter",
                           DSG_MAXP);
        for (int k = 0; k < d->nparams; k++)
            if (strlen(d->params[k].name) == n && memcmp(d->params[k].name, ts, n) == 0)
                return csv_err(c, ts,
                               "duplicate column '%.*s' (column %d has it too); expected each parameter once",
                               (int)n, ts, k + 1);
        DsgParam *p = &d->params[d->nparams++];
        memcpy(p->name, ts, n);
        p->dist = DSG_GIVEN;
        if (f == e)
            return 0;
    }
}

/* One cell's line [s, e) of as many values as d has columns into row. */
static int csv_row(Csv *c, const DsgDesign *d, const char *s, const char *e, double *row) {
    int nf = 1;
    const char *extra = NULL; /* the first field past the header's count */
    for (const char *q = s; q < e; q++)
        if (*q == ',' && ++nf == d->nparams + 1)
            extra = q + 1;
    if (nf != d->nparams)
        return csv_err(c, extra ? skip_blanks(extra) : e,
                       "%d value%s, expected %d (one per column of the header)", nf, nf == 1 ? "" : "s",
                       d->nparams);
    const char *f = s;
    for (int k = 0; k < d->nparams; k++, f++) {
        const char *ts, *te;
        char num[128], *end;
        f = csv_field(f, e, &ts, &te);
        int n = (int)(te - ts);
        if (n == 0)
            return csv_err(c, ts, "empty value; expected a scale factor (a finite number >= 0)");
        if (n >= (int)sizeof num)
            return csv_err(c, ts, "a value of %d bytes; expected a scale factor (a finite number >= 0)", n);
        memcpy(num, ts, (size_t)n);
        num[n] = '\0';
        row[k] = strtod(num, &end);
        if (end != num + n)
            return csv_err(c, ts, "'%s' is not a number; expected a scale factor (a finite number >= 0)",
                           num);
        if (!isfinite(row[k]) || row[k] < 0)
            return csv_err(c, ts, "'%s' is not a scale factor; expected a finite number >= 0", num);
    }
    return 0;
}

/* The whole file as a NUL-terminated malloc'd string, or NULL (errno set). */
static char *read_all(const char *path) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t len = 0, cap = 4096;
    char *buf = malloc(cap);
    while (buf) {
        len += fread(buf + len, 1, cap - len - 1, f);
        if (len < cap - 1)
            break;
        char *nb = realloc(buf, cap *= 2);
        if (!nb)
            free(buf);
        buf = nb;
    }
    int bad = ferror(f);
    fclose(f);
    if (buf && bad) {
        free(buf);
        buf = NULL;
        errno = EIO;
    }
    if (buf)
        buf[len] = '\0';
    return buf;
}

/* The line that starts at p: its end, before "\n" or "\r\n" or the text's end, into *e; returns
 * where the next line starts. */
static const char *csv_line(const char *p, const char **e) {
    const char *nl = strchr(p, '\n'), *next = nl ? nl + 1 : p + strlen(p);
    *e = nl ? nl : next;
    if (*e > p && (*e)[-1] == '\r')
        (*e)--;
    return next;
}

/* The lines of text after the header into d's cells. */
static int csv_cells(Csv *c, DsgDesign *d, const char *p) {
    long cap = 0;
    for (; *p; c->line++) {
        const char *e, *next = csv_line(p, &e);
        c->bol = p;
        if (skip_blanks(p) == e) {
            p = next;
            continue;
        }
        if (d->ncells == DSG_MAXCELLS)
            return csv_err(c, p, "more than %d cells", DSG_MAXCELLS);
        if (d->ncells == cap) {
            cap = cap ? 2 * cap : 64;
            double *nv = realloc(d->values, (size_t)cap * (size_t)d->nparams * sizeof *nv);
            if (!nv)
                return csv_err(c, p, "no memory for %ld cells", cap);
            d->values = nv;
        }
        if (csv_row(c, d, p, e, d->values + d->ncells * d->nparams) != 0)
            return -1;
        d->ncells++;
        p = next;
    }
    c->bol = p;
    if (d->ncells == 0)
        return csv_err(c, p, "no cell after the header; expected one line of scale factors per cell");
    return 0;
}

int dsg_read_csv(DsgDesign *d, const char *path, char *err, size_t errlen) {
    dsg_free(d);
    char *text = read_all(path);
    if (!text) {
        set_err(err, errlen, "%s: cannot read: %s", path, strerror(errno));
        return -1;
    }
    Csv c = {path, 1, text, err, errlen};
    const char *p = text;
    int rc = -1;
    for (;; c.line++) { /* the header: the first line that is not blank */
        const char *e, *next = csv_line(p, &e);
        c.bol = p;
        if (!*p) {
            csv_err(&c, p, "empty file; expected a header line of parameter names");
            break;
        }
        if (skip_blanks(p) != e) {
            if (csv_header(&c, d, p, e) == 0) {
                c.line++;
                rc = csv_cells(&c, d, next);
            }
            break;
        }
        p = next;
    }
    free(text);
    if (rc != 0)
        dsg_free(d);
    return rc;
}

int dsg_write_csv(const DsgDesign *d, FILE *f) {
    for (int k = 0; k < d->nparams; k++)
        fprintf(f, "%s%s", k ? "," : "", d->params[k].name);
    fputc('\n', f);
    for (long c = 0; c < d->ncells; c++) {
        for (int k = 0; k < d->nparams; k++)
            fprintf(f, "%s%.17g", k ? "," : "", d->values[c * d->nparams + k]);
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}

void dsg_free(DsgDesign *d) {
    if (!d)
        return;
    free(d->values);
    memset(d, 0, sizeof *d);
}

/* test_params.c: parameters always take effect (docs/parameters.md).
 *
 *   test_params derive    ten Tusscher 2006: g_Kr (and openCARP's GKr) scaled moves g_Kr_total,
 *                         which the current reads; setting both is refused, naming g_Kr_total;
 *                         openCARP's model names and flags= variants resolve; unknown names get a
 *                         hint; a varied g_Kr makes g_Kr_total vary per cell (the cell array)
 *   test_params effect[K/N]  every library model (or every N-th from the K-th): each conductance (a parameter named g_X, gX, GX or
 *                         with an openCARP alias G...) scaled by 0.5 changes Vm somewhere in a
 *                         paced beat (the reference case's stimulus, 500 ms), unless
 *                         tests/numerics/params_no_effect.tsv lists it with the reason; a listed one
 *                         must indeed leave Vm unchanged (so the list cannot go stale).
 * The beats run the library's portable C kernel (the library's methods) one cell at a time; no
 * model's default beat may fail, the physiology watch (docs/verification.md) included. */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "starcarp.h"
#include "test.h"

/* ---------------------------------------------------------------- derive */

static const ScModelEntry *entry(const char *name) {
    char err[512];
    const ScModelEntry *m = sc_model_lookup(name, NULL, err, sizeof err);
    if (!m)
        fprintf(stderr, "%s: %s\n", name, err);
    return m;
}

static void test_derive(void) {
    const ScModelEntry *m = entry("ten_tusscher_model_2006_epi");
    ASSERT(m != NULL);
    if (!m)
        return;
    const ScModelDesc *d = m->desc;
    int kr = sc_model_param_index(m, "g_Kr"), tot = sc_model_param_index(m, "g_Kr_total");
    ASSERT(kr >= 0 && tot >= 0);
    ASSERT_EQ_INT(kr, sc_model_param_index(m, "GKr")); /* openCARP's name */
    ASSERT_EQ_INT(-1, sc_model_param_index(m, "GKr_nope"));
    char buf[64];
    ASSERT_EQ_STR("GKr", sc_model_param_alias(m, kr, buf, sizeof buf));
    ASSERT(d->param_read[tot] && !d->param_read[kr]); /* the current reads g_Kr_total only */
    double v[SC_MAX_PARAMS];
    unsigned char given[SC_MAX_PARAMS] = {0};
    memcpy(v, d->param_defaults, sizeof(double) * (size_t)d->nparams);
    v[kr] *= 0.5, given[kr] = 1;
    char err[512];
    ASSERT_EQ_INT(0, sc_model_params_finish(m, v, given, NULL, err, sizeof err));
    ASSERT_NEAR(0.5 * d->param_defaults[tot], v[tot], 1e-15);
    /* both set: g_Kr reaches nothing; the message names what reads it */
    given[tot] = 1, v[tot] = 0.1;
    ASSERT_EQ_INT(-1, sc_model_params_finish(m, v, given, NULL, err, sizeof err));
    ASSERT(strstr(err, "g_Kr has no effect") && strstr(err, "g_Kr_total"));
    ASSERT_NEAR(0.1, v[tot], 0); /* unchanged on error */
    /* a parameter nothing reads at all */
    int stim = sc_model_param_index(m, "stim_amplitude");
    if (stim >= 0 && !d->param_read[stim]) {
        memset(given, 0, sizeof given);
        given[stim] = 1;
        ASSERT_EQ_INT(-1, sc_model_param_effect(m, d->param_defaults, given, stim, err, sizeof err));
        ASSERT(strstr(err, "no equation") != NULL);
    }
    /* openCARP's model names and variants */
    char stem[256], left[64], set[256];
    ASSERT_EQ_INT(0, sc_model_resolve("tenTusscherPanfilov", "EPI", stem, sizeof stem, left, sizeof left, set,
                                      sizeof set, err, sizeof err));
    ASSERT_EQ_STR("ten_tusscher_model_2006_epi", stem);
    ASSERT_EQ_STR("", left);
    ASSERT_EQ_STR("", set);
    ASSERT_EQ_INT(0, sc_model_resolve("TT2", NULL, stem, sizeof stem, NULL, 0, NULL, 0, err, sizeof err));
    ASSERT_EQ_STR("ten_tusscher_model_2006_epi", stem);
    ASSERT_EQ_INT(
        0, sc_model_resolve("courtemanche", NULL, stem, sizeof stem, NULL, 0, NULL, 0, err, sizeof err));
    ASSERT_EQ_STR("courtemanche_ramirez_nattel_1998", stem);
    /* ENDO differs from the file in its Ito inactivation gate too: refused, saying what to do */
    ASSERT_EQ_INT(-1, sc_model_resolve("tenTusscherPanfilov", "ENDO", stem, sizeof stem, NULL, 0, set,
                                       sizeof set, err, sizeof err));
    ASSERT(strstr(err, "flags=ENDO is refused") && strstr(err, "g_to=0.073"));
    ASSERT(strstr(err, "flags=MCELL (ten_tusscher_model_2006_epi with g_Ks=0.098)") != NULL);
    /* MCELL is the file with GKs 0.098, whether named by openCARP's name or the file's */
    ASSERT_EQ_INT(0, sc_model_resolve("ten_tusscher_model_2006_epi", "MCELL", stem, sizeof stem, NULL, 0, set,
                                      sizeof set, err, sizeof err));
    ASSERT_EQ_STR("g_Ks=0.098", set);
    ASSERT_EQ_INT(0, sc_model_resolve("tentusscherpanfilov", "MCELL", stem, sizeof stem, NULL, 0, set,
                                      sizeof set, err, sizeof err));
    ASSERT_EQ_STR("ten_tusscher_model_2006_epi", stem);
    ASSERT_EQ_STR("g_Ks=0.098", set);
    ASSERT_EQ_INT(-1, sc_model_resolve("tenTuscherPanfilov", NULL, stem, sizeof stem, NULL, 0, NULL, 0, err,
                                       sizeof err));
    ASSERT(strstr(err, "did you mean 'tenTusscherPanfilov'") != NULL);
    ASSERT_EQ_INT(-1, sc_model_resolve("ohra", NULL, stem, sizeof stem, NULL, 0, NULL, 0, err, sizeof err));
    ASSERT(strstr(err, "did you mean 'OHara'") != NULL); /* ignoring case */
    ASSERT_EQ_INT(
        0, sc_model_resolve("OHara", "EPI", stem, sizeof stem, NULL, 0, set, sizeof set, err, sizeof err));
    ASSERT_EQ_STR("celltype=1", set);
    /* without room for the settings, a variant that needs them is an error, not the default file */
    ASSERT_EQ_INT(-1, sc_model_resolve("OHara", "EPI", stem, sizeof stem, NULL, 0, NULL, 0, err, sizeof err));
    ASSERT_EQ_INT(0, sc_model_resolve("OHara", "ENDO|X", stem, sizeof stem, left, sizeof left, set,
                                      sizeof set, err, sizeof err));
    ASSERT_EQ_STR("ohara_rudy_2011_endo", stem);
    ASSERT_EQ_STR("X", left); /* not a variant: left to the model's own flags */
    ASSERT(sc_model_lookup("Courtemanche", NULL, err, sizeof err) != NULL);
    ASSERT_EQ_INT(1, sc_model_opencarp(m, buf, sizeof buf));
    ASSERT_EQ_STR("tenTusscherPanfilov flags=EPI", buf);
    /* a derived parameter whose default reads the changed one only through constants (heijman
       2011: PP1f_cav = mag_2 * cos(arg_2) * ... - b_2 / 3, the b_2 ... constants of PP1_cav) */
    const ScModelEntry *h = entry("mmt_heijman_2011");
    ASSERT(h != NULL);
    if (!h)
        return;
    int pp1 = sc_model_param_index(h, "PP1_cav"), pp1f = sc_model_param_index(h, "PP1f_cav");
    ASSERT(pp1 >= 0 && pp1f >= 0);
    memcpy(v, h->desc->param_defaults, sizeof(double) * (size_t)h->desc->nparams);
    memset(given, 0, sizeof given);
    v[pp1] *= 0.5, given[pp1] = 1;
    ASSERT_EQ_INT(0, sc_model_params_finish(h, v, given, NULL, err, sizeof err));
    ASSERT(fabs(v[pp1f] - h->desc->param_defaults[pp1f]) > 1e-6 * fabs(h->desc->param_defaults[pp1f]));
}

/* ---------------------------------------------------------------- effect */

/* Vm every ms over `ms` of one cell with parameters v (a finished set), into out[ms + 1].
 * Returns the step at which the kernel recorded a failure (the physiology watch included), or -1. */
static long beat(const ScModelEntry *m, const TCase *c, const double *v, double *out, int ms) {
    const ScModelDesc *d = m->desc;
    const double dt = 0.01;
    double *pc = calloc((size_t)(d->nparams + d->nconsts) + 1, sizeof(double));
    double *sv = calloc((size_t)d->nsv + 1, sizeof(double)), *ext = calloc((size_t)d->nexternals + 1, 8);
    double vm = 0, iion = 0;
    memcpy(pc, v, sizeof(double) * (size_t)d->nparams);
    d->consts(pc);
    d->init(pc, sv, &vm);
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    memset(a.vary, -1, sizeof a.vary);
    a.n = 1, a.sv = sv, a.vm = &vm, a.iion = &iion, a.ext = ext, a.pc = pc, a.dt = dt, a.nsteps = 100;
    a.flags = SC_STEP_BENCH | SC_STEP_NO_LUT;
    ScStepStatus st = {~0ULL, 0};
    a.status = &st;
    if (c->paced)
        a.stim =
            (ScStim){lround(c->start / dt), lround(c->dur / dt) ? lround(c->dur / dt) : 1, 0, 1, c->curr};
    out[0] = vm;
    for (int k = 1; k <= ms; k++) {
        a.d0 = (long)(k - 1) * 100;
        d->c_run[0](&a);
        out[k] = vm;
    }
    free(pc), free(sv), free(ext);
    return st.key == ~0ULL ? -1 : (long)(st.key >> 32);
}

/* Is parameter k of m a conductance a user scales (g_Kr, gNa, GKr_b, or openCARP alias G...)? */
static int conductance(const ScModelEntry *m, int k) {
    const char *n = m->desc->param_names[k];
    char a[64];
    const char *al = sc_model_param_alias(m, k, a, sizeof a);
    if (al && al[0] == 'G')
        return 1;
    return (n[0] == 'g' || n[0] == 'G') && (n[1] == '_' || isupper((unsigned char)n[1]));
}

/* Is (model, param) in the list of parameters without effect (with a reason)? */
static int listed(const char *list, const char *model, const char *param) {
    char key[300];
    snprintf(key, sizeof key, "\n%s\t%s\t", model, param);
    return list && strstr(list, key) != NULL;
}

static void test_effect(int shard, int nshards) {
    char *list = t_read_file("tests/numerics/params_no_effect.tsv");
    ASSERT(list != NULL);
    char *nl = malloc(strlen(list ? list : "") + 2); /* a leading newline: every row starts with one */
    sprintf(nl, "\n%s", list ? list : "");
    const int ms = 500;
    double *ref = malloc(sizeof(double) * (ms + 1)), *got = malloc(sizeof(double) * (ms + 1));
    int tested = 0;
    for (int i = shard; i < sc_model_count(); i += nshards) {
        const ScModelEntry *m = sc_model_at(i);
        const ScModelDesc *d = m->desc;
        TCase c;
        int has = t_case("tests/reference/cases.csv", m->name, &c);
        ASSERT(has >= 0); /* in the repository: its absence is a broken checkout */
        if (has != 1)
            continue;
        long failed = beat(m, &c, d->param_defaults, ref, ms);
        if (failed >= 0) /* the default beat: no failure, the physiology watch included */
            fprintf(stderr, "%s: the default beat fails at step %ld\n", m->name, failed);
        ASSERT(failed < 0);
        double lo = ref[0], hi = ref[0];
        for (int k = 0; k <= ms; k++)
            lo = fmin(lo, ref[k]), hi = fmax(hi, ref[k]);
        for (int k = 0; k < d->nparams; k++) {
            if (!conductance(m, k) || d->param_defaults[k] == 0)
                continue;
            double v[SC_MAX_PARAMS];
            unsigned char given[SC_MAX_PARAMS] = {0};
            char err[512];
            memcpy(v, d->param_defaults, sizeof(double) * (size_t)d->nparams);
            v[k] *= 0.5, given[k] = 1;
            int finished = sc_model_params_finish(m, v, given, NULL, err, sizeof err) == 0;
            double diff = 0;
            if (finished) {
                beat(m, &c, v, got, ms);
                for (int t = 0; t <= ms; t++)
                    diff = fmax(diff, fabs(got[t] - ref[t]));
            }
            int moved = finished && diff > 1e-9 * (hi - lo);
            int excused = listed(nl, m->name, d->param_names[k]);
            if (moved == excused)
                fprintf(stderr, "%s: %s x 0.5: Vm moves by %.3g at most (range %.3g)%s%s\n", m->name,
                        d->param_names[k], diff, hi - lo, excused ? " but it is listed without effect" : "",
                        finished ? "" : err);
            ASSERT(moved != excused);
            tested++;
        }
    }
    printf("%d conductances of %d models scaled\n", tested, sc_model_count());
    ASSERT(tested > 200 / nshards);
    free(ref), free(got), free(list), free(nl);
}

int main(int argc, char **argv) {
    const char *part = argc > 1 ? argv[1] : "derive";
    if (!strcmp(part, "derive"))
        test_derive();
    else if (!strncmp(part, "effect", 6)) { /* effect, or effectK/N: every N-th model from K */
        int k = 0, n = 1;
        if (part[6] && (sscanf(part + 6, "%d/%d", &k, &n) != 2 || n < 1 || k < 0 || k >= n)) {
            fprintf(stderr, "test_params: bad shard '%s' (effectK/N)\n", part);
            return 2;
        }
        test_effect(k, n);
    } else {
        fprintf(stderr, "usage: test_params derive|effect[K/N]\n");
        return 2;
    }
    return TEST_DONE();
}

/* test_choose.c: the automatic choice of integration methods (codelets/sc_choose.c,
 * docs/methods.md) on models written for the test.
 *   stiff     tests/numerics/stiff_buffer.model: forward Euler is refused (it fails on the stiff
 *             calcium-buffer pair), the choice names the stiff state, passes its own bar, and a
 *             bar no method can meet keeps the file's methods
 *   margin    tests/numerics/margin_buffer.model: forward Euler passes at dt but is unstable at
 *             2 dt (bounded by the buffer's saturation, nothing non-finite): the margin of
 *             stability refuses it, and the choice gives the fast state its own method
 *   nothing   a model that leaves nothing to cvode keeps the file's methods, with that reason
 *   cache     the second choice comes from the cache (same overrides, the cache file exists); a
 *             budget under what it needed is cut at the same stage as without a cache, one at
 *             least that need gets it from the cache; another dt is chosen as from an empty cache
 *   lookup    sc_model_lookup of a file: the automatic choice by default (the entry says which),
 *             "file" keeps the file's cvode; a library model's kernels hold its recorded choice
 *   long      tests/numerics/slow_store.model: forward Euler passes the one-beat check but blows up
 *             over 50 beats at BCL 500 ms (a store loads and a release becomes stiffer): the long
 *             check refuses it at its first negative concentration, naming it; without the long
 *             check it would be chosen; the choice made passes its own long check
 *   vm        tests/numerics/two_compartment.model (a t-tubular membrane coupled to Vm in 0.9 us):
 *             the reference couples Vm (vm=cvode), the file's methods with bench's splitting miss
 *             the bars, so the choice applies the treatment (its overrides start with vm=cvode)
 *   markov    tests/numerics/markov_chain.model: its slow Markov chain (markov_be in the file) is
 *             stepped with forward Euler on top of the set chosen for its cvode state; the same
 *             chain 3000 times faster blows up under forward Euler and keeps markov_be
 *   events    the library's faber_rudy_2000 (models/cellml): forward Euler for its 12 cvode states
 *             misses its trackers' switches (Cainfluxtrack leaves the envelope); the choice puts
 *             the 7 states whose derivatives switch (APtrack ... OVRLDtrack3) in a cvode group,
 *             forward Euler for the rest, within the bars in double and in single precision (the
 *             single-precision run crosses APtrack's switch at 0.2: the adaptive group's smallest
 *             step, codegen/emit_methods.c)
 *   chain     the chains of a stiff block (ch_chain, provision/choose_model.c): cipa 2017's block of 3
 *             (C1, IC1, IC2) brings its 9-state hERG chain (rates of Vm and the chain alone); the
 *             calcium block of grandi 2010 (its compartments read the currents) stays as it is
 * Run from the source tree (CTest's working directory). */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "choose_int.h"
#include "sc_choose.h"
#include "starcarp.h"
#include "test.h"

static const char *STIFF = "tests/numerics/stiff_buffer.model";

/* The protocol of the tests: the default's (dt 0.01 ms, 60 uA/cm^2 for 1 ms), one beat of 500 ms
 * with the stimulus at 10 ms, quiet, no long check. */
static ScChooseSpec spec(void) {
    ScChooseSpec s = sc_choose_default_spec();
    s.stim_start = 10, s.duration = 500, s.verbose = 0, s.long_beats = 0, s.long_bcl = 0;
    s.any_speed = 1; /* the outcomes below must not depend on the machine's speed */
    return s;
}

/* The choice for the model file at path, printed under name; NULL (asserted) on failure. */
static ScChoice *choice_of(const char *name, const char *path) {
    ScChooseSpec s = spec();
    ScChoice *c = calloc(1, sizeof *c);
    char err[512] = "";
    int rc = sc_choose_methods(path, &s, c, err, sizeof err);
    ASSERT_EQ_INT(0, rc);
    if (rc) {
        fprintf(stderr, "%s: %s\n", name, err);
        free(c);
        return NULL;
    }
    printf("%s: choice %s (%s); last candidate %s: %s\n", name, c->overrides, c->label,
           c->cand[c->ncand - 1].overrides, c->cand[c->ncand - 1].pass ? "pass" : c->cand[c->ncand - 1].why);
    return c;
}

static void test_stiff(void) {
    ScChoice *c = choice_of("stiff", STIFF);
    if (!c)
        return;
    printf("stiff: stiff states: %s; reference APD90 %.2f ms\n", c->stiff, c->ref_apd);
    ASSERT(c->ref_apd > 200 && c->ref_apd < 400); /* the beat repolarises */
    ASSERT(c->ncand >= 2);
    ASSERT_EQ_STR("cvode=fe", c->cand[0].overrides);
    ASSERT(!c->cand[0].pass && strstr(c->cand[0].why, "failed")); /* Euler blows up */
    ASSERT(strstr(c->stiff, "c (") != NULL);
    ASSERT(c->chosen >= 1);
    if (c->chosen >= 1) {
        const ScCandidate *ch = &c->cand[c->chosen];
        ASSERT(ch->pass);
        ASSERT(strstr(c->overrides, ",c=") != NULL); /* the stiff state has its own method */
        ASSERT(ch->err[0] <= 0.1 && ch->err[1] <= 0.1);
        ASSERT(fabs(ch->dapd[0]) <= 0.5 && fabs(ch->dapd[1]) <= 0.5);
        ASSERT(ch->work < c->file.work); /* less work than the file's cvode (counted, not timed) */
    }
    /* a bar nothing meets: the file's methods, and why */
    ScChooseSpec s = spec();
    char err[512] = "";
    s.tol_err = 1e-9;
    ScChoice *d = calloc(1, sizeof *d);
    ASSERT_EQ_INT(0, sc_choose_methods(STIFF, &s, d, err, sizeof err));
    ASSERT_EQ_INT(-1, d->chosen);
    ASSERT_EQ_STR("", d->overrides);
    ASSERT(strstr(d->reason, "no cheaper") != NULL);
    free(c), free(d);
}

static void test_margin(void) {
    ScChoice *c = choice_of("margin", "tests/numerics/margin_buffer.model");
    if (!c)
        return;
    printf("margin: fe: %.4f %%, %s\n", c->cand[0].err[0], c->cand[0].why);
    ASSERT(c->ref_apd > 200 && c->ref_apd < 400);
    ASSERT_EQ_STR("cvode=fe", c->cand[0].overrides);
    ASSERT(!c->cand[0].pass);
    ASSERT(c->cand[0].err[0] <= 0.1 && fabs(c->cand[0].dapd[0]) <= 0.5); /* accurate at dt ... */
    ASSERT(strstr(c->cand[0].why, "no margin: at 2 dt") &&
           strstr(c->cand[0].why, "state c ")); /* ... not at 2 dt */
    ASSERT(strcmp(c->overrides, "cvode=fe") != 0);
    ASSERT(c->chosen < 0 || strstr(c->overrides, ",c=") != NULL);
    free(c);
}

static void test_nothing(void) {
    ScChooseSpec s = spec();
    ScChoice *c = calloc(1, sizeof *c);
    char err[512] = "";
    ASSERT_EQ_INT(0, sc_choose_methods("tests/numerics/ito_gate_renamed.model", &s, c, err, sizeof err));
    ASSERT_EQ_INT(-1, c->chosen);
    ASSERT(strstr(c->reason, "no state to cvode") != NULL);
    free(c);
}

static void test_cache(void) {
    char dir[] = "/tmp/sc_choose_cache_XXXXXX";
    if (!mkdtemp(dir)) {
        ASSERT(0);
        return;
    }
    setenv("STARCARP_CACHE", dir, 1);
    ScChooseSpec s = spec();
    ScChoice *a = calloc(1, sizeof *a), *b = calloc(1, sizeof *b);
    char err[512] = "", cmd[256];
    ASSERT_EQ_INT(0, sc_choose_methods_cached(STIFF, &s, a, err, sizeof err));
    ASSERT(a->ncand >= 2); /* chosen afresh: candidates tried */
    ASSERT_EQ_INT(0, sc_choose_methods_cached(STIFF, &s, b, err, sizeof err));
    ASSERT_EQ_STR(a->overrides, b->overrides);
    ASSERT_EQ_INT(1, b->ncand); /* from the cache: the chosen one */
    ASSERT_NEAR(a->cand[a->chosen].err[0], b->cand[0].err[0], 1e-5 * a->cand[a->chosen].err[0] + 1e-12);
    /* the cache only remembers: a budget under what the choice needed is cut (the file's methods)
       at the same stage as with an empty cache; one at least that need gets the finished choice */
    ASSERT(a->need > 0 && !a->cut);
    ScChoice *c = calloc(1, sizeof *c), *d = calloc(1, sizeof *d);
    s.budget = 0.5 * a->need / SC_CHOOSE_WORK_UNIT;
    ASSERT_EQ_INT(0, sc_choose_methods_cached(STIFF, &s, c, err, sizeof err));
    ASSERT(!c->from_cache && c->cut && c->chosen < 0 && c->overrides[0] == '\0');
    ASSERT_EQ_INT(0, sc_choose_methods(STIFF, &s, d, err, sizeof err)); /* no cache at all */
    ASSERT(d->cut);
    ASSERT_EQ_STR(c->cut_stage, d->cut_stage);
    ASSERT_EQ_INT(0, sc_choose_methods_cached(STIFF, &s, d, err, sizeof err)); /* now from the cache */
    ASSERT(d->from_cache && d->cut);
    s.budget = a->need / SC_CHOOSE_WORK_UNIT * 1.001;
    ASSERT_EQ_INT(0, sc_choose_methods_cached(STIFF, &s, d, err, sizeof err));
    ASSERT(d->from_cache && !d->cut);
    ASSERT_EQ_STR(a->overrides, d->overrides);
    /* another dt: a choice of its own, as from an empty cache (forward Euler, which failed at 0.01,
       is tried again: nothing learnt at one step decides at another) */
    s.budget = 0, s.dt = 0.02;
    ASSERT_EQ_INT(0, sc_choose_methods_cached(STIFF, &s, c, err, sizeof err));
    ASSERT(!c->from_cache && c->dt_made == 0.02 && c->ref_seconds > 0);
    ASSERT(a->failed & 1u); /* fe failed at 0.01 */
    ASSERT(c->ncand > 0 && !strcmp(c->cand[0].overrides, "cvode=fe"));
    ASSERT_EQ_INT(0, sc_choose_methods(STIFF, &s, d, err, sizeof err));
    ASSERT_EQ_STR(d->overrides, c->overrides);
    snprintf(cmd, sizeof cmd, "test $(ls %s/choices | wc -l) -eq 3", dir); /* 0.01, 0.01 cut, 0.02 */
    ASSERT_EQ_INT(0, system(cmd));
    free(d);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ASSERT_EQ_INT(0, system(cmd));
    free(a), free(b), free(c);
}

static void test_lookup(void) {
    char dir[] = "/tmp/sc_choose_lookup_XXXXXX", err[1024] = "", cmd[256];
    if (!mkdtemp(dir)) {
        ASSERT(0);
        return;
    }
    setenv("STARCARP_CACHE", dir, 1);
    setenv("STARPU_NCUDA", "0", 1); /* the CPU kernels are enough here */
    setenv("STARCARP_CHOOSE_SPEED", "any", 1); /* as spec(): the outcome must not depend on speed */
    const ScModelEntry *a = sc_model_lookup(STIFF, NULL, err, sizeof err);
    ASSERT(a != NULL);
    if (a) {
        printf("lookup: automatic: %s (%s)\n", a->desc->methods, a->methods_choice);
        /* not forward Euler with the stiff state apart: it blows up at beat 2 of the long check */
        ASSERT(a->methods_choice && strncmp(a->methods_choice, "cvode=", 6) == 0);
        ASSERT(strstr(a->desc->methods, "cvode") == NULL);
    } else
        fprintf(stderr, "%s\n", err);
    const ScModelEntry *f = sc_model_lookup(STIFF, "file", err, sizeof err);
    ASSERT(f != NULL);
    if (f) {
        printf("lookup: file: %s\n", f->desc->methods);
        ASSERT(strstr(f->desc->methods, "cvode") != NULL);
        ASSERT_EQ_STR("", f->methods_choice);
    }
    /* the library: a model whose recorded choice is not the file's runs without cvode */
    const ScModelEntry *lib = sc_model_lookup("beeler_reuter_model_1977", NULL, err, sizeof err);
    ASSERT(lib != NULL);
    if (lib && lib->methods_choice && *lib->methods_choice)
        ASSERT(strstr(lib->desc->methods, "cvode") == NULL);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    ASSERT_EQ_INT(0, system(cmd));
    unsetenv("STARPU_NCUDA");
    ASSERT_EQ_INT(1, sc_choose_speed_any(err, sizeof err));
    setenv("STARCARP_CHOOSE_SPEED", "fast", 1); /* a bad value: refused, naming the accepted ones */
    ASSERT_EQ_INT(-1, sc_choose_speed_any(err, sizeof err));
    ASSERT(strstr(err, "STARCARP_CHOOSE_SPEED='fast': expected 'faster'") != NULL);
    unsetenv("STARCARP_CHOOSE_SPEED");
    ASSERT_EQ_INT(0, sc_choose_speed_any(err, sizeof err));
}

static void test_long(void) {
    ScChooseSpec s = spec();
    s.long_beats = 50, s.long_bcl = 500;
    ScChoice *c = calloc(1, sizeof *c), *d = calloc(1, sizeof *d);
    char err[512] = "";
    ASSERT_EQ_INT(0, sc_choose_methods("tests/numerics/slow_store.model", &s, c, err, sizeof err));
    printf("long: choice %s; forward Euler: %s\n", c->overrides, c->cand[0].why);
    ASSERT_EQ_STR("cvode=fe", c->cand[0].overrides);
    ASSERT(!c->cand[0].pass);
    ASSERT(!isnan(c->cand[0].err[1])); /* it passed the one-beat check (single precision was run) */
    ASSERT(strstr(c->cand[0].why, "over 50 beats at BCL 500 ms: failed: Ca_jsr = -") != NULL);
    ASSERT(c->chosen >= 1);
    if (c->chosen >= 1) { /* the choice passes its own long check, with its figures */
        const ScCandidate *ch = &c->cand[c->chosen];
        ASSERT(ch->pass && ch->lerr[2] <= 1 && isfinite(ch->lerr[0]) && isfinite(ch->lerr[1]));
        ASSERT(ch->lstate[0] != '\0');
    }
    /* the speed rule (the default): the same choice where it does less work than the file's
       methods (counted operations, never seconds: the same on every machine), else the file's
       methods, the chosen set's work no less */
    ScChoice *e = calloc(1, sizeof *e);
    s.any_speed = 0;
    ASSERT_EQ_INT(0, sc_choose_methods("tests/numerics/slow_store.model", &s, e, err, sizeof err));
    printf("long, the speed rule: %s (%s)\n", e->overrides[0] ? e->overrides : "the file's methods",
           e->reason);
    if (e->chosen >= 0)
        ASSERT(e->cand[e->chosen].work < e->file.work && !strcmp(e->overrides, c->overrides));
    else
        ASSERT(strstr(e->reason, "ran no faster") != NULL && c->chosen >= 1 &&
               e->cand[c->chosen].work >= e->file.work);
    free(e);
    s.any_speed = 1;
    s.long_beats = 0; /* the check of one beat alone chooses forward Euler */
    ASSERT_EQ_INT(0, sc_choose_methods("tests/numerics/slow_store.model", &s, d, err, sizeof err));
    ASSERT_EQ_STR("cvode=fe", d->overrides);
    ASSERT(isnan(d->cand[0].lerr[2]));
    free(c), free(d);
}

static void test_vm(void) {
    ScChooseSpec s = spec();
    s.stim_curr = 100; /* above the coupled membrane's threshold (1.8 uF/cm^2 to charge) */
    ScChoice *c = calloc(1, sizeof *c);
    char err[512] = "";
    ASSERT_EQ_INT(0, sc_choose_methods("tests/numerics/two_compartment.model", &s, c, err, sizeof err));
    printf("vm: choice %s (%s); coupled: %s; bench's splitting: %.3g %%, %s\n", c->overrides, c->label,
           c->fastvm, c->plain.err[0], c->plain.why);
    ASSERT(strstr(c->fastvm, "Vt (") == c->fastvm);
    ASSERT_EQ_STR("vm=cvode", c->vm);
    ASSERT(strncmp(c->overrides, "vm=cvode", 8) == 0);
    ASSERT(!c->plain.pass); /* bench's splitting misses the bars */
    ASSERT(c->ref_apd > 100); /* the coupled reference fires */
    free(c);
}

static void test_markov(void) {
    ScChoice *c = choice_of("slow chain", "tests/numerics/markov_chain.model");
    if (c) {
        ASSERT(c->chosen >= 1 && c->chosen == c->ncand - 1); /* the last candidate, past cvode's */
        ASSERT_EQ_STR("cvode=fe,markov_be=fe", c->overrides);
        ASSERT(strstr(c->label, "fe for the 3 markov_be states") != NULL);
        if (c->chosen >= 1) {
            const ScCandidate *ch = &c->cand[c->chosen];
            ASSERT(ch->err[0] <= 0.1 && ch->err[1] <= 0.1 && fabs(ch->dapd[0]) <= 0.5);
        }
    }
    free(c);
    /* the same chain, every rate 3000 times larger (dt / tau up to 15) */
    char dir[] = "/tmp/sc_choose_markov_XXXXXX", path[64],
         *text = t_read_file("tests/numerics/markov_chain.model");
    char *k = text ? strstr(text, "k_s = 1;") : NULL;
    if (!k || !mkdtemp(dir)) {
        ASSERT(0); /* the model or a temporary folder missing */
        free(text);
        return;
    }
    snprintf(path, sizeof path, "%s/fast_chain.model", dir);
    FILE *f = fopen(path, "w");
    ASSERT(f != NULL);
    if (f) {
        fprintf(f, "%.*sk_s = 3000;%s", (int)(k - text), text, k + strlen("k_s = 1;"));
        fclose(f);
        c = choice_of("fast chain", path);
        if (c) {
            ASSERT(strstr(c->overrides, "markov_be") == NULL);
            ASSERT(c->ncand >= 2 && strstr(c->cand[c->ncand - 1].overrides, "markov_be=fe") &&
                   !c->cand[c->ncand - 1].pass);
        }
        free(c);
        remove(path);
    }
    rmdir(dir);
    free(text);
}

static void test_events(void) {
    ScChooseSpec s = spec();
    /* the case's protocol (tests/reference/cases.csv), as scripts/choose-methods.sh runs it */
    s.stim_start = 10, s.stim_dur = 2, s.stim_curr = 25.5, s.bcl = 1000, s.nstim = 1, s.duration = 1000;
    ScChoice *c = calloc(1, sizeof *c);
    char err[512] = "";
    ASSERT_EQ_INT(0, sc_choose_methods("models/cellml/faber_rudy_2000.model", &s, c, err, sizeof err));
    printf("events: choice %s (%s)\n", c->overrides, c->label);
    ASSERT_EQ_STR("cvode=fe,APtrack=cvode,APtrack2=cvode,APtrack3=cvode,Cainfluxtrack=cvode,OVRLDtrack=cvode,"
                  "OVRLDtrack2=cvode,OVRLDtrack3=cvode",
                  c->overrides);
    ASSERT(strstr(c->label, "cvode for 7 event states") != NULL);
    ASSERT(c->ncand >= 2 && strcmp(c->cand[0].overrides, "cvode=fe") == 0 && !c->cand[0].pass &&
           strstr(c->cand[0].why, "Cainfluxtrack") != NULL);
    if (c->chosen >= 0 && c->chosen < c->ncand) {
        const ScCandidate *ch = &c->cand[c->chosen];
        printf("events: error %.3g %% / %.3g ms (double), %.3g %% / %.3g ms (single)\n", ch->err[0],
               ch->dapd[0], ch->err[1], ch->dapd[1]);
        ASSERT(ch->err[0] <= 0.1 && fabs(ch->dapd[0]) <= 0.5);
        ASSERT(isfinite(ch->err[1]) && ch->err[1] <= 0.1 && fabs(ch->dapd[1]) <= 0.5);
    } else {
        ASSERT(0); /* a candidate is chosen */
    }
    free(c);
}

/* ch_chain of block (n names) in the model at path: how many names, the list into got. */
static int chain_of(const char *path, const char *const *block, int n, char *got, size_t len) {
    ScChooseSpec s = spec();
    ChCtx *c = calloc(1, sizeof *c);
    ScChoice *out = calloc(1, sizeof *out);
    char err[512] = "", *names[256];
    int k = -1;
    got[0] = '\0';
    if (c && out && ch_begin(c, path, &s, err, sizeof err) == 0 && ch_model_states(c, out) == 0 &&
        c->ncvode < 256) {
        char *b[16];
        for (int i = 0; i < n; i++)
            b[i] = (char *)block[i];
        k = ch_chain(c, b, n, names);
        for (int i = 0; i < k; i++)
            snprintf(got + strlen(got), len - strlen(got), "%s%s", i ? "," : "", names[i]);
        ch_end(c);
    }
    ASSERT(k >= 0);
    free(c), free(out);
    return k;
}

static void test_chain(void) {
    static const char *const herg[] = {"C1", "IC1", "IC2"};
    char got[1024];
    int n = chain_of("models/cellml/ohara_rudy_cipa_v1_2017.model", herg, 3, got, sizeof got);
    printf("chain: cipa's block: %d states: %s\n", n, got);
    ASSERT_EQ_INT(9, n);
    ASSERT_EQ_STR("C1,IC1,IC2,C2,IO,O,IObound,Obound,Cbound", got);
    static const char *const ca[] = {"Ca_j", "Ca_sl", "SLL_sl", "Ca_sr", "Csqn_b", "Ry_Ro"};
    n = chain_of("models/cellml/grandi_pasqualini_bers_2010_ss.model", ca, 6, got, sizeof got);
    printf("chain: grandi 2010's block: %d states: %s\n", n, got);
    ASSERT_EQ_INT(6, n);
}

int main(int argc, char **argv) {
    static const struct {
        const char *name;
        void (*run)(void);
    } parts[] = {{"stiff", test_stiff}, {"margin", test_margin}, {"nothing", test_nothing},
                 {"cache", test_cache}, {"lookup", test_lookup}, {"long", test_long},
                 {"vm", test_vm},       {"markov", test_markov}, {"events", test_events},
                 {"chain", test_chain}};
    const char *part = argc > 1 ? argv[1] : "all";
    int ran = 0;
    for (size_t k = 0; k < sizeof parts / sizeof *parts; k++)
        if (!strcmp(part, parts[k].name) || !strcmp(part, "all"))
            parts[k].run(), ran++;
    if (!ran) {
        fprintf(stderr, "test_choose: no part named '%s'\n", part);
        return 2;
    }
    return TEST_DONE();
}

/* test_cpu_vs_c.c: the vectorised CPU kernels of the model library (libstarcarp, registry
 * registry_models) against the portable C kernels, model by model.
 *
 * Every model: 37 cells (not a multiple of any vector width, so the last block is partial), cell i
 * starting at Vm0 + 0.1 i mV (1e-3 i for models in dimensionless units; lanes differ), 2000 steps
 * of 0.01 ms in bench mode (SC_STEP_BENCH) for every check; models with an adaptive (cvode) group,
 * whose steps cost hundreds of sub-steps, run 300 steps in the C-vs-CPU check and 200 in the
 * others (past the stimulus and the upstroke; the table gives the steps of both). The counts
 * depend on the model only, never on the machine's speed.
 * with one 1 ms stimulus at step 100 (amplitude: the model's stim_curr in
 * tests/reference/cases.csv, else 40 uA/cm2 for a model without a case; positive depolarises). Lookup
 * tables are used when the model has some (the default path). Checks:
 *   1. C (desc->c_run[0]) vs CPU (entry->cpu[0]), one step per call, run in lock step: the largest
 *      relative difference |a - b| / max(1e-6 * scale, |a|) of Vm over the whole run and of every
 *      state at the end (scale: the largest |value| of that quantity over the cells; states also
 *      floored at cvode's absolute tolerance, SV_FLOOR) must be
 *      below TOL_VM / TOL_SV (round-off: libmvec is within 4 ulp, FMA contraction under
 *      -march=native, amplified by the dynamics over 2000 steps and by adaptive cvode);
 *   2. the CPU kernel with K = 10 steps per call (time blocking) equals K = 1 bit for bit, and
 *      its sampled outputs (out_every = 10: out_vm, out_iion) equal Vm and Iion of the K = 1 run
 *      at those steps bit for bit;
 *   3. the single-precision CPU kernel (entry->cpu[1], cvode rtol 1e-4, atol 1e-6): finite, its
 *      final Vm within TOL_F32_MV of the double one (reported per model; float carries 7 digits
 *      and the run is 2000 steps through an upstroke: 1 mV is loose for round-off and tight
 *      enough to catch a wrong kernel);
 *   4. per-cell parameters (nvary = 1: the model's first parameter, cell i at default * (1 +
 *      0.01 i)): C and CPU agree (same tolerances); the cell whose value equals the default
 *      (cell 0) matches the uniform run (columns exact: compared with the SC_STEP_NO_LUT run).
 *      The pv variant recomputes the constants in kernel code; the C kernel's cell 0 is expected
 *      to equal the uniform run bit for bit, the CPU's to round-off (vector math): reported.
 * The table of figures goes to stdout. Environment: SC_CPU_VS_C_MODEL=NAME runs one model.
 * Arguments: [I N] runs the models of registry index i with i % N == I (CTest runs N shards at
 * once: every model is checked by exactly one of them). */
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "starcarp_model.h"
#include "test.h"
#include "registry.h"
#include "host_model.h"

#ifndef SC_SOURCE_DIR
#define SC_SOURCE_DIR "."
#endif

#define NC 37 /* cells */
#define NSTEPS 2000 /* steps of every check ... */
#define NSTEPS_ADAPTIVE \
    300 /* ... but of the C vs CPU run of a model with a cvode group (past the
                                stimulus, steps 100 .. 199, and the upstroke) ... */
#define SEC_STEPS_ADAPTIVE 200 /* ... and of its other checks (the stimulus included) */
#define DT 0.01
#define KBLOCK 10
#define TOL_VM 1e-6 /* C vs CPU, Vm over the run, relative */
#define TOL_SV 1e-4 /* C vs CPU, states at the end, relative */
#define TOL_F32_MV 1.0 /* f32 vs f64, final Vm (mV) */

/* ---------------------------------------------------------------- stimulus amplitudes */

static double stim_amp(const char *name) {
    TCase c;
    int has = t_case(SC_SOURCE_DIR "/tests/reference/cases.csv", name, &c);
    ASSERT(has >= 0); /* in the repository: its absence is a broken checkout */
    return has == 1 && c.curr > 0 ? c.curr : 40.0;
}

/* ---------------------------------------------------------------- one simulation */

typedef struct Sim {
    int f32;
    long n;
    void *sv, *vm, *iion, *ext, *pc, *lut, *pcell;
    ScStepArgs a;
    ScStepStatus st;
    unsigned long long oor[SC_MAX_TABLES];
    ScCpuKernel run;
} Sim;

static double get(const Sim *s, const void *p, long k) {
    return s->f32 ? (double)((const float *)p)[k] : ((const double *)p)[k];
}

static void put(const Sim *s, void *p, long k, double v) {
    if (s->f32)
        ((float *)p)[k] = (float)v;
    else
        ((double *)p)[k] = v;
}

static void *alloc(const Sim *s, long n) {
    return calloc((size_t)(n > 0 ? n : 1), s->f32 ? sizeof(float) : sizeof(double));
}

/* The model's default parameter set (+ constants) and lookup tables in double, shared. */
typedef struct Model {
    const ScModelEntry *e;
    const ScModelDesc *d;
    double *pc, *sv0, vm0, *lut;
    size_t nlut;
    double amp;
    double dv; /* initial Vm of cell i: vm0 + dv * i */
} Model;

static void sim_init(Sim *s, const Model *m, ScCpuKernel run, int f32, unsigned flags, int use_lut, int pv) {
    const ScModelDesc *d = m->d;
    memset(s, 0, sizeof *s);
    s->f32 = f32, s->n = NC, s->run = run;
    int npc = d->nparams + d->nconsts;
    s->pc = alloc(s, npc);
    for (int k = 0; k < npc; k++)
        put(s, s->pc, k, m->pc[k]);
    s->sv = alloc(s, (long)d->nsv * NC);
    s->vm = alloc(s, NC);
    s->iion = alloc(s, NC);
    s->ext = alloc(s, (long)d->nexternals * NC);
    for (long i = 0; i < NC; i++) {
        put(s, s->vm, i, m->vm0 + m->dv * (double)i);
        for (int k = 0; k < d->nsv; k++)
            put(s, s->sv, k * NC + i, m->sv0[k]);
    }
    if (use_lut && d->ntables) {
        s->lut = alloc(s, (long)m->nlut);
        for (size_t k = 0; k < m->nlut; k++)
            put(s, s->lut, (long)k, m->lut[k]);
    }
    ScStepArgs *a = &s->a;
    a->n = NC, a->sv = s->sv, a->vm = s->vm, a->iion = s->iion, a->ext = s->ext, a->pc = s->pc;
    a->lut = s->lut, a->lut_oor = s->oor;
    for (int k = 0; k < SC_MAX_PARAMS; k++)
        a->vary[k] = -1;
    if (pv && d->nparams > 0) {
        s->pcell = alloc(s, NC);
        for (long i = 0; i < NC; i++)
            put(s, s->pcell, i, m->pc[0] * (1 + 0.01 * (double)i));
        a->pcell = s->pcell, a->vary[0] = 0, a->nvary = 1;
    }
    a->dt = DT, a->nsteps = 1, a->flags = flags;
    a->stim.start = 100, a->stim.pulse = 100, a->stim.period = 0, a->stim.count = 1;
    a->stim.amp = m->amp;
    s->st.key = ULLONG_MAX;
    a->status = &s->st;
}

/* K steps from step d0; none once a failure was recorded (as the runtime stops a failed run: a
 * cell left at NaN would make every later call of an adaptive method spend its whole sub-step
 * budget) */
static void sim_step(Sim *s, long d0, int K) {
    if (s->st.key != ULLONG_MAX)
        return;
    s->a.d0 = d0, s->a.nsteps = K;
    s->run(&s->a);
}

static void sim_free(Sim *s) {
    free(s->sv), free(s->vm), free(s->iion), free(s->ext), free(s->pc), free(s->lut), free(s->pcell);
}

/* Relative difference of the brief: |a - b| / max(1e-6 * scale, |a|, floor) (0 when equal). */
static double reldiff_floor(double a, double b, double scale, double floor) {
    if (a == b)
        return 0;
    if (!isfinite(a) || !isfinite(b))
        return INFINITY;
    double den = fmax(fmax(1e-6 * scale, fabs(a)), floor);
    return den > 0 ? fabs(a - b) / den : INFINITY;
}

static double reldiff(double a, double b, double scale) { return reldiff_floor(a, b, scale, 0); }

/* States are compared with a floor at cvode's absolute tolerance (SV_FLOOR, the default atol):
 * a state whose whole range is below it (winslow_model_1999's C_Ca3 ends near -3e-13) is only
 * controlled to that tolerance by the adaptive integrator, whose sub-steps differ between a
 * scalar cell and vector lanes stepping together. */
#define SV_FLOOR 1e-10

/* Largest relative difference over the states at the end (per-state scale), index of the worst. */
static double state_diff(const Model *m, const Sim *a, const Sim *b, int *worst) {
    double r = 0;
    *worst = -1;
    for (int k = 0; k < m->d->nsv; k++) {
        double scale = 0;
        for (long i = 0; i < NC; i++)
            scale = fmax(scale, fabs(get(a, a->sv, k * NC + i)));
        for (long i = 0; i < NC; i++) {
            double x = reldiff_floor(get(a, a->sv, k * NC + i), get(b, b->sv, k * NC + i), scale, SV_FLOOR);
            if (x > r || isnan(x))
                r = x, *worst = k;
        }
    }
    return r;
}

static int same_bits(const Sim *a, const Sim *b, int nsv) {
    size_t w = a->f32 ? sizeof(float) : sizeof(double);
    return memcmp(a->sv, b->sv, w * (size_t)nsv * NC) == 0 && memcmp(a->vm, b->vm, w * NC) == 0 &&
           memcmp(a->iion, b->iion, w * NC) == 0;
}

/* Lock-step run of two simulations (C and CPU) over ns steps: largest Vm relative difference over
 * the run (scale: the largest |Vm| seen). vv (ns * NC, may be NULL) receives the second
 * simulation's Vm after each step. */
static double run_pair(Sim *c, Sim *v, long ns, double *vv) {
    double scale = 0, worst = 0;
    double *vc = malloc(sizeof(double) * NC * (size_t)ns);
    double *vw = malloc(sizeof(double) * NC * (size_t)ns);
    long d;
    for (d = 0; d < ns; d++) {
        sim_step(c, d, 1);
        sim_step(v, d, 1);
        for (long i = 0; i < NC; i++) {
            vc[d * NC + i] = get(c, c->vm, i), vw[d * NC + i] = get(v, v->vm, i);
            scale = fmax(scale, fabs(vc[d * NC + i]));
        }
    }
    for (long k = 0; k < NC * d; k++) {
        double x = reldiff(vc[k], vw[k], scale);
        if (x > worst || isnan(x))
            worst = x;
    }
    if (vv)
        memcpy(vv, vw, sizeof(double) * NC * (size_t)d);
    free(vc), free(vw);
    return worst;
}

/* 2. time blocking and sampled outputs: K = 1 (recording Vm before step s and Iion of step s - 1
 * at every KBLOCK-th step) against K = KBLOCK with out_every = KBLOCK, over ns2 steps (a multiple
 * of KBLOCK). Whether each holds, into *k10 and *outok. */
static void check_blocking(Model *mp, long ns2, int *k10_out, int *outok_out) {
    const ScModelEntry *e = mp->e;
    const ScModelDesc *d = mp->d;
    Model m = *mp;
    Sim v1, vk;
    sim_init(&v1, &m, e->cpu[0], 0, SC_STEP_BENCH, 1, 0);
    sim_init(&vk, &m, e->cpu[0], 0, SC_STEP_BENCH, 1, 0);
    const long nslot = ns2 / KBLOCK;
    double *vm_at = calloc((size_t)(nslot * NC), sizeof(double));
    double *ii_at = calloc((size_t)(nslot * NC), sizeof(double));
    double *out_vm = calloc((size_t)(nslot * NC), sizeof(double));
    double *out_ii = calloc((size_t)(nslot * NC), sizeof(double));
    for (long s = 0; s < ns2; s++) {
        if (s % KBLOCK == 0)
            for (long i = 0; i < NC; i++) {
                vm_at[(s / KBLOCK) * NC + i] = get(&v1, v1.vm, i);
                ii_at[(s / KBLOCK) * NC + i] = get(&v1, v1.iion, i);
            }
        sim_step(&v1, s, 1);
    }
    vk.a.out_start = 0, vk.a.out_every = KBLOCK, vk.a.out_slot0 = 0;
    vk.a.out_vm = out_vm, vk.a.out_iion = out_ii;
    for (long s = 0; s < ns2; s += KBLOCK)
        sim_step(&vk, s, KBLOCK);
    int k10 = same_bits(&v1, &vk, d->nsv) && vk.st.key == v1.st.key;
    int outok = memcmp(out_vm, vm_at, sizeof(double) * (size_t)(nslot * NC)) == 0 &&
                memcmp(out_ii, ii_at, sizeof(double) * (size_t)(nslot * NC)) == 0;
    t_checks++;
    if (!k10) {
        t_failures++;
        fprintf(stderr, "%s: K = %d steps per call differs from K = 1\n", e->name, KBLOCK);
    }
    t_checks++;
    if (!outok) {
        t_failures++;
        fprintf(stderr, "%s: sampled outputs (out_vm/out_iion) differ from the K = 1 run\n", e->name);
    }
    free(out_vm), free(out_ii), free(vm_at), free(ii_at);
    sim_free(&v1), sim_free(&vk);
    *k10_out = k10, *outok_out = outok;
}

/* 3. single precision: Vm after ns2 steps against the f64 CPU run's (vv: its Vm of every step).
 * The largest |dVm|, or -1 where the float kernel stopped (reported: not usable). */
static double check_single(Model *mp, long ns2, const double *vv) {
    const ScModelEntry *e = mp->e;
    const ScModelDesc *d = mp->d;
    Model m = *mp;
    Sim f;
    sim_init(&f, &m, e->cpu[1], 1, SC_STEP_BENCH, 1, 0);
    /* adaptive (cvode) groups: a tolerance a float kernel can meet (a tighter one than its
       round-off makes every step spend the whole sub-step budget) */
    f.a.rtol = 1e-4, f.a.atol = 1e-6;
    /* and a small sub-step budget: a float kernel that cannot meet even that stops at once
       (reported below) instead of spending minutes */
    f.a.max_substeps = 500;
    for (long s = 0; s < ns2; s++)
        sim_step(&f, s, 1);
    double dvf = 0;
    int finite = f.st.key == ULLONG_MAX;
    for (long i = 0; i < NC; i++) {
        double x = get(&f, f.vm, i);
        finite &= isfinite(x);
        dvf = fmax(dvf, fabs(x - vv[(ns2 - 1) * NC + i]));
        for (int k = 0; k < d->nstates; k++)
            finite &= isfinite(get(&f, f.sv, k * NC + i));
    }
    /* A float kernel that stops (non-finite, or its failure record set) is reported, not
       failed: some models overflow the float range by construction (Bueno 2007's
       exp(400*(u - 0.016)) at u > 0.24); single precision is then not usable for that model,
       which the report says. A float kernel that runs must stay within TOL_F32_MV. */
    t_checks++;
    if (!finite) {
        fprintf(stderr,
                "%s: f32 kernel: NOT finite / stopped: single precision not usable for "
                "this model (reported, not a failure)\n",
                e->name);
    } else if (!(dvf <= TOL_F32_MV)) {
        t_failures++;
        fprintf(stderr, "%s: f32 kernel: final |dVm| %.3g mV (tol %g)\n", e->name, dvf, TOL_F32_MV);
    }
    sim_free(&f);
    return finite ? dvf : -1;
}

/* 4. per-cell parameters (columns exact in the pv variant: the uniform runs it is compared with use
 * SC_STEP_NO_LUT): the C-vs-CPU difference into *pv_rel, the default cell against the uniform runs
 * (C and CPU) into *pv0_c, *pv0_v. */
static void check_pcell(Model *mp, long ns2, double *pv_rel, double *pv0_c, double *pv0_v) {
    const ScModelEntry *e = mp->e;
    const ScModelDesc *d = mp->d;
    Model m = *mp;
    *pv_rel = *pv0_c = *pv0_v = 0;
    if (d->nparams > 0) {
        Sim pc_, pv_, uc, uv;
        sim_init(&pc_, &m, d->c_run[0], 0, SC_STEP_BENCH, 1, 1);
        sim_init(&pv_, &m, e->cpu[0], 0, SC_STEP_BENCH, 1, 1);
        double r1 = run_pair(&pc_, &pv_, ns2, NULL);
        int w2;
        double r2 = state_diff(&m, &pc_, &pv_, &w2);
        *pv_rel = fmax(r1, r2);
        t_checks++;
        if (!(r1 <= TOL_VM && r2 <= TOL_SV)) {
            t_failures++;
            fprintf(stderr, "%s: per-cell parameters, CPU vs C: Vm rel %.3g, states rel %.3g (%s)\n", e->name,
                    r1, r2, w2 >= 0 ? d->sv_names[w2] : "-");
        }
        sim_init(&uc, &m, d->c_run[0], 0, SC_STEP_BENCH | SC_STEP_NO_LUT, 0, 0);
        sim_init(&uv, &m, e->cpu[0], 0, SC_STEP_BENCH | SC_STEP_NO_LUT, 0, 0);
        for (long s = 0; s < ns2; s++)
            sim_step(&uc, s, 1), sim_step(&uv, s, 1);
        /* cell 0 has the default value of the parameter */
        double s0 = fabs(get(&uc, uc.vm, 0));
        *pv0_c = reldiff(get(&uc, uc.vm, 0), get(&pc_, pc_.vm, 0), s0);
        *pv0_v = reldiff(get(&uv, uv.vm, 0), get(&pv_, pv_.vm, 0), s0);
        for (int k = 0; k < d->nsv; k++) {
            double sc = fabs(get(&uc, uc.sv, k * NC));
            *pv0_c = fmax(*pv0_c, reldiff(get(&uc, uc.sv, k * NC), get(&pc_, pc_.sv, k * NC), sc));
            *pv0_v = fmax(*pv0_v, reldiff(get(&uv, uv.sv, k * NC), get(&pv_, pv_.sv, k * NC), sc));
        }
        t_checks++;
        if (!(*pv0_c <= TOL_SV && *pv0_v <= TOL_SV)) {
            t_failures++;
            fprintf(stderr,
                    "%s: per-cell parameters, the default cell differs from the uniform "
                    "run: C %.3g, CPU %.3g\n",
                    e->name, *pv0_c, *pv0_v);
        }
        sim_free(&uc), sim_free(&uv), sim_free(&pc_), sim_free(&pv_);
    }
}

int main(int argc, char **argv) {
    const char *only = getenv("SC_CPU_VS_C_MODEL");
    const int shard = argc > 2 ? atoi(argv[1]) : 0, nshards = argc > 2 ? atoi(argv[2]) : 1;
    ASSERT(nshards >= 1 && shard >= 0 && shard < nshards);
    ASSERT(registry_count > 0);
    printf("CPU (vectorised) vs C kernels: %d cells, up to %d steps of %g ms, bench mode, stimulus "
           "at step 100 for 1 ms\n",
           NC, NSTEPS, DT);
    printf("rel = |a-b| / max(1e-6*scale, |a|): Vm over the run, states at the end. K10: CPU with %d "
           "steps per call == K=1 (bits); out: sampled outputs == K=1 (bits); f32: |Vm f32 - Vm f64| "
           "at the end (mV); pv: per-cell parameter 0 (C vs CPU rel; pv0: the default cell vs the "
           "uniform run); steps: C-vs-CPU run / other checks\n",
           KBLOCK);
    printf("%-34s %2s %5s %8s %8s %-14s %3s %3s %8s %8s %8s %8s %9s %5s\n", "model", "W", "stim", "Vm rel",
           "sv rel", "(worst state)", "K10", "out", "f32 dVm", "pv rel", "pv0 C", "pv0 CPU", "steps", "s");
    int nrun = 0;
    double worst_vm = 0, worst_sv = 0, worst_f32 = 0, worst_pv = 0, worst_pv0c = 0, worst_pv0v = 0;
    int f32_unusable = 0; /* models whose float kernel stops (reported) */
    clock_t t_all = clock();
    for (int r = 0; r < registry_count; r++) {
        const ScModelEntry *e = &registry_models[r];
        if ((only && strcmp(only, e->name) != 0) || r % nshards != shard)
            continue;
        clock_t t0 = clock();
        Model m;
        memset(&m, 0, sizeof m);
        m.e = e, m.d = e->desc;
        const ScModelDesc *d = m.d;
        ASSERT_EQ_INT(SC_MODEL_ABI, d->abi);
        ASSERT(e->cpu[0] != NULL && e->cpu[1] != NULL && d->c_run[0] != NULL);
        if (!e->cpu[0] || !e->cpu[1] || !d->c_run[0])
            continue;
        ScHostModel h;
        ASSERT(kern_host_model_init(&h, d, NULL) == 0);
        m.pc = h.pc, m.sv0 = h.sv0, m.vm0 = h.vm0, m.lut = h.lut, m.nlut = h.nlut;
        m.amp = stim_amp(e->name);
        /* 0.1 mV per cell; models in dimensionless units (resting Vm near 0, e.g. Bueno, Fenton-
           Karma, Mitchell-Schaeffer: u in [0, 1.6]) get 1e-3 per cell */
        m.dv = fabs(m.vm0) >= 5 ? 0.1 : 1e-3;
        nrun++;

        /* 1. C vs CPU, in lock step */
        Sim c, v;
        sim_init(&c, &m, d->c_run[0], 0, SC_STEP_BENCH, 1, 0);
        sim_init(&v, &m, e->cpu[0], 0, SC_STEP_BENCH, 1, 0);
        double *vv = malloc(sizeof(double) * NC * NSTEPS);
        const int adaptive = d->methods && strstr(d->methods, "cvode") != NULL;
        const long ns = adaptive ? NSTEPS_ADAPTIVE : NSTEPS;
        double rel_vm = run_pair(&c, &v, ns, vv);
        int wk;
        double rel_sv = state_diff(&m, &c, &v, &wk);
        int ok_c = c.st.key == ULLONG_MAX, ok_v = v.st.key == ULLONG_MAX;
        if (!ok_c)
            fprintf(stderr, "%s: the C kernel failed at step %llu cell %llu (Vm %g)\n", e->name,
                    c.st.key >> 32, c.st.key & 0xffffffffULL, c.st.value);
        if (!ok_v)
            fprintf(stderr, "%s: the CPU kernel failed at step %llu cell %llu (Vm %g)\n", e->name,
                    v.st.key >> 32, v.st.key & 0xffffffffULL, v.st.value);
        ASSERT(ok_c && ok_v);
        t_checks++;
        if (!(rel_vm <= TOL_VM && rel_sv <= TOL_SV)) {
            t_failures++;
            fprintf(stderr, "%s: CPU vs C: Vm rel %.3g (tol %g), states rel %.3g (tol %g, worst %s)\n",
                    e->name, rel_vm, TOL_VM, rel_sv, TOL_SV, wk >= 0 ? d->sv_names[wk] : "-");
        }
        worst_vm = fmax(worst_vm, rel_vm), worst_sv = fmax(worst_sv, rel_sv);

        /* the other checks, over ns2 steps (a multiple of KBLOCK): 2. time blocking and sampled
           outputs, 3. single precision, 4. per-cell parameters */
        const long ns2 = adaptive ? SEC_STEPS_ADAPTIVE : NSTEPS;
        int k10, outok;
        check_blocking(&m, ns2, &k10, &outok);
        double dvf = check_single(&m, ns2, vv);
        f32_unusable += dvf < 0;
        if (dvf >= 0)
            worst_f32 = fmax(worst_f32, dvf);
        double pv_rel, pv0_c, pv0_v;
        check_pcell(&m, ns2, &pv_rel, &pv0_c, &pv0_v);
        worst_pv = fmax(worst_pv, pv_rel), worst_pv0c = fmax(worst_pv0c, pv0_c);
        worst_pv0v = fmax(worst_pv0v, pv0_v);

        char wname[17], steps[24];
        snprintf(wname, sizeof wname, "(%s)", wk >= 0 ? d->sv_names[wk] : "-");
        snprintf(steps, sizeof steps, "%ld/%ld", ns, ns2);
        printf("%-34s %2d %5.1f %8.1e %8.1e %-14.14s %3s %3s %8.1e %8.1e %8.1e %8.1e %9s %5.2f\n", e->name,
               *e->cpu_lanes[0], m.amp, rel_vm, rel_sv, wname, k10 ? "ok" : "NO", outok ? "ok" : "NO", dvf,
               pv_rel, pv0_c, pv0_v, steps, (double)(clock() - t0) / CLOCKS_PER_SEC);
        fflush(stdout);
        sim_free(&c), sim_free(&v);
        free(vv), free(m.pc), free(m.sv0), free(m.lut);
    }
    ASSERT(nrun > 0);
    printf("single precision not usable (float kernel stopped) for %d model(s), listed above\n",
           f32_unusable);
    printf("%d models; worst: Vm rel %.3g, states rel %.3g, f32 |dVm| %.3g mV, pv rel %.3g, pv0 C %.3g, "
           "pv0 CPU %.3g; %.1f s\n",
           nrun, worst_vm, worst_sv, worst_f32, worst_pv, worst_pv0c, worst_pv0v,
           (double)(clock() - t_all) / CLOCKS_PER_SEC);
    return TEST_DONE();
}

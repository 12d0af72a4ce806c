/* test_gpu_text.c: the generated CUDA text, run on the host, against the portable C back end.
 *
 * The GPU back end prints cheaper forms than the C one (pow with a literal integer exponent as
 * products, a division by a literal as a product by its reciprocal: emit_expr.c), writes traces
 * straight to the output array and reads Iion only when it is output (emit_core.c). Those forms
 * must compute the same function: here each model's ID_cuda.cu / ID_cuda_f32.cu, made host C by
 * gpu_host_text.sh and gpu_host_shim.h (a launch is a loop over the grid, math is the host's
 * <math.h>), runs the same cells as ID_c_f64_run, without a GPU (CI runs it).
 *
 * Per model (the table gpu_text_models.c, written by tests/gpu/tests.cmake): N cells (160: more than one
 * block of 128, not a multiple of it) at the initial state, Vm + 0.01 mV x i, per-cell parameter 0
 * from 0.9 to 1.1 of its default in the pv case; Iion first (SC_STEP_IION_ONLY), then S steps of
 * bench (stimulus 40 from step 10 for 100 steps) with sampled outputs every 25 steps (Vm, Iion,
 * traces, and the traces' sum weighted 1, 0, -0.5 in turn: out_isum), K = 1, for the exact variant
 * (and the lookup-table one when the model has tables) and the per-cell-parameter one. Checked:
 *   - double: Vm, every state, every sampled output and trace within a relative 1e-6 of the C
 *     kernel's (normalised by the largest magnitude of the quantity); the C kernel's weighted sums
 *     those of its traces added here, bit for bit, and the GPU text's those of the C kernel within
 *     1e-6;
 *   - double, K = 7 without outputs: the same final states, Vm and Iion bit for bit as K = 1 with
 *     outputs (outputs never change the state; time blocking changes nothing);
 *   - single: its max |dVm| is printed, and the cells that are not finite where C's are (some
 *     models fail in single precision, the text or not: bueno_2007_epi, decker_2009);
 *   - the kernel-attribute function (ID_cuda_f64_attr) answers for the variants the file has.
 * A run stops after the call in which a cell fails (as the runtime does); the failure must be the
 * same (step and cell) in the C and the GPU text runs (dimensionless models fail at once under
 * this stimulus: they are compared up to there).
 * Usage: test_gpu_text [MODEL ...] (table names; default every one). Exit 1 on a failed check. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host_model.h"
#include "starcarp_model.h"

typedef struct GtModel {
    const char *name;
    const ScModelDesc *desc;
    ScGpuLauncher f64, f32;
    ScGpuAttrFn attr[2]; /* ID_cuda_f64_attr, ID_cuda_f32_attr */
} GtModel;

extern const GtModel gt_models[];
extern const int gt_nmodels;

#define N 160
#define OUT_EVERY 25
#define TOL 1e-6

static int nfail;

static void *xcalloc(size_t n, size_t s) {
    void *p = calloc(n ? n : 1, s);
    if (!p) {
        fprintf(stderr, "test_gpu_text: out of memory\n");
        exit(1);
    }
    return p;
}

/* The arrays of one run, in double or float. */
typedef struct Run {
    int f32;
    size_t es;
    void *sv, *vm, *iion, *ext, *pc, *lut, *pcell, *ovm, *oiion, *otr, *ois;
    unsigned long long oor[SC_MAX_TABLES];
    ScStepStatus st;
} Run;

static void put(const Run *r, void *p, size_t k, double v) {
    if (r->f32)
        ((float *)p)[k] = (float)v;
    else
        ((double *)p)[k] = v;
}

static double get(const Run *r, const void *p, size_t k) {
    return r->f32 ? (double)((const float *)p)[k] : ((const double *)p)[k];
}

typedef struct Setup {
    const ScModelDesc *d;
    double *pc, *sv0, vm0, *lut, *w; /* w: the traces' weights in out_isum */
    size_t nlut;
    long steps, slots;
} Setup;

/* Fill r with the initial cells of s; variant: 0 exact, 1 tables, 2 per-cell parameter 0. */
static void run_init(Run *r, const Setup *s, int f32, int variant) {
    const ScModelDesc *d = s->d;
    memset(r, 0, sizeof *r);
    r->f32 = f32, r->es = f32 ? sizeof(float) : sizeof(double);
    int npc = d->nparams + d->nconsts;
    r->sv = xcalloc((size_t)d->nsv * N + 1, r->es);
    r->vm = xcalloc(N, r->es), r->iion = xcalloc(N, r->es);
    r->ext = xcalloc((size_t)d->nexternals * N + 1, r->es);
    r->pc = xcalloc((size_t)npc + 1, r->es);
    r->pcell = xcalloc(N, r->es);
    r->ovm = xcalloc((size_t)s->slots * N, r->es), r->oiion = xcalloc((size_t)s->slots * N, r->es);
    r->otr = xcalloc((size_t)s->slots * (size_t)d->ntraces * N + 1, r->es);
    r->ois = xcalloc((size_t)s->slots * N, r->es);
    for (int k = 0; k < npc; k++)
        put(r, r->pc, (size_t)k, s->pc[k]);
    for (int k = 0; k < d->nsv; k++)
        for (long i = 0; i < N; i++)
            put(r, r->sv, (size_t)k * N + (size_t)i, s->sv0[k]);
    for (long i = 0; i < N; i++) {
        put(r, r->vm, (size_t)i, s->vm0 + 0.01 * (double)i);
        put(r, r->pcell, (size_t)i, (d->nparams ? s->pc[0] : 0) * (0.9 + 0.2 * (double)i / N));
    }
    if (variant == 1 && s->nlut) {
        r->lut = xcalloc(s->nlut, r->es);
        for (size_t k = 0; k < s->nlut; k++)
            put(r, r->lut, k, s->lut[k]);
    }
    r->st.key = ~0ULL;
}

static void run_free(Run *r) {
    void *ps[] = {r->sv, r->vm, r->iion, r->ext, r->pc, r->lut, r->pcell, r->ovm, r->oiion, r->otr, r->ois};
    for (size_t k = 0; k < sizeof ps / sizeof *ps; k++)
        free(ps[k]);
}

/* Iion at step 0, then s->steps steps, K per call; outputs when `outputs`. C kernel when gpu is
 * NULL. */
static void run_steps(Run *r, const Setup *s, ScCpuKernel c, ScGpuLauncher gpu, int variant, int K,
                      int outputs) {
    ScStepArgs a;
    memset(&a, 0, sizeof a);
    a.n = N, a.sv = r->sv, a.vm = r->vm, a.iion = r->iion, a.ext = s->d->nexternals ? r->ext : NULL;
    a.pc = r->pc, a.lut = r->lut, a.lut_oor = r->oor, a.status = &r->st;
    for (int k = 0; k < SC_MAX_PARAMS; k++)
        a.vary[k] = -1;
    if (variant == 2 && s->d->nparams) {
        a.vary[0] = 0, a.nvary = 1, a.pcell = r->pcell;
    }
    a.dt = 0.01;
    a.stim = (ScStim){10, 100, 0, 1, 40.0};
    if (outputs) {
        a.out_start = 0, a.out_every = OUT_EVERY, a.out_slot0 = 0;
        a.out_vm = r->ovm, a.out_iion = r->oiion, a.out_tr = s->d->ntraces ? r->otr : NULL;
        a.out_isum = r->ois, a.isum_w = s->w;
    }
    a.flags = SC_STEP_BENCH | SC_STEP_IION_ONLY, a.d0 = 0, a.nsteps = 1;
    gpu ? (void)gpu(&a, NULL) : c(&a);
    a.flags = SC_STEP_BENCH;
    for (long d = 0; d < s->steps && r->st.key == ~0ULL; d += K) { /* a failure stops the run */
        a.d0 = d, a.nsteps = (int)(s->steps - d < K ? s->steps - d : K);
        gpu ? (void)gpu(&a, NULL) : c(&a);
    }
}

/* The C kernel's weighted sums against those of its traces added here in the same order, bit for
 * bit (sampled slots the run reached: both 0 beyond): the number that differ. */
static long isum_differ(const Run *c, const Setup *s) {
    long nd = 0;
    int nt = s->d->ntraces;
    for (long sl = 0; sl < s->slots; sl++)
        for (long i = 0; i < N; i++) {
            double sum = 0, got = get(c, c->ois, (size_t)(sl * N + i));
            for (int k = 0; k < nt; k++)
                if (s->w[k] != 0)
                    sum = sum + s->w[k] * get(c, c->otr, (size_t)((sl * nt + k) * N + i));
            nd += memcmp(&sum, &got, sizeof sum) != 0 && !(isnan(sum) && isnan(got));
        }
    return nd;
}

/* Max over k < count of |g - c| / max |c| of arrays of n values each (NaN on both sides equal). */
static double rel(const Run *g, const void *gp, const Run *c, const void *cp, size_t count, size_t n,
                  long *mismatch) {
    double worst = 0;
    for (size_t k = 0; k < count; k++) {
        double mx = 0, sc = 0;
        for (size_t i = 0; i < n; i++) {
            double x = get(g, gp, k * n + i), y = get(c, cp, k * n + i);
            if (isnan(x) && isnan(y))
                continue;
            if (!isfinite(x) || !isfinite(y)) {
                if (x != y)
                    (*mismatch)++;
                continue;
            }
            mx = fmax(mx, fabs(x - y)), sc = fmax(sc, fabs(y));
        }
        double r = mx == 0 ? 0 : mx / (sc > 0 ? sc : 1e-300);
        worst = fmax(worst, r);
    }
    return worst;
}

static void check(int ok, const char *model, const char *what, double v) {
    if (!ok) {
        nfail++;
        printf("FAIL %s: %s (%.3g)\n", model, what, v);
    }
}

static void test_model(const GtModel *gm) {
    const ScModelDesc *d = gm->desc;
    Setup s = {.d = d, .steps = 150};
    if (strstr(d->methods ? d->methods : "", "cvode"))
        s.steps = 60; /* adaptive groups cost thousands of times more per step on the host */
    s.slots = s.steps / OUT_EVERY + 1;
    ScHostModel hm; /* the defaults, the constants, the initial state, the tables (host_model.h) */
    if (kern_host_model_init(&hm, d, NULL) != 0) {
        fprintf(stderr, "test_gpu_text: out of memory\n");
        exit(1);
    }
    s.pc = hm.pc, s.sv0 = hm.sv0, s.vm0 = hm.vm0, s.lut = hm.lut, s.nlut = hm.nlut;
    s.w = xcalloc((size_t)d->ntraces + 1, sizeof(double));
    for (int k = 0; k < d->ntraces; k++)
        s.w[k] = k % 3 == 0 ? 1 : k % 3 == 1 ? 0 : -0.5;
    for (int v = 0; v < 3; v++) {
        if (v == 1 && !s.nlut)
            continue;
        static const char *const vn[] = {"exact", "lut", "pv"};
        Run c, g, g7, f;
        run_init(&c, &s, 0, v), run_init(&g, &s, 0, v), run_init(&g7, &s, 0, v), run_init(&f, &s, 1, v);
        run_steps(&c, &s, d->c_run[0], NULL, v, 1, 1);
        run_steps(&g, &s, NULL, gm->f64, v, 1, 1);
        run_steps(&g7, &s, NULL, gm->f64, v, 7, 0);
        run_steps(&f, &s, NULL, gm->f32, v, 1, 1);
        long mm = 0;
        double dvm = rel(&g, g.vm, &c, c.vm, 1, N, &mm);
        double dsv = rel(&g, g.sv, &c, c.sv, (size_t)d->nsv, N, &mm);
        double dov = rel(&g, g.ovm, &c, c.ovm, (size_t)s.slots, N, &mm);
        double doi = rel(&g, g.oiion, &c, c.oiion, (size_t)s.slots, N, &mm);
        double dtr = rel(&g, g.otr, &c, c.otr, (size_t)s.slots * (size_t)d->ntraces, N, &mm);
        dtr = fmax(dtr, rel(&g, g.ois, &c, c.ois, (size_t)s.slots, N, &mm));
        long nis = isum_differ(&c, &s);
        char what[160];
        snprintf(what, sizeof what, "%s: double Vm vs C", vn[v]);
        check(dvm <= TOL, gm->name, what, dvm);
        snprintf(what, sizeof what, "%s: double states vs C", vn[v]);
        check(dsv <= TOL, gm->name, what, dsv);
        snprintf(what, sizeof what, "%s: double sampled Vm / Iion / traces / their sums vs C", vn[v]);
        check(fmax(dov, fmax(doi, dtr)) <= TOL, gm->name, what, fmax(dov, fmax(doi, dtr)));
        snprintf(what, sizeof what, "%s: the C kernel's weighted trace sums differ from its traces'", vn[v]);
        check(nis == 0, gm->name, what, (double)nis);
        snprintf(what, sizeof what, "%s: double values finite on one side only", vn[v]);
        check(mm == 0, gm->name, what, (double)mm);
        int same = !memcmp(g.sv, g7.sv, (size_t)d->nsv * N * sizeof(double)) &&
                   !memcmp(g.vm, g7.vm, N * sizeof(double)) && !memcmp(g.iion, g7.iion, N * sizeof(double));
        snprintf(what, sizeof what, "%s: double K = 7 without outputs differs from K = 1", vn[v]);
        check(same || c.st.key != ~0ULL, gm->name, what, 0); /* a failure stops K = 7 elsewhere */
        snprintf(what, sizeof what, "%s: a failure recorded by the GPU text and not by C, or not alike",
                 vn[v]);
        check(g.st.key == c.st.key, gm->name, what, (double)(g.st.key >> 32));
        char fail[64] = "";
        long fm = 0;
        double fvm = 0;
        for (long i = 0; i < N; i++) {
            double x = get(&f, f.vm, (size_t)i), y = get(&c, c.vm, (size_t)i);
            if (isfinite(y) && !isfinite(x))
                fm++;
            else if (isfinite(y))
                fvm = fmax(fvm, fabs(x - y));
        }
        if (fm && c.st.key == ~0ULL) /* a property of the model in single precision, reported */
            snprintf(fail, sizeof fail, "  (single: %ld cells not finite)", fm);
        if (c.st.key != ~0ULL)
            snprintf(fail, sizeof fail, "  (host failure at step %llu)", c.st.key >> 32);
        printf(
            "%-40s %-5s steps %4ld  double: Vm %.2e states %.2e outputs %.2e  K7 %s  single: max |dVm| %.3g mV%s\n",
            gm->name, vn[v], s.steps, dvm, dsv, fmax(dov, fmax(doi, dtr)), same ? "same" : "DIFF", fvm, fail);
        run_free(&c), run_free(&g), run_free(&g7), run_free(&f);
    }
    kern_host_model_free(&hm);
    free(s.w);
}

/* The kernel-attribute functions' text (what the shim's runtime answers: 1 register, 1 block of
 * GEN_BLOCK per multiprocessor): every variant the file has answers with the launchers' block
 * size, the lookup-table one only where the model has tables, and a variant out of range is
 * refused with the attributes left as they were. */
static void test_attr(const GtModel *gm) {
    for (int p = 0; p < 2; p++)
        for (int v = -1; v <= 3; v++) {
            ScGpuKernelAttr a = {-1, -1, -1, -1};
            int want = v >= 0 && v <= 2 && (v != 1 || gm->desc->ntables) ? 0 : -1;
            int rc = gm->attr[p](v, &a);
            char what[96];
            snprintf(what, sizeof what, "%s attributes of variant %d", p ? "f32" : "f64", v);
            check(rc == want &&
                      (want ? a.regs == -1 && a.block == -1
                            : a.regs == 1 && a.local_bytes == 0 && a.block == 128 && a.blocks_per_sm == 1),
                  gm->name, what, (double)rc);
        }
}

int main(int argc, char **argv) {
    setvbuf(stdout, NULL, _IOLBF, 0); /* a line per model as it is done, also into a file */
    int tested = 0;
    for (int k = 0; k < gt_nmodels; k++) {
        int want = argc < 2;
        for (int a = 1; a < argc; a++)
            want |= !strcmp(argv[a], gt_models[k].name);
        if (!want)
            continue;
        test_model(&gt_models[k]);
        test_attr(&gt_models[k]);
        tested++;
    }
    printf("%d models, %d failed checks\n", tested, nfail);
    return nfail || !tested ? 1 : 0;
}

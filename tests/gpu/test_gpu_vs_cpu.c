/* test_gpu_vs_cpu.c: every CUDA kernel of the model library against the portable C reference (the
 * runs themselves: gpu_runs.c).
 *
 * Usage: test_gpu_vs_cpu [--cells N] [--steps S] [--big N] [--tol T]
 *                        [--pert MV] [--csv FILE] [--no-timing] [MODEL ...]
 *   environment: SC_GPU_CELLS (N), SC_GPU_STEPS (S), SC_GPU_BIG (N of the large timing run, 0: none),
 *                SC_GPU_TOL (T), SC_OUT (the CSV file, or a folder for gpu_vs_cpu.csv)
 *
 * For every registry model with a CUDA kernel (or the MODELs named: registry stem or desc name):
 * N cells (default 4096) start from desc->init, cell i with Vm + MV*(i mod 4096) (MV = 0.01 mV
 * by default; dimensionless models such as mitchell_schaeffer_2003 fail from step 0 with it, on the
 * host as on the GPU: reported, not a test failure) so cells differ; S steps (default 500; at most
 * S_ADAPTIVE = 500 for a model with a cvode group: past the stimulus and the upstroke; such a model
 * also runs at most N_ADAPTIVE = 4096 cells, its single-precision run at most F32_SUBSTEPS = 2000
 * cvode sub-steps per step (a cell that needs more fails: reported, as every f32 failure), and no
 * large timing run: these sizes let the whole library be checked within 5 minutes on the GPU
 * machine, and depend on the model, never on the machine's speed) of dt 0.01 ms
 * in bench mode (SC_STEP_BENCH) with a stimulus of 40 uA/cm^2 from step
 * 10 for 100 steps. The same run is made
 *   - on the host with desc->c_run[0] (portable C, double: the reference; cells split over threads),
 *   - on the GPU with cuda[0] (double), one launch per step (K = 1) and one per 50 steps (K = 50),
 *   - on the GPU with cuda[1] (float), K = 1 (reported only; it stops after the step in which a
 *     cell fails, as the runtime does).
 * Compared: Vm and every state (and store) of every cell. Relative differences are normalised by
 * the largest magnitude of the quantity over the cells (so values crossing zero do not blow up).
 * MODEL_THREADS (8) models are checked at once, each on its own CUDA streams, the host reference of
 * each on its share of the cores: a GPU run of an adaptive model keeps a few multiprocessors busy
 * for seconds, so the library is checked in parallel. Lines on stderr come as models finish; the
 * table keeps the library's order. Timings are therefore taken while other models run (use
 * --no-timing for the check alone, or name one model for steady figures).
 * Timing: GPU time per cell-step (cudaEvent over 20 steps after a 20-step warm-up) for N cells and
 * for the large N (default 1,048,576), K = 1 and K = 20.
 * Prints a markdown table on stdout, the same as CSV (--csv, else $SC_OUT, else ./gpu_vs_cpu.csv).
 *
 * Exit status: 77 when no CUDA device is usable, 1 when a model's f64 Vm relative difference
 * exceeds T (default 1e-6), when the GPU reports a failure (status) where the host had none, or
 * on a CUDA error; 0 otherwise. */
#include <cuda_runtime.h>
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "gpu_runs.h"
#include "util_int.h"
#include "registry.h"
#include "starcarp_model.h"

#define S_ADAPTIVE 500 /* steps of a model with a cvode group (stimulus from step 10, upstroke) */
#define N_ADAPTIVE \
    4096 /* cells of such a model (512 x 150 steps while cvode ran ROS2 with a
                            dense LU: the whole library then did not fit in 5 minutes) */
#define F32_SUBSTEPS 2000 /* cvode sub-steps per step in the single-precision check run */
#define MODEL_THREADS 8 /* models checked at once */

/* ------------------------------------------------------------------ comparison */
typedef struct Diff {
    double vm_abs, vm_rel; /* max |g - c| of Vm, the same / max |c| */
    double sv_rel; /* max over states/stores of max |g - c| / max |c| */
    int sv_worst; /* which (-1: none) */
    long nan_mismatch; /* values finite on one side only */
} Diff;

/* |g - c| with NaN on both sides counted as equal, on one side as infinite. */
static double adiff(double g, double c, long *nm) {
    if (isnan(g) && isnan(c))
        return 0;
    if (!isfinite(g) || !isfinite(c)) {
        if (g == c)
            return 0;
        (*nm)++;
        return INFINITY;
    }
    return fabs(g - c);
}

static void compare(const GrModel *m, const GrHost *g, const GrHost *c, Diff *df) {
    const long n = c->n;
    memset(df, 0, sizeof *df);
    df->sv_worst = -1;
    double scale = 0;
    for (long i = 0; i < n; i++) {
        double x = adiff(g->vm[i], c->vm[i], &df->nan_mismatch);
        df->vm_abs = x > df->vm_abs ? x : df->vm_abs;
        if (isfinite(c->vm[i]) && fabs(c->vm[i]) > scale)
            scale = fabs(c->vm[i]);
    }
    df->vm_rel = df->vm_abs / (scale > 0 ? scale : 1);
    for (int k = 0; k < m->nsv; k++) {
        const double *gs = g->sv + (size_t)k * n, *cs = c->sv + (size_t)k * n;
        double mx = 0, sc = 0;
        for (long i = 0; i < n; i++) {
            double x = adiff(gs[i], cs[i], &df->nan_mismatch);
            mx = x > mx ? x : mx;
            if (isfinite(cs[i]) && fabs(cs[i]) > sc)
                sc = fabs(cs[i]);
        }
        double r = mx == 0 ? 0 : mx / (sc > 0 ? sc : 1e-300);
        if (r > df->sv_rel || (df->sv_worst < 0 && r > 0))
            df->sv_rel = r, df->sv_worst = k;
    }
}

static int same_bits(const GrModel *m, const GrHost *a, const GrHost *b) {
    const size_t n = (size_t)a->n;
    return memcmp(a->vm, b->vm, n * sizeof(double)) == 0 &&
           memcmp(a->iion, b->iion, n * sizeof(double)) == 0 &&
           memcmp(a->sv, b->sv, (size_t)m->nsv * n * sizeof(double)) == 0;
}

/* ------------------------------------------------------------------ results */
typedef struct Row {
    char model[96], methods[64], note[256];
    int nstates, nsv;
    long steps;
    double ref_s;
    Diff d64, d32;
    char k50[8];
    double t_small[2], t_big[2], t_big32; /* seconds per cell-step, [K=1, K=20] */
    int cpu_fail, gpu_fail;
    unsigned long long cpu_key, gpu_key;
    double cpu_val; /* Vm at the host's failure */
    int failed;
} Row;

static void fmt_t(char *b, size_t bs, double s) {
    if (isnan(s))
        snprintf(b, bs, "-");
    else if (s < 0)
        snprintf(b, bs, "err");
    else
        snprintf(b, bs, "%.3g", s * 1e9);
}

static void print_row_md(FILE *f, const Row *r) {
    char t[5][32];
    fmt_t(t[0], 32, r->t_small[0]);
    fmt_t(t[1], 32, r->t_small[1]);
    fmt_t(t[2], 32, r->t_big[0]);
    fmt_t(t[3], 32, r->t_big[1]);
    fmt_t(t[4], 32, r->t_big32);
    double best = NAN;
    for (int k = 0; k < 2; k++)
        if (r->t_big[k] > 0 && (isnan(best) || r->t_big[k] < best))
            best = r->t_big[k];
    char cs[32] = "-";
    if (!isnan(best))
        snprintf(cs, sizeof cs, "%.3g", 1 / best);
    fprintf(f,
            "| %s | %s | %d | %ld | %.2e | %.2e | %.2e | %s | %.3g | %s | %s | %s | %s | %s | %s | %s%s |\n",
            r->model, r->methods, r->nstates, r->steps, r->d64.vm_abs, r->d64.vm_rel, r->d64.sv_rel, r->k50,
            r->d32.vm_abs, t[0], t[1], t[2], t[3], t[4], cs, r->failed ? "**FAIL** " : "", r->note);
}

static void print_row_csv(FILE *f, const Row *r) {
    double best = NAN;
    for (int k = 0; k < 2; k++)
        if (r->t_big[k] > 0 && (isnan(best) || r->t_big[k] < best))
            best = r->t_big[k];
    fprintf(f, "%s,\"%s\",%d,%ld,%.6e,%.6e,%.6e,%s,%.6e,%.6e,%.6e,%.6e,%.6e,%.6e,%.6e,%d,%d,%d,\"%s\"\n",
            r->model, r->methods, r->nstates, r->steps, r->d64.vm_abs, r->d64.vm_rel, r->d64.sv_rel, r->k50,
            r->d32.vm_abs, r->t_small[0], r->t_small[1], r->t_big[0], r->t_big[1], r->t_big32,
            isnan(best) ? NAN : 1 / best, r->cpu_fail, r->gpu_fail, r->failed, r->note);
}

static void add_note(Row *r, const char *fmt, ...) {
    size_t l = strlen(r->note);
    if (l && l + 2 < sizeof r->note)
        strcpy(r->note + l, "; "), l += 2;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->note + l, sizeof r->note - l, fmt, ap);
    va_end(ap);
}

static long env_long(const char *name, long dflt) {
    const char *s = getenv(name);
    if (!s || !*s)
        return dflt;
    char *end;
    long v = strtol(s, &end, 10);
    return *end ? dflt : v;
}

static int wanted(const ScModelEntry *e, int argc, char **argv, int first) {
    if (first >= argc)
        return 1;
    for (int k = first; k < argc; k++)
        if (registry_matches(e, argv[k]))
            return 1;
    return 0;
}

static void usage(const char *p) {
    fprintf(stderr,
            "usage: %s [--cells N] [--steps S] [--big N] [--tol T] "
            "[--pert MV] [--csv FILE] [--no-timing] [MODEL ...]\n",
            p);
}

/* What the checking threads share: the settings, the models to check in order, their rows, the
 * next model to take, and whether the CUDA context died. */
typedef struct Jobs {
    long N, S, big;
    double tol;
    int timing, ref_threads;
    const ScModelEntry **models;
    Row *rows;
    int nmodels, next, dead;
} Jobs;

/* The host reference of model m into ref (n cells, row->steps steps; its failure and each table's
 * out-of-range lookups into row and coor). */
static void host_reference(Jobs *J, const GrModel *m, long n, GrHost *ref, Row *row,
                           unsigned long long *coor) {
    ScStepStatus cst = {ULLONG_MAX, 0};
    double t0 = sc_now_s();
    gr_ref_run(m, ref, 0, row->steps, J->ref_threads, &cst, coor);
    row->ref_s = sc_now_s() - t0;
    row->cpu_fail = cst.key != ULLONG_MAX;
    row->cpu_key = cst.key;
    row->cpu_val = cst.value;
}

/* Judge the GPU's double-precision run g1 (status s1, out-of-range lookups o1) and its K=50 run
 * g50 (s50) against the reference ref (coor) into row. */
static void judge_f64(Jobs *J, const GrModel *m, const GrHost *ref, const unsigned long long *coor,
                      const GrHost *g1, ScStepStatus s1, const unsigned long long *o1, const GrHost *g50,
                      ScStepStatus s50, Row *row) {
    compare(m, g1, ref, &row->d64);
    row->gpu_fail = s1.key != ULLONG_MAX;
    row->gpu_key = s1.key;
    if (row->cpu_fail || row->gpu_fail)
        snprintf(row->k50, sizeof row->k50, "%s", s1.key == s50.key && same_bits(m, g1, g50) ? "yes" : "n/a");
    else
        snprintf(row->k50, sizeof row->k50, "%s", same_bits(m, g1, g50) ? "yes" : "no");
    if (row->gpu_fail && !row->cpu_fail) {
        row->failed = 1;
        add_note(row, "GPU failure at step %llu cell %llu (Vm %g), none on the host", s1.key >> 32,
                 s1.key & 0xffffffffULL, s1.value);
    } else if (row->cpu_fail) {
        add_note(row, "host failure at step %llu cell %llu (Vm %g); GPU %s", row->cpu_key >> 32,
                 row->cpu_key & 0xffffffffULL, row->cpu_val,
                 row->gpu_fail ? (s1.key == row->cpu_key ? "the same" : "another") : "none");
    }
    if (!row->cpu_fail && !(row->d64.vm_rel <= J->tol)) {
        row->failed = 1;
        add_note(row, "Vm relative difference %.3g > %.3g", row->d64.vm_rel, J->tol);
    }
    if (row->d64.nan_mismatch)
        add_note(row, "%ld values finite on one side only", row->d64.nan_mismatch);
    if (row->d64.sv_worst >= 0 && row->d64.sv_rel > J->tol)
        add_note(row, "worst state %s", m->d->sv_names[row->d64.sv_worst]);
    for (int t = 0; t < m->d->ntables && t < SC_MAX_TABLES; t++)
        if (o1[t] != coor[t])
            add_note(row, "table %d out-of-range lookups: GPU %llu, host %llu", t, o1[t], coor[t]);
}

/* The single-precision kernel's run (when the model has one) against ref into row->d32 (NAN: none
 * or a CUDA error). */
static void check_f32(const ScModelEntry *e, const GrModel *m, long n, int adaptive, const GrHost *ref,
                      Row *row) {
    row->d32.vm_abs = NAN;
    if (!e->cuda[1])
        return;
    GrHost g32;
    gr_host_alloc(&g32, m, n);
    ScStepStatus s32 = {ULLONG_MAX, 0};
    unsigned long long o32[SC_MAX_TABLES] = {0};
    gr_f32_substeps = adaptive ? F32_SUBSTEPS : 0;
    int e32 = gr_gpu_run(m, 1, n, row->steps, 1, &g32, &s32, o32);
    gr_f32_substeps = 0;
    if (e32 == 0) {
        compare(m, &g32, ref, &row->d32);
        if (s32.key != ULLONG_MAX)
            add_note(row, "f32 failure at step %llu", s32.key >> 32);
    } else {
        row->d32.vm_abs = NAN;
        add_note(row, "f32 CUDA error: %s", gr_cuerr);
    }
    gr_host_free(&g32);
}

/* The timing runs into row (J->timing): n cells, then J->big cells (not for adaptive models). */
static void time_model(Jobs *J, const ScModelEntry *e, const GrModel *m, long n, int adaptive, Row *row) {
    row->t_small[0] = gr_gpu_time(m, 0, n, 1);
    row->t_small[1] = gr_gpu_time(m, 0, n, TIME_STEPS);
    if (J->big > 0 && adaptive)
        add_note(row, "no large timing run (adaptive model: starcarp benchmark times it)");
    if (J->big > 0 && !adaptive) {
        row->t_big[0] = gr_gpu_time(m, 0, J->big, 1);
        row->t_big[1] = gr_gpu_time(m, 0, J->big, TIME_STEPS);
        if (e->cuda[1])
            row->t_big32 = gr_gpu_time(m, 1, J->big, TIME_STEPS);
    }
}

/* Checks one model into its row (the host reference on J->ref_threads threads, then the GPU runs
 * on this thread's streams) and prints its line on stderr. */
static void check_model(Jobs *J, const ScModelEntry *e, Row *row) {
    snprintf(row->model, sizeof row->model, "%s", e->name);
    snprintf(row->methods, sizeof row->methods, "%s", e->desc->methods ? e->desc->methods : "?");
    row->nstates = e->desc->nstates, row->nsv = e->desc->nsv;
    row->t_small[0] = row->t_small[1] = row->t_big[0] = row->t_big[1] = row->t_big32 = NAN;
    snprintf(row->k50, sizeof row->k50, "-");
    GrModel m;
    gr_model_init(&m, e);
    double t0 = sc_now_s();
    /* S steps, or S_ADAPTIVE for a model with an adaptive (cvode) group, whose steps cost hundreds
       of sub-steps (the count depends on the model, never on the machine's speed) */
    const int adaptive = e->desc->methods && strstr(e->desc->methods, "cvode") != NULL;
    const long n = adaptive && J->N > N_ADAPTIVE ? N_ADAPTIVE : J->N;
    row->steps = adaptive && J->S > S_ADAPTIVE ? S_ADAPTIVE : J->S;
    if (row->steps < J->S || n < J->N)
        add_note(row, "%ld cells, %ld steps (adaptive model)", n, row->steps);
    GrHost ref, g1, g50;
    unsigned long long coor[SC_MAX_TABLES] = {0}, o1[SC_MAX_TABLES] = {0}, o50[SC_MAX_TABLES] = {0};
    gr_host_alloc(&ref, &m, n);
    host_reference(J, &m, n, &ref, row, coor);
    /* GPU f64 K=1, K=50, f32 K=1 */
    gr_host_alloc(&g1, &m, n);
    gr_host_alloc(&g50, &m, n);
    ScStepStatus s1 = {ULLONG_MAX, 0}, s50 = {ULLONG_MAX, 0};
    int err = gr_gpu_run(&m, 0, n, row->steps, 1, &g1, &s1, o1);
    if (!err)
        err = gr_gpu_run(&m, 0, n, row->steps, 50, &g50, &s50, o50);
    if (err) {
        row->failed = 1;
        add_note(row, "CUDA error: %s", gr_cuerr);
        /* a sticky error leaves the context unusable: stop there */
        if (cudaDeviceSynchronize() != cudaSuccess || cudaGetLastError() != cudaSuccess) {
            fprintf(stderr, "test_gpu_vs_cpu: the CUDA context is unusable after %s: stopping\n", e->name);
            __atomic_store_n(&J->dead, 1, __ATOMIC_SEQ_CST);
        }
    } else {
        judge_f64(J, &m, &ref, coor, &g1, s1, o1, &g50, s50, row);
        check_f32(e, &m, n, adaptive, &ref, row);
        if (J->timing)
            time_model(J, e, &m, n, adaptive, row);
    }
    fprintf(stderr,
            "%-48s %s  Vm rel %.2e  states rel %.2e  K50 %s  f32 |dVm| %.3g  (%ld steps, %.1f s)%s%s\n",
            e->name, row->failed ? "FAIL" : "ok  ", row->d64.vm_rel, row->d64.sv_rel, row->k50,
            row->d32.vm_abs, row->steps, sc_now_s() - t0, row->note[0] ? ": " : "", row->note);
    gr_host_free(&ref), gr_host_free(&g1), gr_host_free(&g50);
    gr_model_free(&m);
}

/* A checking thread: takes the next model until none is left or the context died. */
static void *check_thread(void *p) {
    Jobs *J = p;
    for (;;) {
        int k = __atomic_fetch_add(&J->next, 1, __ATOMIC_SEQ_CST);
        if (k >= J->nmodels || __atomic_load_n(&J->dead, __ATOMIC_SEQ_CST))
            return NULL;
        check_model(J, J->models[k], &J->rows[k]);
    }
}

/* The command line: its settings (the environment's SC_GPU_* first), the first model argument. */
typedef struct Args {
    long N, S, big;
    double tol;
    const char *csv;
    int timing, first;
} Args;

/* Reads argv into a; 0, or 2 (usage or a bad value, said on stderr). */
static int parse_args(int argc, char **argv, Args *a) {
    *a = (Args){env_long("SC_GPU_CELLS", 4096),
                env_long("SC_GPU_STEPS", 500),
                env_long("SC_GPU_BIG", 1048576),
                getenv("SC_GPU_TOL") ? atof(getenv("SC_GPU_TOL")) : 1e-6,
                NULL,
                1,
                1};
    for (; a->first < argc && !strncmp(argv[a->first], "--", 2); a->first++) {
        const char *o = argv[a->first];
        int has = a->first + 1 < argc;
        if (!strcmp(o, "--cells") && has)
            a->N = atol(argv[++a->first]);
        else if (!strcmp(o, "--steps") && has)
            a->S = atol(argv[++a->first]);
        else if (!strcmp(o, "--big") && has)
            a->big = atol(argv[++a->first]);
        else if (!strcmp(o, "--tol") && has)
            a->tol = atof(argv[++a->first]);
        else if (!strcmp(o, "--csv") && has)
            a->csv = argv[++a->first];
        else if (!strcmp(o, "--pert") && has)
            gr_pert = atof(argv[++a->first]);
        else if (!strcmp(o, "--no-timing"))
            a->timing = 0;
        else if (!strcmp(o, "--")) {
            a->first++;
            break;
        } else {
            usage(argv[0]);
            return 2;
        }
    }
    if (a->N < 1 || a->N > 0x7fffffffL || a->S < 1 || a->S > 0x7fffffffL || a->big < 0 || !(a->tol > 0)) {
        fprintf(stderr, "test_gpu_vs_cpu: bad --cells/--steps/--big/--tol\n");
        return 2;
    }
    for (int k = a->first; k < argc; k++)
        if (!registry_find(argv[k])) {
            fprintf(stderr, "test_gpu_vs_cpu: no model %s in the library\n", argv[k]);
            return 2;
        }
    return 0;
}

/* Device 0 made current into *prop: 0, or 77 (no usable CUDA device: said on stdout). */
static int cuda_ready(struct cudaDeviceProp *prop) {
    int ndev = 0;
    cudaError_t ce = cudaGetDeviceCount(&ndev);
    if (ce != cudaSuccess || ndev < 1) {
        printf("no CUDA device (%s): skipped\n", ce != cudaSuccess ? cudaGetErrorString(ce) : "count 0");
        return 77;
    }
    if ((ce = cudaGetDeviceProperties(prop, 0)) != cudaSuccess || (ce = cudaSetDevice(0)) != cudaSuccess ||
        (ce = cudaFree(0)) != cudaSuccess) {
        printf("CUDA device 0 unusable (%s): skipped\n", cudaGetErrorString(ce));
        return 77;
    }
    return 0;
}

/* The models to check into models (registry order; those named from argv[first], or all): their
 * count. */
static int pick_models(int argc, char **argv, int first, const ScModelEntry **models) {
    int n = 0;
    for (int r = 0; r < registry_count; r++) {
        const ScModelEntry *e = &registry_models[r];
        if (!wanted(e, argc, argv, first))
            continue;
        if (!e->cuda[0]) {
            if (first < argc)
                fprintf(stderr, "%s: no CUDA kernel in this build: skipped\n", e->name);
            continue;
        }
        if (!e->desc->c_run[0]) {
            fprintf(stderr, "%s: no portable C kernel: skipped\n", e->name);
            continue;
        }
        models[n++] = e;
    }
    return n;
}

/* Checks J's models, MODEL_THREADS of them at once (each GPU run of an adaptive model keeps a few
 * multiprocessors busy for seconds: its cells are few and its sub-steps sequential), the host
 * reference of each on its share of the nthr cores. */
static void run_jobs(Jobs *J, int nthr) {
    int nmt = J->nmodels < MODEL_THREADS ? (J->nmodels > 0 ? J->nmodels : 1) : MODEL_THREADS;
    if (nmt > nthr)
        nmt = nthr;
    J->ref_threads = nthr / nmt > 0 ? nthr / nmt : 1;
    pthread_t *mth = gr_calloc((size_t)nmt, sizeof *mth);
    char *mstarted = gr_calloc((size_t)nmt, 1);
    for (int t = 1; t < nmt; t++)
        mstarted[t] = pthread_create(&mth[t], NULL, check_thread, J) == 0;
    check_thread(J);
    for (int t = 1; t < nmt; t++)
        if (mstarted[t])
            pthread_join(mth[t], NULL);
    free(mth), free(mstarted);
    if (J->dead)
        for (int k = 0; k < J->nmodels; k++)
            if (!J->rows[k].model[0])
                snprintf(J->rows[k].model, sizeof J->rows[k].model, "%s (not checked: the context died)",
                         J->models[k]->name);
}

/* The markdown table of the rows on stdout. */
static void print_table(const Jobs *J, const struct cudaDeviceProp *prop, double seconds) {
    int rtv = 0, drv = 0;
    cudaRuntimeGetVersion(&rtv);
    cudaDriverGetVersion(&drv);
    printf(
        "\nGPU %s (sm_%d%d, %d SMs), CUDA runtime %d, driver %d; %ld cells, dt %g ms, stimulus %g "
        "from step %d for %d steps, Vm + %g*(i mod %d); timing %d steps after %d, large run %ld cells; %.0f s\n\n",
        prop->name, prop->major, prop->minor, prop->multiProcessorCount, rtv, drv, J->N, DT, STIM_AMP,
        STIM_START, STIM_PULSE, gr_pert, PERT_WRAP, TIME_STEPS, TIME_STEPS, J->big, seconds);
    printf(
        "| model | methods | states | steps | f64 max abs dVm | f64 max rel dVm (K=1) | f64 max rel d(state) "
        "| K=50 == K=1 bitwise | f32 max abs dVm (mV) | ns/cell-step N=%ld K=1 | K=20 | N=%ld K=1 | K=20 "
        "| f32 N=%ld K=20 | cell-steps/s (f64, N=%ld) | notes |\n",
        J->N, J->big, J->big, J->big);
    printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int k = 0; k < J->nmodels; k++)
        print_row_md(stdout, &J->rows[k]);
}

/* The rows as CSV into csv, else $SC_OUT (a folder: gpu_vs_cpu.csv in it), else gpu_vs_cpu.csv:
 * 0, or 1 (not written: said on stderr). */
static int write_csv(const Jobs *J, const char *csv) {
    char path[4096];
    const char *so = getenv("SC_OUT");
    struct stat sb;
    if (csv)
        snprintf(path, sizeof path, "%s", csv);
    else if (so && *so && stat(so, &sb) == 0 && S_ISDIR(sb.st_mode))
        snprintf(path, sizeof path, "%s/gpu_vs_cpu.csv", so);
    else
        snprintf(path, sizeof path, "%s", so && *so ? so : "gpu_vs_cpu.csv");
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "test_gpu_vs_cpu: %s: %s\n", path, strerror(errno));
        return 1;
    }
    fprintf(f, "model,methods,states,steps,f64_max_abs_dvm,f64_max_rel_dvm,f64_max_rel_dstate,"
               "k50_bitwise,f32_max_abs_dvm,s_per_cellstep_small_k1,s_per_cellstep_small_k20,"
               "s_per_cellstep_big_k1,s_per_cellstep_big_k20,s_per_cellstep_big_f32_k20,"
               "cellsteps_per_s_big_f64,cpu_failure,gpu_failure,failed,notes\n");
    for (int k = 0; k < J->nmodels; k++)
        print_row_csv(f, &J->rows[k]);
    if (fclose(f) != 0) {
        fprintf(stderr, "test_gpu_vs_cpu: %s: %s\n", path, strerror(errno));
        return 1;
    }
    printf("\nCSV: %s\n", path);
    return 0;
}

int main(int argc, char **argv) {
    Args a;
    struct cudaDeviceProp prop;
    int rc = parse_args(argc, argv, &a);
    if (rc || (rc = cuda_ready(&prop)))
        return rc;
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    int nthr = ncpu > 0 ? (int)(ncpu > 64 ? 64 : ncpu) : 1;
    Row *rows = gr_calloc((size_t)registry_count, sizeof *rows);
    const ScModelEntry **models = gr_calloc((size_t)registry_count, sizeof *models);
    int nrows = pick_models(argc, argv, a.first, models);
    Jobs J = {a.N, a.S, a.big, a.tol, a.timing, 1, models, rows, nrows, 0, 0};
    double t_start = sc_now_s();
    run_jobs(&J, nthr);
    int nfail = 0;
    for (int k = 0; k < nrows; k++)
        nfail += rows[k].failed != 0;
    print_table(&J, &prop, sc_now_s() - t_start);
    nfail += write_csv(&J, a.csv);
    if (nrows == 0)
        printf("no model with a CUDA kernel was tested\n");
    for (int k = 0; k < nrows; k++)
        if (rows[k].failed)
            printf("FAILED: %s: %s\n", rows[k].model, rows[k].note);
    printf("%d models, %d failed\n", nrows, nfail);
    free(rows), free(models);
    return J.dead || nfail ? 1 : 0;
}

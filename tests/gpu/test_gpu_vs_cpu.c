/* test_gpu_vs_cpu.c: every CUDA kernel of the model library against the portable C reference.
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

#include "starcarp_model.h"
#include "sc_registry.h"
#include "sc_internal.h"
#include "sc_host.h"

#define PERT_WRAP 4096 /* cell i: Vm0 + 0.01 * (i % PERT_WRAP) */
#define STIM_AMP 40.0
#define STIM_START 10
#define STIM_PULSE 100
#define DT 0.01
#define TIME_STEPS 20
#define S_ADAPTIVE 500 /* steps of a model with a cvode group (stimulus from step 10, upstroke) */
#define N_ADAPTIVE \
    4096 /* cells of such a model (512 x 150 steps while cvode ran ROS2 with a
                            dense LU: the whole library then did not fit in 5 minutes) */
#define F32_SUBSTEPS 2000 /* cvode sub-steps per step in the single-precision check run */
#define MODEL_THREADS 8 /* models checked at once */

/* ------------------------------------------------------------------ small helpers */
static void *xcalloc(size_t n, size_t sz) {
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p) {
        fprintf(stderr, "test_gpu_vs_cpu: out of host memory (%zu x %zu bytes)\n", n, sz);
        exit(1);
    }
    return p;
}

/* The last CUDA error message (per model, so per checking thread). */
static _Thread_local char g_cuerr[512];

static int cu_fail(const char *what, cudaError_t e, int line) {
    snprintf(g_cuerr, sizeof g_cuerr, "line %d: %s: %s (%s)", line, what, cudaGetErrorName(e),
             cudaGetErrorString(e));
    fprintf(stderr, "test_gpu_vs_cpu: CUDA error: %s\n", g_cuerr);
    return -1;
}
#define CK(call)                               \
    do {                                       \
        cudaError_t e_ = (call);               \
        if (e_ != cudaSuccess) {               \
            rc = cu_fail(#call, e_, __LINE__); \
            goto out;                          \
        }                                      \
    } while (0)

/* The initial state of a model: parameter set (double), one cell's states and Vm. */
typedef struct Model {
    const ScModelEntry *e;
    const ScModelDesc *d;
    int npc, nsv;
    double *pcd; /* npc */
    double *sv0; /* nsv */
    double vm0;
    double *lutd; /* lut_size() doubles, or NULL */
    size_t nlut;
} Model;

static void model_init(Model *m, const ScModelEntry *e) {
    memset(m, 0, sizeof *m);
    m->e = e;
    m->d = e->desc;
    m->nsv = m->d->nsv;
    ScHostModel h;
    if (sc_host_model_init(&h, m->d, NULL) != 0) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    m->npc = h.npc, m->pcd = h.pc, m->sv0 = h.sv0, m->vm0 = h.vm0, m->lutd = h.lut, m->nlut = h.nlut;
}

static void model_free(Model *m) { free(m->pcd), free(m->sv0), free(m->lutd); }

static double g_pert = 0.01; /* mV per cell index (--pert) */
static _Thread_local int
    g_f32_substeps; /* cvode sub-step budget of this thread's f32 runs (0: the kernel's) */

static double init_vm(const Model *m, long i) { return m->vm0 + g_pert * (double)(i % PERT_WRAP); }

static void base_args(ScStepArgs *a, long n) {
    memset(a, 0, sizeof *a);
    a->n = n;
    for (int k = 0; k < SC_MAX_PARAMS; k++)
        a->vary[k] = -1;
    a->nvary = 0;
    a->dt = DT;
    a->flags = SC_STEP_BENCH;
    a->stim.start = STIM_START, a->stim.pulse = STIM_PULSE, a->stim.period = 0, a->stim.count = 1;
    a->stim.amp = STIM_AMP;
    a->out_every = 0;
    a->vm_bound = 0;
}

/* Host arrays of n cells (double): the run's state. */
typedef struct Host {
    long n;
    double *sv, *vm, *iion, *ext;
} Host;

static void host_alloc(Host *h, const Model *m, long n) {
    h->n = n;
    h->sv = xcalloc((size_t)m->nsv * (size_t)n + 1, sizeof(double));
    h->vm = xcalloc((size_t)n, sizeof(double));
    h->iion = xcalloc((size_t)n, sizeof(double));
    h->ext = xcalloc((size_t)m->d->nexternals * (size_t)n + 1, sizeof(double));
    for (int k = 0; k < m->nsv; k++)
        for (long i = 0; i < n; i++)
            h->sv[(size_t)k * n + i] = m->sv0[k];
    for (long i = 0; i < n; i++)
        h->vm[i] = init_vm(m, i);
}

static void host_free(Host *h) { free(h->sv), free(h->vm), free(h->iion), free(h->ext); }

/* ------------------------------------------------------------------ host reference (threads) */
typedef struct RefJob {
    const Model *m;
    Host *g; /* the global arrays */
    long i0, n; /* cells [i0, i0 + n) */
    long d0, nsteps;
    ScStepStatus st; /* relative to this chunk */
    unsigned long long oor[SC_MAX_TABLES];
} RefJob;

static void *ref_thread(void *p) {
    RefJob *j = p;
    const Model *m = j->m;
    const long n = j->n, N = j->g->n;
    const int nsv = m->nsv, nex = m->d->nexternals;
    double *sv = xcalloc((size_t)nsv * n + 1, sizeof(double)), *vm = xcalloc((size_t)n, sizeof(double));
    double *iion = xcalloc((size_t)n, sizeof(double)), *ext = xcalloc((size_t)nex * n + 1, sizeof(double));
    for (int k = 0; k < nsv; k++)
        memcpy(sv + (size_t)k * n, j->g->sv + (size_t)k * N + j->i0, (size_t)n * sizeof(double));
    for (int k = 0; k < nex; k++)
        memcpy(ext + (size_t)k * n, j->g->ext + (size_t)k * N + j->i0, (size_t)n * sizeof(double));
    memcpy(vm, j->g->vm + j->i0, (size_t)n * sizeof(double));
    memcpy(iion, j->g->iion + j->i0, (size_t)n * sizeof(double));
    ScStepArgs a;
    base_args(&a, n);
    a.sv = sv, a.vm = vm, a.iion = iion, a.ext = nex ? ext : NULL;
    a.pc = m->pcd, a.lut = m->lutd, a.lut_oor = j->oor, a.status = &j->st;
    a.nsteps = 1;
    for (long d = j->d0; d < j->d0 + j->nsteps; d++) {
        a.d0 = d;
        m->d->c_run[0](&a);
    }
    for (int k = 0; k < nsv; k++)
        memcpy(j->g->sv + (size_t)k * N + j->i0, sv + (size_t)k * n, (size_t)n * sizeof(double));
    memcpy(j->g->vm + j->i0, vm, (size_t)n * sizeof(double));
    memcpy(j->g->iion + j->i0, iion, (size_t)n * sizeof(double));
    free(sv), free(vm), free(iion), free(ext);
    return NULL;
}

/* Steps [d0, d0 + nsteps) of the reference on h, K = 1, split over up to nthr threads; merges the
 * status (keys in the global cell numbering) into *st and the out-of-range counts into oor. */
static void ref_run(const Model *m, Host *h, long d0, long nsteps, int nthr, ScStepStatus *st,
                    unsigned long long *oor) {
    long n = h->n;
    if (nthr > n / 64)
        nthr = (int)(n / 64);
    if (nthr < 1)
        nthr = 1;
    RefJob *jobs = xcalloc((size_t)nthr, sizeof *jobs);
    pthread_t *th = xcalloc((size_t)nthr, sizeof *th);
    char *started = xcalloc((size_t)nthr, 1);
    long per = (n + nthr - 1) / nthr;
    for (int t = 0; t < nthr; t++) {
        RefJob *j = &jobs[t];
        j->m = m, j->g = h, j->i0 = (long)t * per;
        j->n = j->i0 + per <= n ? per : n - j->i0;
        j->d0 = d0, j->nsteps = nsteps;
        j->st.key = ULLONG_MAX, j->st.value = 0;
        if (j->n <= 0)
            continue;
        if (t < nthr - 1 && pthread_create(&th[t], NULL, ref_thread, j) == 0)
            started[t] = 1;
        else
            ref_thread(j); /* the last chunk (or when no thread can be made): here */
    }
    for (int t = 0; t < nthr; t++) {
        RefJob *j = &jobs[t];
        if (started[t])
            pthread_join(th[t], NULL);
        if (j->n <= 0)
            continue;
        if (j->st.key != ULLONG_MAX) {
            unsigned long long key = (j->st.key & 0xffffffff00000000ULL) |
                                     ((j->st.key & 0xffffffffULL) + (unsigned long long)j->i0);
            if (key < st->key)
                st->key = key, st->value = j->st.value;
        }
        for (int k = 0; k < SC_MAX_TABLES; k++)
            oor[k] += j->oor[k];
    }
    free(started);
    free(jobs), free(th);
}

/* ------------------------------------------------------------------ GPU runs */
typedef struct Dev {
    long n;
    int prec; /* 0 double, 1 float */
    size_t es; /* element size */
    void *sv, *vm, *iion, *ext, *pc, *lut;
    unsigned long long *oor;
    ScStepStatus *st;
    cudaStream_t stream;
    int stop; /* dev_steps stops after a call that recorded a failure */
} Dev;

static void dev_free(Dev *v) {
    void *ps[] = {v->sv, v->vm, v->iion, v->ext, v->pc, v->lut, v->oor, v->st};
    for (size_t k = 0; k < sizeof ps / sizeof *ps; k++)
        if (ps[k])
            cudaFree(ps[k]);
    if (v->stream)
        cudaStreamDestroy(v->stream);
    memset(v, 0, sizeof *v);
}

/* Copy n doubles from src to the device array dst in precision prec (through a host buffer). */
static cudaError_t upload(void *dst, const double *src, size_t n, int prec, void *buf) {
    if (n == 0)
        return cudaSuccess;
    if (prec == 0)
        return cudaMemcpy(dst, src, n * sizeof(double), cudaMemcpyHostToDevice);
    float *f = buf;
    for (size_t k = 0; k < n; k++)
        f[k] = (float)src[k];
    return cudaMemcpy(dst, f, n * sizeof(float), cudaMemcpyHostToDevice);
}

static cudaError_t download(double *dst, const void *src, size_t n, int prec, void *buf) {
    if (n == 0)
        return cudaSuccess;
    if (prec == 0)
        return cudaMemcpy(dst, src, n * sizeof(double), cudaMemcpyDeviceToHost);
    cudaError_t e = cudaMemcpy(buf, src, n * sizeof(float), cudaMemcpyDeviceToHost);
    if (e == cudaSuccess) {
        const float *f = buf;
        for (size_t k = 0; k < n; k++)
            dst[k] = f[k];
    }
    return e;
}

/* Allocate and initialise n cells of m on the device (initial state as host_alloc). */
static int dev_setup(Dev *v, const Model *m, long n, int prec) {
    int rc = 0;
    memset(v, 0, sizeof *v);
    v->n = n, v->prec = prec, v->es = prec ? sizeof(float) : sizeof(double);
    const size_t nsv = (size_t)m->nsv, nex = (size_t)m->d->nexternals;
    size_t bufn = (size_t)n > (size_t)m->npc ? (size_t)n : (size_t)m->npc;
    if (m->nlut > bufn)
        bufn = m->nlut;
    double *hb = xcalloc(bufn, sizeof(double));
    void *cb = xcalloc(bufn, sizeof(double));
    CK(cudaStreamCreateWithFlags(&v->stream, cudaStreamNonBlocking));
    CK(cudaMalloc(&v->sv, (nsv * (size_t)n + 1) * v->es));
    CK(cudaMalloc(&v->vm, (size_t)n * v->es));
    CK(cudaMalloc(&v->iion, (size_t)n * v->es));
    if (nex)
        CK(cudaMalloc(&v->ext, nex * (size_t)n * v->es));
    CK(cudaMalloc(&v->pc, ((size_t)m->npc + 1) * v->es));
    if (m->nlut)
        CK(cudaMalloc(&v->lut, m->nlut * v->es));
    CK(cudaMalloc((void **)&v->oor, SC_MAX_TABLES * sizeof(unsigned long long)));
    CK(cudaMalloc((void **)&v->st, sizeof(ScStepStatus)));
    for (size_t k = 0; k < nsv; k++) {
        for (long i = 0; i < n; i++)
            hb[i] = m->sv0[k];
        CK(upload((char *)v->sv + k * (size_t)n * v->es, hb, (size_t)n, prec, cb));
    }
    for (long i = 0; i < n; i++)
        hb[i] = init_vm(m, i);
    CK(upload(v->vm, hb, (size_t)n, prec, cb));
    CK(cudaMemset(v->iion, 0, (size_t)n * v->es));
    if (nex)
        CK(cudaMemset(v->ext, 0, nex * (size_t)n * v->es));
    CK(upload(v->pc, m->pcd, (size_t)m->npc, prec, cb));
    if (m->nlut)
        CK(upload(v->lut, m->lutd, m->nlut, prec, cb));
    CK(cudaMemset(v->oor, 0, SC_MAX_TABLES * sizeof(unsigned long long)));
    ScStepStatus s0 = {ULLONG_MAX, 0};
    CK(cudaMemcpy(v->st, &s0, sizeof s0, cudaMemcpyHostToDevice));
out:
    free(hb), free(cb);
    if (rc)
        dev_free(v);
    return rc;
}

/* Launch steps [d0, d0 + nsteps), K per launch, on v's stream (no synchronisation). */
static int dev_steps(Dev *v, const Model *m, long d0, long nsteps, int K) {
    ScStepArgs a;
    base_args(&a, v->n);
    a.sv = v->sv, a.vm = v->vm, a.iion = v->iion, a.ext = v->ext;
    a.pc = v->pc, a.lut = v->lut, a.lut_oor = v->oor, a.status = v->st;
    if (v->prec == 1 && g_f32_substeps > 0)
        a.max_substeps = g_f32_substeps;
    ScGpuLauncher f = m->e->cuda[v->prec];
    for (long d = d0; d < d0 + nsteps; d += K) {
        a.d0 = d;
        a.nsteps = (int)(d0 + nsteps - d < K ? d0 + nsteps - d : K);
        int e = f(&a, (void *)v->stream);
        if (e != 0)
            return cu_fail("model launcher", (cudaError_t)e, __LINE__);
        if (v->stop) { /* stop after the call where a cell failed, as the runtime does */
            ScStepStatus st;
            cudaError_t ce = cudaStreamSynchronize(v->stream);
            if (ce == cudaSuccess)
                ce = cudaMemcpy(&st, v->st, sizeof st, cudaMemcpyDeviceToHost);
            if (ce != cudaSuccess)
                return cu_fail("status after a launch", ce, __LINE__);
            if (st.key != ULLONG_MAX)
                break;
        }
    }
    return 0;
}

/* Wait for v's stream, then copy its state into h (double) and its status/counters out. */
static int dev_fetch(Dev *v, const Model *m, Host *h, ScStepStatus *st, unsigned long long *oor) {
    int rc = 0;
    void *cb = xcalloc((size_t)v->n, sizeof(double));
    CK(cudaStreamSynchronize(v->stream));
    for (int k = 0; k < m->nsv; k++)
        CK(download(h->sv + (size_t)k * v->n, (char *)v->sv + (size_t)k * v->n * v->es, (size_t)v->n, v->prec,
                    cb));
    CK(download(h->vm, v->vm, (size_t)v->n, v->prec, cb));
    CK(download(h->iion, v->iion, (size_t)v->n, v->prec, cb));
    CK(cudaMemcpy(st, v->st, sizeof *st, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(oor, v->oor, SC_MAX_TABLES * sizeof *oor, cudaMemcpyDeviceToHost));
out:
    free(cb);
    return rc;
}

/* A whole GPU run of steps [0, nsteps) into h (allocated by the caller with host_alloc). */
static int gpu_run(const Model *m, int prec, long n, long nsteps, int K, Host *h, ScStepStatus *st,
                   unsigned long long *oor) {
    Dev v;
    if (dev_setup(&v, m, n, prec))
        return -1;
    v.stop = prec == 1; /* a failing single-precision cvode cell would spend its whole sub-step
                             budget in every later step */
    int rc = dev_steps(&v, m, 0, nsteps, K);
    if (!rc)
        rc = dev_fetch(&v, m, h, st, oor);
    dev_free(&v);
    return rc;
}

/* GPU seconds per cell-step: n cells, TIME_STEPS steps of K per launch after as many of warm-up.
 * NaN when the cells do not fit (a message says so), -1 on a CUDA error. */
static double gpu_time(const Model *m, int prec, long n, int K) {
    Dev v;
    cudaEvent_t e0 = 0, e1 = 0;
    double res = -1;
    int rc = 0;
    size_t fr = 0, tot = 0;
    if (cudaMemGetInfo(&fr, &tot) == cudaSuccess) {
        size_t need = ((size_t)m->nsv + 2 + (size_t)m->d->nexternals) * (size_t)n *
                      (prec ? sizeof(float) : sizeof(double));
        if (need + ((size_t)256 << 20) > fr) {
            fprintf(stderr, "  %s: %ld cells need %zu MiB, %zu MiB free: not timed\n", m->e->name, n,
                    need >> 20, fr >> 20);
            return NAN;
        }
    }
    if (dev_setup(&v, m, n, prec))
        return -1;
    CK(cudaEventCreate(&e0));
    CK(cudaEventCreate(&e1));
    if (dev_steps(&v, m, 0, TIME_STEPS, K))
        goto out;
    CK(cudaEventRecord(e0, v.stream));
    if (dev_steps(&v, m, TIME_STEPS, TIME_STEPS, K))
        goto out;
    CK(cudaEventRecord(e1, v.stream));
    CK(cudaEventSynchronize(e1));
    float ms = 0;
    CK(cudaEventElapsedTime(&ms, e0, e1));
    res = 1e-3 * ms / ((double)TIME_STEPS * (double)n);
out:
    if (e0)
        cudaEventDestroy(e0);
    if (e1)
        cudaEventDestroy(e1);
    dev_free(&v);
    (void)rc;
    return res;
}

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

static void compare(const Model *m, const Host *g, const Host *c, Diff *df) {
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

static int same_bits(const Model *m, const Host *a, const Host *b) {
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

static int matches(const ScModelEntry *e, const char *name) {
    return !strcmp(name, e->name) || !strcmp(name, e->desc->name) || !strcmp(name, e->desc->ident);
}

static int wanted(const ScModelEntry *e, int argc, char **argv, int first) {
    if (first >= argc)
        return 1;
    for (int k = first; k < argc; k++)
        if (matches(e, argv[k]))
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

/* Checks one model into its row (the host reference on J->ref_threads threads, then the GPU runs
 * on this thread's streams) and prints its line on stderr. */
static void check_model(Jobs *J, const ScModelEntry *e, Row *row) {
    snprintf(row->model, sizeof row->model, "%s", e->name);
    snprintf(row->methods, sizeof row->methods, "%s", e->desc->methods ? e->desc->methods : "?");
    row->nstates = e->desc->nstates, row->nsv = e->desc->nsv;
    row->t_small[0] = row->t_small[1] = row->t_big[0] = row->t_big[1] = row->t_big32 = NAN;
    snprintf(row->k50, sizeof row->k50, "-");
    Model m;
    model_init(&m, e);
    double t0 = sc_now_s();

    /* host reference: S steps, or S_ADAPTIVE for a model with an adaptive (cvode) group,
       whose steps cost hundreds of sub-steps (the count depends on the model, never on the
       machine's speed) */
    Host ref, g1, g50, g32;
    const int adaptive = e->desc->methods && strstr(e->desc->methods, "cvode") != NULL;
    const long n = adaptive && J->N > N_ADAPTIVE ? N_ADAPTIVE : J->N;
    host_alloc(&ref, &m, n);
    ScStepStatus cst = {ULLONG_MAX, 0};
    unsigned long long coor[SC_MAX_TABLES] = {0};
    long steps = adaptive && J->S > S_ADAPTIVE ? S_ADAPTIVE : J->S;
    if (steps < J->S || n < J->N)
        add_note(row, "%ld cells, %ld steps (adaptive model)", n, steps);
    double tref0 = sc_now_s();
    ref_run(&m, &ref, 0, steps, J->ref_threads, &cst, coor);
    row->steps = steps;
    row->ref_s = sc_now_s() - tref0;
    row->cpu_fail = cst.key != ULLONG_MAX;
    row->cpu_key = cst.key;

    /* GPU f64 K=1, K=50, f32 K=1 */
    host_alloc(&g1, &m, n);
    host_alloc(&g50, &m, n);
    host_alloc(&g32, &m, n);
    ScStepStatus s1 = {ULLONG_MAX, 0}, s50 = {ULLONG_MAX, 0}, s32 = {ULLONG_MAX, 0};
    unsigned long long o1[SC_MAX_TABLES] = {0}, o50[SC_MAX_TABLES] = {0}, o32[SC_MAX_TABLES] = {0};
    int err = gpu_run(&m, 0, n, steps, 1, &g1, &s1, o1);
    if (!err)
        err = gpu_run(&m, 0, n, steps, 50, &g50, &s50, o50);
    if (err) {
        row->failed = 1;
        add_note(row, "CUDA error: %s", g_cuerr);
        /* a sticky error leaves the context unusable: stop there */
        if (cudaDeviceSynchronize() != cudaSuccess || cudaGetLastError() != cudaSuccess) {
            fprintf(stderr, "test_gpu_vs_cpu: the CUDA context is unusable after %s: stopping\n", e->name);
            __atomic_store_n(&J->dead, 1, __ATOMIC_SEQ_CST);
        }
    } else {
        compare(&m, &g1, &ref, &row->d64);
        row->gpu_fail = s1.key != ULLONG_MAX;
        row->gpu_key = s1.key;
        if (row->cpu_fail || row->gpu_fail)
            snprintf(row->k50, sizeof row->k50, "%s",
                     s1.key == s50.key && same_bits(&m, &g1, &g50) ? "yes" : "n/a");
        else
            snprintf(row->k50, sizeof row->k50, "%s", same_bits(&m, &g1, &g50) ? "yes" : "no");
        if (row->gpu_fail && !row->cpu_fail) {
            row->failed = 1;
            add_note(row, "GPU failure at step %llu cell %llu (Vm %g), none on the host", s1.key >> 32,
                     s1.key & 0xffffffffULL, s1.value);
        } else if (row->cpu_fail) {
            add_note(row, "host failure at step %llu cell %llu (Vm %g); GPU %s", cst.key >> 32,
                     cst.key & 0xffffffffULL, cst.value,
                     row->gpu_fail ? (s1.key == cst.key ? "the same" : "another") : "none");
        }
        if (!row->cpu_fail && !(row->d64.vm_rel <= J->tol)) {
            row->failed = 1;
            add_note(row, "Vm relative difference %.3g > %.3g", row->d64.vm_rel, J->tol);
        }
        if (row->d64.nan_mismatch)
            add_note(row, "%ld values finite on one side only", row->d64.nan_mismatch);
        if (row->d64.sv_worst >= 0 && row->d64.sv_rel > J->tol)
            add_note(row, "worst state %s", m.d->sv_names[row->d64.sv_worst]);
        for (int t = 0; t < m.d->ntables && t < SC_MAX_TABLES; t++)
            if (o1[t] != coor[t])
                add_note(row, "table %d out-of-range lookups: GPU %llu, host %llu", t, o1[t], coor[t]);
        if (e->cuda[1]) {
            g_f32_substeps = adaptive ? F32_SUBSTEPS : 0;
            int e32 = gpu_run(&m, 1, n, steps, 1, &g32, &s32, o32);
            g_f32_substeps = 0;
            if (e32 == 0) {
                Diff d32;
                compare(&m, &g32, &ref, &d32);
                row->d32 = d32;
                if (s32.key != ULLONG_MAX)
                    add_note(row, "f32 failure at step %llu", s32.key >> 32);
            } else {
                row->d32.vm_abs = NAN;
                add_note(row, "f32 CUDA error: %s", g_cuerr);
            }
        } else
            row->d32.vm_abs = NAN;
        if (J->timing) {
            row->t_small[0] = gpu_time(&m, 0, n, 1);
            row->t_small[1] = gpu_time(&m, 0, n, TIME_STEPS);
            if (J->big > 0 && adaptive)
                add_note(row, "no large timing run (adaptive model: starcarp benchmark times it)");
            if (J->big > 0 && !adaptive) {
                row->t_big[0] = gpu_time(&m, 0, J->big, 1);
                row->t_big[1] = gpu_time(&m, 0, J->big, TIME_STEPS);
                if (e->cuda[1])
                    row->t_big32 = gpu_time(&m, 1, J->big, TIME_STEPS);
            }
        }
    }
    fprintf(stderr,
            "%-48s %s  Vm rel %.2e  states rel %.2e  K50 %s  f32 |dVm| %.3g  (%ld steps, %.1f s)%s%s\n",
            e->name, row->failed ? "FAIL" : "ok  ", row->d64.vm_rel, row->d64.sv_rel, row->k50,
            row->d32.vm_abs, row->steps, sc_now_s() - t0, row->note[0] ? ": " : "", row->note);
    host_free(&ref), host_free(&g1), host_free(&g50), host_free(&g32);
    model_free(&m);
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

int main(int argc, char **argv) {
    long N = env_long("SC_GPU_CELLS", 4096), S = env_long("SC_GPU_STEPS", 500);
    long BIG = env_long("SC_GPU_BIG", 1048576);
    double tol = getenv("SC_GPU_TOL") ? atof(getenv("SC_GPU_TOL")) : 1e-6;
    const char *csv = NULL;
    int timing = 1, first = 1;
    for (; first < argc && !strncmp(argv[first], "--", 2); first++) {
        const char *o = argv[first];
        int has = first + 1 < argc;
        if (!strcmp(o, "--cells") && has)
            N = atol(argv[++first]);
        else if (!strcmp(o, "--steps") && has)
            S = atol(argv[++first]);
        else if (!strcmp(o, "--big") && has)
            BIG = atol(argv[++first]);
        else if (!strcmp(o, "--tol") && has)
            tol = atof(argv[++first]);
        else if (!strcmp(o, "--csv") && has)
            csv = argv[++first];
        else if (!strcmp(o, "--pert") && has)
            g_pert = atof(argv[++first]);
        else if (!strcmp(o, "--no-timing"))
            timing = 0;
        else if (!strcmp(o, "--")) {
            first++;
            break;
        } else {
            usage(argv[0]);
            return 2;
        }
    }
    if (N < 1 || N > 0x7fffffffL || S < 1 || S > 0x7fffffffL || BIG < 0 || !(tol > 0)) {
        fprintf(stderr, "test_gpu_vs_cpu: bad --cells/--steps/--big/--tol\n");
        return 2;
    }
    for (int k = first; k < argc; k++) {
        int found = 0;
        for (int r = 0; r < sc_model_registry_count; r++)
            found |= matches(&sc_model_registry[r], argv[k]);
        if (!found) {
            fprintf(stderr, "test_gpu_vs_cpu: no model %s in the library\n", argv[k]);
            return 2;
        }
    }

    int ndev = 0;
    cudaError_t ce = cudaGetDeviceCount(&ndev);
    if (ce != cudaSuccess || ndev < 1) {
        printf("no CUDA device (%s): skipped\n", ce != cudaSuccess ? cudaGetErrorString(ce) : "count 0");
        return 77;
    }
    struct cudaDeviceProp prop;
    if ((ce = cudaGetDeviceProperties(&prop, 0)) != cudaSuccess || (ce = cudaSetDevice(0)) != cudaSuccess ||
        (ce = cudaFree(0)) != cudaSuccess) {
        printf("CUDA device 0 unusable (%s): skipped\n", cudaGetErrorString(ce));
        return 77;
    }
    int rtv = 0, drv = 0;
    cudaRuntimeGetVersion(&rtv);
    cudaDriverGetVersion(&drv);
    long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
    int nthr = ncpu > 0 ? (int)(ncpu > 64 ? 64 : ncpu) : 1;

    /* the models to check, in registry order; MODEL_THREADS of them at once (each GPU run of an
       adaptive model keeps a few multiprocessors busy for seconds: its cells are few and its
       sub-steps sequential), the host reference of each on its share of the cores */
    Row *rows = xcalloc((size_t)sc_model_registry_count, sizeof *rows);
    const ScModelEntry **models = xcalloc((size_t)sc_model_registry_count, sizeof *models);
    int nrows = 0, nfail = 0;
    for (int r = 0; r < sc_model_registry_count; r++) {
        const ScModelEntry *e = &sc_model_registry[r];
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
        models[nrows++] = e;
    }
    int nmt = nrows < MODEL_THREADS ? (nrows > 0 ? nrows : 1) : MODEL_THREADS;
    if (nmt > nthr)
        nmt = nthr;
    Jobs J = {N, S, BIG, tol, timing, nthr / nmt > 0 ? nthr / nmt : 1, models, rows, nrows, 0, 0};
    double t_start = sc_now_s();
    pthread_t *mth = xcalloc((size_t)nmt, sizeof *mth);
    char *mstarted = xcalloc((size_t)nmt, 1);
    for (int t = 1; t < nmt; t++)
        mstarted[t] = pthread_create(&mth[t], NULL, check_thread, &J) == 0;
    check_thread(&J);
    for (int t = 1; t < nmt; t++)
        if (mstarted[t])
            pthread_join(mth[t], NULL);
    free(mth), free(mstarted);
    int dead = J.dead;
    for (int k = 0; k < nrows; k++)
        if (rows[k].failed)
            nfail++;
    if (dead)
        for (int k = 0; k < nrows; k++)
            if (!rows[k].model[0])
                snprintf(rows[k].model, sizeof rows[k].model, "%s (not checked: the context died)",
                         models[k]->name);

    /* the table */
    printf(
        "\nGPU %s (sm_%d%d, %d SMs), CUDA runtime %d, driver %d; %ld cells, dt %g ms, stimulus %g "
        "from step %d for %d steps, Vm + %g*(i mod %d); timing %d steps after %d, large run %ld cells; %.0f s\n\n",
        prop.name, prop.major, prop.minor, prop.multiProcessorCount, rtv, drv, N, DT, STIM_AMP, STIM_START,
        STIM_PULSE, g_pert, PERT_WRAP, TIME_STEPS, TIME_STEPS, BIG, sc_now_s() - t_start);
    printf(
        "| model | methods | states | steps | f64 max abs dVm | f64 max rel dVm (K=1) | f64 max rel d(state) "
        "| K=50 == K=1 bitwise | f32 max abs dVm (mV) | ns/cell-step N=%ld K=1 | K=20 | N=%ld K=1 | K=20 "
        "| f32 N=%ld K=20 | cell-steps/s (f64, N=%ld) | notes |\n",
        N, BIG, BIG, BIG);
    printf("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (int k = 0; k < nrows; k++)
        print_row_md(stdout, &rows[k]);

    char path[4096];
    const char *so = getenv("SC_OUT");
    struct stat sb;
    if (csv)
        snprintf(path, sizeof path, "%s", csv);
    else if (so && *so && stat(so, &sb) == 0 && S_ISDIR(sb.st_mode))
        snprintf(path, sizeof path, "%s/gpu_vs_cpu.csv", so);
    else if (so && *so)
        snprintf(path, sizeof path, "%s", so);
    else
        snprintf(path, sizeof path, "gpu_vs_cpu.csv");
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "test_gpu_vs_cpu: %s: %s\n", path, strerror(errno));
        nfail++;
    } else {
        fprintf(f, "model,methods,states,steps,f64_max_abs_dvm,f64_max_rel_dvm,f64_max_rel_dstate,"
                   "k50_bitwise,f32_max_abs_dvm,s_per_cellstep_small_k1,s_per_cellstep_small_k20,"
                   "s_per_cellstep_big_k1,s_per_cellstep_big_k20,s_per_cellstep_big_f32_k20,"
                   "cellsteps_per_s_big_f64,cpu_failure,gpu_failure,failed,notes\n");
        for (int k = 0; k < nrows; k++)
            print_row_csv(f, &rows[k]);
        if (fclose(f) != 0) {
            fprintf(stderr, "test_gpu_vs_cpu: %s: %s\n", path, strerror(errno));
            nfail++;
        } else
            printf("\nCSV: %s\n", path);
    }
    if (nrows == 0)
        printf("no model with a CUDA kernel was tested\n");
    for (int k = 0; k < nrows; k++)
        if (rows[k].failed)
            printf("FAILED: %s: %s\n", rows[k].model, rows[k].note);
    printf("%d models, %d failed\n", nrows, nfail);
    free(rows), free(models);
    if (dead)
        return 1;
    return nfail ? 1 : 0;
}

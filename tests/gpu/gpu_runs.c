/* gpu_runs.c: the machinery of the GPU check (gpu_runs.h). */
#include <cuda_runtime.h>
#include <limits.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gpu_runs.h"
#include "host_model.h"

/* ------------------------------------------------------------------ small helpers */
void *gr_calloc(size_t n, size_t sz) {
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p) {
        fprintf(stderr, "test_gpu_vs_cpu: out of host memory (%zu x %zu bytes)\n", n, sz);
        exit(1);
    }
    return p;
}

/* The last CUDA error message (per model, so per checking thread). */
_Thread_local char gr_cuerr[512];

static int cu_fail(const char *what, cudaError_t e, int line) {
    snprintf(gr_cuerr, sizeof gr_cuerr, "line %d: %s: %s (%s)", line, what, cudaGetErrorName(e),
             cudaGetErrorString(e));
    fprintf(stderr, "test_gpu_vs_cpu: CUDA error: %s\n", gr_cuerr);
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

void gr_model_init(GrModel *m, const ScModelEntry *e) {
    memset(m, 0, sizeof *m);
    m->e = e;
    m->d = e->desc;
    m->nsv = m->d->nsv;
    ScHostModel h;
    if (kern_host_model_init(&h, m->d, NULL) != 0) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    m->npc = h.npc, m->pcd = h.pc, m->sv0 = h.sv0, m->vm0 = h.vm0, m->lutd = h.lut, m->nlut = h.nlut;
}

void gr_model_free(GrModel *m) { free(m->pcd), free(m->sv0), free(m->lutd); }

double gr_pert = 0.01; /* mV per cell index (--pert) */
_Thread_local int gr_f32_substeps; /* cvode sub-step budget of this thread's f32 runs (0: the kernel's) */

double gr_init_vm(const GrModel *m, long i) { return m->vm0 + gr_pert * (double)(i % PERT_WRAP); }

void gr_base_args(ScStepArgs *a, long n) {
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

void gr_host_alloc(GrHost *h, const GrModel *m, long n) {
    h->n = n;
    h->sv = gr_calloc((size_t)m->nsv * (size_t)n + 1, sizeof(double));
    h->vm = gr_calloc((size_t)n, sizeof(double));
    h->iion = gr_calloc((size_t)n, sizeof(double));
    h->ext = gr_calloc((size_t)m->d->nexternals * (size_t)n + 1, sizeof(double));
    for (int k = 0; k < m->nsv; k++)
        for (long i = 0; i < n; i++)
            h->sv[(size_t)k * n + i] = m->sv0[k];
    for (long i = 0; i < n; i++)
        h->vm[i] = gr_init_vm(m, i);
}

void gr_host_free(GrHost *h) { free(h->sv), free(h->vm), free(h->iion), free(h->ext); }

/* ------------------------------------------------------------------ host reference (threads) */
typedef struct RefJob {
    const GrModel *m;
    GrHost *g; /* the global arrays */
    long i0, n; /* cells [i0, i0 + n) */
    long d0, nsteps;
    ScStepStatus st; /* relative to this chunk */
    unsigned long long oor[SC_MAX_TABLES];
} RefJob;

static void *ref_thread(void *p) {
    RefJob *j = p;
    const GrModel *m = j->m;
    const long n = j->n, N = j->g->n;
    const int nsv = m->nsv, nex = m->d->nexternals;
    double *sv = gr_calloc((size_t)nsv * n + 1, sizeof(double)), *vm = gr_calloc((size_t)n, sizeof(double));
    double *iion = gr_calloc((size_t)n, sizeof(double)),
           *ext = gr_calloc((size_t)nex * n + 1, sizeof(double));
    for (int k = 0; k < nsv; k++)
        memcpy(sv + (size_t)k * n, j->g->sv + (size_t)k * N + j->i0, (size_t)n * sizeof(double));
    for (int k = 0; k < nex; k++)
        memcpy(ext + (size_t)k * n, j->g->ext + (size_t)k * N + j->i0, (size_t)n * sizeof(double));
    memcpy(vm, j->g->vm + j->i0, (size_t)n * sizeof(double));
    memcpy(iion, j->g->iion + j->i0, (size_t)n * sizeof(double));
    ScStepArgs a;
    gr_base_args(&a, n);
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
void gr_ref_run(const GrModel *m, GrHost *h, long d0, long nsteps, int nthr, ScStepStatus *st,
                unsigned long long *oor) {
    long n = h->n;
    if (nthr > n / 64)
        nthr = (int)(n / 64);
    if (nthr < 1)
        nthr = 1;
    RefJob *jobs = gr_calloc((size_t)nthr, sizeof *jobs);
    pthread_t *th = gr_calloc((size_t)nthr, sizeof *th);
    char *started = gr_calloc((size_t)nthr, 1);
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

/* Allocate and initialise n cells of m on the device (initial state as gr_host_alloc). */
static int dev_setup(Dev *v, const GrModel *m, long n, int prec) {
    int rc = 0;
    memset(v, 0, sizeof *v);
    v->n = n, v->prec = prec, v->es = prec ? sizeof(float) : sizeof(double);
    const size_t nsv = (size_t)m->nsv, nex = (size_t)m->d->nexternals;
    size_t bufn = (size_t)n > (size_t)m->npc ? (size_t)n : (size_t)m->npc;
    if (m->nlut > bufn)
        bufn = m->nlut;
    double *hb = gr_calloc(bufn, sizeof(double));
    void *cb = gr_calloc(bufn, sizeof(double));
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
        hb[i] = gr_init_vm(m, i);
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
static int dev_steps(Dev *v, const GrModel *m, long d0, long nsteps, int K) {
    ScStepArgs a;
    gr_base_args(&a, v->n);
    a.sv = v->sv, a.vm = v->vm, a.iion = v->iion, a.ext = v->ext;
    a.pc = v->pc, a.lut = v->lut, a.lut_oor = v->oor, a.status = v->st;
    if (v->prec == 1 && gr_f32_substeps > 0)
        a.max_substeps = gr_f32_substeps;
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
static int dev_fetch(Dev *v, const GrModel *m, GrHost *h, ScStepStatus *st, unsigned long long *oor) {
    int rc = 0;
    void *cb = gr_calloc((size_t)v->n, sizeof(double));
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

/* A whole GPU run of steps [0, nsteps) into h (allocated by the caller with gr_host_alloc). */
int gr_gpu_run(const GrModel *m, int prec, long n, long nsteps, int K, GrHost *h, ScStepStatus *st,
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
double gr_gpu_time(const GrModel *m, int prec, long n, int K) {
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

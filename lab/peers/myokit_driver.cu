/* myokit_driver.cu: times one of Myokit's generated CUDA kernels on one GPU (lab/peers/run.sh).
 *
 *   nvcc -O3 -arch=sm_90 -DPEER_KERNEL='"NAME.cu"' -DPEER_VM=I myokit_driver.cu -o NAME
 *   NAME CELLS STEPS SECONDS [BLOCK]
 *   NAME --paced AMP DUR START LENGTH [CELLS]
 *
 * Myokit's exporters `cuda-kernel` and `cuda-kernel-rl` write only a device function,
 * iterate_euler_cu(dt, state, I_diff, parameters), that advances one cell by one step, and a host
 * function with the model's initial state; the simulation around it is the user's. This one: CELLS
 * cells at that initial state, stored state by state (state k of cell i at k * CELLS + i, so that
 * neighbouring threads read neighbouring addresses), one thread per cell that copies its state into
 * registers, calls iterate_euler_cu K times with dt 0.01 ms and I_diff 0 (at rest), and writes the
 * state back; a launch per K steps. STEPS steps are timed with CUDA events for K = 1 (a launch per
 * step, as a tissue solver coupling every step would) and K = 100; the state is reset before each
 * timed run and one untimed launch warms up. STEPS 0: as many steps (a multiple of 100) as take about
 * SECONDS at K = 100, measured on a 100-step probe. Prints `steps N`, then per K one line
 * `per_launch K seconds T rate R finite F v0 A v_end B`: R in cell-steps/s, F 1 when every state of
 * every cell is finite after the run, A and B the membrane potential (state PEER_VM) of cell 0 before
 * and after.
 *
 *   NAME --paced AMP DUR START LENGTH [CELLS]
 *
 * One paced beat instead (is the kernel usable beyond rest?): CELLS cells (default 128) from the
 * initial state for LENGTH ms, a stimulus of AMP (the case's stim_curr, in the units of dV/dt: mV/ms
 * for the library's models) on the steps in [START, START + DUR) ms, given as the diffusion current
 * -AMP (Myokit's kernels subtract it from dV/dt; the model's own stimulus was set to 0 by
 * myokit_gen.py, so it is missing from the equations other than dV/dt that read it, e.g. li_mouse's
 * dKi/dt). Launches of 100 steps, the state checked after each; prints `paced steps S finite F
 * fail_ms T vmax X v_end B`: F 1 when every state stayed finite, T the end of the first launch with
 * a non-finite state (-1 when none), X the highest Vm of cell 0 seen. Exit 0, 1 on a CUDA error or
 * bad arguments. */
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Myokit's file last: it defines macros with one-letter names (its constants) */
#include PEER_KERNEL

#define PEER_DT 0.01

#define PEER_CHECK(call)                                                               \
    do {                                                                               \
        cudaError_t e_ = (call);                                                       \
        if (e_ != cudaSuccess) {                                                       \
            fprintf(stderr, "myokit_driver: %s: %s\n", #call, cudaGetErrorString(e_)); \
            exit(1);                                                                   \
        }                                                                              \
    } while (0)

/* The states of cell i of sv (n cells, state-major) into s (to 0), or back (to 1). */
__device__ __forceinline__ void peer_move(Real *sv, long n, long i, Real *s, int to) {
    for (int j = 0; j < NDIM; j++)
        if (to)
            sv[j * n + i] = s[j];
        else
            s[j] = sv[j * n + i];
}

/* K steps of every cell of sv (n cells, state-major). */
__global__ void peer_steps(Real *sv, long n, int k, Real dt) {
    long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    Real s[NDIM];
    peer_move(sv, n, i, s, 0);
    for (int t = 0; t < k; t++)
        iterate_euler_cu(dt, s, 0, NULL);
    peer_move(sv, n, i, s, 1);
}

/* k steps of every cell of sv from step k0 on, the steps in [s0, s1) with I_diff -amp; the
 * highest Vm of cell 0 into *vmax. */
__global__ void peer_paced(Real *sv, long n, long k0, int k, Real dt, long s0, long s1, Real amp,
                           Real *vmax) {
    long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    Real s[NDIM];
    peer_move(sv, n, i, s, 0);
    Real top = *vmax;
    for (int t = 0; t < k; t++) {
        long step = k0 + t;
        iterate_euler_cu(dt, s, step >= s0 && step < s1 ? -amp : (Real)0, NULL);
        top = s[PEER_VM] > top ? s[PEER_VM] : top;
    }
    peer_move(sv, n, i, s, 1);
    if (i == 0)
        *vmax = top;
}

/* Advances the device state by steps steps, per_launch at a time; returns the seconds taken. */
static double advance(Real *dev, long n, long steps, int per_launch, int block) {
    cudaEvent_t a, b;
    PEER_CHECK(cudaEventCreate(&a));
    PEER_CHECK(cudaEventCreate(&b));
    unsigned grid = (unsigned)((n + block - 1) / block);
    PEER_CHECK(cudaEventRecord(a));
    for (long done = 0; done < steps; done += per_launch) {
        int k = steps - done < per_launch ? (int)(steps - done) : per_launch;
        peer_steps<<<grid, block>>>(dev, n, k, PEER_DT);
    }
    PEER_CHECK(cudaGetLastError());
    PEER_CHECK(cudaEventRecord(b));
    PEER_CHECK(cudaEventSynchronize(b));
    float ms = 0;
    PEER_CHECK(cudaEventElapsedTime(&ms, a, b));
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    return ms / 1e3;
}

/* 1 when all n x NDIM values of host are finite. */
static int all_finite(const Real *host, long n) {
    for (long i = 0; i < n * NDIM; i++)
        if (!isfinite((double)host[i]))
            return 0;
    return 1;
}

/* One timed run from the initial state init (host, state-major): prints its line. */
static void timed(Real *dev, Real *host, const Real *init, long n, long steps, int per_launch, int block) {
    size_t bytes = (size_t)n * NDIM * sizeof(Real);
    PEER_CHECK(cudaMemcpy(dev, init, bytes, cudaMemcpyHostToDevice));
    advance(dev, n, per_launch, per_launch, block); /* warm-up */
    PEER_CHECK(cudaMemcpy(dev, init, bytes, cudaMemcpyHostToDevice));
    double s = advance(dev, n, steps, per_launch, block);
    PEER_CHECK(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost));
    printf("per_launch %d seconds %.6f rate %.6e finite %d v0 %.6g v_end %.6g\n", per_launch, s,
           (double)n * (double)steps / s, all_finite(host, n), (double)init[PEER_VM * n],
           (double)host[PEER_VM * n]);
    fflush(stdout);
}

/* n cells at Myokit's initial state, state-major (malloc'd), or NULL with a message. */
static Real *initial_states(long n) {
    Real one[NDIM];
    get_default_initial_state(one);
    Real *s = (Real *)malloc((size_t)n * NDIM * sizeof(Real));
    if (!s) {
        fprintf(stderr, "myokit_driver: out of host memory for %ld cells\n", n);
        return NULL;
    }
    for (int j = 0; j < NDIM; j++)
        for (long i = 0; i < n; i++)
            s[j * n + i] = one[j];
    return s;
}

/* The --paced run (the header): argv past the flag. Returns the exit status. */
static int paced(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: NAME --paced AMP DUR START LENGTH [CELLS]\n");
        return 1;
    }
    double amp = atof(argv[0]), dur = atof(argv[1]), start = atof(argv[2]), length = atof(argv[3]);
    long n = argc > 4 ? atol(argv[4]) : 128;
    if (n < 1 || !(length > 0) || dur < 0 || start < 0) {
        fprintf(stderr, "myokit_driver: --paced needs LENGTH > 0, DUR >= 0, START >= 0, CELLS >= 1\n");
        return 1;
    }
    long steps = (long)(length / PEER_DT + 0.5), s0 = (long)(start / PEER_DT + 0.5);
    long s1 = s0 + (long)(dur / PEER_DT + 0.5);
    size_t bytes = (size_t)n * NDIM * sizeof(Real);
    Real *host = initial_states(n), *dev = NULL, *dmax = NULL;
    if (!host)
        return 1;
    Real vmax = host[PEER_VM * n];
    PEER_CHECK(cudaMalloc((void **)&dev, bytes));
    PEER_CHECK(cudaMalloc((void **)&dmax, sizeof(Real)));
    PEER_CHECK(cudaMemcpy(dev, host, bytes, cudaMemcpyHostToDevice));
    PEER_CHECK(cudaMemcpy(dmax, &vmax, sizeof(Real), cudaMemcpyHostToDevice));
    double fail = -1;
    for (long done = 0; done < steps && fail < 0; done += 100) {
        int k = steps - done < 100 ? (int)(steps - done) : 100;
        peer_paced<<<(unsigned)((n + 127) / 128), 128>>>(dev, n, done, k, PEER_DT, s0, s1, (Real)amp, dmax);
        PEER_CHECK(cudaGetLastError());
        PEER_CHECK(cudaMemcpy(host, dev, bytes, cudaMemcpyDeviceToHost));
        if (!all_finite(host, n))
            fail = (done + k) * PEER_DT;
    }
    PEER_CHECK(cudaMemcpy(&vmax, dmax, sizeof(Real), cudaMemcpyDeviceToHost));
    printf("paced steps %ld finite %d fail_ms %g vmax %.6g v_end %.6g\n", steps, fail < 0, fail, (double)vmax,
           (double)host[PEER_VM * n]);
    cudaFree(dev);
    cudaFree(dmax);
    free(host);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 1 && strcmp(argv[1], "--paced") == 0)
        return paced(argc - 2, argv + 2);
    if (argc < 4) {
        fprintf(stderr, "usage: %s CELLS STEPS SECONDS [BLOCK]\n", argv[0]);
        return 1;
    }
    long n = atol(argv[1]), steps = atol(argv[2]);
    double seconds = atof(argv[3]);
    int block = argc > 4 ? atoi(argv[4]) : 128;
    if (n < 1 || steps < 0 || (steps == 0 && !(seconds > 0)) || block < 32 || block > 1024) {
        fprintf(stderr, "myokit_driver: CELLS >= 1, STEPS >= 0 (0: SECONDS > 0), BLOCK 32..1024\n");
        return 1;
    }
    size_t bytes = (size_t)n * NDIM * sizeof(Real);
    Real *init = initial_states(n), *host = init ? (Real *)malloc(bytes) : NULL, *dev = NULL;
    if (!host) { /* initial_states said so where it failed */
        if (init)
            fprintf(stderr, "myokit_driver: out of host memory for %ld cells\n", n);
        return 1;
    }
    PEER_CHECK(cudaMalloc((void **)&dev, bytes));
    if (steps == 0) { /* the probe */
        PEER_CHECK(cudaMemcpy(dev, init, bytes, cudaMemcpyHostToDevice));
        advance(dev, n, 100, 100, block);
        double s = advance(dev, n, 100, 100, block);
        double want = seconds / s * 100.0;
        steps = want < 100 ? 100 : want > 1e6 ? 1000000 : 100 * (long)(want / 100);
    }
    printf("steps %ld\n", steps);
    timed(dev, host, init, n, steps, 1, block);
    timed(dev, host, init, n, steps, 100, block);
    cudaFree(dev);
    free(init);
    free(host);
    return 0;
}

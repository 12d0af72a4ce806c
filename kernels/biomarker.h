/* biomarker.h: action-potential and calcium-transient biomarkers of paced cells, computed while the
 * cells run (no trace stored), one kernel per device kind over the same per-cell text
 * (biomarker_cell.h). docs/study.md gives the definitions; in short, per beat window (the steps
 * from one stimulus to the next: [start + b * period, start + (b + 1) * period), b >= 0; one window
 * from start on when period is 0), over the Vm samples of its steps (Vm at t = d * dt):
 *   Vrest    Vm at the window's first sample (before its stimulus)
 *   Vmax     the highest Vm of the window (its first sample p if several)
 *   dVdt_max, t_act  the steepest rise (v[i] - v[i-1]) / dt over the window's intervals up to p (the
 *            first if several) and the middle of that interval
 *   upstrokes  the window's upward crossings of Vrest + up_mv; captured: at least one
 *   APDx     for each level x: the first time after p at which Vm falls to Vmax - x (Vmax - Vrest)
 *            (linear interpolation in the interval), minus t_act; r90: the sample of level 0.9
 *   EAD      between p and r90, from t_act + ead_delay_ms on: Vm more than ead_mv above its lowest
 *            value since then
 *   DAD      from r90 to the window's end: Vm more than dad_mv above its lowest value since r90
 *   not captured: dVdt_max, t_act and the APDs are NaN, EAD and DAD 0
 * over the samples of the currents' sum (isum: at every step, the sum the step kernel computes,
 * ScStepArgs.out_isum; NULL: not measured, the figure NaN):
 *   qNet     the sum of the window's samples times dt / 1000: the charge of the summed currents over
 *            the window by the left rectangle rule, in C/F for currents in A/F (uA/uF) and dt in ms
 * and over the calcium samples (the state at the end of each call, so every nsteps steps):
 *   Ca_dia   the window's first sample; CaT amplitude: its highest minus Ca_dia; time to peak: when
 *            the highest is reached, from the window's start; CaTD90: the first time after the peak
 *            at which Ca falls to Ca_max - 0.9 amplitude (interpolated), from the window's start.
 * A window's figures are written to its cell's output fields when the first sample of a later window
 * arrives (or when the call finishes the run); the APD90 of the beat before stays beside them.
 *
 * Memory: per cell KERN_BM_NACC doubles, as a structure of arrays acc[k * n + i] (k a KERN_BM_*
 * field); the kernels touch only the running fields at each call, the output fields at a window's end.
 * Host and GPU kernels compute the same bits from the same samples (no contraction to FMA: the GPU
 * objects are compiled without it). */
#ifndef SC_BIOMARKER_H
#define SC_BIOMARKER_H
#include <stddef.h>

#define KERN_BM_MAXLEV 6 /* repolarisation levels (APD30, APD50, APD90 ...), 0.9 among them */

/* The per-cell fields: the running window (Vm, then calcium), then the outputs. */
enum {
    KERN_BM_BEAT, /* the window being measured (-2: none yet) */
    KERN_BM_VREST,
    KERN_BM_VMAX,
    KERN_BM_VPREV, /* the previous sample */
    KERN_BM_RB, /* the steepest rise so far, and the middle of its interval */
    KERN_BM_RT,
    KERN_BM_DVDT, /* the steepest rise up to the highest sample, and its middle (t_act) */
    KERN_BM_TACT,
    KERN_BM_MINE, /* the lowest Vm of the EAD watch, of the DAD watch */
    KERN_BM_MIND,
    KERN_BM_EAD,
    KERN_BM_DAD,
    KERN_BM_UP, /* upstrokes */
    KERN_BM_Q, /* the sum of the window's isum samples so far */
    KERN_BM_TX, /* KERN_BM_MAXLEV crossing times (NaN: not yet) */
    KERN_BM_CA_BEAT = KERN_BM_TX + KERN_BM_MAXLEV,
    KERN_BM_CA_DIA,
    KERN_BM_CA_MAX,
    KERN_BM_CA_TMAX,
    KERN_BM_CA_PREV,
    KERN_BM_CA_TPREV,
    KERN_BM_CA_T90,
    /* outputs: the last window measured (times in ms from its start; NaN where not defined) */
    KERN_BM_OUT_BEAT, /* its index (-1: none yet) */
    KERN_BM_OUT_VREST,
    KERN_BM_OUT_VMAX,
    KERN_BM_OUT_DVDT,
    KERN_BM_OUT_TACT,
    KERN_BM_OUT_UP,
    KERN_BM_OUT_EAD,
    KERN_BM_OUT_DAD,
    KERN_BM_OUT_APD, /* KERN_BM_MAXLEV durations, in the order of the levels */
    KERN_BM_OUT_PREV_APD90 = KERN_BM_OUT_APD + KERN_BM_MAXLEV, /* APD90 of the window measured before */
    KERN_BM_OUT_CA_BEAT,
    KERN_BM_OUT_CA_DIA,
    KERN_BM_OUT_CA_AMP,
    KERN_BM_OUT_CA_TTP,
    KERN_BM_OUT_CA_D90,
    KERN_BM_OUT_QNET, /* C/F (NaN: isum NULL) */
    KERN_BM_NACC
};

/* One call: the samples of nsteps steps of n cells from step d0 on. */
typedef struct KernBmArgs {
    long n; /* cells (the stride of vm and acc) */
    int nsteps; /* samples per cell: vm[s * n + i] is Vm of cell i at step d0 + s */
    long d0;
    double dt; /* ms */
    long start, period; /* the windows, in steps (period 0: one window from start on) */
    int nlev, i90; /* levels lev[0 .. nlev), lev[i90] == 0.9 */
    double lev[KERN_BM_MAXLEV];
    double up_mv, ead_mv, ead_delay_ms, dad_mv; /* thresholds (docs/study.md) */
    int f32; /* vm, isum and ca hold floats (else doubles) */
    const void *vm;
    const void *isum; /* the currents' sum of cell i at step d0 + s: isum[s * n + i]; NULL: no qNet */
    const void *ca; /* calcium of cell i at step d0 + nsteps: ca[i]; NULL: no calcium */
    int finish; /* after the samples, write out the running windows (the run ends) */
    double *acc; /* KERN_BM_NACC x n */
} KernBmArgs;

/* The fields of n cells before their first sample (acc: KERN_BM_NACC x n). */
void kern_bm_init(double *acc, size_t n);
/* One call on the host. */
void kern_bm_host(const KernBmArgs *a);
#ifdef __cplusplus
extern "C" {
#endif
/* One call on the GPU, on `stream`; the launch's error code (0: none). */
int kern_bm_cuda_launch(const KernBmArgs *a, void *stream);
int kern_bm_hip_launch(const KernBmArgs *a, void *stream);
#ifdef __cplusplus
}
#endif
#endif

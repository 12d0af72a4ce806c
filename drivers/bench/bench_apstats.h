/* bench_apstats.h: action potential statistics of one cell's Vm trace, for `starcarp bench
 * --APstatistics` (NAME_AP_stats.dat) and the restitution protocols (NAME_APD_restitution.dat).
 *
 * Beats. The trace (t, Vm) is cut at the upward crossings of the mid level (min + max) / 2 of the
 * whole trace; each crossing is one action potential (units do not matter: the level comes from
 * the trace). For beat n, with the previous beat's peak (or the trace's start) before it:
 *   Vm_min   the lowest Vm between the previous peak and the crossing;
 *   Vm_max   the highest Vm between the crossing and the next crossing;
 *   t_act    the middle of the steepest rising sample interval up to the peak (max dV/dt), dVdt_max
 *            its slope;
 *   APDx     the time from t_act until Vm falls below Vm_max - x (Vm_max - Vm_min) after the peak
 *            (linear interpolation between samples; nan when it does not before the next beat);
 *            APD = APD90, triangulation = APD90 - APD30;
 *   DI(n)    t_act of beat n+1 minus the APD90 end of beat n (nan for the last beat), DI(n-1) the
 *            same for the beat before it;
 *   steady   1 when |APD(n) - APD(n-1)| < 1 ms (BAP_STEADY_MS).
 * The files: a '#' line naming the columns, then one row per beat:
 *   Beat Prematurity SteadyState APD DI(n) DI(n-1) Triangulation Vm_min Vm_max t_act dVdt_max
 * (ms, the model's Vm unit, its unit per ms). The first nine are openCARP's restitution file's
 * columns (Prematurity: P for a beat of an S2 pulse, * else); t_act and dVdt_max are starcarp's.
 * NAME_AP_stats.dat lists every beat; NAME_APD_restitution.dat one row per pulse the protocol
 * measures (bench_restitute.h: BRS_MEASURE), its beat being the first one activated at or after the
 * pulse and before the next pulse (a pulse that activates nothing gives a row of nan), for the
 * pulses whose row is whole (brs_row_whole: all of them at the run's end). */
#ifndef SC_BENCH_APSTATS_H
#define SC_BENCH_APSTATS_H

#include <stddef.h>

#define BAP_STEADY_MS 1.0

/* A Vm trace, grown by bap_add. */
typedef struct BapTrace {
    double *t, *v;
    long n, cap;
} BapTrace;

typedef struct BapBeat {
    double t_act, dvdt_max, vm_min, vm_max, apd90, apd30, t_rep;
    long pulse; /* the pulse it follows (bap_attach), -1 when none */
} BapBeat;

/* Append a sample (t ascending). Returns 0, or -1 when out of memory. */
int bap_add(BapTrace *tr, double t, double v);

void bap_free(BapTrace *tr);

/* The beats of the trace into *beats (malloc'd, NULL when none). Returns their number, -1 when out
 * of memory. */
long bap_beats(const BapTrace *tr, BapBeat **beats);

/* Attach each beat to the latest pulse at or before its t_act (pulses ascending; -1 before the
 * first). */
void bap_attach(BapBeat *b, long nb, const double *pulses, long np);

/* Write NAME_AP_stats.dat: the first nrows of the nb beats (every beat: nrows = nb; a stopped run
 * leaves out the beats it may have cut, each row's DI(n) still reading the beat after it). marks
 * (BRS_*, np of them) may be NULL. Returns 0 or -1 with "PATH: strerror" in err. */
int bap_write_stats(const char *path, const BapBeat *b, long nb, long nrows, const unsigned char *marks,
                    char *err, size_t errlen);

/* Write NAME_APD_restitution.dat: one row per measured pulse (marks & BRS_MEASURE) of the np pulses
 * (times pulses[]) whose row is whole once the trace reaches t_end (brs_row_whole: every row with
 * t_end infinite). Returns the rows written, or -1 with "PATH: strerror" in err. */
long bap_write_restitution(const char *path, const BapBeat *b, long nb, const double *pulses,
                           const unsigned char *marks, long np, double t_end, char *err, size_t errlen);

#endif

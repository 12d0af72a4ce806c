/* bench_restitute.h: openCARP bench's restitution protocols (--restitute S1S2|dyn --res-file F):
 * the protocol file and the stimulus times it gives.
 *
 * The protocol file holds one number per line, each optionally followed by a '#' comment (blank
 * lines and lines starting with '#' are skipped), in openCARP's order:
 *   S1S2 (7 numbers): 1, prebeats, BCL, CI1 (first S2 coupling interval), CI0 (last), nbeats (S1
 *                     beats before each S2), CIinc (decrement of the coupling interval)
 *   dyn  (6 numbers): 0, prebeats, BCL (first cycle length), CI0 (last cycle length), nbeats (beats
 *                     per cycle length), CIinc (decrement of the cycle length)
 * The first number selects the protocol (1 S1S2, 0 dynamic) and must agree with --restitute.
 *
 * Pulses (times in ms from the first, at --stim-start):
 *   S1S2: prebeats pulses every BCL; then for CI = CI1, CI1 - CIinc, ... while CI >= CI0: nbeats S1
 *         pulses every BCL (the first one BCL after the previous pulse), then one S2 pulse CI after
 *         the last S1. So prebeats + nS2 * (nbeats + 1) pulses, nS2 = floor((CI1 - CI0) / CIinc) + 1.
 *   dyn:  prebeats pulses every BCL; then for B = BCL, BCL - CIinc, ... while B >= CI0: nbeats
 *         pulses every B (the first one B after the previous pulse).
 * The beats the restitution file reports (BRS_MEASURE): the S2 beats (S1S2), the last beat of each
 * cycle length (dyn). */
#ifndef SC_BENCH_RESTITUTE_H
#define SC_BENCH_RESTITUTE_H

#include <stddef.h>

#define BRS_MAX_PULSES 10000000L /* pulses of one protocol */

/* The usual size of a restitution protocol, beyond which it is refused unless confirmed
 * (--long-run): openCARP's restitution protocols pace tens of prebeats and S1 beats at cycle
 * lengths of hundreds of ms, down to coupling intervals near the refractory period, minutes of
 * physiology in all; 30 min of simulated time and 10000 pulses leave room for fine decrements
 * (CIinc 1 ms after 10 S1 beats at 500 ms: 251 S2s, 22 min) and catch a file whose numbers are in
 * a wrong order (BCL and CIinc swapped: pulses every few ms; nbeats and CIinc swapped: hours). */
#define BRS_USUAL_MS 1.8e6
#define BRS_USUAL_PULSES 10000L

typedef enum { BRS_NONE = 0, BRS_S1S2, BRS_DYN } BrsKind;

/* Marks of the pulses (brs_times). */
enum {
    BRS_PREPACE = 1, /* a prepacing pulse */
    BRS_S2 = 2, /* a premature (S2) pulse */
    BRS_MEASURE = 4 /* its beat is a row of the restitution file */
};

typedef struct BrsProtocol {
    BrsKind kind;
    long prebeats;
    double bcl; /* S1S2: the S1 cycle length; dyn: the first cycle length */
    double ci_start; /* S1S2: CI1 (dyn: equals bcl) */
    double ci_end; /* S1S2: CI0; dyn: the last cycle length */
    long nbeats;
    double ci_dec;
} BrsProtocol;

/* "S1S2" or "dyn" as a kind; BRS_NONE for anything else. */
BrsKind brs_kind(const char *name);

/* Read the protocol file path for --restitute kind into *p. Returns 0, or -1 with "--res-file
 * PATH:LINE: ..." (or "--res-file PATH: ...") naming what is wrong. */
int brs_load(const char *path, BrsKind kind, BrsProtocol *p, char *err, size_t errlen);

/* The protocol's size: its pulses and coupling intervals (S2s, or cycle lengths), and the time from
 * its first pulse to its last (ms). */
typedef struct BrsSize {
    double pulses, nci, span_ms;
} BrsSize;
BrsSize brs_size(const BrsProtocol *p);

/* Refuse a protocol beyond the usual size (BRS_USUAL_MS of simulated time: its span and outside_ms,
 * the run's time before its first pulse and after its last; or BRS_USUAL_PULSES pulses) unless
 * long_ok: -1 with a message naming the
 * file (path), its values in the file's order, the pulses, the simulated time and the steps of dt,
 * and --long-run, which confirms it. 0 when it is within the usual size or long_ok. */
int brs_check_usual(const BrsProtocol *p, const char *path, double outside_ms, double dt, int long_ok,
                    char *err, size_t errlen);

/* Whether the row of the measured pulse j (of np, times pulses[]) is whole once the run's Vm trace
 * reaches t_end (ms): its beat and the next one, whose activation its DI(n) uses, are complete
 * when the trace reaches the pulse after next (pulses[j + 2]); the last two pulses' rows only at
 * the run's end (t_end infinite). */
int brs_row_whole(const double *pulses, long np, long j, double t_end);

/* The rows of the restitution file (measured pulses) that are whole at t_end (brs_row_whole), and
 * into *total (may be NULL) all of them. */
long brs_whole_rows(const double *pulses, const unsigned char *marks, long np, double t_end, long *total);

/* The protocol's pulse times from t0 (ms, ascending) into *times and their marks (BRS_*) into
 * *marks, both malloc'd. Returns the number of pulses, or -1 with a message in err. */
long brs_times(const BrsProtocol *p, double t0, double **times, unsigned char **marks, char *err,
               size_t errlen);

#endif

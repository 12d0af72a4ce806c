/* progress.h: the progress report of long runs (bench, tissue): a bar on a terminal, a line every
 * 10 % otherwise. Prefix cli_. */
#ifndef SC_PROGRESS_H
#define SC_PROGRESS_H

typedef struct CliProgress {
    int on, tty, last; /* report at all; stderr is a terminal; last percentage shown (-1) */
    double t0; /* sc_now_s() at the start (util_int.h) */
} CliProgress;

/* Report step d of total (simulated time t_ms) when the percentage moved (a tenth of it without a
 * terminal); a newline on a terminal at the end. */
void cli_progress(CliProgress *p, long d, long total, double t_ms);

/* End a bar left unfinished (a run stopped before its end) with a newline on a terminal. */
void cli_progress_end(CliProgress *p);

#endif

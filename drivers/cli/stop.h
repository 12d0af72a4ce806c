/* stop.h: a run of `starcarp bench` or `starcarp tissue` stopped by SIGINT or SIGTERM, and the
 * timed flush of its outputs (prefix stop_).
 *
 * The handler only records the signal (a sig_atomic_t) and gives both signals back their default
 * action, so that a second one ends the process at once. The time loops read the record at their
 * output and task boundaries (stop_signal), finish the step they are at, write and close their
 * outputs and exit with stop_status(): 128 + the signal's number, as shells report a process
 * ended by it (130 for SIGINT, 143 for SIGTERM). With MPI ranks the loops take the largest record
 * over the ranks at the same step, so that every rank stops there. */
#ifndef SC_STOP_H
#define SC_STOP_H

/* Seconds between two timed flushes of a run's outputs (see stop_flush_due). */
#define STOP_FLUSH_S 2.0

/* Wall time of a piece of work between two looks at the signal record (see stop_chunk). */
#define STOP_CHUNK_S 0.5

/* The steps of the next piece of work: those that take about STOP_CHUNK_S at the rate of the
 * last piece (done steps in wall seconds), a multiple of quantum (the steps of a task), at least
 * quantum, at most cap. A stop thus waits about STOP_CHUNK_S for the tasks submitted. */
long stop_chunk(long done, double wall, long quantum, long cap);

/* Catch SIGINT and SIGTERM (again after StarPU's start, which installs a SIGINT handler of its
 * own); nothing once a signal was caught. */
void stop_install(void);

/* The signal caught so far (SIGINT or SIGTERM), or 0. */
int stop_signal(void);

/* "SIGINT", "SIGTERM" (or "signal N"). */
const char *stop_name(int sig);

/* The exit status of a run stopped by sig: 128 + sig. */
int stop_status(int sig);

/* Whether the outputs are due for a flush: STOP_FLUSH_S seconds or more of wall time since *last
 * (sc_now_s(); 0 at the start), which it then sets to now. Called at output boundaries only, the
 * outputs reach the disk at the rarer of every output interval and every STOP_FLUSH_S seconds. */
int stop_flush_due(double *last);

#endif

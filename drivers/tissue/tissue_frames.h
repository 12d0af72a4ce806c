/* tissue_frames.h: tissue's snapshots written in the background. A writer holds one job at a time
 * (a function and its context) and runs it on a thread of its own while the time loop goes on; the
 * caller waits for it before handing it the next job, before flushing the files the job writes,
 * and at the end. */
#ifndef SC_TISSUE_FRAMES_H
#define SC_TISSUE_FRAMES_H
#include <stddef.h>

/* A job: 0, or -1 with a message in err. */
typedef int (*TframeFn)(void *ctx, char *err, size_t errlen);
typedef struct Tframes Tframes;

/* A writer with its thread started, or NULL when no thread could be made (write in line then). */
Tframes *tframes_open(void);
/* Wait for the job in hand, if any (w may be NULL): 0, or -1 with that job's message in err. */
int tframes_wait(Tframes *w, char *err, size_t errlen);
/* Hand fn(ctx) over to the writer, which must be idle (tframes_wait first). */
void tframes_post(Tframes *w, TframeFn fn, void *ctx);
/* Wait for the job in hand (its error is dropped: wait first to see it), end the thread, free w. */
void tframes_close(Tframes *w);

#endif

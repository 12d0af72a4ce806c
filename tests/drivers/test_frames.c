/* test_frames.c: unit tests of tissue's background snapshot writer (drivers/tissue/tissue_frames.c): a job
 * runs on another thread and the caller goes on while it runs; waiting returns when it is done; a
 * failing job's message comes back at the next wait, once; jobs run one after another in order. */
#include <pthread.h>
#include <stdlib.h>
#include <time.h>

#include "test.h"
#include "tissue_frames.h"

/* A job's shared state: it waits until `go` is set, then records its thread and appends its id. */
typedef struct Job {
    pthread_mutex_t *mu;
    pthread_cond_t *cv;
    int *go;
    int id, fail;
    pthread_t ran_on;
    int *order, *n;
} Job;

static int job(void *ctx, char *err, size_t errlen) {
    Job *j = ctx;
    pthread_mutex_lock(j->mu);
    while (!*j->go)
        pthread_cond_wait(j->cv, j->mu);
    j->ran_on = pthread_self();
    j->order[(*j->n)++] = j->id;
    pthread_mutex_unlock(j->mu);
    if (j->fail) {
        snprintf(err, errlen, "job %d: disk full", j->id);
        return -1;
    }
    return 0;
}

int main(void) {
    pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
    pthread_cond_t cv = PTHREAD_COND_INITIALIZER;
    int go = 0, order[4] = {0}, n = 0;
    char err[128] = "";
    Tframes *w = tframes_open();
    ASSERT(w != NULL);
    if (!w)
        return TEST_DONE();
    /* the job blocks until go: posting must return before it has run (it runs on the writer) */
    Job a = {&mu, &cv, &go, 1, 0, 0, order, &n};
    tframes_post(w, job, &a);
    pthread_mutex_lock(&mu);
    ASSERT_EQ_INT(0, n);
    go = 1;
    pthread_cond_broadcast(&cv);
    pthread_mutex_unlock(&mu);
    ASSERT_EQ_INT(0, tframes_wait(w, err, sizeof err));
    ASSERT_EQ_INT(1, n);
    ASSERT(!pthread_equal(a.ran_on, pthread_self()));
    /* a failing job: its message at the next wait, and only there */
    Job b = {&mu, &cv, &go, 2, 1, 0, order, &n};
    tframes_post(w, job, &b);
    ASSERT_EQ_INT(-1, tframes_wait(w, err, sizeof err));
    ASSERT_EQ_STR("job 2: disk full", err);
    ASSERT_EQ_INT(0, tframes_wait(w, err, sizeof err));
    /* jobs in order; close waits for the one in hand */
    Job c = {&mu, &cv, &go, 3, 0, 0, order, &n};
    tframes_post(w, job, &c);
    tframes_close(w);
    ASSERT_EQ_INT(3, n);
    ASSERT_EQ_INT(1, order[0]);
    ASSERT_EQ_INT(2, order[1]);
    ASSERT_EQ_INT(3, order[2]);
    ASSERT_EQ_INT(0, tframes_wait(NULL, err, sizeof err)); /* no writer: nothing to wait for */
    return TEST_DONE();
}

/* tissue_frames.c: the background writer of tissue_frames.h (one POSIX thread, one job at a time). */
#include "tissue_frames.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct Tframes {
    pthread_t th;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    TframeFn fn; /* the job in hand (NULL: idle) */
    void *ctx;
    int rc, quit;
    char err[1024]; /* the last job's message */
};

/* The thread: run each job handed over, until told to quit. */
static void *writer(void *arg) {
    Tframes *w = arg;
    pthread_mutex_lock(&w->mu);
    for (;;) {
        while (!w->fn && !w->quit)
            pthread_cond_wait(&w->cv, &w->mu);
        if (!w->fn)
            break;
        TframeFn fn = w->fn;
        void *ctx = w->ctx;
        pthread_mutex_unlock(&w->mu);
        char err[sizeof w->err] = "";
        int rc = fn(ctx, err, sizeof err);
        pthread_mutex_lock(&w->mu);
        w->rc = rc;
        snprintf(w->err, sizeof w->err, "%s", err);
        w->fn = NULL;
        pthread_cond_broadcast(&w->cv);
    }
    pthread_mutex_unlock(&w->mu);
    return NULL;
}

Tframes *tframes_open(void) {
    Tframes *w = calloc(1, sizeof *w);
    if (!w)
        return NULL;
    pthread_mutex_init(&w->mu, NULL);
    pthread_cond_init(&w->cv, NULL);
    if (pthread_create(&w->th, NULL, writer, w) != 0) {
        pthread_mutex_destroy(&w->mu);
        pthread_cond_destroy(&w->cv);
        free(w);
        return NULL;
    }
    return w;
}

int tframes_wait(Tframes *w, char *err, size_t errlen) {
    if (!w)
        return 0;
    pthread_mutex_lock(&w->mu);
    while (w->fn)
        pthread_cond_wait(&w->cv, &w->mu);
    int rc = w->rc;
    if (rc != 0)
        snprintf(err, errlen, "%s", w->err);
    w->rc = 0;
    pthread_mutex_unlock(&w->mu);
    return rc;
}

void tframes_post(Tframes *w, TframeFn fn, void *ctx) {
    pthread_mutex_lock(&w->mu);
    w->fn = fn, w->ctx = ctx;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
}

void tframes_close(Tframes *w) {
    if (!w)
        return;
    pthread_mutex_lock(&w->mu);
    while (w->fn)
        pthread_cond_wait(&w->cv, &w->mu);
    w->quit = 1;
    pthread_cond_broadcast(&w->cv);
    pthread_mutex_unlock(&w->mu);
    pthread_join(w->th, NULL);
    pthread_mutex_destroy(&w->mu);
    pthread_cond_destroy(&w->cv);
    free(w);
}

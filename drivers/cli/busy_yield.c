/* busy_yield.c: a StarPU scheduling policy whose idle workers give their core back (busy.h). */
#define _GNU_SOURCE
#include <sched.h>
#include <stdlib.h>
#include <string.h>

#include <starpu.h>

#include "busy.h"

static struct starpu_sched_policy yielding; /* a copy of the chosen policy, pop_task wrapped */
static struct starpu_task *(*inner_pop)(unsigned sched_ctx_id);

/* The policy's own pop; an idle worker (no task for it) yields its core before polling again:
 * StarPU 1.4's non-blocking drivers otherwise spin through their time slice, and a dependency
 * waits for that slice to end wherever threads outnumber cores. */
static struct starpu_task *pop_yield(unsigned sched_ctx_id) {
    struct starpu_task *t = inner_pop(sched_ctx_id);
    if (!t)
        sched_yield();
    return t;
}

struct starpu_sched_policy *busy_yield_policy(const char *name) {
    const char *env = getenv("STARPU_SCHED");
    if (env && *env)
        return NULL; /* StarPU takes the user's policy by its name, as it is */
    if (!name)
        name = "lws"; /* StarPU's default policy */
    struct starpu_sched_policy **p = starpu_sched_get_predefined_policies();
    for (; p && *p; p++)
        if ((*p)->policy_name && !strcmp((*p)->policy_name, name) && (*p)->pop_task) {
            yielding = **p;
            inner_pop = (*p)->pop_task;
            yielding.pop_task = pop_yield;
            return &yielding;
        }
    return NULL;
}

void busy_yield_conf(struct starpu_conf *conf, const BusyOut *dec, int pollers) {
    struct starpu_sched_policy *y =
        busy_yield(dec, pollers, 1) ? busy_yield_policy(conf->sched_policy_name) : NULL;
    if (y) /* StarPU takes a policy given by name first */
        conf->sched_policy = y, conf->sched_policy_name = NULL;
}

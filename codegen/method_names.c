/* method_names.c: EasyML's integration methods by name (method_names.h). */
#include <string.h>

#include "method_names.h"

/* in CgMethod order (sema.h: CG_FE ... CG_CVODE; sema.c checks the count) */
static const char *const mn_names[] = {"fe",      "rk2",       "rk4",        "rush_larsen",
                                       "sundnes", "markov_be", "rosenbrock", "cvode"};
#define MN_COUNT ((int)(sizeof mn_names / sizeof mn_names[0]))

int mn_lookup(const char *name) {
    if (!name)
        return -1;
    if (strcmp(name, "sundnes_half") == 0)
        return 4; /* sundnes */
    for (int i = 0; i < MN_COUNT; i++)
        if (strcmp(name, mn_names[i]) == 0)
            return i;
    return -1;
}

const char *mn_name(int m) { return m >= 0 && m < MN_COUNT ? mn_names[m] : "?"; }

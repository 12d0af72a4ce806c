/* host_model.h: the host side of one cell of a model, made from its description: the parameter set
 * (defaults or given, then the constants), the initial state and the lookup tables. The setup every
 * harness does before it calls a kernel (benches, tests; host_model.c in libstarcarp, not installed). */
#ifndef SC_HOST_MODEL_H
#define SC_HOST_MODEL_H
#include <stddef.h>

#include "starcarp_model.h"

typedef struct ScHostModel {
    const ScModelDesc *d;
    int npc; /* nparams + nconsts */
    double *pc; /* npc values (+1 spare): parameters, then constants */
    double *sv0; /* nsv initial values (+1 spare) */
    double vm0; /* initial Vm */
    double *lut; /* nlut values, or NULL when the model has no table */
    size_t nlut;
} ScHostModel;

/* Fill h for model d with the parameters params (nparams values; NULL: the defaults). Returns 0, or
 * -1 when out of memory (h then holds nothing to free). */
int kern_host_model_init(ScHostModel *h, const ScModelDesc *d, const double *params);
/* Free what kern_host_model_init allocated. */
void kern_host_model_free(ScHostModel *h);

#endif

/* host_model.c: the host side of one cell of a model (host_model.h). */
#include "host_model.h"

#include <stdlib.h>
#include <string.h>

int kern_host_model_init(ScHostModel *h, const ScModelDesc *d, const double *params) {
    memset(h, 0, sizeof *h);
    h->d = d;
    h->npc = d->nparams + d->nconsts;
    h->pc = calloc((size_t)h->npc + 1, sizeof(double));
    h->sv0 = calloc((size_t)d->nsv + 1, sizeof(double));
    h->nlut = d->ntables > 0 && d->lut_size ? d->lut_size() : 0;
    h->lut = h->nlut ? calloc(h->nlut, sizeof(double)) : NULL;
    if (!h->pc || !h->sv0 || (h->nlut && !h->lut)) {
        kern_host_model_free(h);
        return -1;
    }
    memcpy(h->pc, params ? params : d->param_defaults, sizeof(double) * (size_t)d->nparams);
    d->consts(h->pc);
    d->init(h->pc, h->sv0, &h->vm0);
    if (h->lut)
        d->lut_build(h->pc, h->lut);
    return 0;
}

void kern_host_model_free(ScHostModel *h) {
    free(h->pc), free(h->sv0), free(h->lut);
    memset(h, 0, sizeof *h);
}

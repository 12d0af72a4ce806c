/* tissue_svinit.c: imp_region[i].im_sv_init in `starcarp tissue` (tissue_svinit.h). */
#include <stdio.h>
#include <stdlib.h>

#include "starcarp_util.h"
#include "svcells.h"
#include "svfile.h"
#include "tissue_svinit.h"

void tsv_free(double *state[SC_TISSUE_MAX_IMP + 1]) {
    for (int k = 0; k <= SC_TISSUE_MAX_IMP; k++)
        free(state[k]), state[k] = NULL;
}

int tsv_load(const TissueOpts *o, const ScModelEntry *m0, const ScTissueImp *imp,
             double *state[SC_TISSUE_MAX_IMP + 1], char *err, size_t errlen) {
    for (int k = 0; k <= o->nimp; k++) {
        const char *path = o->par.imp_sv[k], *w = o->par.sv_where[k];
        if (!path)
            continue;
        const ScModelDesc *d = (k ? imp[k - 1].m : m0)->desc;
        char why[900];
        if (!(state[k] = calloc((size_t)d->nstates + 1, sizeof(double)))) {
            sc_set_err(err, errlen, "out of memory");
            tsv_free(state);
            return -1;
        }
        if (svf_load(path, d->name, d->nstates, d->sv_names, state[k] + 1, state[k], why, sizeof why) != 0) {
            sc_set_err(err, errlen, "%s%simp_region[%d].im_sv_init = %s (the region's model: %s): %s", w,
                       *w ? ": " : "", k, path, d->name, why);
            tsv_free(state);
            return -1;
        }
    }
    return 0;
}

int tsv_apply(ScTissue *t, double *const state[SC_TISSUE_MAX_IMP + 1]) {
    for (int k = 0; k < sc_tissue_nregions(t) && k <= SC_TISSUE_MAX_IMP; k++) {
        ScCells *c = sc_tissue_region_cells(t, k);
        if (state[k] && c && svc_fill(c, state[k][0], state[k] + 1) != 0)
            return -1;
    }
    return 0;
}

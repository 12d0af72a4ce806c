/* tissue_svinit.h: openCARP's imp_region[i].im_sv_init in `starcarp tissue` (prefix tsv_;
 * docs/tissue.md, "Initial states"): each ionic region's cells start from the state in a state
 * file (svfile.h: bench's --save-ini-file, openCARP's .sv), Vm and every state of the region's
 * model, instead of the model's initial values. The files are read before StarPU starts (a missing
 * file, or one of another model, refused naming the key); the states are written into every cell
 * array of the region this process holds, on the host, before the states go to their workers. */
#ifndef SC_TISSUE_SVINIT_H
#define SC_TISSUE_SVINIT_H

#include <stddef.h>

#include "sc_tissue.h"
#include "tissue_opts.h"

/* Read region k's file (o->par.imp_sv[k]; k = 0 .. o->nimp) for its model (m0 for region 0,
 * imp[k - 1].m beyond) into state[k]: Vm, then the model's states (NULL where the region has no
 * file). 0, or -1 with a message naming the key, where it was given and the file (state[] freed). */
int tsv_load(const TissueOpts *o, const ScModelEntry *m0, const ScTissueImp *imp,
             double *state[SC_TISSUE_MAX_IMP + 1], char *err, size_t errlen);
/* Every cell of region k this process holds set to state[k] (where not NULL). 0 or -1. */
int tsv_apply(ScTissue *t, double *const state[SC_TISSUE_MAX_IMP + 1]);
/* Free state[0 .. SC_TISSUE_MAX_IMP]. */
void tsv_free(double *state[SC_TISSUE_MAX_IMP + 1]);

#endif

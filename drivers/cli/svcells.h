/* svcells.h: one .sv file's state (svfile.h) put into a cell array: bench's --read-ini-file and
 * tissue's imp_region[i].im_sv_init (prefix svc_). Apart from svfile.c, which needs no library. */
#ifndef SC_SVCELLS_H
#define SC_SVCELLS_H
#include "starcarp.h"

/* One cell's state (vm, and sv in the model's order of states) written into every cell of c, on
 * the host (sc_cells_write). Returns 0, or -1 (out of memory or a failed write). */
int svc_fill(ScCells *c, double vm, const double *sv);

#endif

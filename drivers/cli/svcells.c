/* svcells.c: a state put into a cell array (svcells.h). */
#include <stdlib.h>

#include "svcells.h"

int svc_fill(ScCells *c, double vm, const double *sv) {
    long n = sc_cells_count(c);
    int ns = sc_cells_model(c)->desc->nstates;
    double *col = malloc(sizeof(double) * (size_t)(n > 0 ? n : 1));
    int bad = !col;
    for (int k = -1; k < ns && !bad; k++) {
        for (long i = 0; i < n; i++)
            col[i] = k < 0 ? vm : sv[k];
        bad = sc_cells_write(c, k < 0 ? SC_VAR_VM : k, col) != 0;
    }
    free(col);
    return bad ? -1 : 0;
}

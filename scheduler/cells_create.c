/* cells_create.c: sc_cells_create, the public creation of a cell array (starcarp.h): the
 * configuration checked, the parts asked of the placement module (place_cells, which may probe the
 * GPU's speed on scratch arrays of its own), then the array built from them (cells_build,
 * sc_cells.c). Kept apart from the builder so that the calls go one way (place.h: no circle). */
#include "cells.h"
#include "util_int.h"

ScCells *sc_cells_create(const ScModelEntry *m, const ScCellsConfig *cfg, char *err, size_t errlen) {
    if (place_create_start(m, cfg, err, errlen) != 0)
        return NULL;
    if (cfg->ncells < 1 || cfg->ncells > SC_CELLS_MAX) {
        sc_set_err(err, errlen,
                   "cell count %ld out of range (1 .. %ld: StarPU counts a handle's elements in 32 bits)",
                   cfg->ncells, (long)SC_CELLS_MAX);
        return NULL;
    }
    if (cfg->precision != 0 && cfg->precision != SC_DOUBLE && cfg->precision != SC_SINGLE) {
        sc_set_err(err, errlen, "precision %d: accepted values are 64 and 32", cfg->precision);
        return NULL;
    }
    ScCellsConfig cc = *cfg;
    cells_defaults(&cc);
    int f32 = sc_precision_index(cc.precision);
    PlacePlan plan;
    if (cells_kernel_check(m, f32, err, errlen) < 0 || place_host_fits(m, cc.ncells, f32, err, errlen) < 0 ||
        place_cells(m, &cc, &plan, err, errlen) < 0)
        return NULL;
    return cells_build(m, &cc, &plan, err, errlen);
}

/* cells_split.c: a per-cell array of a cell array registered with StarPU as one vector split
 * into the array's parts (cells.h), and the reverse: used by the array's registration
 * (sc_cells.c) and by the per-cell parameters (cells_params.c), which re-split when rows change. */
#include <stdlib.h>

#include "cells.h"

/* See cells.h. */
void cells_register_split(ScCells *c, void *base, int per_cell, starpu_data_handle_t *parent,
                          starpu_data_handle_t *parts) {
    /* one element a cell (its per_cell values): StarPU counts a vector's elements in 32 bits, and
       a cell's values of a partition are one block of the blocked layout, so the partitions are
       whole elements and an array may hold up to SC_CELLS_MAX cells whatever per_cell is */
    starpu_vector_data_register(parent, STARPU_MAIN_RAM, (uintptr_t)base, (uint32_t)c->n,
                                c->esz * (size_t)per_cell);
    long *len = malloc(sizeof(long) * (size_t)c->np);
    for (int p = 0; p < c->np; p++)
        len[p] = c->size[p];
    struct starpu_data_filter f = {
        .filter_func = starpu_vector_filter_list_long, .nchildren = (unsigned)c->np, .filter_arg_ptr = len};
    starpu_data_partition_plan(*parent, &f, parts);
    starpu_data_partition_submit(*parent, (unsigned)c->np, parts);
    free(len);
}

/* See cells.h. */
void cells_unregister_split(ScCells *c, starpu_data_handle_t parent, starpu_data_handle_t *parts) {
    if (!parent)
        return;
    starpu_data_unpartition_submit(parent, (unsigned)c->np, parts, STARPU_MAIN_RAM);
    starpu_data_partition_clean(parent, (unsigned)c->np, parts);
    starpu_data_unregister(parent);
}

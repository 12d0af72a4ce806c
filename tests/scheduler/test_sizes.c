/* test_sizes.c: cell arrays past 2^31 cells and 2^32 values (a 250M-cell array of ten
 * Tusscher 2006 has 4.75e9 state values, beyond StarPU's 32-bit element count).
 *
 * Without allocating them: the handles of an array of 2^31 + 6 cells of 19 states are registered
 * over a fake address (StarPU only computes addresses when partitioning) and partitioned as the
 * runtime does; each partition must have its cells as elements of 19 values, and start where the
 * blocked layout puts it (off[p] * 19 values, beyond 2^32 bytes for the last one). The index of
 * the last state of the last cell must be ncells * 19 - 1. Then sc_cells_create must refuse an array
 * the host memory cannot hold, before allocating it, naming the bytes needed and available. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "cells.h"
#include "starcarp.h"
#include "test.h"

static void test_handles(void) {
    const long n = (1L << 31) + 6;
    const int nsv = 19;
    ScCells c;
    memset(&c, 0, sizeof c);
    long size[3], off[3];
    ASSERT_EQ_INT(3, sc_plan_parts(n, 2, 1, 2.0, 4, size, 3));
    c.n = n, c.np = 3, c.esz = sizeof(double), c.size = size, c.off = off;
    for (int p = 0, o = 0; p < 3; p++)
        off[p] = p ? off[p - 1] + size[p - 1] : 0, (void)o;
    ASSERT_EQ_INT(n, off[2] + size[2]);
    starpu_data_handle_t parent, parts[3];
    char *base = (char *)(uintptr_t)4096; /* never touched: only its address is used */
    cells_register_split(&c, base, nsv, &parent, parts);
    starpu_task_wait_for_all();
    ASSERT_EQ_INT(n, (long long)starpu_vector_get_nx(parent));
    for (int p = 0; p < 3; p++) {
        ASSERT_EQ_INT(size[p], (long long)starpu_vector_get_nx(parts[p]));
        ASSERT_EQ_INT((long long)nsv * 8, (long long)starpu_vector_get_elemsize(parts[p]));
        /* where the partition starts: off[p] * nsv values into the array */
        const struct starpu_vector_interface *v =
            starpu_data_get_interface_on_node(parts[p], STARPU_MAIN_RAM);
        ASSERT_EQ_INT((long long)off[p] * nsv * 8, (long long)(v->ptr - (uintptr_t)base));
    }
    /* the last state of the last cell, in the blocked layout: off * nsv + k * size + i */
    long last = off[2] * nsv + (long)(nsv - 1) * size[2] + (size[2] - 1);
    ASSERT_EQ_INT((long long)n * nsv - 1, last);
    ASSERT(last > 4294967295L);
    cells_unregister_split(&c, parent, parts);
}

static void test_refused(void) {
    char err[512];
    const ScModelEntry *m = sc_model_lookup("ten_tusscher_model_2006_epi", NULL, err, sizeof err);
    ASSERT(m != NULL);
    if (!m)
        return;
    setenv("STARCARP_HOST_MEMORY", "1e9", 1); /* 1 GB "available" */
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.ncells = 3000000000L;
    cfg.precision = SC_SINGLE;
    ScCells *c = sc_cells_create(m, &cfg, err, sizeof err);
    ASSERT(c == NULL);
    printf("refused: %s\n", err);
    ASSERT(strstr(err, "3000000000 cells") && strstr(err, "240.0 GB of host memory") &&
           strstr(err, "1.0 GB"));
    cfg.ncells = 4294967296L; /* one past StarPU's count */
    ASSERT(sc_cells_create(m, &cfg, err, sizeof err) == NULL);
    ASSERT(strstr(err, "out of range") != NULL);
    unsetenv("STARCARP_HOST_MEMORY");
    if (c)
        sc_cells_destroy(c);
}

int main(void) {
    struct starpu_conf conf;
    starpu_conf_init(&conf);
    conf.ncuda = 0;
    conf.nhip = 0;
    int rc = starpu_init(&conf);
    if (rc == -ENODEV)
        return 77;
    test_handles();
    test_refused();
    starpu_shutdown();
    return TEST_DONE();
}

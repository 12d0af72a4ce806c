/* test_speeds.c: the placement module's inputs (scheduler/place.h), without StarPU:
 *   1. the speed table's reader (scheduler/place_speeds.c), which partition planning asks for a
 *      GPU's speed over a core: the rows of the model and precision asked for, of the GPU kind
 *      asked for (cuda or hip), at the steps per task nearest those of the run, the largest size of
 *      those; 0 when a kind is missing. The table is written with the public writer.
 *   2. StarPU's policy (sc_sched_policy): each kind of run's own, a given one (--sched) over it,
 *      STARPU_SCHED over both. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "place.h"
#include "test.h"

static void test_policy(void) {
    unsetenv("STARPU_SCHED");
    ASSERT_EQ_STR("dmda", sc_sched_policy(SC_SCHED_CELLS, NULL));
    ASSERT_EQ_STR("dmda", sc_sched_policy(SC_SCHED_CALIBRATE, NULL));
    ASSERT_EQ_STR("eager", sc_sched_policy(SC_SCHED_DEVICES, NULL));
    ASSERT(sc_sched_policy(SC_SCHED_PINNED, NULL) == NULL); /* StarPU's default */
    ASSERT_EQ_STR("lws", sc_sched_policy(SC_SCHED_CELLS, "lws"));
    setenv("STARPU_SCHED", "prio", 1);
    ASSERT_EQ_STR("prio", sc_sched_policy(SC_SCHED_CELLS, "lws"));
    ASSERT_EQ_STR("prio", sc_sched_policy(SC_SCHED_PINNED, NULL));
    unsetenv("STARPU_SCHED");
}

int main(void) {
    test_policy();
    char dir[] = "/tmp/sc_test_speeds_XXXXXX", path[256];
    if (!mkdtemp(dir))
        return 1;
    snprintf(path, sizeof path, "%s/%s", dir, SC_SPEEDS_FILE);
    FILE *f = fopen(path, "w");
    if (!f)
        return 1;
    sc_speeds_write_header(f);
    /* model m: CPU 100 ns at K 10 (large), 120 at K 1; CUDA 2 at K 10 (small), 1 at K 10 (large),
     * 4 at K 1; HIP 5 at K 10; model o: other numbers that must not be read */
    sc_speeds_write_row(f, "m", 64, "cpu", 1000, 10, 100);
    sc_speeds_write_row(f, "m", 64, "cpu", 100, 10, 150);
    sc_speeds_write_row(f, "m", 64, "cpu", 1000, 1, 120);
    sc_speeds_write_row(f, "m", 64, "cuda", 100000, 10, 2);
    sc_speeds_write_row(f, "m", 64, "cuda", 1000000, 10, 1);
    sc_speeds_write_row(f, "m", 64, "cuda", 1000000, 1, 4);
    sc_speeds_write_row(f, "m", 64, "hip", 1000000, 10, 5);
    sc_speeds_write_row(f, "m", 32, "cuda", 1000000, 10, 0.5);
    sc_speeds_write_row(f, "o", 64, "cuda", 1000000, 10, 1000);
    fclose(f);
    ASSERT_NEAR(100.0, place_speeds_gpu_speedup(dir, "m", 64, 10, "cuda"), 1e-12); /* 100 / 1 */
    ASSERT_NEAR(30.0, place_speeds_gpu_speedup(dir, "m", 64, 1, "cuda"), 1e-12); /* 120 / 4 */
    ASSERT_NEAR(100.0, place_speeds_gpu_speedup(dir, "m", 64, 8, "cuda"), 1e-12); /* nearest K: 10 */
    ASSERT_NEAR(30.0, place_speeds_gpu_speedup(dir, "m", 64, 2, "cuda"), 1e-12); /* nearest K: 1 */
    ASSERT_NEAR(20.0, place_speeds_gpu_speedup(dir, "m", 64, 10, "hip"), 1e-12); /* 100 / 5 */
    ASSERT_NEAR(0.0, place_speeds_gpu_speedup(dir, "m", 32, 10, "cuda"), 0); /* no CPU row in single */
    ASSERT_NEAR(0.0, place_speeds_gpu_speedup(dir, "x", 64, 10, "cuda"), 0); /* unknown model */
    unlink(path);
    rmdir(dir);
    return TEST_DONE();
}

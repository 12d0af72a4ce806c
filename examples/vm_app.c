/* vm_app.c: a StarPU application that links the installed starcarp library.
 *
 * It submits a codelet of its own (a passive membrane: Iion = g*(V - E)) and starcarp's
 * membrane-potential update, alternately, on a partitioned vector of cells, and checks the
 * result against the same loop on the host. Exit 0 when equal, 1 otherwise.
 * Build: cc vm_app.c $(pkg-config --cflags --libs starcarp)   or CMake: find_package(starcarp).
 */
/* Strict C11 (-std=c11) hides the POSIX threads features StarPU's headers use: a strict program
 * asks for POSIX before its first include, as any StarPU application does (-std=gnu11 needs nothing). */
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <starpu.h>
#include <starcarp/starcarp.h>

#define NCELLS 100000
#define NSTEPS 50
static const double g = 0.05, E = -85.0, dt = 0.01;

/* The application's own kernel: Iion = g * (V - E). */
static void passive_iion_cpu(void *buffers[], void *cl_arg) {
    (void)cl_arg;
    const double *v = (const double *)STARPU_VECTOR_GET_PTR(buffers[0]);
    double *iion = (double *)STARPU_VECTOR_GET_PTR(buffers[1]);
    unsigned n = STARPU_VECTOR_GET_NX(buffers[0]);
    for (unsigned i = 0; i < n; i++)
        iion[i] = g * (v[i] - E);
}

static struct starpu_codelet passive_cl = {
    .cpu_funcs = {passive_iion_cpu}, .nbuffers = 2, .modes = {STARPU_R, STARPU_W}, .name = "passive_iion"};

int main(void) {
    static double v[NCELLS], iion[NCELLS], vref[NCELLS];
    for (int i = 0; i < NCELLS; i++)
        v[i] = vref[i] = -85.0 + 40.0 * (double)i / NCELLS;

    struct starpu_conf conf;
    starpu_conf_init(&conf);
    conf.ncuda = 0; /* the passive codelet has a CPU version only */
    int rc = starpu_init(&conf);
    if (rc == -ENODEV)
        return 77;
    STARPU_CHECK_RETURN_VALUE(rc, "starpu_init");
    printf("starcarp %s linked\n", starcarp_version());

    starpu_data_handle_t hv, hi;
    starpu_vector_data_register(&hv, STARPU_MAIN_RAM, (uintptr_t)v, NCELLS, sizeof(double));
    starpu_vector_data_register(&hi, STARPU_MAIN_RAM, (uintptr_t)iion, NCELLS, sizeof(double));
    struct starpu_data_filter f = {.filter_func = starpu_vector_filter_block, .nchildren = 8};
    starpu_data_partition(hv, &f);
    starpu_data_partition(hi, &f);
    for (int s = 0; s < NSTEPS; s++) {
        double stim = s < 10 ? 20.0 : 0.0;
        for (unsigned p = 0; p < 8; p++) {
            starpu_data_handle_t pv = starpu_data_get_sub_data(hv, 1, p),
                                 pi = starpu_data_get_sub_data(hi, 1, p);
            rc = starpu_task_insert(&passive_cl, STARPU_R, pv, STARPU_W, pi, 0);
            STARPU_CHECK_RETURN_VALUE(rc, "starpu_task_insert");
            rc = sc_vm_update_submit(pv, pi, dt, stim);
            STARPU_CHECK_RETURN_VALUE(rc, "sc_vm_update_submit");
        }
    }
    starpu_task_wait_for_all();
    starpu_data_unpartition(hv, STARPU_MAIN_RAM);
    starpu_data_unpartition(hi, STARPU_MAIN_RAM);
    starpu_data_unregister(hv);
    starpu_data_unregister(hi);
    starpu_shutdown();

    for (int s = 0; s < NSTEPS; s++) {
        double stim = s < 10 ? 20.0 : 0.0;
        for (int i = 0; i < NCELLS; i++) {
            double cur = g * (vref[i] - E);
            double w = vref[i] + stim * dt;
            vref[i] = w - dt * cur;
        }
    }
    int bad = 0;
    for (int i = 0; i < NCELLS; i++)
        bad += memcmp(&v[i], &vref[i], sizeof v[i]) != 0;
    printf("vm_app: %d of %d cells differ from the host loop\n", bad, NCELLS);
    return bad ? 1 : 0;
}

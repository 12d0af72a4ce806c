/* population_app.c: a StarPU application that uses starcarp's cell arrays and codelets.
 *
 * It looks up a library model by name (ten Tusscher 2006), makes a population of 2000 cells whose
 * g_Na varies from 50 % to 150 % of its default, paces it, and after every millisecond submits a
 * codelet of its own on starcarp's Vm handles: a running maximum of Vm per cell (StarPU orders it
 * after starcarp's tasks by their data). At the end it checks the maxima against the Vm values it
 * read back from starcarp each millisecond, and that every cell fired. Exit 0 when all agree.
 * Build: cc population_app.c $(pkg-config --cflags --libs starcarp), or CMake: find_package(starcarp).
 */
/* Strict C11 (-std=c11) hides the POSIX threads features StarPU's headers use: a strict program
 * asks for POSIX before its first include, as any StarPU application does (-std=gnu11 needs nothing). */
#define _XOPEN_SOURCE 700
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <starpu.h>
#include <starcarp/starcarp.h>

#define NCELLS 2000
#define MS 30 /* milliseconds simulated */

/* The application's own kernel: peak[i] = max(peak[i], vm[i]) (double precision arrays). */
static void peak_cpu(void *buffers[], void *cl_arg) {
    (void)cl_arg;
    const double *vm = (const double *)STARPU_VECTOR_GET_PTR(buffers[0]);
    double *peak = (double *)STARPU_VECTOR_GET_PTR(buffers[1]);
    unsigned n = STARPU_VECTOR_GET_NX(buffers[0]);
    for (unsigned i = 0; i < n; i++)
        peak[i] = vm[i] > peak[i] ? vm[i] : peak[i];
}

static struct starpu_codelet peak_cl = {
    .cpu_funcs = {peak_cpu}, .nbuffers = 2, .modes = {STARPU_R, STARPU_RW}, .name = "app_peak"};

int main(void) {
    struct starpu_conf conf;
    starpu_conf_init(&conf);
    int rc = starpu_init(&conf);
    if (rc == -ENODEV)
        return 77;
    STARPU_CHECK_RETURN_VALUE(rc, "starpu_init");
    char err[512];
    const ScModelEntry *m = sc_model_lookup("ten_tusscher_model_2006_epi", NULL, err, sizeof err);
    if (!m) {
        fprintf(stderr, "population_app: %s\n", err);
        return 1;
    }
    ScCellsConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.ncells = NCELLS, cfg.dt = 0.01, cfg.steps_per_task = 10;
    cfg.stim = (ScStim){.start = 100, .pulse = 100, .period = 0, .count = 1, .amp = 52.0};
    ScCells *c = sc_cells_create(m, &cfg, err, sizeof err);
    if (!c) {
        fprintf(stderr, "population_app: %s\n", err);
        return 1;
    }
    int k = -1;
    for (int q = 0; q < m->desc->nparams; q++)
        if (!strcmp(m->desc->param_names[q], "g_Na"))
            k = q;
    double *vals = malloc(sizeof(double) * NCELLS), *vm = malloc(sizeof(double) * NCELLS);
    double *peak = malloc(sizeof(double) * NCELLS), *ref = malloc(sizeof(double) * NCELLS);
    for (int i = 0; i < NCELLS; i++)
        vals[i] = m->desc->param_defaults[k] * (0.5 + (double)i / (NCELLS - 1));
    if (k < 0 || sc_cells_vary_param(c, k, vals, err, sizeof err) < 0) {
        fprintf(stderr, "population_app: g_Na: %s\n", k < 0 ? "no such parameter" : err);
        return 1;
    }
    /* the peaks, partitioned as the cells are */
    int np = sc_cells_nparts(c);
    starpu_data_handle_t *ph = malloc(sizeof *ph * (size_t)np);
    for (int p = 0, off = 0; p < np; off += (int)sc_cells_part_size(c, p), p++) {
        for (long i = 0; i < sc_cells_part_size(c, p); i++)
            peak[off + i] = -INFINITY;
        starpu_vector_data_register(&ph[p], STARPU_MAIN_RAM, (uintptr_t)(peak + off),
                                    (uint32_t)sc_cells_part_size(c, p), sizeof(double));
    }
    for (int i = 0; i < NCELLS; i++)
        ref[i] = -INFINITY;
    for (int ms = 0; ms < MS; ms++) {
        if (sc_cells_advance(c, 100) < 0)
            return 1;
        for (int p = 0; p < np; p++) {
            rc = starpu_task_insert(&peak_cl, STARPU_R, sc_cells_handle(c, SC_HANDLE_VM, p), STARPU_RW, ph[p],
                                    0);
            STARPU_CHECK_RETURN_VALUE(rc, "starpu_task_insert");
        }
        if (sc_cells_read(c, SC_VAR_VM, vm) < 0)
            return 1;
        for (int i = 0; i < NCELLS; i++)
            ref[i] = vm[i] > ref[i] ? vm[i] : ref[i];
    }
    ScFailure f;
    if (sc_cells_wait(c, &f)) {
        fprintf(stderr, "population_app: cell %ld failed at t = %g ms: %s\n", f.cell, f.t, f.what);
        return 1;
    }
    for (int p = 0; p < np; p++)
        starpu_data_unregister(ph[p]);
    int bad = 0, fired = 0;
    for (int i = 0; i < NCELLS; i++) {
        bad += peak[i] != ref[i];
        fired += peak[i] > 0;
    }
    printf("population_app: %s, %d cells in %d partitions, g_Na x0.5 .. x1.5: %d fired (peak > 0 mV); "
           "peaks from the app's codelet: %d differ from the values read back\n",
           m->name, NCELLS, np, fired, bad);
    sc_cells_destroy(c);
    starpu_shutdown();
    free(vals), free(vm), free(peak), free(ref), free(ph);
    return bad == 0 && fired == NCELLS ? 0 : 1;
}

/* monoalg_driver.c: times MonoAlg3D_C's CPU solver of a cell model (lab/peers/run.sh), as its
 * simulator calls it, without the rest of MonoAlg3D.
 *
 *   gcc -O3 -fopenmp -std=gnu99 -DCELL_MODEL_REAL_DOUBLE -Isrc monoalg_driver.c MODEL_CPU.c -lm
 *   ./a.out CELLS STEPS
 *
 * MODEL_CPU.c is the model's file of MonoAlg3D_C's src/models_library (ten Tusscher 2006:
 * ten_tusscher/ten_tusscher_2006_RS_CPU.c), fetched by prepare.sh; src/ holds it beside the stub
 * headers of lab/peers/monoalg_stubs. The model's set_model_initial_conditions_cpu allocates
 * CELLS cells at the model's initial state (its own OpenMP loop), and its solve_model_odes_cpu (an
 * OpenMP loop over the cells, K steps of dt 0.01 ms per cell and call, zero stimulus: at rest) is
 * called until STEPS steps were taken, with K = 1 (a call per step, as MonoAlg3D's monodomain
 * solver makes when the ODE and PDE steps are equal) and K = 100; OMP_NUM_THREADS threads. The state
 * is reset before each timed run and an untimed call warms up. Prints per K one line `per_call K
 * threads N seconds T rate R finite F v0 A v_end B`: R in cell-steps/s, F 1 when every state of every
 * cell is finite after the run, A and B the membrane potential (state 0) of cell 0 before and
 * after. Exit 0, 1 on bad arguments or no memory. */
#include <math.h>
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

#include "ode_solver/ode_solver.h"

GET_CELL_MODEL_DATA(init_cell_model_data);
SET_ODE_INITIAL_CONDITIONS_CPU(set_model_initial_conditions_cpu);
SOLVE_MODEL_ODES(solve_model_odes_cpu);

/* The solver's state reset to the model's initial state (the model allocates it). */
static int reset(struct ode_solver *s, long n) {
    free(s->sv);
    s->sv = NULL;
    s->original_num_cells = (uint32_t)n;
    set_model_initial_conditions_cpu(s, NULL);
    return s->sv ? 0 : -1;
}

/* steps steps of every cell, per_call per call of the model's solver; returns the seconds. */
static double advance(struct ode_solver *s, real *stim, long steps, int per_call) {
    double t0 = omp_get_wtime();
    for (long done = 0; done < steps; done += per_call) {
        s->num_steps = (uint32_t)(steps - done < per_call ? steps - done : per_call);
        solve_model_odes_cpu(s, NULL, (real)(done * s->min_dt), stim);
    }
    return omp_get_wtime() - t0;
}

/* One timed run (the state reset first): prints its line; -1 when out of memory. */
static int timed(struct ode_solver *s, real *stim, long n, int neq, long steps, int per_call) {
    if (reset(s, n) < 0)
        return -1;
    advance(s, stim, per_call, per_call); /* warm-up */
    if (reset(s, n) < 0)
        return -1;
    double v0 = (double)s->sv[0];
    double sec = advance(s, stim, steps, per_call);
    int finite = 1;
    for (long i = 0; i < n * (long)neq; i++)
        finite &= isfinite((double)s->sv[i]) != 0;
    printf("per_call %d threads %d seconds %.6f rate %.6e finite %d v0 %.6g v_end %.6g\n", per_call,
           omp_get_max_threads(), sec, (double)n * (double)steps / sec, finite, v0, (double)s->sv[0]);
    fflush(stdout);
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 3 || atol(argv[1]) < 1 || atol(argv[2]) < 1 || atol(argv[1]) > 4000000000L) {
        fprintf(stderr, "usage: %s CELLS STEPS (CELLS 1..4e9, STEPS >= 1)\n", argv[0]);
        return 1;
    }
    long n = atol(argv[1]), steps = atol(argv[2]);
    struct cell_model_data md = {0, 0};
    init_cell_model_data(&md, true, true);
    struct ode_solver s = {.min_dt = (real)0.01, .num_cells_to_solve = (size_t)n};
    real *stim = calloc((size_t)n, sizeof *stim);
    if (!stim || timed(&s, stim, n, md.number_of_ode_equations, steps, 1) < 0 ||
        timed(&s, stim, n, md.number_of_ode_equations, steps, 100) < 0) {
        fprintf(stderr, "monoalg_driver: out of memory for %ld cells\n", n);
        return 1;
    }
    free(s.sv);
    free(stim);
    return 0;
}

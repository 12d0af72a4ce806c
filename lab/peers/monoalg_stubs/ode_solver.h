/* ode_solver.h: the part of MonoAlg3D_C's src/ode_solver/ode_solver.h that a CPU cell model needs
 * (lab/peers/monoalg_driver.c): the solver's fields the model reads, the cell model's data and
 * the three function-defining macros with MonoAlg3D's signatures. No logger, configuration or GPU
 * parts. Written for starcarp's peer comparison; prepare.sh puts it where the model's relative
 * #include finds it. */
#ifndef PEERS_MONOALG_ODE_SOLVER_H
#define PEERS_MONOALG_ODE_SOLVER_H

#include <stddef.h>

#include "../common_types/common_types.h"

struct string_hash_entry; /* the model's extra configuration: always NULL here */

struct cell_model_data {
    int number_of_ode_equations;
    real initial_v;
};

/* the fields MonoAlg3D's CPU models read or set */
struct ode_solver {
    real min_dt;
    size_t num_cells_to_solve;
    uint32_t *cells_to_solve;
    uint32_t num_steps;
    uint32_t original_num_cells;
    real *sv;
    void *ode_extra_data;
};

#define GET_CELL_MODEL_DATA(name) \
    void name(struct cell_model_data *cell_model, bool get_initial_v, bool get_neq)
#define SOLVE_MODEL_ODES(name)                                                                           \
    void name(struct ode_solver *ode_solver, struct string_hash_entry *ode_extra_config, real current_t, \
              real *stim_currents)
#define SET_ODE_INITIAL_CONDITIONS_CPU(name) \
    void name(struct ode_solver *solver, struct string_hash_entry *ode_extra_config)

#endif

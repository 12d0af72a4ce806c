/* starcarp.h: public API of the starcarp codelet library (prefix sc_).
 *
 * Link with `pkg-config --cflags --libs starcarp` or CMake's `find_package(starcarp)` and
 * `target_link_libraries(app starcarp::starcarp)`. The library needs an initialised StarPU
 * (starpu_init) and never initialises it itself.
 */
#ifndef STARCARP_H
#define STARCARP_H

#include <starpu.h>

#ifdef __cplusplus
extern "C" {
#endif

#define SC_VERSION_MAJOR 0
#define SC_VERSION_MINOR 1
#define SC_VERSION_PATCH 0

/* The library's version, "MAJOR.MINOR.PATCH". */
const char *sc_version(void);

/* ---- models ------------------------------------------------------------------------------------
 * The library's models (generated at build time from models/ *.model) and users' models.
 * sc_model_lookup: NAME is a library model (file stem or model name) or a path to a .model file;
 * a file is generated and compiled into a plugin library on the fly (cached, see sc_models.c).
 * overrides: method replacements ("cvode=fe", may be NULL); with overrides a library model is
 * rebuilt from its source as a plugin. Returns NULL with a message in err when not found or
 * when the model has errors. The entry stays valid until the process ends. */
#include "starcarp_model.h"
int sc_model_count(void);
const ScModelEntry *sc_model_at(int i);
const ScModelEntry *sc_model_lookup(const char *name, const char *overrides, char *err, size_t errlen);

/* ---- membrane-potential update (bench's host step) -------------------------------------------
 * One explicit step of dV/dt = stim - Iion on a vector of cells, as openCARP's bench does it:
 *     if stimulated: V += stim * dt;   V -= dt * Iion
 * Buffers: 0 = Vm (STARPU_RW, vector of double), 1 = Iion (STARPU_R, vector of double, same length).
 * Argument: a struct sc_vm_update_args passed by value (cl_arg). CPU, CUDA (and HIP where StarPU has
 * HIP) implementations; performance model symbol "starcarp.vm_update.f64.soa". */
struct sc_vm_update_args {
    double dt;        /* time step, ms */
    double stim;      /* stimulus current this step (0 when not stimulated), uA/cm^2 */
};
extern struct starpu_codelet sc_vm_update_cl;

/* Submit one update of `vm` (RW) from `iion` (R). Returns 0 or a negative errno from StarPU. */
int sc_vm_update_submit(starpu_data_handle_t vm, starpu_data_handle_t iion, double dt, double stim);

#ifdef __cplusplus
}
#endif
#endif

/* plugin.h: the model builder's interface to the rest of libstarcarp (prefix plugin_): a user's
 * .model file made a model entry (sc_plugin.c). The model builder (this folder) is the only part of libstarcarp that
 * uses the code generator (codegen/) and runs compilers (toolchain.h); the automatic choice of
 * methods that it also makes is sc_choose.h. */
#ifndef SC_PLUGIN_H
#define SC_PLUGIN_H
#include <stddef.h>

struct ScModelEntry;
struct ScSingleCheck;

/* The model file at path, analysed with the method overrides, generated and compiled into the
 * plugin cache (the CPU kernels for this CPU; the CUDA kernels only where a CUDA device is
 * present), or loaded from it. automatic: 1, the overrides are the automatic choice (the entry's
 * methods_choice); 2, the automatic choice kept the file's methods (then overrides are "": the
 * kernels of --methods file); 0, given overrides. With 1 or 2 no warning about states coupled to
 * Vm faster than dt (the choice's summary says what it did about them). dt: the run's time step (ms;
 * 0 for SC_DEFAULT_DT), the dt of that warning (the kernels do not depend on it). single: the check
 * of the single-precision kernels (the choice's, copied into the entry), or NULL. The entry lives
 * until the process ends. NULL with a message in err on failure (the model's own diagnostics on
 * stderr). */
const struct ScModelEntry *plugin_load(const char *path, const char *overrides, int automatic, double dt,
                                       const struct ScSingleCheck *single, char *err, size_t len);

#endif

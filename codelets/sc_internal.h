/* sc_internal.h: helpers shared inside libstarcarp (not installed). */
#ifndef SC_INTERNAL_H
#define SC_INTERNAL_H
#include <stddef.h>

/* printf-style message into err (nothing when err is NULL or len is 0); sc_models.c. */
void sc_set_err(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A user's .model file made a model entry: analysed, generated and compiled into the plugin cache
 * (the CPU kernels for this CPU; the CUDA kernels only where a CUDA device is present), or loaded
 * from it; sc_plugin.c. NULL with a message in err on failure. */
struct ScModelEntry;
const struct ScModelEntry *sc_plugin_load(const char *path, const char *overrides, char *err, size_t len);

#endif

/* sc_internal.h: helpers shared inside libstarcarp (not installed). */
#ifndef SC_INTERNAL_H
#define SC_INTERNAL_H
#include <stddef.h>

/* printf-style message into err (nothing when err is NULL or len is 0); sc_models.c. */
void sc_set_err(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* A user's .model file made a model entry: analysed, generated and compiled into the plugin cache
 * (the CPU kernels for this CPU; the CUDA kernels only where a CUDA device is present), or loaded
 * from it; sc_plugin.c. automatic: the overrides are the automatic choice (the entry's
 * methods_choice). NULL with a message in err on failure. */
struct ScModelEntry;
const struct ScModelEntry *sc_plugin_load(const char *path, const char *overrides, int automatic, char *err,
                                          size_t len);

/* sc_plugin.c: the folder holding starcarp_model.h (a build tree's or an installed one) or NULL;
 * the flags the CPU kernels are compiled with; the link flag of libmvec ("" when none). */
const char *sc_plugin_include_dir(void);
const char *sc_plugin_cpu_flags(void);
const char *sc_plugin_mvec_flag(void);

/* sc_plugin.c: the cache folder (<cache> of sc_plugin.c's contract) into buf. */
void sc_cache_dir(char *buf, size_t len);

/* sc_plugin.c: mkdir -p (path is modified and restored); 0 or -1 (errno). */
int sc_make_dirs(char *path);

/* FNV-1a of s continued from h (start with SC_FNV_INIT). */
#define SC_FNV_INIT 1469598103934665603ULL
unsigned long long sc_fnv(unsigned long long h, const char *s);

#endif

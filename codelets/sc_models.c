/* sc_models.c: finding a model by name: the library's own (sc_model_registry, generated at build
 * time) or a user's .model file, which sc_plugin.c turns into a plugin library on the fly. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sc_internal.h"
#include "starcarp.h"
#include "starcarp_model.h"

extern const ScModelEntry sc_model_registry[];
extern const int sc_model_registry_count;

#ifndef SC_MODEL_DIR
#define SC_MODEL_DIR ""
#endif
#ifndef SC_INSTALLED_MODEL_DIR
#define SC_INSTALLED_MODEL_DIR ""
#endif

int sc_model_count(void) {
    return sc_model_registry_count;
}

const ScModelEntry *sc_model_at(int i) {
    return i >= 0 && i < sc_model_registry_count ? &sc_model_registry[i] : NULL;
}

void sc_set_err(char *err, size_t len, const char *fmt, ...) {
    if (!err || !len)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, len, fmt, ap);
    va_end(ap);
}

static int ends_with(const char *s, const char *suf) {
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

const ScModelEntry *sc_model_lookup(const char *name, const char *overrides, char *err, size_t len) {
    if (!name || !*name) {
        sc_set_err(err, len, "no model given");
        return NULL;
    }
    if (ends_with(name, ".model") || strchr(name, '/')) {
        if (access(name, R_OK) != 0) {
            sc_set_err(err, len, "cannot read the model file '%s': %s", name, strerror(errno));
            return NULL;
        }
        return sc_plugin_load(name, overrides, err, len);
    }
    if (overrides && *overrides) {
        /* the library's kernels were generated without overrides: build a plugin of its file */
        for (int i = 0; i < sc_model_registry_count; i++)
            if (strcmp(sc_model_registry[i].name, name) == 0) {
                char p[4096];
                const char *dirs[] = {getenv("STARCARP_MODELS"), SC_MODEL_DIR, SC_INSTALLED_MODEL_DIR};
                for (size_t k = 0; k < sizeof dirs / sizeof *dirs; k++) {
                    if (!dirs[k] || !*dirs[k])
                        continue;
                    snprintf(p, sizeof p, "%s/%s", dirs[k], sc_model_registry[i].file);
                    if (access(p, R_OK) == 0)
                        return sc_plugin_load(p, overrides, err, len);
                }
                sc_set_err(err, len, "the source of model '%s' (%s) is not found: method overrides "
                                  "need it", name, sc_model_registry[i].file);
                return NULL;
            }
    }
    for (int i = 0; i < sc_model_registry_count; i++)
        if (strcmp(sc_model_registry[i].name, name) == 0 ||
            strcmp(sc_model_registry[i].desc->name, name) == 0)
            return &sc_model_registry[i];
    sc_set_err(err, len, "unknown model '%s': `starcarp models list` shows the library, or give a "
                      ".model file", name);
    return NULL;
}

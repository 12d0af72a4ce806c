/* sc_models.c: finding a model by name: the library's own (sc_model_registry, generated at build
 * time) or a user's .model file, which sc_plugin.c turns into a plugin library on the fly. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "plugin.h"
#include "sc_choose.h"
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

static int ends_with(const char *s, const char *suf) {
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

/* The source file of library entry e, into buf; NULL (err set) when it is not found. */
static const char *library_source(const ScModelEntry *e, char *buf, size_t n, char *err, size_t len) {
    const char *dirs[] = {getenv("STARCARP_MODELS"), SC_MODEL_DIR, SC_INSTALLED_MODEL_DIR};
    for (size_t k = 0; k < sizeof dirs / sizeof *dirs; k++) {
        if (!dirs[k] || !*dirs[k])
            continue;
        snprintf(buf, n, "%s/%s", dirs[k], e->file);
        if (access(buf, R_OK) == 0)
            return buf;
    }
    sc_set_err(err, len, "the source of model '%s' (%s) is not found: its methods cannot be changed",
               e->name, e->file);
    return NULL;
}

/* A plugin of the model file at path with the automatic choice of methods at dt (the choice is
 * made at max(dt, 0.01 ms): one made at 0.01 holds for smaller steps, docs/methods.md). */
static const ScModelEntry *auto_plugin(const char *path, double dt, char *err, size_t len) {
    ScChooseSpec sp = {.dt = dt > 0.01 ? dt : 0.01, .stim_start = 1, .stim_dur = 1, .stim_curr = 60,
                       .bcl = 1000, .duration = 1000, .nstim = 1, .verbose = 1};
    ScChoice *c = calloc(1, sizeof *c);
    if (!c || sc_choose_methods_cached(path, &sp, c, err, len) != 0) {
        free(c);
        return NULL;
    }
    if (*c->overrides)
        fprintf(stderr, "starcarp: %s: methods chosen at dt %g ms: %s (--methods %s; --methods file keeps "
                "the file's)\n", path, sp.dt, c->label, c->overrides);
    const ScModelEntry *e = sc_plugin_load(path, c->overrides, *c->overrides != '\0', err, len);
    free(c);
    return e;
}

static const ScModelEntry *library_entry(const char *name) {
    for (int i = 0; i < sc_model_registry_count; i++)
        if (strcmp(sc_model_registry[i].name, name) == 0 || strcmp(sc_model_registry[i].desc->name, name) == 0)
            return &sc_model_registry[i];
    return NULL;
}

const ScModelEntry *sc_model_lookup_dt(const char *name, const char *methods, double dt, char *err, size_t len) {
    if (!name || !*name) {
        sc_set_err(err, len, "no model given");
        return NULL;
    }
    int automatic = !methods || !*methods || strcmp(methods, "auto") == 0;
    int file = methods && strcmp(methods, "file") == 0;
    const char *overrides = automatic || file ? "" : methods;
    char p[4096];
    const char *path = NULL;
    const ScModelEntry *lib = NULL;
    if (ends_with(name, ".model") || strchr(name, '/')) {
        if (access(name, R_OK) != 0) {
            sc_set_err(err, len, "cannot read the model file '%s': %s", name, strerror(errno));
            return NULL;
        }
        path = name;
    } else if (!(lib = library_entry(name))) {
        sc_set_err(err, len, "unknown model '%s': `starcarp models list` shows the library, or give a "
                             ".model file", name);
        return NULL;
    }
    /* the library's kernels hold the automatic choice made at 0.01 ms (or the file's methods) */
    if (lib && automatic && dt <= 0.01)
        return lib;
    if (lib && !(path = library_source(lib, p, sizeof p, err, len)))
        return NULL;
    if (automatic)
        return auto_plugin(path, dt, err, len);
    return sc_plugin_load(path, overrides, 0, err, len);
}

const ScModelEntry *sc_model_lookup(const char *name, const char *methods, char *err, size_t len) {
    return sc_model_lookup_dt(name, methods, 0.01, err, len);
}

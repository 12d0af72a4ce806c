/* sc_models.c: finding a model by name: the library's own (registry.h) or a user's .model file, which sc_plugin.c turns into a plugin library on the fly. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "plugin.h"
#include "toolchain.h"
#include "sc_choose.h"
#include "util_int.h"
#include "registry.h"
#include "starcarp.h"
#include "starcarp_model.h"

#ifndef SC_MODEL_DIR
#define SC_MODEL_DIR "models"
#endif
#ifndef SC_INSTALL_MODELDIR /* relative to the installation prefix */
#define SC_INSTALL_MODELDIR "share/starcarp/models"
#endif

static int ends_with(const char *s, const char *suf) {
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && strcmp(s + a - b, suf) == 0;
}

static const char *const model_subdirs[] = {"cellml", "native", "."};
enum { NSUBDIRS = 3 };

/* Root r of the model folders into buf (see registry.h), NULL past the last. */
static const char *model_root(int r, char *buf, size_t n) {
    const char *env = getenv("STARCARP_MODELS");
    if (env && *env) {
        for (int k = 0; k < r && env; k++)
            env = strchr(env, ':') ? strchr(env, ':') + 1 : NULL;
        if (!env)
            return NULL;
        snprintf(buf, n, "%.*s", (int)strcspn(env, ":"), env);
        return buf;
    }
    /* the installed models beside this library or command first (toolchain.h: wherever the prefix
       is), then the source tree's */
    char installed[4096];
    const char *builtin[2] = {tc_installed(SC_INSTALL_MODELDIR, installed, sizeof installed), SC_MODEL_DIR};
    for (int k = 0; k < 2; k++)
        if (builtin[k] && *builtin[k] && r-- == 0) {
            snprintf(buf, n, "%s", builtin[k]);
            return buf;
        }
    return NULL;
}

/* See registry.h. */
const char *sc_model_folder(int i, char *buf, size_t n) {
    char root[4096];
    if (i < 0 || !model_root(i / NSUBDIRS, root, sizeof root))
        return NULL;
    int k = i % NSUBDIRS;
    if (k == NSUBDIRS - 1)
        snprintf(buf, n, "%s", root);
    else
        snprintf(buf, n, "%s/%s", root, model_subdirs[k]);
    return buf;
}

static int is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* See registry.h. */
const char *sc_model_file(const char *name, char *buf, size_t n) {
    if (is_file(name))
        return name;
    char dir[4200];
    const char *ext = ends_with(name, ".model") ? "" : ".model";
    for (int i = 0; sc_model_folder(i, dir, sizeof dir); i++) {
        if (!*dir)
            continue;
        snprintf(buf, n, "%s/%s%s", dir, name, ext);
        if (is_file(buf))
            return buf;
    }
    return NULL;
}

/* The source file of library entry e, into buf; NULL (err set) when it is not found. */
static const char *library_source(const ScModelEntry *e, char *buf, size_t n, char *err, size_t len) {
    const char *p = sc_model_file(e->name, buf, n);
    if (!p)
        sc_set_err(err, len, "the source of model '%s' (%s) is not found: its methods cannot be changed",
                   e->name, e->file);
    return p;
}

static ScChooseShare share; /* sc_choose_share: one decision for several processes */

void sc_choose_share(const ScChooseShare *s) { share = s ? *s : (ScChooseShare){0, NULL, NULL}; }

/* A plugin of the model file at path with the automatic choice of methods at dt (the choice is
 * made at max(dt, 0.01 ms): one made at 0.01 holds for smaller steps, docs/methods.md), within the
 * budget of sc_choose_budget (cut: the file's methods, said), made by the decider of the processes
 * sharing it (sc_choose_share) and received by the others. lib: the library's model of that
 * file (NULL for a user's file): its choice at 0.01 ms tells which candidates fail at larger steps,
 * and where the choice at dt is the same its kernels serve. */
static const ScModelEntry *auto_plugin(const char *path, double dt, const ScModelEntry *lib, char *err,
                                       size_t len) {
    ScChooseSpec sp = sc_choose_default_spec();
    sp.dt = dt > SC_DEFAULT_DT ? dt : SC_DEFAULT_DT;
    if (lib && lib->methods_choice)
        sp.skip = sc_choose_failed_before(lib->methods_choice);
    int decide = !share.share || share.decide, rc = -1;
    sp.verbose = decide; /* the others wait for it in silence */
    ScChoice *c = calloc(1, sizeof *c);
    if (!c)
        sc_set_err(err, len, "out of memory");
    else if (!decide)
        rc = 0;
    else if ((sp.budget = sc_choose_budget(err, len)) >= 0 &&
             (sp.any_speed = sc_choose_speed_any(err, len)) >= 0)
        rc = sc_choose_methods_cached(path, &sp, c, err, len);
    if (share.share && c) { /* one decision for every process: the decider's outcome, message and choice */
        share.share(&rc, sizeof rc, share.ctx);
        share.share(err, len, share.ctx);
        share.share(c, sizeof *c, share.ctx);
    }
    if (rc != 0) {
        free(c);
        return NULL;
    }
    c->dt_asked = dt > 0 ? dt : sp.dt; /* the run's: the choice at 0.01 ms serves smaller steps */
    if (decide)
        sc_choose_summary(stderr, path, c);
    const ScModelEntry *e = NULL;
    if (lib && lib->methods_choice && !strcmp(lib->methods_choice, c->overrides) && *c->overrides)
        e = lib; /* the library's kernels hold this choice already */
    else
        e = plugin_load(path, c->overrides, *c->overrides ? 1 : 2, dt, &c->single, err, len);
    free(c);
    return e;
}

const ScModelEntry *sc_model_lookup_dt(const char *name, ScMethods methods, double dt, char *err,
                                       size_t len) {
    if (!name || !*name) {
        sc_set_err(err, len, "no model given");
        return NULL;
    }
    int automatic = methods.mode == SC_METHODS_AUTO;
    const char *overrides = methods.mode == SC_METHODS_OVERRIDE && methods.overrides ? methods.overrides : "";
    char p[4096];
    const char *path = NULL;
    const ScModelEntry *lib = NULL;
    if (ends_with(name, ".model") || strchr(name, '/')) {
        if (access(name, R_OK) != 0) {
            sc_set_err(err, len, "cannot read the model file '%s': %s", name, strerror(errno));
            return NULL;
        }
        path = name;
        /* a library model's text given as a file is the library model: its kernels, its choice */
        const ScModelEntry *twin = automatic ? registry_twin(path) : NULL;
        if (twin) {
            fprintf(stderr,
                    "starcarp: %s has the text of the library's %s: its kernels and methods are used\n", path,
                    twin->name);
            lib = twin;
        }
    } else if (!(lib = registry_named(name))) {
        char stem[256]; /* openCARP's names (sc_names.c); unknown ones get a hint */
        if (sc_model_resolve(name, NULL, stem, sizeof stem, NULL, 0, NULL, 0, err, len) != 0 ||
            !(lib = registry_named(stem))) {
            if (!*err)
                sc_set_err(err, len, "unknown model '%s'", name);
            return NULL;
        }
    }
    /* the library's kernels hold the automatic choice made at SC_DEFAULT_DT (or the file's methods) */
    if (lib && automatic && dt <= SC_DEFAULT_DT)
        return lib;
    if (lib && !(path = library_source(lib, p, sizeof p, err, len)))
        return NULL;
    if (automatic)
        return auto_plugin(path, dt, lib, err, len);
    return plugin_load(path, overrides, 0, dt, NULL, err, len);
}

const ScModelEntry *sc_model_lookup(const char *name, const char *methods, char *err, size_t len) {
    return sc_model_lookup_dt(name, sc_methods_parse(methods), SC_DEFAULT_DT, err, len);
}

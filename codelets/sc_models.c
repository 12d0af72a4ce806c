/* sc_models.c: finding a model: the library's own (sc_model_registry, generated at build time) or
 * a user's .model file turned into a plugin library on the fly, without rebuilding starcarp.
 *
 * Plugin: the model is analysed and generated in-process (the code generator is linked into
 * libstarcarp), compiled with the C compiler (and nvcc when this library has CUDA kernels) into
 * <cache>/<stem>-<hash>/plugin.so, and dlopen'ed. <cache> is $STARCARP_CACHE, else
 * $XDG_CACHE_HOME/starcarp, else ~/.cache/starcarp; <hash> covers the model text, the generator
 * version, the method overrides and the compile commands, so a changed model is rebuilt and an
 * unchanged one is loaded at once. */
#include <dlfcn.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emit.h"
#include "sc_internal.h"
#include "starcarp.h"
#include "starcarp_model.h"

extern const ScModelEntry sc_model_registry[];
extern const int sc_model_registry_count;

#ifndef SC_INCLUDE_DIR
#define SC_INCLUDE_DIR ""
#endif
#ifndef SC_INSTALLED_INCLUDE_DIR
#define SC_INSTALLED_INCLUDE_DIR ""
#endif
#ifndef SC_MODEL_DIR
#define SC_MODEL_DIR ""
#endif
#ifndef SC_INSTALLED_MODEL_DIR
#define SC_INSTALLED_MODEL_DIR ""
#endif
#ifndef SC_CPU_FLAGS
#define SC_CPU_FLAGS "-march=native -fno-math-errno"
#endif
#ifndef SC_CUDA_LIBDIR
#define SC_CUDA_LIBDIR ""
#endif
#ifndef SC_MVEC_FLAG
#define SC_MVEC_FLAG ""
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

static unsigned long long fnv(unsigned long long h, const char *s) {
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

/* mkdir -p */
static int make_dirs(char *path) {
    for (char *p = path + 1; *p; p++)
        if (*p == '/') {
            *p = '\0';
            int bad = mkdir(path, 0755) != 0 && errno != EEXIST;
            *p = '/';
            if (bad)
                return -1;
        }
    return mkdir(path, 0755) != 0 && errno != EEXIST ? -1 : 0;
}

static const char *include_dir(void) {
    static char buf[4096];
    const char *cands[] = {getenv("STARCARP_INCLUDE_DIR"), SC_INCLUDE_DIR, SC_INSTALLED_INCLUDE_DIR};
    for (size_t i = 0; i < sizeof cands / sizeof *cands; i++) {
        if (!cands[i] || !*cands[i])
            continue;
        snprintf(buf, sizeof buf, "%s/starcarp_model.h", cands[i]);
        if (access(buf, R_OK) == 0)
            return cands[i];
    }
    return NULL;
}

/* Generate one target of m into path. */
static int gen_file(const ScModel *m, const char *path, EmitTarget t, int single, const char *ident,
                    const char *overrides, char *err, size_t len) {
    FILE *f = fopen(path, "w");
    if (!f) {
        sc_set_err(err, len, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    EmitOptions o = {t, single, 0, overrides, ident};
    int rc = emit_model(f, m, &o);
    if (fclose(f) != 0 || rc) {
        sc_set_err(err, len, "cannot write %s", path);
        return -1;
    }
    return 0;
}

static int run_cmd(const char *cmd, const char *log, char *err, size_t len) {
    char *full = malloc(strlen(cmd) + strlen(log) + 16);
    sprintf(full, "%s >%s 2>&1", cmd, log);
    int rc = system(full);
    free(full);
    if (rc != 0) {
        sc_set_err(err, len, "building the plugin failed (command: %s); see %s", cmd, log);
        return -1;
    }
    return 0;
}

/* Build (when not cached) and load the plugin of a .model file. */
static const ScModelEntry *load_plugin(const char *path, const char *overrides, char *err,
                                       size_t len) {
    Arena ar = {0};
    Diag dg = {stderr, 0, 0, 0, NULL};
    ScSemaOptions sopt = {overrides};
    ScModel *m = sema_load_file_opts(&ar, &dg, path, &sopt);
    if (!m || diag_failed(&dg)) {
        sc_set_err(err, len, "%s: the model has errors (reported above)", path);
        ar_free(&ar);
        return NULL;
    }
    const char *inc = include_dir();
    if (!inc) {
        sc_set_err(err, len, "starcarp_model.h not found (set STARCARP_INCLUDE_DIR)");
        ar_free(&ar);
        return NULL;
    }
    /* the identifier and the cache directory */
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char stem[128];
    snprintf(stem, sizeof stem, "%.*s", (int)(strcspn(base, ".")), base);
    char ident[140] = "u_";   /* "u_" + the stem made an identifier: never starts with a digit */
    size_t k = 2;
    for (size_t i = 0; stem[i]; i++) {
        char c = stem[i];
        int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
        ident[k++] = ok ? c : '_';
    }
    ident[k] = '\0';
    const char *cc = getenv("CC") && *getenv("CC") ? getenv("CC") : "cc";
    int cuda = 0;
#ifdef SC_HAVE_CUDA
    const char *nvcc = getenv("NVCC") && *getenv("NVCC") ? getenv("NVCC") : SC_NVCC;
    cuda = access(nvcc, X_OK) == 0;
#endif
    char cmd_c[8192], cmd_n[8192] = "";
    unsigned long long h = 1469598103934665603ULL;
    for (int i = 0; i < m->nsyms; i++)
        if (m->syms[i]->tok && m->syms[i]->tok->file) {
            h = fnv(h, m->syms[i]->tok->file->text);
            break;
        }
    h = fnv(fnv(fnv(h, EMIT_GENERATOR), overrides ? overrides : ""), cc);
    const char *home = getenv("HOME");
    char dir[4096];
    if (getenv("STARCARP_CACHE") && *getenv("STARCARP_CACHE"))
        snprintf(dir, sizeof dir, "%s/%s-%016llx", getenv("STARCARP_CACHE"), stem, h);
    else if (getenv("XDG_CACHE_HOME") && *getenv("XDG_CACHE_HOME"))
        snprintf(dir, sizeof dir, "%s/starcarp/%s-%016llx", getenv("XDG_CACHE_HOME"), stem, h);
    else
        snprintf(dir, sizeof dir, "%s/.cache/starcarp/%s-%016llx", home ? home : "/tmp", stem, h);
    char so[4200];
    snprintf(so, sizeof so, "%s/plugin.so", dir);
    snprintf(cmd_c, sizeof cmd_c,
             "cd '%s' && %s -std=c11 -O3 -fPIC -I'%s' -c %s_c.c -o c.o && "
             "%s -std=c11 -O3 -fPIC %s -I'%s' -c %s_cpu.c -o cpu.o && "
             "%s -std=c11 -O3 -fPIC %s -I'%s' -c %s_cpu_f32.c -o cpu32.o",
             dir, cc, inc, ident, cc, SC_CPU_FLAGS, inc, ident, cc, SC_CPU_FLAGS, inc, ident);
#ifdef SC_HAVE_CUDA
    if (cuda)
        snprintf(cmd_n, sizeof cmd_n,
                 "cd '%s' && '%s' -O3 %s -Xcompiler -fPIC -I'%s' -c %s_cuda.cu -o cuda.o && "
                 "'%s' -O3 %s -Xcompiler -fPIC -I'%s' -c %s_cuda_f32.cu -o cuda32.o",
                 dir, nvcc, SC_NVCC_ARCH, inc, ident, nvcc, SC_NVCC_ARCH, inc, ident);
#endif
    if (access(so, R_OK) != 0) {
        if (make_dirs(dir) != 0) {
            sc_set_err(err, len, "cannot create the plugin cache %s: %s", dir, strerror(errno));
            ar_free(&ar);
            return NULL;
        }
        char p[4300], log[4300], link[8192];
        int bad = 0;
        const EmitTarget tg[] = {EMIT_C, EMIT_CPU, EMIT_CPU, EMIT_CUDA, EMIT_CUDA};
        const char *sfx[] = {"_c.c", "_cpu.c", "_cpu_f32.c", "_cuda.cu", "_cuda_f32.cu"};
        for (int k = 0; k < (cuda ? 5 : 3) && !bad; k++) {
            snprintf(p, sizeof p, "%s/%s%s", dir, ident, sfx[k]);
            bad = gen_file(m, p, tg[k], k == 2 || k == 4, ident, overrides, err, len);
        }
        snprintf(log, sizeof log, "%s/build.log", dir);
        fprintf(stderr, "starcarp: building a plugin for %s in %s\n", path, dir);
        if (!bad)
            bad = run_cmd(cmd_c, log, err, len);
        if (!bad && cuda)
            bad = run_cmd(cmd_n, log, err, len);
        snprintf(link, sizeof link, "cd '%s' && %s -shared -o plugin.tmp.so c.o cpu.o cpu32.o %s %s -lm%s",
                 dir, cc, cuda ? "cuda.o cuda32.o" : "", SC_MVEC_FLAG,
                 cuda ? " -L" SC_CUDA_LIBDIR " -lcudart" : "");
        if (!bad)
            bad = run_cmd(link, log, err, len);
        char tmp[4300];
        snprintf(tmp, sizeof tmp, "%s/plugin.tmp.so", dir);
        if (!bad && rename(tmp, so) != 0) {
            sc_set_err(err, len, "cannot install %s: %s", so, strerror(errno));
            bad = 1;
        }
        if (bad) {
            ar_free(&ar);
            return NULL;
        }
    }
    ar_free(&ar);
    void *lib = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        sc_set_err(err, len, "cannot load the plugin %s: %s", so, dlerror());
        return NULL;
    }
    ScModelEntry *e = calloc(1, sizeof *e);
    char sym[256];
    snprintf(sym, sizeof sym, "%s_model", ident);
    e->desc = dlsym(lib, sym);
    if (!e->desc || e->desc->abi != SC_MODEL_ABI) {
        sc_set_err(err, len, "the plugin %s has no %s of ABI %d", so, sym, SC_MODEL_ABI);
        free(e);
        return NULL;
    }
    e->name = strdup(stem);
    e->file = strdup(path);
    const char *prec[2] = {"f64", "f32"};
    for (int k = 0; k < 2; k++) {
        snprintf(sym, sizeof sym, "%s_cpu_%s_run", ident, prec[k]);
        *(void **)&e->cpu[k] = dlsym(lib, sym);
        snprintf(sym, sizeof sym, "%s_cpu_%s_lanes", ident, prec[k]);
        e->cpu_lanes[k] = dlsym(lib, sym);
        snprintf(sym, sizeof sym, "%s_cuda_%s_run", ident, prec[k]);
        *(void **)&e->cuda[k] = dlsym(lib, sym);
    }
    return e;
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
        return load_plugin(name, overrides, err, len);
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
                        return load_plugin(p, overrides, err, len);
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

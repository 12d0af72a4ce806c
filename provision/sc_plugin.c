/* sc_plugin.c: a user's .model file made a model of the library on the fly (plugin_load).
 *
 * The model is analysed and generated in-process, compiled with the C compiler (and nvcc), and the
 * results are kept in the plugin cache, one folder per model text:
 *   <cache>/<stem>-<hash>/host-<isa>.so       portable C + vectorised CPU kernels (f64, f32)
 *   <cache>/<stem>-<hash>/cuda-sm<cc>.so      the CUDA kernels (f64, f32)
 *   <cache>/<stem>-<hash>/hip-<arch>.so        the HIP kernels (f64, f32)
 * <cache> is $STARCARP_CACHE, else $XDG_CACHE_HOME/starcarp, else ~/.cache/starcarp. <hash> covers
 * the model text, the generator's version and the digest of its sources, the method overrides and
 * the C compiler; <isa> is a hash of this CPU's feature flags and the CPU compile flags (the kernels
 * are built with -march=native);
 * <cc> lists the compute capabilities of this machine's CUDA devices. The CUDA part is built only
 * where a CUDA device is present (and STARPU_NCUDA is not 0): a CPU-only machine never runs nvcc.
 * The HIP part is built where StarPU has HIP workers (STARPU_USE_HIP, STARPU_NHIP not 0), for the
 * architecture of STARCARP_HIP_ARCH (the build's), or wherever hipcc is when STARCARP_PLUGIN_HIP=1
 * (the check of a machine without an AMD GPU: the part is built and loaded, its kernels run only
 * under a HIP StarPU).
 * Machines that share a home directory share the cache: each loads what was built for its own CPU
 * and GPUs and builds what is missing. Every library is built in a folder of its own process and
 * renamed into place, so concurrent builders never load a half-written one. */
#include <starpu_config.h>

#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "emit.h"
#include "plugin.h"
#include "util_int.h"
#include "starcarp.h"
#include "starcarp_model.h"
#include "toolchain.h"

#ifdef SC_HAVE_CUDA
#include <cuda_runtime_api.h>
#endif

enum { PATH_LEN = 4096 };

/* What one plugin build needs: the analysed model and the names derived from it. */
typedef struct Plugin {
    const CgModel *m;
    const char *path, *overrides, *cc, *inc;
    int automatic; /* the overrides are the automatic choice */
    char stem[128], ident[140];
    char dir[PATH_LEN]; /* <cache>/<stem>-<hash> */
    char *err;
    size_t errlen;
} Plugin;

/* One part of a plugin: the sources generated for it, how they are compiled, its library name. */
typedef struct Part {
    const char *kind; /* "host", "cuda" or "hip" */
    char key[64]; /* isa hash, sm list, or the AMD architecture */
    char nvarch[256]; /* nvcc's -gencode flags (CUDA part) */
} Part;

/* A key of this CPU for kernels built with -march=native: a hash of the first "flags" line of
 * /proc/cpuinfo (the instruction sets) and of the CPU compile flags ("generic" where it cannot be
 * read: then every CPU shares one library, as before). */
static void host_key(char *key, size_t n) {
    unsigned long long h = util_fnv(UTIL_FNV_INIT, tc_cpu_flags());
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[8192];
    int found = 0;
    while (f && !found && fgets(line, sizeof line, f))
        if (strncmp(line, "flags", 5) == 0) {
            h = util_fnv(h, line);
            found = 1;
        }
    if (f)
        fclose(f);
    if (found)
        snprintf(key, n, "%012llx", h & 0xffffffffffffULL);
    else
        snprintf(key, n, "generic");
}

/* The CUDA part this machine needs: the distinct compute capabilities of its devices as "90" or
 * "80_90" in part->key and nvcc's -gencode flags; returns 0 when no CUDA device is present (or
 * STARPU_NCUDA=0, or this library has no CUDA), so that nothing is built for CUDA. */
static int cuda_part(Part *part) {
    part->kind = "cuda";
    part->key[0] = part->nvarch[0] = '\0';
#ifdef SC_HAVE_CUDA
    const char *nc = getenv("STARPU_NCUDA");
    if (nc && *nc && atoi(nc) == 0)
        return 0;
    int nd = 0;
    if (cudaGetDeviceCount(&nd) != cudaSuccess || nd <= 0) {
        (void)cudaGetLastError();
        return 0;
    }
    int seen[16], ns = 0;
    for (int d = 0; d < nd && ns < 16; d++) {
        int major = 0, minor = 0;
        if (cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, d) != cudaSuccess ||
            cudaDeviceGetAttribute(&minor, cudaDevAttrComputeCapabilityMinor, d) != cudaSuccess)
            continue;
        int cc = 10 * major + minor, dup = 0;
        for (int k = 0; k < ns; k++)
            dup |= seen[k] == cc;
        if (dup)
            continue;
        seen[ns++] = cc;
        size_t kl = strlen(part->key), al = strlen(part->nvarch);
        snprintf(part->key + kl, sizeof part->key - kl, "%s%d", kl ? "_" : "", cc);
        snprintf(part->nvarch + al, sizeof part->nvarch - al, " -gencode=arch=compute_%d,code=sm_%d", cc, cc);
    }
    return ns > 0;
#else
    return 0;
#endif
}

/* The HIP part this machine needs (see the top); its key is the architecture. 0: none. */
static int hip_part(Part *part) {
    part->kind = "hip";
    const char *force = getenv("STARCARP_PLUGIN_HIP");
    int want = force && strcmp(force, "1") == 0;
#ifdef STARPU_USE_HIP
    const char *nh = getenv("STARPU_NHIP");
    want = want || !(nh && strcmp(nh, "0") == 0);
#endif
    if (want)
        snprintf(part->key, sizeof part->key, "%s", tc_hip_arch());
    return want;
}

/* Generate one target of the model into dir/<ident><suffix>. */
static int write_generated(const Plugin *pl, const char *dir, const char *suffix, EmitTarget t, int single) {
    char path[PATH_LEN + 200];
    snprintf(path, sizeof path, "%s/%s%s", dir, pl->ident, suffix);
    FILE *f = fopen(path, "w");
    if (!f) {
        sc_set_err(pl->err, pl->errlen, "cannot write %s: %s", path, strerror(errno));
        return -1;
    }
    EmitOptions o = {t, single, 0, pl->overrides, pl->ident, pl->automatic, 0, NULL};
    int rc = emit_model(f, pl->m, &o);
    if (fclose(f) != 0 || rc) {
        sc_set_err(pl->err, pl->errlen, "cannot write %s", path);
        return -1;
    }
    return 0;
}

/* Remove a build folder and the files in it (one level: that is all a build writes). */
static void remove_dir(const char *dir) {
    DIR *d = opendir(dir);
    struct dirent *de;
    char p[PATH_LEN + 400];
    while (d && (de = readdir(d)))
        if (strcmp(de->d_name, ".") && strcmp(de->d_name, "..")) {
            snprintf(p, sizeof p, "%s/%s", dir, de->d_name);
            if (unlink(p) != 0)
                rmdir(p); /* the empty folders hipcc leaves in TMPDIR (the build folder) */
        }
    if (d)
        closedir(d);
    rmdir(dir);
}

/* What follows the compile command of object k of n: the objects compile side by side (each but the
 * last in the background), and the link runs only when every one succeeded (sh's `wait PID` gives
 * that job's status). A first run pays this build after the choice of methods (docs/methods.md). */
static void job_sep(TcCmd *cmd, int k, int n) {
    if (k < n - 1) {
        tc_add(cmd, " & p%d=$!; ", k);
        return;
    }
    tc_add(cmd, "; r=$?; ");
    for (int j = 0; j < n - 1; j++)
        tc_add(cmd, "wait $p%d && ", j);
    tc_add(cmd, "[ $r = 0 ] && ");
}

/* The command that compiles and links the generated sources of a part into part.so (in the build
 * folder, the sources named <id>_*). */
static void part_command(const Plugin *pl, const Part *part, TcCmd *cmd) {
    tc_begin(cmd);
    if (strcmp(part->kind, "host") == 0) {
        static const char *const src[3] = {"_c.c", "_cpu.c", "_cpu_f32.c"}, *const obj[3] = {"c.o", "cpu.o",
                                                                                             "cpu32.o"};
        for (int k = 0; k < 3; k++) {
            tc_add(cmd, "%s -std=c11 -O3 -fPIC%s%s -I", pl->cc, k ? " " : "", k ? tc_cpu_flags() : "");
            tc_quote(cmd, pl->inc);
            tc_add(cmd, " -c %s%s -o %s", pl->ident, src[k], obj[k]);
            job_sep(cmd, k, 3);
        }
        tc_add(cmd, "%s -shared -o part.so c.o cpu.o cpu32.o %s -lm", pl->cc, tc_mvec_flag());
    } else if (strcmp(part->kind, "hip") == 0) {
        static const char *const src[2] = {"_hip.hip", "_hip_f32.hip"}, *const obj[2] = {"hip.o", "hip32.o"};
        for (int k = 0; k < 2; k++) {
            tc_add(cmd, "TMPDIR=. "); /* hipcc's empty temporary folders go with the build folder */
            tc_quote(cmd, tc_hipcc());
            tc_add(cmd, " -O3 --offload-arch=");
            tc_quote(cmd, part->key);
            tc_add(cmd, " -fPIC -I");
            tc_quote(cmd, pl->inc);
            tc_add(cmd, " -c %s%s -o %s", pl->ident, src[k], obj[k]);
            job_sep(cmd, k, 2);
        }
        tc_add(cmd, "TMPDIR=. ");
        tc_quote(cmd, tc_hipcc());
        tc_add(cmd, " -shared -o part.so hip.o hip32.o");
    } else {
        static const char *const src[2] = {"_cuda.cu", "_cuda_f32.cu"}, *const obj[2] = {"cuda.o",
                                                                                         "cuda32.o"};
        for (int k = 0; k < 2; k++) {
            tc_quote(cmd, tc_nvcc());
            tc_add(cmd, " -O3%s -Xcompiler -fPIC -I", part->nvarch);
            tc_quote(cmd, pl->inc);
            tc_add(cmd, " -c %s%s -o %s", pl->ident, src[k], obj[k]);
            job_sep(cmd, k, 2);
        }
        tc_add(cmd, "%s -shared -o part.so cuda.o cuda32.o -L", pl->cc);
        tc_quote(cmd, tc_cuda_libdir());
        tc_add(cmd, " -lcudart -lstdc++"); /* nvcc's objects need the C++ runtime (its EH personality) */
    }
}

/* Generate, compile and link one part into its own build folder, then rename the library to
 * `so`. On failure the build folder stays (its build.log is named in the error). */
static int build_part(const Plugin *pl, const Part *part, const char *so) {
    char dir[PATH_LEN + 64];
    snprintf(dir, sizeof dir, "%s/build-%s-%ld", pl->dir, part->kind, (long)getpid());
    if (util_make_dirs(dir) != 0) {
        sc_set_err(pl->err, pl->errlen, "cannot create the plugin cache %s: %s", dir, strerror(errno));
        return -1;
    }
    fprintf(stderr, "starcarp: building the %s kernels of %s in %s (headers: %s)\n", part->kind, pl->path,
            pl->dir, pl->inc);
    int bad = strcmp(part->kind, "host") == 0 ? write_generated(pl, dir, "_c.c", EMIT_C, 0) ||
                                                    write_generated(pl, dir, "_cpu.c", EMIT_CPU, 0) ||
                                                    write_generated(pl, dir, "_cpu_f32.c", EMIT_CPU, 1)
              : strcmp(part->kind, "hip") == 0 ? write_generated(pl, dir, "_hip.hip", EMIT_HIP, 0) ||
                                                     write_generated(pl, dir, "_hip_f32.hip", EMIT_HIP, 1)
                                               : write_generated(pl, dir, "_cuda.cu", EMIT_CUDA, 0) ||
                                                     write_generated(pl, dir, "_cuda_f32.cu", EMIT_CUDA, 1);
    if (bad)
        return -1;
    TcCmd cmd;
    part_command(pl, part, &cmd);
    int rc = tc_run(&cmd, dir, "build.log");
    if (rc == TC_TOO_LONG) {
        sc_set_err(pl->err, pl->errlen,
                   "building the plugin of %s: the compile command is longer than %d bytes "
                   "(paths too long)",
                   pl->path, TC_CMD_MAX);
        return -1;
    }
    if (rc != TC_OK) {
        sc_set_err(pl->err, pl->errlen, "building the plugin of %s failed (command: %s); see %s/build.log",
                   pl->path, cmd.text, dir);
        return -1;
    }
    char built[PATH_LEN + 80];
    snprintf(built, sizeof built, "%s/part.so", dir);
    if (rename(built, so) != 0) {
        sc_set_err(pl->err, pl->errlen, "cannot install %s: %s", so, strerror(errno));
        return -1;
    }
    remove_dir(dir);
    return 0;
}

/* The library of a part: loaded from the cache, built first when missing. NULL on failure. */
static void *load_part(const Plugin *pl, const Part *part) {
    char so[PATH_LEN + 100];
    snprintf(so, sizeof so, "%s/%s-%s.so", pl->dir, part->kind, part->key);
    if (access(so, R_OK) != 0 && build_part(pl, part, so) != 0)
        return NULL;
    void *lib = dlopen(so, RTLD_NOW | RTLD_LOCAL);
    if (!lib)
        sc_set_err(pl->err, pl->errlen, "cannot load the plugin %s: %s", so, dlerror());
    return lib;
}

/* The names of a plugin: the identifier ("u_" + the file's stem made an identifier: never starts
 * with a digit) and the cache folder (from the model text, the generator, the overrides and cc). */
static void name_plugin(Plugin *pl) {
    const char *base = strrchr(pl->path, '/') ? strrchr(pl->path, '/') + 1 : pl->path;
    snprintf(pl->stem, sizeof pl->stem, "%.*s", (int)strcspn(base, "."), base);
    emit_c_identifier(pl->ident, sizeof pl->ident, "u_", pl->stem);
    unsigned long long h = UTIL_FNV_INIT;
    for (int i = 0; i < pl->m->nsyms; i++)
        if (pl->m->syms[i]->tok && pl->m->syms[i]->tok->file) {
            h = util_fnv(h, pl->m->syms[i]->tok->file->text);
            break;
        }
    h = util_fnv(
        util_fnv(util_fnv(util_fnv(h, EMIT_GENERATOR), emit_digest), pl->overrides ? pl->overrides : ""),
        pl->cc);
    h = util_fnv(h, pl->automatic ? "auto" : "");
    char root[PATH_LEN - 200];
    util_cache_dir(root, sizeof root);
    snprintf(pl->dir, sizeof pl->dir, "%s/%s-%016llx", root, pl->stem, h);
}

/* The entry of a loaded plugin: its descriptor and kernels found by their generated names, and the
 * check of its single-precision kernels (a copy of single, or none). */
static ScModelEntry *make_entry(const Plugin *pl, void *host, void *cuda, void *hip,
                                const ScSingleCheck *single) {
    char sym[300];
    snprintf(sym, sizeof sym, "%s_model", pl->ident);
    const ScModelDesc *desc = dlsym(host, sym);
    if (!desc || desc->abi != SC_MODEL_ABI) {
        sc_set_err(pl->err, pl->errlen, "the plugin of %s has no %s of ABI %d", pl->path, sym, SC_MODEL_ABI);
        return NULL;
    }
    ScModelEntry *e = calloc(1, sizeof *e);
    e->desc = desc;
    e->name = strdup(pl->stem);
    e->file = strdup(pl->path);
    e->methods_choice = strdup(pl->automatic && pl->overrides ? pl->overrides : "");
    ScSingleCheck *sc = single ? malloc(sizeof *sc) : NULL;
    if (sc)
        *sc = *single;
    e->single = sc;
    for (int k = 0; k < 2; k++) {
        const char *prec = sc_precision_name(k ? SC_SINGLE : SC_DOUBLE);
        snprintf(sym, sizeof sym, "%s_cpu_%s_run", pl->ident, prec);
        *(void **)&e->cpu[k] = dlsym(host, sym);
        snprintf(sym, sizeof sym, "%s_cpu_%s_lanes", pl->ident, prec);
        e->cpu_lanes[k] = dlsym(host, sym);
        if (cuda) {
            snprintf(sym, sizeof sym, "%s_cuda_%s_run", pl->ident, prec);
            *(void **)&e->cuda[k] = dlsym(cuda, sym);
            snprintf(sym, sizeof sym, "%s_cuda_%s_attr", pl->ident, prec);
            *(void **)&e->cuda_attr[k] = dlsym(cuda, sym);
        }
        if (hip) {
            snprintf(sym, sizeof sym, "%s_hip_%s_run", pl->ident, prec);
            *(void **)&e->hip[k] = dlsym(hip, sym);
            snprintf(sym, sizeof sym, "%s_hip_%s_attr", pl->ident, prec);
            *(void **)&e->hip_attr[k] = dlsym(hip, sym);
        }
    }
    return e;
}

/* See plugin.h. */
const ScModelEntry *plugin_load(const char *path, const char *overrides, int automatic, double dt,
                                const ScSingleCheck *single, char *err, size_t len) {
    Arena ar = {0};
    Diag dg = {stderr, 0, 0, 0, NULL};
    /* the automatic choice deals with states coupled to Vm faster than dt, and says what it did */
    CgSemaOptions sopt = {overrides, automatic != 0, dt, CG_VM_TABLE};
    automatic = automatic == 1;
    Plugin pl = {.path = path, .overrides = overrides, .automatic = automatic, .err = err, .errlen = len};
    Part host = {.kind = "host"}, cuda = {.kind = "cuda"}, hip = {.kind = "hip"};
    pl.m = sema_load_file_opts(&ar, &dg, path, &sopt);
    ScModelEntry *e = NULL;
    if (!pl.m || diag_failed(&dg)) {
        sc_set_err(err, len, "%s: the model has errors (reported above)", path);
        goto out;
    }
    pl.inc = tc_include_dir();
    if (!pl.inc) {
        sc_set_err(err, len, "starcarp_model.h not found (set STARCARP_INCLUDE_DIR)");
        goto out;
    }
    pl.cc = tc_cc();
    name_plugin(&pl);
    if (util_make_dirs(pl.dir) != 0) {
        sc_set_err(err, len, "cannot create the plugin cache %s: %s", pl.dir, strerror(errno));
        goto out;
    }
    host_key(host.key, sizeof host.key);
    void *hlib = load_part(&pl, &host);
    int want_cuda = hlib && cuda_part(&cuda);
    void *clib = want_cuda ? load_part(&pl, &cuda) : NULL;
    int want_hip = hlib && (clib || !want_cuda) && hip_part(&hip);
    void *xlib = want_hip ? load_part(&pl, &hip) : NULL;
    if (hlib && (clib || !want_cuda) && (xlib || !want_hip))
        e = make_entry(&pl, hlib, clib, xlib, single);
out:
    ar_free(&ar);
    return e;
}

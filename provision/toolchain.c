/* toolchain.c: bounded shell commands and the compilers' configuration (toolchain.h). */
#define _GNU_SOURCE /* dladdr */
#include "toolchain.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef SC_INCLUDE_DIR
#define SC_INCLUDE_DIR ""
#endif
#ifndef SC_INSTALL_LIBDIR /* GNUInstallDirs' folders, relative to the prefix */
#define SC_INSTALL_LIBDIR "lib"
#endif
#ifndef SC_INSTALL_BINDIR
#define SC_INSTALL_BINDIR "bin"
#endif
#ifndef SC_INSTALL_INCLUDEDIR
#define SC_INSTALL_INCLUDEDIR "include/starcarp"
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
#ifndef SC_NVCC
#define SC_NVCC "nvcc"
#endif
#ifndef SC_HIPCC
#define SC_HIPCC "hipcc"
#endif
#ifndef SC_HIP_ARCH
#define SC_HIP_ARCH "gfx90a"
#endif

void tc_begin(TcCmd *c) {
    c->text[0] = '\0';
    c->len = 0;
    c->overflow = 0;
}

void tc_add(TcCmd *c, const char *fmt, ...) {
    if (c->overflow)
        return;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(c->text + c->len, sizeof c->text - c->len, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof c->text - c->len) {
        c->overflow = 1;
        c->text[c->len] = '\0';
        return;
    }
    c->len += (size_t)n;
}

void tc_quote(TcCmd *c, const char *s) {
    tc_add(c, "'");
    for (const char *q; (q = strchr(s, '\'')) != NULL; s = q + 1)
        tc_add(c, "%.*s'\\''", (int)(q - s), s);
    tc_add(c, "%s'", s);
}

/* c run in dir with its output appended to dir/log, into full. 0, or TC_TOO_LONG. */
static int in_dir(const TcCmd *c, const char *dir, const char *log, TcCmd *full) {
    if (c->overflow)
        return TC_TOO_LONG;
    tc_begin(full);
    tc_add(full, "cd ");
    tc_quote(full, dir);
    tc_add(full, " && { %s; } >>", c->text);
    tc_quote(full, log);
    tc_add(full, " 2>&1");
    return full->overflow ? TC_TOO_LONG : 0;
}

int tc_run(const TcCmd *c, const char *dir, const char *log) {
    TcCmd full;
    if (in_dir(c, dir, log, &full) != 0)
        return TC_TOO_LONG;
    return system(full.text) == 0 ? TC_OK : TC_FAILED;
}

long tc_spawn(const TcCmd *c, const char *dir, const char *log) {
    TcCmd full;
    if (in_dir(c, dir, log, &full) != 0)
        return TC_TOO_LONG;
    pid_t pid = fork();
    if (pid < 0)
        return TC_FAILED;
    if (pid == 0) {
        setpgid(0, 0);
        execl("/bin/sh", "sh", "-c", full.text, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid); /* also here: the group exists before the parent may signal it */
    return (long)pid;
}

void tc_stop(long pid) {
    if (pid <= 0)
        return;
    kill(-(pid_t)pid, SIGTERM); /* the group: a shell's compilers would outlive it */
    waitpid((pid_t)pid, NULL, 0);
}

/* An environment variable when set and not empty, else def. */
static const char *env_or(const char *name, const char *def) {
    const char *v = getenv(name);
    return v && *v ? v : def;
}

const char *tc_cc(void) { return env_or("CC", "cc"); }
const char *tc_cpu_flags(void) { return SC_CPU_FLAGS; }
const char *tc_mvec_flag(void) { return SC_MVEC_FLAG; }
const char *tc_nvcc(void) { return env_or("NVCC", SC_NVCC); }
const char *tc_cuda_libdir(void) { return SC_CUDA_LIBDIR; }
const char *tc_hipcc(void) { return env_or("HIPCC", SC_HIPCC); }
const char *tc_hip_arch(void) { return env_or("STARCARP_HIP_ARCH", SC_HIP_ARCH); }

/* Whether s ends with "/" suf; then its length without it in *cut. */
static int ends_with_dir(const char *s, const char *suf, size_t *cut) {
    size_t a = strlen(s), b = strlen(suf);
    if (a <= b || strcmp(s + a - b, suf) != 0 || s[a - b - 1] != '/')
        return 0;
    *cut = a - b - 1;
    return 1;
}

const char *tc_installed(const char *rel, char *buf, size_t n) {
    Dl_info info;
    char dir[4096];
    if (!dladdr((void *)tc_installed, &info) || !info.dli_fname || !strchr(info.dli_fname, '/'))
        return NULL;
    snprintf(dir, sizeof dir, "%s", info.dli_fname);
    *strrchr(dir, '/') = '\0'; /* the folder of the library, or of the command linked statically */
    size_t cut;
    if (!ends_with_dir(dir, SC_INSTALL_LIBDIR, &cut) && !ends_with_dir(dir, SC_INSTALL_BINDIR, &cut))
        return NULL;
    if (snprintf(buf, n, "%.*s/%s", (int)cut, dir, rel) >= (int)n || access(buf, R_OK) != 0)
        return NULL;
    return buf;
}

const char *tc_include_dir(void) {
    static char installed[4096];
    char buf[4200];
    const char *cands[] = {getenv("STARCARP_INCLUDE_DIR"),
                           tc_installed(SC_INSTALL_INCLUDEDIR, installed, sizeof installed), SC_INCLUDE_DIR};
    for (size_t i = 0; i < sizeof cands / sizeof *cands; i++) {
        if (!cands[i] || !*cands[i])
            continue;
        snprintf(buf, sizeof buf, "%s/starcarp_model.h", cands[i]);
        if (access(buf, R_OK) == 0)
            return cands[i];
    }
    return NULL;
}

/* toolchain.h: the compilers that the model builder (provision/) runs on generated sources:
 * shell commands built in bounded buffers and checked before they run, and the compilers'
 * configuration (compiled in by CMake: codelets/CMakeLists.txt; $CC, $NVCC, $HIPCC,
 * $STARCARP_HIP_ARCH and $STARCARP_INCLUDE_DIR override it). Prefix tc_. */
#ifndef TOOLCHAIN_H
#define TOOLCHAIN_H
#include <stddef.h>

enum { TC_CMD_MAX = 16384 };

/* A shell command being built: text[len], and whether anything did not fit (then it never runs). */
typedef struct TcCmd {
    char text[TC_CMD_MAX];
    size_t len;
    int overflow;
} TcCmd;

/* An empty command. */
void tc_begin(TcCmd *c);
/* Append printf-style text (no quoting: for flags and fixed words). */
void tc_add(TcCmd *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Append s as one shell word, in single quotes (a quote inside is escaped). */
void tc_quote(TcCmd *c, const char *s);

/* What tc_run found. */
enum { TC_OK = 0, TC_FAILED = -1, TC_TOO_LONG = -2 };
/* Run the command in folder dir with its output appended to dir/log. TC_TOO_LONG (nothing run)
 * when the command overflowed, TC_FAILED when it exited non-zero. */
int tc_run(const TcCmd *c, const char *dir, const char *log);
/* The same in the background: the process id of the shell running it (wait for it with waitpid;
 * exit status 0 is success), or TC_TOO_LONG / TC_FAILED (nothing started). The shell leads its own
 * process group, so that tc_stop ends its compilers too. */
long tc_spawn(const TcCmd *c, const char *dir, const char *log);
/* Stop a command started by tc_spawn (the shell and every process it started) and reap it. */
void tc_stop(long pid);

/* The C compiler ($CC, else cc), the flags of the CPU kernels, the link flag of libmvec ("" when
 * none), nvcc ($NVCC, else the build's), the CUDA runtime's folder ("" when unknown). */
const char *tc_cc(void);
const char *tc_cpu_flags(void);
const char *tc_mvec_flag(void);
const char *tc_nvcc(void);
const char *tc_cuda_libdir(void);
/* hipcc ($HIPCC, else the build's) and the AMD architecture it compiles for ($STARCARP_HIP_ARCH,
 * else the build's STARCARP_HIP_ARCH). */
const char *tc_hipcc(void);
const char *tc_hip_arch(void);
/* The folder holding starcarp_model.h ($STARCARP_INCLUDE_DIR, the installed one beside this
 * library or command, the source tree's), or NULL when none has it. */
const char *tc_include_dir(void);
/* Folder rel (relative to an installation prefix) of the prefix this library or command is
 * installed in, into buf: found from the file's own place (<prefix>/<libdir or bindir>/...),
 * wherever the prefix was installed or copied. NULL when it does not run from an installed
 * prefix (the build tree) or the folder does not exist. */
const char *tc_installed(const char *rel, char *buf, size_t n);

#endif

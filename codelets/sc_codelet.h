/* sc_codelet.h: the one macro that declares a starcarp codelet and its performance model.
 * (internal to the codelet library; not installed)
 *
 * SC_CODELET(cl, symbol, nbuffers, modes...) defines
 *   static struct starpu_perfmodel cl##_model     history-based, symbol unique per kernel,
 *                                                  precision and layout ("starcarp.<kernel>.<prec>.<layout>")
 *   struct starpu_codelet cl##_cl                 CPU func cl##_cpu, CUDA func cl##_cuda (async,
 *                                                  on StarPU's stream) and HIP func cl##_hip where the
 *                                                  StarPU build has them.
 * The codelet functions hold no math: they unpack buffers and call the kernel.
 */
#ifndef SC_CODELET_H
#define SC_CODELET_H
#include <starpu.h>

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
#define SC_CL_CUDA_(cl) .cuda_funcs = {cl##_cuda}, .cuda_flags = {STARPU_CUDA_ASYNC},
#else
#define SC_CL_CUDA_(cl)
#endif
#ifdef STARPU_USE_HIP
#define SC_CL_HIP_(cl) .hip_funcs = {cl##_hip}, .hip_flags = {STARPU_HIP_ASYNC},
#else
#define SC_CL_HIP_(cl)
#endif

#define SC_CODELET(cl, sym, nbuf, ...)                                                           \
    static struct starpu_perfmodel cl##_model = {.type = STARPU_HISTORY_BASED, .symbol = (sym)}; \
    struct starpu_codelet cl##_cl = {.cpu_funcs = {cl##_cpu},                                    \
                                     SC_CL_CUDA_(cl) SC_CL_HIP_(cl).nbuffers = (nbuf),           \
                                     .modes = {__VA_ARGS__},                                     \
                                     .model = &cl##_model,                                       \
                                     .name = #cl}

/* Abort with file:line and StarPU's message when a StarPU call fails (STARPU_CHECK_RETURN_VALUE style). */
#define SC_CHECK(call)                                \
    do {                                              \
        int sc_rc_ = (call);                          \
        if (sc_rc_ != 0)                              \
            STARPU_CHECK_RETURN_VALUE(sc_rc_, #call); \
    } while (0)

#endif

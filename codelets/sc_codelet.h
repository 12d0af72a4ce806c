/* sc_codelet.h: the one macro that declares a starcarp codelet and its performance model.
 * (internal to the codelet library; not installed)
 *
 * SC_CODELET(cl, symbol, nbuffers, modes...) defines
 *   static struct starpu_perfmodel cl##_model     history-based, symbol unique per kernel,
 *                                                  precision and layout ("starcarp.<kernel>.<prec>.<layout>")
 *   struct starpu_codelet cl##_cl                 CPU func cl##_cpu, CUDA func cl##_cuda (async,
 *                                                  on StarPU's stream) and HIP func cl##_hip where the
 *                                                  StarPU build has them.
 * SC_CODELET_FUNCS(cl, run) defines those functions for a codelet whose glue is one function
 *   static void run(void *buffers[], void *cl_arg, LAUNCH launch, void *stream)
 * that runs the host kernel when launch is NULL (cl##_cpu passes NULL, NULL) and else calls the
 * GPU launcher launch on stream: cl##_cuda passes cl##_cuda_launch and StarPU's CUDA stream,
 * cl##_hip cl##_hip_launch and its HIP stream. (It ends with a declaration of cl##_cl, so that
 * its use ends with ';' like a declaration.)
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

/* A GPU kind's codelet function (SC_CODELET_FUNCS): kind cuda or hip, stream StarPU's of the worker. */
#define SC_CL_GPU_FUNC_(cl, run, kind, stream)               \
    static void cl##_##kind(void *buffers[], void *cl_arg) { \
        run(buffers, cl_arg, cl##_##kind##_launch, stream);  \
    }
#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
#define SC_CL_CUDA_FUNC_(cl, run) SC_CL_GPU_FUNC_(cl, run, cuda, starpu_cuda_get_local_stream())
#else
#define SC_CL_CUDA_FUNC_(cl, run)
#endif
#ifdef STARPU_USE_HIP
#define SC_CL_HIP_FUNC_(cl, run) SC_CL_GPU_FUNC_(cl, run, hip, starpu_hip_get_local_stream())
#else
#define SC_CL_HIP_FUNC_(cl, run)
#endif

#define SC_CODELET_FUNCS(cl, run)                                                             \
    static void cl##_cpu(void *buffers[], void *cl_arg) { run(buffers, cl_arg, NULL, NULL); } \
    SC_CL_CUDA_FUNC_(cl, run) SC_CL_HIP_FUNC_(cl, run) extern struct starpu_codelet cl##_cl

#define SC_CODELET(cl, sym, nbuf, ...)                                                           \
    static struct starpu_perfmodel cl##_model = {.type = STARPU_HISTORY_BASED, .symbol = (sym)}; \
    struct starpu_codelet cl##_cl = {.cpu_funcs = {cl##_cpu},                                    \
                                     SC_CL_CUDA_(cl) SC_CL_HIP_(cl).nbuffers = (nbuf),           \
                                     .modes = {__VA_ARGS__},                                     \
                                     .model = &cl##_model,                                       \
                                     .name = #cl}

/* SC_CODELET_VAR(cl, sym): as SC_CODELET for a codelet whose number of buffers varies from task to
 * task (STARPU_VARIABLE_NBUFFERS), the modes given per task. */
#define SC_CODELET_VAR(cl, sym)                                                                          \
    static struct starpu_perfmodel cl##_model = {.type = STARPU_HISTORY_BASED, .symbol = (sym)};         \
    struct starpu_codelet cl##_cl = {.cpu_funcs = {cl##_cpu},                                            \
                                     SC_CL_CUDA_(cl) SC_CL_HIP_(cl).nbuffers = STARPU_VARIABLE_NBUFFERS, \
                                     .model = &cl##_model,                                               \
                                     .name = #cl}

/* Abort with file:line and StarPU's message when a StarPU call fails (STARPU_CHECK_RETURN_VALUE style). */
#define SC_CHECK(call)                                \
    do {                                              \
        int sc_rc_ = (call);                          \
        if (sc_rc_ != 0)                              \
            STARPU_CHECK_RETURN_VALUE(sc_rc_, #call); \
    } while (0)

#endif

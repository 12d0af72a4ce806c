/* cl_codelet.h: the one macro that declares a starcarp codelet and its performance model.
 * (internal to the codelet library; not installed)
 *
 * CL_CODELET(var, stem, symbol, nbuffers, modes...) defines
 *   static struct starpu_perfmodel cl_##stem##_model   history-based, symbol unique per kernel,
 *                                                      precision and layout
 *                                                      ("starcarp.<kernel>.<prec>.<layout>")
 *   struct starpu_codelet var                          named #stem: CPU func cl_##stem##_cpu,
 *                                                      CUDA func cl_##stem##_cuda (async, on
 *                                                      StarPU's stream) and HIP func
 *                                                      cl_##stem##_hip where the StarPU build has
 *                                                      them.
 * CL_CODELET_FUNCS(stem, run) defines those functions for a codelet whose glue is one function
 *   static void run(void *buffers[], void *cl_arg, LAUNCH launch, void *stream)
 * that runs the host kernel when launch is NULL (cl_##stem##_cpu passes NULL, NULL) and else calls
 * the GPU launcher launch on stream: cl_##stem##_cuda passes kern_##stem##_cuda_launch (kernels/)
 * and StarPU's CUDA stream, cl_##stem##_hip kern_##stem##_hip_launch and its HIP stream. (It ends
 * with a declaration of cl_##stem##_cpu, so that its use ends with ';' like a declaration.)
 * The codelet functions hold no math: they unpack buffers and call the kernel.
 */
#ifndef SC_CL_CODELET_H
#define SC_CL_CODELET_H
#include <starpu.h>

#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
#define CL_CUDA_(stem) .cuda_funcs = {cl_##stem##_cuda}, .cuda_flags = {STARPU_CUDA_ASYNC},
#else
#define CL_CUDA_(stem)
#endif
#ifdef STARPU_USE_HIP
#define CL_HIP_(stem) .hip_funcs = {cl_##stem##_hip}, .hip_flags = {STARPU_HIP_ASYNC},
#else
#define CL_HIP_(stem)
#endif

/* A GPU kind's codelet function (CL_CODELET_FUNCS): kind cuda or hip, stream StarPU's of the worker. */
#define CL_GPU_FUNC_(stem, run, kind, stream)                        \
    static void cl_##stem##_##kind(void *buffers[], void *cl_arg) {  \
        run(buffers, cl_arg, kern_##stem##_##kind##_launch, stream); \
    }
#if defined(STARPU_USE_CUDA) && defined(SC_HAVE_CUDA)
#define CL_CUDA_FUNC_(stem, run) CL_GPU_FUNC_(stem, run, cuda, starpu_cuda_get_local_stream())
#else
#define CL_CUDA_FUNC_(stem, run)
#endif
#ifdef STARPU_USE_HIP
#define CL_HIP_FUNC_(stem, run) CL_GPU_FUNC_(stem, run, hip, starpu_hip_get_local_stream())
#else
#define CL_HIP_FUNC_(stem, run)
#endif

#define CL_CODELET_FUNCS(stem, run)                                                                  \
    static void cl_##stem##_cpu(void *buffers[], void *cl_arg) { run(buffers, cl_arg, NULL, NULL); } \
    CL_CUDA_FUNC_(stem, run)                                                                         \
    CL_HIP_FUNC_(stem, run) static void cl_##stem##_cpu(void *buffers[], void *cl_arg)

#define CL_CODELET(var, stem, sym, nbuf, ...)                                                           \
    static struct starpu_perfmodel cl_##stem##_model = {.type = STARPU_HISTORY_BASED, .symbol = (sym)}; \
    struct starpu_codelet var = {.cpu_funcs = {cl_##stem##_cpu},                                        \
                                 CL_CUDA_(stem) CL_HIP_(stem).nbuffers = (nbuf),                        \
                                 .modes = {__VA_ARGS__},                                                \
                                 .model = &cl_##stem##_model,                                           \
                                 .name = #stem}

/* CL_CODELET_VAR(var, stem, sym): as CL_CODELET for a codelet whose number of buffers varies from
 * task to task (STARPU_VARIABLE_NBUFFERS), the modes given per task. */
#define CL_CODELET_VAR(var, stem, sym)                                                                  \
    static struct starpu_perfmodel cl_##stem##_model = {.type = STARPU_HISTORY_BASED, .symbol = (sym)}; \
    struct starpu_codelet var = {.cpu_funcs = {cl_##stem##_cpu},                                        \
                                 CL_CUDA_(stem) CL_HIP_(stem).nbuffers = STARPU_VARIABLE_NBUFFERS,      \
                                 .model = &cl_##stem##_model,                                           \
                                 .name = #stem}

#endif

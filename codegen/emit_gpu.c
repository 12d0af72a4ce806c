/* emit_gpu.c: the CUDA and HIP back ends (one text; a GpuApi table chooses the API names).
 *
 * One thread per cell: thread i runs ID_cells(args, i) of emit_core.c with sc_real = double or
 * float; consecutive threads read consecutive cells of each state (structure of arrays), so every
 * load and store of a warp is coalesced. The parameter set and tables are read through the
 * read-only cache; the call's ScStepArgs is the kernel's by-value argument (no device copy per
 * call). The launcher is `extern "C"`, takes the caller's stream (StarPU's, for a codelet) and
 * returns the launch error (cudaGetLastError / hipGetLastError). */
#include <string.h>

#include "emit.h"

typedef struct GpuApi {
    const char *what, *include, *stream, *error_t, *last_error, *success;
    const char *func_attr, *get_func_attr, *occupancy; /* the kernel attributes (emit_attr) */
} GpuApi;

static const GpuApi cuda_api = {
    "CUDA back end",      "cuda_runtime.h",        "cudaStream_t",
    "cudaError_t",        "cudaGetLastError",      "cudaSuccess",
    "cudaFuncAttributes", "cudaFuncGetAttributes", "cudaOccupancyMaxActiveBlocksPerMultiprocessor"};
static const GpuApi hip_api = {
    "HIP back end",      "hip/hip_runtime.h",    "hipStream_t",
    "hipError_t",        "hipGetLastError",      "hipSuccess",
    "hipFuncAttributes", "hipFuncGetAttributes", "hipOccupancyMaxActiveBlocksPerMultiprocessor"};

/* Blocks of SC_BLOCK threads that each multiprocessor must be able to hold (the second argument
 * of __launch_bounds__, which caps the registers per thread at 65536 / (128 x it)). Explicit models
 * (no markov_be, rosenbrock or cvode group) get 3 in double (168 registers) and 6 in single (85),
 * tiny ones 12 (42). Chosen by time (scripts/gpu/kernels.sh: 4M cells). H200, 2026-11-24, generator
 * 0.3.0 (docs/measurements/2026-11-24-h200-kernels.md): TT06-FE in double at K = 1 / K = 10 with
 * 3, 4, 5, 6: 3.32e9 / 3.86e9, 3.34e9 / 3.75e9, 3.37e9 / 3.52e9, 3.14e9 / 3.62e9 (3 best at K = 10,
 * within 1.5 % of the best at K = 1: 168 registers, 32 bytes of spills); in single 1.00e10 /
 * 1.25e10, 1.00e10 / 1.25e10, 1.13e10 / 1.39e10, 1.20e10 / 1.44e10 (6 best). H100, generator 0.2.0
 * (docs/measurements/2026-11-24-h100-kernels.md): Aliev-Panfilov at K = 1 in double 87 % of the copy
 * bandwidth at 3-6 and 94 % at 12, in single 74 % and 78 %. Models with an implicit or adaptive
 * group keep 1 (no cap): their Newton matrices spill, not yet measured. */
/* Has the model an implicit or adaptive group (markov_be, rosenbrock, cvode)? */
static int implicit_model(const CgModel *m) {
    for (int g = 0; g < m->ngroups; g++)
        if (m->groups[g].method == CG_MARKOV_BE || m->groups[g].method == CG_ROSENBROCK ||
            m->groups[g].method == CG_CVODE)
            return 1;
    return 0;
}

static int min_blocks(const Em *e) {
    const CgModel *m = e->m;
    if (e->target == EMIT_HIP)
        return 1; /* HIP reads the second argument as waves per execution unit: not measured */
    if (implicit_model(m))
        return 1;
    /* a tiny model (Aliev-Panfilov: 1 state, 3 equations) is bound by memory: occupancy keeps
       loads in flight (58 registers at 4, 40 at 12, no spill; 12 measured fastest at K = 1) */
    if (m->neqs + m->nstates <= 4)
        return 12;
    return e->single ? 6 : 3;
}

static void emit_prelude(Em *e, const GpuApi *api) {
    const char *T = e->single ? "float" : "double";
    fprintf(
        e->out,
        "#include <%s>\n#include <math.h>\n\n#include \"starcarp_model.h\"\n\n"
        "/* ---- dialect: GPU, one thread per cell, %s ---- */\n"
        "typedef %s sc_scal;\ntypedef %s sc_real;\ntypedef int sc_mask;\ntypedef long sc_idx;\n"
        "#define SC_FN static __device__\n#define SC_INL __device__ __forceinline__ __attribute__((unused))\n"
        "#define SC_COUNT(p) atomicAdd((p), 1ULL)\n"
        "#define SC_RECORD(s, k, v) sc_record((s), (k), (v))\n"
        "#define SC_BLOCK 128   /* threads per block */\n"
        "#define SC_MIN_BLOCKS %d   /* blocks per multiprocessor the registers must allow%s %d registers */\n\n"
        "static __device__ void sc_record(ScStepStatus *s, unsigned long long key, double v) {\n"
        "    if (atomicMin(&s->key, key) > key)\n"
        "        s->value = v;\n"
        "}\n\n",
        api->include, T, T, T, min_blocks(e), min_blocks(e) > 1 ? ", at most" : "",
        min_blocks(e) > 1 ? 65536 / (128 * min_blocks(e)) : 0);
    emit_scalar_math(e);
    if (e->fast_f32)
        fputs(emit_prelude_gpu_fast_f32, e->out);
    fputs(emit_prelude_gpu_powi, e->out);
    emit_scalar_primitives(e);
    emit_common_prelude(e);
}

static void emit_kernels(Em *e, const GpuApi *api) {
    const char *id = e->id, *p = e->single ? "f32" : "f64";
    const char *tg = emit_target_name(e->target);
    const char *vars[3] = {"", "_lut", "_pv"};
    for (int v = 0; v < 3; v++) {
        if (v == 1 && !e->m->ntables)
            continue;
        fprintf(
            e->out,
            "__global__ void __launch_bounds__(SC_BLOCK, SC_MIN_BLOCKS) %s_%s_%s_k%s(const ScStepArgs sc_a) {\n"
            "    const long sc_i = (long)blockIdx.x * SC_BLOCK + threadIdx.x;\n"
            "    if (sc_i < sc_a.n)\n"
            "        %s_cells%s(&sc_a, (const %s_pc *)sc_a.pc, sc_i, 1);\n"
            "}\n\n",
            id, tg, p, vars[v], id, vars[v], id);
    }
    fprintf(e->out,
            "/* Launches the call's kernel on the stream sc_stream (a %s); returns the launch error\n"
            " * (0: none). */\n"
            "extern \"C\" int %s_%s_%s_run(const ScStepArgs *sc_a, void *sc_stream) {\n"
            "    const %s sc_s = (%s)sc_stream;\n"
            "    if (sc_a->n <= 0)\n        return 0;\n"
            "    const unsigned sc_blocks = (unsigned)((sc_a->n + SC_BLOCK - 1) / SC_BLOCK);\n"
            "    const int sc_lut = sc_a->lut && !(sc_a->flags & SC_STEP_NO_LUT);\n"
            "    (void)sc_lut;\n"
            "    if (sc_a->nvary > 0)\n"
            "        %s_%s_%s_k_pv<<<sc_blocks, SC_BLOCK, 0, sc_s>>>(*sc_a);\n",
            api->stream, id, tg, p, api->stream, api->stream, id, tg, p);
    if (e->m->ntables)
        fprintf(e->out,
                "    else if (sc_lut)\n        %s_%s_%s_k_lut<<<sc_blocks, SC_BLOCK, 0, sc_s>>>(*sc_a);\n",
                id, tg, p);
    fprintf(e->out,
            "    else\n        %s_%s_%s_k<<<sc_blocks, SC_BLOCK, 0, sc_s>>>(*sc_a);\n"
            "    const %s sc_err = %s();\n"
            "    return sc_err == %s ? 0 : (int)sc_err;\n}\n",
            id, tg, p, api->error_t, api->last_error, api->success);
}

/* ID_TARGET_PREC_attr (ScGpuAttrFn): what the compiler made of each kernel variant, on the
 * current device, for `starcarp benchmark` (registers, local memory, occupancy). */
static void emit_attr(Em *e, const GpuApi *api) {
    const char *id = e->id, *p = e->single ? "f32" : "f64";
    const char *tg = emit_target_name(e->target);
    fprintf(
        e->out,
        "\n/* The attributes of kernel variant sc_v (0 exact, 1 lookup tables, 2 per-cell parameters) on\n"
        " * the current device: registers and local memory per thread, the launches' block size and\n"
        " * the blocks of that size a multiprocessor holds. 0, or -1 (no such variant, or an error). */\n"
        "extern \"C\" int %s_%s_%s_attr(int sc_v, ScGpuKernelAttr *sc_at) {\n"
        "    const void *const sc_k[3] = {(const void *)%s_%s_%s_k, %s, (const void *)%s_%s_%s_k_pv};\n"
        "    %s sc_fa;\n"
        "    int sc_nb = 0;\n"
        "    if (sc_v < 0 || sc_v > 2 || !sc_k[sc_v] || %s(&sc_fa, sc_k[sc_v]) != %s ||\n"
        "        %s(&sc_nb, sc_k[sc_v], SC_BLOCK, 0) != %s)\n"
        "        return -1;\n"
        "    sc_at->regs = sc_fa.numRegs, sc_at->local_bytes = (int)sc_fa.localSizeBytes;\n"
        "    sc_at->block = SC_BLOCK, sc_at->blocks_per_sm = sc_nb;\n"
        "    return 0;\n}\n",
        id, tg, p, id, tg, p,
        e->m->ntables ? ar_printf(&e->ar, "(const void *)%s_%s_%s_k_lut", id, tg, p) : "0", id, tg, p,
        api->func_attr, api->get_func_attr, api->success, api->occupancy, api->success);
}

int emit_gpu(Em *e) {
    const GpuApi *api = e->target == EMIT_HIP ? &hip_api : &cuda_api;
    emit_count_divisors(e);
    /* the hardware's exp/log in single precision, explicit models only: an adaptive or implicit
       group's error control and Newton iterations are left to the accurate forms */
    e->fast_f32 = e->single && !implicit_model(e->m);
    emit_file_header(e, api->what);
    emit_prelude(e, api);
    emit_pc_struct(e);
    emit_body(e);
    emit_kernels(e, api);
    emit_attr(e, api);
    return 0;
}

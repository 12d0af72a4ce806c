/* emit_gpu.c: the CUDA and HIP back ends (one text; a GpuApi table chooses the API names).
 *
 * One thread per cell: thread i runs ID_cells(args, i) of emit_core.c with gen_real = double or
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

/* Blocks of GEN_BLOCK threads that each multiprocessor must be able to hold (the second argument
 * of __launch_bounds__, which caps the registers per thread at 65536 / (128 x it)). Explicit models
 * (no markov_be, rosenbrock or cvode group) get 3 in double (168 registers) and 6 in single (85),
 * tiny ones 12 (42). Chosen by time (lab/gpu/kernels.sh: 4M cells). H200, 2026-11-24, generator
 * 0.3.0 (lab/measurements/2026-11-24-h200-kernels.md): TT06-FE in double at K = 1 / K = 10 with
 * 3, 4, 5, 6: 3.32e9 / 3.86e9, 3.34e9 / 3.75e9, 3.37e9 / 3.52e9, 3.14e9 / 3.62e9 (3 best at K = 10,
 * within 1.5 % of the best at K = 1: 168 registers, 32 bytes of spills); in single 1.00e10 /
 * 1.25e10, 1.00e10 / 1.25e10, 1.13e10 / 1.39e10, 1.20e10 / 1.44e10 (6 best). H100, generator 0.2.0
 * (lab/measurements/2026-11-24-h100-kernels.md): Aliev-Panfilov at K = 1 in double 87 % of the copy
 * bandwidth at 3-6 and 94 % at 12, in single 74 % and 78 %. Models with an implicit or adaptive
 * group keep 1 (no cap): their Newton matrices spill, not yet measured. A model measured on its
 * own (models/launch.tsv, `starcarp codegen --launch-table`) gets the value measured fastest. */
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
    if (e->min_blocks > 0)
        return e->min_blocks; /* measured for this model, methods and precision (mtable.h) */
    if (implicit_model(m))
        return 1;
    /* a tiny model (Aliev-Panfilov: 1 state, 3 equations) is bound by memory: occupancy keeps
       loads in flight (58 registers at 4, 40 at 12, no spill; 12 measured fastest at K = 1) */
    if (m->neqs + m->nstates <= 4)
        return 12;
    return e->single ? 6 : 3;
}

static void emit_prelude(Em *e, const GpuApi *api) {
    char cap[48] = "1, no cap below the hardware's 255 registers";
    if (min_blocks(e) > 1)
        snprintf(cap, sizeof cap, "at most %d registers", 65536 / (128 * min_blocks(e)));
    const char *T = e->single ? "float" : "double";
    fprintf(
        e->out,
        "#include <%s>\n#include <math.h>\n\n#include \"starcarp_model.h\"\n\n"
        "/* ---- dialect: GPU, one thread per cell, %s ---- */\n"
        "typedef %s gen_scal;\ntypedef %s gen_real;\ntypedef int gen_mask;\ntypedef long gen_idx;\n"
        "#define GEN_FN static __device__\n#define GEN_INL __device__ __forceinline__ __attribute__((unused))\n"
        "#define GEN_COUNT(p) atomicAdd((p), 1ULL)\n"
        "#define GEN_RECORD(s, k, v) gen_record((s), (k), (v))\n"
        "#define GEN_BLOCK 128   /* threads per block */\n"
        "#define GEN_MIN_BLOCKS %d   /* blocks per multiprocessor the registers must allow: %s%s */\n\n"
        "static __device__ void gen_record(ScStepStatus *s, unsigned long long key, double v) {\n"
        "    if (atomicMin(&s->key, key) > key)\n"
        "        s->value = v;\n"
        "}\n\n",
        api->include, T, T, T, min_blocks(e), cap,
        e->min_blocks > 0 && e->target == EMIT_CUDA ? "; measured (--launch-table)" : "");
    if (api == &cuda_api && implicit_model(e->m))
        fprintf(
            e->out,
            "/* GEN_RHS_FRESH 1: each call of an implicit or adaptive group's derivatives recomputes\n"
            " * what they derive from Vm alone (an empty asm on gen_V hides that it is the same value\n"
            " * at each call) instead of holding those values in registers across the step, where\n"
            " * they spilled (emit_methods.c, emit_rhs). The same operations on the same values;\n"
            " * -DGEN_RHS_FRESH=0 compiles the other way; the text compiled for the host has none. */\n"
            "#ifndef GEN_RHS_FRESH\n#define GEN_RHS_FRESH 1\n#endif\n"
            "#if GEN_RHS_FRESH && defined(__CUDA_ARCH__)\n#define GEN_FRESH(x) asm volatile(\"\" : \"+%s\"(x))\n"
            "#else\n#define GEN_FRESH(x) ((void)0)\n#endif\n\n",
            e->single ? "f" : "d");
    emit_scalar_math(e);
    if (e->fast_f32)
        fputs(emit_prelude_gpu_fast_f32, e->out);
    fputs(emit_prelude_gpu_powi, e->out);
    emit_scalar_primitives(e);
    emit_common_prelude(e);
}

/* The kernels: per variant (exact, lookup tables, per-cell parameters) one without the traces' sum
 * and one with it (suffix _is), each calling the inlined cells function with its own constant, so
 * that a kernel without it holds none of its code (no register taken from a step that does not sum),
 * then the launcher, which picks the variant and the sum from the call's arguments. */
static void emit_kernels(Em *e, const GpuApi *api) {
    const char *id = e->id, *p = e->single ? "f32" : "f64";
    const char *tg = emit_target_name(e->target);
    const char *vars[3] = {"", "_lut", "_pv"};
    for (int v = 0; v < 3; v++)
        for (int is = 0; is < 2 && (v != 1 || e->m->ntables); is++)
            fprintf(
                e->out,
                "__global__ void __launch_bounds__(GEN_BLOCK, GEN_MIN_BLOCKS) %s_%s_%s_k%s%s(const ScStepArgs "
                "gen_a) {\n"
                "    const long gen_i = (long)blockIdx.x * GEN_BLOCK + threadIdx.x;\n"
                "    if (gen_i < gen_a.n)\n"
                "        %s_cells%s(&gen_a, (const %s_pc *)gen_a.pc, gen_i, 1, %d);\n"
                "}\n\n",
                id, tg, p, vars[v], is ? "_is" : "", id, vars[v], id, is);
    fprintf(
        e->out,
        "/* Launches the call's kernel on the stream gen_stream (a %s); returns the launch error\n"
        " * (0: none). */\n"
        "extern \"C\" int %s_%s_%s_run(const ScStepArgs *gen_a, void *gen_stream) {\n"
        "    const %s gen_s = (%s)gen_stream;\n"
        "    if (gen_a->n <= 0)\n        return 0;\n"
        "    const unsigned gen_blocks = (unsigned)((gen_a->n + GEN_BLOCK - 1) / GEN_BLOCK);\n"
        "    const int gen_lut = gen_a->lut && !(gen_a->flags & SC_STEP_NO_LUT), gen_is = gen_a->out_isum != 0;\n"
        "    (void)gen_lut;\n",
        api->stream, id, tg, p, api->stream, api->stream);
    /* per-cell parameters first, then the tables, then exact; each with the sum first */
    static const char *const cond[6] = {"if (gen_a->nvary > 0 && gen_is)",
                                        "else if (gen_a->nvary > 0)",
                                        "else if (gen_lut && gen_is)",
                                        "else if (gen_lut)",
                                        "else if (gen_is)",
                                        "else"};
    for (int c = 0; c < 6; c++)
        if (c / 2 != 1 || e->m->ntables)
            fprintf(e->out, "    %s\n        %s_%s_%s_k%s%s<<<gen_blocks, GEN_BLOCK, 0, gen_s>>>(*gen_a);\n",
                    cond[c], id, tg, p, vars[2 - c / 2], c % 2 ? "" : "_is");
    fprintf(e->out,
            "    const %s gen_err = %s();\n"
            "    return gen_err == %s ? 0 : (int)gen_err;\n}\n",
            api->error_t, api->last_error, api->success);
}

/* ID_TARGET_PREC_attr (ScGpuAttrFn): what the compiler made of each kernel variant, on the
 * current device, for `starcarp benchmark` (registers, local memory, occupancy). */
static void emit_attr(Em *e, const GpuApi *api) {
    const char *id = e->id, *p = e->single ? "f32" : "f64";
    const char *tg = emit_target_name(e->target);
    fprintf(
        e->out,
        "\n/* The attributes of kernel variant gen_v (0 exact, 1 lookup tables, 2 per-cell parameters) on\n"
        " * the current device: registers and local memory per thread, the launches' block size and\n"
        " * the blocks of that size a multiprocessor holds. 0, or -1 (no such variant, or an error). */\n"
        "extern \"C\" int %s_%s_%s_attr(int gen_v, ScGpuKernelAttr *gen_at) {\n"
        "    const void *const gen_k[3] = {(const void *)%s_%s_%s_k, %s, (const void *)%s_%s_%s_k_pv};\n"
        "    %s gen_fa;\n"
        "    int gen_nb = 0;\n"
        "    if (gen_v < 0 || gen_v > 2 || !gen_k[gen_v] || %s(&gen_fa, gen_k[gen_v]) != %s ||\n"
        "        %s(&gen_nb, gen_k[gen_v], GEN_BLOCK, 0) != %s)\n"
        "        return -1;\n"
        "    gen_at->regs = gen_fa.numRegs, gen_at->local_bytes = (int)gen_fa.localSizeBytes;\n"
        "    gen_at->block = GEN_BLOCK, gen_at->blocks_per_sm = gen_nb;\n"
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
    e->powp = !implicit_model(e->m);
    emit_file_header(e, api->what);
    emit_prelude(e, api);
    emit_pc_struct(e);
    emit_body(e);
    emit_kernels(e, api);
    emit_attr(e, api);
    return 0;
}

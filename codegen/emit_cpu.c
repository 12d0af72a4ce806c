/* emit_cpu.c: the vectorised CPU back end.
 *
 * The cell-step code of emit_core.c/emit_methods.c is written on gen_real = a GCC vector of GEN_W
 * cells (vector_size extension: +, *, comparisons act lane-wise and compile to the ISA's vector
 * instructions whatever the compiler's auto-vectoriser decides). The width follows the ISA the
 * file is compiled for (AVX-512: 8 doubles, AVX/AVX2: 4, else 2; twice as many floats).
 * Transcendental functions call glibc's libmvec vector variants (_ZGV<isa>N<W>v_exp ...) on
 * x86-64 with glibc (link with -lmvec), else a lane loop over the scalar function; sqrt, fabs,
 * floor, ceil, fmin, fmax, fmod are lane loops the compiler turns into vector instructions
 * (compile with -O3 -fno-math-errno). Conditions are lane masks; both sides of a condition are
 * computed. A block of GEN_W consecutive cells is loaded from the structure-of-arrays layout
 * with one unaligned vector load per value; the last, partial block repeats a real cell in its
 * spare lanes and stores only the real ones. */
#include <string.h>

#include "emit.h"

static const char *const mv_un[] = {"exp", "expm1", "log",  "log10", "log1p", "cbrt", "sin", "cos",
                                    "tan", "asin",  "acos", "atan",  "sinh",  "cosh", "tanh"};
static const char *const mv_bin[] = {"pow", "atan2"};

/* Functions of glibc 2.22 (the others came with 2.35). */
static int mv_old(const char *f) {
    return !strcmp(f, "exp") || !strcmp(f, "log") || !strcmp(f, "pow") || !strcmp(f, "sin") ||
           !strcmp(f, "cos");
}

static void emit_prelude(Em *e) {
    FILE *o = e->out;
    const char *T = e->single ? "float" : "double", *f = e->single ? "f" : "";
    const char *I = e->single ? "int" : "long";
    fprintf(o,
            "#include <math.h>\n#include <stddef.h>\n#include <string.h>\n\n"
            "#include \"starcarp_model.h\"\n\n"
            "/* ---- dialect: vectorised CPU, GEN_W cells per operation, %s ---- */\n"
            "#if defined(__AVX512F__)\n#define GEN_W %d\n#define GEN_ISA e\n"
            "#elif defined(__AVX2__)\n#define GEN_W %d\n#define GEN_ISA d\n"
            "#elif defined(__AVX__)\n#define GEN_W %d\n#define GEN_ISA c\n"
            "#else\n#define GEN_W %d\n#define GEN_ISA b\n#endif\n"
            "typedef %s gen_scal;\n"
            "typedef gen_scal gen_real __attribute__((vector_size(GEN_W * sizeof(gen_scal))));\n"
            "typedef %s gen_mask __attribute__((vector_size(GEN_W * sizeof(gen_scal))));\n"
            "typedef gen_mask gen_idx;\n"
            "#define GEN_FN static\n#define GEN_INL inline __attribute__((always_inline))\n\n",
            T, e->single ? 16 : 8, e->single ? 8 : 4, e->single ? 8 : 4, e->single ? 4 : 2, T, I);
    fputs(emit_prelude_cpu, o);
    /* lane loops */
    static const char *const lane1[] = {"sqrt", "floor", "ceil"};
    for (size_t i = 0; i < sizeof lane1 / sizeof *lane1; i++)
        fprintf(o,
                "static GEN_INL gen_real gen_%s(gen_real x) {\n"
                "    for (int l = 0; l < GEN_W; l++)\n        x[l] = %s%s(x[l]);\n    return x;\n}\n",
                lane1[i], lane1[i], f);
    static const char *const lane2[][2] = {{"fmod", "fmod"}, {"min", "fmin"}, {"max", "fmax"}};
    for (size_t i = 0; i < sizeof lane2 / sizeof *lane2; i++)
        fprintf(o,
                "static GEN_INL gen_real gen_%s(gen_real x, gen_real y) {\n"
                "    for (int l = 0; l < GEN_W; l++)\n        x[l] = %s%s(x[l], y[l]);\n    return x;\n}\n",
                lane2[i][0], lane2[i][1], f);
    fprintf(o,
            "static GEN_INL gen_real gen_fabs(gen_real x) {\n"
            "    return (gen_real)((gen_mask)x & ~(gen_mask)gen_bc(-0.0%s));\n}\n\n",
            f);
    /* libmvec */
    fprintf(o, "/* Vector math: glibc's libmvec where it exists (x86-64), else lane loops. */\n"
               "#if defined(__x86_64__) && defined(__GLIBC__) && !defined(GEN_NO_MVEC)\n"
               "#define GEN_MV_CAT(isa, w, args, f) _ZGV##isa##N##w##args##_##f\n"
               "#define GEN_MV_NAME(isa, w, args, f) GEN_MV_CAT(isa, w, args, f)\n"
               "#define GEN_MV(args, f) GEN_MV_NAME(GEN_ISA, GEN_W, args, f)\n"
               "#define GEN_HAVE_MVEC_OLD 1\n"
               "#if __GLIBC_PREREQ(2, 35)\n#define GEN_HAVE_MVEC_NEW 1\n#endif\n#endif\n");
    for (size_t i = 0; i < sizeof mv_un / sizeof *mv_un; i++) {
        const char *n = mv_un[i];
        fprintf(o,
                "#ifdef GEN_HAVE_MVEC_%s\ngen_real GEN_MV(v, %s%s)(gen_real);\n"
                "static GEN_INL gen_real gen_%s(gen_real x) { return GEN_MV(v, %s%s)(x); }\n#else\n"
                "static GEN_INL gen_real gen_%s(gen_real x) {\n"
                "    for (int l = 0; l < GEN_W; l++)\n        x[l] = %s%s(x[l]);\n    return x;\n}\n#endif\n",
                mv_old(n) ? "OLD" : "NEW", n, f, n, n, f, n, n, f);
    }
    for (size_t i = 0; i < sizeof mv_bin / sizeof *mv_bin; i++) {
        const char *n = mv_bin[i];
        fprintf(
            o,
            "#ifdef GEN_HAVE_MVEC_%s\ngen_real GEN_MV(vv, %s%s)(gen_real, gen_real);\n"
            "static GEN_INL gen_real gen_%s(gen_real x, gen_real y) { return GEN_MV(vv, %s%s)(x, y); }\n#else\n"
            "static GEN_INL gen_real gen_%s(gen_real x, gen_real y) {\n"
            "    for (int l = 0; l < GEN_W; l++)\n        x[l] = %s%s(x[l], y[l]);\n    return x;\n}\n#endif\n",
            mv_old(n) ? "OLD" : "NEW", n, f, n, n, f, n, n, f);
    }
    fputc('\n', o);
    fputs(emit_prelude_cpu_lut, o);
    emit_common_prelude(e);
}

static void emit_run(Em *e) {
    const char *id = e->id, *p = e->single ? "f32" : "f64";
    fprintf(e->out,
            "/* Cells per vector of this kernel (for the runtime's partition sizes). */\n"
            "const int %s_cpu_%s_lanes = GEN_W;\n\n"
            "/* The vectorised kernel: the cells of the call, GEN_W at a time. */\n"
            "void %s_cpu_%s_run(const ScStepArgs *gen_a) {\n"
            "    const %s_pc *gen_pu = (const %s_pc *)gen_a->pc;\n"
            "    const int gen_lut = gen_a->lut && !(gen_a->flags & SC_STEP_NO_LUT);\n"
            "    (void)gen_lut;\n"
            "    for (long gen_i = 0; gen_i < gen_a->n; gen_i += GEN_W) {\n"
            "        const int gen_nv = gen_a->n - gen_i < GEN_W ? (int)(gen_a->n - gen_i) : GEN_W;\n"
            "        if (gen_a->nvary > 0)\n"
            "            %s_cells_pv(gen_a, gen_pu, gen_i, gen_nv, 1);\n",
            id, p, id, p, id, id, id);
    if (e->m->ntables)
        fprintf(e->out,
                "        else if (gen_lut)\n            %s_cells_lut(gen_a, gen_pu, gen_i, gen_nv, 1);\n",
                id);
    fprintf(e->out, "        else\n            %s_cells(gen_a, gen_pu, gen_i, gen_nv, 1);\n    }\n}\n", id);
}

int emit_cpu(Em *e) {
    emit_file_header(e, "vectorised CPU back end");
    emit_prelude(e);
    emit_pc_struct(e);
    emit_body(e);
    emit_run(e);
    return 0;
}

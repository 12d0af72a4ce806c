/* emit_cpu.c: the vectorised CPU back end.
 *
 * The cell-step code of emit_core.c/emit_methods.c is written on sc_real = a GCC vector of SC_W
 * cells (vector_size extension: +, *, comparisons act lane-wise and compile to the ISA's vector
 * instructions whatever the compiler's auto-vectoriser decides). The width follows the ISA the
 * file is compiled for (AVX-512: 8 doubles, AVX/AVX2: 4, else 2; twice as many floats).
 * Transcendental functions call glibc's libmvec vector variants (_ZGV<isa>N<W>v_exp ...) on
 * x86-64 with glibc (link with -lmvec), else a lane loop over the scalar function; sqrt, fabs,
 * floor, ceil, fmin, fmax, fmod are lane loops the compiler turns into vector instructions
 * (compile with -O3 -fno-math-errno). Conditions are lane masks; both sides of a condition are
 * computed. A block of SC_W consecutive cells is loaded from the structure-of-arrays layout
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
            "/* ---- dialect: vectorised CPU, SC_W cells per operation, %s ---- */\n"
            "#if defined(__AVX512F__)\n#define SC_W %d\n#define SC_ISA e\n"
            "#elif defined(__AVX2__)\n#define SC_W %d\n#define SC_ISA d\n"
            "#elif defined(__AVX__)\n#define SC_W %d\n#define SC_ISA c\n"
            "#else\n#define SC_W %d\n#define SC_ISA b\n#endif\n"
            "typedef %s sc_scal;\n"
            "typedef sc_scal sc_real __attribute__((vector_size(SC_W * sizeof(sc_scal))));\n"
            "typedef %s sc_mask __attribute__((vector_size(SC_W * sizeof(sc_scal))));\n"
            "typedef sc_mask sc_idx;\n"
            "#define SC_FN static\n#define SC_INL inline __attribute__((always_inline))\n\n",
            T, e->single ? 16 : 8, e->single ? 8 : 4, e->single ? 8 : 4, e->single ? 4 : 2, T, I);
    fputs(emit_prelude_cpu, o);
    /* lane loops */
    static const char *const lane1[] = {"sqrt", "floor", "ceil"};
    for (size_t i = 0; i < sizeof lane1 / sizeof *lane1; i++)
        fprintf(o,
                "static SC_INL sc_real sc_%s(sc_real x) {\n"
                "    for (int l = 0; l < SC_W; l++)\n        x[l] = %s%s(x[l]);\n    return x;\n}\n",
                lane1[i], lane1[i], f);
    static const char *const lane2[][2] = {{"fmod", "fmod"}, {"min", "fmin"}, {"max", "fmax"}};
    for (size_t i = 0; i < sizeof lane2 / sizeof *lane2; i++)
        fprintf(o,
                "static SC_INL sc_real sc_%s(sc_real x, sc_real y) {\n"
                "    for (int l = 0; l < SC_W; l++)\n        x[l] = %s%s(x[l], y[l]);\n    return x;\n}\n",
                lane2[i][0], lane2[i][1], f);
    fprintf(o,
            "static SC_INL sc_real sc_fabs(sc_real x) {\n"
            "    return (sc_real)((sc_mask)x & ~(sc_mask)sc_bc(-0.0%s));\n}\n\n",
            f);
    /* libmvec */
    fprintf(o, "/* Vector math: glibc's libmvec where it exists (x86-64), else lane loops. */\n"
               "#if defined(__x86_64__) && defined(__GLIBC__) && !defined(SC_NO_MVEC)\n"
               "#define SC_MV_CAT(isa, w, args, f) _ZGV##isa##N##w##args##_##f\n"
               "#define SC_MV_NAME(isa, w, args, f) SC_MV_CAT(isa, w, args, f)\n"
               "#define SC_MV(args, f) SC_MV_NAME(SC_ISA, SC_W, args, f)\n"
               "#define SC_HAVE_MVEC_OLD 1\n"
               "#if __GLIBC_PREREQ(2, 35)\n#define SC_HAVE_MVEC_NEW 1\n#endif\n#endif\n");
    for (size_t i = 0; i < sizeof mv_un / sizeof *mv_un; i++) {
        const char *n = mv_un[i];
        fprintf(o,
                "#ifdef SC_HAVE_MVEC_%s\nsc_real SC_MV(v, %s%s)(sc_real);\n"
                "static SC_INL sc_real sc_%s(sc_real x) { return SC_MV(v, %s%s)(x); }\n#else\n"
                "static SC_INL sc_real sc_%s(sc_real x) {\n"
                "    for (int l = 0; l < SC_W; l++)\n        x[l] = %s%s(x[l]);\n    return x;\n}\n#endif\n",
                mv_old(n) ? "OLD" : "NEW", n, f, n, n, f, n, n, f);
    }
    for (size_t i = 0; i < sizeof mv_bin / sizeof *mv_bin; i++) {
        const char *n = mv_bin[i];
        fprintf(
            o,
            "#ifdef SC_HAVE_MVEC_%s\nsc_real SC_MV(vv, %s%s)(sc_real, sc_real);\n"
            "static SC_INL sc_real sc_%s(sc_real x, sc_real y) { return SC_MV(vv, %s%s)(x, y); }\n#else\n"
            "static SC_INL sc_real sc_%s(sc_real x, sc_real y) {\n"
            "    for (int l = 0; l < SC_W; l++)\n        x[l] = %s%s(x[l], y[l]);\n    return x;\n}\n#endif\n",
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
            "const int %s_cpu_%s_lanes = SC_W;\n\n"
            "/* The vectorised kernel: the cells of the call, SC_W at a time. */\n"
            "void %s_cpu_%s_run(const ScStepArgs *sc_a) {\n"
            "    const %s_pc *sc_pu = (const %s_pc *)sc_a->pc;\n"
            "    const int sc_lut = sc_a->lut && !(sc_a->flags & SC_STEP_NO_LUT);\n"
            "    (void)sc_lut;\n"
            "    for (long sc_i = 0; sc_i < sc_a->n; sc_i += SC_W) {\n"
            "        const int sc_nv = sc_a->n - sc_i < SC_W ? (int)(sc_a->n - sc_i) : SC_W;\n"
            "        if (sc_a->nvary > 0)\n"
            "            %s_cells_pv(sc_a, sc_pu, sc_i, sc_nv);\n",
            id, p, id, p, id, id, id);
    if (e->m->ntables)
        fprintf(e->out, "        else if (sc_lut)\n            %s_cells_lut(sc_a, sc_pu, sc_i, sc_nv);\n",
                id);
    fprintf(e->out, "        else\n            %s_cells(sc_a, sc_pu, sc_i, sc_nv);\n    }\n}\n", id);
}

int emit_cpu(Em *e) {
    emit_file_header(e, "vectorised CPU back end");
    emit_prelude(e);
    emit_pc_struct(e);
    emit_body(e);
    emit_run(e);
    return 0;
}

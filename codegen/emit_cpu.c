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

static const char *const mv_un[] = {"exp", "expm1", "log", "log10", "log1p", "cbrt", "sin",
                                    "cos", "tan", "asin", "acos", "atan", "sinh", "cosh", "tanh"};
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
    fprintf(o, "#include <math.h>\n#include <stddef.h>\n#include <string.h>\n\n"
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
    fputs("static SC_INL sc_real sc_bc(sc_scal x) {   /* every lane x (exactly: -0.0 stays -0.0) */\n"
          "    sc_real v;\n    for (int l = 0; l < SC_W; l++)\n        v[l] = x;\n    return v;\n}\n"
          "static SC_INL sc_mask sc_mbc(int b) { return (sc_mask){0} - (b != 0); }\n"
          "static SC_INL sc_real sc_sel(sc_mask m, sc_real a, sc_real b) {\n"
          "    return (sc_real)((m & (sc_mask)a) | (~m & (sc_mask)b));\n"
          "}\n"
          "static SC_INL sc_real sc_m2r(sc_mask m) { return sc_sel(m, sc_bc(1), sc_bc(0)); }\n"
          "static SC_INL sc_mask sc_not(sc_mask m) { return ~m; }\n"
          "static SC_INL sc_mask sc_and(sc_mask a, sc_mask b) { return a & b; }\n"
          "static SC_INL sc_mask sc_or(sc_mask a, sc_mask b) { return a | b; }\n"
          "static SC_INL sc_mask sc_andnot(sc_mask a, sc_mask b) { return a & ~b; }\n"
          "static SC_INL int sc_any(sc_mask m) {\n"
          "    for (int l = 0; l < SC_W; l++)\n        if (m[l])\n            return 1;\n    return 0;\n}\n"
          "static SC_INL int sc_all(sc_mask m) {\n"
          "    for (int l = 0; l < SC_W; l++)\n        if (!m[l])\n            return 0;\n    return 1;\n}\n\n"
          "/* Load / store SC_W consecutive cells; nv < SC_W: only nv are real (the others repeat\n"
          " * cell 0 of the block on load and are not stored). */\n"
          "static SC_INL sc_real SC_LD(const sc_scal *p, int nv) {\n"
          "    sc_real v;\n"
          "    if (nv == SC_W) {\n        memcpy(&v, p, sizeof v);\n        return v;\n    }\n"
          "    for (int l = 0; l < SC_W; l++)\n        v[l] = p[l < nv ? l : 0];\n    return v;\n}\n"
          "static SC_INL void SC_ST(sc_scal *p, sc_real v, int nv) {\n"
          "    if (nv == SC_W) {\n        memcpy(p, &v, sizeof v);\n        return;\n    }\n"
          "    for (int l = 0; l < nv; l++)\n        p[l] = v[l];\n}\n\n", o);
    /* lane loops */
    static const char *const lane1[] = {"sqrt", "floor", "ceil"};
    for (size_t i = 0; i < sizeof lane1 / sizeof *lane1; i++)
        fprintf(o, "static SC_INL sc_real sc_%s(sc_real x) {\n"
                   "    for (int l = 0; l < SC_W; l++)\n        x[l] = %s%s(x[l]);\n    return x;\n}\n",
                lane1[i], lane1[i], f);
    static const char *const lane2[][2] = {{"fmod", "fmod"}, {"min", "fmin"}, {"max", "fmax"}};
    for (size_t i = 0; i < sizeof lane2 / sizeof *lane2; i++)
        fprintf(o, "static SC_INL sc_real sc_%s(sc_real x, sc_real y) {\n"
                   "    for (int l = 0; l < SC_W; l++)\n        x[l] = %s%s(x[l], y[l]);\n    return x;\n}\n",
                lane2[i][0], lane2[i][1], f);
    fprintf(o, "static SC_INL sc_real sc_fabs(sc_real x) {\n"
               "    return (sc_real)((sc_mask)x & ~(sc_mask)sc_bc(-0.0%s));\n}\n\n", f);
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
        fprintf(o, "#ifdef SC_HAVE_MVEC_%s\nsc_real SC_MV(v, %s%s)(sc_real);\n"
                   "static SC_INL sc_real sc_%s(sc_real x) { return SC_MV(v, %s%s)(x); }\n#else\n"
                   "static SC_INL sc_real sc_%s(sc_real x) {\n"
                   "    for (int l = 0; l < SC_W; l++)\n        x[l] = %s%s(x[l]);\n    return x;\n}\n#endif\n",
                mv_old(n) ? "OLD" : "NEW", n, f, n, n, f, n, n, f);
    }
    for (size_t i = 0; i < sizeof mv_bin / sizeof *mv_bin; i++) {
        const char *n = mv_bin[i];
        fprintf(o, "#ifdef SC_HAVE_MVEC_%s\nsc_real SC_MV(vv, %s%s)(sc_real, sc_real);\n"
                   "static SC_INL sc_real sc_%s(sc_real x, sc_real y) { return SC_MV(vv, %s%s)(x, y); }\n#else\n"
                   "static SC_INL sc_real sc_%s(sc_real x, sc_real y) {\n"
                   "    for (int l = 0; l < SC_W; l++)\n        x[l] = %s%s(x[l], y[l]);\n    return x;\n}\n#endif\n",
                mv_old(n) ? "OLD" : "NEW", n, f, n, n, f, n, n, f);
    }
    fputc('\n', o);
    fputs("/* Lookup tables: rows and fractions per lane (clamped, counted; NaN stays NaN). */\n"
          "static SC_INL void sc_lut_pos(sc_real x, sc_scal xmin, sc_scal inv, long rows, sc_idx *ix,\n"
          "                              sc_real *fr, unsigned long long *oor) {\n"
          "    const sc_real u = (x - xmin) * inv;\n"
          "    const sc_scal top = (sc_scal)(rows - 1);\n"
          "    sc_real c = sc_sel(u >= (sc_scal)0, u, sc_bc(0));\n"
          "    c = sc_sel(c > top, sc_bc(top), c);\n"
          "    if (oor) {\n"
          "        const sc_mask out = ~((u >= (sc_scal)0) & (u <= top));\n"
          "        unsigned long long k = 0;\n"
          "        for (int l = 0; l < SC_W; l++)\n            k += out[l] != 0;\n"
          "        if (k)\n            __atomic_fetch_add(oor, k, __ATOMIC_RELAXED);\n"
          "    }\n"
          "    sc_real fl = sc_floor(c);\n"
          "    fl = sc_sel(fl > (sc_scal)(rows >= 2 ? rows - 2 : 0), sc_bc((sc_scal)(rows >= 2 ? rows - 2 : 0)), fl);\n"
          "    for (int l = 0; l < SC_W; l++)\n        (*ix)[l] = (long)fl[l];\n"
          "    *fr = c - fl + (u - u);\n"
          "}\n\n"
          "static SC_INL sc_real sc_lut_col(const sc_scal *tb, int cols, int col, sc_idx k, sc_real f) {\n"
          "    sc_real a, b;\n"
          "    for (int l = 0; l < SC_W; l++) {\n"
          "        a[l] = tb[k[l] * cols + col];\n"
          "        b[l] = tb[(k[l] + 1) * cols + col];\n"
          "    }\n"
          "    return a + f * (b - a);\n"
          "}\n\n"
          "/* After a step: the earliest real lane whose v (Vm in bench mode, else Iion) failed. */\n"
          "static SC_INL int sc_check(const ScStepArgs *a, long d, long i, int nv, sc_real v, int vm) {\n"
          "    const sc_scal b = vm ? (a->vm_bound > 0 ? (sc_scal)a->vm_bound : (sc_scal)1000) : (sc_scal)1e30;\n"
          "    const sc_mask ok = sc_fabs(v) <= b;\n"
          "    for (int l = 0; l < nv; l++) {\n"
          "        if (ok[l])\n            continue;\n"
          "        if (a->status) {\n"
          "            ScStepStatus *s = a->status;\n"
          "            const unsigned long long key = ((unsigned long long)d << 32) | (unsigned long long)(i + l);\n"
          "            unsigned long long old = __atomic_load_n(&s->key, __ATOMIC_RELAXED);\n"
          "            while (key < old && !__atomic_compare_exchange_n(&s->key, &old, key, 0,\n"
          "                                                             __ATOMIC_RELAXED, __ATOMIC_RELAXED))\n"
          "                ;\n"
          "            if (key < old)\n                s->value = v[l];\n"
          "        }\n"
          "        return 1;\n"
          "    }\n"
          "    return 0;\n"
          "}\n\n", o);
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
            "            %s_cells_pv(sc_a, sc_pu, sc_i, sc_nv);\n", id, p, id, p, id, id, id);
    if (e->m->ntables)
        fprintf(e->out, "        else if (sc_lut)\n            %s_cells_lut(sc_a, sc_pu, sc_i, sc_nv);\n", id);
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

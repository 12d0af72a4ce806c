/* test_emit.c: the code generator's back ends (emit.h) on a tiny model that uses every method
 * (fe, rush_larsen gate, generalised rush_larsen, rk2, rk4, sundnes, markov_be, rosenbrock, cvode,
 * .lb):
 *   - deterministic output for every target (c, cpu, cuda, hip) and precision;
 *   - the expected pieces of each method, line comments, the file header, `f` literals in single
 *     precision, the GPU launchers, --ident and Newton-iteration options;
 *   - method overrides (sema_try_analyse_opts with CgSemaOptions "cvode=fe");
 *   - when a C compiler `cc` is on the PATH: the C target compiles with -Wall -Wextra -Werror and
 *     runs through the ABI (starcarp_model.h: 2 cells, 1000 steps, SC_STEP_BENCH with a stimulus:
 *     finite, both cells equal), the vectorised CPU target compiles and equals the C target within
 *     1e-9 relative;
 *   - a lookup-table model (models/native/BeelerReuterNative.model): the lut variant exists, and
 *     its Vm trace stays within 0.5 mV of the exact one (SC_STEP_NO_LUT) over 500 ms with a
 *     stimulus. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include "emit.h"
#include "model_text.h"
#include "test.h"

#ifndef SC_SOURCE_DIR
#define SC_SOURCE_DIR "."
#endif

static const char tiny[] = "V; .external(Vm);\n"
                           "Iion; .external(Iion);\n"
                           "V_init = -80;\n"
                           "g = 0.5; .param();\n"
                           "a_init = 0.1; r_init = 0.2; k2_init = 0.3; k4_init = 0.4; s_init = 0.5;\n"
                           "c1_init = 1; c2_init = 0; w_init = 1; z_init = 0;\n"
                           "diff_a = -g * (a - 1) + V * 0.001;\n" /* line 7: fe */
                           "m_inf = 1 / (1 + exp(-(V + 40) / 5));\n" /* gate, rush_larsen */
                           "tau_m = 2;\n"
                           "diff_r = -r * 0.5 + 0.1; r; .method(rush_larsen);\n" /* generalised RL */
                           "diff_k2 = -k2 + 1; k2; .method(rk2);\n"
                           "diff_k4 = -k4 + 1; k4; .method(rk4);\n"
                           "diff_s = -s * 2; s; .method(sundnes);\n"
                           "diff_c1 = -0.3 * c1 + 0.2 * c2; c1; .method(markov_be);\n"
                           "diff_c2 = 0.3 * c1 - 0.2 * c2; c2; .method(markov_be);\n"
                           "diff_w = -w * w; w; .method(rosenbrock);\n"
                           "diff_z = -10 * z + a; z; .method(cvode); z; .lb(0);\n"
                           "Iion = g * (V + 80) + m * 0.01 + a + r + k2 + k4 + s + c1 + w + z;\n";

/* text analysed with the method overrides and generated for target (double precision); NULL after
 * a failed check when the analysis refuses them. */
static char *with_overrides(Arena *ar, const char *text, const char *overrides, EmitTarget target) {
    CgModel *m = mt_analyse(ar, text, overrides);
    ASSERT(m != NULL);
    return m ? mt_generate(m, target, 0, 0, overrides, NULL) : NULL;
}

/* ---------------------------------------------------------------- compile and run */

static char tmpdir[128];

static int have_cc(void) {
    static int have = -1;
    if (have < 0)
        have = system("cc --version >/dev/null 2>&1") == 0;
    return have;
}

/* -lmvec when it links (glibc x86-64), else "-DGEN_NO_MVEC" on the compile line. */
static const char *mvec_flags(void) {
    static const char *fl;
    if (!fl) {
        char cmd[256];
        snprintf(cmd, sizeof cmd,
                 "echo 'int main(void){return 0;}' | cc -x c - -lmvec -o %s/mv "
                 ">/dev/null 2>&1",
                 tmpdir);
        fl = system(cmd) == 0 ? "-lmvec" : "-DGEN_NO_MVEC";
    }
    return fl;
}

static void write_file(const char *name, const char *text) {
    char path[256];
    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    FILE *f = fopen(path, "w");
    ASSERT(f != NULL);
    if (!f)
        return;
    fputs(text, f);
    fclose(f);
}

/* Compile main_c with the C target model_c in tmpdir (warnings are errors) into exe and run it, its
 * stdout into out (size n). Returns the exit status. */
static int c_build_run(const char *main_c, const char *model_c, const char *exe, char *out, size_t n) {
    char srcs[512];
    snprintf(srcs, sizeof srcs, "%s %s", main_c, model_c);
    return t_cc_run(tmpdir, SC_SOURCE_DIR "/include/starcarp", srcs, exe, out, n);
}

/* Driver of the tiny model through the ABI: 2 cells, 1000 steps of 0.01 ms in bench mode with a
 * 1 ms stimulus of 50 uA/cm2 at step 100. Checks finite states and equal cells; with WITH_CPU
 * also runs the vectorised kernel and prints its largest relative difference to the C one. */
static const char tiny_main[] =
    "#include <math.h>\n#include <stdio.h>\n#include <string.h>\n"
    "#include \"starcarp_model.h\"\n"
    "extern const ScModelDesc t_model;\n"
    "void t_cpu_f64_run(const ScStepArgs *);\n"
    "#define N 2\n"
    "static void run(ScCpuKernel k, double *sv, double *vm, const double *pc) {\n"
    "    double iion[N] = {0};\n"
    "    ScStepArgs a;\n"
    "    memset(&a, 0, sizeof a);\n"
    "    for (int j = 0; j < SC_MAX_PARAMS; j++)\n        a.vary[j] = -1;\n"
    "    a.n = N, a.sv = sv, a.vm = vm, a.iion = iion, a.pc = pc, a.dt = 0.01, a.nsteps = 1;\n"
    "    a.flags = SC_STEP_BENCH;\n"
    "    a.stim.start = 100, a.stim.pulse = 100, a.stim.count = 1, a.stim.amp = 50;\n"
    "    for (long d = 0; d < 1000; d++) {\n        a.d0 = d;\n        k(&a);\n    }\n"
    "}\n"
    "int main(void) {\n"
    "    const ScModelDesc *md = &t_model;\n"
    "    double pc[64], sv0[64], v0, sv[2][64 * N], vm[2][N];\n"
    "    if (md->abi != SC_MODEL_ABI || md->nparams + md->nconsts > 64 || md->nsv > 64)\n"
    "        return 2;\n"
    "    memcpy(pc, md->param_defaults, (size_t)md->nparams * sizeof(double));\n"
    "    md->consts(pc);\n"
    "    md->init(pc, sv0, &v0);\n"
    "    for (int k = 0; k < 2; k++)\n"
    "        for (int i = 0; i < N; i++) {\n"
    "            vm[k][i] = v0;\n"
    "            for (int s = 0; s < md->nsv; s++)\n                sv[k][s * N + i] = sv0[s];\n"
    "        }\n"
    "    run(md->c_run[0], sv[0], vm[0], pc);\n"
    "    int bad = 0;\n"
    "    for (int i = 0; i < N; i++) {\n"
    "        bad |= !isfinite(vm[0][i]) || vm[0][i] != vm[0][0];\n"
    "        for (int s = 0; s < md->nsv; s++)\n"
    "            bad |= !isfinite(sv[0][s * N + i]) || sv[0][s * N + i] != sv[0][s * N];\n"
    "    }\n"
    "    bad |= vm[0][0] == v0;   /* the stimulus and the currents moved it */\n"
    "    printf(\"c %.17g %.17g bad %d\\n\", vm[0][0], vm[0][1], bad);\n"
    "#ifdef WITH_CPU\n"
    "    run(t_cpu_f64_run, sv[1], vm[1], pc);\n"
    "    double rel = 0;\n"
    "    for (int i = 0; i < N; i++) {\n"
    "        double r = fabs(vm[1][i] - vm[0][i]) / fmax(fabs(vm[0][i]), 1e-12);\n"
    "        rel = r > rel || r != r ? r : rel;\n"
    "        for (int s = 0; s < md->nsv; s++) {\n"
    "            double x = sv[0][s * N + i], y = sv[1][s * N + i];\n"
    "            r = fabs(x - y) / fmax(fabs(x), 1e-12);\n"
    "            rel = r > rel || r != r ? r : rel;\n"
    "        }\n"
    "    }\n"
    "    printf(\"cpu %.17g rel %.17g\\n\", vm[1][0], rel);\n"
    "#endif\n"
    "    return bad;\n"
    "}\n";

static void compile_and_run_tiny(const char *c_src, const char *cpu_src) {
    if (!have_cc()) {
        fprintf(stderr, "cc not found: compile checks skipped\n");
        return;
    }
    write_file("t_c.c", c_src);
    write_file("t_cpu.c", cpu_src);
    write_file("t_main.c", tiny_main);
    char cmd[2048], out[4096];
    /* the C target alone, warnings are errors */
    int rc = c_build_run("t_main.c", "t_c.c", "t_c", out, sizeof out);
    ASSERT_EQ_INT(0, rc);
    ASSERT(strncmp(out, "c ", 2) == 0);
    printf("tiny model, C target: %s", out);
    /* the vectorised CPU target next to it (its own flags), compared with the C kernel */
    snprintf(cmd, sizeof cmd,
             "cd %s && cc -std=c11 -O3 -march=native -fno-math-errno -Wall -Wextra -Werror %s "
             "-I%s/include/starcarp -c t_cpu.c -o t_cpu.o && "
             "cc -std=c11 -O2 -Wall -Wextra -Werror -DWITH_CPU -I%s/include/starcarp t_main.c t_c.c t_cpu.o "
             "-o t_cpu %s -lm && ./t_cpu",
             tmpdir, strcmp(mvec_flags(), "-lmvec") ? mvec_flags() : "", SC_SOURCE_DIR, SC_SOURCE_DIR,
             strcmp(mvec_flags(), "-lmvec") ? "" : "-lmvec");
    rc = t_run(cmd, out, sizeof out);
    ASSERT_EQ_INT(0, rc);
    const char *p = strstr(out, "rel ");
    double rel = p ? strtod(p + 4, NULL) : NAN;
    printf("tiny model, CPU target vs C (%s): max relative difference %.3g\n", mvec_flags(), rel);
    ASSERT(rel <= 1e-9);
}

/* BeelerReuterNative through the ABI, one cell twice in lock step: tables (lut) and exact
 * (SC_STEP_NO_LUT); 500 ms at dt 0.01 with a 1 ms stimulus of 50 uA/cm2 at 10 ms. Prints the
 * largest |Vm difference|, the peak Vm and the out-of-range lookups. */
static const char br_main[] =
    "#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n"
    "#include \"starcarp_model.h\"\n"
    "extern const ScModelDesc br_model;\n"
    "int main(void) {\n"
    "    const ScModelDesc *md = &br_model;\n"
    "    double pc[256], sv0[64], v0;\n"
    "    if (md->ntables < 1 || md->nparams + md->nconsts > 256 || md->nsv > 64)\n"
    "        return 2;\n"
    "    memcpy(pc, md->param_defaults, (size_t)md->nparams * sizeof(double));\n"
    "    md->consts(pc);\n"
    "    md->init(pc, sv0, &v0);\n"
    "    double *lut = malloc(md->lut_size() * sizeof(double));\n"
    "    md->lut_build(pc, lut);\n"
    "    double sv[2][64], vm[2] = {v0, v0}, iion[2] = {0, 0};\n"
    "    memcpy(sv[0], sv0, sizeof sv0);\n"
    "    memcpy(sv[1], sv0, sizeof sv0);\n"
    "    unsigned long long oor[SC_MAX_TABLES] = {0};\n"
    "    ScStepArgs a[2];\n"
    "    for (int k = 0; k < 2; k++) {\n"
    "        memset(&a[k], 0, sizeof a[k]);\n"
    "        for (int j = 0; j < SC_MAX_PARAMS; j++)\n            a[k].vary[j] = -1;\n"
    "        a[k].n = 1, a[k].sv = sv[k], a[k].vm = &vm[k], a[k].iion = &iion[k], a[k].pc = pc;\n"
    "        a[k].lut = lut, a[k].lut_oor = oor, a[k].dt = 0.01, a[k].nsteps = 1;\n"
    "        a[k].stim.start = 1000, a[k].stim.pulse = 100, a[k].stim.count = 1, a[k].stim.amp = 50;\n"
    "    }\n"
    "    a[0].flags = SC_STEP_BENCH;\n"
    "    a[1].flags = SC_STEP_BENCH | SC_STEP_NO_LUT;\n"
    "    double dmax = 0, vmax = -1e9;\n"
    "    for (long d = 0; d < 50000; d++) {\n"
    "        for (int k = 0; k < 2; k++) {\n            a[k].d0 = d;\n            md->c_run[0](&a[k]);\n        }\n"
    "        double dv = fabs(vm[0] - vm[1]);\n"
    "        dmax = dv > dmax || dv != dv ? dv : dmax;\n"
    "        vmax = vm[1] > vmax ? vm[1] : vmax;\n"
    "    }\n"
    "    printf(\"maxdiff %.17g vmax %.17g oor %llu final %.17g %.17g\\n\", dmax, vmax, oor[0], vm[0], vm[1]);\n"
    "    free(lut);\n"
    "    return !(isfinite(vm[0]) && isfinite(vm[1]));\n"
    "}\n";

static void lut_model(void) {
    Arena ar = {0};
    Diag dg = {0};
    dg.out = stderr;
    CgModel *m = sema_load_file(&ar, &dg, SC_SOURCE_DIR "/models/native/BeelerReuterNative.model");
    ASSERT(m != NULL);
    if (!m) {
        ar_free(&ar);
        return;
    }
    ASSERT(m->ntables >= 1);
    char *c = mt_generate(m, EMIT_C, 0, 0, NULL, "br");
    char *cpu = mt_generate(m, EMIT_CPU, 0, 0, NULL, "br");
    char *cu = mt_generate(m, EMIT_CUDA, 1, 0, NULL, "br");
    HAS(c, "variant lut: lookup-table columns interpolated");
    HAS(c, "GEN_FN void br_cells_lut(");
    HAS(c, "br_cells_lut(gen_a, gen_pu, gen_i, 1, 1);");
    HAS(c, "gen_lut_col(gen_tb0, ");
    HAS(c, "static void br_lut_build(const double *pc, double *lut) {");
    HAS(cpu, "br_cells_lut(gen_a, gen_pu, gen_i, gen_nv, 1);");
    HAS(cu, "br_cuda_f32_k_lut<<<");
    HAS(cu, "br_cuda_f32_k_lut_is<<<"); /* the kernels with the traces' sum */
    HAS(cu, "br_cells_lut(&gen_a, (const br_pc *)gen_a.pc, gen_i, 1, 0);");
    if (have_cc()) {
        write_file("br_c.c", c);
        write_file("br_main.c", br_main);
        char out[1024];
        int rc = c_build_run("br_main.c", "br_c.c", "br", out, sizeof out);
        ASSERT_EQ_INT(0, rc);
        double dmax = NAN, vmax = NAN;
        const char *p = strstr(out, "maxdiff ");
        if (p)
            dmax = strtod(p + 8, NULL);
        p = strstr(out, "vmax ");
        if (p)
            vmax = strtod(p + 5, NULL);
        printf("BeelerReuterNative, lut vs exact over 500 ms: %s", out);
        ASSERT(vmax > 0); /* an action potential, so the comparison means something */
        ASSERT(dmax > 0); /* the tables are used */
        ASSERT(dmax < 0.5); /* ... and interpolate well */
    }
    free(c), free(cpu), free(cu);
    ar_free(&ar);
}

/* A model without parameters (and so no per-cell parameter to read): the C and CPU targets
 * still compile without warnings. */
static void no_param_model(void) {
    static const char text[] = "V; .external(Vm);\nIion; .external(Iion);\nV_init = -80;\nx_init = 0.5;\n"
                               "diff_x = -x * (V + 90) / 10;\nIion = x;\n";
    Arena ar = {0};
    CgModel *m = mt_analyse(&ar, text, NULL);
    ASSERT(m != NULL);
    if (!m || !have_cc()) {
        ar_free(&ar);
        return;
    }
    ASSERT_EQ_INT(0, m->nparams);
    char *c = mt_generate(m, EMIT_C, 0, 0, NULL, "np");
    char *cpu = mt_generate(m, EMIT_CPU, 0, 0, NULL, "np");
    write_file("np_c.c", c);
    write_file("np_cpu.c", cpu);
    char cmd[1024], out[4096];
    snprintf(cmd, sizeof cmd,
             "cd %s && cc -std=c11 -O2 -Wall -Wextra -Werror -I%s/include/starcarp -c np_c.c 2>&1", tmpdir,
             SC_SOURCE_DIR);
    int rc = t_run(cmd, out, sizeof out);
    if (rc)
        fprintf(stderr, "model without parameters, C target:\n%s", out);
    ASSERT_EQ_INT(0, rc);
    snprintf(cmd, sizeof cmd,
             "cd %s && cc -std=c11 -O3 -march=native -fno-math-errno -Wall -Wextra "
             "-Werror -I%s/include/starcarp -c np_cpu.c 2>&1",
             tmpdir, SC_SOURCE_DIR);
    rc = t_run(cmd, out, sizeof out);
    if (rc)
        fprintf(stderr, "model without parameters, CPU target:\n%s", out);
    ASSERT_EQ_INT(0, rc);
    free(c), free(cpu);
    ar_free(&ar);
}

/* The LU of an implicit group covers the Jacobian's pattern only: a chain a - b - c (markov_be)
 * has no entry d a / d c, eliminated in minimum-degree order it has no fill-in, and its compact
 * matrix holds the 7 entries of the tridiagonal pattern. */
static void sparse_lu_model(void) {
    static const char text[] = "V; .external(Vm);\nIion; .external(Iion);\nV_init = -80;\n"
                               "a_init = 1; b_init = 0; c_init = 0;\n"
                               "diff_a = -0.3 * a + 0.2 * b; a; .method(markov_be);\n"
                               "diff_b = 0.3 * a - 0.6 * b + 0.1 * c; b; .method(markov_be);\n"
                               "diff_c = 0.4 * b - 0.1 * c; c; .method(markov_be);\n"
                               "Iion = a * (V + 80);\n";
    Arena ar = {0};
    CgModel *m = mt_analyse(&ar, text, NULL);
    ASSERT(m != NULL);
    if (!m) {
        ar_free(&ar);
        return;
    }
    char *c = mt_generate(m, EMIT_C, 0, 0, NULL, "ch");
    HAS(c, "W = I - c J, 3 x 3, 7 entries written by the Jacobian,\n * 0 of fill-in, 7 in all;");
    HAS(c, "/* d b / d c */");
    LACKS(c, "/* d a / d c */");
    HAS(c, "gen_A[7], gen_b[3];"); /* compact, not 3 x 3 */
    LACKS(c, "gen_A[9]");
    free(c);
    ar_free(&ar);
}

/* ---------------------------------------------------------------- text checks */

static void check_c_text(const char *a) {
    HAS(a, "/* t_c.c: generated by " EMIT_GENERATOR " (portable C back end");
    HAS(a, " * model:   t\n");
    HAS(a, " * source:  t.model (FNV-1a 64 of the text: ");
    HAS(a, " * options: target c, double precision, markov_be Newton iterations 2, method overrides none");
    HAS(a, "#include \"starcarp_model.h\"");
    HAS(a, "typedef struct t_pc {");
    HAS(a, "typedef struct t_pcv {");
    HAS(a, "void t_c_f64_run(const ScStepArgs *gen_a) {");
    HAS(a, "const ScModelDesc t_model = {");
    HAS(a, "\"fe+rk2+rk4+rush_larsen+sundnes+markov_be+rosenbrock+cvode\"");
    HAS(a, "static void t_consts(double *pc) {");
    HAS(a, "static void t_init(const double *pc, double *sv0, double *vm0) {");
    HAS(a, "GEN_LD(gen_svm + gen_k * gen_n + gen_i, gen_nv)"); /* SoA layout */
    HAS(a, "variant exact: uniform parameter set");
    HAS(a, "variant pv: parameters per cell");
    LACKS(a, "_cells_lut"); /* no tables */
    HAS(a, "const gen_real diff_a = -gen_p->g * (a - 1.0) + V * 0.001; /* t.model:7 */");
    HAS(a, "/* t.model:8 */");
    HAS(a, "gen_xn[0] = gen_x[0] + dt * (diff_a);   /* a: fe */");
    HAS(a, "/* m: rush_larsen */"); /* gate */
    HAS(a, "gen_xn[9] = gen_inf + (gen_x[9] - gen_inf) * gen_exp(-dt / (gen_p->tau_m));");
    HAS(a, "/* group 1: rush_larsen over r */"); /* generalised RL */
    HAS(a, "gen_y[0] += gen_grl(gen_f[0], gen_J[0], dt);");
    HAS(a, "/* group 2: rk2 over k2 */");
    HAS(a, "gen_ym[gen_j] = gen_y[gen_j] + (gen_scal)0.5 * dt * gen_k[gen_j];");
    HAS(a, "/* group 3: rk4 over k4 */");
    HAS(a, "gen_y[gen_j] += dt / (gen_scal)6 * (gen_k1[gen_j] + (gen_scal)2 * gen_k2[gen_j] +");
    HAS(a, "/* group 4: sundnes over s */");
    HAS(a, "gen_ym[0] = gen_y[0] + gen_grl(gen_f[0], gen_J[0], (gen_scal)0.5 * dt);");
    HAS(a, "/* group 5: markov_be over c1 c2 */");
    HAS(a, "for (int gen_it = 0; gen_it < 2; gen_it++) {"); /* Newton */
    HAS(a, "t_w_g5(gen_A, dt);"); /* sparse LU (emit_lu.c) */
    HAS(a, "t_lusolve_g5(gen_A, gen_b);"); /* markov_be: one solve, the forward half fused */
    HAS(a, "GEN_FN void t_lusolve_g5(gen_real *gen_A, gen_real *gen_b) {");
    LACKS(a, "GEN_FN void t_lu_g5(");
    HAS(a, "GEN_FN void t_lu_g6(gen_real *gen_A) {"); /* rosenbrock: one LU, several solves */
    HAS(a, "GEN_FN void t_solve_g6(const gen_real *gen_A, gen_real *gen_b) {");
    HAS(a, "W = I - c J, 2 x 2, 4 entries written by the Jacobian,");
    HAS(a, "t_w_g6(gen_A, gen_gamma * gen_h);");
    LACKS(a, "gen_sw"); /* no dense pivoting left */
    HAS(a, "/* group 6: rosenbrock over w */");
    HAS(a, "GEN_FN void t_ros2_g6(");
    HAS(a,
        "gen_yn[gen_j] = gen_y[gen_j] + (gen_scal)1.5 * gen_h * gen_k1[gen_j] + (gen_scal)0.5 * gen_h * gen_k2[gen_j];");
    HAS(a, "/* group 7: cvode over z */");
    HAS(a, "GEN_FN gen_real t_ros4_g7("); /* cvode: adaptive ROS4, returns its error norm */
    HAS(a, "gen_real gen_e = t_ros4_g7(gen_p, gen_lut, gen_oor, t + gen_tt, dt,");
    HAS(a,
        "gen_g1[gen_j] = (gen_scal)(17.0 / 54.0) * gen_g1[gen_j] + (gen_scal)(7.0 / 36.0) * gen_g2[gen_j];");
    LACKS(a, "gen_err[gen_j] = (gen_scal)(17.0 / 54.0)"); /* no error vector */
    /* the inline updates come first: gate m (group 9) is updated before cvode's group 7 */
    const char *gate = strstr(a, "gen_xn[9] = gen_inf + "),
               *cvode = strstr(a, "        t_adv_g7(gen_p, gen_lut");
    ASSERT(gate && cvode && gate < cvode);
    HAS(a, "0.9 / gen_sqrt(gen_sqrt(gen_e))"); /* h ~ err^(-1/4) */
    LACKS(a, "GEN_FN void t_ros2_g7(");
    HAS(a, "gen_rtol = gen_o->rtol > 0 ? (gen_scal)gen_o->rtol : "); /* ScStepArgs.rtol, else a default */
    HAS(a, "gen_o->max_substeps > 0 ? gen_o->max_substeps : ");
    HAS(a, "gen_xn[8] = gen_sel(gen_xn[8] < 0.0, gen_bc(0.0), gen_xn[8]);"); /* .lb on z */
    HAS(a, "gen_J[0] = "); /* Jacobians */
}

/* An equation of the states alone that the step's equations and Iion's part both need, and that
 * costs a call or a division, is carried from Iion's part to the next step (emit_carry.c); an
 * equation that reads V is not. */
static void test_carry(void) {
    Arena ar = {0};
    CgModel *m = mt_analyse(&ar,
                            "V; .external(Vm);\nIion; .external(Iion);\nV_init = -80;\n"
                            "group { Ko = 5.4; g = 0.3; } .param();\nKi_init = 140;\n"
                            "EK = 26.7 * log(Ko / Ki);\n" /* states only: carried */
                            "a = 1 / (1 + exp(V / 10));\n" /* reads V: not */
                            "IK = g * a * (V - EK);\n"
                            "diff_Ki = -IK * 0.001;\n"
                            "Iion = IK;\n",
                            NULL);
    ASSERT(m != NULL);
    if (!m)
        return;
    for (int t = 0; t < EMIT_NTARGETS; t++) {
        char *c = mt_generate(m, (EmitTarget)t, 0, 0, NULL, NULL);
        HAS(c, "const gen_real EK = gen_cv[0];   /* carried */");
        HAS(c, "        gen_cv[0] = EK;\n");
        HAS(c, "gen_real gen_cv[1];   /* values carried between steps (emit_carry.c) */");
        LACKS(c, "gen_cv[1] = "); /* one carried value */
        LACKS(c, "const gen_real a = gen_cv");
        free(c);
    }
    ar_free(&ar);
}

/* A rush_larsen gate whose time constant is 1 / X steps with exp(-dt * X): alpha-beta gates,
 * and a tau named and defined as 1 / (...); any other tau keeps exp(-dt / tau). */
static void test_rl_rate(void) {
    Arena ar = {0};
    CgModel *m = mt_analyse(&ar,
                            "V; .external(Vm);\nIion; .external(Iion);\nV_init = -80;\n"
                            "alpha_h = 0.1 * exp(-V / 20); beta_h = 1 / (1 + exp(-(V + 30) / 10));\n"
                            "j_inf = 1 / (1 + exp((V + 60) / 7)); tau_j = 1 / (alpha_h + 0.5 * beta_h);\n"
                            "n_inf = 0.5; tau_n = 2 + V * V / 1000;\n"
                            "Iion = h + j + n;\n",
                            NULL);
    ASSERT(m != NULL);
    if (!m)
        return;
    char *c = mt_generate(m, EMIT_C, 0, 0, NULL, NULL);
    HAS(c, "/* h: rush_larsen (tau = 1 / rate: exp(-dt * rate)) */");
    HAS(c, "gen_exp(-dt * (alpha_h + beta_h))");
    HAS(c, "gen_exp(-dt * (alpha_h + 0.5 * beta_h))");
    HAS(c, "gen_exp(-dt / (tau_n))");
    LACKS(c, "const gen_real tau_j ="); /* not needed any more */
    free(c);
    ar_free(&ar);
}

/* pow with a literal exponent, negated literals included (the CellML exports write pow(x, -1.0)):
 * on a GPU a product of squarings (gen_powi; a reciprocal for -1), the portable C keeps pow; on a
 * GPU a parameter's exponent goes through gen_powp (products for 1 to 4 at run time), and any other
 * exponent stays gen_pow everywhere. */
static const char pow_model[] =
    "V; .external(Vm);\nIion; .external(Iion);\nV_init = -80;\n"
    "n = 1.6; .param();\nc_init = 0.5;\n"
    "diff_c = pow(1 + c, -1.0) + pow(c, -2) + pow(c, n) + pow(2, c) - c;\nIion = c;\n";
static void test_literal_pow(void) {
    Arena ar = {0};
    CgModel *m = mt_analyse(&ar, pow_model, NULL);
    ASSERT(m != NULL);
    for (int t = EMIT_CUDA; m && t <= EMIT_HIP; t++) {
        char *g = mt_generate(m, (EmitTarget)t, 0, 0, NULL, NULL);
        HAS(g, "gen_powi(1.0 + c, -1)");
        HAS(g, "gen_powi(c, -2)");
        HAS(g, "gen_powp(c, gen_p->n)");
        HAS(g, "gen_pow(2.0, c)");
        LACKS(g, "gen_pow(1.0 + c");
        free(g);
    }
    /* in a model with an implicit or adaptive group, gen_pow (gen_powp's branches cost there) */
    char text[512];
    snprintf(text, sizeof text, "%sgroup { c; }.method(cvode);\n", pow_model);
    CgModel *mi = mt_analyse(&ar, text, NULL);
    ASSERT(mi != NULL);
    char *gi = mi ? mt_generate(mi, EMIT_CUDA, 0, 0, NULL, NULL) : NULL;
    if (gi) {
        HAS(gi, "gen_pow(c, gen_p->n)");
        LACKS(gi, "gen_powp(c");
    }
    free(gi);
    char *c = m ? mt_generate(m, EMIT_C, 0, 0, NULL, NULL) : NULL;
    if (c) {
        LACKS(c, "gen_powi(");
        LACKS(c, "gen_powp(");
    }
    free(c);
    ar_free(&ar);
}

/* Iion's part of a step reads what the step computed of Vm alone (emit_carry.c emit_need_iion):
 * the named exp of the GHK-like current and the rectifier xi are not computed again there, while
 * the current, which reads the new Ca, is; in every variant and back end. */
static void test_iion_reuse(void) {
    static const EmitTarget targets[] = {EMIT_C, EMIT_CPU, EMIT_CUDA, EMIT_HIP};
    Arena ar = {0};
    CgModel *m = mt_analyse(&ar,
                            "V; .external(Vm);\nIion; .external(Iion);\nV_init = -80;\nCa_init = 1e-4;\n"
                            "I_Ca = V * (Ca * exp(V * 0.07) - 2) / expm1(V * 0.07);\n"
                            "diff_Ca = -0.01 * I_Ca - xi * Ca;\nxi = 1 / (1 + exp((V - 56) / 32));\n"
                            "Iion = I_Ca + xi * V;\n",
                            NULL);
    ASSERT(m != NULL);
    for (size_t t = 0; m && t < sizeof targets / sizeof *targets; t++) {
        char *g = mt_generate(m, targets[t], 0, 0, NULL, NULL);
        const char *iion = g ? strstr(g, "Iion at the new states") : NULL;
        ASSERT(iion != NULL);
        if (iion) {
            const char *end = strstr(iion, "return ");
            size_t n = end ? (size_t)(end - iion) : strlen(iion);
            char *part = strndup(iion, n);
            if (strstr(part, "gen_exp") || strstr(part, "const gen_real xi") ||
                !strstr(part, "const gen_real I_Ca"))
                fprintf(stderr, "target %zu, Iion's part:\n%s\n", t, part);
            ASSERT(strstr(part, "gen_exp") == NULL); /* neither _vm, _vm_2 nor xi again */
            ASSERT(strstr(part, "const gen_real xi") == NULL);
            ASSERT(strstr(part, "const gen_real I_Ca") != NULL); /* at the new Ca */
            free(part);
        }
        HAS(g, "const gen_real xi =");
        free(g);
    }
    ar_free(&ar);
}

/* The vectorised CPU text of tiny, double (cpu) and single (cpu32). */
static void check_cpu_text(const char *cpu, const char *cpu32) {
    HAS(cpu, "/* t_cpu.c: generated by " EMIT_GENERATOR " (vectorised CPU back end)");
    HAS(cpu, "options: target cpu, double precision");
    HAS(cpu, "typedef double gen_scal;");
    HAS(cpu, "vector_size(GEN_W * sizeof(gen_scal))");
    HAS(cpu, "_ZGV##isa##N##w##args##_##f"); /* libmvec */
    HAS(cpu, "const int t_cpu_f64_lanes = GEN_W;");
    HAS(cpu, "void t_cpu_f64_run(const ScStepArgs *gen_a) {");
    HAS(cpu, "t_cells(gen_a, gen_pu, gen_i, gen_nv, 1);");
    HAS(cpu, "const gen_real diff_a = -gen_p->g * (a - 1.0) + V * 0.001; /* t.model:7 */");
    HAS(cpu, "t_lusolve_g5(gen_A, gen_b);");
    LACKS(cpu, "ScModelDesc t_model"); /* host side: C file only */
    HAS(cpu32, "options: target cpu, single precision");
    HAS(cpu32, "typedef float gen_scal;");
    HAS(cpu32, "void t_cpu_f32_run(const ScStepArgs *gen_a) {");
    HAS(cpu32, "const int t_cpu_f32_lanes = GEN_W;");
    HAS(cpu32, "const gen_real diff_a = -gen_p->g * (a - 1.0f) + V * 0.001f; /* t.model:7 */");
    HAS(cpu32, "1.0f / (1.0f + gen_exp(-(V + 40.0f) * 0.2f))"); /* / 5 hoisted: * 0.2 */
    LACKS(cpu32, "V * 0.001;");
    LACKS(cpu, "GEN_FRESH");
}

/* The CUDA and HIP texts of tiny, double and single (the C text c: the order of its group
 * functions' lines). */
static void check_gpu_text(const char *cu, const char *cu32, const char *hip, const char *hip32,
                           const char *c) {
    HAS(cu, "#include <cuda_runtime.h>");
    HAS(cu, "extern \"C\" int t_cuda_f64_run(const ScStepArgs *gen_a, void *gen_stream) {");
    HAS(cu,
        "__global__ void __launch_bounds__(GEN_BLOCK, GEN_MIN_BLOCKS) t_cuda_f64_k(const ScStepArgs gen_a)");
    HAS(cu, "#define GEN_MIN_BLOCKS 1 "); /* an implicit group: no register cap */
    HAS(hip, "#define GEN_MIN_BLOCKS 1 "); /* HIP: never (its second argument means waves) */
    HAS(cu, "t_cuda_f64_k_pv<<<gen_blocks, GEN_BLOCK, 0, gen_s>>>(*gen_a);");
    HAS(cu, "cudaGetLastError()");
    HAS(cu, "t_lusolve_g5(gen_A, gen_b);");
    HAS(cu, "/* t.model:7 */");
    /* CUDA: the derivatives of the groups with an LU recompute what reads Vm alone at each call */
    HAS(cu, "#define GEN_FRESH(x) asm volatile(\"\" : \"+d\"(x))");
    HAS(cu32, "#define GEN_FRESH(x) asm volatile(\"\" : \"+f\"(x))");
    const char *rhs4 = strstr(cu, "GEN_FN void t_rhs_g4("), *rhs5 = strstr(cu, "GEN_FN void t_rhs_g5(");
    ASSERT(rhs4 && rhs5 && rhs4 < rhs5);
    const char *fresh = strstr(rhs4, "GEN_FRESH(gen_V);");
    ASSERT(fresh && fresh > rhs5); /* markov_be's group 5 has it, sundnes's group 4 (no LU) not */
    /* GPU: f and J row by row (emit_rhsorder.c): d c1 / d c1 before f of c2; C: all f first */
    const char *j0 = strstr(rhs5, "    if (gen_J)\n        gen_J[0] = "),
               *f1 = strstr(rhs5, "    gen_f[1] = ");
    ASSERT(j0 && f1 && j0 < f1);
    const char *crhs5 = strstr(c, "GEN_FN void t_rhs_g5(");
    ASSERT(crhs5 && strstr(crhs5, "    gen_f[1] = ") < strstr(crhs5, "gen_J[0] = "));
    LACKS(hip, "GEN_FRESH");
    HAS(cu32, "extern \"C\" int t_cuda_f32_run(");
    HAS(cu32, "typedef float gen_scal;");
    HAS(cu32, "return expf(x);");
    HAS(cu32, "V * 0.001f");
    HAS(hip, "#include <hip/hip_runtime.h>");
    HAS(hip, "extern \"C\" int t_hip_f64_run(const ScStepArgs *gen_a, void *gen_stream) {");
    HAS(hip, "hipStream_t");
    HAS(hip, "hipGetLastError()");
    LACKS(hip, "cuda");
    HAS(hip32, "extern \"C\" int t_hip_f32_run(");
    HAS(hip32, "V * 0.001f");
}

/* The generator's options on tiny (m): Newton iterations, identifier, method overrides. */
static void check_options(CgModel *m) {
    /* options: Newton iterations, identifier, the overrides text of the header */
    char *s3 = mt_generate(m, EMIT_C, 0, 3, NULL, NULL);
    HAS(s3, "for (int gen_it = 0; gen_it < 3; gen_it++) {");
    HAS(s3, "markov_be Newton iterations 3");
    char *sid = mt_generate(m, EMIT_CPU, 1, 0, NULL, "my_id");
    HAS(sid, "void my_id_cpu_f32_run(const ScStepArgs *gen_a) {");
    HAS(sid, "/* my_id_cpu.c: generated by");
    LACKS(sid, "t_cpu_f32_run");
    char *sidc = mt_generate(m, EMIT_C, 0, 0, NULL, "my_id");
    HAS(sidc, "const ScModelDesc my_id_model = {");
    HAS(sidc, "\"t\", \"my_id\""); /* name, ident */
    free(s3), free(sid), free(sidc);

    /* method overrides: cvode=fe removes the adaptive loop; with rosenbrock=fe too, no ROS2 */
    {
        Arena ar2 = {0};
        char *o = with_overrides(&ar2, tiny, "cvode=fe", EMIT_C);
        if (o) {
            HAS(o, "method overrides cvode=fe");
            LACKS(o, "gen_rtol");
            LACKS(o, "over z */"); /* no group function of z */
            HAS(o, "dt * (diff_z);   /* z: fe */");
            HAS(o, "gen_xn[8] = gen_sel(gen_xn[8] < 0.0, gen_bc(0.0), gen_xn[8]);"); /* .lb kept */
            HAS(o, "\"fe+rk2+rk4+rush_larsen+sundnes+markov_be+rosenbrock\"");
            HAS(o, "t_ros2_g"); /* rosenbrock still there */
            free(o);
        }
        o = with_overrides(&ar2, tiny, "cvode=fe,rosenbrock=fe", EMIT_CPU);
        if (o) {
            LACKS(o, "ROS2");
            LACKS(o, "_ros2_g");
            LACKS(o, "gen_rtol");
            HAS(o, "/* w: fe */");
            HAS(o, "/* z: fe */");
            free(o);
        }
        ar_free(&ar2);
    }
}

int main(void) {
    Arena ar = {0};
    CgModel *m = mt_analyse(&ar, tiny, NULL);
    ASSERT(m != NULL);
    if (!m)
        return TEST_DONE();
    ASSERT_EQ_STR("t", emit_ident(&ar, m));
    ASSERT_EQ_INT(10, m->nstates);
    ASSERT_EQ_STR("c", emit_target_name(EMIT_C));
    ASSERT_EQ_STR("_cpu.c", emit_target_suffix(EMIT_CPU));
    ASSERT_EQ_STR("_cuda.cu", emit_target_suffix(EMIT_CUDA));
    ASSERT_EQ_STR("_hip.hip", emit_target_suffix(EMIT_HIP));
    test_rl_rate();
    test_carry();
    test_literal_pow();
    test_iion_reuse();

    /* deterministic for every target and precision; the variants differ from each other */
    char *src[EMIT_NTARGETS][2];
    for (int t = 0; t < EMIT_NTARGETS; t++)
        for (int s = 0; s < 2; s++) {
            char *a = mt_generate(m, (EmitTarget)t, s, 0, NULL, NULL);
            char *b = mt_generate(m, (EmitTarget)t, s, 0, NULL, NULL);
            t_checks++;
            if (!a || !b || strcmp(a, b) != 0) {
                t_failures++;
                fprintf(stderr, "emit_model not deterministic: target %s, %s precision\n",
                        emit_target_name((EmitTarget)t), s ? "single" : "double");
            }
            free(b);
            src[t][s] = a;
        }
    for (int t = 1; t < EMIT_NTARGETS; t++) {
        ASSERT(strcmp(src[t][0], src[t][1]) != 0);
        ASSERT(strcmp(src[t][0], src[0][0]) != 0);
    }
    /* the C target is double only: its host side works in double (emit.h) */
    HAS(src[EMIT_C][1], "target c, double precision");

    check_c_text(src[EMIT_C][0]);

    check_cpu_text(src[EMIT_CPU][0], src[EMIT_CPU][1]);
    check_gpu_text(src[EMIT_CUDA][0], src[EMIT_CUDA][1], src[EMIT_HIP][0], src[EMIT_HIP][1], src[EMIT_C][0]);
    check_options(m);

    if (t_tmpdir("sc_test_emit", tmpdir, sizeof tmpdir) != 0) {
        ASSERT(0);
        return TEST_DONE();
    }
    compile_and_run_tiny(src[EMIT_C][0], src[EMIT_CPU][0]);
    lut_model();
    no_param_model();
    sparse_lu_model();

    t_rmtree(tmpdir);
    for (int t = 0; t < EMIT_NTARGETS; t++)
        free(src[t][0]), free(src[t][1]);
    ar_free(&ar);
    return TEST_DONE();
}

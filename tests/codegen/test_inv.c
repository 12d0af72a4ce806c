/* test_inv.c: the values a group's re-evaluations share (codegen/emit_inv.c, ID_inv_gK):
 *   - text: an equation that reads a frozen state (Ca, outside the group) and that the group's
 *     derivative reads is computed once per step by ID_inv_g1 (x is group 1, after Ca) and read
 *     from gen_inv by ID_rhs_g1,
 *     which no longer computes it; an equation of Vm alone stays in ID_rhs_g1; every target
 *     (C, CPU, CUDA, HIP) and method that evaluates the derivatives more than once (rk2, rk4,
 *     rosenbrock, cvode, markov_be) gets it; rush_larsen (one evaluation) and a group that reads
 *     nothing frozen get none;
 *   - numbers (when `cc` is on the PATH): the model with the shared equation and the same model
 *     with that expression written inline in the derivative (nothing to share) give the same
 *     states and Vm, bit for bit, over 2000 steps of the C target (cvode and rk2). */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "model_text.h"

#ifndef SC_SOURCE_DIR
#define SC_SOURCE_DIR "."
#endif

/* x switches on heavy, an equation of the frozen state Ca; vonly reads Vm alone. %s: x's
 * derivative's switch (the name heavy, or its expression) and method. The stimulus (steps 100 to
 * 600) takes Vm past -20, where heavy changes sign. */
static const char shell[] = "V; .external(Vm);\n"
                            "Iion; .external(Iion);\n"
                            "V_init = -80;\n"
                            "g = 0.5; .param();\n"
                            "Ca_init = 2e-4;\n"
                            "x_init = 0.1;\n"
                            "heavy = g * exp(1000 * Ca) * (V + 20);\n"
                            "vonly = exp(V / 20);\n"
                            "diff_Ca = -0.05 * (Ca - 1e-4) + 1e-6 * (V + 80);\n"
                            "diff_x = (%s > 0) ? 50 * (1 - x) : -0.5 * x * vonly;\n"
                            "x; .method(%s);\n"
                            "Iion = g * (V + 80) + 0.1 * x * (V + 85);\n";

static char *model_text(Arena *ar, const char *sw, const char *method) {
    return ar_printf(ar, shell, sw, method);
}

/* The text of the function that starts with head, up to its closing brace. */
static char *function_text(Arena *ar, const char *src, const char *head) {
    const char *a = src ? strstr(src, head) : NULL, *b = a ? strstr(a, "\n}\n") : NULL;
    return a && b ? ar_strndup(ar, a, (size_t)(b - a)) : ar_strdup(ar, "");
}

static void shared_text(Arena *ar) {
    static const char *const repeat[] = {"rk2", "rk4", "rosenbrock", "cvode", "markov_be"};
    for (int k = 0; k < 5; k++) {
        CgModel *m = mt_analyse(ar, model_text(ar, "heavy", repeat[k]), NULL);
        ASSERT(m != NULL);
        for (int t = EMIT_C; m && t <= EMIT_HIP; t++) {
            char *src = mt_generate(m, (EmitTarget)t, 0, 0, NULL, "ha");
            char *rhs = function_text(ar, src, "GEN_FN void ha_rhs_g1(");
            char *inv = function_text(ar, src, "GEN_FN void ha_inv_g1(");
            HAS(inv, "gen_inv[0] = heavy;");
            HAS(rhs, "const gen_real heavy = gen_inv[0];");
            LACKS(rhs, "gen_exp(1000"); /* heavy is not computed there */
            HAS(rhs, "vonly = gen_exp("); /* Vm alone: at each call */
            LACKS(inv, "vonly");
            HAS(src, "ha_inv_g1(gen_p, gen_lut, gen_oor, t, dt, gen_V, gen_x, gen_inv);");
            free(src);
        }
    }
    CgModel *m = mt_analyse(ar, model_text(ar, "heavy", "rush_larsen"), NULL);
    char *src = m ? mt_generate(m, EMIT_C, 0, 0, NULL, "ha") : NULL;
    ASSERT(src != NULL);
    LACKS(src ? src : "", "ha_inv_g1");
    free(src);
    m = mt_analyse(ar, model_text(ar, "(x - 0.2)", "cvode"), NULL); /* reads x and Vm alone */
    src = m ? mt_generate(m, EMIT_C, 0, 0, NULL, "ha") : NULL;
    ASSERT(src != NULL);
    LACKS(src ? src : "", "ha_inv_g1");
    free(src);
}

/* Both models (ha: heavy shared, hb: inline) from the rest, stimulated, 2000 steps of dt 0.01 ms;
 * prints the largest difference of any state or Vm and whether either went non-finite. */
static const char two_main[] =
    "#include <math.h>\n#include <stdio.h>\n#include <string.h>\n"
    "#include \"starcarp_model.h\"\n"
    "extern const ScModelDesc ha_model, hb_model;\n"
    "static double run(const ScModelDesc *md, double *sv, double *vm) {\n"
    "    double pc[64], iion = 0, top = -1e9;\n"
    "    memcpy(pc, md->param_defaults, (size_t)md->nparams * sizeof(double));\n"
    "    md->consts(pc);\n"
    "    md->init(pc, sv, vm);\n"
    "    ScStepArgs a;\n"
    "    memset(&a, 0, sizeof a);\n"
    "    for (int j = 0; j < SC_MAX_PARAMS; j++)\n        a.vary[j] = -1;\n"
    "    a.n = 1, a.sv = sv, a.vm = vm, a.iion = &iion, a.pc = pc, a.dt = 0.01, a.nsteps = 1;\n"
    "    a.flags = SC_STEP_BENCH;\n"
    "    a.stim.start = 100, a.stim.pulse = 500, a.stim.count = 1, a.stim.amp = 60;\n"
    "    for (long d = 0; d < 2000; d++) {\n        a.d0 = d;\n        md->c_run[0](&a);\n"
    "        top = fmax(top, *vm);\n    }\n"
    "    return top;\n"
    "}\n"
    "int main(void) {\n"
    "    double sa[64], sb[64], va, vb, diff;\n"
    "    if (ha_model.nsv > 64 || ha_model.nsv != hb_model.nsv)\n        return 2;\n"
    "    double top = run(&ha_model, sa, &va);\n"
    "    run(&hb_model, sb, &vb);\n"
    "    int bad = !isfinite(va) || !isfinite(vb);\n"
    "    diff = fabs(va - vb);\n"
    "    for (int s = 0; s < ha_model.nsv; s++) {\n"
    "        bad |= !isfinite(sa[s]) || !isfinite(sb[s]);\n"
    "        diff = fmax(diff, fabs(sa[s] - sb[s]));\n"
    "    }\n"
    "    printf(\"diff %.17g bad %d top %.17g\\n\", diff, bad, top);\n"
    "    return 0;\n"
    "}\n";

static void same_numbers(Arena *ar, const char *method) {
    if (system("cc --version >/dev/null 2>&1") != 0) {
        printf("no cc: the generated kernels are not run\n");
        return;
    }
    CgModel *ma = mt_analyse(ar, model_text(ar, "heavy", method), NULL);
    CgModel *mb = mt_analyse(ar, model_text(ar, "g * exp(1000 * Ca) * (V + 20)", method), NULL);
    char dir[256];
    if (!ma || !mb || t_tmpdir("sc_test_inv", dir, sizeof dir) != 0) {
        ASSERT(0);
        return;
    }
    char *a = mt_generate(ma, EMIT_C, 0, 0, NULL, "ha"), *b = mt_generate(mb, EMIT_C, 0, 0, NULL, "hb");
    HAS(a, "ha_inv_g1");
    LACKS(b, "hb_inv_g1");
    t_put(dir, "ha_c.c", a), t_put(dir, "hb_c.c", b), t_put(dir, "main.c", two_main);
    free(a), free(b);
    char out[512];
    ASSERT_EQ_INT(
        0, t_cc_run(dir, SC_SOURCE_DIR "/include/starcarp", "main.c ha_c.c hb_c.c", "t", out, sizeof out));
    printf("%s: %s", method, out);
    double diff = NAN, top = NAN;
    int bad = 1;
    ASSERT(sscanf(out, "diff %lf bad %d top %lf", &diff, &bad, &top) == 3);
    ASSERT_EQ_INT(0, bad);
    ASSERT(diff == 0);
    ASSERT(top > -20); /* the stimulus took Vm past heavy's switch: both branches ran */
    t_rmtree(dir);
}

int main(void) {
    Arena ar = {0};
    shared_text(&ar);
    same_numbers(&ar, "cvode");
    same_numbers(&ar, "rk2");
    ar_free(&ar);
    return TEST_DONE();
}

/* test_ops.c: the operations per cell-step the generator exports (emit_ops.c, ScModelDesc
 * .flops_per_step), against counts made by hand:
 *   - a model of three equations (a gate, a forward-Euler state, Iion): each operation of the
 *     text counted, plus the methods' updates and bench mode's membrane update;
 *   - a two-state markov_be group: the Newton iterations' right-hand side, Jacobian, W, LU and
 *     solve, counted from the generated code's pattern;
 *   - a cvode group: one sub-step counted by hand, flagged adaptive;
 *   - without tables the lut count equals the exact one; the count is deterministic and the
 *     portable C descriptor carries it. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "emit.h"
#include "model_text.h"
#include "test.h"

/* The counts of the model of text into ops; 0, or -1 (not accepted, or the count failed). */
static int counted(Arena *ar, const char *text, EmitOps ops[2]) {
    CgModel *m = mt_analyse(ar, text, NULL);
    ASSERT(m != NULL);
    return m && emit_count_ops(m, ops) == 0 ? 0 : -1;
}

/* By hand:
 *   m_inf  -(V + 40) / 5: + and /, exp, 1 + and 1 / : 4 flops, 1 exp
 *   m      rush_larsen, tau a literal: inf + (m - inf) * exp(-dt / tau): 4 flops, 1 exp
 *   diff_a -g * (a - 1) + V * 0.001: - * * +: 4 flops; fe: a + dt * diff_a: 2
 *   Iion   g * (V + 80) + m * a^2: + * ^2 * +: 5 flops (at the new states)
 *   bench  V = Vs - dt * Iion: 2
 * = 21 flops, 2 transcendental calls. */
static const char three[] = "V; .external(Vm); Iion; .external(Iion); V_init = -80; g = 0.5; .param();\n"
                            "m_init = 0.1; a_init = 0.2; tau_m = 2;\n"
                            "m_inf = 1 / (1 + exp(-(V + 40) / 5));\n"
                            "diff_a = -g * (a - 1) + V * 0.001;\n"
                            "Iion = g * (V + 80) + m * a^2;\n";

/* diff_c1, diff_c2: 3 flops each (2 products, a sum); the Jacobian's entries are literals: 0.
 * W = I - dt J, 2 x 2 dense: diagonal 2, off-diagonal 1: 6. LU without pivoting, order c1, c2:
 * pivot c1: reciprocal 1, row c2: scale 1 + one multiply-subtract 2; pivot c2: reciprocal 1: 5.
 * Solve: forward 2, backward 2 + 1 + 1: 6. Per Newton iteration: rhs 6 + b = y + dt f - z 3 x 2
 * + W 6 + LU 5 + solve 6 + z += b 2 = 31; 2 iterations: 62. Iion = c1 + c2: 1; bench 2. = 65. */
static const char markov[] = "V; .external(Vm); Iion; .external(Iion); V_init = -80;\n"
                             "c1_init = 1; c2_init = 0;\n"
                             "diff_c1 = -0.3 * c1 + 0.2 * c2; c1; .method(markov_be);\n"
                             "diff_c2 = 0.3 * c1 - 0.2 * c2; c2; .method(markov_be);\n"
                             "Iion = c1 + c2;\n";

/* diff_z: 2 flops (-10 is a literal), its Jacobian a literal. One cvode sub-step: ROS4 with three
 * evaluations of the rhs 6, W 2 (1 - c J), LU 1, 4 solves of 1, gamma h, t + h, t + 0.6 h 4, the stages per
 * state g1 1, yn 2, g2 4, yn 4, g3 6, g4 6, g4 += 3, yn 8, err 5: 39; the error test per state 6
 * (a_j, the quotient 3, e += q q 2), dt - tt, t + tt, e / n, tt + h, 0.9 / .., h * ..: 6; sqrt(e)
 * and sqrt(sqrt(e)): 3 transcendental calls. Iion = z: 0; bench 2. = 70 flops, 3 calls. */
static const char adaptive[] = "V; .external(Vm); Iion; .external(Iion); V_init = -80;\n"
                               "z_init = 0;\n"
                               "diff_z = -10 * z + 1; z; .method(cvode);\n"
                               "Iion = z;\n";

static void test_three(Arena *ar) {
    CgModel *m = mt_analyse(ar, three, NULL);
    ASSERT(m != NULL);
    if (!m)
        return;
    EmitOps ops[2], again[2];
    ASSERT_EQ_INT(0, emit_count_ops(m, ops));
    ASSERT_EQ_INT(21, (int)ops[0].flops);
    ASSERT_EQ_INT(2, (int)ops[0].transc);
    ASSERT_EQ_INT(0, ops[0].adaptive);
    ASSERT_EQ_INT((int)ops[0].flops, (int)ops[1].flops); /* no table */
    ASSERT_EQ_INT(0, emit_count_ops(m, again));
    ASSERT_EQ_INT((int)ops[0].flops, (int)again[0].flops);
    /* the portable C descriptor carries the counts */
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    EmitOptions opt = {EMIT_C, 0, 0, NULL, "t", 0, 0, NULL};
    ASSERT_EQ_INT(0, emit_model(f, m, &opt));
    fclose(f);
    ASSERT(s && strstr(s, "    {21, 21}, {2, 2}, 0,\n};") != NULL);
    ASSERT(s && strstr(s, "/* one cell-step (emit_ops.c): 21 flops and 2 transcendental calls") != NULL);
    free(s);
}

static void test_markov_adaptive(Arena *ar) {
    EmitOps ops[2];
    ASSERT_EQ_INT(0, counted(ar, markov, ops));
    ASSERT_EQ_INT(65, (int)ops[0].flops);
    ASSERT_EQ_INT(0, (int)ops[0].transc);
    ASSERT_EQ_INT(0, counted(ar, adaptive, ops));
    ASSERT_EQ_INT(1, ops[0].adaptive);
    ASSERT_EQ_INT(70, (int)ops[0].flops);
    ASSERT_EQ_INT(3, (int)ops[0].transc);
}

int main(void) {
    Arena ar = {0};
    test_three(&ar);
    test_markov_adaptive(&ar);
    ar_free(&ar);
    return TEST_DONE();
}

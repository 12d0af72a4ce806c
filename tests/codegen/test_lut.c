/* test_lut.c: the Vm lookup table added to a model file that declares none (CgSemaOptions.vm_table,
 * codegen/lut.c; docs/easyml-decisions.md "Lookup tables"):
 *   - added with the option, for a potential in mV (resting at -80): one table on V, no markup
 *     token, its columns the gate rates; not added without the option, nor for a potential that
 *     rests at 0 (a dimensionless u), nor beside a table the file declares;
 *   - the C target's lut_build (when `cc` is on the PATH): every entry finite although a rate
 *     0.32 (V + 50) / (1 - exp(-0.1 (V + 50))) is 0/0 on the row V = -50, where the table holds
 *     its limit 3.2; the rows either side hold the exact values. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "emit.h"
#include "model_text.h"
#include "test.h"

#ifndef SC_SOURCE_DIR
#define SC_SOURCE_DIR "."
#endif

/* Line 5: a removable singularity on the row V = -50 of a table of step 0.05. */
static const char hh[] = "V; .external(Vm);\n"
                         "Iion; .external(Iion);\n"
                         "V_init = -80;\n"
                         "g = 0.5; .param();\n"
                         "alpha_m = 0.32 * (V + 50) / (1 - exp(-0.1 * (V + 50)));\n"
                         "beta_m = 0.08 * exp(-V / 11);\n"
                         "m_init = 0.01;\n"
                         "Iion = g * m * m * m * (V - 40);\n";

/* text analysed with (vm_table 1) or without the added Vm table. */
static CgModel *analysed(Arena *ar, const char *text, int vm_table) {
    CgSemaOptions so = {.vm_table = vm_table ? CG_VM_TABLE : (CgTableSpec){0}};
    CgModel *m = mt_analyse_opts(ar, text, &so);
    ASSERT(m != NULL);
    return m;
}

static void which_models(Arena *ar) {
    CgModel *m = analysed(ar, hh, 1);
    if (m) {
        ASSERT_EQ_INT(1, m->ntables);
        ASSERT(m->ntables == 1 && m->tables[0].var == m->vm && m->tables[0].added &&
               m->tables[0].tok == NULL);
        ASSERT(m->ntables == 1 && m->tables[0].lo == -16000 && m->tables[0].hi == 16000);
        ASSERT(m->ntables == 1 && m->tables[0].ncols == 2); /* alpha_m, beta_m */
    }
    m = analysed(ar, hh, 0);
    ASSERT(m && m->ntables == 0);
    char *rest0 = ar_strdup(ar, hh);
    memcpy(strstr(rest0, "V_init = -80;"), "V_init =   0;", 13);
    m = analysed(ar, rest0, 1);
    ASSERT(m && m->ntables == 0);
    const char *own =
        ar_printf(ar, "%sm; .lookup(0, 1, 0.01);\nx_init = 1;\ntau_x = exp(m);\ndiff_x = -x / tau_x;\n", hh);
    m = analysed(ar, own, 1);
    ASSERT(m && m->ntables == 1 && !m->tables[0].added && m->tables[0].tok != NULL);
}

/* Builds the tables and prints the row V = -50 (column values) and its neighbours' exactness. */
static const char lut_main[] =
    "#include <math.h>\n#include <stdio.h>\n#include <stdlib.h>\n"
    "#include \"starcarp_model.h\"\n"
    "extern const ScModelDesc hh_model;\n"
    "int main(void) {\n"
    "    const ScModelDesc *md = &hh_model;\n"
    "    double pc[64];\n"
    "    if (md->ntables != 1 || md->tables[0].cols != 2 || md->nparams + md->nconsts > 64)\n"
    "        return 2;\n"
    "    for (int k = 0; k < md->nparams; k++)\n        pc[k] = md->param_defaults[k];\n"
    "    md->consts(pc);\n"
    "    size_t n = md->lut_size(), bad = 0;\n"
    "    double *lut = malloc(n * sizeof *lut);\n"
    "    md->lut_build(pc, lut);\n"
    "    for (size_t k = 0; k < n; k++)\n        bad += !isfinite(lut[k]);\n"
    "    long r = -1000 - md->tables[0].lo;   /* V = -50 */\n"
    "    double e = 0;\n"
    "    for (int s = -1; s <= 1; s += 2) {   /* the rows at -50.05 and -49.95 against the formula */\n"
    "        double v = (double)(md->tables[0].lo + r + s) * md->tables[0].step, x = v + 50;\n"
    "        double want = 0.32 * x / (1 - exp(-0.1 * x)), *row = lut + (r + s) * 2;\n"
    "        e = fmax(e, fmin(fabs(row[0] - want), fabs(row[1] - want)) / want);\n"
    "    }\n"
    "    printf(\"nonfinite %zu row %.17g %.17g neighbours %.3g\\n\", bad, lut[r * 2], lut[r * 2 + 1], e);\n"
    "    free(lut);\n"
    "    return 0;\n"
    "}\n";

static void singular_row(Arena *ar) {
    if (system("cc --version >/dev/null 2>&1") != 0) {
        printf("no cc: the C target's tables are not built\n");
        return;
    }
    CgModel *m = analysed(ar, hh, 1);
    char dir[256];
    if (!m || t_tmpdir("sc_test_lut", dir, sizeof dir) != 0) {
        ASSERT(0);
        return;
    }
    FILE *f = fopen(t_put(dir, "hh_c.c", ""), "w");
    EmitOptions opt = {EMIT_C, 0, 0, NULL, "hh", 0, 0, NULL};
    ASSERT(f && emit_model(f, m, &opt) == 0);
    if (f)
        fclose(f);
    t_put(dir, "main.c", lut_main);
    char out[512];
    ASSERT_EQ_INT(0, t_cc_run(dir, SC_SOURCE_DIR "/include/starcarp", "main.c hh_c.c", "t", out, sizeof out));
    printf("table of V: %s", out);
    unsigned long nonfinite = 99;
    double a = NAN, b = NAN, e = NAN;
    ASSERT(sscanf(out, "nonfinite %lu row %lf %lf neighbours %lf", &nonfinite, &a, &b, &e) == 4);
    ASSERT_EQ_INT(0, (long long)nonfinite);
    /* one column is alpha_m (its limit 3.2 at V = -50), the other beta_m = 0.08 exp(50/11) */
    double alpha = fabs(a - 3.2) < fabs(b - 3.2) ? a : b;
    ASSERT(fabs(alpha - 3.2) < 1e-9);
    ASSERT(e < 1e-12); /* the neighbouring rows: the formula itself */
    t_rmtree(dir);
}

int main(void) {
    Arena ar = {0};
    which_models(&ar), singular_row(&ar);
    ar_free(&ar);
    return TEST_DONE();
}

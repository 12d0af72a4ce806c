/* emit_pvlut.c: the parts of the pvlut variant (parameters per cell, lookup-table columns
 * interpolated from the tables built for the uniform parameter set) that the other variants lack.
 *
 * A table holds for a cell whose parameters that its columns read (sema_lut_params) have the
 * uniform set's values. The run functions therefore choose pvlut for a call with per-cell
 * parameters and tables in use only when no parameter it varies is one of those (ID_tables_hold,
 * emit_pvlut_test), and pv (columns exact) otherwise.
 *
 * Its constants (emit_pvlut_consts_fn): in each cell, a constant is the uniform set's (ScStepArgs.pc,
 * computed on the host) wherever the cell's values of the parameters it reads, directly or through
 * other constants, equal the uniform ones, and is computed from the cell's values elsewhere. A cell
 * whose varied parameters hold the uniform values thus runs the lut variant's expressions on the
 * lut variant's values, bit for bit, whatever the kernel's arithmetic (vector math, the GPU's FMA
 * contraction, single precision) would make of the constants' definitions. */
#include <string.h>

#include "emit.h"

/* The parameter-set indices of the parameters the columns read: ID_lut_params, and the test
 * ID_tables_hold(args) the run functions call (host code in every back end; models with tables
 * only). */
void emit_pvlut_test(Em *e) {
    const CgModel *m = e->m;
    unsigned char *read = ar_alloc(&e->ar, (size_t)m->nparams + 1);
    int n = sema_lut_params(&e->ar, m, read);
    fprintf(e->out,
            "/* The pvlut variant's condition. The tables are built for the uniform parameter set; a\n"
            " * column depends on the parameters listed here (directly or through constants), so a call\n"
            " * that varies one of them per cell evaluates the columns exactly (the pv variant). */\n");
    if (n) {
        fprintf(e->out, "static const short %s_lut_params[%d] = {", e->id, n);
        for (int i = 0, k = 0; i < m->nparams; i++)
            if (read[i])
                fprintf(e->out, "%s%s%d", k ? "," : "", k % 12 ? " " : "\n    ", i), k++;
        fprintf(e->out, "};\n/*");
        for (int i = 0, col = 2; i < m->nparams; i++)
            if (read[i]) {
                const char *nm = m->params[i]->name;
                if (col + (int)strlen(nm) + 1 > 96)
                    fputs("\n *", e->out), col = 2;
                fprintf(e->out, " %s", nm), col += (int)strlen(nm) + 1;
            }
        fprintf(e->out, " */\n");
    }
    fprintf(e->out,
            "/* Do the tables hold for the cells of the call: is no parameter it varies one that a column\n"
            " * reads? */\nstatic int %s_tables_hold(const ScStepArgs *gen_a) {\n",
            e->id);
    if (n)
        fprintf(e->out,
                "    for (int gen_k = 0; gen_k < %d; gen_k++)\n"
                "        if (gen_a->vary[%s_lut_params[gen_k]] >= 0)\n"
                "            return 0;\n",
                n, e->id);
    else
        fprintf(e->out, "    (void)gen_a;   /* no column reads a parameter */\n");
    fprintf(e->out, "    return 1;\n}\n\n");
}

/* See emit.h. */
void emit_pvlut_flag(Em *e) {
    if (e->m->ntables)
        fprintf(e->out, "    const int gen_pvlut = gen_lut && gen_a->nvary > 0 && %s_tables_hold(gen_a);\n",
                e->id);
}

/* See emit.h: the variants pvlut (with tables), pv, lut (with tables), exact, in that order. */
void emit_variant_choice(Em *e, const char *in, const char *prefix, const char *suffix, const char *is) {
    const int t = e->m->ntables > 0;
    const char *const cond[4] = {t ? "gen_pvlut" : NULL, "gen_a->nvary > 0", t ? "gen_lut" : NULL, NULL};
    const char *const vs[4] = {"_pvlut", "_pv", "_lut", ""};
    int first = 1;
    for (int v = 0; v < 4; v++) {
        if (v < 3 && !cond[v])
            continue;
        for (int s = is ? 0 : 1; s < 2; s++) {
            const char *c = s ? cond[v] : cond[v] ? ar_printf(&e->ar, "%s && %s", cond[v], is) : is;
            if (c)
                fprintf(e->out, "%s%sif (%s)\n", in, first ? "" : "else ", c);
            else
                fprintf(e->out, "%selse\n", in);
            fprintf(e->out, "%s    %s%s%s%s\n", in, prefix, vs[v], s ? "" : "_is", suffix);
            first = 0;
        }
    }
}

/* Mark the symbols x reads (one level: not through their definitions) in ctx. */
static void mark_read(void *ctx, const Expr *v) {
    if (v->sym)
        ((char *)ctx)[((const CgSym *)v->sym)->id] = 1;
}

/* The mask of the cells where constant c differs from the uniform set's: the OR of the masks of
 * what c's definition reads (mask[id]: that symbol has one), or NULL when c reads no parameter. */
static const char *const_mask(Em *e, const CgSym *c, const char *mask, char *reads) {
    const CgModel *m = e->m;
    memset(reads, 0, (size_t)m->nsyms);
    ex_walk_vars(c->def, mark_read, reads);
    const char *r = NULL;
    for (int i = 0; i < m->nsyms; i++)
        if (reads[i] && mask[i])
            r = r ? ar_printf(&e->ar, "%s | gen_dq_%s", r, e->cn[i])
                  : ar_printf(&e->ar, "gen_dq_%s", e->cn[i]);
    return r;
}

/* ID_pvlut_consts(gen_pu, gen_p): the pvlut variant's constants into *gen_p, whose parameters the
 * cells function has set (emit_body.c, emit_pv_fill): per constant that reads parameters, the mask
 * of the cells where it differs (gen_dq_NAME), and the constant, computed only where some cell of
 * the block differs (a call seldom varies what most constants read) and selected per cell; the
 * others are the uniform set's. Out of line in the vectorised CPU dialect: the cells function then
 * has the lut variant's size plus the loads, and GCC's inlining limits treat its cell function as
 * the lut variant's (inlined into it for ten Tusscher 2006, where the fill inline made the cell a
 * call per step and pvlut 0.8x lut). */
void emit_pvlut_consts_fn(Em *e) {
    const CgModel *m = e->m;
    char *mask = ar_alloc(&e->ar, (size_t)m->nsyms + 1); /* by id: has a mask */
    char *used = ar_alloc(&e->ar, (size_t)m->nsyms + 1); /* by id: a constant reads it */
    char *reads = ar_alloc(&e->ar, (size_t)m->nsyms + 1);
    for (int i = 0; i < m->nconsts; i++)
        if (m->consts[i]->def)
            ex_walk_vars(m->consts[i]->def, mark_read, used);
    fprintf(e->out,
            "/* The constants of the cells of one block (pvlut), parameters set: the uniform set's where\n"
            " * the cells' values of the parameters they read are the uniform ones. */\n"
            "GEN_FN %svoid %s_pvlut_consts(const %s_pc *gen_pu, %s_pcv *gen_p) {\n"
            "    (void)gen_pu;\n    (void)gen_p;\n",
            e->vec ? "__attribute__((noinline)) " : "", e->id, e->id, e->id);
    for (int i = 0; i < m->nparams; i++) {
        const CgSym *p = m->params[i];
        mask[p->id] = 1;
        if (used[p->id])
            fprintf(e->out, "    const gen_mask gen_dq_%s = gen_p->%s != gen_bc(gen_pu->%s);\n", e->cn[p->id],
                    e->cn[p->id], e->cn[p->id]);
    }
    for (int i = 0; i < m->nconsts; i++) {
        const CgSym *c = m->consts[i];
        const char *n = e->cn[c->id];
        const char *mk = c->def ? const_mask(e, c, mask, reads) : NULL;
        if (!mk) {
            fprintf(e->out, "    gen_p->%s = gen_bc(gen_pu->%s);\n", n, n);
            continue;
        }
        mask[c->id] = 1;
        fprintf(
            e->out,
            "    const gen_mask gen_dq_%s = %s;\n"
            "    gen_p->%s = gen_any(gen_dq_%s) ? gen_sel(gen_dq_%s, %s, gen_bc(gen_pu->%s)) : gen_bc(gen_pu->%s);",
            n, mk, n, n, n, emit_expr_str(e, c->def, 1), n, n);
        emit_line_comment(e, c);
        fputc('\n', e->out);
    }
    fprintf(e->out, "}\n\n");
}

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
 * contraction, single precision) would make of the constants' definitions. That is the vectorised
 * CPU dialect's form (a block's constants filled once per call, in registers and the cache).
 *
 * On GPUs and in the portable C back end the pvlut variant reads its parameters and constants where
 * they are used instead (emit_pvlut_per_use): a per-thread copy of a model's hundred constants lives
 * in local memory on a GPU (O'Hara-Rudy 2011: 2.1 KB a thread), which the lut kernel's reads of the
 * uniform set do not. A parameter is the cell's (pcell) where the call varies it, else the uniform
 * set's (GEN_PCP); a constant is computed from the cell's values where the call varies a parameter
 * it reads, directly or through other constants, else the uniform set's (ID_pr_NAME): the run
 * function marks those constants in its copy of the call's vary (ID_pr_flags, vary[nparams + j] for
 * constant j), so that each read tests one value of the kernel's arguments. */
#include <string.h>

#include "emit.h"
#include "starcarp_model.h"

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

/* See emit.h. */
int emit_pvlut_per_use(const Em *e) {
    return (e->gpu || !e->vec) && e->m->ntables && e->m->nparams + e->m->nconsts <= SC_MAX_PARAMS;
}

/* The index in the parameter set (parameters, then constants) of parameter or constant s, or -1. */
static int pc_index(const CgModel *m, const CgSym *s) {
    for (int i = 0; i < m->nparams; i++)
        if (m->params[i] == s)
            return i;
    for (int i = 0; i < m->nconsts; i++)
        if (m->consts[i] == s)
            return m->nparams + i;
    return -1;
}

/* The marks of the constants that read a varied parameter, in the run function's copy of the
 * call's arguments: ID_pr_flags(args), host code (per-use back ends; models with tables). */
void emit_pvlut_flags_fn(Em *e) {
    const CgModel *m = e->m;
    char *reads = ar_alloc(&e->ar, (size_t)m->nsyms + 1);
    fprintf(
        e->out,
        "/* The pvlut variant's per-use reads: vary[%d + j] >= 0 marks constant j as one the call varies\n"
        " * (it reads a varied parameter, directly or through other constants). */\n"
        "static void %s_pr_flags(ScStepArgs *gen_a) {\n    (void)gen_a;\n",
        m->nparams, e->id);
    for (int j = 0; j < m->nconsts; j++) {
        const CgSym *c = m->consts[j];
        fprintf(e->out, "    gen_a->vary[%d] = (signed char)(0", m->nparams + j);
        if (c->def) {
            memset(reads, 0, (size_t)m->nsyms);
            ex_walk_vars(c->def, mark_read, reads);
            for (int i = 0; i < m->nsyms; i++) {
                int k = reads[i] ? pc_index(m, m->syms[i]) : -1;
                if (k >= 0)
                    fprintf(e->out, " || gen_a->vary[%d] >= 0", k);
            }
        }
        fprintf(e->out, " ? 0 : -1);   /* %s */\n", e->cn[c->id]);
    }
    fprintf(e->out, "}\n\n");
}

/* The test that cell's constant c (index j) differs from the uniform set's: the call varies it
 * and a parameter or constant its definition reads differs (ID_pd_NAME). */
static void emit_pd_fn(Em *e, const CgSym *c, int j, char *reads, const char *has_pd) {
    const CgModel *m = e->m;
    memset(reads, 0, (size_t)m->nsyms);
    ex_walk_vars(c->def, mark_read, reads);
    fprintf(e->out, "static GEN_INL int %s_pd_%s(const %s_pcr *gen_p) {\n    return gen_p->v[%d] >= 0 && (0",
            e->id, e->cn[c->id], e->id, m->nparams + j);
    for (int i = 0; i < m->nsyms; i++) {
        int k = reads[i] ? pc_index(m, m->syms[i]) : -1;
        if (k >= 0 && k < m->nparams)
            fprintf(e->out, " || GEN_PCD(gen_p, %d, %s)", k, e->cn[i]);
        else if (k >= 0 && has_pd[i])
            fprintf(e->out, " || %s_pd_%s(gen_p)", e->id, e->cn[i]);
    }
    fprintf(e->out, ");\n}\n");
}

/* See emit.h. */
const char **emit_pvlut_refs(Em *e) {
    const CgModel *m = e->m;
    const char **saved = ar_alloc(&e->ar, (size_t)(m->nsyms + 1) * sizeof(char *));
    char *reads = ar_alloc(&e->ar, (size_t)m->nsyms + 1);
    char *has_pd = ar_alloc(&e->ar, (size_t)m->nsyms + 1); /* by id: a constant with ID_pd_NAME */
    memcpy(saved, e->ref, (size_t)m->nsyms * sizeof(char *));
    fprintf(
        e->out,
        "/* The parameters and constants of one cell, read where used (pvlut): the cell's values where\n"
        " * the call varies them and they differ from the uniform set's, else the uniform set's (a cell\n"
        " * at the uniform values computes the lut variant's bits). */\n"
        "#define GEN_PCP(p, k, f) ((p)->v[k] >= 0 ? (gen_real)(p)->c[(long)(p)->v[k] * (p)->n] : gen_bc((p)->u->f))\n"
        "#define GEN_PCD(p, k, f) ((p)->v[k] >= 0 && (p)->c[(long)(p)->v[k] * (p)->n] != (p)->u->f)\n");
    for (int i = 0; i < m->nparams; i++) {
        const char *n = e->cn[m->params[i]->id];
        e->ref[m->params[i]->id] = ar_printf(&e->ar, "GEN_PCP(gen_p, %d, %s)", i, n);
    }
    for (int j = 0; j < m->nconsts; j++) {
        const CgSym *c = m->consts[j];
        const char *n = e->cn[c->id];
        if (!c->def) {
            e->ref[c->id] = ar_printf(&e->ar, "gen_bc(gen_p->u->%s)", n);
            continue;
        }
        emit_pd_fn(e, c, j, reads, has_pd);
        has_pd[c->id] = 1;
        fprintf(e->out,
                "static GEN_INL gen_real %s_pr_%s(const %s_pcr *gen_p) {\n"
                "    return %s_pd_%s(gen_p) ? %s : gen_bc(gen_p->u->%s);",
                e->id, n, e->id, e->id, n, emit_expr_str(e, c->def, 1), n);
        emit_line_comment(e, c);
        fprintf(e->out, "\n}\n");
        e->ref[c->id] = ar_printf(&e->ar, "%s_pr_%s(gen_p)", e->id, n);
    }
    fputc('\n', e->out);
    return saved;
}

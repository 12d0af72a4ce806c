/* emit_c.c: the portable C11 back end, and the host side of every model.
 *
 * ID_c.c holds, in double precision:
 *   the kernel ID_c_f64_run (one cell at a time: the reference every other back end is checked
 *   against), and the model's host functions behind the descriptor ID_model (ScModelDesc):
 *   constants of a parameter set, initial values, lookup-table sizes and contents, names and
 *   defaults. The vectorised and GPU kernels (emit_cpu.c, emit_gpu.c) use the same descriptor. */
#include <string.h>

#include "emit.h"
#include "mtable.h"
#include "starcarp_model.h"

/* The portable C dialect (prelude/c_dialect.h), its math, the scalar primitives and the helpers. */
static void emit_prelude(Em *e) {
    fputs(emit_prelude_c_dialect, e->out);
    emit_scalar_math(e);
    emit_scalar_primitives(e);
    emit_common_prelude(e);
}

static void emit_run(Em *e) {
    const char *id = e->id;
    fprintf(e->out,
            "/* The portable kernel: every cell of the call, one after the other. */\n"
            "void %s_c_f64_run(const ScStepArgs *gen_a) {\n"
            "    const %s_pc *gen_pu = (const %s_pc *)gen_a->pc;\n"
            "    const int gen_lut = gen_a->lut && !(gen_a->flags & SC_STEP_NO_LUT);\n"
            "    (void)gen_lut;\n"
            "    for (long gen_i = 0; gen_i < gen_a->n; gen_i++) {\n"
            "        if (gen_a->nvary > 0)\n"
            "            %s_cells_pv(gen_a, gen_pu, gen_i, 1, 1);\n",
            id, id, id, id);
    if (e->m->ntables)
        fprintf(e->out, "        else if (gen_lut)\n            %s_cells_lut(gen_a, gen_pu, gen_i, 1, 1);\n",
                id);
    fprintf(e->out, "        else\n            %s_cells(gen_a, gen_pu, gen_i, 1, 1);\n    }\n}\n\n", id);
}

/* ---------------------------------------------------------------- host side */

/* The head of a host function of the parameter set pc: the comment line, "static void ID_name(args) {"
 * and gen_p, pc seen as the model's parameter struct (read-only when ro). */
static void emit_pc_head(Em *e, const char *comment, const char *name, const char *args, int ro) {
    const char *q = ro ? "const " : "";
    fprintf(e->out,
            "/* %s */\nstatic void %s_%s(%s) {\n    %s%s_pc *gen_p = (%s%s_pc *)pc;\n    (void)gen_p;\n",
            comment, e->id, name, args, q, e->id, q, e->id);
}

static void emit_host_consts(Em *e) {
    const CgModel *m = e->m;
    char comment[96];
    snprintf(comment, sizeof comment, "The constants of the parameter set pc (parameters given): pc[%d ..].",
             m->nparams);
    emit_pc_head(e, comment, "consts", "double *pc", 0);
    for (int i = 0; i < m->nconsts; i++) {
        const CgSym *c = m->consts[i];
        fprintf(e->out, "    gen_p->%s = ", e->cn[c->id]);
        if (c->def)
            emit_expr(e, c->def);
        else
            emit_num(e, c->value);
        fputc(';', e->out);
        emit_line_comment(e, c);
        fputc('\n', e->out);
    }
    fprintf(e->out, "}\n\n");
}

/* What ID_param_derive computes, per symbol id: need (a constant a derived parameter reads),
 * done (emitted), dep (0 not known yet, 1 reads no parameter, 2 reads one, through constants). */
typedef struct Derive {
    unsigned char *need, *done, *dep;
} Derive;

/* Does e read a parameter, directly or through constants (memoised per constant in dv->dep)? */
static int reads_param(Derive *dv, const Expr *e) {
    if (e->kind == EX_VAR) {
        const CgSym *v = e->sym;
        if (v->kind == CG_CONST && v->def && !dv->dep[v->id])
            dv->dep[v->id] = reads_param(dv, v->def) ? 2 : 1;
        return v->kind == CG_PARAM || (v->kind == CG_CONST && dv->dep[v->id] == 2);
    }
    for (int i = 0; i < e->nargs; i++)
        if (reads_param(dv, e->a[i]))
            return 1;
    return 0;
}

/* Is sym computed in ID_param_derive: a derived parameter, or a constant one of them reads? */
static int derived(Derive *dv, const CgSym *sym) {
    return (sym->kind == CG_PARAM && sym->def && reads_param(dv, sym->def)) || dv->need[sym->id];
}

/* Mark in need[] the constants e reads (and the constants these read). */
static void need_consts(const Expr *e, unsigned char *need) {
    if (e->kind == EX_VAR) {
        const CgSym *v = e->sym;
        if (v->kind == CG_CONST && v->def && !need[v->id]) {
            need[v->id] = 1;
            need_consts(v->def, need);
        }
        return;
    }
    for (int i = 0; i < e->nargs; i++)
        need_consts(e->a[i], need);
}

/* Is every derived symbol e reads emitted already? */
static int derive_ready(Derive *dv, const Expr *e) {
    if (e->kind == EX_VAR) {
        const CgSym *v = e->sym;
        return !derived(dv, v) || dv->done[v->id];
    }
    for (int i = 0; i < e->nargs; i++)
        if (!derive_ready(dv, e->a[i]))
            return 0;
    return 1;
}

/* ID_param_derive: the parameters whose default is an expression of other parameters, recomputed
 * from the values in pc unless given[k], in dependency order with the constants they read
 * computed as locals; and ID_param_read[k]: parameter k is read by a per-step equation or an
 * initial value, directly or through constants (not only by other parameters' defaults). */
static void emit_host_derive(Em *e) {
    const CgModel *m = e->m;
    emit_pc_head(e, "Parameters whose default is computed from others: recomputed from pc unless given.",
                 "param_derive", "double *pc, const unsigned char *given", 0);
    fputs("    (void)given;\n", e->out);
    size_t n = (size_t)m->nsyms + 1;
    Derive dv = {ar_alloc(&e->ar, n), ar_alloc(&e->ar, n), ar_alloc(&e->ar, n)};
    const char **saved = ar_alloc(&e->ar, sizeof(char *) * n);
    memset(dv.need, 0, n), memset(dv.done, 0, n), memset(dv.dep, 0, n);
    for (int i = 0; i < m->nparams; i++)
        if (derived(&dv, m->params[i]))
            need_consts(m->params[i]->def, dv.need);
    for (int left = 1; left;) {
        left = 0;
        for (int i = 0; i < m->nsyms; i++) {
            const CgSym *p = m->syms[i];
            if (dv.done[p->id] || !derived(&dv, p))
                continue;
            if (!derive_ready(&dv, p->def)) {
                left = 1;
                continue;
            }
            if (p->kind == CG_CONST) {
                saved[p->id] = e->ref[p->id];
                e->ref[p->id] = ar_printf(&e->ar, "gen_k_%s", e->cn[p->id]);
                fprintf(e->out, "    const double %s = ", e->ref[p->id]);
            } else {
                int k = 0;
                while (m->params[k] != p)
                    k++;
                fprintf(e->out, "    if (!given || !given[%d])\n        gen_p->%s = ", k, e->cn[p->id]);
            }
            emit_expr(e, p->def);
            fprintf(e->out, ";\n");
            dv.done[p->id] = 1;
        }
    }
    for (int i = 0; i < m->nsyms; i++)
        if (dv.need[i])
            e->ref[i] = saved[i];
    fprintf(e->out, "}\n\nstatic const unsigned char %s_param_read[%d] = {", e->id,
            m->nparams ? m->nparams : 1);
    for (int i = 0; i < m->nparams; i++)
        fprintf(e->out, "%s%d", i ? ", " : "", (m->params[i]->flags & CGF_PREAD) ? 1 : 0);
    fprintf(e->out, "%s};\n\n", m->nparams ? "" : "0");
    for (int hi = 0; hi < 2; hi++) { /* the physiology watch's bounds (watch.c) */
        fprintf(e->out, "static const double %s_sv_%s[%d] = {", e->id, hi ? "hi" : "lo",
                m->nstates ? m->nstates : 1);
        for (int i = 0; i < m->nstates; i++) {
            const CgState *st = &m->states[i];
            fputs(i ? ", " : "", e->out);
            emit_num(e, st->watch == CG_WATCH_NONE ? (hi ? 1e300 : -1e300)
                        : hi                       ? st->watch_hi
                                                   : st->watch_lo);
        }
        fprintf(e->out, "%s};\n", m->nstates ? "" : "0");
    }
    fputc('\n', e->out);
}

static void emit_host_init(Em *e) {
    const CgModel *m = e->m;
    emit_pc_head(e, "Initial states, stores (0) and Vm of one cell for the parameter set pc.", "init",
                 "const double *pc, double *sv0, double *vm0", 1);
    fputs("    *vm0 = ", e->out);
    if (m->vm_init_expr)
        emit_expr(e, m->vm_init_expr);
    else
        emit_num(e, m->vm_init);
    fprintf(e->out, ";\n");
    for (int s = 0; s < m->nstates; s++) {
        const CgState *st = &m->states[s];
        fprintf(e->out, "    sv0[%d] = ", s);
        if (st->init_kind == CG_INIT_GIVEN && st->init)
            emit_expr(e, st->init);
        else
            emit_num(e, st->init_value);
        fprintf(e->out, ";   /* %s%s */\n", e->cn[st->sym->id],
                st->init_kind == CG_INIT_STEADY ? ": steady state for the default parameters"
                : st->init_kind == CG_INIT_ZERO ? ": no initial value given"
                                                : "");
    }
    for (int k = 0; k < m->nstores; k++)
        fprintf(e->out, "    sv0[%d] = 0.0;   /* store %s */\n", m->nstates + k, e->cn[m->stores[k]->id]);
    if (!e->nsv)
        fprintf(e->out, "    (void)sv0;\n");
    fprintf(e->out, "}\n\n");
}

/* One function per table: every column of the table at one value of its variable. */
static void emit_lut_rows(Em *e) {
    const CgModel *m = e->m;
    for (int k = 0; k < m->ntables; k++) {
        const CgTable *t = &m->tables[k];
        const char *saved = e->ref[t->var->id];
        e->ref[t->var->id] = "gen_v";
        fprintf(e->out,
                "/* The columns of table %d (over %s) at %s = gen_v. */\n"
                "static void %s_lut_row%d(const %s_pc *gen_p, double gen_v, double *gen_row) {\n"
                "    (void)gen_p;\n",
                k, t->var->name, t->var->name, e->id, k, e->id);
        for (int c = 0; c < t->ncols; c++)
            fprintf(e->out, "    gen_row[%d] = %s;   /* %s */\n", c,
                    emit_expr_str(e, t->cols[c]->lut_expr, 1), t->cols[c]->name);
        fprintf(e->out, "}\n\n");
        e->ref[t->var->id] = saved;
    }
}

/* lut_size and lut_build. A row whose value is not finite (0/0 at a removable singularity such as
 * x / (1 - exp(-x)) at x = 0, which falls on a row) takes the mean of the values a thousandth of
 * a step either side, the limit that the exact evaluation approaches there. */
static void emit_host_luts(Em *e) {
    const CgModel *m = e->m;
    long total = 0;
    for (int k = 0; k < m->ntables; k++)
        total += (m->tables[k].hi - m->tables[k].lo + 1) * m->tables[k].ncols;
    fprintf(e->out, "static size_t %s_lut_size(void) { return %ld; }\n\n", e->id, total);
    emit_lut_rows(e);
    fprintf(e->out,
            "/* The lookup tables of the parameter set pc: every column at every row. */\n"
            "static void %s_lut_build(const double *pc, double *lut) {\n"
            "    const %s_pc *gen_p = (const %s_pc *)pc;\n    (void)gen_p;\n    (void)lut;\n",
            e->id, e->id, e->id);
    long off = 0;
    for (int k = 0; k < m->ntables; k++) {
        const CgTable *t = &m->tables[k];
        long rows = t->hi - t->lo + 1;
        fprintf(e->out,
                "    for (long gen_r = 0; gen_r < %ld; gen_r++) {   /* table %d over %s */\n"
                "        const double gen_v = (double)(%ld + gen_r) * ",
                rows, k, t->var->name, t->lo);
        emit_num(e, t->step);
        fprintf(e->out,
                ";\n"
                "        double *const gen_row = lut + %ld + gen_r * %d, gen_lo[%d], gen_hi[%d];\n"
                "        %s_lut_row%d(gen_p, gen_v, gen_row);\n"
                "        for (int gen_c = 0; gen_c < %d; gen_c++)\n"
                "            if (!isfinite(gen_row[gen_c])) {\n"
                "                %s_lut_row%d(gen_p, gen_v - ",
                off, t->ncols, t->ncols, t->ncols, e->id, k, t->ncols, e->id, k);
        emit_num(e, t->step * 1e-3);
        fprintf(e->out, ", gen_lo);\n                %s_lut_row%d(gen_p, gen_v + ", e->id, k);
        emit_num(e, t->step * 1e-3);
        fprintf(e->out, ", gen_hi);\n"
                        "                gen_row[gen_c] = 0.5 * (gen_lo[gen_c] + gen_hi[gen_c]);\n"
                        "            }\n"
                        "    }\n");
        off += rows * t->ncols;
    }
    fprintf(e->out, "}\n\n");
}

static void str_list(Em *e, const char *name, int n, const char *(*get)(Em *, int)) {
    fprintf(e->out, "static const char *const %s_%s[%d] = {", e->id, name, n ? n : 1);
    for (int i = 0; i < n; i++)
        fprintf(e->out, "%s\"%s\"", i ? ", " : "", emit_safe_text(e, get(e, i)));
    fprintf(e->out, "%s};\n", n ? "" : "0");
}

static const char *sv_name(Em *e, int i) {
    return i < e->m->nstates ? e->m->states[i].sym->name : e->m->stores[i - e->m->nstates]->name;
}
static const char *par_name(Em *e, int i) { return e->m->params[i]->name; }
static const char *tr_name(Em *e, int i) { return e->m->traces[i]->name; }
static const char *ext_name(Em *e, int i) { return e->m->externals[i]->name; }

static void emit_descriptor(Em *e) {
    const CgModel *m = e->m;
    const char *id = e->id;
    str_list(e, "sv_names", e->nsv, sv_name);
    str_list(e, "param_names", m->nparams, par_name);
    str_list(e, "trace_names", m->ntraces, tr_name);
    str_list(e, "external_names", m->nexternals, ext_name);
    fprintf(e->out, "static const double %s_param_defaults[%d] = {", id, m->nparams ? m->nparams : 1);
    for (int i = 0; i < m->nparams; i++) {
        fputs(i ? ", " : "", e->out);
        emit_num(e, m->params[i]->value);
    }
    fprintf(e->out, "%s};\n", m->nparams ? "" : "0");
    for (int i = 0; i < m->nparams; i++) {
        const CgSym *p = m->params[i];
        if (!p->nflagvals)
            continue;
        fprintf(e->out, "static const char *const %s_flags_%d[] = {", id, i);
        for (int k = 0; k < p->nflagvals; k++)
            fprintf(e->out, "\"%s\", ", emit_safe_text(e, p->flagvals[k]));
        fprintf(e->out, "0};\n");
    }
    fprintf(e->out, "static const char *const *const %s_param_flags[%d] = {", id,
            m->nparams ? m->nparams : 1);
    for (int i = 0; i < m->nparams; i++)
        fprintf(e->out, "%s%s", i ? ", " : "",
                m->params[i]->nflagvals ? ar_printf(&e->ar, "%s_flags_%d", id, i) : "0");
    fprintf(e->out, "%s};\n", m->nparams ? "" : "0");
    fprintf(e->out, "static const ScTableDesc %s_tables[%d] = {", id, m->ntables ? m->ntables : 1);
    for (int k = 0; k < m->ntables; k++) {
        const CgTable *t = &m->tables[k];
        fprintf(e->out, "%s{\"%s\", %ld, %ld, ", k ? ", " : "", emit_safe_text(e, t->var->name), t->lo,
                t->hi - t->lo + 1);
        emit_num(e, t->step);
        fprintf(e->out, ", %d}", t->ncols);
    }
    fprintf(e->out, "%s};\n\n", m->ntables ? "" : "{0, 0, 0, 0, 0}");

    /* the methods used, in CgMethod order */
    char methods[256] = "";
    for (int k = 0; k < CG_NMETHODS; k++)
        for (int g = 0; g < m->ngroups; g++)
            if ((int)m->groups[g].method == k) {
                if (*methods)
                    strcat(methods, "+");
                strcat(methods, sema_method_name((CgMethod)k));
                break;
            }
    EmitOps ops[2];
    emit_step_ops(e, 0, &ops[0]);
    if (m->ntables)
        emit_step_ops(e, 1, &ops[1]);
    else
        ops[1] = ops[0];
    fprintf(e->out,
            "/* one cell-step (emit_ops.c): %ld flops and %ld transcendental calls; %ld and %ld with the\n"
            " * lookup tables%s */\n",
            ops[0].flops, ops[0].transc, ops[1].flops, ops[1].transc,
            ops[0].adaptive ? "; adaptive groups for one sub-step" : "");
    fprintf(e->out,
            "const ScModelDesc %s_model = {\n"
            "    SC_MODEL_ABI, \"%s\", \"%s\", \"%016llx\", \"" EMIT_GENERATOR "\",\n"
            "    %d, %d, %d, %d, %d, %d, %d,\n"
            "    %s_sv_names, %s_param_names, %s_param_defaults, %s_param_flags,\n"
            "    %s_trace_names, %s_external_names, %s_tables, \"%s\",\n"
            "    %s_consts, %s_init, %s_lut_size, %s_lut_build,\n"
            "    {%s_c_f64_run, 0}, {0, 0}, {0, 0},\n"
            "    %s_param_derive, %s_param_read, %s_sv_lo, %s_sv_hi,\n"
            "    {%ld, %ld}, {%ld, %ld}, %d,\n"
            "};\n",
            id, emit_safe_text(e, m->name), id, emit_source_hash(m), m->nstates, e->nsv, m->nparams,
            m->nconsts, m->nexternals, m->ntraces, m->ntables, id, id, id, id, id, id, id,
            *methods ? methods : "none", id, id, id, id, id, id, id, id, id, ops[0].flops, ops[1].flops,
            ops[0].transc, ops[1].transc, ops[0].adaptive);
    fprintf(e->out,
            "\n/* The method overrides of the automatic choice these kernels were generated with\n"
            " * (docs/methods.md); empty: the file's methods or explicit overrides. */\n"
            "const char %s_methods_choice[] = \"%s\";\n",
            id, e->automatic && e->overrides ? emit_safe_text(e, e->overrides) : "");
}

/* A figure of ID_single_check: %.6g, or NAN. */
static const char *check_figure(Em *e, double x) { return x == x ? ar_printf(&e->ar, "%.6g", x) : "NAN"; }

/* ID_single_check: what models/precision.tsv (--precision-table) says of the single-precision
 * kernels of this text and methods (ScSingleCheck), or that nothing does. */
static void emit_single_check(Em *e) {
    const MtableSingle *r = e->single_check;
    fprintf(e->out,
            "\n/* The check of the single-precision kernels (models/precision.tsv, `starcarp codegen\n"
            " * --precision-table`; docs/verification.md, \"Single precision\"). */\n");
    if (!r) {
        fprintf(
            e->out,
            "const ScSingleCheck %s_single_check = {SC_SINGLE_UNCHECKED, NAN, NAN, {NAN, NAN}, {NAN, NAN}, 0, "
            "\"\", \"\"};\n",
            e->id);
        return;
    }
    fprintf(e->out,
            "const ScSingleCheck %s_single_check = {%s, %s, %s, {%s, %s}, {%s, %s}, %g,\n    \"%s\",\n"
            "    \"its reference case (tests/reference) on the vectorised CPU kernels (%s, %s; "
            "models/precision.tsv)\"};\n",
            e->id, r->fails ? "SC_SINGLE_FAILS" : "SC_SINGLE_COMPLETES", check_figure(e, r->err),
            check_figure(e, r->dapd), check_figure(e, r->ref_err[0]), check_figure(e, r->ref_err[1]),
            check_figure(e, r->ref_dapd[0]), check_figure(e, r->ref_dapd[1]), SC_DEFAULT_DT,
            emit_safe_text(e, r->why), emit_safe_text(e, r->machine), emit_safe_text(e, r->date));
}

int emit_c(Em *e) {
    emit_file_header(e, "portable C back end, and the model's host side");
    emit_prelude(e);
    emit_pc_struct(e);
    emit_body(e);
    emit_run(e);
    emit_host_consts(e);
    emit_host_derive(e);
    emit_host_init(e);
    emit_host_luts(e);
    emit_descriptor(e);
    emit_single_check(e);
    return 0;
}

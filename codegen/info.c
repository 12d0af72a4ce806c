/* info.c: the readable report of an analysed model (`starcarp models info`, golden tests) and
 * the one-line summary of `starcarp codegen --check`. The format is compared exactly by the
 * golden tests: change tests/codegen/golden/ with it. */
#include <string.h>

#include "sema_int.h"

/* Number as the report prints it: %g with 6 significant digits. */
static const char *num(char *buf, double v) {
    snprintf(buf, 32, "%g", v == 0 ? 0.0 : v); /* no "-0" */
    return buf;
}

static int is_literal(const Expr *e) {
    double v;
    if (e->kind == EX_NEG)
        return is_literal(e->a[0]);
    return ex_is_num(e, &v);
}

static void print_meta(FILE *out, const char *meta) {
    if (!meta)
        return;
    int started = 0;
    const char *p = meta;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        const char *a = p;
        while (n && (*a == ' ' || *a == '\t' || *a == '*'))
            a++, n--;
        while (n && (a[n - 1] == ' ' || a[n - 1] == '\t' || a[n - 1] == '\r'))
            n--;
        if (n) {
            if (!started)
                fprintf(out, "metadata:\n");
            started = 1;
            fprintf(out, "  %.*s\n", (int)n, a);
        }
        p = e ? e + 1 : p + strlen(p);
    }
}

static const char *gate_text(const CgState *st) {
    return st->gate == CG_GATE_AB ? "alpha/beta" : st->gate == CG_GATE_TAUINF ? "tau/inf" : "";
}

static void print_states(FILE *out, const CgModel *m) {
    fprintf(out, "states: %d (%d gate%s)\n", m->nstates, m->ngates, m->ngates == 1 ? "" : "s");
    int w = 4;
    for (int i = 0; i < m->nstates; i++) {
        int n = (int)strlen(m->states[i].sym->name);
        w = n > w ? n : w;
    }
    char b[32];
    for (int i = 0; i < m->nstates; i++) {
        const CgState *st = &m->states[i];
        char init[64];
        snprintf(init, sizeof init, "%s%s", num(b, st->init_value),
                 st->init_kind == CG_INIT_STEADY ? " (steady state)"
                 : st->init_kind == CG_INIT_ZERO ? " (default)"
                                                 : "");
        fprintf(out, "  %-*s  %-11s  init %s", w, st->sym->name, sema_method_name(st->method), init);
        if (st->gate)
            fprintf(out, "  gate %s (%s, %s)", gate_text(st), st->ga->name, st->gb->name);
        else
            fprintf(out, "  %s", st->diff->name);
        if (st->has_lb)
            fprintf(out, "  lb %s", num(b, st->lb));
        if (st->has_ub)
            fprintf(out, "  ub %s", num(b, st->ub));
        fputc('\n', out);
    }
}

static void print_params(FILE *out, const CgModel *m) {
    fprintf(out, "parameters: %d\n", m->nparams);
    char b[32];
    for (int i = 0; i < m->nparams; i++) {
        const CgSym *p = m->params[i];
        fprintf(out, "  %s = %s", p->name, num(b, p->value));
        if (!is_literal(p->def)) {
            fprintf(out, "  (= ");
            ex_print(out, p->def, NULL, NULL);
            fputc(')', out);
        }
        if (p->flags & CGF_NODAL)
            fprintf(out, "  nodal");
        if (p->nflagvals) {
            fprintf(out, "  flags ");
            for (int k = 0; k < p->nflagvals; k++)
                fprintf(out, "%s%s", k ? "|" : "", p->flagvals[k]);
        }
        fputc('\n', out);
    }
}

/* States coupled to Vm faster than the analysis' dt (vmcouple.c). */
static void print_fast_vm(FILE *out, const CgModel *m) {
    fprintf(out, "states coupled to Vm faster than dt %g ms: ", m->fastvm_dt);
    if (!m->nfastvm)
        fprintf(out, "none\n");
    else
        fprintf(out, "%d%s\n", m->nfastvm, m->vm_copy ? " (advanced with Vm)" : " (use --methods vm=cvode)");
    for (int j = 0; j < m->nfastvm; j++)
        fprintf(out, "  %s: time constant %.3g ms, Vm's share %.0f %% (at Vm = %g)\n",
                m->states[m->fastvm[j].state].sym->name, m->fastvm[j].tau, 100 * m->fastvm[j].share,
                m->fastvm[j].vm);
}

static void print_groups(FILE *out, const CgModel *m) {
    int n = 0;
    for (int g = 0; g < m->ngroups; g++)
        n += m->groups[g].method != CG_FE && m->groups[g].method != CG_RUSH_LARSEN &&
             m->groups[g].method != CG_SUNDNES;
    if (!n) {
        fprintf(out, "method groups: none\n");
        return;
    }
    fprintf(out, "method groups: %d\n", n);
    for (int gi = 0; gi < m->ngroups; gi++) {
        const CgGroup *g = &m->groups[gi];
        if (g->method == CG_FE || g->method == CG_RUSH_LARSEN || g->method == CG_SUNDNES)
            continue;
        fprintf(out, "  %s%s (%d state%s):", sema_method_name(g->method),
                g->vm_coupled ? ", with Vm (vm=M)" : "", g->n, g->n == 1 ? "" : "s");
        for (int i = 0; i < g->n; i++)
            fprintf(out, " %s", m->states[g->states[i]].sym->name);
        fputc('\n', out);
        if (g->jac) {
            int nz = 0;
            double z;
            for (int i = 0; i < g->n * g->n; i++)
                nz += !(ex_is_num(g->jac[i], &z) && z == 0);
            fprintf(out, "    Jacobian %dx%d, %d nonzero entr%s, %d temporar%s\n", g->n, g->n, nz,
                    nz == 1 ? "y" : "ies", g->njeqs, g->njeqs == 1 ? "y" : "ies");
        }
    }
}

static void print_tables(FILE *out, const CgModel *m) {
    if (!m->ntables) {
        fprintf(out, "lookup tables: none\n");
        return;
    }
    fprintf(out, "lookup tables: %d\n", m->ntables);
    char b1[32], b2[32], b3[32];
    for (int k = 0; k < m->ntables; k++) {
        const CgTable *t = &m->tables[k];
        fprintf(out, "  %s: %s .. %s step %s, rows %ld .. %ld (%ld), %d column%s%s\n", t->var->name,
                num(b1, t->min), num(b2, t->max), num(b3, t->step), t->lo, t->hi, t->hi - t->lo + 1, t->ncols,
                t->ncols == 1 ? "" : "s", t->added ? " (added: the file declares no table)" : "");
        for (int c = 0; c < t->ncols; c++) {
            fprintf(out, "    %s = ", t->cols[c]->name);
            ex_print(out, t->cols[c]->lut_expr, NULL, NULL);
            fputc('\n', out);
        }
    }
}

void sema_info(FILE *out, const CgModel *m) {
    char b[32];
    fprintf(out, "model: %s\n", m->name);
    if (m->path)
        fprintf(out, "file: %s\n", m->path);
    print_meta(out, m->meta);
    fprintf(out, "membrane potential: %s (external Vm), initial value %s%s\n", m->vm->name,
            num(b, m->vm_init), m->vm_init_expr ? "" : " (default)");
    fprintf(out, "ionic current: %s (external Iion)\n", m->iion->name);
    if (!m->nexternals)
        fprintf(out, "externals: none\n");
    else
        fprintf(out, "externals: %d\n", m->nexternals);
    for (int i = 0; i < m->nexternals; i++) {
        const CgSym *x = m->externals[i];
        fprintf(out, "  %s (external %s, %s)", x->name, x->ext, x->def ? "written" : "read");
        if (x->units)
            fprintf(out, "  units %s", x->units);
        fputc('\n', out);
    }
    print_states(out, m);
    print_params(out, m);
    print_groups(out, m);
    print_fast_vm(out, m);
    print_tables(out, m);
    if (!m->ntraces)
        fprintf(out, "traces: none\n");
    else {
        fprintf(out, "traces: %d\n ", m->ntraces);
        for (int i = 0; i < m->ntraces; i++)
            fprintf(out, " %s", m->traces[i]->name);
        fputc('\n', out);
    }
    if (m->nstores) {
        fprintf(out, "stores: %d\n ", m->nstores);
        for (int i = 0; i < m->nstores; i++)
            fprintf(out, " %s", m->stores[i]->name);
        fputc('\n', out);
    }
    int nlut = 0;
    for (int i = 0; i < m->neqs; i++)
        nlut += !(m->eqs[i]->flags & CGF_LUT_DEAD);
    fprintf(out, "equations: %d constants, %d per-step", m->nconsts, m->neqs);
    if (m->ntables)
        fprintf(out, " (%d with lookup tables)", nlut);
    fputc('\n', out);
}

void sema_summary(FILE *out, const CgModel *m) {
    fprintf(out, "%d state%s (%d gate%s), %d parameter%s, %d lookup table%s, %d trace%s", m->nstates,
            m->nstates == 1 ? "" : "s", m->ngates, m->ngates == 1 ? "" : "s", m->nparams,
            m->nparams == 1 ? "" : "s", m->ntables, m->ntables == 1 ? "" : "s", m->ntraces,
            m->ntraces == 1 ? "" : "s");
}

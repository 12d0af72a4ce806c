/* emit_lu.c: the sparse LU of an implicit group's iteration matrix W = I - c J (markov_be,
 * rosenbrock, cvode), written out for the group's sparsity pattern.
 *
 * The Jacobian's structural zeros are known when the code is generated (deriv.c gives an exact 0
 * for every entry whose equation does not read the state). A cardiac model's group is sparse:
 * iyer_2004's 48-state cvode group has 2304 entries, 252 of them nonzero. So the factorisation
 * and the solves are straight-line code over the entries that can be nonzero: the Jacobian's,
 * the diagonal and the fill-in of the elimination order, held in a compact array (gen_J / gen_A
 * of LuPlan.nnz values, row-major over the pattern). On a GPU thread the dense n x n matrix
 * (18 KiB for iyer in double) lived in local memory and its n^3/3 updates went through the
 * caches; the compact one is a few hundred values with constant indices.
 *
 * Elimination order: minimum degree on the symmetrised pattern (ties to the lower index), which
 * keeps the fill small. No pivoting: the diagonal is eliminated in that order. W = I - c J with
 * c = gamma h (or dt) is close to the identity for the step sizes the methods take, and for the
 * chains and buffers of these models (J's off-diagonal rates nonnegative, columns summing to at
 * most zero) it is a column diagonally dominant M-matrix, for which elimination without pivoting
 * is stable. A zero pivot becomes 1e-30, as the dense LU did: the result then shows it (cvode
 * rejects the step and shrinks h). The factor stores each pivot's reciprocal, so the solves
 * multiply. */
#include <stdlib.h>
#include <string.h>

#include "emit.h"

static int jac_nonzero(const CgGroup *g, int r, int c) {
    double z;
    return !(ex_is_num(g->jac[r * g->n + c], &z) && z == 0);
}

/* Minimum-degree order of the symmetrised pattern sym (n x n, 0/1, modified: eliminating a node
 * joins its remaining neighbours). ord[k] = the k-th state eliminated. */
static int min_degree(int n, unsigned char *sym, int *ord) {
    unsigned char *gone = calloc((size_t)n, 1);
    if (!gone)
        return -1;
    for (int k = 0; k < n; k++) {
        int best = -1, bdeg = 0;
        for (int v = 0; v < n; v++) {
            if (gone[v])
                continue;
            int d = 0;
            for (int u = 0; u < n; u++)
                d += u != v && !gone[u] && sym[v * n + u];
            if (best < 0 || d < bdeg)
                best = v, bdeg = d;
        }
        ord[k] = best;
        gone[best] = 1;
        for (int a = 0; a < n; a++)
            if (!gone[a] && sym[best * n + a])
                for (int b = 0; b < n; b++)
                    if (b != a && !gone[b] && sym[best * n + b])
                        sym[a * n + b] = 1;
    }
    free(gone);
    return 0;
}

int emit_lu_plan(Em *e, const CgGroup *g, LuPlan *p) {
    int n = g->n;
    memset(p, 0, sizeof *p);
    p->n = n;
    p->pos = ar_alloc(&e->ar, (size_t)n * (size_t)n * sizeof(int));
    p->ord = ar_alloc(&e->ar, (size_t)n * sizeof(int));
    p->rank = ar_alloc(&e->ar, (size_t)n * sizeof(int));
    unsigned char *pat = calloc((size_t)n * (size_t)n, 1), *sym = calloc((size_t)n * (size_t)n, 1);
    if (!pat || !sym) {
        free(pat);
        free(sym);
        return -1;
    }
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (r == c || !g->jac || jac_nonzero(g, r, c))
                pat[r * n + c] = sym[r * n + c] = sym[c * n + r] = 1;
    if (min_degree(n, sym, p->ord) != 0) {
        free(pat);
        free(sym);
        return -1;
    }
    for (int k = 0; k < n; k++)
        p->rank[p->ord[k]] = k;
    /* symbolic elimination: (r, c) fills when (r, k) and (k, c) are in the pattern */
    for (int i = 0; i < n; i++) {
        int k = p->ord[i];
        for (int r = 0; r < n; r++)
            if (p->rank[r] > i && pat[r * n + k])
                for (int c = 0; c < n; c++)
                    if (p->rank[c] > i && pat[k * n + c] && !pat[r * n + c])
                        pat[r * n + c] = 2, p->fill++;
    }
    for (int i = 0; i < n * n; i++)
        p->pos[i] = pat[i] ? p->nnz++ : -1;
    free(pat);
    free(sym);
    return 0;
}

/* Is compact entry (r, c) one the Jacobian writes (structurally nonzero, or the diagonal)? */
int emit_lu_written(const CgGroup *g, int r, int c) { return r == c || !g->jac || jac_nonzero(g, r, c); }

static void emit_assemble(Em *e, const CgGroup *g, const LuPlan *p, int gi) {
    int n = g->n;
    fprintf(e->out,
            "/* W = I - gen_c J in place (J compact, as ID_rhs_g%d writes it; fill entries set to 0).\n"
            " * A non-finite Jacobian entry counts as 0: a W-method stays consistent with an\n"
            " * approximate Jacobian. */\n"
            "GEN_FN void %s_w_g%d(gen_real *gen_A, gen_real gen_c) {\n",
            gi, e->id, gi);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            int q = p->pos[r * n + c];
            if (q < 0)
                continue;
            if (!emit_lu_written(g, r, c))
                fprintf(e->out, "    gen_A[%d] = gen_bc(0);\n", q);
            else if (r == c && g->jac && !jac_nonzero(g, r, c))
                fprintf(e->out, "    gen_A[%d] = gen_bc(1);\n", q);
            else
                fprintf(e->out, "    gen_A[%d] = %s- gen_c * gen_fin0(gen_A[%d]);\n", q,
                        r == c ? "(gen_scal)1 " : "", q);
        }
    fprintf(e->out, "}\n\n");
}

/* The LU of W in place, eliminating in the order of the plan. With fwd, the forward substitution
 * of gen_b as well, each row's update right after its multiplier is final: the same operations on
 * the same values in the same order per entry as ID_lu_gK then the forward half of ID_solve_gK,
 * but each multiplier of L dies once used (markov_be solves once per factorisation). */
static void emit_factor_body(Em *e, const CgGroup *g, const LuPlan *p, int fwd) {
    int n = p->n;
    for (int i = 0; i < n; i++) {
        int k = p->ord[i], kk = p->pos[k * n + k];
        fprintf(
            e->out,
            "    gen_A[%d] = (gen_scal)1 / gen_sel(gen_A[%d] == (gen_scal)0, gen_bc((gen_scal)1e-30), gen_A[%d]);"
            "   /* pivot %s */\n",
            kk, kk, kk, e->m->states[g->states[k]].sym->name);
        for (int r = 0; r < n; r++) {
            int rk = p->pos[r * n + k];
            if (p->rank[r] <= i || rk < 0)
                continue;
            fprintf(e->out, "    gen_A[%d] *= gen_A[%d];\n", rk, kk);
            if (fwd)
                fprintf(e->out, "    gen_b[%d] -= gen_A[%d] * gen_b[%d];\n", r, rk, k);
            for (int c = 0; c < n; c++) {
                int kc = p->pos[k * n + c];
                if (p->rank[c] > i && kc >= 0)
                    fprintf(e->out, "    gen_A[%d] -= gen_A[%d] * gen_A[%d];\n", p->pos[r * n + c], rk, kc);
            }
        }
    }
}

/* The back substitution of W x = b with the factors (b overwritten by x). */
static void emit_back(Em *e, const LuPlan *p) {
    int n = p->n;
    for (int i = n - 1; i >= 0; i--) {
        int k = p->ord[i];
        for (int c = 0; c < n; c++) {
            int kc = p->pos[k * n + c];
            if (p->rank[c] > i && kc >= 0)
                fprintf(e->out, "    gen_b[%d] -= gen_A[%d] * gen_b[%d];\n", k, kc, c);
        }
        fprintf(e->out, "    gen_b[%d] *= gen_A[%d];\n", k, p->pos[k * n + k]);
    }
}

/* ID_lu_gK and ID_solve_gK (W-methods: one factorisation, several solves), or for markov_be
 * (one solve per factorisation) ID_lusolve_gK, both in one. */
static void emit_factor_solve(Em *e, const CgGroup *g, const LuPlan *p, int gi) {
    int n = p->n;
    if (g->method == CG_MARKOV_BE) {
        fprintf(e->out,
                "/* LU of W in place, eliminating in the order of the plan (no pivoting: emit_lu.c;\n"
                " * each pivot's reciprocal kept, a zero pivot taken as 1e-30), and the solve of\n"
                " * W x = b with it, b overwritten by x; the forward half as the factors come. */\n"
                "GEN_FN void %s_lusolve_g%d(gen_real *gen_A, gen_real *gen_b) {\n",
                e->id, gi);
        emit_factor_body(e, g, p, 1);
        emit_back(e, p);
        fprintf(e->out, "}\n\n");
        return;
    }
    fprintf(e->out,
            "/* LU of W in place, eliminating in the order of the plan (no pivoting: emit_lu.c);\n"
            " * the diagonal keeps each pivot's reciprocal, a zero pivot taken as 1e-30. */\n"
            "GEN_FN void %s_lu_g%d(gen_real *gen_A) {\n",
            e->id, gi);
    emit_factor_body(e, g, p, 0);
    fprintf(e->out,
            "}\n\n"
            "/* Solve W x = b with the factors of %s_lu_g%d; b is overwritten by x. */\n"
            "GEN_FN void %s_solve_g%d(const gen_real *gen_A, gen_real *gen_b) {\n",
            e->id, gi, e->id, gi);
    for (int i = 0; i < n; i++) {
        int k = p->ord[i];
        for (int r = 0; r < n; r++) {
            int rk = p->pos[r * n + k];
            if (p->rank[r] > i && rk >= 0)
                fprintf(e->out, "    gen_b[%d] -= gen_A[%d] * gen_b[%d];\n", r, rk, k);
        }
    }
    emit_back(e, p);
    fprintf(e->out, "}\n\n");
}

int emit_lu_needed(const CgGroup *g) {
    return g->method == CG_MARKOV_BE || g->method == CG_ROSENBROCK || g->method == CG_CVODE;
}

void emit_lu_functions(Em *e, int gi) {
    const CgGroup *g = &e->m->groups[gi];
    if (!emit_lu_needed(g))
        return;
    LuPlan p;
    if (emit_lu_plan(e, g, &p) != 0)
        return;
    long jnz = 0, ops = 0;
    for (int i = 0; i < g->n * g->n; i++)
        jnz += p.pos[i] >= 0 && emit_lu_written(g, i / g->n, i % g->n);
    for (int i = 0; i < g->n; i++) {
        int k = p.ord[i];
        long below = 0, right = 0;
        for (int j = 0; j < g->n; j++) {
            below += p.rank[j] > i && p.pos[j * g->n + k] >= 0;
            right += p.rank[j] > i && p.pos[k * g->n + j] >= 0;
        }
        ops += below * (right + 1);
    }
    fprintf(e->out,
            "/* group %d (%s, %d states): W = I - c J, %d x %d, %ld entries written by the Jacobian,\n"
            " * %d of fill-in, %d in all; %ld multiply-adds per factorisation (dense: %ld). */\n",
            gi, sema_method_name(g->method), g->n, g->n, g->n, jnz, p.fill, p.nnz, ops,
            (long)g->n * g->n * g->n / 3);
    emit_assemble(e, g, &p, gi);
    emit_factor_solve(e, g, &p, gi);
}

/* The flops of the group's ID_w_gK, ID_lu_gK and ID_solve_gK as written above: W's entries
 * 1 - c J (2) and -c J (1); per pivot a reciprocal, per row below it a scaling and a
 * multiply-subtract per entry right of it; the solve's multiply-subtracts and its scalings. */
int emit_lu_ops(Em *e, const CgGroup *g, long *w, long *lu, long *solve) {
    LuPlan p;
    *w = *lu = *solve = 0;
    if (emit_lu_plan(e, g, &p) != 0)
        return -1;
    int n = g->n;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            if (p.pos[r * n + c] >= 0 && emit_lu_written(g, r, c) &&
                !(r == c && g->jac && !jac_nonzero(g, r, c)))
                *w += r == c ? 2 : 1;
    for (int i = 0; i < n; i++) {
        int k = p.ord[i];
        long below = 0, right = 0;
        for (int j = 0; j < n; j++) {
            below += p.rank[j] > i && p.pos[j * n + k] >= 0;
            right += p.rank[j] > i && p.pos[k * n + j] >= 0;
        }
        *lu += 1 + below * (1 + 2 * right);
        *solve += 2 * below + 2 * right + 1;
    }
    return 0;
}

/* emit_ops.c: the floating-point operations of one cell-step, as the generator writes it (the
 * counts the model descriptor exports: ScModelDesc.flops_per_step, docs/performance.md).
 *
 * The count follows the code of emit_body.c: the step's equations (those the step needs, traces'
 * included, carried ones read, not recomputed; a trace's own expression, written only when
 * outputs are asked for, is not counted), the stores and written externals, each group's update
 * (emit_methods.c: its right-hand sides, Jacobian and LU, emit_lu.c, times the evaluations its
 * method makes), Iion's equations at the new states, and bench mode's membrane update
 * V = Vs - dt Iion. It counts what one cell computes:
 *   + - * /            1 each (a division by a literal, a multiplication on a GPU: still 1)
 *   negation, comparison, logic, select, fabs, min, max, floor, ceil, heav, sign: 0
 *   square 1, cube 2; pow to a literal: x^1 0, x^2 1, x^3 2, x^n for another integer |n| <= 8
 *     its products (gen_powi), x^0.5 a square root; any other pow a transcendental
 *   a call of exp, expm1, log, log10, log1p, sqrt, cbrt, pow, fmod, a trigonometric or
 *     hyperbolic function: 1 transcendental (besides its arguments)
 *   c ? a : b          the condition and the dearer branch (more transcendentals, then flops)
 *   a lookup-table column: 3 (a + f (b - a)), its table's position 2 once per function
 * These are the forms of the GPU and vectorised CPU kernels (the portable C one calls pow for
 * every power). An adaptive (cvode) group is counted for one sub-step, with its error test
 * (EmitOps.adaptive set). */
#include <string.h>

#include "emit.h"

void emit_ops_add(EmitOps *o, const EmitOps *a, long times) {
    o->flops += a->flops * times;
    o->transc += a->transc * times;
    o->adaptive |= a->adaptive;
}

/* Products of gen_powi(x, n): one per squaring but the last, one per set bit but the first, and a
 * division for a negative n. */
static long powi_flops(int n) {
    int m = n < 0 ? -n : n, bits = 0, set = 0;
    for (; m; m >>= 1)
        bits++, set += m & 1;
    return (bits - 1) + (set - 1) + (n < 0);
}

/* pow(base, ex) as the GPU dialects write it (emit_expr.c literal_pow). */
static void pow_ops(Em *e, const Expr *base, const Expr *ex, EmitOps *o) {
    emit_ops_expr(e, base, o);
    double n = 0.25; /* 0.25: not a literal form */
    if (!ex_is_num(ex, &n))
        emit_ops_expr(e, ex, o);
    if (n == 1)
        return;
    if (n == 2 || n == 3)
        o->flops += n == 2 ? 1 : 2;
    else if (n == (double)(int)n && n >= -8 && n <= 8 && n != 0)
        o->flops += powi_flops((int)n);
    else
        o->transc++; /* gen_pow, or gen_sqrt for 0.5 */
}

static void call_ops(Em *e, const Expr *x, EmitOps *o) {
    if (x->fn == FN_POW) {
        pow_ops(e, x->a[0], x->a[1], o);
        return;
    }
    for (int i = 0; i < x->nargs; i++)
        emit_ops_expr(e, x->a[i], o);
    switch (x->fn) {
        case FN_FABS:
        case FN_ABS:
        case FN_FLOOR:
        case FN_CEIL:
        case FN_MIN:
        case FN_MAX:
        case FN_HEAV:
        case FN_SIGN:
            break;
        case FN_SQUARE:
            o->flops += 1;
            break;
        case FN_CUBE:
            o->flops += 2;
            break;
        default:
            o->transc++;
            break;
    }
}

void emit_ops_expr(Em *e, const Expr *x, EmitOps *o) {
    if (!x)
        return;
    switch (x->kind) {
        case EX_NUM:
        case EX_VAR:
            return;
        case EX_ADD:
        case EX_SUB:
        case EX_MUL:
        case EX_DIV:
            o->flops++;
            break;
        case EX_MOD:
            o->transc++;
            break;
        case EX_POW:
            pow_ops(e, x->a[0], x->a[1], o);
            return;
        case EX_CALL:
            call_ops(e, x, o);
            return;
        case EX_COND: {
            EmitOps a = {0, 0, 0}, b = {0, 0, 0};
            emit_ops_expr(e, x->a[0], o);
            emit_ops_expr(e, x->a[1], &a);
            emit_ops_expr(e, x->a[2], &b);
            int first = a.transc > b.transc || (a.transc == b.transc && a.flops >= b.flops);
            emit_ops_add(o, first ? &a : &b, 1);
            return;
        }
        default: /* negation, comparisons, logic: their operands only */
            break;
    }
    for (int i = 0; i < x->nargs && i < 3; i++)
        emit_ops_expr(e, x->a[i], o);
}

void emit_ops_eqs(Em *e, CgSym **eqs, int n, EmitOps *o) {
    char ready[sizeof e->tbl_ready] = {0};
    for (int i = 0; i < n; i++) {
        const CgSym *s = eqs[i];
        if (!e->need[s->id] || (e->cv_read && e->cvpos && e->cvpos[s->id] >= 0) || emit_in_scope(e, s))
            continue;
        if (e->lut && s->lut) {
            int k = (int)(s->lut - e->m->tables);
            if (k >= 0 && k < (int)sizeof ready && !ready[k]++)
                o->flops += 2; /* gen_lut_pos: (x - xmin) * inv */
            o->flops += 3; /* gen_lut_col: a + f * (b - a) */
        } else {
            emit_ops_expr(e, s->def, o);
        }
    }
}

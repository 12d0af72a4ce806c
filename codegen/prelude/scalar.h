/* scalar.h: the primitives of the scalar dialects (C, CUDA, HIP: one cell per loop iteration or
 * thread), after the dialect's types (gen_scal, gen_real, gen_mask, gen_idx), GEN_INL, GEN_COUNT,
 * GEN_RECORD and the math helpers (gen_fabs): broadcast, selection, masks, loads and stores, the
 * lookup-table position and column, the failure check. Emitted by emit_scalar_primitives. */
/* ---- emitted from the next line on (codegen/embed.cmake) ---- */
static GEN_INL gen_real gen_bc(gen_scal x) { return x; }
static GEN_INL gen_mask gen_mbc(int b) { return b != 0; }
static GEN_INL gen_real gen_sel(gen_mask m, gen_real a, gen_real b) { return m ? a : b; }
static GEN_INL gen_real gen_m2r(gen_mask m) { return m ? (gen_scal)1 : (gen_scal)0; }
static GEN_INL gen_mask gen_not(gen_mask m) { return !m; }
static GEN_INL gen_mask gen_and(gen_mask a, gen_mask b) { return a && b; }
static GEN_INL gen_mask gen_or(gen_mask a, gen_mask b) { return a || b; }
static GEN_INL gen_mask gen_andnot(gen_mask a, gen_mask b) { return a && !b; }
static GEN_INL int gen_any(gen_mask m) { return m; }
static GEN_INL int gen_all(gen_mask m) { return m; }
#define GEN_LD(p, nv) (*(p))
#define GEN_ST(p, v, nv) (*(p) = (v))

/* Lookup-table row gen_ix and fraction gen_fr of x (rows x = xmin + r/inv); out of range is
 * clamped and counted; a NaN x gives a NaN fraction (so the result shows it). */
static GEN_INL void gen_lut_pos(gen_real x, gen_scal xmin, gen_scal inv, long rows, gen_idx *ix, gen_real *fr,
                                unsigned long long *oor) {
    const gen_real u = (x - xmin) * inv;
    gen_real c = u;
    if (!(c >= 0))
        c = 0;
    if (c > (gen_scal)(rows - 1))
        c = (gen_scal)(rows - 1);
    if (oor && !(u >= 0 && u <= (gen_scal)(rows - 1)))
        GEN_COUNT(oor);
    gen_idx k = (gen_idx)c;
    if (k > rows - 2)
        k = rows >= 2 ? rows - 2 : 0;
    *ix = k;
    *fr = c - (gen_real)k + (u - u);
}

static GEN_INL gen_real gen_lut_col(const gen_scal *tb, int cols, int col, gen_idx k, gen_real f) {
    const gen_real a = tb[k * cols + col], b = tb[(k + 1) * cols + col];
    return a + f * (b - a);
}

/* After a step: is v (Vm in bench mode, else Iion) a failure? Records the earliest one. */
static GEN_INL int gen_check(const ScStepArgs *a, long d, long i, int nv, gen_real v, int vm) {
    (void)nv;
    const gen_scal b = vm ? (a->vm_bound > 0 ? (gen_scal)a->vm_bound : (gen_scal)1000) : (gen_scal)1e30;
    if (gen_fabs(v) <= b)
        return 1 == 0;
    if (a->status)
        GEN_RECORD(a->status, ((unsigned long long)d << 32) | (unsigned long long)i, v);
    return 1;
}

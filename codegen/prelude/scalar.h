/* scalar.h: the primitives of the scalar dialects (C, CUDA, HIP: one cell per loop iteration or
 * thread), after the dialect's types (sc_scal, sc_real, sc_mask, sc_idx), SC_INL, SC_COUNT,
 * SC_RECORD and the math helpers (sc_fabs): broadcast, selection, masks, loads and stores, the
 * lookup-table position and column, the failure check. Emitted by emit_scalar_primitives. */
/* ---- emitted from the next line on (codegen/embed.cmake) ---- */
static SC_INL sc_real sc_bc(sc_scal x) { return x; }
static SC_INL sc_mask sc_mbc(int b) { return b != 0; }
static SC_INL sc_real sc_sel(sc_mask m, sc_real a, sc_real b) { return m ? a : b; }
static SC_INL sc_real sc_m2r(sc_mask m) { return m ? (sc_scal)1 : (sc_scal)0; }
static SC_INL sc_mask sc_not(sc_mask m) { return !m; }
static SC_INL sc_mask sc_and(sc_mask a, sc_mask b) { return a && b; }
static SC_INL sc_mask sc_or(sc_mask a, sc_mask b) { return a || b; }
static SC_INL sc_mask sc_andnot(sc_mask a, sc_mask b) { return a && !b; }
static SC_INL int sc_any(sc_mask m) { return m; }
static SC_INL int sc_all(sc_mask m) { return m; }
#define SC_LD(p, nv) (*(p))
#define SC_ST(p, v, nv) (*(p) = (v))

/* Lookup-table row sc_ix and fraction sc_fr of x (rows x = xmin + r/inv); out of range is
 * clamped and counted; a NaN x gives a NaN fraction (so the result shows it). */
static SC_INL void sc_lut_pos(sc_real x, sc_scal xmin, sc_scal inv, long rows, sc_idx *ix, sc_real *fr,
                              unsigned long long *oor) {
    const sc_real u = (x - xmin) * inv;
    sc_real c = u;
    if (!(c >= 0))
        c = 0;
    if (c > (sc_scal)(rows - 1))
        c = (sc_scal)(rows - 1);
    if (oor && !(u >= 0 && u <= (sc_scal)(rows - 1)))
        SC_COUNT(oor);
    sc_idx k = (sc_idx)c;
    if (k > rows - 2)
        k = rows >= 2 ? rows - 2 : 0;
    *ix = k;
    *fr = c - (sc_real)k + (u - u);
}

static SC_INL sc_real sc_lut_col(const sc_scal *tb, int cols, int col, sc_idx k, sc_real f) {
    const sc_real a = tb[k * cols + col], b = tb[(k + 1) * cols + col];
    return a + f * (b - a);
}

/* After a step: is v (Vm in bench mode, else Iion) a failure? Records the earliest one. */
static SC_INL int sc_check(const ScStepArgs *a, long d, long i, int nv, sc_real v, int vm) {
    (void)nv;
    const sc_scal b = vm ? (a->vm_bound > 0 ? (sc_scal)a->vm_bound : (sc_scal)1000) : (sc_scal)1e30;
    if (sc_fabs(v) <= b)
        return 1 == 0;
    if (a->status)
        SC_RECORD(a->status, ((unsigned long long)d << 32) | (unsigned long long)i, v);
    return 1;
}

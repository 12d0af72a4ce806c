/* common.h: the helpers of every dialect written with its primitives (sc_sel, sc_bc, sc_fabs,
 * sc_expm1): powers, Heaviside, sign, the finite guard of Jacobians, the generalised Rush-Larsen
 * increment, the stimulus timing. Emitted last in each prelude (emit_common_prelude). */
/* ---- emitted from the next line on (codegen/embed.cmake) ---- */
static SC_INL sc_real sc_square(sc_real x) { return x * x; }
static SC_INL sc_real sc_cube(sc_real x) { return x * x * x; }
static SC_INL sc_real sc_heav(sc_real x) { return sc_sel(x >= (sc_scal)0, sc_bc(1), sc_bc(0)); }
static SC_INL sc_real sc_sign(sc_real x) {
    return sc_sel(x > (sc_scal)0, sc_bc(1), sc_sel(x < (sc_scal)0, sc_bc(-1), sc_bc(0)));
}

/* x when finite, else 0 (a Jacobian entry that overflowed: a W-method stays consistent with
 * an approximate Jacobian). */
static SC_INL sc_real sc_fin0(sc_real x) { return sc_sel(x - x == (sc_scal)0, x, sc_bc(0)); }

/* Generalised Rush-Larsen increment over h of dx/dt = f with diagonal Jacobian L:
 * expm1(h*L)/L * f, forward Euler when |L| is tiny. */
static SC_INL sc_real sc_grl(sc_real f, sc_real L, sc_real h) {
    const sc_mask tiny = sc_fabs(L) < (sc_scal)1e-12;
    const sc_real Ls = sc_sel(tiny, sc_bc(1), L);
    return sc_sel(tiny, h * f, sc_expm1(h * Ls) / Ls * f);
}

/* Is step d inside a stimulus pulse? (bench's timing rules, starcarp_model.h) */
static SC_INL int sc_stim_on(const ScStim *s, long d) {
    if (s->count <= 0 || d < s->start)
        return 0;
    if (s->period <= 0)
        return d - s->start < s->pulse;
    return (d - s->start) / s->period < s->count && (d - s->start) % s->period < s->pulse;
}

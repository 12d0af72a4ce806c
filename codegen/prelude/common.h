/* common.h: the helpers of every dialect written with its primitives (gen_sel, gen_bc, gen_fabs,
 * gen_expm1): powers, Heaviside, sign, the finite guard of Jacobians, the generalised Rush-Larsen
 * increment, the stimulus timing. Emitted last in each prelude (emit_common_prelude). */
/* ---- emitted from the next line on (codegen/embed.cmake) ---- */
static GEN_INL gen_real gen_square(gen_real x) { return x * x; }
static GEN_INL gen_real gen_cube(gen_real x) { return x * x * x; }
static GEN_INL gen_real gen_heav(gen_real x) { return gen_sel(x >= (gen_scal)0, gen_bc(1), gen_bc(0)); }
static GEN_INL gen_real gen_sign(gen_real x) {
    return gen_sel(x > (gen_scal)0, gen_bc(1), gen_sel(x < (gen_scal)0, gen_bc(-1), gen_bc(0)));
}

/* x when finite, else 0 (a Jacobian entry that overflowed: a W-method stays consistent with
 * an approximate Jacobian). */
static GEN_INL gen_real gen_fin0(gen_real x) { return gen_sel(x - x == (gen_scal)0, x, gen_bc(0)); }

/* Generalised Rush-Larsen increment over h of dx/dt = f with diagonal Jacobian L:
 * expm1(h*L)/L * f, forward Euler when |L| is tiny. */
static GEN_INL gen_real gen_grl(gen_real f, gen_real L, gen_real h) {
    const gen_mask tiny = gen_fabs(L) < (gen_scal)1e-12;
    const gen_real Ls = gen_sel(tiny, gen_bc(1), L);
    return gen_sel(tiny, h * f, gen_expm1(h * Ls) / Ls * f);
}

/* Is step d inside a stimulus pulse? (bench's timing rules, starcarp_model.h) */
static GEN_INL int gen_stim_on(const ScStim *s, long d) {
    if (s->count <= 0 || d < s->start)
        return 0;
    if (s->period <= 0)
        return d - s->start < s->pulse;
    return (d - s->start) / s->period < s->count && (d - s->start) % s->period < s->pulse;
}

/* gpu_powi.h: integer powers of the GPU dialects (emit_gpu.c), after the scalar math. */
/* ---- emitted from the next line on (codegen/embed.cmake) ---- */
/* x^n for a literal integer n (pow with a constant exponent, emit_expr.c): squarings,
 * unrolled since n is a literal; a double pow costs about an exp and a log */
static GEN_INL gen_real gen_powi(gen_real x, const int n) {
    gen_real r = (gen_scal)1, b = x;
    for (int m = n < 0 ? -n : n; m; m >>= 1) {
        if (m & 1)
            r = r * b;
        b = b * b;
    }
    return n < 0 ? (gen_scal)1 / r : r;
}
/* x^y for an exponent y of the parameter set (a parameter or constant, emit_expr.c: in the uniform
 * variant the same for every cell, so the branches do not diverge): the integers 1 to 4 (Hill
 * coefficients, the exchangers' Na^3) as the products gen_powi makes of the literal, any other y
 * by pow */
static GEN_INL gen_real gen_powp(gen_real x, gen_real y) {
    if (y == (gen_scal)1)
        return x;
    if (y == (gen_scal)2)
        return x * x;
    if (y == (gen_scal)3)
        return x * (x * x);
    if (y == (gen_scal)4) {
        const gen_real s = x * x;
        return s * s;
    }
    return pow(x, y);
}

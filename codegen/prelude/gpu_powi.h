/* gpu_powi.h: integer powers of the GPU dialects (emit_gpu.c), after the scalar math. */
/* ---- emitted from the next line on (codegen/embed.cmake) ---- */
/* x^n for a literal integer n (pow with a constant exponent, emit_expr.c): squarings,
 * unrolled since n is a literal; a double pow costs about an exp and a log */
static SC_INL sc_real sc_powi(sc_real x, const int n) {
    sc_real r = (sc_scal)1, b = x;
    for (int m = n < 0 ? -n : n; m; m >>= 1) {
        if (m & 1)
            r = r * b;
        b = b * b;
    }
    return n < 0 ? (sc_scal)1 / r : r;
}

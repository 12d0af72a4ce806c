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

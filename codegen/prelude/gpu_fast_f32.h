/* gpu_fast_f32.h: the hardware exp and log of the GPU dialects (emit_gpu.c), in single precision
 * for explicit models only; after the scalar math. */
/* ---- emitted from the next line on (codegen/embed.cmake) ---- */
/* the model's exp and log in single precision (emit_expr.c): __expf is ex2.approx of x
 * log2(e), within 2 + 1.2 |x| ulp; __logf within 3 ulp (CUDA's documented bounds) */
static GEN_INL gen_real gen_fast_exp(gen_real x) { return __expf(x); }
static GEN_INL gen_real gen_fast_log(gen_real x) { return __logf(x); }

/* prelude_check.c: the prelude headers of the generated sources (codegen/prelude) compiled on their
 * own, each after the definitions its emitter writes before it (the dialect's types and macros,
 * and the math helpers it calls, declared here). Dialects: -DCHECK_CPU the vectorised CPU one;
 * else the portable C one, or the GPU one when nvcc or hipcc compiles this file. -DCHECK_F32:
 * single precision (CPU, GPU). The tests codegen.prelude.* only compile it. */
#if defined(__CUDACC__) || defined(__HIPCC__)
#ifdef __HIPCC__
#include <hip/hip_runtime.h>
#endif
#include <math.h>

#include "starcarp_model.h"
#ifdef CHECK_F32
typedef float gen_scal;
#else
typedef double gen_scal;
#endif
typedef gen_scal gen_real;
typedef int gen_mask;
typedef long gen_idx;
#define GEN_INL __device__ __forceinline__ __attribute__((unused))
#define GEN_COUNT(p) atomicAdd((p), 1ULL)
#define GEN_RECORD(s, k, v) ((void)(s), (void)(k), (void)(v))
static GEN_INL gen_real gen_fabs(gen_real x) { return fabs(x); }
static GEN_INL gen_real gen_expm1(gen_real x) { return expm1(x); }
#include "gpu_fast_f32.h"
#include "gpu_powi.h"
#include "scalar.h"
#include "common.h"

#elif defined(CHECK_CPU)
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "starcarp_model.h"
#ifdef CHECK_F32
#define GEN_W 4 /* 16-byte vectors: the baseline ISA's width (no AVX needed) */
typedef float gen_scal;
typedef int gen_mask __attribute__((vector_size(GEN_W * sizeof(gen_scal))));
#else
#define GEN_W 2
typedef double gen_scal;
typedef long gen_mask __attribute__((vector_size(GEN_W * sizeof(gen_scal))));
#endif
typedef gen_scal gen_real __attribute__((vector_size(GEN_W * sizeof(gen_scal))));
typedef gen_mask gen_idx;
#define GEN_INL inline __attribute__((always_inline))
#include "cpu.h"
static GEN_INL gen_real gen_fabs(gen_real x) { return gen_sel(x < 0, -x, x); }
static GEN_INL gen_real gen_floor(gen_real x) { return x; }
static GEN_INL gen_real gen_expm1(gen_real x) { return x; }
#include "cpu_lut.h"
#include "common.h"

#else
#include "c_dialect.h"
static GEN_INL gen_real gen_fabs(gen_real x) { return fabs(x); }
static GEN_INL gen_real gen_expm1(gen_real x) { return expm1(x); }
#include "scalar.h"
#include "common.h"
/* gen_record is static, not inline: used once so that -Werror=unused-function holds */
void prelude_check_record(ScStepStatus *s);
void prelude_check_record(ScStepStatus *s) { gen_record(s, 0, 0.0); }
#endif

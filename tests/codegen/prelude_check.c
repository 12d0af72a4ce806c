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
typedef float sc_scal;
#else
typedef double sc_scal;
#endif
typedef sc_scal sc_real;
typedef int sc_mask;
typedef long sc_idx;
#define SC_INL __device__ __forceinline__ __attribute__((unused))
#define SC_COUNT(p) atomicAdd((p), 1ULL)
#define SC_RECORD(s, k, v) ((void)(s), (void)(k), (void)(v))
static SC_INL sc_real sc_fabs(sc_real x) { return fabs(x); }
static SC_INL sc_real sc_expm1(sc_real x) { return expm1(x); }
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
#define SC_W 4 /* 16-byte vectors: the baseline ISA's width (no AVX needed) */
typedef float sc_scal;
typedef int sc_mask __attribute__((vector_size(SC_W * sizeof(sc_scal))));
#else
#define SC_W 2
typedef double sc_scal;
typedef long sc_mask __attribute__((vector_size(SC_W * sizeof(sc_scal))));
#endif
typedef sc_scal sc_real __attribute__((vector_size(SC_W * sizeof(sc_scal))));
typedef sc_mask sc_idx;
#define SC_INL inline __attribute__((always_inline))
#include "cpu.h"
static SC_INL sc_real sc_fabs(sc_real x) { return sc_sel(x < 0, -x, x); }
static SC_INL sc_real sc_floor(sc_real x) { return x; }
static SC_INL sc_real sc_expm1(sc_real x) { return x; }
#include "cpu_lut.h"
#include "common.h"

#else
#include "c_dialect.h"
static SC_INL sc_real sc_fabs(sc_real x) { return fabs(x); }
static SC_INL sc_real sc_expm1(sc_real x) { return expm1(x); }
#include "scalar.h"
#include "common.h"
/* sc_record is static, not inline: used once so that -Werror=unused-function holds */
void prelude_check_record(ScStepStatus *s);
void prelude_check_record(ScStepStatus *s) { sc_record(s, 0, 0.0); }
#endif

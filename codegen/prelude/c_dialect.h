/* c_dialect.h: the portable C dialect of the generated sources (emit_c.c): one cell at a time,
 * double; the failure record with GCC atomics. Emitted first, before the scalar math
 * (emit_scalar_math), scalar.h and common.h. */
/* ---- emitted from the next line on (codegen/embed.cmake) ---- */
#include <math.h>
#include <stddef.h>

#include "starcarp_model.h"

/* ---- dialect: portable C, one cell at a time, double ---- */
typedef double gen_scal; /* a uniform value */
typedef double gen_real; /* a value of one cell */
typedef int gen_mask; /* a truth value of one cell */
typedef long gen_idx; /* a table row of one cell */
#define GEN_FN static
#define GEN_INL inline
#define GEN_COUNT(p) __atomic_fetch_add((p), 1ULL, __ATOMIC_RELAXED)
#define GEN_RECORD(s, k, v) gen_record((s), (k), (v))

/* Keep the earliest failure (smallest key) of concurrent calls. */
static void gen_record(ScStepStatus *s, unsigned long long key, double v) {
    unsigned long long old = __atomic_load_n(&s->key, __ATOMIC_RELAXED);
    while (key < old &&
           !__atomic_compare_exchange_n(&s->key, &old, key, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
        ;
    if (key < old)
        s->value = v;
}

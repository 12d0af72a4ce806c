/* emit_model.c: emit_model (emit.h): one model's source for the back end the options name
 * (emit_c.c, emit_cpu.c, emit_gpu.c), the top of the generator's emitting parts. */
#include "emit.h"

int emit_model(FILE *out, const CgModel *m, const EmitOptions *opt) {
    Em e;
    emit_begin(&e, out, m, opt);
    int rc;
    switch (e.target) {
        case EMIT_C:
            rc = emit_c(&e);
            break;
        case EMIT_CPU:
            rc = emit_cpu(&e);
            break;
        default:
            rc = emit_gpu(&e);
            break;
    }
    if (ferror(out))
        rc = -1;
    emit_end(&e);
    return rc;
}

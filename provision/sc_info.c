/* sc_info.c: model files as the compiler sees them, for tools (include/starcarp/starcarp_info.h): the
 * public face of codegen/'s analysis, so that no program outside libstarcarp includes sema.h. It
 * depends on codegen/ alone: the standalone `starcarp-codegen` compiles it in too
 * (drivers/CMakeLists.txt), for sc_codegen_run. */
#include <stdio.h>

#include "emit.h"
#include "generate.h"
#include "sema.h"
#include "starcarp_info.h"

int sc_model_file_info(const char *path, FILE *out, FILE *diag) {
    Arena ar = {0};
    Diag dg = {diag, 0, 0, 0, NULL};
    CgSemaOptions so = {.vm_table = CG_VM_TABLE}; /* the tables the kernels have */
    CgModel *m = sema_load_file_opts(&ar, &dg, path, &so);
    if (m)
        sema_info(out, m);
    ar_free(&ar);
    return m ? 0 : -1;
}

int sc_model_file_states(const char *path) {
    Arena ar = {0};
    Diag dg = {NULL, 0, 0, 0, NULL};
    CgModel *m = sema_load_file(&ar, &dg, path);
    int n = m ? m->nstates : -1;
    ar_free(&ar);
    return n;
}

void sc_model_file_hash(const char *path, FILE *diag, char *buf, size_t n) {
    Arena ar = {0};
    Diag dg = {diag, 0, 0, 0, NULL};
    CgModel *m = sema_load_file_opts(&ar, &dg, path, NULL);
    snprintf(buf, n, "%016llx", m ? emit_source_hash(m) : 0ULL);
    ar_free(&ar);
}

int sc_methods_check(const char *methods, char *err, size_t errlen) {
    return sema_check_overrides(methods, err, errlen);
}

int sc_codegen_run(const ScCodegenArgs *a) { return cg_generate(a); }

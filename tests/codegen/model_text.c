/* model_text.c: see model_text.h. */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>

#include "frontend.h"
#include "model_text.h"

CgModel *mt_analyse(Arena *ar, const char *text, const char *overrides) {
    CgSemaOptions so = {.overrides = overrides};
    return mt_analyse_opts(ar, text, &so);
}

CgModel *mt_analyse_opts(Arena *ar, const char *text, const CgSemaOptions *so) {
    SrcFile *f = ar_alloc(ar, sizeof *f);
    f->path = "t.model";
    f->text = ar_strdup(ar, text);
    Diag dg = {0};
    dg.out = stderr;
    Ast *ast = fe_parse(ar, &dg, f);
    return ast ? sema_try_analyse_opts(ar, &dg, ast, so) : NULL;
}

char *mt_generate(const CgModel *m, EmitTarget target, int single, int newton, const char *overrides,
                  const char *ident) {
    char *s = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&s, &n);
    EmitOptions opt = {target, single, newton, overrides, ident, 0, 0, NULL};
    int rc = emit_model(f, m, &opt);
    fclose(f);
    ASSERT_EQ_INT(0, rc);
    return s;
}

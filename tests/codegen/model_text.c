/* model_text.c: see model_text.h. */
#include <stdio.h>

#include "frontend.h"
#include "model_text.h"

CgModel *mt_analyse(Arena *ar, const char *text, const char *overrides) {
    SrcFile *f = ar_alloc(ar, sizeof *f);
    f->path = "t.model";
    f->text = ar_strdup(ar, text);
    Diag dg = {0};
    dg.out = stderr;
    Ast *ast = fe_parse(ar, &dg, f);
    CgSemaOptions so = {.overrides = overrides};
    return ast ? sema_try_analyse_opts(ar, &dg, ast, &so) : NULL;
}

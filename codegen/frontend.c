/* frontend.c: file reading and the error-recovering entry points of the front end (frontend.h),
 * and sema_load_file (sema.h): a file read, parsed and analysed. */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "frontend.h"
#include "sema.h"

/* Read the file in chunks (it may be a pipe) into the arena with a final NUL; bytes the language
 * cannot read (NUL, invalid UTF-8) are left for the lexer, which reports them where they are. */
int fe_read_file(const char *path, SrcFile *out, Arena *ar) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return -1;
    struct stat st;
    if (fstat(fileno(f), &st) == 0 && S_ISDIR(st.st_mode)) {
        fclose(f);
        errno = EISDIR;
        return -1;
    }
    size_t cap = 1 << 16, len = 0;
    char *buf = ar_alloc(ar, cap + 1);
    for (;;) {
        size_t n = fread(buf + len, 1, cap - len, f);
        len += n;
        if (len < cap)
            break;
        char *grown = ar_alloc(ar, 2 * cap + 1);
        memcpy(grown, buf, len);
        buf = grown;
        cap *= 2;
    }
    int err = ferror(f);
    fclose(f);
    if (err) {
        errno = EIO;
        return -1;
    }
    buf[len] = '\0';
    out->path = path;
    out->text = buf;
    out->len = len; /* a NUL inside is the lexer's located error */
    return 0;
}

Ast *fe_parse(Arena *ar, Diag *dg, const SrcFile *file) {
    jmp_buf jb;
    jmp_buf *saved = dg->recover;
    dg->recover = &jb;
    if (setjmp(jb)) {
        dg->recover = saved;
        return NULL;
    }
    Ast *ast = parse_file(ar, dg, file);
    dg->recover = saved;
    return ast;
}

int fe_check_file(const char *path, Diag *dg) {
    /* every front-end pass: reading, parsing (fe_parse) and the semantic analysis (sema.h) */
    Arena ar = {0};
    CgModel *m = sema_load_file(&ar, dg, path);
    int rc = m ? diag_failed(dg) : 1;
    ar_free(&ar);
    return rc;
}

CgModel *sema_load_file(Arena *ar, Diag *dg, const char *path) {
    return sema_load_file_opts(ar, dg, path, NULL);
}

CgModel *sema_load_file_opts(Arena *ar, Diag *dg, const char *path, const CgSemaOptions *opt) {
    SrcFile *file = ar_alloc(ar, sizeof *file);
    if (fe_read_file(path, file, ar) != 0) {
        if (dg->out)
            fprintf(dg->out, "%s: error: cannot read the file: %s\n", path, strerror(errno));
        dg->nerrors++;
        return NULL;
    }
    Ast *ast = fe_parse(ar, dg, file);
    return ast ? sema_try_analyse_opts(ar, dg, ast, opt) : NULL;
}

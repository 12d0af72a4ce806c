/* frontend.h: entry points of the EasyML front end that never longjmp into the caller.
 * Module prefix: fe_. */
#ifndef CG_FRONTEND_H
#define CG_FRONTEND_H
#include "ast.h"

/* Read a whole file into the arena, NUL-terminated; out->path = path (not copied).
 * Returns 0, or -1 with errno set when the file cannot be read (EILSEQ: it contains a NUL byte). */
int fe_read_file(const char *path, SrcFile *out, Arena *ar);

/* Parse a file read by fe_read_file (or any NUL-terminated text). Sets up the recovery point, so
 * errors come back as NULL (the message went to dg->out, dg->nerrors counts it); dg->recover is
 * restored before returning. Warnings leave the tree in place (see diag_failed for -Werror). */
Ast *fe_parse(Arena *ar, Diag *dg, const SrcFile *file);

/* Check one model file completely: read it and run every front-end pass (parsing, then the
 * semantic analysis of sema.h). Messages go to dg->out. Returns 0 when the model is
 * accepted (warnings allowed unless dg->werror), non-zero otherwise. Used by the bad-model tests. */
int fe_check_file(const char *path, Diag *dg);

#endif

/* diag.h: located diagnostics (chibicc style). Module prefix: diag_.
 *
 * diag_error_at prints "file:line:col: error: message", the source line and a caret, then
 * longjmps to the Diag's recovery point (so analysis stops at the first error, and a library caller
 * such as the fuzzer gets control back instead of an exit). Warnings print the same way and
 * continue; with werror set they count as errors at the end (diag_failed). */
#ifndef CG_DIAG_H
#define CG_DIAG_H
#include <setjmp.h>
#include <stdio.h>

struct Token;

typedef struct Diag {
    FILE *out; /* where messages go (stderr; tests use a memstream; NULL = silent) */
    int werror; /* warnings are errors */
    int nerrors, nwarnings;
    jmp_buf *recover; /* set by the entry point that catches errors */
} Diag;

_Noreturn void diag_error_at(Diag *dg, const struct Token *tok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* Same, at a position given by file/line/col (for errors found by the lexer before a token exists). */
_Noreturn void diag_error_pos(Diag *dg, const char *path, const char *text, const char *loc, const char *fmt,
                              ...) __attribute__((format(printf, 5, 6)));
void diag_warn_at(Diag *dg, const struct Token *tok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
void diag_note_at(Diag *dg, const struct Token *tok, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
int diag_failed(const Diag *dg); /* errors, or warnings under werror */

#endif

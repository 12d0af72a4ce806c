/* diag.c: located diagnostics (see diag.h).
 *
 * Every message has the form
 *     path:line:col: error: message
 *     <the source line>
 *     <spaces (tabs kept) up to the column>^
 * Errors then longjmp to dg->recover (or exit(1) when no recovery point is set); warnings and notes
 * return. Columns count bytes from 1. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "diag.h"
#include "lex.h"

/* Print the source line that contains `loc` (a pointer into `text`) and a caret under `loc`.
 * Tabs before the column are copied into the caret line so that the caret lines up. */
static void diag_show_line(FILE *out, const char *text, const char *loc) {
    const char *start = loc;
    while (start > text && start[-1] != '\n')
        start--;
    const char *end = loc;
    while (*end && *end != '\n')
        end++;
    if (end > start && end[-1] == '\r')
        end--;
    fprintf(out, "%.*s\n", (int)(end - start), start);
    for (const char *p = start; p < loc; p++)
        fputc(*p == '\t' ? '\t' : ' ', out);
    fputs("^\n", out);
}

/* Count one message of the given kind ("error", "warning", "note") and print it at `loc` in
 * `text`. `line`/`col` may be 0, in which case they are computed from `loc`. `path`/`text` may be
 * NULL (synthesised positions): then only "kind: message" is printed. */
static void diag_vprint(Diag *dg, const char *kind, const char *path, const char *text, const char *loc,
                        int line, int col, const char *fmt, va_list ap) {
    dg->nerrors += !strcmp(kind, "error");
    dg->nwarnings += !strcmp(kind, "warning");
    FILE *out = dg->out;
    if (!out)
        return;
    if (!text || !loc) {
        if (path)
            fprintf(out, "%s: ", path);
        fprintf(out, "%s: ", kind);
        vfprintf(out, fmt, ap);
        fputc('\n', out);
        return;
    }
    if (line <= 0) {
        line = 1;
        const char *ls = text;
        for (const char *p = text; p < loc; p++)
            if (*p == '\n') {
                line++;
                ls = p + 1;
            }
        col = (int)(loc - ls) + 1;
    }
    fprintf(out, "%s:%d:%d: %s: ", path ? path : "<input>", line, col, kind);
    vfprintf(out, fmt, ap);
    fputc('\n', out);
    diag_show_line(out, text, loc);
}

/* Print a message at a token (tok may be NULL for synthesised nodes). */
static void diag_vtok(Diag *dg, const char *kind, const Token *tok, const char *fmt, va_list ap) {
    if (!tok || !tok->file) {
        diag_vprint(dg, kind, NULL, NULL, NULL, 0, 0, fmt, ap);
        return;
    }
    diag_vprint(dg, kind, tok->file->path, tok->file->text, tok->loc, tok->line, tok->col, fmt, ap);
}

/* Leave after an error: jump to the recovery point, or end the process when there is none. */
static _Noreturn void diag_bail(Diag *dg) {
    if (dg->out)
        fflush(dg->out);
    if (dg->recover)
        longjmp(*dg->recover, 1);
    exit(1);
}

void diag_error_at(Diag *dg, const Token *tok, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diag_vtok(dg, "error", tok, fmt, ap);
    va_end(ap);
    diag_bail(dg);
}

void diag_error_pos(Diag *dg, const char *path, const char *text, const char *loc, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diag_vprint(dg, "error", path, text, loc, 0, 0, fmt, ap);
    va_end(ap);
    diag_bail(dg);
}

void diag_warn_at(Diag *dg, const Token *tok, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diag_vtok(dg, "warning", tok, fmt, ap);
    va_end(ap);
}

void diag_note_at(Diag *dg, const Token *tok, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    diag_vtok(dg, "note", tok, fmt, ap);
    va_end(ap);
}

int diag_failed(const Diag *dg) { return dg->nerrors > 0 || (dg->werror && dg->nwarnings > 0); }

/* lex.c: the EasyML tokenizer (see lex.h).
 *
 * The whole file becomes a linked list of tokens ending with a TK_EOF token. Whitespace and the
 * three comment forms (// ... , # ... to end of line, and block comments) are skipped; the first
 * block comment, when no token comes before it, is the file's metadata. Keywords (if, elif, else,
 * group, and, or, not) are plain TK_IDENT tokens: the parser decides from context.
 *
 * Positions: `line` and `col` are 1-based, `col` counts bytes. The TK_EOF token sits just after the
 * last non-blank character of the file, so that "expected ..." at the end of the file points at
 * the last line rather than at an empty line after it. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "lex.h"

typedef struct Lexer {
    Arena *ar;
    Diag *dg;
    const SrcFile *file;
    const char *linepos; /* position up to which `line` and `linestart` are known */
    const char *linestart; /* first character of line `line` */
    const char *end; /* end of the text (a NUL before it is an error) */
    int line;
    Token head, *tail;
} Lexer;

/* Punctuators, longest first so that the first match is the longest one. */
static const char *const lex_puncts[] = {
    "->", "+=", "-=", "*=", "/=", "<=", ">=", "==", "!=", "&&", "||", ";", ",", ".", "(",
    ")",  "{",  "}",  "=",  "+",  "-",  "*",  "/",  "%",  "^",  "<",  ">", "!", "?", ":",
};

/* Advance the line bookkeeping to `loc` (loc never goes backwards). */
static void lex_seek(Lexer *lx, const char *loc) {
    for (const char *p = lx->linepos; p < loc; p++)
        if (*p == '\n') {
            lx->line++;
            lx->linestart = p + 1;
        }
    lx->linepos = loc;
}

/* Append a token of `len` bytes at `loc`. */
static Token *lex_push(Lexer *lx, TokKind kind, const char *loc, int len) {
    Token *t = ar_alloc(lx->ar, sizeof *t);
    lex_seek(lx, loc);
    t->kind = kind;
    t->loc = loc;
    t->len = len;
    t->line = lx->line;
    t->col = (int)(loc - lx->linestart) + 1;
    t->file = lx->file;
    lx->tail->next = t;
    lx->tail = t;
    return t;
}

static int lex_is_ident1(int c) { return isalpha(c) || c == '_'; }
static int lex_is_ident2(int c) { return isalnum(c) || c == '_'; }

/* Scan a C floating literal starting at p (a digit, or '.' followed by a digit):
 *     digits [ "." digits? ] [ ("e"|"E") ("+"|"-")? digits ]   |   "." digits [ exponent ]
 * Returns the end. Anything glued to it that could continue a number or a name (`1e`, `1.2.3`,
 * `2x`, `0x1F`) is an error that quotes the whole glued word. */
static const char *lex_number(Lexer *lx, const char *p, double *val) {
    const char *q = p;
    int ok = 1;
    while (isdigit((unsigned char)*q))
        q++;
    if (*q == '.') {
        q++;
        while (isdigit((unsigned char)*q))
            q++;
    }
    if (*q == 'e' || *q == 'E') {
        const char *r = q + 1;
        if (*r == '+' || *r == '-')
            r++;
        if (isdigit((unsigned char)*r)) {
            while (isdigit((unsigned char)*r))
                r++;
            q = r;
        } else {
            ok = 0;
        }
    }
    if (!ok || lex_is_ident2((unsigned char)*q) || *q == '.') {
        const char *r = q;
        while (lex_is_ident2((unsigned char)*r) || *r == '.' ||
               ((*r == '+' || *r == '-') && (r[-1] == 'e' || r[-1] == 'E')))
            r++;
        diag_error_pos(lx->dg, lx->file->path, lx->file->text, p, "malformed number '%.*s'", (int)(r - p), p);
    }
    char *copy = ar_strndup(lx->ar, p, (size_t)(q - p));
    *val = strtod(copy, NULL);
    return q;
}

/* Length of the UTF-8 sequence at p (2 to 4 bytes, overlong forms and surrogates refused), or 0
 * when p does not start one; its code point in *cp. */
static int lex_utf8(const unsigned char *p, unsigned *cp) {
    int n = p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : p[0] >= 0xe0 ? 3 : p[0] >= 0xc2 ? 2 : 0;
    if (n == 0 || (n == 3 && p[0] > 0xef))
        return 0;
    unsigned c = p[0] & (0x7f >> n);
    for (int i = 1; i < n; i++) {
        if ((p[i] & 0xc0) != 0x80)
            return 0;
        c = c << 6 | (p[i] & 0x3f);
    }
    if ((n == 3 && (c < 0x800 || (c >= 0xd800 && c <= 0xdfff))) || (n == 4 && (c < 0x10000 || c > 0x10ffff)))
        return 0;
    *cp = c;
    return n;
}

/* A character the language has no use for, at p: a located error that names it (a NUL byte, a
 * control character, a non-ASCII character with its code point, or a byte that is not UTF-8).
 * Never returns. */
static _Noreturn void lex_bad_char(Lexer *lx, const char *p) {
    const SrcFile *f = lx->file;
    unsigned char c = (unsigned char)*p;
    unsigned cp;
    int n;
    if (c == '&' || c == '|')
        diag_error_pos(lx->dg, f->path, f->text, p, "invalid character '%c' (did you mean '%c%c'?)", c, c, c);
    if (c == 0)
        diag_error_pos(lx->dg, f->path, f->text, p,
                       "invalid character: a NUL byte (is this a "
                       "text file?)");
    if (c < 0x80 && isprint(c))
        diag_error_pos(lx->dg, f->path, f->text, p, "invalid character '%c'", c);
    if (c < 0x80)
        diag_error_pos(lx->dg, f->path, f->text, p, "invalid control character '\\x%02x'", c);
    if ((n = lex_utf8((const unsigned char *)p, &cp)) > 0)
        diag_error_pos(lx->dg, f->path, f->text, p,
                       "invalid character '%.*s' (U+%04X): names and "
                       "operators are ASCII; non-ASCII text belongs in comments",
                       n, p, cp);
    diag_error_pos(lx->dg, f->path, f->text, p,
                   "invalid byte '\\x%02x': the file is not UTF-8 text "
                   "here",
                   c);
}

/* Skip a block comment starting at p ("/" "*"); return the position after its end.
 * An unterminated comment is an error at its start; a NUL byte inside it, an error where it is. */
static const char *lex_block_comment(Lexer *lx, const char *p) {
    const char *end = strstr(p + 2, "*/");
    if (!end) {
        const char *nul = p + 2 + strlen(p + 2);
        if (nul < lx->end)
            lex_bad_char(lx, nul);
        diag_error_pos(lx->dg, lx->file->path, lx->file->text, p, "unterminated comment");
    }
    return end + 2;
}

/* Tokenise file->text (see lex.h for the contract). */
Token *lex_file(Arena *ar, Diag *dg, const SrcFile *file, const char **meta) {
    Lexer lx = {0};
    lx.ar = ar;
    lx.dg = dg;
    lx.file = file;
    lx.linepos = lx.linestart = file->text;
    lx.line = 1;
    lx.tail = &lx.head;
    lx.end = file->text + (file->len ? file->len : strlen(file->text));
    if (meta)
        *meta = NULL;

    const char *p = file->text;
    const char *last = p; /* end of the last non-blank character seen */
    int seen = 0; /* a token or a block comment came already */
    while (*p) {
        unsigned char c = (unsigned char)*p;
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
            p++;
            continue;
        }
        if (c == '#' || (c == '/' && p[1] == '/')) {
            while (*p && *p != '\n')
                p++;
            last = p;
            while (last > file->text && (last[-1] == '\r' || last[-1] == ' ' || last[-1] == '\t'))
                last--;
            continue;
        }
        if (c == '/' && p[1] == '*') {
            const char *end = lex_block_comment(&lx, p);
            if (!seen && meta)
                *meta = ar_strndup(ar, p + 2, (size_t)(end - 2 - (p + 2)));
            seen = 1;
            p = last = end;
            continue;
        }
        seen = 1;
        if (isdigit(c) || (c == '.' && isdigit((unsigned char)p[1]))) {
            double v;
            const char *q = lex_number(&lx, p, &v);
            Token *t = lex_push(&lx, TK_NUM, p, (int)(q - p));
            t->num = v;
            p = last = q;
            continue;
        }
        if (lex_is_ident1(c)) {
            const char *q = p + 1;
            while (lex_is_ident2((unsigned char)*q))
                q++;
            lex_push(&lx, TK_IDENT, p, (int)(q - p));
            p = last = q;
            continue;
        }
        int plen = 0;
        for (size_t i = 0; i < sizeof lex_puncts / sizeof lex_puncts[0]; i++) {
            size_t n = strlen(lex_puncts[i]);
            if (strncmp(p, lex_puncts[i], n) == 0) {
                plen = (int)n;
                break;
            }
        }
        if (plen) {
            lex_push(&lx, TK_PUNCT, p, plen);
            p = last = p + plen;
            continue;
        }
        lex_bad_char(&lx, p);
    }
    if (p < lx.end)
        lex_bad_char(&lx, p); /* the text stopped at a NUL byte */
    lex_push(&lx, TK_EOF, last, 0);
    return lx.head.next;
}

/* True when the token's text is exactly s (the EOF token matches nothing). */
int lex_is(const Token *t, const char *s) {
    if (!t || t->kind == TK_EOF)
        return 0;
    size_t n = strlen(s);
    return (size_t)t->len == n && memcmp(t->loc, s, n) == 0;
}

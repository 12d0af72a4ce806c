/* lex.h: tokens of EasyML. Module prefix: lex_. */
#ifndef CG_LEX_H
#define CG_LEX_H
#include "arena.h"

typedef enum {
    TK_IDENT,
    TK_NUM,
    TK_PUNCT, /* punctuators: ; , . ( ) { } = += -= *= /= + - * / % ^ < > <= >= == != && || ! ? : -> */
    TK_EOF
} TokKind;

typedef struct SrcFile {
    const char *path; /* as given by the user, for messages */
    const char *text; /* whole file, NUL-terminated */
    size_t len; /* bytes of text, NUL bytes inside it included (0: up to the
                                     first NUL); a NUL before len is a located error */
} SrcFile;

typedef struct Token Token;
struct Token {
    TokKind kind;
    const char *loc; /* first character in file->text */
    int len;
    int line, col; /* 1-based; col counts bytes */
    double num; /* TK_NUM */
    const SrcFile *file;
    Token *next;
};

#include "diag.h"
/* Tokenise the whole file. Comments (//, block, #) are skipped; the first block comment of the file,
 * if it comes before any token, is returned in *meta (NULL otherwise). Errors go to diag. */
Token *lex_file(Arena *ar, Diag *dg, const SrcFile *file, const char **meta);

int lex_is(const Token *t, const char *punct_or_word); /* token text equals s */

#endif

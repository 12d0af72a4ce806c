/* test_lex.c: the EasyML tokenizer: token kinds, numbers, punctuators (longest match), comments,
 * the metadata comment, positions, and lexical errors. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>

#include "frontend.h"
#include "test.h"

static Arena ar;
static const char *meta;
static char errmsg[512];

/* Tokenise src; NULL on error, with the first message line in errmsg. */
static Token *lex(const char *src) {
    char *buf = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&buf, &len);
    SrcFile *f = ar_alloc(&ar, sizeof *f);
    f->path = "l.model";
    f->text = ar_strdup(&ar, src);
    jmp_buf jb;
    Diag dg = {0};
    dg.out = ms;
    dg.recover = &jb;
    Token *volatile toks = NULL;
    if (setjmp(jb) == 0)
        toks = lex_file(&ar, &dg, f, &meta);
    fclose(ms);
    snprintf(errmsg, sizeof errmsg, "%s", buf);
    char *nl = strchr(errmsg, '\n');
    if (nl)
        *nl = '\0';
    free(buf);
    return toks;
}

/* The tokens as "kind:text" separated by spaces (I ident, N number, P punct). */
static const char *kinds(const char *src) {
    Token *t = lex(src);
    if (!t)
        return ar_printf(&ar, "ERR %s", errmsg);
    char *s = "";
    for (; t->kind != TK_EOF; t = t->next)
        s = ar_printf(&ar, "%s%s%c:%.*s", s, *s ? " " : "", "INP"[t->kind], t -> len, t -> loc);
    return s;
}

static void test_kinds(void) {
    ASSERT_EQ_STR("I:x P:= N:1 P:;", kinds("x = 1;"));
    ASSERT_EQ_STR("I:_a1 I:B_2c P:+= P:-= P:*= P:/=", kinds("_a1 B_2c += -= *= /="));
    ASSERT_EQ_STR("P:<= P:>= P:== P:!= P:&& P:|| P:-> P:< P:> P:!= P:?", kinds("<=>===!=&&||-><>!=?"));
    ASSERT_EQ_STR("P:; P:, P:. P:( P:) P:{ P:} P:= P:+ P:- P:* P:/ P:% P:^ P:: P:?",
                  kinds(";,.(){}=+-*/%^:?"));
    ASSERT_EQ_STR("I:sv P:-> I:j", kinds("sv->j"));
    ASSERT_EQ_STR("I:a P:- P:- I:b", kinds("a--b"));
    ASSERT_EQ_STR("I:V P:; P:. I:nodal P:( P:) P:;", kinds("V; .nodal();"));
    ASSERT_EQ_STR("", kinds(""));
    ASSERT_EQ_STR("", kinds("  \n\t\r\n"));
}

/* The value of a source that must be a single number token. */
static double num(const char *src) {
    Token *t = lex(src);
    if (!t || t->kind != TK_NUM || t->next->kind != TK_EOF)
        return -1;
    return t->num;
}

static void test_numbers(void) {
    ASSERT(num("1.") == 1.0);
    ASSERT(num(".05") == 0.05);
    ASSERT(num("1e-3") == 1e-3);
    ASSERT(num("2.5E+2") == 250.0);
    ASSERT(num("42") == 42.0);
    ASSERT(num("1.e6") == 1e6);
    ASSERT(num("0.0000001") == 1e-7);
    ASSERT(num("3.14159265358979323846") == 3.14159265358979323846);
    ASSERT(num("007") == 7.0);
    ASSERT(num("1e400") > 1e308); /* overflow is inf, not an error */
    ASSERT_EQ_STR("N:1 P:. I:e", kinds("1 .e"));
    ASSERT_EQ_STR("P:- N:800", kinds("-800"));
    ASSERT_EQ_STR("ERR l.model:1:5: error: malformed number '1e'", kinds("x = 1e;"));
    ASSERT_EQ_STR("ERR l.model:1:1: error: malformed number '1e+'", kinds("1e+;"));
    ASSERT_EQ_STR("ERR l.model:1:1: error: malformed number '1.2.3'", kinds("1.2.3"));
    ASSERT_EQ_STR("ERR l.model:1:3: error: malformed number '2x'", kinds("a 2x"));
    ASSERT_EQ_STR("ERR l.model:1:1: error: malformed number '0x1F'", kinds("0x1F"));
    ASSERT_EQ_STR("ERR l.model:1:1: error: malformed number '1e-5e'", kinds("1e-5e"));
}

static void test_comments(void) {
    ASSERT_EQ_STR("I:a I:b I:c I:d", kinds("a // x = 1;\nb # y\nc /* z\n w */ d"));
    ASSERT_EQ_STR("I:a P:/ I:b", kinds("a / b"));
    ASSERT_EQ_STR("I:a", kinds("a #"));
    ASSERT_EQ_STR("I:a", kinds("a //"));
    ASSERT_EQ_STR("I:a I:b", kinds("a/**/b"));
    ASSERT_EQ_STR("ERR l.model:2:3: error: unterminated comment", kinds("a\nb /* never\n closed"));
    ASSERT_EQ_STR("ERR l.model:1:1: error: unterminated comment", kinds("/*/"));

    kinds("/* name: m\n * doi */ x = 1; /* later */");
    ASSERT_EQ_STR(" name: m\n * doi ", meta);
    kinds("// a line comment first\n# and another\n/*meta*/ x;");
    ASSERT_EQ_STR("meta", meta);
    kinds("x; /* not meta */");
    ASSERT(meta == NULL);
    kinds("/* first */ /* second */ x;");
    ASSERT_EQ_STR(" first ", meta);
    kinds("/**/");
    ASSERT_EQ_STR("", meta);
}

static void test_positions(void) {
    Token *t = lex("a = 1;\n\tbb  += .5; // c\n\n  /* x\n */ c");
    ASSERT(t != NULL);
    if (!t)
        return;
    ASSERT_EQ_INT(1, t->line);
    ASSERT_EQ_INT(1, t->col);
    t = t->next->next->next; /* ; */
    ASSERT_EQ_INT(1, t->line);
    ASSERT_EQ_INT(6, t->col);
    t = t->next; /* bb */
    ASSERT_EQ_INT(2, t->line);
    ASSERT_EQ_INT(2, t->col); /* byte column: the tab is one */
    ASSERT_EQ_INT(2, t->len);
    t = t->next; /* += */
    ASSERT_EQ_INT(6, t->col);
    t = t->next; /* .5 */
    ASSERT_EQ_INT(9, t->col);
    ASSERT(t->num == 0.5);
    t = t->next->next; /* c */
    ASSERT_EQ_INT(5, t->line);
    ASSERT_EQ_INT(5, t->col);
    ASSERT(lex_is(t, "c"));
    ASSERT(!lex_is(t, "cc"));
    t = t->next;
    ASSERT_EQ_INT(TK_EOF, t->kind);
    ASSERT_EQ_INT(5, t->line);
    ASSERT_EQ_INT(6, t->col);
    ASSERT(!lex_is(t, ""));

    /* the end of file sits on the last non-blank line */
    t = lex("x = 1;\n// trailing  \n\n\n");
    while (t && t->kind != TK_EOF)
        t = t->next;
    ASSERT(t && t->line == 2 && t->col == 12);
    t = lex("");
    ASSERT(t && t->kind == TK_EOF && t->line == 1 && t->col == 1);
}

/* The whole message of lexing text (n bytes, NULs inside included; 0: up to the first NUL) as
 * z.model, or "no error"; exactly one error must be counted. */
static const char *lex_message(const char *text, size_t n) {
    char *buf = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&buf, &len);
    SrcFile f = {"z.model", text, n};
    jmp_buf jb;
    Diag dg = {0};
    dg.out = ms;
    dg.recover = &jb;
    if (setjmp(jb) == 0)
        lex_file(&ar, &dg, &f, NULL);
    fclose(ms);
    ASSERT(diag_failed(&dg));
    const char *r = ar_strdup(&ar, buf && dg.nerrors == 1 ? buf : "no error");
    free(buf);
    return r;
}

static void test_errors(void) {
    ASSERT_EQ_STR("ERR l.model:2:5: error: invalid character '@'", kinds("x = 1;\ny = @;"));
    ASSERT_EQ_STR("ERR l.model:1:3: error: invalid character '&' (did you mean '&&'?)", kinds("a & b"));
    ASSERT_EQ_STR("ERR l.model:1:3: error: invalid character '|' (did you mean '||'?)", kinds("a | b"));
    ASSERT_EQ_STR("ERR l.model:1:2: error: invalid character '\xc3\xa9' (U+00E9): names and operators "
                  "are ASCII; non-ASCII text belongs in comments",
                  kinds("a\xc3\xa9"));
    ASSERT_EQ_STR("ERR l.model:2:3: error: invalid byte '\\xff': the file is not UTF-8 text here",
                  kinds("x;\ny \xff;"));
    ASSERT_EQ_STR("ERR l.model:1:3: error: invalid byte '\\xe2': the file is not UTF-8 text here",
                  kinds("x \xe2\x82;")); /* a truncated sequence */
    ASSERT_EQ_STR("ERR l.model:1:3: error: invalid control character '\\x01'", kinds("x \x01;"));
    /* non-ASCII text in comments is fine (UTF-8 or not) */
    ASSERT_EQ_STR("I:x P:;", kinds("x; // \xc2\xb5M \xff\n/* \xe9t\xe9 */"));
    ASSERT_EQ_STR("ERR l.model:1:1: error: invalid character '\"'", kinds("\"s\""));

    /* the full message: line, source line, caret under the column with tabs kept */
    ASSERT_EQ_STR("z.model:2:8: error: invalid character '$'\n\ty = 2 $ 3;\n\t      ^\n",
                  lex_message("x = 1;\n\ty = 2 $ 3;\n", 0));
}

/* A file with a NUL byte: a located error with the line and a caret, wherever the byte is (code,
 * line comment, block comment, last byte). */
static void test_nul(void) {
#define NUL_AT(pos) "z.model:" pos ": error: invalid character: a NUL byte (is this a text file?)\n"
#define NUL_CASE(text, want) \
    { text, sizeof text - 1, want }
    static const struct {
        const char *text;
        size_t n; /* with the NUL inside */
        const char *want;
    } cases[] = {NUL_CASE("x = 1;\ny = 2\0;\n", NUL_AT("2:6") "y = 2\n     ^\n"),
                 NUL_CASE("x = 1; // a\0b\ny;", NUL_AT("1:12") "x = 1; // a\n           ^\n"),
                 NUL_CASE("/* a\n b\0 */ x;", NUL_AT("2:3") " b\n  ^\n"),
                 NUL_CASE("x;\0", NUL_AT("1:3") "x;\n  ^\n")};
#undef NUL_CASE
#undef NUL_AT
    for (size_t k = 0; k < sizeof cases / sizeof *cases; k++)
        ASSERT_EQ_STR(cases[k].want, lex_message(cases[k].text, cases[k].n));
}

static void test_diag(void) {
    char *buf = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&buf, &len);
    SrcFile f = {"w.model", "a = 1;\nb = a;", 0};
    Diag dg = {0};
    dg.out = ms;
    Token *t = lex_file(&ar, &dg, &f, NULL);
    diag_warn_at(&dg, t->next->next->next->next->next->next, "unused '%s'", "a");
    diag_note_at(&dg, t, "defined here");
    fclose(ms);
    ASSERT_EQ_STR("w.model:2:5: warning: unused 'a'\nb = a;\n    ^\n"
                  "w.model:1:1: note: defined here\na = 1;\n^\n",
                  buf);
    ASSERT_EQ_INT(1, dg.nwarnings);
    ASSERT_EQ_INT(0, dg.nerrors);
    ASSERT(!diag_failed(&dg));
    dg.werror = 1;
    ASSERT(diag_failed(&dg));
    free(buf);
}

int main(void) {
    test_kinds();
    test_numbers();
    test_comments();
    test_positions();
    test_errors();
    test_nul();
    test_diag();
    ar_free(&ar);
    return TEST_DONE();
}

/* test_parse.c: the EasyML parser: precedence and associativity (through a fully parenthesised
 * dump of the tree), every statement form, markups, groups, if/elif/else, ast_print, and a
 * parse -> print -> parse -> print round trip over every model of the corpus. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <stdlib.h>
#include <unistd.h>

#include "frontend.h"
#include "test.h"

static const char *const kind_name[] = {
    [EX_NEG] = "neg", [EX_NOT] = "not", [EX_ADD] = "+",  [EX_SUB] = "-", [EX_MUL] = "*",  [EX_DIV] = "/",
    [EX_MOD] = "%",   [EX_POW] = "^",   [EX_LT] = "<",   [EX_GT] = ">",  [EX_LE] = "<=",  [EX_GE] = ">=",
    [EX_EQ] = "==",   [EX_NE] = "!=",   [EX_AND] = "&&", [EX_OR] = "||", [EX_COND] = "?",
};

/* Fully parenthesised prefix dump of a tree: (op a b), names and %g numbers as atoms. */
static void dump(FILE *out, const Expr *e) {
    if (e->kind == EX_NUM) {
        fprintf(out, "%g", e->num);
        return;
    }
    if (e->kind == EX_VAR) {
        fputs(e->name, out);
        return;
    }
    fprintf(out, "(%s", e->kind == EX_CALL ? ex_fn_name(e->fn) : kind_name[e->kind]);
    for (int i = 0; i < e->nargs; i++) {
        fputc(' ', out);
        dump(out, e->a[i]);
    }
    fputc(')', out);
}

static Arena ar;

/* Parse `src`; on error return NULL and put the first message line in *msg (when msg != NULL). */
static Ast *parse_str(const char *src, char **msg, int *nwarn) {
    char *buf = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&buf, &len);
    SrcFile *f = ar_alloc(&ar, sizeof *f);
    f->path = "t.model";
    f->text = ar_strdup(&ar, src);
    Diag dg = {0};
    dg.out = ms;
    Ast *ast = fe_parse(&ar, &dg, f);
    fclose(ms);
    char *nl = strchr(buf, '\n');
    if (nl)
        *nl = '\0';
    if (msg)
        *msg = ar_strdup(&ar, buf);
    if (nwarn)
        *nwarn = dg.nwarnings;
    free(buf);
    return ast;
}

/* The tree of `x = <src>;` in prefix form, or "ERR: message". */
static const char *tree(const char *src) {
    char *msg;
    Ast *ast = parse_str(ar_printf(&ar, "x = %s;", src), &msg, NULL);
    if (!ast)
        return ar_printf(&ar, "ERR: %s", msg);
    char *buf = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&buf, &len);
    dump(ms, ast->stmts->value);
    fclose(ms);
    const char *r = ar_strdup(&ar, buf);
    free(buf);
    return r;
}

/* ast_print of the parse of src, or "ERR: message". */
static const char *printed(const char *src) {
    char *msg;
    Ast *ast = parse_str(src, &msg, NULL);
    if (!ast)
        return ar_printf(&ar, "ERR: %s", msg);
    char *buf = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&buf, &len);
    ast_print(ms, ast);
    fclose(ms);
    const char *r = ar_strdup(&ar, buf);
    free(buf);
    return r;
}

static void test_precedence(void) {
    ASSERT_EQ_STR("(+ a (* b c))", tree("a + b * c"));
    ASSERT_EQ_STR("(- (- a b) c)", tree("a - b - c"));
    ASSERT_EQ_STR("(/ (/ a b) c)", tree("a / b / c"));
    ASSERT_EQ_STR("(* (% a b) c)", tree("a % b * c"));
    ASSERT_EQ_STR("(* (+ a b) c)", tree("(a + b) * c"));
    ASSERT_EQ_STR("(neg (^ x 2))", tree("-x^2"));
    ASSERT_EQ_STR("(^ (neg x) 2)", tree("(-x)^2"));
    ASSERT_EQ_STR("(^ 2 (^ 3 2))", tree("2^3^2"));
    ASSERT_EQ_STR("(^ 2 (neg x))", tree("2^-x"));
    ASSERT_EQ_STR("(* (^ a b) c)", tree("a^b*c"));
    ASSERT_EQ_STR("(+ (not a) b)", tree("!a + b"));
    ASSERT_EQ_STR("(neg (neg x))", tree("- -x"));
    ASSERT_EQ_STR("x", tree("+x"));
    ASSERT_EQ_STR("(== (< a b) (> c d))", tree("a < b == c > d"));
    ASSERT_EQ_STR("(< (< a b) c)", tree("a < b < c"));
    ASSERT_EQ_STR("(<= (+ a 1) (- b 2))", tree("a + 1 <= b - 2"));
    ASSERT_EQ_STR("(|| a (&& b c))", tree("a || b && c"));
    ASSERT_EQ_STR("(|| a (&& b (not c)))", tree("a or b and not c"));
    ASSERT_EQ_STR("(&& (|| a b) c)", tree("(a or b) && c"));
    ASSERT_EQ_STR("(? c a (? d e f))", tree("c ? a : d ? e : f"));
    ASSERT_EQ_STR("(? a (? b c d) e)", tree("a ? b ? c : d : e"));
    ASSERT_EQ_STR("(? (|| a b) (+ c 1) d)", tree("a || b ? c + 1 : d"));
    ASSERT_EQ_STR("(exp (neg x))", tree("exp(-x)"));
    ASSERT_EQ_STR("(pow a (+ b 1))", tree("pow(a, b + 1)"));
    ASSERT_EQ_STR("(atan2 y x)", tree("atan2(y, x)"));
    ASSERT_EQ_STR("(+ exp 1)", tree("exp + 1")); /* a function name is a name elsewhere */
    ASSERT_EQ_STR("(* t dt)", tree("t * dt"));
    ASSERT_EQ_STR("(+ (+ 1 0.05) (+ 0.001 250))", tree("1. + .05 + (1e-3 + 2.5E+2)"));
    ASSERT_EQ_STR("ERR: t.model:1:5: error: unknown function 'foo'", tree("foo(1)"));
    ASSERT_EQ_STR("ERR: t.model:1:5: error: function 'exp' takes 1 argument, got 2", tree("exp(1, 2)"));
    ASSERT_EQ_STR("ERR: t.model:1:9: error: function 'pow' takes 2 arguments, got 1", tree("1 + pow(2)"));
    ASSERT_EQ_STR("ERR: t.model:1:6: error: '->' is not EasyML (only the legacy 'sv->name' is accepted)",
                  tree("a->b"));
    ASSERT_EQ_STR("ERR: t.model:1:5: error: expected an expression, got 'and'", tree("and"));
}

static void test_legacy_pointer(void) {
    char *msg;
    int nwarn;
    Ast *ast = parse_str("I_Na *= sv->j;", &msg, &nwarn);
    ASSERT(ast != NULL);
    ASSERT_EQ_INT(1, nwarn);
    ASSERT_EQ_STR("t.model:1:9: warning: legacy pointer syntax 'sv->j' read as state 'j'", msg);
    if (ast) {
        ASSERT_EQ_INT(ST_ASSIGN, ast->stmts->kind);
        ASSERT_EQ_INT('*', ast->stmts->op);
        ASSERT_EQ_INT(EX_VAR, ast->stmts->value->kind);
        ASSERT_EQ_STR("j", ast->stmts->value->name);
    }
    ASSERT(!parse_str("x = sv->2;", &msg, NULL));
    ASSERT(!parse_str("sv->j = 1;", &msg, NULL));
    ASSERT_EQ_STR("t.model:1:3: error: '->' is not EasyML (only the legacy 'sv->name' is accepted, "
                  "inside expressions)",
                  msg);
}

static void test_statements(void) {
    ASSERT_EQ_STR("x = 1;\nx += 2;\nx -= 3;\nx *= 4;\nx /= 5;\ny;\n",
                  printed("x=1; x+=2; x-=3; x*=4; x/=5; y;"));
    ASSERT_EQ_STR("a = 1;\nb;\n", printed(";; a = 1;; b; ;"));
    /* keywords are names where no statement form applies */
    ASSERT_EQ_STR("if;\ngroup = 2;\nelse = 3;\nx = if + group;\n",
                  printed("if; group = 2; else = 3; x = if + group;"));
    ASSERT_EQ_STR("/* name: m\n   x */\nx = 1;\n", printed("/* name: m\n   x */ x = 1; /* not meta */"));
    ASSERT_EQ_STR("x = a - (b - c);\ny = -x^2 + (-x)^2 + 2^3^2 + (2^3)^2 + 2^-1;\n",
                  printed("x = a - (b - c); y = -x^2 + (-x)^2 + 2^3^2 + (2^3)^2 + 2^-1;"));
    ASSERT_EQ_STR("x = a ? b : c ? d : e;\ny = (a ? b : c) ? d : e;\nz = !(a && b) || - -c;\n",
                  printed("x = a ? b : c ? d : e; y = (a ? b : c) ? d : e; z = not (a and b) or - -c;"));
    ASSERT_EQ_STR("x = 0.1 + 1e-07 + 250 + 1e+300 + 3;\n", printed("x = .1 + 1e-7 + 2.5E+2 + 1e300 + 3.;"));
    /* a chain of 200 unary minus signs prints back as it was read (in parentheses it had nested 400
       deep, past the parser's limit of 256: the fuzzer's finding) */
    char chain[260] = "x = ";
    memset(chain + 4, '-', 200);
    strcpy(chain + 204, "1;");
    const char *once = printed(chain);
    ASSERT_EQ_STR(once, printed(once));
    ASSERT(strncmp(once, "x = - - -", 9) == 0);
    ASSERT_EQ_STR("t.model:1:6: error: expected ';' after the expression, got end of file",
                  printed("x = 1") + 5);
    ASSERT_EQ_STR("t.model:1:6: error: expected ';' after the expression, got 'y'",
                  printed("x = 1\ny = 2;") + 5);
}

static void test_markups(void) {
    ASSERT_EQ_STR("V; .nodal(); .external(Vm);\nIion; .external();\n",
                  printed("V; .nodal(); .external(Vm);\nIion;.external( ) ;"));
    Ast *ast = parse_str("V; .lookup(-800, 800, 0.05); .units(uA/cm^2); .flag(EPI, ENDO); .method(cvode);"
                         "x = 1; .lb(1e-7); .ub(-(2)); .param(); .trace(); .regional(); .store();",
                         NULL, NULL);
    ASSERT(ast != NULL);
    if (!ast)
        return;
    Markup *m = ast->stmts->markups;
    ASSERT_EQ_STR("lookup", m->name);
    ASSERT_EQ_INT(3, m->nargs);
    ASSERT_EQ_STR("-800", m->args[0].text);
    ASSERT(m->args[0].expr && m->args[0].expr->kind == EX_NEG);
    ASSERT_EQ_STR("0.05", m->args[2].text);
    ASSERT_EQ_INT(1, m->args[2].tok->line);
    ASSERT_EQ_INT(23, m->args[2].tok->col);
    m = m->next;
    ASSERT_EQ_STR("units", m->name);
    ASSERT_EQ_STR("uA/cm^2", m->args[0].text);
    m = m->next;
    ASSERT_EQ_STR("flag", m->name);
    ASSERT_EQ_INT(2, m->nargs);
    ASSERT_EQ_STR("ENDO", m->args[1].text);
    m = m->next;
    ASSERT_EQ_STR("method", m->name);
    ASSERT_EQ_STR("cvode", m->args[0].text);
    ASSERT(m->next == NULL);
    m = ast->stmts->next->markups;
    ASSERT_EQ_STR("lb", m->name);
    ASSERT_EQ_STR("1e-7", m->args[0].text);
    ASSERT(m->args[0].expr && m->args[0].expr->kind == EX_NUM && m->args[0].expr->num == 1e-7);
    int n = 0;
    for (; m; m = m->next)
        n++;
    ASSERT_EQ_INT(6, n);
    /* a units argument that is no expression keeps its text only */
    ast = parse_str("x; .units(mV/ms*); .units(1/(s));", NULL, NULL);
    ASSERT(ast && !ast->stmts->markups->args[0].expr);
    ASSERT(ast && ast->stmts->markups->next->args[0].expr);
    ASSERT_EQ_STR("x; .units(mV/ms*); .units(1/(s));\n", printed("x; .units(mV/ms*); .units(1/(s));"));
    for (const char *const *s =
             (const char *const[]){"fe", "rk2", "rk4", "rush_larsen", "sundnes", "sundnes_half", "markov_be",
                                   "rosenbrock", "cvode", NULL};
         *s; s++)
        ASSERT(parse_str(ar_printf(&ar, "x; .method(%s);", *s), NULL, NULL) != NULL);
}

static void test_groups_and_ifs(void) {
    ASSERT_EQ_STR("group {\n  a = 1;\n  group {\n    b; .trace();\n  } .units(mV);\n} .param(); .nodal();\n",
                  printed("group{a=1;group{b;.trace();}.units(mV);}.param();.nodal();"));
    ASSERT_EQ_STR("group {\n}\nx = 1;\n", printed("group { } x = 1;"));
    const char *want = "if (V < 0) {\n  a = 1;\n} elif (V < 1) {\n  a = 2;\n} elif (V < 2) {\n"
                       "  a = 3;\n} else {\n  a = 4;\n  if (b) {\n    c = 1;\n  }\n}\n";
    ASSERT_EQ_STR(want,
                  printed("if (V<0) {a=1;} elif (V<1) {a=2;} else if (V<2) {a=3;} else {a=4; if(b){c=1;}}"));
    Ast *ast = parse_str("if (a) { x = 1; } else { x = 2; }", NULL, NULL);
    ASSERT(ast && ast->stmts->kind == ST_IF && ast->stmts->narms == 2);
    if (ast) {
        ASSERT(ast->stmts->arms[0].cond != NULL);
        ASSERT(ast->stmts->arms[1].cond == NULL);
        ASSERT(ast->stmts->arms[1].tok && lex_is(ast->stmts->arms[1].tok, "else"));
        ASSERT_EQ_STR("x", ast->stmts->arms[1].body->name);
    }
    ast = parse_str("if (a) {} elif (b) {} elif (c) {} elif (d) {} elif (e) {} elif (f) {} else {}", NULL,
                    NULL);
    ASSERT(ast && ast->stmts->narms == 7);
    ASSERT_EQ_STR("if (a) {\n};\nelse = 1;\nelif;\n", printed("if (a) {}; else = 1; elif;"));
    ASSERT_EQ_STR("if (a) {\n} .trace();\nelse;\n", printed("if (a) {} .trace(); else;"));
    ASSERT_EQ_STR("t.model:1:16: error: expected '{' or 'if' after 'else', got '='",
                  printed("if (a) {} else = 1;") + 5);
}

/* parse -> print -> parse -> print over every model of one corpus folder: the two prints agree. */
static int roundtrip_dir(const char *dir) {
    DIR *d = opendir(dir);
    ASSERT(d != NULL);
    if (!d)
        return 0;
    int n = 0;
    struct dirent *de;
    while ((de = readdir(d))) {
        size_t len = strlen(de->d_name);
        if (len < 7 || strcmp(de->d_name + len - 6, ".model") != 0)
            continue;
        n++;
        Arena a = {0};
        SrcFile f;
        char *path = ar_printf(&a, "%s/%s", dir, de->d_name);
        ASSERT_EQ_INT(0, fe_read_file(path, &f, &a));
        Diag dg = {0};
        dg.out = stderr;
        Ast *ast = fe_parse(&a, &dg, &f);
        ASSERT(ast != NULL);
        ASSERT(ast && ast->stmts != NULL);
        ASSERT_EQ_INT(strstr(de->d_name, "my_MBRDR") ? 1 : 0, dg.nwarnings);
        if (!ast) {
            ar_free(&a);
            continue;
        }
        char *p1 = NULL, *p2 = NULL;
        size_t l1, l2;
        FILE *ms = open_memstream(&p1, &l1);
        ast_print(ms, ast);
        fclose(ms);
        SrcFile f2 = {path, p1, 0};
        dg.out = stderr;
        Ast *ast2 = fe_parse(&a, &dg, &f2);
        ASSERT(ast2 != NULL);
        if (ast2) {
            ms = open_memstream(&p2, &l2);
            ast_print(ms, ast2);
            fclose(ms);
            ASSERT(strcmp(p1, p2) == 0);
            if (strcmp(p1, p2) != 0)
                fprintf(stderr, "round trip differs for %s\n", path);
        }
        free(p1);
        free(p2);
        ar_free(&a);
    }
    closedir(d);
    return n;
}

int main(void) {
    if (chdir(SC_SOURCE_DIR) != 0)
        perror(SC_SOURCE_DIR);
    test_precedence();
    test_legacy_pointer();
    test_statements();
    test_markups();
    test_groups_and_ifs();
    int n = roundtrip_dir("models/cellml") + roundtrip_dir("models/native");
    ASSERT_EQ_INT(58, n); /* 54 CellML exports, 4 native files (models/PROVENANCE.md) */
    ar_free(&ar);
    return TEST_DONE();
}

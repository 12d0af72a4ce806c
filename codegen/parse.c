/* parse.c: recursive-descent parser of EasyML (see ast.h), and ast_print.
 *
 * One function per grammar rule; the rule is written above each function. The whole grammar:
 *
 *   program    = stmts EOF
 *   stmts      = (stmt markups | ";")*
 *   stmt       = if_stmt | group_stmt | assign | decl
 *   if_stmt    = "if" "(" expr ")" block (("elif" | "else" "if") "(" expr ")" block)* ("else" block)?
 *   group_stmt = "group" block
 *   block      = "{" stmts "}"
 *   assign     = ident ("=" | "+=" | "-=" | "*=" | "/=") expr ";"
 *   decl       = ident ";"
 *   markups    = ("." ident "(" (markup_arg ("," markup_arg)*)? ")" ";")*
 *   markup_arg = tokens with balanced parentheses, up to "," or ")" (kept as text, and as an
 *                expression when the tokens form one)
 *   expr       = ternary
 *   ternary    = logor ("?" expr ":" ternary)?
 *   logor      = logand (("||" | "or") logand)*
 *   logand     = equality (("&&" | "and") equality)*
 *   equality   = relational (("==" | "!=") relational)*
 *   relational = additive (("<" | ">" | "<=" | ">=") additive)*
 *   additive   = multiplicative (("+" | "-") multiplicative)*
 *   multiplicative = unary (("*" | "/" | "%") unary)*
 *   unary      = ("-" | "+" | "!" | "not") unary | power
 *   power      = primary ("^" unary)?          -- right-associative, tighter than unary minus
 *   primary    = "(" expr ")" | number | ident "(" (expr ("," expr)*)? ")"
 *              | "sv" "->" ident                -- legacy, read as the name (with a warning)
 *              | ident
 *
 * Keywords: `if` is a keyword only at the start of a statement and followed by "(", `group` only
 * there and followed by "{"; `elif` and `else` only right after the block of an if (elsewhere
 * `else {`, `else if` and `elif (` are errors, any other use is a name). `and`, `or`, `not` are
 * operators inside expressions. `t` and `dt` are ordinary names here.
 *
 * Nothing here recurses without bound: nesting (parentheses, unary operators, ternaries, blocks)
 * is limited to PARSE_MAX_NEST, and the height of each expression tree to PARSE_MAX_HEIGHT (long
 * operator chains are built by loops but later passes recurse over the tree). */
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"
#include "method_names.h"

enum { PARSE_MAX_NEST = 256, PARSE_MAX_HEIGHT = 1000 };

typedef struct Parser {
    Arena *ar;
    Diag *dg;
    const SrcFile *file;
    Token *tok; /* current token */
    Token *prev; /* last consumed token (NULL before the first) */
    int nest; /* current nesting, see parse_enter */
} Parser;

static Expr *parse_expr(Parser *p);
static Expr *parse_ternary(Parser *p);
static Expr *parse_unary(Parser *p);
static Stmt *parse_stmts(Parser *p, int in_block);

/* ------------------------------------------------------------------------------------ helpers */

static int parse_is(Parser *p, const char *s) { return lex_is(p->tok, s); }

/* Consume the current token and return it (EOF is never consumed). */
static Token *parse_next(Parser *p) {
    Token *t = p->tok;
    if (t->kind != TK_EOF) {
        p->prev = t;
        p->tok = t->next;
    }
    return t;
}

/* Consume the current token when its text is s. */
static int parse_accept(Parser *p, const char *s) {
    if (!parse_is(p, s))
        return 0;
    parse_next(p);
    return 1;
}

/* Error just after the last consumed token (for a missing ';' and the like, so that the caret
 * sits where the character is missing rather than on the next line). */
static _Noreturn __attribute__((format(printf, 2, 3))) void parse_error_after(Parser *p, const char *fmt,
                                                                              ...) {
    char msg[256];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (!p->prev)
        diag_error_at(p->dg, p->tok, "%s", msg);
    diag_error_pos(p->dg, p->file->path, p->file->text, p->prev->loc + p->prev->len, "%s", msg);
}

/* Describe a token for messages: 'text', or "end of file". */
static const char *parse_desc(Parser *p, const Token *t) {
    if (t->kind == TK_EOF)
        return "end of file";
    int n = t->len > 40 ? 40 : t->len;
    return ar_printf(p->ar, "'%.*s'", n, t->loc);
}

/* Consume the punctuator s or fail with "expected 's'" at the current token. */
static Token *parse_expect(Parser *p, const char *s) {
    if (!parse_is(p, s))
        diag_error_at(p->dg, p->tok, "expected '%s', got %s", s, parse_desc(p, p->tok));
    return parse_next(p);
}

/* Enter one level of nesting (parenthesis, unary operator, ternary, block); fail beyond the limit.
 * Every recursive path of the parser goes through here, so the C stack stays bounded. */
static void parse_enter(Parser *p, const char *what) {
    if (++p->nest > PARSE_MAX_NEST)
        diag_error_at(p->dg, p->tok, "%s nested too deeply (limit %d)", what, PARSE_MAX_NEST);
}

static void parse_leave(Parser *p) { p->nest--; }

/* True when the tree is taller than `room` (visits at most `room` levels). */
static int parse_too_tall(const Expr *e, int room) {
    if (!e)
        return 0;
    if (room <= 0)
        return 1;
    for (int i = 0; i < e->nargs; i++)
        if (parse_too_tall(e->a[i], room - 1))
            return 1;
    return 0;
}

/* Attach the source token to a new node. */
static Expr *parse_at(Expr *e, const Token *t) {
    e->tok = t;
    return e;
}

/* --------------------------------------------------------------------------------- expressions */

/* primary = "(" expr ")" | number | ident "(" (expr ("," expr)*)? ")" | "sv" "->" ident | ident */
static Expr *parse_primary(Parser *p) {
    Token *t = p->tok;
    if (parse_accept(p, "(")) {
        Expr *e = parse_expr(p);
        if (!parse_is(p, ")"))
            diag_error_at(p->dg, p->tok, "expected ')' to close the '(' at line %d, column %d, got %s",
                          t->line, t->col, parse_desc(p, p->tok));
        parse_next(p);
        return e;
    }
    if (t->kind == TK_NUM) {
        parse_next(p);
        return parse_at(ex_num(p->ar, t->num), t);
    }
    if (t->kind == TK_IDENT && !lex_is(t, "and") && !lex_is(t, "or")) {
        parse_next(p);
        if (parse_is(p, "(")) {
            int fn = ex_fn_lookup(t->loc, t->len);
            if (fn < 0)
                diag_error_at(p->dg, t, "unknown function '%.*s'", t->len, t->loc);
            parse_next(p);
            Expr *args[2] = {NULL, NULL};
            int n = 0;
            if (!parse_is(p, ")")) {
                do {
                    Expr *a = parse_expr(p);
                    if (n < 2)
                        args[n] = a;
                    n++;
                } while (parse_accept(p, ","));
            }
            if (!parse_is(p, ")"))
                diag_error_at(p->dg, p->tok, "expected ',' or ')' in the call of '%.*s', got %s", t->len,
                              t->loc, parse_desc(p, p->tok));
            parse_next(p);
            int want = ex_fn_arity((ExFn)fn);
            if (n != want)
                diag_error_at(p->dg, t, "function '%.*s' takes %d argument%s, got %d", t->len, t->loc, want,
                              want == 1 ? "" : "s", n);
            return parse_at(ex_call(p->ar, (ExFn)fn, args[0], args[1]), t);
        }
        if (parse_is(p, "->")) {
            Token *arrow = p->tok;
            if (lex_is(t, "sv") && arrow->next->kind == TK_IDENT) {
                Token *field = arrow->next;
                diag_warn_at(p->dg, t, "legacy pointer syntax 'sv->%.*s' read as state '%.*s'", field->len,
                             field->loc, field->len, field->loc);
                parse_next(p);
                parse_next(p);
                return parse_at(ex_var(p->ar, ar_strndup(p->ar, field->loc, (size_t)field->len)), field);
            }
            diag_error_at(p->dg, arrow, "'->' is not EasyML (only the legacy 'sv->name' is accepted)");
        }
        return parse_at(ex_var(p->ar, ar_strndup(p->ar, t->loc, (size_t)t->len)), t);
    }
    diag_error_at(p->dg, t, "expected an expression, got %s", parse_desc(p, t));
}

/* power = primary ("^" unary)? */
static Expr *parse_power(Parser *p) {
    Expr *base = parse_primary(p);
    Token *t = p->tok;
    if (!parse_accept(p, "^"))
        return base;
    parse_enter(p, "expression");
    Expr *exponent = parse_unary(p);
    parse_leave(p);
    return parse_at(ex_binary(p->ar, EX_POW, base, exponent), t);
}

/* unary = ("-" | "+" | "!" | "not") unary | power */
static Expr *parse_unary(Parser *p) {
    Token *t = p->tok;
    int neg = lex_is(t, "-"), pos = lex_is(t, "+"), not = lex_is(t, "!") || lex_is(t, "not");
    if (!neg && !pos && !not )
        return parse_power(p);
    parse_next(p);
    parse_enter(p, "expression");
    Expr *e = parse_unary(p);
    parse_leave(p);
    if (pos)
        return e;
    return parse_at(ex_unary(p->ar, neg ? EX_NEG : EX_NOT, e), t);
}

/* The levels of left-associative binary operators, loosest first; level i is
 * level(i + 1) (op level(i + 1))*, the last level's operand is unary. ops[k] (a punctuator or a
 * word; NULL ends them) builds kinds[k].
 *   logor          = logand (("||" | "or") logand)*
 *   logand         = equality (("&&" | "and") equality)*
 *   equality       = relational (("==" | "!=") relational)*
 *   relational     = additive (("<" | ">" | "<=" | ">=") additive)*
 *   additive       = multiplicative (("+" | "-") multiplicative)*
 *   multiplicative = unary (("*" | "/" | "%") unary)* */
static const struct {
    const char *ops[5];
    ExKind kinds[4];
} parse_levels[] = {
    {{"||", "or"}, {EX_OR, EX_OR}}, {{"&&", "and"}, {EX_AND, EX_AND}},
    {{"==", "!="}, {EX_EQ, EX_NE}}, {{"<", ">", "<=", ">="}, {EX_LT, EX_GT, EX_LE, EX_GE}},
    {{"+", "-"}, {EX_ADD, EX_SUB}}, {{"*", "/", "%"}, {EX_MUL, EX_DIV, EX_MOD}},
};
#define PARSE_NLEVELS ((int)(sizeof parse_levels / sizeof parse_levels[0]))

static Expr *parse_level(Parser *p, int level) {
    if (level == PARSE_NLEVELS)
        return parse_unary(p);
    Expr *e = parse_level(p, level + 1);
    for (;;) {
        Token *t = p->tok;
        int k = -1;
        for (int i = 0; parse_levels[level].ops[i] && k < 0; i++)
            if (lex_is(t, parse_levels[level].ops[i]))
                k = i;
        if (k < 0)
            return e;
        parse_next(p);
        e = parse_at(ex_binary(p->ar, parse_levels[level].kinds[k], e, parse_level(p, level + 1)), t);
    }
}

/* ternary = logor ("?" expr ":" ternary)? */
static Expr *parse_ternary(Parser *p) {
    parse_enter(p, "expression");
    Expr *c = parse_level(p, 0); /* logor */
    Token *q = p->tok;
    if (parse_accept(p, "?")) {
        Expr *a = parse_expr(p);
        if (!parse_is(p, ":"))
            diag_error_at(p->dg, p->tok, "expected ':' of the '?' at line %d, column %d, got %s", q->line,
                          q->col, parse_desc(p, p->tok));
        parse_next(p);
        Expr *b = parse_ternary(p);
        c = parse_at(ex_cond(p->ar, c, a, b), q);
    }
    parse_leave(p);
    return c;
}

/* expr = ternary */
static Expr *parse_expr(Parser *p) { return parse_ternary(p); }

/* A complete expression of a statement, condition or markup: checks the height of the tree. */
static Expr *parse_full_expr(Parser *p) {
    Token *start = p->tok;
    Expr *e = parse_expr(p);
    if (parse_too_tall(e, PARSE_MAX_HEIGHT))
        diag_error_at(p->dg, start, "expression nested too deeply (more than %d levels of operators)",
                      PARSE_MAX_HEIGHT);
    return e;
}

/* ------------------------------------------------------------------------------------ markups */

static const char *const parse_markup_names[] = {
    "external", "nodal", "param", "method",   "lookup", "lb",
    "ub",       "trace", "units", "regional", "flag",   "store",
};

/* Try to read the tokens [first, end) as one expression, without messages. Returns the tree, or
 * NULL when they are not exactly one expression (units such as `uA/cm^2` usually are one). */
static Expr *parse_try_expr(Parser *p, Token *first, Token *end) {
    Diag *dg = p->dg;
    FILE *out = dg->out;
    jmp_buf *recover = dg->recover;
    int nerrors = dg->nerrors, nwarnings = dg->nwarnings, nest = p->nest;
    Token *prev = p->prev;
    jmp_buf jb;
    Expr *volatile result = NULL;

    dg->out = NULL;
    dg->recover = &jb;
    p->tok = first;
    if (setjmp(jb) == 0) {
        Expr *e = parse_full_expr(p);
        if (p->tok == end)
            result = e;
    }
    dg->out = out;
    dg->recover = recover;
    dg->nerrors = nerrors;
    dg->nwarnings = nwarnings;
    p->nest = nest;
    p->prev = prev;
    p->tok = end;
    return result;
}

/* Does the tree use a name? (Markup numbers must be literal expressions.) */
static int parse_is_name(const Expr *e, const void *ctx) {
    (void)ctx;
    return e->kind == EX_VAR;
}
static int parse_has_name(const Expr *e) { return e && ex_any(e, parse_is_name, NULL); }

/* Is the argument a single identifier? */
static int parse_arg_is_ident(const MarkupArg *a) {
    return a->tok->kind == TK_IDENT && (size_t)a->tok->len == strlen(a->text);
}

/* Is the argument a number (an expression of literals only)? */
static int parse_arg_is_number(const MarkupArg *a) { return a->expr && !parse_has_name(a->expr); }

/* Check the argument shapes that are syntax: counts, method names, numbers, identifiers. */
static void parse_check_markup(Parser *p, const Markup *m) {
    const char *n = m->name;
    if (!strcmp(n, "method")) {
        if (m->nargs != 1)
            diag_error_at(p->dg, m->tok, "'.method' takes one argument, the integration method");
        const MarkupArg *a = &m->args[0];
        if (!parse_arg_is_ident(a) || mn_lookup(a->text) < 0)
            diag_error_at(p->dg, a->tok, "unknown integration method '%.40s' (accepted: " MN_ACCEPTED ")",
                          a->text);
    } else if (!strcmp(n, "lookup") || !strcmp(n, "lb") || !strcmp(n, "ub")) {
        int want = n[0] == 'l' && n[1] == 'o' ? 3 : 1;
        if (m->nargs != want)
            diag_error_at(p->dg, m->tok, "'.%s' takes %s, got %d argument%s", n,
                          want == 3 ? "three numbers (min, max, step)" : "one number", m->nargs,
                          m->nargs == 1 ? "" : "s");
        for (int i = 0; i < m->nargs; i++)
            if (!parse_arg_is_number(&m->args[i]))
                diag_error_at(p->dg, m->args[i].tok, "argument of '.%s' must be a number, got '%.40s'", n,
                              m->args[i].text);
    } else if (!strcmp(n, "external")) {
        if (m->nargs > 1)
            diag_error_at(p->dg, m->tok, "'.external' takes at most one argument, the host name");
        if (m->nargs == 1 && !parse_arg_is_ident(&m->args[0]))
            diag_error_at(p->dg, m->args[0].tok, "argument of '.external' must be a name, got '%.40s'",
                          m->args[0].text);
    } else if (!strcmp(n, "units")) {
        if (m->nargs != 1)
            diag_error_at(p->dg, m->tok, "'.units' takes one argument, got %d", m->nargs);
    } else if (!strcmp(n, "flag")) {
        if (m->nargs < 1)
            diag_error_at(p->dg, m->tok, "'.flag' takes the list of flag names");
        for (int i = 0; i < m->nargs; i++)
            if (!parse_arg_is_ident(&m->args[i]))
                diag_error_at(p->dg, m->args[i].tok, "flag names must be names, got '%.40s'",
                              m->args[i].text);
    } else if (m->nargs != 0) {
        diag_error_at(p->dg, m->args[0].tok, "'.%s' takes no arguments", n);
    }
}

/* markup_arg = tokens with balanced parentheses up to "," or ")" at depth 0.
 * Fills *arg; leaves p->tok on the "," or ")" that ends it. */
static void parse_markup_arg(Parser *p, const Markup *m, MarkupArg *arg) {
    Token *first = p->tok, *last = NULL;
    long depth = 0;
    for (;;) {
        Token *t = p->tok;
        if (t->kind == TK_EOF || lex_is(t, ";") || lex_is(t, "{") || lex_is(t, "}"))
            diag_error_at(p->dg, t, "expected ')' to close '.%s(', got %s", m->name, parse_desc(p, t));
        if (depth == 0 && (lex_is(t, ",") || lex_is(t, ")")))
            break;
        if (lex_is(t, "("))
            depth++;
        else if (lex_is(t, ")"))
            depth--;
        last = t;
        parse_next(p);
    }
    if (!last)
        diag_error_at(p->dg, p->tok, "empty argument in '.%s(...)'", m->name);
    arg->tok = first;
    arg->text = ar_strndup(p->ar, first->loc, (size_t)(last->loc + last->len - first->loc));
    arg->expr = parse_try_expr(p, first, p->tok);
}

/* markup = "." ident "(" (markup_arg ("," markup_arg)*)? ")" ";" */
static Markup *parse_markup(Parser *p) {
    parse_expect(p, ".");
    Token *name = p->tok;
    if (name->kind != TK_IDENT)
        diag_error_at(p->dg, name, "expected a markup name after '.', got %s", parse_desc(p, name));
    int known = 0;
    for (size_t i = 0; i < sizeof parse_markup_names / sizeof parse_markup_names[0]; i++)
        known |= lex_is(name, parse_markup_names[i]);
    if (!known)
        diag_error_at(p->dg, name, "unknown markup '.%.*s'", name->len, name->loc);
    parse_next(p);

    Markup *m = ar_alloc(p->ar, sizeof *m);
    m->name = ar_strndup(p->ar, name->loc, (size_t)name->len);
    m->tok = name;
    if (!parse_is(p, "("))
        diag_error_at(p->dg, p->tok, "expected '(' after '.%s', got %s", m->name, parse_desc(p, p->tok));
    parse_next(p);
    int cap = 0;
    if (!parse_is(p, ")")) {
        for (;;) {
            m->args = ar_grow(p->ar, m->args, m->nargs, &cap, sizeof *m->args);
            parse_markup_arg(p, m, &m->args[m->nargs++]);
            if (!parse_accept(p, ","))
                break;
        }
    }
    parse_expect(p, ")");
    if (!parse_is(p, ";"))
        parse_error_after(p, "expected ';' after '.%s(...)'", m->name);
    parse_next(p);
    parse_check_markup(p, m);
    return m;
}

/* markups = markup* */
static void parse_markups(Parser *p, Stmt *st) {
    Markup **tail = &st->markups;
    while (*tail)
        tail = &(*tail)->next;
    while (parse_is(p, ".")) {
        *tail = parse_markup(p);
        tail = &(*tail)->next;
    }
}

/* --------------------------------------------------------------------------------- statements */

static Stmt *parse_new_stmt(Parser *p, StKind kind, const Token *tok) {
    Stmt *st = ar_alloc(p->ar, sizeof *st);
    st->kind = kind;
    st->tok = tok;
    return st;
}

/* block = "{" stmts "}" */
static Stmt *parse_block(Parser *p) {
    Token *open = p->tok;
    if (!parse_is(p, "{"))
        diag_error_at(p->dg, p->tok, "expected '{', got %s", parse_desc(p, p->tok));
    parse_next(p);
    parse_enter(p, "block");
    Stmt *body = parse_stmts(p, 1);
    parse_leave(p);
    if (!parse_is(p, "}"))
        diag_error_at(p->dg, p->tok, "expected '}' to close the '{' at line %d, column %d, got %s",
                      open->line, open->col, parse_desc(p, p->tok));
    parse_next(p);
    return body;
}

/* "(" expr ")" after if/elif: the condition of one arm. */
static Expr *parse_condition(Parser *p, const Token *kw) {
    if (!parse_is(p, "("))
        diag_error_at(p->dg, p->tok, "expected '(' after '%.*s', got %s", kw->len, kw->loc,
                      parse_desc(p, p->tok));
    parse_next(p);
    if (parse_is(p, ")"))
        diag_error_at(p->dg, p->tok, "empty condition in '%.*s'", kw->len, kw->loc);
    Expr *c = parse_full_expr(p);
    if (!parse_is(p, ")"))
        diag_error_at(p->dg, p->tok, "expected ')' after the condition of '%.*s', got %s", kw->len, kw->loc,
                      parse_desc(p, p->tok));
    parse_next(p);
    return c;
}

/* if_stmt = "if" "(" expr ")" block (("elif" | "else" "if") "(" expr ")" block)* ("else" block)? */
static Stmt *parse_if(Parser *p) {
    Stmt *st = parse_new_stmt(p, ST_IF, p->tok);
    int cap = 0, is_else = 0;
    Token *kw = parse_next(p); /* the if, elif, "else if" or else token */
    for (;;) {
        st->arms = ar_grow(p->ar, st->arms, st->narms, &cap, sizeof *st->arms);
        IfArm *arm = &st->arms[st->narms++];
        arm->tok = kw;
        if (!is_else)
            arm->cond = parse_condition(p, kw);
        arm->body = parse_block(p);
        if (is_else)
            return st;
        kw = p->tok;
        if (parse_accept(p, "elif"))
            continue;
        if (!parse_accept(p, "else"))
            return st;
        if (parse_is(p, "if")) {
            kw = parse_next(p); /* "else if" is elif */
            continue;
        }
        if (!parse_is(p, "{"))
            diag_error_at(p->dg, p->tok, "expected '{' or 'if' after 'else', got %s", parse_desc(p, p->tok));
        is_else = 1;
    }
}

/* group_stmt = "group" block */
static Stmt *parse_group(Parser *p) {
    Stmt *st = parse_new_stmt(p, ST_GROUP, parse_next(p));
    st->body = parse_block(p);
    return st;
}

/* assign = ident ("=" | "+=" | "-=" | "*=" | "/=") expr ";"
 * decl   = ident ";" */
static Stmt *parse_assign_or_decl(Parser *p) {
    Token *name = parse_next(p);
    if (parse_accept(p, ";")) {
        Stmt *st = parse_new_stmt(p, ST_DECL, name);
        st->name = ar_strndup(p->ar, name->loc, (size_t)name->len);
        return st;
    }
    static const char *const ops[] = {"=", "+=", "-=", "*=", "/="};
    int k = -1;
    for (int i = 0; i < 5 && k < 0; i++)
        if (parse_is(p, ops[i]))
            k = i;
    if (k < 0) {
        if (parse_is(p, "->"))
            diag_error_at(p->dg, p->tok,
                          "'->' is not EasyML (only the legacy 'sv->name' is "
                          "accepted, inside expressions)");
        diag_error_at(p->dg, p->tok, "expected '=', '+=', '-=', '*=', '/=' or ';' after '%.*s', got %s",
                      name->len, name->loc, parse_desc(p, p->tok));
    }
    parse_next(p);
    Stmt *st = parse_new_stmt(p, ST_ASSIGN, name);
    st->name = ar_strndup(p->ar, name->loc, (size_t)name->len);
    st->op = ops[k][0];
    st->value = parse_full_expr(p);
    if (!parse_is(p, ";")) {
        if (parse_is(p, ")"))
            diag_error_at(p->dg, p->tok, "unmatched ')'");
        parse_error_after(p, "expected ';' after the expression, got %s", parse_desc(p, p->tok));
    }
    parse_next(p);
    return st;
}

/* stmt = if_stmt | group_stmt | assign | decl  (the caller has checked that tok is an ident) */
static Stmt *parse_stmt(Parser *p) {
    Token *t = p->tok, *n = t->next;
    if (lex_is(t, "if") && lex_is(n, "("))
        return parse_if(p);
    if (lex_is(t, "group") && lex_is(n, "{"))
        return parse_group(p);
    if ((lex_is(t, "else") && (lex_is(n, "{") || lex_is(n, "if"))) || (lex_is(t, "elif") && lex_is(n, "(")))
        diag_error_at(p->dg, t, "'%.*s' without a preceding 'if' block", t->len, t->loc);
    return parse_assign_or_decl(p);
}

/* stmts = (stmt markups | ";")*   (up to "}" in a block, up to EOF at top level) */
static Stmt *parse_stmts(Parser *p, int in_block) {
    Stmt head = {0}, *tail = &head;
    for (;;) {
        Token *t = p->tok;
        if (t->kind == TK_EOF || (in_block && lex_is(t, "}")))
            return head.next;
        if (parse_accept(p, ";"))
            continue;
        if (lex_is(t, "."))
            diag_error_at(p->dg, t->next->kind == TK_IDENT ? t->next : t, "a markup must follow a statement");
        if (lex_is(t, "}"))
            diag_error_at(p->dg, t, "unmatched '}'");
        if (t->kind != TK_IDENT)
            diag_error_at(p->dg, t, "expected a statement, got %s", parse_desc(p, t));
        Stmt *st = parse_stmt(p);
        parse_markups(p, st);
        tail = tail->next = st;
    }
}

/* program = stmts EOF */
Ast *parse_file(Arena *ar, Diag *dg, const SrcFile *file) {
    Parser ps = {0};
    Ast *ast = ar_alloc(ar, sizeof *ast);
    ps.ar = ar;
    ps.dg = dg;
    ps.file = file;
    ast->file = file;
    ps.tok = lex_file(ar, dg, file, &ast->meta);
    ast->stmts = parse_stmts(&ps, 0);
    return ast;
}

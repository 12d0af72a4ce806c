/* ast.h: the syntax tree of an EasyML file, as parsed (before any analysis). Module prefix: ast_. */
#ifndef CG_AST_H
#define CG_AST_H
#include "expr.h"
#include "lex.h"

/* One markup `.name(arg, ...)`. Arguments are kept both as raw source text (identifiers, units such
 * as `uA/cm^2`, flag names) and, when they parse as an expression, as an Expr (numbers, -800, 1e-3). */
typedef struct MarkupArg {
    const char *text; /* source text, trimmed */
    Expr *expr; /* NULL when not an expression */
    const Token *tok; /* first token of the argument */
} MarkupArg;

typedef struct Markup Markup;
struct Markup {
    const char *name; /* "external", "nodal", "method", ... (validated by the parser) */
    int nargs;
    MarkupArg *args;
    const Token *tok; /* the markup's name token */
    Markup *next;
};

typedef enum {
    ST_ASSIGN, /* name op value ;  op is '=', '+', '-', '*', '/' */
    ST_DECL, /* name ; */
    ST_IF, /* if (cond) {body} elif (cond) {body} ... else {body} */
    ST_GROUP /* group { body } */
} StKind;

typedef struct Stmt Stmt;
typedef struct IfArm {
    Expr *cond; /* NULL for the else arm */
    Stmt *body;
    const Token *tok;
} IfArm;

struct Stmt {
    StKind kind;
    const Token *tok; /* first token (the name for ST_ASSIGN/ST_DECL) */
    const char *name; /* ST_ASSIGN, ST_DECL */
    char op; /* ST_ASSIGN */
    Expr *value; /* ST_ASSIGN */
    int narms; /* ST_IF */
    IfArm *arms; /* ST_IF: arms[narms-1].cond == NULL when there is an else */
    Stmt *body; /* ST_GROUP: first statement inside */
    Markup *markups; /* markups applied to this statement (list in source order) */
    Stmt *next; /* next statement in the same block */
};

typedef struct Ast {
    const SrcFile *file;
    const char *meta; /* leading block comment (metadata), or NULL */
    Stmt *stmts; /* top-level statements in source order */
} Ast;

/* Parse a whole file. Errors go through diag (longjmp to dg->recover). */
Ast *parse_file(Arena *ar, Diag *dg, const SrcFile *file);

/* Print the tree back as EasyML (normalised spacing; ast_print.c); used by golden tests. */
void ast_print(FILE *out, const Ast *ast);

#endif

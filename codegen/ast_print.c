/* ast_print.c: the AST printed back as EasyML (ast.h, ast_print), for golden tests and fuzzing:
 * one statement per line, expressions with only the parentheses their precedence needs. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ast.h"

/* Printing precedences, loosest first; PR_PRIMARY never needs parentheses. */
enum { PR_TERNARY = 1, PR_OR, PR_AND, PR_EQ, PR_REL, PR_ADD, PR_MUL, PR_UNARY, PR_POW, PR_PRIMARY };

static int ast_prec(const Expr *e) {
    switch (e->kind) {
        case EX_COND:
            return PR_TERNARY;
        case EX_OR:
            return PR_OR;
        case EX_AND:
            return PR_AND;
        case EX_EQ:
        case EX_NE:
            return PR_EQ;
        case EX_LT:
        case EX_GT:
        case EX_LE:
        case EX_GE:
            return PR_REL;
        case EX_ADD:
        case EX_SUB:
            return PR_ADD;
        case EX_MUL:
        case EX_DIV:
        case EX_MOD:
            return PR_MUL;
        case EX_NEG:
        case EX_NOT:
            return PR_UNARY;
        case EX_POW:
            return PR_POW;
        case EX_NUM:
            return e->num < 0 || signbit(e->num) || isnan(e->num) ? PR_UNARY : PR_PRIMARY;
        default:
            return PR_PRIMARY;
    }
}

static const char *ast_op(ExKind k) {
    static const char *const ops[] = {
        [EX_ADD] = "+", [EX_SUB] = "-", [EX_MUL] = "*",  [EX_DIV] = "/", [EX_MOD] = "%",
        [EX_POW] = "^", [EX_LT] = "<",  [EX_GT] = ">",   [EX_LE] = "<=", [EX_GE] = ">=",
        [EX_EQ] = "==", [EX_NE] = "!=", [EX_AND] = "&&", [EX_OR] = "||",
    };
    return ops[k];
}

/* Print a literal with the fewest digits that read back to the same double (integers below
 * 1e15 without exponent). */
static void ast_print_num(FILE *out, double v) {
    if (isnan(v)) {
        fputs("(0.0 / 0.0)", out);
        return;
    }
    if (isinf(v)) {
        fputs(v > 0 ? "1e999" : "(-1e999)", out);
        return;
    }
    char buf[40];
    if (v == floor(v) && fabs(v) < 1e15) {
        fprintf(out, signbit(v) ? "(%.0f)" : "%.0f", v);
        return;
    }
    for (int prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, v);
        if (strtod(buf, NULL) == v)
            break;
    }
    fprintf(out, signbit(v) ? "(%s)" : "%s", buf);
}

/* Print e, in parentheses when it binds looser than `min`. */
static void ast_print_expr(FILE *out, const Expr *e, int min) {
    int prec = ast_prec(e);
    if (prec < min)
        fputc('(', out);
    switch (e->kind) {
        case EX_NUM:
            ast_print_num(out, e->num);
            break;
        case EX_VAR:
            fputs(e->name, out);
            break;
        case EX_NEG:
        case EX_NOT:
            /* a unary operand after a space, not in parentheses: a chain of n operators nests n
               deep as it was read, not 2n (parse.c's PARSE_MAX_NEST) */
            fputc(e->kind == EX_NEG ? '-' : '!', out);
            if (ast_prec(e->a[0]) == PR_UNARY)
                fputc(' ', out);
            ast_print_expr(out, e->a[0], PR_UNARY);
            break;
        case EX_POW:
            ast_print_expr(out, e->a[0], PR_PRIMARY);
            fputc('^', out);
            ast_print_expr(out, e->a[1], PR_UNARY);
            break;
        case EX_COND:
            ast_print_expr(out, e->a[0], PR_OR);
            fputs(" ? ", out);
            ast_print_expr(out, e->a[1], PR_TERNARY);
            fputs(" : ", out);
            ast_print_expr(out, e->a[2], PR_TERNARY);
            break;
        case EX_CALL:
            fprintf(out, "%s(", ex_fn_name(e->fn));
            for (int i = 0; i < e->nargs; i++) {
                if (i)
                    fputs(", ", out);
                ast_print_expr(out, e->a[i], PR_TERNARY);
            }
            fputc(')', out);
            break;
        default:
            ast_print_expr(out, e->a[0], prec);
            fprintf(out, " %s ", ast_op(e->kind));
            ast_print_expr(out, e->a[1], prec + 1);
            break;
    }
    if (prec < min)
        fputc(')', out);
}

static void ast_print_markups(FILE *out, const Markup *m) {
    for (; m; m = m->next) {
        fprintf(out, " .%s(", m->name);
        for (int i = 0; i < m->nargs; i++)
            fprintf(out, "%s%s", i ? ", " : "", m->args[i].text);
        fputs(");", out);
    }
}

/* Print a list of statements at the given indentation (two spaces per level). */
static void ast_print_stmts(FILE *out, const Stmt *st, int indent) {
    for (; st; st = st->next) {
        fprintf(out, "%*s", 2 * indent, "");
        switch (st->kind) {
            case ST_DECL:
                fprintf(out, "%s;", st->name);
                break;
            case ST_ASSIGN:
                if (st->op == '=')
                    fprintf(out, "%s = ", st->name);
                else
                    fprintf(out, "%s %c= ", st->name, st->op);
                ast_print_expr(out, st->value, PR_TERNARY);
                fputc(';', out);
                break;
            case ST_GROUP:
                fputs("group {\n", out);
                ast_print_stmts(out, st->body, indent + 1);
                fprintf(out, "%*s}", 2 * indent, "");
                break;
            case ST_IF:
                for (int i = 0; i < st->narms; i++) {
                    const IfArm *arm = &st->arms[i];
                    if (arm->cond) {
                        fputs(i ? " elif (" : "if (", out);
                        ast_print_expr(out, arm->cond, PR_TERNARY);
                        fputs(") {\n", out);
                    } else {
                        fputs(" else {\n", out);
                    }
                    ast_print_stmts(out, arm->body, indent + 1);
                    fprintf(out, "%*s}", 2 * indent, "");
                }
                /* a statement named else/elif right after the block would read as another arm */
                if (!st->markups && st->next && st->next->name &&
                    (!strcmp(st->next->name, "else") || !strcmp(st->next->name, "elif")))
                    fputc(';', out);
                break;
        }
        ast_print_markups(out, st->markups);
        fputc('\n', out);
    }
}

/* Print the tree as EasyML: the metadata comment, then one statement per line. */
void ast_print(FILE *out, const Ast *ast) {
    if (ast->meta)
        fprintf(out, "/*%s*/\n", ast->meta);
    ast_print_stmts(out, ast->stmts, 0);
}

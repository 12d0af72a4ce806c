/* fuzz_frontend.c: libFuzzer harness of the EasyML front end (built by tests/codegen/fuzz/run_fuzz.sh with
 * clang -fsanitize=fuzzer,address,undefined; excluded from the normal library build).
 *
 * Each input is parsed as a model (a NUL-terminated copy, messages off) and, when it parses,
 * analysed by the semantic analysis (classification, ordering, methods, Jacobians, tables), as
 * `starcarp codegen --check` does. Besides "no crash, no hang, no leak", every accepted input must
 * survive the round trip: print -> parse -> print gives the same text (a failure aborts, which
 * libFuzzer reports as a crash). */
#define _POSIX_C_SOURCE 200809L
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "frontend.h"
#include "sema.h"

/* ast_print into a malloc'd string. */
static char *fuzz_print(const Ast *ast) {
    char *buf = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&buf, &len);
    if (!ms)
        abort();
    ast_print(ms, ast);
    fclose(ms);
    return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    char *text = malloc(size + 1);
    if (!text)
        return 0;
    memcpy(text, data, size);
    text[size] = '\0';

    Arena ar = {0};
    Diag dg = {0};
    dg.out = NULL;
    SrcFile file = {"fuzz.model", text, size};
    Ast *ast = fe_parse(&ar, &dg, &file);
    if (ast) {
        char *p1 = fuzz_print(ast);
        SrcFile again = {"fuzz-printed.model", p1, 0};
        Diag dg2 = {0};
        Ast *ast2 = fe_parse(&ar, &dg2, &again);
        if (!ast2)
            abort(); /* the printer wrote something the parser rejects */
        char *p2 = fuzz_print(ast2);
        if (strcmp(p1, p2) != 0)
            abort(); /* the round trip changed the tree */
        free(p2);
        free(p1);

        (void)sema_try_analyse(&ar, &dg, ast);
    }
    ar_free(&ar);
    free(text);
    return 0;
}

/* model_text.h: a model text analysed and generated for the code generator's tests (test_emit.c,
 * test_ops.c, test_lut.c, test_inv.c). */
#ifndef SC_TEST_MODEL_TEXT_H
#define SC_TEST_MODEL_TEXT_H
#include "emit.h"
#include "sema.h"
#include "test.h"

/* The model of `text` (file name t.model) through the front end and the analysis with the method
 * overrides (NULL: none), in ar; NULL after a message on stderr when it is not accepted. */
CgModel *mt_analyse(Arena *ar, const char *text, const char *overrides);

/* The same with every option of the analysis (so may be NULL). */
CgModel *mt_analyse_opts(Arena *ar, const char *text, const CgSemaOptions *so);

/* m generated for target (single precision, markov_be Newton iterations, overrides and ident as
 * EmitOptions takes them), as a malloc'ed string; a failed check when the back end refuses it. */
char *mt_generate(const CgModel *m, EmitTarget target, int single, int newton, const char *overrides,
                  const char *ident);

/* Checks that the generated text has, or lacks, a piece. */
#define HAS(text, piece)                                                                          \
    do {                                                                                          \
        t_checks++;                                                                               \
        if (!strstr((text), (piece))) {                                                           \
            t_failures++;                                                                         \
            fprintf(stderr, "%s:%d: generated code lacks \"%s\"\n", __FILE__, __LINE__, (piece)); \
        }                                                                                         \
    } while (0)
#define LACKS(text, piece)                                                                      \
    do {                                                                                        \
        t_checks++;                                                                             \
        if (strstr((text), (piece))) {                                                          \
            t_failures++;                                                                       \
            fprintf(stderr, "%s:%d: generated code has \"%s\"\n", __FILE__, __LINE__, (piece)); \
        }                                                                                       \
    } while (0)

#endif

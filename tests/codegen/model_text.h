/* model_text.h: a model text analysed for the code generator's tests (test_emit.c, test_ops.c). */
#ifndef SC_TEST_MODEL_TEXT_H
#define SC_TEST_MODEL_TEXT_H
#include "sema.h"

/* The model of `text` (file name t.model) through the front end and the analysis with the method
 * overrides (NULL: none), in ar; NULL after a message on stderr when it is not accepted. */
CgModel *mt_analyse(Arena *ar, const char *text, const char *overrides);

/* The same with every option of the analysis (so may be NULL). */
CgModel *mt_analyse_opts(Arena *ar, const char *text, const CgSemaOptions *so);

#endif

/* study_block.c: a drug's block of a current (study.h): its spec and its factor. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study.h"

int study_block_parse(const char *spec, StudyBlock *b, char *err, size_t errlen) {
    const char *eq = strchr(spec, '=');
    size_t n = eq ? (size_t)(eq - spec) : 0;
    if (!eq || n == 0 || n >= sizeof b->current) {
        snprintf(err, errlen, "expected CURRENT=IC50 or CURRENT=IC50:HILL (IC50 in nM), e.g. IKr=12.5:0.9");
        return -1;
    }
    memcpy(b->current, spec, n);
    b->current[n] = '\0';
    char *end;
    b->ic50 = strtod(eq + 1, &end);
    b->hill = 1;
    if (end == eq + 1 || !(b->ic50 > 0) || !isfinite(b->ic50)) {
        snprintf(err, errlen, "the IC50 must be a positive number of nM (got '%s')", eq + 1);
        return -1;
    }
    if (*end == ':') {
        const char *h = end + 1;
        b->hill = strtod(h, &end);
        if (end == h || !(b->hill > 0) || !isfinite(b->hill)) {
            snprintf(err, errlen, "the Hill coefficient must be a positive number (got '%s')", h);
            return -1;
        }
    }
    if (*end) {
        snprintf(err, errlen, "unexpected '%s' after the numbers; expected CURRENT=IC50 or CURRENT=IC50:HILL",
                 end);
        return -1;
    }
    return 0;
}

double study_block_factor(const StudyBlock *b, double d) { return 1.0 / (1.0 + pow(d / b->ic50, b->hill)); }

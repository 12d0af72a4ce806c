/* generate.h: the code generator's work for one model (generate.c), the body of starcarp_info.h's
 * sc_codegen_run (provision/sc_info.c, compiled into libstarcarp and into `starcarp-codegen`). */
#ifndef CG_GENERATE_H
#define CG_GENERATE_H

#include "starcarp_info.h"

/* sc_codegen_run's work (starcarp_info.h): the exit status, 0, 1 or 2. */
int cg_generate(const ScCodegenArgs *a);

#endif

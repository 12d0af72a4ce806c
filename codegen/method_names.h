/* method_names.h: EasyML's integration methods by name (easyml.md 7), one table for the parser
 * (which checks a .method's argument) and the analysis (which maps it to CgMethod, sema.h, whose
 * order the table follows). Module prefix: mn_. */
#ifndef CG_METHOD_NAMES_H
#define CG_METHOD_NAMES_H

/* The accepted names, for messages. */
#define MN_ACCEPTED "fe, rk2, rk4, rush_larsen, sundnes, sundnes_half, markov_be, rosenbrock, cvode"

/* The method's index in CgMethod order (sundnes_half is sundnes), or -1 for an unknown name. */
int mn_lookup(const char *name);

/* The name of method index m ("fe" ... "cvode"), or "?" out of range. */
const char *mn_name(int m);

#endif

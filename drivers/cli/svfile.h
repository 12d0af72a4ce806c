/* svfile.h: openCARP's state files (.sv, prefix svf_): one cell's Vm and states, written by bench's
 * --save-ini-file and study's --save-sv, read by bench's --read-ini-file and study's --load-sv.
 *
 * Text, one value per line followed by "# name".
 * The layout starcarp writes (values with %.17g, so that they read back bit for bit):
 *       -86.200000000000003      # Vm
 *       tenTusscherPanfilov
 *       0.00012                  # Ca_i
 *       ...                      (every state, in the model's order)
 * i.e. the global Vm, then the model's name on a line of its own, then the model's states. Reading
 * matches states by name (any order); blank lines and lines starting with '#' are skipped; before
 * the model's name, openCARP's other globals (Iion, Lambda, delLambda, Tension, K_e, Na_e, Ca_e,
 * tension_component; value "-" allowed) are accepted and ignored.
 */
#ifndef SC_SVFILE_H
#define SC_SVFILE_H
#include <stddef.h>

/* The index of the state called name[0..len) among names[nsv], or -1. */
int svf_find(int nsv, const char *const *names, const char *name, size_t len);
/* "; its states: a, b, c" appended to err (truncated to errlen). */
void svf_list(char *err, size_t errlen, int nsv, const char *const *names);

/* Write the state file (layout above). Returns 0, or -1 with "PATH: strerror" in err. */
int svf_save(const char *path, const char *model, int nsv, const char *const *names, const double *sv,
             double vm, char *err, size_t errlen);

/* Read a state file of `model` into sv[nsv] (matched by names) and *vm. Changes nothing on error:
 * returns -1 with "PATH:LINE: ..." for a malformed line, another model's name, an unknown or
 * repeated name, and "PATH: ..." for a missing state, Vm or model line or a read error. */
int svf_load(const char *path, const char *model, int nsv, const char *const *names, double *sv, double *vm,
             char *err, size_t errlen);

#endif

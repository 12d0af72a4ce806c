/* util_int.h: small helpers shared inside libstarcarp (sc_util.c, prefix util_; sc_params.c,
 * prefix params_; not installed). Those that tools use too are public: starcarp_util.h
 * (sc_set_err, sc_now_s, sc_edit_distance). */
#ifndef SC_UTIL_INT_H
#define SC_UTIL_INT_H
#include <stddef.h>

#include "starcarp_util.h"

/* FNV-1a (64-bit) of s continued from h (start with UTIL_FNV_INIT); s NULL adds nothing. */
#define UTIL_FNV_INIT 1469598103934665603ULL
unsigned long long util_fnv(unsigned long long h, const char *s);

/* mkdir -p (path is modified and restored); 0 or -1 (errno). */
int util_make_dirs(char *path);

/* The cache folder of plugins and choices: $STARCARP_CACHE, else $XDG_CACHE_HOME/starcarp, else
 * ~/.cache/starcarp, into buf. */
void util_cache_dir(char *buf, size_t len);

/* The whole file at path as a malloc'd NUL-terminated string (free it), or NULL. */
char *util_read_text(const char *path);

/* The next row of a tab-separated table held in *pos (modified in place: the row's line ends and
 * tabs become NULs): comment ('#') and blank lines skipped, the row's first columns (at most ncol)
 * into col, *pos moved past its line. The number of columns stored, or -1 at the end of the text. */
int util_tsv_row(char **pos, char **col, int ncol);

/* Parameter sets (sc_params.c; docs/parameters.md). params_moved: moved[q] (nparams) := whether
 * parameter q moves when parameter k of values (derived with given, which may be NULL) is changed
 * and the set derived again (ScModelDesc.param_derive): the parameters computed from k; with
 * generic, every other parameter is first moved off its value too, so that a factor that is 0
 * here hides no dependence. 0, or -1 (out of memory). (sc_params_pinned is public: starcarp.h.) */
struct ScModelDesc;
int params_moved(const struct ScModelDesc *d, const double *values, const unsigned char *given, int k,
                 int generic, unsigned char *moved);

#endif

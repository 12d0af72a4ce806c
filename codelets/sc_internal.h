/* sc_internal.h: small helpers shared inside libstarcarp (sc_util.c; not installed). The drivers,
 * benches and tests that link libstarcarp use them too, so that each exists once. */
#ifndef SC_INTERNAL_H
#define SC_INTERNAL_H
#include <stddef.h>

/* printf-style message into err (nothing when err is NULL or len is 0). */
void sc_set_err(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Seconds on the monotonic clock (wall times, progress). */
double sc_now_s(void);

/* FNV-1a (64-bit) of s continued from h (start with SC_FNV_INIT); s NULL adds nothing. */
#define SC_FNV_INIT 1469598103934665603ULL
unsigned long long sc_fnv(unsigned long long h, const char *s);

/* mkdir -p (path is modified and restored); 0 or -1 (errno). */
int sc_make_dirs(char *path);

/* The cache folder of plugins and choices: $STARCARP_CACHE, else $XDG_CACHE_HOME/starcarp, else
 * ~/.cache/starcarp, into buf. */
void sc_cache_dir(char *buf, size_t len);

/* Edit distance (insertions, deletions, substitutions) between two short strings, ignoring case
 * when nocase; 1000 when either is longer than 96 characters. For "did you mean" hints. */
int sc_edit_distance(const char *a, const char *b, int nocase);

#endif

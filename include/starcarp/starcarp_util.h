/* starcarp_util.h: small utilities of libstarcarp that tools built on it share (installed; prefix
 * sc_). The `starcarp` command uses them rather than keeping copies of its own. */
#ifndef STARCARP_UTIL_H
#define STARCARP_UTIL_H
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* printf-style message into err (nothing when err is NULL or len is 0). */
void sc_set_err(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* Seconds on the monotonic clock (wall times, progress). */
double sc_now_s(void);

/* Edit distance (insertions, deletions, substitutions) between two short strings, ignoring case
 * when nocase; 1000 when either is longer than 96 characters. For "did you mean" hints. */
int sc_edit_distance(const char *a, const char *b, int nocase);

#ifdef __cplusplus
}
#endif
#endif

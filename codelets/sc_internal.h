/* sc_internal.h: helpers shared inside libstarcarp (not installed). */
#ifndef SC_INTERNAL_H
#define SC_INTERNAL_H
#include <stddef.h>

/* printf-style message into err (nothing when err is NULL or len is 0); sc_models.c. */
void sc_set_err(char *err, size_t len, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif

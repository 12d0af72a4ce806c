/* arena.h: bump allocator; everything of one compilation is freed at once (ar_free).
 * Module prefix: ar_. Allocation failure aborts with a message (out of memory is not bad input). */
#ifndef CG_ARENA_H
#define CG_ARENA_H
#include <stddef.h>

typedef struct ArenaBlock ArenaBlock;
typedef struct Arena {
    ArenaBlock *head;
} Arena;

void *ar_alloc(Arena *ar, size_t n); /* zeroed, aligned for any type */
char *ar_strndup(Arena *ar, const char *s, size_t n); /* copy of s[0..n) plus NUL */
char *ar_strdup(Arena *ar, const char *s);
char *ar_printf(Arena *ar, const char *fmt, ...);
/* An array of n items of `size` bytes in arena memory with room for one more: a, or when *cap is n
 * a copy with twice the capacity (4 at first; *cap updated). Grow before appending item n. */
void *ar_grow(Arena *ar, void *a, int n, int *cap, size_t size);
void ar_free(Arena *ar); /* frees every block; arena reusable */

#endif

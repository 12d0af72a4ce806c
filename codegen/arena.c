/* arena.c: bump allocator. Memory comes in blocks of at least AR_BLOCK bytes; a request larger
 * than a block gets a block of its own. Every allocation is zeroed and 16-byte aligned. */
#include "arena.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define AR_BLOCK ((size_t)64 * 1024)
#define AR_ALIGN ((size_t)16)

struct ArenaBlock {
    ArenaBlock *next;
    size_t size; /* usable bytes in data[] */
    size_t used;
    _Alignas(16) unsigned char data[];
};

/* Round n up to a multiple of AR_ALIGN; aborts when that overflows. */
static size_t align_up(size_t n) {
    if (n > SIZE_MAX - AR_ALIGN) {
        fprintf(stderr, "starcarp: out of memory (arena request of %zu bytes)\n", n);
        abort();
    }
    return (n + AR_ALIGN - 1) & ~(AR_ALIGN - 1);
}

/* A new block with at least `size` usable bytes, zeroed; aborts on allocation failure. */
static ArenaBlock *new_block(size_t size) {
    if (size > SIZE_MAX - sizeof(ArenaBlock)) {
        fprintf(stderr, "starcarp: out of memory (arena block of %zu bytes)\n", size);
        abort();
    }
    ArenaBlock *b = calloc(1, sizeof(ArenaBlock) + size);
    if (!b) {
        fprintf(stderr, "starcarp: out of memory (arena block of %zu bytes)\n", size);
        abort();
    }
    b->size = size;
    return b;
}

/* n zeroed bytes aligned to 16. Small requests are carved from the head block; a request that
 * does not fit in a standard block gets its own block, linked behind the head so that the head's
 * free space stays usable. */
void *ar_alloc(Arena *ar, size_t n) {
    n = align_up(n ? n : 1);
    ArenaBlock *h = ar->head;
    if (h && h->size - h->used >= n) {
        void *p = h->data + h->used;
        h->used += n;
        return p;
    }
    if (n > AR_BLOCK / 4) {
        ArenaBlock *b = new_block(n);
        b->used = n;
        if (h) {
            b->next = h->next;
            h->next = b;
        } else {
            ar->head = b;
        }
        return b->data;
    }
    ArenaBlock *b = new_block(AR_BLOCK);
    b->next = h;
    ar->head = b;
    b->used = n;
    return b->data;
}

char *ar_strndup(Arena *ar, const char *s, size_t n) {
    char *p = ar_alloc(ar, n + 1);
    memcpy(p, s, n);
    p[n] = '\0';
    return p;
}

char *ar_strdup(Arena *ar, const char *s) { return ar_strndup(ar, s, strlen(s)); }

void *ar_grow(Arena *ar, void *a, int n, int *cap, size_t size) {
    if (n < *cap)
        return a;
    *cap = *cap ? 2 * *cap : 4;
    void *grown = ar_alloc(ar, (size_t)*cap * size);
    if (n)
        memcpy(grown, a, (size_t)n * size);
    return grown;
}

/* printf into arena memory. Short results are formatted once into a stack buffer. */
char *ar_printf(Arena *ar, const char *fmt, ...) {
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int len = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (len < 0) {
        fprintf(stderr, "starcarp: ar_printf: bad format \"%s\"\n", fmt);
        abort();
    }
    if ((size_t)len < sizeof small)
        return ar_strndup(ar, small, (size_t)len);
    char *p = ar_alloc(ar, (size_t)len + 1);
    va_start(ap, fmt);
    vsnprintf(p, (size_t)len + 1, fmt, ap);
    va_end(ap);
    return p;
}

void ar_free(Arena *ar) {
    ArenaBlock *b = ar->head;
    while (b) {
        ArenaBlock *next = b->next;
        free(b);
        b = next;
    }
    ar->head = NULL;
}

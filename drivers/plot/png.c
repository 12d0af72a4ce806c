/* png.c: 8-bit RGB pixels written as a PNG file (plot_write_rgb, plot.h), compressed with zlib.
 *
 * PNG: signature, IHDR (8-bit RGB), one IDAT holding the zlib stream (deflate, level 6) of the
 * filtered scanlines, IEND; chunk CRC-32s by zlib's crc32. Each scanline gets the filter of the
 * five that gives the smallest sum of |bytes| taken as signed (the usual heuristic of PNG
 * writers): maps of nodes repeat rows (filter Up: zeros), plots have flat runs (None, Sub). */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "plot.h"

static void put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* Write one chunk (length, type, data, CRC over type and data); 0 or -1 (errno set). */
static int write_chunk(FILE *fp, const char *type, const unsigned char *data, size_t len) {
    unsigned char hdr[8], tail[4];
    put32(hdr, (uint32_t)len);
    memcpy(hdr + 4, type, 4);
    uLong crc = crc32(crc32(0L, Z_NULL, 0), hdr + 4, 4);
    if (len)
        crc = crc32(crc, data, (uInt)len);
    put32(tail, (uint32_t)crc);
    if (fwrite(hdr, 1, 8, fp) != 8 || (len && fwrite(data, 1, len, fp) != len) || fwrite(tail, 1, 4, fp) != 4)
        return -1;
    return 0;
}

/* The Paeth predictor of PNG's filter type 4. */
static int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/* Filter row `cur` (n bytes; `prev` the row above, NULL for the first) with type t into out. */
static void filter_row(int t, const unsigned char *cur, const unsigned char *prev, size_t n,
                       unsigned char *out) {
    for (size_t i = 0; i < n; i++) {
        int a = i >= 3 ? cur[i - 3] : 0, b = prev ? prev[i] : 0, c = prev && i >= 3 ? prev[i - 3] : 0;
        int pred = t == 1 ? a : t == 2 ? b : t == 3 ? (a + b) / 2 : t == 4 ? paeth(a, b, c) : 0;
        out[i] = (unsigned char)(cur[i] - pred);
    }
}

/* The filtered scanlines of an RGB image (each row: its filter byte, then 3 w bytes); NULL when
 * out of memory. */
static unsigned char *filtered(const unsigned char *pix, int w, int h, size_t *len) {
    size_t n = 3 * (size_t)w, row = 1 + n;
    unsigned char *raw = malloc(row * (size_t)h), *trial = malloc(n);
    if (!raw || !trial) {
        free(raw), free(trial);
        return NULL;
    }
    for (int y = 0; y < h; y++) {
        const unsigned char *cur = pix + (size_t)y * n, *prev = y ? cur - n : NULL;
        unsigned long best = ~0ul;
        for (int t = 0; t < 5; t++) {
            filter_row(t, cur, prev, n, trial);
            unsigned long sum = 0;
            for (size_t i = 0; i < n; i++)
                sum += (unsigned long)abs((int)(signed char)trial[i]);
            if (sum < best) {
                best = sum;
                raw[(size_t)y * row] = (unsigned char)t;
                memcpy(raw + (size_t)y * row + 1, trial, n);
            }
        }
    }
    free(trial);
    *len = row * (size_t)h;
    return raw;
}

/* The zlib stream of the filtered scanlines; *len its size. NULL when out of memory. */
static unsigned char *zlib_stream(const unsigned char *pix, int w, int h, size_t *len) {
    size_t nraw;
    unsigned char *raw = filtered(pix, w, h, &nraw);
    uLongf nz = raw ? compressBound((uLong)nraw) : 0;
    unsigned char *z = raw ? malloc(nz) : NULL;
    if (z && compress2(z, &nz, raw, (uLong)nraw, 6) != Z_OK) {
        free(z);
        z = NULL;
    }
    free(raw);
    *len = nz;
    return z;
}

int plot_write_rgb(const char *path, const unsigned char *pix, int w, int h, char *err, size_t errlen) {
    size_t zlen;
    unsigned char *z = zlib_stream(pix, w, h, &zlen);
    if (!z) {
        errno = ENOMEM;
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    FILE *fp = fopen(path, "wb");
    if (!fp) {
        int e = errno;
        snprintf(err, errlen, "%s: %s", path, strerror(e));
        free(z);
        errno = e;
        return -1;
    }
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    unsigned char ihdr[13];
    put32(ihdr, (uint32_t)w);
    put32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8; /* bit depth */
    ihdr[9] = 2; /* colour type: RGB */
    ihdr[10] = 0; /* compression: deflate */
    ihdr[11] = 0; /* filter method 0 (the five adaptive filters) */
    ihdr[12] = 0; /* no interlace */
    int bad = fwrite(sig, 1, 8, fp) != 8 || write_chunk(fp, "IHDR", ihdr, 13) ||
              write_chunk(fp, "IDAT", z, zlen) || write_chunk(fp, "IEND", NULL, 0);
    int e = errno;
    free(z);
    if (fclose(fp) != 0 && !bad)
        bad = 1, e = errno;
    if (bad) {
        snprintf(err, errlen, "%s: %s", path, strerror(e ? e : EIO));
        errno = e ? e : EIO;
        return -1;
    }
    return 0;
}

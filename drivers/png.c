/* png.c: 8-bit RGB pixels written as a PNG file, with no external library (plot_write_rgb, plot.h).
 *
 * PNG: signature, IHDR (8-bit RGB), one IDAT holding a zlib stream of stored (uncompressed)
 * deflate blocks of at most 65535 bytes with its Adler-32, IEND; chunk CRC-32s are ours. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"

typedef struct Crc {
    uint32_t table[256];
} Crc;

static void crc_init(Crc *c) {
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t v = n;
        for (int k = 0; k < 8; k++)
            v = v & 1 ? 0xedb88320u ^ (v >> 1) : v >> 1;
        c->table[n] = v;
    }
}

/* Continue the CRC-32 crc (0 to start) over len bytes. */
static uint32_t crc_update(const Crc *c, uint32_t crc, const unsigned char *p, size_t len) {
    crc = ~crc;
    for (size_t i = 0; i < len; i++)
        crc = c->table[(crc ^ p[i]) & 0xff] ^ (crc >> 8);
    return ~crc;
}

static void put32(unsigned char *p, uint32_t v) {
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

/* Write one chunk (length, type, data, CRC over type and data); 0 or -1 (errno set). */
static int write_chunk(FILE *fp, const Crc *c, const char *type, const unsigned char *data, size_t len) {
    unsigned char hdr[8], tail[4];
    put32(hdr, (uint32_t)len);
    memcpy(hdr + 4, type, 4);
    uint32_t crc = crc_update(c, 0, hdr + 4, 4);
    crc = crc_update(c, crc, data, len);
    put32(tail, crc);
    if (fwrite(hdr, 1, 8, fp) != 8 || (len && fwrite(data, 1, len, fp) != len) || fwrite(tail, 1, 4, fp) != 4)
        return -1;
    return 0;
}

/* The zlib stream (stored blocks) of the filtered scanlines of an RGB image; *len its size. */
static unsigned char *zlib_stored(const unsigned char *pix, int w, int h, size_t *len) {
    size_t row = 1 + 3 * (size_t)w, raw = row * h, nblk = (raw + 65534) / 65535;
    if (!nblk)
        nblk = 1;
    unsigned char *z = malloc(2 + raw + 5 * nblk + 4);
    if (!z)
        return NULL;
    size_t o = 0, done = 0;
    z[o++] = 0x78; /* deflate, 32K window */
    z[o++] = 0x01; /* no dictionary, fastest; (0x78 << 8 | 0x01) % 31 == 0 */
    uint32_t a = 1, b = 0;
    for (size_t k = 0; k < nblk; k++) {
        size_t n = raw - done < 65535 ? raw - done : 65535;
        z[o++] = k + 1 == nblk; /* BFINAL, BTYPE 00 */
        z[o++] = (unsigned char)n;
        z[o++] = (unsigned char)(n >> 8);
        z[o++] = (unsigned char)~n;
        z[o++] = (unsigned char)(~n >> 8);
        for (size_t i = 0; i < n; i++, done++) {
            size_t r = done / row, c = done % row;
            unsigned char v = c == 0 ? 0 : pix[r * 3 * (size_t)w + c - 1]; /* filter type 0 */
            z[o++] = v;
            a += v;
            if (a >= 65521)
                a -= 65521;
            b += a;
            if (b >= 65521)
                b -= 65521;
        }
    }
    put32(z + o, b << 16 | a);
    *len = o + 4;
    return z;
}

int plot_write_rgb(const char *path, const unsigned char *pix, int w, int h, char *err, size_t errlen) {
    size_t zlen;
    unsigned char *z = zlib_stored(pix, w, h, &zlen);
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
    Crc c;
    crc_init(&c);
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    unsigned char ihdr[13];
    put32(ihdr, (uint32_t)w);
    put32(ihdr + 4, (uint32_t)h);
    ihdr[8] = 8; /* bit depth */
    ihdr[9] = 2; /* colour type: RGB */
    ihdr[10] = 0; /* compression: deflate */
    ihdr[11] = 0; /* filter method 0 */
    ihdr[12] = 0; /* no interlace */
    int bad = fwrite(sig, 1, 8, fp) != 8 || write_chunk(fp, &c, "IHDR", ihdr, 13) ||
              write_chunk(fp, &c, "IDAT", z, zlen) || write_chunk(fp, &c, "IEND", NULL, 0);
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

/* test_plot.c: unit tests of the PNG plotter (drivers/plot.c). Figures are written to a temporary
 * folder and read back with an independent decoder: signature, IHDR, chunk CRCs, the zlib stream
 * (stored blocks only, as the writer makes them) and its Adler-32, filter bytes, and pixels. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#include "plot.h"
#include "test.h"

static char tmpdir[256];

/* A decoded PNG: 8-bit RGB pixels, row by row. */
typedef struct Png {
    int ok;
    long w, h;
    unsigned char *rgb;
} Png;

static uint32_t be32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

/* CRC-32 (bit by bit, independent of the writer's table). */
static uint32_t crc32_bits(const unsigned char *p, size_t n) {
    uint32_t c = 0xffffffffu;
    for (size_t i = 0; i < n; i++) {
        c ^= p[i];
        for (int k = 0; k < 8; k++)
            c = (c >> 1) ^ (0xedb88320u & (0u - (c & 1)));
    }
    return ~c;
}

static unsigned char *read_all(const char *path, size_t *len) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 1 << 16, n = 0;
    unsigned char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            unsigned char *b = realloc(buf, cap *= 2);
            if (!b)
                free(buf);
            buf = b;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

/* Inflate a zlib stream made of stored blocks into out (size want); returns the bytes produced,
 * or -1 when the stream is malformed, uses compressed blocks, or fails its Adler-32. */
static long inflate_stored(const unsigned char *z, size_t n, unsigned char *out, size_t want) {
    if (n < 6 || (z[0] & 0x0f) != 8 || (z[0] >> 4) > 7 || (z[0] << 8 | z[1]) % 31 != 0 || (z[1] & 0x20))
        return -1;
    size_t p = 2, o = 0;
    for (int final = 0; !final;) {
        if (p + 5 > n)
            return -1;
        final = z[p] & 1;
        if ((z[p] >> 1 & 3) != 0) /* not a stored block */
            return -1;
        unsigned len = z[p + 1] | z[p + 2] << 8, nlen = z[p + 3] | z[p + 4] << 8;
        p += 5;
        if ((len ^ 0xffffu) != nlen || p + len > n || o + len > want)
            return -1;
        memcpy(out + o, z + p, len);
        p += len, o += len;
    }
    if (p + 4 != n)
        return -1;
    uint32_t a = 1, b = 0;
    for (size_t i = 0; i < o; i++) {
        a = (a + out[i]) % 65521;
        b = (b + a) % 65521;
    }
    if (be32(z + p) != (b << 16 | a))
        return -1;
    return (long)o;
}

/* Read and check a PNG written by plot_write_png; every structural check is an ASSERT. */
static Png read_png(const char *path) {
    Png png = {0, 0, 0, NULL};
    size_t len = 0;
    unsigned char *d = read_all(path, &len);
    ASSERT(d != NULL);
    if (!d)
        return png;
    static const unsigned char sig[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    ASSERT(len > 8 && memcmp(d, sig, 8) == 0);
    unsigned char *idat = NULL;
    size_t nidat = 0, p = 8;
    int nchunk = 0, seen_end = 0, crc_ok = 1;
    while (p + 12 <= len && !seen_end) {
        uint32_t n = be32(d + p);
        if (p + 12 + n > len)
            break;
        const unsigned char *type = d + p + 4, *data = d + p + 8;
        crc_ok &= crc32_bits(type, n + 4) == be32(data + n);
        if (nchunk == 0) {
            ASSERT(memcmp(type, "IHDR", 4) == 0);
            ASSERT_EQ_INT(13, n);
            png.w = be32(data);
            png.h = be32(data + 4);
            ASSERT_EQ_INT(8, data[8]); /* bit depth */
            ASSERT_EQ_INT(2, data[9]); /* RGB */
            ASSERT_EQ_INT(0, data[10]); /* deflate */
            ASSERT_EQ_INT(0, data[11]); /* filter method */
            ASSERT_EQ_INT(0, data[12]); /* no interlace */
        } else if (memcmp(type, "IDAT", 4) == 0) {
            idat = realloc(idat, nidat + n);
            memcpy(idat + nidat, data, n);
            nidat += n;
        } else if (memcmp(type, "IEND", 4) == 0) {
            ASSERT_EQ_INT(0, n);
            seen_end = 1;
        }
        nchunk++;
        p += 12 + n;
    }
    ASSERT(crc_ok);
    ASSERT(seen_end);
    ASSERT_EQ_INT((long long)len, (long long)p);
    size_t row = 1 + 3 * (size_t)png.w, raw = row * png.h;
    unsigned char *buf = malloc(raw + 1);
    long got = idat && buf ? inflate_stored(idat, nidat, buf, raw) : -1;
    ASSERT_EQ_INT((long long)raw, got);
    if (got == (long)raw) {
        int filters_zero = 1;
        png.rgb = malloc(3 * (size_t)png.w * png.h);
        for (long y = 0; y < png.h; y++) {
            filters_zero &= buf[y * row] == 0;
            memcpy(png.rgb + y * 3 * png.w, buf + y * row + 1, 3 * png.w);
        }
        ASSERT(filters_zero);
        png.ok = filters_zero;
    }
    free(buf);
    free(idat);
    free(d);
    return png;
}

static unsigned px(const Png *p, long x, long y) {
    const unsigned char *q = p->rgb + (y * p->w + x) * 3;
    return (unsigned)q[0] << 16 | (unsigned)q[1] << 8 | q[2];
}

/* Whether a pixel of colour rgb lies in the 3x3 block around (x, y): a line through a point keeps
 * its exact colour on the pixels whose centres are within half a pixel of it. */
static int near(const Png *p, double x, double y, unsigned rgb) {
    for (long j = (long)y - 1; j <= (long)y + 1; j++)
        for (long i = (long)x - 1; i <= (long)x + 1; i++)
            if (i >= 0 && j >= 0 && i < p->w && j < p->h && px(p, i, j) == rgb)
                return 1;
    return 0;
}

/* Pixels of colour rgb inside [x0, x1] x [y0, y1]. */
static long count(const Png *p, unsigned rgb, int x0, int y0, int x1, int y1) {
    long n = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            n += px(p, x, y) == rgb;
    return n;
}

static void path_in_tmp(char *buf, size_t size, const char *name) {
    snprintf(buf, size, "%s/%s", tmpdir, name);
}

/* A figure with three series (one with NaN/Inf holes, one of markers, one empty) written and read
 * back: the decoded pixels equal the rendered ones, the series colours appear where their data
 * map, and the background is left elsewhere. */
static void test_basic(void) {
    enum { N = 300 };
    double x[N], y[N], y2[N];
    for (int i = 0; i < N; i++) {
        x[i] = i * 0.1;
        y[i] = sin(x[i]) * 50;
        y2[i] = 20 + 0.5 * x[i];
    }
    y[40] = NAN;
    y[41] = INFINITY;
    x[42] = -INFINITY;
    PlotFig *f = plot_new(640, 480, "test figure", "time (ms)", "V (mV)");
    ASSERT(f != NULL);
    int a = plot_series(f, x, y, N, "sin");
    int b = plot_series(f, x, y2, 30, "ramp");
    int c = plot_series(f, x, y, 0, "empty");
    ASSERT_EQ_INT(0, a);
    ASSERT_EQ_INT(1, b);
    ASSERT_EQ_INT(2, c);
    ASSERT_EQ_INT(0, plot_series_color(f, a, 0x12ab34));
    ASSERT_EQ_INT(0, plot_series_color(f, b, 0xaa11cc));
    ASSERT_EQ_INT(0, plot_series_style(f, b, PLOT_POINTS));
    ASSERT_EQ_INT(-1, plot_series_style(f, 7, PLOT_LINE));
    ASSERT_EQ_INT(-1, plot_series_style(f, a, 0));
    ASSERT_EQ_INT(-1, plot_series_style(f, a, 8));
    ASSERT_EQ_INT(-1, plot_series_color(f, -1, 0));
    double mx, my;
    ASSERT_EQ_INT(-1, plot_map(f, 1, 1, &mx, &my)); /* not rendered yet */

    char path[512];
    path_in_tmp(path, sizeof path, "basic.png");
    ASSERT_EQ_INT(0, plot_write_png(f, path));
    ASSERT_EQ_STR("", plot_error(f));
    Png p = read_png(path);
    ASSERT_EQ_INT(640, p.w);
    ASSERT_EQ_INT(480, p.h);
    if (p.ok) {
        const unsigned char *r = plot_render(f);
        ASSERT(r && memcmp(r, p.rgb, 640 * 480 * 3) == 0);
        int x0, y0, x1, y1;
        plot_area(f, &x0, &y0, &x1, &y1);
        ASSERT(x0 > 20 && y0 > 10 && x1 < 640 && y1 < 470 && x1 - x0 > 400 && y1 - y0 > 300);
        ASSERT(count(&p, 0x12ab34, x0, y0, x1, y1) > 500);
        ASSERT(count(&p, 0xaa11cc, x0, y0, x1, y1) > 30 * 8);
        /* nothing of the series outside the area (the legend is inside) */
        ASSERT_EQ_INT(0, count(&p, 0x12ab34, 0, 0, 639, y0 - 2));
        ASSERT_EQ_INT(0, count(&p, 0x12ab34, 0, y1 + 2, 639, 479));
        /* the curve passes through the mapped data points (away from the legend and the hole) */
        int hits = 0, tried = 0;
        for (int i = 0; i < N; i += 7) {
            if (i >= 38 && i <= 44)
                continue;
            ASSERT_EQ_INT(0, plot_map(f, x[i], y[i], &mx, &my));
            ASSERT(mx >= x0 && mx <= x1 + 1 && my >= y0 && my <= y1 + 1);
            tried++;
            hits += near(&p, mx, my, 0x12ab34);
        }
        ASSERT(hits >= tried * 3 / 4); /* the legend box may hide a few */
        ASSERT_EQ_INT(-1, plot_map(f, NAN, 0, &mx, &my));
        /* background: corners of the image and of the area away from data */
        ASSERT_EQ_INT(0xffffff, px(&p, 0, 0));
        ASSERT_EQ_INT(0xffffff, px(&p, 639, 479));
        ASSERT_EQ_INT(0xffffff, px(&p, 639, 0));
        /* text: some dark pixels left of the area (y tick labels and label) and below it */
        ASSERT(count(&p, 0x000000, 0, y0, x0 - 8, y1) > 50);
        ASSERT(count(&p, 0x000000, x0, y1 + 4, x1, 479) > 50);
        ASSERT(count(&p, 0x000000, 0, 0, 639, y0 - 4) > 30); /* title */
    }
    free(p.rgb);
    plot_free(f);
}

/* Log axes with non-positive data, constant data, no data, all-NaN data and a huge series. */
static void test_edge_cases(void) {
    char path[512];
    /* log-log: the non-positive points are skipped, the rest drawn */
    double x[6] = {0.01, 0.1, -1, 10, 100, 1000}, y[6] = {1, 10, 5, 0, 1e4, 1e5};
    PlotFig *f = plot_new(400, 300, "log", "x", "y");
    plot_set_log(f, 1, 1);
    int s = plot_series(f, x, y, 6, NULL);
    plot_series_style(f, s, PLOT_LINE | PLOT_POINTS);
    plot_series_color(f, s, 0x0000ff);
    path_in_tmp(path, sizeof path, "log.png");
    ASSERT_EQ_INT(0, plot_write_png(f, path));
    Png p = read_png(path);
    double mx, my;
    if (p.ok) {
        ASSERT_EQ_INT(0, plot_map(f, 0.1, 10, &mx, &my));
        ASSERT(near(&p, mx, my, 0x0000ff));
        ASSERT_EQ_INT(-1, plot_map(f, -1, 10, &mx, &my));
        ASSERT_EQ_INT(-1, plot_map(f, 1, 0, &mx, &my));
        /* decades: 0.01 and 1000 sit on the ends of the x axis, 1 and 1e5 on the y axis */
        int x0, y0, x1, y1;
        plot_area(f, &x0, &y0, &x1, &y1);
        plot_map(f, 0.01, 1, &mx, &my);
        ASSERT_NEAR(x0 + 0.5, mx, 1e-9);
        ASSERT_NEAR(y1 + 0.5, my, 1e-9);
        plot_map(f, 1000, 1e5, &mx, &my);
        ASSERT_NEAR(x1 + 0.5, mx, 1e-9);
        ASSERT_NEAR(y0 + 0.5, my, 1e-9);
    }
    free(p.rgb);
    plot_free(f);

    /* constant data: a degenerate range is widened, the line is drawn across the middle */
    double cx[3] = {2, 2, 2}, cy[3] = {5, 5, 5};
    f = plot_new(300, 200, NULL, NULL, NULL);
    s = plot_series(f, NULL, cy, 3, "flat");
    plot_series_color(f, s, 0xff0000);
    s = plot_series(f, cx, cy, 3, NULL);
    plot_series_style(f, s, PLOT_POINTS);
    plot_series_color(f, s, 0x00ff00);
    path_in_tmp(path, sizeof path, "flat.png");
    ASSERT_EQ_INT(0, plot_write_png(f, path));
    p = read_png(path);
    if (p.ok) {
        ASSERT_EQ_INT(0, plot_map(f, 1, 5, &mx, &my));
        ASSERT(near(&p, mx, my, 0xff0000));
        ASSERT_EQ_INT(0, plot_map(f, 2, 5, &mx, &my));
        ASSERT(near(&p, mx, my, 0x00ff00));
        int x0, y0, x1, y1;
        plot_area(f, &x0, &y0, &x1, &y1);
        ASSERT(my > y0 + 10 && my < y1 - 10);
    }
    free(p.rgb);
    plot_free(f);

    /* no series, an all-NaN series, a fixed range: still a valid image */
    double nx[2] = {NAN, 1}, ny[2] = {1, NAN};
    f = plot_new(200, 150, "", "", "");
    path_in_tmp(path, sizeof path, "empty.png");
    ASSERT_EQ_INT(0, plot_write_png(f, path));
    free(read_png(path).rgb);
    plot_series(f, nx, ny, 2, "nan");
    plot_set_xrange(f, -3, NAN);
    plot_set_yrange(f, 7, 7);
    ASSERT_EQ_INT(0, plot_write_png(f, path));
    free(read_png(path).rgb);
    plot_free(f);

    /* a million noisy points: decimated per column, drawn quickly, the band is filled */
    long n = 1000000;
    double *hy = malloc(n * sizeof *hy);
    unsigned r = 12345;
    for (long i = 0; i < n; i++) {
        r = r * 1103515245u + 12345u;
        hy[i] = (double)(r >> 8 & 0xffff) / 65535.0 + (i % 2 ? 10 : 0);
    }
    f = plot_new(500, 300, "huge", NULL, NULL);
    s = plot_series(f, NULL, hy, n, NULL);
    plot_series_color(f, s, 0x0000ff);
    free(hy);
    path_in_tmp(path, sizeof path, "huge.png");
    ASSERT_EQ_INT(0, plot_write_png(f, path));
    p = read_png(path);
    if (p.ok) {
        int x0, y0, x1, y1;
        plot_area(f, &x0, &y0, &x1, &y1);
        ASSERT(count(&p, 0x0000ff, x0, y0, x1, y1) > (long)(x1 - x0) * (y1 - y0) / 2);
    }
    free(p.rgb);
    plot_free(f);
}

/* Bad sizes and arguments, and an unwritable path. */
static void test_errors(void) {
    ASSERT(plot_new(10, 10, NULL, NULL, NULL) == NULL);
    ASSERT(plot_new(100000, 300, NULL, NULL, NULL) == NULL);
    PlotFig *f = plot_new(200, 150, "t", NULL, NULL);
    double y[1] = {1};
    ASSERT_EQ_INT(-1, plot_series(f, NULL, y, -1, "neg"));
    ASSERT_EQ_INT(-1, plot_series(f, NULL, NULL, 3, "null y"));
    errno = 0;
    ASSERT_EQ_INT(-1, plot_write_png(f, "/nonexistent-dir-of-starcarp/x.png"));
    ASSERT_EQ_INT(ENOENT, errno);
    ASSERT(strstr(plot_error(f), "/nonexistent-dir-of-starcarp/x.png: ") == plot_error(f));
    ASSERT(strstr(plot_error(f), strerror(ENOENT)) != NULL);
    plot_free(f);
    plot_free(NULL);
}

int main(void) {
    const char *t = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/test_plot.XXXXXX", t && *t ? t : "/tmp");
    if (!mkdtemp(tmpdir)) {
        perror("mkdtemp");
        return 1;
    }
    test_basic();
    test_edge_cases();
    test_errors();
    static const char *const files[] = {"basic.png", "log.png", "flat.png", "empty.png", "huge.png"};
    for (size_t i = 0; i < sizeof files / sizeof files[0]; i++) {
        char path[512];
        path_in_tmp(path, sizeof path, files[i]);
        if (!getenv("KEEP"))
            remove(path);
    }
    if (!getenv("KEEP"))
        rmdir(tmpdir);
    else
        printf("kept %s\n", tmpdir);
    return TEST_DONE();
}

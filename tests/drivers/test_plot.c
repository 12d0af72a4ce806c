/* test_plot.c: unit tests of the PNG plotter (drivers/plot/plot.c, png.c) and the colour bar
 * (plot_bar.c). Figures are written to a temporary folder and read back with a decoder of this
 * test's own: signature, IHDR, chunk CRCs (computed bit by bit here), the zlib stream inflated by
 * zlib (which checks its Adler-32), the five scanline filters undone here, pixels; and the file
 * must be smaller than the raw image. */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>
#include <zlib.h>

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

/* Undo PNG's scanline filters in place: raw holds h rows of 1 + n bytes (filter byte first), 3
 * bytes per pixel. Returns 0, or -1 for an unknown filter type. */
static int unfilter(unsigned char *raw, size_t n, long h) {
    for (long y = 0; y < h; y++) {
        unsigned char *r = raw + (size_t)y * (n + 1) + 1, *up = y ? r - (n + 1) : NULL;
        int t = r[-1];
        if (t > 4)
            return -1;
        for (size_t i = 0; i < n; i++) {
            int a = i >= 3 ? r[i - 3] : 0, b = up ? up[i] : 0, c = up && i >= 3 ? up[i - 3] : 0;
            int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
            int pred = t == 0   ? 0
                       : t == 1 ? a
                       : t == 2 ? b
                       : t == 3 ? (a + b) >> 1
                                : (pa <= pb && pa <= pc ? a
                                   : pb <= pc           ? b
                                                        : c);
            r[i] = (unsigned char)(r[i] + pred);
        }
    }
    return 0;
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
    ASSERT(len < 3 * (size_t)png.w * png.h); /* compressed: smaller than the pixels alone */
    unsigned char *buf = malloc(raw + 1);
    uLongf got = raw + 1;
    int zrc = idat && buf ? uncompress(buf, &got, idat, (uLong)nidat) : Z_DATA_ERROR;
    ASSERT_EQ_INT(Z_OK, zrc);
    ASSERT_EQ_INT((long long)raw, (long long)got);
    if (zrc == Z_OK && got == raw) {
        int unf = unfilter(buf, 3 * (size_t)png.w, png.h);
        ASSERT_EQ_INT(0, unf);
        png.rgb = malloc(3 * (size_t)png.w * png.h);
        for (long y = 0; y < png.h; y++)
            memcpy(png.rgb + y * 3 * png.w, buf + y * row + 1, 3 * png.w);
        png.ok = unf == 0;
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

/* A test colour map: red = 255 u, blue 0x40 (a colour nothing else in the bar has). */
static unsigned ramp(double u) { return (unsigned)lround(u * 255) << 16 | 0x40; }

/* The colour bar on a blank raster: the colours run from colour(0) at the bottom to colour(1) at
 * the top, the ticks sit at the rows whose colour is their value's (1-2-5 steps: -80 .. 40 for
 * -90 .. 40), with text right of them, the unit above and the "none" swatch below; written as a
 * PNG and read back equal. */
static void test_bar(void) {
    enum { W = 200, H = 300 };
    static unsigned char pix[W * H * 3];
    memset(pix, 0xff, sizeof pix);
    plot_bar(pix, W, H, 10, 10, 150, 290, -90, 40, "mV", ramp, 0xb0b0b0, 1);
    Png p = {1, W, H, pix};
    int bx0 = -1, bx1 = -1, top = -1, bot = -1;
    for (int x = 0; x < W; x++)
        if ((px(&p, x, H / 2) & 0xffff) == 0x40)
            bx1 = x, bx0 = bx0 < 0 ? x : bx0;
    ASSERT(bx0 > 10 && bx1 - bx0 >= 10);
    int mid = (bx0 + bx1) / 2, mono = 1, last = 256;
    for (int y = 0; y < H; y++)
        if ((px(&p, mid, y) & 0xffff) == 0x40) {
            int red = (int)(px(&p, mid, y) >> 16);
            mono &= red <= last;
            last = red, bot = y, top = top < 0 ? y : top;
        }
    ASSERT(mono);
    ASSERT(top > 10 && bot < 290 && bot - top > 150);
    ASSERT_EQ_INT(255, (long long)(px(&p, mid, top) >> 16));
    ASSERT_EQ_INT(0, (long long)(px(&p, mid, bot) >> 16));
    int nt = 0;
    double want[8] = {-80, -60, -40, -20, 0, 20, 40};
    for (int y = bot; y >= top; y--) /* tick marks: frame colour just right of the bar's frame */
        if (px(&p, bx1 + 3, y) == 0x333333 && nt < 8) {
            double v = -90 + 130 * (double)(px(&p, mid, y) >> 16) / 255;
            ASSERT_NEAR(want[nt], v, 130.0 / (bot - top) + 0.6);
            nt++;
        }
    ASSERT_EQ_INT(7, nt);
    ASSERT(count(&p, 0x000000, bx1 + 5, top, 150, bot) > 40); /* the ticks' values */
    ASSERT(count(&p, 0x000000, 10, 10, 150, top - 2) > 5); /* the unit */
    ASSERT(count(&p, 0xb0b0b0, 10, bot + 2, 150, 290) > 50); /* the none swatch */
    ASSERT_EQ_INT(0xffffff, px(&p, 160, 150)); /* nothing outside the box */
    char path[512];
    path_in_tmp(path, sizeof path, "bar.png");
    char err[600] = "";
    ASSERT_EQ_INT(0, plot_write_rgb(path, pix, W, H, err, sizeof err));
    Png q = read_png(path);
    ASSERT(q.ok && q.w == W && q.h == H && memcmp(q.rgb, pix, sizeof pix) == 0);
    free(q.rgb);
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
    if (t_tmpdir("test_plot", tmpdir, sizeof tmpdir) != 0)
        return 1;
    T_RUN(test_basic, test_edge_cases, test_errors, test_bar);
    static const char *const files[] = {"basic.png", "log.png",  "flat.png",
                                        "empty.png", "huge.png", "bar.png"};
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

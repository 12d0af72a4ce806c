/* plot.c: line and scatter plots rendered into an RGB raster and written as PNG (see plot.h).
 *
 * Rendering: a white canvas; the plotting area gets grid lines at the major ticks; each series is
 * rasterised into a coverage mask (anti-aliased lines as distance-to-segment, markers as distance
 * to a shape) that is then blended once in the series colour, so overlapping pieces of one series
 * do not darken. Long series are decimated per pixel column: consecutive points that fall in one
 * column become one vertical span, which is exact to the pixel. Then the legend (in the corner of
 * the area with the least ink), the frame, ticks, tick labels, axis labels and the title, in a
 * built-in 5x7 font (9 rows with descenders) scaled by an integer.
 * The PNG file itself is written by png.c (plot_write_rgb). */
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "plot.h"
#include "plot_font.h"

/* ------------------------------------------------------------------ font (plot_font.c) */
enum { FONT_W = PLOT_FONT_W, FONT_H = PLOT_FONT_H, FONT_ADV = PLOT_FONT_ADV };

/* ------------------------------------------------------------------ figure */
enum { MAXTICKS = 160, LABLEN = 32, MAXDIM = 8192 };

typedef struct Series {
    double *x, *y;
    long n;
    char *label;
    unsigned rgb;
    int style;
} Series;

/* One axis of a rendering: range and ticks in axis units (log10 of the data on a log axis). */
typedef struct Axis {
    int log;
    double lo, hi;
    int n;
    double t[MAXTICKS];
    unsigned char major[MAXTICKS]; /* labelled, with a grid line */
    char lab[MAXTICKS][LABLEN];
} Axis;

struct PlotFig {
    int w, h;
    char *title, *xlabel, *ylabel;
    int logx, logy;
    double fx[2], fy[2]; /* fixed limits, NaN for automatic */
    Series *ser;
    int nser, cap;
    unsigned char *pix; /* w*h*3 */
    float *mask; /* w*h coverage of the series being drawn */
    int rendered;
    int ax0, ay0, ax1, ay1; /* plotting area, inclusive */
    int rmargin; /* pixels kept free right of the area (plot_set_right_margin) */
    Axis xa, ya;
    char err[256];
};

/* A palette of well separated colours (the "tab10" hues). */
static const unsigned palette[] = {0x1f77b4, 0xff7f0e, 0x2ca02c, 0xd62728, 0x9467bd,
                                   0x8c564b, 0xe377c2, 0x7f7f7f, 0xbcbd22, 0x17becf};
enum { NPALETTE = sizeof palette / sizeof palette[0] };
enum { BG = 0xffffff, GRID = 0xe4e4e4, INK = 0x000000, FRAME = 0x333333 };

static char *dupstr(const char *s) {
    if (!s)
        return NULL;
    size_t n = strlen(s) + 1;
    char *d = malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

PlotFig *plot_new(int width, int height, const char *title, const char *xlabel, const char *ylabel) {
    if (width < 160 || height < 120 || width > MAXDIM || height > MAXDIM)
        return NULL;
    PlotFig *f = calloc(1, sizeof *f);
    if (!f)
        return NULL;
    f->w = width;
    f->h = height;
    f->fx[0] = f->fx[1] = f->fy[0] = f->fy[1] = NAN;
    f->title = dupstr(title);
    f->xlabel = dupstr(xlabel);
    f->ylabel = dupstr(ylabel);
    if ((!title || f->title) && (!xlabel || f->xlabel) && (!ylabel || f->ylabel))
        return f;
    plot_free(f); /* out of memory */
    return NULL;
}

void plot_free(PlotFig *f) {
    if (!f)
        return;
    for (int i = 0; i < f->nser; i++) {
        free(f->ser[i].x);
        free(f->ser[i].y);
        free(f->ser[i].label);
    }
    free(f->ser);
    free(f->title);
    free(f->xlabel);
    free(f->ylabel);
    free(f->pix);
    free(f->mask);
    free(f);
}

void plot_set_log(PlotFig *f, int logx, int logy) {
    f->logx = logx != 0;
    f->logy = logy != 0;
}

void plot_set_right_margin(PlotFig *f, int px) { f->rmargin = px > 0 ? px : 0; }

void plot_set_xrange(PlotFig *f, double lo, double hi) {
    f->fx[0] = lo;
    f->fx[1] = hi;
}

void plot_set_yrange(PlotFig *f, double lo, double hi) {
    f->fy[0] = lo;
    f->fy[1] = hi;
}

int plot_series(PlotFig *f, const double *x, const double *y, long n, const char *label) {
    if (n < 0 || (n > 0 && !y) || (size_t)n > SIZE_MAX / 2 / sizeof(double))
        return -1;
    if (f->nser == f->cap) {
        int cap = f->cap ? 2 * f->cap : 8;
        Series *s = realloc(f->ser, (size_t)cap * sizeof *s);
        if (!s)
            return -1;
        f->ser = s;
        f->cap = cap;
    }
    Series *s = &f->ser[f->nser];
    memset(s, 0, sizeof *s);
    size_t bytes = (size_t)(n ? n : 1) * sizeof(double);
    s->x = malloc(bytes);
    s->y = malloc(bytes);
    s->label = dupstr(label);
    if (!s->x || !s->y || (label && !s->label)) {
        free(s->x);
        free(s->y);
        free(s->label);
        return -1;
    }
    for (long i = 0; i < n; i++) {
        s->x[i] = x ? x[i] : (double)i;
        s->y[i] = y[i];
    }
    s->n = n;
    s->rgb = palette[f->nser % NPALETTE];
    s->style = PLOT_LINE;
    return f->nser++;
}

int plot_series_style(PlotFig *f, int idx, int style) {
    if (idx < 0 || idx >= f->nser || style <= 0 || (style & ~(PLOT_LINE | PLOT_POINTS)))
        return -1;
    f->ser[idx].style = style;
    return 0;
}

int plot_series_color(PlotFig *f, int idx, unsigned rgb) {
    if (idx < 0 || idx >= f->nser)
        return -1;
    f->ser[idx].rgb = rgb & 0xffffff;
    return 0;
}

const char *plot_error(const PlotFig *f) { return f->err; }

/* ------------------------------------------------------------------ raster primitives */
static void put_px(PlotFig *f, int x, int y, unsigned rgb) {
    if (x < 0 || y < 0 || x >= f->w || y >= f->h)
        return;
    unsigned char *p = f->pix + ((size_t)y * f->w + x) * 3;
    p[0] = (unsigned char)(rgb >> 16);
    p[1] = (unsigned char)(rgb >> 8);
    p[2] = (unsigned char)rgb;
}

static unsigned get_px(const PlotFig *f, int x, int y) {
    const unsigned char *p = f->pix + ((size_t)y * f->w + x) * 3;
    return (unsigned)p[0] << 16 | (unsigned)p[1] << 8 | p[2];
}

/* Fill the rectangle [x0, x1] x [y0, y1] (inclusive, clipped to the canvas). */
static void fill_rect(PlotFig *f, int x0, int y0, int x1, int y1, unsigned rgb) {
    if (x0 < 0)
        x0 = 0;
    if (y0 < 0)
        y0 = 0;
    if (x1 >= f->w)
        x1 = f->w - 1;
    if (y1 >= f->h)
        y1 = f->h - 1;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++)
            put_px(f, x, y, rgb);
}

/* Width in pixels of text at scale s (no trailing gap). */
int plot_text_width(const char *s, int scale) {
    size_t n = strlen(s);
    return n ? (int)n * FONT_ADV * scale - scale : 0;
}

/* Draw text into an RGB raster (plot.h: plot_text_rgb): (x, y) the top-left of the first glyph
 * cell; rot: rotated a quarter turn counter-clockwise, reading upwards, with (x, y) the bottom-left
 * corner of the rotated text. Pixels outside the raster are skipped. */
void plot_text_rgb(unsigned char *pix, int w, int h, int x, int y, const char *s, int scale, unsigned rgb,
                   int rot) {
    for (int i = 0; s[i]; i++) {
        const unsigned char *g = plot_glyph(s[i]);
        for (int r = 0; r < FONT_H; r++)
            for (int col = 0; col < FONT_W; col++) {
                if (!(g[r] >> (FONT_W - 1 - col) & 1))
                    continue;
                int u = (i * FONT_ADV + col) * scale, v = r * scale; /* along, down the text */
                for (int a = 0; a < scale; a++)
                    for (int b = 0; b < scale; b++) {
                        int px = rot ? x + v + b : x + u + a, py = rot ? y - u - a : y + v + b;
                        if (px < 0 || py < 0 || px >= w || py >= h)
                            continue;
                        unsigned char *q = pix + ((size_t)py * (size_t)w + (size_t)px) * 3;
                        q[0] = (unsigned char)(rgb >> 16), q[1] = (unsigned char)(rgb >> 8),
                        q[2] = (unsigned char)rgb;
                    }
            }
    }
}

static void draw_text(PlotFig *f, int x, int y, const char *s, int scale, unsigned rgb, int rot) {
    plot_text_rgb(f->pix, f->w, f->h, x, y, s, scale, rgb, rot);
}

/* ------------------------------------------------------------------ coverage mask */
/* The mask covers the canvas; only the clip rectangle (the plotting area) is ever written, and
 * the dirty bounds record where, for blending and clearing. */
typedef struct Mask {
    float *m;
    int w;
    int cx0, cy0, cx1, cy1; /* clip, inclusive */
    int dx0, dy0, dx1, dy1; /* dirty bounds (empty when dx0 > dx1) */
} Mask;

static void mask_cover(Mask *k, int x, int y, double c) {
    float *p = &k->m[(size_t)y * k->w + x];
    if (c > *p)
        *p = (float)c;
    if (x < k->dx0)
        k->dx0 = x;
    if (x > k->dx1)
        k->dx1 = x;
    if (y < k->dy0)
        k->dy0 = y;
    if (y > k->dy1)
        k->dy1 = y;
}

static double clamp01(double v) { return v < 0 ? 0 : v > 1 ? 1 : v; }

/* Clip the segment p0-p1 to the rectangle [xmin, xmax] x [ymin, ymax] (Liang-Barsky); returns 0
 * when nothing is left. */
static int clip_segment(double *x0, double *y0, double *x1, double *y1, double xmin, double ymin, double xmax,
                        double ymax) {
    double dx = *x1 - *x0, dy = *y1 - *y0, t0 = 0, t1 = 1;
    double p[4] = {-dx, dx, -dy, dy};
    double q[4] = {*x0 - xmin, xmax - *x0, *y0 - ymin, ymax - *y0};
    for (int i = 0; i < 4; i++) {
        if (p[i] == 0) {
            if (q[i] < 0)
                return 0;
        } else {
            double r = q[i] / p[i];
            if (p[i] < 0) {
                if (r > t1)
                    return 0;
                if (r > t0)
                    t0 = r;
            } else {
                if (r < t0)
                    return 0;
                if (r < t1)
                    t1 = r;
            }
        }
    }
    double ax = *x0, ay = *y0;
    *x0 = ax + t0 * dx;
    *y0 = ay + t0 * dy;
    *x1 = ax + t1 * dx;
    *y1 = ay + t1 * dy;
    return 1;
}

/* Limit the pixel box [*x0, *x1] x [*y0, *y1] to the mask's clip rectangle. */
static void clip_box(const Mask *k, int *x0, int *y0, int *x1, int *y1) {
    *x0 = *x0 < k->cx0 ? k->cx0 : *x0, *y0 = *y0 < k->cy0 ? k->cy0 : *y0;
    *x1 = *x1 > k->cx1 ? k->cx1 : *x1, *y1 = *y1 > k->cy1 ? k->cy1 : *y1;
}

/* Cover a segment of width lw between pixel-space points (x right, y down; pixel (i, j) has its
 * centre at (i + 0.5, j + 0.5)), anti-aliased by the distance of each pixel centre to it. */
static void mask_segment(Mask *k, double x0, double y0, double x1, double y1, double lw) {
    double pad = lw / 2 + 1;
    if (!clip_segment(&x0, &y0, &x1, &y1, k->cx0 - pad, k->cy0 - pad, k->cx1 + 1 + pad, k->cy1 + 1 + pad))
        return;
    int bx0 = (int)floor(fmin(x0, x1) - pad), bx1 = (int)ceil(fmax(x0, x1) + pad);
    int by0 = (int)floor(fmin(y0, y1) - pad), by1 = (int)ceil(fmax(y0, y1) + pad);
    clip_box(k, &bx0, &by0, &bx1, &by1);
    double dx = x1 - x0, dy = y1 - y0, len2 = dx * dx + dy * dy;
    for (int y = by0; y <= by1; y++)
        for (int x = bx0; x <= bx1; x++) {
            double px = x + 0.5 - x0, py = y + 0.5 - y0;
            double t = len2 > 0 ? (px * dx + py * dy) / len2 : 0;
            t = clamp01(t);
            double ex = px - t * dx, ey = py - t * dy;
            double c = clamp01(lw / 2 + 0.5 - sqrt(ex * ex + ey * ey));
            if (c > 0)
                mask_cover(k, x, y, c);
        }
}

/* Cover a marker of radius r centred at (cx, cy); shape 0..5: disc, square, diamond, triangle,
 * cross, plus. */
static void mask_marker(Mask *k, double cx, double cy, double r, int shape, double lw) {
    if (shape == 4 || shape == 5) {
        double a = shape == 4 ? r * 0.8 : r;
        if (shape == 4) {
            mask_segment(k, cx - a, cy - a, cx + a, cy + a, lw);
            mask_segment(k, cx - a, cy + a, cx + a, cy - a, lw);
        } else {
            mask_segment(k, cx - a, cy, cx + a, cy, lw);
            mask_segment(k, cx, cy - a, cx, cy + a, lw);
        }
        return;
    }
    int bx0 = (int)floor(cx - r - 1), bx1 = (int)ceil(cx + r + 1);
    int by0 = (int)floor(cy - r - 1), by1 = (int)ceil(cy + r + 1);
    clip_box(k, &bx0, &by0, &bx1, &by1);
    for (int y = by0; y <= by1; y++)
        for (int x = bx0; x <= bx1; x++) {
            double dx = x + 0.5 - cx, dy = y + 0.5 - cy, d; /* signed distance, outside > 0 */
            if (shape == 0)
                d = sqrt(dx * dx + dy * dy) - r;
            else if (shape == 1)
                d = fmax(fabs(dx), fabs(dy)) - r * 0.85;
            else if (shape == 2)
                d = (fabs(dx) + fabs(dy) - r * 1.2) * 0.70710678;
            else { /* triangle pointing up: apex (0, -r), base at y = 0.7 r, half-width r */
                double e1 = dy - 0.7 * r;
                double e2 = (1.7 * fabs(dx) - (dy + r)) / sqrt(1.7 * 1.7 + 1);
                d = fmax(e1, e2);
            }
            double c = clamp01(0.5 - d);
            if (c > 0)
                mask_cover(k, x, y, c);
        }
}

/* Blend the mask into the canvas in colour rgb and clear it. */
static void mask_blend(PlotFig *f, Mask *k, unsigned rgb) {
    double col[3] = {(rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255};
    for (int y = k->dy0; y <= k->dy1; y++)
        for (int x = k->dx0; x <= k->dx1; x++) {
            float *m = &k->m[(size_t)y * k->w + x];
            if (*m > 0) {
                unsigned char *p = f->pix + ((size_t)y * f->w + x) * 3;
                for (int c = 0; c < 3; c++)
                    p[c] = (unsigned char)lrint(p[c] * (1 - *m) + col[c] * *m);
                *m = 0;
            }
        }
    k->dx0 = k->dy0 = INT32_MAX;
    k->dx1 = k->dy1 = -1;
}

/* ------------------------------------------------------------------ axes and ticks */
/* Format v for a tick label with sig significant digits, exponents written short (1e6, 2.5e-7). */
static void fmt_num(char *buf, double v, int sig) {
    if (sig < 1)
        sig = 1;
    if (sig > 15)
        sig = 15;
    char tmp[LABLEN];
    snprintf(tmp, sizeof tmp, "%.*g", sig, v);
    char *e = strchr(tmp, 'e');
    if (e) {
        char *q = e + 1, *o = e + 1;
        if (*q == '+')
            q++;
        else if (*q == '-')
            *o++ = *q++;
        while (*q == '0' && q[1])
            q++;
        memmove(o, q, strlen(q) + 1);
    }
    snprintf(buf, LABLEN, "%s", tmp);
}

double plot_nice_step(double raw) {
    double mag = pow(10, floor(log10(raw))), m = raw / mag;
    return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * mag;
}

static void add_tick(Axis *a, double t, int major, const char *lab) {
    if (a->n >= MAXTICKS || t < a->lo - 1e-9 * (a->hi - a->lo) || t > a->hi + 1e-9 * (a->hi - a->lo))
        return;
    a->t[a->n] = t;
    a->major[a->n] = (unsigned char)major;
    snprintf(a->lab[a->n], LABLEN, "%s", major && lab ? lab : "");
    a->n++;
}

/* Linear ticks of step st over the axis (in the units the labels show, pow10 of axis units when
 * the axis is logarithmic). */
static void linear_ticks(Axis *a, double lo, double hi, double st) {
    double maxabs = fmax(fabs(lo), fabs(hi));
    int sig = (int)floor(log10(maxabs)) - (int)floor(log10(st)) + 1;
    if (maxabs < 1e6 && maxabs >= 1e-4 && sig < (int)floor(log10(maxabs)) + 1)
        sig = (int)floor(log10(maxabs)) + 1;
    for (double k = ceil(lo / st - 1e-9); k * st <= hi + st * 1e-9 && a->n < MAXTICKS; k++) {
        double v = k * st;
        if (fabs(v) < st * 1e-9)
            v = 0;
        char lab[LABLEN];
        fmt_num(lab, v, sig);
        add_tick(a, a->log ? log10(v) : v, 1, lab);
    }
}

/* Set up axis a from the data range [dmin, dmax] (NaN when no data), the fixed limits fix[0..1]
 * (NaN: automatic) and about target labelled ticks. Automatic ends are rounded out to a tick
 * (linear) or a decade (log spanning two decades or more). */
static void axis_setup(Axis *a, int lg, double dmin, double dmax, const double fix[2], int target) {
    memset(a, 0, sizeof *a);
    a->log = lg;
    int fl = isfinite(fix[0]) && (!lg || fix[0] > 0), fh = isfinite(fix[1]) && (!lg || fix[1] > 0);
    double lo = fl ? fix[0] : dmin, hi = fh ? fix[1] : dmax;
    if (!isfinite(lo) && !isfinite(hi))
        lo = lg ? 1 : 0, hi = lg ? 10 : 1;
    else if (!isfinite(lo))
        lo = lg ? hi / 10 : hi - 1;
    else if (!isfinite(hi))
        hi = lg ? lo * 10 : lo + 1;
    if (lg)
        lo = log10(lo), hi = log10(hi);
    if (lo > hi) {
        double t = lo;
        lo = hi, hi = t;
    }
    if (hi - lo <= 1e-9 * fmax(fabs(lo), fabs(hi)) || !(hi - lo > 1e-300)) {
        double d = lg ? 0.5 : lo == 0 ? 1 : fabs(lo) * 0.1;
        lo -= d, hi += d, fl = fh = 0;
    }
    if (target < 2)
        target = 2;
    a->lo = lo, a->hi = hi;
    if (!lg) {
        double st = plot_nice_step((hi - lo) / target);
        if (!fl)
            a->lo = floor(lo / st + 1e-9) * st;
        if (!fh)
            a->hi = ceil(hi / st - 1e-9) * st;
        linear_ticks(a, a->lo, a->hi, st);
        return;
    }
    if (hi - lo >= 2) { /* decades */
        if (!fl)
            a->lo = floor(lo + 1e-9);
        if (!fh)
            a->hi = ceil(hi - 1e-9);
        int k0 = (int)ceil(a->lo - 1e-9), k1 = (int)floor(a->hi + 1e-9);
        int every = (k1 - k0 + target) / target; /* ceil(ndecades / target) */
        for (int k = k0 - 1; k <= k1; k++) {
            char lab[LABLEN];
            if (k >= -4 && k <= 5)
                snprintf(lab, sizeof lab, "%.*f", k < 0 ? -k : 0, pow(10, k));
            else
                snprintf(lab, sizeof lab, "1e%d", k);
            add_tick(a, k, (k - k0) % every == 0, lab);
            if (every == 1 && k1 - k0 <= 12)
                for (int m = 2; m <= 9; m++)
                    add_tick(a, k + log10(m), 0, NULL);
        }
        return;
    }
    double pad = 0.04 * (hi - lo);
    if (!fl)
        a->lo = lo - pad;
    if (!fh)
        a->hi = hi + pad;
    /* mantissa ticks: 1, 2, 5 (labelled) among 1..9, or all of 1..9, else linear in the data */
    static const int sets[2][9] = {{1, 2, 5}, {1, 2, 3, 4, 5, 6, 7, 8, 9}};
    static const int setn[2] = {3, 9};
    for (int s = 0; s < 2; s++) {
        int count = 0;
        for (int k = (int)floor(a->lo) - 1; k <= (int)ceil(a->hi); k++)
            for (int i = 0; i < setn[s]; i++) {
                double t = k + log10(sets[s][i]);
                count += t >= a->lo && t <= a->hi;
            }
        if (count < 3)
            continue;
        for (int k = (int)floor(a->lo) - 1; k <= (int)ceil(a->hi); k++)
            for (int m = 1; m <= 9; m++) {
                int major = 0;
                for (int i = 0; i < setn[s]; i++)
                    major |= sets[s][i] == m;
                char lab[LABLEN];
                fmt_num(lab, m * pow(10, k), 6);
                add_tick(a, k + log10(m), major, lab);
            }
        return;
    }
    double vlo = pow(10, a->lo), vhi = pow(10, a->hi);
    linear_ticks(a, vlo, vhi, plot_nice_step((vhi - vlo) / target));
}

/* Axis units of the data value v, or NaN when v cannot be placed. */
static double axis_units(const Axis *a, double v) {
    if (!isfinite(v) || (a->log && v <= 0))
        return NAN;
    return a->log ? log10(v) : v;
}

/* Pixel coordinates (centres of the first and last columns/rows are the axis ends). */
static double map_x(const PlotFig *f, double t) {
    return f->ax0 + 0.5 + (t - f->xa.lo) / (f->xa.hi - f->xa.lo) * (f->ax1 - f->ax0);
}

static double map_y(const PlotFig *f, double t) {
    return f->ay1 + 0.5 - (t - f->ya.lo) / (f->ya.hi - f->ya.lo) * (f->ay1 - f->ay0);
}

int plot_map(const PlotFig *f, double x, double y, double *px, double *py) {
    if (!f->rendered)
        return -1;
    double tx = axis_units(&f->xa, x), ty = axis_units(&f->ya, y);
    if (isnan(tx) || isnan(ty))
        return -1;
    *px = map_x(f, tx);
    *py = map_y(f, ty);
    return 0;
}

void plot_area(const PlotFig *f, int *x0, int *y0, int *x1, int *y1) {
    *x0 = f->ax0, *y0 = f->ay0, *x1 = f->ax1, *y1 = f->ay1;
}

/* ------------------------------------------------------------------ series */
/* Line width at text scale s: at least 2 pixels, so that every line fully covers the pixels whose
 * centres lie within half a pixel of it and keeps its colour exactly there. */
static double line_width(int s) { return s > 1 ? 1.6 * s : 2.0; }

/* Rasterise series s into the mask: lines with per-column decimation, then markers. */
static void draw_series(PlotFig *f, Mask *k, const Series *s, int idx, int scale) {
    double lw = line_width(scale), big = 1e7;
    if (s->style & PLOT_LINE) {
        int have = 0, inbucket = 0;
        long col = 0;
        double fx = 0, fy = 0, lx = 0, ly = 0, ymin = 0, ymax = 0; /* bucket: first, last, span */
        for (long i = 0; i <= s->n; i++) {
            double tx = i < s->n ? axis_units(&f->xa, s->x[i]) : NAN;
            double ty = i < s->n ? axis_units(&f->ya, s->y[i]) : NAN;
            int ok = !isnan(tx) && !isnan(ty);
            double px = ok ? map_x(f, tx) : 0, py = ok ? map_y(f, ty) : 0;
            int bucketable = ok && fabs(px) < big && fabs(py) < big;
            if (have && inbucket && bucketable && (long)floor(px) == col) {
                lx = px, ly = py;
                ymin = fmin(ymin, py), ymax = fmax(ymax, py);
                continue;
            }
            if (have && inbucket && ymax > ymin)
                mask_segment(k, fx, ymin, fx, ymax, lw);
            if (!ok) {
                have = 0;
                continue;
            }
            if (have)
                mask_segment(k, lx, ly, px, py, lw);
            else /* a lone point still shows as a dot */
                mask_segment(k, px, py, px, py, lw);
            have = 1;
            inbucket = bucketable;
            col = bucketable ? (long)floor(px) : 0;
            fx = lx = px, fy = ly = py, ymin = ymax = py;
            (void)fy;
        }
    }
    if (s->style & PLOT_POINTS) {
        long lastx = -1, lasty = -1;
        double r = 3.2 * scale;
        for (long i = 0; i < s->n; i++) {
            double tx = axis_units(&f->xa, s->x[i]), ty = axis_units(&f->ya, s->y[i]);
            if (isnan(tx) || isnan(ty))
                continue;
            double px = map_x(f, tx), py = map_y(f, ty);
            if (px < k->cx0 - r - 1 || px > k->cx1 + r + 2 || py < k->cy0 - r - 1 || py > k->cy1 + r + 2)
                continue;
            if ((long)px == lastx && (long)py == lasty) /* same pixel: nothing new to draw */
                continue;
            lastx = (long)px, lasty = (long)py;
            mask_marker(k, px, py, r, idx % 6, 1.2 * scale);
        }
    }
}

/* ------------------------------------------------------------------ legend */
/* Count the pixels in a rectangle that are neither background nor grid. */
static long ink(const PlotFig *f, int x0, int y0, int x1, int y1) {
    long n = 0;
    for (int y = y0; y <= y1; y++)
        for (int x = x0; x <= x1; x++) {
            unsigned c = get_px(f, x, y);
            n += c != BG && c != GRID;
        }
    return n;
}

/* Draw the legend of the labelled series in the corner of the area with the least ink. */
static void draw_legend(PlotFig *f, Mask *k, int scale) {
    int n = 0, tw = 0;
    for (int i = 0; i < f->nser; i++)
        if (f->ser[i].label) {
            n++;
            int w = plot_text_width(f->ser[i].label, scale);
            tw = w > tw ? w : tw;
        }
    if (!n)
        return;
    int pad = 6 * scale, sample = 24 * scale, lh = 12 * scale;
    int bw = pad + sample + pad + tw + pad, bh = pad + n * lh - 3 * scale + pad;
    int m = 8 * scale;
    if (bw > f->ax1 - f->ax0 - 2 * m || bh > f->ay1 - f->ay0 - 2 * m)
        return;
    int cx[4] = {f->ax1 - m - bw, f->ax0 + m, f->ax1 - m - bw, f->ax0 + m};
    int cy[4] = {f->ay0 + m, f->ay0 + m, f->ay1 - m - bh, f->ay1 - m - bh};
    int best = 0;
    long bestink = -1;
    for (int c = 0; c < 4; c++) {
        long v = ink(f, cx[c], cy[c], cx[c] + bw, cy[c] + bh);
        if (bestink < 0 || v < bestink)
            best = c, bestink = v;
    }
    int x0 = cx[best], y0 = cy[best];
    fill_rect(f, x0, y0, x0 + bw, y0 + bh, BG);
    fill_rect(f, x0, y0, x0 + bw, y0, 0xb0b0b0);
    fill_rect(f, x0, y0 + bh, x0 + bw, y0 + bh, 0xb0b0b0);
    fill_rect(f, x0, y0, x0, y0 + bh, 0xb0b0b0);
    fill_rect(f, x0 + bw, y0, x0 + bw, y0 + bh, 0xb0b0b0);
    int row = 0;
    for (int i = 0; i < f->nser; i++) {
        const Series *s = &f->ser[i];
        if (!s->label)
            continue;
        int ty = y0 + pad + row * lh;
        double my = ty + 3.5 * scale, sx0 = x0 + pad, sx1 = x0 + pad + sample;
        if (s->style & PLOT_LINE)
            mask_segment(k, sx0, my, sx1, my, line_width(scale));
        if (s->style & PLOT_POINTS)
            mask_marker(k, (sx0 + sx1) / 2, my, 3.2 * scale, i % 6, 1.2 * scale);
        mask_blend(f, k, s->rgb);
        draw_text(f, x0 + pad + sample + pad, ty, s->label, scale, INK, 0);
        row++;
    }
}

/* ------------------------------------------------------------------ rendering */
/* Range of the placeable points of all series (both coordinates placeable). */
static void data_range(const PlotFig *f, double xr[2], double yr[2]) {
    xr[0] = yr[0] = INFINITY;
    xr[1] = yr[1] = -INFINITY;
    for (int i = 0; i < f->nser; i++)
        for (long j = 0; j < f->ser[i].n; j++) {
            double x = f->ser[i].x[j], y = f->ser[i].y[j];
            if (!isfinite(x) || !isfinite(y) || (f->logx && x <= 0) || (f->logy && y <= 0))
                continue;
            xr[0] = fmin(xr[0], x), xr[1] = fmax(xr[1], x);
            yr[0] = fmin(yr[0], y), yr[1] = fmax(yr[1], y);
        }
    if (xr[0] > xr[1])
        xr[0] = xr[1] = yr[0] = yr[1] = NAN;
}

const unsigned char *plot_render(PlotFig *f) {
    size_t npx = (size_t)f->w * f->h;
    if (!f->pix)
        f->pix = malloc(npx * 3);
    if (!f->mask)
        f->mask = calloc(npx, sizeof *f->mask);
    if (!f->pix || !f->mask) {
        errno = ENOMEM;
        snprintf(f->err, sizeof f->err, "plot: out of memory");
        return NULL;
    }
    memset(f->pix, 0xff, npx * 3);
    int s = f->w >= 800 && f->h >= 500 ? 2 : 1; /* text scale */
    int ts = s + 1, lh = FONT_H * s, tick = 5 * s, minor = 3 * s, gap = 4 * s, pad = 10 * s;

    double xr[2], yr[2];
    data_range(f, xr, yr);
    /* vertical layout first: it fixes the y axis, whose labels fix the left margin */
    f->ay0 = pad + (f->title ? FONT_H * ts + pad : 0);
    f->ay1 = f->h - 1 - (pad + (f->xlabel ? lh + gap : 0) + lh + gap + tick);
    if (f->ay1 - f->ay0 < 20)
        f->ay1 = f->ay0 + 20;
    axis_setup(&f->ya, f->logy, yr[0], yr[1], f->fy, (f->ay1 - f->ay0) / (45 * s));
    int ylw = 0;
    for (int i = 0; i < f->ya.n; i++) {
        int w = plot_text_width(f->ya.lab[i], s);
        ylw = w > ylw ? w : ylw;
    }
    f->ax0 = pad + (f->ylabel ? lh + pad : 0) + ylw + gap + tick;
    f->ax1 = f->w - 1 - pad - 3 * FONT_ADV * s - f->rmargin; /* room for half of the last x label */
    if (f->ax1 - f->ax0 < 20)
        f->ax1 = f->ax0 + 20;
    axis_setup(&f->xa, f->logx, xr[0], xr[1], f->fx, (f->ax1 - f->ax0) / (60 * s));
    f->rendered = 1;

    /* grid */
    for (int i = 0; i < f->xa.n; i++)
        if (f->xa.major[i]) {
            int x = (int)floor(map_x(f, f->xa.t[i]));
            fill_rect(f, x, f->ay0, x, f->ay1, GRID);
        }
    for (int i = 0; i < f->ya.n; i++)
        if (f->ya.major[i]) {
            int y = (int)floor(map_y(f, f->ya.t[i]));
            fill_rect(f, f->ax0, y, f->ax1, y, GRID);
        }

    /* series, clipped to the area */
    Mask k = {f->mask, f->w, f->ax0, f->ay0, f->ax1, f->ay1, INT32_MAX, INT32_MAX, -1, -1};
    for (int i = 0; i < f->nser; i++) {
        draw_series(f, &k, &f->ser[i], i, s);
        mask_blend(f, &k, f->ser[i].rgb);
    }
    draw_legend(f, &k, s);

    /* frame and ticks */
    int fw = s; /* frame width */
    fill_rect(f, f->ax0 - fw, f->ay0 - fw, f->ax1 + fw, f->ay0 - 1, FRAME);
    fill_rect(f, f->ax0 - fw, f->ay1 + 1, f->ax1 + fw, f->ay1 + fw, FRAME);
    fill_rect(f, f->ax0 - fw, f->ay0, f->ax0 - 1, f->ay1, FRAME);
    fill_rect(f, f->ax1 + 1, f->ay0, f->ax1 + fw, f->ay1, FRAME);
    int lastright = -1000000;
    for (int i = 0; i < f->xa.n; i++) {
        int x = (int)floor(map_x(f, f->xa.t[i])), len = f->xa.major[i] ? tick : minor;
        fill_rect(f, x - (s - 1) / 2, f->ay1 + fw, x + s / 2, f->ay1 + fw + len - 1, FRAME);
        const char *lab = f->xa.lab[i];
        int w = plot_text_width(lab, s), lx = x - w / 2;
        if (!*lab || lx < lastright + 2 * FONT_ADV * s || lx + w >= f->w)
            continue;
        draw_text(f, lx, f->ay1 + fw + tick + gap, lab, s, INK, 0);
        lastright = lx + w;
    }
    int lasttop = 1000000;
    for (int i = 0; i < f->ya.n; i++) {
        int y = (int)floor(map_y(f, f->ya.t[i])), len = f->ya.major[i] ? tick : minor;
        fill_rect(f, f->ax0 - fw - len, y - (s - 1) / 2, f->ax0 - fw - 1, y + s / 2, FRAME);
        const char *lab = f->ya.lab[i];
        int top = y - 7 * s / 2;
        if (!*lab || top + 7 * s + lh / 2 > lasttop)
            continue;
        draw_text(f, f->ax0 - fw - tick - gap - plot_text_width(lab, s), top, lab, s, INK, 0);
        lasttop = top;
    }

    /* labels and title */
    if (f->xlabel)
        draw_text(f, (f->ax0 + f->ax1) / 2 - plot_text_width(f->xlabel, s) / 2, f->h - pad - lh, f->xlabel, s,
                  INK, 0);
    if (f->ylabel)
        draw_text(f, pad, (f->ay0 + f->ay1) / 2 + plot_text_width(f->ylabel, s) / 2, f->ylabel, s, INK, 1);
    if (f->title) {
        int w = plot_text_width(f->title, ts), x = (f->ax0 + f->ax1) / 2 - w / 2;
        if (x + w > f->w - pad)
            x = f->w - pad - w;
        if (x < pad)
            x = pad;
        draw_text(f, x, pad, f->title, ts, INK, 0);
    }
    return f->pix;
}

int plot_write_png(PlotFig *f, const char *path) {
    f->err[0] = 0;
    if (!plot_render(f))
        return -1;
    return plot_write_rgb(path, f->pix, f->w, f->h, f->err, sizeof f->err);
}

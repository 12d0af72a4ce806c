/* plot_bar.c: a vertical colour bar with its scale and unit, painted into an RGB raster (plot_bar,
 * plot.h), for the pictures of node fields (tissue_out.c): the colours from the value lo at the
 * bottom to hi at the top, ticks at a 1-2-5 step with their values, the unit above, and a swatch
 * for "none" below when the picture has such nodes. */
#include <math.h>
#include <stdio.h>

#include "plot.h"
#include "plot_font.h"

enum { FRAME = 0x333333, INK = 0x000000 };

/* Fill the rectangle x0..x1, y0..y1 (inclusive, clipped to the raster). */
static void fill(unsigned char *pix, int w, int h, int x0, int y0, int x1, int y1, unsigned rgb) {
    for (int y = y0 < 0 ? 0 : y0; y <= y1 && y < h; y++)
        for (int x = x0 < 0 ? 0 : x0; x <= x1 && x < w; x++) {
            unsigned char *q = pix + ((size_t)y * (size_t)w + (size_t)x) * 3;
            q[0] = (unsigned char)(rgb >> 16), q[1] = (unsigned char)(rgb >> 8), q[2] = (unsigned char)rgb;
        }
}

/* A one-pixel-wide frame s pixels thick around x0..x1, y0..y1 (outside it). */
static void frame(unsigned char *pix, int w, int h, int x0, int y0, int x1, int y1, int s) {
    fill(pix, w, h, x0 - s, y0 - s, x1 + s, y0 - 1, FRAME);
    fill(pix, w, h, x0 - s, y1 + 1, x1 + s, y1 + s, FRAME);
    fill(pix, w, h, x0 - s, y0, x0 - 1, y1, FRAME);
    fill(pix, w, h, x1 + 1, y0, x1 + s, y1, FRAME);
}

void plot_bar(unsigned char *pix, int w, int h, int x0, int y0, int x1, int y1, double lo, double hi,
              const char *unit, unsigned (*colour)(double u), long none_rgb, int s) {
    int lh = PLOT_FONT_H * s, gap = 4 * s, bw = 16 * s, tick = 4 * s;
    int by0 = y0 + (unit && *unit ? lh + 2 * gap : s), by1 = y1 - (none_rgb >= 0 ? lh + 3 * gap : s);
    if (by1 - by0 < 10 || x1 - x0 < bw + 2 * s || !isfinite(lo) || !isfinite(hi))
        return;
    if (!(hi > lo))
        hi = lo + 1;
    int bx0 = x0 + s, bx1 = bx0 + bw - 1;
    for (int py = by0; py <= by1; py++)
        fill(pix, w, h, bx0, py, bx1, py, colour((double)(by1 - py) / (by1 - by0)));
    frame(pix, w, h, bx0, by0, bx1, by1, s);
    double st = plot_nice_step((hi - lo) / 8);
    for (double t = ceil(lo / st - 1e-9) * st; t <= hi + 1e-9 * st; t += st) {
        int py = by1 - (int)lround((t - lo) / (hi - lo) * (by1 - by0));
        char lab[32];
        snprintf(lab, sizeof lab, "%g", fabs(t) < 1e-9 * st ? 0.0 : t);
        fill(pix, w, h, bx1 + s, py - (s - 1) / 2, bx1 + s + tick - 1, py + s / 2, FRAME);
        plot_text_rgb(pix, w, h, bx1 + s + tick + gap, py - 7 * s / 2, lab, s, INK, 0);
    }
    if (unit && *unit)
        plot_text_rgb(pix, w, h, x0, y0, unit, s, INK, 0);
    if (none_rgb >= 0) {
        int ny0 = y1 - lh + 1;
        fill(pix, w, h, bx0, ny0, bx1, y1 - s, (unsigned)none_rgb);
        frame(pix, w, h, bx0, ny0, bx1, y1 - s, s);
        plot_text_rgb(pix, w, h, bx1 + s + tick + gap, ny0 + s, "none", s, INK, 0);
    }
}

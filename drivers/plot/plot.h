/* plot.h: line and scatter plots written as PNG files (compressed with zlib; text comes from a
 * built-in 5x7 bitmap font), and colour bars for pictures of fields (plot_bar.c).
 *
 * A figure holds a title, axis labels and series (copies of the caller's data). Axes are linear or
 * logarithmic; ranges are automatic (nice round ticks) unless set. Non-finite points, and
 * non-positive ones on a log axis, are skipped and break the line. Typical use:
 *
 *     PlotFig *f = plot_new(900, 600, "Speed", "cells", "s/step");
 *     plot_set_log(f, 1, 1);
 *     int s = plot_series(f, x, y, n, "CPU");
 *     plot_series_style(f, s, PLOT_LINE | PLOT_POINTS);
 *     if (plot_write_png(f, "speed.png") < 0) fprintf(stderr, "%s\n", plot_error(f));
 *     plot_free(f);
 */
#ifndef SC_PLOT_H
#define SC_PLOT_H

#include <stddef.h>

typedef struct PlotFig PlotFig;

enum { PLOT_LINE = 1, PLOT_POINTS = 2 }; /* series styles (bit set) */

/* A figure of width x height pixels (each at least 160 x 120, at most 16384); NULL strings are no
 * text. NULL when out of memory or when the size is out of range. */
PlotFig *plot_new(int width, int height, const char *title, const char *xlabel, const char *ylabel);
void plot_free(PlotFig *fig);

/* Logarithmic (non-zero) or linear (0) x and y axes. */
void plot_set_log(PlotFig *fig, int logx, int logy);
/* Keep px pixels free right of the plotting area (e.g. for a colour bar, plot_bar.c). */
void plot_set_right_margin(PlotFig *fig, int px);
/* Fixed axis limits; a NaN limit stays automatic. */
void plot_set_xrange(PlotFig *fig, double lo, double hi);
void plot_set_yrange(PlotFig *fig, double lo, double hi);

/* Add a series of n points (x may be NULL: then x = 0, 1, ..., n-1); the data are copied. A NULL
 * label keeps the series out of the legend. Style PLOT_LINE, colour from the palette by index.
 * Returns the series index, or -1 when out of memory or n < 0. */
int plot_series(PlotFig *fig, const double *x, const double *y, long n, const char *label);
/* Style of series idx: PLOT_LINE, PLOT_POINTS or both. Returns 0, -1 for a bad index or style. */
int plot_series_style(PlotFig *fig, int idx, int style);
/* Colour of series idx as 0xRRGGBB. Returns 0, -1 for a bad index. */
int plot_series_color(PlotFig *fig, int idx, unsigned rgb);

/* Draw the figure: the pixels, width*height RGB triples row by row from the top, owned by the
 * figure and valid until the next draw or plot_free. NULL when out of memory. */
const unsigned char *plot_render(PlotFig *fig);
/* The pixel position (x right, y down) of the data point (x, y) in the last rendering. Returns 0,
 * -1 before any rendering or when the point cannot be placed (non-finite, <= 0 on a log axis). */
int plot_map(const PlotFig *fig, double x, double y, double *px, double *py);
/* The plotting area of the last rendering, in pixels (inclusive bounds). */
void plot_area(const PlotFig *fig, int *x0, int *y0, int *x1, int *y1);

/* Render and write an 8-bit RGB PNG. Returns 0, or -1 with errno set and plot_error(fig) saying
 * why ("PATH: No such file or directory"). */
int plot_write_png(PlotFig *fig, const char *path);
/* Write an 8-bit RGB PNG of w x h pixels (RGB triples row by row from the top), e.g. a figure's
 * pixels painted over. Returns 0, or -1 with errno set and the reason in err. */
int plot_write_rgb(const char *path, const unsigned char *pix, int w, int h, char *err, size_t errlen);
/* The message of the last failure ("" when none). */
const char *plot_error(const PlotFig *fig);

/* Text in the built-in font at an integer scale into an RGB raster of w x h pixels: (x, y) the
 * top-left of the first glyph cell; rot non-zero: a quarter turn counter-clockwise, reading upwards,
 * (x, y) then the bottom-left corner. Pixels outside the raster are skipped. */
void plot_text_rgb(unsigned char *pix, int w, int h, int x, int y, const char *s, int scale, unsigned rgb,
                   int rot);
/* Width in pixels of text at scale s (no trailing gap). */
int plot_text_width(const char *s, int scale);
/* A 1, 2 or 5 times a power of ten near raw (> 0): a tick step. */
double plot_nice_step(double raw);

/* A vertical colour bar (plot_bar.c) in the box x0..x1, y0..y1 (inclusive) of an RGB raster of
 * w x h pixels: colour(u) for u from 0 (value lo, bottom) to 1 (hi, top), framed, with ticks and
 * their values right of it at a nice step, `unit` above it; none_rgb (0xRRGGBB, or -1 for none) a
 * swatch below it labelled "none" (e.g. nodes never activated). Text at integer scale s. */
void plot_bar(unsigned char *pix, int w, int h, int x0, int y0, int x1, int y1, double lo, double hi,
              const char *unit, unsigned (*colour)(double u), long none_rgb, int s);

#endif

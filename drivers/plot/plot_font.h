/* plot_font.h: the plotter's built-in bitmap font, ASCII 32..126 (internal to plot.c). */
#ifndef SC_PLOT_FONT_H
#define SC_PLOT_FONT_H

/* A glyph is PLOT_FONT_H rows of PLOT_FONT_W columns (bit PLOT_FONT_W - 1 is the left column);
 * rows 0-6 are above the baseline, rows 7-8 hold descenders; glyphs advance PLOT_FONT_ADV. */
enum { PLOT_FONT_W = 5, PLOT_FONT_H = 9, PLOT_FONT_ADV = 6 };

/* The rows of character c's glyph ('?' for a character outside 32..126). */
const unsigned char *plot_glyph(char c);

#endif

/* tissue_out.c: VTK and PNG files of `starcarp tissue` (tissue_out.h). */
#include <dirent.h>
#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sys/stat.h>
#include <unistd.h>

#include "plot.h"
#include "tissue_out.h"

static long nodes_of(const ToutGrid *g) { return g->n[0] * g->n[1] * g->n[2]; }

/* A double as 8 big-endian bytes (VTK's binary order). */
static void put_be64(unsigned char *p, double x) {
    uint64_t u;
    memcpy(&u, &x, 8);
    for (int k = 7; k >= 0; k--, u >>= 8)
        p[k] = (unsigned char)u;
}

/* Close a written file: 0, or -1 with "PATH: reason" in err when a write (bad) or the close failed. */
static int close_checked(FILE *f, int bad, const char *path, char *err, size_t errlen) {
    int e = errno;
    if (fclose(f) != 0 && !bad)
        bad = 1, e = errno;
    if (bad) {
        snprintf(err, errlen, "%s: %s", path, strerror(e ? e : EIO));
        return -1;
    }
    return 0;
}

int tout_vtk(const char *path, const ToutGrid *g, const double *field, const char *name, const char *title,
             int binary, char *err, size_t errlen) {
    FILE *f = fopen(path, "wb");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    long n = nodes_of(g);
    int bad = fprintf(f,
                      "# vtk DataFile Version 3.0\n%.200s\n%s\nDATASET STRUCTURED_POINTS\n"
                      "DIMENSIONS %ld %ld %ld\nORIGIN 0 0 0\nSPACING %.17g %.17g %.17g\n"
                      "POINT_DATA %ld\nSCALARS %s double 1\nLOOKUP_TABLE default\n",
                      title, binary ? "BINARY" : "ASCII", g->n[0], g->n[1], g->n[2], g->dx[0], g->dx[1],
                      g->dx[2], n, name) < 0;
    if (binary) {
        unsigned char buf[8 * 1024];
        for (long i = 0; i < n && !bad; i += 1024) {
            long m = n - i < 1024 ? n - i : 1024;
            for (long k = 0; k < m; k++)
                put_be64(buf + 8 * k, field[i + k]);
            bad = fwrite(buf, 8, (size_t)m, f) != (size_t)m;
        }
        bad = bad || fputc('\n', f) == EOF;
    } else {
        for (long i = 0; i < n && !bad; i++)
            bad = fprintf(f, "%.9g%c", field[i], (i + 1) % 8 == 0 || i + 1 == n ? '\n' : ' ') < 0;
    }
    return close_checked(f, bad, path, err, errlen);
}

enum { NONE_RGB = 0xb0b0b0 }; /* nodes without a value (never activated) */

/* Colour of u in [0, 1]: blue, cyan, green, yellow, red. */
static unsigned colour(double u) {
    static const unsigned char stop[5][3] = {
        {40, 60, 200}, {0, 190, 220}, {40, 180, 60}, {240, 220, 0}, {220, 30, 30}};
    if (!(u >= 0))
        u = 0;
    if (u > 1)
        u = 1;
    double x = u * 4;
    int k = x >= 4 ? 3 : (int)x;
    double w = x - k;
    unsigned rgb = 0;
    for (int c = 0; c < 3; c++)
        rgb = rgb << 8 | (unsigned)lround(stop[k][c] + w * (stop[k + 1][c] - stop[k][c]));
    return rgb;
}

/* The 1D case: the field along x as a line plot. */
static int png_line(const char *path, const ToutGrid *g, const double *field, const char *title,
                    const char *unit, double none_below, char *err, size_t errlen) {
    long n = g->n[0];
    double *x = malloc(sizeof(double) * (size_t)n), *y = malloc(sizeof(double) * (size_t)n);
    PlotFig *f = x && y ? plot_new(900, 500, title, "x (mm)", unit) : NULL;
    int rc = -1;
    if (f) {
        for (long i = 0; i < n; i++)
            x[i] = (double)i * g->dx[0], y[i] = field[i] < none_below ? NAN : field[i];
        plot_series(f, x, y, n, NULL);
        rc = plot_write_png(f, path);
        if (rc < 0)
            snprintf(err, errlen, "%s", plot_error(f));
        plot_free(f);
    } else
        snprintf(err, errlen, "%s: out of memory", path);
    free(x), free(y);
    return rc;
}

/* Paint the 2D map of field's z = 0 plane into the plotting area of the rendered figure pix. */
static void paint_map(unsigned char *pix, int w, const int a[4], const ToutGrid *g, const double *field,
                      double lo, double hi, double none_below) {
    long nx = g->n[0], ny = g->n[1];
    for (int py = a[1]; py <= a[3]; py++)
        for (int px = a[0]; px <= a[2]; px++) {
            long i = lround((double)(px - a[0]) / (a[2] > a[0] ? a[2] - a[0] : 1) * (double)(nx - 1));
            long j = lround((double)(a[3] - py) / (a[3] > a[1] ? a[3] - a[1] : 1) * (double)(ny - 1));
            double v = field[i + nx * j];
            unsigned rgb = !(v >= none_below) || !isfinite(v) ? NONE_RGB : colour((v - lo) / (hi - lo));
            unsigned char *q = pix + 3 * ((size_t)py * (size_t)w + (size_t)px);
            q[0] = (unsigned char)(rgb >> 16), q[1] = (unsigned char)(rgb >> 8), q[2] = (unsigned char)rgb;
        }
}

int tout_png(const char *path, const ToutGrid *g, const double *field, const char *title, const char *unit,
             double lo, double hi, double none_below, char *err, size_t errlen) {
    long nx = g->n[0], ny = g->n[1];
    long plane = nx * ny;
    if (isnan(lo) || isnan(hi)) {
        double a = INFINITY, b = -INFINITY;
        for (long i = 0; i < plane; i++)
            if (field[i] >= none_below && isfinite(field[i]))
                a = field[i] < a ? field[i] : a, b = field[i] > b ? field[i] : b;
        if (isnan(lo))
            lo = isfinite(a) ? a : 0;
        if (isnan(hi))
            hi = isfinite(b) ? b : 1;
    }
    if (!(hi > lo))
        hi = lo + 1;
    char full[320];
    if (ny == 1) {
        snprintf(full, sizeof full, "%s: %.4g..%.4g %s", title, lo, hi, unit);
        return png_line(path, g, field, full, unit, none_below, err, errlen);
    }
    snprintf(full, sizeof full, "%s%s", title, g->n[2] > 1 ? " (z = 0)" : "");
    double lx = (double)(nx - 1) * g->dx[0], ly = (double)(ny - 1) * g->dx[1];
    int w = 760, pw = 600, bar = 90; /* width < 800: text at scale 1 (plot.c) */
    int ph = (int)lround(pw * ly / (lx > 0 ? lx : 1));
    ph = ph < 60 ? 60 : ph > 1400 ? 1400 : ph;
    int h = ph + 140;
    PlotFig *f = plot_new(w, h, full, "x (mm)", "y (mm)");
    if (!f) {
        snprintf(err, errlen, "%s: cannot make a figure", path);
        return -1;
    }
    plot_set_right_margin(f, bar);
    plot_set_xrange(f, 0, lx);
    plot_set_yrange(f, 0, ly);
    double cx[2] = {0, lx}, cy[2] = {0, ly};
    plot_series(f, cx, cy, 2, NULL);
    plot_series_color(f, 0, 0xffffff);
    const unsigned char *pix0 = plot_render(f);
    unsigned char *pix = pix0 ? malloc((size_t)w * (size_t)h * 3) : NULL;
    if (!pix) {
        plot_free(f);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    memcpy(pix, pix0, (size_t)w * (size_t)h * 3);
    int a[4];
    plot_area(f, &a[0], &a[1], &a[2], &a[3]);
    paint_map(pix, w, a, g, field, lo, hi, none_below);
    plot_bar(pix, w, h, a[2] + 24, a[1], w - 8, a[3], lo, hi, unit, colour,
             none_below > -INFINITY ? NONE_RGB : -1, 1);
    int rc = plot_write_rgb(path, pix, w, h, err, errlen);
    free(pix);
    plot_free(f);
    return rc;
}

int tout_lat(const char *path, const double *act, long n, char *err, size_t errlen) {
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "%s: %s", path, strerror(errno));
        return -1;
    }
    static char buf[1 << 16];
    setvbuf(f, buf, _IOFBF, sizeof buf);
    int bad = 0;
    for (long i = 0; i < n && !bad; i++)
        bad = (act[i] < 0 ? fputs("-1\n", f) : fprintf(f, "%.6f\n", act[i])) < 0;
    return close_checked(f, bad, path, err, errlen);
}

int tout_is_ours(const char *name) {
    static const char *const fixed[] = {"vm.igb", "probes.txt", "activation.vtk", "activation.png"};
    for (size_t k = 0; k < sizeof fixed / sizeof fixed[0]; k++)
        if (!strcmp(name, fixed[k]))
            return 1;
    size_t n = strlen(name); /* init_acts_<ID>-thresh.dat, whatever lats[0].ID */
    if (n > 21 && !strncmp(name, "init_acts_", 10) && !strcmp(name + n - 11, "-thresh.dat"))
        return 1;
    if (strncmp(name, "vm_", 3) != 0)
        return 0;
    size_t digits = strspn(name + 3, "0123456789");
    const char *ext = name + 3 + digits;
    return digits >= 4 && (!strcmp(ext, ".vtk") || !strcmp(ext, ".png"));
}

/* The earlier run's files in dir (regular files tout_is_ours names): how many, the first in
 * first[]; removed when clear (*removed counts them). -1 with a message when the folder cannot be
 * read or a file cannot be removed. */
static long earlier_files(const char *dir, int clear, char *first, size_t flen, int *removed, char *err,
                          size_t errlen) {
    DIR *d = opendir(dir);
    if (!d) {
        snprintf(err, errlen, "--out %s: %s", dir, strerror(errno));
        return -1;
    }
    long n = 0;
    char path[4200];
    for (struct dirent *e; (e = readdir(d));) {
        struct stat st;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        if (!tout_is_ours(e->d_name) || lstat(path, &st) != 0 || !S_ISREG(st.st_mode))
            continue;
        if (n++ == 0)
            snprintf(first, flen, "%s", e->d_name);
        if (clear && unlink(path) != 0 && errno != ENOENT) {
            snprintf(err, errlen, "--out %s: --overwrite: %s: %s", dir, path, strerror(errno));
            closedir(d);
            return -1;
        }
        *removed += clear;
    }
    closedir(d);
    return n;
}

int tout_prepare(const char *dir, int overwrite, int keep, int *removed, char *err, size_t errlen) {
    struct stat st;
    *removed = 0;
    if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, errlen, "--out %s: %s", dir, strerror(errno));
        return -1;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "--out %s: not a folder (--out names the folder of the outputs)", dir);
        return -1;
    }
    if (access(dir, W_OK | X_OK) != 0) {
        snprintf(err, errlen, "--out %s: %s", dir, strerror(errno));
        return -1;
    }
    if (keep && !overwrite)
        return 0;
    char first[256] = "";
    long n = earlier_files(dir, overwrite, first, sizeof first, removed, err, errlen);
    if (n > 0 && !overwrite) {
        snprintf(err, errlen,
                 "--out %s holds an earlier run's files (%s%s, %ld in all): give --overwrite to replace them "
                 "(only starcarp's files are removed: vm.igb, probes.txt, activation.*, "
                 "init_acts_<ID>-thresh.dat, vm_NNNN.vtk/.png), or another --out",
                 dir, first, n > 1 ? " ..." : "", n);
        return -1;
    }
    return n < 0 ? -1 : 0;
}

long tout_node_at(const ToutGrid *g, const double p[3]) {
    long idx = 0, mul = 1;
    for (int a = 0; a < 3; a++) {
        double q = p[a] / g->dx[a];
        long i = lround(q);
        if (q < -0.5 - 1e-9 || q > (double)(g->n[a] - 1) + 0.5 + 1e-9)
            return -1;
        if (i < 0)
            i = 0;
        if (i > g->n[a] - 1)
            i = g->n[a] - 1;
        idx += i * mul, mul *= g->n[a];
    }
    return idx;
}

void tout_node_xyz(const ToutGrid *g, long node, double x[3]) {
    for (int a = 0; a < 3; a++)
        x[a] = (double)(node % g->n[a]) * g->dx[a], node /= g->n[a];
}

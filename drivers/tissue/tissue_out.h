/* tissue_out.h: the files of `starcarp tissue` (prefix tout_): VTK legacy structured points that
 * ParaView opens, PNG pictures of a node field (a colour map of the grid, or of its z = 0 plane in
 * 3D, with a colour bar; a line plot in 1D), openCARP's activation file (the IGB file of Vm:
 * tissue_igb.h). A field holds one double per node, index i + nx*(j + ny*k). */
#ifndef SC_TISSUE_OUT_H
#define SC_TISSUE_OUT_H

#include <stddef.h>

typedef struct ToutGrid {
    long n[3];
    double dx[3];
} ToutGrid;

/* The node of the grid nearest to p (mm), or -1 when p lies outside it (by more than half a
 * spacing); a node's coordinates (mm). */
long tout_node_at(const ToutGrid *g, const double p[3]);
void tout_node_xyz(const ToutGrid *g, long node, double x[3]);

/* Write `field` named `name` (title: `title`) as VTK legacy STRUCTURED_POINTS, binary (big-endian
 * doubles) or ASCII. 0, or -1 with a message in err. */
int tout_vtk(const char *path, const ToutGrid *g, const double *field, const char *name, const char *title,
             int binary, char *err, size_t errlen);

/* A PNG picture of `field`: colours from blue (lo) to red (hi) with a colour bar (its scale in
 * `unit`), grey where the value is below `none_below` (nodes never activated: -1; the bar then
 * shows a "none" swatch). lo/hi NAN: the range of the values shown. A 1D grid gives a line plot
 * whose title gets the range. 0, or -1 with a message in err. */
int tout_png(const char *path, const ToutGrid *g, const double *field, const char *title, const char *unit,
             double lo, double hi, double none_below, char *err, size_t errlen);

/* openCARP's activation file (LAT output, init_acts_<ID>-thresh.dat): one line per node in node
 * order, the time in ms with six decimals, -1 for a node never activated. 0, or -1 with a message. */
int tout_lat(const char *path, const double *act, long n, char *err, size_t errlen);

/* Whether a file name (no folder) is one `starcarp tissue` writes in --out: vm.igb, probes.txt,
 * activation.vtk, activation.png, init_acts_<ID>-thresh.dat (any ID: lats[0].ID), vm_<digits>.vtk,
 * vm_<digits>.png. */
int tout_is_ours(const char *name);

/* The --out folder made ready before the run: created when missing; refused when it is not a
 * folder or cannot take files; when it holds files tout_is_ours names (regular files: an earlier
 * run's), refused unless overwrite (they are removed, and only they) or keep (a restart continuing
 * them). *removed: how many were removed. 0, or -1 with a message naming --out in err. */
int tout_prepare(const char *dir, int overwrite, int keep, int *removed, char *err, size_t errlen);

#endif

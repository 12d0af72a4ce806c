/* tissue_igb.h: openCARP's IGB file of a node field over time (prefix tigb_), e.g. vm.igb, that
 * meshalyzer and carputils' igb readers open. A 1024-byte ASCII header of `key:value` items
 * (x y z t type systeme, org_t dim_t inc_t, units) in lines ending in CR LF, padded with blank
 * lines to byte 1023, a form feed; then t frames of x*y*z little-endian 32-bit floats, node order
 * i + nx*(j + ny*k) (x fastest). The file is written through a buffer of its own (recfile.h) that
 * reaches the disk when full and at tigb_flush; each time the header is rewritten in place with
 * the frames whole in the file (t, dim_t), so a run killed at any moment leaves a valid file of
 * the frames of its last write. */
#ifndef SC_TISSUE_IGB_H
#define SC_TISSUE_IGB_H

#include <stddef.h>

typedef struct TigbFile TigbFile;

/* Create `path` for frames of n[0] x n[1] x n[2] nodes spaced dx (mm), the first at time org_t
 * and then every inc_t (ms), values in `unit` (e.g. "mV"). NULL with a message in err. */
TigbFile *tigb_open(const char *path, const long n[3], const double dx[3], double org_t, double inc_t,
                    const char *unit, char *err, size_t errlen);
/* Append one frame (one value per node, stored as float) and update the header. 0, or -1 with a
 * message. */
int tigb_append(TigbFile *f, const double *field, char *err, size_t errlen);
/* Write the frames so far to the file and the header for them. 0, or -1 with a message. */
int tigb_flush(TigbFile *f, char *err, size_t errlen);
/* Frames written so far. */
long tigb_frames(const TigbFile *f);
/* Rewrite the header, close and free (NULL: nothing). 0, or -1 with a message. */
int tigb_close(TigbFile *f, char *err, size_t errlen);

/* The 1024-byte header for t frames (pure; what tigb_append writes). */
void tigb_header(char out[1024], const long n[3], const double dx[3], long t, double org_t, double inc_t,
                 const char *unit);

#endif

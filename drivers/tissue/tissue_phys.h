/* tissue_phys.h: openCARP's physics regions and output controls in `starcarp tissue` (prefix
 * tphys_; docs/tissue.md, "openCARP parameter files"). openCARP's keys: num_phys_regions,
 * phys_region[i].ptype (0 intracellular electrics, 1 extracellular electrics), .name, .num_IDs and
 * its tags as phys_region[i].ID[j] = TAG or phys_region[i].ID = "TAG ...". starcarp solves the
 * monodomain on every element of the mesh (or every node of the box): one intracellular region
 * over all of it is what openCARP solves too, so such a file is accepted with one line saying the
 * regions are not needed; an extracellular region (the bidomain's) changes nothing in the
 * monodomain and is accepted in that line. Refused, with the file and line of the key at fault:
 * another ptype; no intracellular region, or several; an intracellular region with tags on the box
 * (no tags there) or, once the mesh is read, whose tags leave out elements of the mesh (openCARP
 * would solve on part of the mesh). The output controls output_level, num_trace, dump2MatLab and
 * spatial_dt are accepted and ignored with one line each (tphys_note). The lines gather in the
 * state's notes, printed with the run's setup. */
#ifndef SC_TISSUE_PHYS_H
#define SC_TISSUE_PHYS_H

#include <stddef.h>

#include "sc_mesh.h"
#include "tissue_opts.h"

/* Reset the physics regions' state (nothing given). */
void tphys_init(TparState *s);
/* num_phys_regions = val, and phys_region[i].ptype = val. 0, or -1 with a message naming the key
 * and what it accepts. */
int tphys_num(TparState *s, const char *key, const char *val, char *err, size_t errlen);
int tphys_ptype(TparState *s, long i, const char *key, const char *val, char *err, size_t errlen);
/* The line "tissue: KEY: LINE" into s->notes, once a key (KEY as given, without the value). */
void tphys_note(TparState *s, const char *key, const char *line);
/* After every file and option: the checks above, the intracellular region's tags into
 * o->phys_tags (and its name into o->phys_name), its line into the notes. 0, or -1 with a located
 * message. */
int tphys_finish(TissueOpts *o, char *err, size_t errlen);
/* Once the mesh is read: -1 with a message when the intracellular region's tags leave out an
 * element of m; else 0. */
int tphys_check_mesh(const TissueOpts *o, const ScMesh *m, char *err, size_t errlen);

#endif

/* tissue_impreg.h: the ionic regions of `starcarp tissue` on a mesh (prefix tir_; docs/tissue.md,
 * "Ionic regions"). openCARP's keys: num_imp_regions, imp_region[i].im, im_param and
 * cellSurfVolRatio (imp_region[0]'s are --imp, --imp-par and --chi's twins, read by tissue_par.c),
 * imp_region[i].num_IDs and its tags as imp_region[i].ID[j] = TAG or imp_region[i].ID = "TAG
 * ...". An element whose tag no region beyond the default lists runs imp_region[0]'s model; a node
 * takes the region of the highest index among its elements' (sc_tissue.h). Checked after every
 * file and option, with the file and line of the key at fault: num_IDs against the tags given
 * (tissue_greg.c's checks), each region's index against num_imp_regions, a tag listed by two
 * regions, a region without a model, a surface-to-volume ratio other than the default region's,
 * several regions on the box (no tags there); once the mesh is read, a region beyond the default
 * whose tags no element has is refused, and each listed tag no element has warned about. */
#ifndef SC_TISSUE_IMPREG_H
#define SC_TISSUE_IMPREG_H

#include <stddef.h>
#include <stdio.h>

#include "sc_mesh.h"
#include "tissue_opts.h"

/* What an imp_region[i] key sets, i > 0 (the tags and name: any i, through tgreg_key). */
typedef enum { TIR_IM, TIR_PARAM, TIR_CSV, TIR_OTHER } TirKey;

/* imp_region[i] key `key` = val (i > 0), recorded in s with where it was given. 0, or -1 with a
 * message naming the key and what it accepts. */
int tir_key(TparState *s, TirKey what, long i, const char *key, const char *val, char *err, size_t errlen);
/* num_imp_regions = val. 0, or -1 with a message. */
int tir_num(TparState *s, const char *key, const char *val, char *err, size_t errlen);
/* After every file and option (o->chi final): the checks above, the regions into o->nimp,
 * imp_im, imp_param, imp_tags and imp_name. 0, or -1 with a located message. */
int tir_finish(TissueOpts *o, char *err, size_t errlen);
/* Once the mesh is read: -1 with a message for the intracellular physics region's tags leaving out
 * an element (tphys_check_mesh), or a region beyond the default whose tags no element of m has; a warning on `out` for each listed tag that no element has. 0 or -1. */
int tir_check_mesh(const TissueOpts *o, const ScMesh *m, FILE *out, char *err, size_t errlen);

#endif

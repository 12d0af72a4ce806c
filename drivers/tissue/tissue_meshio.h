/* tissue_meshio.h: `starcarp tissue --mesh` (prefix tmio_): the mesh read and its operator
 * assembled before StarPU starts, probes placed on its nodes (docs/tissue.md, "Meshes"); the run's
 * setup lines (a mesh's or the box's). */
#ifndef SC_TISSUE_MESHIO_H
#define SC_TISSUE_MESHIO_H

#include <stddef.h>

#include "sc_fem.h"
#include "model_pick.h"
#include "sc_mesh.h"
#include "sc_tissue.h"
#include "tissue_opts.h"

/* Read o->mesh, assemble its operator with o's conductivities (fibre, sheet, normal: o->sigma, and
 * o->greg's for the elements of their tags), chi and Cm, and point c at them (c->mesh, c->op,
 * c->partitioner from --partitioner). Warns on stderr of the regions' tags no element has
 * (tgreg_check_mesh); says (unless quiet) the mesh's size, the operator's bound and the grid
 * options it does not use. 0, or -1 with a message (a located one for a bad mesh). */
int tmio_load(const TissueOpts *o, ScTissueConfig *c, ScMesh **mesh, ScFemOp **op, char *err, size_t errlen);
/* The models and parameters of imp_region[1 ..] (model_pick.h; ipk[k] for region k, ipk[0] not
 * used; parameter changes echoed on stderr unless quiet) into the solver's regions imp[k - 1].
 * 0, or -1 with a message located at the region's im key (free ipk[1 .. nimp] either way). */
int tmio_models(const TissueOpts *o, Mpick *ipk, ScTissueImp *imp, char *err, size_t errlen);
/* The line of a tissue's ionic regions, their models (region 0's m0, region k's imp[k - 1].m) and
 * nodes in the whole mesh, on out (nothing for one region). */
void tmio_regions(ScTissue *t, const ScModelEntry *m0, const ScTissueImp *imp, FILE *out);
/* The run's lines on out: model, nodes, diffusivities (c->n: a mesh's nodes, 1, 1), dt and how
 * diffusion is solved; the ionic regions (tmio_regions); then `notes` (the parameter files' lines
 * of keys accepted and ignored, or not needed). */
void tmio_setup(FILE *out, const ScTissueConfig *c, ScTissue *t, const ScModelEntry *m,
                const ScTissueImp *imp, const char *notes);
/* The node nearest to p (mm), or -1 when p lies outside the mesh's bounding box. */
long tmio_node_at(const ScMesh *m, const double p[3]);

#endif

/* tissue_meshio.h: `starcarp tissue --mesh` (prefix tmio_): the mesh read and its operator
 * assembled before StarPU starts, probes placed on its nodes (docs/tissue.md, "Meshes"); hints at
 * the units of a mesh and a stimulus after a failure; the run's setup lines (a mesh's or the box's). */
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
 * c->partitioner from --partitioner); the stimuli's strengths in the mesh's dimension
 * (tpar_strengths). Warns on stderr of the regions' tags no element has (tgreg_check_mesh) and of
 * coordinates that look written in mm (tmio_unit_hint); says (unless quiet) the mesh's size, the
 * operator's bound and the grid options it does not use. 0, or -1 with a message naming the mesh
 * as it was given (o->par.mesh_from: "meshname = heart in run.par: ...", "--mesh heart: ..."; a
 * located one for a bad mesh). */
int tmio_load(TissueOpts *o, ScTissueConfig *c, ScMesh **mesh, ScFemOp **op, char *err, size_t errlen);
/* The models and parameters of imp_region[1 ..] (model_pick.h; ipk[k] for region k, ipk[0] not
 * used; parameter changes echoed on stderr unless quiet) into the solver's regions imp[k - 1].
 * 0, or -1 with a message located at the region's im key (free ipk[1 .. nimp] either way). */
int tmio_models(const TissueOpts *o, Mpick *ipk, ScTissueImp *imp, char *err, size_t errlen);
/* The line of a tissue's ionic regions, their models (region 0's m0, region k's imp[k - 1].m) and
 * nodes in the whole mesh, on out (nothing for one region). */
void tmio_regions(ScTissue *t, const ScModelEntry *m0, const ScTissueImp *imp, FILE *out);
/* A mesh whose .pts looks written in mm rather than openCARP's um: its elements' mean diameter
 * below TMIO_MIN_DIAMETER_UM (no cardiac mesh resolves a micrometre: openCARP's are some 50 to
 * 1000 um apart), or at least TMIO_MIN_SPAN_NODES nodes spanning less than TMIO_MIN_SPAN_UM (a
 * few cells: a human heart written in mm spans some 120 units). 1 with the hint (one line, "this
 * mesh spans X um ...: was it written in mm?") in out, else 0. Warned about on loading
 * (tmio_load); valid input is never refused for it. */
#define TMIO_MIN_DIAMETER_UM 1.0
#define TMIO_MIN_SPAN_UM 200.0
#define TMIO_MIN_SPAN_NODES 100
int tmio_unit_hint(const ScMesh *m, char *out, size_t outlen);
/* After a failure (f: where and when, NULL for one before the run, as a solver's setup): the
 * "starcarp tissue: hint: " lines on out: tmio_unit_hint's for a mesh m (NULL: a grid) that
 * looks written in mm, and, for a numerical failure at a node during a stimulus's first pulse, the
 * stimulus's strength in uA/cm^2 and the unit it was given in (openCARP's uA/cm^3 divided by
 * chi on a 3D domain, uA/cm^2 on 1D and 2D ones). */
void tmio_hint(const TissueOpts *o, const ScMesh *m, const ScFailure *f, FILE *out);
/* The run's lines on out: model, nodes, diffusivities (c->n: a mesh's nodes, 1, 1), dt and how
 * diffusion is solved; the ionic regions (tmio_regions); then `notes` (the parameter files' lines
 * of keys accepted and ignored, or not needed). */
void tmio_setup(FILE *out, const ScTissueConfig *c, ScTissue *t, const ScModelEntry *m,
                const ScTissueImp *imp, const char *notes);
/* The node nearest to p (mm), or -1 when p lies outside the mesh's bounding box. */
long tmio_node_at(const ScMesh *m, const double p[3]);

#endif

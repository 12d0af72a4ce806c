/* tissue_meshio.c: `starcarp tissue --mesh`: the mesh and its operator before the run, probe
 * nodes; the run's setup lines (tissue_meshio.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "starcarp_util.h"
#include "tissue_greg.h"
#include "tissue_meshio.h"

/* tmio_load's work; its messages without the mesh's name. */
static int load(TissueOpts *o, ScTissueConfig *c, ScMesh **mesh, ScFemOp **op, char *err, size_t errlen) {
    double t0 = sc_now_s();
    if (!(*mesh = sc_mesh_read(o->mesh, err, errlen)))
        return -1;
    ScFemMass kind = o->mass && !strcmp(o->mass, "lumped") ? SC_FEM_LUMPED : SC_FEM_CONSISTENT;
    char hint[300];
    if (tmio_unit_hint(*mesh, hint, sizeof hint))
        fprintf(stderr, "tissue: warning: %s\n", hint);
    tgreg_check_mesh(o, *mesh, stderr);
    tpar_strengths(o, *mesh);
    if (!(*op =
              sc_fem_assemble(*mesh, o->sigma, o->greg + 1, o->ngreg - 1, o->chi, o->cm, kind, err, errlen)))
        return -1;
    c->mesh = *mesh, c->op = *op;
    c->partitioner = !o->partitioner                  ? SC_FEM_PART_AUTO
                     : !strcmp(o->partitioner, "rcb") ? SC_FEM_PART_RCB
                                                      : SC_FEM_PART_METIS;
    if (c->partitioner == SC_FEM_PART_METIS && !sc_fem_have_metis()) {
        sc_set_err(err, errlen,
                   "--partitioner metis: this build has no METIS (Debian's libmetis-dev, then "
                   "configure again); --partitioner rcb cuts by coordinates");
        return -1;
    }
    if (!o->quiet) {
        long nt = 0;
        for (long e = 0; e < (*mesh)->ne; e++)
            nt += (*mesh)->nv[e] == 4;
        fprintf(stderr,
                "tissue: mesh %s: %ld nodes, %ld tetrahedra, %ld hexahedra, %s, %d conductivity region%s; "
                "operator %ld non-zeros, %s mass, eigenvalue bound %.4g /ms (%.2f s)\n",
                o->mesh, (*mesh)->nn, nt, (*mesh)->ne - nt,
                (*mesh)->nfib == 2   ? "fibres and sheets"
                : (*mesh)->nfib == 1 ? "fibres"
                                     : "no fibres (along x)",
                o->ngreg, o->ngreg > 1 ? "s" : "", (*op)->rowptr[(*op)->n],
                kind == SC_FEM_LUMPED ? "lumped" : "consistent", (*op)->lambda, sc_now_s() - t0);
        if (o->nsize || o->nnodes || o->ndx)
            fprintf(stderr, "tissue: --size, --nodes and --dx are not used: the mesh gives the domain\n");
    }
    return 0;
}

int tmio_load(TissueOpts *o, ScTissueConfig *c, ScMesh **mesh, ScFemOp **op, char *err, size_t errlen) {
    char why[1000];
    if (load(o, c, mesh, op, why, sizeof why) == 0)
        return 0;
    sc_set_err(err, errlen, "%s: %s", o->par.mesh_from[0] ? o->par.mesh_from : "--mesh", why);
    return -1;
}

int tmio_models(const TissueOpts *o, Mpick *ipk, ScTissueImp *imp, char *err, size_t errlen) {
    char why[1200];
    for (int k = 1; k <= o->nimp; k++) {
        const char *w = o->par.im_where[k];
        if (mpick_model(&ipk[k], o->imp_im[k], o->imp_param[k], o->methods, o->dt, why, sizeof why) != 0 ||
            mpick_params(&ipk[k], o->quiet ? NULL : stderr, why, sizeof why) != 0) {
            sc_set_err(err, errlen, "%s%simp_region[%d].im = %s: %s", w, *w ? ": " : "", k, o->imp_im[k],
                       why);
            return -1;
        }
        imp[k - 1] = (ScTissueImp){ipk[k].m, o->imp_tags[k].ntags, o->imp_tags[k].tags};
    }
    return 0;
}

void tmio_regions(ScTissue *t, const ScModelEntry *m0, const ScTissueImp *imp, FILE *out) {
    int n = sc_tissue_nregions(t);
    for (int k = 0; k < n && n > 1; k++) {
        long nodes = sc_tissue_region_nodes(t, k); /* the whole mesh's, whichever ranks hold them */
        fprintf(out, "%s imp_region[%d] %s, %ld nodes%s", k ? "," : "tissue: ionic regions:", k,
                nodes > 0 ? (k ? imp[k - 1].m : m0)->name : "(no node)", nodes, k == n - 1 ? "\n" : "");
    }
}

int tmio_unit_hint(const ScMesh *m, char *out, size_t outlen) {
    double lo[3], hi[3], span = 0, diam = 0;
    sc_mesh_bounds(m, lo, hi);
    for (int a = 0; a < 3; a++)
        span = fmax(span, (hi[a] - lo[a]) * 1000);
    for (long e = 0; e < m->ne; e++)
        diam += sc_mesh_diameter(m, e) * 1000;
    diam = m->ne ? diam / (double)m->ne : 0;
    if (!(diam < TMIO_MIN_DIAMETER_UM || (span < TMIO_MIN_SPAN_UM && m->nn >= TMIO_MIN_SPAN_NODES)))
        return 0;
    snprintf(
        out, outlen,
        "a mesh's coordinates are in um (openCARP's .pts); this mesh spans %g um with elements of %.3g um "
        "on average: was it written in mm?",
        span, diam);
    return 1;
}

/* The unit stimulus i's strength was read in, in words. */
static void strength_unit(const TissueOpts *o, int i, char *out, size_t outlen) {
    if (isnan(o->stim_vol[i]))
        snprintf(out, outlen, "amp= in uA/cm^2");
    else if (!o->stim_ocarp[i])
        snprintf(out, outlen, "vol= %g uA/cm^3 divided by chi %g /mm", o->stim_vol[i], o->chi);
    else if (o->stim[i].amp == o->stim_vol[i])
        snprintf(out, outlen, "strength %g read as uA/cm^2, openCARP's unit on a 1D or 2D domain",
                 o->stim_vol[i]);
    else
        snprintf(out, outlen,
                 "strength %g read as uA/cm^3, openCARP's unit on a 3D domain, divided by chi %g /mm",
                 o->stim_vol[i], o->chi);
}

void tmio_hint(const TissueOpts *o, const ScMesh *m, const ScFailure *f, FILE *out) {
    char hint[300];
    if (m && tmio_unit_hint(m, hint, sizeof hint))
        fprintf(out, "starcarp tissue: hint: %s\n", hint);
    for (int i = 0; f && f->cell >= 0 && i < o->nstim; i++) {
        const ScTissueStim *x = &o->stim[i];
        if (x->amp == 0 || f->t < x->start || f->t > x->start + x->dur + 2 * o->dt)
            continue;
        strength_unit(o, i, hint, sizeof hint);
        fprintf(
            out,
            "starcarp tissue: hint: the failure comes during %s of %.4g uA/cm^2 (its %s): is the strength "
            "in that unit? (cardiac cell models take some 10 to 100 uA/cm^2)\n",
            o->stim_name[i], x->amp, hint);
        return;
    }
}

long tmio_node_at(const ScMesh *m, const double p[3]) {
    double lo[3], hi[3];
    sc_mesh_bounds(m, lo, hi);
    for (int a = 0; a < 3; a++)
        if (p[a] < lo[a] - 1e-6 || p[a] > hi[a] + 1e-6)
            return -1;
    return sc_mesh_nearest(m, p, NULL);
}

void tmio_setup(FILE *out, const ScTissueConfig *c, ScTissue *t, const ScModelEntry *m,
                const ScTissueImp *imp, const char *notes) {
    char dd[128] = "";
    static const char *const axn[2][3] = {{"x", "y", "z"}, {"fibre", "sheet", "normal"}};
    for (int ax = 0, o = 0; ax < 3; ax++)
        if (c->n[ax] > 1 || c->mesh)
            o += snprintf(dd + o, sizeof dd - (size_t)o, " %s %.4g", axn[c->mesh != NULL][ax],
                          sc_tissue_diffusivity(c, ax));
    char how[128];
    if (c->theta > 0)
        snprintf(how, sizeof how, "%s, %d Chebyshev sweeps per step",
                 c->theta == 0.5 ? "Crank-Nicolson"
                 : c->theta == 1 ? "backward Euler"
                                 : "implicit",
                 sc_tissue_sweeps(t));
    else if (sc_tissue_sweeps(t) > 0)
        snprintf(how, sizeof how, "%d diffusion sub-step%s, the consistent mass by %d Chebyshev sweeps each",
                 c->substeps, c->substeps > 1 ? "s" : "", sc_tissue_sweeps(t));
    else
        snprintf(how, sizeof how, "%d diffusion sub-step%s", c->substeps, c->substeps > 1 ? "s" : "");
    fprintf(out, "tissue: %s, %ld nodes, D (mm^2/ms):%s, dt %g ms (explicit limit %.4g ms; %s%s)\n", m->name,
            c->n[0] * c->n[1] * c->n[2], dd, c->dt, sc_tissue_dt_limit(c), how,
            c->stencil == 9 ? ", 9-point stencil" : "");
    tmio_regions(t, m, imp, out);
    fputs(notes, out); /* the keys accepted and ignored, or not needed (tissue_phys.h) */
}

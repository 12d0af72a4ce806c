/* tissue_parcheck.c: what openCARP's keys and starcarp's options said, checked and finished for
 * `starcarp tissue` (tissue_par.h): who set each quantity (a key and its twin given together),
 * num_stim against the stimuli, the openCARP stimuli and gregion[0]'s conductivities into
 * TissueOpts, the stimuli's strengths in the domain's unit (one rule for grids and meshes), and
 * dt's plausibility whatever its unit. */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "sc_mesh.h"
#include "starcarp_util.h"
#include "tissue_greg.h"
#include "tissue_opts.h"
#include "tissue_phys.h"

// clang-format off
static const char *const target_what[TPAR_NTARGET] = {
    [TPAR_DT] = "the time step", [TPAR_DUR] = "the simulated time", [TPAR_SNAP] = "the snapshot interval",
    [TPAR_PROBE_DT] = "the probe interval", [TPAR_OUT] = "the output directory", [TPAR_STIM] = "the stimuli",
    [TPAR_IMP] = "the ionic model", [TPAR_IMPPAR] = "the model's parameters",
    [TPAR_SIGMA] = "the conductivities", [TPAR_CHI] = "the surface-to-volume ratio",
    [TPAR_PARAB] = "the diffusion solver", [TPAR_TOL] = "the implicit solve's tolerance",
    [TPAR_THR] = "the activation threshold", [TPAR_MASS] = "the mass matrix",
    [TPAR_GREG] = "the conductivity regions", [TPAR_MESH] = "the mesh"};
// clang-format on

void tpar_init(TparState *s) {
    memset(s, 0, sizeof *s);
    s->num_stim = -1;
    s->bidm_eqv_mono = 1;
    tgreg_init(s);
    tphys_init(s);
    s->num_imp = -1;
    for (int i = 0; i <= SC_TISSUE_MAX_IMP; i++)
        s->imp[i].num_ids = -1;
    for (int i = 0; i < SC_TISSUE_MAX_STIM; i++)
        s->stim[i].duration = 1, s->stim[i].npls = 1;
}

int tpar_claim(TparState *s, TparTarget t, int fam, const char *key, const char *val, char *err,
               size_t errlen) {
    char shown[TPAR_KEYLEN + 4];
    snprintf(shown, sizeof shown, "%s%s", s->level ? (fam ? "-" : "--") : "", key);
    char *had = s->claim[s->level][t];
    int old = s->claim_fam[s->level][t];
    if (*had && old != fam && old > 0 && fam > 0 && (old == 3 || fam == 3)) {
        if (fam == 3)
            return 0; /* num_stim after stimulus[i] or stim[i] keys */
    } else if (*had && old != fam) {
        sc_set_err(err, errlen, "'%s' and '%s' both set %s %s: give one of them", had, shown, target_what[t],
                   s->level ? "on the command line" : "in the parameter files");
        return -1;
    }
    snprintf(had, TPAR_KEYLEN, "%.*s", TPAR_KEYLEN - 1, shown);
    s->claim_fam[s->level][t] = fam;
    if (t == TPAR_DT) { /* openCARP's dt in us, starcarp's in ms */
        s->dt_unit = fam ? 2 : 1, s->dt_file = s->file != NULL;
        if (s->file)
            snprintf(s->dt_from, sizeof s->dt_from, "dt = %s in %s", val, s->file);
        else
            snprintf(s->dt_from, sizeof s->dt_from, "%sdt %s", fam ? "-" : "--", val);
    }
    if (t == TPAR_MESH && s->file)
        snprintf(s->mesh_from, sizeof s->mesh_from, "%s = %s in %s", key, val, s->file);
    else if (t == TPAR_MESH)
        snprintf(s->mesh_from, sizeof s->mesh_from, "%s %s", shown, val);
    return 0;
}

/* The grid's dimension: the axes given with more than one node. */
static int grid_dim(const TissueOpts *o) {
    int nd = o->nsize ? o->nsize : o->nnodes, dim = 0;
    for (int a = 0; a < nd; a++)
        dim += o->nsize ? 1 : o->nodes[a] > 1;
    return dim;
}

/* A mesh's dimension, from its elements: 3 when one is a volume (a tetrahedron or a hexahedron;
 * sc_mesh_read keeps no other type, refusing openCARP's surface and line elements Tr, Qd, Ln). */
static int mesh_dim(const ScMesh *m) {
    for (long e = 0; e < m->ne; e++)
        if (m->nv[e] == 4 || m->nv[e] == 8)
            return 3;
    return 0;
}

void tpar_strengths(TissueOpts *o, const ScMesh *mesh) {
    int dim = mesh ? mesh_dim(mesh) : grid_dim(o);
    for (int i = 0; i < o->nstim; i++)
        if (!isnan(o->stim_vol[i]))
            o->stim[i].amp = o->stim_ocarp[i] && dim < 3
                                 ? o->stim_vol[i]
                                 : o->stim_vol[i] / (10.0 * o->chi); /* chi /mm -> /cm */
}

/* num_stim against the stimuli given. */
static int check_num_stim(const TparState *s, char *err, size_t errlen) {
    static const char *const fam[] = {"stimulus", "stimulus", "stim"};
    for (int i = 0; i < SC_TISSUE_MAX_STIM; i++) {
        const TparStim *x = &s->stim[i];
        if (x->keys && s->num_stim < 0) {
            sc_set_err(err, errlen,
                       "%s[%d].* given without num_stim: openCARP applies the first num_stim stimuli only "
                       "(add num_stim = %d)",
                       fam[x->family], i, i + 1);
            return -1;
        }
        if (x->keys && i >= s->num_stim) {
            sc_set_err(
                err, errlen,
                "%s[%d].* given but num_stim = %ld: openCARP would ignore it (num_stim = %d applies it)",
                fam[x->family], i, s->num_stim, i + 1);
            return -1;
        }
        if (!x->keys && i < s->num_stim) {
            sc_set_err(err, errlen, "num_stim = %ld but stimulus[%d] (or stim[%d]) has no keys", s->num_stim,
                       i, i);
            return -1;
        }
    }
    return 0;
}

/* The openCARP stimuli into o->stim: boxes in mm (an axis no key names: all of it); the strength
 * of a transmembrane current in o->stim_vol, its unit the domain's (tpar_strengths). */
static int finish_stims(TissueOpts *o, char *err, size_t errlen) {
    TparState *s = &o->par;
    if (check_num_stim(s, err, errlen) != 0)
        return -1;
    for (int i = 0; i < s->num_stim; i++) {
        const TparStim *x = &s->stim[i];
        if (o->nstim == SC_TISSUE_MAX_STIM) {
            sc_set_err(err, errlen, "at most %d stimuli in all (stim and num_stim)", SC_TISSUE_MAX_STIM);
            return -1;
        }
        ScTissueStim t = {.start = x->start, .dur = x->duration, .period = x->bcl, .count = x->npls};
        for (int a = 0; a < 3; a++) {
            double p = x->a[a], q = x->family == 2 ? x->b[a] : x->a[a] + x->b[a];
            int given = x->has_a[a] || x->has_b[a];
            t.lo[a] = given ? fmin(p, q) / 1000 : -INFINITY;
            t.hi[a] = given ? fmax(p, q) / 1000 : INFINITY;
        }
        t.amp = NAN; /* tpar_strengths, once the domain is known */
        o->stim_vol[o->nstim] = x->strength, o->stim_ocarp[o->nstim] = 1;
        snprintf(o->stim_name[o->nstim], sizeof o->stim_name[0], "%s[%d]",
                 x->family == 2 ? "stim" : "stimulus", i);
        o->stim[o->nstim++] = t;
    }
    return 0;
}

/* The level (0 files, 1 command line) of the last key of target t of openCARP's (ocarp 1) or
 * starcarp's (0) spelling; -1 when none. */
static int claim_level(const TparState *s, int t, int ocarp) {
    for (int l = 1; l >= 0; l--)
        if (s->claim[l][t][0] && (s->claim_fam[l][t] != 0) == ocarp)
            return l;
    return -1;
}

/* gregion[0] into o->sigma (tgreg_sigma), when its keys came last (or an openCARP file gave no
 * conductivity): along x (the fibre) the longitudinal values, y (the sheet) the transverse ones, z
 * the sheet normal's. */
static void finish_sigma(TissueOpts *o) {
    const TparState *s = &o->par;
    int gl = claim_level(s, TPAR_SIGMA, 1), sl = claim_level(s, TPAR_SIGMA, 0);
    if (!(gl > sl || (gl < 0 && sl < 0 && s->ocarp)))
        return;
    tgreg_sigma(&s->greg[0], s->bidm_eqv_mono, o->sigma);
    o->nsigma = 3;
}

/* dt within 1 us .. 1 ms, whatever its unit, with a hint at the unit. */
static int check_dt(const TissueOpts *o, char *err, size_t errlen) {
    const TparState *s = &o->par;
    double dt = o->dt;
    if (s->dt_unit == 0 || (dt >= 1e-3 && dt <= 1))
        return 0;
    if (s->dt_unit == 2)
        sc_set_err(
            err, errlen,
            "%s: %g ms is implausible for cardiac tissue (1 us to 1 ms): dt is in microseconds in openCARP "
            "files: 10 for 0.01 ms%s",
            s->dt_from, dt, s->dt_file ? "" : " (and in -dt; --dt is in ms)");
    else if (dt > 1 && s->dt_file)
        sc_set_err(
            err, errlen,
            "%s: %g ms is implausible for cardiac tissue (1 us to 1 ms); if it is openCARP's microseconds: "
            "this file is read as starcarp's, in ms, because it has no key only openCARP has; write dt = %g",
            s->dt_from, dt, dt / 1000);
    else
        sc_set_err(err, errlen, "%s: %g ms is implausible for cardiac tissue (1 us to 1 ms)%s", s->dt_from,
                   dt, dt > 1 ? "; --dt is in ms (openCARP's -dt in microseconds)" : "");
    return -1;
}

int tpar_finish(TissueOpts *o, char *err, size_t errlen) {
    if (finish_stims(o, err, errlen) != 0)
        return -1;
    finish_sigma(o);
    return check_dt(o, err, errlen);
}

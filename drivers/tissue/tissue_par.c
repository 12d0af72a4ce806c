/* tissue_par.c: openCARP's parameter keys for `starcarp tissue` (tissue_par.h): their table, a
 * CliOpt row per key named by its pattern (indices written []), and the rows' readers. A value
 * row's field is in TissueOpts, or for a stimulus's key (stimulus[i].*, stim[i].*) in its
 * TparStim; a CLI_CALL row's reader gets a TparCtx as its base. */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "starcarp_util.h"
#include "tissue_greg.h"
#include "tissue_impreg.h"
#include "tissue_opts.h"
#include "tissue_phys.h"

/* The base a CLI_CALL row's reader gets: the options and the key's indices ([i], then [j]; -1
 * where absent). */
typedef struct TparCtx {
    TissueOpts *o;
    long idx[2];
} TparCtx;

static int num(const char *s, double *x) {
    char *end;
    errno = 0;
    *x = strtod(s, &end);
    return end != s && *end == '\0' && errno == 0 && isfinite(*x);
}

static int integer(const char *s, long *v) {
    double x;
    if (!num(s, &x) || x != floor(x) || fabs(x) > 1e9)
        return 0;
    *v = (long)x;
    return 1;
}

/* "X Y Z" or "X,Y,Z" into v[3]. */
static int vec3(const char *s, double v[3]) {
    char buf[256];
    if (strlen(s) >= sizeof buf)
        return 0;
    strcpy(buf, s);
    int n = 0;
    char *save = NULL;
    for (char *t = strtok_r(buf, " \t,", &save); t; t = strtok_r(NULL, " \t,", &save))
        if (n == 3 || !num(t, &v[n++]))
            return 0;
    return n == 3;
}

/* key = val is not what it accepts (what): -1 with the message. */
static int expected(const char *key, const char *val, const char *what, char *err, size_t errlen) {
    sc_set_err(err, errlen, "%s = '%s': expected %s", key, val, what);
    return -1;
}

/* A value the solver cannot honour. */
static int refuse(const char *key, const char *val, const char *why, char *err, size_t errlen) {
    sc_set_err(err, errlen, "%s = %s: not supported: %s", key, val, why);
    return -1;
}

/* The readers (CliCall): row d's key, given as `key`, = val; base: a TparCtx. */

/* An integer that must equal d->arg (d->accepts: what is supported). */
static int r_fixed(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    long v;
    (void)base;
    if (!integer(val, &v)) {
        sc_set_err(err, errlen, "%s = '%s': expected an integer (supported: %s)", key, val, d->accepts);
        return -1;
    }
    return v == d->arg ? 0 : refuse(key, val, d->accepts, err, errlen);
}

/* A name: a label, read and ignored. */
static int r_label(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    (void)d, (void)key, (void)val, (void)base, (void)err, (void)errlen;
    return 0;
}

/* Corner (or offset) `which` (0: x0/p0, 1: xd/p1) of stimulus x along axis a. */
static void corner(TparStim *x, int which, int a, double v) {
    if (which)
        x->b[a] = v, x->has_b[a] = 1;
    else
        x->a[a] = v, x->has_a[a] = 1;
}

/* A stimulus's x0, y0, z0, xd, yd, zd (d->arg: 3 x (0 corner, 1 offset) + the axis), um. */
static int r_corner(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    TparCtx *c = base;
    double v;
    if (!num(val, &v))
        return expected(key, val, d->accepts, err, errlen);
    corner(&c->o->par.stim[c->idx[0]], d->arg / 3, d->arg % 3, v);
    return 0;
}

/* stim[i].elec.p0[k] and p1[k] (d->arg: 0 p0, 1 p1), um. */
static int r_pk(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    TparCtx *c = base;
    double v;
    if (c->idx[1] >= 3 || !num(val, &v))
        return expected(key, val, d->accepts, err, errlen);
    corner(&c->o->par.stim[c->idx[0]], d->arg, (int)c->idx[1], v);
    return 0;
}

/* stim[i].elec.p0 and p1 = "X Y Z" (d->arg: 0 p0, 1 p1), um. */
static int r_pvec(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    TparCtx *c = base;
    double p[3];
    if (!vec3(val, p))
        return expected(key, val, d->accepts, err, errlen);
    for (int a = 0; a < 3; a++)
        corner(&c->o->par.stim[c->idx[0]], d->arg, a, p[a]);
    return 0;
}

/* num_imp_regions (tissue_impreg.c) and num_gregions (tissue_greg.c). */
static int r_numimp(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    (void)d;
    return tir_num(&((TparCtx *)base)->o->par, key, val, err, errlen);
}

static int r_numgreg(const CliOpt *d, const char *key, const char *val, void *base, char *err,
                     size_t errlen) {
    (void)d;
    return tgreg_num(&((TparCtx *)base)->o->par, key, val, err, errlen);
}

/* parab_solve: 0 explicit, 1 Crank-Nicolson (2 refused). */
static int r_parab(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    long n;
    if (!integer(val, &n) || n < 0 || n > 2)
        return expected(key, val, d->accepts, err, errlen);
    if (n == 2)
        return refuse(key, val,
                      "openCARP's 2 (second-order time stepping): 0 (explicit) or 1 (Crank-Nicolson); "
                      "starcarp's parab-solve also takes be (backward Euler)",
                      err, errlen);
    ((TparCtx *)base)->o->parab = n ? "cn" : "explicit";
    return 0;
}

/* mass_lumping: 1 lumped, 0 consistent (refused on the box once the grid is known: topt_parse). */
static int r_mass(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    long n;
    if (!integer(val, &n) || (n != 0 && n != 1))
        return expected(key, val, d->accepts, err, errlen);
    ((TparCtx *)base)->o->mass = n ? "lumped" : "consistent";
    return 0;
}

/* num_LATs: 0 or 1 (more refused: d->accepts says why). */
static int r_numlats(const CliOpt *d, const char *key, const char *val, void *base, char *err,
                     size_t errlen) {
    long n;
    (void)base;
    if (!integer(val, &n) || n < 0)
        return expected(key, val, "0 or 1", err, errlen);
    return n > 1 ? refuse(key, val, d->accepts, err, errlen) : 0;
}

/* imp_region[i].volFrac: 1 only (d->accepts says why); i > 0 recorded as the region's key. */
static int r_volfrac(const CliOpt *d, const char *key, const char *val, void *base, char *err,
                     size_t errlen) {
    TparCtx *c = base;
    double v;
    if (!num(val, &v))
        return expected(key, val, "1", err, errlen);
    if (v != 1)
        return refuse(key, val, d->accepts, err, errlen);
    return c->idx[0] > 0 ? tir_key(&c->o->par, TIR_OTHER, c->idx[0], key, val, err, errlen) : 0;
}

/* imp_region[i].im_param: any text (imp_region[0]'s into --imp-par's field). */
static int r_imparam(const CliOpt *d, const char *key, const char *val, void *base, char *err,
                     size_t errlen) {
    TparCtx *c = base;
    (void)d;
    if (c->idx[0] > 0)
        return tir_key(&c->o->par, TIR_PARAM, c->idx[0], key, val, err, errlen);
    c->o->imp_par = val;
    return 0;
}

/* imp_region[i]'s tags and name (d->arg: the TgregKey), as a region's (tissue_greg.c). */
static int r_imptag(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    TparCtx *c = base;
    TparState *s = &c->o->par;
    return tgreg_key(s, &s->imp[c->idx[0]], (TgregKey)d->arg, 0, c->idx[1], key, val, err, errlen);
}

/* imp_region[i].im_sv_init: the state file region i starts from (tissue_svinit.c reads it). */
static int r_svinit(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    TparCtx *c = base;
    TparState *s = &c->o->par;
    if (!*val)
        return expected(key, val, d->accepts, err, errlen);
    s->imp_sv[c->idx[0]] = val;
    if (s->file)
        snprintf(s->sv_where[c->idx[0]], TPAR_WHERE, "%s:%d", s->file, s->line);
    else
        s->sv_where[c->idx[0]][0] = 0;
    return c->idx[0] > 0 ? tir_key(s, TIR_OTHER, c->idx[0], key, val, err, errlen) : 0;
}

/* An output control accepted and ignored with a line (d->arg: 0 an integer >= 0, 1 a number >= 0,
 * 2 0 or 1). */
static int r_ignored(const CliOpt *d, const char *key, const char *val, void *base, char *err,
                     size_t errlen) {
    double v;
    if (!num(val, &v) || v < 0 || (d->arg != 1 && v != floor(v)) || (d->arg == 2 && v > 1))
        return expected(key, val, d->accepts, err, errlen);
    char line[300];
    snprintf(line, sizeof line, "accepted and ignored (%s)", d->accepts);
    tphys_note(&((TparCtx *)base)->o->par, key, line);
    return 0;
}

/* num_phys_regions, phys_region[i].ptype and its tags and name (d->arg: the TgregKey), as a
 * conductivity region's (tissue_phys.c). */
static int r_numphys(const CliOpt *d, const char *key, const char *val, void *base, char *err,
                     size_t errlen) {
    (void)d;
    return tphys_num(&((TparCtx *)base)->o->par, key, val, err, errlen);
}

static int r_ptype(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    TparCtx *c = base;
    (void)d;
    return tphys_ptype(&c->o->par, c->idx[0], key, val, err, errlen);
}

static int r_phystag(const CliOpt *d, const char *key, const char *val, void *base, char *err,
                     size_t errlen) {
    TparCtx *c = base;
    TparState *s = &c->o->par;
    return tgreg_key(s, &s->phys[c->idx[0]], (TgregKey)d->arg, 0, c->idx[1], key, val, err, errlen);
}

/* lats[0].ID: the activation file's name, init_acts_<ID>-thresh.dat. */
static int r_latid(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    if (!*val || strpbrk(val, "/ \t"))
        return expected(key, val, d->accepts, err, errlen);
    ((TparCtx *)base)->o->lat_id = val;
    return 0;
}

/* gregion[i]'s g_il .. g_en (d->arg: 0 .. 5). */
static int r_gcond(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    TparCtx *c = base;
    TparState *s = &c->o->par;
    return tgreg_key(s, &s->greg[c->idx[0]], TGREG_G, d->arg, c->idx[1], key, val, err, errlen);
}

/* gregion[i]'s other keys (d->arg: the TgregKey). */
static int r_greg(const CliOpt *d, const char *key, const char *val, void *base, char *err, size_t errlen) {
    TparCtx *c = base;
    TparState *s = &c->o->par;
    return tgreg_key(s, &s->greg[c->idx[0]], (TgregKey)d->arg, 0, c->idx[1], key, val, err, errlen);
}

/* Rows of the commonest kinds: a key read by reader fn (a: the reader's own, an axis, a field),
 * setting quantity t, what it accepts in words; a key refused, with why. */
#define KEY_CALL(key, fn, a, t, what) \
    { .name = key, .type = CLI_CALL, .call = fn, .arg = a, .group = t, .accepts = what }
#define KEY_REFUSED(key, why) \
    { .name = key, .type = CLI_REFUSED, .accepts = why }
#define NOIGB \
    "openCARP's output switches are not read: the outputs are fixed, in simID (docs/tissue.md, Outputs)"
#define NOSTATE "openCARP's state files are not supported: use checkpoint, checkpoint-time and restart"
#define NOEXT "external model libraries: give a .model file to imp_region[0].im"
#define NOPLUG "plugins are not supported"
#define TYPE0 "0, a transmembrane current (the monodomain has no extracellular stimuli)"
#define F(f) offsetof(TissueOpts, f)
#define S(f) offsetof(TparStim, f)
static const CliOpt keys[] = {
    // clang-format off
    {.name = "dt", .type = CLI_POS, .hi = INFINITY,
     .accepts = "a positive time step in microseconds (openCARP's unit: 10 for 0.01 ms)", .off = F(dt),
     .scale = 1e-3, .units = "us", .group = TPAR_DT},
    {.name = "tend", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive time in ms", .off = F(duration),
     .units = "ms", .group = TPAR_DUR},
    {.name = "spacedt", .type = CLI_REAL, .hi = INFINITY, .accepts = "a time in ms >= 0 (0: none)",
     .off = F(snap_dt), .units = "ms", .group = TPAR_SNAP},
    {.name = "timedt", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive time in ms",
     .off = F(probe_dt), .units = "ms", .group = TPAR_PROBE_DT},
    {.name = "simID", .type = CLI_STR, .accepts = "a directory", .off = F(out), .group = TPAR_OUT},
    {.name = "num_stim", .type = CLI_INT, .hi = SC_TISSUE_MAX_STIM, .accepts = "an integer from 0 to 8",
     .off = F(par.num_stim), .group = TPAR_STIM},
    // clang-format on
    KEY_CALL("num_imp_regions", r_numimp, 0, TPAR_NONE, "an integer from 1 to 16"),
    KEY_CALL("num_gregions", r_numgreg, 0, TPAR_NONE, "an integer from 1 to 16"),
    // clang-format off
    {.name = "bidm_eqv_mono", .type = CLI_INT, .hi = 1,
     .accepts = "0 (g_i alone) or 1 (g_i g_e / (g_i + g_e))", .off = F(par.bidm_eqv_mono),
     .group = TPAR_SIGMA},
    // clang-format on
    KEY_CALL("parab_solve", r_parab, 0, TPAR_PARAB, "0 (explicit) or 1 (Crank-Nicolson)"),
    // clang-format off
    {.name = "cg_tol_parab", .type = CLI_REAL, .lo = -INFINITY, .hi = INFINITY,
     .accepts = "a number from 1e-15 to 0.1", .off = F(solve_tol), .group = TPAR_TOL},
    // clang-format on
    KEY_CALL("bidomain", r_fixed, 0, TPAR_NONE,
             "the monodomain only (bidomain = 0); 1 (bidomain) and 2 (pseudo-bidomain) are not supported"),
    KEY_CALL("experiment", r_fixed, 0, TPAR_NONE, "experiment = 0 (a simulation) only"),
    KEY_CALL("mass_lumping", r_mass, 0, TPAR_MASS, "0 (the consistent mass) or 1 (lumped)"),
    KEY_CALL("num_LATs", r_numlats, 0, TPAR_NONE, "one activation map (num_LATs = 0 or 1)"),
    // clang-format off
    {.name = "meshname", .type = CLI_STR,
     .accepts = "a mesh's base name (BASE.pts, BASE.elem, BASE.lon) or a .vtk file", .off = F(mesh),
     .group = TPAR_MESH},
    // clang-format on
    KEY_REFUSED("gridout_i", NOIGB),
    KEY_REFUSED("gridout_e", NOIGB),
    KEY_REFUSED("dataout_i", NOIGB),
    KEY_REFUSED("dataout_e", NOIGB),
    KEY_REFUSED("vofile", NOIGB),
    KEY_REFUSED("num_tsav", NOSTATE),
    KEY_REFUSED("tsav[]", NOSTATE),
    KEY_REFUSED("chkpt_start", NOSTATE),
    KEY_REFUSED("chkpt_intv", NOSTATE),
    KEY_REFUSED("chkpt_stop", NOSTATE),
    KEY_REFUSED("start_statef", NOSTATE),
    KEY_REFUSED("num_external_imp", NOEXT),
    KEY_REFUSED("external_imp", NOEXT),
    KEY_REFUSED("prepacing_beats", "prepacing is not supported: pace with stimuli (bcl, npls)"),
    KEY_CALL("stimulus[].x0", r_corner, 0, TPAR_STIM, "a coordinate in um"),
    KEY_CALL("stimulus[].y0", r_corner, 1, TPAR_STIM, "a coordinate in um"),
    KEY_CALL("stimulus[].z0", r_corner, 2, TPAR_STIM, "a coordinate in um"),
    KEY_CALL("stimulus[].xd", r_corner, 3, TPAR_STIM, "a length in um"),
    KEY_CALL("stimulus[].yd", r_corner, 4, TPAR_STIM, "a length in um"),
    KEY_CALL("stimulus[].zd", r_corner, 5, TPAR_STIM, "a length in um"),
    KEY_CALL("stimulus[].stimtype", r_fixed, 0, TPAR_STIM, TYPE0),
    KEY_CALL("stimulus[].name", r_label, 0, TPAR_STIM, "a label"),
    KEY_REFUSED("stimulus[].vtx_file", "vertex files need a mesh: give the box (x0, xd, y0, yd, z0, zd)"),
    KEY_CALL("stim[].elec.p0", r_pvec, 0, TPAR_STIM, "three coordinates in um, \"X Y Z\""),
    KEY_CALL("stim[].elec.p1", r_pvec, 1, TPAR_STIM, "three coordinates in um, \"X Y Z\""),
    KEY_CALL("stim[].elec.p0[]", r_pk, 0, TPAR_STIM, "a coordinate in um (index 0, 1 or 2)"),
    KEY_CALL("stim[].elec.p1[]", r_pk, 1, TPAR_STIM, "a coordinate in um (index 0, 1 or 2)"),
    KEY_CALL("stim[].elec.geom_type", r_fixed, 2, TPAR_STIM, "2, the block from elec.p0 to elec.p1 (um)"),
    KEY_REFUSED("stim[].elec.vtx_file", "vertex files need a mesh: give the block (elec.p0, elec.p1)"),
    KEY_REFUSED("stim[].elec.radius", "only the block of geom_type = 2 (elec.p0 to elec.p1) is supported"),
    // clang-format off
    {.name = "stim[].ptcl.start", .alias = "stimulus[].start", .type = CLI_REAL, .hi = INFINITY,
     .accepts = "a time in ms >= 0", .off = S(start), .units = "ms", .group = TPAR_STIM},
    {.name = "stim[].ptcl.duration", .alias = "stimulus[].duration", .type = CLI_POS, .hi = INFINITY,
     .accepts = "a positive duration in ms", .off = S(duration), .units = "ms", .group = TPAR_STIM},
    {.name = "stim[].ptcl.bcl", .alias = "stimulus[].bcl", .type = CLI_REAL, .hi = INFINITY,
     .accepts = "a period in ms >= 0", .off = S(bcl), .units = "ms", .group = TPAR_STIM},
    {.name = "stim[].ptcl.npls", .alias = "stimulus[].npls", .type = CLI_INT, .lo = 1, .hi = 1e9,
     .accepts = "an integer >= 1 (pulses)", .off = S(npls), .group = TPAR_STIM},
    {.name = "stim[].pulse.strength", .alias = "stimulus[].strength", .type = CLI_REAL, .lo = -INFINITY,
     .hi = INFINITY, .accepts = "a number (uA/cm^3 on a 3D grid, uA/cm^2 on 1D and 2D grids)",
     .off = S(strength), .group = TPAR_STIM},
    // clang-format on
    KEY_CALL("stim[].crct.type", r_fixed, 0, TPAR_STIM, TYPE0),
    KEY_CALL("stim[].name", r_label, 0, TPAR_STIM, "a label"),
    // clang-format off
    {.name = "imp_region[].im", .type = CLI_STR, .accepts = "a model name or a .model file", .off = F(imp),
     .group = TPAR_IMP, .arg = TIR_IM},
    // clang-format on
    KEY_CALL("imp_region[].im_param", r_imparam, 0, TPAR_IMPPAR,
             "the model's parameters, --imp-par's syntax"),
    // clang-format off
    {.name = "imp_region[].cellSurfVolRatio", .type = CLI_POS, .hi = INFINITY,
     .accepts = "a positive surface-to-volume ratio in 1/um (0.14: 140 /mm)", .off = F(chi), .scale = 1e3,
     .units = "1/um", .group = TPAR_CHI, .arg = TIR_CSV},
    // clang-format on
    KEY_CALL("imp_region[].volFrac", r_volfrac, 0, TPAR_NONE, "volFrac = 1 only (chi is cellSurfVolRatio)"),
    KEY_CALL("imp_region[].name", r_imptag, TGREG_NAME, TPAR_NONE, "a label"),
    KEY_CALL("imp_region[].ID", r_imptag, TGREG_IDS, TPAR_NONE, "element tags, \"T T ...\""),
    KEY_CALL("imp_region[].num_IDs", r_imptag, TGREG_NUM_IDS, TPAR_NONE, "the number of element tags"),
    KEY_CALL("imp_region[].ID[]", r_imptag, TGREG_ID, TPAR_NONE, "an element tag"),
    KEY_CALL("imp_region[].im_sv_init", r_svinit, 0, TPAR_NONE,
             "a state file of the region's model (.sv: starcarp bench --save-ini-file)"),
    KEY_REFUSED("imp_region[].im_sv_dumps", "the states are not written: probes and vm.igb give Vm"),
    KEY_REFUSED("imp_region[].plugins", NOPLUG),
    KEY_REFUSED("imp_region[].plug_param", NOPLUG),
    KEY_CALL("gregion[].g_il", r_gcond, 0, TPAR_SIGMA, "a conductivity in S/m"),
    KEY_CALL("gregion[].g_it", r_gcond, 1, TPAR_SIGMA, "a conductivity in S/m"),
    KEY_CALL("gregion[].g_in", r_gcond, 2, TPAR_SIGMA, "a conductivity in S/m"),
    KEY_CALL("gregion[].g_el", r_gcond, 3, TPAR_SIGMA, "a conductivity in S/m"),
    KEY_CALL("gregion[].g_et", r_gcond, 4, TPAR_SIGMA, "a conductivity in S/m"),
    KEY_CALL("gregion[].g_en", r_gcond, 5, TPAR_SIGMA, "a conductivity in S/m"),
    KEY_CALL("gregion[].g_mult", r_greg, TGREG_MULT, TPAR_SIGMA, "a factor on the conductivities"),
    KEY_CALL("gregion[].name", r_greg, TGREG_NAME, TPAR_NONE, "a label"),
    KEY_CALL("gregion[].ID", r_greg, TGREG_IDS, TPAR_NONE, "element tags, \"T T ...\""),
    KEY_CALL("gregion[].num_IDs", r_greg, TGREG_NUM_IDS, TPAR_NONE, "the number of element tags"),
    KEY_CALL("gregion[].ID[]", r_greg, TGREG_ID, TPAR_NONE, "an element tag"),
    // clang-format off
    {.name = "lats[].threshold", .type = CLI_REAL, .lo = -INFINITY, .hi = INFINITY,
     .accepts = "a potential in mV", .off = F(thr), .units = "mV", .group = TPAR_THR},
    // clang-format on
    KEY_CALL("lats[].ID", r_latid, 0, TPAR_NONE,
             "a name without blanks or '/': the activation file init_acts_<ID>-thresh.dat"),
    KEY_CALL("output_level", r_ignored, 0, TPAR_NONE,
             "an integer >= 0: openCARP's verbosity; starcarp's: -q"),
    KEY_CALL("num_trace", r_ignored, 0, TPAR_NONE,
             "an integer >= 0: openCARP's traces of nodes; starcarp's: probes (--probe, probes.txt)"),
    KEY_CALL("dump2MatLab", r_ignored, 2, TPAR_NONE,
             "0 or 1: openCARP's MATLAB files; starcarp's outputs: docs/tissue.md, Outputs"),
    KEY_CALL("spatial_dt", r_ignored, 1, TPAR_NONE,
             "a number >= 0; the snapshots' interval is spacedt (snap-dt)"),
    KEY_CALL("num_phys_regions", r_numphys, 0, TPAR_NONE, "an integer from 0 to 8 (physics regions)"),
    KEY_CALL("phys_region[].ptype", r_ptype, 0, TPAR_NONE,
             "0 (intracellular electrics) or 1 (extracellular electrics)"),
    KEY_CALL("phys_region[].name", r_phystag, TGREG_NAME, TPAR_NONE, "a label"),
    KEY_CALL("phys_region[].ID", r_phystag, TGREG_IDS, TPAR_NONE, "element tags, \"T T ...\""),
    KEY_CALL("phys_region[].num_IDs", r_phystag, TGREG_NUM_IDS, TPAR_NONE, "the number of element tags"),
    KEY_CALL("phys_region[].ID[]", r_phystag, TGREG_ID, TPAR_NONE, "an element tag"),
    KEY_CALL("lats[].all", r_fixed, 0, TPAR_NONE, "the first activation only (all = 0)"),
    KEY_CALL("lats[].measurand", r_fixed, 0, TPAR_NONE, "Vm only (measurand = 0)"),
    KEY_CALL("lats[].mode", r_fixed, 0, TPAR_NONE, "activation only (mode = 0)"),
    KEY_CALL("lats[].method", r_fixed, 1, TPAR_NONE, "threshold crossing only (method = 1)"),
};
#undef F
#undef S
#define NKEYS ((int)(sizeof keys / sizeof keys[0]))

const CliOpt *tpar_keys(int *n) {
    *n = NKEYS;
    return keys;
}

/* key with every [digits] written [] into pat, the indices into idx[2] (-1 when absent). 0, or -1
 * when a bracket holds something else or the key is too long. */
static int pattern(const char *key, char *pat, size_t n, long idx[2]) {
    size_t o = 0;
    int ni = 0;
    idx[0] = idx[1] = -1;
    for (const char *p = key; *p; p++) {
        if (o + 3 >= n)
            return -1;
        pat[o++] = *p;
        if (*p != '[')
            continue;
        char *end;
        errno = 0;
        long v = strtol(p + 1, &end, 10);
        if (end == p + 1 || *end != ']' || v < 0 || errno || !isdigit((unsigned char)p[1]))
            return -1;
        if (ni < 2)
            idx[ni] = v;
        ni++;
        pat[o++] = ']';
        p = end;
    }
    pat[o] = 0;
    return 0;
}

static const CliOpt *lookup(const char *key, long idx[2]) {
    char pat[TPAR_KEYLEN + 16];
    if (pattern(key, pat, sizeof pat, idx) != 0)
        return NULL;
    return cli_opt_named(keys, NKEYS, pat); /* its name, or its older spelling (stimulus[].start) */
}

int tpar_known(const char *key) {
    long idx[2];
    return lookup(key, idx) != NULL;
}

/* Index i of key's family (stimuli, regions, the activation map) beyond the supported ones: -1
 * with a message. */
static int check_index(const char *key, long i, char *err, size_t errlen) {
    int stim = !strncmp(key, "stim", 4), greg = !strncmp(key, "gregion[", 8);
    int imp = !strncmp(key, "imp_region[", 11), phys = !strncmp(key, "phys_region[", 12);
    long most = stim   ? SC_TISSUE_MAX_STIM
                : greg ? SC_FEM_MAX_REGIONS
                : imp  ? SC_TISSUE_MAX_IMP + 1
                : phys ? TPAR_MAX_PHYS
                       : 1;
    if (i < most)
        return 0;
    if (most > 1)
        sc_set_err(err, errlen, "%s: at most %ld %s (indices 0 to %ld)", key, most,
                   stim   ? "stimuli"
                   : greg ? "conductivity regions"
                   : imp  ? "ionic regions"
                          : "physics regions",
                   most - 1);
    else
        sc_set_err(err, errlen, "%s: not supported: index 0 only (one activation map)", key);
    return -1;
}

int tpar_apply(TissueOpts *o, const char *key, const char *val, char *err, size_t errlen) {
    long idx[2];
    const CliOpt *d = lookup(key, idx);
    if (!d) {
        sc_set_err(err, errlen, "unknown parameter '%s'", key);
        return -1;
    }
    if (d->type == CLI_REFUSED)
        return cli_opt_set(d, key, val, o, err, errlen);
    if (check_index(key, idx[0], err, errlen) != 0)
        return -1;
    int stim = !strncmp(key, "stim", 4), greg = !strncmp(key, "gregion[", 8);
    int imp = !strncmp(key, "imp_region[", 11);
    int fam = !strcmp(key, "num_stim") ? 3 : strncmp(key, "stim[", 5) ? 1 : 2;
    int target = (greg || imp) && idx[0] > 0 ? (greg ? TPAR_GREG : TPAR_NONE) : d->group;
    if (target != TPAR_NONE && tpar_claim(&o->par, (TparTarget)target, fam, key, val, err, errlen) != 0)
        return -1;
    if (stim)
        o->par.stim[idx[0]].keys++, o->par.stim[idx[0]].family = fam;
    if (imp && idx[0] > 0 && d->type != CLI_CALL) /* region i's model and chi (tissue_impreg.c) */
        return tir_key(&o->par, (TirKey)d->arg, idx[0], key, val, err, errlen);
    TparCtx ctx = {o, {idx[0], idx[1]}};
    void *base = d->type == CLI_CALL ? (void *)&ctx : stim ? (void *)&o->par.stim[idx[0]] : (void *)o;
    if (cli_opt_set(d, key, val, base, err, errlen) == 0)
        return 0;
    return d->type == CLI_CALL ? -1 : expected(key, val, d->accepts, err, errlen);
}

void tpar_shown(const char *pat, char *out, size_t n) {
    size_t o = 0;
    int k = 0;
    for (const char *p = pat; *p && o + 4 < n; p++) {
        out[o++] = *p;
        if (*p == '[' && p[1] == ']')
            out[o++] = k++ ? 'j' : 'i';
    }
    out[o] = 0;
}

void tpar_suggest(const char *key, const char *const *names, size_t n, char *out, size_t outlen) {
    char pat[TPAR_KEYLEN + 16], best[3][TPAR_KEYLEN + 16];
    int bd[3] = {99, 99, 99};
    long idx[2];
    if (pattern(key, pat, sizeof pat, idx) != 0)
        snprintf(pat, sizeof pat, "%s", key);
    int limit = 2 + (int)strlen(pat) / 5;
    size_t nk = (size_t)NKEYS;
    for (size_t i = 0; i < 2 * nk + n; i++) {
        const char *c = i < nk ? keys[i].name : i < 2 * nk ? keys[i - nk].alias : names[i - 2 * nk];
        if (!c)
            continue;
        int d = sc_edit_distance(pat, c, 1);
        if (d > limit || d >= bd[2])
            continue;
        int j = 2;
        for (; j > 0 && d < bd[j - 1]; j--)
            bd[j] = bd[j - 1], memcpy(best[j], best[j - 1], sizeof best[j]);
        bd[j] = d;
        tpar_shown(c, best[j], sizeof best[j]);
    }
    size_t o = 0;
    out[0] = 0;
    for (int j = 0; j < 3 && bd[j] < 99 && o < outlen; j++)
        o += (size_t)snprintf(out + o, outlen - o, "%s'%s'",
                              j == 0                        ? ""
                              : j + 1 < 3 && bd[j + 1] < 99 ? ", "
                                                            : " or ",
                              best[j]);
}

void tpar_help(FILE *out) {
    fprintf(out,
            "openCARP's keys `starcarp tissue` reads (in a .par file, `key = value`; on the command line,\n"
            "`-key value`), in openCARP's units, or refuses with the reason (docs/tissue.md):\n");
    for (int i = 0; i < NKEYS; i++) {
        char name[TPAR_KEYLEN + 16], also[TPAR_KEYLEN + 16] = "";
        tpar_shown(keys[i].name, name, sizeof name);
        if (keys[i].alias)
            tpar_shown(keys[i].alias, also, sizeof also);
        fprintf(out, "  %-30s %s%s%s%s%s\n", name, keys[i].type == CLI_REFUSED ? "not supported: " : "",
                keys[i].accepts, *also ? " (also " : "", also, *also ? ")" : "");
    }
}

/* tissue_par.c: openCARP's parameter keys for `starcarp tissue` (tissue_par.h). */
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

/* The quantities a starcarp key and its openCARP twin both set. */
enum {
    T_DT,
    T_DUR,
    T_SNAP,
    T_PROBE_DT,
    T_OUT,
    T_STIM,
    T_IMP,
    T_IMPPAR,
    T_SIGMA,
    T_CHI,
    T_PARAB,
    T_TOL,
    T_THR,
    T_MASS,
    T_GREG
};
static const char *const target_what[TPAR_NTARGET] = {"the time step",
                                                      "the simulated time",
                                                      "the snapshot interval",
                                                      "the probe interval",
                                                      "the output directory",
                                                      "the stimuli",
                                                      "the ionic model",
                                                      "the model's parameters",
                                                      "the conductivities",
                                                      "the surface-to-volume ratio",
                                                      "the diffusion solver",
                                                      "the implicit solve's tolerance",
                                                      "the activation threshold",
                                                      "the mass matrix",
                                                      "the conductivity regions"};

typedef enum {
    H_DT,
    H_TEND,
    H_SPACEDT,
    H_TIMEDT,
    H_SIMID,
    H_NUM_STIM,
    H_NUM_IMP,
    H_IMPTAG, /* imp_region[i]'s tags and name (arg: TgregKey) */
    H_NUM_GREG,
    H_BIDM,
    H_PARAB,
    H_TOL,
    H_ZERO,
    H_NUM_LATS,
    H_REFUSE,
    H_MESH,
    H_MASS,
    H_LABEL,
    H_IM,
    H_IMPAR,
    H_CSV,
    H_VOLFRAC,
    H_G, /* gregion[i] keys (tissue_greg.c), H_G to H_GNAME in TgregKey's order */
    H_GMULT,
    H_GIDS,
    H_GID,
    H_GNUM,
    H_GNAME,
    H_LTHR,
    H_LFIXED,
    /* stimuli */
    H_S_A,
    H_S_B,
    H_S_PVEC,
    H_S_PK,
    H_S_STRENGTH,
    H_S_DUR,
    H_S_START,
    H_S_BCL,
    H_S_NPLS,
    H_S_TYPE,
    H_S_GEOM,
    H_S_NAME
} Handler;

/* A known openCARP key: its pattern (indices written []), how it is read, and what it sets. */
typedef struct Key {
    const char *pat;
    Handler h;
    int arg; /* axis, conductivity, required value */
    int target; /* -1: none */
    const char *why; /* H_REFUSE and the constrained keys: what is supported */
} Key;

#define NOIGB \
    "openCARP's output switches are not read: the outputs are fixed, in simID (docs/tissue.md, Outputs)"
#define NOSTATE "openCARP's state files are not supported: use checkpoint, checkpoint-time and restart"
static const Key keys[] = {
    {"dt", H_DT, 0, T_DT, NULL},
    {"tend", H_TEND, 0, T_DUR, NULL},
    {"spacedt", H_SPACEDT, 0, T_SNAP, NULL},
    {"timedt", H_TIMEDT, 0, T_PROBE_DT, NULL},
    {"simID", H_SIMID, 0, T_OUT, NULL},
    {"num_stim", H_NUM_STIM, 0, T_STIM, NULL},
    {"num_imp_regions", H_NUM_IMP, 0, -1, NULL},
    {"num_gregions", H_NUM_GREG, 0, -1, NULL},
    {"bidm_eqv_mono", H_BIDM, 0, T_SIGMA, NULL},
    {"parab_solve", H_PARAB, 0, T_PARAB, NULL},
    {"cg_tol_parab", H_TOL, 0, T_TOL, NULL},
    {"bidomain", H_ZERO, 0, -1,
     "the monodomain only (bidomain = 0); 1 (bidomain) and 2 (pseudo-bidomain) are not supported"},
    {"experiment", H_ZERO, 0, -1, "experiment = 0 (a simulation) only"},
    {"mass_lumping", H_MASS, 0, T_MASS, NULL},
    {"num_LATs", H_NUM_LATS, 0, -1, "one activation map (num_LATs = 0 or 1)"},
    {"meshname", H_MESH, 0, -1, NULL},
    {"gridout_i", H_REFUSE, 0, -1, NOIGB},
    {"gridout_e", H_REFUSE, 0, -1, NOIGB},
    {"dataout_i", H_REFUSE, 0, -1, NOIGB},
    {"dataout_e", H_REFUSE, 0, -1, NOIGB},
    {"vofile", H_REFUSE, 0, -1, NOIGB},
    {"num_tsav", H_REFUSE, 0, -1, NOSTATE},
    {"tsav[]", H_REFUSE, 0, -1, NOSTATE},
    {"chkpt_start", H_REFUSE, 0, -1, NOSTATE},
    {"chkpt_intv", H_REFUSE, 0, -1, NOSTATE},
    {"chkpt_stop", H_REFUSE, 0, -1, NOSTATE},
    {"start_statef", H_REFUSE, 0, -1, NOSTATE},
    {"num_external_imp", H_REFUSE, 0, -1, "external model libraries: give a .model file to imp_region[0].im"},
    {"external_imp", H_REFUSE, 0, -1, "external model libraries: give a .model file to imp_region[0].im"},
    {"prepacing_beats", H_REFUSE, 0, -1, "prepacing is not supported: pace with stimuli (bcl, npls)"},
    {"stimulus[].x0", H_S_A, 0, T_STIM, NULL},
    {"stimulus[].y0", H_S_A, 1, T_STIM, NULL},
    {"stimulus[].z0", H_S_A, 2, T_STIM, NULL},
    {"stimulus[].xd", H_S_B, 0, T_STIM, NULL},
    {"stimulus[].yd", H_S_B, 1, T_STIM, NULL},
    {"stimulus[].zd", H_S_B, 2, T_STIM, NULL},
    {"stimulus[].strength", H_S_STRENGTH, 0, T_STIM, NULL},
    {"stimulus[].duration", H_S_DUR, 0, T_STIM, NULL},
    {"stimulus[].start", H_S_START, 0, T_STIM, NULL},
    {"stimulus[].bcl", H_S_BCL, 0, T_STIM, NULL},
    {"stimulus[].npls", H_S_NPLS, 0, T_STIM, NULL},
    {"stimulus[].stimtype", H_S_TYPE, 0, T_STIM, NULL},
    {"stimulus[].name", H_S_NAME, 0, T_STIM, NULL},
    {"stimulus[].vtx_file", H_REFUSE, 0, -1,
     "vertex files need a mesh: give the box (x0, xd, y0, yd, z0, zd)"},
    {"stim[].elec.p0", H_S_PVEC, 0, T_STIM, NULL},
    {"stim[].elec.p1", H_S_PVEC, 1, T_STIM, NULL},
    {"stim[].elec.p0[]", H_S_PK, 0, T_STIM, NULL},
    {"stim[].elec.p1[]", H_S_PK, 1, T_STIM, NULL},
    {"stim[].elec.geom_type", H_S_GEOM, 0, T_STIM, NULL},
    {"stim[].elec.vtx_file", H_REFUSE, 0, -1, "vertex files need a mesh: give the block (elec.p0, elec.p1)"},
    {"stim[].elec.radius", H_REFUSE, 0, -1,
     "only the block of geom_type = 2 (elec.p0 to elec.p1) is supported"},
    {"stim[].ptcl.start", H_S_START, 0, T_STIM, NULL},
    {"stim[].ptcl.duration", H_S_DUR, 0, T_STIM, NULL},
    {"stim[].ptcl.bcl", H_S_BCL, 0, T_STIM, NULL},
    {"stim[].ptcl.npls", H_S_NPLS, 0, T_STIM, NULL},
    {"stim[].pulse.strength", H_S_STRENGTH, 0, T_STIM, NULL},
    {"stim[].crct.type", H_S_TYPE, 0, T_STIM, NULL},
    {"stim[].name", H_S_NAME, 0, T_STIM, NULL},
    {"imp_region[].im", H_IM, 0, T_IMP, NULL},
    {"imp_region[].im_param", H_IMPAR, 0, T_IMPPAR, NULL},
    {"imp_region[].cellSurfVolRatio", H_CSV, 0, T_CHI, NULL},
    {"imp_region[].volFrac", H_VOLFRAC, 0, -1, "volFrac = 1 only (chi is cellSurfVolRatio)"},
    {"imp_region[].name", H_IMPTAG, TGREG_NAME, -1, NULL},
    {"imp_region[].ID", H_IMPTAG, TGREG_IDS, -1, NULL},
    {"imp_region[].num_IDs", H_IMPTAG, TGREG_NUM_IDS, -1, NULL},
    {"imp_region[].ID[]", H_IMPTAG, TGREG_ID, -1, NULL},
    {"imp_region[].im_sv_init", H_REFUSE, 0, -1,
     "initial states from a file: the model's own initial values are used"},
    {"imp_region[].plugins", H_REFUSE, 0, -1, "plugins are not supported"},
    {"imp_region[].plug_param", H_REFUSE, 0, -1, "plugins are not supported"},
    {"gregion[].g_il", H_G, 0, T_SIGMA, NULL},
    {"gregion[].g_it", H_G, 1, T_SIGMA, NULL},
    {"gregion[].g_in", H_G, 2, T_SIGMA, NULL},
    {"gregion[].g_el", H_G, 3, T_SIGMA, NULL},
    {"gregion[].g_et", H_G, 4, T_SIGMA, NULL},
    {"gregion[].g_en", H_G, 5, T_SIGMA, NULL},
    {"gregion[].g_mult", H_GMULT, 0, T_SIGMA, NULL},
    {"gregion[].name", H_GNAME, 0, -1, NULL},
    {"gregion[].ID", H_GIDS, 0, -1, NULL},
    {"gregion[].num_IDs", H_GNUM, 0, -1, NULL},
    {"gregion[].ID[]", H_GID, 0, -1, NULL},
    {"lats[].threshold", H_LTHR, 0, T_THR, NULL},
    {"lats[].ID", H_LABEL, 0, -1, NULL},
    {"lats[].all", H_LFIXED, 0, -1, "the first activation only (all = 0)"},
    {"lats[].measurand", H_LFIXED, 0, -1, "Vm only (measurand = 0)"},
    {"lats[].mode", H_LFIXED, 0, -1, "activation only (mode = 0)"},
    {"lats[].method", H_LFIXED, 1, -1, "threshold crossing only (method = 1)"},
};
#define NKEYS (sizeof keys / sizeof keys[0])

void tpar_init(TparState *s) {
    memset(s, 0, sizeof *s);
    s->num_stim = -1;
    s->bidm_eqv_mono = 1;
    tgreg_init(s);
    s->num_imp = -1;
    for (int i = 0; i <= SC_TISSUE_MAX_IMP; i++)
        s->imp[i].num_ids = -1;
    for (int i = 0; i < SC_TISSUE_MAX_STIM; i++)
        s->stim[i].duration = 1, s->stim[i].npls = 1;
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

static const Key *lookup(const char *key, long idx[2]) {
    char pat[TPAR_KEYLEN + 16];
    if (pattern(key, pat, sizeof pat, idx) != 0)
        return NULL;
    for (size_t i = 0; i < NKEYS; i++)
        if (!strcmp(keys[i].pat, pat))
            return &keys[i];
    return NULL;
}

int tpar_known(const char *key) {
    long idx[2];
    return lookup(key, idx) != NULL;
}

/* Record that key sets quantity t at the current level; -1 with a message when a key of another
 * family did. Families: 0 starcarp's, 1 openCARP's, 2 openCARP's stim[i] (1 and 2 are the legacy
 * and modern spellings of the stimuli), 3 num_stim (goes with 1 or 2). */
static int claim(TparState *s, int t, int fam, const char *key, char *err, size_t errlen) {
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
    return 0;
}

int tpar_claim_opt(TissueOpts *o, const char *name, const char *val, char *err, size_t errlen) {
    static const struct {
        const char *name;
        int t, fam;
    } map[] = {{"dt", T_DT, 0},         {"duration", T_DUR, 0},      {"tend", T_DUR, 1},
               {"snap-dt", T_SNAP, 0},  {"spacedt", T_SNAP, 1},      {"probe-dt", T_PROBE_DT, 0},
               {"out", T_OUT, 0},       {"simID", T_OUT, 1},         {"stim", T_STIM, 0},
               {"imp", T_IMP, 0},       {"imp-par", T_IMPPAR, 0},    {"sigma", T_SIGMA, 0},
               {"chi", T_CHI, 0},       {"parab-solve", T_PARAB, 0}, {"cg-tol-parab", T_TOL, 0},
               {"threshold", T_THR, 0}, {"mass", T_MASS, 0},         {"gregion", T_GREG, 0}};
    TparState *s = &o->par;
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (!strcmp(map[i].name, name)) {
            if (claim(s, map[i].t, map[i].fam, name, err, errlen) != 0)
                return -1;
            if (map[i].t == T_DT) {
                s->dt_unit = 1, s->dt_file = s->file != NULL;
                if (s->file)
                    snprintf(s->dt_from, sizeof s->dt_from, "dt = %s in %s", val, s->file);
                else
                    snprintf(s->dt_from, sizeof s->dt_from, "--dt %s", val);
            }
        }
    return 0;
}

static int num(const char *s, double *x) {
    char *end;
    errno = 0;
    *x = strtod(s, &end);
    return end != s && *end == '\0' && errno == 0 && isfinite(*x);
}

static int integer(const char *s, long *v) {
    double x;
    if (!num(s, v ? &x : &x) || x != floor(x) || fabs(x) > 1e9)
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

/* A value the solver cannot honour. */
static int refuse(const char *key, const char *val, const char *why, char *err, size_t errlen) {
    sc_set_err(err, errlen, "%s = %s: not supported: %s", key, val, why);
    return -1;
}

/* An integer key that must equal `want` (why: what is supported). */
static int fixed(long want, const char *why, const char *key, const char *val, char *err, size_t errlen) {
    long v;
    if (!integer(val, &v)) {
        sc_set_err(err, errlen, "%s = '%s': expected an integer (supported: %s)", key, val, why);
        return -1;
    }
    return v == want ? 0 : refuse(key, val, why, err, errlen);
}

/* Corner (or offset) `which` (0: x0/p0, 1: xd/p1) of stimulus x along axis a. */
static void corner(TparStim *x, int which, int a, double v) {
    if (which)
        x->b[a] = v, x->has_b[a] = 1;
    else
        x->a[a] = v, x->has_a[a] = 1;
}

/* A stimulus key of stimulus i (sub: k of elec.p0[k]). 0, or -1 with a message. */
static int apply_stim(TissueOpts *o, const Key *k, long i, long sub, int fam, const char *key,
                      const char *val, char *err, size_t errlen) {
    static const char *const what[] = {[H_S_A] = "a coordinate in um",
                                       [H_S_B] = "a length in um",
                                       [H_S_PVEC] = "three coordinates in um, \"X Y Z\"",
                                       [H_S_PK] = "a coordinate in um (index 0, 1 or 2)",
                                       [H_S_STRENGTH] =
                                           "a number (uA/cm^3 on a 3D grid, uA/cm^2 on 1D and 2D grids)",
                                       [H_S_DUR] = "a positive duration in ms",
                                       [H_S_START] = "a time in ms >= 0",
                                       [H_S_BCL] = "a period in ms >= 0",
                                       [H_S_NPLS] = "an integer >= 1 (pulses)"};
    TparStim *x = &o->par.stim[i];
    double v = 0, p[3];
    int ok = 1;
    x->keys++, x->family = fam;
    switch (k->h) {
        case H_S_A:
        case H_S_B:
            if ((ok = num(val, &v)))
                corner(x, k->h == H_S_B, k->arg, v);
            break;
        case H_S_PK:
            if ((ok = sub < 3 && num(val, &v)))
                corner(x, k->arg, (int)sub, v);
            break;
        case H_S_PVEC:
            if ((ok = vec3(val, p)))
                for (int a = 0; a < 3; a++)
                    corner(x, k->arg, a, p[a]);
            break;
        case H_S_STRENGTH:
            ok = num(val, &x->strength);
            break;
        case H_S_DUR:
            ok = num(val, &x->duration) && x->duration > 0;
            break;
        case H_S_START:
            ok = num(val, &x->start) && x->start >= 0;
            break;
        case H_S_BCL:
            ok = num(val, &x->bcl) && x->bcl >= 0;
            break;
        case H_S_NPLS:
            ok = integer(val, &x->npls) && x->npls >= 1;
            break;
        case H_S_TYPE:
            return fixed(0, "0, a transmembrane current (the monodomain has no extracellular stimuli)", key,
                         val, err, errlen);
        case H_S_GEOM:
            return fixed(2, "2, the block from elec.p0 to elec.p1 (um)", key, val, err, errlen);
        default:
            break; /* H_S_NAME: a label */
    }
    if (!ok) {
        sc_set_err(err, errlen, "%s = '%s': expected %s", key, val, what[k->h]);
        return -1;
    }
    return 0;
}

/* dt = val microseconds. */
static const char *set_dt(TissueOpts *o, const char *val) {
    TparState *s = &o->par;
    double v;
    if (!num(val, &v) || !(v > 0))
        return "a positive time step in microseconds (openCARP's unit: 10 for 0.01 ms)";
    o->dt = v / 1000, s->dt_unit = 2, s->dt_file = s->file != NULL;
    if (s->file)
        snprintf(s->dt_from, sizeof s->dt_from, "dt = %s in %s", val, s->file);
    else
        snprintf(s->dt_from, sizeof s->dt_from, "-dt %s", val);
    return NULL;
}

/* A key other than a stimulus's. 0, or -1 with a message. */
static int apply_global(TissueOpts *o, const Key *k, const char *key, const char *val, char *err,
                        size_t errlen) {
    TparState *s = &o->par;
    double v = 0;
    long n = 0;
    const char *want = NULL;
    switch (k->h) {
        case H_DT:
            want = set_dt(o, val);
            break;
        case H_TEND:
            want = num(val, &o->duration) && o->duration > 0 ? NULL : "a positive time in ms";
            break;
        case H_SPACEDT:
            want = num(val, &o->snap_dt) && o->snap_dt >= 0 ? NULL : "a time in ms >= 0 (0: none)";
            break;
        case H_TIMEDT:
            want = num(val, &o->probe_dt) && o->probe_dt > 0 ? NULL : "a positive time in ms";
            break;
        case H_SIMID:
            o->out = val, want = *val ? NULL : "a directory";
            break;
        case H_MESH:
            o->mesh = val,
            want = *val ? NULL : "a mesh's base name (BASE.pts, BASE.elem, BASE.lon) or a .vtk file";
            break;
        case H_MASS: /* a consistent mass on the box is refused once the mesh is known (topt_parse) */
            want = integer(val, &n) && (n == 0 || n == 1) ? NULL : "0 (the consistent mass) or 1 (lumped)";
            o->mass = want ? o->mass : n ? "lumped" : "consistent";
            break;
        case H_NUM_STIM:
            want = integer(val, &n) && n >= 0 && n <= SC_TISSUE_MAX_STIM ? NULL : "an integer from 0 to 8";
            s->num_stim = want ? s->num_stim : n;
            break;
        case H_NUM_IMP:
            return tir_num(s, key, val, err, errlen);
        case H_NUM_LATS:
            if (!integer(val, &n) || n < 0)
                want = "0 or 1";
            else if (n > 1)
                return refuse(key, val, k->why, err, errlen);
            break;
        case H_BIDM:
            want =
                integer(val, &n) && (n == 0 || n == 1) ? NULL : "0 (g_i alone) or 1 (g_i g_e / (g_i + g_e))";
            s->bidm_eqv_mono = want ? s->bidm_eqv_mono : n;
            break;
        case H_PARAB:
            if (!integer(val, &n) || n < 0 || n > 2)
                want = "0 (explicit) or 1 (Crank-Nicolson)";
            else if (n == 2)
                return refuse(
                    key, val,
                    "openCARP's 2 (second-order time stepping): 0 (explicit) or 1 (Crank-Nicolson); "
                    "starcarp's parab-solve also takes be (backward Euler)",
                    err, errlen);
            else
                o->parab = n ? "cn" : "explicit";
            break;
        case H_TOL:
            want = num(val, &o->solve_tol) ? NULL : "a number from 1e-15 to 0.1";
            break;
        case H_ZERO:
            return fixed(0, k->why, key, val, err, errlen);
        case H_LFIXED:
            return fixed(k->arg, k->why, key, val, err, errlen);
        case H_REFUSE:
            sc_set_err(err, errlen, "%s: not supported: %s", key, k->why);
            return -1;
        case H_IM:
            o->imp = val, want = *val ? NULL : "a model name or a .model file";
            break;
        case H_IMPAR:
            o->imp_par = val;
            break;
        case H_CSV:
            want =
                num(val, &v) && v > 0 ? NULL : "a positive surface-to-volume ratio in 1/um (0.14: 140 /mm)";
            o->chi = want ? o->chi : v * 1000;
            break;
        case H_VOLFRAC:
            if (!num(val, &v))
                want = "1";
            else if (v != 1)
                return refuse(key, val, k->why, err, errlen);
            break;
        case H_NUM_GREG:
            return tgreg_num(s, key, val, err, errlen);
        case H_LTHR:
            want = num(val, &o->thr) ? NULL : "a potential in mV";
            break;
        default:
            break; /* H_LABEL: names */
    }
    if (want) {
        sc_set_err(err, errlen, "%s = '%s': expected %s", key, val, want);
        return -1;
    }
    return 0;
}

int tpar_apply(TissueOpts *o, const char *key, const char *val, char *err, size_t errlen) {
    long idx[2];
    const Key *k = lookup(key, idx);
    if (!k) {
        sc_set_err(err, errlen, "unknown parameter '%s'", key);
        return -1;
    }
    if (k->h == H_REFUSE)
        return apply_global(o, k, key, val, err, errlen);
    int stim = k->h >= H_S_A, greg = k->h >= H_G && k->h <= H_GNAME, imp = !strncmp(key, "imp_region[", 11);
    int fam = k->h == H_NUM_STIM ? 3 : strncmp(key, "stim[", 5) ? 1 : 2;
    long most = stim ? SC_TISSUE_MAX_STIM : greg ? SC_FEM_MAX_REGIONS : imp ? SC_TISSUE_MAX_IMP + 1 : 1;
    if (idx[0] >= most) {
        if (most > 1)
            sc_set_err(err, errlen, "%s: at most %ld %s (indices 0 to %ld)", key, most,
                       stim   ? "stimuli"
                       : greg ? "conductivity regions"
                              : "ionic regions",
                       most - 1);
        else
            sc_set_err(err, errlen, "%s: not supported: index 0 only (one activation map)", key);
        return -1;
    }
    int target = (greg || imp) && idx[0] > 0 ? (greg ? T_GREG : -1) : k->target;
    if (target >= 0 && claim(&o->par, target, fam, key, err, errlen) != 0)
        return -1;
    if (k->h == H_IMPTAG)
        return tgreg_key(&o->par, &o->par.imp[idx[0]], (TgregKey)k->arg, 0, idx[1], key, val, err, errlen);
    if (imp && idx[0] > 0 && (k->h == H_IM || k->h == H_IMPAR || k->h == H_CSV))
        return tir_key(&o->par,
                       k->h == H_IM      ? TIR_IM
                       : k->h == H_IMPAR ? TIR_PARAM
                                         : TIR_CSV,
                       idx[0], key, val, err, errlen);
    if (imp && idx[0] > 0 && apply_global(o, k, key, val, err, errlen) != 0) /* volFrac */
        return -1;
    if (imp && idx[0] > 0)
        return tir_key(&o->par, TIR_OTHER, idx[0], key, val, err, errlen);
    if (stim)
        return apply_stim(o, k, idx[0], idx[1], fam, key, val, err, errlen);
    if (greg)
        return tgreg_key(&o->par, &o->par.greg[idx[0]], (TgregKey)(k->h - H_G), k->arg, idx[1], key, val, err,
                         errlen);
    return apply_global(o, k, key, val, err, errlen);
}

/* The grid's dimension: the axes given with more than one node. */
static int grid_dim(const TissueOpts *o) {
    int nd = o->nsize ? o->nsize : o->nnodes, dim = 0;
    for (int a = 0; a < nd; a++)
        dim += o->nsize ? 1 : o->nodes[a] > 1;
    return dim;
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
 * of a transmembrane current is a volume density (uA/cm^3, divided by chi) on a 3D grid and a
 * membrane density (uA/cm^2) on 1D and 2D grids. */
static int finish_stims(TissueOpts *o, char *err, size_t errlen) {
    TparState *s = &o->par;
    if (check_num_stim(s, err, errlen) != 0)
        return -1;
    int dim = grid_dim(o);
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
        t.amp = dim == 3 ? NAN : x->strength;
        o->stim_vol[o->nstim] = dim == 3 ? x->strength : NAN;
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
    int gl = claim_level(s, T_SIGMA, 1), sl = claim_level(s, T_SIGMA, 0);
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

/* pat with each [] written [i]. */
static void shown(const char *pat, char *out, size_t n) {
    size_t o = 0;
    for (const char *p = pat; *p && o + 4 < n; p++) {
        out[o++] = *p;
        if (*p == '[' && p[1] == ']')
            out[o++] = 'i';
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
    for (size_t i = 0; i < NKEYS + n; i++) {
        const char *c = i < NKEYS ? keys[i].pat : names[i - NKEYS];
        int d = sc_edit_distance(pat, c, 1);
        if (d > limit || d >= bd[2])
            continue;
        int j = 2;
        for (; j > 0 && d < bd[j - 1]; j--)
            bd[j] = bd[j - 1], memcpy(best[j], best[j - 1], sizeof best[j]);
        bd[j] = d;
        shown(c, best[j], sizeof best[j]);
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

/* tissue_par.h: openCARP's parameter keys for `starcarp tissue` (prefix tpar_; docs/tissue.md,
 * "openCARP parameter files"). tissue_args.c reads the files and the command line; tissue_par.c
 * knows openCARP's keys, a table of CliOpt rows (cli_opts.h) named by the key's pattern
 * (`stimulus[].x0`, `imp_region[].im`, `gregion[].g_il`, `dt`...), reads them in openCARP's units
 * (dt in microseconds, coordinates in micrometres, cellSurfVolRatio in 1/um) and refuses the ones
 * the solver cannot honour with the reason; tissue_parcheck.c catches a starcarp key and its
 * openCARP twin given together, and turns what was read into TissueOpts fields at the end. */
#ifndef SC_TISSUE_PAR_H
#define SC_TISSUE_PAR_H

#include <stddef.h>

#include "cli_opts.h"
#include "sc_fem.h"
#include "sc_tissue.h"

struct TissueOpts;
struct ScMesh;

enum { TPAR_KEYLEN = 64, TPAR_WHERE = 300, TPAR_MAX_PHYS = 8, TPAR_NOTES = 1600 };

/* The quantities a starcarp option and its openCARP twin both set: the CliOpt.group of the
 * option rows (tissue_opts.c) and of the keys' (tissue_par.c); TPAR_NONE: none. */
typedef enum {
    TPAR_NONE,
    TPAR_DT,
    TPAR_DUR,
    TPAR_SNAP,
    TPAR_PROBE_DT,
    TPAR_OUT,
    TPAR_STIM,
    TPAR_IMP,
    TPAR_IMPPAR,
    TPAR_SIGMA,
    TPAR_CHI,
    TPAR_PARAB,
    TPAR_TOL,
    TPAR_THR,
    TPAR_MASS,
    TPAR_GREG,
    TPAR_MESH,
    TPAR_NTARGET
} TparTarget;

/* One openCARP stimulus, as its keys gave it (stimulus[i].* or stim[i].*). */
typedef struct TparStim {
    int keys; /* keys that named it (0: none) */
    int family; /* 1: stimulus[i] (legacy), 2: stim[i] */
    double a[3], b[3]; /* x0/y0/z0 and xd/yd/zd, or elec.p0 and elec.p1 (um) */
    int has_a[3], has_b[3];
    double strength, duration, start, bcl; /* uA/cm^3 (3D) or uA/cm^2, ms */
    long npls;
} TparStim;

/* One openCARP conductivity region, as its keys gave it (gregion[i].*; tissue_greg.c). */
typedef struct TparGreg {
    int keys; /* keys that named it (0: none) */
    char where[TPAR_WHERE]; /* where its first key was given: "run.par:12" ("": the command line) */
    double g[6], g_mult; /* g_il, g_it, g_in, g_el, g_et, g_en (S/m; openCARP's defaults); g_mult */
    int has_g[6];
    long num_ids; /* num_IDs (-1: not given) */
    char num_where[TPAR_WHERE]; /* where num_IDs was given */
    char id_where[TPAR_WHERE]; /* where the first ID or ID[j] was given */
    int nid; /* 1 + the highest ID slot given (0: none) */
    int id[SC_FEM_MAX_TAGS]; /* the element tags, ID[0 .. nid) */
    unsigned char has_id[SC_FEM_MAX_TAGS];
} TparGreg;

/* What the openCARP keys read so far said, and who set what. */
typedef struct TparState {
    int level; /* 0: parameter files, 1: the command line */
    int ocarp; /* an openCARP file was read */
    const char *file; /* the file being read (NULL: the command line) */
    int line; /* the line of the key being read in `file` */
    int depth; /* parameter files being read, one inside another (--par in a file) */
    char claim[2][TPAR_NTARGET][TPAR_KEYLEN]; /* the key that set each quantity, per level */
    int claim_fam[2][TPAR_NTARGET]; /* its family: 0 starcarp, 1 openCARP, 2 openCARP's stim[i] */
    long num_stim; /* -1: not given */
    TparStim stim[SC_TISSUE_MAX_STIM];
    long num_gregions; /* -1: not given */
    char num_greg_where[TPAR_WHERE];
    TparGreg greg[SC_FEM_MAX_REGIONS]; /* gregion[0]: the elements no other region lists (the box: all) */
    long num_imp; /* num_imp_regions (-1: not given) */
    char num_imp_where[TPAR_WHERE];
    /* imp_region[i] (tissue_impreg.c): its tags (and where its keys were given) as a region's, and
     * for i > 0 its model, parameters and surface-to-volume ratio (1/um; 0: not given) */
    TparGreg imp[SC_TISSUE_MAX_IMP + 1];
    const char *imp_im[SC_TISSUE_MAX_IMP + 1], *imp_param[SC_TISSUE_MAX_IMP + 1];
    char im_where[SC_TISSUE_MAX_IMP + 1][TPAR_WHERE];
    double imp_csv[SC_TISSUE_MAX_IMP + 1];
    /* imp_region[i].im_sv_init: the state file region i's cells start from (NULL: the model's
     * initial values), and where it was given ("run.par:12"; "": the command line) */
    const char *imp_sv[SC_TISSUE_MAX_IMP + 1];
    char sv_where[SC_TISSUE_MAX_IMP + 1][TPAR_WHERE];
    /* openCARP's physics regions (tissue_phys.c): num_phys_regions (-1: not given), each region's
     * tags as a conductivity region's, and its ptype (-1: not given) */
    long num_phys;
    char num_phys_where[TPAR_WHERE];
    TparGreg phys[TPAR_MAX_PHYS];
    long phys_ptype[TPAR_MAX_PHYS];
    /* the lines saying which keys were accepted and ignored, or are not needed (one a key) */
    char notes[TPAR_NOTES];
    long bidm_eqv_mono;
    int dt_unit; /* the unit dt was last given in: 0 default, 1 ms, 2 us */
    int dt_file; /* ... in a parameter file (1) or on the command line (0) */
    char dt_from[TPAR_KEYLEN + 160]; /* where: "dt = 25 in run.par", "--dt 0.1" */
    char mesh_from[TPAR_KEYLEN + 160]; /* the mesh's: "meshname = heart in run.par", "--mesh heart" */
} TparState;

/* Reset the state (openCARP's defaults for the conductivities). */
void tpar_init(TparState *s);
/* 1 when key is an openCARP key this module knows (read or refused with a reason), else 0. */
int tpar_known(const char *key);
/* Apply openCARP key = val to o (openCARP's units). 0, or -1 with a message naming the key and
 * what it accepts, or why the solver cannot honour it. */
int tpar_apply(struct TissueOpts *o, const char *key, const char *val, char *err, size_t errlen);
/* Note that `key` (its name as given, without dashes) = val sets quantity t at the current level;
 * fam: 0 a starcarp option, 1 an openCARP key, 2 openCARP's stim[i] keys (1 and 2 are the legacy
 * and modern spellings of the stimuli), 3 num_stim (goes with 1 or 2). -1 with a message when a
 * key of another family set it at the same level (the files, or the command line); dt's also
 * records its unit and where it was given, for tpar_finish, and the mesh's where it was given
 * (messages). */
int tpar_claim(TparState *s, TparTarget t, int fam, const char *key, const char *val, char *err,
               size_t errlen);
/* After every file and option: the openCARP stimuli into o->stim, the conductivities of
 * gregion[0] into o->sigma, dt's plausibility (the other regions: tgreg_finish, once o->sigma is
 * complete). 0, or -1 with a message. */
int tpar_finish(struct TissueOpts *o, char *err, size_t errlen);
/* The stimuli's strengths into o->stim[i].amp (uA/cm^2), where given as a current density
 * (o->stim_vol[i]): openCARP's strength (o->stim_ocarp[i]) in uA/cm^3, divided by chi, on a 3D
 * domain (a grid of three axes of more than one node, a mesh of volume elements), in uA/cm^2 as
 * given on 1D and 2D ones; --stim's vol= in uA/cm^3 whatever the domain. The domain: `mesh`, or
 * o's grid when NULL. */
void tpar_strengths(struct TissueOpts *o, const struct ScMesh *mesh);
/* Up to three known keys closest to key (openCARP's and, from names[n], starcarp's), as
 * "'a', 'b' or 'c'" in out ("" when none is close). */
void tpar_suggest(const char *key, const char *const *names, size_t n, char *out, size_t outlen);
/* The keys' table (*n rows), each named by its pattern ("stimulus[].x0"). */
const CliOpt *tpar_keys(int *n);
/* The keys understood, one a line ("  stimulus[i].x0  a coordinate in um"; a refused one with
 * its reason), generated from the table: `starcarp tissue --help-par`. */
void tpar_help(FILE *out);
/* pat with each [] written [i] (the first) or [j] (the second) into out. */
void tpar_shown(const char *pat, char *out, size_t n);

#endif

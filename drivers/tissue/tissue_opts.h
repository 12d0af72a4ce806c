/* tissue_opts.h: the options of `starcarp tissue` (prefix topt_), from the command line and from
 * parameter files (docs/tissue.md). tissue_opts.c holds the option table (CliOpt rows, cli_opts.h)
 * and --help; tissue_args.c reads the command line and the files. A parameter file holds
 * `name = value` lines, `#` comments; a name is an option's long name without the dashes (or the
 * openCARP spelling of a row, its .opencarp: tend, spacedt, simID), or one of openCARP's keys
 * (tissue_par.h): a file with a key only openCARP has is an openCARP file, read in openCARP's
 * units (dt in microseconds). On the command line `--option value`, openCARP's `-key value` and
 * `+F FILE`; the command line is applied after the files, whatever its place. */
#ifndef SC_TISSUE_OPTS_H
#define SC_TISSUE_OPTS_H

#include <stddef.h>
#include <stdio.h>

#include "cli_opts.h"
#include "sc_tissue.h"
#include "starcarp_types.h"
#include "tissue_par.h"

#define TOPT_MAX_PROBES 64

typedef struct TissueOpts {
    const char *imp, *imp_par, *out, *vtk, *checkpoint, *restart;
    const char *precision; /* --precision: double (the only one the solver has), or NULL */
    ScMethods methods; /* --methods (methods= of a parameter file): auto (the default), file or overrides */
    double size[3];
    int nsize; /* --size, mm */
    long nodes[3];
    int nnodes; /* --nodes */
    double dx[3];
    int ndx; /* --dx, mm (one value: every axis) */
    double sigma[3];
    int nsigma; /* --sigma, S/m (one: isotropic; two: along, across) */
    double chi, cm, dt, duration, thr, snap_dt, probe_dt, checkpoint_time, vm_bound, gpu_speedup;
    int nstim;
    ScTissueStim stim[SC_TISSUE_MAX_STIM];
    double stim_vol[SC_TISSUE_MAX_STIM]; /* vol= of a stimulus, uA/cm^3 (NAN: amp= given) */
    unsigned char stim_ocarp[SC_TISSUE_MAX_STIM]; /* stim_vol is openCARP's strength (tpar_strengths) */
    char stim_name[SC_TISSUE_MAX_STIM][24]; /* "--stim #1", "stimulus[0]", "stim[0]" (messages) */
    int allow_no_stim; /* --allow-no-stimulus: run a tissue no stimulus reaches */
    int nprobe;
    double probe[TOPT_MAX_PROBES][3]; /* mm */
    long ncpu, ngpu, nparts;
    long stencil; /* --stencil 5|9 (2D; 0: 5) */
    const char *substeps; /* --diffusion-substeps N|auto (NULL: 1) */
    const char *parab; /* --parab-solve explicit|cn|be (or openCARP's 0|1) */
    double theta; /* from parab: 0 explicit, 0.5 Crank-Nicolson, 1 backward Euler */
    double solve_tol; /* --cg-tol-parab: the implicit solve's tolerance (0: the solver's default) */
    double rtol, atol; /* cvode tolerances (0: the kernels') */
    int no_lut;
    int nvary; /* --vary NAME=LO:HI[:AXIS]: a parameter graded along an axis */
    struct {
        char name[64];
        double lo, hi;
        int axis;
    } vary[8];
    const char *mesh; /* --mesh (openCARP's meshname): a mesh instead of the box (NULL: the box) */
    /* Conductivity regions (tissue_greg.h): greg[0] the default one (its sigma: `sigma`; its tags:
     * gregion[0].ID, which change nothing), greg[1 .. ngreg) from --gregion and gregion[i], i > 0,
     * each named in messages by greg_name ("--gregion #1", "gregion[1] (run.par:12)"). */
    int ngreg;
    ScFemRegion greg[SC_FEM_MAX_REGIONS];
    char greg_name[SC_FEM_MAX_REGIONS][TPAR_WHERE + 32];
    /* Ionic regions beyond the default one (imp, imp_par: imp_region[0]): imp_region[1 .. nimp]'s
     * models, parameters and tags (imp_tags[0]: imp_region[0]'s, which change nothing), named in
     * messages by imp_name ("imp_region[1] (run.par:12)"; tissue_impreg.h). */
    int nimp;
    const char *imp_im[SC_TISSUE_MAX_IMP + 1], *imp_param[SC_TISSUE_MAX_IMP + 1];
    ScFemRegion imp_tags[SC_TISSUE_MAX_IMP + 1];
    char imp_name[SC_TISSUE_MAX_IMP + 1][TPAR_WHERE + 32];
    /* openCARP's intracellular physics region (phys_region[i], ptype 0; tissue_phys.h): its tags
     * (none: the whole mesh) and its name in messages */
    ScFemRegion phys_tags;
    char phys_name[TPAR_WHERE + 32];
    const char *lat_id; /* lats[0].ID: the activation file init_acts_<ID>-thresh.dat (NULL: vm_act) */
    const char *partitioner; /* --partitioner metis|rcb (NULL: METIS where built in) */
    const char *mass; /* --mass lumped|consistent (openCARP's mass_lumping; NULL: a mesh's default) */
    int quiet, help, no_png, overwrite; /* overwrite: --out may hold an earlier run's files */
    int help_par; /* --help-par: list openCARP's keys */
    TparState par; /* what openCARP's keys said (tissue_par.c) */
} TissueOpts;

/* Parse argv[1..argc) (argv[0] is the command's name) into o, reading --par files where they are
 * named. Returns 0, or -1 with a message naming the option and what it accepts in err. */
int topt_parse(int argc, char **argv, TissueOpts *o, char *err, size_t errlen);
/* The grid of the options: nodes and spacing per axis into cfg (n, dx); 0 or -1 with a message. */
int topt_grid(const TissueOpts *o, long n[3], double dx[3], char *err, size_t errlen);
/* A run no stimulus reaches (none given; every one of zero strength, after the run's end or
 * outside the grid of n nodes dx mm apart, or holding no node of `mesh` when not NULL) is refused
 * unless --allow-no-stimulus: 0, or -1 with a message saying why for each stimulus. */
int topt_check_stim(const TissueOpts *o, const long n[3], const double dx[3], const struct ScMesh *mesh,
                    char *err, size_t errlen);
/* The usage text, its option list generated from the table (--help). */
void topt_usage(FILE *out);

/* The option table (*n rows). A row's group is the TparTarget it sets (tissue_par.h); the shared
 * options' rows have no help (cli_run_help lists them). */
const CliOpt *topt_opts(int *n);
/* The row a parameter file's key names (an option's name without the dashes, or its .opencarp
 * spelling: *ocarp := 1), or NULL. */
const CliOpt *topt_find(const char *key, int *ocarp);
/* What row d accepts, in words (a shared option's: cli_opts.c's). */
const char *topt_accepts(const CliOpt *d);
/* Row d = val (NULL: a flag, set) into o, given as `name` (without dashes), ocarp when by its
 * openCARP spelling: the quantity it sets claimed first (tpar_claim). 0, or -1 with a message. */
int topt_apply(TissueOpts *o, const CliOpt *d, const char *name, int ocarp, const char *val, char *err,
               size_t errlen);
/* The parameter file `path` into o (tissue_args.c; --par, +F). 0, or -1 with a located message. */
int topt_read_par(TissueOpts *o, const char *path, char *err, size_t errlen);

#endif

/* tissue_opts.c: the option table of `starcarp tissue` (tissue_opts.h), its readers, and --help
 * generated from it. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "starcarp_util.h"
#include "tissue_greg.h"
#include "tissue_opts.h"

/* "LO:HI" mm. */
static int range(const char *s, double *lo, double *hi) {
    char buf[128];
    const char *c = strchr(s, ':');
    if (!c || (size_t)(c - s) >= sizeof buf)
        return 0;
    memcpy(buf, s, (size_t)(c - s));
    buf[c - s] = 0;
    return cli_opt_double(buf, lo) && cli_opt_double(c + 1, hi) && *lo <= *hi;
}

/* The readers (CliCall) of the rows below: row d, given as `as`, = val into base, a TissueOpts. */

/* val into buf[size] (for strtok_r), or -1 with "OPT: too long". */
static int copy_value(const char *opt, const char *val, char *buf, size_t size, char *err, size_t errlen) {
    if (strlen(val) >= size) {
        sc_set_err(err, errlen, "%s: too long", opt);
        return -1;
    }
    strcpy(buf, val);
    return 0;
}

/* One --stim SPEC into o->stim[o->nstim++]. */
static int r_stim(const CliOpt *d, const char *as, const char *spec, void *base, char *err, size_t errlen) {
    TissueOpts *o = base;
    (void)d, (void)as;
    if (o->nstim == SC_TISSUE_MAX_STIM) {
        sc_set_err(err, errlen, "--stim: at most %d stimuli", SC_TISSUE_MAX_STIM);
        return -1;
    }
    ScTissueStim x = {
        .lo = {-INFINITY, -INFINITY, -INFINITY}, .hi = {INFINITY, INFINITY, INFINITY}, .dur = 2};
    double amp = NAN, vol = NAN;
    char buf[512], *save = NULL;
    if (copy_value("--stim", spec, buf, sizeof buf, err, errlen) != 0)
        return -1;
    for (char *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        while (*t == ' ')
            t++;
        char item[512];
        snprintf(item, sizeof item, "%s", t);
        char *eq = strchr(t, '=');
        int ok = eq != NULL;
        if (ok) {
            *eq = 0;
            const char *k = t, *v = eq + 1;
            double num = 0, cnt;
            int ax = !strcmp(k, "x") ? 0 : !strcmp(k, "y") ? 1 : !strcmp(k, "z") ? 2 : -1;
            if (ax >= 0)
                ok = range(v, &x.lo[ax], &x.hi[ax]);
            else if (!(ok = cli_opt_double(v, &num)))
                ;
            else if (!strcmp(k, "start"))
                x.start = num;
            else if (!strcmp(k, "dur") || !strcmp(k, "duration"))
                x.dur = num;
            else if (!strcmp(k, "period"))
                x.period = num;
            else if (!strcmp(k, "count"))
                ok = (cnt = num) >= 1 && cnt == floor(cnt), x.count = (long)num;
            else if (!strcmp(k, "amp"))
                amp = num;
            else if (!strcmp(k, "vol"))
                vol = num;
            else
                ok = 0;
        }
        if (!ok) {
            sc_set_err(err, errlen,
                       "--stim '%s': bad item '%s'; accepted: x=LO:HI, y=LO:HI, z=LO:HI (mm, LO <= HI), "
                       "start=MS, dur=MS, period=MS, count=N (>= 1), amp=uA/cm^2 or vol=uA/cm^3",
                       spec, item);
            return -1;
        }
    }
    if (isnan(amp) == isnan(vol)) {
        sc_set_err(err, errlen,
                   "--stim '%s': give exactly one strength, amp=uA/cm^2 (transmembrane) or vol=uA/cm^3 "
                   "(volume density, divided by chi)",
                   spec);
        return -1;
    }
    x.amp = amp; /* NAN for a volume density: converted once chi is known (topt_parse) */
    o->stim_vol[o->nstim] = vol;
    snprintf(o->stim_name[o->nstim], sizeof o->stim_name[0], "--stim #%d", o->nstim + 1);
    o->stim[o->nstim++] = x;
    return 0;
}

/* --vary "NAME=LO:HI[:AXIS]" into o->vary. */
static int r_vary(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    TissueOpts *o = base;
    (void)d, (void)as;
    const char *eq = strchr(val, '=');
    char buf[256], *tok[4] = {0}, *save = NULL;
    int nt = 0;
    if (eq && eq > val && (size_t)(eq - val) < sizeof o->vary[0].name && o->nvary < 8 &&
        strlen(eq + 1) < sizeof buf) {
        strcpy(buf, eq + 1);
        for (char *t = strtok_r(buf, ":", &save); t && nt < 4; t = strtok_r(NULL, ":", &save))
            tok[nt++] = t;
        double lo, hi;
        int axis = nt < 3                 ? 0
                   : !strcmp(tok[2], "x") ? 0
                   : !strcmp(tok[2], "y") ? 1
                   : !strcmp(tok[2], "z") ? 2
                                          : -1;
        if ((nt == 2 || nt == 3) && axis >= 0 && cli_opt_double(tok[0], &lo) && cli_opt_double(tok[1], &hi)) {
            memcpy(o->vary[o->nvary].name, val, (size_t)(eq - val));
            o->vary[o->nvary].name[eq - val] = 0;
            o->vary[o->nvary].lo = lo, o->vary[o->nvary].hi = hi, o->vary[o->nvary].axis = axis;
            o->nvary++;
            return 0;
        }
    }
    sc_set_err(err, errlen, "--vary '%s': expected NAME=LO:HI[:x|y|z] (at most 8)", val);
    return -1;
}

/* --probe "X,Y,Z;X,Y,Z" into o->probe. */
static int r_probe(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    TissueOpts *o = base;
    (void)d, (void)as;
    char buf[2048], *save = NULL;
    if (copy_value("--probe", val, buf, sizeof buf, err, errlen) != 0)
        return -1;
    for (char *t = strtok_r(buf, ";", &save); t; t = strtok_r(NULL, ";", &save)) {
        double p[3] = {0, 0, 0};
        int n = cli_opt_doubles(t, ",", p, 3);
        if (n < 1 || o->nprobe == TOPT_MAX_PROBES) {
            sc_set_err(err, errlen,
                       "--probe '%s': expected X[,Y[,Z]] in mm, ';' between points, at most %d points", t,
                       TOPT_MAX_PROBES);
            return -1;
        }
        memcpy(o->probe[o->nprobe++], p, sizeof p);
    }
    return 0;
}

/* --gregion TAGS:L[,T[,N]] (tissue_greg.c). */
static int r_greg(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    (void)d, (void)as;
    return tgreg_add(base, val, err, errlen);
}

/* --par FILE (+F): a parameter file (tissue_args.c). */
static int r_par(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    (void)d, (void)as;
    return topt_read_par(base, val, err, errlen);
}

/* --imp-par: any text, the empty one too (no parameters). */
static int r_text(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    (void)as, (void)err, (void)errlen;
    memcpy((char *)base + d->off, &val, sizeof val);
    return 0;
}

/* An option commands share (--dt, --methods, --ncpu, --ngpu), read and checked by cli_opts.c,
 * stored at d->off. */
static int r_shared(const CliOpt *d, const char *as, const char *val, void *base, char *err, size_t errlen) {
    CliRun r = cli_run_defaults();
    const CliOpt *c = cli_run_set("tissue", d->name, val, &r, err, errlen);
    (void)as;
    if (c)
        memcpy((char *)base + d->off, (const char *)&r + c->off, cli_opt_size(c));
    return c ? 0 : -1;
}

/* The help's continuation lines start at column 22. */
#define MORE "\n                      "
#define F(f) offsetof(TissueOpts, f)
static const CliOpt opts[] = {
    // clang-format off
    {.name = "--par", .alias = "+F", .type = CLI_CALL, .call = r_par, .accepts = "a parameter file",
     .help = "FILE  parameter file: `name = value` lines (names as the long options below;" MORE
             "also tend, spacedt, simID), or openCARP's .par file: a file with a key only" MORE
             "openCARP has is read in openCARP's units (dt in us, coordinates in um);" MORE
             "-KEY VALUE gives openCARP's keys on the command line, which wins over the" MORE
             "files (--help-par lists the keys; docs/tissue.md)"},
    {.name = "--imp", .type = CLI_STR, .accepts = "a library model name or a .model file",
     .help = "MODEL  library model or .model file (required)", .off = F(imp), .group = TPAR_IMP},
    {.name = "--imp-par", .type = CLI_CALL, .call = r_text,
     .accepts = "openCARP parameter items like \"mu1=0.3,gNa*1.5\"",
     .help = "STR  parameters, openCARP syntax: \"mu1=0.3,gNa*1.5\"", .off = F(imp_par),
     .group = TPAR_IMPPAR},
    {.name = "--methods", .type = CLI_CALL, .call = r_shared, .off = F(methods)},
    {.name = "--size", .type = CLI_REALS, .hi = INFINITY,
     .accepts = "1 to 3 positive lengths in mm, comma-separated",
     .help = "X[,Y[,Z]]  domain lengths, mm (one value: 1D, two: 2D); nodes = size/dx + 1", .off = F(size),
     .units = "mm", .count_off = F(nsize), .nmin = 1, .nmax = 3},
    {.name = "--nodes", .type = CLI_INTS, .lo = 1, .hi = 1e8,
     .accepts = "1 to 3 positive node counts, comma-separated",
     .help = "NX[,NY[,NZ]]  nodes per axis instead of --size", .off = F(nodes), .count_off = F(nnodes),
     .nmin = 1, .nmax = 3},
    {.name = "--dx", .type = CLI_REALS, .hi = INFINITY, .accepts = "1 to 3 positive spacings in mm",
     .help = "D[,DY,DZ]  node spacing, mm (default 0.1)", .off = F(dx), .units = "mm", .count_off = F(ndx),
     .nmin = 1, .nmax = 3},
    {.name = "--mesh", .type = CLI_STR,
     .accepts = "openCARP's mesh base name (BASE.pts, .elem, .lon) or a .vtk file",
     .help = "M  a mesh instead of the box (openCARP's meshname): M.pts, M.elem, M.lon" MORE
             "(tetrahedra, hexahedra, fibres; um) or a legacy VTK grid M.vtk; linear" MORE
             "finite elements, --sigma along the fibre, sheet, normal (`starcarp mesh`)", .off = F(mesh),
     .group = TPAR_MESH},
    {.name = "--gregion", .type = CLI_CALL, .call = r_greg,
     .accepts = "TAG[,TAG...]:L[,T[,N]] (element tags, conductivities in S/m)",
     .help = "TAGS:L[,T[,N]]  a mesh's elements of these tags (TAG[,TAG...], the .elem file's" MORE
             "region tags) take these conductivities (as --sigma's; the others take" MORE
             "--sigma's); repeat for more, at most 15 (openCARP's gregion[i])", .group = TPAR_GREG},
    {.name = "--partitioner", .type = CLI_STR, .accepts = "metis or rcb",
     .help = "P  how a mesh is cut into the workers' parts: metis or rcb (coordinates)",
     .off = F(partitioner)},
    {.name = "--mass", .type = CLI_STR, .accepts = "lumped or consistent",
     .help = "M  a mesh's mass matrix: consistent (default: solved by a Chebyshev" MORE
             "iteration each step) or lumped (openCARP's mass_lumping 0 or 1; the box's)", .off = F(mass),
     .group = TPAR_MASS},
    {.name = "--sigma", .type = CLI_REALS, .hi = INFINITY, .accepts = "1 to 3 conductivities in S/m (>= 0)",
     .help = "L[,T[,N]]  conductivities along x (fibres), y, z, S/m; one value: isotropic," MORE
             "two: along and across (default 0.1334,0.0176,0.0176: Niederer et al. 2011)", .off = F(sigma),
     .units = "S/m", .count_off = F(nsigma), .nmin = 1, .nmax = 3, .group = TPAR_SIGMA},
    {.name = "--chi", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number (/mm)",
     .help = "C  surface-to-volume ratio, /mm (default 140)", .off = F(chi), .units = "/mm",
     .group = TPAR_CHI},
    {.name = "--cm", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number (uF/cm^2)",
     .help = "C  membrane capacitance, uF/cm^2 (default 1)", .off = F(cm), .units = "uF/cm^2"},
    {.name = "--stim", .type = CLI_CALL, .call = r_stim,
     .accepts = "x=LO:HI,y=LO:HI,z=LO:HI,start=MS,dur=MS,period=MS,count=N,amp=uA/cm^2|vol=uA/cm^3",
     .help = "SPEC  a stimulus (repeat for more, at most 8): comma-separated x=LO:HI, y=LO:HI," MORE
             "z=LO:HI (mm; an axis left out: all of it), start=MS (0), dur=MS (2)," MORE
             "period=MS, count=N, and amp=uA/cm^2 or vol=uA/cm^3 (divided by chi)", .group = TPAR_STIM},
    {.name = "--dt", .type = CLI_CALL, .call = r_shared, .off = F(dt), .group = TPAR_DT},
    {.name = "--diffusion-substeps", .type = CLI_STR, .accepts = "an integer from 1 to 1000, or auto",
     .help = "N|auto  explicit diffusion sub-steps of dt/N per step (default 1;" MORE
             "auto: the fewest within the limit), for a dt above the limit", .off = F(substeps)},
    {.name = "--stencil", .type = CLI_INT, .hi = 1e9, .accepts = "5 or 9 (points of a 2D grid's stencil)",
     .help = "5|9  a 2D grid's stencil (default 5; 9: the second differences' product" MORE
             "added, whose leading error is isotropic; 1D grids have 3 points, 3D grids 7)",
     .off = F(stencil)},
    {.name = "--parab-solve", .type = CLI_STR,
     .accepts = "explicit (0), cn (1: Crank-Nicolson) or be (backward Euler)",
     .help = "M  diffusion: explicit (0, default), cn (1: Crank-Nicolson) or be (backward" MORE
             "Euler); cn and be take any dt (a Chebyshev iteration per step)", .off = F(parab),
     .group = TPAR_PARAB},
    {.name = "--cg-tol-parab", .type = CLI_REAL, .lo = -INFINITY, .hi = INFINITY,
     .accepts = "a number from 1e-15 to 0.1",
     .help = "TOL  the implicit solve's error relative to its first iterate (default 1e-8;" MORE
             "a mesh's consistent mass in an explicit step: 1e-3)", .off = F(solve_tol), .group = TPAR_TOL},
    {.name = "--duration", .opencarp = "tend", .type = CLI_POS, .hi = INFINITY,
     .accepts = "a positive number (ms)", .help = "MS  simulated time (default 100)", .off = F(duration),
     .units = "ms", .group = TPAR_DUR},
    {.name = "--threshold", .type = CLI_REAL, .lo = -INFINITY, .hi = INFINITY, .accepts = "a number (mV)",
     .help = "MV  activation threshold (default 0 mV)", .off = F(thr), .units = "mV", .group = TPAR_THR},
    {.name = "--allow-no-stimulus", .type = CLI_FLAG,
     .help = "run even when no stimulus reaches the tissue (refused otherwise)", .off = F(allow_no_stim)},
    {.name = "--out", .opencarp = "simID", .type = CLI_STR, .accepts = "a directory",
     .help = "DIR  output directory (default tissue_out): activation.vtk, activation.png," MORE
             "probes.txt, vm_NNNN.vtk/.png snapshots, vm.igb; refused when it holds an" MORE
             "earlier run's files (but with --restart, which continues them)", .off = F(out),
     .group = TPAR_OUT},
    {.name = "--overwrite", .type = CLI_FLAG,
     .help = "remove an earlier run's files from --out first (only starcarp's, by name)",
     .off = F(overwrite)},
    {.name = "--snap-dt", .opencarp = "spacedt", .type = CLI_REAL, .hi = INFINITY,
     .accepts = "a number >= 0 (ms; 0: no snapshots)",
     .help = "MS  Vm snapshots every MS ms (default 0: none)", .off = F(snap_dt), .units = "ms",
     .group = TPAR_SNAP},
    {.name = "--vtk", .type = CLI_STR, .accepts = "ascii or binary",
     .help = "ascii|binary  VTK legacy encoding (default binary)", .off = F(vtk)},
    {.name = "--no-png", .type = CLI_FLAG, .help = "no PNG pictures", .off = F(no_png)},
    {.name = "--probe", .type = CLI_CALL, .call = r_probe, .accepts = "X,Y,Z in mm (';' between points)",
     .help = "X,Y,Z  a probe point, mm (nearest node; repeat, or separate with ';'): its Vm" MORE
             "in probes.txt, its activation time on stdout"},
    {.name = "--probe-dt", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number (ms)",
     .help = "MS  probe sampling interval (default 1)", .off = F(probe_dt), .units = "ms",
     .group = TPAR_PROBE_DT},
    {.name = "--checkpoint", .type = CLI_STR, .accepts = "a file",
     .help = "FILE  save the state at --checkpoint-time (default: the end, or where" MORE
             "SIGINT/SIGTERM stops the run)", .off = F(checkpoint)},
    {.name = "--checkpoint-time", .type = CLI_REAL, .hi = INFINITY, .accepts = "a time in ms >= 0",
     .help = "MS  when --checkpoint saves the state", .off = F(checkpoint_time), .units = "ms"},
    {.name = "--restart", .type = CLI_STR, .accepts = "a checkpoint file",
     .help = "FILE  continue from a checkpoint", .off = F(restart)},
    {.name = "--ncpu", .type = CLI_CALL, .call = r_shared, .off = F(ncpu)},
    {.name = "--ngpu", .type = CLI_CALL, .call = r_shared, .off = F(ngpu)},
    {.name = "--nparts", .type = CLI_INT, .hi = 1e9, .accepts = "an integer >= 0 (0: one slab per worker)",
     .help = "N  N equal slabs placed by the scheduler (default 0: one slab per worker," MORE
             "sized by its speed)", .off = F(nparts)},
    {.name = "--gpu-speedup", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number",
     .help = "S  GPU over one core for the slab plan", .off = F(gpu_speedup)},
    {.name = "--vm-bound", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number (mV)",
     .help = "MV  failure bound: |Vm| above it stops the run", .off = F(vm_bound), .units = "mV"},
    {.name = "--vary", .type = CLI_CALL, .call = r_vary,
     .accepts = "NAME=LO:HI[:x|y|z], a parameter graded linearly along an axis (x)",
     .help = "NAME=LO:HI[:AXIS]  parameter NAME from LO at the grid's start to HI at its" MORE
             "end along AXIS (x, y or z; default x), linearly (repeat for more, at most 8)"},
    {.name = "--rtol", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number",
     .help = "R  cvode's relative tolerance", .off = F(rtol)},
    {.name = "--atol", .type = CLI_POS, .hi = INFINITY, .accepts = "a positive number",
     .help = "A  cvode's absolute tolerance", .off = F(atol)},
    {.name = "--no-lut", .type = CLI_FLAG, .help = "lookup-table columns evaluated exactly",
     .off = F(no_lut)},
    {.name = "--precision", .type = CLI_STR, .accepts = "double (or 64)",
     .help = "double  the only precision of the tissue solver (single is refused: bench's)",
     .off = F(precision)},
    {.name = "--quiet", .alias = "-q", .type = CLI_FLAG, .help = "no progress", .off = F(quiet)},
    {.name = "--help", .alias = "-h", .type = CLI_FLAG, .help = "this help", .off = F(help)},
    {.name = "--help-par", .type = CLI_FLAG,
     .help = "openCARP's keys read, and those refused with the reason", .off = F(help_par)},
    // clang-format on
};
#undef F
#undef MORE
#define NOPTS ((int)(sizeof opts / sizeof opts[0]))

const CliOpt *topt_opts(int *n) {
    *n = NOPTS;
    return opts;
}

const CliOpt *topt_find(const char *key, int *ocarp) {
    *ocarp = 0;
    for (int k = 0; k < NOPTS; k++) {
        if (!strcmp(opts[k].name + 2, key))
            return &opts[k];
        if (opts[k].opencarp && !strcmp(opts[k].opencarp, key)) {
            *ocarp = 1;
            return &opts[k];
        }
    }
    return NULL;
}

const char *topt_accepts(const CliOpt *d) {
    const CliOpt *c = d->call == r_shared ? cli_run_opt("tissue", d->name) : NULL;
    return c ? c->accepts : d->accepts ? d->accepts : "";
}

int topt_apply(TissueOpts *o, const CliOpt *d, const char *name, int ocarp, const char *val, char *err,
               size_t errlen) {
    if (d->group != TPAR_NONE &&
        tpar_claim(&o->par, (TparTarget)d->group, ocarp, name, val ? val : "1", err, errlen) != 0)
        return -1;
    return cli_opt_set(d, d->name, val ? val : "", o, err, errlen);
}

void topt_usage(FILE *out) {
    fprintf(
        out,
        "usage: starcarp tissue --imp MODEL (--size X[,Y[,Z]] | --nodes NX[,NY[,NZ]] | --mesh M) [OPTIONS]\n"
        "       starcarp tissue --par FILE [OPTIONS] [-KEY VALUE ...]\n"
        "The monodomain equation chi (Cm dV/dt + Iion) = div(sigma grad V) + I_stim on a structured 1D, 2D\n"
        "or 3D grid (no-flux boundaries, explicit finite differences, operator splitting) or a mesh, on\n"
        "every CPU core and GPU through StarPU. Units: mm, ms, mV, S/m, uF/cm^2, /mm (docs/tissue.md).\n"
        "Under `mpirun -np N` (StarPU-MPI) each rank holds a range of planes; rank 0 writes the outputs.\n\n");
    cli_opt_help(out, opts, NOPTS);
    cli_run_help(out, "tissue");
}

/* tissue_opts.c: options and parameter files of `starcarp tissue` (tissue_opts.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "starcarp_util.h"
#include "sc_mesh.h"
#include "tissue_greg.h"
#include "tissue_impreg.h"
#include "tissue_opts.h"

void topt_usage(void) {
    printf(
        "usage: starcarp tissue --imp MODEL (--size X[,Y[,Z]] | --nodes NX[,NY[,NZ]] | --mesh M) [OPTIONS]\n"
        "The monodomain equation chi (Cm dV/dt + Iion) = div(sigma grad V) + I_stim on a structured 1D, 2D\n"
        "or 3D grid (no-flux boundaries, explicit finite differences, operator splitting), on every CPU\n"
        "core and GPU through StarPU. Units: mm, ms, mV, S/m, uF/cm^2, /mm (docs/tissue.md).\n\n"
        "  --par FILE          parameter file: `name = value` lines (names as the long options below;\n"
        "                      also tend, spacedt, simID), or openCARP's .par file (+F FILE too): a file\n"
        "                      with a key only openCARP has is read in openCARP's units (dt in us,\n"
        "                      coordinates in um); -KEY VALUE gives openCARP's keys on the command line,\n"
        "                      which wins over the files (docs/tissue.md: openCARP parameter files)\n"
        "  --imp MODEL         library model or .model file;  --methods M (auto|file|replacements)\n"
        "  --imp-par STR       parameters, openCARP syntax: \"mu1=0.3,gNa*1.5\"\n"
        "  --size X,Y,Z        domain lengths, mm (one value: 1D, two: 2D); nodes = size/dx + 1\n"
        "  --nodes NX,NY,NZ    nodes per axis instead of --size\n"
        "  --dx D[,DY,DZ]      node spacing, mm (default 0.1)\n"
        "  --mesh M            a mesh instead of the box (openCARP's meshname): M.pts, M.elem, M.lon\n"
        "                      (tetrahedra, hexahedra, fibres; um) or a legacy VTK grid M.vtk; linear\n"
        "                      finite elements, --sigma along the fibre, sheet, normal (`starcarp mesh`)\n"
        "  --gregion TAGS:L[,T[,N]]  a mesh's elements of these tags (TAG[,TAG...], the .elem file's\n"
        "                      region tags) take these conductivities (as --sigma's; the others take\n"
        "                      --sigma's); repeat for more, at most 15 (openCARP's gregion[i])\n"
        "  --partitioner P     how a mesh is cut into the workers' parts: metis or rcb (coordinates)\n"
        "  --mass M            a mesh's mass matrix: consistent (default: solved by a Chebyshev iteration\n"
        "                      each step) or lumped (openCARP's mass_lumping 0 or 1; the box: lumped)\n"
        "  --sigma L[,T[,N]]   conductivities along x (fibres), y, z, S/m; one value: isotropic, two: along\n"
        "                      and across (default 0.1334,0.0176,0.0176: Niederer et al. 2011)\n"
        "  --chi C             surface-to-volume ratio, /mm (default 140);  --cm C  uF/cm^2 (default 1)\n"
        "  --stim SPEC         a stimulus (repeat for more, at most 8): comma-separated x=LO:HI, y=LO:HI,\n"
        "                      z=LO:HI (mm; an axis left out: all of it), start=MS (0), dur=MS (2),\n"
        "                      period=MS, count=N, and amp=uA/cm^2 or vol=uA/cm^3 (divided by chi)\n"
        "  --dt MS             time step (default %g; at most the explicit diffusion limit)\n"
        "  --diffusion-substeps N|auto  explicit diffusion sub-steps of dt/N per step (default 1; auto:\n"
        "                      the fewest within the limit), for a dt above the limit\n"
        "  --stencil 5|9       a 2D grid's stencil (default 5; 9: the second differences' product added,\n"
        "                      whose leading error is isotropic; 1D grids have 3 points, 3D grids 7)\n"
        "  --parab-solve M     diffusion: explicit (0, default), cn (1: Crank-Nicolson) or be (backward\n"
        "                      Euler); cn and be take any dt (a Chebyshev iteration per step)\n"
        "  --cg-tol-parab TOL  the implicit solve's error relative to its first iterate (default 1e-8; a\n"
        "                      mesh's consistent mass in an explicit step: 1e-3)\n"
        "  --duration MS       simulated time (default 100)\n"
        "  --threshold MV      activation threshold (default 0 mV)\n"
        "  --allow-no-stimulus run even when no stimulus reaches the tissue (refused otherwise)\n"
        "  --out DIR           output directory (default tissue_out): activation.vtk, activation.png,\n"
        "                      probes.txt, vm_NNNN.vtk/.png snapshots, vm.igb; refused when it holds an\n"
        "                      earlier run's files (but with --restart, which continues them)\n"
        "  --overwrite         remove an earlier run's files from --out first (only starcarp's, by name)\n"
        "  --snap-dt MS        Vm snapshots every MS ms (default 0: none)\n"
        "  --vtk ascii|binary  VTK legacy encoding (default binary)\n"
        "  --no-png            no PNG pictures\n"
        "  --probe X,Y,Z       a probe point, mm (nearest node; repeat, or separate with ';'): its Vm in\n"
        "                      probes.txt, its activation time on stdout\n"
        "  --probe-dt MS       probe sampling interval (default 1)\n"
        "  --checkpoint FILE --checkpoint-time MS   save the state at that time (default: the end, or\n"
        "                      where SIGINT/SIGTERM stops the run);  --restart FILE\n"
        "  --ncpu N --ngpu N   workers;  --nparts N  equal slabs placed by the scheduler\n"
        "  --gpu-speedup S     GPU over one core for the slab plan;  --vm-bound MV  failure bound\n"
        "  --vary NAME=LO:HI[:AXIS]  parameter NAME from LO at the grid's start to HI at its end along\n"
        "                      AXIS (x, y or z; default x), linearly (repeat for more, at most 8)\n"
        "  --rtol R --atol A   cvode tolerances;  --no-lut  lookup-table columns evaluated exactly\n"
        "  --precision double  the only precision of the tissue solver (single is refused: bench's)\n"
        "  -q, --quiet         no progress;  -h, --help\n"
        "Under `mpirun -np N` (StarPU-MPI) each rank holds a range of planes; rank 0 writes the outputs.\n",
        SC_DEFAULT_DT);
}

/* T_SHARED: an option commands share (--dt, --methods, --ncpu, --ngpu), read and checked by
 * cli_opts.c and stored at off. */
typedef enum {
    T_STR,
    T_DBL,
    T_LONG,
    T_DLIST,
    T_LLIST,
    T_STIM,
    T_PROBE,
    T_FLAG,
    T_PAR,
    T_VARY,
    T_GREG,
    T_SHARED
} Kind;
enum { TOPT_SHARED = CLI_RUN_DT | CLI_RUN_WORKERS | CLI_RUN_METHODS };

typedef struct Opt {
    const char *name;
    Kind kind;
    size_t off; /* field in TissueOpts */
    size_t count_off; /* list count field */
    int min_n, max_n; /* list lengths */
    const char *accepts;
} Opt;

#define F(f) offsetof(TissueOpts, f)
static const Opt opts[] = {
    {"imp", T_STR, F(imp), 0, 0, 0, "a library model name or a .model file"},
    {"methods", T_SHARED, F(methods), 0, 0, 0, ""},
    {"imp-par", T_STR, F(imp_par), 0, 0, 0, "openCARP parameter items like \"mu1=0.3,gNa*1.5\""},
    {"precision", T_STR, F(precision), 0, 0, 0, "double (or 64)"},
    {"size", T_DLIST, F(size), F(nsize), 1, 3, "1 to 3 positive lengths in mm, comma-separated"},
    {"nodes", T_LLIST, F(nodes), F(nnodes), 1, 3, "1 to 3 positive node counts, comma-separated"},
    {"dx", T_DLIST, F(dx), F(ndx), 1, 3, "1 to 3 positive spacings in mm"},
    {"mesh", T_STR, F(mesh), 0, 0, 0, "openCARP's mesh base name (BASE.pts, .elem, .lon) or a .vtk file"},
    {"partitioner", T_STR, F(partitioner), 0, 0, 0, "metis or rcb"},
    {"mass", T_STR, F(mass), 0, 0, 0, "lumped or consistent"},
    {"sigma", T_DLIST, F(sigma), F(nsigma), 1, 3, "1 to 3 conductivities in S/m (>= 0)"},
    {"gregion", T_GREG, 0, 0, 0, 0, "TAG[,TAG...]:L[,T[,N]] (element tags, conductivities in S/m)"},
    {"chi", T_DBL, F(chi), 0, 0, 0, "a positive number (/mm)"},
    {"cm", T_DBL, F(cm), 0, 0, 0, "a positive number (uF/cm^2)"},
    {"stim", T_STIM, 0, 0, 0, 0,
     "x=LO:HI,y=LO:HI,z=LO:HI,start=MS,dur=MS,period=MS,count=N,amp=uA/cm^2|vol=uA/cm^3"},
    {"dt", T_SHARED, F(dt), 0, 0, 0, ""},
    {"diffusion-substeps", T_STR, F(substeps), 0, 0, 0, "an integer from 1 to 1000, or auto"},
    {"stencil", T_LONG, F(stencil), 0, 0, 0, "5 or 9 (points of a 2D grid's stencil)"},
    {"parab-solve", T_STR, F(parab), 0, 0, 0, "explicit (0), cn (1: Crank-Nicolson) or be (backward Euler)"},
    {"cg-tol-parab", T_DBL, F(solve_tol), 0, 0, 0, "a number from 1e-15 to 0.1"},
    {"duration", T_DBL, F(duration), 0, 0, 0, "a positive number (ms)"},
    {"threshold", T_DBL, F(thr), 0, 0, 0, "a number (mV)"},
    {"allow-no-stimulus", T_FLAG, F(allow_no_stim), 0, 0, 0, ""},
    {"out", T_STR, F(out), 0, 0, 0, "a directory"},
    {"snap-dt", T_DBL, F(snap_dt), 0, 0, 0, "a number >= 0 (ms; 0: no snapshots)"},
    {"vtk", T_STR, F(vtk), 0, 0, 0, "ascii or binary"},
    {"no-png", T_FLAG, F(no_png), 0, 0, 0, ""},
    {"overwrite", T_FLAG, F(overwrite), 0, 0, 0, ""},
    {"probe", T_PROBE, 0, 0, 0, 0, "X,Y,Z in mm (';' between points)"},
    {"probe-dt", T_DBL, F(probe_dt), 0, 0, 0, "a positive number (ms)"},
    {"checkpoint", T_STR, F(checkpoint), 0, 0, 0, "a file"},
    {"checkpoint-time", T_DBL, F(checkpoint_time), 0, 0, 0, "a time in ms >= 0"},
    {"restart", T_STR, F(restart), 0, 0, 0, "a checkpoint file"},
    {"ncpu", T_SHARED, F(ncpu), 0, 0, 0, ""},
    {"ngpu", T_SHARED, F(ngpu), 0, 0, 0, ""},
    {"nparts", T_LONG, F(nparts), 0, 0, 0, "an integer >= 1"},
    {"gpu-speedup", T_DBL, F(gpu_speedup), 0, 0, 0, "a positive number"},
    {"vm-bound", T_DBL, F(vm_bound), 0, 0, 0, "a positive number (mV)"},
    {"vary", T_VARY, 0, 0, 0, 0, "NAME=LO:HI[:x|y|z], a parameter graded linearly along an axis (x)"},
    {"rtol", T_DBL, F(rtol), 0, 0, 0, "a positive number"},
    {"atol", T_DBL, F(atol), 0, 0, 0, "a positive number"},
    {"no-lut", T_FLAG, F(no_lut), 0, 0, 0, ""},
    {"quiet", T_FLAG, F(quiet), 0, 0, 0, ""},
    {"help", T_FLAG, F(help), 0, 0, 0, ""},
    {"par", T_PAR, 0, 0, 0, 0, "a parameter file"},
};
#undef F
#define NOPTS (sizeof opts / sizeof opts[0])

/* openCARP's names for a few options. */
static const char *alias(const char *name) {
    static const char *const map[][2] = {{"tend", "duration"}, {"spacedt", "snap-dt"}, {"simID", "out"}};
    for (size_t i = 0; i < sizeof map / sizeof map[0]; i++)
        if (!strcmp(name, map[i][0]))
            return map[i][1];
    return name;
}

static const Opt *find(const char *name) {
    name = alias(name);
    for (size_t i = 0; i < NOPTS; i++)
        if (!strcmp(opts[i].name, name))
            return &opts[i];
    return NULL;
}

/* "a,b,c" into x (at most max); returns the count or -1. */
static int dlist(const char *s, double *x, int max) { return cli_opt_doubles(s, ",", x, max); }

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

/* One --stim SPEC into o->stim[o->nstim++]. */
static int add_stim(TissueOpts *o, const char *spec, char *err, size_t errlen) {
    if (o->nstim == SC_TISSUE_MAX_STIM) {
        sc_set_err(err, errlen, "--stim: at most %d stimuli", SC_TISSUE_MAX_STIM);
        return -1;
    }
    ScTissueStim x = {
        .lo = {-INFINITY, -INFINITY, -INFINITY}, .hi = {INFINITY, INFINITY, INFINITY}, .dur = 2};
    double amp = NAN, vol = NAN;
    char buf[512];
    if (strlen(spec) >= sizeof buf) {
        sc_set_err(err, errlen, "--stim: too long");
        return -1;
    }
    strcpy(buf, spec);
    char *save = NULL;
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

/* "NAME=LO:HI[:AXIS]" into o->vary. */
static int add_vary(TissueOpts *o, const char *val, char *err, size_t errlen) {
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

/* "X,Y,Z;X,Y,Z" into o->probe. */
static int add_probes(TissueOpts *o, const char *val, char *err, size_t errlen) {
    char buf[2048];
    if (strlen(val) >= sizeof buf) {
        sc_set_err(err, errlen, "--probe: too long");
        return -1;
    }
    strcpy(buf, val);
    char *save = NULL;
    for (char *t = strtok_r(buf, ";", &save); t; t = strtok_r(NULL, ";", &save)) {
        double p[3] = {0, 0, 0};
        int n = dlist(t, p, 3);
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

static int read_par(TissueOpts *o, const char *path, int depth, char *err, size_t errlen);

/* Apply option d, written `name` (an alias: tend for duration), with value val (NULL for a flag). */
static int apply(TissueOpts *o, const Opt *d, const char *name, const char *val, int depth, char *err,
                 size_t errlen) {
    char *base = (char *)o;
    double x;
    if (tpar_claim_opt(o, name, val ? val : "1", err, errlen) != 0)
        return -1;
    switch (d->kind) {
        case T_FLAG:
            *(int *)(base + d->off) = 1;
            return 0;
        case T_STR:
            *(const char **)(base + d->off) = val;
            return 0;
        case T_DBL:
            if (!cli_opt_double(val, &x))
                break;
            *(double *)(base + d->off) = x;
            return 0;
        case T_LONG: {
            char *end;
            long v = strtol(val, &end, 10);
            if (end == val || *end || v < 0)
                break;
            *(long *)(base + d->off) = v;
            return 0;
        }
        case T_DLIST: {
            double v[3];
            int n = dlist(val, v, d->max_n);
            if (n < d->min_n)
                break;
            memcpy(base + d->off, v, sizeof(double) * (size_t)n);
            *(int *)(base + d->count_off) = n;
            return 0;
        }
        case T_LLIST: {
            double v[3];
            int n = dlist(val, v, d->max_n);
            if (n < d->min_n)
                break;
            for (int i = 0; i < n; i++) {
                if (!(v[i] >= 1) || v[i] != floor(v[i]) || v[i] > 1e8)
                    goto bad;
                ((long *)(base + d->off))[i] = (long)v[i];
            }
            *(int *)(base + d->count_off) = n;
            return 0;
        }
        case T_STIM:
            return add_stim(o, val, err, errlen);
        case T_PROBE:
            return add_probes(o, val, err, errlen);
        case T_VARY:
            return add_vary(o, val, err, errlen);
        case T_GREG:
            return tgreg_add(o, val, err, errlen);
        case T_PAR:
            return read_par(o, val, depth + 1, err, errlen);
        case T_SHARED: {
            char as[64];
            snprintf(as, sizeof as, "--%s", d->name);
            CliRun r = cli_run_defaults();
            const CliOpt *c = cli_run_set(TOPT_SHARED, as, val, &r, err, errlen);
            if (c)
                memcpy(base + d->off, (const char *)&r + c->off, cli_opt_size(c));
            return c ? 0 : -1;
        }
    }
bad:
    sc_set_err(err, errlen, "--%s '%s': expected %s", d->name, val, d->accepts);
    return -1;
}

/* Keep a copy of a string for the life of the process (values of a parameter file). */
static const char *keep(const char *s) {
    char *c = strdup(s);
    return c ? c : "";
}

static char *trim(char *s) {
    while (*s == ' ' || *s == '\t')
        s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\n' || s[n - 1] == '\r'))
        s[--n] = 0;
    if (n >= 2 && (s[0] == '"' || s[0] == '\'') && s[n - 1] == s[0])
        s[n - 1] = 0, s++;
    return s;
}

/* One `key = value` line of a parameter file. */
typedef struct Line {
    const char *key, *val;
    int lineno;
} Line;

/* The lines of a parameter file ('#' comments, blank lines skipped) into *lines (malloc'd; the
 * strings kept for the life of the process). 0, or -1 with a message. */
static int par_lines(const char *path, Line **lines, int *n, char *err, size_t errlen) {
    FILE *f = fopen(path, "r");
    if (!f) {
        sc_set_err(err, errlen, "--par %s: %s", path, strerror(errno));
        return -1;
    }
    char line[4096];
    int lineno = 0, cap = 0, rc = 0;
    *lines = NULL, *n = 0;
    while (rc == 0 && fgets(line, sizeof line, f)) {
        lineno++;
        char *h = strchr(line, '#'), *s, *eq;
        if (h)
            *h = 0;
        if (!*(s = trim(line)))
            continue;
        if (!(eq = strchr(s, '='))) {
            sc_set_err(err, errlen, "%s:%d: expected `name = value`, got '%s'", path, lineno, s);
            rc = -1;
            break;
        }
        *eq = 0;
        if (*n == cap) {
            cap = cap ? 2 * cap : 64;
            Line *more = realloc(*lines, sizeof(Line) * (size_t)cap);
            if (!more) {
                sc_set_err(err, errlen, "%s: out of memory", path);
                rc = -1;
                break;
            }
            *lines = more;
        }
        (*lines)[(*n)++] = (Line){keep(trim(s)), keep(trim(eq + 1)), lineno};
    }
    fclose(f);
    return rc;
}

/* Every name an option file or line may use, for suggestions. */
static void suggest(const char *key, char *out, size_t outlen) {
    const char *names[NOPTS + 3] = {"tend", "spacedt", "simID"};
    for (size_t i = 0; i < NOPTS; i++)
        names[i + 3] = opts[i].name;
    tpar_suggest(key, names, NOPTS + 3, out, outlen);
}

/* A starcarp key of a parameter file (flags take 1/0/yes/no). */
static int apply_file_key(TissueOpts *o, const Opt *d, const Line *l, int depth, char *err, size_t errlen) {
    if (d->kind != T_FLAG)
        return apply(o, d, l->key, l->val, depth, err, errlen);
    int on = !strcmp(l->val, "1") || !strcmp(l->val, "yes");
    if (!on && strcmp(l->val, "0") && strcmp(l->val, "no")) {
        sc_set_err(err, errlen, "%s: expected 1 or 0", l->key);
        return -1;
    }
    if (tpar_claim_opt(o, l->key, l->val, err, errlen) != 0)
        return -1;
    if (on)
        *(int *)((char *)o + d->off) = 1;
    return 0;
}

/* A parameter file. It is openCARP's (its keys in openCARP's units) when a key only openCARP has
 * is there; an unknown key is refused, with the closest known ones, before any is applied. */
static int read_par(TissueOpts *o, const char *path, int depth, char *err, size_t errlen) {
    if (depth > 4) {
        sc_set_err(err, errlen, "--par %s: files include each other too deeply", path);
        return -1;
    }
    Line *ln = NULL;
    int n, rc = 0, ocarp = 0;
    char msg[700], near[300];
    if (par_lines(path, &ln, &n, err, errlen) != 0) {
        free(ln);
        return -1;
    }
    for (int i = 0; i < n && rc == 0; i++) {
        int mine = find(ln[i].key) != NULL;
        if (!mine && !tpar_known(ln[i].key)) {
            suggest(ln[i].key, near, sizeof near);
            sc_set_err(
                err, errlen,
                "%s:%d: unknown parameter '%s'%s%s (the names are the long options of `starcarp tissue "
                "--help`, tend, spacedt, simID and the openCARP keys of docs/tissue.md)",
                path, ln[i].lineno, ln[i].key, *near ? "; closest: " : "", near);
            rc = -1;
        }
        ocarp |= !mine;
    }
    const char *outer = o->par.file;
    o->par.file = path;
    o->par.ocarp |= ocarp;
    for (int i = 0; i < n && rc == 0; i++) {
        const Opt *d = find(ln[i].key);
        o->par.line = ln[i].lineno;
        if (ocarp && tpar_known(ln[i].key))
            rc = tpar_apply(o, ln[i].key, ln[i].val, msg, sizeof msg);
        else
            rc = apply_file_key(o, d, &ln[i], depth, msg, sizeof msg);
        if (rc != 0)
            sc_set_err(err, errlen, "%s:%d: %s", path, ln[i].lineno, msg);
    }
    o->par.file = outer;
    free(ln);
    return rc;
}

static void defaults(TissueOpts *o) {
    memset(o, 0, sizeof *o);
    o->out = "tissue_out";
    o->vtk = "binary";
    o->dx[0] = 0.1, o->ndx = 0;
    o->sigma[0] = 0.1334, o->sigma[1] = o->sigma[2] = 0.0176, o->nsigma = 3;
    o->chi = 140, o->cm = 1, o->dt = SC_DEFAULT_DT, o->duration = 100, o->probe_dt = 1;
    o->checkpoint_time = -1;
    o->ncpu = o->ngpu = -1;
    o->ngreg = 1; /* the default region */
    tpar_init(&o->par);
}

/* openCARP's `-key value` at argv[*i] (applied in pass 1, the command line's). */
static int dash_key(TissueOpts *o, int argc, char **argv, int *i, int pass, char *err, size_t errlen) {
    const char *a = argv[*i];
    char near[300];
    if (!tpar_known(a + 1)) {
        suggest(a + 1, near, sizeof near);
        sc_set_err(err, errlen,
                   "unknown option '%s'%s%s (see `starcarp tissue --help`; openCARP's keys: docs/tissue.md)",
                   a, *near ? "; closest: " : "", near);
        return -1;
    }
    if (*i + 1 >= argc) {
        sc_set_err(err, errlen, "%s needs a value", a);
        return -1;
    }
    const char *val = argv[++*i];
    return pass == 1 ? tpar_apply(o, a + 1, val, err, errlen) : 0;
}

/* The command line: parameter files first (pass 0), then the other options in their order. */
static int parse_args(int argc, char **argv, TissueOpts *o, char *err, size_t errlen) {
    for (int pass = 0; pass < 2; pass++) {
        o->par.level = pass;
        for (int i = 1; i < argc; i++) {
            const char *a = argv[i];
            a = !strcmp(a, "-h") ? "--help" : !strcmp(a, "-q") ? "--quiet" : !strcmp(a, "+F") ? "--par" : a;
            if (a[0] == '-' && a[1] != '-' && a[1]) {
                if (dash_key(o, argc, argv, &i, pass, err, errlen) != 0)
                    return -1;
                continue;
            }
            if (strncmp(a, "--", 2) != 0) {
                sc_set_err(err, errlen, "unexpected argument '%s' (options start with --; see --help)", a);
                return -1;
            }
            const Opt *d = find(a + 2);
            if (!d || strcmp(d->name, a + 2)) {
                sc_set_err(err, errlen, "unknown option '%s' (see `starcarp tissue --help`)", a);
                return -1;
            }
            const char *val = NULL;
            if (d->kind != T_FLAG) {
                if (i + 1 >= argc) {
                    sc_set_err(err, errlen, "%s needs a value: %s", a, d->accepts);
                    return -1;
                }
                val = argv[++i];
            }
            if ((pass == 0) == (d->kind == T_PAR) && apply(o, d, d->name, val, 0, err, errlen) != 0)
                return -1;
        }
    }
    return 0;
}

int topt_parse(int argc, char **argv, TissueOpts *o, char *err, size_t errlen) {
    defaults(o);
    if (parse_args(argc, argv, o, err, errlen) != 0)
        return -1;
    if (o->help)
        return 0;
    const char *bad =
        !o->imp
            ? "--imp (openCARP's imp_region[0].im) is required (a library model, `starcarp models list`, or "
              "a .model file)"
        : o->precision && (!strcmp(o->precision, "single") || !strcmp(o->precision, "32"))
            ? "--precision single: the tissue solver runs in double precision only (its cell arrays, Vm and "
              "the diffusion are double; docs/tissue.md); single-precision cells run in `starcarp bench "
              "--precision single`"
        : o->precision && strcmp(o->precision, "double") && strcmp(o->precision, "64")
            ? "--precision: expected double (or 64), the tissue solver's only precision"
        : o->partitioner && strcmp(o->partitioner, "metis") && strcmp(o->partitioner, "rcb")
            ? "--partitioner: expected metis or rcb"
        : o->mass && strcmp(o->mass, "lumped") && strcmp(o->mass, "consistent")
            ? "--mass: expected lumped or consistent"
        : o->mass && !o->mesh && !strcmp(o->mass, "consistent")
            ? "--mass consistent (openCARP's mass_lumping = 0) needs a mesh (--mesh, meshname): the box grid's "
              "finite differences are the lumped-mass operator"
        : !o->mesh && !o->nsize == !o->nnodes
            ? "give the grid by exactly one of --size (mm) and --nodes (in a parameter file: size or nodes, "
              "and dx), or a mesh (--mesh, openCARP's meshname)"
        : !(o->chi > 0)                                       ? "--chi: expected a positive number (/mm)"
        : !(o->cm > 0)                                        ? "--cm: expected a positive number (uF/cm^2)"
        : !(o->dt > 0)                                        ? "--dt: expected a positive number (ms)"
        : !(o->duration > 0)                                  ? "--duration: expected a positive number (ms)"
        : !(o->snap_dt >= 0)                                  ? "--snap-dt: expected a number >= 0 (ms)"
        : !(o->probe_dt > 0)                                  ? "--probe-dt: expected a positive number (ms)"
        : strcmp(o->vtk, "ascii") && strcmp(o->vtk, "binary") ? "--vtk: expected ascii or binary"
        : o->nparts < 0                                       ? "--nparts: expected an integer >= 1"
        : o->stencil != 0 && o->stencil != 5 && o->stencil != 9
            ? "--stencil: expected 5 or 9 (points of a 2D grid's stencil)"
        : o->substeps && strcmp(o->substeps, "auto") &&
                !(atol(o->substeps) >= 1 && atol(o->substeps) <= 1000 &&
                  strspn(o->substeps, "0123456789") == strlen(o->substeps))
            ? "--diffusion-substeps: expected an integer from 1 to 1000, or auto"
        : !(o->solve_tol == 0 || (o->solve_tol >= 1e-15 && o->solve_tol <= 0.1))
            ? "--cg-tol-parab: expected a number from 1e-15 to 0.1"
        : !o->checkpoint && o->checkpoint_time >= 0 ? "--checkpoint-time MS needs --checkpoint FILE"
                                                    : NULL;
    if (bad) {
        sc_set_err(err, errlen, "%s", bad);
        return -1;
    }
    if (tpar_finish(o, err, errlen) != 0)
        return -1;
    if (o->checkpoint && o->checkpoint_time < 0) /* as bench: at the end (or where a signal stops it) */
        o->checkpoint_time = o->duration;
    static const struct {
        const char *name;
        double theta;
    } parab[] = {{"explicit", 0}, {"0", 0}, {"cn", 0.5}, {"1", 0.5}, {"be", 1}};
    size_t k = 0;
    while (o->parab && k < sizeof parab / sizeof parab[0] && strcmp(o->parab, parab[k].name))
        k++;
    if (k == sizeof parab / sizeof parab[0]) {
        sc_set_err(err, errlen,
                   "--parab-solve '%s': expected explicit (0), cn (1: Crank-Nicolson) or be (backward Euler)",
                   o->parab);
        return -1;
    }
    o->theta = o->parab ? parab[k].theta : 0;
    for (int a = 0; a < 3; a++)
        if (!(o->sigma[a] >= 0)) {
            sc_set_err(err, errlen, "--sigma: expected conductivities >= 0 (S/m)");
            return -1;
        }
    if (o->nsigma == 1)
        o->sigma[1] = o->sigma[2] = o->sigma[0];
    else if (o->nsigma == 2)
        o->sigma[2] = o->sigma[1];
    for (int s = 0; s < o->nstim; s++)
        if (!isnan(o->stim_vol[s]))
            o->stim[s].amp = o->stim_vol[s] / (10.0 * o->chi); /* chi /mm -> /cm */
    return tgreg_finish(o, err, errlen) != 0 ? -1 : tir_finish(o, err, errlen);
}

int topt_grid(const TissueOpts *o, long n[3], double dx[3], char *err, size_t errlen) {
    int nd = o->nsize ? o->nsize : o->nnodes;
    for (int a = 0; a < 3; a++) {
        dx[a] = o->ndx == 0 ? 0.1 : o->ndx == 1 ? o->dx[0] : a < o->ndx ? o->dx[a] : o->dx[o->ndx - 1];
        if (!(dx[a] > 0)) {
            sc_set_err(err, errlen, "--dx: expected positive spacings (mm)");
            return -1;
        }
        n[a] = 1;
        if (a >= nd)
            continue;
        if (o->nnodes) {
            n[a] = o->nodes[a];
            continue;
        }
        double q = o->size[a] / dx[a];
        if (!(o->size[a] > 0) || fabs(q - round(q)) > 1e-6 * (q > 1 ? q : 1)) {
            sc_set_err(err, errlen, "--size %g along %c: expected a positive multiple of --dx %g mm",
                       o->size[a], "xyz"[a], dx[a]);
            return -1;
        }
        n[a] = (long)round(q) + 1;
    }
    return 0;
}

/* Whether [lo, hi] mm holds a node of an axis of n nodes dx apart (the tissue's rule: within 1e-6 dx). */
static int box_hits(double lo, double hi, long n, double dx) {
    double a = ceil(lo / dx - 1e-6), b = floor(hi / dx + 1e-6);
    return fmax(a, 0) <= fmin(b, (double)(n - 1));
}

/* Whether stimulus x's box holds a node of mesh m. */
static int mesh_hits(const ScTissueStim *x, const ScMesh *m) {
    for (long i = 0; i < m->nn; i++) {
        const double *p = m->xyz + 3 * i;
        int in = 1;
        for (int a = 0; a < 3; a++)
            in &= p[a] >= x->lo[a] - 1e-6 && p[a] <= x->hi[a] + 1e-6;
        if (in)
            return 1;
    }
    return 0;
}

int topt_check_stim(const TissueOpts *o, const long n[3], const double dx[3], const ScMesh *mesh, char *err,
                    size_t errlen) {
    size_t k = 0;
    if (o->allow_no_stim)
        return 0;
    if (o->nstim == 0) {
        sc_set_err(
            err, errlen,
            "no stimulus: a tissue at rest stays at rest; give one (--stim, or openCARP's num_stim with "
            "stimulus[i].* or stim[i].*), or --allow-no-stimulus to run anyway");
        return -1;
    }
    k += (size_t)snprintf(err, errlen, "no stimulus reaches the tissue:");
    for (int s = 0; s < o->nstim; s++) {
        const ScTissueStim *x = &o->stim[s];
        int in = 1;
        for (int a = 0; a < 3 && !mesh; a++)
            in &= box_hits(x->lo[a], x->hi[a], n[a], dx[a]);
        if (mesh)
            in = mesh_hits(x, mesh);
        const char *why =
            !in           ? (mesh ? "its box holds no node of the mesh" : "its box holds no node of the grid")
            : x->amp == 0 ? "its strength is 0"
            : x->start >= o->duration ? "it starts after the run's end"
                                      : NULL;
        if (!why)
            return 0;
        if (k < errlen)
            k += (size_t)snprintf(err + k, errlen - k, " %s: %s;", o->stim_name[s], why);
    }
    if (k < errlen)
        snprintf(err + k, errlen - k, " fix one, or --allow-no-stimulus to run anyway");
    return -1;
}

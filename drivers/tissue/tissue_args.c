/* tissue_args.c: the command line and parameter files of `starcarp tissue` read into TissueOpts
 * against the option table (tissue_opts.c) and openCARP's keys (tissue_par.c), and the checks of
 * what they said together (tissue_opts.h). */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "starcarp_util.h"
#include "sc_mesh.h"
#include "tissue_greg.h"
#include "tissue_impreg.h"
#include "tissue_opts.h"
#include "tissue_phys.h"

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
    int n;
    const CliOpt *opts = topt_opts(&n);
    const char *names[2 * 64];
    size_t k = 0;
    for (int i = 0; i < n && k + 2 <= sizeof names / sizeof names[0]; i++) {
        names[k++] = opts[i].name + 2;
        if (opts[i].opencarp)
            names[k++] = opts[i].opencarp;
    }
    tpar_suggest(key, names, k, out, outlen);
}

/* A starcarp key of a parameter file (flags take 1/0/yes/no). */
static int apply_file_key(TissueOpts *o, const Line *l, char *err, size_t errlen) {
    int ocarp;
    const CliOpt *d = topt_find(l->key, &ocarp);
    if (d->type != CLI_FLAG)
        return topt_apply(o, d, l->key, ocarp, l->val, err, errlen);
    int on = !strcmp(l->val, "1") || !strcmp(l->val, "yes");
    if (!on && strcmp(l->val, "0") && strcmp(l->val, "no")) {
        sc_set_err(err, errlen, "%s: expected 1 or 0", l->key);
        return -1;
    }
    return on ? topt_apply(o, d, l->key, ocarp, NULL, err, errlen) : 0;
}

/* The keys of a parameter file's lines ln[n] checked: an unknown one refused, with the closest
 * known ones; *ocarp := whether one is a key only openCARP has. 0 or -1. */
static int check_keys(const char *path, const Line *ln, int n, int *ocarp, char *err, size_t errlen) {
    char near[300];
    *ocarp = 0;
    for (int i = 0; i < n; i++) {
        int oc, mine = topt_find(ln[i].key, &oc) != NULL;
        if (!mine && !tpar_known(ln[i].key)) {
            suggest(ln[i].key, near, sizeof near);
            sc_set_err(
                err, errlen,
                "%s:%d: unknown parameter '%s'%s%s (the names are the long options of `starcarp tissue "
                "--help`, tend, spacedt, simID and the openCARP keys of docs/tissue.md)",
                path, ln[i].lineno, ln[i].key, *near ? "; closest: " : "", near);
            return -1;
        }
        *ocarp |= !mine;
    }
    return 0;
}

/* A parameter file. It is openCARP's (its keys in openCARP's units) when a key only openCARP has
 * is there; an unknown key is refused, with the closest known ones, before any is applied. */
int topt_read_par(TissueOpts *o, const char *path, char *err, size_t errlen) {
    if (o->par.depth >= 4) {
        sc_set_err(err, errlen, "--par %s: files include each other too deeply", path);
        return -1;
    }
    Line *ln = NULL;
    int n, ocarp = 0, rc = par_lines(path, &ln, &n, err, errlen);
    if (rc == 0)
        rc = check_keys(path, ln, n, &ocarp, err, errlen);
    const char *outer = o->par.file;
    o->par.file = path;
    o->par.ocarp |= ocarp;
    o->par.depth++;
    for (int i = 0; i < n && rc == 0; i++) {
        char msg[700];
        o->par.line = ln[i].lineno;
        if (ocarp && tpar_known(ln[i].key))
            rc = tpar_apply(o, ln[i].key, ln[i].val, msg, sizeof msg);
        else
            rc = apply_file_key(o, &ln[i], msg, sizeof msg);
        if (rc != 0)
            sc_set_err(err, errlen, "%s:%d: %s", path, ln[i].lineno, msg);
    }
    o->par.depth--;
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
        sc_set_err(
            err, errlen,
            "unknown option '%s'%s%s (see `starcarp tissue --help`; openCARP's keys: --help-par, docs/tissue.md)",
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
    int n;
    const CliOpt *opts = topt_opts(&n);
    for (int pass = 0; pass < 2; pass++) {
        o->par.level = pass;
        for (int i = 1; i < argc; i++) {
            const char *a = argv[i];
            const CliOpt *d = cli_opt_named(opts, n, a); /* --NAME, or -h, -q, +F */
            if (!d && a[0] == '-' && a[1] != '-' && a[1]) {
                if (dash_key(o, argc, argv, &i, pass, err, errlen) != 0)
                    return -1;
                continue;
            }
            if (!d && strncmp(a, "--", 2) != 0) {
                sc_set_err(err, errlen, "unexpected argument '%s' (options start with --; see --help)", a);
                return -1;
            }
            if (!d) {
                sc_set_err(err, errlen, "unknown option '%s' (see `starcarp tissue --help`)", a);
                return -1;
            }
            const char *val = NULL;
            if (d->type != CLI_FLAG) {
                if (i + 1 >= argc) {
                    sc_set_err(err, errlen, "%s needs a value: %s", d->name, topt_accepts(d));
                    return -1;
                }
                val = argv[++i];
            }
            int par = !strcmp(d->name, "--par");
            if ((pass == 0) == par && topt_apply(o, d, d->name + 2, 0, val, err, errlen) != 0)
                return -1;
        }
    }
    return 0;
}

int topt_parse(int argc, char **argv, TissueOpts *o, char *err, size_t errlen) {
    defaults(o);
    if (parse_args(argc, argv, o, err, errlen) != 0)
        return -1;
    if (o->help || o->help_par)
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
        : strcmp(o->vtk, "ascii") && strcmp(o->vtk, "binary") ? "--vtk: expected ascii or binary"
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
    if (o->nsigma == 1)
        o->sigma[1] = o->sigma[2] = o->sigma[0];
    else if (o->nsigma == 2)
        o->sigma[2] = o->sigma[1];
    if (!o->mesh) /* a mesh's: once read (cmd_tissue.c) */
        tpar_strengths(o, NULL);
    return tgreg_finish(o, err, errlen) != 0 || tphys_finish(o, err, errlen) != 0
               ? -1
               : tir_finish(o, err, errlen);
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

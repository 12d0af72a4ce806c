/* cmd_mesh.c: `starcarp mesh`: tissue meshes for `starcarp tissue --mesh` (docs/tissue.md, "Meshes").
 *   starcarp mesh box --size X,Y,Z --dx D[,DY,DZ] [--elem hex|tet5|tet6] --out BASE
 *       the box of the structured solver (nodes i dx, numbered as it numbers them) as openCARP's
 *       BASE.pts/.elem/.lon (or a legacy VTK file when BASE ends in .vtk), fibres along x
 *   starcarp mesh check MESH       read a mesh (every check), say its size
 *   starcarp mesh convert MESH OUT openCARP's files to VTK or back
 * Exit status 0, 2 for bad input (a bad mesh: FILE:LINE and what is wrong), 1 when a file cannot be
 * written. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "commands.h"
#include "sc_mesh.h"

/* mesh box's options. */
typedef struct BoxOpts {
    double size[3], dx[3]; /* mm; 0: not given */
    int elem; /* ScMeshKind: hex, tet5, tet6 */
    const char *out;
} BoxOpts;

/* A comma-separated list of 1 to 3 positive numbers (one: every axis). 0 or -1. */
static int list3(const char *s, double v[3]) {
    int n = 0;
    char *end;
    while (n < 3) {
        v[n] = strtod(s, &end);
        if (end == s || !(v[n] > 0) || !isfinite(v[n]))
            return -1;
        n++;
        if (*end == 0)
            break;
        if (*end != ',')
            return -1;
        s = end + 1;
    }
    if (*end)
        return -1;
    for (int a = n; a < 3; a++)
        v[a] = v[n - 1];
    return 0;
}

/* CLI_CALL reader of --size and --dx: list3 into the row's double[3]. */
static int read_list3(const CliOpt *d, const char *as, const char *val, void *base, char *err,
                      size_t errlen) {
    if (list3(val, (double *)((char *)base + d->off)) == 0)
        return 0;
    snprintf(err, errlen, "%s expects %s, got '%s'", as, d->accepts, val);
    return -1;
}

#define F(f) offsetof(BoxOpts, f)
_Static_assert(SC_MESH_HEX == 0 && SC_MESH_TET5 == 1 && SC_MESH_TET6 == 2,
               "--elem's words in ScMeshKind order");
static const CliOpt box_opts[] = {
    // clang-format off
    {.name = "--size", .type = CLI_CALL, .accepts = "1 to 3 positive lengths in mm, comma-separated",
     .help = "X,Y,Z  the box's lengths, mm (one: every axis)", .units = "mm", .off = F(size),
     .call = read_list3},
    {.name = "--dx", .type = CLI_CALL, .accepts = "1 to 3 positive spacings in mm, comma-separated",
     .help = "D[,DY,DZ]  the spacing of the nodes, mm (one: every axis)", .units = "mm", .off = F(dx),
     .call = read_list3},
    {.name = "--elem", .type = CLI_CHOICE, .choices = "hex,tet5,tet6", .accepts = "hex, tet5, tet6",
     .help = "KIND  each cube a hexahedron (hex, default) or 5 or 6 tetrahedra (tet5, tet6)", .off = F(elem)},
    // clang-format on
    CLI_STR_OPT("--out", "a file name",
                "BASE  BASE.pts/.elem/.lon, or a legacy VTK file when BASE ends in .vtk", F(out)),
};
#undef F
#define NBOX ((int)(sizeof box_opts / sizeof *box_opts))

static void usage(FILE *out) {
    fprintf(
        out,
        "usage: starcarp mesh box --size X,Y,Z --dx D[,DY,DZ] [--elem hex|tet5|tet6] --out BASE\n"
        "       starcarp mesh check MESH\n"
        "       starcarp mesh convert MESH OUT\n"
        "A mesh is openCARP's BASE.pts, BASE.elem, BASE.lon (um) or a legacy ASCII VTK file (NAME.vtk).\n"
        "box: nodes i*dx (mm) as `starcarp tissue --size X,Y,Z --dx D` numbers them, region tag 1, fibres\n"
        "along x. Its options:\n");
    cli_opt_help(out, box_opts, NBOX);
}

/* Write m as BASE's openCARP files or as a .vtk file. 0, or 1 after a message. */
static int write_mesh(const ScMesh *m, const char *out) {
    char err[1200];
    size_t k = strlen(out);
    int rc = k > 4 && !strcmp(out + k - 4, ".vtk")
                 ? sc_mesh_write_vtk(m, out, NULL, NULL, "starcarp mesh", 0, err, sizeof err)
                 : sc_mesh_write_carp(m, out, err, sizeof err);
    if (rc) {
        fprintf(stderr, "starcarp mesh: %s\n", err);
        return 1;
    }
    return 0;
}

/* The options of `mesh box` (argv[0] "box") into o: 0, 1 after --help, or 2 after a message. */
static int box_parse(int argc, char **argv, BoxOpts *o) {
    *o = (BoxOpts){.elem = SC_MESH_HEX};
    CliRun run = cli_run_defaults();
    const CliCommand cmd = {"mesh box", box_opts, NBOX, usage};
    int rc = cli_parse(&cmd, argc, argv, o, &run, NULL);
    if (rc != 0)
        return rc > 0 ? 1 : 2;
    const char *missing = !(o->size[0] > 0) ? "--size X,Y,Z is required"
                          : !(o->dx[0] > 0) ? "--dx D is required"
                          : !o->out         ? "--out BASE is required"
                                            : NULL;
    if (missing) {
        fprintf(stderr, "starcarp mesh box: %s\n", missing);
        return 2;
    }
    return 0;
}

static int mesh_box(int argc, char **argv) {
    BoxOpts o;
    int prc = box_parse(argc, argv, &o);
    if (prc)
        return prc == 1 ? 0 : 2;
    const double *size = o.size, *dx = o.dx;
    long n[3];
    for (int a = 0; a < 3; a++) {
        double q = size[a] / dx[a];
        if (fabs(q - round(q)) > 1e-6 * (q > 1 ? q : 1) || round(q) < 1) {
            fprintf(stderr,
                    "starcarp mesh box: --size %g along %c: expected a positive multiple of --dx %g mm\n",
                    size[a], "xyz"[a], dx[a]);
            return 2;
        }
        n[a] = (long)round(q) + 1;
    }
    char err[600];
    ScMesh *m = sc_mesh_box(n, dx, (ScMeshKind)o.elem, err, sizeof err);
    if (!m) {
        fprintf(stderr, "starcarp mesh box: %s\n", err);
        return 2;
    }
    int rc = write_mesh(m, o.out);
    static const char *const elem[] = {"hex", "tet5", "tet6"};
    if (!rc)
        printf("%s: %ld nodes (%ld x %ld x %ld), %ld elements (%s)\n", o.out, m->nn, n[0], n[1], n[2], m->ne,
               elem[o.elem]);
    sc_mesh_free(m);
    return rc;
}

int cmd_mesh(int argc, char **argv) {
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        usage(stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "box"))
        return mesh_box(argc - 1, argv + 1);
    int check = !strcmp(argv[1], "check");
    if ((check && argc != 3) || (!check && (strcmp(argv[1], "convert") || argc != 4))) {
        fprintf(stderr,
                "starcarp mesh: expected box, check MESH or convert MESH OUT (starcarp mesh --help)\n");
        return 2;
    }
    char err[1200];
    ScMesh *m = sc_mesh_read(argv[2], err, sizeof err);
    if (!m) {
        fprintf(stderr, "starcarp mesh: %s\n", err);
        return 2;
    }
    int rc = 0;
    if (check) {
        double lo[3], hi[3], vol = 0;
        long nt = 0;
        sc_mesh_bounds(m, lo, hi);
        for (long e = 0; e < m->ne; e++)
            nt += m->nv[e] == 4, vol += sc_mesh_volume(m, e);
        printf(
            "%s: %ld nodes, %ld tetrahedra, %ld hexahedra, %d fibre vector%s per element; box %g:%g, %g:%g, "
            "%g:%g mm; volume %g mm^3\n",
            argv[2], m->nn, nt, m->ne - nt, m->nfib, m->nfib == 1 ? "" : "s", lo[0], hi[0], lo[1], hi[1],
            lo[2], hi[2], vol);
    } else
        rc = write_mesh(m, argv[3]);
    sc_mesh_free(m);
    return rc;
}

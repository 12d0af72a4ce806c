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

#include "commands.h"
#include "sc_mesh.h"

static void usage(void) {
    printf(
        "usage: starcarp mesh box --size X,Y,Z --dx D[,DY,DZ] [--elem hex|tet5|tet6] --out BASE\n"
        "       starcarp mesh check MESH\n"
        "       starcarp mesh convert MESH OUT\n"
        "A mesh is openCARP's BASE.pts, BASE.elem, BASE.lon (um) or a legacy ASCII VTK file (NAME.vtk).\n"
        "box: nodes i*dx (mm) as `starcarp tissue --size X,Y,Z --dx D` numbers them, each cube a hexahedron\n"
        "(hex, default) or 5 or 6 tetrahedra, region tag 1, fibres along x.\n");
}

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

static int mesh_box(int argc, char **argv) {
    double size[3] = {0}, dx[3] = {0};
    const char *out = NULL, *elem = "hex";
    int have_size = 0, have_dx = 0;
    for (int i = 2; i < argc; i++) {
        const char *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(argv[i], "--size") && v)
            have_size = list3(v, size) == 0 ? 1 : -1, i++;
        else if (!strcmp(argv[i], "--dx") && v)
            have_dx = list3(v, dx) == 0 ? 1 : -1, i++;
        else if (!strcmp(argv[i], "--elem") && v)
            elem = v, i++;
        else if (!strcmp(argv[i], "--out") && v)
            out = v, i++;
        else {
            fprintf(stderr,
                    "starcarp mesh box: unknown option or missing value '%s' (--size, --dx, --elem, --out)\n",
                    argv[i]);
            return 2;
        }
    }
    ScMeshKind kind = !strcmp(elem, "hex")    ? SC_MESH_HEX
                      : !strcmp(elem, "tet5") ? SC_MESH_TET5
                                              : SC_MESH_TET6;
    const char *bad = have_size != 1 ? "--size: expected 1 to 3 positive lengths in mm, comma-separated"
                      : have_dx != 1 ? "--dx: expected 1 to 3 positive spacings in mm"
                      : !out         ? "--out BASE is required"
                      : strcmp(elem, "hex") && strcmp(elem, "tet5") && strcmp(elem, "tet6")
                          ? "--elem: expected hex, tet5 or tet6"
                          : NULL;
    if (bad) {
        fprintf(stderr, "starcarp mesh box: %s\n", bad);
        return 2;
    }
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
    ScMesh *m = sc_mesh_box(n, dx, kind, err, sizeof err);
    if (!m) {
        fprintf(stderr, "starcarp mesh box: %s\n", err);
        return 2;
    }
    int rc = write_mesh(m, out);
    if (!rc)
        printf("%s: %ld nodes (%ld x %ld x %ld), %ld elements (%s)\n", out, m->nn, n[0], n[1], n[2], m->ne,
               elem);
    sc_mesh_free(m);
    return rc;
}

int cmd_mesh(int argc, char **argv) {
    if (argc < 2 || !strcmp(argv[1], "-h") || !strcmp(argv[1], "--help")) {
        usage();
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "box"))
        return mesh_box(argc, argv);
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

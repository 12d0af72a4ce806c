/* test_tissue_par.c: unit tests of openCARP's parameter files in `starcarp tissue`
 * (drivers/tissue/tissue_par.c through topt_parse, drivers/tissue/tissue_opts.c): every openCARP key lands in
 * TissueOpts in starcarp's units (dt us -> ms, um -> mm, 1/um -> /mm, uA/cm^3 / chi on a 3D grid,
 * harmonic-mean conductivities); each refused key is named with its reason; unknown keys get the
 * closest known ones; a mesh's stimulus strength and where the mesh was named; dt's plausibility in both units; a starcarp key and its openCARP twin given
 * together; num_stim against the stimuli; runs no stimulus reaches; examples/nversion_opencarp.par
 * read as the same benchmark as examples/nversion.par; --help and --help-par generated from the
 * tables list every row; docs/tissue.md's option and key tables match the tables. argv[1]: the
 * source tree. */
#include <ctype.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sc_mesh.h"
#include "test.h"
#include "tissue_greg.h"
#include "tissue_opts.h"

static TissueOpts o;
static char err[1500], dir[256];

/* Write text into DIR/name; the path (kept for 63 more calls: t_put). */
static const char *par(const char *name, const char *text) { return t_put(dir, name, text); }

/* topt_parse of "tissue" and the blank-separated words of line. */
static int parse(const char *line) {
    char **argv;
    int argc = t_words("tissue", line, &argv);
    err[0] = 0;
    return topt_parse(argc, argv, &o, err, sizeof err);
}

/* parse of "FLAG PATH": a parameter file given with --par (or openCARP's +F). */
static int parse_file(const char *flag, const char *path) {
    char line[400];
    snprintf(line, sizeof line, "%s %s", flag, path);
    return parse(line);
}

/* line must be refused with a message holding every string after it (NULL-terminated). */
static void refused(const char *line, ...) {
    va_list ap;
    ASSERT_EQ_INT(-1, parse(line));
    va_start(ap, line);
    for (const char *want; (want = va_arg(ap, const char *));) {
        t_checks++;
        if (!strstr(err, want)) {
            t_failures++;
            fprintf(stderr, "%s:\n  want a message with \"%s\"\n  got  \"%s\"\n", line, want, err);
        }
    }
    va_end(ap);
}

/* --par of a file "name" holding head + the grid; returns the argument line (static). */
static const char *with(const char *name, const char *head) {
    static char line[400], text[4096];
    snprintf(text, sizeof text, "%ssize = 4,2,1\ndx = 0.1\n", head);
    snprintf(line, sizeof line, "--par %s", par(name, text));
    return line;
}

/* An openCARP file with every key the reader takes, on a 3D grid. */
static void test_full_file(void) {
    const char *p =
        par("full.par", "# every key\n"
                        "dt = 20\ntend = 50\nspacedt = 5\ntimedt = 0.5\nsimID = \"out dir\"\n"
                        "num_stim = 2\n"
                        "stimulus[0].name = \"S1\"\nstimulus[0].stimtype = 0\n"
                        "stimulus[0].x0 = 0\nstimulus[0].xd = 1500\n"
                        "stimulus[0].y0 = -100\nstimulus[0].yd = 200\n"
                        "stimulus[0].strength = 40\nstimulus[0].duration = 2.5\n"
                        "stimulus[0].start = 1\nstimulus[0].bcl = 300\nstimulus[0].npls = 3\n"
                        "stimulus[1].zd = 500   # only an offset: from z = 0\n"
                        "stimulus[1].strength = -7\n"
                        "num_imp_regions = 1\nimp_region[0].name = tissue\n"
                        "imp_region[0].im = AlievPanfilov\nimp_region[0].im_param = \"mu1=0.3\"\n"
                        "imp_region[0].cellSurfVolRatio = 0.2\nimp_region[0].volFrac = 1\n"
                        "imp_region[0].ID = 1\nimp_region[0].num_IDs = 1\nimp_region[0].ID[0] = 1\n"
                        "num_gregions = 1\ngregion[0].name = g\ngregion[0].ID[0] = 1\n"
                        "gregion[0].g_il = 0.2\ngregion[0].g_el = 0.6\n"
                        "gregion[0].g_it = 0.05\ngregion[0].g_et = 0.15\ngregion[0].g_mult = 2\n"
                        "bidm_eqv_mono = 1\nparab_solve = 1\ncg_tol_parab = 1e-6\n"
                        "bidomain = 0\nexperiment = 0\nmass_lumping = 1\n"
                        "num_LATs = 1\nlats[0].ID = \"ACTs\"\nlats[0].all = 0\nlats[0].measurand = 0\n"
                        "lats[0].mode = 0\nlats[0].method = 1\nlats[0].threshold = -20\n"
                        "size = 4,2,1\ndx = 0.1\n");
    ASSERT_EQ_INT(0, parse_file("--par", p));
    if (err[0])
        fprintf(stderr, "%s\n", err);
    ASSERT_NEAR(0.02, o.dt, 1e-15); /* 20 us */
    ASSERT_NEAR(50, o.duration, 0);
    ASSERT_NEAR(5, o.snap_dt, 0);
    ASSERT_NEAR(0.5, o.probe_dt, 0);
    ASSERT_EQ_STR("out dir", o.out);
    ASSERT_EQ_STR("AlievPanfilov", o.imp);
    ASSERT_EQ_STR("mu1=0.3", o.imp_par);
    ASSERT_NEAR(200, o.chi, 1e-12); /* 0.2 /um */
    ASSERT_NEAR(2 * 0.2 * 0.6 / 0.8, o.sigma[0], 1e-15); /* g_mult * g_i g_e / (g_i + g_e) */
    ASSERT_NEAR(2 * 0.05 * 0.15 / 0.2, o.sigma[1], 1e-15);
    ASSERT_NEAR(o.sigma[1], o.sigma[2], 0); /* no g_in, g_en: transverse */
    ASSERT_NEAR(0.5, o.theta, 0); /* Crank-Nicolson */
    ASSERT_NEAR(1e-6, o.solve_tol, 0);
    ASSERT_NEAR(-20, o.thr, 0);
    ASSERT_EQ_INT(2, o.nstim);
    const ScTissueStim *s = &o.stim[0];
    ASSERT(s->lo[0] == 0 && s->hi[0] == 1.5 && s->lo[1] == -0.1 && s->hi[1] == 0.1);
    ASSERT(isinf(s->lo[2]) && s->lo[2] < 0 && isinf(s->hi[2])); /* z: no key, all of it */
    ASSERT(s->start == 1 && s->dur == 2.5 && s->period == 300 && s->count == 3);
    ASSERT_NEAR(40 / (10 * 200.0), s->amp, 1e-15); /* 3D: uA/cm^3 / (chi in /cm) */
    s = &o.stim[1];
    ASSERT(s->lo[2] == 0 && s->hi[2] == 0.5 && isinf(s->hi[0]));
    ASSERT(s->dur == 1 && s->start == 0 && s->count == 1); /* defaults */
    ASSERT_NEAR(-7 / 2000.0, s->amp, 1e-15);
    ASSERT_EQ_STR("stimulus[0]", o.stim_name[0]);
    ASSERT_EQ_STR("stimulus[1]", o.stim_name[1]);
    ASSERT_EQ_STR("ACTs", o.lat_id); /* the activation file init_acts_ACTs-thresh.dat */
}

/* The output controls accepted and ignored with one line each; the physics regions: one
 * intracellular region over everything accepted with one line, the others refused; im_sv_init
 * recorded with where it was given (read by the run: tissue_svinit.c). */
static void test_phys_output(void) {
    ASSERT_EQ_INT(0, parse(with("out.par", "imp = AlievPanfilov\noutput_level = 2\nnum_trace = 0\n"
                                           "dump2MatLab = 1\nspatial_dt = 1\noutput_level = 3\n")));
    const char *keys[] = {"output_level", "num_trace", "dump2MatLab", "spatial_dt"};
    for (int k = 0; k < 4; k++) {
        char head[80];
        snprintf(head, sizeof head, "tissue: %s: accepted and ignored (", keys[k]);
        const char *at = strstr(o.par.notes, head);
        ASSERT(at != NULL && strstr(at + 1, head) == NULL); /* one line a key */
    }
    ASSERT(o.lat_id == NULL);
    refused(with("o2.par", "imp = AlievPanfilov\ndump2MatLab = 2\n"), "dump2MatLab = '2'", "0 or 1", NULL);
    /* one intracellular region, an extracellular one: not needed here */
    ASSERT_EQ_INT(0, parse(with("ph1.par", "imp = AlievPanfilov\nnum_phys_regions = 2\n"
                                           "phys_region[0].ptype = 0\nphys_region[0].name = \"Intra\"\n"
                                           "phys_region[1].ptype = 1\nphys_region[1].name = \"Extra\"\n")));
    ASSERT(strstr(o.par.notes, "tissue: num_phys_regions, phys_region[i]: one intracellular region "
                               "(phys_region[0]) and the extracellular one") != NULL);
    ASSERT_EQ_INT(0, parse("--imp AlievPanfilov -meshname slab -num_phys_regions 1 -phys_region[0].ptype 0 "
                           "-phys_region[0].num_IDs 2 -phys_region[0].ID[0] 1 -phys_region[0].ID[1] 2"));
    ASSERT(o.phys_tags.ntags == 2 && o.phys_tags.tags[1] == 2); /* checked against the mesh's tags */
    refused(with("ph2.par", "imp = AlievPanfilov\nphys_region[0].ptype = 2\n"), "ph2.par:2",
            "phys_region[0].ptype = 2: not supported", NULL);
    refused(with("ph3.par", "imp = AlievPanfilov\nnum_phys_regions = 2\nphys_region[1].ptype = 0\n"),
            "phys_region[0] and phys_region[1] are both intracellular", NULL);
    refused(with("ph4.par", "imp = AlievPanfilov\nnum_phys_regions = 1\nphys_region[0].ptype = 1\n"),
            "no intracellular region", NULL);
    refused(with("ph5.par", "imp = AlievPanfilov\nphys_region[0].num_IDs = 1\nphys_region[0].ID[0] = 3\n"),
            "phys_region[0] (", "need a mesh", NULL);
    refused(with("ph6.par", "imp = AlievPanfilov\nphys_region[1].ptype = 1\n"),
            "phys_region[1].* given without num_phys_regions", NULL);
    refused(with("ph7.par", "imp = AlievPanfilov\nphys_region[8].ptype = 1\n"), "at most 8 physics regions",
            NULL);
    /* im_sv_init: the file and where it was given */
    ASSERT_EQ_INT(0, parse(with("sv.par", "imp = AlievPanfilov\nimp_region[0].im_sv_init = paced.sv\n")));
    ASSERT_EQ_STR("paced.sv", o.par.imp_sv[0]);
    ASSERT(strstr(o.par.sv_where[0], "sv.par:2") != NULL);
    refused(with("sv2.par", "imp = AlievPanfilov\nimp_region[1].im_sv_init = x.sv\n"),
            "imp_region[1].*: several ionic regions need a mesh", NULL);
}

/* stim[i] (modern keys), 2D grids, +F, openCARP keys on the command line. */
static void test_stim_keys(void) {
    const char *p = par("modern.par", "imp = AlievPanfilov\nnum_stim = 1\nstim[0].crct.type = 0\n"
                                      "stim[0].elec.geom_type = 2\nstim[0].elec.p0 = 1000 2000 -50\n"
                                      "stim[0].elec.p1[0] = 500\nstim[0].elec.p1[1] = 2500\n"
                                      "stim[0].elec.p1[2] = 50\nstim[0].ptcl.start = 3\n"
                                      "stim[0].ptcl.duration = 1.5\nstim[0].ptcl.bcl = 400\n"
                                      "stim[0].ptcl.npls = 2\nstim[0].pulse.strength = 60\n"
                                      "stim[0].name = S1\nsize = 4,3\ndx = 0.1\n");
    ASSERT_EQ_INT(0, parse_file("+F", p));
    const ScTissueStim *s = &o.stim[0];
    ASSERT(s->lo[0] == 0.5 && s->hi[0] == 1 && s->lo[1] == 2 && s->hi[1] == 2.5); /* p1 below p0 */
    ASSERT(s->lo[2] == -0.05 && s->hi[2] == 0.05);
    ASSERT(s->start == 3 && s->dur == 1.5 && s->period == 400 && s->count == 2);
    ASSERT_NEAR(60, s->amp, 0); /* 2D: uA/cm^2 as given */
    ASSERT_EQ_STR("stim[0]", o.stim_name[0]);
    ASSERT_NEAR(0.01, o.dt, 0); /* no dt: starcarp's default */
    /* the command line's openCARP keys win over the file's, in openCARP's units */
    char line[400];
    snprintf(line, sizeof line, "--par %s -dt 25 -stim[0].pulse.strength 80 -simID cl -tend 7 -timedt 0.25",
             p);
    ASSERT_EQ_INT(0, parse(line));
    ASSERT_NEAR(0.025, o.dt, 1e-15);
    ASSERT_NEAR(80, o.stim[0].amp, 0);
    ASSERT_EQ_STR("cl", o.out);
    ASSERT(o.duration == 7 && o.probe_dt == 0.25);
    /* the whole set on the command line alone */
    ASSERT_EQ_INT(0, parse("-imp_region[0].im AlievPanfilov --size 4 -num_stim 1 -stimulus[0].xd 300 "
                           "-stimulus[0].strength 50 -parab_solve 0 -gregion[0].g_il 0.3"));
    ASSERT(o.nstim == 1 && o.stim[0].hi[0] == 0.3 && o.stim[0].amp == 50 && o.theta == 0);
    ASSERT_NEAR(0.3 * 0.625 / (0.3 + 0.625), o.sigma[0], 1e-15); /* g_el: openCARP's default */
}

/* gregion[0]: sheet normal, bidm_eqv_mono = 0, openCARP's defaults, and who wins over sigma. */
static void test_conductivity(void) {
    ASSERT_EQ_INT(
        0, parse(with("g2.par", "imp = AlievPanfilov\ngregion[0].g_in = 0.03\ngregion[0].g_en = 0.3\n")));
    ASSERT_NEAR(0.174 * 0.625 / (0.174 + 0.625), o.sigma[0], 1e-15);
    ASSERT_NEAR(0.019 * 0.236 / (0.019 + 0.236), o.sigma[1], 1e-15);
    ASSERT_NEAR(0.03 * 0.3 / 0.33, o.sigma[2], 1e-15); /* z: the sheet normal */
    ASSERT_EQ_INT(0,
                  parse(with("g3.par", "imp = AlievPanfilov\nbidm_eqv_mono = 0\ngregion[0].g_il = 0.25\n")));
    ASSERT(o.sigma[0] == 0.25 && o.sigma[1] == 0.019 && o.sigma[2] == 0.019); /* g_i alone */
    /* an openCARP file without gregion keys: openCARP's default conductivities */
    ASSERT_EQ_INT(0, parse(with("g4.par", "imp_region[0].im = AlievPanfilov\n")));
    ASSERT_NEAR(0.174 * 0.625 / (0.174 + 0.625), o.sigma[0], 1e-15);
    /* ... a starcarp file keeps starcarp's */
    ASSERT_EQ_INT(0, parse(with("g5.par", "imp = AlievPanfilov\n")));
    ASSERT(o.sigma[0] == 0.1334 && o.sigma[1] == 0.0176);
    /* the command line wins, either spelling */
    char line[600];
    snprintf(line, sizeof line, "%s --sigma 0.5",
             with("g6.par", "imp = AlievPanfilov\ngregion[0].g_il = 0.2\n"));
    ASSERT_EQ_INT(0, parse(line));
    ASSERT(o.sigma[0] == 0.5 && o.sigma[1] == 0.5);
    snprintf(line, sizeof line, "%s -gregion[0].g_il 0.2",
             with("g7.par", "imp = AlievPanfilov\nsigma = 0.5\n"));
    ASSERT_EQ_INT(0, parse(line));
    ASSERT_NEAR(0.2 * 0.625 / 0.825, o.sigma[0], 1e-15);
}

/* The mesh file m.par: imp, meshname and head; the argument line (static). */
static const char *on_mesh(const char *head) {
    static char line[400], text[4096];
    snprintf(text, sizeof text, "imp = AlievPanfilov\nmeshname = slab\n%s", head);
    snprintf(line, sizeof line, "--par %s", par("m.par", text));
    return line;
}

/* A mesh's stimulus: openCARP's strength in uA/cm^3 divided by chi on a mesh of volume elements,
 * as on a 3D grid (tpar_strengths once the mesh is read); --stim's amp= as given; where the mesh
 * was named (meshname in a file, -meshname, --mesh; --mesh with meshname on one level refused). */
static void test_mesh_stim(void) {
    char line[600];
    snprintf(
        line, sizeof line, "%s --stim x=0:1,amp=7",
        on_mesh("imp_region[0].cellSurfVolRatio = 0.14\nnum_stim = 1\nstim[0].pulse.strength = 50000\n"));
    ASSERT_EQ_INT(0, parse(line));
    ASSERT(o.stim[0].amp == 7 && isnan(o.stim[1].amp)); /* the mesh's dimension not known yet */
    ASSERT(strstr(o.par.mesh_from, "meshname = slab in ") && strstr(o.par.mesh_from, "m.par"));
    long n[3] = {3, 3, 3};
    double dx[3] = {0.1, 0.1, 0.1};
    ScMesh *m = sc_mesh_box(n, dx, SC_MESH_TET5, err, sizeof err);
    ASSERT(m != NULL);
    if (m)
        tpar_strengths(&o, m);
    ASSERT_NEAR(7, o.stim[0].amp, 0);
    ASSERT_NEAR(50000 / (10 * 140.0), o.stim[1].amp, 1e-12); /* 35.71 uA/cm^2, as on a 3D grid */
    sc_mesh_free(m);
    ASSERT_EQ_INT(0, parse("--imp A -meshname heart -num_stim 1 -stim[0].pulse.strength 3"));
    ASSERT_EQ_STR("-meshname heart", o.par.mesh_from);
    ASSERT_EQ_INT(0, parse("--imp A --mesh heart --allow-no-stimulus"));
    ASSERT_EQ_STR("--mesh heart", o.par.mesh_from);
    refused("--imp A --mesh heart -meshname heart", "'--mesh' and '-meshname' both set the mesh", NULL);
}

/* Several conductivity regions: openCARP's gregion[i] (each region's own defaults, harmonic means
 * and g_mult; tags as ID[j] and as a list) and --gregion, in TissueOpts's regions. */
static void test_gregions(void) {
    char line[800];
    snprintf(line, sizeof line, "%s --gregion 7,8:0.3,0.05 --sigma 0.2,0.02",
             on_mesh("num_gregions = 3\ngregion[1].num_IDs = 2\ngregion[1].ID = \"2 3\"\n"
                     "gregion[1].g_il = 0.1\ngregion[1].g_el = 0.3\ngregion[1].g_mult = 0.5\n"
                     "gregion[2].g_it = 0.01\ngregion[2].num_IDs = 1\ngregion[2].ID[0] = 4\n"));
    ASSERT_EQ_INT(0, parse(line));
    if (err[0])
        fprintf(stderr, "%s\n", err);
    ASSERT_EQ_INT(4, o.ngreg); /* the default, --gregion, gregion[1], gregion[2] */
    ASSERT(o.greg[0].ntags == 0 && o.greg[0].sigma[0] == 0.2 && o.greg[0].sigma[2] == 0.02);
    ASSERT(o.greg[1].ntags == 2 && o.greg[1].tags[0] == 7 && o.greg[1].tags[1] == 8);
    ASSERT(o.greg[1].sigma[0] == 0.3 && o.greg[1].sigma[1] == 0.05 && o.greg[1].sigma[2] == 0.05);
    ASSERT(o.greg[2].ntags == 2 && o.greg[2].tags[0] == 2 && o.greg[2].tags[1] == 3);
    ASSERT_NEAR(0.5 * 0.1 * 0.3 / 0.4, o.greg[2].sigma[0], 1e-15);
    ASSERT_NEAR(0.5 * 0.019 * 0.236 / 0.255, o.greg[2].sigma[1], 1e-15); /* openCARP's default g_it, g_et */
    ASSERT(o.greg[2].sigma[2] == o.greg[2].sigma[1]);
    ASSERT(o.greg[3].ntags == 1 && o.greg[3].tags[0] == 4);
    ASSERT_NEAR(0.174 * 0.625 / 0.799, o.greg[3].sigma[0], 1e-15); /* not gregion[1]'s: its own defaults */
    ASSERT_NEAR(0.01 * 0.236 / 0.246, o.greg[3].sigma[1], 1e-15);
    ASSERT(strstr(o.greg_name[2], "gregion[1] (") && strstr(o.greg_name[2], "m.par:4)"));
    /* on the command line, num_IDs left out of gregion[0] (its tags change nothing) */
    ASSERT_EQ_INT(0, parse("--imp A --mesh slab -num_gregions 2 -gregion[1].num_IDs 1 -gregion[1].ID[0] 5 "
                           "-gregion[1].g_il 0.05 -bidm_eqv_mono 0 -gregion[0].ID 1"));
    ASSERT(o.ngreg == 2 && o.greg[1].tags[0] == 5 && o.greg[1].sigma[0] == 0.05 && o.greg[0].tags[0] == 1);
    /* bad values, located where the key was given */
    refused(on_mesh("num_gregions = 2\ngregion[1].num_IDs = 2\ngregion[1].ID[0] = 2\n"),
            "m.par:4: gregion[1].num_IDs = 2 but ID[1] is not given", NULL);
    refused(on_mesh("num_gregions = 2\ngregion[1].num_IDs = 1\ngregion[1].ID = 2,3\n"),
            "m.par:4: gregion[1].num_IDs = 1 but ID[1] is given", NULL);
    refused(on_mesh("num_gregions = 2\ngregion[1].ID[0] = 2\n"),
            "m.par:4: gregion[1].ID given without gregion[1].num_IDs", "add gregion[1].num_IDs = 1", NULL);
    refused(on_mesh("num_gregions = 2\ngregion[1].num_IDs = 1\ngregion[1].ID = 2\ngregion[2].g_il = 1\n"),
            "m.par:6: gregion[2].* given but num_gregions = 2", "num_gregions = 3 applies it", NULL);
    refused(on_mesh("gregion[1].num_IDs = 1\ngregion[1].ID = 2\n"),
            "m.par:3: gregion[1].* given without num_gregions", "add num_gregions = 2", NULL);
    refused(on_mesh("num_gregions = 3\ngregion[1].num_IDs = 1\ngregion[1].ID = 2\n"),
            "m.par:3: num_gregions = 3 but gregion[2] has no keys", NULL);
    refused(on_mesh("num_gregions = 2\ngregion[1].g_it = -0.01\n"), "m.par:4: gregion[1].g_it = '-0.01'",
            "expected a number >= 0", NULL);
    refused(on_mesh("num_gregions = 17\n"), "m.par:3: num_gregions = '17'", "from 1 to 16", NULL);
    refused(on_mesh("gregion[1].ID[32] = 2\n"), "m.par:3: gregion[1].ID[32]", "ID[0] to ID[31]", NULL);
    refused(on_mesh("gregion[1].ID = 2 x\n"), "m.par:3: gregion[1].ID = '2 x'", "element tags", NULL);
    refused(on_mesh("gregion[0].num_IDs = 1\ngregion[0].ID = 1\ngregion = 1:0.1\n"),
            "tag 1 is listed by gregion[0] (", "m.par:4) and by gregion = 1:0.1 (", "m.par:5)", NULL);
    refused(on_mesh("gregion = 1:0.1\nnum_gregions = 2\ngregion[1].g_il = 0.1\n"),
            "'gregion' and 'gregion[1].g_il' both set the conductivity regions", NULL);
    snprintf(line, sizeof line, "%s --gregion 3:0.1",
             on_mesh("num_gregions = 2\ngregion[1].num_IDs = 2\ngregion[1].ID = 4 3\n"));
    refused(line, "tag 3 is listed by --gregion 3:0.1 and by gregion[1] (", NULL);
    refused("--imp A --mesh slab --gregion 3", "--gregion '3': expected TAG[,TAG...]:L[,T[,N]]", NULL);
    refused("--imp A --mesh slab --gregion 3:0.1,-1", "--gregion '3:0.1,-1'", NULL);
    refused("--imp A --mesh slab --gregion 3,x:0.1", "--gregion '3,x:0.1'", NULL);
    refused("--imp A --mesh slab --gregion 3:0.1,0.1,0.1,0.1", "--gregion '3:0.1,0.1,0.1,0.1'", NULL);
    /* the box: one region */
    refused("--imp A --size 4 --gregion 3:0.1", "--gregion 3:0.1: several conductivity regions need a mesh",
            NULL);
    refused(with("b1.par", "imp = A\nnum_gregions = 2\ngregion[1].g_il = 0.1\n"),
            "b1.par:2: num_gregions = 2: several conductivity regions need a mesh", NULL);
    refused(with("b2.par", "imp = A\ngregion[1].g_il = 0.1\n"), "b2.par:2: gregion[1].*: several", NULL);
    ASSERT_EQ_INT(0, parse(with("b3.par", "imp = A\nnum_gregions = 1\ngregion[0].num_IDs = 1\n"
                                          "gregion[0].ID[0] = 1\n")));
}

/* tgreg_check_mesh: a warning for each listed tag no element has, and a region of no tags. */
static void test_gregion_tags(void) {
    const long n[3] = {3, 2, 2};
    const double dx[3] = {0.1, 0.1, 0.1};
    ScMesh *m = sc_mesh_box(n, dx, SC_MESH_HEX, err, sizeof err);
    ASSERT(m != NULL);
    if (!m)
        return;
    m->tag[1] = 2; /* tags 1 and 2 */
    char path[300];
    snprintf(path, sizeof path, "%s/warn.txt", dir);
    ASSERT_EQ_INT(0, parse("--imp A --mesh slab --gregion 2,5:0.1 --gregion 1:0.2 -gregion[0].ID 9"));
    FILE *f = fopen(path, "w+");
    ASSERT_EQ_INT(2, tgreg_check_mesh(&o, m, f));
    char text[1000] = "";
    rewind(f);
    size_t k = fread(text, 1, sizeof text - 1, f);
    text[k] = 0;
    fclose(f);
    ASSERT(strstr(text, "warning: --gregion 2,5:0.1 lists tag 5, which no element of the mesh has") != NULL);
    ASSERT(strstr(text, "warning: gregion[0] lists tag 9") != NULL);
    ASSERT(!strstr(text, "tag 2,") && !strstr(text, "tag 1,"));
    ASSERT_EQ_INT(0, parse("--imp A --mesh slab -num_gregions 2 -gregion[1].g_il 0.1"));
    f = fopen(path, "w");
    ASSERT_EQ_INT(1, tgreg_check_mesh(&o, m, f)); /* gregion[1] lists no tag */
    fclose(f);
    sc_mesh_free(m);
}

/* Several ionic regions: imp_region[i]'s model, parameters and tags (ID[j] and a list) in
 * TissueOpts's regions; bad ones refused where the key was given. */
static void test_impregions(void) {
    ASSERT_EQ_INT(0,
                  parse(on_mesh("num_imp_regions = 3\nimp_region[0].ID = 1\nimp_region[1].im = mitchell\n"
                                "imp_region[1].im_param = \"tau_in=0.4\"\nimp_region[1].num_IDs = 2\n"
                                "imp_region[1].ID = \"2 3\"\nimp_region[2].name = x\nimp_region[2].im = B\n"
                                "imp_region[2].num_IDs = 1\nimp_region[2].ID[0] = 7\n"
                                "imp_region[2].cellSurfVolRatio = 0.14\nimp_region[2].volFrac = 1\n")));
    if (err[0])
        fprintf(stderr, "%s\n", err);
    ASSERT_EQ_INT(2, o.nimp);
    ASSERT_EQ_STR("AlievPanfilov", o.imp);
    ASSERT(o.imp_tags[0].ntags == 1 && o.imp_tags[0].tags[0] == 1);
    ASSERT_EQ_STR("mitchell", o.imp_im[1]);
    ASSERT_EQ_STR("tau_in=0.4", o.imp_param[1]);
    ASSERT(o.imp_tags[1].ntags == 2 && o.imp_tags[1].tags[0] == 2 && o.imp_tags[1].tags[1] == 3);
    ASSERT(o.imp_tags[2].ntags == 1 && o.imp_tags[2].tags[0] == 7 && !o.imp_param[2]);
    ASSERT(strstr(o.imp_name[1], "imp_region[1] (") && strstr(o.imp_name[1], "m.par:5)"));
    ASSERT(strstr(o.par.im_where[2], "m.par:10"));
    /* one region (imp_region[0] alone, num_imp_regions 1): as before */
    ASSERT_EQ_INT(
        0, parse(on_mesh("num_imp_regions = 1\nimp_region[0].num_IDs = 1\nimp_region[0].ID[0] = 1\n")));
    ASSERT_EQ_INT(0, o.nimp);
    refused(
        on_mesh("num_imp_regions = 3\nimp_region[1].im = A\nimp_region[1].num_IDs = 1\nimp_region[1].ID = 2\n"
                "imp_region[2].im = B\nimp_region[2].num_IDs = 2\nimp_region[2].ID = 5,2\n"),
        "tag 2 is listed by imp_region[1] (", "m.par:4) and by imp_region[2] (", "m.par:7)",
        "one region's ionic model", NULL);
    refused(on_mesh("num_imp_regions = 2\nimp_region[1].num_IDs = 1\nimp_region[1].ID = 2\n"),
            "imp_region[1] (", "m.par:4) has no model: give imp_region[1].im", NULL);
    refused(on_mesh("num_imp_regions = 2\nimp_region[1].im = A\nimp_region[1].ID[0] = 2\n"),
            "m.par:5: imp_region[1].ID given without imp_region[1].num_IDs", NULL);
    refused(on_mesh("imp_region[1].im = A\nimp_region[1].num_IDs = 1\nimp_region[1].ID = 2\n"),
            "m.par:3: imp_region[1].* given without num_imp_regions", "add num_imp_regions = 2", NULL);
    refused(on_mesh("num_imp_regions = 3\nimp_region[1].im = A\n"),
            "m.par:3: num_imp_regions = 3 but imp_region[2] has no keys", NULL);
    refused(on_mesh("num_imp_regions = 2\nimp_region[1].im = A\nimp_region[1].cellSurfVolRatio = 0.2\n"),
            "imp_region[1] (", "cellSurfVolRatio = 0.2 /um, the default region's is 0.14 /um",
            "a ratio per region is not supported", NULL);
    refused(on_mesh("num_imp_regions = 2\nimp_region[1].im = A\nimp_region[1].cellSurfVolRatio = -1\n"),
            "m.par:5: imp_region[1].cellSurfVolRatio = '-1'", NULL);
    refused(on_mesh("num_imp_regions = 17\n"), "m.par:3: num_imp_regions = '17'", "from 1 to 16", NULL);
    refused("--imp A --mesh slab -num_imp_regions 2 -imp_region[1].im B --vary mu1=0:1",
            "--vary mu1 with 2 ionic regions", NULL);
    refused("--imp A --size 4 -num_imp_regions 2 -imp_region[1].im B",
            "num_imp_regions = 2: several ionic "
            "regions need a mesh",
            NULL);
}

/* Keys refused with the reason, and unknown keys with the closest known ones. */
static void test_refused(void) {
    static const struct {
        const char *line, *why;
    } cases[] = {
        {"bidomain = 1\n", "the monodomain only"},
        {"experiment = 2\n", "experiment = 0"},
        {"num_imp_regions = 2\n", "several ionic regions need a mesh"},
        {"num_gregions = 3\n", "several conductivity regions need a mesh"},
        {"imp_region[1].im = AlievPanfilov\nnum_imp_regions = 2\n", "several ionic regions need a mesh"},
        {"imp_region[16].im = AlievPanfilov\n", "at most 16 ionic regions"},
        {"gregion[16].g_il = 0.1\n", "at most 16 conductivity regions"},
        {"parab_solve = 2\n", "second-order time stepping"},
        {"mass_lumping = 0\n", "lumped-mass"},
        {"num_stim = 1\nstimulus[0].stimtype = 2\n", "transmembrane current"},
        {"num_stim = 1\nstim[0].crct.type = 1\n", "transmembrane current"},
        {"num_stim = 1\nstim[0].elec.geom_type = 1\n", "the block"},
        {"num_stim = 1\nstim[0].elec.vtx_file = x.vtx\n", "vertex files need a mesh"},
        {"num_stim = 1\nstim[0].elec.radius = 300\n", "only the block"},
        {"imp_region[0].im_sv_dumps = V\n", "the states are not written"},
        {"imp_region[0].im_sv_init = \"\"\n", "a state file of the region's model"},
        {"imp_region[0].volFrac = 0.8\n", "volFrac = 1"},
        {"gridout_i = 3\n", "outputs are fixed"},
        {"num_tsav = 1\n", "checkpoint"},
        {"num_LATs = 2\n", "one activation map"},
        {"lats[0].mode = 1\n", "activation only"},
        {"lats[0].measurand = 1\n", "Vm only"},
        {"num_stim = 9\n", "from 0 to 8"},
        {"num_stim = 1\nstimulus[8].x0 = 0\n", "at most 8 stimuli"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char head[300], key[100];
        snprintf(head, sizeof head, "imp = AlievPanfilov\n%s", cases[i].line);
        const char *last = strrchr(cases[i].line, '\n');
        const char *first = last;
        while (first > cases[i].line && first[-1] != '\n')
            first--;
        snprintf(key, sizeof key, "%.*s", (int)strcspn(first, " "), first);
        refused(with("refused.par", head), key, cases[i].why, NULL);
    }
    /* on the command line too */
    /* meshname: the mesh instead of the box (no --size needed) */
    ASSERT_EQ_INT(0, parse("--imp AlievPanfilov -meshname slab"));
    ASSERT_EQ_STR("slab", o.mesh);
    refused("--imp AlievPanfilov --partitioner best -meshname slab", "--partitioner", "metis or rcb", NULL);
    /* the mass matrix: mass_lumping 0 and 1, --mass; a key and its twin; bad values */
    ASSERT_EQ_INT(0, parse("--imp AlievPanfilov -meshname slab -mass_lumping 0"));
    ASSERT_EQ_STR("consistent", o.mass);
    ASSERT_EQ_INT(0, parse("--imp AlievPanfilov -meshname slab -mass_lumping 1"));
    ASSERT_EQ_STR("lumped", o.mass);
    ASSERT_EQ_INT(0, parse("--imp AlievPanfilov --size 4 --mass lumped"));
    refused("--imp AlievPanfilov -meshname slab -mass_lumping 2", "mass_lumping",
            "0 (the consistent mass) or 1", NULL);
    refused("--imp AlievPanfilov -meshname slab --mass full", "--mass", "lumped or consistent", NULL);
    refused("--imp AlievPanfilov -meshname slab --mass lumped -mass_lumping 0", "both set the mass matrix",
            NULL);
    refused("--imp AlievPanfilov --size 4 -bidomain 1", "bidomain = 1", "the monodomain only", NULL);
    /* unknown keys: the closest known ones */
    refused(with("u1.par", "num_stim = 1\nstimulus[0].strenght = 3\n"),
            "unknown parameter 'stimulus[0].strenght'", "closest: 'stimulus[i].strength'", NULL);
    refused(with("u2.par", "simid = x\n"), "unknown parameter 'simid'", "'simID'", NULL);
    refused(with("u3.par", "imp = AlievPanfilov\ndxx = 3\n"), "u3.par:2: unknown parameter 'dxx'", "'dx'",
            NULL);
    refused("--imp AlievPanfilov --size 4 -gregion[0].gil 0.1", "unknown option '-gregion[0].gil'",
            "'gregion[i].g_il'", NULL);
    /* nothing is applied from a file with an unknown key (refused before the first key is read) */
    refused(with("u4.par", "imp = AlievPanfilov\nbidomain = 1\nsize = 4\n"), "bidomain", NULL);
}

/* dt: openCARP files and -dt in microseconds, starcarp's in ms; implausible values refused. */
static void test_dt(void) {
    ASSERT_EQ_INT(0, parse(with("d1.par", "imp_region[0].im = AlievPanfilov\ndt = 10\n")));
    ASSERT_NEAR(0.01, o.dt, 0);
    ASSERT_EQ_INT(0, parse(with("d2.par", "imp = AlievPanfilov\ndt = 0.01\n")));
    ASSERT_NEAR(0.01, o.dt, 0); /* starcarp's file: ms */
    refused(with("d3.par", "imp_region[0].im = AlievPanfilov\ndt = 0.01\n"), "dt = 0.01 in ",
            "dt is in microseconds in openCARP files: 10 for 0.01 ms", NULL);
    refused(with("d4.par", "imp = AlievPanfilov\ndt = 25\n"), "dt = 25 in ", "25 ms is implausible",
            "write dt = 0.025", NULL);
    refused("--imp AlievPanfilov --size 4 --dt 25", "--dt 25: 25 ms is implausible", "--dt is in ms", NULL);
    refused("--imp AlievPanfilov --size 4 -dt 0.05", "-dt 0.05", "10 for 0.01 ms", NULL);
    refused("--imp AlievPanfilov --size 4 -dt 5000", "-dt 5000: 5 ms is implausible", NULL);
    refused("--imp AlievPanfilov --size 4 -dt -3", "expected a positive time step in microseconds", NULL);
    /* the command line's dt wins, in its unit */
    char line[600];
    snprintf(line, sizeof line, "%s -dt 20", with("d5.par", "imp = AlievPanfilov\ndt = 0.01\n"));
    ASSERT_EQ_INT(0, parse(line));
    ASSERT_NEAR(0.02, o.dt, 1e-15);
}

/* A starcarp key and its openCARP twin given together; num_stim against the stimuli. */
static void test_conflicts(void) {
    refused(with("c1.par", "imp = AlievPanfilov\nduration = 5\ntend = 6\n"), "'duration' and 'tend' both set",
            NULL);
    refused(with("c2.par", "imp = AlievPanfilov\nimp_region[0].im = AlievPanfilov\n"),
            "'imp' and 'imp_region[0].im'", NULL);
    refused(with("c3.par", "imp = A\nnum_stim = 1\nstimulus[0].x0 = 0\nstim[0].pulse.strength = 3\n"),
            "'stimulus[0].x0' and 'stim[0].pulse.strength' both set the stimuli", NULL);
    refused(with("c4.par", "imp = A\nstim = x=0:1,amp=3\nnum_stim = 0\n"), "'stim' and 'num_stim'", NULL);
    refused(with("c5.par", "imp = A\nsigma = 0.1\ngregion[0].g_il = 0.2\n"), "'sigma' and 'gregion[0].g_il'",
            NULL);
    refused(with("c6.par", "imp = A\nchi = 100\nimp_region[0].cellSurfVolRatio = 0.1\n"), "'chi' and", NULL);
    refused(with("c7.par", "imp = A\nparab-solve = cn\nparab_solve = 1\n"), "'parab-solve' and 'parab_solve'",
            NULL);
    refused(with("c8.par", "imp = A\nthreshold = -10\nlats[0].threshold = 0\n"), "both set the activation",
            NULL);
    refused(with("c9.par", "imp = A\nsnap-dt = 1\nspacedt = 2\n"), "'snap-dt' and 'spacedt'", NULL);
    refused(with("c10.par", "imp = A\nprobe-dt = 1\ntimedt = 2\n"), "'probe-dt' and 'timedt'", NULL);
    refused(with("c11.par", "imp = A\nout = a\nsimID = b\n"), "'out' and 'simID'", NULL);
    refused(with("c12.par", "imp = A\nimp-par = a=1\nimp_region[0].im_param = a=2\n"), "'imp-par' and", NULL);
    refused(with("c13.par", "imp = A\ncg-tol-parab = 1e-6\ncg_tol_parab = 1e-7\n"), "'cg-tol-parab' and",
            NULL);
    refused("--imp A --size 4 --duration 5 -tend 6",
            "'--duration' and '-tend' both set the simulated time on the "
            "command line",
            NULL);
    /* a file's key and the command line's twin: the command line wins */
    char line[600];
    snprintf(line, sizeof line, "%s --duration 9", with("c14.par", "imp_region[0].im = A\ntend = 6\n"));
    ASSERT_EQ_INT(0, parse(line));
    ASSERT_NEAR(9, o.duration, 0);
    /* num_stim */
    refused(with("n1.par", "imp = A\nstimulus[0].x0 = 0\n"), "without num_stim", "add num_stim = 1", NULL);
    refused(with("n2.par", "imp = A\nnum_stim = 1\nstimulus[0].x0 = 0\nstimulus[1].x0 = 0\n"),
            "stimulus[1].* given but num_stim = 1", NULL);
    refused(with("n3.par", "imp = A\nnum_stim = 2\nstim[0].pulse.strength = 4\n"),
            "num_stim = 2 but stimulus[1] (or stim[1]) has no keys", NULL);
    ASSERT_EQ_INT(0, parse(with("n4.par", "imp = A\nstim[0].pulse.strength = 4\nnum_stim = 1\n")));
}

/* topt_check_stim: runs no stimulus reaches. */
static void test_no_stimulus(void) {
    long n[3];
    double dx[3];
    char line[600];
    ASSERT_EQ_INT(0, parse("--imp A --size 4,2"));
    ASSERT_EQ_INT(0, topt_grid(&o, n, dx, err, sizeof err));
    ASSERT_EQ_INT(-1, topt_check_stim(&o, n, dx, NULL, err, sizeof err));
    ASSERT(strstr(err, "no stimulus") && strstr(err, "--allow-no-stimulus"));
    ASSERT_EQ_INT(0, parse("--imp A --size 4,2 --allow-no-stimulus"));
    ASSERT_EQ_INT(0, topt_check_stim(&o, n, dx, NULL, err, sizeof err));
    snprintf(line, sizeof line, "%s --duration 5 --stim x=9:10,amp=5 --stim x=0:1,amp=5,start=5",
             with("s1.par", "imp = A\nnum_stim = 1\nstimulus[0].strength = 0\n"));
    ASSERT_EQ_INT(0, parse(line));
    ASSERT_EQ_INT(-1, topt_check_stim(&o, n, dx, NULL, err, sizeof err));
    ASSERT(strstr(err, "stimulus[0]: its strength is 0") != NULL);
    ASSERT(strstr(err, "--stim #1: its box holds no node") != NULL);
    ASSERT(strstr(err, "--stim #2: it starts after the run's end") != NULL);
    snprintf(line, sizeof line, "%s --duration 5.01 --stim x=0:1,amp=5,start=5",
             with("s2.par", "imp = A\nnum_stim = 1\nstimulus[0].strength = 0\n"));
    ASSERT_EQ_INT(0, parse(line));
    ASSERT_EQ_INT(0, topt_check_stim(&o, n, dx, NULL, err, sizeof err)); /* one reaches the tissue */
}

/* examples/nversion_opencarp.par is examples/nversion.par in openCARP's keys and units. */
static void test_nversion(const char *src) {
    char line[600];
    snprintf(line, sizeof line, "--par %s/examples/nversion.par", src);
    ASSERT_EQ_INT(0, parse(line));
    TissueOpts sc = o;
    snprintf(line, sizeof line, "--par %s/examples/nversion_opencarp.par", src);
    ASSERT_EQ_INT(0, parse(line));
    if (err[0])
        fprintf(stderr, "%s\n", err);
    ASSERT_EQ_STR("tenTusscherPanfilov", o.imp);
    ASSERT_EQ_STR("flags=EPI", o.imp_par);
    ASSERT(o.dt == sc.dt && o.duration == sc.duration && o.chi == sc.chi && o.cm == sc.cm && o.thr == sc.thr);
    ASSERT(o.nstim == 1 && sc.nstim == 1);
    ScTissueStim a = o.stim[0], b = sc.stim[0];
    a.count = a.count ? a.count : 1, b.count = b.count ? b.count : 1; /* (0: one pulse) */
    ASSERT(!memcmp(&a, &b, sizeof a)); /* box, timing and 35.71 uA/cm^2: the same bits */
    ASSERT(o.nsize == 3 && !memcmp(o.size, sc.size, sizeof o.size) && o.dx[0] == sc.dx[0]);
    ASSERT(o.nprobe == 9 && !memcmp(o.probe, sc.probe, sizeof o.probe) && o.probe_dt == sc.probe_dt);
    ASSERT_NEAR(0.17 * 0.62 / 0.79, o.sigma[0], 1e-15);
    ASSERT_NEAR(0.019 * 0.24 / 0.259, o.sigma[1], 1e-15);
    ASSERT_NEAR(o.sigma[1], o.sigma[2], 0);
    for (int a = 0; a < 3; a++) /* nversion.par's sigma rounds these */
        ASSERT(fabs(o.sigma[a] / sc.sigma[a] - 1) < 5e-4);
    ASSERT(o.theta == 0 && sc.theta == 0);
}

/* Whether text has a line "  NAME" followed by a blank or the line's end (a help line). */
static int lists(const char *text, const char *name) {
    char want[TPAR_KEYLEN + 20];
    snprintf(want, sizeof want, "\n  %s", name);
    for (const char *p = strstr(text, want); p; p = strstr(p + 1, want))
        if (p[strlen(want)] == ' ' || p[strlen(want)] == '\n')
            return 1;
    return 0;
}

/* What print writes, into buf (size n). */
static void capture(void (*print)(FILE *), char *buf, size_t n) {
    FILE *f = tmpfile();
    buf[0] = 0;
    if (!f)
        return;
    print(f);
    rewind(f);
    buf[fread(buf, 1, n - 1, f)] = 0;
    fclose(f);
}

/* One check: cond, else what (and name) on stderr. */
static void check(int cond, const char *what, const char *name) {
    t_checks++;
    if (!cond) {
        t_failures++;
        fprintf(stderr, "%s: %s\n", what, name);
    }
}

/* --help lists every row of the option table (the shared ones through cli_run_help), --help-par
 * every openCARP key. */
static void test_help(void) {
    static char text[32768];
    int n;
    capture(topt_usage, text, sizeof text);
    ASSERT(strstr(text, "usage: starcarp tissue") != NULL);
    const CliOpt *opts = topt_opts(&n);
    for (int i = 0; i < n; i++)
        check(lists(text, opts[i].name), "--help does not list the option", opts[i].name);
    capture(tpar_help, text, sizeof text);
    const CliOpt *keys = tpar_keys(&n);
    for (int i = 0; i < 2 * n; i++) {
        const char *key = i < n ? keys[i].name : keys[i - n].alias; /* and its older spelling */
        char name[TPAR_KEYLEN + 16];
        if (!key)
            continue;
        tpar_shown(key, name, sizeof name);
        char also[TPAR_KEYLEN + 24];
        snprintf(also, sizeof also, "(also %s)", name);
        check(i < n ? lists(text, name) : strstr(text, also) != NULL, "--help-par does not list the key",
              name);
    }
    ASSERT(strstr(text, "not supported: openCARP's state files") != NULL); /* a refused key's reason */
}

/* The part of doc from the line "## TITLE" to the next "## " (a malloc'd copy), or NULL. */
static char *section(const char *doc, const char *title) {
    char head[100];
    snprintf(head, sizeof head, "\n## %s\n", title);
    const char *a = doc ? strstr(doc, head) : NULL;
    if (!a)
        return NULL;
    const char *b = strstr(a + 1, "\n## ");
    size_t n = b ? (size_t)(b - a) : strlen(a);
    char *s = malloc(n + 1);
    memcpy(s, a, n);
    s[n] = 0;
    return s;
}

/* Whether sec names option `name` (not as a part of a longer name). */
static int names(const char *sec, const char *name) {
    size_t n = strlen(name);
    for (const char *p = strstr(sec, name); p; p = strstr(p + 1, name))
        if (!strchr("abcdefghijklmnopqrstuvwxyz-", p[n]) &&
            (p == sec || !strchr("abcdefghijklmnopqrstuvwxyz-", p[-1])))
            return 1;
    return 0;
}

/* docs/tissue.md's "Inputs": every option of the table named there (or its other spelling), and
 * every --name of its option table (lines "| ...") an option. */
static void docs_options(const char *sec) {
    int n;
    const CliOpt *opts = topt_opts(&n);
    for (int i = 0; i < n; i++)
        check(names(sec, opts[i].name) || (opts[i].alias && names(sec, opts[i].alias)),
              "docs/tissue.md (Inputs) does not name the option", opts[i].name);
    for (const char *p = strstr(sec, "\n|"); p; p = strstr(p + 1, "\n|")) {
        const char *end = strchr(p + 1, '\n');
        for (const char *q = strstr(p, "--"); q && (!end || q < end); q = strstr(q + 2, "--")) {
            char name[64];
            size_t k = 2 + strspn(q + 2, "abcdefghijklmnopqrstuvwxyz-");
            snprintf(name, sizeof name, "%.*s", (int)k, q);
            check(!islower((unsigned char)q[2]) || cli_opt_named(opts, n, name) != NULL,
                  "docs/tissue.md documents an unknown option", name);
        }
    }
}

/* The backticked span at s (after the '`') up to a blank, its indices written [] ("gregion[i].ID[j]"
 * -> "gregion[].ID[]"), into out. */
static void span(const char *s, char *out, size_t n) {
    size_t o = 0;
    for (; *s && *s != '`' && *s != ' ' && o + 3 < n; s++) {
        out[o++] = *s;
        if (*s == '[' && strchr(s, ']') && strspn(s + 1, "0123456789ij") == (size_t)(strchr(s, ']') - s - 1))
            s = strchr(s, ']'), out[o++] = ']';
    }
    out[o] = 0;
}

/* Whether the backticked span w documents key pattern pat: the whole key, its part after the
 * family's "NAME[]." (x0, elec.p1), its last part (with or without the dot), "*.LAST", or
 * "PREFIX*". The family (the key's text before '[') must then be on the line (fam_on). */
static int documents(const char *w, const char *pat, int fam_on) {
    const char *dot = strrchr(pat, '.'), *tail = strstr(pat, "].");
    size_t wl = strlen(w);
    if (!strcmp(w, pat) || (wl > 1 && w[wl - 1] == '*' && !strncmp(w, pat, wl - 1)))
        return 1;
    if (dot && w[0] == '*' && !strcmp(w + 1, dot))
        return 1;
    return fam_on && ((tail && !strcmp(w, tail + 2)) || (dot && (!strcmp(w, dot) || !strcmp(w, dot + 1))));
}

/* The end of the unit of text starting at l (after a newline): a table's line, or a paragraph
 * (up to a blank line or a table); NULL at the end. */
static const char *unit_end(const char *l) {
    if (l[0] == '\n' && l[1] == '|')
        return strchr(l + 1, '\n');
    const char *a = strstr(l + 1, "\n\n"), *b = strstr(l + 1, "\n|");
    return !a ? b : !b ? a : a < b ? a : b;
}

/* docs/tissue.md's "openCARP parameter files": every key of the table documented there (in a
 * table's line or a paragraph naming its family). */
static void docs_keys(const char *sec) {
    int n;
    const CliOpt *keys = tpar_keys(&n);
    for (int i = 0; i < 2 * n; i++) {
        const char *pat = i < n ? keys[i].name : keys[i - n].alias, *br = pat ? strchr(pat, '[') : NULL;
        if (!pat)
            continue;
        int found = 0;
        for (const char *l = sec; l && *l && !found; l = unit_end(l)) {
            const char *end = unit_end(l);
            size_t len = end ? (size_t)(end - l) : strlen(l);
            char line[4096];
            snprintf(line, sizeof line, "%.*s", (int)(len < sizeof line ? len : sizeof line - 1), l);
            char fam[40];
            snprintf(fam, sizeof fam, "%.*s", br ? (int)(br - pat) : 0, pat);
            int fam_on = !br || strstr(line, fam) != NULL;
            for (const char *q = strchr(line, '`'); q && !found; q = strchr(q + 1, '`')) {
                char w[TPAR_KEYLEN + 16];
                span(q + 1, w, sizeof w);
                found = documents(w, pat, fam_on);
                if (!(q = strchr(q + 1, '`'))) /* past the closing one */
                    break;
            }
        }
        check(found, "docs/tissue.md (openCARP parameter files) does not document the key", pat);
    }
}

/* docs/tissue.md's key table: every key of its first column (`stimulus[i].x0`, or a part of one
 * after the family's: `y0`, `elec.p1`, `.duration`) one of the table's. */
static void docs_known(const char *sec) {
    int n;
    const CliOpt *keys = tpar_keys(&n);
    const char *tab = strstr(sec, "\n| openCARP key |"), *tab_end = tab ? strstr(tab, "\n\n") : NULL;
    ASSERT(tab != NULL);
    for (const char *p = tab ? strstr(tab, "\n| `") : NULL; p && p < tab_end; p = strstr(p + 1, "\n| `")) {
        const char *end = strchr(p + 3, '|');
        for (const char *q = strchr(p, '`'); q && end && q < end; q = strchr(q + 1, '`')) {
            char w[TPAR_KEYLEN + 16];
            span(q + 1, w, sizeof w);
            int known = w[0] == '"';
            for (int i = 0; i < n && !known; i++)
                known = documents(w, keys[i].name, 1) || (keys[i].alias && documents(w, keys[i].alias, 1));
            check(known, "docs/tissue.md documents an unknown key", w);
            if (!(q = strchr(q + 1, '`')))
                break;
        }
    }
}

/* docs/tissue.md's tables against the option table and the keys' table. */
static void test_docs(const char *src) {
    char path[600];
    snprintf(path, sizeof path, "%s/docs/tissue.md", src);
    char *doc = t_read_file(path), *in = section(doc, "Inputs"),
         *oc = section(doc, "openCARP parameter files");
    ASSERT(in != NULL && oc != NULL);
    if (in && oc)
        docs_options(in), docs_keys(oc), docs_known(oc);
    free(in), free(oc), free(doc);
}

int main(int argc, char **argv) {
    if (t_tmpdir("test_tissue_par", dir, sizeof dir) != 0)
        return 1;
    T_RUN(test_full_file, test_stim_keys, test_mesh_stim, test_conductivity, test_gregions, test_gregion_tags,
          test_impregions, test_phys_output, test_refused, test_dt, test_conflicts, test_no_stimulus);
    test_nversion(argc > 1 ? argv[1] : ".");
    test_help();
    test_docs(argc > 1 ? argv[1] : ".");
    t_rmtree(dir);
    return TEST_DONE();
}

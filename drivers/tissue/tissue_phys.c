/* tissue_phys.c: openCARP's physics regions and output controls in `starcarp tissue`
 * (tissue_phys.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "cli_opts.h"
#include "starcarp_util.h"
#include "tissue_greg.h"
#include "tissue_phys.h"

void tphys_init(TparState *s) {
    s->num_phys = -1;
    for (int i = 0; i < TPAR_MAX_PHYS; i++)
        s->phys[i].num_ids = -1, s->phys_ptype[i] = -1;
}

/* "FILE:LINE" of the key being read into where ("": the command line). */
static void here(const TparState *s, char *where) {
    if (s->file)
        snprintf(where, TPAR_WHERE, "%s:%d", s->file, s->line);
    else
        where[0] = 0;
}

int tphys_num(TparState *s, const char *key, const char *val, char *err, size_t errlen) {
    double v;
    if (cli_opt_doubles(val, " \t", &v, 1) != 1 || v != floor(v) || v < 0 || v > TPAR_MAX_PHYS) {
        sc_set_err(err, errlen, "%s = '%s': expected an integer from 0 to %d (physics regions)", key, val,
                   TPAR_MAX_PHYS);
        return -1;
    }
    s->num_phys = (long)v;
    here(s, s->num_phys_where);
    return 0;
}

int tphys_ptype(TparState *s, long i, const char *key, const char *val, char *err, size_t errlen) {
    double v;
    if (cli_opt_doubles(val, " \t", &v, 1) != 1 || v != floor(v) || v < 0) {
        sc_set_err(err, errlen, "%s = '%s': expected 0 (intracellular electrics) or 1 (extracellular)", key,
                   val);
        return -1;
    }
    if (v > 1) {
        sc_set_err(err, errlen,
                   "%s = %s: not supported: 0 (intracellular electrics) or 1 (extracellular electrics) only; "
                   "starcarp solves the monodomain's electrics, not openCARP's other physics",
                   key, val);
        return -1;
    }
    s->phys_ptype[i] = (long)v;
    return tgreg_key(s, &s->phys[i], TGREG_NAME, 0, 0, key, val, err, errlen); /* where its keys were given */
}

void tphys_note(TparState *s, const char *key, const char *line) {
    char head[TPAR_KEYLEN + 16];
    snprintf(head, sizeof head, "tissue: %s:", key);
    if (strstr(s->notes, head))
        return;
    size_t n = strlen(s->notes);
    snprintf(s->notes + n, sizeof s->notes - n, "%s %s\n", head, line);
}

/* "W: " for a location W ("" for none). */
static const char *at(const char *where, char *buf, size_t n) {
    snprintf(buf, n, "%s%s", where, *where ? ": " : "");
    return buf;
}

/* The intracellular region among the first n (-1 with a message for none, or several). */
static int intracellular(const TparState *s, long n, char *err, size_t errlen) {
    int intra = -1;
    char w[TPAR_WHERE + 4];
    for (int i = 0; i < n; i++) {
        if (s->phys_ptype[i] > 0)
            continue;
        if (intra >= 0) {
            sc_set_err(err, errlen,
                       "%sphys_region[%d] and phys_region[%d] are both intracellular (ptype 0): openCARP "
                       "solves each on its own elements; starcarp solves one intracellular domain, the "
                       "whole mesh (give one region with ptype 0)",
                       at(s->phys[i].where, w, sizeof w), intra, i);
            return -1;
        }
        intra = i;
    }
    if (intra < 0)
        sc_set_err(err, errlen,
                   "%snum_phys_regions = %ld: no intracellular region (ptype 0): the monodomain needs one "
                   "(phys_region[0].ptype = 0)",
                   at(s->num_phys_where, w, sizeof w), n);
    return intra;
}

int tphys_finish(TissueOpts *o, char *err, size_t errlen) {
    TparState *s = &o->par;
    int keyed = s->num_phys >= 0;
    for (int i = 0; i < TPAR_MAX_PHYS; i++)
        keyed |= s->phys[i].keys > 0;
    if (!keyed)
        return 0;
    if (tgreg_keyed(s->phys, TPAR_MAX_PHYS, s->num_phys, s->num_phys_where, "phys_region", err, errlen) != 0)
        return -1;
    long n = s->num_phys > 1 ? s->num_phys : 1;
    int intra = intracellular(s, n, err, errlen);
    if (intra < 0 || tgreg_tags(&s->phys[intra], "phys_region", intra, &o->phys_tags, err, errlen) != 0)
        return -1;
    const char *w = s->phys[intra].id_where[0] ? s->phys[intra].id_where : s->phys[intra].where;
    snprintf(o->phys_name, sizeof o->phys_name, "phys_region[%d]%s%s%s", intra, *w ? " (" : "", w,
             *w ? ")" : "");
    if (o->phys_tags.ntags && !o->mesh) {
        sc_set_err(err, errlen,
                   "%s: its tags (ID) need a mesh (--mesh, openCARP's meshname): the box grid has no region "
                   "tags; leave them out (the intracellular domain is the whole box)",
                   o->phys_name);
        return -1;
    }
    char line[300];
    snprintf(line, sizeof line,
             "one intracellular region (phys_region[%d]%s)%s: not needed here, starcarp solves the "
             "monodomain on the whole %s",
             intra, o->phys_tags.ntags ? ", its tags checked against the mesh" : "",
             n > 1 ? " and the extracellular one the monodomain does not use" : "", o->mesh ? "mesh" : "box");
    tphys_note(s, "num_phys_regions, phys_region[i]", line);
    return 0;
}

int tphys_check_mesh(const TissueOpts *o, const ScMesh *m, char *err, size_t errlen) {
    const ScFemRegion *g = &o->phys_tags;
    long miss = 0, first = -1;
    for (long e = 0; e < m->ne && g->ntags; e++) {
        int k = 0;
        while (k < g->ntags && g->tags[k] != m->tag[e])
            k++;
        if (k == g->ntags && miss++ == 0)
            first = e;
    }
    if (!miss)
        return 0;
    sc_set_err(
        err, errlen,
        "%s: its tags leave out %ld of the mesh's %ld elements (the first: element %ld, tag %d): openCARP "
        "would solve on its elements only; starcarp solves on the whole mesh (list every tag of the "
        ".elem file, or cut the mesh to the region)",
        o->phys_name, miss, m->ne, first, m->tag[first]);
    return -1;
}

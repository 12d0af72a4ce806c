/* tissue_greg.c: conductivity regions of `starcarp tissue` on a mesh (tissue_greg.h). */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "starcarp_util.h"
#include "tissue_greg.h"

void tgreg_init(TparState *s) {
    static const double g0[6] = {0.174, 0.019, 0.019, 0.625, 0.236, 0.236}; /* openCARP's defaults */
    s->num_gregions = -1;
    for (int i = 0; i < SC_FEM_MAX_REGIONS; i++) {
        TparGreg *r = &s->greg[i];
        memset(r, 0, sizeof *r);
        memcpy(r->g, g0, sizeof g0);
        r->g_mult = 1, r->num_ids = -1;
    }
}

/* Numbers separated by any of sep into v[0 .. max) (whole: integers within int's range); their
 * count, or -1 (a bad one, more than max, or none). */
static int numbers(const char *s, const char *sep, int max, int whole, double *v) {
    int n = cli_opt_doubles(s, sep, v, max);
    for (int k = 0; k < n && whole; k++)
        if (v[k] != floor(v[k]) || v[k] < INT_MIN || v[k] > INT_MAX)
            return -1;
    return n > 0 ? n : -1;
}

/* Where the key being read was given: "FILE:LINE" ("" on the command line). */
static void here(const TparState *s, char *out) {
    if (s->file)
        snprintf(out, TPAR_WHERE, "%s:%d", s->file, s->line);
    else
        out[0] = 0;
}

/* "W: " for a location W ("" for none). */
static const char *at(const char *where, char *buf, size_t n) {
    snprintf(buf, n, "%s%s", where, *where ? ": " : "");
    return buf;
}

int tgreg_key(TparState *s, TparGreg *r, TgregKey what, int arg, long j, const char *key, const char *val,
              char *err, size_t errlen) {
    const char *want = NULL;
    double v[SC_FEM_MAX_TAGS];
    int n = 0;
    switch (what) {
        case TGREG_G:
        case TGREG_MULT:
            if (numbers(val, " \t", 1, 0, v) != 1 || !(v[0] >= 0))
                want = "a number >= 0 (S/m; g_mult: a factor)";
            else if (what == TGREG_G)
                r->g[arg] = v[0], r->has_g[arg] = 1;
            else
                r->g_mult = v[0];
            break;
        case TGREG_NUM_IDS:
            if (numbers(val, " \t", 1, 1, v) != 1 || v[0] < 0 || v[0] > SC_FEM_MAX_TAGS)
                want = "an integer from 0 to 32 (the region's element tags)";
            else
                r->num_ids = (long)v[0], here(s, r->num_where);
            break;
        case TGREG_ID:
        case TGREG_IDS:
            n = what == TGREG_ID ? (j < SC_FEM_MAX_TAGS ? numbers(val, " \t", 1, 1, v) : -1)
                                 : numbers(val, " \t,", SC_FEM_MAX_TAGS, 1, v);
            if (n < 1) {
                want = what == TGREG_ID ? "an element tag (an integer; ID[0] to ID[31])"
                                        : "element tags: integers separated by blanks or commas, at most 32";
                break;
            }
            if (r->nid == 0)
                here(s, r->id_where);
            for (int k = 0; k < n; k++) {
                long slot = what == TGREG_ID ? j : k;
                r->id[slot] = (int)v[k], r->has_id[slot] = 1;
                r->nid = slot + 1 > r->nid ? (int)slot + 1 : r->nid;
            }
            break;
        default:
            break; /* TGREG_NAME: a label */
    }
    if (want) {
        sc_set_err(err, errlen, "%s = '%s': expected %s", key, val, want);
        return -1;
    }
    if (r->keys++ == 0)
        here(s, r->where);
    return 0;
}

int tgreg_num(TparState *s, const char *key, const char *val, char *err, size_t errlen) {
    double v;
    if (numbers(val, " \t", 1, 1, &v) != 1 || v < 0 || v > SC_FEM_MAX_REGIONS) {
        sc_set_err(err, errlen, "%s = '%s': expected an integer from 1 to %d (conductivity regions)", key,
                   val, SC_FEM_MAX_REGIONS);
        return -1;
    }
    s->num_gregions = (long)v;
    here(s, s->num_greg_where);
    return 0;
}

void tgreg_sigma(const TparGreg *r, long bidm_eqv_mono, double sigma[3]) {
    int sheet = r->has_g[2] || r->has_g[5];
    for (int a = 0; a < 3; a++) {
        int c = a == 2 && !sheet ? 1 : a;
        double gi = r->g[c], ge = r->g[c + 3];
        sigma[a] = r->g_mult * (!bidm_eqv_mono ? gi : gi + ge > 0 ? gi * ge / (gi + ge) : 0);
    }
}

int tgreg_add(TissueOpts *o, const char *spec, char *err, size_t errlen) {
    const char *colon = strchr(spec, ':');
    char tags[1024];
    double t[SC_FEM_MAX_TAGS], sg[3];
    int nt = -1, ns = -1;
    if (colon && (size_t)(colon - spec) < sizeof tags) {
        memcpy(tags, spec, (size_t)(colon - spec));
        tags[colon - spec] = 0;
        nt = numbers(tags, ",", SC_FEM_MAX_TAGS, 1, t);
        ns = numbers(colon + 1, ",", 3, 0, sg);
    }
    int neg = 0;
    for (int a = 0; a < ns; a++)
        neg |= !(sg[a] >= 0);
    if (nt < 1 || ns < 1 || neg || o->ngreg == SC_FEM_MAX_REGIONS) {
        sc_set_err(err, errlen,
                   "--gregion '%s': expected TAG[,TAG...]:L[,T[,N]]: element tags of the mesh (integers, at "
                   "most %d), then their conductivities in S/m (>= 0) along the fibre, sheet and normal as "
                   "--sigma's; at most %d regions with the default one",
                   spec, SC_FEM_MAX_TAGS, SC_FEM_MAX_REGIONS);
        return -1;
    }
    ScFemRegion *g = &o->greg[o->ngreg];
    g->ntags = nt;
    for (int k = 0; k < nt; k++)
        g->tags[k] = (int)t[k];
    for (int a = 0; a < 3; a++) /* one: isotropic; two: along and across, as --sigma */
        g->sigma[a] = a < ns ? sg[a] : sg[ns == 1 ? 0 : 1];
    char w[TPAR_WHERE];
    here(&o->par, w);
    if (*w)
        snprintf(o->greg_name[o->ngreg], sizeof o->greg_name[0], "gregion = %s (%s)", spec, w);
    else
        snprintf(o->greg_name[o->ngreg], sizeof o->greg_name[0], "--gregion %s", spec);
    o->ngreg++;
    return 0;
}

/* The regions in use (num_gregions, default 1) against the regions given keys, and several regions
 * on the box. 0, or -1 with a located message. */
static int check_count(const TissueOpts *o, char *err, size_t errlen) {
    const TparState *s = &o->par;
    long n = s->num_gregions > 1 ? s->num_gregions : 1;
    char w[TPAR_WHERE + 4];
    int keyed = 0; /* the first region beyond gregion[0] given keys */
    for (int i = SC_FEM_MAX_REGIONS - 1; i > 0; i--)
        keyed = s->greg[i].keys ? i : keyed;
    if (!o->mesh && (n > 1 || o->ngreg > 1 || keyed)) {
        char what[TPAR_WHERE + 64];
        if (n > 1)
            snprintf(what, sizeof what, "%snum_gregions = %ld", at(s->num_greg_where, w, sizeof w), n);
        else if (keyed)
            snprintf(what, sizeof what, "%sgregion[%d].*", at(s->greg[keyed].where, w, sizeof w), keyed);
        else
            snprintf(what, sizeof what, "%s", o->greg_name[1]);
        sc_set_err(err, errlen,
                   "%s: several conductivity regions need a mesh (--mesh, openCARP's meshname): the box grid "
                   "has no region tags (its conductivities: --sigma or gregion[0])",
                   what);
        return -1;
    }
    return tgreg_keyed(s->greg, SC_FEM_MAX_REGIONS, s->num_gregions, s->num_greg_where, "gregion", err,
                       errlen);
}

int tgreg_keyed(const TparGreg *regs, int max, long num, const char *num_where, const char *fam, char *err,
                size_t errlen) {
    long n = num > 1 ? num : 1;
    char w[TPAR_WHERE + 4];
    for (int i = 1; i < max; i++) {
        const TparGreg *r = &regs[i];
        if (r->keys && num < 0)
            sc_set_err(
                err, errlen,
                "%s%s[%d].* given without num_%ss: openCARP uses %s[0] alone by default (add num_%ss = "
                "%d)",
                at(r->where, w, sizeof w), fam, i, fam, fam, fam, i + 1);
        else if (r->keys && i >= n)
            sc_set_err(
                err, errlen,
                "%s%s[%d].* given but num_%ss = %ld: openCARP would ignore it (num_%ss = %d applies it)",
                at(r->where, w, sizeof w), fam, i, fam, num, fam, i + 1);
        else if (!r->keys && i < n)
            sc_set_err(err, errlen,
                       "%snum_%ss = %ld but %s[%d] has no keys (its tags: %s[%d].num_IDs and %s[%d].ID)",
                       at(num_where, w, sizeof w), fam, n, fam, i, fam, i, fam, i);
        else
            continue;
        return -1;
    }
    return 0;
}

int tgreg_tags(const TparGreg *r, const char *fam, int i, ScFemRegion *g, char *err, size_t errlen) {
    char w[TPAR_WHERE + 4];
    if (r->num_ids < 0 && r->nid > 0 && i > 0) {
        sc_set_err(err, errlen,
                   "%s%s[%d].ID given without %s[%d].num_IDs: openCARP reads num_IDs tags (default 0: none; "
                   "add %s[%d].num_IDs = %d)",
                   at(r->id_where, w, sizeof w), fam, i, fam, i, fam, i, r->nid);
        return -1;
    }
    long want = r->num_ids >= 0 ? r->num_ids : r->nid;
    if (r->nid > want) {
        sc_set_err(err, errlen, "%s%s[%d].num_IDs = %ld but ID[%d] is given (num_IDs = %d reads it)",
                   at(r->num_where, w, sizeof w), fam, i, want, r->nid - 1, r->nid);
        return -1;
    }
    g->ntags = 0;
    for (long k = 0; k < want; k++) {
        if (!r->has_id[k] && r->num_ids >= 0) {
            sc_set_err(err, errlen, "%s%s[%d].num_IDs = %ld but ID[%ld] is not given",
                       at(r->num_where, w, sizeof w), fam, i, want, k);
            return -1;
        }
        if (r->has_id[k])
            g->tags[g->ntags++] = r->id[k];
    }
    return 0;
}

int tgreg_disjoint(const ScFemRegion *g, const char (*names)[TPAR_WHERE + 32], int n, const char *what,
                   char *err, size_t errlen) {
    for (int a = 0; a < n; a++)
        for (int b = a + 1; b < n; b++)
            for (int k = 0; k < g[a].ntags; k++)
                for (int l = 0; l < g[b].ntags; l++)
                    if (g[a].tags[k] == g[b].tags[l]) {
                        sc_set_err(err, errlen,
                                   "tag %d is listed by %s and by %s: an element takes one region's %s",
                                   g[a].tags[k], names[a], names[b], what);
                        return -1;
                    }
    return 0;
}

/* o->greg_name[k] for gregion[i] keyed at where ("": the command line); k = o->ngreg++ but for i 0. */
static void name(TissueOpts *o, int i, const char *where) {
    int k = i ? o->ngreg++ : 0;
    snprintf(o->greg_name[k], sizeof o->greg_name[0], "gregion[%d]%s%s%s", i, *where ? " (" : "", where,
             *where ? ")" : "");
}

int tgreg_finish(TissueOpts *o, char *err, size_t errlen) {
    const TparState *s = &o->par;
    if (check_count(o, err, errlen) != 0 ||
        tgreg_tags(&s->greg[0], "gregion", 0, &o->greg[0], err, errlen) != 0)
        return -1;
    memcpy(o->greg[0].sigma, o->sigma, sizeof o->sigma);
    name(o, 0, s->greg[0].id_where);
    long n = s->num_gregions > 1 ? s->num_gregions : 1;
    for (int i = 1; i < n; i++) {
        const TparGreg *r = &s->greg[i];
        if (o->ngreg == SC_FEM_MAX_REGIONS) {
            sc_set_err(err, errlen, "at most %d conductivity regions in all (gregion[i] and --gregion)",
                       SC_FEM_MAX_REGIONS);
            return -1;
        }
        ScFemRegion *g = &o->greg[o->ngreg];
        if (tgreg_tags(r, "gregion", i, g, err, errlen) != 0)
            return -1;
        tgreg_sigma(r, s->bidm_eqv_mono, g->sigma);
        name(o, i, r->where);
    }
    return tgreg_disjoint(o->greg, (const char(*)[TPAR_WHERE + 32]) o->greg_name, o->ngreg, "conductivities",
                          err, errlen);
}

static int cmp_tag(const void *a, const void *b) {
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

int tgreg_check_mesh(const TissueOpts *o, const ScMesh *m, FILE *out) {
    return tgreg_unseen(o->greg, (const char(*)[TPAR_WHERE + 32]) o->greg_name, o->ngreg, m, out, NULL);
}

int tgreg_unseen(const ScFemRegion *g, const char (*names)[TPAR_WHERE + 32], int nreg, const ScMesh *m,
                 FILE *out, int *covers) {
    int all[SC_FEM_MAX_REGIONS * SC_FEM_MAX_TAGS], n = 0, warned = 0;
    unsigned char seen[SC_FEM_MAX_REGIONS * SC_FEM_MAX_TAGS] = {0};
    for (int r = 0; r < nreg; r++)
        for (int k = 0; k < g[r].ntags; k++)
            all[n++] = g[r].tags[k];
    qsort(all, (size_t)n, sizeof all[0], cmp_tag);
    int u = 0; /* each tag once */
    for (int k = 0; k < n; k++)
        if (u == 0 || all[k] != all[u - 1])
            all[u++] = all[k];
    n = u;
    for (long e = 0; e < m->ne && n > 0; e++) {
        const int *hit = bsearch(&m->tag[e], all, (size_t)n, sizeof all[0], cmp_tag);
        if (hit)
            seen[hit - all] = 1;
    }
    for (int r = 0; r < nreg; r++) {
        int any = 0;
        for (int k = 0; k < g[r].ntags; k++) {
            const int *hit = bsearch(&g[r].tags[k], all, (size_t)n, sizeof all[0], cmp_tag);
            any |= seen[hit - all];
            if (!seen[hit - all] && ++warned)
                fprintf(out, "starcarp tissue: warning: %s lists tag %d, which no element of the mesh has\n",
                        names[r], g[r].tags[k]);
        }
        if (covers)
            covers[r] = any;
        else if (r > 0 && g[r].ntags == 0 && ++warned)
            fprintf(out, "starcarp tissue: warning: %s lists no tag: it covers no element\n", names[r]);
    }
    return warned;
}

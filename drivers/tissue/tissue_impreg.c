/* tissue_impreg.c: the ionic regions of `starcarp tissue` on a mesh (tissue_impreg.h). */
#include <math.h>
#include <string.h>

#include "cli_opts.h"
#include "starcarp_util.h"
#include "tissue_greg.h"
#include "tissue_impreg.h"
#include "tissue_phys.h"

int tir_key(TparState *s, TirKey what, long i, const char *key, const char *val, char *err, size_t errlen) {
    double v;
    const char *want = NULL;
    switch (what) {
        case TIR_IM:
            s->imp_im[i] = val, want = *val ? NULL : "a model name or a .model file";
            if (s->file)
                snprintf(s->im_where[i], TPAR_WHERE, "%s:%d", s->file, s->line);
            else
                s->im_where[i][0] = 0;
            break;
        case TIR_PARAM:
            s->imp_param[i] = val;
            break;
        case TIR_CSV:
            if (cli_opt_doubles(val, " \t", &v, 1) != 1 || !(v > 0))
                want = "a positive surface-to-volume ratio in 1/um (0.14: 140 /mm)";
            else
                s->imp_csv[i] = v;
            break;
        default:
            break; /* read by tissue_par.c (volFrac) */
    }
    if (want) {
        sc_set_err(err, errlen, "%s = '%s': expected %s", key, val, want);
        return -1;
    }
    return tgreg_key(s, &s->imp[i], TGREG_NAME, 0, 0, key, val, err, errlen); /* where its keys were given */
}

int tir_num(TparState *s, const char *key, const char *val, char *err, size_t errlen) {
    double v;
    if (cli_opt_doubles(val, " \t", &v, 1) != 1 || v != floor(v) || v < 0 || v > SC_TISSUE_MAX_IMP + 1) {
        sc_set_err(err, errlen, "%s = '%s': expected an integer from 1 to %d (ionic regions)", key, val,
                   SC_TISSUE_MAX_IMP + 1);
        return -1;
    }
    s->num_imp = (long)v;
    if (s->file)
        snprintf(s->num_imp_where, TPAR_WHERE, "%s:%d", s->file, s->line);
    else
        s->num_imp_where[0] = 0;
    return 0;
}

/* "W: " for a location W ("" for none). */
static const char *at(const char *where, char *buf, size_t n) {
    snprintf(buf, n, "%s%s", where, *where ? ": " : "");
    return buf;
}

/* Several regions on the box, and --vary with several regions. 0, or -1 with a located message. */
static int check_use(const TissueOpts *o, long n, char *err, size_t errlen) {
    const TparState *s = &o->par;
    char w[TPAR_WHERE + 4];
    int keyed = 0; /* the first region beyond imp_region[0] given keys */
    for (int i = SC_TISSUE_MAX_IMP; i > 0; i--)
        keyed = s->imp[i].keys ? i : keyed;
    if (!o->mesh && (n > 1 || keyed)) {
        if (n > 1)
            sc_set_err(err, errlen, "%snum_imp_regions = %ld: ", at(s->num_imp_where, w, sizeof w), n);
        else
            sc_set_err(err, errlen, "%simp_region[%d].*: ", at(s->imp[keyed].where, w, sizeof w), keyed);
        size_t k = strlen(err);
        snprintf(err + k, errlen > k ? errlen - k : 0,
                 "several ionic regions need a mesh (--mesh, openCARP's meshname): the box grid has no "
                 "region tags (its model: --imp or imp_region[0].im)");
        return -1;
    }
    if (n > 1 && o->nvary) {
        sc_set_err(err, errlen,
                   "--vary %s with %ld ionic regions (num_imp_regions): not supported (it grades a parameter "
                   "of one model)",
                   o->vary[0].name, n);
        return -1;
    }
    return 0;
}

/* o->imp_name[i] for imp_region[i] keyed at where ("": the command line). */
static void name(TissueOpts *o, int i, const char *where) {
    snprintf(o->imp_name[i], sizeof o->imp_name[0], "imp_region[%d]%s%s%s", i, *where ? " (" : "", where,
             *where ? ")" : "");
}

int tir_finish(TissueOpts *o, char *err, size_t errlen) {
    const TparState *s = &o->par;
    long n = s->num_imp > 1 ? s->num_imp : 1;
    if (check_use(o, n, err, errlen) != 0 ||
        tgreg_keyed(s->imp, SC_TISSUE_MAX_IMP + 1, s->num_imp, s->num_imp_where, "imp_region", err, errlen) !=
            0 ||
        tgreg_tags(&s->imp[0], "imp_region", 0, &o->imp_tags[0], err, errlen) != 0)
        return -1;
    name(o, 0, s->imp[0].id_where);
    o->nimp = (int)n - 1;
    for (int i = 1; i < n; i++) {
        if (tgreg_tags(&s->imp[i], "imp_region", i, &o->imp_tags[i], err, errlen) != 0)
            return -1;
        name(o, i, s->imp[i].where);
        if (!s->imp_im[i]) {
            sc_set_err(err, errlen,
                       "%s has no model: give imp_region[%d].im (a library model or a .model file)",
                       o->imp_name[i], i);
            return -1;
        }
        if (s->imp_csv[i] > 0 && fabs(s->imp_csv[i] * 1000 - o->chi) > 1e-9 * o->chi) {
            sc_set_err(err, errlen,
                       "%s: cellSurfVolRatio = %g /um, the default region's is %g /um: one surface-to-volume "
                       "ratio for the whole tissue (imp_region[0].cellSurfVolRatio or --chi); a ratio per "
                       "region is not supported",
                       o->imp_name[i], s->imp_csv[i], o->chi / 1000);
            return -1;
        }
        o->imp_im[i] = s->imp_im[i], o->imp_param[i] = s->imp_param[i];
    }
    return tgreg_disjoint(o->imp_tags, (const char(*)[TPAR_WHERE + 32]) o->imp_name, (int)n, "ionic model",
                          err, errlen);
}

int tir_check_mesh(const TissueOpts *o, const ScMesh *m, FILE *out, char *err, size_t errlen) {
    int covers[SC_TISSUE_MAX_IMP + 1];
    if (tphys_check_mesh(o, m, err, errlen) != 0)
        return -1;
    if (o->nimp == 0)
        return 0;
    tgreg_unseen(o->imp_tags, (const char(*)[TPAR_WHERE + 32]) o->imp_name, o->nimp + 1, m, out, covers);
    for (int i = 1; i <= o->nimp; i++)
        if (!covers[i]) {
            sc_set_err(
                err, errlen,
                "%s: %s no element of the mesh: the region would hold no node (check imp_region[%d].ID "
                "against the tags of the .elem file)",
                o->imp_name[i], o->imp_tags[i].ntags ? "its tags are on" : "it lists no tag, so it covers",
                i);
            return -1;
        }
    return 0;
}

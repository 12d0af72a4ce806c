/* study_marker.c: the biomarkers of `starcarp study` by their names in the cells' CSV (study.h):
 * the cell array's fields (starcarp.h, SC_BM_*) and those derived from two of them: the amplitude
 * Vamp = Vmax - Vrest, the triangulation Trixx_yy = APDxx - APDyy, and the alternans
 * APD90_alt = |APD90 - APD90_prev|; and CiPA's qNet where it is measured. Ranges files and --steady
 * name them. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study.h"

const char *const study_marker_known[] = {
    "Vrest", "Vmax",   "Vamp",       "dVdt_max",  "t_act",   "upstrokes", "EAD",     "DAD",
    "APD#",  "Tri#_#", "APD90_prev", "APD90_alt", "CaT_dia", "CaT_amp",   "CaT_ttp", "CaTD90"};
const int study_marker_nknown = (int)(sizeof study_marker_known / sizeof *study_marker_known);
const char *const study_marker_calcium[] = {"CaT_dia", "CaT_amp", "CaT_ttp", "CaTD90"};
const int study_marker_ncalcium = (int)(sizeof study_marker_calcium / sizeof *study_marker_calcium);

/* The simple fields by name. */
static const struct {
    const char *name;
    int field, ca;
} plain[] = {{"Vrest", SC_BM_VREST, 0},
             {"Vmax", SC_BM_VMAX, 0},
             {"dVdt_max", SC_BM_DVDT, 0},
             {"t_act", SC_BM_TACT, 0},
             {"upstrokes", SC_BM_UPSTROKES, 0},
             {"EAD", SC_BM_EAD, 0},
             {"DAD", SC_BM_DAD, 0},
             {"APD90_prev", SC_BM_PREV_APD90, 0},
             {"CaT_dia", SC_BM_CA_DIA, 1},
             {"CaT_amp", SC_BM_CA_AMP, 1},
             {"CaT_ttp", SC_BM_CA_TTP, 1},
             {"CaTD90", SC_BM_CA_D90, 1}};

/* The APD field of level x (%) among lev (nlev, in %), or -1 with why in err. */
static int apd_field(const char *name, double x, const double *lev, int nlev, char *err, size_t errlen) {
    for (int j = 0; j < nlev; j++)
        if (fabs(lev[j] - x) < 1e-9)
            return SC_BM_APD + j;
    int n = snprintf(err, errlen, "%s: APD%g is not measured (the levels are", name, x);
    for (int j = 0; j < nlev && n > 0 && (size_t)n < errlen; j++)
        n += snprintf(err + n, errlen - (size_t)n, "%s %g", j ? "," : "", lev[j]);
    if (n > 0 && (size_t)n < errlen)
        snprintf(err + n, errlen - (size_t)n, "; add it to --levels)");
    return -1;
}

int study_marker(const char *name, const double *lev, int nlev, int has_ca, int has_qnet, StudyMarker *m,
                 char *err, size_t errlen) {
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, "%s", name);
    if (!strcmp(name, "qNet")) {
        if (!has_qnet) {
            snprintf(err, errlen,
                     "qNet: not measured (the model lacks one of CiPA's six currents, or --qnet off)");
            return -1;
        }
        m->kind = 0, m->a = SC_BM_QNET;
        return 0;
    }
    for (size_t k = 0; k < sizeof plain / sizeof *plain; k++)
        if (!strcmp(name, plain[k].name)) {
            if (plain[k].ca && !has_ca) {
                snprintf(err, errlen, "%s: the model has no intracellular calcium", name);
                return -1;
            }
            m->kind = 0, m->a = plain[k].field;
            return 0;
        }
    if (!strcmp(name, "Vamp")) {
        m->kind = 1, m->a = SC_BM_VMAX, m->b = SC_BM_VREST;
        return 0;
    }
    if (!strcmp(name, "APD90_alt")) {
        m->kind = 2, m->b = SC_BM_PREV_APD90;
        return (m->a = apd_field(name, 90, lev, nlev, err, errlen)) < 0 ? -1 : 0;
    }
    double x, y;
    char tail;
    if (sscanf(name, "APD%lf%c", &x, &tail) == 1) {
        m->kind = 0;
        return (m->a = apd_field(name, x, lev, nlev, err, errlen)) < 0 ? -1 : 0;
    }
    if (sscanf(name, "Tri%lf_%lf%c", &x, &y, &tail) == 2) {
        m->kind = 1;
        m->a = apd_field(name, x, lev, nlev, err, errlen);
        m->b = m->a < 0 ? -1 : apd_field(name, y, lev, nlev, err, errlen);
        return m->b < 0 ? -1 : 0;
    }
    int n = snprintf(err, errlen, "unknown biomarker '%s'; known:", name);
    for (int k = 0; k < study_marker_nknown && n > 0 && (size_t)n < errlen; k++)
        n += snprintf(err + n, errlen - (size_t)n, "%s %s", k ? "," : "", study_marker_known[k]);
    if (n > 0 && (size_t)n < errlen)
        snprintf(err + n, errlen - (size_t)n, " ('#' a level in %%, e.g. APD90, Tri90_30)");
    return -1;
}

double study_marker_value(const StudyMarker *m, const double *fields, long cells, long c) {
    double a = fields[(size_t)m->a * (size_t)cells + (size_t)c];
    if (m->kind == 0)
        return a;
    double d = a - fields[(size_t)m->b * (size_t)cells + (size_t)c];
    return m->kind == 1 ? d : fabs(d);
}

/* study_tables.h: the input tables of `starcarp study` (prefix study_): ranges of biomarkers to
 * calibrate a population of models against (the procedure of Britton et al. 2013, PNAS: a model is
 * kept when every biomarker falls in its experimental range) and drug tables in the layout of the
 * FDA's CiPA code (IC50 and Hill coefficient per current, Cmax, TdP risk class). docs/study.md,
 * sections "Drug tables" and "Ranges of biomarkers", gives the formats and every message.
 *
 * Both are comma-separated text files read whole by one call into the caller's arrays: a header
 * line, then one row per line; lines whose first non-blank character is '#' and blank lines are
 * skipped anywhere; blanks around fields, "\r\n" line ends, a UTF-8 byte order mark and a field in
 * double quotes (as R's write.csv writes them; no comma or quote inside) are accepted. Errors are
 * located "PATH:LINE:COL: what is wrong; expected what" (1-based line and byte column of the field
 * where the problem starts), or "PATH: cannot read: why" (strerror). No global state. */
#ifndef SC_STUDY_TABLES_H
#define SC_STUDY_TABLES_H

#include <stddef.h>

#include "study.h"

/* ---- ranges of biomarkers ---------------------------------------------------------------------- */

/* One experimental range: biomarker at pacing cycle length bcl must lie in [lo, hi]. */
typedef struct StudyRange {
    char biomarker[32]; /* the spelling of the caller's known list, its '#' filled in ("APD90") */
    double bcl; /* ms, finite, > 0 */
    double lo, hi; /* lo <= hi; -INFINITY (min left empty or NA) or INFINITY (max left empty or NA) */
    int line; /* the row's line in the file */
} StudyRange;

/* Read the ranges file path into r[0 .. maxr-1]. Its header is exactly `biomarker,bcl,min,max`
 * (these names, this order), then one range a row: a biomarker name, the cycle length in ms (a
 * finite number > 0), the lower and upper bound (finite numbers, as strtod reads the whole field;
 * empty or NA: no bound on that side, but not both). Names are matched against known[0 ..
 * nknown-1] ignoring case, and stored with the spelling of known; in a known name each '#' stands
 * for an integer from 1 to 99 written without a leading zero ("APD#" matches "apd40" and stores
 * "APD40"; "Tri#_#" matches "Tri90_40"); every known name is shorter than 32 bytes once its '#'
 * are filled. A name that matches unavailable[0 .. nunavailable-1] (the same rule; checked first)
 * is refused with why_unavailable ("the model has no intracellular calcium"); an unknown name is
 * refused with the list of known ones. Returns the number of ranges (>= 1), or -1 with err set:
 * missing or wrong header, wrong number of fields, unknown or unavailable biomarker, a number that
 * does not parse or is not finite, bcl <= 0, min > max, no bound, the same (biomarker, bcl) twice,
 * no range at all, more than maxr ranges, a file that cannot be read. err may be NULL. */
int study_ranges_read(const char *path, const char *const *known, int nknown, const char *const *unavailable,
                      const char *why_unavailable, int nunavailable, StudyRange *r, int maxr, char *err,
                      size_t errlen);

/* The distinct cycle lengths of r[0 .. n-1] in order of first appearance, the first maxb into bcl
 * (the study paces at each); returns their number (which may exceed maxb). */
int study_ranges_bcls(const StudyRange *r, int n, double *bcl, int maxb);

/* The distinct APD levels (%) that r[0 .. n-1] names, in order of first appearance: xx of each
 * "APDxx" and xx, yy of each "Trixx_yy" (the spellings above, case as stored), the first maxl into
 * lev; returns their number (which may exceed maxl). The study measures those levels. */
int study_ranges_levels(const StudyRange *r, int n, double *lev, int maxl);

/* ---- drug tables --------------------------------------------------------------------------------- */

/* One drug of a table: its blocks (canonical current names, IC50 in nM, Hill coefficient). */
typedef struct StudyDrug {
    char name[64];
    char risk[16]; /* "high", "intermediate", "low" (CiPA's TdP risk categories), or "" when not given */
    double cmax; /* nM (the therapeutic concentration, CiPA's "therapeutic"); NaN when not given */
    StudyBlock block[STUDY_MAX_BLOCK];
    int nblock; /* >= 1 */
    int line; /* its row's line (the long layout: its first row's) */
} StudyDrug;

/* Read the drug table path into d[0 .. maxd-1]. Two layouts, told apart by the header (column
 * names in any order, ignoring case):
 *   wide (CiPA's Hill_fitting/data/Li2017_IC50.csv): drug, then CURRENT_IC50 and CURRENT_h (or
 *     CURRENT_hill) per blocked current, one row per drug, NA or empty where a current is not
 *     blocked;
 *   long: drug, current, IC50 and hill (or h), one row per blocked current of a drug;
 * both optionally with Cmax (or therapeutic, CiPA's AP_simulation/data/CiPA_training_drugs.csv:
 * nM, > 0) and risk (high, intermediate or low) or CiPA (2, 1 or 0: the same classes). CURRENT is
 * hERG (CiPA's name: IKr) or any name sc_current_canonical accepts (stored canonical). Without a
 * Hill column the Hill coefficient is 1 (as --block CURRENT=IC50); with one, an IC50 needs its Hill
 * and a Hill its IC50. IC50 and Hill: finite numbers > 0. Drug names are compared ignoring case.
 * Returns the number of drugs (>= 1), or -1 with err set: unknown column or current (the message
 * lists the accepted names), a bad or out-of-range number, an IC50 without its Hill or the
 * reverse, a drug that blocks no current, a drug twice (long layout: a drug and current twice, or
 * two Cmax or risks for one drug), no drug, more than maxd drugs or STUDY_MAX_BLOCK currents, a
 * file that cannot be read. err may be NULL. */
int study_drugs_read(const char *path, StudyDrug *d, int maxd, char *err, size_t errlen);

/* The index of the drug named name (ignoring case) among d[0 .. n-1], or -1. */
int study_drug_find(const StudyDrug *d, int n, const char *name);

#endif

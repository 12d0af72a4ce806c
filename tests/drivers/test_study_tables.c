/* test_study_tables.c: unit tests of the input tables of `starcarp study`
 * (drivers/study/study_tables.c): ranges of biomarkers and drug tables (CiPA's wide layout, as
 * CiPA's own files have it, and the long layout) read from files written into a temporary folder,
 * with comments, blank lines, CRLF line ends, quotes and a byte order mark; every error with its
 * exact PATH:LINE:COL message; the example files of examples/ read back. Nothing here is timed. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "study_tables.h"
#include "test.h"

static char err[2048];
static char dir[512];

/* The names a study of a model with an intracellular calcium gives; the calcium ones. */
static const char *const KNOWN[] = {"Vrest",  "Vmax",    "Vamp",    "dVdt_max", "APD#",
                                    "Tri#_#", "CaT_amp", "CaT_ttp", "CaTD90",   "CaT_dia"};
static const char *const CALCIUM[] = {"CaT_amp", "CaT_ttp", "CaTD90", "CaT_dia"};
#define NKNOWN ((int)(sizeof KNOWN / sizeof KNOWN[0]))
#define KNOWN_LIST \
    "Vrest, Vmax, Vamp, dVdt_max, APD#, Tri#_#, CaT_amp, CaT_ttp, CaTD90, CaT_dia (# an integer from 1 to 99)"
#define NOCA "the model has no intracellular calcium"
#define HDR "biomarker,bcl,min,max\n"
#define BCL "the pacing cycle length in ms (a number > 0)"
#define BOUND "a finite number, or nothing (or NA) for no bound on that side"
#define COLUMNS                                                                                       \
    "drug, Cmax (or therapeutic), risk (or CiPA), and CURRENT_IC50, CURRENT_h for each current (the " \
    "wide layout, CiPA's); or drug, current, IC50, hill, Cmax, risk (the long layout)"
#define CURRENTS \
    "hERG (IKr), ICaL, INaL, INa, Ito, IKs, IK1 (CiPA's currents) or another name of docs/currents.md"
#define IC50 "the concentration of half block in nM (a number > 0)"
#define HILL "the Hill coefficient (a number > 0)"
#define CMAX "the therapeutic concentration in nM (a number > 0), or NA"

/* CiPA's Hill_fitting/data/Li2017_IC50.csv (FDA/CiPA, commit e881df6): its header and three rows. */
#define LI2017_HDR                                                                                                  \
    "drug,ICaL_h,ICaL_IC50,Ito_h,Ito_IC50,IK1_h,IK1_IC50,IKs_h,IKs_IC50,INaL_h,INaL_IC50,INa_h,INa_IC50,hERG_IC50," \
    "hERG_h\n"
#define LI2017_ROWS                                                                                              \
    "dofetilide,1.16,260.32,0.77,18.82,0.77,394.26,NA,NA,0.26,753160.41,0.89,380.5,4.87,0.93\n"                  \
    "sotalol,0.86510548,7061526.92,0.66,43143455.32,1.204371947,3050260.348,1.167218474,4221855.541,NA,NA,0.51," \
    "1.14e+09,110600,0.7678\n"                                                                                   \
    "ranolazine,NA,NA,NA,NA,NA,NA,0.52,36155020,0.94,7884.47,1.424957384,68774.53398,8270,0.8866\n"

/* Read the ranges text (written as dir/name) with the known names, the calcium ones unavailable
 * when noca. */
static int ranges(const char *name, const char *text, int noca, StudyRange *r, int maxr) {
    const char *path = t_put(dir, name, text);
    return study_ranges_read(path, KNOWN, NKNOWN, noca ? CALCIUM : NULL, noca ? NOCA : NULL, noca ? 4 : 0, r,
                             maxr, err, sizeof err);
}

/* The ranges text is refused with "PATH:" want. */
static void range_error(const char *name, const char *text, int noca, int maxr, const char *want) {
    StudyRange r[8];
    char full[2048];
    snprintf(full, sizeof full, "%s/%s:%s", dir, name, want);
    ASSERT_EQ_INT(-1, ranges(name, text, noca, r, maxr));
    ASSERT_EQ_STR(full, err);
}

/* The drug table text is refused with "PATH:" want. */
static void drug_error(const char *name, const char *text, int maxd, const char *want) {
    StudyDrug d[4];
    char full[2048];
    snprintf(full, sizeof full, "%s/%s:%s", dir, name, want);
    ASSERT_EQ_INT(-1, study_drugs_read(t_put(dir, name, text), d, maxd, err, sizeof err));
    ASSERT_EQ_STR(full, err);
}

/* Block b is current cur at ic50 with hill. */
static void check_block(const StudyBlock *b, const char *cur, double ic50, double hill) {
    ASSERT_EQ_STR(cur, b->current);
    ASSERT_EQ_INT(1, b->ic50 == ic50);
    ASSERT_EQ_INT(1, b->hill == hill);
}

/* Drug d is name, first met on line, with Cmax cmax (NaN: none), risk and nblock blocks. */
static void check_drug(const StudyDrug *d, const char *name, int line, double cmax, const char *risk,
                       int nblock) {
    ASSERT_EQ_STR(name, d->name);
    ASSERT_EQ_INT(line, d->line);
    ASSERT_EQ_INT(1, isnan(cmax) ? isnan(d->cmax) : d->cmax == cmax);
    ASSERT_EQ_STR(risk, d->risk);
    ASSERT_EQ_INT(nblock, d->nblock);
}

static void test_ranges_good(void) {
    StudyRange r[8];
    const char *text = "\xEF\xBB\xBF# human ranges\r\n\r\n  biomarker , bcl,min , max\r\n# the rows\r\n"
                       "apd90,1000,180,440\r\n  Tri90_40 ,1000, 50 ,\r\nVrest,500,,-80\r\n"
                       "\"dVdt_max\",1000,100,1e3\r\n\t# indented\r\nAPD40,5e2,NA,320";
    ASSERT_EQ_INT(5, ranges("good.csv", text, 0, r, 8));
    ASSERT_EQ_STR("APD90", r[0].biomarker);
    ASSERT_EQ_INT(5, r[0].line);
    ASSERT(r[0].bcl == 1000 && r[0].lo == 180 && r[0].hi == 440);
    ASSERT_EQ_STR("Tri90_40", r[1].biomarker);
    ASSERT(r[1].lo == 50 && r[1].hi == INFINITY);
    ASSERT_EQ_STR("Vrest", r[2].biomarker);
    ASSERT(r[2].bcl == 500 && r[2].lo == -INFINITY && r[2].hi == -80);
    ASSERT_EQ_STR("dVdt_max", r[3].biomarker);
    ASSERT(r[3].hi == 1000);
    ASSERT_EQ_STR("APD40", r[4].biomarker);
    ASSERT_EQ_INT(10, r[4].line);
    ASSERT(r[4].bcl == 500 && r[4].lo == -INFINITY && r[4].hi == 320);
    double v[4];
    ASSERT_EQ_INT(2, study_ranges_bcls(r, 5, v, 4));
    ASSERT(v[0] == 1000 && v[1] == 500);
    ASSERT_EQ_INT(2, study_ranges_bcls(r, 5, v, 1));
    ASSERT(v[0] == 1000);
    ASSERT_EQ_INT(2, study_ranges_levels(r, 5, v, 4));
    ASSERT(v[0] == 90 && v[1] == 40);
    ASSERT_EQ_INT(2, study_ranges_levels(r, 5, v, 1));
    ASSERT(v[0] == 90);
    /* the calcium names given while a model has no calcium, the rest as before; a one-sided range */
    ASSERT_EQ_INT(2, ranges("noca.csv", HDR "Vmax,1000,10,55\nAPD1,1000,,500\n", 1, r, 8));
    ASSERT_EQ_STR("APD1", r[1].biomarker);
    ASSERT_EQ_INT(1, study_ranges_levels(r, 2, v, 4));
    /* known names as the caller spells them, and '#' as one of its integers */
    static const char *const fixed[] = {"APD90", "Tri90_30"};
    const char *path = t_put(dir, "fixed.csv", HDR "apd90,1000,1,2\nTRI90_30,1000,1,2\n");
    ASSERT_EQ_INT(2, study_ranges_read(path, fixed, 2, NULL, NULL, 0, r, 8, err, sizeof err));
    ASSERT_EQ_STR("Tri90_30", r[1].biomarker);
    ASSERT_EQ_INT(2, study_ranges_levels(r, 2, v, 4));
    ASSERT(v[0] == 90 && v[1] == 30);
}

static void test_ranges_errors(void) {
    range_error("empty.csv", "", 0, 8, "1:1: no header; expected the line biomarker,bcl,min,max");
    range_error("comments.csv", "# only\n\n", 0, 8,
                "3:1: no header; expected the line biomarker,bcl,min,max");
    range_error(
        "hdr3.csv", "biomarker,bcl,minimum,max\n", 0, 8,
        "1:15: header column 3 is 'minimum'; expected the header biomarker,bcl,min,max (these names, in "
        "this order)");
    range_error(
        "hdrcase.csv", "Biomarker,bcl,min,max\n", 0, 8,
        "1:1: header column 1 is 'Biomarker'; expected the header biomarker,bcl,min,max (these names, in "
        "this order)");
    range_error("hdrfew.csv", "biomarker,bcl,min\n", 0, 8,
                "1:18: 3 fields, expected 4 (the header biomarker,bcl,min,max)");
    range_error("hdrmany.csv", "biomarker,bcl,min,max,x\n", 0, 8,
                "1:23: 5 fields, expected 4 (the header biomarker,bcl,min,max)");
    range_error("norange.csv", HDR "\n# none\n", 0, 8,
                "4:1: no range after the header; expected rows biomarker,bcl,min,max");
    range_error("few.csv", HDR "APD90,1000,180\n", 0, 8,
                "2:15: 3 fields, expected 4 (biomarker,bcl,min,max)");
    range_error("many.csv", HDR "APD90,1000,180,440, 5\n", 0, 8,
                "2:21: 5 fields, expected 4 (biomarker,bcl,min,max)");
    range_error("unknown.csv", HDR "APD90x,1000,1,2\n", 0, 8,
                "2:1: unknown biomarker 'APD90x'; expected one of " KNOWN_LIST);
    range_error("apd100.csv", HDR " APD100,1000,1,2\n", 0, 8,
                "2:2: unknown biomarker 'APD100'; expected one of " KNOWN_LIST);
    range_error("apd0.csv", HDR "APD05,1000,1,2\n", 0, 8,
                "2:1: unknown biomarker 'APD05'; expected one of " KNOWN_LIST);
    range_error("noname.csv", HDR ",1000,1,2\n", 0, 8, "2:1: empty biomarker; expected one of " KNOWN_LIST);
    range_error("calcium.csv", HDR "APD90,1000,1,2\ncat_AMP,1000,1,2\n", 1, 8,
                "3:1: biomarker CaT_amp cannot be used: " NOCA);
    range_error("bclnan.csv", HDR "APD90,abc,1,2\n", 0, 8, "2:7: bcl 'abc' is not a number; expected " BCL);
    range_error("bclempty.csv", HDR "APD90,,1,2\n", 0, 8, "2:7: empty bcl; expected " BCL);
    range_error("bclna.csv", HDR "APD90, NA ,1,2\n", 0, 8, "2:8: bcl is NA; expected " BCL);
    range_error("bclzero.csv", HDR "APD90,0,1,2\n", 0, 8, "2:7: bcl '0' is not > 0; expected " BCL);
    range_error("bclneg.csv", HDR "APD90,-1000,1,2\n", 0, 8, "2:7: bcl '-1000' is not > 0; expected " BCL);
    range_error("bclinf.csv", HDR "APD90,inf,1,2\n", 0, 8, "2:7: bcl 'inf' is not finite; expected " BCL);
    range_error("bclhuge.csv", HDR "APD90,1e999,1,2\n", 0, 8,
                "2:7: bcl '1e999' is not finite; expected " BCL);
    range_error("minnan.csv", HDR "APD90,1000,1x,2\n", 0, 8,
                "2:12: min '1x' is not a number; expected " BOUND);
    range_error("maxnan.csv", HDR "APD90,1000,1,nan\n", 0, 8,
                "2:14: max 'nan' is not finite; expected " BOUND);
    range_error("order.csv", HDR "APD90,1000,440,180\n", 0, 8,
                "2:12: min 440 is greater than max 180; expected min <= max");
    range_error("nobound.csv", HDR "APD90,1000,,NA\n", 0, 8,
                "2:12: no bound: min and max are both empty; expected at least one");
    range_error("twice.csv", HDR "APD90,1000,1,2\nVrest,1000,-90,-80\napd90,1e3,3,4\n", 0, 8,
                "4:1: APD90 at bcl 1000 twice (line 2 has it too); expected one range per biomarker and bcl");
    range_error("maxr.csv", HDR "APD90,1000,1,2\nAPD50,1000,1,2\nAPD30,1000,1,2\n", 0, 2,
                "4:1: more than 2 ranges; expected at most 2");
    /* files that cannot be read, or are not text */
    StudyRange r[2];
    char want[1024], path[600];
    snprintf(want, sizeof want, "%s/missing.csv: cannot read: %s", dir, strerror(ENOENT));
    snprintf(path, sizeof path, "%s/missing.csv", dir);
    ASSERT_EQ_INT(-1, study_ranges_read(path, KNOWN, NKNOWN, NULL, NULL, 0, r, 2, err, sizeof err));
    ASSERT_EQ_STR(want, err);
    snprintf(want, sizeof want, "%s: cannot read: %s", dir, strerror(EISDIR));
    ASSERT_EQ_INT(-1, study_ranges_read(dir, KNOWN, NKNOWN, NULL, NULL, 0, r, 2, err, sizeof err));
    ASSERT_EQ_STR(want, err);
    snprintf(path, sizeof path, "%s/nul.csv", dir);
    FILE *f = fopen(path, "wb");
    ASSERT(f != NULL);
    if (f) {
        fwrite(HDR "APD90,10\0"
                   "00,1,2\n",
               1, sizeof HDR + 15, f);
        fclose(f);
        snprintf(want, sizeof want, "%s:2:9: a NUL byte; expected text", path);
        ASSERT_EQ_INT(-1, study_ranges_read(path, KNOWN, NKNOWN, NULL, NULL, 0, r, 2, err, sizeof err));
        ASSERT_EQ_STR(want, err);
    }
    /* err may be NULL */
    ASSERT_EQ_INT(-1, study_ranges_read(path, KNOWN, NKNOWN, NULL, NULL, 0, r, 2, NULL, 0));
}

static void test_drugs_wide(void) {
    StudyDrug d[4];
    /* CiPA's own file, as it is */
    ASSERT_EQ_INT(3,
                  study_drugs_read(t_put(dir, "li2017.csv", LI2017_HDR LI2017_ROWS), d, 4, err, sizeof err));
    check_drug(&d[0], "dofetilide", 2, NAN, "", 6);
    check_block(&d[0].block[0], "ICaL", 260.32, 1.16);
    check_block(&d[0].block[2], "IK1", 394.26, 0.77);
    check_block(&d[0].block[3], "INaL", 753160.41, 0.26);
    check_block(&d[0].block[5], "IKr", 4.87, 0.93);
    check_drug(&d[1], "sotalol", 3, NAN, "", 6);
    check_block(&d[1].block[4], "INa", 1.14e9, 0.51);
    check_drug(&d[2], "ranolazine", 4, NAN, "", 4);
    check_block(&d[2].block[0], "IKs", 36155020, 0.52);
    ASSERT_EQ_INT(1, study_drug_find(d, 3, "SOTALOL"));
    ASSERT_EQ_INT(-1, study_drug_find(d, 3, "sotalo"));
    /* quotes, CRLF, comments, therapeutic and CiPA, a current without its Hill column (Hill 1) */
    const char *text =
        "# a comment\r\n\"drug\",\"therapeutic\",\"CiPA\",\"hERG_IC50\",\"ICaL_IC50\",\"ICaL_hill\"\r\n"
        "\r\n\"Dofetilide\",2,2,4.87,260.32,1.16\r\n  # indented\r\n"
        "mexiletine , 4129 , 0 , 28880 , NA , NA \r\nfoo,NA,NA,10,,\r\n";
    ASSERT_EQ_INT(3, study_drugs_read(t_put(dir, "extras.csv", text), d, 4, err, sizeof err));
    check_drug(&d[0], "Dofetilide", 4, 2, "high", 2);
    check_block(&d[0].block[0], "IKr", 4.87, 1);
    check_block(&d[0].block[1], "ICaL", 260.32, 1.16);
    check_drug(&d[1], "mexiletine", 6, 4129, "low", 1);
    check_drug(&d[2], "foo", 7, NAN, "", 1);
    ASSERT_EQ_INT(0, study_drug_find(d, 3, "dofetilide"));
    ASSERT_EQ_INT(1, study_drug_find(d, 3, "MEXILETINE"));
    /* a risk column of words, in any case */
    ASSERT_EQ_INT(1, study_drugs_read(t_put(dir, "risk.csv", "Drug,RISK,ikr_ic50\nx,Intermediate,5\n"), d, 4,
                                      err, sizeof err));
    check_drug(&d[0], "x", 2, NAN, "intermediate", 1);
    check_block(&d[0].block[0], "IKr", 5, 1);
}

static void test_drugs_long(void) {
    StudyDrug d[4];
    const char *text = "drug,current,IC50,hill,Cmax,risk\r\ndofetilide,hERG,4.87,0.93,2,high\r\n"
                       "dofetilide, ICaL ,260.32,1.16,NA,\r\n# verapamil\r\nverapamil,IKr,288,0.96,81,low\r\n"
                       "Dofetilide,INaL,753160.41,0.26,2,HIGH\r\n";
    ASSERT_EQ_INT(2, study_drugs_read(t_put(dir, "long.csv", text), d, 4, err, sizeof err));
    check_drug(&d[0], "dofetilide", 2, 2, "high", 3);
    check_block(&d[0].block[0], "IKr", 4.87, 0.93);
    check_block(&d[0].block[1], "ICaL", 260.32, 1.16);
    check_block(&d[0].block[2], "INaL", 753160.41, 0.26);
    check_drug(&d[1], "verapamil", 5, 81, "low", 1);
    /* without a Hill column, Hill 1; the columns in any order */
    ASSERT_EQ_INT(1, study_drugs_read(t_put(dir, "long1.csv", "IC50,current,drug\n10,ikr,x\n20,I_CaL,x\n"), d,
                                      4, err, sizeof err));
    check_drug(&d[0], "x", 2, NAN, "", 2);
    check_block(&d[0].block[0], "IKr", 10, 1);
    check_block(&d[0].block[1], "ICaL", 20, 1);
}

static void test_drugs_header_errors(void) {
    drug_error("dempty.csv", "", 4, "1:1: no header; expected " COLUMNS);
    drug_error("dnone.csv", "drug,IKr_IC50\n", 4, "2:1: no drug after the header; expected a row per drug");
    drug_error("dnolong.csv", "drug,current,IC50\n\n", 4,
               "3:1: no drug after the header; expected a row per drug and current");
    drug_error("dcol.csv", "drug,IKr_IC50,foo\n", 4, "1:15: unknown column 'foo'; expected " COLUMNS);
    drug_error("dsuffix.csv", "drug,IKr_EC50\n", 4, "1:6: unknown column 'IKr_EC50'; expected " COLUMNS);
    drug_error("dcur.csv", "drug,IKx_IC50\n", 4,
               "1:6: unknown current 'IKx' in column 'IKx_IC50'; expected " CURRENTS);
    drug_error("dnocol.csv", "drug,,IKr_IC50\n", 4, "1:6: empty column name; expected " COLUMNS);
    drug_error("drepeat.csv", "drug,IKr_IC50,Drug\n", 4,
               "1:15: column 'Drug' repeats column 1 ('drug'); expected each column once");
    drug_error("dcmax2.csv", "drug,Cmax,therapeutic,IKr_IC50\n", 4,
               "1:11: column 'therapeutic' repeats column 2 ('Cmax'); expected each column once");
    drug_error(
        "dcur2.csv", "drug,hERG_IC50,IKr_IC50\n", 4,
        "1:16: column 'IKr_IC50' gives IKr's IC50 again (column 2, 'hERG_IC50'); expected each current once");
    drug_error(
        "dhill2.csv", "drug,IKr_IC50,IKr_h,hERG_hill\n", 4,
        "1:21: column 'hERG_hill' gives IKr's Hill coefficient again (column 3, 'IKr_h'); expected each "
        "current once");
    drug_error(
        "dhonly.csv", "drug,IKr_IC50,ICaL_h\n", 4,
        "1:15: column 'ICaL_h' without an IC50 column for ICaL; expected both columns of each current");
    drug_error("ddrug.csv", "ICaL_IC50,ICaL_h\n", 4,
               "1:1: no drug column; expected " COLUMNS
               " (CiPA's per-drug IC50_optimal.csv files have none: add it, one row per drug)");
    drug_error("drisk2.csv", "drug,risk,CiPA,IKr_IC50\n", 4,
               "1:11: both a risk and a CiPA column; expected one of them");
    drug_error(
        "dbare.csv", "drug,IC50\n", 4,
        "1:6: column 'IC50' names no current; expected CURRENT_IC50 and CURRENT_h (hERG_IC50, ICaL_h...), or "
        "a current column (the long layout)");
    drug_error("dnoic50.csv", "drug,Cmax\n", 4, "1:10: no IC50 column; expected " COLUMNS);
    drug_error(
        "dmixed.csv", "drug,current,IC50,IKr_IC50\n", 4,
        "1:19: column 'IKr_IC50' in the long layout (the header has a current column); expected drug, current, "
        "IC50, hill, Cmax, risk");
    drug_error("dlongic.csv", "drug,current,hill\n", 4,
               "1:18: no IC50 column; expected the long layout drug,current,IC50,hill");
    drug_error(
        "d17.csv",
        "drug,INa_IC50,INaL_IC50,ICaL_IC50,ICaT_IC50,IKr_IC50,IKs_IC50,IK_IC50,IK1_IC50,Ito_IC50,IKur_IC50,"
        "Isus_IC50,If_IC50,IKp_IC50,IKb_IC50,IKATP_IC50,IKACh_IC50,IKNa_IC50\n",
        4, "1:157: more than 16 currents; expected at most 16");
}

/* A header of 65 columns: refused at the 65th. */
static void test_drugs_wide_header(void) {
    char text[1024] = "drug";
    for (int i = 1; i < 65; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), ",c%d", i);
    char want[128];
    snprintf(want, sizeof want, "1:%d: more than 64 columns; expected at most 64",
             (int)(strstr(text, ",c64") - text) + 2);
    strcat(text, "\n");
    drug_error("d65.csv", text, 4, want);
}

static void test_drugs_row_errors(void) {
    drug_error("dfields.csv", "drug,IKr_IC50\nx,1,2\n", 4,
               "2:5: 3 fields, expected 2 (one per column of the header)");
    drug_error("dnan.csv", "drug,IKr_IC50,IKr_h\nx,abc,1\n", 4,
               "2:3: IKr IC50 'abc' is not a number; expected " IC50);
    drug_error("dzero.csv", "drug,IKr_IC50,IKr_h\nx,0,1\n", 4,
               "2:3: IKr IC50 '0' is not > 0; expected " IC50);
    drug_error("dneg.csv", "drug,hERG_IC50,hERG_h\nx,-5,1\n", 4,
               "2:3: IKr IC50 '-5' is not > 0; expected " IC50);
    drug_error("dinf.csv", "drug,IKr_IC50,IKr_h\nx,inf,1\n", 4,
               "2:3: IKr IC50 'inf' is not finite; expected " IC50);
    drug_error("dhill0.csv", "drug,IKr_IC50,IKr_h\nx,10,0\n", 4,
               "2:6: IKr Hill coefficient '0' is not > 0; expected " HILL);
    drug_error("dnohill.csv", "drug,IKr_IC50,IKr_h\nx,10,NA\n", 4,
               "2:6: IKr IC50 10 without its Hill coefficient ('NA'); expected both or neither");
    drug_error("dnoic.csv", "drug,IKr_IC50,IKr_h\nx,NA,0.9\n", 4,
               "2:6: IKr Hill coefficient 0.9 without its IC50 ('NA'); expected both or neither");
    drug_error("dblock0.csv", "drug,IKr_IC50,IKr_h,ICaL_IC50\nx,1,1,1\ny,NA,NA,\n", 4,
               "3:1: drug y blocks no current: it has no IC50; expected an IC50 for a current at least");
    drug_error("dtwice.csv", "drug,IKr_IC50\nx,1\n\nX,2\n", 4,
               "4:1: drug 'X' twice (line 2 has it too); expected one row per drug");
    drug_error("dcmax0.csv", "drug,Cmax,IKr_IC50\nx,0,1\n", 4, "2:3: Cmax '0' is not > 0; expected " CMAX);
    drug_error("dcmaxnan.csv", "drug,Cmax,IKr_IC50\nx,2 nM,1\n", 4,
               "2:3: Cmax '2 nM' is not a number; expected " CMAX);
    drug_error("drisk.csv", "drug,risk,IKr_IC50\nx,medium,1\n", 4,
               "2:3: risk 'medium' is not a risk class; expected high, intermediate, low or NA");
    drug_error("dcipa.csv", "drug,CiPA,IKr_IC50\nx,3,1\n", 4,
               "2:3: CiPA '3' is not a risk class; expected 2 (high), 1 (intermediate), 0 (low) or NA");
    drug_error("dname.csv", "drug,IKr_IC50\n ,1\n", 4, "2:2: no drug name (''); expected the drug's name");
    drug_error("dnamena.csv", "drug,IKr_IC50\nNA,1\n", 4,
               "2:1: no drug name ('NA'); expected the drug's name");
    drug_error("dlongname.csv",
               "drug,IKr_IC50\n0123456789012345678901234567890123456789012345678901234567890123,1\n", 4,
               "2:1: a drug name of 64 bytes; expected at most 63");
    drug_error("dmaxd.csv", "drug,IKr_IC50\na,1\nb,1\nc,1\n", 2,
               "4:1: more than 2 drugs; expected at most 2");
    /* the long layout */
    drug_error("lcur.csv", "drug,current,IC50\nx,IKx,1\n", 4,
               "2:3: unknown current 'IKx'; expected " CURRENTS);
    drug_error(
        "lna.csv", "drug,current,IC50\nx,IKr,NA\n", 4,
        "2:7: no IKr IC50 ('NA'); a row of the long layout is a block: expected its IC50 in nM (a number > "
        "0), and no row for a current the drug does not block");
    drug_error("lhill.csv", "drug,current,IC50,h\nx,IKr,1,\n", 4,
               "2:9: IKr IC50 1 without its Hill coefficient (''); expected both or neither");
    drug_error(
        "ltwice.csv", "drug,current,IC50\nx,IKr,1\nx,hERG,2\n", 4,
        "3:3: drug x blocks IKr twice (an earlier row has it too); expected one row per drug and current");
    drug_error("lcmax.csv", "drug,current,IC50,Cmax\nx,IKr,1,5\nx,ICaL,2,6\n", 4,
               "3:10: drug x has Cmax 5 on an earlier row; expected one Cmax per drug (or NA)");
    drug_error("lrisk.csv", "drug,current,IC50,CiPA\nx,IKr,1,2\nx,ICaL,2,0\n", 4,
               "3:10: drug x has risk high on an earlier row; expected one risk per drug (or NA)");
    drug_error("lmaxd.csv", "drug,current,IC50\na,IKr,1\nb,IKr,1\na,ICaL,1\nc,IKr,1\n", 2,
               "5:1: more than 2 drugs; expected at most 2");
    static const char *const cur[] = {"INa",  "INaL", "ICaL", "ICaT", "IKr", "IKs",   "IK",    "IK1", "Ito",
                                      "IKur", "Isus", "If",   "IKp",  "IKb", "IKATP", "IKACh", "IKNa"};
    char text[1024] = "drug,current,IC50\n";
    for (int i = 0; i < 17; i++)
        snprintf(text + strlen(text), sizeof text - strlen(text), "x,%s,1\n", cur[i]);
    drug_error("l17.csv", text, 4, "18:3: drug x blocks more than 16 currents; expected at most 16");
    StudyDrug d[1];
    char want[1024], path[600];
    snprintf(want, sizeof want, "%s/nodrugs.csv: cannot read: %s", dir, strerror(ENOENT));
    snprintf(path, sizeof path, "%s/nodrugs.csv", dir);
    ASSERT_EQ_INT(-1, study_drugs_read(path, d, 1, err, sizeof err));
    ASSERT_EQ_STR(want, err);
}

/* examples/cipa_training_drugs.csv: CiPA's 12 training drugs, 4 of each risk class, every one with a
 * Cmax and at least its hERG block. */
static void test_example_drugs(void) {
    StudyDrug d[16];
    int n = study_drugs_read(SC_SOURCE_DIR "/examples/cipa_training_drugs.csv", d, 16, err, sizeof err);
    ASSERT_EQ_INT(12, n);
    if (n != 12) {
        fprintf(stderr, "%s\n", err);
        return;
    }
    int high = 0, mid = 0, low = 0;
    for (int i = 0; i < n; i++) {
        ASSERT(d[i].nblock >= 1);
        ASSERT(d[i].cmax > 0 && isfinite(d[i].cmax));
        int herg = 0;
        for (int b = 0; b < d[i].nblock; b++)
            herg += strcmp(d[i].block[b].current, "IKr") == 0;
        ASSERT_EQ_INT(1, herg);
        high += strcmp(d[i].risk, "high") == 0;
        mid += strcmp(d[i].risk, "intermediate") == 0;
        low += strcmp(d[i].risk, "low") == 0;
    }
    ASSERT_EQ_INT(4, high);
    ASSERT_EQ_INT(4, mid);
    ASSERT_EQ_INT(4, low);
    int k = study_drug_find(d, n, "dofetilide");
    ASSERT(k >= 0);
    if (k >= 0) {
        ASSERT(d[k].cmax == 2);
        ASSERT_EQ_STR("high", d[k].risk);
        check_block(&d[k].block[d[k].nblock - 1], "IKr", 4.87, 0.93);
    }
    k = study_drug_find(d, n, "Ranolazine");
    ASSERT(k >= 0 && d[k].cmax == 1948.2 && strcmp(d[k].risk, "low") == 0 && d[k].nblock == 4);
}

/* examples/ranges_ord_human.csv: read with the usual names; refused where calcium is unavailable. */
static void test_example_ranges(void) {
    StudyRange r[16];
    const char *path = SC_SOURCE_DIR "/examples/ranges_ord_human.csv";
    int n = study_ranges_read(path, KNOWN, NKNOWN, NULL, NULL, 0, r, 16, err, sizeof err);
    ASSERT_EQ_INT(8, n);
    if (n != 8) {
        fprintf(stderr, "%s\n", err);
        return;
    }
    double v[8];
    ASSERT_EQ_INT(1, study_ranges_bcls(r, n, v, 8));
    ASSERT(v[0] == 1000);
    ASSERT_EQ_INT(3, study_ranges_levels(r, n, v, 8));
    ASSERT(v[0] == 40 && v[1] == 50 && v[2] == 90);
    for (int i = 0; i < n; i++)
        ASSERT(r[i].lo <= r[i].hi && isfinite(r[i].lo) && isfinite(r[i].hi));
    ASSERT_EQ_STR("Vrest", r[6].biomarker);
    ASSERT(r[6].lo == -95 && r[6].hi == -80);
    ASSERT_EQ_INT(-1, study_ranges_read(path, KNOWN, NKNOWN, CALCIUM, NOCA, 4, r, 16, err, sizeof err));
    ASSERT(strstr(err, ": biomarker CaTD90 cannot be used: " NOCA) != NULL);
}

int main(void) {
    if (t_tmpdir("test_study_tables", dir, sizeof dir) != 0)
        return 1;
    T_RUN(test_ranges_good, test_ranges_errors, test_drugs_wide, test_drugs_long, test_drugs_header_errors,
          test_drugs_wide_header, test_drugs_row_errors, test_example_drugs, test_example_ranges);
    if (!t_failures)
        t_rmtree(dir);
    return TEST_DONE();
}

/* tissue_greg.h: the conductivity regions of `starcarp tissue` on a mesh (prefix tgreg_;
 * docs/tissue.md, "Meshes"). openCARP's keys: num_gregions, gregion[i].g_il, g_it, g_in, g_el,
 * g_et, g_en, g_mult (each region's own, openCARP's defaults where left out), gregion[i].num_IDs
 * and its tags as gregion[i].ID[j] = TAG or gregion[i].ID = "TAG TAG ..."; starcarp's
 * --gregion TAG[,TAG...]:L[,T[,N]] (monodomain conductivities, as --sigma's). An element whose
 * tag no region lists takes the default region's conductivities (gregion[0], or --sigma), as in
 * openCARP. Checked after every file and option, with the file and line of the key at fault:
 * num_IDs against the tags given, each region's index against num_gregions, a tag listed by two
 * regions, several regions on the box (no tags there); once the mesh is read, a listed tag that
 * no element has is warned about. */
#ifndef SC_TISSUE_GREG_H
#define SC_TISSUE_GREG_H

#include <stddef.h>
#include <stdio.h>

#include "sc_mesh.h"
#include "tissue_opts.h"

/* What a gregion[i] key sets. */
typedef enum {
    TGREG_G, /* g_il .. g_en (arg 0 .. 5) */
    TGREG_MULT, /* g_mult */
    TGREG_IDS, /* ID = "TAG TAG ..." (ID[0] ..) */
    TGREG_ID, /* ID[j] = TAG */
    TGREG_NUM_IDS, /* num_IDs */
    TGREG_NAME /* name: a label */
} TgregKey;

/* Reset the regions' state (openCARP's defaults for every region's conductivities). */
void tgreg_init(TparState *s);
/* A key of region r (gregion[i], or the tags and name of imp_region[i]) `key` = val of kind what
 * (arg: the conductivity 0 .. 5; j: ID[j]'s index), recorded in r with where it was given
 * (s->file, s->line). 0, or -1 with a message naming the key and what it accepts. */
int tgreg_key(TparState *s, TparGreg *r, TgregKey what, int arg, long j, const char *key, const char *val,
              char *err, size_t errlen);
/* num_gregions = val. 0, or -1 with a message. */
int tgreg_num(TparState *s, const char *key, const char *val, char *err, size_t errlen);
/* The monodomain conductivities of region r (S/m, along the fibre, the sheet, the normal): per
 * direction the harmonic mean g_i g_e / (g_i + g_e) (bidm_eqv_mono 1) or g_i alone (0), the normal
 * from g_in, g_en when either is given (else as the sheet's), times g_mult. */
void tgreg_sigma(const TparGreg *r, long bidm_eqv_mono, double sigma[3]);
/* One --gregion TAG[,TAG...]:L[,T[,N]] into o->greg. 0, or -1 with a message. */
int tgreg_add(TissueOpts *o, const char *spec, char *err, size_t errlen);
/* After every file and option (o->sigma complete): the checks above and openCARP's regions
 * gregion[1 ..] appended to o->greg. 0, or -1 with a located message. */
int tgreg_finish(TissueOpts *o, char *err, size_t errlen);
/* Shared with the ionic regions (tissue_imp.c; fam "gregion" or "imp_region", whose count key is
 * num_<fam>s): regs[1 .. max) given keys against num (-1: not given; default 1) given at
 * num_where; region i's tags (regs[i]) against its num_IDs into g; a tag listed by two of n regions
 * g named names (what: what an element takes of a region, in the message). 0, or -1 with a
 * located message. */
int tgreg_keyed(const TparGreg *regs, int max, long num, const char *num_where, const char *fam, char *err,
                size_t errlen);
int tgreg_tags(const TparGreg *r, const char *fam, int i, ScFemRegion *g, char *err, size_t errlen);
int tgreg_disjoint(const ScFemRegion *g, const char (*names)[TPAR_WHERE + 32], int n, const char *what,
                   char *err, size_t errlen);
/* A warning on `out` for each tag of the nreg regions g (named names) that no element of m has;
 * covers[r] (when not NULL): whether some element has a tag of region r (NULL: a warning for each
 * region beyond the first that lists no tag). The number of warnings. */
int tgreg_unseen(const ScFemRegion *g, const char (*names)[TPAR_WHERE + 32], int nreg, const ScMesh *m,
                 FILE *out, int *covers);
/* A warning on `out` for each listed tag that no element of m has, and each region beyond the
 * default one that lists no tag; the number of warnings. */
int tgreg_check_mesh(const TissueOpts *o, const ScMesh *m, FILE *out);

#endif

/* model_pick.h: the model and parameters of a run as openCARP users name them (prefix mpick_).
 *
 *   --imp NAME      a library stem or model name, an openCARP model name (tenTusscherPanfilov, or an
 *                   older one: TT2), or a .model file; --imp-par's flags= picks openCARP's variant
 *                   (flags=EPI: ten_tusscher_model_2006_epi; flags=MCELL: that file with g_Ks=0.098,
 *                   settings run before --imp-par's items), its other flag values stay the model's
 *   --imp-par STR   impar.h's syntax; parameters by their names or openCARP's (GKr*0.5)
 *   --vary NAME...  the same names
 * Parameters whose default is computed from others follow the user's changes, and a change that
 * no equation reads is an error naming what does (sc_model_params_finish). bench and tissue use
 * this, so that a name means the same everywhere. */
#ifndef SC_MODEL_PICK_H
#define SC_MODEL_PICK_H

#include <stddef.h>
#include <stdio.h>

#include "impar.h"
#include "starcarp.h"

typedef struct Mpick {
    const ScModelEntry *m;
    ImparItem *items; /* --imp-par's items, without the flag values that picked the variant */
    int nitems;
    ImparModel im; /* the model's parameters for impar.c (names, openCARP aliases, flags) */
    double *values; /* nparams: after mpick_params, the run's parameter set */
    unsigned char *given; /* nparams: set by --imp-par (and, after mpick_vary, varied) */
    int *nflags;
    char **aliases;
} Mpick;

/* Resolve imp with the flags of imp_par (may be NULL), look the model up for methods and dt
 * (sc_model_lookup_dt) and parse imp_par. 0, or -1 with a message in err (nothing to free). */
int mpick_model(Mpick *p, const char *imp, const char *imp_par, ScMethods methods, double dt, char *err,
                size_t errlen);

/* The parameter set: defaults, then --imp-par (each change echoed to echo, may be NULL), then the
 * derived parameters recomputed and every change checked to take effect. 0 or -1 (err). */
int mpick_params(Mpick *p, FILE *echo, char *err, size_t errlen);

/* The index of parameter `name` (its name or openCARP's) for --vary, checked to take effect when
 * varied (after mpick_params). -1 with a message in err, which opt ("--vary") begins. */
int mpick_vary(Mpick *p, const char *name, const char *opt, char *err, size_t errlen);

void mpick_free(Mpick *p);

/* The methods in effect for model m, as the outputs' headers say them, into buf: the kernels' methods
 * and where they come from: "methods rush_larsen+fe (the automatic choice: --methods cvode=fe)",
 * "(--methods X)" for the methods asked, or "(the file's)"; note ("" for none) ends the parenthesis. */
void mpick_methods(const ScModelEntry *m, ScMethods asked, const char *note, char *buf, size_t n);

#endif

/* study_plan.c: the plan of `starcarp study` (study.h): the drugs (from --block or a drug table),
 * the groups (every concentration of every drug), the parameters the cells vary (the design's and
 * the blocked currents') and every cell's value of each. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "study.h"
#include "study_tables.h"

/* The drugs of o: the --block list as one drug, or the table's (all, or those --drug names). 0 or
 * 2 after a message. */
static int pick_drugs(const StudyOpts *o, StudyArms *a) {
    char err[1024];
    if (o->drugs_csv && o->nblock) {
        fprintf(stderr,
                "starcarp study: --drugs and --block exclude each other (the table gives the blocks)\n");
        return 2;
    }
    a->drugs = calloc(STUDY_MAX_DRUGS, sizeof *a->drugs);
    if (!a->drugs)
        return 2;
    if (o->nblock) {
        StudyDrug *d = &a->drugs[0];
        snprintf(d->name, sizeof d->name, "%s", o->drug ? o->drug : "drug");
        d->cmax = NAN, d->nblock = o->nblock;
        memcpy(d->block, o->block, sizeof(StudyBlock) * (size_t)o->nblock);
        a->ndrugs = 1;
        return 0;
    }
    if (!o->drugs_csv)
        return 0;
    StudyDrug all[STUDY_MAX_DRUGS];
    int n = study_drugs_read(o->drugs_csv, all, STUDY_MAX_DRUGS, err, sizeof err);
    if (n < 0) {
        fprintf(stderr, "starcarp study: --drugs: %s\n", err);
        return 2;
    }
    if (!o->drug) {
        memcpy(a->drugs, all, sizeof(StudyDrug) * (size_t)n);
        a->ndrugs = n;
        return 0;
    }
    char names[1024];
    snprintf(names, sizeof names, "%s", o->drug);
    for (char *save = NULL, *t = strtok_r(names, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
        int k = study_drug_find(all, n, t);
        if (k < 0) {
            fprintf(stderr, "starcarp study: --drug %s: not in %s; its drugs:", t, o->drugs_csv);
            for (int i = 0; i < n; i++)
                fprintf(stderr, "%s %s", i ? "," : "", all[i].name);
            fputc('\n', stderr);
            return 2;
        }
        if (study_drug_find(a->drugs, a->ndrugs, t) < 0)
            a->drugs[a->ndrugs++] = all[k];
    }
    return 0;
}

/* The groups: every concentration of every drug (multiples of Cmax converted), or the control. 0 or
 * 2 after a message. */
static int make_groups(const StudyOpts *o, StudyArms *a) {
    if (a->ndrugs && !o->nconc) {
        fprintf(stderr,
                "starcarp study: %s needs --conc (the drug's concentrations in nM, or multiples of "
                "its Cmax such as 1x,2x)\n",
                o->nblock ? "--block" : "--drugs");
        return 2;
    }
    if (o->nconc && !a->ndrugs) {
        fprintf(stderr, "starcarp study: --conc needs --block (the currents the drug blocks, e.g. IKr=12.5) "
                        "or --drugs (a drug table)\n");
        return 2;
    }
    if (!a->ndrugs) {
        a->group[0] = (StudyGroup){-1, 0, "0"};
        a->ngroups = 1;
        return 0;
    }
    if ((long)a->ndrugs * o->nconc > STUDY_MAX_GROUPS) {
        fprintf(stderr, "starcarp study: %d drugs x %d concentrations: more than %d groups\n", a->ndrugs,
                o->nconc, STUDY_MAX_GROUPS);
        return 2;
    }
    for (int d = 0; d < a->ndrugs; d++)
        for (int k = 0; k < o->nconc; k++) {
            StudyGroup *g = &a->group[a->ngroups++];
            g->drug = d, g->conc = o->conc[k];
            snprintf(g->label, sizeof g->label, "%g%s", o->conc[k], o->conc_x[k] ? "x" : "");
            if (!o->conc_x[k])
                continue;
            if (!(a->drugs[d].cmax > 0)) {
                fprintf(stderr,
                        "starcarp study: --conc %s: drug %s has no Cmax (give concentrations in nM, or a "
                        "Cmax column in the drug table)\n",
                        g->label, a->drugs[d].name);
                return 2;
            }
            g->conc = o->conc[k] * a->drugs[d].cmax;
        }
    return 0;
}

const char *study_group_drug(const StudyArms *a, int g) {
    return a->group[g].drug < 0 ? "none" : a->drugs[a->group[g].drug].name;
}

/* Index k among the varied parameters, added when new; -1 when there are too many. */
static int varied(StudyPlan *p, int k) {
    for (int v = 0; v < p->nv; v++)
        if (p->vk[v] == k)
            return v;
    if (p->nv == SC_MAX_VARY)
        return -1;
    p->vk[p->nv] = k;
    return p->nv++;
}

/* The parameters of the design and of every drug's blocked currents, resolved on the model; 0 or 2
 * (bad input, message printed). */
static int resolve(const StudyOpts *o, Mpick *pk, StudyPlan *p) {
    char err[1024];
    for (int j = 0; j < o->design.nparams; j++)
        if ((p->kd[j] = mpick_vary(pk, o->design.params[j].name, "--param", err, sizeof err)) < 0 ||
            varied(p, p->kd[j]) < 0)
            goto fail;
    for (int d = 0; d < p->arms.ndrugs; d++) {
        const StudyDrug *dr = &p->arms.drugs[d];
        for (int b = 0; b < dr->nblock; b++) {
            int n = sc_model_current_params(pk->m, dr->block[b].current, p->kb[d][b], STUDY_MAX_CUR_PARAMS,
                                            err, sizeof err);
            if (n < 0 && !o->nblock) { /* a table's current the model lacks: that block is left out */
                fprintf(stderr, "starcarp study: note: --drugs: %s's block of %s is left out: %s\n", dr->name,
                        dr->block[b].current, err);
                n = 0;
            }
            if (n < 0 || n > STUDY_MAX_CUR_PARAMS) {
                if (n > STUDY_MAX_CUR_PARAMS)
                    snprintf(err, sizeof err, "%s has %d parameters (at most %d)", dr->block[b].current, n,
                             STUDY_MAX_CUR_PARAMS);
                fprintf(stderr, "starcarp study: %s%s: %s\n", o->nblock ? "--block" : "--drugs: drug ",
                        o->nblock ? "" : dr->name, err);
                return 2;
            }
            p->nb[d][b] = n;
            for (int i = 0; i < n; i++)
                if (varied(p, p->kb[d][b][i]) < 0)
                    goto fail;
        }
    }
    return 0;
fail:
    if (p->nv == SC_MAX_VARY)
        snprintf(err, sizeof err,
                 "more than %d parameters vary from cell to cell (the --param ones and the blocked "
                 "currents')",
                 SC_MAX_VARY);
    fprintf(stderr, "starcarp study: %s\n", err);
    return 2;
}

/* Cell c's value of varied parameter v: the run's value times the design's factor times the
 * blocks of the cell's group. */
static double cell_value(const StudyOpts *o, const Mpick *pk, const StudyPlan *p, int v, long c) {
    long r = c % p->rows;
    const StudyGroup *g = &p->arms.group[c / p->rows];
    double x = pk->values[p->vk[v]];
    for (int j = 0; j < o->design.nparams; j++)
        if (p->kd[j] == p->vk[v])
            x *= o->design.values[r * o->design.nparams + j];
    if (g->drug < 0)
        return x;
    const StudyDrug *dr = &p->arms.drugs[g->drug];
    for (int b = 0; b < dr->nblock; b++)
        for (int i = 0; i < p->nb[g->drug][b]; i++)
            if (p->kb[g->drug][b][i] == p->vk[v])
                x *= study_block_factor(&dr->block[b], g->conc);
    return x;
}

int study_plan(StudyOpts *o, Mpick *pk, StudyPlan *p) {
    int rc = pick_drugs(o, &p->arms);
    if (rc == 0)
        rc = make_groups(o, &p->arms);
    if (rc != 0)
        return 2;
    p->rows = o->design.nparams ? o->design.ncells : 1;
    if ((double)p->rows * p->arms.ngroups > (double)SC_CELLS_MAX) {
        fprintf(stderr, "starcarp study: %ld design rows x %d groups: more than %ld cells\n", p->rows,
                p->arms.ngroups, SC_CELLS_MAX);
        return 2;
    }
    p->cells = p->rows * p->arms.ngroups;
    if ((rc = resolve(o, pk, p)) != 0)
        return rc;
    p->vals = malloc(sizeof(double) * ((size_t)p->nv * (size_t)p->cells + 1));
    if (!p->vals) {
        fprintf(stderr, "starcarp study: out of memory for %ld cells' parameters\n", p->cells);
        return 2;
    }
    for (int v = 0; v < p->nv; v++)
        p->base[v] = pk->values[p->vk[v]];
    for (int v = 0; v < p->nv; v++)
        for (long c = 0; c < p->cells; c++)
            p->vals[(size_t)v * (size_t)p->cells + (size_t)c] = cell_value(o, pk, p, v, c);
    return 0;
}

void study_plan_free(StudyPlan *p) {
    free(p->vals);
    free(p->arms.drugs);
    p->vals = NULL, p->arms.drugs = NULL;
}

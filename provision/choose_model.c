/* choose_model.c: what the automatic choice of methods reads from the model file (sc_choose.c,
 * docs/methods.md): the states the file leaves to cvode, those the treatment vm=cvode couples to
 * Vm, the event states (a switch in the derivative) and which states each state's derivative
 * reads (for the chains a stiff block is part of). Prefix ch_. */
#include <stdlib.h>
#include <string.h>

#include "choose_int.h"
#include "sema.h"
#include "util_int.h"

/* The states each state's derivative reads, directly or through equations, into c->reads
 * (c->nst x c->nst, row i: what state i reads) with the states' names in c->st. */
typedef struct ReadScan {
    int nstates;
    unsigned char **eq; /* by symbol id: the states an equation reads (nstates bytes), or NULL */
    unsigned char *row;
} ReadScan;

static void read_var(void *ctx, const Expr *v) {
    ReadScan *r = ctx;
    const CgSym *y = v->sym;
    if (y && y->kind == CG_STATE)
        r->row[y->state] = 1;
    else if (y && y->kind == CG_INTERM && r->eq[y->id])
        for (int s = 0; s < r->nstates; s++)
            r->row[s] |= r->eq[y->id][s];
}

static void model_reads(ChCtx *c, const CgModel *m) {
    int n = m->nstates;
    ReadScan r = {n, calloc((size_t)m->nsyms + 1, sizeof(unsigned char *)), NULL};
    c->reads = calloc((size_t)n * (size_t)n + 1, 1);
    c->st = calloc((size_t)n + 1, sizeof(char *));
    if (!r.eq || !c->reads || !c->st) {
        free(r.eq);
        return;
    }
    for (int i = 0; i < m->neqs; i++) /* in order: an equation reads earlier ones */
        if ((r.eq[m->eqs[i]->id] = r.row = calloc((size_t)n + 1, 1)) != NULL && m->eqs[i]->def)
            ex_walk_vars(m->eqs[i]->def, read_var, &r);
    for (int s = 0; s < n; s++) {
        c->st[s] = strdup(m->states[s].sym->name);
        r.row = c->reads + (size_t)s * (size_t)n;
        if (m->states[s].diff && m->states[s].diff->def)
            ex_walk_vars(m->states[s].diff->def, read_var, &r);
    }
    c->nst = n;
    for (int i = 0; i < m->neqs; i++)
        free(r.eq[m->eqs[i]->id]);
    free(r.eq);
}

int ch_name_at(char *const *names, int n, const char *name) {
    for (int i = 0; i < n; i++)
        if (!strcmp(names[i], name))
            return i;
    return -1;
}

int ch_chain(const ChCtx *c, char **block, int nb, char **out) {
    int n = 0, changed = 1, ns = c->nst;
    unsigned char *closed = calloc((size_t)ns + 1, 1);
    for (int i = 0; i < nb; i++)
        out[n++] = block[i];
    if (!closed)
        return n;
    for (int s = 0; s < ns; s++)
        closed[s] = ch_name_at(c->cvode, c->ncvode, c->st[s]) >= 0;
    while (changed) /* the cvode states that read (through equations too) only such states */
        for (int s = changed = 0; s < ns; s++)
            for (int t = 0; closed[s] && t < ns; t++)
                if (c->reads[(size_t)s * (size_t)ns + (size_t)t] && !closed[t])
                    closed[s] = 0, changed = 1;
    for (int k = 0; k < n; k++) { /* out grows as it is read: a breadth-first closure */
        int s = ch_name_at(c->st, ns, out[k]);
        for (int t = 0; s >= 0 && closed[s] && t < ns; t++)
            if (closed[t] && c->reads[(size_t)s * (size_t)ns + (size_t)t] && ch_name_at(out, n, c->st[t]) < 0)
                out[n++] = c->cvode[ch_name_at(c->cvode, c->ncvode, c->st[t])]; /* closed: a cvode state */
    }
    free(closed);
    return n;
}

/* Does a condition of a switch in x read a state or an equation (not Vm, t and constants alone)? */
static void event_var(void *ctx, const Expr *v) {
    const CgSym *y = v->sym;
    if (y && (y->kind == CG_STATE || y->kind == CG_INTERM))
        *(int *)ctx = 1;
}

static int event_scan(const Expr *x) {
    int any = 0;
    if (x && x->kind == EX_COND)
        ex_walk_vars(x->a[0], event_var, &any);
    for (int i = 0; x && i < x->nargs && !any; i++)
        any = event_scan(x->a[i]);
    return any;
}

/* The event states of m into c->event: the cvode states whose derivative (its own expression)
 * switches on a condition of the cell's state (faber_rudy_2000's APtrack: dVdt > 150; its
 * OVRLDtrack: Ca_JSR's bound fraction above a threshold). A fixed step sees such a switch only
 * at the step's end; the adaptive group finds it within the step (docs/methods.md, "Event
 * states and chains"). The states the conditions read stay outside (Ca_JSR: in the group, it is split from
 * the calcium it exchanges with; faber's error over one beat 0.0009 % without it, 0.066 % with). */
static void event_states(ChCtx *c, const CgModel *m) {
    c->event = calloc((size_t)m->nstates + 1, sizeof(char *));
    for (int i = 0; c->event && i < m->nstates; i++)
        if (m->states[i].method == CG_CVODE && m->states[i].diff && event_scan(m->states[i].diff->def))
            c->event[c->nevent++] = strdup(m->states[i].sym->name);
}

/* The states of the model at path that the file leaves to cvode, into c->cvode; the states the
 * treatment vm=cvode would couple to Vm (found at 0.01 ms, codegen/vmcouple.c), into c->coupled,
 * when a state is coupled to Vm faster than the choice's dt (then out->fastvm names them). */
int ch_model_states(ChCtx *c, ScChoice *out) {
    Arena ar = {0};
    Diag dg = {stderr, 0, 0, 0, NULL};
    CgSemaOptions so = {.quiet_fast_vm = 1}; /* the choice deals with them, and says so */
    CgModel *m = sema_load_file_opts(&ar, &dg, c->path, &so);
    if (!m || diag_failed(&dg)) {
        ar_free(&ar);
        sc_set_err(c->err, c->errlen, "%s: the model has errors (reported above)", c->path);
        return -1;
    }
    c->cvode = calloc((size_t)m->nstates + 1, sizeof(char *));
    c->coupled = calloc((size_t)m->nstates + 1, sizeof(char *));
    for (int i = 0; i < m->nstates; i++) {
        if (m->states[i].method == CG_CVODE)
            c->cvode[c->ncvode++] = strdup(m->states[i].sym->name);
        c->nmarkov += m->states[i].method == CG_MARKOV_BE;
    }
    event_states(c, m);
    model_reads(c, m);
    int ncouple = m->nfastvm; /* those of the analysis at 0.01 ms: what vm=cvode couples */
    for (int j = 0; j < ncouple; j++)
        c->coupled[c->ncoupled++] = strdup(m->states[m->fastvm[j].state].sym->name);
    if (sema_check_fast_vm(&ar, NULL, m, c->sp->dt) == 0 || ncouple == 0) {
        for (int j = 0; j < c->ncoupled; j++)
            free(c->coupled[j]);
        c->ncoupled = 0; /* none faster than this dt, or none the treatment couples */
    }
    for (int j = 0; c->ncoupled && j < m->nfastvm; j++) {
        size_t l = strlen(out->fastvm);
        snprintf(out->fastvm + l, sizeof out->fastvm - l, "%s%s (%.3g us)", l ? ", " : "",
                 m->states[m->fastvm[j].state].sym->name, 1000 * m->fastvm[j].tau);
    }
    ar_free(&ar);
    return 0;
}

/* The treatment applied: the states it couples to Vm are no longer the choice's to change. */
void ch_drop_coupled(ChCtx *c) {
    int n = 0;
    for (int i = 0; i < c->ncvode; i++) {
        if (ch_name_at(c->coupled, c->ncoupled, c->cvode[i]) >= 0)
            free(c->cvode[i]);
        else
            c->cvode[n++] = c->cvode[i];
    }
    c->ncvode = n;
}

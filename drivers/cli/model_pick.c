/* model_pick.c: the model and parameters of a run as openCARP users name them (model_pick.h). */
#include <stdlib.h>
#include <string.h>

#include "commands.h"
#include "model_pick.h"
#include "starcarp_util.h"

/* The flag values of every flags= item, '|'-joined, into buf. */
static void collect_flags(const Mpick *p, char *buf, size_t n) {
    size_t used = 0;
    buf[0] = '\0';
    for (int i = 0; i < p->nitems && used + 1 < n; i++)
        if (!strcmp(p->items[i].name, "flags"))
            used += (size_t)snprintf(buf + used, n - used, "%s%s", used ? "|" : "", p->items[i].sym);
}

/* Is tok (len bytes) one of the '|'-separated values of list? */
static int listed(const char *list, const char *tok, size_t len) {
    for (const char *s = list; *s;) {
        size_t k = strcspn(s, "|");
        if (k == len && !strncmp(s, tok, len))
            return 1;
        s += k;
        s += *s == '|';
    }
    return 0;
}

/* Keep in the flags= items only the values listed in left (the model's own); drop items left
 * empty. The values are rewritten in place (they only get shorter). */
static void keep_flags(Mpick *p, const char *left) {
    int out = 0;
    for (int i = 0; i < p->nitems; i++) {
        ImparItem *it = &p->items[i];
        if (!strcmp(it->name, "flags")) {
            char kept[256] = "";
            size_t used = 0;
            for (const char *s = it->sym; *s;) {
                s += strspn(s, "| \t");
                size_t k = strcspn(s, "| \t");
                if (k && listed(left, s, k) && used + k + 2 < sizeof kept)
                    used += (size_t)snprintf(kept + used, sizeof kept - used, "%s%.*s", used ? "|" : "",
                                             (int)k, s);
                s += k;
            }
            if (!used)
                continue;
            memcpy((char *)it->sym, kept, used + 1);
        }
        p->items[out++] = *it;
    }
    p->nitems = out;
}

/* The settings that make the file openCARP's variant (set: "celltype=1"), put before --imp-par's
 * items: they run first, the user's own changes after them. 0, or -1 with err. */
static int with_settings(Mpick *p, const char *set, const char *imp_par, char *err, size_t errlen) {
    if (!*set)
        return 0;
    size_t n = strlen(set) + (imp_par ? strlen(imp_par) : 0) + 2;
    char *all = malloc(n);
    if (!all) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    snprintf(all, n, "%s%s%s", set, imp_par && *imp_par ? "," : "", imp_par && *imp_par ? imp_par : "");
    free(p->items);
    p->items = NULL, p->nitems = 0;
    int rc = impar_parse(all, &p->items, &p->nitems, err, errlen);
    free(all);
    return rc < 0 ? -1 : 0;
}

void mpick_methods(const ScModelEntry *m, ScMethods asked, const char *note, char *buf, size_t n) {
    int chose = m->methods_choice && *m->methods_choice, given = asked.mode != SC_METHODS_AUTO;
    snprintf(buf, n, "methods %s (%s%s%s)", m->desc->methods,
             chose   ? "the automatic choice: --methods "
             : given ? "--methods "
                     : "the file's",
             chose   ? m->methods_choice
             : given ? sc_methods_text(asked)
                     : "",
             note);
}

int mpick_model(Mpick *p, const char *imp, const char *imp_par, ScMethods methods, double dt, char *err,
                size_t errlen) {
    memset(p, 0, sizeof *p);
    if (impar_parse(imp_par, &p->items, &p->nitems, err, errlen) < 0)
        return -1;
    char flags[256], stem[4096], left[256], set[256];
    collect_flags(p, flags, sizeof flags);
    if (sc_model_resolve(imp, flags, stem, sizeof stem, left, sizeof left, set, sizeof set, err, errlen) !=
            0 ||
        !(p->m = sc_model_lookup_dt(stem, methods, dt, err, errlen)) ||
        with_settings(p, set, imp_par, err, errlen)) {
        mpick_free(p);
        return -1;
    }
    keep_flags(p, left);
    const ScModelDesc *d = p->m->desc;
    size_t np = (size_t)d->nparams + 1;
    p->values = malloc(sizeof(double) * np);
    p->given = calloc(np, 1);
    p->nflags = calloc(np, sizeof(int));
    p->aliases = calloc(np, sizeof(char *));
    if (!p->values || !p->given || !p->nflags || !p->aliases) {
        sc_set_err(err, errlen, "out of memory");
        mpick_free(p);
        return -1;
    }
    for (int k = 0; k < d->nparams; k++) {
        char a[128];
        if (sc_model_param_alias(p->m, k, a, sizeof a))
            p->aliases[k] = strdup(a);
        if (d->param_flags && d->param_flags[k])
            while (d->param_flags[k][p->nflags[k]])
                p->nflags[k]++;
    }
    memcpy(p->values, d->param_defaults, sizeof(double) * (size_t)d->nparams);
    p->im = (ImparModel){d->nparams,
                         d->param_names,
                         d->param_defaults,
                         p->nflags,
                         (const char *const *const *)d->param_flags,
                         (const char *const *)p->aliases,
                         p->given};
    return 0;
}

int mpick_params(Mpick *p, FILE *echo, char *err, size_t errlen) {
    if (impar_apply_items(&p->im, p->items, p->nitems, p->values, echo, err, errlen) < 0)
        return -1;
    char why[1024];
    if (sc_model_params_finish(p->m, p->values, p->given, echo, why, sizeof why) != 0) {
        sc_set_err(err, errlen, "--imp-par: %s", why);
        return -1;
    }
    return 0;
}

int mpick_vary(Mpick *p, const char *name, const char *opt, char *err, size_t errlen) {
    int k = impar_find(&p->im, name);
    if (k < 0) {
        sc_set_err(err, errlen, "%s: %s has no parameter '%s' (see `starcarp models info %s`)", opt,
                   p->m->name, name, p->m->name);
        return -1;
    }
    char why[1024];
    unsigned char was = p->given[k];
    p->given[k] = 1;
    if (sc_model_param_effect(p->m, p->values, p->given, k, why, sizeof why) != 0) {
        p->given[k] = was;
        sc_set_err(err, errlen, "%s: %s", opt, why);
        return -1;
    }
    return k;
}

void mpick_free(Mpick *p) {
    for (int k = 0; p->m && p->aliases && k < p->m->desc->nparams; k++)
        free(p->aliases[k]);
    free(p->items), free(p->values), free(p->given), free(p->nflags), free(p->aliases);
    memset(p, 0, sizeof *p);
}

int cli_models(const char *cmd, const char *list, const ScModelEntry **ms, int max) {
    int n = 0;
    char err[512];
    if (!strcmp(list, "all")) {
        for (int i = 0; i < sc_model_count() && n < max; i++)
            ms[n++] = sc_model_at(i);
        return n;
    }
    char *copy = strdup(list), *save = NULL;
    for (char *t = strtok_r(copy, ",", &save); t && n < max; t = strtok_r(NULL, ",", &save)) {
        if (!(ms[n++] = sc_model_lookup(t, NULL, err, sizeof err))) {
            fprintf(stderr, "starcarp %s: --models %s: %s\n", cmd, t, err);
            n = -1;
            break;
        }
    }
    free(copy);
    return n;
}

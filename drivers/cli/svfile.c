/* svfile.c: openCARP's state files (.sv), written and read (svfile.h). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "svfile.h"

#define FAIL(err, errlen, ...) (snprintf((err), (err) ? (errlen) : 0, __VA_ARGS__), -1)

int svf_find(int nsv, const char *const *names, const char *name, size_t len) {
    for (int k = 0; k < nsv; k++)
        if (strlen(names[k]) == len && !strncmp(names[k], name, len))
            return k;
    return -1;
}

void svf_list(char *err, size_t errlen, int nsv, const char *const *names) {
    size_t used = strlen(err);
    for (int k = 0; k < nsv && used + 1 < errlen; k++) {
        snprintf(err + used, errlen - used, "%s%s", k ? ", " : "; its states: ", names[k]);
        used += strlen(err + used);
    }
}

int svf_save(const char *path, const char *model, int nsv, const char *const *names, const double *sv,
             double vm, char *err, size_t errlen) {
    errno = 0;
    FILE *f = fopen(path, "w");
    if (!f)
        return FAIL(err, errlen, "%s: %s", path, strerror(errno));
    int bad = fprintf(f, "%-24.17g # Vm\n%s\n", vm, model) < 0;
    for (int k = 0; k < nsv && !bad; k++)
        bad = fprintf(f, "%-24.17g # %s\n", sv[k], names[k]) < 0;
    int e = errno ? errno : EIO;
    if (fclose(f) != 0 && !bad)
        bad = 1, e = errno ? errno : EIO;
    return bad ? FAIL(err, errlen, "%s: %s", path, strerror(e)) : 0;
}

/* Globals of openCARP's state files that starcarp reads past (before the model's name). */
static int ignored_global(const char *name) {
    static const char *const g[] = {"Iion", "Lambda", "delLambda", "Tension",
                                    "K_e",  "Na_e",   "Ca_e",      "tension_component"};
    for (size_t k = 0; k < sizeof g / sizeof g[0]; k++)
        if (!strcmp(name, g[k]))
            return 1;
    return 0;
}

/* Strip blanks (and the line end) from both ends of s in place; returns the start. */
static char *trim(char *s) {
    while (isspace((unsigned char)*s))
        s++;
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
    return s;
}

/* The state file being read (bout_load_state). */
typedef struct {
    const char *path, *model;
    int nsv;
    const char *const *names;
    double *sv, vm;
    unsigned char *got; /* [nsv] */
    int got_vm, got_model;
} StateRead;

/* Take one line (number lineno, line end removed). Returns 0 or -1 (err set). */
static int state_line(StateRead *r, char *line, long lineno, char *err, size_t errlen) {
    char *s = trim(line);
    if (!*s || *s == '#')
        return 0;
    char *hash = strchr(s, '#');
    if (!hash) {
        if (strpbrk(s, " \t"))
            return FAIL(err, errlen,
                        "%s:%ld: malformed line '%s'; expected 'VALUE # NAME' or the model's "
                        "name",
                        r->path, lineno, s);
        if (strcmp(s, r->model) != 0)
            return FAIL(err, errlen, "%s:%ld: the state file is for model '%s', not '%s'", r->path, lineno, s,
                        r->model);
        if (r->got_model)
            return FAIL(err, errlen, "%s:%ld: model '%s' appears twice", r->path, lineno, s);
        r->got_model = 1;
        return 0;
    }
    *hash = '\0';
    char *val = trim(s), *name = trim(hash + 1), *end;
    double x = strtod(val, &end);
    int number = *val && !*end;
    if (!*name || strpbrk(name, " \t") || !(number || (!strcmp(val, "-") && !r->got_model)))
        return FAIL(err, errlen, "%s:%ld: malformed line '%s # %s'; expected 'VALUE # NAME'", r->path, lineno,
                    val, name);
    if (!r->got_model) {
        if (!strcmp(name, "Vm") && number) {
            if (r->got_vm)
                return FAIL(err, errlen, "%s:%ld: Vm is given twice", r->path, lineno);
            r->vm = x, r->got_vm = 1;
            return 0;
        }
        if (ignored_global(name))
            return 0;
        return FAIL(err, errlen, "%s:%ld: unknown name '%s' before the model's name '%s' (expected Vm)",
                    r->path, lineno, name, r->model);
    }
    int k = svf_find(r->nsv, r->names, name, strlen(name));
    if (k < 0) {
        int rc = FAIL(err, errlen, "%s:%ld: unknown state '%s' of model %s", r->path, lineno, name, r->model);
        svf_list(err, errlen, r->nsv, r->names);
        return rc;
    }
    if (r->got[k])
        return FAIL(err, errlen, "%s:%ld: state '%s' is given twice", r->path, lineno, name);
    r->sv[k] = x, r->got[k] = 1;
    return 0;
}

int svf_load(const char *path, const char *model, int nsv, const char *const *names, double *sv, double *vm,
             char *err, size_t errlen) {
    errno = 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return FAIL(err, errlen, "%s: %s", path, strerror(errno));
    StateRead r = {
        path, model, nsv, names, calloc((size_t)nsv + 1, sizeof(double)), 0, calloc((size_t)nsv + 1, 1),
        0,    0};
    int rc = r.sv && r.got ? 0 : FAIL(err, errlen, "%s: out of memory", path);
    char *line = NULL;
    size_t cap = 0;
    long lineno = 0;
    while (rc == 0 && getline(&line, &cap, f) >= 0)
        rc = state_line(&r, line, ++lineno, err, errlen);
    if (rc == 0 && ferror(f))
        rc = FAIL(err, errlen, "%s: %s", path, strerror(errno ? errno : EIO));
    free(line);
    fclose(f);
    if (rc == 0 && !r.got_model)
        rc = FAIL(err, errlen, "%s: no line with the model's name '%s'", path, model);
    if (rc == 0 && !r.got_vm)
        rc = FAIL(err, errlen, "%s: no Vm line (expected 'VALUE # Vm' before the model's name)", path);
    for (int k = 0; k < nsv && rc == 0; k++)
        if (!r.got[k])
            rc = FAIL(err, errlen, "%s: state '%s' of model %s is missing", path, names[k], model);
    if (rc == 0) {
        memcpy(sv, r.sv, (size_t)nsv * sizeof *sv);
        *vm = r.vm;
    }
    free(r.sv);
    free(r.got);
    return rc;
}

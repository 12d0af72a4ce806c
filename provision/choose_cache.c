/* choose_cache.c: the cache of the automatic choice of methods (sc_choose_methods_cached, see
 * sc_choose.h): one file per model text, protocol and step, <cache>/choices/<stem>-<hash>-dt<dt>.txt,
 * lines "key value". The cache only remembers: what it gives is what the choice would give again.
 * A finished choice serves the same step and any budget at least what it needed; a cut one, the
 * same step and the same budget. */
#define _POSIX_C_SOURCE 200809L
#include <dirent.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "choose_int.h"
#include "emit.h"
#include "util_int.h"

enum { CPATH = 3400 };

/* The folder of the cache files and the start of the names of this model's (the hash covers the
 * model text, the generator, the tolerances and the protocol; not dt). Returns 0 or -1. */
static int cache_key(const char *path, const ScChooseSpec *sp, char *dir, size_t dlen, char *prefix,
                     size_t plen) {
    char *text = util_read_text(path), key[512];
    if (!text)
        return -1;
    unsigned long long h = util_fnv(UTIL_FNV_INIT, text);
    free(text);
    snprintf(key, sizeof key, "%s|%.17g|%.17g|%.17g|%.17g|%.17g|%.17g|%.17g|%ld", EMIT_GENERATOR, sp->tol_err,
             sp->tol_apd, sp->stim_start, sp->stim_dur, sp->stim_curr, sp->bcl, sp->duration, sp->nstim);
    h = util_fnv(h, key);
    /* the long check (choose_long.c), the treatment of states coupled to Vm (2026-11-26), the
       Markov chains' step (2026-11-27) and the candidates of 2026-11-28 (event states, a stiff
       block's chain, rk2 with the block): a choice made without them may not pass them, or may
       miss the cheaper set; the outcome's single-precision check (ScChoice.single) */
    snprintf(key, sizeof key, "long %ld|%.17g|%.17g|vm|markov|events|work|single%s", sp->long_beats,
             sp->long_bcl, sp->tol_state, sp->any_speed ? "|any speed" : "");
    h = util_fnv(h, key);
    const char *base = strrchr(path, '/') ? strrchr(path, '/') + 1 : path;
    char root[3000];
    util_cache_dir(root, sizeof root);
    snprintf(dir, dlen, "%s/choices", root);
    snprintf(prefix, plen, "%.*s-%016llx-dt", (int)strcspn(base, "."), base, h);
    return 0;
}

/* One "key value" line of a cache file into out; the bit of what it gave (0: nothing). */
static int read_line(char *line, ScChoice *out, double fig[5]) {
    char *v = strchr(line, ' ');
    if (!v)
        return 0;
    *v++ = '\0';
    if (!strcmp(line, "overrides"))
        return snprintf(out->overrides, sizeof out->overrides, "%s", strcmp(v, "-") ? v : ""), 1;
    if (!strcmp(line, "label"))
        return snprintf(out->label, sizeof out->label, "%s", v), 2;
    if (!strcmp(line, "figures"))
        return sscanf(v, "%lf %lf %lf %lf %lf", &fig[0], &fig[1], &fig[2], &fig[3], &fig[4]) == 5 ? 4 : 0;
    if (!strcmp(line, "dt"))
        return sscanf(v, "%lf", &out->dt_made) == 1 ? 8 : 0;
    if (!strcmp(line, "stiff"))
        snprintf(out->stiff, sizeof out->stiff, "%s", strcmp(v, "-") ? v : "");
    else if (!strcmp(line, "cut"))
        snprintf(out->cut_stage, sizeof out->cut_stage, "%s", v), out->cut = 1;
    else if (!strcmp(line, "reason"))
        snprintf(out->reason, sizeof out->reason, "%s", v);
    else if (!strcmp(line, "budget"))
        out->budget = atof(v);
    else if (!strcmp(line, "need"))
        out->need = atof(v);
    else if (!strcmp(line, "failed"))
        out->failed = (unsigned)strtoul(v, NULL, 10);
    else if (!strcmp(line, "rtol"))
        out->ref_rtol = atof(v);
    else if (!strcmp(line, "vm"))
        snprintf(out->vm, sizeof out->vm, "%s", strcmp(v, "-") ? v : "");
    else if (!strcmp(line, "fastvm"))
        snprintf(out->fastvm, sizeof out->fastvm, "%s", strcmp(v, "-") ? v : "");
    else if (!strcmp(line, "single"))
        sscanf(v, "%d %lf %lf %lf %lf %lf %lf %lf", &out->single.state, &out->single.err_pct,
               &out->single.dapd_ms, &out->single.ref_err_pct[0], &out->single.ref_dapd_ms[0],
               &out->single.ref_err_pct[1], &out->single.ref_dapd_ms[1], &out->single.dt);
    else if (!strcmp(line, "single_why"))
        snprintf(out->single.why, sizeof out->single.why, "%s", v);
    else if (!strcmp(line, "single_basis"))
        snprintf(out->single.basis, sizeof out->single.basis, "%s", v);
    else if (!strcmp(line, "plain"))
        sscanf(v, "%lf %lf", &out->plain.err[0], &out->plain.dapd[0]);
    else if (!strcmp(line, "long")) {
        int k = 0;
        if (sscanf(v, "%lf %lf %lf %n", &out->cand[0].lerr[0], &out->cand[0].lerr[1], &out->cand[0].lerr[2],
                   &k) >= 3)
            snprintf(out->cand[0].lstate, sizeof out->cand[0].lstate, "%s", v + k);
    }
    return 0;
}

/* Reads a cached choice; 0 when found and complete. */
static int cache_read(const char *file, ScChoice *out) {
    FILE *f = fopen(file, "r");
    if (!f)
        return -1;
    char line[1200];
    int have = 0;
    double fig[5];
    memset(out, 0, sizeof *out);
    out->plain.err[0] = out->plain.dapd[0] = NAN;
    out->single.err_pct = out->single.dapd_ms = NAN;
    for (int p = 0; p < 2; p++)
        out->single.ref_err_pct[p] = out->single.ref_dapd_ms[p] = NAN;
    for (int k = 0; k < 3; k++)
        out->cand[0].lerr[k] = NAN;
    while (fgets(line, sizeof line, f)) {
        line[strcspn(line, "\n")] = '\0';
        have |= read_line(line, out, fig);
    }
    fclose(f);
    if (have != 15 || !(out->dt_made > 0))
        return -1;
    out->chosen = *out->overrides && strcmp(out->overrides, out->vm) ? 0 : -1; /* not the file's (+ vm) */
    out->ncand = out->chosen + 1;
    ScCandidate *ch = out->chosen >= 0 ? &out->cand[0] : &out->file;
    snprintf(ch->overrides, sizeof ch->overrides, "%s", out->overrides);
    snprintf(ch->label, sizeof ch->label, "%s", out->label);
    ch->pass = out->chosen >= 0;
    ch->err[0] = fig[0], ch->dapd[0] = fig[1], ch->err[1] = fig[2], ch->dapd[1] = fig[3];
    out->ref_apd = fig[4];
    out->from_cache = 1;
    return 0;
}

/* Writes a choice (through a file of this process renamed into place). */
static void cache_write(const char *dir, const char *file, const ScChoice *c) {
    char tmp[CPATH + 560], d[CPATH];
    snprintf(d, sizeof d, "%s", dir);
    if (util_make_dirs(d) != 0)
        return;
    snprintf(tmp, sizeof tmp, "%s.%ld", file, (long)getpid());
    FILE *f = fopen(tmp, "w");
    if (!f)
        return;
    const ScCandidate *ch = c->chosen >= 0 ? &c->cand[c->chosen] : &c->file;
    fprintf(
        f,
        "overrides %s\nlabel %s\nstiff %s\nfigures %.6g %.6g %.6g %.6g %.6g\ndt %.17g\nfailed %u\nrtol %g\n",
        *c->overrides ? c->overrides : "-", c->label, *c->stiff ? c->stiff : "-", ch->err[0], ch->dapd[0],
        ch->err[1], ch->dapd[1], c->ref_apd, c->dt_made, c->failed, c->ref_rtol);
    if (*c->reason)
        fprintf(f, "reason %s\n", c->reason);
    fprintf(f, "vm %s\nfastvm %s\n", *c->vm ? c->vm : "-", *c->fastvm ? c->fastvm : "-");
    if (*c->fastvm)
        fprintf(f, "plain %.6g %.6g\n", c->plain.err[0], c->plain.dapd[0]);
    if (c->chosen >= 0 && !isnan(ch->lerr[2]))
        fprintf(f, "long %.6g %.6g %.6g %s\n", ch->lerr[0], ch->lerr[1], ch->lerr[2], ch->lstate);
    if (c->cut)
        fprintf(f, "cut %s\nbudget %.17g\n", c->cut_stage, c->budget);
    else
        fprintf(f, "need %.17g\n", c->need);
    const ScSingleCheck *s = &c->single;
    fprintf(f, "single %d %.6g %.6g %.6g %.6g %.6g %.6g %.17g\n", s->state, s->err_pct, s->dapd_ms,
            s->ref_err_pct[0], s->ref_dapd_ms[0], s->ref_err_pct[1], s->ref_dapd_ms[1], s->dt);
    if (s->why[0])
        fprintf(f, "single_why %s\n", s->why);
    if (s->basis[0])
        fprintf(f, "single_basis %s\n", s->basis);
    if (fclose(f) == 0)
        rename(tmp, file);
    else
        unlink(tmp);
}

/* What the cache holds for this model and protocol at step dt: the finished choice (*use) and the
 * one the budget `budget` cut (*cut; cut choices of other budgets are not this run's). */
typedef struct Found {
    ScChoice use, cut;
    int have_use, have_cut;
} Found;

static void cache_scan(const char *dir, const char *prefix, double dt, double budget, Found *fd) {
    DIR *d = opendir(dir);
    struct dirent *de;
    size_t pl = strlen(prefix);
    ScChoice *e = calloc(1, sizeof *e);
    char file[CPATH + 300];
    while (d && e && (de = readdir(d))) {
        size_t l = strlen(de->d_name);
        if (strncmp(de->d_name, prefix, pl) || l < 4 || strcmp(de->d_name + l - 4, ".txt"))
            continue;
        snprintf(file, sizeof file, "%s/%s", dir, de->d_name);
        if (cache_read(file, e) != 0 || !(fabs(e->dt_made - dt) <= 1e-9 * dt))
            continue;
        if (e->cut && budget > 0 && e->budget == budget)
            fd->cut = *e, fd->have_cut = 1;
        else if (e->need > 0)
            fd->use = *e, fd->have_use = 1;
    }
    if (d)
        closedir(d);
    free(e);
}

/* The cache file of a choice at step dt: a finished one and a cut one (at its budget) apart. */
static void cache_file(char *file, size_t n, const char *dir, const char *prefix, double dt,
                       const ScChoice *c) {
    if (c->cut)
        snprintf(file, n, "%s/%s%.12g-cut%.6g.txt", dir, prefix, dt, c->budget);
    else
        snprintf(file, n, "%s/%s%.12g.txt", dir, prefix, dt);
}

int sc_choose_methods_cached(const char *path, const ScChooseSpec *spec, ScChoice *out, char *err,
                             size_t errlen) {
    ScChooseSpec sp = *spec;
    /* the same key with the defaults spelt out */
    sp.tol_err = sp.tol_err > 0 ? sp.tol_err : SC_CHOOSE_TOL_ERR;
    sp.tol_apd = sp.tol_apd > 0 ? sp.tol_apd : SC_CHOOSE_TOL_APD;
    char dir[CPATH], prefix[400], file[CPATH + 500];
    int keyed = cache_key(path, &sp, dir, sizeof dir, prefix, sizeof prefix) == 0;
    Found *fd = calloc(1, sizeof *fd);
    if (!fd) {
        sc_set_err(err, errlen, "out of memory");
        return -1;
    }
    if (keyed)
        cache_scan(dir, prefix, sp.dt, sp.budget, fd);
    double units = sp.budget > 0 ? sp.budget * SC_CHOOSE_WORK_UNIT : INFINITY;
    int rc = 0;
    if (fd->have_use && fd->use.need <= units) /* it finishes within this budget: the same choice */
        *out = fd->use;
    else if (fd->have_cut) /* cut at this budget */
        *out = fd->cut;
    else {
        rc = sc_choose_methods(path, &sp, out, err, errlen);
        cache_file(file, sizeof file, dir, prefix, sp.dt, out);
        if (rc == 0 && keyed)
            cache_write(dir, file, out);
    }
    out->dt_asked = sp.dt;
    free(fd);
    return rc;
}

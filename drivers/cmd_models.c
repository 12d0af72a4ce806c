/* cmd_models.c: `starcarp models list` (the model library) and `starcarp models info MODEL`
 * (what the analysis finds in one model).
 *
 * The library is searched in the directories of $STARCARP_MODELS (colon-separated), else in the
 * compiled-in SC_MODEL_DIR (the source tree's models/) and SC_INSTALLED_MODEL_DIR; in each, in
 * the subfolders cellml/ and native/ and the directory itself. A MODEL that names an existing
 * file (a path) is used as is. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "commands.h"
#include "sema.h"
#include "starcarp.h"

#ifndef SC_MODEL_DIR
#define SC_MODEL_DIR "models"
#endif

static const char *const model_subdirs[] = {"cellml", "native", "."};
#define NSUBDIRS 3

/* The library directories, NULL-terminated (strings from the environment or compiled in). */
static int model_roots(char **roots, int max, char *envbuf, size_t envsize) {
    int n = 0;
    const char *env = getenv("STARCARP_MODELS");
    if (env && *env) {
        snprintf(envbuf, envsize, "%s", env);
        for (char *p = strtok(envbuf, ":"); p && n < max - 1; p = strtok(NULL, ":"))
            roots[n++] = p;
    } else {
        roots[n++] = (char *)SC_MODEL_DIR;
#ifdef SC_INSTALLED_MODEL_DIR
        roots[n++] = (char *)SC_INSTALLED_MODEL_DIR;
#endif
    }
    roots[n] = NULL;
    return n;
}

static int is_file(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 && S_ISREG(st.st_mode);
}

/* Path of the library model `name` in buf, or NULL (and the places looked in, on stderr). */
static const char *find_model(const char *name, char *buf, size_t size) {
    const char *p = cli_find_model(name, buf, size);
    if (p)
        return p;
    char env[4096];
    char *roots[16];
    int n = model_roots(roots, 16, env, sizeof env);
    fprintf(stderr, "starcarp models: unknown model '%s'; looked in:", name);
    for (int r = 0; r < n; r++)
        for (int k = 0; k < NSUBDIRS; k++)
            fprintf(stderr, " %s%s%s", roots[r], k == 2 ? "" : "/", k == 2 ? "" : model_subdirs[k]);
    fprintf(stderr, " (set STARCARP_MODELS to search elsewhere)\n");
    return NULL;
}

const char *cli_find_model(const char *name, char *buf, size_t size) {
    if (is_file(name))
        return name;
    char env[4096];
    char *roots[16];
    int n = model_roots(roots, 16, env, sizeof env);
    const char *ext = strlen(name) > 6 && !strcmp(name + strlen(name) - 6, ".model") ? "" : ".model";
    for (int r = 0; r < n; r++)
        for (int k = 0; k < NSUBDIRS; k++) {
            snprintf(buf, size, "%s/%s/%s%s", roots[r], model_subdirs[k], name, ext);
            if (is_file(buf))
                return buf;
        }
    return NULL;
}

typedef struct Entry {
    char name[256];
    char folder[512];
    char path[1400];
} Entry;

/* Case-insensitive order of names (then exact, then folder). */
static int entry_cmp(const void *a, const void *b) {
    const Entry *x = a, *y = b;
    const unsigned char *p = (const unsigned char *)x->name, *q = (const unsigned char *)y->name;
    for (; *p && *q; p++, q++) {
        int cp = *p >= 'A' && *p <= 'Z' ? *p + 32 : *p, cq = *q >= 'A' && *q <= 'Z' ? *q + 32 : *q;
        if (cp != cq)
            return cp - cq;
    }
    int c = *p || *q ? (int)*p - (int)*q : strcmp(x->name, y->name);
    return c ? c : strcmp(x->folder, y->folder);
}

static int models_list(void) {
    char env[4096];
    char *roots[16];
    int nroots = model_roots(roots, 16, env, sizeof env);
    Entry *e = NULL;
    int n = 0, cap = 0;
    for (int r = 0; r < nroots; r++)
        for (int k = 0; k < NSUBDIRS; k++) {
            char dir[1024];
            snprintf(dir, sizeof dir, "%s/%s", roots[r], model_subdirs[k]);
            DIR *d = opendir(dir);
            if (!d)
                continue;
            struct dirent *de;
            while ((de = readdir(d))) {
                size_t len = strlen(de->d_name);
                if (len <= 6 || strcmp(de->d_name + len - 6, ".model") != 0 || len - 6 >= 256)
                    continue;
                if (n == cap) {
                    cap = cap ? 2 * cap : 64;
                    Entry *ne = realloc(e, (size_t)cap * sizeof *e);
                    if (!ne) {
                        free(e);
                        closedir(d);
                        fprintf(stderr, "starcarp models: out of memory\n");
                        return 1;
                    }
                    e = ne;
                }
                snprintf(e[n].name, sizeof e[n].name, "%.*s", (int)(len - 6), de->d_name);
                snprintf(e[n].folder, sizeof e[n].folder, "%s", k == 2 ? roots[r] : model_subdirs[k]);
                snprintf(e[n].path, sizeof e[n].path, "%s/%s", dir, de->d_name);
                n++;
            }
            closedir(d);
        }
    if (n == 0) {
        fprintf(stderr, "starcarp models: no models found in");
        for (int r = 0; r < nroots; r++)
            fprintf(stderr, " %s", roots[r]);
        fprintf(stderr, "\n");
        free(e);
        return 1;
    }
    qsort(e, (size_t)n, sizeof *e, entry_cmp);
    int w = 4;
    for (int i = 0; i < n; i++)
        w = (int)strlen(e[i].name) > w ? (int)strlen(e[i].name) : w;
    printf("%-*s  %-8s  %s\n", w, "name", "folder", "states");
    for (int i = 0; i < n; i++) {
        Arena ar = {0};
        Diag dg = {NULL, 0, 0, 0, NULL};
        ScModel *m = sema_load_file(&ar, &dg, e[i].path);
        if (m)
            printf("%-*s  %-8s  %d\n", w, e[i].name, e[i].folder, m->nstates);
        else
            printf("%-*s  %-8s  error (see starcarp models info %s)\n", w, e[i].name, e[i].folder,
                   e[i].name);
        ar_free(&ar);
    }
    free(e);
    return 0;
}

/* The automatic choice of methods (docs/methods.md) the library's kernels of `name` hold. */
static void print_choice(const char *name) {
    for (int i = 0; i < sc_model_count(); i++) {
        const ScModelEntry *e = sc_model_at(i);
        if (strcmp(e->name, name) != 0)
            continue;
        char key[256];
        sc_model_key(e, key, sizeof key);
        printf("performance-model key: %s (starcarp.%s.f64.bsoa.exact, ...; starcarp calibrate)\n", key, key);
        if (e->methods_choice && *e->methods_choice)
            printf("automatic methods: %s (--methods %s, chosen at dt 0.01 ms for dt <= 0.01 ms: "
                   "models/methods.tsv; --methods file keeps the file's)\n", e->desc->methods, e->methods_choice);
        else
            printf("automatic methods: the file's (%s): none cheaper was chosen (models/methods.tsv)\n",
                   e->desc->methods);
        return;
    }
    printf("automatic methods: chosen when the model is first run (`starcarp methods %s` shows the choice)\n",
           name);
}

static int models_info(const char *name) {
    char buf[2048];
    const char *path = find_model(name, buf, sizeof buf);
    if (!path)
        return 1;
    Arena ar = {0};
    Diag dg = {stderr, 0, 0, 0, NULL};
    ScModel *m = sema_load_file(&ar, &dg, path);
    if (m)
        sema_info(stdout, m);
    ar_free(&ar);
    if (m)
        print_choice(name);
    return m ? 0 : 1;
}

static void models_usage(FILE *out) {
    fprintf(out, "usage: starcarp models list\n"
                 "       starcarp models info MODEL   (a library name or a .model path)\n");
}

int cmd_models(int argc, char **argv) {
    if (argc < 2) {
        models_usage(stderr);
        return 2;
    }
    if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
        models_usage(stdout);
        return 0;
    }
    if (!strcmp(argv[1], "list") && argc == 2)
        return models_list();
    if (!strcmp(argv[1], "info") && argc == 3)
        return models_info(argv[2]);
    fprintf(stderr, "starcarp models: expected 'list' or 'info MODEL'\n");
    models_usage(stderr);
    return 2;
}

/* cmd_models.c: `starcarp models list` (the model library) and `starcarp models info MODEL`
 * (what the analysis finds in one model).
 *
 * The model folders, the lookup of a name and the analysis are libstarcarp's (starcarp_info.h:
 * sc_model_folder, sc_model_file, sc_model_file_info), the same as `starcarp bench --imp NAME` uses;
 * so are openCARP's names and the currents' drug-block parameters (starcarp.h). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli_opts.h"
#include "commands.h"
#include "starcarp.h"
#include "starcarp_info.h"

/* Path of the model `name` in buf, or NULL (and the places looked in, on stderr). */
static const char *find_model(const char *name, const char *hint, char *buf, size_t size) {
    const char *p = sc_model_file(name, buf, size);
    if (p)
        return p;
    char dir[4200];
    fprintf(stderr, "starcarp models: unknown model '%s'; looked in:", name);
    for (int i = 0; sc_model_folder(i, dir, sizeof dir); i++)
        fprintf(stderr, " %s", dir);
    fprintf(stderr, " (set STARCARP_MODELS to search elsewhere)%s%s\n", hint ? "; " : "", hint ? hint : "");
    return NULL;
}

/* The library's entry of stem `name`, or NULL. */
static const ScModelEntry *library_entry(const char *name) {
    for (int i = 0; i < sc_model_count(); i++)
        if (!strcmp(sc_model_at(i)->name, name))
            return sc_model_at(i);
    return NULL;
}

/* openCARP's names of a library model and of its parameters (models/opencarp_names.tsv). */
static void print_opencarp(const char *name) {
    const ScModelEntry *e = library_entry(name);
    char oc[256], a[128];
    if (!e || !sc_model_opencarp(e, oc, sizeof oc))
        return;
    printf("openCARP: --imp=%s; parameters by openCARP's names:", oc);
    for (int k = 0, n = 0; k < e->desc->nparams; k++)
        if (sc_model_param_alias(e, k, a, sizeof a))
            printf("%s %s = %s", n++ ? "," : "", a, e->desc->param_names[k]);
    printf("\n");
}

/* A current's parameters (models/currents.tsv) as their names, ", "-separated, into buf; the
 * library's message in buf when the row does not fit the model. */
static void current_params(const ScModelEntry *e, const char *cur, char *buf, size_t n) {
    int k[16], np = sc_model_current_params(e, cur, k, 16, buf, n);
    size_t used = 0;
    for (int j = 0; j < np && j < 16 && used + 1 < n; j++)
        used += (size_t)snprintf(buf + used, n - used, "%s%s", j ? ", " : "", e->desc->param_names[k[j]]);
}

/* The library model's currents and the parameters that scale each (models/currents.tsv), for drug
 * block; nothing for a model without rows. */
static void print_currents(const char *name) {
    const ScModelEntry *e = library_entry(name);
    int n = e ? sc_model_current_count(e) : 0, w = 7, wp = 10;
    char list[512];
    for (int i = 0; i < n; i++) {
        const char *cur = sc_model_current_name(e, i);
        current_params(e, cur, list, sizeof list);
        w = (int)strlen(cur) > w ? (int)strlen(cur) : w;
        wp = (int)strlen(list) > wp ? (int)strlen(list) : wp;
    }
    if (n <= 0)
        return;
    printf("Currents (drug block): current -> parameters (models/currents.tsv; docs/currents.md)\n");
    for (int i = 0; i < n; i++) {
        const char *cur = sc_model_current_name(e, i);
        current_params(e, cur, list, sizeof list);
        printf("  %-*s -> %-*s  %s\n", w, cur, wp, list, sc_model_current_note(e, i));
    }
}

typedef struct Entry {
    char name[256];
    char folder[1024];
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

/* The name a listing gives folder dir: "cellml" or "native", else the folder itself. */
static const char *folder_label(const char *dir) {
    const char *base = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;
    return !strcmp(base, "cellml") || !strcmp(base, "native") ? base : dir;
}

static int models_list(void) {
    Entry *e = NULL;
    int n = 0, cap = 0, nfolders = 0;
    char dir[1024];
    for (int f = 0; sc_model_folder(f, dir, sizeof dir); f++, nfolders++) {
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
            snprintf(e[n].folder, sizeof e[n].folder, "%s", folder_label(dir));
            snprintf(e[n].path, sizeof e[n].path, "%s/%s", dir, de->d_name);
            n++;
        }
        closedir(d);
    }
    if (n == 0) {
        fprintf(stderr, "starcarp models: no models found in");
        for (int f = 0; f < nfolders && sc_model_folder(f, dir, sizeof dir); f++)
            fprintf(stderr, " %s", dir);
        fprintf(stderr, "\n");
        free(e);
        return 1;
    }
    qsort(e, (size_t)n, sizeof *e, entry_cmp);
    int w = 4;
    for (int i = 0; i < n; i++)
        w = (int)strlen(e[i].name) > w ? (int)strlen(e[i].name) : w;
    printf("%-*s  %-8s  %-6s  %s\n", w, "name", "folder", "states", "openCARP");
    for (int i = 0; i < n; i++) {
        int nstates = sc_model_file_states(e[i].path);
        char oc[256] = "-";
        const ScModelEntry *lib = library_entry(e[i].name);
        if (lib && !sc_model_opencarp(lib, oc, sizeof oc))
            snprintf(oc, sizeof oc, "-");
        if (nstates >= 0)
            printf("%-*s  %-8s  %-6d  %s\n", w, e[i].name, e[i].folder, nstates, oc);
        else
            printf("%-*s  %-8s  error (see starcarp models info %s)\n", w, e[i].name, e[i].folder, e[i].name);
    }
    free(e);
    return 0;
}

/* The automatic choice of methods (docs/methods.md) the library's kernels of `name` hold, and what
 * `starcarp bench --precision single` makes of their single-precision check. */
static void print_choice(const char *name) {
    for (int i = 0; i < sc_model_count(); i++) {
        const ScModelEntry *e = sc_model_at(i);
        if (strcmp(e->name, name) != 0)
            continue;
        char key[256];
        sc_model_key(e, key, sizeof key);
        printf("performance-model key: %s (starcarp.%s.f64.bsoa.exact, ...; starcarp calibrate)\n", key, key);
        if (e->methods_choice && *e->methods_choice)
            printf("automatic methods: %s (--methods %s, chosen at dt %g ms for dt <= %g ms: "
                   "models/methods.tsv; --methods file keeps the file's)\n",
                   e->desc->methods, e->methods_choice, SC_DEFAULT_DT, SC_DEFAULT_DT);
        else
            printf("automatic methods: the file's (%s): none cheaper was chosen (models/methods.tsv)\n",
                   e->desc->methods);
        char msg[1024];
        static const char *const said[] = {
            "passes: within the accuracy bars of double (models/precision.tsv)", "warned: ", "refused: ", ""};
        ScSingleVerdict v = sc_model_single_verdict(e, msg, sizeof msg);
        printf("single precision (bench --precision single): %s%s\n", said[v], msg);
        return;
    }
    printf("automatic methods: chosen when the model is first run (`starcarp methods %s` shows the choice)\n",
           name);
}

static int models_info(const char *name) {
    char buf[2048], stem[256], err[512] = "";
    if (!sc_model_file(name, buf, sizeof buf) &&
        sc_model_resolve(name, NULL, stem, sizeof stem, NULL, 0, NULL, 0, err, sizeof err) == 0)
        name = stem; /* openCARP's name of a library model */
    const char *path = find_model(name, strstr(err, "did you mean"), buf, sizeof buf);
    if (!path)
        return 1;
    if (sc_model_file_info(path, stdout, stderr) != 0)
        return 1;
    print_choice(name);
    print_opencarp(name);
    print_currents(name);
    return 0;
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
    int info = !strcmp(argv[1], "info");
    if (!info && strcmp(argv[1], "list") != 0) {
        if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h")) {
            models_usage(stdout);
            return 0;
        }
        fprintf(stderr, "starcarp models: expected 'list' or 'info MODEL'\n");
        models_usage(stderr);
        return 2;
    }
    /* the subcommand's arguments (no options of their own: -h, and a model for info) */
    const char *model = NULL;
    CliRun run = cli_run_defaults();
    const CliCommand cmd = {info ? "models info" : "models list", NULL, 0, models_usage};
    int rc = cli_parse(&cmd, argc - 1, argv + 1, NULL, &run, info ? &model : NULL);
    if (rc != 0)
        return rc > 0 ? 0 : 2;
    if (info && !model) {
        fprintf(stderr, "starcarp models info: a model is needed (a library name or a .model path)\n");
        return 2;
    }
    return info ? models_info(model) : models_list();
}

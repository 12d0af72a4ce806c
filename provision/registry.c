/* registry.c: the queries of the model library's registry (registry.h); the table itself is
 * generated at build time by codelets/models.cmake (registry.c of the build folder, the models'
 * entries; registry_codelets.c, their codelets in the same order). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "registry.h"
#include "util_int.h"

int sc_model_count(void) { return registry_count; }

const ScModelEntry *sc_model_at(int i) { return i >= 0 && i < registry_count ? &registry_models[i] : NULL; }

int registry_index(const ScModelEntry *e) {
    return e >= registry_models && e < registry_models + registry_count ? (int)(e - registry_models) : -1;
}

int registry_matches(const ScModelEntry *e, const char *name) {
    return !strcmp(name, e->name) || !strcmp(name, e->desc->name) || !strcmp(name, e->desc->ident);
}

const ScModelEntry *registry_find(const char *name) {
    for (int i = 0; i < registry_count; i++)
        if (registry_matches(&registry_models[i], name))
            return &registry_models[i];
    return NULL;
}

const ScModelEntry *registry_named(const char *name) {
    for (int i = 0; i < registry_count; i++)
        if (strcmp(registry_models[i].name, name) == 0 || strcmp(registry_models[i].desc->name, name) == 0)
            return &registry_models[i];
    return NULL;
}

/* FNV-1a of text with its white space normalised: line ends (CR LF or LF), blanks at the end of
 * lines and blank lines at the end of the file do not count. */
static unsigned long long normal_hash(const char *text) {
    unsigned long long h = UTIL_FNV_INIT;
    for (const char *p = text; *p;) {
        size_t len = strcspn(p, "\r\n"), end = len;
        while (end > 0 && (p[end - 1] == ' ' || p[end - 1] == '\t'))
            end--;
        char line[4096];
        for (size_t at = 0; at < end; at += sizeof line - 1) {
            size_t k = end - at < sizeof line - 1 ? end - at : sizeof line - 1;
            memcpy(line, p + at, k);
            line[k] = '\0';
            h = util_fnv(h, line);
        }
        p += len;
        p += *p == '\r';
        p += *p == '\n';
        if (p[strspn(p, " \t\r\n")] != '\0')
            h = util_fnv(h, "\n");
    }
    return h;
}

/* See registry.h. */
const ScModelEntry *registry_twin(const char *path) {
    char *text = util_read_text(path), hex[32], lib[4096];
    if (!text)
        return NULL;
    snprintf(hex, sizeof hex, "%016llx", util_fnv(UTIL_FNV_INIT, text));
    const ScModelEntry *twin = NULL;
    for (int i = 0; i < registry_count && !twin; i++)
        if (!strcmp(registry_models[i].desc->source_hash, hex))
            twin = &registry_models[i];
    unsigned long long mine = twin ? 0 : normal_hash(text);
    for (int i = 0; i < registry_count && !twin; i++) {
        char *other = sc_model_file(registry_models[i].name, lib, sizeof lib) ? util_read_text(lib) : NULL;
        if (other && normal_hash(other) == mine)
            twin = &registry_models[i];
        free(other);
    }
    free(text);
    return twin;
}

/* place_speeds.c: the speed of a GPU over a CPU core that the plan needs (place.h): from the speed
 * table of a calibration (written by `starcarp calibrate` with the public writer below, read here),
 * else measured by the probe (place_probe.c) and kept for the life of the process, per model key,
 * precision, steps per task and GPU kind. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "place.h"

void sc_speeds_write_header(FILE *f) { fprintf(f, "model,precision,kind,cells,steps,ns_per_cell_step\n"); }

void sc_speeds_write_row(FILE *f, const char *model, ScPrecision precision, const char *kind, long cells,
                         long steps, double ns) {
    fprintf(f, "%s,%d,%s,%ld,%ld,%.6g\n", model, precision, kind, cells, steps, ns);
}

/* See place.h. */
double place_speeds_gpu_speedup(const char *dir, const char *model, int precision, long steps,
                                const char *gpu) {
    char path[1024];
    const char *pm = getenv("STARPU_PERF_MODEL_DIR"), *home = getenv("STARPU_HOME");
    if (dir)
        snprintf(path, sizeof path, "%s/%s", dir, SC_SPEEDS_FILE);
    else if (pm)
        snprintf(path, sizeof path, "%s/%s", pm, SC_SPEEDS_FILE);
    else if (home)
        snprintf(path, sizeof path, "%s/.starpu/sampling/%s", home, SC_SPEEDS_FILE);
    else
        return 0;
    FILE *f = fopen(path, "r");
    if (!f)
        return 0;
    char line[512], name[256], kind[16];
    long best_cells[2] = {-1, -1}, best_gap[2] = {-1, -1};
    double ns[2] = {0, 0};
    while (fgets(line, sizeof line, f)) {
        int prec;
        long cells, k_steps;
        double v;
        if (sscanf(line, "%255[^,],%d,%15[^,],%ld,%ld,%lf", name, &prec, kind, &cells, &k_steps, &v) != 6)
            continue; /* the header, or a line of another format */
        if (strcmp(name, model) != 0 || prec != precision || !(v > 0))
            continue;
        int k = !strcmp(kind, "cpu") ? 0 : !strcmp(kind, gpu) ? 1 : -1;
        long gap = labs(k_steps - steps);
        if (k < 0 || (best_gap[k] >= 0 && gap > best_gap[k]))
            continue;
        if (gap < best_gap[k] || best_gap[k] < 0 || cells >= best_cells[k])
            best_gap[k] = gap, best_cells[k] = cells, ns[k] = v;
    }
    fclose(f);
    return ns[0] > 0 && ns[1] > 0 ? ns[0] / ns[1] : 0;
}

/* A probe's result, kept: the model's key, precision, K and GPU kind it was measured for. */
typedef struct Probed {
    char key[256];
    ScPrecision precision;
    int K;
    char kind[8];
    double speedup;
} Probed;

static Probed probed[64];
static int nprobed;

/* See place.h. */
double place_gpu_speedup(const ScModelEntry *m, ScPrecision precision, int K, long ncells, const int *cpus,
                         int ncpu, int gpu) {
    char key[256];
    const char *kind = starpu_worker_get_type(gpu) == STARPU_HIP_WORKER ? "hip" : "cuda";
    sc_model_key(m, key, sizeof key);
    double s = place_speeds_gpu_speedup(NULL, key, precision, K, kind);
    if (s > 0 || ncpu < 1)
        return s;
    for (int i = 0; i < nprobed; i++)
        if (!strcmp(probed[i].key, key) && probed[i].precision == precision && probed[i].K == K &&
            !strcmp(probed[i].kind, kind))
            return probed[i].speedup;
    s = place_probe_gpu_speedup(m, precision, K, ncells, cpus, ncpu, gpu);
    if (s > 0 && nprobed < (int)(sizeof probed / sizeof probed[0])) {
        Probed *p = &probed[nprobed++];
        snprintf(p->key, sizeof p->key, "%s", key), snprintf(p->kind, sizeof p->kind, "%s", kind);
        p->precision = precision, p->K = K, p->speedup = s;
    }
    return s;
}

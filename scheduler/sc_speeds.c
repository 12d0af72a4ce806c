/* sc_speeds.c: the speed table of a calibration, written and read (sc_speeds.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sc_speeds.h"

void sc_speeds_write_header(FILE *f) { fprintf(f, "model,precision,kind,cells,steps,ns_per_cell_step\n"); }

void sc_speeds_write_row(FILE *f, const char *model, int precision, const char *kind, long cells, long steps,
                         double ns) {
    fprintf(f, "%s,%d,%s,%ld,%ld,%.6g\n", model, precision, kind, cells, steps, ns);
}

double sc_speeds_gpu_speedup(const char *dir, const char *model, int precision, long steps, const char *gpu) {
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

/* tissue_common.c: what the structured grid's solver (sc_tissue.c, tissue_step.c) and the meshes'
 * (tissue_mesh.c) share (tissue_int.h): the cell array of a tissue, stimulus boxes and pulses, the
 * activation record's copies and files. Used by both, using neither. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util_int.h"
#include "tissue_int.h"

int tissue_box_range(double lo, double hi, long n, double dx, long *i0, long *i1) {
    double a = ceil(lo / dx - 1e-6), b = floor(hi / dx + 1e-6);
    if (a < 0)
        a = 0;
    if (b > (double)(n - 1))
        b = (double)(n - 1);
    if (!(a <= b))
        return 0;
    *i0 = (long)a, *i1 = (long)b;
    return 1;
}

int tissue_stim_on(const ScTissueStim *x, double dt, long d) {
    long s0 = lround(x->start / dt), pulse = lround(x->dur / dt), per = lround(x->period / dt);
    long count = x->count > 0 ? x->count : 1;
    if (pulse < 1)
        pulse = 1;
    if (d < s0)
        return 0;
    long k = per > 0 ? (d - s0) / per : 0;
    return k < count && d - s0 - k * per < pulse;
}

ScCells *tissue_cells(const ScModelEntry *m, const ScTissueConfig *cfg, long n, int np, const double *w,
                      const int *worker, char *err, size_t errlen) {
    if (!w) {
        sc_set_err(err, errlen, "out of memory");
        return NULL;
    }
    int pinned = worker[0] >= 0;
    ScCellsConfig cc = {.ncells = n,
                        .precision = SC_DOUBLE,
                        .dt = cfg->dt,
                        .steps_per_task = 1,
                        .nparts = np,
                        .part_weights = w,
                        .no_lut = cfg->no_lut,
                        .rtol = cfg->rtol,
                        .atol = cfg->atol,
                        .vm_bound = cfg->vm_bound,
                        .free_placement = !pinned,
                        .workers = pinned ? worker : NULL};
    return sc_cells_create(m, &cc, err, errlen);
}

int tissue_act_copy(int np, const starpu_data_handle_t *h, double *const *act, const long *off,
                    const long *size, long mul, long total, double *buf, int dir) {
    for (int s = 0; s < np; s++) {
        size_t n = (size_t)(size[s] * mul), o = (size_t)(off[s] * mul);
        if (starpu_data_acquire(h[s], dir ? STARPU_W : STARPU_R) != 0)
            return -1;
        for (int k = 0; k < 2; k++) {
            double *g = buf + (size_t)k * (size_t)total + o, *l = act[s] + (size_t)k * n;
            memcpy(dir ? l : g, dir ? g : l, n * sizeof(double));
        }
        starpu_data_release(h[s]);
    }
    return 0;
}

int tissue_act_write(const char *path, const char *head, const double *buf, long n, char *err,
                     size_t errlen) {
    char p[4200];
    snprintf(p, sizeof p, "%s.act", path);
    FILE *f = fopen(p, "wb");
    int bad =
        !f || fprintf(f, "%s\n", head) < 0 || fwrite(buf, sizeof(double), 2 * (size_t)n, f) != 2 * (size_t)n;
    if (f && fclose(f) != 0)
        bad = 1;
    if (bad) {
        sc_set_err(err, errlen, "%s: %s", p, strerror(errno ? errno : EIO));
        return -1;
    }
    return 0;
}

int tissue_act_read(const char *path, char *head, size_t hlen, double *buf, long n, char *err,
                    size_t errlen) {
    char p[4200];
    snprintf(p, sizeof p, "%s.act", path);
    FILE *f = fopen(p, "rb");
    if (!f) {
        sc_set_err(err, errlen, "%s: %s", p, strerror(errno));
        return -1;
    }
    int ok = fgets(head, (int)hlen, f) && strchr(head, '\n') &&
             fread(buf, sizeof(double), 2 * (size_t)n, f) == 2 * (size_t)n;
    fclose(f);
    if (!ok) {
        sc_set_err(err, errlen,
                   "%s: not a starcarp tissue activation record of this checkpoint (truncated, or "
                   "another tissue)",
                   p);
        return -1;
    }
    return 0;
}

/* tissue_app.c: an application of the installed starcarp's tissue API (sc_tissue.h): a 4 x 2 mm
 * sheet of Aliev-Panfilov cells, stimulated along its left edge, run for 40 ms on StarPU; the
 * wave must cross the sheet from left to right. Exit 0 when the activation times grow along the
 * middle row beyond the stimulus and the wave has gone at least 2 mm, 1 otherwise (77 when StarPU
 * has no worker).
 * Build: cc -std=c11 tissue_app.c $(pkg-config --cflags --libs starcarp)   or CMake:
 * find_package(starcarp) and target_link_libraries(app starcarp::starcarp). */
/* Strict C11 (-std=c11) hides the POSIX threads features StarPU's headers use: a strict program
 * asks for POSIX before its first include, as any StarPU application does (-std=gnu11 needs nothing). */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <starpu.h>
#include <starcarp/sc_tissue.h>

#define NX 41
#define NY 21

int main(void) {
    char err[512];
    const ScModelEntry *m = sc_model_lookup("AlievPanfilov", NULL, err, sizeof err);
    if (!m) {
        fprintf(stderr, "tissue_app: %s\n", err);
        return 1;
    }
    int rc = starpu_init(NULL);
    if (rc == -ENODEV)
        return 77;
    if (rc != 0) {
        fprintf(stderr, "tissue_app: starpu_init: %s\n", strerror(-rc));
        return 1;
    }
    ScTissueConfig cfg = {.n = {NX, NY, 1},
                          .dx = {0.1, 0.1, 0.1},
                          .sigma = {0.1, 0.1, 0.1},
                          .chi = 140,
                          .cm = 1,
                          .dt = 0.01,
                          .thr = 0,
                          .nstim = 1,
                          .stim = {{.lo = {0, 0, 0}, .hi = {0.3, 2, 0}, .start = 0, .dur = 2, .amp = 60}}};
    if (sc_tissue_check(&cfg, err, sizeof err) != 0) {
        fprintf(stderr, "tissue_app: %s\n", err);
        starpu_shutdown();
        return 1;
    }
    ScTissue *t = sc_tissue_create(m, &cfg, err, sizeof err);
    static double act[NX * NY];
    ScFailure f;
    int bad = !t || sc_tissue_advance(t, 4000) != 0 || sc_tissue_wait(t, &f) != 0 ||
              sc_tissue_activation(t, act) != 0;
    if (!t)
        fprintf(stderr, "tissue_app: %s\n", err);
    sc_tissue_destroy(t);
    starpu_shutdown();
    if (bad)
        return 1;
    const double *row = act + NX * (NY / 2);
    int front = 0, ordered = 1;
    for (int i = 0; i < NX && row[i] >= 0; i++) {
        front = i;
        if (i > 4 && !(row[i] > row[i - 1]))
            ordered = 0;
    }
    printf("tissue_app: %s, the wave at x = %.1f mm after 40 ms (activated at %.2f ms there)\n", m->name,
           front * cfg.dx[0], row[front]);
    return ordered && front >= 20 ? 0 : 1;
}

/* tissue_cases.h: the grids the tissue tests share (test_diffuse.c, test_implicit.c). */
#ifndef SC_TEST_TISSUE_CASES_H
#define SC_TEST_TISSUE_CASES_H

#include <math.h>

#include "sc_tissue.h"

/* The discrete Laplacian's cosine modes on a grid with no-flux ends: cos(pi m i / (n-1)) at node i
 * of n along an axis (1 when n == 1), and its decay rate, 4 c sin^2(pi m / (2 (n-1))) for the
 * diffusion number c (0 when n < 2). */
static inline double t_mode(long i, long n, int m) {
    return n > 1 ? cos(M_PI * m * (double)i / (double)(n - 1)) : 1.0;
}
static inline double t_rate(long n, int m, double c) {
    if (n < 2)
        return 0;
    double s = sin(M_PI * m / (2.0 * (double)(n - 1)));
    return 4 * c * s * s;
}

/* A 30 x 20 x 10 slab of fibres along x (0.2, 0.2, 0.25 mm; sigma 0.1334, 0.0176, 0.0176 S/m;
 * chi 140 /mm, Cm 1 uF/cm^2) stepped by dt ms. */
static inline ScTissueConfig t_fibre_slab(double dt) {
    return (ScTissueConfig){.n = {30, 20, 10},
                            .dx = {0.2, 0.2, 0.25},
                            .sigma = {0.1334, 0.0176, 0.0176},
                            .chi = 140,
                            .cm = 1,
                            .dt = dt};
}

/* An nx x ny x nz grid of 0.1 mm, sigma 0.1 S/m on every axis, chi 140 /mm, Cm 1, dt 0.001 ms. */
static inline ScTissueConfig t_grid(long nx, long ny, long nz) {
    return (ScTissueConfig){
        .n = {nx, ny, nz}, .dx = {0.1, 0.1, 0.1}, .sigma = {0.1, 0.1, 0.1}, .chi = 140, .cm = 1, .dt = 0.001};
}

#endif

/* step_app.c: a StarPU application that holds its cells in handles of its own and inserts
 * starcarp's step tasks between its own tasks (starcarp.h, "step tasks on the application's
 * handles"; docs/api.md).
 *
 * Ten Tusscher 2006 (epicardial): NCELLS cells in NPARTS partitions, each three vectors of the
 * application's own (states, Vm, Iion). Two runs of MS milliseconds:
 *  1. the membrane update inside the step tasks (SC_STEP_BENCH, one stimulus for every cell): Vm
 *     equals, bit for bit, starcarp's own cell array (sc_cells) run the same way;
 *  2. the membrane update as the application's own task after every step, with a stimulus per
 *     cell (the first half of the cells stimulated, the second not): the first half fires (its
 *     peak above 0 mV), the second stays at rest (below -80 mV throughout).
 * CPU workers only: on CPUs the kernels give the same bits whatever the partitions.
 * Exit 0 when both hold, 1 otherwise.
 * Build: cc step_app.c $(pkg-config --cflags --libs starcarp), or CMake: find_package(starcarp).
 */
/* Strict C11 (-std=c11) hides the POSIX threads features StarPU's headers use: a strict program
 * asks for POSIX before its first include, as any StarPU application does (-std=gnu11 needs nothing). */
#define _XOPEN_SOURCE 700
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <starpu.h>
#include <starcarp/starcarp.h>

#define NCELLS 1000
#define NPARTS 4
#define MS 30
#define DT 0.01
#define STIM_START 100 /* steps: 1 ms */
#define STIM_STEPS 100
#define AMP 52.0

/* One partition of the application's cells: its arrays, its handles, starcarp's scratch. */
typedef struct Part {
    long n;
    double *sv, *vm, *iion, *amp, *peak;
    starpu_data_handle_t h_sv, h_vm, h_iion, h_amp, h_peak;
    ScStepPart *scratch;
} Part;

/* The application's membrane update after step d: Vm += dt (stim_i - Iion), the stimulus amp_i
 * during [STIM_START, STIM_START + STIM_STEPS), and the running peak of Vm. */
static void membrane_cpu(void *buffers[], void *cl_arg) {
    long d;
    starpu_codelet_unpack_args(cl_arg, &d);
    double *vm = (double *)STARPU_VECTOR_GET_PTR(buffers[0]);
    const double *iion = (const double *)STARPU_VECTOR_GET_PTR(buffers[1]);
    const double *amp = (const double *)STARPU_VECTOR_GET_PTR(buffers[2]);
    double *peak = (double *)STARPU_VECTOR_GET_PTR(buffers[3]);
    unsigned n = STARPU_VECTOR_GET_NX(buffers[0]);
    int on = d >= STIM_START && d < STIM_START + STIM_STEPS;
    for (unsigned i = 0; i < n; i++) {
        vm[i] += DT * ((on ? amp[i] : 0.0) - iion[i]);
        peak[i] = vm[i] > peak[i] ? vm[i] : peak[i];
    }
}

static struct starpu_codelet membrane_cl = {.cpu_funcs = {membrane_cpu},
                                            .nbuffers = 4,
                                            .modes = {STARPU_RW, STARPU_R, STARPU_R, STARPU_RW},
                                            .name = "app_membrane"};

/* The partitions' arrays and handles, at the model's initial state. 0, or 1 after a message. */
static int parts_make(Part *p, const ScModelData *d, int nsv) {
    char err[256];
    for (int q = 0; q < NPARTS; q++) {
        Part *s = &p[q];
        s->n = NCELLS / NPARTS + (q < NCELLS % NPARTS);
        s->sv = calloc((size_t)(nsv * s->n), sizeof(double));
        s->vm = calloc((size_t)s->n, sizeof(double)), s->iion = calloc((size_t)s->n, sizeof(double));
        s->amp = calloc((size_t)s->n, sizeof(double)), s->peak = calloc((size_t)s->n, sizeof(double));
        if (!s->sv || !s->vm || !s->iion || !s->amp || !s->peak ||
            sc_model_data_initial(d, s->n, s->sv, s->vm)) {
            fprintf(stderr, "step_app: out of memory\n");
            return 1;
        }
        for (long i = 0; i < s->n; i++)
            s->peak[i] = -1e9;
        starpu_vector_data_register(&s->h_sv, STARPU_MAIN_RAM, (uintptr_t)s->sv, (uint32_t)s->n,
                                    nsv * sizeof(double));
        starpu_vector_data_register(&s->h_vm, STARPU_MAIN_RAM, (uintptr_t)s->vm, (uint32_t)s->n,
                                    sizeof(double));
        starpu_vector_data_register(&s->h_iion, STARPU_MAIN_RAM, (uintptr_t)s->iion, (uint32_t)s->n,
                                    sizeof(double));
        starpu_vector_data_register(&s->h_amp, STARPU_MAIN_RAM, (uintptr_t)s->amp, (uint32_t)s->n,
                                    sizeof(double));
        starpu_vector_data_register(&s->h_peak, STARPU_MAIN_RAM, (uintptr_t)s->peak, (uint32_t)s->n,
                                    sizeof(double));
        if (!(s->scratch = sc_step_part_create(d, s->n, err, sizeof err))) {
            fprintf(stderr, "step_app: %s\n", err);
            return 1;
        }
    }
    return 0;
}

static void parts_free(Part *p) {
    for (int q = 0; q < NPARTS; q++) {
        Part *s = &p[q];
        if (s->scratch)
            sc_step_part_destroy(s->scratch);
        starpu_data_handle_t h[] = {s->h_sv, s->h_vm, s->h_iion, s->h_amp, s->h_peak};
        for (int k = 0; k < 5; k++)
            if (h[k])
                starpu_data_unregister(h[k]);
        free(s->sv), free(s->vm), free(s->iion), free(s->amp), free(s->peak);
    }
}

/* Run 1: bench's semantics in the step tasks, K steps a task; then Vm against sc_cells'. */
static int run_bench(const ScModelEntry *m, const ScModelData *d) {
    Part p[NPARTS] = {0};
    int bad = parts_make(p, d, m->desc->nsv);
    const long steps = (long)(MS / DT + 0.5), K = 10;
    ScStepOptions o = {
        .dt = DT,
        .flags = SC_STEP_BENCH,
        .stim = {.start = STIM_START, .pulse = STIM_STEPS, .period = 0, .count = 1, .amp = AMP}};
    for (long d0 = 0; !bad && d0 < steps; d0 += K)
        for (int q = 0; q < NPARTS && !bad; q++) {
            o.d0 = d0, o.nsteps = (int)K;
            bad = sc_insert_step(d, p[q].scratch, p[q].h_sv, p[q].h_vm, p[q].h_iion, &o) != 0;
        }
    starpu_task_wait_for_all();
    char err[256];
    ScCellsConfig cfg = {.ncells = NCELLS, .dt = DT, .steps_per_task = (int)K, .stim = o.stim};
    ScCells *c = bad ? NULL : sc_cells_create(m, &cfg, err, sizeof err);
    double *ref = malloc(sizeof(double) * NCELLS);
    if (!c || !ref || sc_cells_advance(c, steps) || sc_cells_wait(c, NULL) ||
        sc_cells_read(c, SC_VAR_VM, ref)) {
        fprintf(stderr, "step_app: the reference cell array failed%s%s\n", c ? "" : ": ", c ? "" : err);
        bad = 1;
    }
    long off = 0, differ = 0;
    for (int q = 0; q < NPARTS && !bad; q++) {
        starpu_data_acquire(p[q].h_vm, STARPU_R);
        for (long i = 0; i < p[q].n; i++)
            differ += memcmp(&p[q].vm[i], &ref[off + i], sizeof(double)) != 0;
        starpu_data_release(p[q].h_vm);
        off += p[q].n;
    }
    printf("step_app: bench's semantics, %d cells, %ld steps: %ld cells differ from sc_cells\n", NCELLS,
           steps, differ);
    sc_cells_destroy(c);
    free(ref);
    parts_free(p);
    return bad || differ;
}

/* Run 2: one step a task, the membrane update and a stimulus per cell in the application's task. */
static int run_own_membrane(const ScModelEntry *m, const ScModelData *d) {
    Part p[NPARTS] = {0};
    int bad = parts_make(p, d, m->desc->nsv);
    for (int q = 0, i0 = 0; q < NPARTS && !bad; i0 += (int)p[q].n, q++)
        for (long i = 0; i < p[q].n; i++)
            p[q].amp[i] = i0 + i < NCELLS / 2 ? AMP : 0.0;
    const long steps = (long)(MS / DT + 0.5);
    ScStepOptions o = {.dt = DT, .nsteps = 1, .flags = 0};
    for (long s = 0; !bad && s < steps; s++)
        for (int q = 0; q < NPARTS && !bad; q++) {
            o.d0 = s;
            bad = sc_insert_step(d, p[q].scratch, p[q].h_sv, p[q].h_vm, p[q].h_iion, &o) != 0 ||
                  starpu_task_insert(&membrane_cl, STARPU_RW, p[q].h_vm, STARPU_R, p[q].h_iion, STARPU_R,
                                     p[q].h_amp, STARPU_RW, p[q].h_peak, STARPU_VALUE, &s, sizeof s, 0) != 0;
        }
    starpu_task_wait_for_all();
    long fired = 0, rest = 0, failed = 0;
    for (int q = 0, i0 = 0; q < NPARTS; i0 += (int)p[q].n, q++) {
        failed += sc_step_part_failure(p[q].scratch, NULL, NULL, NULL) != 0;
        starpu_data_acquire(p[q].h_peak, STARPU_R);
        for (long i = 0; i < p[q].n; i++) {
            if (i0 + i < NCELLS / 2)
                fired += p[q].peak[i] > 0.0;
            else
                rest += p[q].peak[i] < -80.0;
        }
        starpu_data_release(p[q].h_peak);
    }
    printf("step_app: the application's membrane update, a stimulus per cell: %ld of %d stimulated cells "
           "fired, %ld of %d others stayed at rest, %ld partitions failed\n",
           fired, NCELLS / 2, rest, NCELLS - NCELLS / 2, failed);
    parts_free(p);
    return bad || failed || fired != NCELLS / 2 || rest != NCELLS - NCELLS / 2;
}

int main(void) {
    struct starpu_conf conf;
    starpu_conf_init(&conf);
    conf.ncuda = 0, conf.nhip = 0, conf.nopencl = 0; /* CPUs: the same bits as sc_cells' (see above) */
    int rc = starpu_init(&conf);
    if (rc == -ENODEV)
        return 77;
    STARPU_CHECK_RETURN_VALUE(rc, "starpu_init");
    char err[512];
    const ScModelEntry *m = sc_model_lookup("ten_tusscher_model_2006_epi", NULL, err, sizeof err);
    ScModelData *d = m ? sc_model_data_create(m, SC_DOUBLE, err, sizeof err) : NULL;
    if (!d) {
        fprintf(stderr, "step_app: %s\n", err);
        starpu_shutdown();
        return 1;
    }
    int bad = run_bench(m, d);
    bad |= run_own_membrane(m, d);
    sc_model_data_destroy(d);
    starpu_shutdown();
    printf("step_app: %s\n", bad ? "FAILED" : "OK");
    return bad;
}

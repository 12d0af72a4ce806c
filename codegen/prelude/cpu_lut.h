/* cpu_lut.h: the lookup tables and the failure check of the vectorised CPU dialect (emit_cpu.c),
 * after cpu.h and the vector math (gen_floor, gen_fabs). */
/* ---- emitted from the next line on (codegen/embed.cmake) ---- */
/* Lookup tables: rows and fractions per lane (clamped, counted; NaN stays NaN). */
static GEN_INL void gen_lut_pos(gen_real x, gen_scal xmin, gen_scal inv, long rows, gen_idx *ix, gen_real *fr,
                                unsigned long long *oor) {
    const gen_real u = (x - xmin) * inv;
    const gen_scal top = (gen_scal)(rows - 1);
    gen_real c = gen_sel(u >= (gen_scal)0, u, gen_bc(0));
    c = gen_sel(c > top, gen_bc(top), c);
    if (oor) {
        const gen_mask out = ~((u >= (gen_scal)0) & (u <= top));
        unsigned long long k = 0;
        for (int l = 0; l < GEN_W; l++)
            k += out[l] != 0;
        if (k)
            __atomic_fetch_add(oor, k, __ATOMIC_RELAXED);
    }
    gen_real fl = gen_floor(c);
    fl = gen_sel(fl > (gen_scal)(rows >= 2 ? rows - 2 : 0), gen_bc((gen_scal)(rows >= 2 ? rows - 2 : 0)), fl);
    for (int l = 0; l < GEN_W; l++)
        (*ix)[l] = (long)fl[l];
    *fr = c - fl + (u - u);
}

static GEN_INL gen_real gen_lut_col(const gen_scal *tb, int cols, int col, gen_idx k, gen_real f) {
    gen_real a, b;
    for (int l = 0; l < GEN_W; l++) {
        a[l] = tb[k[l] * cols + col];
        b[l] = tb[(k[l] + 1) * cols + col];
    }
    return a + f * (b - a);
}

/* After a step: the earliest real lane whose v (Vm in bench mode, else Iion) failed. */
static GEN_INL int gen_check(const ScStepArgs *a, long d, long i, int nv, gen_real v, int vm) {
    const gen_scal b = vm ? (a->vm_bound > 0 ? (gen_scal)a->vm_bound : (gen_scal)1000) : (gen_scal)1e30;
    const gen_mask ok = gen_fabs(v) <= b;
    for (int l = 0; l < nv; l++) {
        if (ok[l])
            continue;
        if (a->status) {
            ScStepStatus *s = a->status;
            const unsigned long long key = ((unsigned long long)d << 32) | (unsigned long long)(i + l);
            unsigned long long old = __atomic_load_n(&s->key, __ATOMIC_RELAXED);
            while (key < old &&
                   !__atomic_compare_exchange_n(&s->key, &old, key, 0, __ATOMIC_RELAXED, __ATOMIC_RELAXED))
                ;
            if (key < old)
                s->value = v[l];
        }
        return 1;
    }
    return 0;
}

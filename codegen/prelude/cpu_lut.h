/* cpu_lut.h: the lookup tables and the failure check of the vectorised CPU dialect (emit_cpu.c),
 * after cpu.h and the vector math (sc_floor, sc_fabs). */
/* ---- emitted from the next line on (codegen/embed.cmake) ---- */
/* Lookup tables: rows and fractions per lane (clamped, counted; NaN stays NaN). */
static SC_INL void sc_lut_pos(sc_real x, sc_scal xmin, sc_scal inv, long rows, sc_idx *ix, sc_real *fr,
                              unsigned long long *oor) {
    const sc_real u = (x - xmin) * inv;
    const sc_scal top = (sc_scal)(rows - 1);
    sc_real c = sc_sel(u >= (sc_scal)0, u, sc_bc(0));
    c = sc_sel(c > top, sc_bc(top), c);
    if (oor) {
        const sc_mask out = ~((u >= (sc_scal)0) & (u <= top));
        unsigned long long k = 0;
        for (int l = 0; l < SC_W; l++)
            k += out[l] != 0;
        if (k)
            __atomic_fetch_add(oor, k, __ATOMIC_RELAXED);
    }
    sc_real fl = sc_floor(c);
    fl = sc_sel(fl > (sc_scal)(rows >= 2 ? rows - 2 : 0), sc_bc((sc_scal)(rows >= 2 ? rows - 2 : 0)), fl);
    for (int l = 0; l < SC_W; l++)
        (*ix)[l] = (long)fl[l];
    *fr = c - fl + (u - u);
}

static SC_INL sc_real sc_lut_col(const sc_scal *tb, int cols, int col, sc_idx k, sc_real f) {
    sc_real a, b;
    for (int l = 0; l < SC_W; l++) {
        a[l] = tb[k[l] * cols + col];
        b[l] = tb[(k[l] + 1) * cols + col];
    }
    return a + f * (b - a);
}

/* After a step: the earliest real lane whose v (Vm in bench mode, else Iion) failed. */
static SC_INL int sc_check(const ScStepArgs *a, long d, long i, int nv, sc_real v, int vm) {
    const sc_scal b = vm ? (a->vm_bound > 0 ? (sc_scal)a->vm_bound : (sc_scal)1000) : (sc_scal)1e30;
    const sc_mask ok = sc_fabs(v) <= b;
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

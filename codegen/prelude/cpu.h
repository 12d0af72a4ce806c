/* cpu.h: the primitives of the vectorised CPU dialect (emit_cpu.c), after its types (sc_real a GCC
 * vector of SC_W sc_scal, sc_mask, sc_idx) and SC_INL: broadcast, selection, lane masks, loads and
 * stores of partial blocks. */
/* ---- emitted from the next line on (codegen/embed.cmake) ---- */
static SC_INL sc_real sc_bc(sc_scal x) { /* every lane x (exactly: -0.0 stays -0.0) */
    sc_real v;
    for (int l = 0; l < SC_W; l++)
        v[l] = x;
    return v;
}
static SC_INL sc_mask sc_mbc(int b) { return (sc_mask){0} - (b != 0); }
static SC_INL sc_real sc_sel(sc_mask m, sc_real a, sc_real b) {
    return (sc_real)((m & (sc_mask)a) | (~m & (sc_mask)b));
}
static SC_INL sc_real sc_m2r(sc_mask m) { return sc_sel(m, sc_bc(1), sc_bc(0)); }
static SC_INL sc_mask sc_not(sc_mask m) { return ~m; }
static SC_INL sc_mask sc_and(sc_mask a, sc_mask b) { return a & b; }
static SC_INL sc_mask sc_or(sc_mask a, sc_mask b) { return a | b; }
static SC_INL sc_mask sc_andnot(sc_mask a, sc_mask b) { return a & ~b; }
static SC_INL int sc_any(sc_mask m) {
    for (int l = 0; l < SC_W; l++)
        if (m[l])
            return 1;
    return 0;
}
static SC_INL int sc_all(sc_mask m) {
    for (int l = 0; l < SC_W; l++)
        if (!m[l])
            return 0;
    return 1;
}

/* Load / store SC_W consecutive cells; nv < SC_W: only nv are real (the others repeat
 * cell 0 of the block on load and are not stored). */
static SC_INL sc_real SC_LD(const sc_scal *p, int nv) {
    sc_real v;
    if (nv == SC_W) {
        memcpy(&v, p, sizeof v);
        return v;
    }
    for (int l = 0; l < SC_W; l++)
        v[l] = p[l < nv ? l : 0];
    return v;
}
static SC_INL void SC_ST(sc_scal *p, sc_real v, int nv) {
    if (nv == SC_W) {
        memcpy(p, &v, sizeof v);
        return;
    }
    for (int l = 0; l < nv; l++)
        p[l] = v[l];
}

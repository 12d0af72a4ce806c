/* cpu.h: the primitives of the vectorised CPU dialect (emit_cpu.c), after its types (gen_real a GCC
 * vector of GEN_W gen_scal, gen_mask, gen_idx) and GEN_INL: broadcast, selection, lane masks, loads and
 * stores of partial blocks. */
/* ---- emitted from the next line on (codegen/embed.cmake) ---- */
static GEN_INL gen_real gen_bc(gen_scal x) { /* every lane x (exactly: -0.0 stays -0.0) */
    gen_real v;
    for (int l = 0; l < GEN_W; l++)
        v[l] = x;
    return v;
}
static GEN_INL gen_mask gen_mbc(int b) { return (gen_mask){0} - (b != 0); }
static GEN_INL gen_real gen_sel(gen_mask m, gen_real a, gen_real b) {
    return (gen_real)((m & (gen_mask)a) | (~m & (gen_mask)b));
}
static GEN_INL gen_real gen_m2r(gen_mask m) { return gen_sel(m, gen_bc(1), gen_bc(0)); }
static GEN_INL gen_mask gen_not(gen_mask m) { return ~m; }
static GEN_INL gen_mask gen_and(gen_mask a, gen_mask b) { return a & b; }
static GEN_INL gen_mask gen_or(gen_mask a, gen_mask b) { return a | b; }
static GEN_INL gen_mask gen_andnot(gen_mask a, gen_mask b) { return a & ~b; }
static GEN_INL int gen_any(gen_mask m) {
    for (int l = 0; l < GEN_W; l++)
        if (m[l])
            return 1;
    return 0;
}
static GEN_INL int gen_all(gen_mask m) {
    for (int l = 0; l < GEN_W; l++)
        if (!m[l])
            return 0;
    return 1;
}

/* Load / store GEN_W consecutive cells; nv < GEN_W: only nv are real (the others repeat
 * cell 0 of the block on load and are not stored). */
static GEN_INL gen_real GEN_LD(const gen_scal *p, int nv) {
    gen_real v;
    if (nv == GEN_W) {
        memcpy(&v, p, sizeof v);
        return v;
    }
    for (int l = 0; l < GEN_W; l++)
        v[l] = p[l < nv ? l : 0];
    return v;
}
static GEN_INL void GEN_ST(gen_scal *p, gen_real v, int nv) {
    if (nv == GEN_W) {
        memcpy(p, &v, sizeof v);
        return;
    }
    for (int l = 0; l < nv; l++)
        p[l] = v[l];
}

/* emit_watch.c: the physiology watch in the kernels (the bounds: watch.c).
 *
 * Every back end's step loop passes Vm (Iion outside bench's mode) to sc_check, which records the
 * earliest failing cell-step of a call. A model with watched states gets ID_watch, whose mask is
 * false where a watched state left its bounds (or is not finite); the loop then hands sc_check an
 * infinite value for those cells, so that the same record stops the run (unless the call sets
 * SC_STEP_NO_WATCH). The descriptor's sv_lo/sv_hi let the host name the state. */
#include "emit.h"

int emit_nwatched(const CgModel *m) {
    int n = 0;
    for (int i = 0; i < m->nstates; i++)
        n += m->states[i].watch != CG_WATCH_NONE;
    return n;
}

void emit_watch_fn(Em *e) {
    const CgModel *m = e->m;
    if (!emit_nwatched(m))
        return;
    fprintf(e->out,
            "/* The physiology watch: false where a gate left [0, 1] or a concentration fell below 0\n"
            " * (with margins), or a watched state is not finite. */\n"
            "static SC_INL sc_mask %s_watch(const sc_real *sc_x) {\n    sc_mask sc_ok = sc_mbc(1);\n",
            e->id);
    for (int i = 0; i < m->nstates; i++) {
        const CgState *st = &m->states[i];
        if (st->watch == CG_WATCH_NONE)
            continue;
        fprintf(e->out, "    sc_ok = sc_and(sc_ok, sc_x[%d] >= (sc_scal)", i);
        emit_num(e, st->watch_lo);
        fprintf(e->out, ");");
        if (st->watch == CG_WATCH_UNIT) {
            fprintf(e->out, "\n    sc_ok = sc_and(sc_ok, sc_x[%d] <= (sc_scal)", i);
            emit_num(e, st->watch_hi);
            fprintf(e->out, ");");
        }
        fprintf(e->out, "   /* %s: %s */\n", emit_safe_text(e, st->sym->name),
                st->watch == CG_WATCH_UNIT ? "a gate" : "a concentration");
    }
    fprintf(e->out, "    return sc_ok;\n}\n\n");
}

const char *emit_watch_use(Em *e) {
    if (!emit_nwatched(e->m))
        return "";
    return ar_printf(&e->ar,
                     "        if (!(sc_flags & SC_STEP_NO_WATCH))\n"
                     "            sc_chk = sc_sel(%s_watch(sc_x), sc_chk, sc_bc((sc_scal)HUGE_VAL));\n",
                     e->id);
}

/* emit_watch.c: the physiology watch in the kernels (the bounds: watch.c).
 *
 * Every back end's step loop passes Vm (Iion outside bench's mode) to gen_check, which records the
 * earliest failing cell-step of a call. A model with watched states gets ID_watch, whose mask is
 * false where a watched state left its bounds (or is not finite); the loop then hands gen_check an
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
            "static GEN_INL gen_mask %s_watch(const gen_real *gen_x) {\n    gen_mask gen_ok = gen_mbc(1);\n",
            e->id);
    for (int i = 0; i < m->nstates; i++) {
        const CgState *st = &m->states[i];
        if (st->watch == CG_WATCH_NONE)
            continue;
        fprintf(e->out, "    gen_ok = gen_and(gen_ok, gen_x[%d] >= (gen_scal)", i);
        emit_num(e, st->watch_lo);
        fprintf(e->out, ");");
        if (st->watch == CG_WATCH_UNIT) {
            fprintf(e->out, "\n    gen_ok = gen_and(gen_ok, gen_x[%d] <= (gen_scal)", i);
            emit_num(e, st->watch_hi);
            fprintf(e->out, ");");
        }
        fprintf(e->out, "   /* %s: %s */\n", emit_safe_text(e, st->sym->name),
                st->watch == CG_WATCH_UNIT ? "a gate" : "a concentration");
    }
    fprintf(e->out, "    return gen_ok;\n}\n\n");
}

const char *emit_watch_use(Em *e) {
    if (!emit_nwatched(e->m))
        return "";
    return ar_printf(&e->ar,
                     "        if (!(gen_flags & SC_STEP_NO_WATCH))\n"
                     "            gen_chk = gen_sel(%s_watch(gen_x), gen_chk, gen_bc((gen_scal)HUGE_VAL));\n",
                     e->id);
}

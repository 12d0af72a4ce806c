/* progress.c: the progress report of long runs (progress.h). */
#include <stdio.h>

#include "commands.h"
#include "progress.h"
#include "starcarp_util.h"

void cli_progress(CliProgress *p, long d, long total, double t_ms) {
    if (!p->on || total <= 0)
        return;
    int pc = (int)(100.0 * (double)d / (double)total);
    if (p->tty) {
        if (pc == p->last && d < total)
            return;
        int w = 40, fill = pc * w / 100;
        fprintf(stderr, "\r[%.*s%*s] %3d%%  t = %.1f ms  %.1f s", fill,
                "########################################", w - fill, "", pc, t_ms, sc_now_s() - p->t0);
        if (d >= total)
            fputc('\n', stderr);
    } else {
        if (pc / 10 == p->last / 10 && d < total)
            return;
        fprintf(stderr, "progress: %3d%%  t = %.1f ms  %.1f s\n", pc, t_ms, sc_now_s() - p->t0);
    }
    p->last = pc;
}

void cli_progress_end(CliProgress *p) {
    if (p->on && p->tty && p->last >= 0 && p->last < 100)
        fputc('\n', stderr);
}

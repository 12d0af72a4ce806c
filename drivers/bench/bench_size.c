/* bench_size.c: the size of a `starcarp bench` run: its outputs' bytes, their refusal, the line
 * with its steps and an estimate of its wall time (bench_size.h). */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "bench_size.h"
#include "starcarp_util.h"

/* Whether the run writes Trace_<N>.dat (bench_side.c's rule). */
static int traces(const BenchOpts *o, const ScModelDesc *d) {
    return !o->no_trace && d->ntraces > 0 && d->c_run[0];
}

double bsz_out_bytes(const BenchOpts *o, const ScModelDesc *d, const int *dump) {
    double rows = (double)bopt_nout(o), per_probe = 0, trace = 0;
    int nstate = 0;
    for (int k = 0; k < d->nsv; k++)
        nstate += o->validate || (dump && dump[k]);
    if (!o->restitute || o->res_trace)
        per_probe = o->binary || o->validate ? 3 * 8 : 43;
    per_probe += 8.0 * nstate;
    if (traces(o, d)) /* "%4.10f\t", then "%4.12f\t" each */
        trace = floor(log10(o->duration > 1 ? o->duration : 1)) + 13 + 17.0 * d->ntraces;
    return rows * (per_probe * (double)o->nprobe + trace);
}

const char *bsz_bytes_text(double bytes, char *buf, size_t len) {
    static const char *const unit[] = {"B", "kB", "MB", "GB", "TB", "PB"};
    int u = 0;
    while (bytes >= 1000 && u < 5)
        bytes /= 1000, u++;
    snprintf(buf, len, "%.3g %s", bytes, unit[u]);
    return buf;
}

const char *bsz_secs_text(double s, char *buf, size_t len) {
    if (s < 100)
        snprintf(buf, len, "%.2g s", s);
    else if (s < 6000)
        snprintf(buf, len, "%.2g min", s / 60);
    else if (s < 360000)
        snprintf(buf, len, "%.3g h", s / 3600);
    else
        snprintf(buf, len, "%.3g days", s / 86400);
    return buf;
}

int bsz_check(const BenchOpts *o, const ScModelDesc *d, const int *dump, char *err, size_t errlen) {
    double bytes = bsz_out_bytes(o, d, dump);
    if (bytes <= BSZ_HUGE_BYTES || o->long_run)
        return 0;
    int tr = traces(o, d);
    char b[32], h[32];
    sc_set_err(err, errlen,
               "the outputs would hold about %s (%ld rows, every --dt-out %g ms from --start-out %g ms to "
               "--duration %g ms, for %ld probe cell%s%s), beyond %s; a longer --dt-out, a later "
               "--start-out%s fewer --probe cells%s make them smaller, --long-run writes them",
               bsz_bytes_text(bytes, b, sizeof b), bopt_nout(o), o->dt_out, o->start_out, o->duration,
               o->nprobe, o->nprobe > 1 ? "s" : "", tr ? " and Trace_N.dat" : "",
               bsz_bytes_text(BSZ_HUGE_BYTES, h, sizeof h), tr ? "," : " or", tr ? " or --no-trace" : "");
    return -1;
}

void bsz_eta_start(BszEta *e, long d_first, long d_end, double now) {
    *e = (BszEta){d_first, d_end, now, -1, now, 0};
}

int bsz_eta_due(BszEta *e, long d, double now) {
    if (e->told)
        return 0;
    if (e->d_mark < 0) /* the end of the first piece: the warm-up's stretch starts here */
        e->d_mark = d, e->t_mark = now;
    else if (now - e->t_mark < BSZ_WARM_S && d < e->d_end)
        return 0;
    if (d < e->d_end && d == e->d_mark)
        return 0;
    e->told = 1;
    return 1;
}

double bsz_eta_total(const BszEta *e, long d, double now) {
    double elapsed = now - e->t_start;
    if (d >= e->d_end)
        return elapsed;
    /* the stretch after the first piece, or the whole run so far when there is none */
    int after = e->d_mark >= 0 && d > e->d_mark && now > e->t_mark;
    double steps = after ? (double)(d - e->d_mark) : (double)(d - e->d_first);
    double wall = after ? now - e->t_mark : elapsed;
    return steps > 0 && wall > 0 ? elapsed + (double)(e->d_end - d) * wall / steps : elapsed;
}

void bsz_line(FILE *f, const BenchOpts *o, const BszEta *e, long d, double now, double bytes) {
    char b[64] = "", w[32], s[32];
    if (bytes > 0) {
        snprintf(b, sizeof b, ", about ");
        bsz_bytes_text(bytes, b + strlen(b), sizeof b - strlen(b));
        strncat(b, " of outputs", sizeof b - strlen(b) - 1);
    }
    fprintf(f,
            "starcarp bench: %ld steps of %g ms to t = %.10g ms on %ld cell%s%s; wall time about %s (an "
            "estimate from its first %s)\n",
            e->d_end - e->d_first, o->dt, o->duration, o->num, o->num > 1 ? "s" : "", b,
            bsz_secs_text(bsz_eta_total(e, d, now), w, sizeof w),
            bsz_secs_text(now - e->t_start, s, sizeof s));
}

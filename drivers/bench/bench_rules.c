/* bench_rules.c: the rules of `starcarp bench`'s options taken together (conflicts, defaults that
 * depend on other options, the restitution protocol's pulses), the timing rules (steps, stimulus,
 * clamps, outputs) and the --help text, made from the option table (bench_opts.c): a short synopsis,
 * then cli_opt_help's lines of its rows. See bench_opts.h. */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench_optint.h"
#include "bench_size.h"
#include "starcarp_model.h"

/* Whether t / dt maps to a step index that the step arithmetic can hold. */
static int steps_fit(double t, double dt) { return t / dt <= BOPT_MAX_STEPS; }

/* A time option that must lie within the run: defaults to the end, needs its file option. */
static int check_run_time(const char *topt, int given, double *t, const char *fopt, const char *file,
                          const BenchOpts *o, char *err, size_t errlen) {
    if (given && !file)
        return FAIL(err, errlen, "%s needs %s", topt, fopt);
    if (!given)
        *t = o->duration;
    if (bopt_step(o, *t) > bopt_nsteps(o))
        return FAIL(err, errlen, "%s (%g ms) is after the end of the run (--duration %g ms)", topt, *t,
                    o->duration);
    return 0;
}

/* --restitute: the protocol file's pulses become the stimulus times (from --stim-start). */
static int restitution(BenchOpts *o, const BoptSeen *seen, char *err, size_t errlen) {
    if (!o->restitute) {
        const char *r = bopt_given(seen, "--res-file") ? "--res-file" : bopt_given(seen, "--res-trace");
        return r ? FAIL(err, errlen, "%s needs --restitute (S1S2 or dyn)", r) : 0;
    }
    if (!o->res_file)
        return FAIL(err, errlen, "--restitute %s needs --res-file (the protocol file)", o->restitute);
    if (brs_load(o->res_file, o->res.kind, &o->res, err, errlen) < 0 ||
        brs_check_usual(&o->res, o->res_file, o->stim_start + o->past_stim, o->dt, o->long_run, err, errlen) <
            0)
        return -1;
    long n = brs_times(&o->res, o->stim_start, &o->stim_times, &o->stim_marks, err, errlen);
    if (n < 0)
        return -1;
    o->nstim_times = n;
    return 0;
}

/* The stimulus options together: the default duration, --past-stim, --stim-volt, the clamps. */
static int check_stimulus(BenchOpts *o, const BoptSeen *seen, char *err, size_t errlen) {
    if (restitution(o, seen, err, errlen) < 0)
        return -1;
    if (bopt_given(seen, "--duration") && bopt_given(seen, "--past-stim"))
        return FAIL(err, errlen, "%s conflicts with %s: --past-stim sets the default --duration; give one",
                    bopt_given(seen, "--past-stim"), bopt_given(seen, "--duration"));
    if (!bopt_given(seen, "--duration")) {
        if (o->stim_times)
            o->duration = o->stim_times[o->nstim_times - 1] + o->past_stim;
        else
            o->duration =
                o->stim_start + o->bcl * (double)(o->numstim > 1 ? o->numstim - 1 : 0) + o->past_stim;
    }
    if (bopt_given(seen, "--stim-volt"))
        o->stim_volt_on = 1, o->stim_curr = 0;
    o->clamp_ini_on = bopt_given(seen, "--clamp-ini") != NULL;
    const char *cl = bopt_given(seen, "--clamp"), *cs = bopt_given(seen, "--clamp-start");
    if ((cl || cs) && !bopt_given(seen, "--clamp-dur"))
        return FAIL(err, errlen, "%s needs --clamp-dur (the clamp's length in ms)", cl ? cl : cs);
    if (o->clamp_dur > 0 && bopt_step(o, o->clamp_start) > bopt_nsteps(o))
        return FAIL(err, errlen, "--clamp-start (%g ms) is after the end of the run (--duration %g ms)",
                    o->clamp_start, o->duration);
    if (bopt_given(seen, "--clamp-dur") && bopt_step(o, o->clamp_dur) < 1 && !o->clamp_ini_on)
        return FAIL(err, errlen, "--clamp-dur (%g ms) rounds to 0 steps of --dt %g ms: no step is clamped",
                    o->clamp_dur, o->dt);
    return 0;
}

/* The output options together. */
static int check_outputs(BenchOpts *o, const BoptSeen *seen, char *err, size_t errlen) {
    if (o->no_trace && bopt_given(seen, "--trace-no"))
        return FAIL(err, errlen, "--trace-no conflicts with --no-trace: no trace file is written");
    if (o->binary && !o->fout)
        return FAIL(err, errlen, "%s (binary output) needs --fout", bopt_given(seen, "--bin"));
    if (bopt_step(o, o->dt_out) < 1)
        return FAIL(err, errlen, "--dt-out (%g ms) rounds to 0 steps of --dt %g ms; give at least one step",
                    o->dt_out, o->dt);
    if (bopt_step(o, o->start_out) > bopt_nsteps(o))
        return FAIL(err, errlen, "--start-out (%g ms) is after the end of the run (--duration %g ms)",
                    o->start_out, o->duration);
    if (check_run_time("--save-ini-time", bopt_given(seen, "--save-ini-time") != NULL, &o->save_ini_time,
                       "--save-ini-file", o->save_ini_file, o, err, errlen))
        return -1;
    const char *ct = bopt_given(seen, "--checkpoint-time") ? "--checkpoint-time" : "--save-time";
    const char *cf = bopt_given(seen, "--save-file")    ? "--save-file"
                     : bopt_given(seen, "--checkpoint") ? "--checkpoint"
                     : !strcmp(ct, "--save-time")       ? "--save-file"
                                                        : "--checkpoint";
    if (check_run_time(ct, bopt_given(seen, ct) != NULL, &o->checkpoint_time, cf, o->checkpoint, o, err,
                       errlen))
        return -1;
    for (long k = 0; k < o->nprobe; k++) {
        if (o->probe[k] >= o->num)
            return FAIL(err, errlen, "--probe: cell %ld is out of range (--num %ld: cells 0 to %ld)",
                        o->probe[k], o->num, o->num - 1);
        for (long j = 0; j < k; j++)
            if (o->probe[j] == o->probe[k])
                return FAIL(err, errlen, "--probe: cell %ld is listed twice", o->probe[k]);
    }
    return 0;
}

/* Every time option maps to a step index the step arithmetic can hold. */
static int check_steps(const BenchOpts *o, char *err, size_t errlen) {
    const struct {
        const char *name;
        double t;
    } times[] = {{"--duration", o->duration},
                 {"--stim-start", o->stim_start},
                 {"--bcl", o->bcl},
                 {"--stim-dur", o->stim_dur},
                 {"--dt-out", o->dt_out},
                 {"--start-out", o->start_out},
                 {"--save-ini-time", o->save_ini_time},
                 {"--checkpoint-time", o->checkpoint_time},
                 {"--clamp-start", o->clamp_start},
                 {"--clamp-dur", o->clamp_dur}};
    for (size_t k = 0; k < sizeof times / sizeof times[0]; k++)
        if (!steps_fit(times[k].t, o->dt))
            return FAIL(err, errlen, "%s (%g ms) is more than %g steps of --dt %g ms", times[k].name,
                        times[k].t, BOPT_MAX_STEPS, o->dt);
    for (long k = 0; k < o->nstim_times; k++)
        if (!steps_fit(o->stim_times[k], o->dt))
            return FAIL(err, errlen, "--stim-times: %g ms is more than %g steps of --dt %g ms",
                        o->stim_times[k], BOPT_MAX_STEPS, o->dt);
    return 0;
}

const char *bopt_given(const BoptSeen *seen, const char *name) {
    for (size_t k = 0; k < sizeof seen->name / sizeof seen->name[0] && seen->name[k]; k++)
        if (!strcmp(name, seen->name[k]) || (seen->alias[k] && !strcmp(name, seen->alias[k])))
            return seen->as[k];
    return NULL;
}

int bopt_check_together(BenchOpts *o, const BoptSeen *seen, char *err, size_t errlen) {
    if (!o->imp && (!o->list_imps || o->imp_info))
        return FAIL(err, errlen,
                    "--imp is required: the ionic model (a name from --list-imps, or a .model "
                    "file)");
    if (check_stimulus(o, seen, err, errlen) < 0 || check_steps(o, err, errlen) < 0 ||
        check_outputs(o, seen, err, errlen) < 0)
        return -1;
    if (!o->stim_times && o->numstim > 1 && bopt_pulse_steps(o) > bopt_step(o, o->bcl))
        return FAIL(err, errlen,
                    "--stim-dur (%g ms) is longer than --bcl (%g ms, %ld steps of --dt %g ms): "
                    "with --numstim %ld the pulses would overlap",
                    o->stim_dur, o->bcl, bopt_step(o, o->bcl), o->dt, o->numstim);
    if (o->steps_per_task > INT_MAX)
        return FAIL(err, errlen, "--steps-per-task (%ld) is above %d", o->steps_per_task, INT_MAX);
    if (o->quiet && o->progress)
        return FAIL(err, errlen, "--quiet and --progress exclude each other");
    if (o->ncpu == 0 && o->ngpu == 0)
        return FAIL(err, errlen, "--ncpu 0 with --ngpu 0 leaves no worker to run on");
    if (o->restart && o->read_ini_file)
        return FAIL(err, errlen, "--restart and --read-ini-file both give the initial state; use one");
    if (o->force_single && o->precision != SC_SINGLE)
        return FAIL(err, errlen,
                    "--force-single goes with --precision single (it runs single precision "
                    "where its check fails)");
    return 0;
}

/* The help lines of bench's options (bench 1) or of starcarp's own (bench 0), refused ones left out. */
static void help_rows(FILE *out, int bench) {
    for (int k = 0; k < bopt_nopts; k++)
        if ((bopt_opts[k].opencarp != NULL) == bench)
            cli_opt_help(out, &bopt_opts[k], 1);
}

/* The names of the refused options (with their short letter), comma-separated, wrapped at 100
 * columns under a 4-space indent. */
static void help_refused(FILE *out) {
    fputs("  refused, with the reason (plugins, strain, light, current and state clamps from files ...):\n",
          out);
    int col = 0;
    for (int k = 0; k < bopt_nopts; k++) {
        const CliOpt *d = &bopt_opts[k];
        if (d->type != CLI_REFUSED)
            continue;
        char word[96];
        int len = d->alias ? snprintf(word, sizeof word, "%s (%s)", d->name, d->alias)
                           : snprintf(word, sizeof word, "%s", d->name);
        if (col > 0 && col + 2 + len <= 100) {
            fputs(", ", out);
            col += 2;
        } else {
            fputs(col > 0 ? ",\n    " : "    ", out);
            col = 4;
        }
        fputs(word, out);
        col += len;
    }
    fputs("\n", out);
}

void bopt_usage(FILE *out) {
    fputs("usage: starcarp bench --imp MODEL [OPTIONS]\n"
          "Runs an ionic model on one cell or many, with the options and outputs of openCARP's bench.\n"
          "Values go as --opt VALUE or --opt=VALUE (bench's short options: -T 2 or -T2, flags grouped as\n"
          "-vB); times in ms. Each option may be given once (--vary: several times). docs/bench-options.md\n"
          "lists every option of openCARP's bench and what starcarp does with it.\n"
          "\nbench options:\n",
          out);
    help_rows(out, 1);
    help_refused(out);
    fputs("\nstarcarp extensions:\n", out);
    help_rows(out, 0);
    fprintf(out,
            "\nLong runs: a restitution protocol beyond %g min of simulated time or %ld pulses, or outputs\n"
            "beyond %g GB, are refused before the run unless --long-run is given.\n",
            BRS_USUAL_MS / 60000, BRS_USUAL_PULSES, BSZ_HUGE_BYTES / 1e9);
    fputs("Several nodes: mpirun -np N starcarp bench ... (StarPU-MPI; each rank advances its share\n"
          "of the cells, rank 0 writes the outputs).\n",
          out);
}

long bopt_step(const BenchOpts *o, double t) { return lround(t / o->dt); }

long bopt_nsteps(const BenchOpts *o) { return bopt_step(o, o->duration); }

long bopt_pulse_steps(const BenchOpts *o) {
    long p = bopt_step(o, o->stim_dur);
    return p > 1 ? p : 1;
}

int bopt_train(const BenchOpts *o, BoptTrain *tr) {
    if (o->stim_times)
        return -1;
    tr->start = bopt_step(o, o->stim_start);
    tr->pulse = bopt_pulse_steps(o);
    tr->period = o->numstim > 1 ? bopt_step(o, o->bcl) : 0;
    tr->count = o->numstim;
    return 0;
}

int bopt_stim_on(const BenchOpts *o, long d) {
    long pulse = bopt_pulse_steps(o);
    if (o->stim_times) {
        /* the latest pulse starting at or before d ends last: binary search for it */
        long lo = 0, hi = o->nstim_times; /* first index whose start is after d */
        while (lo < hi) {
            long mid = lo + (hi - lo) / 2;
            if (bopt_step(o, o->stim_times[mid]) <= d)
                lo = mid + 1;
            else
                hi = mid;
        }
        return lo > 0 && d - bopt_step(o, o->stim_times[lo - 1]) < pulse;
    }
    BoptTrain tr;
    bopt_train(o, &tr);
    if (tr.count <= 0 || d < tr.start)
        return 0;
    if (tr.period <= 0)
        return d - tr.start < tr.pulse;
    return (d - tr.start) / tr.period < tr.count && (d - tr.start) % tr.period < tr.pulse;
}

int bopt_is_output(const BenchOpts *o, long d) {
    long s = bopt_step(o, o->start_out), every = bopt_step(o, o->dt_out);
    return d >= s && (d - s) % every == 0;
}

long bopt_nout(const BenchOpts *o) {
    long s = bopt_step(o, o->start_out), last = bopt_nsteps(o);
    return last < s ? 0 : (last - s) / bopt_step(o, o->dt_out) + 1;
}

double bopt_vary_value(const BoptVary *v, long i, long ncells, double base) {
    double f = ncells > 1 ? (double)i / (double)(ncells - 1) : 0;
    switch (v->mode) {
        case BOPT_VARY_LOG:
            return v->lo * pow(v->hi / v->lo, f);
        case BOPT_VARY_SCALE:
            return base * (v->lo + (v->hi - v->lo) * f);
        default:
            return v->lo + (v->hi - v->lo) * f;
    }
}

int bopt_clamp_at(const BenchOpts *o, long d, double *v) {
    double x = 0;
    int on = 0;
    if (o->stim_volt_on && bopt_stim_on(o, d))
        x = o->stim_volt, on = 1;
    long c0 = bopt_step(o, o->clamp_start), c1 = c0 + bopt_step(o, o->clamp_dur);
    if (o->clamp_dur > 0 && d >= c0 && d < c1)
        x = o->clamp, on = 1;
    else if (o->clamp_ini_on && !on)
        x = o->clamp_ini, on = 1;
    if (on && v)
        *v = x;
    return on;
}

int bopt_any_clamp(const BenchOpts *o) {
    return o->stim_volt_on || o->clamp_ini_on || (o->clamp_dur > 0 && bopt_step(o, o->clamp_dur) >= 1);
}

const char *bopt_no_stimulus(const BenchOpts *o) {
    if (bopt_any_clamp(o))
        return NULL;
    if (!o->stim_times && o->numstim == 0)
        return "--numstim 0 without --stim-times";
    if (o->stim_curr == 0)
        return "--stim-curr 0";
    return NULL;
}

long bopt_ap_every(const BenchOpts *o) {
    long k = lround(BOPT_AP_MS / o->dt);
    return k > 1 ? k : 1;
}

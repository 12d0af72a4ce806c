/* test_bench_opts.c: unit tests of `starcarp bench`'s command line (drivers/bench/bench_opts.c): bench's
 * defaults, both value forms, every class of error and its message, and the timing rules (steps,
 * stimulus, output steps) against a direct reading of docs/spec/bench.md. */
#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#include "bench_opts.h"
#include "bench_size.h"
#include "test.h"

static BenchOpts o;
static char err[512];

/* Parse "bench" followed by the blank-separated words of line (no quoting). */
static int parse(const char *line) {
    char **argv;
    int argc = t_words("bench", line, &argv);
    bopt_free(&o);
    err[0] = '\0';
    return bopt_parse(argc, argv, &o, err, sizeof err);
}

/* Parse an explicit argument vector (for values with blanks or empty ones). */
static int parse_argv(int argc, char **argv) {
    bopt_free(&o);
    err[0] = '\0';
    return bopt_parse(argc, argv, &o, err, sizeof err);
}

/* line must fail with exactly the message want. */
static void check_error(const char *line, const char *want) {
    int rc = parse(line);
    ASSERT_EQ_INT(-1, rc);
    ASSERT_EQ_STR(want, err);
    if (rc != -1 || strcmp(want, err))
        fprintf(stderr, "  for \"%s\"\n", line);
    ASSERT(o.probe == NULL && o.stim_times == NULL); /* nothing left to free */
}

static void test_defaults(void) {
    ASSERT_EQ_INT(0, parse("--imp TT2"));
    ASSERT_EQ_STR("", err);
    ASSERT_EQ_STR("TT2", o.imp);
    ASSERT_EQ_STR("", o.imp_par);
    ASSERT(o.dt == 0.01);
    ASSERT_EQ_INT(1, o.num);
    ASSERT_EQ_INT(1, o.numstim);
    ASSERT(o.stim_start == 1.0);
    ASSERT(o.bcl == 1000);
    ASSERT(o.stim_dur == 1.0);
    ASSERT(o.stim_curr == 60.0);
    ASSERT(o.stim_times == NULL);
    ASSERT(o.dt_out == 1.0);
    ASSERT(o.start_out == 0);
    ASSERT(o.fout == NULL);
    ASSERT(!o.binary && !o.validate && !o.list_imps && !o.imp_info);
    ASSERT(o.imp_sv_dump == NULL && o.save_ini_file == NULL && o.read_ini_file == NULL);
    ASSERT(o.duration == 1.0 + 1000); /* stim_start + bcl*(numstim-1) + 1000 */
    ASSERT(o.save_ini_time == o.duration && o.checkpoint_time == o.duration);
    ASSERT_EQ_INT(SC_DOUBLE, o.precision);
    ASSERT_EQ_INT(10, o.steps_per_task);
    ASSERT_EQ_INT(-1, o.ncpu);
    ASSERT_EQ_INT(-1, o.ngpu);
    ASSERT(o.sched == NULL); /* the placement module's choice, dmda (sc_sched_policy: scheduler.speeds) */
    ASSERT(o.perfmodels == NULL && o.checkpoint == NULL && o.restart == NULL && o.plot == NULL);
    ASSERT(!o.no_lut && !o.quiet && !o.progress);
    ASSERT(o.rtol == 0 && o.atol == 0);
    ASSERT(o.vm_bound == 1000);
    ASSERT_EQ_INT(1, o.nprobe);
    ASSERT(o.probe && o.probe[0] == 0);
    ASSERT_EQ_INT(0, o.nvary);
    ASSERT(o.seed == 1);
    /* --list-imps needs no model */
    ASSERT_EQ_INT(0, parse("--list-imps"));
    ASSERT(o.list_imps && o.imp == NULL);
}

static void test_duration_default(void) {
    ASSERT_EQ_INT(0, parse("--imp M --numstim 3 --bcl 500 --stim-start 10"));
    ASSERT(o.duration == 10 + 500.0 * 2 + 1000);
    ASSERT_EQ_INT(0, parse("--imp M --numstim 0 --stim-start 5"));
    ASSERT(o.duration == 5 + 1000.0);
    /* the options' order does not matter: the default is computed after parsing */
    ASSERT_EQ_INT(0, parse("--imp M --bcl 300 --numstim 2"));
    ASSERT(o.duration == 1 + 300.0 + 1000);
    ASSERT_EQ_INT(0, parse("--imp M --stim-times 100,50,300"));
    ASSERT(o.duration == 300 + 1000.0);
    ASSERT_EQ_INT(0, parse("--duration 20 --imp M --numstim 5"));
    ASSERT(o.duration == 20);
    ASSERT(o.save_ini_time == 20);
}

static void test_value_forms(void) {
    ASSERT_EQ_INT(0, parse("--imp=TT2 --dt=0.005 --num=8 --stim-curr=-35.5 --imp-par=GNa*2"));
    ASSERT_EQ_STR("TT2", o.imp);
    ASSERT(o.dt == 0.005 && o.num == 8 && o.stim_curr == -35.5);
    ASSERT_EQ_STR("GNa*2", o.imp_par);
    ASSERT_EQ_INT(0, parse("--imp TT2 --dt 0.005 --num 8 --stim-curr -35.5 -p GNa*2"));
    ASSERT(o.dt == 0.005 && o.num == 8 && o.stim_curr == -35.5);
    ASSERT_EQ_STR("GNa*2", o.imp_par);
    /* integers written as integral numbers */
    ASSERT_EQ_INT(0, parse("--imp M --num 1e6"));
    ASSERT_EQ_INT(1000000, o.num);
    /* --fout: bare, =NAME, NAME, and before another option */
    ASSERT_EQ_INT(0, parse("--imp M --fout"));
    ASSERT_EQ_STR("BENCH_REG", o.fout);
    ASSERT_EQ_INT(0, parse("--imp M --fout=run1"));
    ASSERT_EQ_STR("run1", o.fout);
    ASSERT_EQ_INT(0, parse("--imp M --fout run2 -B"));
    ASSERT_EQ_STR("run2", o.fout);
    ASSERT(o.binary);
    ASSERT_EQ_INT(0, parse("--fout -B --imp M -v"));
    ASSERT_EQ_STR("BENCH_REG", o.fout);
    ASSERT(o.binary && o.validate);
    /* an empty --imp-par is no change */
    char *av[] = {"bench", "--imp", "M", "--imp-par", "", NULL};
    ASSERT_EQ_INT(0, parse_argv(5, av));
    ASSERT_EQ_STR("", o.imp_par);
    /* the starcarp options */
    ASSERT_EQ_INT(0, parse("--imp M --precision single --steps-per-task 25 --ncpu 3 --ngpu 0 --sched eager "
                           "--perfmodels pm --no-lut --no-watch --rtol 1e-6 --atol=1e-9 --vm-bound 500 "
                           "--checkpoint c.bin --checkpoint-time 3 --plot a.png --seed 42 -q --num 10 "
                           "--probe 3,0,9"));
    ASSERT_EQ_INT(SC_SINGLE, o.precision);
    ASSERT_EQ_INT(25, o.steps_per_task);
    ASSERT_EQ_INT(3, o.ncpu);
    ASSERT_EQ_INT(0, o.ngpu);
    ASSERT_EQ_STR("eager", o.sched);
    ASSERT_EQ_STR("pm", o.perfmodels);
    ASSERT(o.no_lut && o.no_watch && o.quiet);
    ASSERT(o.rtol == 1e-6 && o.atol == 1e-9 && o.vm_bound == 500);
    ASSERT_EQ_STR("c.bin", o.checkpoint);
    ASSERT(o.checkpoint_time == 3);
    ASSERT_EQ_STR("a.png", o.plot);
    ASSERT(o.seed == 42);
    ASSERT_EQ_INT(3, o.nprobe);
    ASSERT(o.probe[0] == 3 && o.probe[1] == 0 && o.probe[2] == 9);
    ASSERT_EQ_INT(0, parse("--imp M --precision 32"));
    ASSERT_EQ_INT(SC_SINGLE, o.precision);
    ASSERT_EQ_INT(0, parse("--imp M --precision=64"));
    ASSERT_EQ_INT(SC_DOUBLE, o.precision);
    ASSERT_EQ_INT(0, parse("--imp M --save-ini-file s.txt --save-ini-time 500 --read-ini-file r.txt "
                           "--imp-sv-dump Ca_i,h --imp-info"));
    ASSERT_EQ_STR("s.txt", o.save_ini_file);
    ASSERT(o.save_ini_time == 500);
    ASSERT_EQ_STR("r.txt", o.read_ini_file);
    ASSERT_EQ_STR("Ca_i,h", o.imp_sv_dump);
    ASSERT(o.imp_info);
    ASSERT_EQ_INT(0, parse("--imp M --stim-times 5,2"));
    ASSERT_EQ_INT(2, o.nstim_times);
    ASSERT(o.stim_times[0] == 2 && o.stim_times[1] == 5); /* sorted */
}

static void test_vary(void) {
    ASSERT_EQ_INT(0, parse("--imp M --num 5 --vary GNa=1:2 --vary=g_K1=0.1:10:log --vary GCaL*0.5:1.5"));
    ASSERT_EQ_INT(3, o.nvary);
    ASSERT_EQ_STR("GNa", o.vary[0].name);
    ASSERT_EQ_INT(BOPT_VARY_LINEAR, o.vary[0].mode);
    ASSERT(o.vary[0].lo == 1 && o.vary[0].hi == 2);
    ASSERT_EQ_STR("g_K1", o.vary[1].name);
    ASSERT_EQ_INT(BOPT_VARY_LOG, o.vary[1].mode);
    ASSERT(o.vary[1].lo == 0.1 && o.vary[1].hi == 10);
    ASSERT_EQ_STR("GCaL", o.vary[2].name);
    ASSERT_EQ_INT(BOPT_VARY_SCALE, o.vary[2].mode);
    ASSERT(o.vary[2].lo == 0.5 && o.vary[2].hi == 1.5);
    ASSERT_NEAR(1.0, bopt_vary_value(&o.vary[0], 0, 5, 0), 0);
    ASSERT_NEAR(1.5, bopt_vary_value(&o.vary[0], 2, 5, 0), 1e-15);
    ASSERT_NEAR(2.0, bopt_vary_value(&o.vary[0], 4, 5, 0), 1e-15);
    ASSERT_NEAR(1.0, bopt_vary_value(&o.vary[1], 2, 5, 0), 1e-15); /* geometric midpoint */
    ASSERT_NEAR(10.0, bopt_vary_value(&o.vary[1], 4, 5, 0), 1e-13);
    ASSERT_NEAR(3.0, bopt_vary_value(&o.vary[2], 2, 5, 3.0), 1e-15); /* 1.0 * base */
    ASSERT_NEAR(4.5, bopt_vary_value(&o.vary[2], 4, 5, 3.0), 1e-15);
    ASSERT_NEAR(1.0, bopt_vary_value(&o.vary[0], 0, 1, 0), 0); /* one cell: lo */
    /* up to 16 */
    char line[2048] = "--imp M";
    for (int k = 0; k < 16; k++)
        snprintf(line + strlen(line), sizeof line - strlen(line), " --vary p%d=0:1", k);
    ASSERT_EQ_INT(0, parse(line));
    ASSERT_EQ_INT(16, o.nvary);
    strcat(line, " --vary q=0:1");
    check_error(line, "--vary: at most 16 parameters can vary in one run ('q=0:1' is one more)");
    const char *bad[] = {"GNa",    "GNa=1",       "GNa=1:", "GNa=1:x",   "GNa*1:2:log",
                         "1x=1:2", "GNa=1:2:lin", "=1:2",   "GNa=inf:2", "GNa:1:2"};
    for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
        char l[128], want[256];
        snprintf(l, sizeof l, "--imp M --vary %s", bad[k]);
        snprintf(want, sizeof want, "--vary expects NAME=LO:HI, NAME=LO:HI:log or NAME*LO:HI, got '%s'",
                 bad[k]);
        check_error(l, want);
    }
    check_error("--imp M --vary GNa=0:1:log",
                "--vary: NAME=LO:HI:log needs LO > 0 and HI > 0, got 'GNa=0:1:log'");
    check_error("--imp M --vary GNa=0:1 --vary GNa*1:2", "--vary: parameter 'GNa' is varied twice");
}

static void test_errors(void) {
    /* numbers */
    check_error("--imp M --dt abc", "--dt expects a positive number of ms, got 'abc'");
    check_error("--imp M --dt 0", "--dt expects a positive number of ms, got '0'");
    check_error("--imp M --dt -0.01", "--dt expects a positive number of ms, got '-0.01'");
    check_error("--imp M --dt inf", "--dt expects a positive number of ms, got 'inf'");
    check_error("--imp M --dt nan", "--dt expects a positive number of ms, got 'nan'");
    check_error("--imp M --dt 1e999", "--dt expects a positive number of ms, got '1e999'");
    check_error("--imp M --dt 0.01x", "--dt expects a positive number of ms, got '0.01x'");
    check_error("--imp M --dt=", "--dt expects a positive number of ms, got ''");
    check_error("--imp M --duration 0", "--duration expects a positive number of ms, got '0'");
    check_error("--imp M --bcl -5", "--bcl expects a positive number of ms, got '-5'");
    check_error("--imp M --stim-dur 0", "--stim-dur expects a positive number of ms, got '0'");
    check_error("--imp M --dt-out 0", "--dt-out expects a positive number of ms, got '0'");
    check_error("--imp M --stim-start -1", "--stim-start expects a non-negative number of ms, got '-1'");
    check_error("--imp M --start-out -1", "--start-out expects a non-negative number of ms, got '-1'");
    check_error("--imp M --stim-curr big", "--stim-curr expects a number in uA/cm^2, got 'big'");
    check_error("--imp M --vm-bound 0", "--vm-bound expects a positive number of mV, got '0'");
    check_error("--imp M --rtol 0", "--rtol expects a positive number (relative tolerance), got '0'");
    check_error("--imp M --num 0", "--num expects a positive integer (cells), got '0'");
    check_error("--imp M --num 2.5", "--num expects a positive integer (cells), got '2.5'");
    check_error("--imp M --numstim -1", "--numstim expects a non-negative integer (stimuli), got '-1'");
    check_error("--imp M --steps-per-task 0",
                "--steps-per-task expects a positive integer (time steps), got '0'");
    check_error("--imp M --ngpu -1", "--ngpu expects a non-negative integer (GPU workers), got '-1'");
    check_error("--imp M --seed -1", "--seed expects a non-negative integer, got '-1'");
    check_error("--imp M --seed 12z", "--seed expects a non-negative integer, got '12z'");
    /* missing values */
    check_error("--imp M --dt", "--dt needs a value: a positive number of ms");
    check_error("--imp --dt 0.1", "--imp needs a value: a model name or a .model file");
    check_error("--imp M --sched", "--sched needs a value: a StarPU scheduler name");
    check_error("--imp=", "--imp expects a model name or a .model file, got ''");
    /* choices, lists, files */
    check_error("--imp M --precision half",
                "--precision: accepted values are double, single (or 64, 32) (got 'half')");
    check_error("--imp M --plot a.jpg", "--plot expects a file name ending in .png, got 'a.jpg'");
    check_error("--imp M --stim-times 1,x",
                "--stim-times: bad item 'x' (item 2) in '1,x'; expected a comma-separated list of times "
                "in ms");
    check_error("--imp M --stim-times 1,,2",
                "--stim-times: bad item '' (item 2) in '1,,2'; expected a comma-separated list of times "
                "in ms");
    check_error("--imp M --stim-times -1", "--stim-times: the times must be >= 0 ms, got -1 (item 1)");
    check_error("--imp M --probe 1.5", "--probe: cell indices are integers >= 0, got 1.5 (item 1)");
    check_error("--imp M --num 4 --probe 0,4", "--probe: cell 4 is out of range (--num 4: cells 0 to 3)");
    check_error("--imp M --num 4 --probe 2,1,2", "--probe: cell 2 is listed twice");
    /* unknown options, positional arguments, flags with values */
    check_error("--imp M --frobnicate", "unknown option '--frobnicate' (see --help)");
    check_error("--imp M --foo", "unknown option '--foo'; did you mean --fout?");
    check_error("--imp M --dx=1", "unknown option '--dx'; did you mean --dt?");
    check_error("--imp M --stim-star 5", "unknown option '--stim-star'; did you mean --stim-start?");
    check_error("--imp M --stim_start=5", "unknown option '--stim_start'; did you mean --stim-start?");
    check_error("--imp M --dtout 2", "unknown option '--dtout'; did you mean --dt-out?");
    check_error("--imp M -x", "unknown option '-x' (see --help)");
    check_error("--imp M TT2", "unexpected argument 'TT2' (options start with --; see --help)");
    check_error("--imp M --validate=1", "--validate does not take a value (got '--validate=1')");
    /* bench options starcarp does not have */
    check_error("--imp M --plug-in IKATP",
                "--plug-in is not supported by starcarp: it has no plugin models (put the extra current "
                "into the model's .model file)");
    check_error("--imp M --plug-par=a=1",
                "--plug-par is not supported by starcarp: it has no plugin models (put the extra current "
                "into the model's .model file)");
    check_error("--imp M --load-module m.so",
                "--load-module is not supported by starcarp: give --imp the path of the model's .model file "
                "instead");
    /* options together */
    check_error("--dt 0.1", "--imp is required: the ionic model (a name from --list-imps, or a .model file)");
    check_error("--list-imps --imp-info",
                "--imp is required: the ionic model (a name from --list-imps, or a .model file)");
    check_error("--imp M -B", "-B (binary output) needs --fout");
    check_error("--imp M -q --progress", "--quiet and --progress exclude each other");
    check_error("--imp M --ncpu 0 --ngpu 0", "--ncpu 0 with --ngpu 0 leaves no worker to run on");
    check_error("--imp M --restart c --read-ini-file r",
                "--restart and --read-ini-file both give the initial state; use one");
    check_error("--imp M --dt-out 0.004",
                "--dt-out (0.004 ms) rounds to 0 steps of --dt 0.01 ms; give at least one step");
    check_error("--imp M --numstim 2 --bcl 5 --stim-dur 6",
                "--stim-dur (6 ms) is longer than --bcl (5 ms, 500 steps of --dt 0.01 ms): with "
                "--numstim 2 the pulses would overlap");
    check_error("--imp M --duration 10 --start-out 11",
                "--start-out (11 ms) is after the end of the run (--duration 10 ms)");
    check_error("--imp M --save-ini-time 5", "--save-ini-time needs --save-ini-file");
    check_error("--imp M --duration 10 --save-ini-file s --save-ini-time 10.1",
                "--save-ini-time (10.1 ms) is after the end of the run (--duration 10 ms)");
    check_error("--imp M --checkpoint-time 5", "--checkpoint-time needs --checkpoint");
    check_error("--imp M --dt 1e-12 --duration 1e4", "--duration (10000 ms) is more than 1e+15 steps of --dt "
                                                     "1e-12 ms");
    /* a pulse as long as the cycle is allowed (continuous stimulus), and with one pulse any length */
    ASSERT_EQ_INT(0, parse("--imp M --numstim 2 --bcl 5 --stim-dur 5"));
    ASSERT_EQ_INT(0, parse("--imp M --numstim 1 --bcl 5 --stim-dur 50"));
    ASSERT_EQ_INT(0, parse("--imp M --duration 10 --save-ini-file s --save-ini-time 10"));
}

/* Every error message names the option it is about. */
static void test_messages_name_option(void) {
    const char *cases[][2] = {
        {"--imp M --num x", "--num"},
        {"--imp M --numstim x", "--numstim"},
        {"--imp M --bcl x", "--bcl"},
        {"--imp M --stim-dur x", "--stim-dur"},
        {"--imp M --stim-curr x", "--stim-curr"},
        {"--imp M --dt-out x", "--dt-out"},
        {"--imp M --start-out x", "--start-out"},
        {"--imp M --save-ini-time x", "--save-ini-time"},
        {"--imp M --steps-per-task x", "--steps-per-task"},
        {"--imp M --ncpu x", "--ncpu"},
        {"--imp M --atol x", "--atol"},
        {"--imp M --vm-bound x", "--vm-bound"},
        {"--imp M --checkpoint-time x", "--checkpoint-time"},
        {"--imp M --probe x", "--probe"},
        {"--imp M --stim-times x", "--stim-times"},
        {"--imp M --vary x", "--vary"},
        {"--imp M --duration x", "--duration"},
        {"--imp M --stim-start x", "--stim-start"},
        {"--imp M --fout=", "--fout"},
        {"--imp M --imp-sv-dump", "--imp-sv-dump"},
        {"--imp M --save-ini-file", "--save-ini-file"},
        {"--imp M --read-ini-file", "--read-ini-file"},
        {"--imp M --perfmodels", "--perfmodels"},
        {"--imp M --restart", "--restart"},
        {"--imp M --checkpoint", "--checkpoint"},
        {"--imp M --plot", "--plot"},
    };
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        int rc = parse(cases[k][0]);
        ASSERT_EQ_INT(-1, rc);
        int named = strncmp(err, cases[k][1], strlen(cases[k][1])) == 0;
        ASSERT(named);
        if (!named)
            fprintf(stderr, "  for \"%s\": \"%s\"\n", cases[k][0], err);
    }
}

static void test_short_options(void) {
    ASSERT_EQ_INT(0, parse("-I TT2 -T 2 -D0.005 -n 4 -c 35.7142857 -a 500 -o 0.5 -i 10 -b 400 -vB -Orun"));
    ASSERT_EQ_STR("", err);
    ASSERT_EQ_STR("TT2", o.imp);
    ASSERT(o.stim_dur == 2 && o.dt == 0.005 && o.num == 4 && o.stim_curr == 35.7142857);
    ASSERT(o.duration == 500 && o.dt_out == 0.5 && o.stim_start == 10 && o.bcl == 400);
    ASSERT(o.validate && o.binary);
    ASSERT_EQ_STR("run", o.fout);
    ASSERT_EQ_INT(0, parse("-I M -p flags=EPI -u m,h -F a.sv -S 5 -l -40 -L 20 -f ck.bin -s 3"));
    ASSERT_EQ_STR("flags=EPI", o.imp_par);
    ASSERT_EQ_STR("m,h", o.imp_sv_dump);
    ASSERT_EQ_STR("a.sv", o.save_ini_file);
    ASSERT(o.save_ini_time == 5 && o.clamp == -40 && o.clamp_dur == 20);
    ASSERT_EQ_STR("ck.bin", o.checkpoint); /* --save-file: starcarp's checkpoint */
    ASSERT(o.checkpoint_time == 3);
    check_error("-I M -R a.sv -r ck.bin",
                "--restart and --read-ini-file both give the initial state; use one");
    ASSERT_EQ_INT(0, parse("-I M -O"));
    ASSERT_EQ_STR("BENCH_REG", o.fout);
    /* -O takes its value glued only (bench's optional argument) */
    check_error("-I M -O run", "unexpected argument 'run' (options start with --; see --help)");
    check_error("-I M -x", "unknown option '-x' (see --help)");
    check_error("-I M -vT 2", "'-vT': '-T' is not a flag to group with -v");
    check_error("-I M --T 2", "unknown option '--T' (see --help)");
    check_error("-I M -T", "--stim-dur needs a value: a positive number of ms");
    check_error("-I M -N 0.1", "--strain (-N) is not supported by starcarp: stretch is not implemented: "
                               "starcarp's models have no Lambda/delLambda inputs");
    /* --target maps to the workers */
    ASSERT_EQ_INT(0, parse("-I M --target cpu"));
    ASSERT(o.ngpu == 0 && o.ncpu == -1);
    ASSERT_EQ_INT(0, parse("-I M --target mlir-cuda"));
    ASSERT(o.ncpu == 0 && o.ngpu == -1);
    check_error("-I M --target tpu",
                "--target: accepted values are auto, cpu, mlir-cpu, mlir-cuda or mlir-rocm "
                "(got 'tpu')");
}

static void test_repeats_conflicts(void) {
    check_error("--imp A --imp B", "--imp is given twice; give it once");
    check_error("--imp A -I B", "--imp is given twice (as --imp and -I); give it once");
    check_error("-I M --imp-par a*2 -p b*2", "--imp-par is given twice (as --imp-par and -p); give it once");
    check_error("-I M --dt 0.1 --dt=0.2", "--dt is given twice; give it once");
    check_error("-I M -q -q", "-q is given twice; give it once");
    check_error("-I M --probe 0 --probe 0", "--probe is given twice; give it once");
    ASSERT_EQ_INT(0, parse("-I M --num 3 --vary a=1:2 --vary b=1:2"));
    ASSERT_EQ_INT(2, o.nvary);
    check_error(
        "-I M --stim-times 1,3 --numstim 4 --bcl 300",
        "--stim-times conflicts with --numstim: they belong to two stimulus modes of bench (the train "
        "--numstim/--stim-start/--bcl, --stim-times, --restitute, --clamp-ini); give one");
    check_error("-I M -i 5 --stim-times 1,3",
                "--stim-times conflicts with -i: they belong to two stimulus modes "
                "of bench (the train --numstim/--stim-start/--bcl, --stim-times, "
                "--restitute, --clamp-ini); give one");
    check_error("-I M --stim-curr 20 --stim-volt 10",
                "--stim-volt conflicts with --stim-curr: give one stimulus type (a current or a voltage)");
    check_error("-I M --save-file a --checkpoint b",
                "--save-file and --checkpoint set the same value; give one");
    check_error("-I M --seed 3 --rseed 4", "--rseed and --seed set the same value; give one");
    check_error("-I M --no-trace --trace-no 3",
                "--trace-no conflicts with --no-trace: no trace file is written");
    check_error("-I M --duration 100 --past-stim 10",
                "--past-stim conflicts with --duration: --past-stim sets the default --duration; give one");
    check_error("-I M --restitute S1S2", "--restitute S1S2 needs --res-file (the protocol file)");
    check_error("-I M --res-file p.txt", "--res-file needs --restitute (S1S2 or dyn)");
    check_error("-I M --res-trace", "--res-trace needs --restitute (S1S2 or dyn)");
    check_error("-I M --restitute S1S2f --res-file p", "--restitute S1S2f is not supported by starcarp (S1S2 "
                                                       "and dyn are)");
    check_error("-I M --restitute s1s2 --res-file p",
                "--restitute: accepted values are S1S2, dyn (got 's1s2')");
    check_error("-I M --clamp -40", "--clamp needs --clamp-dur (the clamp's length in ms)");
    check_error("-I M --clamp-start 5", "--clamp-start needs --clamp-dur (the clamp's length in ms)");
    check_error("-I M --clamp-dur 10 --clamp-start 2000 --duration 100",
                "--clamp-start (2000 ms) is after the end of the run (--duration 100 ms)");
    check_error("-I M --clamp-ini -80 --numstim 2",
                "--clamp-ini conflicts with --numstim: they belong to two "
                "stimulus modes of bench (the train "
                "--numstim/--stim-start/--bcl, --stim-times, --restitute, "
                "--clamp-ini); give one");
    check_error("-I M --stim-file s.trc",
                "--stim-file is not supported by starcarp: a stimulus current read from "
                "a .trc file is not implemented (use --stim-curr with --stim-times)");
    check_error("-I M --DIA",
                "--DIA is not supported by starcarp: diastolic intervals as --stim-times need the "
                "repolarisation time during the run; give the stimulus times");
    check_error("-I M --clamp-SVs Ca_i",
                "--clamp-SVs is not supported by starcarp: state-variable and "
                "action-potential clamps are not implemented (Vm clamps are: --clamp, "
                "--clamp-ini, --stim-volt)");
}

static void test_clamps_stimulus(void) {
    ASSERT_EQ_INT(0, parse("-I M --clamp -40 --clamp-dur 200 --clamp-start 10 --stim-curr 0 --duration 500"));
    double v = 0;
    ASSERT(bopt_any_clamp(&o));
    ASSERT(!bopt_clamp_at(&o, 999, &v));
    ASSERT(bopt_clamp_at(&o, 1000, &v) && v == -40);
    ASSERT(bopt_clamp_at(&o, 20999, NULL));
    ASSERT(!bopt_clamp_at(&o, 21000, &v));
    ASSERT(bopt_no_stimulus(&o) == NULL); /* a clamp activates */
    ASSERT_EQ_INT(0, parse("-I M --clamp-ini -80 --clamp 0 --clamp-dur 50 --duration 100"));
    ASSERT(bopt_clamp_at(&o, 0, &v) && v == -80);
    ASSERT(bopt_clamp_at(&o, 1000, &v) && v == 0);
    ASSERT(bopt_clamp_at(&o, 6000, &v) && v == -80);
    ASSERT_EQ_INT(0, parse("-I M --clamp-ini -80 --duration 100"));
    ASSERT(bopt_clamp_at(&o, 5000, &v) && v == -80);
    ASSERT_EQ_INT(0, parse("-I M --stim-volt 20 --stim-start 5 --stim-dur 2"));
    ASSERT(o.stim_volt_on && o.stim_curr == 0);
    ASSERT(!bopt_clamp_at(&o, 499, &v));
    ASSERT(bopt_clamp_at(&o, 500, &v) && v == 20);
    ASSERT(bopt_clamp_at(&o, 699, &v) && !bopt_clamp_at(&o, 700, &v));
    ASSERT(bopt_no_stimulus(&o) == NULL);
    ASSERT_EQ_INT(0, parse("-I M --numstim 0"));
    ASSERT_EQ_STR("--numstim 0 without --stim-times", bopt_no_stimulus(&o));
    ASSERT_EQ_INT(0, parse("-I M --stim-curr 0"));
    ASSERT_EQ_STR("--stim-curr 0", bopt_no_stimulus(&o));
    ASSERT_EQ_INT(0, parse("-I M"));
    ASSERT(bopt_no_stimulus(&o) == NULL && !bopt_any_clamp(&o));
    ASSERT(o.past_stim == 1000 && o.trace_no == 0 && !o.no_trace && !o.ap_stats && o.res.kind == BRS_NONE);
    ASSERT_EQ_INT(0, parse("-I M --past-stim 50 --numstim 3 --bcl 100 --trace-no 7 --APstatistics"));
    ASSERT(o.duration == 1 + 200 + 50 && o.trace_no == 7 && o.ap_stats);
    ASSERT_EQ_INT(10, bopt_ap_every(&o)); /* 0.1 ms of 0.01 */
    ASSERT_EQ_INT(0, parse("-I M --dt 0.5"));
    ASSERT_EQ_INT(1, bopt_ap_every(&o));
}

/* Write text to a protocol file in /tmp; returns its path (static buffer). */
static const char *protocol_file(const char *text) {
    static char path[64];
    snprintf(path, sizeof path, "/tmp/sc_res_%d.txt", (int)getpid());
    FILE *f = fopen(path, "w");
    if (f) {
        fputs(text, f);
        fclose(f);
    }
    return path;
}

static void test_restitute(void) {
    char line[256];
    const char *pf = protocol_file("  1   # protocol selection 1=S1S2 0=dynamic\n"
                                   "  2 # number of prepacing beats\n\n500 # basic cycle length\n"
                                   "400\n300\n3 # nbeats\n50 # decrement\n");
    snprintf(line, sizeof line, "-I M --restitute S1S2 --res-file %s --res-trace", pf);
    ASSERT_EQ_INT(0, parse(line));
    ASSERT_EQ_STR("", err);
    /* 2 prebeats + 3 S2s (CI 400, 350, 300) after 3 S1s each */
    static const double want[14] = {1,    501,  1001, 1501, 2001, 2401, 2901,
                                    3401, 3901, 4251, 4751, 5251, 5751, 6051};
    ASSERT_EQ_INT(14, o.nstim_times);
    for (int k = 0; k < 14 && k < o.nstim_times; k++) {
        ASSERT_NEAR(want[k], o.stim_times[k], 1e-9);
        int s2 = k == 5 || k == 9 || k == 13;
        ASSERT_EQ_INT(k < 2 ? BRS_PREPACE : s2 ? BRS_S2 | BRS_MEASURE : 0, o.stim_marks[k]);
    }
    ASSERT(o.res_trace && o.duration == 6051 + 1000);
    ASSERT(bopt_stim_on(&o, 605100) && !bopt_stim_on(&o, 605000));
    pf = protocol_file("0\n1\n400\n300\n2\n50\n");
    snprintf(line, sizeof line, "-I M --restitute dyn --res-file %s --past-stim 500", pf);
    ASSERT_EQ_INT(0, parse(line));
    static const double wantd[7] = {1, 401, 801, 1151, 1501, 1801, 2101};
    ASSERT_EQ_INT(7, o.nstim_times);
    for (int k = 0; k < 7 && k < o.nstim_times; k++) {
        ASSERT_NEAR(wantd[k], o.stim_times[k], 1e-9);
        ASSERT_EQ_INT(k == 0 ? BRS_PREPACE : (k == 2 || k == 4 || k == 6) ? BRS_MEASURE : 0, o.stim_marks[k]);
    }
    ASSERT(o.duration == 2101 + 500);
    /* errors name the file, the line and the field */
    char want_err[512];
    snprintf(line, sizeof line, "-I M --restitute S1S2 --res-file %s", pf);
    snprintf(
        want_err, sizeof want_err,
        "--res-file %s:1: the protocol selection is 0 but --restitute S1S2 needs 1 (1 = S1S2, 0 = dynamic)",
        pf);
    check_error(line, want_err);
    static const char *const bad[][2] = {
        /* a file (always at pf), what is said after its name */
        {"1\n2\n500\n400\n300\n3\n", ": 6 numbers, the S1S2 protocol has 7"},
        {"1\n2\n500\n300\n400\n3\n50\n",
         ":5: CI0 (S2 prematurity end) (400 ms) is above CI1 (S2 prematurity start) (300 ms)"},
        {"1\n2.5\n500\n400\n300\n3\n50\n", ":2: prebeats must be an integer >= 0, got 2.5"},
        {"1\nabc\n", ":2: expected one number per line, got 'abc'"}};
    for (size_t k = 0; k < sizeof bad / sizeof *bad; k++) {
        pf = protocol_file(bad[k][0]);
        snprintf(line, sizeof line, "-I M --restitute S1S2 --res-file %s", pf);
        snprintf(want_err, sizeof want_err, "--res-file %s%s", pf, bad[k][1]);
        check_error(line, want_err);
    }
    remove(pf);
    snprintf(want_err, sizeof want_err, "--res-file %s: No such file or directory", pf);
    check_error(line, want_err);
}

/* Protocols far beyond the usual size (bench_restitute.h, BRS_USUAL_*): refused naming the file's
 * values and --long-run, which runs them; the size is that of the pulses made. */
static void test_long_protocols(void) {
    char line[256], want[1024];
    /* nbeats and CIinc swapped (1, 20, 1000, 600, 250, 1, 20 meant): 351 S2s after 20 S1s each */
    const char *pf = protocol_file("1\n20\n1000\n600\n250\n20\n1\n");
    snprintf(line, sizeof line, "-I M --restitute S1S2 --res-file %s", pf);
    snprintf(want, sizeof want,
             "--res-file %s: the S1S2 protocol (1, prebeats 20, BCL 1000 ms, CI1 600 ms, CI0 250 ms, nbeats "
             "20, CIinc 1 ms) makes 351 S2 coupling intervals, 7391 pulses and 119.8 min of simulated time "
             "(7.19e+08 steps of --dt 0.01 ms), far beyond a usual restitution protocol (up to 30 min and "
             "10000 pulses); check the order of the file's numbers (1, prebeats, BCL, CI1, CI0, nbeats, "
             "CIinc) or give --long-run to run it",
             pf);
    check_error(line, want);
    snprintf(line, sizeof line, "-I M --restitute S1S2 --res-file %s --long-run", pf);
    ASSERT_EQ_INT(0, parse(line));
    BrsSize sz = brs_size(&o.res);
    ASSERT_EQ_INT(7391, o.nstim_times);
    ASSERT(sz.pulses == 7391 && sz.nci == 351);
    ASSERT_NEAR(o.stim_times[o.nstim_times - 1] - o.stim_times[0], sz.span_ms, 1e-6);
    ASSERT_NEAR(7188175, sz.span_ms, 1e-6);
    /* the same numbers in their order: 18 S2s after one S1 each, within the usual size */
    pf = protocol_file("1\n20\n1000\n600\n250\n1\n20\n");
    snprintf(line, sizeof line, "-I M --restitute S1S2 --res-file %s", pf);
    ASSERT_EQ_INT(0, parse(line));
    ASSERT_EQ_INT(20 + 18 * 2, o.nstim_times);
    ASSERT_NEAR(o.stim_times[o.nstim_times - 1] - o.stim_times[0], brs_size(&o.res).span_ms, 1e-6);
    /* dyn: 100 beats at each of 71 cycle lengths, 78.6 min */
    pf = protocol_file("0\n100\n1000\n300\n100\n10\n");
    snprintf(line, sizeof line, "-I M --restitute dyn --res-file %s", pf);
    ASSERT_EQ_INT(-1, parse(line));
    ASSERT(strstr(err, "the dyn protocol (0, prebeats 100, BCL 1000 ms, CI0 300 ms, nbeats 100, CIinc 10 ms) "
                       "makes 71 cycle lengths, 7200 pulses and 78.58 min of simulated time") != NULL);
    ASSERT(strstr(err, "(0, prebeats, BCL, CI0, nbeats, CIinc) or give --long-run to run it") != NULL);
    snprintf(line, sizeof line, "-I M --restitute dyn --res-file %s --long-run", pf);
    ASSERT_EQ_INT(0, parse(line));
    ASSERT_NEAR(o.stim_times[o.nstim_times - 1] - o.stim_times[0], brs_size(&o.res).span_ms, 1e-6);
    /* pulses alone: 16002 pulses in 20 min */
    pf = protocol_file("1\n0\n100\n90\n10\n1\n0.01\n");
    snprintf(line, sizeof line, "-I M --restitute S1S2 --res-file %s", pf);
    ASSERT_EQ_INT(-1, parse(line));
    ASSERT(strstr(err, "makes 8001 S2 coupling intervals, 16002 pulses and 20") != NULL);
    remove(pf);
}

static void nop_kernel(const ScStepArgs *a) { (void)a; }

/* The outputs' size (bench_size.h): the bytes of each file, the refusal, the texts, the estimate. */
static void test_size(void) {
    static const char *const names[3] = {"a", "b", "c"};
    ScModelDesc d;
    memset(&d, 0, sizeof d);
    d.nsv = 3, d.sv_names = names;
    ASSERT_EQ_INT(0, parse("-I M --duration 1000"));
    ASSERT(bsz_out_bytes(&o, &d, NULL) == 1001.0 * 43); /* the table: "%10.3f " and two "%+.8e " */
    ASSERT_EQ_INT(0, parse("-I M --duration 1000 --fout r --validate --probe 0,1 --num 2"));
    ASSERT(bsz_out_bytes(&o, &d, NULL) == 1001.0 * 2 * (3 + 3) * 8);
    const int dump[3] = {0, 1, 0};
    ASSERT_EQ_INT(0, parse("-I M --duration 1000 --fout r"));
    ASSERT(bsz_out_bytes(&o, &d, dump) == 1001.0 * (43 + 8));
    d.ntraces = 2, d.c_run[0] = nop_kernel; /* Trace_0.dat: "1000.0000000000\t" and 17 a value */
    ASSERT(bsz_out_bytes(&o, &d, NULL) == 1001.0 * (43 + 16 + 2 * 17));
    ASSERT_EQ_INT(0, parse("-I M --duration 1000 --no-trace"));
    ASSERT(bsz_out_bytes(&o, &d, NULL) == 1001.0 * 43);
    /* 1e9 rows: refused, --long-run writes them */
    ASSERT_EQ_INT(0, parse("-I M --duration 1e7 --dt-out 0.01"));
    ASSERT(bsz_out_bytes(&o, &d, NULL) == 1000000001.0 * (43 + 20 + 2 * 17));
    ASSERT_EQ_INT(-1, bsz_check(&o, &d, NULL, err, sizeof err));
    ASSERT_EQ_STR(
        "the outputs would hold about 97 GB (1000000001 rows, every --dt-out 0.01 ms from --start-out "
        "0 ms to --duration 1e+07 ms, for 1 probe cell and Trace_N.dat), beyond 10 GB; a longer "
        "--dt-out, a later --start-out, fewer --probe cells or --no-trace make them smaller, "
        "--long-run writes them",
        err);
    d.ntraces = 0; /* no traces: none named */
    ASSERT_EQ_INT(-1, bsz_check(&o, &d, NULL, err, sizeof err));
    ASSERT(strstr(err, "about 43 GB (") &&
           strstr(err, "for 1 probe cell), beyond 10 GB; a longer --dt-out, a "
                       "later --start-out or fewer --probe cells make them"));
    ASSERT_EQ_INT(0, parse("-I M --duration 1e7 --dt-out 0.01 --long-run"));
    ASSERT_EQ_INT(0, bsz_check(&o, &d, NULL, err, sizeof err));
    ASSERT_EQ_INT(0, parse("-I M --duration 2.3e6 --dt-out 0.01")); /* 2.3e8 rows of 43 B: below 10 GB */
    ASSERT_EQ_INT(0, bsz_check(&o, &d, NULL, err, sizeof err));
    char t[32];
    ASSERT_EQ_STR("512 B", bsz_bytes_text(512, t, sizeof t));
    ASSERT_EQ_STR("43 kB", bsz_bytes_text(43000, t, sizeof t));
    ASSERT_EQ_STR("1.2 MB", bsz_bytes_text(1.2e6, t, sizeof t));
    ASSERT_EQ_STR("3.2 s", bsz_secs_text(3.2, t, sizeof t));
    ASSERT_EQ_STR("12 min", bsz_secs_text(720, t, sizeof t));
    ASSERT_EQ_STR("2.1 h", bsz_secs_text(7560, t, sizeof t));
    ASSERT_EQ_STR("11.6 days", bsz_secs_text(1e6, t, sizeof t));
    /* the estimate: the first piece left out, due BSZ_WARM_S after it, once */
    BszEta e;
    bsz_eta_start(&e, 0, 1001, 0);
    ASSERT_EQ_INT(0, bsz_eta_due(&e, 10, 0.1));
    ASSERT_EQ_INT(0, bsz_eta_due(&e, 100, 0.2));
    ASSERT_EQ_INT(1, bsz_eta_due(&e, 500, 0.45));
    ASSERT_NEAR(0.45 + 501 * 0.35 / 490, bsz_eta_total(&e, 500, 0.45), 1e-12);
    ASSERT_EQ_INT(0, bsz_eta_due(&e, 600, 0.6));
    bsz_eta_start(&e, 0, 100, 0); /* a run of one piece: timed whole */
    ASSERT_EQ_INT(1, bsz_eta_due(&e, 100, 0.05));
    ASSERT_NEAR(0.05, bsz_eta_total(&e, 100, 0.05), 1e-12);
    bsz_eta_start(&e, 0, 1000, 0); /* a run ending within the warm-up */
    ASSERT_EQ_INT(0, bsz_eta_due(&e, 10, 0.1));
    ASSERT_EQ_INT(1, bsz_eta_due(&e, 1000, 0.2));
    /* the line */
    ASSERT_EQ_INT(0, parse("-I M --duration 10 --num 3"));
    bsz_eta_start(&e, 0, 1001, 0);
    bsz_eta_due(&e, 10, 0.1);
    char *text = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&text, &len);
    bsz_line(ms, &o, &e, 500, 0.45, 43043);
    fclose(ms);
    ASSERT_EQ_STR(
        "starcarp bench: 1001 steps of 0.01 ms to t = 10 ms on 3 cells, about 43 kB of outputs; wall "
        "time about 0.81 s (an estimate from its first 0.45 s)\n",
        text);
    free(text);
}

static void test_help(void) {
    char *text = NULL;
    size_t len = 0;
    FILE *ms = open_memstream(&text, &len);
    bopt_usage(ms);
    fclose(ms);
    const char *must[] = {
        "bench options:", "starcarp extensions:", "--imp NAME",      "--restitute", "--clamp-ini",
        "--trace-no",     "--APstatistics",       "--stim-volt",     "--duration",  "--stim-times",
        "--fout [NAME]",  "--imp-sv-dump",        "--save-ini-file", "--precision", "--vary",
        "--probe",        "--steps-per-task",     "--help",          "--long-run",  "(also -I)"};
    for (size_t k = 0; k < sizeof must / sizeof must[0]; k++)
        ASSERT(strstr(text, must[k]) != NULL);
    free(text);
    /* --help prints to stdout (sent to /dev/null here) and returns 1, even with bad options after it */
    fflush(stdout);
    int saved = dup(1), null = open("/dev/null", O_WRONLY);
    ASSERT(saved >= 0 && null >= 0);
    dup2(null, 1);
    int rc1 = parse("--help --dt abc"), rc2 = parse("-h"), rc3 = parse("--full-help"), rc4 = parse("-V");
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(null);
    ASSERT_EQ_INT(1, rc1);
    ASSERT_EQ_INT(1, rc2);
    ASSERT_EQ_INT(1, rc3);
    ASSERT_EQ_INT(1, rc4);
    ASSERT(o.probe == NULL);
}

/* A direct reading of bench.md's stimulus rule: pulses at start + k*period (k < count), each
 * `pulse` steps long; on when any pulse covers d. */
static int naive_on(long start, long pulse, long period, long count, long d) {
    for (long k = 0; k < count; k++)
        if (d >= start + k * period && d < start + k * period + pulse)
            return 1;
    return 0;
}

static void test_timing(void) {
    BoptTrain tr;
    /* defaults: dt 0.01, stim-start 1, dur 1 -> steps 100..199 */
    ASSERT_EQ_INT(0, parse("--imp M"));
    ASSERT_EQ_INT(100100, bopt_nsteps(&o));
    ASSERT_EQ_INT(0, bopt_train(&o, &tr));
    ASSERT(tr.start == 100 && tr.pulse == 100 && tr.period == 0 && tr.count == 1);
    ASSERT(!bopt_stim_on(&o, 0) && !bopt_stim_on(&o, 99));
    ASSERT(bopt_stim_on(&o, 100) && bopt_stim_on(&o, 199));
    ASSERT(!bopt_stim_on(&o, 200) && !bopt_stim_on(&o, 100100));
    /* outputs every 100 steps from 0; d = 0 .. 100100 inclusive gives 1002 rows */
    ASSERT(bopt_is_output(&o, 0) && !bopt_is_output(&o, 99) && bopt_is_output(&o, 100) &&
           bopt_is_output(&o, 100100));
    ASSERT_EQ_INT(1002, bopt_nout(&o));
    /* bcl repeats */
    ASSERT_EQ_INT(0, parse("--imp M --numstim 3 --bcl 10"));
    ASSERT_EQ_INT(0, bopt_train(&o, &tr));
    ASSERT(tr.start == 100 && tr.pulse == 100 && tr.period == 1000 && tr.count == 3);
    ASSERT(bopt_stim_on(&o, 1100) && bopt_stim_on(&o, 1199) && !bopt_stim_on(&o, 1200));
    ASSERT(bopt_stim_on(&o, 2100) && bopt_stim_on(&o, 2199) && !bopt_stim_on(&o, 2200));
    ASSERT(!bopt_stim_on(&o, 3100)); /* no fourth pulse */
    ASSERT(o.duration == 1 + 20 + 1000.0);
    /* a pulse shorter than dt lasts one step */
    ASSERT_EQ_INT(0, parse("--imp M --stim-dur 0.001"));
    ASSERT_EQ_INT(1, bopt_pulse_steps(&o));
    ASSERT(bopt_stim_on(&o, 100) && !bopt_stim_on(&o, 101) && !bopt_stim_on(&o, 99));
    /* rounding of times to steps */
    ASSERT_EQ_INT(0, parse("--imp M --dt 0.03 --stim-start 1 --stim-dur 0.5 --duration 10"));
    ASSERT_EQ_INT(33, bopt_step(&o, o.stim_start));
    ASSERT_EQ_INT(17, bopt_pulse_steps(&o));
    ASSERT_EQ_INT(333, bopt_nsteps(&o));
    ASSERT(bopt_stim_on(&o, 33) && bopt_stim_on(&o, 49) && !bopt_stim_on(&o, 50));
    /* no stimulus */
    ASSERT_EQ_INT(0, parse("--imp M --numstim 0 --duration 5"));
    ASSERT_EQ_INT(0, bopt_train(&o, &tr));
    ASSERT_EQ_INT(0, tr.count);
    for (long d = 0; d <= bopt_nsteps(&o); d++)
        ASSERT(!bopt_stim_on(&o, d));
    /* explicit times (overlapping pulses merge), given unsorted */
    ASSERT_EQ_INT(0, parse("--imp M --stim-times 5,1.5,1 --duration 10"));
    ASSERT_EQ_INT(-1, bopt_train(&o, &tr));
    long on = 0, first = -1, last = -1;
    for (long d = 0; d <= bopt_nsteps(&o); d++)
        if (bopt_stim_on(&o, d)) {
            on++;
            first = first < 0 ? d : first;
            last = d;
            ASSERT((d >= 100 && d < 250) || (d >= 500 && d < 600));
        }
    ASSERT_EQ_INT(250, on);
    ASSERT_EQ_INT(100, first);
    ASSERT_EQ_INT(599, last);
    /* output from start-out every dt-out */
    ASSERT_EQ_INT(0, parse("--imp M --duration 10 --start-out 2.5 --dt-out 0.5"));
    ASSERT(!bopt_is_output(&o, 0) && !bopt_is_output(&o, 249) && bopt_is_output(&o, 250));
    ASSERT(!bopt_is_output(&o, 275) && bopt_is_output(&o, 300) && bopt_is_output(&o, 1000));
    ASSERT_EQ_INT(16, bopt_nout(&o));
    /* the train against the direct reading, and the row count against a count of output steps */
    const char *runs[] = {"--numstim 4 --bcl 0.5 --stim-dur 0.2 --stim-start 0.3 --dt 0.1 --dt-out 0.3",
                          "--numstim 3 --bcl 0.4 --stim-dur 0.4 --stim-start 0 --dt 0.1 --start-out 0.2",
                          "--numstim 5 --bcl 0.25 --stim-dur 0.01 --dt 0.05 --dt-out 0.07 --duration 3",
                          "--numstim 2 --bcl 1 --stim-dur 2 --dt 0.1 --duration 2.95"};
    for (size_t r = 0; r < sizeof runs / sizeof runs[0]; r++) {
        char line[256];
        snprintf(line, sizeof line, "--imp M %s", runs[r]);
        int rc = parse(line);
        ASSERT_EQ_INT(r == 3 ? -1 : 0, rc); /* the last: pulses longer than the cycle */
        if (rc)
            continue;
        bopt_train(&o, &tr);
        long start = lround(o.stim_start / o.dt), pulse = lround(o.stim_dur / o.dt);
        pulse = pulse < 1 ? 1 : pulse;
        long period = lround(o.bcl / o.dt), rows = 0, mismatch = 0;
        for (long d = 0; d <= bopt_nsteps(&o) + 20; d++) {
            mismatch += bopt_stim_on(&o, d) != naive_on(start, pulse, period, o.numstim, d);
            rows += d <= bopt_nsteps(&o) && bopt_is_output(&o, d);
        }
        ASSERT_EQ_INT(0, mismatch);
        ASSERT_EQ_INT(rows, bopt_nout(&o));
    }
}

int main(void) {
    test_defaults();
    test_duration_default();
    test_value_forms();
    test_vary();
    test_errors();
    test_messages_name_option();
    test_help();
    test_short_options();
    test_repeats_conflicts();
    test_clamps_stimulus();
    test_restitute();
    test_long_protocols();
    test_size();
    test_timing();
    bopt_free(&o);
    bopt_free(&o); /* twice is harmless */
    return TEST_DONE();
}

/* test_bench_out.c: unit tests of `starcarp bench`'s output files (drivers/bench/bench_out.c): the table
 * byte for byte (file and stdout), the binary files and their header, --imp-sv-dump's state list,
 * the probe cells' names, write errors, and the state file (bit-exact round trip, and every kind of
 * error with its path:line). Everything is written under a fresh temporary directory. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <float.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bench_apstats.h"
#include "bench_out.h"
#include "svfile.h"
#include "bench_restitute.h"
#include "test.h"

static char tmpdir[256];
static char err[512];

enum { NSV = 3 };
static const char *const names[NSV] = {"Ca_i", "h", "m"};

/* tmpdir/name, in one of a few rotating buffers. */
static const char *P(const char *name) {
    static char bufs[8][512];
    static int next;
    char *b = bufs[next++ % 8];
    snprintf(b, sizeof bufs[0], "%s/%s", tmpdir, name);
    return b;
}

static long file_size(const char *path) {
    struct stat st;
    return stat(path, &st) == 0 ? (long)st.st_size : -1;
}

static void write_text(const char *path, const char *text) {
    FILE *f = fopen(path, "w");
    ASSERT(f != NULL);
    if (f) {
        fputs(text, f);
        fclose(f);
    }
}

/* Sample k of a raw little-endian float64 file. */
static double sample(const char *path, long k) {
    unsigned char b[8] = {0};
    FILE *f = fopen(path, "rb");
    if (!f || fseek(f, k * 8, SEEK_SET) != 0 || fread(b, 1, 8, f) != 8) {
        if (f)
            fclose(f);
        return NAN;
    }
    fclose(f);
    uint64_t u = 0;
    for (int i = 0; i < 8; i++)
        u |= (uint64_t)b[i] << (8 * i);
    double x;
    memcpy(&x, &u, sizeof x);
    return x;
}

static void check_file(const char *path, const char *want) {
    char *got = t_read_file(path);
    ASSERT_EQ_STR(want, got);
    free(got);
}

static const char *const TABLE = "     0.000 -8.62000000e+01 +5.00000000e-01 \n"
                                 "     1.250 +3.01234568e+01 -1.25000000e+01 \n"
                                 "  1000.000 -0.00000000e+00 +1.00000000e-300 \n";

/* The three rows of TABLE, with states. */
static int write_rows(BoutWriter *w) {
    const double sv[3][NSV] = {{1e-4, 0.75, 0.0}, {2e-4, 0.5, 0.25}, {3e-4, 0.25, 1.0}};
    int rc = bout_row(w, 0, -86.2, 0.5, sv[0]);
    rc |= bout_row(w, 1.25, 30.123456789, -12.5, sv[1]);
    rc |= bout_row(w, 1000, -0.0, 1e-300, sv[2]);
    return rc;
}

static void test_table(void) {
    BoutWriter *w = bout_open(P("run"), 0, 0, "TT2", NSV, names, NULL, err, sizeof err);
    ASSERT(w != NULL);
    ASSERT_EQ_INT(0, write_rows(w));
    ASSERT_EQ_STR("", bout_error(w));
    ASSERT_EQ_INT(0, bout_close(w, err, sizeof err));
    check_file(P("run.txt"), TABLE);
    ASSERT_EQ_INT(-1, file_size(P("run.t.bin"))); /* no binary files, no header */
    ASSERT_EQ_INT(-1, file_size(P("run_header.txt")));
    /* without --fout: the same rows on stdout (captured in a file here) */
    fflush(stdout);
    int saved = dup(1), fd = open(P("stdout.txt"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
    ASSERT(saved >= 0 && fd >= 0);
    dup2(fd, 1);
    close(fd);
    w = bout_open(NULL, 0, 0, "TT2", NSV, names, NULL, err, sizeof err);
    int rc = w ? write_rows(w) : -1;
    int rc2 = bout_close(w, err, sizeof err);
    dup2(saved, 1);
    close(saved);
    ASSERT_EQ_INT(0, rc);
    ASSERT_EQ_INT(0, rc2);
    check_file(P("stdout.txt"), TABLE);
}

static void test_binary(void) {
    /* -B: binary files instead of the table */
    BoutWriter *w = bout_open(P("bin"), 1, 0, "TT2", NSV, names, NULL, err, sizeof err);
    ASSERT(w != NULL);
    ASSERT_EQ_INT(0, write_rows(w));
    ASSERT_EQ_INT(0, bout_close(w, err, sizeof err));
    ASSERT_EQ_INT(-1, file_size(P("bin.txt")));
    ASSERT_EQ_INT(24, file_size(P("bin.t.bin")));
    ASSERT_EQ_INT(24, file_size(P("bin.Vm.bin")));
    ASSERT_EQ_INT(24, file_size(P("bin.Iion.bin")));
    ASSERT(sample(P("bin.t.bin"), 1) == 1.25);
    ASSERT(sample(P("bin.Vm.bin"), 0) == -86.2 && sample(P("bin.Vm.bin"), 1) == 30.123456789);
    double z = sample(P("bin.Vm.bin"), 2);
    ASSERT(z == 0 && signbit(z));
    ASSERT(sample(P("bin.Iion.bin"), 2) == 1e-300 && sample(P("bin.Iion.bin"), 1) == -12.5);
    ASSERT_EQ_INT(-1, file_size(P("bin_TT2.h.bin")));
    ASSERT_EQ_INT(-1, file_size(P("bin_header.txt"))); /* openCARP: a header only with states */
    /* the bytes themselves: 1.25 is 0x3FF4000000000000, least significant byte first */
    char *raw = t_read_file(P("bin.t.bin"));
    ASSERT(raw && (unsigned char)raw[8 + 6] == 0xF4 && (unsigned char)raw[8 + 7] == 0x3F && raw[8] == 0);
    free(raw);

    /* --validate (openCARP's layout): Vm/Iion/t and every state, no table */
    w = bout_open(P("val"), 0, 1, "TT2", NSV, names, NULL, err, sizeof err);
    ASSERT(w != NULL);
    ASSERT_EQ_INT(0, write_rows(w));
    ASSERT_EQ_INT(0, bout_close(w, err, sizeof err));
    ASSERT_EQ_INT(-1, file_size(P("val.txt")));
    ASSERT(sample(P("val.t.bin"), 2) == 1000 && sample(P("val.Vm.bin"), 0) == -86.2);
    ASSERT_EQ_INT(24, file_size(P("val_TT2.Ca_i.bin")));
    ASSERT(sample(P("val_TT2.Ca_i.bin"), 2) == 3e-4);
    ASSERT(sample(P("val_TT2.h.bin"), 0) == 0.75);
    ASSERT(sample(P("val_TT2.m.bin"), 1) == 0.25);
    check_file(P("val_header.txt"), "0  # is bigendian\n"
                                    "                      val.Vm.bin       Real  8          3\n"
                                    "                    val.Iion.bin       Real  8          3\n"
                                    "                       val.t.bin       Real  8          3\n"
                                    "                val_TT2.Ca_i.bin GlobalData_t  8          3\n"
                                    "                   val_TT2.h.bin GlobalData_t  8          3\n"
                                    "                   val_TT2.m.bin GlobalData_t  8          3\n");
    /* --validate without --fout: BENCH_REG files in the working directory, nothing on stdout */
    char cwd[512];
    ASSERT(getcwd(cwd, sizeof cwd) != NULL && chdir(tmpdir) == 0);
    w = bout_open(NULL, 0, 1, "TT2", NSV, names, NULL, err, sizeof err);
    ASSERT(w != NULL);
    ASSERT_EQ_INT(0, write_rows(w));
    ASSERT_EQ_INT(0, bout_close(w, err, sizeof err));
    ASSERT(chdir(cwd) == 0);
    ASSERT_EQ_INT(24, file_size(P("BENCH_REG.Vm.bin")));
    ASSERT_EQ_INT(24, file_size(P("BENCH_REG_TT2.m.bin")));
    char *bh = t_read_file(P("BENCH_REG_header.txt"));
    ASSERT(bh && strstr(bh, "          BENCH_REG_TT2.Ca_i.bin GlobalData_t  8          3\n"));
    free(bh);

    /* --imp-sv-dump alone: the table and the listed states */
    int mask[NSV];
    ASSERT_EQ_INT(0, bout_dump_mask(" m , Ca_i", "TT2", NSV, names, mask, err, sizeof err));
    ASSERT(mask[0] == 1 && mask[1] == 0 && mask[2] == 1);
    w = bout_open(P("dump"), 0, 0, "TT2", NSV, names, mask, err, sizeof err);
    ASSERT(w != NULL);
    ASSERT_EQ_INT(0, write_rows(w));
    ASSERT_EQ_INT(-1, bout_row(w, 2, 0, 0, NULL)); /* states are written: sv is needed */
    ASSERT_EQ_INT(-1, bout_close(w, err, sizeof err));
    ASSERT_EQ_STR("bout_row: the states are written but none were given", err);
    w = bout_open(P("dump"), 0, 0, "TT2", NSV, names, mask, err, sizeof err);
    ASSERT_EQ_INT(0, write_rows(w));
    ASSERT_EQ_INT(0, bout_close(w, err, sizeof err));
    check_file(P("dump.txt"), TABLE);
    ASSERT_EQ_INT(-1, file_size(P("dump.t.bin")));
    ASSERT_EQ_INT(-1, file_size(P("dump_TT2.h.bin")));
    ASSERT(sample(P("dump_TT2.m.bin"), 2) == 1.0);
    check_file(P("dump_header.txt"), "0  # is bigendian\n"
                                     "               dump_TT2.Ca_i.bin GlobalData_t  8          3\n"
                                     "                  dump_TT2.m.bin GlobalData_t  8          3\n");
    /* zero rows: empty files, counted as such */
    w = bout_open(P("empty"), 1, 1, "TT2", NSV, names, NULL, err, sizeof err);
    ASSERT_EQ_INT(0, bout_close(w, err, sizeof err));
    ASSERT_EQ_INT(0, file_size(P("empty.Vm.bin")));
    char *hdr = t_read_file(P("empty_header.txt"));
    ASSERT(hdr && strstr(hdr, "   empty.Vm.bin       Real  8          0\n"));
    free(hdr);
    /* a model name with a '/' cannot name the state files */
    ASSERT(bout_open(P("x"), 0, 1, "a/b", NSV, names, NULL, err, sizeof err) == NULL);
    ASSERT(strstr(err, "the model's name 'a/b' cannot be part of a file name") != NULL);
    ASSERT_EQ_INT(0, bout_close(NULL, err, sizeof err));
}

static void test_dump_mask_errors(void) {
    int mask[NSV];
    ASSERT_EQ_INT(-1, bout_dump_mask("h,Na_i", "TT2", NSV, names, mask, err, sizeof err));
    ASSERT_EQ_STR("--imp-sv-dump: unknown state 'Na_i' of model TT2; its states: Ca_i, h, m", err);
    ASSERT_EQ_INT(-1, bout_dump_mask("h,,m", "TT2", NSV, names, mask, err, sizeof err));
    ASSERT_EQ_STR("--imp-sv-dump: empty item 2 in 'h,,m'", err);
    ASSERT_EQ_INT(-1, bout_dump_mask("", "TT2", NSV, names, mask, err, sizeof err));
    ASSERT_EQ_STR("--imp-sv-dump: empty item 1 in ''", err);
    /* a truncated list of states stays NUL-terminated */
    char small[40];
    ASSERT_EQ_INT(-1, bout_dump_mask("x", "TT2", NSV, names, mask, small, sizeof small));
    ASSERT_EQ_INT(39, strlen(small));
}

static void test_errors(void) {
    char want[1024];
    ASSERT(bout_open(P("nodir/run"), 0, 0, "TT2", NSV, names, NULL, err, sizeof err) == NULL);
    snprintf(want, sizeof want, "%s: No such file or directory", P("nodir/run.txt"));
    ASSERT_EQ_STR(want, err);
    ASSERT(bout_open(P("nodir/run"), 1, 0, "TT2", NSV, names, NULL, err, sizeof err) == NULL);
    snprintf(want, sizeof want, "%s: No such file or directory", P("nodir/run.Vm.bin"));
    ASSERT_EQ_STR(want, err);
    /* a state file that cannot be created: the earlier files are closed, the error names it */
    mkdir(P("isdir_TT2.h.bin"), 0755);
    ASSERT(bout_open(P("isdir"), 0, 1, "TT2", NSV, names, NULL, err, sizeof err) == NULL);
    snprintf(want, sizeof want, "%s: Is a directory", P("isdir_TT2.h.bin"));
    ASSERT_EQ_STR(want, err);
    rmdir(P("isdir_TT2.h.bin"));
    /* a full device: the failure comes at a write or at the close, naming the file */
    if (access("/dev/full", W_OK) == 0 && symlink("/dev/full", P("full.txt")) == 0) {
        BoutWriter *w = bout_open(P("full"), 0, 0, "TT2", NSV, names, NULL, err, sizeof err);
        ASSERT(w != NULL);
        for (int k = 0; k < 2000 && w && bout_row(w, k, 1, 2, NULL) == 0; k++)
            ;
        ASSERT_EQ_INT(-1, bout_close(w, err, sizeof err));
        snprintf(want, sizeof want, "%s: No space left on device", P("full.txt"));
        ASSERT_EQ_STR(want, err);
    } else
        printf("(no /dev/full: the full-device check is skipped)\n");
}

static void test_trace_writer(void) {
    static const char *const tn[2] = {"I_Na", "V"};
    char cwd[512];
    ASSERT(getcwd(cwd, sizeof cwd) != NULL && chdir(tmpdir) == 0);
    BoutTrace *tw = bout_trace_open(3, "TT2", 2, tn, err, sizeof err);
    ASSERT(tw != NULL);
    ASSERT_EQ_INT(0, bout_trace_row(tw, 0, (const double[]){1.5, -86.2}));
    ASSERT_EQ_INT(0, bout_trace_row(tw, 12.5, (const double[]){-0.25, 30}));
    ASSERT_EQ_INT(0, bout_trace_close(tw, err, sizeof err));
    /* a header that cannot be written names its path */
    ASSERT(bout_trace_open(0, "nodir/TT2", 2, tn, err, sizeof err) == NULL);
    ASSERT_EQ_STR("nodir/TT2_trace_header.txt: No such file or directory", err);
    ASSERT(chdir(cwd) == 0);
    check_file(P("TT2_trace_header.txt"), "I_Na\nV\n");
    check_file(P("Trace_3.dat"), "0.0000000000\t1.500000000000\t-86.200000000000\t\n"
                                 "12.5000000000\t-0.250000000000\t30.000000000000\t\n");
    ASSERT_EQ_INT(0, bout_trace_close(NULL, err, sizeof err));
}

/* A synthetic action potential starting at t0 (ms), sampled every 0.1 ms: rest -85 mV, upstroke
 * 0.5 ms at 50 mV/ms then 0.5 ms at 200 mV/ms (to +40 mV at t0 + 1), plateau 40 -> 0 mV over
 * 200 ms, repolarisation 0 -> -85 mV over 50 ms. */
static double ap_shape(double t, double t0) {
    double u = t - t0;
    if (u < 0 || u >= 251)
        return -85;
    if (u < 0.5)
        return -85 + 50 * u;
    if (u < 1)
        return -60 + 200 * (u - 0.5);
    if (u < 201)
        return 40 - 0.2 * (u - 1);
    return -85 * (u - 201) / 50;
}

static void test_apstats(void) {
    BapTrace tr = {0};
    for (long i = 0; i <= 15000; i++) {
        double t = 0.1 * (double)i;
        ASSERT_EQ_INT(0, bap_add(&tr, t,
                                 t < 500    ? ap_shape(t, 10)
                                 : t < 1000 ? ap_shape(t, 510)
                                            : ap_shape(t, 1010)));
    }
    BapBeat *b;
    long nb = bap_beats(&tr, &b);
    ASSERT_EQ_INT(3, nb);
    const double t_act = 10.55, rep90 = 10 + 201 + 50 * 72.5 / 85, rep30 = 10 + 1 + 187.5;
    for (long k = 0; k < nb; k++) {
        ASSERT_NEAR(t_act + 500 * (double)k, b[k].t_act, 1e-9);
        ASSERT_NEAR(rep90 - t_act, b[k].apd90, 1e-6);
        ASSERT_NEAR(rep30 - t_act, b[k].apd30, 1e-6);
        ASSERT_NEAR(40, b[k].vm_max, 1e-9);
        ASSERT_NEAR(-85, b[k].vm_min, 1e-9);
        ASSERT_NEAR(200, b[k].dvdt_max, 1e-6);
    }
    const double pulses[4] = {10, 510, 1010, 1400};
    const unsigned char marks[4] = {BRS_PREPACE, 0, BRS_S2 | BRS_MEASURE, BRS_S2 | BRS_MEASURE};
    bap_attach(b, nb, pulses, 4);
    ASSERT(b[0].pulse == 0 && b[1].pulse == 1 && b[2].pulse == 2);
    ASSERT_EQ_INT(0, bap_write_stats(P("ap_AP_stats.dat"), b, nb, nb, marks, err, sizeof err));
    ASSERT_EQ_INT(2, bap_write_restitution(P("ap_APD_restitution.dat"), b, nb, pulses, marks, 4, INFINITY,
                                           err, sizeof err));
    char *st = t_read_file(P("ap_AP_stats.dat")), *rs = t_read_file(P("ap_APD_restitution.dat"));
    ASSERT(st && rs && st[0] == '#' && rs[0] == '#');
    /* row 2 of the statistics: beat 2, not premature, steady, APD, DI(n), DI(n-1), triangulation */
    char *row = st ? strchr(strchr(st, '\n') + 1, '\n') + 1 : NULL;
    long beat = 0;
    char prem = 0;
    int steady = -1;
    double apd = 0, di = 0, dip = 0, tri = 0, vmin = 0, vmax = 0, ta = 0, dv = 0;
    ASSERT_EQ_INT(11, row ? sscanf(row, "%ld %c %d %lf %lf %lf %lf %lf %lf %lf %lf", &beat, &prem, &steady,
                                   &apd, &di, &dip, &tri, &vmin, &vmax, &ta, &dv)
                          : 0);
    ASSERT(beat == 2 && prem == '*' && steady == 1);
    ASSERT_NEAR(rep90 - t_act, apd, 1e-3);
    ASSERT_NEAR(500 - (rep90 - t_act), di, 1e-3);
    ASSERT_NEAR(500 - (rep90 - t_act), dip, 1e-3);
    ASSERT_NEAR(rep90 - rep30, tri, 1e-3);
    /* the restitution file: pulse 3 (its S2 beat), pulse 4 (nothing activated: nan) */
    char *r1 = rs ? strchr(rs, '\n') + 1 : NULL, *r2 = r1 ? strchr(r1, '\n') + 1 : NULL;
    ASSERT_EQ_INT(11, r1 ? sscanf(r1, "%ld %c %d %lf %lf %lf %lf %lf %lf %lf %lf", &beat, &prem, &steady,
                                  &apd, &di, &dip, &tri, &vmin, &vmax, &ta, &dv)
                         : 0);
    ASSERT(beat == 3 && prem == 'P' && steady == 1 && isnan(di));
    ASSERT_NEAR(rep90 - t_act, apd, 1e-3);
    ASSERT(r2 && strncmp(r2, "     4 P 1        nan", 21) == 0);
    ASSERT(r2 && strchr(r2, '\n') && !strchr(r2, '\n')[1]);
    free(st), free(rs);
    /* a stopped run: only whole rows. The S2 rows of pulses 3 and 4 are the last two pulses': whole
       at the run's end only; the statistics' first row (nrows 1) keeps DI(n) from beat 2 */
    ASSERT_EQ_INT(
        0, bap_write_restitution(P("ap_APD_restitution.dat"), b, nb, pulses, marks, 4, 1e9, err, sizeof err));
    rs = t_read_file(P("ap_APD_restitution.dat"));
    ASSERT(rs && rs[0] == '#' && strchr(rs, '\n') && !strchr(rs, '\n')[1]);
    free(rs);
    ASSERT_EQ_INT(0, bap_write_stats(P("ap_AP_stats.dat"), b, nb, 1, marks, err, sizeof err));
    st = t_read_file(P("ap_AP_stats.dat"));
    row = st ? strchr(st, '\n') + 1 : NULL;
    ASSERT_EQ_INT(11, row ? sscanf(row, "%ld %c %d %lf %lf %lf %lf %lf %lf %lf %lf", &beat, &prem, &steady,
                                   &apd, &di, &dip, &tri, &vmin, &vmax, &ta, &dv)
                          : 0);
    ASSERT(beat == 1 && isnan(dip) && row && strchr(row, '\n') && !strchr(row, '\n')[1]);
    ASSERT_NEAR(500 - (rep90 - t_act), di, 1e-3);
    free(st), free(b);
    /* the rule: a measured pulse's row is whole once the trace reaches the pulse after next */
    const double p6[6] = {0, 500, 900, 1400, 1900, 2250};
    const unsigned char m6[6] = {BRS_PREPACE, 0, BRS_S2 | BRS_MEASURE, 0, 0, BRS_S2 | BRS_MEASURE};
    long total = 0;
    ASSERT_EQ_INT(0, brs_whole_rows(p6, m6, 6, 1899.9, &total));
    ASSERT_EQ_INT(2, total);
    ASSERT_EQ_INT(1, brs_whole_rows(p6, m6, 6, 1900, NULL));
    ASSERT_EQ_INT(1, brs_whole_rows(p6, m6, 6, 1e12, NULL));
    ASSERT_EQ_INT(2, brs_whole_rows(p6, m6, 6, INFINITY, NULL));
    ASSERT_EQ_INT(0, brs_whole_rows(p6, m6, 6, -INFINITY, NULL));
    /* a flat trace has no beat; an unwritable file names its path */
    BapTrace flat = {0};
    for (int i = 0; i < 10; i++)
        bap_add(&flat, i, -80);
    ASSERT_EQ_INT(0, bap_beats(&flat, &b));
    ASSERT(b == NULL);
    char want[600];
    ASSERT_EQ_INT(-1, bap_write_stats(P("nodir/x_AP_stats.dat"), NULL, 0, 0, NULL, err, sizeof err));
    snprintf(want, sizeof want, "%s: No such file or directory", P("nodir/x_AP_stats.dat"));
    ASSERT_EQ_STR(want, err);
    bap_free(&flat);
    bap_free(&tr);
}

static void test_probe_names(void) {
    char buf[64];
    ASSERT_EQ_STR("run", bout_probe_name("run", 5, 0, buf, sizeof buf));
    ASSERT(bout_probe_name(NULL, 5, 0, buf, sizeof buf) == NULL); /* the first: stdout */
    ASSERT_EQ_STR("run_cell5", bout_probe_name("run", 5, 1, buf, sizeof buf));
    ASSERT_EQ_STR("out/run_cell12", bout_probe_name("out/run", 12, 3, buf, sizeof buf));
    ASSERT_EQ_STR("BENCH_REG_cell7", bout_probe_name(NULL, 7, 2, buf, sizeof buf));
    ASSERT(bout_probe_name("run", 123456, 1, buf, 10) == NULL); /* too long for buf */
}

static void test_state_roundtrip(void) {
    const double sv[NSV] = {1.0 / 3.0, 5e-324, -0.0};
    const double vm = -86.2;
    ASSERT_EQ_INT(0, svf_save(P("s.txt"), "TT2", NSV, names, sv, vm, err, sizeof err));
    check_file(P("s.txt"), "-86.200000000000003      # Vm\n" /* values padded to 24 columns */
                           "TT2\n"
                           "0.33333333333333331      # Ca_i\n"
                           "4.9406564584124654e-324  # h\n"
                           "-0                       # m\n");
    double back[NSV] = {7, 7, 7}, vback = 7;
    ASSERT_EQ_INT(0, svf_load(P("s.txt"), "TT2", NSV, names, back, &vback, err, sizeof err));
    ASSERT(memcmp(back, sv, sizeof sv) == 0);
    ASSERT(memcmp(&vback, &vm, sizeof vm) == 0);
    /* extreme values */
    const double sv2[NSV] = {DBL_MAX, -DBL_MIN, 0.1};
    ASSERT_EQ_INT(0, svf_save(P("s2.txt"), "TT2", NSV, names, sv2, 1e-17, err, sizeof err));
    ASSERT_EQ_INT(0, svf_load(P("s2.txt"), "TT2", NSV, names, back, &vback, err, sizeof err));
    ASSERT(memcmp(back, sv2, sizeof sv2) == 0 && vback == 1e-17);
    /* openCARP's layout: other globals ("-" values), comments, blank lines, states in any order */
    write_text(P("oc.txt"), "# saved by bench\n-80.5 # Vm\n0 # Lambda\n- # Ca_e\n0.3 # Iion\n\nTT2\n"
                            "  0.5   #   m  \n0.25 # h\n1e-4 # Ca_i\n");
    ASSERT_EQ_INT(0, svf_load(P("oc.txt"), "TT2", NSV, names, back, &vback, err, sizeof err));
    ASSERT(vback == -80.5 && back[0] == 1e-4 && back[1] == 0.25 && back[2] == 0.5);
    /* saving where it cannot */
    char want[1024];
    ASSERT_EQ_INT(-1, svf_save(P("nodir/s.txt"), "TT2", NSV, names, sv, vm, err, sizeof err));
    snprintf(want, sizeof want, "%s: No such file or directory", P("nodir/s.txt"));
    ASSERT_EQ_STR(want, err);
}

/* Loading text (as file bad.txt) must fail with "PATH" + suffix, leaving sv and vm untouched. */
static void check_load_error(const char *text, const char *suffix) {
    write_text(P("bad.txt"), text);
    double sv[NSV] = {9, 9, 9}, vm = 9;
    char want[1024];
    snprintf(want, sizeof want, "%s%s", P("bad.txt"), suffix);
    ASSERT_EQ_INT(-1, svf_load(P("bad.txt"), "TT2", NSV, names, sv, &vm, err, sizeof err));
    ASSERT_EQ_STR(want, err);
    ASSERT(sv[0] == 9 && sv[1] == 9 && sv[2] == 9 && vm == 9);
}

static void test_state_errors(void) {
    const char *ok_states = "1 # Ca_i\n2 # h\n3 # m\n";
    char text[512];
    check_load_error("1 # Vm\nORd\n", ":2: the state file is for model 'ORd', not 'TT2'");
    snprintf(text, sizeof text, "1 # Vm\nTT2\n%s4 # foo\n", ok_states);
    check_load_error(text, ":6: unknown state 'foo' of model TT2; its states: Ca_i, h, m");
    check_load_error("1 # Vm\nTT2\nabc # Ca_i\n", ":3: malformed line 'abc # Ca_i'; expected 'VALUE # NAME'");
    check_load_error("1 # Vm\nTT2\n- # Ca_i\n", ":3: malformed line '- # Ca_i'; expected 'VALUE # NAME'");
    check_load_error("1 # Vm\nTT2\n1 #\n", ":3: malformed line '1 # '; expected 'VALUE # NAME'");
    check_load_error("1 2 3\n", ":1: malformed line '1 2 3'; expected 'VALUE # NAME' or the model's name");
    check_load_error("1 # Vm\nTT2\n1 # Ca_i\n2 # Ca_i\n", ":4: state 'Ca_i' is given twice");
    check_load_error("1 # Vm\n2 # Vm\n", ":2: Vm is given twice");
    check_load_error("1 # Vm\n2 # foo\nTT2\n",
                     ":2: unknown name 'foo' before the model's name 'TT2' (expected Vm)");
    snprintf(text, sizeof text, "1 # Vm\nTT2\n%sTT2\n", ok_states);
    check_load_error(text, ":6: model 'TT2' appears twice");
    check_load_error("1 # Vm\nTT2\n1 # Ca_i\n3 # m\n", ": state 'h' of model TT2 is missing");
    snprintf(text, sizeof text, "TT2\n%s", ok_states);
    check_load_error(text, ": no Vm line (expected 'VALUE # Vm' before the model's name)");
    check_load_error("1 # Vm\n", ": no line with the model's name 'TT2'");
    double sv[NSV], vm;
    char want[1024];
    ASSERT_EQ_INT(-1, svf_load(P("none.txt"), "TT2", NSV, names, sv, &vm, err, sizeof err));
    snprintf(want, sizeof want, "%s: No such file or directory", P("none.txt"));
    ASSERT_EQ_STR(want, err);
}

/* Remove everything in tmpdir (the tests make no subdirectory that stays). */
static void cleanup(void) {
    DIR *d = opendir(tmpdir);
    if (!d)
        return;
    struct dirent *e;
    while ((e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
            remove(P(e->d_name));
    closedir(d);
    rmdir(tmpdir);
}

/* Make the temporary directory (in $TMPDIR, else /tmp). Returns 0, or -1 with a message. */
static int make_tmpdir(void) {
    const char *base = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/sc_bench_out.XXXXXX", base && *base ? base : "/tmp");
    if (mkdtemp(tmpdir))
        return 0;
    fprintf(stderr, "mkdtemp %s: %s\n", tmpdir, strerror(errno));
    return -1;
}

int main(void) {
    if (make_tmpdir() < 0)
        return 1;
    test_table();
    test_binary();
    test_dump_mask_errors();
    test_errors();
    test_probe_names();
    test_trace_writer();
    test_apstats();
    test_state_roundtrip();
    test_state_errors();
    if (getenv("KEEP"))
        printf("kept %s\n", tmpdir);
    else
        cleanup();
    return TEST_DONE();
}

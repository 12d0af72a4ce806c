/* test_igb.c STARCARP WORKDIR: `starcarp tissue`'s openCARP outputs read back by a reader of this
 * test's own (not linked with the writer, drivers/tissue/tissue_igb.c):
 *   1. vm.igb of a 2D sheet (21 x 11 nodes, snapshots every 5 ms to 30 ms): the header is 1024
 *      bytes of CR LF lines of at most 80 characters ending in a form feed, with x 21, y 11, z 1,
 *      t 7, type float, systeme little_endian, org_t 0, inc_t 5, dim_t 30, unites mV; the file is
 *      1024 + x*y*z*t*4 bytes; frame 3 equals vm_0003.vtk node by node (as floats) and the probe
 *      node's values equal probes.txt's at 0, 5, ..., 30 ms;
 *   2. init_acts_vm_act-thresh.dat: one line per node, equal to activation.vtk (six decimals),
 *      -1 exactly where the map has -1, the probe's line equal to the time printed on stdout;
 *   3. a run killed (SIGKILL) after some snapshots leaves a valid vm.igb: header t >= 2 frames,
 *      all of them in the file;
 *   4. vm.igb that cannot be created (a folder of that name): exit status 1 naming the file. */
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "test.h"

enum { NX = 21, NY = 11, NODES = NX * NY, PROBE = 10 + NX * 5 /* (2, 1) mm */ };
static const char *sc;
static char dir[512];

/* One header item's value ("" when absent). */
typedef struct Header {
    char key[40][24], val[40][48];
    int n, lines_ok;
} Header;

static const char *hget(const Header *h, const char *key) {
    for (int i = 0; i < h->n; i++)
        if (!strcmp(h->key[i], key))
            return h->val[i];
    return "";
}

/* Parse an IGB header: key:value items separated by blanks, CR LF lines of <= 80 characters,
 * a form feed as byte 1023. */
static Header parse_header(const unsigned char *b) {
    Header h = {.n = 0, .lines_ok = b[1023] == '\f'};
    int col = 0;
    for (int i = 0; i < 1023; i++) {
        if (b[i] == '\n') {
            h.lines_ok &= i > 0 && b[i - 1] == '\r' && col <= 81;
            col = 0;
        } else
            col++;
        h.lines_ok &= b[i] == '\r' || b[i] == '\n' || (b[i] >= 32 && b[i] < 127);
    }
    for (int i = 0; i < 1023 && h.n < 40;) {
        while (i < 1023 && (b[i] == ' ' || b[i] == '\r' || b[i] == '\n'))
            i++;
        int s = i;
        while (i < 1023 && b[i] != ' ' && b[i] != '\r' && b[i] != '\n')
            i++;
        if (i == s)
            break;
        const unsigned char *c = memchr(b + s, ':', (size_t)(i - s));
        if (!c)
            continue;
        snprintf(h.key[h.n], 24, "%.*s", (int)(c - (b + s)), (const char *)(b + s));
        snprintf(h.val[h.n], 48, "%.*s", (int)(b + i - c - 1), (const char *)c + 1);
        h.n++;
    }
    return h;
}

static void sleep_ms(long ms) {
    struct timespec ts = {ms / 1000, (ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

static unsigned char *slurp(const char *path, long *len) {
    FILE *f = fopen(path, "rb");
    if (!f)
        return *len = -1, NULL;
    fseek(f, 0, SEEK_END);
    *len = ftell(f);
    rewind(f);
    unsigned char *b = malloc((size_t)*len + 1);
    if (b && fread(b, 1, (size_t)*len, f) != (size_t)*len)
        free(b), b = NULL;
    fclose(f);
    return b;
}

static float le_float(const unsigned char *p) {
    uint32_t u = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    float v;
    memcpy(&v, &u, 4);
    return v;
}

/* The NODES big-endian doubles of a binary VTK file's point data. 0 or -1. */
static int read_vtk(const char *path, double *out) {
    long len;
    unsigned char *b = slurp(path, &len);
    const char *tag = "LOOKUP_TABLE default\n";
    unsigned char *p = b ? (unsigned char *)strstr((char *)b, tag) : NULL; /* the header is text */
    if (!p || (p += strlen(tag)) + 8 * NODES > b + len) {
        free(b);
        return -1;
    }
    for (int i = 0; i < NODES; i++) {
        uint64_t u = 0;
        for (int k = 0; k < 8; k++)
            u = u << 8 | p[8 * i + k];
        memcpy(&out[i], &u, 8);
    }
    free(b);
    return 0;
}

static int run(const char *args, const char *out) {
    char cmd[2048];
    snprintf(cmd, sizeof cmd,
             "'%s' tissue --imp AlievPanfilov --size 4,2 --dx 0.2 --sigma 0.1 "
             "--stim x=0:0.4,amp=80,dur=2 -q --no-png %s --out '%s/%s' > '%s/%s.txt' 2>&1",
             sc, args, dir, out, dir, out);
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* The IGB file at path (its length in *len) and its parsed header; NULL (after a failed check)
 * when it is missing or shorter than a header. */
static unsigned char *read_igb(const char *path, long *len, Header *h) {
    unsigned char *b = slurp(path, len);
    ASSERT(b != NULL && *len >= 1024);
    if (!b || *len < 1024) {
        free(b);
        return NULL;
    }
    *h = parse_header(b);
    ASSERT(h->lines_ok);
    return b;
}

/* 1. vm.igb of the sheet against its VTK snapshot and probes. */
static void test_igb(void) {
    ASSERT_EQ_INT(0, run("--duration 30 --snap-dt 5 --probe 2,1 --probe-dt 1", "sheet"));
    char path[700];
    snprintf(path, sizeof path, "%s/sheet/vm.igb", dir);
    long len;
    Header h;
    unsigned char *b = read_igb(path, &len, &h);
    if (!b)
        return;
    ASSERT_EQ_STR("21", hget(&h, "x"));
    ASSERT_EQ_STR("11", hget(&h, "y"));
    ASSERT_EQ_STR("1", hget(&h, "z"));
    ASSERT_EQ_STR("7", hget(&h, "t"));
    ASSERT_EQ_STR("float", hget(&h, "type"));
    ASSERT_EQ_STR("little_endian", hget(&h, "systeme"));
    ASSERT_EQ_STR("mV", hget(&h, "unites"));
    ASSERT_NEAR(0, atof(hget(&h, "org_t")), 1e-12);
    ASSERT_NEAR(5, atof(hget(&h, "inc_t")), 1e-12);
    ASSERT_NEAR(30, atof(hget(&h, "dim_t")), 1e-12);
    long x = atol(hget(&h, "x")), y = atol(hget(&h, "y")), z = atol(hget(&h, "z")), t = atol(hget(&h, "t"));
    ASSERT_EQ_INT(1024 + x * y * z * t * 4, len);
    double vtk[NODES];
    snprintf(path, sizeof path, "%s/sheet/vm_0003.vtk", dir);
    ASSERT_EQ_INT(0, read_vtk(path, vtk));
    int same = 0;
    for (int i = 0; i < NODES && len == 1024 + 4L * NODES * 7; i++)
        same += le_float(b + 1024 + 4 * (3 * NODES + i)) == (float)vtk[i];
    ASSERT_EQ_INT(NODES, same);
    ASSERT(vtk[0] > vtk[NODES - 1] + 10); /* the front is under way at 15 ms: not a constant field */
    snprintf(path, sizeof path, "%s/sheet/probes.txt", dir);
    FILE *f = fopen(path, "r");
    char line[256];
    int rows = 0;
    while (f && fgets(line, sizeof line, f)) {
        double tm, v;
        if (sscanf(line, "%lf %lf", &tm, &v) != 2 || fmod(tm + 1e-9, 5) > 1e-6 ||
            len != 1024 + 4L * NODES * 7)
            continue;
        int k = (int)lround(tm / 5);
        ASSERT_NEAR(v, le_float(b + 1024 + 4 * ((long)k * NODES + PROBE)), 1e-4);
        rows++;
    }
    if (f)
        fclose(f);
    ASSERT_EQ_INT(7, rows);
    free(b);
}

/* 2. the activation file against activation.vtk and stdout. */
static void test_lat(void) {
    char path[700];
    double vtk[NODES], probe_t = NAN;
    snprintf(path, sizeof path, "%s/sheet/activation.vtk", dir);
    ASSERT_EQ_INT(0, read_vtk(path, vtk));
    snprintf(path, sizeof path, "%s/sheet.txt", dir);
    FILE *f = fopen(path, "r");
    char line[256];
    while (f && fgets(line, sizeof line, f))
        sscanf(line, "P1 %*s %*s %*s %*s %lf", &probe_t);
    if (f)
        fclose(f);
    snprintf(path, sizeof path, "%s/sheet/init_acts_vm_act-thresh.dat", dir);
    f = fopen(path, "r");
    ASSERT(f != NULL);
    int n = 0, none = 0, same = 0;
    while (f && fgets(line, sizeof line, f)) {
        double v = atof(line);
        if (n < NODES) {
            same += fabs(v - vtk[n]) <= 5e-7 || (v == -1 && vtk[n] == -1);
            none += v == -1;
            if (n == PROBE)
                ASSERT_NEAR(probe_t, v, 1e-4);
        }
        n++;
    }
    if (f)
        fclose(f);
    ASSERT_EQ_INT(NODES, n);
    ASSERT_EQ_INT(NODES, same);
    ASSERT(none > 0 && none < NODES - 20); /* the front has crossed part of the sheet in 30 ms */
    ASSERT(probe_t > 0);
}

/* 3. a run killed after some snapshots: its vm.igb holds the frames its header counts. */
static void test_killed(void) {
    char out[600], path[700];
    snprintf(out, sizeof out, "%s/killed", dir);
    snprintf(path, sizeof path, "%s/vm.igb", out);
    pid_t pid = fork();
    if (pid == 0) {
        if (!freopen("/dev/null", "w", stderr))
            _exit(126);
        execl(sc, sc, "tissue", "--imp", "AlievPanfilov", "--size", "4,2", "--dx", "0.2", "--duration", "1e6",
              "--snap-dt", "0.5", "--allow-no-stimulus", "--no-png", "-q", "--out", out, (char *)NULL);
        _exit(127);
    }
    struct stat st = {0};
    for (int i = 0; i < 12000 && (stat(path, &st) != 0 || st.st_size < 1024 + 4L * NODES * 3); i++)
        sleep_ms(10);
    sleep_ms(50);
    kill(pid, SIGKILL);
    int status;
    waitpid(pid, &status, 0);
    ASSERT(WIFSIGNALED(status));
    long len;
    Header h;
    unsigned char *b = read_igb(path, &len, &h);
    if (!b)
        return;
    long t = atol(hget(&h, "t"));
    ASSERT(t >= 2);
    ASSERT(1024 + 4L * NODES * t <= len);
    ASSERT_NEAR(0.5 * (double)(t - 1), atof(hget(&h, "dim_t")), 1e-9);
    free(b);
}

/* 4. vm.igb cannot be created. */
static void test_unwritable(void) {
    char path[700];
    snprintf(path, sizeof path, "%s/blocked", dir);
    mkdir(path, 0777);
    snprintf(path, sizeof path, "%s/blocked/vm.igb", dir);
    ASSERT_EQ_INT(0, mkdir(path, 0777));
    ASSERT_EQ_INT(1, run("--duration 1 --snap-dt 0.5", "blocked"));
    snprintf(path, sizeof path, "%s/blocked.txt", dir);
    char *msg = t_read_file(path);
    ASSERT(msg && strstr(msg, "blocked/vm.igb: Is a directory"));
    free(msg);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: test_igb STARCARP WORKDIR\n");
        return 2;
    }
    sc = argv[1];
    snprintf(dir, sizeof dir, "%s/test_igb", argv[2]);
    char cmd[1200];
    snprintf(cmd, sizeof cmd, "rm -rf '%s' && mkdir -p '%s'", dir, dir);
    if (system(cmd) != 0)
        return 1;
    test_igb();
    test_lat();
    test_killed();
    test_unwritable();
    return TEST_DONE();
}

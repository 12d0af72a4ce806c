/* lab/ripsample.c: ripsample PID N MS: N samples, MS ms apart, of the instruction pointer of every
 * thread of PID (ptrace), each printed with the mapping it falls in (/proc/PID/maps) and its offset
 * there: a profiler for a machine without perf or a working gdb. */
#define _GNU_SOURCE
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <time.h>

static void where(int pid, unsigned long ip) {
    char path[64], line[512];
    snprintf(path, sizeof path, "/proc/%d/maps", pid);
    FILE *f = fopen(path, "r");
    while (f && fgets(line, sizeof line, f)) {
        unsigned long lo, hi, off;
        char perm[8], file[400] = "";
        if (sscanf(line, "%lx-%lx %7s %lx %*s %*s %399s", &lo, &hi, perm, &off, file) >= 4 && ip >= lo &&
            ip < hi) {
            printf("%s +0x%lx\n", file[0] ? file : "[anon]", ip - lo + off);
            fclose(f);
            return;
        }
    }
    printf("? 0x%lx\n", ip);
    if (f)
        fclose(f);
}

int main(int argc, char **argv) {
    if (argc < 4)
        return 2;
    int pid = atoi(argv[1]), n = atoi(argv[2]), ms = atoi(argv[3]);
    for (int s = 0; s < n; s++) {
        char dir[64];
        snprintf(dir, sizeof dir, "/proc/%d/task", pid);
        DIR *d = opendir(dir);
        if (!d)
            return 0;
        struct dirent *e;
        while ((e = readdir(d))) {
            int tid = atoi(e->d_name);
            if (tid <= 0 || ptrace(PTRACE_ATTACH, tid, 0, 0) != 0)
                continue;
            int st;
            if (waitpid(tid, &st, __WALL) == tid) {
                struct user_regs_struct r;
                if (ptrace(PTRACE_GETREGS, tid, 0, &r) == 0) {
                    printf("tid %d ", tid);
                    where(pid, r.rip);
                }
            }
            ptrace(PTRACE_DETACH, tid, 0, 0);
        }
        closedir(d);
        fflush(stdout);
        nanosleep(&(struct timespec){0, ms * 1000000L}, NULL);
    }
    return 0;
}

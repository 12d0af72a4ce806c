#!/bin/bash
# lab/gpu-slow-choice.sh: on the GPU machine (device tool, carry .carry from lab/gpu/pack.sh),
# why the choice of methods runs its cells 20-30x slower there than on the dev machine once its
# two-thread check over 50 beats starts (lab/measurements/2026-11-29-h200-ctest.md). Builds ten
# Tusscher 2006 alone (about 25 s), then writes into $OUT/slow.txt:
#   0. the machine: CPU, glibc, compiler; a libm probe (exp, log, pow in double and float, 4M calls
#      each, compiled here) to see whether double's special functions are slow on this libm;
#   a. `starcarp methods` at dt 0.03 as tests/tissue/test_tissue_gpu.sh makes it (GPU visible), with
#      the busiest threads sampled every 2 s (who holds the CPU while the cells run);
#   b. the same with STARPU_NCUDA=0 and on one core (taskset -c 0: no second thread);
#   c. the candidate's kernel outside the choice: bench, 1 cell, --methods cvode=fe, 50 beats.
set -u
cd "$(dirname "$0")/.."
. lab/gpu/env.sh gpu-run
o=$OUT/slow.txt
{ lscpu | grep -E 'Model name|^CPU\(s\)|Thread|Socket|Hypervisor' | cut -c1-120
  ldd --version | head -1; cc --version | head -1; grep -o -m1 'avx512f' /proc/cpuinfo
  cat > /tmp/libm.c <<'EOF'
#include <math.h>
#include <stdio.h>
#include <time.h>
static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + 1e-9 * t.tv_nsec; }
int main(void) {
    volatile double sd = 0; volatile float sf = 0; const int n = 4000000;
    double t = now(); for (int i = 0; i < n; i++) sd += exp(-80.0 + 1e-5 * i); printf("exp  double %.1f ns\n", 1e9 * (now() - t) / n);
    t = now(); for (int i = 0; i < n; i++) sd += log(1e-3 + 1e-5 * i); printf("log  double %.1f ns\n", 1e9 * (now() - t) / n);
    t = now(); for (int i = 0; i < n; i++) sd += pow(1e-3 + 1e-6 * i, 1.7); printf("pow  double %.1f ns\n", 1e9 * (now() - t) / n);
    t = now(); for (int i = 0; i < n; i++) sf += expf(-80.0f + 1e-5f * i); printf("expf float  %.1f ns\n", 1e9 * (now() - t) / n);
    t = now(); for (int i = 0; i < n; i++) sf += powf(1e-3f + 1e-6f * i, 1.7f); printf("powf float  %.1f ns\n", 1e9 * (now() - t) / n);
    return sd + sf > 0 ? 0 : 1;
}
EOF
  cc -O2 /tmp/libm.c -o /tmp/libm -lm && /tmp/libm
  t0=$(date +%s); gpu_build ten_tusscher_model_2006_epi "$OUT/build.log"; echo "build rc $? $(($(date +%s) - t0)) s"
  m=models/cellml/ten_tusscher_model_2006_epi.model sc=build-gpu/bin/starcarp
  sampler() { while :; do echo "-- $(date +%T)"; ps -eLo pcpu,stat,comm,args --sort=-pcpu | head -6 | cut -c1-150; sleep 2; done; }
  for how in gpu ncuda0 taskset; do
    rm -rf /tmp/cc; echo "== methods, $how"
    pre=(env); [ $how = ncuda0 ] && pre=(env STARPU_NCUDA=0); [ $how = taskset ] && pre=(taskset -c 0 env STARPU_NCUDA=0)
    [ $how = gpu ] && { sampler > "$OUT/ps.txt" 2>&1 & sp=$!; }
    /usr/bin/time -f "wall %e s, user %U s, sys %S s" "${pre[@]}" STARCARP_CACHE=/tmp/cc \
        timeout 120 $sc methods $m --dt 0.03 2>&1 | grep -E 'building|checking|rk4.*50 %|  [a-z].*  [0-9]|wall'
    [ $how = gpu ] && kill $sp
  done
  echo "== bench, 1 cell, cvode=fe, dt 0.03, 50 beats"
  /usr/bin/time -f "wall %e s, user %U s" env STARPU_NCUDA=0 STARCARP_CACHE=/tmp/cc $sc bench --imp $m --methods cvode=fe \
      --dt 0.03 --numstim 50 --bcl 500 --duration 25000 --dt-out 1000 -q > /dev/null; rm -f Trace_0.dat ./*_trace_header.txt
} > "$o" 2>&1
cat "$o"

#!/bin/bash
# lab/gpu-slow-choice.sh: on the GPU machine (device tool, carry .carry from scripts/gpu/pack.sh),
# why the choice of methods runs its cells 20-30x slower there than on the dev machine once its
# two-thread check over 50 beats starts (docs/measurements/2026-11-29-h200-ctest.md). Builds ten
# Tusscher 2006 alone (about 25 s), then times, into $OUT/slow.txt:
#   a. `starcarp methods` at dt 0.03 as tests/tissue/test_tissue_gpu.sh makes it;
#   b. the same on one core (taskset -c 0: no second thread, the compilers one after the other);
#   c. the candidate's kernel outside the choice: bench, 1 cell, --methods cvode=fe, 50 beats;
#   d. /proc/stat's steal time around a and b; perf stat when the machine has perf.
set -u
cd "$(dirname "$0")/.."
. scripts/gpu/env.sh gpu-run
o=$OUT/slow.txt
{ lscpu | grep -E 'Model name|Thread|Core|Socket|Hypervisor|Flags' | cut -c1-160
  t0=$(date +%s); gpu_build ten_tusscher_model_2006_epi "$OUT/build.log"; echo "build rc $? $(($(date +%s) - t0)) s"
  m=models/cellml/ten_tusscher_model_2006_epi.model sc=build-gpu/bin/starcarp
  steal() { awk '/^cpu /{print "steal " $9 " (USER_HZ), user " $2}' /proc/stat; }
  for how in plain taskset; do
    rm -rf /tmp/cc; steal; echo "== methods, $how"
    pre=(); [ $how = taskset ] && pre=(taskset -c 0)
    /usr/bin/time -f "wall %e s, user %U s, sys %S s" "${pre[@]}" env STARCARP_CACHE=/tmp/cc STARPU_NCUDA=0 \
        timeout 150 $sc methods $m --dt 0.03 2>&1 | grep -E 'over 50 beats.*(50|90) %|kept|wall'
    steal
  done
  echo "== bench, 1 cell, cvode=fe, dt 0.03, 50 beats"
  /usr/bin/time -f "wall %e s" env STARPU_NCUDA=0 STARCARP_CACHE=/tmp/cc $sc bench --imp $m --methods cvode=fe \
      --dt 0.03 --numstim 50 --bcl 500 --duration 25000 --dt-out 1000 -q > /dev/null; rm -f Trace_0.dat ./*_trace_header.txt
  command -v perf && perf stat -e task-clock,cycles,instructions timeout 60 env STARCARP_CACHE=/tmp/cc2 \
      STARPU_NCUDA=0 $sc methods $m --dt 0.03 2>&1 | tail -12
} > "$o" 2>&1
cat "$o"

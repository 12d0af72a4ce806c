#!/bin/bash
# lab/gpu-slow-fixed.sh: on the GPU machine, the choice of methods with the candidates at -O2
# (ten Tusscher 2006 at dt 0.03, timed), then stress.short's command (tests/stress/stress.sh 2
# tests/stress/bits.sh) on a build of ten Tusscher alone. Into $OUT/fixed.txt.
set -u
cd "$(dirname "$0")/.."
. lab/gpu/env.sh gpu-run
o=$OUT/fixed.txt
{ t0=$(date +%s); gpu_build ten_tusscher_model_2006_epi "$OUT/build.log"; echo "build rc $? $(($(date +%s) - t0)) s"
  m=models/cellml/ten_tusscher_model_2006_epi.model sc=$PWD/build-gpu/bin/starcarp
  rm -rf /tmp/cs; /usr/bin/time -f "methods: wall %e s, user %U s" env STARCARP_CACHE=/tmp/cs timeout 200 $sc methods $m --dt 0.03 2>&1 | grep -E '^choice|wall'
  t0=$(date +%s); STARPU_SILENT=1 timeout 400 tests/stress/stress.sh 2 tests/stress/bits.sh $sc; echo "stress.short's command rc $? in $(($(date +%s) - t0)) s"
} > "$o" 2>&1
cat "$o"

#!/bin/bash
# lab/gpu-slow-stack.sh: where the slow choice of methods spends its time on the GPU machine (no
# perf, cuda-gdb does not attach there): instruction pointers of its threads sampled by
# lab/ripsample.c while it runs, counted by library and by function. Into $OUT/stack.txt.
set -u
cd "$(dirname "$0")/.."
. lab/gpu/env.sh gpu-run
o=$OUT/stack.txt
# resolve FILE: stdin "offset" lines (hex) to the symbol below each, counted
resolve() {
    { nm --defined-only "$1" 2>/dev/null; nm -D --defined-only "$1" 2>/dev/null; } | awk '$2 ~ /[tTwWiI]/ {print $1, $3}' |
        sort -u | while read -r a n; do echo "$((16#$a)) $n"; done > /tmp/syms
    while read -r off; do
        awk -v o=$((16#${off#+0x})) '$1 <= o && $1 >= best {best = $1; b = $2} END {print b}' /tmp/syms
    done | sort | uniq -c | sort -rn | head -8
}
{ cc -O2 lab/ripsample.c -o /tmp/ripsample || exit 1
  t0=$(date +%s); gpu_build ten_tusscher_model_2006_epi "$OUT/build.log"; echo "build rc $? $(($(date +%s) - t0)) s"
  m=models/cellml/ten_tusscher_model_2006_epi.model sc=build-gpu/bin/starcarp
  for how in taskset plain; do
    pre=(env); [ $how = taskset ] && pre=(taskset -c 3 env)
    rm -rf /tmp/cs; "${pre[@]}" STARPU_NCUDA=0 STARCARP_CACHE=/tmp/cs $sc methods $m --dt 0.03 > /tmp/m.log 2>&1 & pid=$!
    sleep 12; echo "== $how, $(tail -1 /tmp/m.log | cut -c1-150)"
    sleep 3; timeout 60 /tmp/ripsample $pid 120 40 > /tmp/rs.txt
    echo "-- $(tail -1 /tmp/m.log | cut -c1-150)"
    awk '{print $3}' /tmp/rs.txt | sort | uniq -c | sort -rn | head -6
    for f in $(awk '{print $3}' /tmp/rs.txt | sort | uniq -c | sort -rn | head -3 | awk '{print $2}'); do
        echo "   in $f:"; [ -f "$f" ] && awk -v f="$f" '$3 == f {print $4}' /tmp/rs.txt | resolve "$f"
        [ -f "$f" ] && case $f in *cand*) cp "$f" "$OUT/$how-$(basename "$f")"; cp "$(dirname "$f")"/*_c.c "$OUT/" 2>/dev/null;; esac
    done
    kill $pid; wait $pid 2>/dev/null
  done
} > "$o" 2>&1
cat "$o" | tail -100

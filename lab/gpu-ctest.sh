#!/bin/bash
# lab/gpu-ctest.sh PART PARTS [LIMIT]: on the GPU machine (device tool, carry .carry from
# lab/gpu/pack.sh): builds (lab/gpu/run.sh's build stage) and runs part PART of PARTS of
# make test's selection (ctest -LE '^stress$', split by test number), stopping the tests LIMIT
# seconds (default 540) after this script's start so that the log comes back; logs into $OUT.
# SEL (environment), when set, selects the tests instead (ctest -R "$SEL", with the same -LE).
set -u
t0=$(date +%s)
part=$1 parts=$2 limit=${3:-540}
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
STAGES=build bash lab/gpu/run.sh "$OUT/run" > "$OUT/build.txt" 2>&1
echo "build: exit $? after $(($(date +%s) - t0)) s" | tee -a "$OUT/build.txt"
. lab/gpu/env.sh gpu-run
cd build-gpu || exit 1
n=$(ctest -N | sed -n 's/^Total Tests: //p')
per=$(((n + parts - 1) / parts))
lo=$(((part - 1) * per + 1)) hi=$((part * per))
stop=$(date -d "@$((t0 + limit))" +%H:%M:%S)
echo "tests $lo..$hi of $n, stop at $stop; $(nvidia-smi -L | head -2)" > "$OUT/ctest.log"
if [ -n "${SEL:-}" ]; then pick=(-R "$SEL"); else pick=(-I "$lo,$hi"); fi
ctest -j 8 -LE '^stress$' "${pick[@]}" --output-on-failure --timeout 900 --stop-time "$stop" >> "$OUT/ctest.log" 2>&1
echo "ctest: exit $?" >> "$OUT/ctest.log"
cp Testing/Temporary/LastTest.log "$OUT/LastTest.log" 2>/dev/null
tail -40 "$OUT/ctest.log"

#!/usr/bin/env bash
# stress.sh REPS COMMAND...: COMMAND run REPS times (STARCARP_STRESS_REPS, when set, instead) one
# after the other while a CPU load runs beside it (busy loops, twice as many as the cores, started
# here and stopped on exit), the way a shared node, a laptop with a browser open or a CI runner
# loads a machine. Passes when every run passes; prints each run's status, its seconds and the count. The
# stress label of ctest (tests/stress/tests.cmake).
set -u
reps=${STARCARP_STRESS_REPS:-$1}
shift
cores=$(nproc 2>/dev/null || echo 2)
pids=()
log=$(mktemp)
stop_load() { [ ${#pids[@]} -gt 0 ] && kill "${pids[@]}" 2>/dev/null; wait 2>/dev/null; rm -f "$log"; }
trap stop_load EXIT
for _ in $(seq $((2 * cores))); do
    (while :; do :; done) &
    pids+=($!)
done
echo "stress: ${#pids[@]} busy loops on $cores cores; $reps runs of: $*"
fails=0
for i in $(seq "$reps"); do
    t0=$(date +%s)
    if "$@" > "$log" 2>&1; then
        echo "run $i/$reps: passed in $(($(date +%s) - t0)) s"
    else
        fails=$((fails + 1))
        echo "run $i/$reps: FAILED after $(($(date +%s) - t0)) s; its output:"
        cat "$log"
    fi
done
echo "stress: $((reps - fails)) of $reps runs passed under load"
[ "$fails" = 0 ]

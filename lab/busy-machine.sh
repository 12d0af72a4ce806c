#!/bin/bash
# lab/busy-machine.sh BUILD OUT: the busy-machine figures of docs/runtime.md ("Busy machines"):
# the same runs on the idle machine and beside LOOPS busy-looping processes (default 8, started
# and killed here), StarPU's default (STARCARP_WORKERS=all), one worker (--ncpu 1) and the policy
# (drivers/cli/busy.c, busy_yield.c); two MPI ranks of one core each against one rank. Prints a
# Markdown table (wall seconds, /proc/loadavg at the start, exit status, the policy's line).
set -u
sc=$(realpath "$1")/bin/starcarp
out=$2
loops=${LOOPS:-8}
mkdir -p "$out" && cd "$out" || exit 1
export STARCARP_CACHE=$PWD/cache STARPU_SILENT=1
"$sc" mesh box --size 13,6.5,3 --dx 0.5 --elem hex --out slab > /dev/null || exit 1
tis=(tissue --imp ten_tusscher_model_2006_epi --sigma 0.1334,0.0176 --chi 140
    --stim x=0:1.5,y=0:1.5,z=0:1.5,dur=2,vol=50000 --mesh slab --parab-solve cn --dt 0.02 --duration 20
    --overwrite --no-png -q --out t)
ben=(bench --imp ten_tusscher_model_2006_epi --num 20000 --duration 50 -q)
sheet=(tissue --imp ten_tusscher_model_2006_epi --size 4,2 --dx 0.1 --stim x=0:0.3,amp=50,dur=2 --duration 8
    --no-png -q --overwrite --out s)
mpi=(mpirun --allow-run-as-root -np 2 -x STARCARP_WORKERS -x STARCARP_CACHE)
run() {
    local label=$1 s e l rc
    shift
    l=$(cut -d' ' -f1-4 /proc/loadavg)
    s=$(date +%s.%N)
    "$@" > /dev/null 2> err.txt
    rc=$?
    e=$(date +%s.%N)
    printf '| %s | %.2f | %s | %s | %s |\n' "$label" "$(echo "$e - $s" | bc)" "$l" $rc \
        "$(grep '^starcarp: ' err.txt | grep -v 'methods\|choice\|kept' | head -1 | cut -c11-110)"
}
"$sc" "${tis[@]}" > /dev/null 2>&1 # the choice of methods at dt 0.02, cached for the runs
echo "$(date -u) $(nproc) cores, $(uname -n)"
echo "| run | wall (s) | /proc/loadavg | rc | the policy's line |"
echo "|---|---:|---|---:|---|"
for phase in idle load; do
    if [ $phase = load ]; then
        pids=()
        for ((i = 0; i < loops; i++)); do
            bash -c 'while :; do :; done' &
            pids+=($!)
        done
        while [ "$(awk '{print int($1)}' /proc/loadavg)" -lt $((loops * 3 / 4)) ]; do sleep 5; done
    fi
    run "$phase: sheet, 1 rank, policy" "$sc" "${sheet[@]}"
    run "$phase: sheet, 2 ranks, policy" "${mpi[@]}" "$sc" "${sheet[@]}"
    STARCARP_WORKERS=all run "$phase: sheet, 2 ranks, StarPU's default (--ncpu 1)" "${mpi[@]}" "$sc" "${sheet[@]}" --ncpu 1
    run "$phase: tissue mesh CN, policy" "$sc" "${tis[@]}"
    run "$phase: tissue mesh CN, --ncpu 1" "$sc" "${tis[@]}" --ncpu 1
    run "$phase: bench 20000 cells, policy" "$sc" "${ben[@]}"
    run "$phase: bench 20000 cells, --ncpu 1" "$sc" "${ben[@]}" --ncpu 1
    STARCARP_WORKERS=all run "$phase: bench 20000 cells, StarPU's default" "$sc" "${ben[@]}"
done
kill "${pids[@]}"

#!/usr/bin/env bash
# runtime_cpu.sh BUILD [CELLS]: the runtime's overhead and placement choices on this machine's CPUs.
# Prints a markdown table (stdout) of cell-steps per second for two cases where the kernel's cost
# per cell-step does not depend on the time window, so that runs of different lengths compare:
#   AlievPanfilov (forward Euler, 2 values per cell: the cheapest model, the runtime's worst case),
#   paced (60 uA/cm^2 at 1 ms), 20 ms;
#   ten_tusscher_model_2006_epi at rest (--numstim 0; paced, its cvode groups cost up to 100x more
#   during the upstroke and calcium release than at rest), 5 ms.
# Rows: the bare vectorised kernel on one core (sc-bench-cpu, CELLS/cores cells, K = 10, stimulus
# after the timed steps for the resting case) times the cores; starcarp bench with the planned
# partitions (one per core, pinned: the default); starcarp bench --nparts N --sched S.
set -uo pipefail
build=${1:-build}; cells=${2:-65536}
sc="$build/bin/starcarp"; ncores=$(nproc)
export STARPU_SILENT=1
rate() { sed -n 's/.*wall time .* s, \([0-9.e+]*\) cell-steps\/s.*/\1/p'; }
echo "machine: $(lscpu | sed -n 's/^Model name: *//p'), $ncores cores; $(date -u +%Y-%m-%dT%H:%MZ); $cells cells, K = 10"
per=$(( cells / ncores ))
for case in "AlievPanfilov|100|--stim-curr 60 --duration 20" "ten_tusscher_model_2006_epi|10|--numstim 0 --duration 5"; do
    IFS='|' read -r model bsteps args <<< "$case"
    echo
    echo "### $model ($args)"
    echo
    echo "| run | cell-steps/s | vs bare kernel x cores |"
    echo "|---|---:|---:|"
    bare1=$("$build/bin/sc-bench-cpu" --cells "$per" --steps "$bsteps" --k 10 --min-time 1 "$model" 2>/dev/null |
            awk -F'|' -v m="$model" '$3 ~ " " m " " { gsub(/ /, "", $8); print $8 }')
    bare=$(awk -v b="$bare1" -v n="$ncores" 'BEGIN { printf "%.4g", b * n }')
    echo "| bare vectorised kernel, 1 core ($per cells, $bsteps steps) x $ncores | $bare | 1.00 |"
    one() {  # one LABEL ARGS...
        local label=$1; shift
        local r; r=$("$sc" bench --imp "$model" --num "$cells" $args -q "$@" 2>&1 >/dev/null | rate)
        echo "| $label | ${r:-failed} | $(awk -v r="${r:-0}" -v b="$bare" 'BEGIN { printf "%.2f", r / b }') |"
    }
    one "starcarp bench, planned partitions pinned to the cores (default)"
    for s in dmda lws eager; do
        for n in $ncores $((8 * ncores)); do
            one "starcarp bench --nparts $n --sched $s" --nparts "$n" --sched "$s"
        done
    done
done

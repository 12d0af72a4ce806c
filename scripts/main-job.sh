#!/usr/bin/env bash
# main-job.sh BUILD_DIR: the job `make run` runs.
#
# A population of ten Tusscher 2006 (epicardial) cells whose I_Kr conductance varies from 50 % to
# 150 % of its default across the cells, paced once (52 uA/cm^2 at 10 ms for 1 ms) and followed for
# one beat (1000 ms), on every CPU core and GPU StarPU finds, with progress, a summary and a plot:
#   - 1 million cells where a GPU is present;
#   - on CPUs only, as many cells as finish in about a minute: one beat of 64 cells per core is
#     timed first, and the population is sized from it (printed).
# Outputs in BUILD_DIR/main-job/: main.txt (Vm and Iion of the first probe cell, bench's table),
# main_cell<i>.txt (the other probes), main.png (their Vm traces).
set -uo pipefail
build=${1:-build}
sc="$build/bin/starcarp"
[ -x "$sc" ] || { echo "main-job: $sc not built" >&2; exit 1; }
export STARPU_SILENT=1
out="$build/main-job"; mkdir -p "$out"
model=ten_tusscher_model_2006_epi
beat=(--imp "$model" --stim-start 10 --stim-dur 1 --stim-curr 52 --duration 1000)

if command -v nvidia-smi > /dev/null && nvidia-smi -L > /dev/null 2>&1; then
    num=1000000
    echo "== main job: $num cells of $model on every CPU core and GPU (a GPU is present)"
else
    # the cost of a cell-step changes a hundredfold over a beat (cvode's upstroke and calcium
    # release against rest): the sizing run is the whole beat, 64 cells per core
    ncores=$(nproc); probe=$((64 * ncores))
    echo "== sizing: one beat of $probe cells on the $ncores CPU cores of this machine"
    t0=$(date +%s.%N)
    "$sc" bench "${beat[@]}" --num "$probe" --dt-out 1000 -q > /dev/null 2>&1 || { echo "main-job: the sizing run failed" >&2; exit 1; }
    t1=$(date +%s.%N)
    num=$(awk -v a="$t0" -v b="$t1" -v p="$probe" 'BEGIN { n = int(p * 60 / (b - a) / 10) * 10; if (n < p) n = p; print n }')
    echo "   $probe cells took $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", b - a }') s: one beat of $num cells takes about a minute"
    echo "== main job: $num cells of $model on the CPUs only (no GPU here)"
fi
last=$((num - 1)); mid=$((num / 2))
"$sc" bench "${beat[@]}" --num "$num" --vary 'g_Kr_total*0.5:1.5' --probe "0,$mid,$last" \
    --fout "$out/main" --plot "$out/main.png"
rc=$?
echo "== outputs: $out/main.txt (cell 0: g_Kr x0.5), $out/main_cell$mid.txt (x1.0), $out/main_cell$last.txt (x1.5), $out/main.png"
exit $rc

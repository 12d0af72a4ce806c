#!/usr/bin/env bash
# runtime.sh BUILD OUTDIR: the runtime's measurements on the GPU machine (stage "runtime" of
# lab/gpu/run.sh): calibration of the shipped models, then `starcarp bench` throughput of one
# model with CPUs only, GPU only and CPUs + GPU on SC_RT_CELLS cells (default 4194304), results of
# CPU+GPU against CPU only (probe tables, identical and varied parameters), and 2 MPI ranks.
# Writes OUTDIR/runtime.md (tables) and OUTDIR/perfmodels.tgz (the calibrated models).
set -uo pipefail
. "$(dirname "$0")/stage.sh" "$1" "$2"   # $build, $out, $sc; the repository root the working folder
model=${SC_RT_MODEL:-ten_tusscher_model_2006_epi}
cells=${SC_RT_CELLS:-4194304}
ms=${SC_RT_MS:-5}
pm="$build/perfmodels-run"
rt="$out/runtime.md"
run() {  # run LABEL ARGS...: a bench run; prints the summary's throughput line
    local label=$1; shift
    "$sc" bench --imp "$model" --stim-start 1 --stim-curr 52 --duration "$ms" -q "$@" >"$build/rt-$label.txt" 2>"$build/rt-$label.err"
    echo "| $label | $? | $(grep -o '[0-9.e+]* cell-steps/s' "$build/rt-$label.err") | $(grep -c 'tasks' "$build/rt-$label.err") workers |"
}
{
    echo "# Runtime on $(hostname), $(date -u +%Y-%m-%dT%H:%MZ)"
    echo
    echo "## Calibration: starcarp calibrate --models $model,AlievPanfilov --dir $pm --class h200x1"
    echo '```'
    "$sc" calibrate --models "$model,AlievPanfilov" --sizes 4096,65536,262144,1048576,4194304 --cpu-max-cells 65536 \
        --dir "$pm" --class h200x1 --png "$out/calibrate.png" -q 2>&1 | tail -30
    echo '```'
    echo
    echo "## Throughput: $cells cells, $ms ms at 0.01 ms (starcarp bench --perfmodels $pm)"
    echo "| run | status | throughput | workers used |"
    echo "|---|---|---|---|"
    run cpu --num "$cells" --ngpu 0 --perfmodels "$pm"
    run gpu --num "$cells" --ncpu 0 --perfmodels "$pm"
    run both --num "$cells" --perfmodels "$pm"
    run both-k50 --num "$cells" --perfmodels "$pm" --steps-per-task 50
    echo
    echo "## CPU+GPU == CPU only (probe tables; identical and varied parameters, 100000 cells)"
    p=(--num 100000 --probe 0,50000,99999 --duration 50)
    "$sc" bench --imp "$model" --stim-start 1 --stim-curr 52 -q "${p[@]}" --ngpu 0 --fout "$build/eq-cpu" 2>/dev/null
    "$sc" bench --imp "$model" --stim-start 1 --stim-curr 52 -q "${p[@]}" --fout "$build/eq-both" 2>/dev/null
    "$sc" bench --imp "$model" --stim-start 1 --stim-curr 52 -q "${p[@]}" --vary 'g_Kr_total*0.5:1.5' --ngpu 0 --fout "$build/eqv-cpu" 2>/dev/null
    "$sc" bench --imp "$model" --stim-start 1 --stim-curr 52 -q "${p[@]}" --vary 'g_Kr_total*0.5:1.5' --fout "$build/eqv-both" 2>/dev/null
    for pair in "eq-cpu eq-both" "eqv-cpu eqv-both"; do
        set -- $pair
        for f in "$build/$1"*.txt; do
            g="$build/$2${f#$build/$1}"
            echo "- $(basename "$f") vs $(basename "$g"): $(paste "$f" "$g" | awk '{ d = $2 - $5; if (d < 0) d = -d; r = d / ($2 < 0 ? -$2 : $2 + 1e-30); if (r > m) m = r } END { printf "max relative Vm difference %.3g over %d rows", m, NR }')"
        done
    done
} >"$rt" 2>&1
tar -C "$build" -czf "$out/perfmodels.tgz" perfmodels-run 2>/dev/null
cat "$rt"

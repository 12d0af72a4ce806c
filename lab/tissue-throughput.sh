#!/usr/bin/env bash
# tissue-throughput.sh [STARCARP] [OUTDIR]: node-steps per second of `starcarp tissue` (ionic step +
# halos + diffusion) on this machine's CPU workers, against `starcarp bench` advancing the same
# number of cells without diffusion (the ionic step alone), for the N-version slab at dx 0.2 mm
# (58 176 nodes) with ten Tusscher 2006 and with Aliev-Panfilov (a cheap model: the diffusion's share
# shows). MS ms (environment, default 10) at dt 0.01 ms. Prints a markdown table (OUTDIR/throughput.md).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
sc=${1:-$here/build/bin/starcarp}
out=${2:-throughput-runs}
ms=${MS:-10}
mkdir -p "$out"
{
    echo "| model | nodes | tissue node-steps/s | bench cell-steps/s (ionic alone) | tissue / bench |"
    echo "|---|---:|---:|---:|---:|"
    for m in ten_tusscher_model_2006_epi AlievPanfilov; do
        "$sc" tissue --par "$here/examples/nversion.par" --imp "$m" --dx 0.2 --duration "$ms" --no-png \
            --out "$out/$m" > /dev/null 2> "$out/$m.tissue.log"
        "$sc" bench --imp "$m" --num 58176 --duration "$ms" --dt 0.01 > /dev/null 2> "$out/$m.bench.log"
        t=$(grep -o '[0-9.e+]* node-steps/s' "$out/$m.tissue.log" | cut -d' ' -f1)
        b=$(grep -o '[0-9.e+]* cell-steps/s' "$out/$m.bench.log" | cut -d' ' -f1)
        echo "| $m | 58176 | $t | $b | $(awk -v t="$t" -v b="$b" 'BEGIN { printf "%.2f", t / b }') |"
    done
} | tee "$out/throughput.md"

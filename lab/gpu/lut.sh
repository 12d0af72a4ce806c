#!/usr/bin/env bash
# lut.sh OUTDIR: the library's added Vm lookup tables on the GPU (issue 26): for each model of
# SC_LUT_MODELS (comma-separated; default: every library model with a table), `starcarp bench` on
# SC_LUT_CELLS cells (default 1048576) at rest for SC_LUT_STEPS steps of 0.01 ms (default 400), 100
# steps per task, on one GPU, with the tables and with --no-lut (their columns evaluated exactly),
# in alternation, each twice; writes OUTDIR/lut.md (rates and the ratio). Needs build-gpu/ (run.sh
# STAGES=build).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:?give an output directory}; mkdir -p "$out"
cd "$top"
. lab/gpu/env.sh lut
sc="$top/build-gpu/bin/starcarp"
cells=${SC_LUT_CELLS:-1048576}; steps=${SC_LUT_STEPS:-400}
dur=$(awk -v n="$steps" 'BEGIN { printf "%.2f", (n - 1) * 0.01 }')
models=$(tr ',' ' ' <<<"${SC_LUT_MODELS:-}")
if [ -z "$models" ]; then
    models=$("$sc" models list 2>/dev/null | awk '{ print $1 }')
fi
rate() { sed -n 's/^summary: wall time .*, \([0-9.e+-]*\) cell-steps\/s$/\1/p'; }
{
    echo "# The added Vm lookup tables on one GPU, $(date -u +%Y-%m-%dT%H:%MZ)"
    echo
    echo "GPU: $(nvidia-smi --query-gpu=name --format=csv,noheader | sort -u | paste -sd';'); commit $(cat "$top/.carry/COMMIT" 2>/dev/null)."
    echo "\`starcarp bench --imp MODEL --num $cells --duration $dur --numstim 0 --ncpu 0 --ngpu 1"
    echo "--steps-per-task 100 --no-trace -q [--no-lut]\`, alternated, best of two each."
    echo
    echo "| model | tables | cell-steps/s, tables | --no-lut | tables / exact |"
    echo "|---|---|---:|---:|---:|"
} >"$out/lut.md"
for m in $models; do
    tabs=$("$sc" models info "$m" 2>/dev/null | sed -n 's/^lookup tables: //p')
    best_t=0; best_x=0
    for rep in 1 2; do
        for o in lut exact; do
            flag=; [ $o = exact ] && flag=--no-lut
            r=$("$sc" bench --imp "$m" --num "$cells" --duration "$dur" --numstim 0 --ncpu 0 --ngpu 1 \
                --steps-per-task 100 --no-trace -q $flag 2>&1 | rate)
            r=${r:-0}
            if [ $o = lut ]; then best_t=$(awk -v a="$best_t" -v b="$r" 'BEGIN { print (b > a) ? b : a }')
            else best_x=$(awk -v a="$best_x" -v b="$r" 'BEGIN { print (b > a) ? b : a }'); fi
        done
    done
    ratio=$(awk -v a="$best_t" -v b="$best_x" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
    echo "| $m | ${tabs:-none} | $best_t | $best_x | $ratio |" | tee -a "$out/lut.md"
done

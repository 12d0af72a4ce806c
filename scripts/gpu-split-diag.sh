#!/usr/bin/env bash
# gpu-split-diag.sh BUILD OUTDIR: why a CPU+GPU run of starcarp bench is slower than the GPU alone
# (issue 11, item 2). For TT06-FE at 1M cells and Aliev-Panfilov at 8M cells: the GPU alone, both
# (all cores), both with one and two cores fewer, both with eager and with K = 100; each with
# StarPU's worker and bus statistics (STARPU_PROFILING, STARPU_WORKER_STATS, STARPU_BUS_STATS)
# -> OUTDIR/split-diag.md (the figures) and OUTDIR/split-diag.log (StarPU's statistics).
set -uo pipefail
build=$1; out=$2
sc="$build/bin/starcarp"
fe="$build/tt06fe.model"
sed 's/\.method(cvode)/.method(fe)/g' models/cellml/ten_tusscher_model_2006_epi.model >"$fe"
export STARCARP_CACHE="$build/plugin-cache"
nc=$(nproc)
run() {   # LABEL MODEL CELLS MS ARGS...
    local label=$1 model=$2 n=$3 ms=$4; shift 4
    local t0=$(date +%s.%N)
    { echo "=== $label: bench --imp $model --num $n --duration $ms $*"; } >>"$out/split-diag.log"
    STARPU_SILENT=0 STARPU_PROFILING=1 STARPU_WORKER_STATS=1 STARPU_BUS_STATS=1 \
        timeout 120 "$sc" bench --imp "$model" --num "$n" --duration "$ms" --stim-start 0.5 --stim-curr 52 -q "$@" \
        >/dev/null 2>"$build/diag.err"
    local rc=$?
    cat "$build/diag.err" >>"$out/split-diag.log"
    local r; r=$(grep -o '[0-9.e+]* cell-steps/s' "$build/diag.err" | head -1 | grep -o '^[0-9.e+]*')
    local su; su=$(grep -o 'GPU [0-9.e+]* times' "$build/diag.err" | grep -o '[0-9.e+]*')
    printf '| %s | %s | %s | %s | %s | %.1f |\n' "$label" "$n" "${r:--}" "${su:--}" "$rc" "$(echo "$(date +%s.%N) - $t0" | bc)" >>"$out/split-diag.md"
}
{
echo "# CPU+GPU diagnosis on $(hostname), $(date -u +%Y-%m-%dT%H:%MZ): $nc cores, $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
echo
echo "| run | cells | cell-steps/s | GPU = cores | exit | wall s |"
echo "|---|---:|---:|---:|---:|---:|"
} >"$out/split-diag.md"
for row in "tt06fe $fe 1048576 10" "ap AlievPanfilov 8388608 20"; do
    set -- $row
    run "$1 gpu" "$2" "$3" "$4" --ncpu 0
    run "$1 both" "$2" "$3" "$4"
    run "$1 both ncpu $((nc - 2))" "$2" "$3" "$4" --ncpu $((nc - 2))
    run "$1 both ncpu 4" "$2" "$3" "$4" --ncpu 4
    run "$1 both eager" "$2" "$3" "$4" --sched eager
    run "$1 both K=100" "$2" "$3" "$4" --steps-per-task 100
    run "$1 gpu K=100" "$2" "$3" "$4" --steps-per-task 100 --ncpu 0
done
cat "$out/split-diag.md"

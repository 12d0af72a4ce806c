#!/usr/bin/env bash
# benchmark.sh BUILD OUTDIR: stage "benchmark" of scripts/gpu/run.sh: `starcarp benchmark` of
# ten Tusscher 2006 (as the library has it, cvode, and as TT06-FE: every cvode group on forward
# Euler, the form hand-written GPU codes use), Aliev-Panfilov and O'Hara-Rudy 2011, in double and
# single precision, on every configuration of the machine (one core, all cores, one GPU with K = 1
# and K, CPUs + GPU, every GPU); then `starcarp bench` of TT06-FE on SC_BM_CELLS cells (default
# 16777216) with 1 GPU and with every GPU, without CPU workers (the multi-GPU scaling of bench).
# Writes OUTDIR/benchmark.md, benchmark.csv and benchmark.png.
set -uo pipefail
build=$1; out=$2
build=$(cd "$build" && pwd); mkdir -p "$out"; out=$(cd "$out" && pwd)
cd "$(dirname "$0")/../.."   # the repository root (this file is scripts/gpu/): the paths below start there
sc="$build/bin/starcarp"
cells=${SC_BM_CELLS:-16777216}
fe="$build/tt06fe.model"
sed 's/\.method(cvode)/.method(fe)/g' models/cellml/ten_tusscher_model_2006_epi.model >"$fe"
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
{
    echo "# starcarp benchmark on $(hostname), $(date -u +%Y-%m-%dT%H:%MZ)"
    echo
    echo "GPUs: $(nvidia-smi --query-gpu=name --format=csv,noheader | sort | uniq -c | sed 's/^ *//' | paste -sd';'), $(nproc) cores."
    echo
    echo "Command: starcarp benchmark --models ten_tusscher_model_2006_epi,tt06fe.model,AlievPanfilov,ohara_rudy_2011_endo ${SC_BM_ARGS:---cells 1048576 --steps 20 --steps-per-task 10 --min-time 0.5 --precision both}"
    echo
    "$sc" benchmark --models "ten_tusscher_model_2006_epi,$fe,AlievPanfilov,ohara_rudy_2011_endo" \
        ${SC_BM_ARGS:---cells 1048576 --steps 20 --steps-per-task 10 --min-time 0.5 --precision both} \
        --csv "$out/benchmark.csv" --png "$out/benchmark.png" -q 2>&1
    echo "(exit $?)"
    echo
    big=${SC_BM_BIG:-8388608}
    echo "## starcarp benchmark --models tt06fe.model,AlievPanfilov --cells $big --steps 20 --steps-per-task 10 --min-time 0.5"
    echo
    "$sc" benchmark --models "$fe,AlievPanfilov" --cells "$big" --steps 20 --steps-per-task 10 --min-time 0.5 -q 2>&1 | grep -v '^\[starpu'
    echo
    echo "## starcarp bench, TT06-FE, $cells cells, 2 ms, GPUs only (--ncpu 0)"
    echo
    echo "| GPUs | steps per task | exit | throughput |"
    echo "|---|---|---|---|"
    for k in 10 100; do
        for g in $(seq 1 "$ngpu"); do
            "$sc" bench --imp "$fe" --num "$cells" --duration 2 --stim-start 0.5 --stim-curr 52 --ncpu 0 --ngpu "$g" \
                --steps-per-task "$k" -q >/dev/null 2>"$build/bm-g$g-k$k.err"
            echo "| $g | $k | $? | $(grep -o '[0-9.e+]* cell-steps/s' "$build/bm-g$g-k$k.err") |"
        done
    done
    echo
    echo "## starcarp bench, TT06-FE, $cells cells, 2 ms, every CPU worker and every GPU"
    "$sc" bench --imp "$fe" --num "$cells" --duration 2 --stim-start 0.5 --stim-curr 52 -q >/dev/null 2>"$build/bm-all.err"
    echo "(exit $?)"; echo '```'; grep -E 'summary|CPU|CUDA|cell-steps' "$build/bm-all.err" | head -40; echo '```'
} >"$out/benchmark.md" 2>&1
tail -40 "$out/benchmark.md"

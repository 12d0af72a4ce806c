#!/usr/bin/env bash
# benchmark.sh BUILD OUTDIR: stage "benchmark" of lab/gpu/run.sh: `starcarp benchmark` of
# ten Tusscher 2006 (as the library has it, cvode, and as TT06-FE: every cvode group on forward
# Euler, the form hand-written GPU codes use), Aliev-Panfilov and O'Hara-Rudy 2011, in double and
# single precision, on every configuration of the machine (one core, all cores, one GPU with K = 1
# and K, CPUs + GPU, every GPU); then `starcarp bench` of TT06-FE on SC_BM_CELLS cells (default
# 16777216) with 1 GPU and with every GPU, without CPU workers (the multi-GPU scaling of bench).
# Writes OUTDIR/benchmark.md, benchmark.csv and benchmark.png.
# SC_BM_PARTS (default "models"): "library" instead (or as well) runs `starcarp benchmark --models all
# --gpu-only` on every model of the build in both precisions (SC_BM_ALL_ARGS: its sizes, default 1M
# cells, 20 steps, K = 10, 0.2 s per figure; stopped after SC_BM_ALL_TIMEOUT s, default 500, the rows
# so far kept) into OUTDIR/benchmark-all.md (the table: rates, flops per step, fractions of the
# copy bandwidth and of the FMA peak, registers, spills, occupancy, the limit; then the count of rows
# per limit) and benchmark-all.csv.
set -uo pipefail
. "$(dirname "$0")/stage.sh" "$1" "$2"   # $build, $out, $sc; the repository root the working folder
parts=${SC_BM_PARTS:-models}
if [[ " $parts " == *" library "* ]]; then
    all_args=${SC_BM_ALL_ARGS:---cells 1048576 --steps 20 --steps-per-task 10 --min-time 0.2}
    md="$out/benchmark-all.md"
    {
        echo "# starcarp benchmark of the whole library on $(hostname), $(date -u +%Y-%m-%dT%H:%MZ)"
        echo
        echo "GPUs: $(nvidia-smi --query-gpu=name --format=csv,noheader | sort | uniq -c | sed 's/^ *//' | paste -sd';'), $(nproc) cores; commit $(cat .carry/COMMIT 2>/dev/null || git rev-parse --short HEAD 2>/dev/null)."
        echo
        echo "Command: starcarp benchmark --models all --gpu-only --precision both $all_args --csv benchmark-all.csv -q"
        echo
        timeout "${SC_BM_ALL_TIMEOUT:-500}" "$sc" benchmark --models all --gpu-only --precision both $all_args \
            --csv "$out/benchmark-all.csv" -q 2>&1 | grep -v '^\[starpu'
        echo "(exit ${PIPESTATUS[0]})"
        echo
        echo "Rows per precision and limit (of gpu-k):"
        echo
    } >"$md" 2>&1
    grep -E '^\| [^ |]+ \| (double|single) \|' "$md" | awk -F'|' '{gsub(/ /, "", $3); gsub(/ /, "", $(NF-1)); print $3, $(NF-1)}' \
        | sort | uniq -c | sed 's/^ */- /' >>"$md"
    tail -15 "$md"
fi
[[ " $parts " == *" models "* ]] || exit 0
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

#!/usr/bin/env bash
# gpu-issue12.sh BUILD OUTDIR PART...: the GPU measurements of the automatic method choice (issue
# 12), stage "issue12" of scripts/gpu-run.sh (SC_I12_PARTS chooses the parts there). Parts:
#   filebuild  a second build of the library with the files' own methods (-DSTARCARP_AUTO_METHODS=OFF)
#              into BUILD/filelib (the "file" column of `methods`)
#   methods    every library model (SC_I12_MODELS to choose) on one GPU, its automatic methods (BUILD)
#              against the file's (BUILD/filelib): SC_I12_CELLS cells (default 262144), the first
#              SC_I12_MS ms of a beat (default 5: rest, the stimulus at 1 ms with the case's current,
#              the upstroke), K = 10, each run cut at SC_I12_TIMEOUT s (default 20; a cut run is a
#              lower bound of the speed-up, marked ">") -> OUTDIR/methods-gpu.md, .csv
#   mainjob    the main job of `make run` (scripts/main-job.sh: 1M cells of ten Tusscher 2006, one
#              beat, every CPU core and the GPU), timed with its start-up -> OUTDIR/mainjob.txt
set -uo pipefail
build=$1; out=$2; shift 2
top=$(cd "$(dirname "$0")/.." && pwd)
export STARCARP_CACHE="$build/plugin-cache"
step() { printf '== %s\n' "$*"; }

part_filebuild() {
    step "the library with the files' own methods (BUILD/filelib)"
    local t0=$(date +%s)
    cmake -S "$top" -B "$build/filelib" -DSTARCARP_AUTO_METHODS=OFF >"$out/filebuild.log" 2>&1 &&
        cmake --build "$build/filelib" -j "$(nproc)" --target starcarp_cmd >>"$out/filebuild.log" 2>&1
    echo "filebuild: exit $? in $(( $(date +%s) - t0 )) s"
}

# rate BIN MODEL CURR DUR: cell-steps/s of one GPU run ("-" when it failed, ">x" when cut short)
rate() {
    local bin=$1 model=$2 curr=$3 dur=$4 err=$build/i12-run.err
    timeout "${SC_I12_TIMEOUT:-20}" "$bin" bench --imp "$model" --num "${SC_I12_CELLS:-262144}" --duration "${SC_I12_MS:-5}" \
        --stim-start 1 --stim-dur "$dur" --stim-curr "$curr" --ncpu 0 --steps-per-task 10 --progress --fout "$build/i12-trace" >/dev/null 2>"$err"
    local rc=$? r
    r=$(grep -o '[0-9.e+]* cell-steps/s' "$err" | grep -o '^[0-9.e+]*')
    if [ $rc = 124 ]; then   # cut: the steps done so far (progress lines) over the time allowed
        local pct; pct=$(grep -o '[0-9.]*%' "$err" | tail -1 | tr -d %)
        awk -v p="${pct:-0}" -v n="${SC_I12_CELLS:-262144}" -v ms="${SC_I12_MS:-5}" -v t="${SC_I12_TIMEOUT:-20}" \
            'BEGIN { if (p > 0) printf "<%.3g", p / 100 * n * (ms / 0.01) / t; else printf "<1" }'
    else
        echo "${r:--}"
    fi
}

part_methods() {
    step "automatic methods against the files' on one GPU"
    local csv="$out/methods-gpu.csv" md="$out/methods-gpu.md"
    echo "model,methods_auto,auto_cell_steps_s,file_cell_steps_s,speedup" >"$csv"
    {
    echo "# Automatic methods against the files' own, one GPU, $(hostname), $(date -u +%Y-%m-%dT%H:%MZ)"
    echo
    echo "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1); starcarp bench --imp MODEL --num ${SC_I12_CELLS:-262144} --duration ${SC_I12_MS:-5} --stim-start 1 --stim-dur D --stim-curr C (the case's) --ncpu 0 --steps-per-task 10; BUILD (automatic) against BUILD/filelib (-DSTARCARP_AUTO_METHODS=OFF); runs cut at ${SC_I12_TIMEOUT:-20} s give bounds (<)."
    echo
    echo "| model | automatic methods | automatic, cell-steps/s | file's, cell-steps/s | speed-up |"
    echo "|---|---|---:|---:|---:|"
    } >"$md"
    local sel=" ${SC_I12_MODELS:-} "
    while IFS=, read -r name model paced start dur curr rest; do
        [ "$name" = name ] && continue
        [ "$sel" != "  " ] && [[ "$sel" != *" $name "* ]] && continue
        local meth a f s
        meth=$("$build/bin/starcarp" models info "$name" 2>/dev/null | sed -n 's/^automatic methods: //p' | cut -d' ' -f1 | tr -d ',')
        [ "$paced" = 1 ] || { curr=0; dur=1; }          # unpaced: no stimulus
        a=$(rate "$build/bin/starcarp" "$name" "$curr" "$dur")
        f=$(rate "$build/filelib/bin/starcarp" "$name" "$curr" "$dur")
        s=$(awk -v a="$a" -v f="$f" 'BEGIN { ca = a; sub(/^</, "", ca); cf = f; sub(/^</, "", cf);
            if (ca + 0 > 0 && cf + 0 > 0) printf "%s%.3g", (f ~ /^</ && a !~ /^</) ? ">" : "", ca / cf; else printf "-" }')
        echo "| $name | $meth | $a | $f | $s |" >>"$md"
        echo "$name,$meth,$a,$f,$s" >>"$csv"
        echo "$name: $a / $f = $s"
    done <"$top/tests/reference/cases.csv"
    # the mean over the models whose automatic run completed and whose file run completed or
    # made progress (a run cut before its first progress line, "<1", gives no figure)
    awk -F, 'NR > 1 && $3 !~ /^</ && $3 + 0 > 0 && $4 != "<1" && $4 != "-" { s = $5; sub(/^>/, "", s);
        if (s + 0 > 0) { l += log(s); n++; if ($5 ~ /^>/) b++ } }
        END { if (n) printf "\nGeometric mean of the speed-ups over %d models: %.3g (%d of them lower bounds, counted at their value)\n", n, exp(l / n), b }' "$csv" | tee -a "$md"
}

part_mainjob() {
    step "the main job (make run) on this node"
    local t0; t0=$(date +%s.%N)
    bash "$top/scripts/main-job.sh" "$build" >"$out/mainjob.txt" 2>&1
    local rc=$?
    echo "exit $rc, wall $(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }') s including start-up (command: bash scripts/main-job.sh BUILD)" | tee -a "$out/mainjob.txt"
    grep -E '^summary|main job' "$out/mainjob.txt" | head -12
}

for p in "$@"; do
    case $p in
    filebuild) part_filebuild ;;
    methods) part_methods ;;
    mainjob) part_mainjob ;;
    *) echo "gpu-issue12.sh: unknown part $p" >&2 ;;
    esac
done

#!/usr/bin/env bash
# stiff.sh BUILD OUTDIR: stage "stiff" of lab/gpu/run.sh: the GPU kernels of the models
# that keep an implicit or adaptive group (cvode, rosenbrock, markov_be) timed alone
# (microbench/gpu_kernel.c), as generated now and, when SC_STIFF_BASE names a tarball of sources
# generated before a change (<stem>/<id>_c.c and <id>_cuda.cu, made by
# `lab/gpu/stiff.sh --pack OLD_CODEGEN TARBALL` on the development machine), as generated
# before, for issue 12 item 3. Each model with the library's methods (--auto-methods
# models/methods.tsv), double precision, SC_STIFF_CELLS cells (default 16384) at the initial state,
# K = 10 steps per launch with the stimulus of steps 0-99 (the upstroke, where the adaptive
# groups take most sub-steps), 3 timed launches; the new kernels also with SC_STIFF_BIG cells
# (default 262144) and 10 launches, with that stimulus and at rest. Reports per kernel: registers, spills and stack
# frame (ptxas), cell-steps/s, Vm of the first and last cell (before and after must agree to the
# methods' tolerance), and the speed-up. Kernel "keep": the new sources compiled with
# -DGEN_RHS_FRESH=0 (what the derivatives read of Vm alone held across the step, as before
# generator 0.5.4, instead of recomputed at each call: issue 26 item 2). SC_STIFF_VARIANTS picks
# the kernels (default "base now keep"). Writes OUTDIR/stiff.md.
set -uo pipefail
models=${SC_STIFF_MODELS:-iyer_2004 mmt_sampson_2010 faber_rudy_2000 clancy_rudy_2002 pandit_clark_giles_demir_2001_epicardial_cell bondarenko_szigeti_bett_kim_rasmusson_2004_apical winslow_model_1999 ohara_rudy_cipa_v1_2017 shannon_wang_puglisi_weber_bers_2004 grandi_pasqualini_bers_2010_ss li_mouse_2010 decker_2009}
if [ "${1:-}" = --pack ]; then          # --pack CODEGEN TARBALL: the "before" sources, here
    cg=$(realpath "$2"); tarball=$(realpath "$3"); tmp=$(mktemp -d)
    cd "$(dirname "$0")/../.."
    for m in $models; do
        f=$(ls models/*/"$m".model | head -1); mkdir -p "$tmp/$m"
        "$cg" "$f" --auto-methods models/methods.tsv --target cuda -o "$tmp/$m" -q || echo "pack: codegen failed: $m" >&2
    done
    tar -czf "$tarball" -C "$tmp" . && rm -rf "$tmp" && ls -la "$tarball"
    exit 0
fi
. "$(dirname "$0")/stage.sh" "$1" "$2"   # $build, $out, $sc; the repository root the working folder
cg="$build/bin/starcarp-codegen"
work="$build/stiff"; rm -rf "$work"; mkdir -p "$work/now" "$work/keep" "$work/base"
cells=${SC_STIFF_CELLS:-16384}; bigcells=${SC_STIFF_BIG:-262144}
[ -n "${SC_STIFF_BASE:-}" ] && [ -f "$SC_STIFF_BASE" ] && tar -xzf "$SC_STIFF_BASE" -C "$work/base"
# prep VARIANT MODEL: generate (now, keep) or take (base), compile and link (in parallel for every
# kernel: nvcc of a large model takes a minute); the timed runs come after, one at a time
prep() {
    local v=$1 m=$2 d="$work/$1/$2" def=""
    [ "$v" = keep ] && def=-DGEN_RHS_FRESH=0
    if [ "$v" != base ]; then
        mkdir -p "$d"
        "$cg" "$(ls models/*/"$m".model | head -1)" --auto-methods models/methods.tsv --target cuda -o "$d" -q \
            >"$d/codegen.log" 2>&1 || { echo "codegen failed" >"$d/error"; return; }
    fi
    [ -d "$d" ] || return
    local src; src=$(ls "$d"/*_c.c 2>/dev/null | head -1); [ -n "$src" ] || return
    local id; id=$(basename "$src" _c.c)
    cc -std=c11 -O2 -fPIC -Iinclude -c "$src" -o "$d/host.o" 2>"$d/cc.log" || { echo "host compile failed" >"$d/error"; return; }
    nvcc -O3 -arch=sm_90 -Xptxas -v -Iinclude $def -c "$d/${id}_cuda.cu" -o "$d/k.o" >"$d/ptxas" 2>&1 \
        || { echo "nvcc failed" >"$d/error"; return; }
    cc -std=c11 -O2 -Iinclude -Ikernels -I/usr/local/cuda/include -DSC_MODEL="${id}_model" -DSC_RUN="${id}_cuda_f64_run" \
        microbench/gpu_kernel.c kernels/host_model.c "$d/host.o" "$d/k.o" -o "$d/bin" -L/usr/local/cuda/lib64 -lcudart -lstdc++ -lm \
        2>"$d/link.log" || echo "link failed" >"$d/error"
}
# row VARIANT MODEL: time the kernel; one table row
row() {
    local v=$1 m=$2 d="$work/$1/$2"
    [ -d "$d" ] || return
    [ -f "$d/error" ] && { echo "| $m | $v | $(cat "$d/error") | | | | | | |"; return; }
    local k="_k10ScStepArgs' for" regs spill stack r
    regs=$(grep -A3 "$k" "$d/ptxas" | grep -o 'Used [0-9]* registers' | grep -o '[0-9]*' | head -1)
    spill=$(grep -A2 "$k" "$d/ptxas" | grep -o '[0-9]* bytes spill stores' | grep -o '^[0-9]*' | head -1)
    stack=$(grep -A2 "$k" "$d/ptxas" | grep -o '[0-9]* bytes stack frame' | grep -o '^[0-9]*' | head -1)
    local tmo=${SC_STIFF_TIMEOUT:-90}
    r=$(timeout "$tmo" "$d/bin" "$cells" 10 3 2>&1 | tail -1)
    # cut by the timeout: the 40 steps (1 untimed + 3 timed launches of 10) took longer than it
    [ $? = 124 ] && r="cell_steps_per_s <$(awk -v c="$cells" -v t="$tmo" 'BEGIN { printf "%.3g", c * 40 / t }') vm0 - vm_last -"
    # key KEY: the value after KEY in gpu_kernel.c's line on stdin
    key() { sed -n "s/.*$1 \([^ ]*\).*/\1/p"; }
    local big=- rest=-
    if [ "$v" = now ]; then
        big=$(timeout "${SC_STIFF_TIMEOUT:-60}" "$d/bin" "$bigcells" 10 10 2>&1 | tail -1 | key cell_steps_per_s)
        rest=$(timeout "${SC_STIFF_TIMEOUT:-60}" "$d/bin" "$bigcells" 10 10 0 2>&1 | tail -1 | key cell_steps_per_s)
    fi
    echo "| $m | $v | $regs | $spill | $stack | $(key cell_steps_per_s <<<"$r") | $(key vm0 <<<"$r") | $(key vm_last <<<"$r") | $big | $rest |"
}
export -f prep; export work cg
variants=${SC_STIFF_VARIANTS:-base now keep}
for m in $models; do for v in $variants; do echo "$v $m"; done; done |
    xargs -P "$(nproc)" -n 2 bash -c 'prep "$0" "$1"'
{
echo "# Stiff kernels alone on $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "Command: lab/gpu/stiff.sh (microbench/gpu_kernel.c), $cells cells, K = 10, 3 timed launches (steps 10-40: the stimulus of 52 on steps 0-99, the upstroke), double, the library's methods; last columns (now): the same kernel with $bigcells cells, 10 timed launches (steps 10-110), with that stimulus and at rest (none)."
echo "\"base\": sources generated before the change (SC_STIFF_BASE); \"now\": this tree's generator; \"keep\": the same with -DGEN_RHS_FRESH=0. \"<X\": the run passed ${SC_STIFF_TIMEOUT:-90} s (a bound); empty: it failed."
echo
echo "| model | kernel | registers | spill stores (B) | stack frame (B) | cell-steps/s | Vm cell 0 | Vm last cell | cell-steps/s, $bigcells cells | the same at rest |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|"
for m in $models; do for v in $variants; do row "$v" "$m"; done; done
} >"$out/stiff.md"
cat "$out/stiff.md"

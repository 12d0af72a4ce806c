#!/usr/bin/env bash
# trace.sh [OUTDIR]: where a tissue step's time goes on 1..N GPUs, from StarPU's FxT traces (issue 25):
# after `STARCARP_STARPU_FXT=1 bash scripts/install-deps.sh` and `bash lab/gpu/pack.sh` here
# (.carry/fxt: StarPU built --with-fxt), on the GPU machine with carry [".carry"].
#
# Builds ten Tusscher 2006 and Aliev-Panfilov against .carry/fxt into build-fxt/, runs the N-version
# slab refined to TRACE_DX mm (default 1/30: 11.5M nodes) for TRACE_MS ms (default 3) on each GPU
# count of TRACE_GPUS (default 1 and every GPU) with STARPU_FXT_TRACE=1 (TRACE_ARGS: more tissue
# options, e.g. --sched eager; StarPU's variables set around the command pass through), turns each
# trace into tasks.rec (starpu_fxt_tool) and tabulates per worker the step's busy time per task kind
# and the gaps between tasks (lab/gpu/fxt_steps.py). Writes OUTDIR/trace.md and
# OUTDIR/trace-recs.tgz (the tasks.rec files and the runs' stderr).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)   # the repository root (this file is lab/gpu/)
out=${1:-${OUT:?give an output directory or set OUT}}
mkdir -p "$out"; out=$(cd "$out" && pwd)
fx=${SC_FXT_PREFIX:-$top/.carry/fxt}
[ -f "$fx/lib/pkgconfig/starpu-1.4.pc" ] || { echo "gpu-trace: no $fx (STARCARP_STARPU_FXT=1 scripts/install-deps.sh, then pack.sh)" >&2; exit 1; }
export PATH=/usr/local/cuda/bin:$fx/bin:$PATH
export LD_LIBRARY_PATH="$fx/lib:${LD_LIBRARY_PATH:-}:$fx/lib/fallback" PKG_CONFIG_PATH="$fx/lib/pkgconfig"
export STARPU_SILENT=1 NCCL_NVLS_ENABLE=0 STARPU_HOME="$top/build-fxt/starpu-home"
work=$(mktemp -d)
cd "$top" || exit 1
t0=$(date +%s)
{ cmake -S . -B build-fxt -DSTARPU_DIR="$fx" -DSTARCARP_CUDA_ARCHS=90 -DSTARCARP_USE_HIP=OFF \
      -DSTARCARP_MODELS="ten_tusscher_model_2006_epi;AlievPanfilov" -DCMAKE_BUILD_TYPE=Release &&
      cmake --build build-fxt -j "$(nproc)"; } >"$work/build.log" 2>&1 ||
    { tail -30 "$work/build.log"; exit 1; }
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
gpus=${TRACE_GPUS:-$( [ "$ngpu" -gt 1 ] && echo "1 $ngpu" || echo 1 )}
exec > >(tee "$out/trace.md") 2>&1
echo "# FxT traces of the tissue loop: $(hostname), $ngpu GPU(s), $(date -u +%FT%TZ), commit $(cat .carry/COMMIT 2>/dev/null || git rev-parse HEAD)"
echo
echo "Built against StarPU with FxT in $(( $(date +%s) - t0 )) s. Each run: \`starcarp tissue --par examples/nversion.par"
echo "--dx ${TRACE_DX:-0.03333333333333333} --duration ${TRACE_MS:-3} --snap-dt ${TRACE_MS:-3} --no-png --diffusion-substeps auto --ncpu 0 --ngpu G ${TRACE_ARGS:-}\`"
echo "with STARPU_FXT_TRACE=1; the table per worker (lab/gpu/fxt_steps.py)."
for g in $gpus; do
    d="$work/g$g"; mkdir -p "$d"
    # shellcheck disable=SC2086 # TRACE_ARGS is a list of options
    STARPU_FXT_TRACE=1 STARPU_FXT_PREFIX="$d/" build-fxt/bin/starcarp tissue --par examples/nversion.par \
        --dx "${TRACE_DX:-0.03333333333333333}" --duration "${TRACE_MS:-3}" --snap-dt "${TRACE_MS:-3}" --no-png \
        --diffusion-substeps auto --ncpu 0 --ngpu "$g" ${TRACE_ARGS:-} --out "$d/out" >"$d/run.out" 2>"$d/run.err"
    rc=$?
    echo
    echo "## $g GPU(s): exit $rc; $(grep -h 'node-steps/s' "$d/run.err" | head -1)"
    echo
    (cd "$d" && starpu_fxt_tool -i prof_file_* -no-bus -no-counter -no-flops -no-events -no-acquire >fxt.log 2>&1 &&
        rm -f paje.trace dag.dot trace.rec prof_file_* && rm -rf out) || echo "starpu_fxt_tool failed (see fxt.log)"
    [ -f "$d/tasks.rec" ] && python3 "$top/lab/gpu/fxt_steps.py" "$d/tasks.rec"
done
tar -C "$work" -czf "$out/trace-recs.tgz" --exclude='*.log' . 2>/dev/null

#!/usr/bin/env bash
# gpu-tissue.sh [OUTDIR]: the tissue solver on the GPU machine (through the device tool, after
# scripts/gpu-pack.sh, carry [".carry"]): builds the two models the tissue work needs
# (scripts/gpu-run.sh's build and ctest stages, ctest -L tissue: the GPU case runs there), then
#   1. the N-version benchmark (scripts/tissue-nversion.sh) at DX_LIST (default "0.5 0.2 0.1") and
#      DT_LIST (default "0.01 0.005") on the GPU alone: OUTDIR/nversion.md;
#   2. throughput of the benchmark slab at dx 0.1 mm (442 401 nodes) for TP_MS ms (default 10) and
#      at dx 0.05 mm (3 448 761 nodes) for TP_MS_FINE ms (default 2) on the CPUs alone, the GPU
#      alone, and both (node-steps/s from the runs' summaries):
#      OUTDIR/throughput.md.
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-${OUT:?give an output directory or set OUT}}
mkdir -p "$out"
STAGES="build ctest" CTEST_ARGS="-L tissue" \
    SC_CMAKE_ARGS="-DSTARCARP_MODELS=AlievPanfilov;ten_tusscher_model_2006_epi ${SC_CMAKE_ARGS:-}" \
    bash "$top/scripts/gpu-run.sh" "$out"
starpu=$top/.carry/starpu
export LD_LIBRARY_PATH="$starpu/lib:${LD_LIBRARY_PATH:-}:$starpu/lib/fallback"
export STARPU_HOME="$top/build-gpu/starpu-home" STARPU_SILENT=1
sc=$top/build-gpu/bin/starcarp
[ -x "$sc" ] || { echo "gpu-tissue: no build" >&2; exit 1; }
echo "== N-version on the GPU alone"
timeout ${NV_TIMEOUT:-400} bash "$top/scripts/tissue-nversion.sh" "$sc" "${DX_LIST:-0.5 0.2 0.1}" \
    "${DT_LIST:-0.01 0.005}" "$out/nv" -- --ncpu 0 --ngpu 1 --no-png
cp "$out/nv/nversion.md" "$out/nversion.md" 2>/dev/null
echo "== throughput, the benchmark slab at dx 0.1 mm (${TP_MS:-10} ms) and 0.05 mm (${TP_MS_FINE:-2} ms)"
{
    echo "| dx (mm) | nodes | workers | slabs | wall (s) | node-steps/s |"
    echo "|---|---:|---|---|---:|---:|"
    for dx in 0.1 0.05; do
        ms=${TP_MS:-10}; nodes=442401
        [ $dx = 0.05 ] && ms=${TP_MS_FINE:-2} && nodes=3448761
        for w in "--ngpu 0" "--ncpu 0 --ngpu 1" "--ngpu 1"; do
            log=$out/tp.log
            timeout 300 "$sc" tissue --par "$top/examples/nversion.par" --dx $dx --duration "$ms" --no-png \
                --out "$out/tp" $w > /dev/null 2> "$log"
            slabs=$(grep -o '[0-9]* slabs\?:.*' "$log" | head -1)
            wall=$(grep -o 'wall time [0-9.]* s' "$log" | cut -d' ' -f3)
            rate=$(grep -o '[0-9.e+]* node-steps/s' "$log" | cut -d' ' -f1)
            echo "| $dx | $nodes | $w | $slabs | $wall | $rate |"
        done
    done
} | tee "$out/throughput.md"
rm -rf "$out/tp" "$out/nv"/*/*.vtk
tar czf "$out/nv.tgz" -C "$out" nv && rm -rf "$out/nv" "$out/tp.log"

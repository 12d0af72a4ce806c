#!/usr/bin/env bash
# tissue.sh [OUTDIR]: the tissue solver on the GPU machine (through the device tool, after
# lab/gpu/pack.sh, carry [".carry"]). TISSUE_PARTS (environment) chooses the parts, in order
# (default "build nversion throughput"):
#   build       builds the two models the tissue work needs (lab/gpu/run.sh's build and ctest
#               stages, ctest -L tissue: the GPU cases run there) into build-gpu/
#   nversion    the N-version benchmark (scripts/tissue-nversion.sh) at DX_LIST (default "0.5 0.2
#               0.1") and DT_LIST (default "0.01 0.005") on the GPU alone, with NV_ARGS (extra
#               tissue options, e.g. "--parab-solve cn"): OUTDIR/nversion.md
#   throughput  the benchmark slab at dx 0.1 mm (442 401 nodes) for TP_MS ms (default 10) and at
#               dx 0.05 mm (3 448 761 nodes) for TP_MS_FINE ms (default 2) on the CPUs alone, the
#               GPU alone, and both: OUTDIR/throughput.md
#   benchmark   `starcarp benchmark --tissue BM_DX` (default 0.05) for ten Tusscher 2006 and
#               Aliev-Panfilov: OUTDIR/benchmark.md, .csv, .png
#   large       the slab refined to dx 1/42 mm (841 x 295 x 127 = 31.5 million nodes) for LARGE_MS
#               ms (default 1) on the GPU alone, explicit (dt 0.01 ms is 4.3 times the limit: 5
#               sub-steps) and Crank-Nicolson: OUTDIR/large.md
#   blocking    sc-bench-diffuse (the host kernel's blocking, one core): OUTDIR/blocking.md
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)   # the repository root (this file is lab/gpu/)
out=${1:-${OUT:?give an output directory or set OUT}}
mkdir -p "$out"
parts=" ${TISSUE_PARTS:-build nversion throughput} "
has() { case "$parts" in *" $1 "*) return 0 ;; esac; return 1; }
if has build; then
    STAGES="build ctest" CTEST_ARGS="-L tissue" \
        SC_CMAKE_ARGS="-DSTARCARP_MODELS=AlievPanfilov;ten_tusscher_model_2006_epi ${SC_CMAKE_ARGS:-}" \
        bash "$top/lab/gpu/run.sh" "$out"
fi
starpu=$top/.carry/starpu
export LD_LIBRARY_PATH="$starpu/lib:${LD_LIBRARY_PATH:-}:$starpu/lib/fallback"
export STARPU_HOME="$top/build-gpu/starpu-home" STARPU_SILENT=1
sc=$top/build-gpu/bin/starcarp
[ -x "$sc" ] || { echo "gpu-tissue: no build" >&2; exit 1; }
# tissue RUN_NAME ARGS...: one run of the slab; prints "| wall | node-steps/s |" from its summary
tissue() {
    local log=$out/$1.log; shift
    timeout 300 "$sc" tissue --par "$top/examples/nversion.par" --no-png --out "$out/tp" "$@" > /dev/null 2> "$log"
    local rc=$? wall rate
    wall=$(grep -o 'wall time [0-9.]* s' "$log" | cut -d' ' -f3)
    rate=$(grep -o '[0-9.e+]* node-steps/s' "$log" | cut -d' ' -f1)
    echo "| ${wall:-failed ($rc)} | ${rate:--} |"
}
if has nversion; then
    echo "== N-version on the GPU alone (${NV_ARGS:-})"
    timeout ${NV_TIMEOUT:-400} bash "$top/scripts/tissue-nversion.sh" "$sc" "${DX_LIST:-0.5 0.2 0.1}" \
        "${DT_LIST:-0.01 0.005}" "$out/nv" -- --ncpu 0 --ngpu 1 --no-png ${NV_ARGS:-}
    cp "$out/nv/nversion.md" "$out/nversion.md" 2>/dev/null
    rm -rf "$out/nv"/*/*.vtk
    tar czf "$out/nv.tgz" -C "$out" nv && rm -rf "$out/nv"
fi
if has throughput; then
    echo "== throughput, the benchmark slab at dx 0.1 mm (${TP_MS:-10} ms) and 0.05 mm (${TP_MS_FINE:-2} ms)"
    {
        echo "| dx (mm) | nodes | workers | wall (s) | node-steps/s |"
        echo "|---|---:|---|---:|---:|"
        for dx in 0.1 0.05; do
            ms=${TP_MS:-10}; nodes=442401
            [ $dx = 0.05 ] && ms=${TP_MS_FINE:-2} && nodes=3448761
            for w in "--ngpu 0" "--ncpu 0 --ngpu 1" "--ngpu 1"; do
                echo "| $dx | $nodes | $w $(tissue tp --dx $dx --duration "$ms" $w)"
            done
        done
    } | tee "$out/throughput.md"
fi
if has benchmark; then
    echo "== starcarp benchmark --tissue ${BM_DX:-0.05}"
    timeout 500 "$sc" benchmark --models ten_tusscher_model_2006_epi,AlievPanfilov --cells 4194304 \
        --tissue "${BM_DX:-0.05}" --csv "$out/benchmark.csv" --png "$out/benchmark.png" -q | tee "$out/benchmark.md"
fi
if has large; then
    echo "== the slab at dx 1/42 mm (31.5 million nodes), GPU alone, ${LARGE_MS:-1} ms"
    {
        echo "| diffusion | nodes | wall (s) | node-steps/s |"
        echo "|---|---:|---:|---:|"
        for how in "--diffusion-substeps auto" "--parab-solve cn"; do
            echo "| $how | 31528215 $(tissue large --dx 0.023809523809523808 --duration "${LARGE_MS:-1}" --ncpu 0 --ngpu 1 \
                $how)"
        done
    } | tee "$out/large.md"
fi
if has blocking; then
    echo "== sc-bench-diffuse (one core)"
    taskset -c 2 "$top/build-gpu/bin/sc-bench-diffuse" | tee "$out/blocking.md"
fi
rm -rf "$out/tp"

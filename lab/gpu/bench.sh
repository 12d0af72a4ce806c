#!/usr/bin/env bash
# bench.sh BUILD OUT LOGS: the code-generation measurements of the GPU machine (called by
# lab/gpu/run.sh after the build and the tests):
#   - every library model's CUDA kernels against the portable C kernel (round-off figures, K-step
#     time blocking, single precision) and the GPU cost per cell-step for 4096 and 1M cells
#     (tests/gpu/test_gpu_vs_cpu.c) -> OUT/gpu_vs_cpu.md, gpu_vs_cpu.csv
#   - vectorised CPU kernel against portable C on one core (microbench/cpu_speed.c) -> OUT/cpu_speed.md,
#     cpu_speed.csv, cpu_speed.png
set -uo pipefail
logs=$3
. "$(dirname "$0")/stage.sh" "$1" "$2"   # $build, $out, $sc; the repository root the working folder
step() { printf '== %s\n' "$*"; }
if [ -x "$build/bin/test_gpu_vs_cpu" ]; then
    step "CUDA kernels vs portable C (log: gpu_vs_cpu.log)"
    SC_OUT="$out/gpu_vs_cpu.csv" timeout ${SC_GPU_TIMEOUT:-300} stdbuf -oL "$build/bin/test_gpu_vs_cpu" \
        ${SC_GPU_ARGS:-} >"$out/gpu_vs_cpu.md" 2>"$out/gpu_vs_cpu.log"
    echo "test_gpu_vs_cpu: exit $?"; tail -5 "$out/gpu_vs_cpu.md"
fi
if [ -x "$build/bin/sc-bench-cpu" ]; then
    step "vectorised CPU vs portable C, one core (log: cpu_speed.log)"
    timeout ${SC_CPU_TIMEOUT:-150} stdbuf -oL taskset -c 2 "$build/bin/sc-bench-cpu" --csv "$out/cpu_speed.csv" --png "$out/cpu_speed.png" \
        ${SC_CPU_ARGS:-} >"$out/cpu_speed.md" 2>"$out/cpu_speed.log"
    echo "sc-bench-cpu: exit $?"; tail -3 "$out/cpu_speed.md"
fi

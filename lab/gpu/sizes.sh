#!/usr/bin/env bash
# sizes.sh [OUTDIR]: the scale figures of docs/performance.md ("Sizes") on the GPU machine, after
# lab/gpu/pack.sh here (device tool: carry [".carry"], command `bash lab/gpu/sizes.sh`).
#
# Builds ten Tusscher 2006 and Aliev-Panfilov only (STARCARP_MODELS), checks every worker kind
# against the host (starcarp devices) and the GPU tests, then runs starcarp bench (GPU alone,
# --ncpu 0, 10 steps per task, 0.1 ms):
#   250M cells in double in one partition; 1e9 cells in single (H200: 80 GB of states on the GPU);
#   250M cells in double with StarPU limited to 20 GB of the GPU (STARPU_LIMIT_CUDA_MEM): the array
#   is cut into pieces that StarPU moves between host and GPU memory;
#   3e9 cells refused at once; and the GPU's rate beside 0, 4, 8 and all CPU workers (8M cells).
#   the physiology watch's cost (16M cells, double and single, with and without --no-watch).
# PARTS (environment) chooses: default "build check big limited refuse ncpu watch".
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)   # the repository root (this file is lab/gpu/)
out=${1:-${OUT:?give an output directory or set OUT}}
mkdir -p "$out"; out=$(cd "$out" && pwd)
logs=$(mktemp -d)
cd "$top"
. lab/gpu/env.sh gpu-sizes   # the carried StarPU on the paths ($starpu)
PARTS=${PARTS:-build check big limited refuse ncpu watch}
has() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }
sc=$top/build-gpu/bin/starcarp
TT=ten_tusscher_model_2006_epi
echo "== $(hostname), $(nproc) cores, $(nvidia-smi -L | head -1), $(date -u +%FT%TZ), commit $(git rev-parse --short HEAD 2>/dev/null || cat "$starpu/../COMMIT")"
free -g | head -2
if has build; then
    t0=$(date +%s)
    gpu_build "$TT;AlievPanfilov" "$logs/build.log"
    echo "== build: exit $? in $(( $(date +%s) - t0 )) s"; tail -3 "$logs/build.log"
fi
# run NAME ARGS...: starcarp bench with /usr/bin/time, the GPU's peak memory sampled every second
run() {
    local name=$1; shift
    nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 1000 >"$logs/$name.gpumem" 2>/dev/null &
    local smi=$!
    /usr/bin/time -v "$sc" bench "$@" >"$logs/$name.out" 2>"$logs/$name.err"
    local rc=$?
    kill $smi 2>/dev/null; wait $smi 2>/dev/null
    local peak host
    peak=$(sort -n "$logs/$name.gpumem" | tail -1)
    host=$(grep "Maximum resident" "$logs/$name.err" | awk '{printf "%.1f", $6/1048576}')
    echo "== $name: exit $rc, GPU memory peak ${peak:-?} MiB, host peak ${host:-?} GiB, $(grep -E 'wall time|cell count|need|refused' "$logs/$name.err" | head -2 | tr '\n' ' ')"
    grep -E "summary: .*(partitions|CUDA|CPU [0-9])|error|Error|numerical" "$logs/$name.err" | head -6
}
if has check; then
    "$sc" devices --cells 8388608 --steps 10 --require-gpu >"$logs/devices.txt" 2>&1
    echo "== starcarp devices (every worker against the host): exit $?"; tail -4 "$logs/devices.txt"
    (cd build-gpu && ctest -j 8 -R "starpu.devices|runtime|gpu|tissue.gpu|numerics.params.derive|cli.opencarp" \
        --output-on-failure --timeout 300) >"$logs/ctest.log" 2>&1
    echo "== ctest: exit $?"; grep -E "tests passed|Failed|\*\*\*" "$logs/ctest.log" | tail -8
fi
B=(--imp $TT --duration 0.1 --ncpu 0 --steps-per-task 10 --no-trace -q)
if has big; then
    run tt06-250M-f64 "${B[@]}" --num 250000000
    gm=$(nvidia-smi --query-gpu=memory.total --format=csv,noheader,nounits | head -1)
    if [ "${gm:-0}" -gt 100000 ]; then
        run tt06-1e9-f32 "${B[@]}" --num 1000000000 --precision single
    else
        echo "== tt06-1e9-f32: skipped, ${gm} MiB of GPU memory (needs an H200)"
    fi
fi
if has limited; then
    STARPU_LIMIT_CUDA_MEM=20000 run tt06-250M-f64-limit20GB "${B[@]}" --num 250000000
fi
if has refuse; then
    t0=$(date +%s%N)
    "$sc" bench "${B[@]}" --num 3000000000 --precision single >"$logs/refuse.out" 2>&1
    echo "== 3e9 single: exit $? after $(( ($(date +%s%N) - t0) / 1000000 )) ms: $(head -c 400 "$logs/refuse.out")"
fi
if has ncpu; then
    for n in 0 4 8 $(( $(nproc) - 1 )); do
        run "tt06-8M-ncpu$n" --imp $TT --num 8388608 --duration 5 --ncpu "$n" --no-trace -q
    done
    STARPU_NCPU=$(( $(nproc) - 1 )) run "tt06-8M-starpu-ncpu$(( $(nproc) - 1 ))" --imp $TT --num 8388608 --duration 5 --no-trace -q
fi
if has watch; then # the physiology watch's cost: the same runs with and without it, twice, alternating
    for r in 1 2; do
        for prec in double single; do
            run "watch-tt06-16M-$prec-on$r" --imp $TT --num 16777216 --duration 5 --ncpu 0 --precision $prec --no-trace -q
            run "watch-tt06-16M-$prec-off$r" --imp $TT --num 16777216 --duration 5 --ncpu 0 --precision $prec --no-trace -q --no-watch
        done
    done
fi
tar -C "$logs" -czf "$out/sizes-logs.tgz" .

#!/usr/bin/env bash
# run.sh [OUTDIR]: run on the GPU machine (through the device tool) after lab/gpu/pack.sh.
#
# Builds the project there against the carried StarPU (.carry/starpu), runs the whole test suite
# (GPU tests included: they are skipped only where no GPU exists), runs `starcarp devices` on every
# GPU, and writes into OUTDIR (default $OUT): summary.md (the tables), and logs.tgz (build, ctest,
# devices, nvidia-smi, StarPU's bus calibration). At most 8 files come back from the device tool, so
# everything else is inside logs.tgz.
# STAGES (environment) chooses the parts: default "build ctest devices bench"; "verify" runs the
# reference corpus (tests/reference, unpacked by CMake) on the library's own kernels (the automatic
# methods) with SC_DT (default 0.001) on every core; "runtime" calibrates and measures starcarp bench (lab/gpu/runtime.sh);
# "benchmark" runs `starcarp benchmark` and bench on 1..N GPUs (lab/gpu/benchmark.sh);
# "kernels" times generated kernels alone in launch-bound variants (lab/gpu/kernels.sh);
# "launch" chooses each library model's register cap by measurement (lab/gpu/launch.sh:
# OUTDIR/launch.tsv, the rows of models/launch.tsv);
# "stiff" the kernels of the implicit and adaptive models alone, before (.carry/stiff-base.tgz) and
# now (lab/gpu/stiff.sh);
# CTEST_ARGS replaces the ctest selection.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)   # the repository root (this file is lab/gpu/)
out=${1:-${OUT:?give an output directory or set OUT}}
mkdir -p "$out"; out=$(cd "$out" && pwd)
logs=$(mktemp -d); cd "$top"
. lab/gpu/env.sh gpu-run   # the carried StarPU on the paths ($starpu; SC_STARPU_PREFIX: one carried elsewhere)
export NCCL_NVLS_ENABLE=0            # never use NVLink multicast on the shared hosts
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
ncores=$(nproc)
build="$top/build-gpu"
step() { printf '== %s\n' "$*"; }
STAGES=${STAGES:-build ctest devices bench}
has() { case " $STAGES " in *" $1 "*) return 0 ;; esac; return 1; }
status() { case $1 in 0) echo ok ;; na) echo "not run" ;; *) echo "FAILED ($1)" ;; esac; }
passed() { [ "$1" = 0 ] || [ "$1" = na ]; }   # a stage left out of STAGES is not a failure

step "machine: $(hostname), $ncores cores, $ngpu GPU(s)"
{ nvidia-smi; nvidia-smi -L; uname -a; cat /etc/os-release; } >"$logs/machine.txt" 2>&1
step "configure + build (log: build.log)"
t0=$(date +%s)
target=all; has build || target=starcarp-codegen
# the whole library unless STARCARP_MODELS lists models (a build-gpu of a subset, e.g. multi.sh's,
# is reconfigured, not reused)
{ cmake -S . -B "$build" -DSTARPU_DIR="$starpu" -DSTARCARP_CUDA_ARCHS=90 -DSTARCARP_USE_HIP=OFF -DSTARCARP_CPU_FLAGS="-march=native;-fno-math-errno" \
      -DSTARCARP_MODELS="${STARCARP_MODELS:-}" ${SC_CMAKE_ARGS:-} \
      -DCMAKE_BUILD_TYPE=Release && cmake --build "$build" -j "$ncores" --target $target; } >"$logs/build.log" 2>&1
build_rc=$?; t_build=$(( $(date +%s) - t0 ))
step "build: $(status $build_rc) in ${t_build}s"
if [ $build_rc != 0 ]; then tail -40 "$logs/build.log"; fi

ctest_rc=na; devices_rc=na
if [ $build_rc = 0 ] && has verify; then
    step "verification against the reference, dt ${SC_DT:-0.001} ms, $ncores jobs"
    SC_DT=${SC_DT:-0.001} timeout ${SC_VERIFY_TIMEOUT:-520} sh tests/verify/run_verify.sh - \
        "$build/reference" "$build/verify" --library "$build/bin/sc_verify_lib" --known tests/verify/known_failing.txt \
        --jobs "$ncores" --table "$out/verification.md" >"$logs/verify.log" 2>&1
    echo "verify: exit $?"
    cat "$build/verify/.parts/"* >"$out/verify-results.txt" 2>/dev/null; wc -l <"$out/verify-results.txt"
fi
if [ $build_rc = 0 ] && has ctest; then
    step "ctest (log: ctest.log)"
    (cd "$build" && eval ctest --output-on-failure -j 8 --timeout 300 ${CTEST_ARGS:--LE '"fuzz|verify"' -E gpu.vs_cpu}) >"$logs/ctest.log" 2>&1; ctest_rc=$?
    step "ctest: $(status $ctest_rc)"; grep -E 'tests passed|tests failed|Skipped|Failed|\*\*\*' "$logs/ctest.log" | tail -20
    cp "$logs/ctest.log" "$out/ctest.log"
fi
if [ $build_rc = 0 ] && has devices; then
    step "starcarp devices on all CPUs and GPUs (log: devices.txt)"
    "$build/bin/starcarp" devices --cells 16777216 --steps 20 >"$logs/devices.txt" 2>&1; devices_rc=$?
    cat "$logs/devices.txt"
    step "starcarp devices, GPU only"
    STARPU_NCPU=0 "$build/bin/starcarp" devices --ncpu 1 --cells 16777216 --steps 20 >"$logs/devices-gpu.txt" 2>&1 || devices_rc=$?
    tail -4 "$logs/devices-gpu.txt"
fi
if [ $build_rc = 0 ] && has runtime; then
    step "runtime: calibration, bench throughput CPU / GPU / both (lab/gpu/runtime.sh)"
    bash "$top/lab/gpu/runtime.sh" "$build" "$out"
fi
if [ $build_rc = 0 ] && has kernels; then
    step "kernel variants (lab/gpu/kernels.sh)"
    bash "$top/lab/gpu/kernels.sh" "$build" "$out"
fi
if [ $build_rc = 0 ] && has launch; then
    step "register caps by measurement (lab/gpu/launch.sh)"
    bash "$top/lab/gpu/launch.sh" "$build" "$out" >"$logs/launch.log" 2>&1; echo "launch: exit $?"
    tail -3 "$logs/launch.log"
fi
if [ $build_rc = 0 ] && has stiff; then
    step "stiff kernels alone, before and after (lab/gpu/stiff.sh)"
    SC_STIFF_BASE=${SC_STIFF_BASE:-$top/.carry/stiff-base.tgz} bash "$top/lab/gpu/stiff.sh" "$build" "$out"
fi
if [ $build_rc = 0 ] && has benchmark; then
    step "starcarp benchmark and multi-GPU bench (lab/gpu/benchmark.sh)"
    bash "$top/lab/gpu/benchmark.sh" "$build" "$out"
fi
if [ $build_rc = 0 ] && has bench; then
    step "benchmarks (lab/gpu/bench.sh)"; bash "$top/lab/gpu/bench.sh" "$build" "$out" "$logs"
fi

{
    echo "# GPU-machine run"
    echo
    echo "| what | value |"
    echo "|---|---|"
    echo "| date | $(date -u +%Y-%m-%dT%H:%MZ) |"
    echo "| commit | $(cat .carry/COMMIT 2>/dev/null || echo unknown) |"
    echo "| GPUs | $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader 2>/dev/null | sort | uniq -c | sed 's/^ *//' | paste -sd';') |"
    echo "| cores | $ncores |"
    echo "| build | $(status $build_rc) (${t_build}s) |"
    echo "| ctest | $(status $ctest_rc) $(grep -E 'tests passed' "$logs/ctest.log" 2>/dev/null) |"
    echo "| devices check | $(status $devices_rc) |"
    echo
    echo '## StarPU workers and bus (starcarp devices)'
    echo '```'; cat "$logs/devices.txt" 2>/dev/null; echo '```'
} >"$out/summary.md"
[ -d "$STARPU_HOME" ] && cp -a "$STARPU_HOME" "$logs/starpu-home"
tar -C "$logs" -czf "$out/logs.tgz" .
rm -rf "$logs"
echo "gpu-run: wrote $out/summary.md and $out/logs.tgz"
[ "$build_rc" = 0 ] && passed "$ctest_rc" && passed "$devices_rc"

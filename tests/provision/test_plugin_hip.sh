#!/usr/bin/env bash
# test_plugin_hip.sh STARCARP MODEL SCRATCH: the plugin builder's HIP part (provision/), where
# hipcc is (else 77: skipped). A user's copy of MODEL is loaded by `starcarp bench` with
# STARCARP_PLUGIN_HIP=1, which builds the HIP part as a machine with a HIP StarPU would (hipcc
# --offload-arch=$STARCARP_HIP_ARCH, the build's gfx90a, through the builder's own commands) and
# loads it; nothing runs it (no AMD GPU, a StarPU without HIP). Checked: the run succeeds, the cache
# holds hip-<arch>.so beside the host part, and it exports <ident>_hip_f64_run and _f32_run; a
# broken hipcc makes the load fail with the build log named (status 1).
set -u
sc=$1; model=$2; scratch=$3
command -v "${HIPCC:-hipcc}" > /dev/null 2>&1 || { echo "no hipcc: skipped"; exit 77; }
command -v nm > /dev/null || { echo "no nm: skipped"; exit 77; }
fails=0; n=0
check() { n=$((n+1)); if [ "$2" != 0 ]; then fails=$((fails+1)); echo "FAIL: $1"; else echo "ok: $1"; fi; }
rm -rf "$scratch" && mkdir -p "$scratch/cache"
{ cat "$model"; echo "# a user's copy: not the library's text"; } > "$scratch/hipcheck.model"
export STARCARP_CACHE="$scratch/cache" STARCARP_PLUGIN_HIP=1 STARPU_SILENT=1
"$sc" bench --imp "$scratch/hipcheck.model" --duration 1 --num 8 --fout "$scratch/out" > "$scratch/log" 2>&1
check "bench with the plugin's HIP part built (status $?)" $?
so=$(ls "$scratch"/cache/hipcheck-*/hip-*.so 2>/dev/null | head -1)
[ -n "$so" ] && ls "$scratch"/cache/hipcheck-*/host-*.so > /dev/null 2>&1; check "cache: ${so##*/} beside the host part" $?
for p in f64 f32; do
    nm -D --defined-only "$so" 2>/dev/null | grep -q " T u_hipcheck_hip_${p}_run$"
    check "${so##*/} exports u_hipcheck_hip_${p}_run" $?
done
# a failing compiler: the error names the build log (a fresh cache: nothing to reuse)
HIPCC=/bin/false STARCARP_CACHE="$scratch/cache2" "$sc" bench --imp "$scratch/hipcheck.model" --duration 1 --num 8 \
    --fout "$scratch/out2" > "$scratch/log2" 2>&1; rc=$?
[ $rc != 0 ] && grep -q "build.log" "$scratch/log2"; check "a failing hipcc: status $rc, the build log named" $?
[ $fails = 0 ] || cat "$scratch/log" "$scratch/log2"
echo "$n checks, $fails failed"
[ $fails = 0 ] && [ $n -gt 0 ] # a test that checked nothing has not passed

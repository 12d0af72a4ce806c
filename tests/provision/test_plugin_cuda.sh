#!/usr/bin/env bash
# test_plugin_cuda.sh STARCARP MODEL SCRATCH: the plugin builder's CUDA part (provision/) on
# a GPU (else 77: skipped). A user's copy of MODEL (a comment appended: no library text) is run by
# `starcarp bench` on the GPU alone, which builds the CUDA part (nvcc, linked into cuda-<arch>.so)
# and loads it, then on one CPU core alone (the host part). Checked: both runs succeed, the cache
# holds cuda-*.so, and the GPU's Vm and Iion (--fout) agree with the CPU's to round-off (relative
# 1e-7 of the largest magnitude of each column, double precision, 64 cells over the upstroke).
set -u
sc=$1; model=$(realpath "$2"); scratch=$3
command -v nvidia-smi > /dev/null && nvidia-smi -L > /dev/null 2>&1 || { echo "no GPU: skipped"; exit 77; }
fails=0; n=0
check() { n=$((n+1)); if [ "$2" != 0 ]; then fails=$((fails+1)); echo "FAIL: $1"; else echo "ok: $1"; fi; }
rm -rf "$scratch" && mkdir -p "$scratch/cache" && cd "$scratch" || exit 1
{ cat "$model"; echo "# a user's copy: not the library's text"; } > cudacheck.model
export STARCARP_CACHE="$scratch/cache" STARPU_SILENT=1
run() { "$sc" bench --imp cudacheck.model --duration 20 --num 64 --no-trace --fout "$1" "${@:2}" > "$1.log" 2>&1; }
run gpu --ngpu 1 --ncpu 0; check "bench on the GPU alone with the plugin's CUDA part (status $?)" $?
ls cache/cudacheck-*/cuda-*.so > /dev/null 2>&1; check "cache: the CUDA part beside the host part" $?
run cpu --ngpu 0 --ncpu 1; check "bench on one CPU core (status $?)" $?
paste gpu.txt cpu.txt | awk '
    NF != 6 { bad = 1; next }
    { for (c = 2; c <= 3; c++) { d = $c - $(c + 3); if (d < 0) d = -d; if (d > m[c]) m[c] = d
                                 a = $(c + 3) < 0 ? -$(c + 3) : $(c + 3); if (a > s[c]) s[c] = a } ; k++ }
    END { printf "%d rows, Vm differs by %.3g, Iion by %.3g\n", k, m[2], m[3]
          exit !(k > 10 && !bad && m[2] <= 1e-7 * s[2] && m[3] <= 1e-7 * s[3]) }'
check "GPU and CPU agree to round-off" $?
[ $fails = 0 ] || tail -n 5 gpu.log cpu.log
echo "$n checks, $fails failed"
[ $fails = 0 ] && [ $n -gt 0 ] # a test that checked nothing has not passed

#!/bin/sh
# gpu_host_text.sh IN.cu OUT.c: a generated CUDA source made host C for test_gpu_text (with
# gpu_host_shim.h): the CUDA include becomes the shim, `extern "C"` goes, each launch
# `k<<<gen_blocks, GEN_BLOCK, SHMEM, gen_s>>>(*gen_a);` becomes SC_HOST_LAUNCH(k, gen_blocks, gen_s, *gen_a);
# and the dynamic shared memory of the implicit groups' matrices (GEN_JSHARED) a static array of
# a block's slices (the host runs a block's threads one after the other, each on its own slice)
set -e
sed -e 's|#include <cuda_runtime.h>|#include "gpu_host_shim.h"|' -e 's|^extern "C" ||' \
    -e 's|^extern __shared__ gen_real gen_jsh\[\];|static gen_real gen_jsh[GEN_JSH * GEN_BLOCK];|' \
    -e 's/\([A-Za-z0-9_]*\)<<<gen_blocks, GEN_BLOCK, [A-Z_0]*, gen_s>>>(\*gen_a);/SC_HOST_LAUNCH(\1, gen_blocks, gen_s, *gen_a);/' \
    "$1" >"$2.tmp"
grep -q '<<<' "$2.tmp" && { echo "gpu_host_text.sh: a launch of $1 was not rewritten" >&2; exit 1; }
grep -q '__shared__' "$2.tmp" && { echo "gpu_host_text.sh: the shared memory of $1 was not rewritten" >&2; exit 1; }
mv "$2.tmp" "$2"

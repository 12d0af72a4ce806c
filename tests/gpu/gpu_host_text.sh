#!/bin/sh
# gpu_host_text.sh IN.cu OUT.c: a generated CUDA source made host C for test_gpu_text (with
# gpu_host_shim.h): the CUDA include becomes the shim, `extern "C"` goes, and each launch
# `k<<<gen_blocks, GEN_BLOCK, 0, gen_s>>>(*gen_a);` becomes SC_HOST_LAUNCH(k, gen_blocks, gen_s, *gen_a);
set -e
sed -e 's|#include <cuda_runtime.h>|#include "gpu_host_shim.h"|' -e 's|^extern "C" ||' \
    -e 's/\([A-Za-z0-9_]*\)<<<gen_blocks, GEN_BLOCK, 0, gen_s>>>(\*gen_a);/SC_HOST_LAUNCH(\1, gen_blocks, gen_s, *gen_a);/' \
    "$1" >"$2.tmp"
grep -q '<<<' "$2.tmp" && { echo "gpu_host_text.sh: a launch of $1 was not rewritten" >&2; exit 1; }
mv "$2.tmp" "$2"

#!/usr/bin/env bash
# bmcost.sh BUILD OUTFILE MODEL CELLS MS [REPS]: build lab/gpu/bmcost.c against BUILD's
# libstarcarp and run it (the cost of the biomarkers: plain and measured runs of the same array,
# alternately). StarPU's workers from the environment (STARPU_NCPU, STARPU_NCUDA).
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$(cd "$1" && pwd); out=$2; shift 2
cc -O2 -w -std=c11 -D_GNU_SOURCE "$top/lab/gpu/bmcost.c" -o "$build/bmcost" -I"$top/include/starcarp" \
    $(pkg-config --cflags starpu-1.4) -L"$build/lib" -Wl,-rpath,"$build/lib" -Wl,-rpath,"$(pkg-config --variable=libdir starpu-1.4)" -lstarcarp \
    $(pkg-config --libs starpu-1.4) -lm
{ echo "# $(date -u +%F' '%T) UTC on $(hostname): bmcost $*"; nvidia-smi -L 2>/dev/null || true
  "$build/bmcost" "$@"; } 2>&1 | tee -a "$out"

#!/usr/bin/env bash
# gpu-issue11-pack.sh WORKTREE [BASE_CODEGEN]: run here, in the checkout that the device tool
# ships (it carries .carry/), before the device runs of the performance issue:
#   - scripts/gpu-pack.sh (StarPU into .carry/starpu);
#   - the tracked files of WORKTREE (a git worktree, e.g. the issue's branch) with its uncommitted
#     changes into .carry/src, its commit into .carry/src/.carry/COMMIT;
#   - the CUDA sources of TT06-FE and Aliev-Panfilov as BASE_CODEGEN (a starcarp-codegen built
#     before the change; default build/bin/starcarp-codegen of this checkout) writes them, into
#     .carry/src/.base/{tt06fe,ap}/ (the "base" rows of scripts/gpu-kernels.sh).
# Then, with carry [".carry"], e.g. (two calls, each well under 10 minutes):
#   cd .carry/src && SC_STARPU_PREFIX=$PWD/../starpu STAGES="build issue11" SC_I11_PARTS="kernels split" \
#     SC_KERN_BASE=$PWD/.base SC_CMAKE_ARGS="-DSTARCARP_MODELS=AlievPanfilov;ohara_rudy_2011_endo;ten_tusscher_model_2006_epi" \
#     bash scripts/gpu-run.sh
#   cd .carry/src && SC_STARPU_PREFIX=$PWD/../starpu STAGES="build issue11" SC_I11_PARTS=check bash scripts/gpu-run.sh
set -euo pipefail
wt=${1:?give the worktree of the change}
top=$(cd "$(dirname "$0")/.." && pwd)
base=${2:-$top/build/bin/starcarp-codegen}
bash "$top/scripts/gpu-pack.sh"
src="$top/.carry/src"
rm -rf "$src"; mkdir -p "$src/.carry"
git -C "$wt" ls-files -z | (cd "$wt" && xargs -0 cp --parents -t "$src")
git -C "$wt" rev-parse HEAD >"$src/.carry/COMMIT"
git -C "$wt" diff --quiet || echo "+ uncommitted changes" >>"$src/.carry/COMMIT"
mkdir -p "$src/.base/tt06fe" "$src/.base/ap"
sed 's/\.method(cvode)/.method(fe)/g' "$wt/models/cellml/ten_tusscher_model_2006_epi.model" >"$src/.base/tt06fe.model"
"$base" "$src/.base/tt06fe.model" --target cuda --precision both -o "$src/.base/tt06fe" -q
"$base" "$wt/models/native/AlievPanfilov.model" --target cuda --precision both -o "$src/.base/ap" -q
rm -f "$src/.base/"*/*_c.c
du -sh "$top/.carry"

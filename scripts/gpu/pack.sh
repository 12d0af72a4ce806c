#!/usr/bin/env bash
# pack.sh: gather what must travel to the GPU machine into .carry/ (ignored by git, <= 64 MiB).
#
# The GPU machine has CUDA 13, a driver, cmake and a compiler but no package registry. It gets:
#   .carry/starpu   the StarPU prefix built here by install-deps.sh, made relocatable (pkg-config
#                   files use ${pcfiledir}), plus hwloc's headers (StarPU's headers include them) and a
#                   fallback copy of libhwloc (used only if the machine lacks one).
# Then call the device tool with carry [".carry"] and the command `bash scripts/gpu/run.sh`.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)   # the repository root (this file is scripts/gpu/)
src=${STARPU_DIR:-$top/.deps/starpu}
dst="$top/.carry/starpu"
[ -f "$src/lib/pkgconfig/starpu-1.4.pc" ] || { echo "gpu-pack: no StarPU in $src: run 'make deps' first" >&2; exit 1; }
rm -rf "$top/.carry"; mkdir -p "$dst"
cp -a "$src/." "$dst/"
rm -rf "$dst/share/doc" "$dst/lib/"*.la
# relocatable pkg-config files; hwloc comes from the carried headers instead of a hwloc.pc there
for pc in "$dst"/lib/pkgconfig/*.pc; do
    sed -i -e 's|^prefix=.*|prefix=${pcfiledir}/../..|' -e '/^Requires: *hwloc/d' \
        -e 's|^Cflags: \(.*\)|Cflags: \1 -I${prefix}/include/hwloc-carried|' "$pc"
done
mkdir -p "$dst/include/hwloc-carried" "$dst/lib/fallback"
cp -a /usr/include/hwloc.h /usr/include/hwloc "$dst/include/hwloc-carried/"
cp -aL /usr/lib/x86_64-linux-gnu/libhwloc.so.15 "$dst/lib/fallback/"
git -C "$top" rev-parse HEAD >"$top/.carry/COMMIT" 2>/dev/null || true
size=$(du -sm "$top/.carry" | cut -f1)
echo "gpu-pack: .carry is ${size} MiB (limit 64)"
[ "$size" -le 60 ] || { echo "gpu-pack: .carry too large" >&2; exit 1; }
grep -q '^/.carry/' "$top/.gitignore" || echo "gpu-pack: warning: .carry/ is not in .gitignore" >&2

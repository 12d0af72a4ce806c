#!/usr/bin/env bash
# pack.sh: gather what must travel to the GPU machine into .carry/ (ignored by git, <= 64 MiB).
#
# The GPU machine has CUDA 13, a driver, cmake and a compiler but no package registry. It gets:
#   .carry/starpu   the StarPU prefix built here by install-deps.sh, made relocatable (pkg-config
#                   files use ${pcfiledir}), plus hwloc's headers (StarPU's headers include them) and a
#                   fallback copy of libhwloc (used only if the machine lacks one).
#   .carry/fxt      with STARPU_FXT_DIR (default .deps/starpu-fxt, when present: built by
#                   `STARCARP_STARPU_FXT=1 bash scripts/install-deps.sh`), the same for StarPU with
#                   FxT traces, plus Debian's libfxt.so.2, for lab/gpu/trace.sh.
# Then call the device tool with carry [".carry"] and the command `bash lab/gpu/run.sh`.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)   # the repository root (this file is lab/gpu/)
src=${STARPU_DIR:-$top/.deps/starpu}
dst="$top/.carry/starpu"
[ -f "$src/lib/pkgconfig/starpu-1.4.pc" ] || { echo "gpu-pack: no StarPU in $src: run 'make deps' first" >&2; exit 1; }
# pack_prefix SRC DST: the StarPU prefix SRC made relocatable into DST (with hwloc's headers and a
# fallback libhwloc)
pack_prefix() {
    mkdir -p "$2"
    cp -a "$1/." "$2/"
    rm -rf "$2/share/doc" "$2/lib/"*.la
    # relocatable pkg-config files; hwloc comes from the carried headers instead of a hwloc.pc there
    for pc in "$2"/lib/pkgconfig/*.pc; do
        sed -i -e 's|^prefix=.*|prefix=${pcfiledir}/../..|' -e '/^Requires: *hwloc/d' \
            -e 's|^Cflags: \(.*\)|Cflags: \1 -I${prefix}/include/hwloc-carried|' "$pc"
    done
    mkdir -p "$2/include/hwloc-carried" "$2/lib/fallback"
    cp -a /usr/include/hwloc.h /usr/include/hwloc "$2/include/hwloc-carried/"
    cp -aL /usr/lib/x86_64-linux-gnu/libhwloc.so.15 "$2/lib/fallback/"
}
rm -rf "$top/.carry"
pack_prefix "$src" "$dst"
fxt=${STARPU_FXT_DIR:-$top/.deps/starpu-fxt}
if [ -f "$fxt/lib/pkgconfig/starpu-1.4.pc" ]; then
    pack_prefix "$fxt" "$top/.carry/fxt"
    cp -aL /usr/lib/x86_64-linux-gnu/libfxt.so.2 "$top/.carry/fxt/lib/fallback/"
    echo "gpu-pack: StarPU with FxT from $fxt in .carry/fxt"
fi
git -C "$top" rev-parse HEAD >"$top/.carry/COMMIT" 2>/dev/null || true
size=$(du -sm "$top/.carry" | cut -f1)
echo "gpu-pack: .carry is ${size} MiB (limit 64)"
[ "$size" -le 60 ] || { echo "gpu-pack: .carry too large" >&2; exit 1; }
grep -q '^/.carry/' "$top/.gitignore" || echo "gpu-pack: warning: .carry/ is not in .gitignore" >&2

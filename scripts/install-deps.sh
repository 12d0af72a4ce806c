#!/usr/bin/env bash
# install-deps.sh: install what starcarp needs on a Debian 12 machine, idempotently.
#
#  1. Debian packages for the build (compilers, cmake, pkg-config, hwloc, Open MPI, dpkg-dev, METIS,
#     hipcc and libamdhip64-dev, clang for the fuzzer, clang-format for scripts/format-check.sh).
#  2. StarPU 1.4 built from Debian's (sid) source package into .deps/starpu, with CUDA when nvcc
#     exists, with HIP when hipcc exists and nvcc does not; StarPU-MPI included; GPU peer copies on.
#
# A user who already has StarPU >= 1.4 skips step 2 by setting STARPU_DIR=/prefix or by having
# `pkg-config starpu-1.4` succeed (unless STARCARP_BUILD_STARPU=1).
# STARCARP_STARPU_FXT=1 builds a second StarPU, with FxT traces (Debian's libfxt-dev), into
# .deps/starpu-fxt, for lab/gpu/trace.sh (StarPU's traces: docs/performance.md).
# Re-running does nothing that is already done (stamps under .deps/). Exit status non-zero, with a
# message naming the package, when something cannot be had.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
deps="$top/.deps"
prefix="$deps/starpu"
fxt=${STARCARP_STARPU_FXT:-0}
[ "$fxt" = 1 ] && prefix="$deps/starpu-fxt"
mkdir -p "$deps"

say()  { printf 'install-deps: %s\n' "$*"; }
die()  { printf 'install-deps: error: %s\n' "$*" >&2; exit 1; }

as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@";
    else die "need root (or sudo) to run: $*"; fi
}

# apt_get ARGS...: apt-get ARGS as root, one at a time among installs running side by side (two
# `make test` of two clones: flock on a shared lock file), waiting for another apt's dpkg lock
# (DPkg::Lock::Timeout), and tried again a few times while another apt holds the package lists
apt_get() {
    local try
    for try in 1 2 3 4 5 6; do
        as_root flock /tmp/starcarp-apt.lock apt-get -o DPkg::Lock::Timeout=300 "$@" && return 0
        [ $try = 6 ] || sleep 10
    done
    return 1
}

# ---------------------------------------------------------------- Debian packages
pkgs=(build-essential cmake pkg-config libhwloc-dev libopenmpi-dev openmpi-bin dpkg-dev
      clang libclang-rt-14-dev clang-format hipcc libamdhip64-dev zlib1g-dev libmetis-dev)
[ "$fxt" = 1 ] && pkgs+=(libfxt-dev)
missing=()
for p in "${pkgs[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
apt_updated=0
if [ ${#missing[@]} -gt 0 ]; then
    say "installing Debian packages: ${missing[*]}"
    apt_get update -qq || die "apt-get update failed (no package registry reachable?)"
    apt_updated=1
    for p in "${missing[@]}"; do
        if ! apt-cache show "$p" >/dev/null 2>&1; then
            die "package '$p' cannot be had from this machine's package sources"
        fi
    done
    DEBIAN_FRONTEND=noninteractive apt_get install -y -qq --no-install-recommends "${missing[@]}" \
        >"$deps/apt.log" 2>&1 || { tail -20 "$deps/apt.log" >&2; die "apt-get install failed (log: $deps/apt.log)"; }
else
    say "Debian packages: all present"
fi

# ---------------------------------------------------------------- StarPU
if [ -n "${STARPU_DIR:-}" ] && [ "$fxt" != 1 ]; then
    [ -f "$STARPU_DIR/lib/pkgconfig/starpu-1.4.pc" ] || die "STARPU_DIR=$STARPU_DIR has no lib/pkgconfig/starpu-1.4.pc"
    say "StarPU: using STARPU_DIR=$STARPU_DIR"; exit 0
fi
if [ "${STARCARP_BUILD_STARPU:-0}" != 1 ] && [ "$fxt" != 1 ] && [ ! -d "$prefix" ] && pkg-config --atleast-version=1.4 starpu-1.4 2>/dev/null; then
    say "StarPU: using the system's $(pkg-config --modversion starpu-1.4) (pkg-config starpu-1.4)"; exit 0
fi

if command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ]; then
    accel=cuda
    cuda_dir=$(dirname "$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")")
    accel_flags=(--enable-cuda "--with-cuda-dir=$cuda_dir" --enable-maxcudadev=8)
elif command -v hipcc >/dev/null 2>&1; then
    accel=hip; accel_flags=(--enable-hip --disable-cuda)
else
    accel=none; accel_flags=(--disable-cuda)
fi
flags=(--prefix="$prefix" "${accel_flags[@]}" --enable-maxcpus=256 --disable-static
       --disable-opencl --disable-fortran --disable-build-doc --disable-build-tests
       --disable-build-examples --disable-starpufft --disable-socl --disable-starpupy --enable-mpi)
[ "$fxt" = 1 ] && flags+=(--with-fxt)
stamp="$prefix/.starcarp-stamp"
want="accel=$accel flags=${flags[*]}"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    say "StarPU: already built in $prefix ($accel)"; exit 0
fi

src="$deps/src"
mkdir -p "$src"
srcdir=$(find "$src" -maxdepth 1 -type d -name 'starpu-1.4*' | sort | tail -1)
if [ -z "$srcdir" ]; then
    list=/etc/apt/sources.list.d/starcarp-sid-src.sources
    if [ ! -f "$list" ]; then
        say "adding a deb-src entry for Debian sid (StarPU 1.4 source): $list"
        printf 'Types: deb-src\nURIs: http://deb.debian.org/debian\nSuites: sid\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
            | as_root tee "$list" >/dev/null
        apt_updated=0
    fi
    [ $apt_updated = 1 ] || apt_get update -qq || die "apt-get update failed"
    say "fetching StarPU's Debian source package"
    (cd "$src" && apt-get source -qq --download-only starpu >"$deps/source.log" 2>&1) \
        || { tail -5 "$deps/source.log" >&2; die "apt-get source starpu failed: the source package 'starpu' cannot be had"; }
    dsc=$(ls "$src"/starpu_1.4*.dsc 2>/dev/null | sort | tail -1)
    [ -n "$dsc" ] || die "the source package found is not StarPU 1.4 (got: $(ls "$src"))"
    (cd "$src" && dpkg-source -x --no-check "$(basename "$dsc")" >>"$deps/source.log" 2>&1) || die "dpkg-source -x failed"
    srcdir=$(find "$src" -maxdepth 1 -type d -name 'starpu-1.4*' | sort | tail -1)
fi
say "StarPU source: $srcdir"

# CUDA 13 removed cudaDeviceProp::computeMode: read the attribute instead (keeps peer copies on).
drv="$srcdir/src/drivers/cuda/driver_cuda.c"
if grep -q 'props\[devid\]\.computeMode' "$drv"; then
    say "patching $drv for CUDA 13 (computeMode attribute)"
    python3 - "$drv" <<'PY'
import re, sys
p = sys.argv[1]; s = open(p).read()
# props[devid].computeMode is only read inside an expression; replace each read by a helper call.
helper = ('\n/* starcarp: CUDA 13 removed cudaDeviceProp::computeMode; ask the device attribute instead. */\n'
          'static int starcarp_compute_mode(int dev)\n{\n\tint v = 0;\n'
          '\tif (cudaDeviceGetAttribute(&v, cudaDevAttrComputeMode, dev) != cudaSuccess) v = 0;\n\treturn v;\n}\n')
s = s.replace('props[devid].computeMode', 'starcarp_compute_mode(devid)')
# define the helper right before the driver's CUDA code starts
pos = s.index('#ifdef STARPU_USE_CUDA\n')
s = s[:pos] + '#ifdef STARPU_USE_CUDA' + helper + '#endif\n\n' + s[pos:]
open(p, 'w').write(s)
PY
fi

build="$deps/starpu-build"; [ "$fxt" = 1 ] && build="$deps/starpu-build-fxt"
rm -rf "$build"; mkdir -p "$build"
say "configuring StarPU ($accel): log in $deps/starpu-configure.log"
(cd "$build" && CFLAGS="-O2 -g0" CXXFLAGS="-O2 -g0" "$srcdir/configure" "${flags[@]}" >"$deps/starpu-configure.log" 2>&1) \
    || { tail -30 "$deps/starpu-configure.log" >&2; die "StarPU configure failed"; }
grep -Eq 'CUDA[[:space:]]+enabled:[[:space:]]*yes' "$deps/starpu-configure.log" || [ "$accel" != cuda ] || \
    { grep -i -A2 'cuda enabled' "$deps/starpu-configure.log" >&2 || true; die "StarPU configure did not enable CUDA"; }
say "building StarPU: log in $deps/starpu-build.log"
(cd "$build" && make -j"$(nproc)" >"$deps/starpu-build.log" 2>&1 && make install >>"$deps/starpu-build.log" 2>&1) \
    || { grep -m5 -B2 -A3 'error' "$deps/starpu-build.log" >&2 || tail -30 "$deps/starpu-build.log" >&2; die "StarPU build failed"; }
rm -rf "$prefix/share/doc" "$build"
echo "$want" >"$stamp"
say "StarPU $(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --modversion starpu-1.4) installed in $prefix ($accel)"

# env.sh NAME (sourced, from the repository root, by the GPU machine's scripts): the carried StarPU
# ($SC_STARPU_PREFIX, or .carry/starpu made by lab/gpu/pack.sh) as $starpu, on the library
# and pkg-config paths, CUDA's tools first on PATH, StarPU's home in build-gpu/ and StarPU quiet.
# Without the carried StarPU: a message naming NAME, and the sourcing script exits 1.
starpu=${SC_STARPU_PREFIX:-$PWD/.carry/starpu}
[ -f "$starpu/lib/pkgconfig/starpu-1.4.pc" ] || {
    echo "${1:-gpu}: no .carry/starpu: run lab/gpu/pack.sh here and carry .carry (or set SC_STARPU_PREFIX)" >&2
    exit 1
}
export PATH=/usr/local/cuda/bin:$PATH
export LD_LIBRARY_PATH="$starpu/lib:${LD_LIBRARY_PATH:-}:$starpu/lib/fallback"
export PKG_CONFIG_PATH="$starpu/lib/pkgconfig" STARPU_HOME="$PWD/build-gpu/starpu-home" STARPU_SILENT=1

# gpu_build MODELS LOG: build-gpu/ configured against the carried StarPU (CUDA for sm_90, no HIP,
# Release, the library models MODELS only) and built on every core (CMAKE_BUILD_PARALLEL_LEVEL: on
# that many); cmake's output into LOG, its exit status returned.
gpu_build() {
    cmake -S . -B build-gpu -DSTARPU_DIR="$starpu" -DSTARCARP_CUDA_ARCHS=90 -DSTARCARP_USE_HIP=OFF \
        -DSTARCARP_MODELS="$1" -DCMAKE_BUILD_TYPE=Release >"$2" 2>&1 &&
        cmake --build build-gpu -j "${CMAKE_BUILD_PARALLEL_LEVEL:-$(nproc)}" >>"$2" 2>&1
}

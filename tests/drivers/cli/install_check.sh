#!/usr/bin/env bash
# install_check.sh BUILD_DIR: the installed package stands on its own. Installs the project into a
# scratch prefix, then:
#   1. the installed files name neither the source tree nor the build tree (the pkg-config and CMake
#      files as text; the libraries' and commands' runpaths), and StarPU's headers and libraries
#      are there too when the build installs them beside starcarp (STARCARP_BUNDLE_STARPU);
#   2. the prefix is copied elsewhere and the first one removed: the example applications
#      (examples/*.c: a codelet of the application's own, a population, the tissue API, starcarp's
#      step tasks inserted on the application's own handles between its own tasks) build
#      against the copy by the README's two routes, pkg-config with only the copy on
#      PKG_CONFIG_PATH (`cc -std=c11 ... $(pkg-config --cflags --libs starcarp)`) and CMake's
#      find_package with only the copy on CMAKE_PREFIX_PATH, strict C11 with every warning an
#      error, and run with no LD_LIBRARY_PATH, loading starcarp (and a bundled StarPU) from the copy;
#   3. a GNU C program (-std=gnu11: MAP_ANONYMOUS, usleep) builds with the same flags: the package
#      forces no feature macro on its users;
#   4. the installed command runs from the copy and finds its models there;
#   5. it builds a user's model file (a plugin) with the headers of the copy.
set -uo pipefail   # (not -e: each step is a check that counts)
build=$(cd "$1" && pwd); src=$(cd "$(dirname "$0")/../../.." && pwd)
prefix="$build/test-install"; copy="$build/test-install-moved"; work="$build/test-example"
rm -rf "$prefix" "$copy" "$work"; mkdir -p "$work"
cmake --install "$build" --prefix "$prefix" >/dev/null || { echo "FAIL: cmake --install"; exit 1; }
fails=0 n=0
check() { n=$((n + 1)); if [ "$2" = 0 ]; then echo "ok: $1"; else echo "FAIL: $1"; fails=$((fails + 1)); fi; }
for f in include/starcarp/starcarp.h include/starcarp/sc_tissue.h lib/pkgconfig/starcarp.pc \
         lib/cmake/starcarp/starcarpConfig.cmake share/starcarp/models/cellml/ten_tusscher_model_2006_epi.model; do
    test -f "$prefix/$f"; check "installed: $f" $?
done
test -x "$prefix/bin/starcarp"; check "installed: bin/starcarp" $?
bundled=$(sed -n 's/^STARCARP_BUNDLE_STARPU:BOOL=//p' "$build/CMakeCache.txt")
if [ "$bundled" = ON ]; then
    test -f "$prefix/include/starpu/1.4/starpu.h" && ls "$prefix"/lib/libstarpu-1.4.so* >/dev/null 2>&1
    check "StarPU installed beside starcarp (headers, library)" $?
fi
# 1. nothing names the clone: the text files of the package, the runpaths of its ELF files
bad=$(grep -rlF -e "$src" -e "$build" "$prefix/lib/pkgconfig" "$prefix/lib/cmake" 2>/dev/null || true)
[ -z "$bad" ]; check "the pkg-config and CMake files name neither the source nor the build tree${bad:+: $bad}" $?
rp=$(for f in "$prefix"/bin/* "$prefix"/lib/*.so*; do [ -f "$f" ] && readelf -d "$f" 2>/dev/null |
     grep -E 'RUNPATH|RPATH' | sed "s|^|${f#$prefix/}: |"; done)
! echo "$rp" | grep -qF -e "$src" -e "$build"
check "no runpath names the source or the build tree" $?
# 2. the package moved: the examples against the copy alone
cp -a "$prefix" "$copy" && rm -rf "$prefix"
export PKG_CONFIG_PATH="$copy/lib/pkgconfig"   # the README's route: starcarp's prefix alone
unset LD_LIBRARY_PATH
for app in vm_app population_app tissue_app step_app; do
    cc -std=c11 -Wall -Wextra -Werror "$src/examples/$app.c" $(pkg-config --cflags --libs starcarp) -lm \
       -o "$work/${app}_pc" && STARPU_SILENT=1 "$work/${app}_pc" >"$work/$app.out" 2>&1
    check "pkg-config: $app builds and runs (the prefix moved)" $?
done
# the libraries the example loads, their paths resolved
ldd "$work/vm_app_pc" | awk '/libstarcarp|libstarpu-1/ { print $3 }' | xargs -r realpath >"$work/ldd.txt"
grep -q "^$(realpath "$copy")/lib/libstarcarp" "$work/ldd.txt"; check "libstarcarp loaded from the moved prefix" $?
if [ "$bundled" = ON ]; then
    grep -q "^$(realpath "$copy")/lib/libstarpu-1" "$work/ldd.txt"; check "StarPU loaded from the moved prefix" $?
fi
cmake -S "$src/examples" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$copy" >"$work/cmake.log" 2>&1 &&
    cmake --build "$work/cmake" >>"$work/cmake.log" 2>&1
check "CMake: find_package(starcarp) and the examples build against the moved prefix" $?
for app in vm_app population_app tissue_app step_app; do
    STARPU_SILENT=1 "$work/cmake/$app" >"$work/$app.cmake.out" 2>&1; check "CMake: $app runs" $?
done
# 3. ordinary GNU C code with the package's flags: no feature macro forced on it
cat >"$work/gnu.c" <<'C'
#include <sys/mman.h>
#include <unistd.h>
#include <starcarp/starcarp.h>
int main(void) {
    void *p = mmap(0, 4096, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    usleep(1);
    return p == MAP_FAILED || !starcarp_version();
}
C
cc -std=gnu11 -Wall -Wextra -Werror "$work/gnu.c" $(pkg-config --cflags --libs starcarp) -o "$work/gnu" &&
    "$work/gnu"
check "a GNU C program (MAP_ANONYMOUS, usleep) builds with the package's flags and runs" $?
# 4. the moved command finds its own models
"$copy/bin/starcarp" models info ten_tusscher_model_2006_epi >"$work/info.txt" 2>&1 &&
    grep -qF "$copy/share/starcarp/models" "$work/info.txt"
check "the moved command finds its models in the moved prefix" $?
# 5. the moved command builds a user's model file with the moved prefix's headers (a plugin)
{ cat "$copy/share/starcarp/models/native/AlievPanfilov.model"; echo "# a user's copy: not the library's text"; } \
    >"$work/user_ap.model"
STARCARP_CACHE="$work/cache" STARPU_SILENT=1 "$copy/bin/starcarp" bench --imp "$work/user_ap.model" --duration 1 \
    --num 4 --methods file --fout "$work/user_ap" >"$work/user_ap.log" 2>&1 &&
    grep -q "building the host kernels of .*(headers: $copy/include/starcarp)" "$work/user_ap.log"
check "the moved command builds a user's model with the moved prefix's headers" $?
echo "$n checks, $fails failed"
[ $fails = 0 ] && [ $n -gt 0 ]

#!/usr/bin/env bash
# install_check.sh BUILD_DIR: install the project into a scratch prefix, then build the example
# applications (examples/*.c: a codelet of the application's own, a population, the tissue API)
# against the *installed* package by the README's two routes, exactly: pkg-config with only
# starcarp's prefix on PKG_CONFIG_PATH (`cc -std=c11 ... $(pkg-config --cflags --libs starcarp)`),
# and CMake's find_package with only that prefix on CMAKE_PREFIX_PATH; strict C11 with every
# warning an error, and each program run with no LD_LIBRARY_PATH (rpaths to starcarp and StarPU).
set -euo pipefail
build=$1; src=$(cd "$(dirname "$0")/../.." && pwd)
prefix="$build/test-install"; work="$build/test-example"
rm -rf "$prefix" "$work"; mkdir -p "$work"
cmake --install "$build" --prefix "$prefix" >/dev/null
test -f "$prefix/include/starcarp.h" && test -f "$prefix/include/sc_tissue.h"
test -f "$prefix/lib/pkgconfig/starcarp.pc" && test -f "$prefix/lib/cmake/starcarp/starcarpConfig.cmake"
test -x "$prefix/bin/starcarp" && test -f "$prefix/share/starcarp/models/cellml/ten_tusscher_model_2006_epi.model"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"   # the README's route: starcarp's prefix alone
unset LD_LIBRARY_PATH
# 1. pkg-config
for app in vm_app population_app tissue_app; do
    cc -std=c11 -Wall -Wextra -Werror "$src/examples/$app.c" $(pkg-config --cflags --libs starcarp) -lm \
       -o "$work/${app}_pc"
    STARPU_SILENT=1 "$work/${app}_pc"
done
# 2. CMake package
cmake -S "$src/examples" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" >/dev/null
cmake --build "$work/cmake" >/dev/null
for app in vm_app population_app tissue_app; do
    STARPU_SILENT=1 "$work/cmake/$app"
done
echo "install_check: OK"

#!/usr/bin/env bash
# install_check.sh BUILD_DIR: install the project into a scratch prefix, then build the example
# application against the *installed* package twice (pkg-config, and CMake's find_package) and run it.
set -euo pipefail
build=$1; src=$(cd "$(dirname "$0")/../.." && pwd)
prefix="$build/test-install"; work="$build/test-example"
rm -rf "$prefix" "$work"; mkdir -p "$work"
cmake --install "$build" --prefix "$prefix" >/dev/null
test -f "$prefix/include/starcarp.h" && test -f "$prefix/lib/pkgconfig/starcarp.pc"
test -f "$prefix/lib/cmake/starcarp/starcarpConfig.cmake" && test -x "$prefix/bin/starcarp"
test -f "$prefix/share/starcarp/models/cellml/ten_tusscher_model_2006_epi.model"
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig:${PKG_CONFIG_PATH:-}"   # StarPU's own .pc comes from the caller
# 1. pkg-config
cc -std=c11 -D_XOPEN_SOURCE=700 -Wall -Wextra -Wno-deprecated-declarations "$src/examples/vm_app.c" \
   $(pkg-config --cflags --libs starcarp) -Wl,-rpath,"$(pkg-config --variable=libdir starpu-1.4)" -o "$work/vm_app_pc"
STARPU_SILENT=1 "$work/vm_app_pc"
cc -std=c11 -D_XOPEN_SOURCE=700 -Wall -Wextra -Wno-deprecated-declarations "$src/examples/population_app.c" \
   $(pkg-config --cflags --libs starcarp) -lm -Wl,-rpath,"$(pkg-config --variable=libdir starpu-1.4)" -o "$work/pop_app_pc"
STARPU_SILENT=1 "$work/pop_app_pc"
# 2. CMake package
cmake -S "$src/examples" -B "$work/cmake" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_FLAGS="-D_XOPEN_SOURCE=700" >/dev/null
cmake --build "$work/cmake" >/dev/null
STARPU_SILENT=1 "$work/cmake/vm_app"
STARPU_SILENT=1 "$work/cmake/population_app"
echo "install_check: OK"

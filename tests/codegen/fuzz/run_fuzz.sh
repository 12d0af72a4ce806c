#!/bin/sh
# run_fuzz.sh: build the EasyML front-end fuzzer (codegen/fuzz_frontend.c + codegen/*.c) with clang
# and libFuzzer, then run it for a bounded time on a copy of models/ and tests/codegen/bad/ as seed corpus.
#
# usage: run_fuzz.sh CLANG SOURCE_DIR WORK_DIR SECONDS
#   SECONDS = 0 only builds WORK_DIR/fuzz_frontend.
#   SC_FUZZ_SOURCES (environment, optional) replaces the list of C sources (default codegen/*.c and
#   the embedded preludes); CMAKE (environment, optional): the cmake that embeds them.
# Exit status: 0 no crash, 77 clang cannot build libFuzzer programs (test skipped), else failure;
# a crashing input is left in WORK_DIR as crash-* (reproduce: WORK_DIR/fuzz_frontend crash-...).
set -eu
clang=$1
src=$2
work=$3
secs=$4

mkdir -p "$work/seed" "$work/corpus"
printf '#include <stdint.h>\n#include <stddef.h>\nint LLVMFuzzerTestOneInput(const uint8_t *d, size_t n) { (void)d; (void)n; return 0; }\n' \
    > "$work/probe.c"
# three tries: under a loaded parallel ctest the probe failed once (2026-11-27, a fresh clone's
# make test; alone it builds in half a second), and a skip must mean that clang cannot do it
ok=0
for try in 1 2 3; do
    if "$clang" -fsanitize=fuzzer,address,undefined "$work/probe.c" -o "$work/probe" >"$work/probe.log" 2>&1; then
        ok=1
        break
    fi
    sleep 2
done
if [ $ok = 0 ]; then
    echo "skipped: $clang cannot build -fsanitize=fuzzer programs (3 tries); its last words:"
    head -20 "$work/probe.log"
    exit 77
fi

# the prelude headers as C strings, as the build embeds them (codegen/embed.cmake)
headers=$(ls "$src"/codegen/prelude/*.h | tr '\n' ';')
"${CMAKE:-cmake}" -DOUT="$work/prelude.c" "-DHEADERS=$headers" -P "$src/codegen/embed.cmake"
sources=${SC_FUZZ_SOURCES:-$(ls "$src"/codegen/*.c | grep -v "/main_") $work/prelude.c}
# shellcheck disable=SC2086
"$clang" -std=c11 -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -I"$src/codegen" -I"$src/include/starcarp" $sources -lm -o "$work/fuzz_frontend"
[ "$secs" -gt 0 ] || exit 0

for f in "$src"/models/*/*.model "$src"/tests/codegen/bad/*.model; do
    [ -f "$f" ] || continue
    cp "$f" "$work/seed/$(basename "$(dirname "$f")")_$(basename "$f")"
done
# keywords and punctuators of EasyML, so that mutations reach the grammar rather than the lexer
: > "$work/easyml.dict"
for w in if elif else group and or not sv t dt exp pow atan2 min foo external nodal param method \
         lookup lb ub trace units regional flag store cvode rk4 -\> += -= '*=' /= '<=' '>=' == != \
         '&&' '||' '^' '?' : '.' '{' '}' '(' ')' ';' , '/*' '*/' // '#' 1e-3 .5 2.5E+2; do
    printf '"%s"\n' "$w" >> "$work/easyml.dict"
done
# -error_exitcode=1: libFuzzer's own default for a crash is 77, which ctest would show as skipped
exec "$work/fuzz_frontend" -max_total_time="$secs" -timeout=5 -rss_limit_mb=2048 -error_exitcode=1 \
    -dict="$work/easyml.dict" -artifact_prefix="$work/" -print_final_stats=1 "$work/corpus" "$work/seed"

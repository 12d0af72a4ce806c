#!/usr/bin/env bash
# first-run.sh [STARCARP] [NAME...]: how long a modeller's first `starcarp bench --imp FILE
# --duration 1` takes (docs/methods.md, "A user's file: time to first run"). For each case NAME of
# tests/reference/cases.csv (default: clancy_rudy_2002 faber_rudy_2000 ohara_rudy_2011_endo
# iyer_2004) its model file is copied twice into a scratch folder: with a comment appended (a
# user's file: no library text matches, so the methods are chosen and the plugin built) and as it
# is (the library's text: the library's kernels and recorded choice). Each copy runs from an empty
# STARCARP_CACHE, then the user's copy again (cached). Prints per model the wall and CPU seconds
# (user + sys of bench and its compilers) and what the run said of its methods. A benchmark, not a
# test: the figures depend on the machine and its load (printed with them).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
sc=${1:-$top/build/bin/starcarp}; [ $# -gt 0 ] && shift
[ -x "$sc" ] || { echo "first-run.sh: $sc is not executable" >&2; exit 2; }
names=("$@"); [ ${#names[@]} -gt 0 ] || names=(clancy_rudy_2002 faber_rudy_2000 ohara_rudy_2011_endo iyer_2004)
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
echo "# first runs, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), budget ${STARCARP_CHOOSE_BUDGET:-default}"
printf '| %s | %s | %s | %s | %s |\n' model "user's file, empty cache: wall s (CPU s)" "cached: wall s" "library text, empty cache: wall s" "methods"
echo '|---|---:|---:|---:|---|'
# run TAG FILE CACHE: wall and CPU seconds of one bench, its stderr kept in $tmp/TAG.err
run() {
    local t0 t1
    t0=$(date +%s.%N)
    STARCARP_CACHE=$3 /usr/bin/time -f '%U %S' -o "$tmp/$1.time" "$sc" bench --imp "$2" --duration 1 --no-trace \
        --fout "$tmp/$1" > /dev/null 2> "$tmp/$1.err" || echo "first-run.sh: $1 failed: $(tail -1 "$tmp/$1.err")" >&2
    t1=$(date +%s.%N)
    awk -v a="$t0" -v b="$t1" -v f="$tmp/$1.time" 'BEGIN { getline l < f; split(l, x, " "); printf "%.1f (%.1f)", b - a, x[1] + x[2] }'
}
for name in "${names[@]}"; do
    model=$(grep "^$name," "$top/tests/reference/cases.csv" | cut -d, -f2)
    [ -n "$model" ] || { echo "first-run.sh: no case $name" >&2; continue; }
    { cat "$top/$model"; echo "# a user's copy"; } > "$tmp/$name.model"
    cp "$top/$model" "$tmp/lib-$name.model"
    rm -rf "$tmp/c1" "$tmp/c2"
    a=$(run u-$name "$tmp/$name.model" "$tmp/c1")
    b=$(run c-$name "$tmp/$name.model" "$tmp/c1"); b=${b%% *}
    c=$(run l-$name "$tmp/lib-$name.model" "$tmp/c2"); c=${c%% *}
    what=$(grep -h -m1 -E '^starcarp: [^ ]*: (methods chosen|the file.s own methods|.*budget)' "$tmp/u-$name.err" | cut -d: -f3- | cut -c1-150)
    printf '| %s | %s | %s | %s | %s |\n' "$name" "$a" "$b" "$c" "${what:-?}"
done

#!/usr/bin/env bash
# precision-table.sh [options] [NAME...]: the check of the library's single-precision kernels
# (docs/verification.md, "Single precision"), written to models/precision.tsv, which `starcarp
# codegen --precision-table` reads when the library is built (codelets/models.cmake) and `starcarp
# bench --precision single` judges by. For each case of tests/reference/cases.csv (only the NAMEs
# given, else all) it runs one cell of the kernels the library holds, on the vectorised CPU back end,
# through tests/verify/run_verify.sh (the driver tests/verify/bench_c.c: the case's protocol, bench's
# timing rules, dt 0.01 ms, the physiology watch on):
#   f64      the double kernel against the case's reference trace
#   f32      the single kernel against the reference trace
#   f32/f64  the single kernel against f64's trace
# and writes one row per model (rows of models not run again are kept):
#   model source_hash methods precision status err_pct dapd_ms ref_err_pct ref_dapd_ms
#   f64_ref_err_pct f64_ref_dapd_ms why machine date
# methods: the automatic choice the kernels hold ("-": the file's methods); status: completes, or
# fails (a value not finite, a state out of what physiology allows, |Vm| past 1000 mV: why says
# which and when); err_pct: RMS of Vm single - double, % of double's Vm range; dapd_ms: APD90 single
# minus double; ref_*: single against the reference trace; f64_ref_*: double against it. The
# verdict (refused, warned, passes) is starcarp's own, from these figures and the bars (sc_choose.h).
# Options:
#   --build DIR    the build folder (default build/ of this tree): bin/sc_verify_lib,
#                  bin/sc_verify_lib_f32 and reference/ (the traces unpacked at configure time)
#   --jobs N       cases at a time (default 2)
#   --table FILE   the table to update (default models/precision.tsv)
#   --md FILE      also a markdown table of the rows run
#   --keep DIR     keep the runs' folders in DIR (default: a temporary folder, removed)
# Example: scripts/precision-table.sh --md /tmp/precision.md mmt_sampson_2010 luo_rudy_1991
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/script-args.sh"
build="$top/build" jobs=2 table="$top/models/precision.tsv" md="" keep=""
script_opts precision-table.sh "--build=build --jobs=jobs --table=table --md=md --keep=keep" "$@"
set -- "${rest[@]}"
for b in sc_verify_lib sc_verify_lib_f32; do
    [ -x "$build/bin/$b" ] || { echo "precision-table.sh: $build/bin/$b is not built (cmake --build $build --target $b)" >&2; exit 2; }
done
ref="$build/reference"
[ -f "$ref/cases.csv" ] || { echo "precision-table.sh: no reference cases in $ref (CMake unpacks them at configure time)" >&2; exit 2; }
work=${keep:-$(mktemp -d)}
mkdir -p "$work"
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT
verify="$top/tests/verify/run_verify.sh"
machine=$(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo 2>/dev/null | tr -s ' \t' '__')
date=$(date -u +%F)

# the three passes (run_verify.sh exits 1 when a run fails: expected here, the rows say so)
sh "$verify" - "$ref" "$work/f64" --library "$build/bin/sc_verify_lib" --backend cpu --jobs "$jobs" "$@" >/dev/null
sh "$verify" - "$ref" "$work/f32" --library "$build/bin/sc_verify_lib_f32" --backend cpu --jobs "$jobs" "$@" \
    >/dev/null
# f64's traces as the reference of the third pass
mkdir -p "$work/f64ref/traces"
cp "$ref/cases.csv" "$work/f64ref/"
while read -r n _ _ _ _ _ _ st; do
    [ "$st" = ok ] && cp "$work/f64/$n/trace.csv" "$work/f64ref/traces/$n.csv"
done <"$work/f64/results.txt"
sh "$verify" - "$work/f64ref" "$work/f32d" --library "$build/bin/sc_verify_lib_f32" --backend cpu --jobs "$jobs" \
    "$@" >/dev/null

# field NAME PASS COLUMN: a column of a pass's results.txt (3 error %, 6 APD90 diff, 8 status)
field() { awk -v n="$1" -v c="$3" '$1 == n { print $c }' "$work/$2/results.txt"; }
# logline NAME PASS KEY: the value of a "KEY: value" line of the case's bench.log
logline() { sed -n "s/^$3: //p" "$work/$2/$1/bench.log" 2>/dev/null | head -1; }

rows="$work/rows.tsv"
: >"$rows"
while read -r n _ _ _ _ _ _ st64; do
    hash=$(logline "$n" f64 source_hash) methods=$(logline "$n" f64 choice)
    if [ "$st64" != ok ] || [ -z "$hash" ]; then
        echo "precision-table.sh: $n: the double run did not complete ($st64): no row (see $work/f64/$n/bench.log)" >&2
        continue
    fi
    st32=$(field "$n" f32 8) why=-
    if [ "$st32" = ok ]; then
        status=completes err=$(field "$n" f32d 3) dapd=$(field "$n" f32d 6)
        rerr=$(field "$n" f32 3) rdapd=$(field "$n" f32 6)
    else
        status=fails err=nan dapd=nan rerr=nan rdapd=nan
        why=$(logline "$n" f32 failure)
        [ -n "$why" ] || why="the run did not complete ($st32)"
    fi
    printf '%s\t%s\t%s\tf32\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$n" "$hash" "$methods" "$status" "$err" \
        "$dapd" "$rerr" "$rdapd" "$(field "$n" f64 3)" "$(field "$n" f64 6)" "$why" "$machine" "$date" >>"$rows"
done <"$work/f64/results.txt"

# merge: the header comments, the rows not run again, the new rows, by model
[ -f "$table" ] || printf '%s\n' "# $(basename "$table"): see scripts/precision-table.sh" >"$table"
tmp=$(mktemp)
grep '^#' "$table" >"$tmp"
{
    grep -v '^#' "$table" | awk -F'\t' -v list="$(cut -f1 "$rows" | tr '\n' ' ')" \
        'BEGIN { n = split(list, a, " "); for (i = 1; i <= n; i++) run[a[i]] = 1 } !($1 in run)'
    cat "$rows"
} | sort -t$'\t' -k1,1 >>"$tmp"
mv "$tmp" "$table"
echo "precision-table.sh: $(wc -l <"$rows") rows written, $(grep -vc '^#' "$table") in $table"
if [ -n "$md" ]; then
    {
        echo "| model | methods | single | Vm RMS vs double % | dAPD90 vs double ms | vs reference % / ms | double vs reference % / ms | why |"
        echo "|---|---|---|---:|---:|---|---|---|"
        awk -F'\t' '{ printf "| %s | %s | %s | %s | %s | %s / %s | %s / %s | %s |\n", $1, $3, $5, $6, $7, $8, $9, $10, $11, $12 }' "$rows"
    } >"$md"
fi

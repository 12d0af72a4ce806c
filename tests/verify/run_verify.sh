#!/bin/sh
# run_verify.sh: numerical verification of the C back end against the reference traces.
#
# usage: run_verify.sh STARCARP REFDIR WORKDIR [--max-err PCT] [--table FILE] [--jobs N] [NAME...]
#
# For each case of REFDIR/cases.csv (only the NAMEs given, else all): generate the model with
# `STARCARP codegen MODEL --target c -o DIR`, compile tests/verify/bench_c.c with it
# (cc -std=c11 -O2 -Wall -Wextra -Werror), run it (one cell, bench's timing rules, dt 0.01 ms)
# and collect: model, methods, error %, APD90 ref/ours/diff, time. Writes a markdown table to
# --table FILE (default WORKDIR/verification.md).
# Exit: 77 when REFDIR is absent; 1 when a model does not generate/compile, produces NaN, or
# (with --max-err) has an error >= PCT; 0 otherwise. With --known FILE, a NaN of a model listed in
# FILE (one name per line, # comments) is reported as "known-nan" and does not fail the run.
set -u
STARCARP=$1 REFDIR=$2 WORK=$3
shift 3
MAXERR= TABLE=$WORK/verification.md JOBS=2 KNOWN=/dev/null
while [ $# -gt 0 ]; do
    case $1 in
    --max-err) MAXERR=$2; shift 2 ;;
    --table) TABLE=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --known) KNOWN=$2; shift 2 ;;
    *) break ;;
    esac
done
if [ ! -f "$REFDIR/cases.csv" ]; then
    echo "run_verify: no reference cases in $REFDIR: skipped"
    exit 77
fi
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
CC=${CC:-cc}
mkdir -p "$WORK"
export STARCARP REFDIR WORK HERE ROOT CC

# One case: prints "name methods err apd_ref apd_ours diff secs status".
one_case() {
    line=$1
    IFS=, read -r name model paced start dur curr bcl nstim duration dtout rest <<EOF
$line
EOF
    d=$WORK/$name
    rm -rf "$d"
    mkdir -p "$d"
    methods=$(grep -o 'method([a-z_0-9]*)' "$ROOT/$model" 2>/dev/null | sed 's/method(\(.*\))/\1/' | sort -u | tr '\n' '+' | sed 's/+$//')
    [ -n "$methods" ] || methods=default
    if ! "$STARCARP" codegen "$ROOT/$model" --target c -o "$d" >"$d/codegen.log" 2>&1; then
        echo "$name $methods - - - - - codegen-failed"
        return
    fi
    src=$(ls "$d"/*_c.c | head -1)
    sym=$(sed -n 's/^const ScCModel \([A-Za-z0-9_]*\) = {$/\1/p' "$src")
    if ! $CC -std=c11 -O2 -Wall -Wextra -Werror -DSC_MODEL_SRC="\"$src\"" -DSC_MODEL="$sym" \
            "$HERE/bench_c.c" -o "$d/bench" -lm >"$d/cc.log" 2>&1; then
        echo "$name $methods - - - - - compile-failed"
        return
    fi
    out=$("$d/bench" "$name" "$start" "$dur" "$curr" "$bcl" "$nstim" "$duration" "$dtout" \
          "$REFDIR/traces/$name.csv" "$d/trace.csv" 2>"$d/bench.log")
    set -- $out
    if [ $# -lt 7 ]; then
        echo "$name $methods - - - - - run-failed"
    elif [ "$7" = 1 ]; then
        echo "$name $methods nan - - - $6 nan"
    else
        echo "$name $methods $2 $3 $4 $5 $6 ok"
    fi
}

if [ $# -gt 0 ]; then
    printf '%s\n' "$@" | sed 's/^/^/; s/$/,/' >"$WORK/.names"
    cases=$(tail -n +2 "$REFDIR/cases.csv" | grep -f "$WORK/.names")
else
    cases=$(tail -n +2 "$REFDIR/cases.csv")
fi

results=$WORK/results.txt
: >"$results"
t0=$(date +%s)
# run JOBS cases at a time (plain sh: background jobs in batches)
i=0
tmpd=$WORK/.parts
rm -rf "$tmpd"; mkdir -p "$tmpd"
printf '%s\n' "$cases" | {
    while IFS= read -r line; do
        [ -n "$line" ] || continue
        i=$((i + 1))
        one_case "$line" >"$tmpd/$(printf '%04d' $i)" &
        if [ $((i % JOBS)) -eq 0 ]; then wait; fi
    done
    wait
}
cat "$tmpd"/* >"$results" 2>/dev/null
t1=$(date +%s)

{
    echo "| model | methods | error % | APD90 ref (ms) | APD90 ours (ms) | diff (ms) | time (s) | status |"
    echo "|---|---|---:|---:|---:|---:|---:|---|"
    while read -r n me er ar ao df se st; do
        echo "| $n | $me | $er | $ar | $ao | $df | $se | $st |"
    done <"$results"
    echo
    echo "$(wc -l <"$results") cases, $((t1 - t0)) s wall time ($JOBS jobs)."
} >"$TABLE"
cat "$TABLE"

rc=0
while read -r n me er ar ao df se st; do
    if [ "$st" = nan ] && grep -qx "$n" "$KNOWN"; then
        echo "known NaN (listed in $KNOWN): $n" >&2
    elif [ "$st" != ok ]; then
        echo "FAIL: $n: $st" >&2
        rc=1
    elif [ -n "$MAXERR" ] && ! awk -v e="$er" -v m="$MAXERR" 'BEGIN { exit !(e < m) }'; then
        echo "FAIL: $n: error $er % >= $MAXERR %" >&2
        rc=1
    fi
done <"$results"
exit $rc

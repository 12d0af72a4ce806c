#!/bin/sh
# run_verify.sh: numerical verification of the C back end against the reference traces.
#
# usage: run_verify.sh STARCARP REFDIR WORKDIR [--max-err PCT] [--table FILE] [--jobs N]
#                      [--backend c|cpu] [--methods FROM=TO] [--library BIN] [--min-target PCT]
#                      [NAME...]
# environment: SC_DT, SC_K (see bench_c.c), SC_PREC=f32 (single-precision kernels, cpu back end)
#
# For each case of REFDIR/cases.csv (only the NAMEs given, else all): generate the model with
# `STARCARP codegen MODEL --target c -o DIR`, compile tests/verify/bench_c.c with it
# (cc -std=c11 -O2 -Wall -Wextra -Werror), run it (one cell, bench's timing rules, dt 0.01 ms)
# and collect: model, methods, error %, APD90 ref/ours/diff, time. Writes a markdown table to
# --table FILE (default WORKDIR/verification.md).
# Exit: 1 when REFDIR has no cases.csv, when a model does not generate/compile, produces NaN, or
# (with --max-err) has an error >= PCT; 0 otherwise. With --known FILE, a NaN of a model listed in
# FILE (one name per line, # comments) is reported as "known-nan" and does not fail the run.
# --library BIN: BIN is bench_c.c built with -DSC_LIBRARY (tests/verify/tests.cmake: sc_verify_lib, and
# sc_verify_lib_f32 in single precision): it runs a kernel the library already holds, so no model is
# generated or compiled here (STARCARP is then not used; --methods needs the generating path):
# --backend c the portable C (double), cpu the vectorised kernel of BIN's precision.
# --min-target PCT: fail unless at least PCT % of the paced cases meet the target (error < 1 % and
# |APD90 diff| <= 2 ms or <= 1 % of APD90; docs/verification.md).
set -u
STARCARP=$1 REFDIR=$2 WORK=$3
shift 3
MAXERR= TABLE=$WORK/verification.md JOBS=2 KNOWN=/dev/null BACKEND=c METHODS= LIBBIN= MINTARGET=
while [ $# -gt 0 ]; do
    case $1 in
    --max-err) MAXERR=$2; shift 2 ;;
    --table) TABLE=$2; shift 2 ;;
    --jobs) JOBS=$2; shift 2 ;;
    --known) KNOWN=$2; shift 2 ;;
    --backend) BACKEND=$2; shift 2 ;;      # c (portable) or cpu (vectorised)
    --methods) METHODS="--methods $2"; shift 2 ;;
    --library) LIBBIN=$2; shift 2 ;;
    --min-target) MINTARGET=$2; shift 2 ;;
    *) break ;;
    esac
done
if [ ! -f "$REFDIR/cases.csv" ]; then
    echo "run_verify: no reference cases in $REFDIR (CMake unpacks tests/reference there)" >&2
    exit 1
fi
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
CC=${CC:-cc}
mkdir -p "$WORK"
# the vectorised back end: native ISA, libmvec where glibc has it
CPUFLAGS="-march=native -fno-math-errno"
MVEC=
if printf 'int main(void){return 0;}' | $CC -x c - -o "$WORK/.mvec" -lmvec 2>/dev/null; then MVEC=-lmvec; fi
SC_PREC=${SC_PREC:-f64}
export STARCARP REFDIR WORK HERE ROOT CC BACKEND METHODS CPUFLAGS MVEC SC_PREC LIBBIN

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
    if [ -n "$LIBBIN" ]; then
        bin=$LIBBIN
    else
        prec=double
        [ "$SC_PREC" = f32 ] && prec=single
        if ! "$STARCARP" codegen "$ROOT/$model" --target "$BACKEND" --precision $prec -o "$d" \
                $METHODS >"$d/codegen.log" 2>&1; then
            echo "$name $methods - - - - - codegen-failed"
            return
        fi
        src=$(ls "$d"/*_c.c | head -1)
        id=$(basename "$src" _c.c)
        extra= defs=
        if [ "$BACKEND" = cpu ]; then
            if [ "$SC_PREC" = f32 ]; then
                extra="$d/${id}_cpu_f32.c" defs="-DSC_RUN=${id}_cpu_f32_run -DSC_F32"
            else
                extra="$d/${id}_cpu.c" defs="-DSC_RUN=${id}_cpu_f64_run"
            fi
        fi
        if ! $CC -std=c11 -O3 $CPUFLAGS -Wall -Wextra -Werror -I"$ROOT/include/starcarp" -DSC_MODEL="${id}_model" \
                $defs "$HERE/bench_c.c" "$src" $extra -o "$d/bench" -lm $MVEC >"$d/cc.log" 2>&1; then
            echo "$name $methods - - - - - compile-failed"
            return
        fi
        bin=$d/bench
    fi
    out=$(SC_BACKEND=$BACKEND "$bin" "$name" "$start" "$dur" "$curr" "$bcl" "$nstim" "$duration" "$dtout" \
          "$REFDIR/traces/$name.csv" "$d/trace.csv" 2>"$d/bench.log")
    set -- $out
    # the library's kernels say which methods they run (the automatic choice, docs/methods.md)
    km=$(sed -n 's/^methods: //p' "$d/bench.log" | head -1)
    [ -n "$km" ] && methods=$km
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
if [ -n "$MINTARGET" ]; then
    paced=0 met=0
    while read -r n me er ar ao df se st; do
        [ "$(grep "^$n," "$REFDIR/cases.csv" | cut -d, -f3)" = 1 ] || continue
        paced=$((paced + 1))
        if [ "$st" = ok ] && awk -v e="$er" -v a="$ar" -v d="$df" \
                'BEGIN { d = d < 0 ? -d : d; exit !(e < 1 && (d <= 2 || d <= 0.01 * a)) }'; then
            met=$((met + 1))
        else
            echo "target missed: $n (error $er %, APD90 diff $df ms, $st)" >&2
        fi
    done <"$results"
    line="target (error < 1 %, |APD90 diff| <= 2 ms or <= 1 %): $met of $paced paced cases"
    echo "$line"; echo "$line" >>"$TABLE"
    if ! awk -v m="$met" -v p="$paced" -v t="$MINTARGET" 'BEGIN { exit !(p > 0 && 100 * m >= t * p) }'; then
        echo "FAIL: fewer than $MINTARGET % of the paced cases meet the target" >&2
        rc=1
    fi
fi
exit $rc

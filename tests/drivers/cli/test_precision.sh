#!/usr/bin/env bash
# test_precision.sh STARCARP: `--precision single` judged by the model's single-precision check
# (docs/verification.md, "Single precision": models/precision.tsv for the library, the automatic
# choice of methods for a user's file):
#   - fink_noble_giles_model_2008, whose single-precision run fails over its reference case, is
#     refused (status 2) with what failed and how to run it anyway; --force-single runs it, warned
#   - ten_tusscher_model_2006_epi runs with no word about precision, and so do mmt_sampson_2010,
#     whose single-precision run over its reference case stays within the bars (the failure the GPU
#     check reports for it comes from that check's own protocol: docs/verification.md), and
#     clancy_rudy_2002 (warned while its initial state made it fire at t = 0)
#   - every library model with a reference case has a check for its text and methods (the table is
#     current), and `starcarp models info` says what bench will do
#   - a user's file through the automatic choice: one whose single-precision run fails is refused
#     (also from the cached choice), one that completes but misses the bars against double runs with
#     a warning naming its errors and the bars, one within the bars runs with no word
#   - --force-single without --precision single, and tissue's --precision single, are refused
set -u
SC=$1
HERE=$(cd "$(dirname "$0")" && pwd)
. "$HERE/../../check.sh" # check, check_done
MODELS=$(cd "$HERE/../../../models" && pwd)
check_workdir
export STARCARP_CACHE="$W/cache" STARCARP_CHOOSE_BUDGET=none # the choice finished, whatever the load
RUN=(--duration 1 --dt-out 1 --ncpu 1 --no-trace -q)

# bench --precision single IMP [more options]: stdout to out.txt, stderr to err.txt; the status
single() {
    local imp=$1
    shift
    "$SC" bench --imp "$imp" --precision single "${RUN[@]}" "$@" >out.txt 2>err.txt
}

# user_single NAME: tests/drivers/cli/NAME.model copied here, run in single precision; its status in rc
user_single() {
    cp "$HERE/$1.model" .
    single "$1.model"
    rc=$?
}

single fink_noble_giles_model_2008
rc=$?
check "a single-precision run that fails over the reference case is refused (status $rc)" test $rc -eq 2
check "... saying what failed" grep -q \
    "refused: single precision fails for fink_noble_giles_model_2008: Ca_ss = inf at t = .* ms (step [0-9]*), one cell" err.txt
check "... and how to run it anyway" grep -q -- "--force-single runs it anyway" err.txt
single fink_noble_giles_model_2008 --force-single
rc=$?
check "--force-single runs it (status $rc)" test $rc -eq 0
check "... with the warning" grep -q "warning: --precision single: single precision fails for .*; run as --force-single asks" err.txt
check "... and its table" test -s out.txt

for m in ten_tusscher_model_2006_epi mmt_sampson_2010 clancy_rudy_2002; do
    single $m
    rc=$?
    check "$m in single precision runs (status $rc)" test $rc -eq 0
    check "... with no word about precision" bash -c '! grep -q -- "--precision single\|warning:" err.txt'
done

missing=0
while IFS=, read -r name _; do
    [ "$name" = name ] && continue
    "$SC" models info "$name" 2>/dev/null | grep "^single precision" >info.txt
    if ! grep -q "^single precision (bench --precision single): \(passes\|warned\|refused\)" info.txt; then
        echo "no single-precision check for $name: $(cat info.txt)"
        missing=$((missing + 1))
    fi
done <"$HERE/../../reference/cases.csv"
check "every library model with a reference case is checked ($missing missing: scripts/precision-table.sh)" \
    test $missing -eq 0
"$SC" models info fink_noble_giles_model_2008 2>/dev/null >info.txt
check "models info says what bench does" grep -q "^single precision (bench --precision single): refused: " info.txt

user_single float_range
check "a user's file whose single precision fails in the choice's check is refused (status $rc)" test $rc -eq 2
check "... saying what failed over the choice's protocol" grep -q \
    "refused: single precision fails for float_range: .* at t = .* ms, one cell at dt 0.01 ms over the automatic choice's protocol" err.txt
cp err.txt first.txt
single float_range.model
rc=$?
check "... also from the cached choice (status $rc)" test $rc -eq 2
check "... the same words" bash -c 'grep "refused" first.txt | cmp -s - <(grep "refused" err.txt)'
user_single float_coarse
check "a user's file whose single precision misses the bars runs (status $rc)" test $rc -eq 0
check "... with a warning naming its error against double and the bars" grep -q \
    "warning: --precision single: single precision misses the accuracy bars for float_coarse: Vm [0-9.]* % RMS from double (bar 0.1 %), APD90 [-+][0-9.]* ms (bar 0.5 ms)" err.txt
(cat "$MODELS/native/AlievPanfilov.model"; echo "# my change") >mine.model
single mine.model
rc=$?
check "a user's file within the bars runs (status $rc)" test $rc -eq 0
check "... with no word about precision" bash -c '! grep -q -- "--precision single\|warning:" err.txt'

"$SC" bench --imp AlievPanfilov --force-single "${RUN[@]}" >/dev/null 2>err.txt
rc=$?
check "--force-single without --precision single is refused (status $rc)" test $rc -eq 2
check "... naming what it goes with" grep -q -- "--force-single goes with --precision single" err.txt
"$SC" tissue --imp AlievPanfilov --size 1 --precision single >/dev/null 2>err.txt
rc=$?
check "tissue's --precision single is refused (status $rc)" test $rc -eq 2
check "... with the reason" grep -q "the tissue solver runs in double precision only" err.txt

check_done

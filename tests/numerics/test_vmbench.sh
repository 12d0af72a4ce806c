#!/usr/bin/env bash
# test_vmbench.sh STARCARP: a model with a compartment coupled to Vm faster than dt
# (tests/numerics/two_compartment.model: a t-tubular membrane joined to the surface in 0.9 us) run by
# `starcarp bench` at its defaults (dt 0.01 ms, the automatic choice of methods) is accurate: the
# choice applies the treatment (vm=cvode) itself and says so, and Vm is within 0.1 % (normalised
# RMS) of a tight coupled solution (--methods vm=cvode at dt 0.001 ms); bench's splitting without
# it (--methods file) is not. At bench's default stimulus (60 uA/cm^2 for 1 ms: below the coupled
# membrane's threshold, above the split one's) and at 100 uA/cm^2 (an action potential in both).
set -u
SC=$1
. "$(dirname "$0")/../check.sh"   # check, check_done
MODEL=$(cd "$(dirname "$0")" && pwd)/two_compartment.model
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
cd "$W"
export STARPU_SILENT=1 STARCARP_CACHE="$W/cache" STARPU_NCUDA=0
OUT=(--dt-out 0.1 --ncpu 1 --no-trace)

# err A B: 100 * RMS(Vm of A - Vm of B) / (range of B's Vm), the tables' second columns
err() {
    paste "$1" "$2" | awk '{ d = $2 - $5; s += d * d; n++; if (n == 1 || $5 < lo) lo = $5; if (n == 1 || $5 > hi) hi = $5 }
        END { printf "%.5f", 100 * sqrt(s / n) / (hi - lo) }'
}

for curr in 60 100; do
    stim=()
    [ "$curr" = 60 ] || stim=(--stim-curr "$curr")
    "$SC" bench --imp "$MODEL" "${stim[@]}" "${OUT[@]}" >auto.txt 2>auto.err
    check "stimulus $curr: bench at its defaults completes" test -s auto.txt
    check "... the automatic choice couples Vm (said)" grep -q "methods chosen.*--methods vm=cvode\|own methods are kept with vm=cvode\|own methods with vm=cvode are used" auto.err
    check "... and its summary says why" grep -q "summary: Vm advanced together with the states coupled to it faster than dt" auto.err
    "$SC" bench --imp "$MODEL" "${stim[@]}" --methods vm=cvode --dt 0.001 "${OUT[@]}" >tight.txt 2>/dev/null
    "$SC" bench --imp "$MODEL" "${stim[@]}" --methods file "${OUT[@]}" >split.txt 2>/dev/null
    e=$(err auto.txt tight.txt) s=$(err split.txt tight.txt)
    echo "stimulus $curr: the default run ${e} %, bench's splitting ${s} % (RMS of Vm against vm=cvode at dt 0.001)"
    check "... within 0.1 % of the tight coupled solution ($e %)" awk -v e="$e" 'BEGIN { exit !(e < 0.1) }'
    check "... where bench's splitting is not ($s %)" awk -v e="$s" 'BEGIN { exit !(e > 1) }'
done
check_done

#!/usr/bin/env bash
# methods-error.sh [options] MODEL...: the real error of cheaper integration methods over several
# beats (docs/methods.md, "Models that keep implicit methods"). For each MODEL (a case name of
# tests/reference/cases.csv: its file and stimulus are the case's) and each BCL it runs one cell
# with `starcarp bench` (CPU, double precision, --validate: every state sampled every 0.1 ms):
#   ref      the file's methods at a tight tolerance (--methods file --rtol R --atol R/100)
#   file     the file's methods at cvode's default tolerances (how far the reference is from them)
#   stored   models/methods.tsv's row for the model (omitted when it is the file's methods)
#   SET...   each method set given with --set (a --methods value; default: cvode=fe and
#            cvode=rush_larsen, plus markov_be=fe with each where the file has markov_be groups)
# and prints one row per run against ref:
#   vm%      normalised RMS difference of Vm over the whole run (% of the reference's Vm range)
#   dapd     the largest |APD90 difference| over the beats, ms (bench --APstatistics)
#   apd      the reference's APD90 of the last beat, ms
#   state    the state whose RMS difference, over its reference range widened as the automatic
#            choice's envelope (range + 0.1 % of its magnitude), is largest, and that figure in %
#   end%     that state's difference at the end of the run, % of the widened range (a slow store's
#            drift shows here)
#   env      the largest excursion of any state beyond the reference's range, in units of the
#            choice's envelope margin (5 % of the range + 0.1 % of the magnitude): above 1, the
#            envelope test would refuse the set; `fail` when the run stopped or went non-finite
#   wall     the run's wall time, s (one cell; a shared machine's time is only a rough guide)
# Options:
#   --starcarp BIN   the starcarp binary (default: build/bin/starcarp of this tree)
#   --beats N        beats per run (default 5)
#   --bcl "B..."     cycle lengths, ms (default "1000 500")
#   --dt DT          time step, ms (default 0.01)
#   --ref-rtol R     the reference's rtol (default 1e-9; atol R/100)
#   --set M          a method set to measure (repeatable; replaces the default sets)
#   --only           only the sets given with --set (not the file's methods, not the stored row)
#   --keep DIR       keep the runs' files in DIR (default: a temporary folder, removed)
# Example: lab/methods-error.sh clancy_rudy_2002 faber_rudy_2000
# Needs od and awk; the runs build plugins in STARCARP_CACHE (or the default cache).
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/script-args.sh"
sc="$top/build/bin/starcarp" beats=5 bcls="1000 500" dt=0.01 rrtol=1e-9 keep="" sets=() only=0
script_opts methods-error.sh "--starcarp=sc --beats=beats --bcl=bcls --dt=dt --ref-rtol=rrtol --set=sets+
    --keep=keep --only=only!" "$@"
set -- "${rest[@]}"
script_args methods-error.sh "[options] MODEL..." $# "$sc"
work=${keep:-$(mktemp -d)}
mkdir -p "$work"
[ -n "$keep" ] || trap 'rm -rf "$work"' EXIT

# vals FILE: the float64 values of a --validate file, one a line
vals() { od -An -v -t f8 -w8 "$1" | tr -d ' '; }

# run DIR METHODS RTOL BCL ...: one bench run of the case into DIR; prints its wall time or "fail"
run() {
    local dir=$1 methods=$2 rtol=$3 bcl=$4 tol=()
    mkdir -p "$dir"
    [ "$rtol" = - ] || tol=(--rtol "$rtol" --atol "$(awk -v r="$rtol" 'BEGIN { print r / 100 }')")
    if "$sc" bench --imp "$top/$model" --methods "$methods" "${tol[@]}" --dt "$dt" --dt-out 0.1 \
        --stim-start "$start" --stim-dur "$sdur" --stim-curr "$curr" --bcl "$bcl" --numstim "$beats" \
        --duration "$(awk -v b="$bcl" -v n="$beats" 'BEGIN { print b * n }')" --ngpu 0 --ncpu 1 \
        --validate --fout "$dir/r" --APstatistics --no-trace -q >"$dir/log" 2>&1; then
        sed -n 's/^summary: wall time \([0-9.]*\) s.*/\1/p' "$dir/log"
    else
        echo fail
    fi
}

# compare REFDIR DIR: vm% dapd apd state state% end% env (see the top)
compare() {
    local ref=$1 dir=$2 f s
    {
        echo "V $(vals "$ref/r.Vm.bin" | paste -sd' ')"
        echo "v $(vals "$dir/r.Vm.bin" | paste -sd' ')"
        awk '!/^#/ { printf "A %s\n", $4 }' "$ref/r_AP_stats.dat"
        awk '!/^#/ { printf "a %s\n", $4 }' "$dir/r_AP_stats.dat"
        for f in "$ref"/r_*.bin; do
            s=${f##*/r_}; s=${s#*.}; s=${s%.bin}
            echo "S $s $(vals "$f" | paste -sd' ')"
            echo "s $s $(vals "$dir/${f##*/}" | paste -sd' ')"
        done
    } | awk '
    BEGIN { wname = "-"; worst = -1; env = 0 }
    function nrm(n, a, b,   k, q) { q = 0; for (k = 2; k <= n; k++) q += (a[k] - b[k]) ^ 2; return sqrt(q / (n - 1)) }
    $1 == "V" { nv = split($0, V, " "); for (k = 2; k <= nv; k++) V[k] += 0 }
    $1 == "v" { split($0, v, " "); for (k = 2; k <= nv; k++) v[k] += 0 }
    $1 == "A" { ra[++na] = $2 }
    $1 == "a" { ca[++nc] = $2 }
    $1 == "S" { ns = split($0, X, " "); for (k = 3; k <= ns; k++) X[k] += 0; name = $2; next }
    $1 == "s" {
        split($0, Y, " ")
        lo = X[3]; hi = X[3]; clo = chi = ""; bad = 0; q = 0
        for (k = 3; k <= ns; k++) {
            lo = X[k] < lo ? X[k] : lo; hi = X[k] > hi ? X[k] : hi
            if (Y[k] ~ /n/) { bad = 1; continue }   # nan, inf (od spells numbers with e, never n)
            y = Y[k] + 0; Y[k] = y
            if (clo == "") clo = chi = y
            clo = y < clo ? y : clo; chi = y > chi ? y : chi; q += (y - X[k]) ^ 2
        }
        mag = (lo < 0 ? -lo : lo) > (hi < 0 ? -hi : hi) ? (lo < 0 ? -lo : lo) : (hi < 0 ? -hi : hi)
        w = hi - lo + 1e-3 * mag; m = 0.05 * (hi - lo) + 1e-3 * mag
        if (w <= 0) w = 1e-300
        e = 100 * sqrt(q / (ns - 2)) / w
        end = 100 * (Y[ns] - X[ns]) / w; end = end < 0 ? -end : end
        if (e > worst) { worst = e; wname = name; wend = end }
        o = (lo - clo) > (chi - hi) ? lo - clo : chi - hi
        o = m > 0 ? o / m : (o > 0 ? 1e99 : 0)
        if (bad) fail = 1; else if (o > env) env = o
    }
    END {
        lo = V[2]; hi = V[2]
        for (k = 2; k <= nv; k++) { lo = V[k] < lo ? V[k] : lo; hi = V[k] > hi ? V[k] : hi }
        vm = 100 * nrm(nv, v, V) / (hi - lo)
        d = 0
        for (k = 1; k <= na; k++) { x = ca[k] - ra[k]; x = x < 0 ? -x : x; if (!(x <= d)) d = x }
        if (fail) env = "fail"; else env = sprintf("%.3g", env)
        printf "%.4f %.3f %.2f %s %.3g %.3g %s\n", vm, d, ra[na], wname, worst, wend, env
    }'
}

printf '%-30s %5s %-40s %9s %8s %8s %-14s %8s %8s %6s %7s\n' model bcl set vm% dapd apd state state% end% env wall
for name in "$@"; do
    line=$(grep "^$name," "$top/tests/reference/cases.csv") || { echo "methods-error.sh: no case $name" >&2; continue; }
    IFS=, read -r _ model _ start sdur curr _ <<<"$line"
    stored=$(awk -F'\t' -v m="$name" '$1 == m { print $4 }' "$top/models/methods.tsv")
    mine=("${sets[@]}")
    if [ ${#mine[@]} -eq 0 ]; then
        mine=(cvode=fe cvode=rush_larsen)
        grep -q 'method(markov_be)' "$top/$model" && mine+=(cvode=fe,markov_be=fe cvode=rush_larsen,markov_be=fe)
    fi
    all=(file)
    [ -n "$stored" ] && [ "$stored" != - ] && all+=("$stored")
    [ $only = 1 ] && all=()
    for set in "${mine[@]}"; do [ "$set" = "$stored" ] || all+=("$set"); done
    for bcl in $bcls; do
        refdir="$work/$name-$bcl-ref"
        wref=$(run "$refdir" file "$rrtol" "$bcl")
        if [ "$wref" = fail ]; then
            echo "methods-error.sh: $name: the reference failed (see $refdir/log)" >&2
            continue
        fi
        printf '%-30s %5s %-40s %9s %8s %8s %-14s %8s %8s %6s %7s\n' "$name" "$bcl" "ref (rtol $rrtol)" - - - - - - - "$wref"
        i=0
        for set in "${all[@]}"; do
            i=$((i + 1))
            dir="$work/$name-$bcl-$i"
            label=$set
            [ "$set" = "$stored" ] && label="stored: $set"
            w=$(run "$dir" "$set" - "$bcl")
            if [ "$w" = fail ]; then
                printf '%-30s %5s %-40.40s %9s %8s %8s %-14s %8s %8s %6s %7s\n' "$name" "$bcl" "$label" - - - - - - fail -
                echo "    $(grep -m1 -iE 'stopped|error|not finite|nan' "$dir/log" | cut -c1-150)"
                continue
            fi
            read -r vm dapd apd st sp ep env <<<"$(compare "$refdir" "$dir")"
            printf '%-30s %5s %-40.40s %9s %8s %8s %-14.14s %8s %8s %6s %7s\n' "$name" "$bcl" "$label" "$vm" "$dapd" \
                "$apd" "$st" "$sp" "$ep" "$env" "$w"
        done
    done
done

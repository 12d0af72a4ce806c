#!/usr/bin/env bash
# corpus-beats.sh [--beats N] [--bcl MS] [--user] [--jobs J] STARCARP [NAME...]: every model of
# models/ (cellml/ and native/, or the file stems given) run from its file by `starcarp bench`, N beats
# (default 10) at BCL MS (default 500) with the stimulus of its case in tests/reference/cases.csv
# (bench's defaults for a model without one; an unpaced case unpaced for as long), dt 0.01 ms, one
# cell: with the methods bench uses by default (the automatic choice: a library text is the library
# model and its recorded choice) against `--methods file` (the file's own methods). Prints a row per
# model: the methods, the normalised RMS difference of Vm over the run, the last beat's APD90 and its
# difference, the seconds of both runs, and the verdict against the bars of the automatic choice
# (0.1 % RMS, 0.5 ms; docs/methods.md). An unpaced case (a pacemaker) is judged on its mean cycle
# length instead (within 0.1 %; the APD90 columns then hold the cycle length and its difference).
#   --user   each file with a comment appended (a user's file: the automatic choice is made for it,
#            within STARCARP_CHOOSE_BUDGET, and cached in STARCARP_CACHE)
# Outputs in build/corpus-beats/<stem>.* (or $SC_OUT). Exit status 1 when a row is outside the bars or a run failed.
set -uo pipefail
beats=10 bcl=500 user=0 jobs=1
. "$(dirname "$0")/script-args.sh"
script_opts corpus-beats.sh "--beats=beats --bcl=bcl --user=user! --jobs=jobs" "$@"
set -- "${rest[@]}"
sc=${1:?usage: corpus-beats.sh [--beats N] [--bcl MS] [--user] [--jobs J] STARCARP [NAME...]}
shift
[[ "$sc" == */* ]] && sc=$(cd "$(dirname "$sc")" && pwd)/$(basename "$sc")   # the runs work in $out
top=$(cd "$(dirname "$0")/.." && pwd)
out="${SC_OUT:-$top/build/corpus-beats}"
mkdir -p "$out"
want=" $* "
export STARPU_SILENT=1

# compare A B BEGIN: RMS(Vm A - Vm B) % of B's range, B's APD90 of the beat from BEGIN ms and A's minus it
compare() {
    paste "$1" "$2" | awk -v t0="$3" '
        function apd(v, t, n,    lo, hi, best, up, k, thr) {
            lo = hi = v[1]; best = -1e300
            for (k = 1; k <= n; k++) { if (v[k] < lo) lo = v[k]; if (v[k] > hi) hi = v[k] }
            for (k = 1; k < n; k++) if (v[k + 1] - v[k] > best) { best = v[k + 1] - v[k]; up = k }
            thr = hi - 0.9 * (hi - lo)
            for (k = up + 1; k < n; k++)
                if (v[k] >= thr && v[k + 1] < thr)
                    return t[k] + (v[k] - thr) / (v[k] - v[k + 1]) * (t[k + 1] - t[k]) - (t[up] + t[up + 1]) / 2
            return -1
        }
        { d = $2 - $5; s += d * d; n++; if (n == 1 || $5 < lo) lo = $5; if (n == 1 || $5 > hi) hi = $5
          if ($1 >= t0) { m++; ta[m] = $1; va[m] = $2; vb[m] = $5 } }
        END { a = apd(va, ta, m); b = apd(vb, ta, m)
              d = b <= 0 ? 0 : (a > 0 ? a - b : 1e9)
              printf "%.5f %.3f %+.3f\n", 100 * sqrt(s / n) / (hi - lo), b, d }'
}

# cycle A B: an unpaced (spontaneous) run's mean cycle length in B (ms, between its first and last
# upstroke through -20 mV) and A's minus it; -1 0 when B has fewer than two upstrokes
cycle() {
    paste "$1" "$2" | awk '
        NR > 1 { if (pa < -20 && $2 >= -20) ua[++na] = $1; if (pb < -20 && $5 >= -20) ub[++nb] = $1 }
        { pa = $2; pb = $5 }
        END { if (nb < 2 || na < 2) { print "-1 0"; exit }
              b = (ub[nb] - ub[1]) / (nb - 1); a = (ua[na] - ua[1]) / (na - 1); printf "%.3f %+.3f\n", b, a - b }'
}

one() {   # stem file
    local stem=$1 file=$2 start=1 dur=1 curr=60 paced=1 case
    case=$(awk -F, -v m="$stem" '$1 == m' "$top/tests/reference/cases.csv")
    [ -n "$case" ] && IFS=, read -r _ _ paced start dur curr _ <<<"$case"
    [ "$paced" = 1 ] || curr=0
    if [ "$user" = 1 ]; then
        { cat "$file"; echo "# a user's copy (scripts/corpus-beats.sh)"; } >"$out/$stem.model"
        file=$out/$stem.model
    fi
    local end t0 stim=(--stim-start "$start" --stim-dur "$dur" --stim-curr "$curr" --bcl "$bcl" --numstim "$beats")
    end=$(awk -v s="$start" -v n="$beats" -v b="$bcl" 'BEGIN { printf "%.10g", s + n * b }')
    t0=$(awk -v s="$start" -v n="$beats" -v b="$bcl" 'BEGIN { printf "%.10g", s + (n - 1) * b }')
    [ "$paced" = 1 ] || stim=(--numstim 0)
    local args=(--imp "$file" "${stim[@]}" --duration "$end" --dt 0.01 --dt-out 0.1 --ncpu 1 --no-trace)
    local a0 a1 b1 rc=0
    a0=$(date +%s.%N)
    (cd "$out" && "$sc" bench "${args[@]}" >"$stem.auto.txt" 2>"$stem.auto.err") || rc=1
    a1=$(date +%s.%N)
    (cd "$out" && "$sc" bench "${args[@]}" --methods file >"$stem.file.txt" 2>"$stem.file.err") || rc=1
    b1=$(date +%s.%N)
    local m
    m=$(sed -n 's/^summary: methods [^(]*(\(.*\))$/\1/p' "$out/$stem.auto.err" | head -1)
    m=${m#the automatic choice: --methods }
    m=${m%%; --methods file*}
    [ -n "$m" ] || m="?"
    [ "${#m}" -gt 38 ] && m="${m:0:35}..."
    if [ "$rc" != 0 ]; then
        printf '%-40s %-38s  a run failed (build/corpus-beats/%s.*.err)  OUTSIDE\n' "$stem" "$m" "$stem"
        return 1
    fi
    local e apd d
    read -r e apd d < <(compare "$out/$stem.auto.txt" "$out/$stem.file.txt" "$t0")
    local ok
    ok=$(awk -v e="$e" -v d="$d" 'BEGIN { print (e <= 0.1 && (d < 0 ? -d : d) <= 0.5) ? "within" : "OUTSIDE" }')
    if [ "$paced" != 1 ]; then
        # a pacemaker's beats drift in phase with any change of method, so Vm at fixed times is no
        # measure (as the long check, docs/methods.md): judged on its cycle length (0.1 %); the
        # APD90 columns hold the file's cycle length and the difference
        read -r apd d < <(cycle "$out/$stem.auto.txt" "$out/$stem.file.txt")
        ok=$(awk -v c="$apd" -v d="$d" 'BEGIN { print (c > 0 && (d < 0 ? -d : d) <= 1e-3 * c) ? "within (cycle)" : "OUTSIDE" }')
    fi
    printf '%-40s %-38s %9.4f %8.2f %+8.3f %7.1f %7.1f  %s\n' "$stem" "$m" "$e" "$apd" "$d" \
        "$(awk -v a="$a0" -v b="$a1" 'BEGIN { print b - a }')" "$(awk -v a="$a1" -v b="$b1" 'BEGIN { print b - a }')" "$ok"
    [ "${ok%% *}" = within ]
}

printf '# %s beats at BCL %s ms, dt 0.01 ms, bench from the file%s: the default methods against --methods file (%s)\n' \
    "$beats" "$bcl" "$([ "$user" = 1 ] && echo " (a user's copy)")" "$(date +%F)"
printf '%-40s %-38s %9s %8s %8s %7s %7s  %s\n' model methods "Vm%" APD90 dAPD90 s s_file verdict
rc=0 running=0
for file in "$top"/models/cellml/*.model "$top"/models/native/*.model; do
    stem=$(basename "$file" .model)
    [ "$want" != "  " ] && [[ "$want" != *" $stem "* ]] && continue
    one "$stem" "$file" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n || rc=1; running=$((running - 1)); fi
done
while [ "$running" -gt 0 ]; do wait -n || rc=1; running=$((running - 1)); done
exit $rc

#!/usr/bin/env bash
# long-check.sh [--beats N] [--bcl MS] [--user] [--jobs J] STARCARP [NAME...]: do the methods a run
# uses hold over many beats? For each case of tests/reference/cases.csv (only the NAMEs given, else
# every library model), one cell is paced N times (default 50) at BCL MS (default 500; or 1.5 times
# the case's APD90 where longer, as the long check of the automatic choice) with the case's stimulus
# (an unpaced case runs unpaced for as long), with
#   - the methods a run of the model uses (the library's recorded choice, models/methods.tsv), against
#   - the file's own methods at the same dt (cvode at its default tolerances: the same splitting of
#     Vm, so what differs is the methods the choice changed),
# and prints one row per model: the normalised RMS difference of Vm over the run and over its last
# beat, the last beat's APD90 and its difference, the state that differs most at the beats' starts
# (% of its magnitude), the seconds of the two runs, and a verdict against the bars of the automatic
# choice (Vm 0.1 % RMS over the last beat, APD90 0.5 ms, states 1 %; docs/methods.md).
#   --user   each model given by its path with a comment appended (no library text: a user's file),
#            so that the row is the choice made for a user's file (STARCARP_CHOOSE_BUDGET applies:
#            set it to none for the full choice)
#   --self   against the same methods at dt/2 instead of the file's, the figures doubled: the long
#            check of the automatic choice (an estimate of the error at dt of a first-order method;
#            the verdict on the states alone, as that check's), which says whether the recorded
#            choice passes it without choosing again
#   --jobs J models at a time (default 1: each comparison already runs its two cells side by side)
# Rows whose methods are the file's own are printed without runs. Each model's output goes to
# build/long-check/<name>.txt (or $SC_OUT). Exit status 1 when a row is outside the bars or a model failed.
set -uo pipefail
beats=50 bcl=500 user=0 jobs=1 self=0
. "$(dirname "$0")/script-args.sh"
script_opts long-check.sh "--beats=beats --bcl=bcl --user=user! --self=self! --jobs=jobs" "$@"
set -- "${rest[@]}"
sc=${1:?usage: long-check.sh [--beats N] [--bcl MS] [--user] [--jobs J] STARCARP [NAME...]}
shift
top=$(cd "$(dirname "$0")/.." && pwd)
out="${SC_OUT:-$top/build/long-check}"
mkdir -p "$out"
want=" $* "
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

one() {   # name model paced start dur curr apd
    local name=$1 model=$top/$2 paced=$3 start=$4 dur=$5 curr=$6 num=$beats bcl=$bcl
    # as the long check: at least 1.5 times the case's APD90 apart (a 400-ms action potential blocks at 500)
    bcl=$(awk -v b="$bcl" -v a="${7:-0}" 'BEGIN { printf "%.10g", (1.5 * a > b ? 1.5 * a : b) }')
    [ "$paced" = 1 ] || { start=0; dur=1; curr=0; }   # unpaced: the beats' times, no stimulus
    if [ "$paced" != 1 ] && [ "$self" = 1 ]; then   # a pacemaker's phase drifts: no long check
        printf '%-40s %-38s  (unpaced: the long check does not apply)\n' "$name" "-"
        return 0
    fi
    if [ "$user" = 1 ]; then
        { cat "$model"; echo "# a user's copy (scripts/long-check.sh)"; } >"$tmp/$name.model"
        model=$tmp/$name.model
    fi
    local end
    end=$(awk -v s="$start" -v n="$num" -v b="$bcl" 'BEGIN { printf "%.10g", s + n * b }')
    # the methods a run uses: a library model's recorded choice (models/methods.tsv), a user's file's
    # automatic choice (--compare auto: made and cached on first use)
    local set=auto k=1
    [ "$user" = 1 ] || set=$(awk -F'\t' -v m="$name" '$1 == m { print ($4 == "-" ? "file" : $4) }' "$top/models/methods.tsv")
    [ -n "$set" ] || set=file
    local against=(--against file)
    if [ "$self" = 1 ]; then   # that set at dt/2
        [ "$set" = auto ] && set=$("$sc" methods "$model" --compare auto --duration 0.02 -q 2>/dev/null |
            sed -n 's/.*the automatic choice is --methods //p')
        [ -n "$set" ] || set=file
        against=(--against "$set" --against-dt 0.005)
        k=2
    fi
    if [ "$set" = file ] && [ "$self" = 0 ]; then
        printf '%-40s %-38s  (the file'\''s own methods: nothing to compare)\n' "$name" "the file's methods"
        return 0
    fi
    "$sc" methods "$model" --compare "$set" "${against[@]}" --bcl "$bcl" --numstim "$num" --stim-start "$start" \
        --stim-dur "$dur" --stim-curr "$curr" --duration "$end" -q >"$out/$name.txt" 2>"$out/$name.err"
    local rc=$?
    awk -v name="$name" -v rc="$rc" -v k="$k" -v set="$set" '
        BEGIN { m = set == "file" ? "the file\047s methods" : set }
        /the automatic choice is/ { m = $0; sub(/.*the automatic choice is (--methods )?/, "", m) }
        /\(([0-9.]+) s and ([0-9.]+) s\)$/ { n = split($0, w, /[( ]/); sa = w[n - 4]; sb = w[n - 1] }
        /^compare: failed/ { fail = $0; sub(/^compare: /, "", fail) }
        /^compare: vm_err/ {
            for (i = 2; i < NF; i += 2) v[$i] = $(i + 1)
            v["vm_err"] *= k; v["vm_err_last"] *= k; v["dapd90_last"] *= k; v["state_err"] *= k
        }
        END {
            if (m == "") m = "?"
            if (length(m) > 38) m = substr(m, 1, 35) "..."
            if (rc != 0 || m == "?") { printf "%-40s %-38s  could not run (see build/long-check/%s.err)\n", name, m, name; exit 1 }
            if (m == "the file\047s methods" && k == 1) { printf "%-40s %-38s  (the file\047s own methods: nothing to compare)\n", name, m; exit 0 }
            if (fail != "") { printf "%-40s %-38s  %s  OUTSIDE\n", name, m, fail; exit 1 }
            ok = v["state_err"] <= 1 && (k == 2 || (v["vm_err_last"] <= 0.1 && \
                 (v["dapd90_last"] < 0 ? -v["dapd90_last"] : v["dapd90_last"]) <= 0.5))
            printf "%-40s %-38s %8.4f %8.4f %8.2f %+8.3f  %-14s %8.4f %7.1f %7.1f  %s\n", name, m, v["vm_err"],
                   v["vm_err_last"], v["apd90_last"], v["dapd90_last"], v["state"], v["state_err"], sa, sb,
                   ok ? "within" : "OUTSIDE"
            exit !ok
        }' "$out/$name.txt"
}

printf '# %s beats at BCL %s ms (or 1.5 APD90), one cell, dt 0.01 ms: the methods a run uses against %s (%s)\n' \
    "$beats" "$bcl" "$([ "$self" = 1 ] && echo "themselves at dt/2, differences doubled" || echo "the file's own")" "$(date +%F)"
printf '%-40s %-38s %8s %8s %8s %8s  %-14s %8s %7s %7s  %s\n' model methods "Vm%" "Vm%last" APD90 dAPD90 state \
    "state%" "s" "$([ "$self" = 1 ] && echo s_dt/2 || echo s_file)" verdict
rc=0 running=0
while IFS=, read -r name model paced start dur curr _ _ _ _ apd rest; do
    [ "$name" = name ] && continue
    [ "$want" != "  " ] && [[ "$want" != *" $name "* ]] && continue
    one "$name" "$model" "$paced" "$start" "$dur" "$curr" "$apd" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n || rc=1; running=$((running - 1)); fi
done <"$top/tests/reference/cases.csv"
while [ "$running" -gt 0 ]; do wait -n || rc=1; running=$((running - 1)); done
exit $rc

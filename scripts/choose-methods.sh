#!/usr/bin/env bash
# choose-methods.sh STARCARP [JOBS] [NAME...]: the automatic choice of integration methods for the
# library (docs/methods.md), written to models/methods.tsv. For each case of
# tests/reference/cases.csv (only the NAMEs given, else all) it runs
#   STARCARP methods MODEL --dt 0.01 --stim-start S --stim-dur D --stim-curr C --bcl B --numstim N
#                          --duration T --table ROW -q
# with the case's own protocol (so that the check runs the beat the reference traces run), JOBS
# at a time (default 2), then merges the rows (sorted by model) into models/methods.tsv, keeping
# the rows of models not chosen again. Each model's report goes to build/methods/<name>.txt.
# SC_CHOOSE_TIMEOUT (s, default 1800) bounds one model: past it the model keeps its row (or none:
# then the build uses its own methods and warns). Exit status: 1 when a model could not be
# analysed or built or ran out of time (its report says why).
set -uo pipefail
sc=${1:?usage: choose-methods.sh STARCARP [JOBS] [NAME...]}
jobs=${2:-2}
shift $(( $# > 1 ? 2 : 1 ))
top=$(cd "$(dirname "$0")/.." && pwd)
out="$top/build/methods"
mkdir -p "$out"
table="$top/models/methods.tsv"
want=" $* "
rc=0
one() {   # name model start dur curr bcl num duration
    local name=$1
    rm -f "$out/$name.tsv"
    if timeout "${SC_CHOOSE_TIMEOUT:-1800}" "$sc" methods "$top/$2" --dt 0.01 --stim-start "$3" --stim-dur "$4" --stim-curr "$5" --bcl "$6" \
        --numstim "$7" --duration "$8" --table "$out/$name.tsv" -q >"$out/$name.txt" 2>&1; then
        echo "choose-methods: $name: $(grep '^choice:' "$out/$name.txt")"
    else
        echo "choose-methods: $name: FAILED (see $out/$name.txt)"; return 1
    fi
}
running=0
: >"$out/.run"
while IFS=, read -r name model paced start dur curr bcl num duration rest; do
    [ "$name" = name ] && continue
    [ "$want" != "  " ] && [[ "$want" != *" $name "* ]] && continue
    [ "$paced" = 1 ] || { num=0; start=0; dur=1; curr=0; }   # unpaced: no stimulus
    echo "$name" >>"$out/.run"
    one "$name" "$model" "$start" "$dur" "$curr" "$bcl" "$num" "$duration" &
    running=$((running + 1))
    if [ "$running" -ge "$jobs" ]; then wait -n || rc=1; running=$((running - 1)); fi
done <"$top/tests/reference/cases.csv"
while [ "$running" -gt 0 ]; do wait -n || rc=1; running=$((running - 1)); done
# merge: the header comments of the table, its rows not chosen again, the new rows, by model
tmp=$(mktemp)
grep '^#' "$table" >"$tmp"
{
    grep -v '^#' "$table" | while IFS=$'\t' read -r model rest; do
        grep -qx "$model" "$out/.run" && [ -f "$out/$model.tsv" ] || printf '%s\t%s\n' "$model" "$rest"
    done
    while read -r name; do [ -f "$out/$name.tsv" ] && grep -v '^#' "$out/$name.tsv"; done <"$out/.run"
} | sort -t$'\t' -k1,1 >>"$tmp"
mv "$tmp" "$table"
echo "choose-methods: $(grep -vc '^#' "$table") rows in $table"
exit $rc

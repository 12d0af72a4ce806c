#!/usr/bin/env bash
# methods-rates.sh [options] MODEL=SET[;SET...] ...: how fast a model runs with each method set, on
# the same machine in one go (docs/methods.md, "Models that keep implicit methods": the rates
# before and after a change of models/methods.tsv). For each MODEL (a case name of
# tests/reference/cases.csv: its file and stimulus) and each SET (a --methods value: `file` for
# the file's own methods, or overrides such as cvode=fe,Cass=cvode) it runs
#   starcarp bench --imp FILE --methods SET --num N --duration D --stim-start S ... --ngpu G --ncpu C
# paced as the case (the upstroke within the timed run: adaptive methods take their most
# sub-steps there), ROUNDS times, the sets interleaved, and prints per set the best rate in
# cell-steps/s (bench's summary: wall time of the run, plugin build excluded as it is cached by the
# first, untimed round) and its ratio to the model's first set.
# Options:
#   --starcarp BIN   the starcarp binary (default: build/bin/starcarp of this tree)
#   --num N          cells (default 4096)       --duration MS   ms per run (default 50)
#   --ngpu G         GPU workers (default 0)    --ncpu C        CPU workers (default 1)
#   --precision P    double or single (default double)
#   --rounds R       timed rounds per set (default 3)
# Example (CPU here; on the GPU machine --ngpu 1 --ncpu 0 --num 1048576):
#   lab/methods-rates.sh 'bondarenko_szigeti_bett_kim_rasmusson_2004_apical=file;cvode=fe,Cass=cvode'
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/scripts/script-args.sh"
sc="$top/build/bin/starcarp" num=4096 dur=50 ngpu=0 ncpu=1 prec=double rounds=3
script_opts methods-rates.sh "--starcarp=sc --num=num --duration=dur --ngpu=ngpu --ncpu=ncpu
    --precision=prec --rounds=rounds" "$@"
set -- "${rest[@]}"
script_args methods-rates.sh "[options] MODEL=SET[;SET...] ..." $# "$sc"

# rate SET: one run's cell-steps/s, or "fail"
rate() {
    local out
    if out=$("$sc" bench --imp "$top/$model" --methods "$1" --num "$num" --duration "$dur" --dt 0.01 \
        --stim-start "$start" --stim-dur "$sdur" --stim-curr "$curr" --numstim 1 --precision "$prec" \
        --ngpu "$ngpu" --ncpu "$ncpu" --no-trace 2>&1); then
        sed -n 's/^summary: wall time [0-9.]* s, \([0-9.e+-]*\) cell-steps\/s.*/\1/p' <<<"$out"
    else
        echo fail
    fi
}

printf '%-40s %-60s %12s %7s\n' model set cell-steps/s ratio
for arg in "$@"; do
    name=${arg%%=*}
    IFS=';' read -r -a sets <<<"${arg#*=}"
    line=$(grep "^$name," "$top/tests/reference/cases.csv") || { echo "methods-rates.sh: no case $name" >&2; continue; }
    IFS=, read -r _ model _ start sdur curr _ <<<"$line"
    declare -A best=()
    for set in "${sets[@]}"; do rate "$set" >/dev/null; best[$set]=0; done   # builds the plugins
    for ((r = 0; r < rounds; r++)); do
        for set in "${sets[@]}"; do
            x=$(rate "$set")
            [ "$x" = fail ] && { best[$set]=fail; continue; }
            [ "${best[$set]}" = fail ] || best[$set]=$(awk -v a="${best[$set]}" -v b="$x" 'BEGIN { print (b > a ? b : a) }')
        done
    done
    first=${best[${sets[0]}]}
    for set in "${sets[@]}"; do
        ratio=$(awk -v a="$first" -v b="${best[$set]}" 'BEGIN { printf (a > 0 && b > 0 ? "%.3g" : "-"), b / a }')
        printf '%-40.40s %-60.60s %12s %7s\n' "$name" "$set" "${best[$set]}" "$ratio"
    done
    unset best
done

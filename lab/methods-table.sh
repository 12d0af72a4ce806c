#!/usr/bin/env bash
# methods-table.sh [TABLE]: models/methods.tsv (the automatic choice of methods, docs/methods.md)
# as a markdown table: per model the choice, its error against the tight reference (double and
# single), and the one-cell CPU time of a beat with the file's methods and with the choice
# (portable C, the chooser's own runs), the long check's estimate for the state that differs most
# (rows chosen since 2026-11-26), with the count of each kind of choice and the geometric mean of
# the CPU speed-ups.
set -euo pipefail
table=${1:-$(cd "$(dirname "$0")/.." && pwd)/models/methods.tsv}
awk -F'\t' '
/^#/ { next }
{
    n++
    ov = $4 == "-" ? "(the file'"'"'s)" : "`" $4 "`"
    sp = ($4 != "-" && $13 > 0 && $12 > 0) ? sprintf("%.3g", $12 / $13) : "-"
    if ($4 != "-" && $13 > 0 && $12 > 0) { l += log($12 / $13); k++ }
    if ($4 == "-") kept++; else if ($4 == "cvode=fe") fe++; else other++
    lg = ($15 == "" || $15 == "-") ? "-" : $15 " (" $16 ")"
    printf "| %s | %s | %s | %s / %s | %s / %s | %s | %s | %s | %s |\n", $1, ov, $5, $6, $7, $8, $9, $12, $13, sp, lg
}
BEGIN {
    print "| model | overrides | choice | error % / dAPD90 ms, double | single | file s | chosen s | CPU speed-up | long check, state % |"
    print "|---|---|---|---|---|---:|---:|---:|---|"
}
END {
    printf "\n%d models: forward Euler for every cvode state %d, another set %d, the file'"'"'s methods %d; geometric mean of the one-cell CPU speed-up over the %d changed: %.3g\n", n, fe, other, kept, k, k ? exp(l / k) : 0
}' "$table"

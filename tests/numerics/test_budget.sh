#!/usr/bin/env bash
# test_budget.sh STARCARP: a user's model file and the budget of the automatic choice of methods
# (docs/methods.md, "A user's file: time to first run"), on O'Hara-Rudy given as a user's file. The
# budget counts work (operations of the one-cell runs), not seconds, and the cache only remembers:
#   - a budget that cannot be met (STARCARP_CHOOSE_BUDGET=0.05 units: less than the reference's
#     first run) runs the file's own methods, says so naming `starcarp methods FILE`, and the numbers
#     are those of --methods file; it stops at the same stage with an empty cache; a second run uses
#     the cut choice at once (no new choice)
#   - `starcarp methods FILE` finishes the choice without a budget (progress lines), caches it and
#     says the budget it needs; the tiny budget still gives the cut choice (a cache never changes a
#     run's methods), the default budget gives the finished one from the cache, and an empty cache
#     gives the same numbers again (the choice made anew is the same)
#   - a smaller --dt uses the choice made at 0.01 (said); a larger one makes its own
#   - a budget that is not a number is refused, naming the variable
# No verdict depends on the machine's speed or load.
set -u
SC=$1
. "$(dirname "$0")/../check.sh"   # check, check_done
MODELS=$(cd "$(dirname "$0")/../../models" && pwd)
check_workdir
export STARCARP_CACHE="$W/cache" STARPU_NCUDA=0
RUN=(--stim-curr 52 --stim-start 1 --duration 20 --dt-out 1 --ncpu 1 --no-trace)
(cat "$MODELS/cellml/ohara_rudy_2011_endo.model"; echo "# my copy") >my.model

STARCARP_CHOOSE_BUDGET=0.05 "$SC" bench --imp my.model "${RUN[@]}" >cut.txt 2>cut.err
check "a tiny budget: the run completes" test -s cut.txt
check "... the budget is said" grep -q "stopped at its budget of 0.05 units of work (STARCARP_CHOOSE_BUDGET" cut.err
check "... the file's own methods run" grep -q "the file's own methods are used" cut.err
check "... how to finish: starcarp methods FILE" grep -q '`starcarp methods my.model` makes the whole choice' cut.err
"$SC" bench --imp my.model --methods file "${RUN[@]}" >file.txt 2>/dev/null
check "... the numbers are the file's methods'" cmp -s cut.txt file.txt
stage() { sed -n 's/.*units of work (STARCARP_CHOOSE_BUDGET[^)]*) during \(.*\): the file.s own.*/\1/p' "$1"; }
STARCARP_CACHE="$W/cache0" STARCARP_CHOOSE_BUDGET=0.05 "$SC" bench --imp my.model "${RUN[@]}" >/dev/null 2>cut0.err
check "... an empty cache: cut at the same stage ($(stage cut.err))" test -n "$(stage cut.err)" -a "$(stage cut.err)" = "$(stage cut0.err)"
STARCARP_CHOOSE_BUDGET=0.05 "$SC" bench --imp my.model "${RUN[@]}" >cut2.txt 2>cut2.err
check "a second run: the cut choice from the cache, no new reference" \
    bash -c 'grep -q "(cached) the automatic choice of methods stopped" cut2.err && ! grep -q "^starcarp methods: my.model: reference run" cut2.err'

"$SC" methods my.model >methods.txt 2>methods.err
check "starcarp methods FILE: progress lines" grep -q "my.model: reference run 1/4" methods.err
check "... candidates built and checked, numbered" grep -q "checking candidate 1/" methods.err
check "... a choice that is not the file's" grep -q "choice: .* = --methods cvode=" methods.txt
check "... the budget it needs" grep -q "^budget: a run finishes this choice with STARCARP_CHOOSE_BUDGET of at least" methods.txt
check "... cached, for runs with that budget" grep -q "the choice is now cached: runs at dt 0.01 ms (or smaller) with a budget of at least" methods.err
need=$(sed -n 's/^budget: .* at least \([0-9.e+]*\) units.*/\1/p' methods.txt)
check "... which the default budget covers ($need units)" awk -v n="$need" 'BEGIN { exit !(n > 0.05 && n <= 40) }'
chosen=$(sed -n 's/^choice: .* = --methods //p' methods.txt)
STARCARP_CHOOSE_BUDGET=0.05 "$SC" bench --imp my.model "${RUN[@]}" >cut3.txt 2>cut3.err
check "the tiny budget still runs the file's methods (the cache changes no run's methods)" cmp -s cut.txt cut3.txt
"$SC" bench --imp my.model "${RUN[@]}" >full.txt 2>full.err
check "the default budget uses the finished choice (said)" grep -q "my.model: methods chosen from the cache" full.err
check "... with no new choice" bash -c '! grep -q "^starcarp methods: my.model: reference run\|stopped at its budget" full.err'
check "... and runs the chosen methods" grep -q "summary: methods .*the automatic choice: --methods $chosen" full.err
"$SC" bench --imp my.model --methods "$chosen" "${RUN[@]}" >given.txt 2>/dev/null
check "... the numbers of those methods" cmp -s full.txt given.txt
STARCARP_CACHE="$W/cache1" "$SC" bench --imp my.model "${RUN[@]}" >fresh.txt 2>fresh.err
check "an empty cache: the choice is made again (said)" grep -q "my.model: methods chosen (in" fresh.err
check "... and gives the same numbers, bit for bit" cmp -s full.txt fresh.txt

"$SC" bench --imp my.model --dt 0.005 "${RUN[@]}" >/dev/null 2>half.err
check "a smaller dt uses the choice made at 0.01 (said)" grep -q "at dt 0.01 ms, which holds for dt 0.005 ms" half.err
STARCARP_CHOOSE_BUDGET=none "$SC" bench --imp my.model --dt 0.02 "${RUN[@]}" >/dev/null 2>double.err
check "a larger dt makes its own choice" grep -q "at dt 0.02 ms" double.err
check "... with its reference" grep -q "^starcarp methods: my.model: reference run 1/4" double.err

STARCARP_CHOOSE_BUDGET=soon "$SC" bench --imp my.model --dt 0.04 "${RUN[@]}" >/dev/null 2>bad.err
rc=$?
check "a budget that is no number: refused" test $rc -ne 0
check "... naming the variable and what it takes" grep -q "STARCARP_CHOOSE_BUDGET='soon': expected the work" bad.err

check_done

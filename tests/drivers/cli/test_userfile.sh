#!/usr/bin/env bash
# test_userfile.sh STARCARP: a user's own model file (docs/methods.md, "A user's file"):
#   - a file with a library model's text (byte for byte, or with CR LF line ends and trailing blanks)
#     is the library model: no plugin is built, no choice is made, and the numbers are the library's
#   - a file that differs (a comment appended) is the user's own model (a plugin in the cache)
#   - a state coupled to Vm faster than dt is warned about once, at the run's dt (--methods file)
set -u
SC=$1
. "$(dirname "$0")/../../check.sh"   # check, check_done
MODELS=$(cd "$(dirname "$0")/../../../models" && pwd)
check_workdir
export STARCARP_CACHE="$W/cache"
RUN=(--stim-curr 52 --stim-start 1 --duration 20 --dt-out 1 --ncpu 1 --no-trace -q)

cp "$MODELS/cellml/clancy_rudy_2002.model" same.model
sed 's/$/\r/; s/;\r$/;  \r/' "$MODELS/cellml/faber_rudy_2000.model" >crlf.model
"$SC" bench --imp clancy_rudy_2002 "${RUN[@]}" >lib.txt 2>/dev/null
"$SC" bench --imp same.model "${RUN[@]}" >file.txt 2>err.txt
check "a library text is the library model (said)" grep -q "has the text of the library's clancy_rudy_2002" err.txt
check "a library text gives the library's numbers" cmp -s lib.txt file.txt
check "a library text builds no plugin" test ! -e cache
"$SC" bench --imp faber_rudy_2000 "${RUN[@]}" >lib2.txt 2>/dev/null
"$SC" bench --imp crlf.model "${RUN[@]}" >file2.txt 2>err2.txt
check "CR LF line ends and trailing blanks: still the library model" grep -q "library's faber_rudy_2000" err2.txt
check "CR LF: the library's numbers" cmp -s lib2.txt file2.txt

# a state coupled to Vm faster than dt (two_compartment.model's Vt, 0.887 us) run with --methods file:
# the analysis warns about it once, at the run's dt
"$SC" bench --imp "$MODELS/../tests/numerics/two_compartment.model" --methods file --dt 0.02 --duration 1 -q \
    >/dev/null 2>fast.err
check "--methods file at --dt 0.02: the state coupled to Vm faster than dt is warned about at 0.02 ms" \
    grep -q "state 'Vt' is coupled to Vm with a time constant of 0.887 us, below dt = 0.02 ms" fast.err
check "... once (not again at bench's default dt)" test "$(grep -c 'is coupled to Vm with a time constant' fast.err)" = 1

(cat "$MODELS/native/AlievPanfilov.model"; echo "# my change") >mine.model
"$SC" bench --imp mine.model --duration 2 -q >/dev/null 2>err3.txt
check "a file with a comment appended is the user's own model" bash -c '! grep -q "text of the library" err3.txt'
check "... built as a plugin in the cache" test -d cache

# the physiology watch: a store driven below zero by forward Euler stops the run at that step
"$SC" bench --imp "$MODELS/../tests/numerics/ca_blowup.model" --methods file --num 4 --vary 'k_rel=50:250' \
    --duration 20 --no-trace -q >blow.txt 2>blow.err
rc=$?
check "a negative concentration stops the run (exit $rc)" test $rc -eq 1
check "... naming the cell, the state, the time and the methods" \
    grep -q "numerical failure in cell 3 at t = 0 ms (step 0, dt 0.01 ms): Ca_jsr = -0.25 below 0, for a concentration (Vm = -80 mV; methods fe, the model file's" blow.err
check "... and the stable cells did not trip it" bash -c '! grep -q "cell [012] " blow.err'
"$SC" bench --imp "$MODELS/../tests/numerics/ca_blowup.model" --methods file --duration 20 --no-watch \
    --no-trace -q >blow2.txt 2>blow2.err
check "--no-watch: the same run goes on past the negative store" bash -c '! grep -q "t = 0 ms" blow2.err'

check_done

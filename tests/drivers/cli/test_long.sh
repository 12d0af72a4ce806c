#!/usr/bin/env bash
# test_long.sh STARCARP: the size of long `starcarp bench` runs, told and checked before the work.
#   1. a restitution protocol far beyond the usual size is refused before StarPU starts (STARPU_SCHED
#      =nosuch makes StarPU warn when it starts): exit 2, the message names the file's values and
#      --long-run, nothing is written; outputs beyond 10 GB are refused the same way;
#   2. --long-run runs them; the size line gives the run's steps (501 for --duration 5); -q: none;
#   3. the long protocol with --long-run, stopped by SIGTERM once its restitution file holds a row
#      and the size line is out (both polled, no fixed sleep): exit 143; the size line came first
#      and counts the steps the stop message counts; the restitution file holds only whole rows of
#      finite numbers, as many as the message says (fewer than the protocol's); the AP statistics'
#      APDs are finite.
set -u
sc=$1
fails=0; n=0
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
export STARPU_SILENT=1 STARPU_NCPU=1 STARCARP_CACHE="$tmp/cache"
cd "$tmp"   # bench writes Trace_0.dat in the working directory
check() {  # check DESCRIPTION STATUS
    n=$((n+1))
    if [ "$2" != 0 ]; then
        fails=$((fails+1)); echo "FAIL: $1"
        for f in "$tmp"/*.err; do [ -s "$f" ] && { echo "--- $f"; tail -5 "$f"; }; done
    else echo "ok: $1"; fi
}
datarows() { awk '!/^#/' "$1" 2>/dev/null | wc -l; }
told() { grep -Eq "^starcarp bench: [0-9]+ steps of" "$1"; }  # told FILE: the size line is in it
n_='[0-9.e+-]+'  # a number as %g writes it
sizeline="^starcarp bench: [0-9]+ steps of 0\\.01 ms to t = $n_ ms on 1 cell(, about $n_ [kMGTP]?B of outputs)?; wall time about $n_ (s|min|h|days) \\(an estimate from its first $n_ (s|min|h|days)\\)\$"

# 1. refusals. The protocol: 1 prebeat, S1 at 500 ms, S2 from 400 ms down to 300 ms by 0.015 ms
#    after 2 S1 each: 6667 S2s, 20002 pulses, 150 min of physiology (nbeats 2 and CIinc 15 meant)
tt=(bench --imp ten_tusscher_model_2006_epi -c 52)
printf '1 # S1S2\n1\n500\n400\n300\n2\n0.015\n' > long.txt
STARPU_SCHED=nosuch "$sc" "${tt[@]}" --restitute S1S2 --res-file long.txt --fout lr > /dev/null 2> ref.err; rc=$?
cat ref.err
check "a protocol beyond the usual size: exit 2 (got $rc)" $([ $rc = 2 ]; echo $?)
grep -qF -- "--res-file long.txt: the S1S2 protocol (1, prebeats 1, BCL 500 ms, CI1 400 ms, CI0 300 ms, nbeats 2, CIinc 0.015 ms) makes 6667 S2 coupling intervals, 20002 pulses and 150" ref.err &&
    grep -qF "check the order of the file's numbers (1, prebeats, BCL, CI1, CI0, nbeats, CIinc) or give --long-run to run it" ref.err
check "the message names the file's values, its size, the order and --long-run" $?
check "refused before StarPU starts, nothing written" \
    $(! grep -q nosuch ref.err && [ ! -e lr_APD_restitution.dat ] && [ ! -e Trace_0.dat ]; echo $?)
STARPU_SCHED=nosuch "$sc" bench --imp AlievPanfilov --duration 1e7 --dt-out 0.01 > /dev/null 2> big.err; rc=$?
cat big.err
check "outputs beyond 10 GB: exit 2, --long-run named, before StarPU starts (got $rc)" \
    $([ $rc = 2 ] && grep -q "the outputs would hold about [0-9.]* GB (1000000001 rows.*--long-run writes them" big.err &&
      ! grep -q nosuch big.err && [ ! -e Trace_0.dat ]; echo $?)

# 2. --long-run runs them; the size line
"$sc" "${tt[@]}" --restitute S1S2 --res-file long.txt --long-run --duration 5 --fout ok > /dev/null 2> ok.err; rc=$?
grep "^starcarp bench: " ok.err
check "--long-run: the protocol runs (status $rc)" $rc
check "the size line gives the run's steps (501 for --duration 5)" \
    $(grep -Eq "$sizeline" ok.err && grep -q "^starcarp bench: 501 steps of 0.01 ms to t = 5 ms on 1 cell" ok.err; echo $?)
"$sc" "${tt[@]}" --restitute S1S2 --res-file long.txt --long-run --duration 5 --fout q -q > /dev/null 2> q.err
check "-q: no size line" $(! told q.err; echo $?)

# 3. the long protocol stopped by SIGTERM once a row is on disk
"$sc" "${tt[@]}" --restitute S1S2 --res-file long.txt --long-run --fout lr --APstatistics --no-trace \
    > /dev/null 2> lr.err & pid=$!
ready=1
for _ in $(seq 1 6000); do  # until the first row and the size line are out (or the run ended, or 300 s)
    if [ "$(datarows lr_APD_restitution.dat)" -ge 1 ] && told lr.err; then ready=0; break; fi
    kill -0 $pid 2>/dev/null || break
    sleep 0.05
done
check "the restitution file holds a row while the protocol runs" $ready
kill -TERM $pid; wait $pid; rc=$?
cat lr.err
check "SIGTERM: exit 143 (got $rc)" $([ $rc = 143 ]; echo $?)
steps=$(sed -En 's/^starcarp bench: ([0-9]+) steps of.*/\1/p' lr.err)
last=$(sed -En 's/.*stopped by SIGTERM at t = [0-9.e+]+ ms, step [0-9]+ of ([0-9]+);.*/\1/p' lr.err)
check "the size line ($steps steps) counts the run's steps (the stop's last step $last + 1)" \
    $([ -n "$steps" ] && [ -n "$last" ] && [ "$steps" = $((last + 1)) ] && grep -Eq "$sizeline" lr.err; echo $?)
check "the size line comes before the stop" \
    $([ "$(grep -En "^starcarp bench: [0-9]+ steps of" lr.err | cut -d: -f1)" -lt "$(grep -n "stopped by" lr.err | cut -d: -f1)" ]; echo $?)
rows=$(datarows lr_APD_restitution.dat)
said=$(sed -En "s/.*; lr_APD_restitution.dat holds ([0-9]+) of the protocol's 6667 rows.*/\1/p" lr.err)
check "the message says how many rows the file holds ($said; the file $rows)" \
    $([ -n "$said" ] && [ "$said" = "$rows" ] && [ "$rows" -ge 1 ] && [ "$rows" -lt 6667 ]; echo $?)
num='^[-+]?[0-9]+(\.[0-9]*)?(e[-+]?[0-9]+)?$'
awk -v num="$num" '!/^#/ { if (NF != 11 || $2 != "P") bad = 1; for (i = 4; i <= NF; i++) if ($i !~ num) bad = 1 }
                   END { exit bad }' lr_APD_restitution.dat
check "every restitution row whole, of finite numbers" $?
head -3 lr_APD_restitution.dat
check "the AP statistics: whole rows, finite APDs" \
    $([ "$(datarows lr_AP_stats.dat)" -ge 1 ] &&
      awk -v num="$num" '!/^#/ && (NF != 11 || $4 !~ num) { bad = 1 } END { exit bad }' lr_AP_stats.dat; echo $?)

echo "$((n - fails)) of $n checks passed"
[ $fails = 0 ] && [ $n -gt 0 ] # a test that checked nothing has not passed

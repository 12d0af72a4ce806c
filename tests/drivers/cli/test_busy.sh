#!/bin/bash
# test_busy.sh STARCARP: the CPU workers' policy on a shared machine end to end (drivers/cli/busy.c;
# docs/runtime.md, "Busy machines"). The machine's own load is whatever it is while the test runs,
# so the policy is driven by an input the test sets and every check holds at any load: the ranks
# that an MPI launcher says share this node's cores (OMPI_COMM_WORLD_LOCAL_SIZE=2; no MPI starts
# without OMPI_COMM_WORLD_SIZE). The cases:
#   1. the policy: its line on stderr (also under -q) names the ranks; the CPU workers StarPU
#      started (`starcarp devices`) are the line's count, at most half the cores;
#   2. a user's --ncpu 2 and STARPU_NCPU=2 win: 2 CPU workers, a line without a count;
#   3. STARCARP_WORKERS=all turns the policy off (no line, StarPU's count); another value is refused;
#   4. the results do not depend on it: bench's table and tissue's activation map equal --ncpu 2's.
set -u
sc=$1
. "$(dirname "$0")/../../check.sh"; check_tmp   # check, check_done; $tmp
export STARCARP_CACHE=$tmp/cache STARPU_SILENT=1
unset STARPU_NCPU STARPU_NCPUS STARPU_WORKERS_NOBIND STARCARP_WORKERS OMPI_COMM_WORLD_SIZE PMI_SIZE
cores=$(nproc) online=$(getconf _NPROCESSORS_ONLN)
if [ "$cores" != "$online" ]; then
    echo "the process may use $cores of $online cores: ranks then have their own, the policy does not divide them: skipped"
    exit 77
fi
two=(env OMPI_COMM_WORLD_LOCAL_SIZE=2)
dev=(devices --cells 1000 --steps 2 --ngpu 0)
cpus() { sed -n 's/^workers: [0-9]* (\([0-9]*\) CPU.*/\1/p' "$1"; }

# 1. the policy
"${two[@]}" "$sc" "${dev[@]}" > "$tmp/d.out" 2> "$tmp/d.err"; check_status "devices with 2 ranks on the node" $?
line=$(grep '^starcarp: ' "$tmp/d.err"); echo "   $line"
n=$(cpus "$tmp/d.out")
echo "   $n CPU workers on $cores cores"
check "the line names the 2 ranks sharing the $cores cores" grep -q "2 ranks share $cores cores" <<<"$line"
if [ "$cores" -ge 2 ]; then
    check "the line's count is the CPU workers started" grep -q "^starcarp: $n CPU workers\?, not bound to cores" <<<"$line"
    check "at most half the cores: $n <= $((cores / 2))" test -n "$n" -a "$n" -le $((cores / 2))
else
    check "one core: its one worker, not bound" test "$n" = 1 -a "${line#starcarp: CPU workers not bound}" != "$line"
fi
bench=(bench --imp AlievPanfilov --num 64 --duration 2 --stim-start 0.5 --stim-curr 60)
"${two[@]}" "$sc" "${bench[@]}" -q > "$tmp/b.txt" 2> "$tmp/b.err"; check_status "bench" $?
check "bench -q: the line too" grep -q "^starcarp: .*2 ranks share" "$tmp/b.err"
tis=(tissue --imp AlievPanfilov --size 2 --dx 0.1 --duration 4 --stim x=0:0.3,amp=100 -q --no-png)
"${two[@]}" "$sc" "${tis[@]}" --out "$tmp/t" > /dev/null 2> "$tmp/t.err"; check_status "tissue" $?
check "tissue -q: the line too" grep -q "^starcarp: .*2 ranks share" "$tmp/t.err"

# 2. a user's count wins
for how in "--ncpu 2" "STARPU_NCPU=2"; do
    if [ "$how" = "--ncpu 2" ]; then
        "${two[@]}" "$sc" "${dev[@]}" --ncpu 2 > "$tmp/u.out" 2> "$tmp/u.err"
    else
        "${two[@]}" STARPU_NCPU=2 "$sc" "${dev[@]}" > "$tmp/u.out" 2> "$tmp/u.err"
    fi
    check_status "$how: devices" $?
    check "$how: 2 CPU workers" test "$(cpus "$tmp/u.out")" = 2
    check "$how: the line gives no count" grep -q "^starcarp: CPU workers not bound to cores" "$tmp/u.err"
done

# 3. the policy off; a bad value
"${two[@]}" STARCARP_WORKERS=all "$sc" "${dev[@]}" > "$tmp/a.out" 2> "$tmp/a.err"; check_status "STARCARP_WORKERS=all" $?
check "STARCARP_WORKERS=all: no line" bash -c "! grep -q '^starcarp: ' '$tmp/a.err'"
check "STARCARP_WORKERS=all: a CPU worker per core ($cores)" test "$(cpus "$tmp/a.out")" = "$cores"
STARCARP_WORKERS=some "$sc" "${dev[@]}" > /dev/null 2> "$tmp/x.err"; rc=$?
echo "   $(cat "$tmp/x.err")"
check "STARCARP_WORKERS=some: refused (status $rc) naming auto and all" \
    bash -c "[ $rc = 2 ] && grep -q 'STARCARP_WORKERS=some: expected auto .* or all' '$tmp/x.err'"

# 4. the same bits
"$sc" "${bench[@]}" -q --ncpu 2 > "$tmp/b2.txt" 2> /dev/null
check "bench: the policy's workers == --ncpu 2 (bits)" bash -c "[ -s '$tmp/b.txt' ] && cmp -s '$tmp/b.txt' '$tmp/b2.txt'"
"$sc" "${tis[@]}" --ncpu 2 --out "$tmp/t2" > /dev/null 2>&1
a=init_acts_vm_act-thresh.dat
check "tissue: some nodes activated ($(awk '$1 >= 0' "$tmp/t/$a" | wc -l))" awk '$1 >= 0 { n++ } END { exit !(n > 0) }' "$tmp/t/$a"
check "tissue: the policy's workers == --ncpu 2, activation times (bits)" cmp -s "$tmp/t/$a" "$tmp/t2/$a"
check_done

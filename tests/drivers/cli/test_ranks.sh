#!/usr/bin/env bash
# test_ranks.sh STARCARP: ranks as users start them (docs/runtime.md, "Ranks and cores").
# The README's line `mpirun -np 2 build/bin/starcarp bench --imp AlievPanfilov --num 1000000 ...` as
# written (Open MPI's default binding: a core per rank), with --bind-to none and with
# --map-by slot:PE=1: each runs and its probe outputs equal one rank's, bit for bit. A rank bound to
# a single core gets a CPU worker (StarPU-MPI would otherwise keep that core for its thread).
set -u
SC=$1
. "$(dirname "$0")/../../check.sh"   # check, check_done
check_workdir
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
unset STARPU_NCPU STARPU_NCUDA
ARGS=(bench --imp AlievPanfilov --num 1000000 --duration 2 --probe 0,499999,999999 --dt-out 0.5 --no-trace -q)
"$SC" "${ARGS[@]}" --fout one >/dev/null 2>one.err
check "one rank runs" test -s one.txt
for how in "" "--bind-to none" "--map-by slot:PE=1"; do
    name=$(echo "two${how}" | tr -c 'a-zA-Z0-9\n' '_')
    # shellcheck disable=SC2086
    timeout 300 mpirun -np 2 $how "$SC" "${ARGS[@]}" --fout "$name" >/dev/null 2>"$name.err"
    rc=$?
    check "mpirun -np 2 ${how:-(default binding)}: exit 0 (got $rc)" test $rc -eq 0
    [ $rc -eq 0 ] || cat "$name.err"
    for f in one.txt one_cell499999.txt one_cell999999.txt; do
        check "mpirun -np 2 ${how:-(default binding)}: ${f#one} equals one rank" cmp -s "$f" "${name}${f#one}"
    done
done
check_done

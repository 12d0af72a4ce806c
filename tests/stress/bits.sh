#!/usr/bin/env bash
# bits.sh STARCARP [mpi]: the equality checks of the test suite in a compact form, for the stress
# label (stress.sh runs it many times under load): what must come out bit for bit the same whatever
# the machine's load, the number of workers, slabs or ranks, a restart, and whatever the cache of
# choices holds. Every run that makes the automatic choice of methods (ten Tusscher 2006 at dt 0.02
# ms: not the library's step) makes it anew in an empty cache of its own, under the load.
#   1. bench, a population of 64 cells: 1 CPU worker == 2 workers, K 10 == K 7; the same at dt
#      0.02, each run its own choice;
#   2. tissue, a 2D sheet: 1 slab on 1 worker == 3 slabs on 2 workers, explicit and with 3 sub-steps
#      on deep halos at dt 0.02 (each its own choice);
#   3. the same sheet, Crank-Nicolson at dt 0.05: 3 slabs == 1; a checkpoint at 4 ms restarted ==
#      the uninterrupted run;
#   4. with StarPU-MPI (second argument "mpi"): 2 ranks == 1 rank, explicit at dt 0.02 with 3
#      sub-steps (the choice made on rank 0 and received by rank 1) and Crank-Nicolson; a mesh (a
#      strand of tetrahedra cut between the ranks) on 2 ranks == one process (200 steps: each
#      step is 9 exchanges, one per sweep, and beside the load each waits ~30 ms for time slices).
set -u
sc=$1; mpi=${2:-}
. "$(dirname "$0")/../check.sh"; check_tmp   # check, check_done; $tmp
export STARPU_SILENT=1 STARPU_NCUDA=0
tt=ten_tusscher_model_2006_epi
cache() { echo "$tmp/cache.$1"; }   # an empty cache per run: each makes its own choice

# 1. bench (cell 0's trace on stdout)
b=(bench --imp $tt --num 64 --duration 20 --stim-curr 52 --dt-out 1)
STARPU_NCPU=1 "$sc" "${b[@]}" > "$tmp/b1.txt" 2> /dev/null
STARPU_NCPU=2 "$sc" "${b[@]}" --steps-per-task 7 > "$tmp/b2.txt" 2> /dev/null
check "bench: 1 worker == 2 workers, K 10 == K 7" bash -c "[ -s '$tmp/b1.txt' ] && cmp -s '$tmp/b1.txt' '$tmp/b2.txt'"
STARCARP_CACHE=$(cache b3) STARPU_NCPU=1 "$sc" "${b[@]}" --dt 0.02 > "$tmp/b3.txt" 2> /dev/null
STARCARP_CACHE=$(cache b4) STARPU_NCPU=2 "$sc" "${b[@]}" --dt 0.02 > "$tmp/b4.txt" 2> /dev/null
check "bench at dt 0.02 (each run its own choice): 1 worker == 2 workers" \
    bash -c "[ -s '$tmp/b3.txt' ] && cmp -s '$tmp/b3.txt' '$tmp/b4.txt'"

# 2. and 3. tissue on a sheet
s=(tissue --imp $tt --size 4,2 --dx 0.1 --stim x=0:0.3,amp=50,dur=2 --duration 8 --vtk ascii --no-png
   --probe "2,1;3.5,2;1,0.2" --probe-dt 0.5 -q)
run() {  # run NAME NCPU ARGS...: the sheet into $tmp/NAME, its own empty cache
    local name=$1 ncpu=$2; shift 2
    STARCARP_CACHE=$(cache "$name") STARPU_NCPU=$ncpu "$sc" "${s[@]}" "$@" --out "$tmp/$name" > "$tmp/$name.txt" 2>&1
}
same() {  # same DESCRIPTION A B: the activation map and the probes of runs A and B alike
    check "$1" bash -c "[ -s '$tmp/$2/probes.txt' ] && cmp -s '$tmp/$2/probes.txt' '$tmp/$3/probes.txt' &&
        cmp -s '$tmp/$2/activation.vtk' '$tmp/$3/activation.vtk'"
}
run e1 1
run e3 2 --nparts 3
same "sheet, explicit: 1 slab, 1 worker == 3 slabs, 2 workers" e1 e3
run u1 1 --dt 0.02 --diffusion-substeps 3
run u3 2 --dt 0.02 --diffusion-substeps 3 --nparts 3
same "sheet, dt 0.02, 3 sub-steps (each run its own choice): 1 slab == 3 slabs" u1 u3
check "... the methods in effect in probes.txt's header, alike" bash -c \
    "head -1 '$tmp/u1/probes.txt' | grep -q 'methods .*(the automatic choice: --methods ' &&
     [ \"\$(head -1 '$tmp/u1/probes.txt')\" = \"\$(head -1 '$tmp/u3/probes.txt')\" ]"
run c1 1 --dt 0.05 --parab-solve cn
run c3 2 --dt 0.05 --parab-solve cn --nparts 3
same "sheet, Crank-Nicolson: 1 slab == 3 slabs" c1 c3
run k1 2 --checkpoint "$tmp/ck" --checkpoint-time 4
mkdir -p "$tmp/k2" && head -10 "$tmp/e1/probes.txt" > "$tmp/k2/probes.txt"
run k2 2 --restart "$tmp/ck"
same "sheet: restarted at 4 ms == uninterrupted" e1 k2

# 4. ranks
if [ "$mpi" = mpi ]; then
    mpi=(timeout 1200 mpirun --allow-run-as-root --oversubscribe -np 2)
    STARCARP_CACHE=$(cache m2) STARPU_NCPU=1 "${mpi[@]}" "$sc" "${s[@]}" --dt 0.02 --diffusion-substeps 3 \
        --out "$tmp/m2" > "$tmp/m2.txt" 2>&1
    same "2 ranks == 1 rank, dt 0.02, 3 sub-steps (the choice on rank 0)" u1 m2
    check "... one choice made, by rank 0 alone (one summary line)" \
        test "$(grep -c 'methods chosen (in' "$tmp/m2.txt")" = 1
    STARCARP_CACHE=$(cache n2) STARPU_NCPU=1 "${mpi[@]}" "$sc" "${s[@]}" --dt 0.05 --parab-solve cn \
        --out "$tmp/n2" > "$tmp/n2.txt" 2>&1
    same "2 ranks == 1 rank, Crank-Nicolson" c1 n2
    "$sc" mesh box --size 4,1,1 --dx 0.5 --elem tet6 --out "$tmp/s" > /dev/null
    mb=(tissue --imp AlievPanfilov --mesh "$tmp/s" --stim x=1.5:2.5,amp=100 --no-png --vtk ascii -q
        --probe "1,0.5,0.5;3,0.5,0.5" --probe-dt 0.5 --dt 0.05 --duration 10)
    STARPU_NCPU=1 "$sc" "${mb[@]}" --out "$tmp/h1" > "$tmp/h1.txt" 2>&1
    STARPU_NCPU=1 "${mpi[@]}" "$sc" "${mb[@]}" --out "$tmp/h2" > "$tmp/h2.txt" 2>&1
    same "mesh: 2 ranks == one process" h1 h2
fi
check_done

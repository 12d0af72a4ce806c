#!/bin/bash
# test_mesh_ranks.sh STARCARP: `starcarp tissue --mesh` on 2 StarPU-MPI ranks against one process
# (docs/tissue.md, "Meshes"): each rank holds its parts of the mesh's cut, the export buffers that
# the other rank's parts read travel between them every diffusion pass, rank 0 writes the outputs.
# A strand of tetrahedra (4 x 1 x 1 mm, dx 0.5 mm) is cut across x near its middle, where the
# stimulus is: the wave leaves the stimulus into both ranks' nodes (checked: nodes activated on
# each side beyond the stimulus), so a missing or late exchange changes the map.
#   1. explicit diffusion, lumped mass: activation map, probes.txt, vm.igb, a Vm snapshot and the
#      probes' activation times on stdout equal one process's bit for bit; the same with 2 parts per
#      rank (--nparts 2: exports between parts of one rank and between ranks);
#   2. Crank-Nicolson with the consistent mass (a mesh's default; Chebyshev sweeps, each an
#      exchange): the same bits;
#   3. a checkpoint of 2 ranks (one file per rank) restarted on 2 ranks: the uninterrupted run's bits.
#   4. two ionic regions (imp_region[1]: mitchell_schaeffer_2003 on the far half of a strand) on 2
#      ranks, each rank holding parts of both regions: activation map, probes, vm.igb equal one
#      process's bit for bit (explicit, lumped mass; Crank-Nicolson), a checkpoint per rank and
#      region restarted on 2 ranks giving the uninterrupted run's bits.
set -u
sc=$1
. "$(dirname "$0")/../check.sh"; check_tmp   # check, check_done; $tmp
mpi=(timeout 120 mpirun --allow-run-as-root --oversubscribe -np 2)
export STARPU_NCPU=1

"$sc" mesh box --size 4,1,1 --dx 0.5 --elem tet6 --out "$tmp/s" > /dev/null
base=(--imp AlievPanfilov --mesh "$tmp/s" --stim x=1.5:2.5,amp=100 --no-png --vtk ascii -q
      --probe "1,0.5,0.5;3,0.5,0.5;0,0,0;4,1,1" --probe-dt 0.5)
same() {  # same DESCRIPTION DIR1 DIR2 FILES...: the files of both runs (and their stdout) alike
    local d=$1 a=$2 b=$3 ok=0; shift 3
    for f in "$@"; do cmp -s "$a/$f" "$b/$f" || { ok=1; echo "   $f differs"; }; done
    cmp -s "$a.txt" "$b.txt" || { ok=1; echo "   stdout differs"; }
    check "$d" test $ok = 0
}
sides() {  # nodes activated beyond the stimulus on each side (the .pts file is in micrometres)
    awk 'NR > 1' "$tmp/s.pts" | paste - "$1/init_acts_vm_act-thresh.dat" |
        awk '{ if ($1 < 1400) { l++; la += $4 > 0 } if ($1 > 2600) { r++; ra += $4 > 0 } }
             END { printf "   activated beyond the stimulus: %d of %d nodes below x = 1.4 mm, %d of %d above 2.6 mm\n", la, l, ra, r
                   exit !(la > 0 && ra > 0) }'
}

# 1. explicit, lumped mass
ex=("${base[@]}" --mass lumped --dt 0.1 --duration 8 --snap-dt 4)
"$sc" tissue "${ex[@]}" --out "$tmp/e1" > "$tmp/e1.txt" 2> "$tmp/e1.err"
check_status "explicit, one process" $?
"${mpi[@]}" "$sc" tissue "${ex[@]}" --out "$tmp/e2" > "$tmp/e2.txt" 2> "$tmp/e2.err"
check_status "explicit, 2 ranks (mpirun)" $?
check "the wave crosses the cut between the ranks" sides "$tmp/e2"
same "explicit: 2 ranks == one process (activation, probes, vm.igb, a snapshot, stdout; bits)" "$tmp/e1" \
    "$tmp/e2" activation.vtk init_acts_vm_act-thresh.dat probes.txt vm.igb vm_0001.vtk
"${mpi[@]}" "$sc" tissue "${ex[@]}" --nparts 2 --partitioner rcb --out "$tmp/e3" > "$tmp/e3.txt" 2> /dev/null
same "explicit: 2 ranks of 2 parts each == one process (bits)" "$tmp/e1" "$tmp/e3" activation.vtk probes.txt vm.igb

# 2. Crank-Nicolson, consistent mass
cn=("${base[@]}" --parab-solve cn --dt 0.2 --cg-tol-parab 1e-4 --duration 10)
"$sc" tissue "${cn[@]}" --out "$tmp/c1" > "$tmp/c1.txt" 2> "$tmp/c1.err"
check_status "Crank-Nicolson, one process" $?
"${mpi[@]}" "$sc" tissue "${cn[@]}" --out "$tmp/c2" > "$tmp/c2.txt" 2> "$tmp/c2.err"
check_status "Crank-Nicolson, 2 ranks" $?
check "Crank-Nicolson: the wave crosses the cut" sides "$tmp/c2"
same "Crank-Nicolson: 2 ranks == one process (bits)" "$tmp/c1" "$tmp/c2" activation.vtk probes.txt

# 3. checkpoint and restart on 2 ranks
"${mpi[@]}" "$sc" tissue "${ex[@]}" --snap-dt 0 --checkpoint "$tmp/ck" --checkpoint-time 4 --out "$tmp/k1" \
    > /dev/null 2>&1
check "2 ranks: one checkpoint per rank" test -f "$tmp/ck.rank0" -a -f "$tmp/ck.rank1.act"
mkdir -p "$tmp/k2" && head -10 "$tmp/e1/probes.txt" > "$tmp/k2/probes.txt"
"${mpi[@]}" "$sc" tissue "${ex[@]}" --snap-dt 0 --restart "$tmp/ck" --out "$tmp/k2" > "$tmp/k2.txt" 2> /dev/null
cp "$tmp/e1.txt" "$tmp/k0.txt"
mkdir -p "$tmp/k0" && cp "$tmp/e1/activation.vtk" "$tmp/e1/probes.txt" "$tmp/k0/"
same "2 ranks restarted at 4 ms == one process uninterrupted (bits)" "$tmp/k0" "$tmp/k2" activation.vtk probes.txt

# 4. two ionic regions on 2 ranks: a strand of hexahedra whose far half is tagged 2 (imp_region[1],
# mitchell_schaeffer_2003), each half stimulated at its end; every rank holds parts of both regions
# (each region's nodes shared among the ranks), so both regions' exports cross between the ranks
"$sc" mesh box --size 4,0.5,0.5 --dx 0.25 --elem hex --out "$tmp/h" > /dev/null
awk 'NR == 1 { print; next } { if ($2 % 17 >= 8) $NF = 2; print }' "$tmp/h.elem" > "$tmp/h2.elem"
cp "$tmp/h.pts" "$tmp/h2.pts"; cp "$tmp/h.lon" "$tmp/h2.lon"
printf '%s\n' "num_imp_regions = 2" "imp_region[1].im = mitchell_schaeffer_2003" "imp_region[1].num_IDs = 1" \
    "imp_region[1].ID[0] = 2" > "$tmp/imp.par"
ir=(--imp AlievPanfilov --par "$tmp/imp.par" --mesh "$tmp/h2" --dt 0.02 --no-png --sigma 0.1334,0.0176
    --threshold 0.5 --stim x=0:0.25,amp=100 --stim x=3.75:4,amp=100 --probe "1,0.25,0.25;3,0.25,0.25"
    --probe-dt 0.5)
ie=("${ir[@]}" --mass lumped --duration 6.5 -q)
"$sc" tissue "${ie[@]}" --snap-dt 3 --out "$tmp/r1" > "$tmp/r1.txt" 2> "$tmp/r1.err"
check_status "2 ionic regions, one process" $?
"${mpi[@]}" "$sc" tissue "${ie[@]}" --snap-dt 3 --checkpoint "$tmp/rk" --checkpoint-time 3 --out "$tmp/r2" \
    > "$tmp/r2.txt" 2> "$tmp/r2.err"
check_status "2 ionic regions, 2 ranks" $?
check "... both waves past their regions' middles (the probes at x = 1 and 3 mm activated)" \
    awk 'NR > 1 && $NF > 0 { n++ } END { exit n != 2 }' "$tmp/r2.txt"
same "2 regions: 2 ranks == one process (activation, probes, vm.igb, stdout; bits)" "$tmp/r1" "$tmp/r2" \
    activation.vtk init_acts_vm_act-thresh.dat probes.txt vm.igb
check "2 regions on 2 ranks: a checkpoint per rank and region" \
    test -f "$tmp/rk.rank0.imp1" -a -f "$tmp/rk.rank1.imp1" -a -f "$tmp/rk.rank1" -a -f "$tmp/rk.rank0.act"
mkdir -p "$tmp/r3" && head -8 "$tmp/r1/probes.txt" > "$tmp/r3/probes.txt" # the rows up to 3 ms
"${mpi[@]}" "$sc" tissue "${ir[@]}" --mass lumped --duration 6.5 --restart "$tmp/rk" --out "$tmp/r3" > /dev/null \
    2> "$tmp/r3.err"
check "2 regions, 2 ranks restarted at 3 ms == one process uninterrupted (bits)" \
    bash -c "cmp -s '$tmp/r1/activation.vtk' '$tmp/r3/activation.vtk' && cmp -s '$tmp/r1/probes.txt' '$tmp/r3/probes.txt'"
check "... its setup line: the regions' nodes in the whole mesh (72 + 81)" grep -q \
    "imp_region\[0\] AlievPanfilov, 72 nodes, imp_region\[1\] mitchell_schaeffer_2003, 81 nodes" "$tmp/r3.err"
ic=("${ir[@]}" --mass lumped --parab-solve cn --cg-tol-parab 1e-4 --duration 2 -q)
"$sc" tissue "${ic[@]}" --out "$tmp/q1" > "$tmp/q1.txt" 2> /dev/null
"${mpi[@]}" "$sc" tissue "${ic[@]}" --out "$tmp/q2" > "$tmp/q2.txt" 2> /dev/null
same "2 regions, Crank-Nicolson: 2 ranks == one process (bits)" "$tmp/q1" "$tmp/q2" activation.vtk probes.txt
check_done

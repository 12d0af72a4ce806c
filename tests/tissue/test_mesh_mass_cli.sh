#!/bin/bash
# test_mesh_mass_cli.sh STARCARP: the consistent mass on meshes end to end (docs/tissue.md, "Meshes";
# the matrix, its bounds and its solve by the kernels: tissue.meshmass):
#   1. a wave across the fibres at dx 0.5 mm (a sheet of 3 x 7 x 0.5 mm of hexahedra, ten Tusscher
#      2006 epicardial cells, the N-version benchmark's conductivities and stimulus, dt 0.02 ms):
#      blocked with the lumped mass (the far edge, 7 mm across the fibres, never activates), it
#      crosses with the consistent mass (a mesh's default), the far edge activated at 40-55 ms.
#   2. 1 and 3 parts (coordinate bisection; METIS where built in) give the same activation map bit
#      for bit with the consistent mass, explicit and Crank-Nicolson; a checkpoint at 10 ms and a
#      restart from it give the uninterrupted run's map bit for bit.
#   3. the consistent mass's explicit limit (below the lumped one's) refuses a dt the lumped mass
#      takes; --mass consistent on the box is refused; openCARP's mass_lumping 0 and 1 choose it.
set -u
sc=$1
. "$(dirname "$0")/../check.sh"; check_tmp   # check, check_done; $tmp

# 1. across the fibres at dx 0.5 mm
"$sc" mesh box --size 3,7,0.5 --dx 0.5 --elem hex --out "$tmp/sheet" > /dev/null
nv=(--imp ten_tusscher_model_2006_epi --dt 0.02 --duration 55 --sigma 0.1334,0.0176 --chi 140 -q --no-png
    --stim x=0:1.5,y=0:1.5,vol=50000,dur=2 --probe "0,7,0;3,0,0" --mesh "$tmp/sheet" --nparts 1)
for mass in lumped consistent; do
    "$sc" tissue "${nv[@]}" --mass $mass --out "$tmp/s_$mass" > "$tmp/s_$mass.txt" 2>&1
done
cat "$tmp/s_lumped.txt" "$tmp/s_consistent.txt" | grep '^P' | sed 's/^/   /'
check "lumped mass: the wave along the fibres reaches the sheet's end (3 mm)" \
    awk '$1 == "P2" && $6 > 0 { ok = 1 } END { exit !ok }' "$tmp/s_lumped.txt"
check "lumped mass: blocked across the fibres (7 mm never reached)" \
    awk '$1 == "P1" && $6 < 0 { ok = 1 } END { exit !ok }' "$tmp/s_lumped.txt"
check "consistent mass: across the fibres, the far edge at 40-55 ms" \
    awk '$1 == "P1" && $6 > 40 && $6 < 55 { ok = 1 } END { exit !ok }' "$tmp/s_consistent.txt"

# 2. parts: the same bits
"$sc" mesh box --size 3,1,0.5 --dx 0.25 --elem tet6 --out "$tmp/tet" > /dev/null
run=(--imp AlievPanfilov --duration 25 -q --no-png --mesh "$tmp/tet" --stim x=0:0.5,y=0:0.5,z=0:0.25,amp=100)
for p in 1 3; do
    "$sc" tissue "${run[@]}" --dt 0.025 --nparts $p --partitioner rcb --out "$tmp/r$p" > /dev/null 2>&1
    "$sc" tissue "${run[@]}" --dt 0.05 --parab-solve cn --nparts $p --out "$tmp/c$p" > /dev/null 2>&1
done
check "consistent mass, 1 part: the wave reaches the far corner" \
    awk 'END { exit !($1 > 0) }' "$tmp/r1/init_acts_vm_act-thresh.dat"
check "consistent mass, 3 parts (rcb): the same activation map, bit for bit" \
    cmp -s "$tmp/r1/activation.vtk" "$tmp/r3/activation.vtk"
check "consistent mass, Crank-Nicolson, 3 parts: bit for bit" cmp -s "$tmp/c1/activation.vtk" "$tmp/c3/activation.vtk"
if "$sc" tissue "${run[@]}" --dt 0.025 --nparts 3 --partitioner metis --out "$tmp/m3" > /dev/null 2> "$tmp/m3.err"; then
    check "consistent mass, 3 parts (METIS): bit for bit" cmp -s "$tmp/r1/activation.vtk" "$tmp/m3/activation.vtk"
else
    check "a build without METIS says so" grep -q "no METIS" "$tmp/m3.err"
fi
"$sc" tissue "${run[@]}" --dt 0.025 --nparts 3 --partitioner rcb --out "$tmp/ck" --checkpoint "$tmp/ck.bin" \
    --checkpoint-time 10 > /dev/null 2>&1
"$sc" tissue "${run[@]}" --dt 0.025 --nparts 3 --partitioner rcb --out "$tmp/rs" --restart "$tmp/ck.bin" > /dev/null 2>&1
check "consistent mass: restarted at 10 ms, the uninterrupted map bit for bit" \
    cmp -s "$tmp/r3/activation.vtk" "$tmp/rs/activation.vtk"
check "consistent mass: Crank-Nicolson within 0.2 ms of explicit" bash -c "paste '$tmp/r1/init_acts_vm_act-thresh.dat' \
    '$tmp/c1/init_acts_vm_act-thresh.dat' | awk '{ d = \$1 - \$2; if (d < 0) d = -d; if (d > m) m = d } END { exit !(m < 0.2) }'"

# 3. limits and choices
"$sc" tissue "${run[@]}" --dt 0.05 --out "$tmp/x1" > /dev/null 2> "$tmp/x1.err"; rc=$?
echo "   $(head -1 "$tmp/x1.err")"
check "consistent mass: dt 0.05 ms above its explicit limit, refused (status $rc)" \
    bash -c "[ $rc = 2 ] && grep -q 'stability limit of explicit diffusion on this mesh' '$tmp/x1.err'"
check "lumped mass: dt 0.05 ms runs" "$sc" tissue "${run[@]}" --dt 0.05 --duration 1 --mass lumped --out "$tmp/x2"
"$sc" tissue --imp AlievPanfilov --size 2,1 --dx 0.25 --mass consistent --stim x=0:0.5,amp=100 --out "$tmp/x3" \
    > /dev/null 2> "$tmp/x3.err"; rc=$?
echo "   $(head -1 "$tmp/x3.err")"
check "--mass consistent on the box: refused (status $rc)" \
    bash -c "[ $rc = 2 ] && grep -q 'needs a mesh' '$tmp/x3.err' && [ ! -e '$tmp/x3' ]"
for ml in 0 1; do
    "$sc" tissue --imp AlievPanfilov --no-png --mesh "$tmp/tet" --stim x=0:0.5,amp=100 --dt 0.02 --duration 0.1 \
        -mass_lumping $ml --out "$tmp/ml$ml" 2>&1 |
        grep -o '[a-z]* mass, eigenvalue bound' > "$tmp/ml$ml.txt"
done
check "openCARP's mass_lumping 0: the consistent mass" grep -q "consistent mass" "$tmp/ml0.txt"
check "openCARP's mass_lumping 1: the lumped mass" grep -q "lumped mass" "$tmp/ml1.txt"
check_done

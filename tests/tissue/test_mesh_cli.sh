#!/bin/bash
# test_mesh_cli.sh STARCARP: `starcarp mesh` and `starcarp tissue --mesh` end to end (docs/tissue.md,
# "Meshes"; the readers and the operator: tissue.mesh):
#   1. `starcarp mesh box` writes openCARP's files of the right counts; `mesh check` reads them.
#   2. a plane wave along the fibres on a hexahedral mesh of a box, lumped mass: the activation times
#      of the box solver (the trilinear lumped operator on a field of x alone is the box's 3-point
#      stencil), within 1e-6 ms.
#   3. a corner stimulus on tetrahedra, lumped mass: 1, 2 and 3 parts (coordinate bisection and
#      METIS) give the same activation map bit for bit, explicit and Crank-Nicolson; the wave crosses
#      the mesh. (The consistent mass, a mesh's default: tissue.meshmasscli.)
#   4. vm.igb of a mesh: x is the node count (openCARP's layout); the VTK output an unstructured grid.
#   5. refused before anything runs (status 2, no output folder): a bad mesh (its file and line), a dt
#      above the assembled operator's stability limit, several MPI-less ranks not needed here.
#   6. conductivity regions: a strand of hexahedra whose far half is retagged 2 (awk on the .elem
#      file): a region of a quarter of the conductivity there delays the activation of a probe in it;
#      openCARP's gregion[1] keys and --gregion give the same map bit for bit; a region of the default
#      conductivity changes no bit; a listed tag no element has is warned about; a region of 10 times
#      the conductivity lowers the explicit limit below a dt that one region takes; bad regions refused
#      (located in the file, status 2, no output).
set -u
sc=$1
. "$(dirname "$0")/../check.sh"; check_tmp   # check, check_done; $tmp

# 1. box meshes
"$sc" mesh box --size 3,1,0.5 --dx 0.25 --elem hex --out "$tmp/hex" > /dev/null
check "mesh box: hexahedra written (195 nodes, 96 elements)" \
    test "$(head -1 "$tmp/hex.pts") $(head -1 "$tmp/hex.elem") $(head -1 "$tmp/hex.lon")" = "195 96 1"
"$sc" mesh box --size 3,1,0.5 --dx 0.25 --elem tet6 --out "$tmp/tet" > /dev/null
check "mesh box: tetrahedra written (576 elements)" test "$(head -1 "$tmp/tet.elem")" = 576
check "mesh check reads them" "$sc" mesh check "$tmp/tet"

# 2. a plane wave along x: mesh and box alike
run=(--imp AlievPanfilov --dt 0.05 --duration 30 -q --no-png --mass lumped)
"$sc" tissue "${run[@]}" --size 3,1,0.5 --dx 0.25 --stim x=0:0.25,amp=100 --out "$tmp/box" > /dev/null 2>&1
"$sc" tissue "${run[@]}" --mesh "$tmp/hex" --stim x=0:0.25,amp=100 --out "$tmp/mh" > /dev/null 2>&1
plane() {
    paste "$tmp/box/init_acts_vm_act-thresh.dat" "$tmp/mh/init_acts_vm_act-thresh.dat" |
        awk '{ n++; d = $1 - $2; if (d < 0) d = -d; if (d > m) m = d; if ($1 < 0) none++ }
             END { printf "   %d nodes, largest difference %.3g ms, %d not activated\n", n, m, none; exit !(n == 195 && m < 1e-6 && none == 0) }'
}
check "a plane wave on hexahedra: the box solver's activation times" plane

# 3. parts: the same bits
st=(--stim x=0:0.5,y=0:0.5,z=0:0.25,amp=100)
for p in 1 2 3; do
    "$sc" tissue "${run[@]}" --mesh "$tmp/tet" "${st[@]}" --nparts $p --partitioner rcb --out "$tmp/r$p" > /dev/null 2>&1
done
check "tetrahedra, 1 part: the wave reaches the far corner" \
    awk 'END { exit !($1 > 0) }' "$tmp/r1/init_acts_vm_act-thresh.dat"
check "2 parts (rcb): the same activation map, bit for bit" cmp -s "$tmp/r1/activation.vtk" "$tmp/r2/activation.vtk"
check "3 parts (rcb): the same activation map, bit for bit" cmp -s "$tmp/r1/activation.vtk" "$tmp/r3/activation.vtk"
if "$sc" tissue "${run[@]}" --mesh "$tmp/tet" "${st[@]}" --nparts 3 --partitioner metis --out "$tmp/m3" \
        > /dev/null 2> "$tmp/m3.err"; then
    check "3 parts (METIS): the same activation map, bit for bit" cmp -s "$tmp/r1/activation.vtk" "$tmp/m3/activation.vtk"
else
    check "a build without METIS says so" grep -q "no METIS" "$tmp/m3.err"
fi
for p in 1 3; do
    "$sc" tissue "${run[@]}" --mesh "$tmp/tet" "${st[@]}" --nparts $p --parab-solve cn --out "$tmp/c$p" > /dev/null 2>&1
done
check "Crank-Nicolson, 3 parts: bit for bit" cmp -s "$tmp/c1/activation.vtk" "$tmp/c3/activation.vtk"
check "Crank-Nicolson within 0.2 ms of explicit" bash -c "paste '$tmp/r1/init_acts_vm_act-thresh.dat' \
    '$tmp/c1/init_acts_vm_act-thresh.dat' | awk '{ d = \$1 - \$2; if (d < 0) d = -d; if (d > m) m = d } END { exit !(m < 0.2) }'"

# 4. outputs on the mesh
"$sc" tissue "${run[@]}" --mesh "$tmp/tet" "${st[@]}" --snap-dt 4 --probe "3,1,0.5" --out "$tmp/o" > "$tmp/o.txt" 2>&1
check "vm.igb: x is the node count, y and z 1" bash -c "head -c 1024 '$tmp/o/vm.igb' | grep -q 'x:195 y:1 z:1 t:8 '"
check "vm.igb: 1024 + 4 x 195 x 8 bytes" test "$(stat -c %s "$tmp/o/vm.igb")" = $((1024 + 4 * 195 * 8))
check "activation.vtk: an unstructured grid of the mesh" grep -q "DATASET UNSTRUCTURED_GRID" "$tmp/o/activation.vtk"
check "the probe at the far corner is node 194" grep -q "^P1 3 1 0.5 194 " "$tmp/o.txt"

# 5. refused
bad() {  # bad DESCRIPTION PATTERN ARGS...
    local d=$1 p=$2; shift 2
    rm -rf "$tmp/x"
    "$sc" tissue "$@" --out "$tmp/x" > /dev/null 2> "$tmp/e.err"; local rc=$?
    echo "   $(head -1 "$tmp/e.err")"
    check "refused: $d (status $rc)" bash -c "[ $rc = 2 ] && grep -q -- '$p' '$tmp/e.err' && [ ! -e '$tmp/x' ]"
}
cp "$tmp/tet.pts" "$tmp/bad.pts"; cp "$tmp/tet.lon" "$tmp/bad.lon"
sed '3s/^Tt [0-9]*/Tt 999/' "$tmp/tet.elem" > "$tmp/bad.elem"
bad "a node out of range" "bad.elem:3: node 999 out of range" "${run[@]}" --mesh "$tmp/bad" "${st[@]}"
bad "a missing mesh" "nowhere.pts: cannot open" "${run[@]}" --mesh "$tmp/nowhere" "${st[@]}"
bad "dt above the mesh's limit" "stability limit of explicit diffusion on this mesh" "${run[@]}" --mesh "$tmp/tet" \
    "${st[@]}" --dt 0.9
bad "a stimulus outside the mesh" "holds no node of the mesh" "${run[@]}" --mesh "$tmp/tet" --stim x=5:6,amp=100

# 6. conductivity regions
"$sc" mesh box --size 6,0.5,0.5 --dx 0.25 --elem hex --out "$tmp/st" > /dev/null
awk 'NR == FNR { if (FNR > 1) x[FNR - 2] = $1; next }
     FNR == 1 { print; next }
     { c = 0; for (k = 2; k < NF; k++) c += x[$k]; $NF = c / (NF - 2) > 3000 ? 2 : 1; print }' \
    "$tmp/st.pts" "$tmp/st.elem" > "$tmp/st2.elem" && mv "$tmp/st2.elem" "$tmp/st.elem"
check "the strand's far half is tagged 2 (48 of 96 elements)" test "$(grep -c ' 2$' "$tmp/st.elem")" = 48
gr=(--imp AlievPanfilov --dt 0.05 --duration 70 -q --no-png --mass lumped --mesh "$tmp/st" --sigma 0.2
    --stim x=0:0.25,amp=100 --probe 5.5,0.25,0.25)
act() { awk '/^P1 /{ print $6 }' "$1"; }
"$sc" tissue "${gr[@]}" --out "$tmp/g1" > "$tmp/g1.txt" 2>&1
"$sc" tissue "${gr[@]}" --gregion 2:0.05 --out "$tmp/g2" > "$tmp/g2.txt" 2>&1
printf '%s\n' "num_gregions = 2" "bidm_eqv_mono = 0" "gregion[1].num_IDs = 1" "gregion[1].ID[0] = 2" \
    "gregion[1].g_il = 0.05" "gregion[1].g_it = 0.05" "gregion[1].g_in = 0.05" > "$tmp/g.par"
"$sc" tissue "${gr[@]}" --par "$tmp/g.par" --out "$tmp/g3" > /dev/null 2>&1
"$sc" tissue "${gr[@]}" --gregion 1,2:0.2 --out "$tmp/g4" > /dev/null 2>&1
"$sc" tissue "${gr[@]}" --gregion 2,7:0.05 --out "$tmp/g5" > "$tmp/g5.txt" 2>&1; g5=$?
echo "   probe at x = 5.5 mm: $(act "$tmp/g1.txt") ms with one region, $(act "$tmp/g2.txt") ms with tag 2 at 0.05 S/m"
check "a region of a quarter of the conductivity: its probe activates 5 ms later or more" \
    awk -v a="$(act "$tmp/g1.txt")" -v b="$(act "$tmp/g2.txt")" 'BEGIN { exit !(a > 0 && b > a + 5) }'
check "gregion[1] keys and --gregion: the same map, bit for bit" cmp -s "$tmp/g2/activation.vtk" "$tmp/g3/activation.vtk"
check "a region of --sigma's conductivity: the one-region map, bit for bit" \
    cmp -s "$tmp/g1/activation.vtk" "$tmp/g4/activation.vtk"
check "a tag no element has: a warning naming it, the run goes on" bash -c "[ $g5 = 0 ] &&
    grep -q 'warning: --gregion 2,7:0.05 lists tag 7, which no element of the mesh has' '$tmp/g5.txt' &&
    cmp -s '$tmp/g2/activation.vtk' '$tmp/g5/activation.vtk'"
bad "a region of 10x the conductivity: its explicit limit" "stability limit of explicit diffusion on this mesh" \
    "${gr[@]}" --gregion 2:2
printf '%s\n' "num_gregions = 2" "gregion[1].num_IDs = 2" "gregion[1].ID[0] = 2" > "$tmp/b1.par"
bad "num_IDs against the tags given (file:line)" "b1.par:2: gregion\[1\].num_IDs = 2 but ID\[1\] is not given" \
    "${gr[@]}" --par "$tmp/b1.par"
printf '%s\n' "num_gregions = 2" "gregion[1].num_IDs = 1" "gregion[1].ID = 2" "gregion[2].g_il = 0.1" > "$tmp/b2.par"
bad "a region beyond num_gregions (file:line)" "b2.par:4: gregion\[2\]\.\* given but num_gregions = 2" \
    "${gr[@]}" --par "$tmp/b2.par"
printf '%s\n' "num_gregions = 2" "gregion[1].g_it = -0.01" > "$tmp/b3.par"
bad "a negative conductivity (file:line)" "b3.par:2: gregion\[1\].g_it = .-0.01.: expected a number >= 0" \
    "${gr[@]}" --par "$tmp/b3.par"
bad "a negative --gregion conductivity" "--gregion .2:-0.05.: expected TAG" "${gr[@]}" --gregion 2:-0.05
bad "a tag in two regions" "tag 2 is listed by --gregion 2:0.05 and by --gregion 3,2:0.1" "${gr[@]}" \
    --gregion 2:0.05 --gregion 3,2:0.1
bad "several regions on the box" "several conductivity regions need a mesh" --imp AlievPanfilov --size 2 \
    --stim x=0:0.2,amp=100 --gregion 2:0.05
check_done

#!/bin/bash
# test_mesh_imp_cli.sh STARCARP: several ionic regions on a mesh (docs/tissue.md, "Ionic regions";
# openCARP's num_imp_regions and imp_region[i]; the keys' checks: tissue.par):
#   1. two blocks of hexahedra with no node in common, tagged 1 and 2, each stimulated at its end:
#      with imp_region[1] (mitchell_schaeffer_2003) on tag 2, the tag-1 block's activation times and
#      probe trace are those of AlievPanfilov on the whole mesh, bit for bit, and the tag-2 block's
#      those of mitchell_schaeffer_2003 on the whole mesh (a node's ionic step depends on its model
#      alone, a row's sum runs in the mesh's order whatever the cut); its probe stays within that
#      model's range (0 to 1), the other one's rises above +10 mV.
#   2. its Vm snapshots (vm.igb): each block's values those of its model's run, bit for bit.
#   3. a checkpoint at 10 ms restarted: the uninterrupted run's activation map and probes, bit for bit.
#   4. a strand whose far half is tagged 2: the nodes between the halves take the region of the
#      higher index (72 + 81 nodes); 3 parts a region (each region's parts reading the other array's
#      exports) give the map of one part a region bit for bit, explicit and Crank-Nicolson.
#   5. imp_region[1] holding every element: its model's run alone, bit for bit.
#   6. refused before anything runs (status 2): an unknown model (its file and line, as --imp's), a
#      region whose tags no element has (before the output folder is made).
set -u
sc=$1
. "$(dirname "$0")/mesh_two.sh"   # two_blocks
. "$(dirname "$0")/../check.sh"; check_tmp   # check, check_done; $tmp

# two blocks 3 mm apart: the second a copy of the first, its nodes renumbered and tagged 2
"$sc" mesh box --size 2,0.5,0.5 --dx 0.25 --elem hex --out "$tmp/b" > /dev/null
two_blocks "$tmp/b" "$tmp/two" 3000
printf '%s\n' "num_imp_regions = 2" "imp_region[1].im = mitchell_schaeffer_2003" "imp_region[1].num_IDs = 1" \
    "imp_region[1].ID[0] = 2" > "$tmp/imp.par"

run=(--dt 0.02 --duration 20 -q --no-png --mass lumped --sigma 0.1334,0.0176 --threshold 0.5
     --stim x=0:0.25,amp=100 --stim x=3:3.25,amp=100
     --probe 1.5,0.25,0.25 --probe 4.5,0.25,0.25 --snap-dt 2)
"$sc" tissue "${run[@]}" --imp AlievPanfilov --par "$tmp/imp.par" --mesh "$tmp/two" --out "$tmp/r2" > "$tmp/r2.txt" 2>&1
"$sc" tissue "${run[@]}" --imp AlievPanfilov --mesh "$tmp/two" --out "$tmp/ra" > /dev/null 2>&1
"$sc" tissue "${run[@]}" --imp mitchell_schaeffer_2003 --mesh "$tmp/two" --out "$tmp/rm" > /dev/null 2>&1
lat() { # lat RUN FIRST LAST: the activation times of nodes FIRST .. LAST (from 1)
    sed -n "$2,$3p" "$tmp/$1/init_acts_vm_act-thresh.dat"
}
check "two regions ran" test -s "$tmp/r2/init_acts_vm_act-thresh.dat"
check "block 1: AlievPanfilov's activation times, bit for bit" \
    cmp -s <(lat r2 1 "$nn") <(lat ra 1 "$nn")
check "block 2: mitchell_schaeffer_2003's activation times, bit for bit" \
    cmp -s <(lat r2 $((nn + 1)) $((2 * nn))) <(lat rm $((nn + 1)) $((2 * nn)))
check "both blocks activated everywhere (threshold 0.5 mV)" awk '$1 < 0 { n++ } END { exit n > 0 }' "$tmp/r2/init_acts_vm_act-thresh.dat"
check "probe 1: AlievPanfilov's trace, bit for bit" \
    cmp -s <(awk '{ print $1, $2 }' "$tmp/r2/probes.txt") <(awk '{ print $1, $2 }' "$tmp/ra/probes.txt")
check "probe 2: mitchell_schaeffer_2003's trace, bit for bit" \
    cmp -s <(awk 'NR > 1 { print $1, $3 }' "$tmp/r2/probes.txt") <(awk 'NR > 1 { print $1, $3 }' "$tmp/rm/probes.txt")
check "probe 1 above +10 mV, probe 2 within 0 and 1" \
    awk 'NR > 1 { if ($2 > a) a = $2; if ($3 > b) b = $3; if ($3 < c) c = $3 } END { print "   peaks", a, b; exit !(a > 10 && b > 0.5 && b <= 1 && c >= -0.01) }' "$tmp/r2/probes.txt"

# 2. snapshots: each block's bytes in every frame
igb() { # igb FRAMES: block 1 of every frame against ra's, block 2 against rm's
    local f o bad=0
    for ((f = 0; f < $1; f++)); do
        o=$((1024 + f * 8 * nn))
        cmp -s -i $o:$o -n $((4 * nn)) "$tmp/r2/vm.igb" "$tmp/ra/vm.igb" || bad=1
        cmp -s -i $((o + 4 * nn)):$((o + 4 * nn)) -n $((4 * nn)) "$tmp/r2/vm.igb" "$tmp/rm/vm.igb" || bad=1
    done
    [ $bad = 0 ] && [ "$(stat -c %s "$tmp/r2/vm.igb")" = $((1024 + $1 * 8 * nn)) ]
}
check "vm.igb: each block's values those of its model's run (11 frames)" igb 11

# 3. checkpoint and restart
"$sc" tissue "${run[@]}" --imp AlievPanfilov --par "$tmp/imp.par" --mesh "$tmp/two" --snap-dt 0 \
    --checkpoint "$tmp/ck" --checkpoint-time 10 --out "$tmp/k1" > /dev/null 2>&1
check "a checkpoint per region's cell array" test -f "$tmp/ck" -a -f "$tmp/ck.imp1" -a -f "$tmp/ck.act"
mkdir -p "$tmp/k2" && head -12 "$tmp/r2/probes.txt" > "$tmp/k2/probes.txt" # the rows up to 10 ms
"$sc" tissue "${run[@]}" --imp AlievPanfilov --par "$tmp/imp.par" --mesh "$tmp/two" --snap-dt 0 \
    --restart "$tmp/ck" --out "$tmp/k2" > /dev/null 2>&1
check "restarted at 10 ms: the uninterrupted run's activation map, bit for bit" \
    cmp -s "$tmp/r2/activation.vtk" "$tmp/k2/activation.vtk"
check "... and its probes" cmp -s "$tmp/r2/probes.txt" "$tmp/k2/probes.txt"

# 4. one strand, two halves
"$sc" mesh box --size 4,0.5,0.5 --dx 0.25 --elem hex --out "$tmp/s" > /dev/null
awk 'NR == 1 { print; next } { if ($2 % 17 >= 8) $NF = 2; print }' "$tmp/s.elem" > "$tmp/s2.elem"
cp "$tmp/s.pts" "$tmp/s2.pts"; cp "$tmp/s.lon" "$tmp/s2.lon"
st=(--imp AlievPanfilov --par "$tmp/imp.par" --mesh "$tmp/s2" --dt 0.02 --duration 12 --no-png --mass lumped
    --sigma 0.1334,0.0176 --threshold 0.5 --stim x=0:0.25,amp=100)
"$sc" tissue "${st[@]}" --out "$tmp/h" > "$tmp/h.txt" 2>&1
check "the interface's nodes in the region of the higher index: 72 + 81 nodes" \
    grep -q "imp_region\[0\] AlievPanfilov, 72 nodes, imp_region\[1\] mitchell_schaeffer_2003, 81 nodes" "$tmp/h.txt"
"$sc" tissue "${st[@]}" -q --nparts 3 --partitioner rcb --out "$tmp/h3" > /dev/null 2>&1
check "3 parts a region (parts of one array reading the other's): the same map, bit for bit" \
    cmp -s "$tmp/h/activation.vtk" "$tmp/h3/activation.vtk"
for p in 1 3; do
    "$sc" tissue "${st[@]}" -q --nparts $p --parab-solve cn --out "$tmp/hc$p" > /dev/null 2>&1
done
check "Crank-Nicolson, 1 and 3 parts a region: bit for bit" cmp -s "$tmp/hc1/activation.vtk" "$tmp/hc3/activation.vtk"
check "... activated" awk '$1 < 0 { n++ } END { exit n > 0 }' "$tmp/hc3/init_acts_vm_act-thresh.dat"

# 5. every element in imp_region[1]
awk 'NR == 1 { print; next } { $NF = 2; print }' "$tmp/s.elem" > "$tmp/s3.elem"
cp "$tmp/s.pts" "$tmp/s3.pts"; cp "$tmp/s.lon" "$tmp/s3.lon"
one=(--dt 0.02 --duration 12 -q --no-png --mass lumped --sigma 0.1334,0.0176 --threshold 0.5
     --stim x=0:0.25,amp=100 --mesh "$tmp/s3")
"$sc" tissue "${one[@]}" --imp AlievPanfilov --par "$tmp/imp.par" --out "$tmp/e1" > /dev/null 2>&1
"$sc" tissue "${one[@]}" --imp mitchell_schaeffer_2003 --out "$tmp/e2" > /dev/null 2>&1
check "imp_region[1] on every element: its model's run, bit for bit" \
    cmp -s "$tmp/e1/init_acts_vm_act-thresh.dat" "$tmp/e2/init_acts_vm_act-thresh.dat"
check "... in which the wave crosses the strand" awk 'END { exit !($1 > 0) }' "$tmp/e1/init_acts_vm_act-thresh.dat"

# 6. refused
bad() {  # bad DESCRIPTION PATTERN ARGS...: status 2 and the message (no output: the mesh's checks)
    local d=$1 p=$2; shift 2
    rm -rf "$tmp/x"
    "$sc" tissue -q "$@" --out "$tmp/x" > /dev/null 2> "$tmp/e.err"; local rc=$?
    echo "   $(grep -v warning "$tmp/e.err" | head -1)"
    check "refused: $d (status $rc)" bash -c "[ $rc = 2 ] && grep -q -- '$p' '$tmp/e.err'"
}
sed 's/mitchell_schaeffer_2003/NoSuchModel/' "$tmp/imp.par" > "$tmp/u.par"
bad "an unknown model (file:line)" "u.par:2: imp_region\[1\].im = NoSuchModel" \
    --imp AlievPanfilov --par "$tmp/u.par" --mesh "$tmp/two" --stim x=0:0.25,amp=100
sed 's/ID\[0\] = 2/ID[0] = 9/' "$tmp/imp.par" > "$tmp/n.par"
bad "a region no element has" "imp_region\[1\] (.*n.par:2): its tags are on no element" \
    --imp AlievPanfilov --par "$tmp/n.par" --mesh "$tmp/two" --stim x=0:0.25,amp=100
check "... before the output folder is made" test ! -e "$tmp/x"
check "... the tag warned about" grep -q "lists tag 9, which no element of the mesh has" "$tmp/e.err"
check_done

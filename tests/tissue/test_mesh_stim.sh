#!/bin/bash
# test_mesh_stim.sh STARCARP: an openCARP stimulus on a mesh in openCARP's unit, and the hints at
# units after a failure (docs/tissue.md, "Stimuli" and "Meshes"):
#   1. one openCARP .par (ten Tusscher 2006 epi, chi 0.14 /um, a plane stimulus of 50000 uA/cm^3 for
#      2 ms at x <= 0.25 mm) on the grid of a 3 x 1 x 1 mm slab 0.1 mm apart (3751 nodes) and on a
#      hexahedral mesh of the same nodes: every node activated in all three runs; the mesh with
#      lumped mass gives the grid's activation times within 1e-6 ms (its operator on a field of x
#      alone is the grid's stencil), with its default consistent mass within 0.3 ms (0.22 ms: the
#      consistent mass conducts a little faster at this spacing). The strength
#      is uA/cm^3 divided by chi on both (35.7 uA/cm^2): read as uA/cm^2 on the mesh it would fail.
#   2. a strength 1000 times too strong: the numerical failure, with the hint at the strength's
#      unit (its uA/cm^2 and the uA/cm^3 it was read in).
#   3. the mesh's .pts written in mm (coordinates / 1000): warned about when read ("was it written
#      in mm?"), refused for explicit diffusion's limit after that warning (status 2); with
#      Crank-Nicolson the solver's setup fails (status 1) and the error adds the hint. Not warned
#      about in um.
#   4. a meshname naming no mesh is reported as the .par's meshname, not as --mesh.
set -u
sc=$1
. "$(dirname "$0")/../check.sh"; check_tmp   # check, check_done; $tmp

"$sc" mesh box --size 3,1,1 --dx 0.1 --elem hex --out "$tmp/slab" > /dev/null
cat > "$tmp/s.par" <<'EOF'
num_imp_regions = 1
imp_region[0].im = ten_tusscher_model_2006_epi
imp_region[0].cellSurfVolRatio = 0.14
num_gregions = 1
gregion[0].g_il = 0.17
gregion[0].g_it = 0.019
gregion[0].g_in = 0.019
gregion[0].g_el = 0.62
gregion[0].g_et = 0.24
gregion[0].g_en = 0.24
num_stim = 1
stim[0].crct.type = 0
stim[0].elec.geom_type = 2
stim[0].elec.p0 = -50 -50 -50
stim[0].elec.p1 = 250 1050 1050
stim[0].ptcl.duration = 2
stim[0].pulse.strength = 50000
bidomain = 0
dt = 10
tend = 12
EOF
run() {  # run NAME ARGS...: the .par with ARGS, its status in $tmp/NAME.rc
    local name=$1; shift
    "$sc" tissue --par "$tmp/s.par" -q --no-png -simID "$tmp/$name" "$@" > "$tmp/$name.txt" 2> "$tmp/$name.err"
    echo $? > "$tmp/$name.rc"
}
ran() { [ "$(cat "$tmp/$1.rc")" = 0 ] || { cat "$tmp/$1.err"; false; }; }
acts() { awk '$1 >= 0 { n++ } END { exit !(NR == 3751 && n == 3751) }' "$tmp/$1/init_acts_vm_act-thresh.dat"; }
within() {  # within A B TOL: activation times of runs A and B
    paste "$tmp/$1/init_acts_vm_act-thresh.dat" "$tmp/$2/init_acts_vm_act-thresh.dat" |
        awk -v tol="$3" '{ n++; d = $1 - $2; if (d < 0) d = -d; if (d > m) m = d }
            END { printf "   %s against %s: %d nodes, largest difference %.3g ms\n", B, A, n, m; exit !(n == 3751 && m <= tol) }' \
            A="$1" B="$2"
}

# 1. grid and mesh
run grid --size 3,1,1 --dx 0.1
run lumped -meshname "$tmp/slab" -mass_lumping 1
run mesh -meshname "$tmp/slab"
for r in grid lumped mesh; do
    check "$r: runs" ran $r
    check "$r: every node activated" acts $r
done
check "the mesh, lumped mass: the grid's activation times" within grid lumped 1e-6
check "the mesh, consistent mass: within 0.3 ms of the grid's" within grid mesh 0.3
check "a mesh in um: no word of mm" bash -c "! grep -q 'written in mm' '$tmp/mesh.err'"

# 2. a stimulus too strong
run strong -meshname "$tmp/slab" -stim[0].pulse.strength 50000000
echo "   $(grep hint "$tmp/strong.err")"
check "1000 times too strong: a numerical failure (status 1)" \
    bash -c "[ $(cat "$tmp/strong.rc") = 1 ] && grep -q 'numerical failure' '$tmp/strong.err'"
check "... with the hint at the strength's unit" \
    grep -q 'hint: the failure comes during stim\[0\] of 3.571e+04 uA/cm^2 (its strength 5e+07 read as uA/cm^3' \
    "$tmp/strong.err"

# 3. a .pts in mm
awk 'NR == 1 { print; next } { printf "%.6g %.6g %.6g\n", $1 / 1000, $2 / 1000, $3 / 1000 }' "$tmp/slab.pts" \
    > "$tmp/mm.pts"
cp "$tmp/slab.elem" "$tmp/mm.elem"; cp "$tmp/slab.lon" "$tmp/mm.lon"
run mm -meshname "$tmp/mm"
echo "   $(head -1 "$tmp/mm.err")"
check "a .pts in mm: warned about (this mesh spans 3 um), then refused (status 2)" \
    bash -c "[ $(cat "$tmp/mm.rc") = 2 ] && grep -q 'warning: .*this mesh spans 3 um.*was it written in mm?' '$tmp/mm.err'"
run mmcn -meshname "$tmp/mm" -parab_solve 1
check "... with Crank-Nicolson: the solver's failure (status 1), then the hint" \
    bash -c "[ $(cat "$tmp/mmcn.rc") = 1 ] && grep -A1 'sweeps' '$tmp/mmcn.err' | grep -q 'hint: .*was it written in mm?'"

# 4. the .par's words
run none -meshname "$tmp/none"
check "a missing mesh: named as the .par's meshname (status 2)" \
    bash -c "[ $(cat "$tmp/none.rc") = 2 ] && grep -q '^starcarp tissue: -meshname .*none: .*none.pts: cannot open' '$tmp/none.err'"
sed "s|^dt = 10|meshname = $tmp/none\ndt = 10|" "$tmp/s.par" > "$tmp/named.par"
"$sc" tissue --par "$tmp/named.par" -q --out "$tmp/named" > /dev/null 2> "$tmp/named.err"
check "... given in the file: 'meshname = ... in FILE', not --mesh" \
    bash -c "grep -q 'meshname = .*none in .*named.par: ' '$tmp/named.err' && ! grep -q -- '--mesh' '$tmp/named.err'"
check_done

#!/bin/bash
# test_tissue_keys.sh STARCARP: openCARP's keys of the pre-paced state, the activation file's name,
# the output controls and the physics regions (docs/tissue.md, "openCARP parameter files"):
#   1. imp_region[0].im_sv_init: a state `starcarp bench --save-ini-file` wrote mid-beat (Vm near
#      +18 mV, far from the model's rest): on a box strand the first vm.igb frame (t = 0) is the
#      file's Vm on every node, and the probe's t = 0 row too; without the key the run starts at rest.
#   2. on a mesh of two blocks, tags 1 and 2, imp_region[1] on tag 2: block 1 (region 0) starts from
#      the file, block 2 from the model's initial values.
#   3. refused before anything runs (status 2): another model's state file (the key, the file and
#      both models named), a missing one (the key named).
#   4. lats[0].ID = ACTs: init_acts_ACTs-thresh.dat, the default name's content.
#   5. output_level, num_trace, dump2MatLab, spatial_dt: accepted, one line each.
#   6. phys_region: one intracellular region and an extracellular one accepted with a line; an
#      intracellular region whose tags leave out block 2 refused; one listing both tags accepted.
#   7. with a second argument `mpi`: the mesh of 2. on 2 StarPU-MPI ranks, one process's vm.igb.
set -u
sc=$1
. "$(dirname "$0")/mesh_two.sh"   # two_blocks
. "$(dirname "$0")/../check.sh"; check_tmp   # check, check_done, check_refused; $tmp
cd "$tmp" || exit 1

# a state mid-beat: the third pulse at 601 ms, saved at 620 ms
"$sc" bench --imp AlievPanfilov --numstim 3 --bcl 300 --duration 620 --save-ini-file paced.sv > bench.txt 2>&1
check "bench saved the state" grep -q '^AlievPanfilov$' paced.sv
vm=$(awk '$3 == "Vm" { print $1 }' paced.sv)
check "the saved Vm is mid-beat (above 0 mV)" awk -v v="$vm" 'BEGIN { exit !(v > 0) }'
printf 'imp_region[0].im_sv_init = paced.sv\n' > sv.par
box=(--imp AlievPanfilov --size 2 --dx 0.1 --dt 0.02 --duration 1 --sigma 0.1 --stim x=0:0.2,amp=100
     --probe 1,0,0 --snap-dt 0.5 --no-png)
"$sc" tissue "${box[@]}" --par sv.par --out b1 > b1.txt 2>&1
"$sc" tissue "${box[@]}" --out b0 > b0.txt 2>&1
frame0() { # frame0 RUN NODES: the first frame of RUN/vm.igb, one value a line
    od -A n -v -t f4 -j 1024 -N $((4 * $2)) "$1/vm.igb" | tr -s ' ' '\n' | sed '/^$/d'
}
near() { # near VALUE: how many lines of stdin hold VALUE as a float32 (within 2e-6 of it, relative)
    awk -v v="$1" '{ d = $1 - v; if (d < 0) d = -d; a = v < 0 ? -v : v; n += d <= 2e-6 * (a > 1 ? a : 1) } END { print n + 0 }'
}
check "box: vm.igb's first frame is the file's Vm on all 21 nodes ($vm)" test "$(frame0 b1 21 | near "$vm")" = 21
check "box: the probe's t = 0 row is the file's Vm (%.8e)" \
    test "$(awk '$1 == "0.000000" { print $2 }' b1/probes.txt)" = "$(printf '%.8e' "$vm")"
check "box: without the key, the run starts elsewhere" \
    test "$(frame0 b0 21 | near "$vm")" = 0

# 2. a mesh of two ionic regions
"$sc" mesh box --size 2,0.5,0.5 --dx 0.25 --elem hex --out b > /dev/null
two_blocks b two 3000
printf '%s\n' "num_imp_regions = 2" "imp_region[0].im_sv_init = paced.sv" "imp_region[1].im = AlievPanfilov" \
    "imp_region[1].num_IDs = 1" "imp_region[1].ID[0] = 2" > imp.par
mesh=(--imp AlievPanfilov --mesh two --dt 0.02 --duration 1 --mass lumped --sigma 0.1334,0.0176
      --stim x=0:0.25,amp=100 --snap-dt 0.5 --no-png)
"$sc" tissue "${mesh[@]}" --par imp.par --out m1 > m1.txt 2>&1
check "mesh: the run went" test -s m1/vm.igb
check "mesh: block 1 (imp_region[0]) starts from the file's Vm on all $nn nodes" \
    test "$(frame0 m1 $((2 * nn)) | head -n "$nn" | near "$vm")" = "$nn"
check "mesh: block 2 (imp_region[1]) from the model's initial values" \
    test "$(frame0 m1 $((2 * nn)) | tail -n "$nn" | near "$vm")" = 0

# 3. refusals
"$sc" bench --imp ten_tusscher_model_2006_epi --numstim 0 --duration 1 --save-ini-file tt.sv > /dev/null 2>&1
printf 'imp_region[0].im_sv_init = tt.sv\n' > tt.par
tt=$(sed -n 2p tt.sv) # the model's name as the file gives it
check_refused "another model's state file: the key, the file and both models" \
    "tt.par:1: imp_region\[0\].im_sv_init = tt.sv (the region's model: AlievPanfilov): tt.sv:2: the state file is for model '$tt', not 'AlievPanfilov'" \
    "$sc" tissue "${box[@]}" --par tt.par --out x1
printf 'imp_region[0].im_sv_init = none.sv\n' > none.par
check_refused "a missing state file: the key named" \
    "none.par:1: imp_region\[0\].im_sv_init = none.sv .*none.sv: No such file" \
    "$sc" tissue "${box[@]}" --par none.par --out x2
check "nothing ran for them" test ! -e x1/probes.txt -a ! -e x2/probes.txt

# 4. lats[0].ID names the activation file
"$sc" tissue "${box[@]}" -lats[0].ID ACTs --out l1 > /dev/null 2>&1
check "lats[0].ID = ACTs: init_acts_ACTs-thresh.dat, the default's content" \
    cmp -s l1/init_acts_ACTs-thresh.dat b0/init_acts_vm_act-thresh.dat
check "... and no file of the default name" test ! -e l1/init_acts_vm_act-thresh.dat

# 5. the output controls
printf '%s\n' "output_level = 1" "num_trace = 0" "dump2MatLab = 0" "spatial_dt = 1" "output_level = 2" > out.par
"$sc" tissue "${box[@]}" --par out.par --out o1 > o1.txt 2>&1
check "the output controls: the run went" test -s o1/probes.txt
for k in output_level num_trace dump2MatLab spatial_dt; do
    check "$k: one line saying it is accepted and ignored" \
        test "$(grep -c "^tissue: $k: accepted and ignored" o1.txt)" = 1
done

# 6. physics regions
printf '%s\n' "num_phys_regions = 2" "phys_region[0].ptype = 0" "phys_region[0].name = Intra" \
    "phys_region[1].ptype = 1" "phys_region[1].name = Extra" > phys.par
"$sc" tissue "${box[@]}" --par phys.par --out p1 > p1.txt 2>&1
check "one intracellular and one extracellular region: accepted with one line" \
    test "$(grep -c '^tissue: num_phys_regions, phys_region\[i\]: one intracellular region (phys_region\[0\]) and the extracellular one the monodomain does not use: not needed here' p1.txt)" = 1
check "... the run as without them" cmp -s p1/init_acts_vm_act-thresh.dat b0/init_acts_vm_act-thresh.dat
printf '%s\n' "num_phys_regions = 1" "phys_region[0].ptype = 0" "phys_region[0].num_IDs = 1" \
    "phys_region[0].ID[0] = 1" > part.par
check_refused "an intracellular region on block 1 only: refused (the result would change)" \
    "phys_region\[0\] (part.par:4): its tags leave out $(head -1 b.elem) of the mesh's $((2 * $(head -1 b.elem))) elements" \
    "$sc" tissue "${mesh[@]}" --par part.par --out x3
printf '%s\n' "phys_region[0].ptype = 0" "phys_region[0].ID = \"1 2\"" > all.par
"$sc" tissue "${mesh[@]}" --par all.par --out p2 > p2.txt 2>&1
check "an intracellular region listing both tags: accepted, its line" \
    grep -q '^tissue: num_phys_regions, phys_region\[i\]: one intracellular region (phys_region\[0\], its tags checked against the mesh)' p2.txt
# 7. on 2 StarPU-MPI ranks (argument mpi): each rank sets the cells it holds
if [ "${2:-}" = mpi ]; then
    STARPU_NCPU=1 timeout 120 mpirun --allow-run-as-root --oversubscribe -np 2 "$sc" tissue "${mesh[@]}" \
        --par imp.par --out m2 > m2.txt 2>&1
    check "2 ranks: block 1 starts from the file's Vm, block 2 not (vm.igb's first frame)" \
        test "$(frame0 m2 $((2 * nn)) | head -n "$nn" | near "$vm") $(frame0 m2 $((2 * nn)) | tail -n "$nn" | near "$vm")" = "$nn 0"
    check "2 ranks: one process's vm.igb, bit for bit" cmp -s m1/vm.igb m2/vm.igb
fi
check_done

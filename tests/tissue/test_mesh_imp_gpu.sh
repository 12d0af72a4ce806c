#!/usr/bin/env bash
# test_mesh_imp_gpu.sh STARCARP: several ionic regions on a mesh with a GPU (exit 77 without one;
# docs/tissue.md, "Ionic regions"): two slabs of hexahedra without a common node (5 x 2.5 x 0.5 mm,
# dx 0.1 mm: 7956 nodes each), tagged 1 and 2, ten Tusscher 2006 (epi) and imp_region[1]
# Aliev-Panfilov, each stimulated at its end:
#   1. one GPU alone: each slab's activation times are those of its model's run on the whole mesh
#      (one GPU alone too), bit for bit (the parts' Vm handles in two arrays on one device);
#   2. CPUs alone, one GPU alone, CPUs and a GPU (each region's parts on both): the same activation
#      map within 1e-6 ms (the GPU's ionic kernels may contract to FMA) and the same nodes activated;
#      explicit (sub-steps as the limit needs) and Crank-Nicolson (dt 0.05 ms), lumped mass; where
#      the machine has two GPUs, both alone too (each region's parts on both), bit for bit one GPU's.
set -u
sc=$1
. "$(dirname "$0")/mesh_two.sh"   # two_blocks
. "$(dirname "$0")/../check.sh"   # check, check_status, check_done, check_tmp, check_need_gpu
check_need_gpu
check_tmp
runs="gpu both"
[ "$(check_gpu_count)" -ge 2 ] && runs="gpu both gpu2"
"$sc" mesh box --size 5,2.5,0.5 --dx 0.1 --elem hex --out "$tmp/b" > /dev/null; check_status "a slab written" $?
two_blocks "$tmp/b" "$tmp/two" 7000
printf '%s\n' "num_imp_regions = 2" "imp_region[1].im = AlievPanfilov" "imp_region[1].num_IDs = 1" \
    "imp_region[1].ID[0] = 2" > "$tmp/imp.par"
args=(--stim x=0:0.3,amp=50,dur=2 --stim x=7:7.3,amp=50,dur=2 --duration 25 --no-png -q --mass lumped
      --sigma 0.1334,0.0176 --mesh "$tmp/two")
two=(--imp ten_tusscher_model_2006_epi --par "$tmp/imp.par")
lat() { sed -n "$2,$3p" "$tmp/$1/init_acts_vm_act-thresh.dat"; }

# 1. one GPU: each slab its model's
ex=(--diffusion-substeps auto)
"$sc" tissue "${args[@]}" "${ex[@]}" "${two[@]}" --ncpu 0 --ngpu 1 --out "$tmp/g2" > /dev/null
check_status "two regions, one GPU alone" $?
"$sc" tissue "${args[@]}" "${ex[@]}" --imp ten_tusscher_model_2006_epi --ncpu 0 --ngpu 1 --out "$tmp/gt" > /dev/null
"$sc" tissue "${args[@]}" "${ex[@]}" --imp AlievPanfilov --ncpu 0 --ngpu 1 --out "$tmp/ga" > /dev/null
check "one GPU: slab 1 ten Tusscher's activation times, bit for bit" cmp -s <(lat g2 1 "$nn") <(lat gt 1 "$nn")
check "one GPU: slab 2 Aliev-Panfilov's, bit for bit" \
    cmp -s <(lat g2 $((nn + 1)) $((2 * nn))) <(lat ga $((nn + 1)) $((2 * nn)))
check "... both slabs activated beyond their stimuli" awk -v n="$nn" '$1 > 0 { if (NR <= n) a++; else b++ } END { print "   activated:", a, b; exit !(a > n / 2 && b > n / 10) }' \
    "$tmp/g2/init_acts_vm_act-thresh.dat"

# 2. CPUs, GPU, both
for how in explicit cn; do
    extra=("${ex[@]}")
    [ $how = cn ] && extra=(--parab-solve cn --dt 0.05)
    "$sc" tissue "${args[@]}" "${extra[@]}" "${two[@]}" --ngpu 0 --out "$tmp/cpu" --overwrite > /dev/null
    check_status "$how: CPUs alone" $?
    "$sc" tissue "${args[@]}" "${extra[@]}" "${two[@]}" --ncpu 0 --ngpu 1 --out "$tmp/gpu" --overwrite > /dev/null
    check_status "$how: one GPU alone" $?
    "$sc" tissue "${args[@]}" "${extra[@]}" "${two[@]}" --ngpu 1 --gpu-speedup 4 --out "$tmp/both" --overwrite \
        > /dev/null
    check_status "$how: CPUs and a GPU" $?
    if [ "${runs#*gpu2}" != "$runs" ]; then
        "$sc" tissue "${args[@]}" "${extra[@]}" "${two[@]}" --ncpu 0 --ngpu 2 --out "$tmp/gpu2" --overwrite > /dev/null
        check_status "$how: two GPUs alone" $?
        check "$how: two GPUs' activation map bit for bit one GPU's" \
            cmp -s "$tmp/gpu/init_acts_vm_act-thresh.dat" "$tmp/gpu2/init_acts_vm_act-thresh.dat"
    fi
    for run in $runs; do
        paste "$tmp/cpu/init_acts_vm_act-thresh.dat" "$tmp/$run/init_acts_vm_act-thresh.dat" |
            awk -v n=$((2 * nn)) '{ if (($1 < 0) != ($2 < 0)) bad++; if ($1 < 0) none++; d = $1 - $2; if (d < 0) d = -d; if (d > m) m = d; k++ }
                 END { printf "   %d nodes, largest difference %.3g ms, %d not activated\n", k, m, none
                       exit !(k == n && !bad && m < 1e-6 && none < k / 2) }'
        check_status "$how, $run: the CPUs' activation map (1e-6 ms)" $?
    done
done
check_done

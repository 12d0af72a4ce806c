#!/usr/bin/env bash
# test_mesh_gpu.sh STARCARP: `starcarp tissue --mesh` with a GPU (exit 77 without one): a slab of
# hexahedra (10 x 5 x 1 mm, dx 0.2 mm: 7 956 nodes) and one of tetrahedra, ten Tusscher 2006 cells,
# on the CPUs alone, on one GPU alone, and on both (parts cut by METIS or coordinates, ghosts
# crossing between the GPU and the CPUs), and where the machine has two GPUs on both alone (ghosts
# crossing between the GPUs): the same activation map within 1e-6 ms (the GPU's ionic kernels may
# contract to FMA; the mesh kernels do not: docs/verification.md) and the same nodes activated, two
# GPUs' map bit for bit one GPU's; lumped and consistent mass, explicit (sub-steps as the limit needs) and Crank-Nicolson
# (dt 0.05 ms); the consistent mass's solve to 1e-3 (fewer sweeps: the CPUs' runs stay short).
set -u
sc=$1
. "$(dirname "$0")/../check.sh"   # check_status, check_done, check_tmp, check_need_gpu
check_need_gpu
check_tmp
runs="gpu both"
[ "$(check_gpu_count)" -ge 2 ] && runs="gpu both gpu2"
"$sc" mesh box --size 10,5,1 --dx 0.2 --elem hex --out "$tmp/hex" > /dev/null; check_status "hexahedra written" $?
"$sc" mesh box --size 10,5,1 --dx 0.2 --elem tet6 --out "$tmp/tet" > /dev/null; check_status "tetrahedra written" $?
args=(--imp ten_tusscher_model_2006_epi --stim x=0:0.5,y=0:0.5,amp=50,dur=2 --duration 25 --no-png
      --probe "10,5,1" -q)
for mesh in hex tet; do
  for mass in lumped consistent; do
    for how in explicit cn; do
        extra=(--mass $mass --cg-tol-parab 1e-3 --diffusion-substeps auto)
        [ $how = cn ] && extra=(--mass $mass --cg-tol-parab 1e-3 --parab-solve cn --dt 0.05)
        how="$mass $how"
        "$sc" tissue "${args[@]}" "${extra[@]}" --mesh "$tmp/$mesh" --ngpu 0 --out "$tmp/cpu" --overwrite > /dev/null
        check_status "$mesh $how: CPUs alone" $?
        "$sc" tissue "${args[@]}" "${extra[@]}" --mesh "$tmp/$mesh" --ncpu 0 --ngpu 1 --out "$tmp/gpu" --overwrite > /dev/null
        check_status "$mesh $how: one GPU alone" $?
        "$sc" tissue "${args[@]}" "${extra[@]}" --mesh "$tmp/$mesh" --ngpu 1 --gpu-speedup 4 --out "$tmp/both" \
            --overwrite > /dev/null
        check_status "$mesh $how: CPUs and a GPU" $?
        if [ "${runs#*gpu2}" != "$runs" ]; then
            "$sc" tissue "${args[@]}" "${extra[@]}" --mesh "$tmp/$mesh" --ncpu 0 --ngpu 2 --out "$tmp/gpu2" \
                --overwrite > /dev/null
            check_status "$mesh $how: two GPUs alone" $?
            check "$mesh $how: two GPUs' activation map bit for bit one GPU's" \
                cmp -s "$tmp/gpu/init_acts_vm_act-thresh.dat" "$tmp/gpu2/init_acts_vm_act-thresh.dat"
        fi
        for run in $runs; do
            paste "$tmp/cpu/init_acts_vm_act-thresh.dat" "$tmp/$run/init_acts_vm_act-thresh.dat" |
                awk '{ if (($1 < 0) != ($2 < 0)) bad++; if ($1 < 0) none++; d = $1 - $2; if (d < 0) d = -d; if (d > m) m = d; k++ }
                     END { printf "   %d nodes, largest difference %.3g ms, %d not activated\n", k, m, none
                           exit !(k == 7956 && !bad && m < 1e-6 && none < k) }'
            check_status "$mesh $how, $run: activation map equal to the CPUs' (1e-6 ms)" $?
        done
    done
  done
done
check_done

#!/usr/bin/env bash
# test_tissue_gpu.sh STARCARP: `starcarp tissue` with a GPU (exit 77 without one): a 2D sheet of
# ten Tusscher 2006 cells on the CPUs alone, on one GPU alone, and on both (the plan's slabs, halos
# crossing between the GPU and the CPUs): the same activation map within 1e-6 ms (the GPU's ionic
# kernels may contract to FMA: docs/verification.md) and the same nodes activated; the same with
# Crank-Nicolson diffusion (--parab-solve cn) at dt 0.05 ms, above the explicit limit, and with the
# 9-point stencil from a corner stimulus, and with 3 explicit sub-steps per step (one task per slab
# on halos 3 planes deep).
set -u
sc=$1
. "$(dirname "$0")/../check.sh"   # check_status, check_done, check_tmp, check_need_gpu
check_need_gpu
check_tmp
args=(--imp ten_tusscher_model_2006_epi --size 20,10 --dx 0.1 --stim x=0:0.5,amp=50,dur=2 --duration 30
      --vtk ascii --no-png --probe "10,5;19,9" -q)
for how in explicit cn nine sub; do
    extra=(); [ $how = cn ] && extra=(--parab-solve cn --dt 0.05)
    [ $how = nine ] && extra=(--stencil 9 --stim x=0:1,y=0:1,amp=80,dur=2)
    [ $how = sub ] && extra=(--dt 0.03 --diffusion-substeps 3)
    "$sc" tissue "${args[@]}" "${extra[@]}" --ngpu 0 --overwrite --out "$tmp/cpu" > "$tmp/cpu.txt"; check_status "$how: CPUs alone" $?
    "$sc" tissue "${args[@]}" "${extra[@]}" --ncpu 0 --ngpu 1 --overwrite --out "$tmp/gpu" > "$tmp/gpu.txt"
    check_status "$how: one GPU alone" $?
    "$sc" tissue "${args[@]}" "${extra[@]}" --ngpu 1 --gpu-speedup 4 --overwrite --out "$tmp/both" > "$tmp/both.txt" 2> "$tmp/both.err"
    check_status "$how: CPUs and a GPU" $?
    for run in gpu both; do
        paste <(awk 'f { for (i = 1; i <= NF; i++) print $i } /LOOKUP_TABLE/ { f = 1 }' "$tmp/cpu/activation.vtk") \
              <(awk 'f { for (i = 1; i <= NF; i++) print $i } /LOOKUP_TABLE/ { f = 1 }' "$tmp/$run/activation.vtk") |
            awk '{ if (($1 < 0) != ($2 < 0)) bad++; d = $1 - $2; if (d < 0) d = -d; if (d > m) m = d; k++ }
                 END { printf "   %d nodes, largest difference %.3g ms\n", k, m; exit !(k == 20301 && !bad && m < 1e-6) }'
        check_status "$how, $run: activation map equal to the CPUs' (1e-6 ms)" $?
    done
done
check_done

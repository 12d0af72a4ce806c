#!/usr/bin/env bash
# mesh.sh [OUTDIR]: the mesh path of the tissue solver on the GPU machine (through the device
# tool after lab/gpu/pack.sh, carry [".carry"]; build-gpu/ made first by
# `TISSUE_PARTS=build bash lab/gpu/tissue.sh OUTDIR`, whose ctest -L tissue runs tissue.meshgpu).
# MESH_PARTS (environment) chooses the parts, in order (default "nversion compare large"); MASS
# the mass matrices (default "consistent lumped"; docs/tissue.md, "Meshes"):
#   nversion  the N-version slab as hexahedra (and tet6) at dx 0.5, 0.2, 0.1 mm on the GPU alone
#             (scripts/tissue-mesh-nversion.sh, dt 0.01 ms, TEND 100, sub-steps as the explicit
#             limit needs), each mass: OUTDIR/mesh-nversion.md
#   compare   the slab at dx 0.1 mm (442 401 nodes), COMPARE_MS ms (default 60), each mass: the GPU alone against the CPUs
#             and the GPU together (--gpu-speedup 8: parts on both, ghosts crossing): activation
#             maps compared node by node: OUTDIR/mesh-compare.md
#   gpus      the slab at dx 0.1 mm as tetrahedra (tet6, 442 401 nodes), GPUS_MS ms (default 60), each
#             mass: one GPU alone against two GPUs alone (where the machine has two; ghosts crossing
#             between the GPUs): activation maps compared node by node, rates: OUTDIR/mesh-gpus.md
#   large     the slab at dx 1/29 mm (581 x 204 x 88 = 10 429 632 nodes, hexahedra) for LARGE_MS ms
#             (default 2) on the GPU alone, explicit (sub-steps auto) and Crank-Nicolson, each mass:
#             node-steps/s in OUTDIR/mesh-large.md
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)   # the repository root (this file is lab/gpu/)
out=${1:-${OUT:?give an output directory or set OUT}}
mkdir -p "$out"
parts=" ${MESH_PARTS:-nversion compare large} "
masses=${MASS:-consistent lumped}
has() { case "$parts" in *" $1 "*) return 0 ;; esac; return 1; }
export STARPU_HOME="$top/build-gpu/starpu-home" STARPU_SILENT=1
sc=$top/build-gpu/bin/starcarp
nvidia-smi -L | tee "$out/mesh-gpu.txt"
if has nversion; then
    for mass in $masses; do
        for elem in hex tet6; do
            ELEM=$elem TEND=100 bash "$top/scripts/tissue-mesh-nversion.sh" "$sc" "0.5 0.2 0.1" 0.01 \
                "$out/mesh-nv-$mass" -- --ncpu 0 --ngpu 1 -q --no-png --mass $mass --diffusion-substeps auto
        done
        { echo "## $mass mass"; cat "$out/mesh-nv-$mass/nversion.md"; } >> "$out/mesh-nversion.md"
    done
fi
if has compare; then
    d=$out/mesh-cmp; mkdir -p "$d"
    "$sc" mesh box --size 20,7,3 --dx 0.1 --out "$d/slab" > /dev/null
    for mass in $masses; do
        for how in gpu both; do
            extra=(--ncpu 0 --ngpu 1); [ $how = both ] && extra=(--ngpu 1 --gpu-speedup 8)
            /usr/bin/time -f "%e s" "$sc" tissue --par "$top/examples/nversion.par" --mesh "$d/slab" --duration "${COMPARE_MS:-60}" \
                --no-png --overwrite --out "$d/$mass-$how" --mass $mass "${extra[@]}" > "$d/$mass-$how.txt" \
                2> "$d/$mass-$how.err"
            tail -3 "$d/$mass-$how.err"
        done
        {
            echo "# mesh path, N-version slab at dx 0.1 mm (hexahedra), $mass mass, GPU alone vs CPUs + GPU ($(date -u))"
            grep summary "$d/$mass-both.err"
            paste "$d/$mass-gpu/init_acts_vm_act-thresh.dat" "$d/$mass-both/init_acts_vm_act-thresh.dat" |
                awk '{ if (($1 < 0) != ($2 < 0)) bad++; d = $1 - $2; if (d < 0) d = -d; if (d > m) m = d; k++ }
                     END { printf "%d nodes, largest difference %.3g ms, %d activated on one side only\n", k, m, bad }'
            paste "$d/$mass-gpu.txt" "$d/$mass-both.txt" | awk '/^P/ { print $1, "gpu", $6, "cpu+gpu", $12 }'
        } | tee -a "$out/mesh-compare.md"
    done
fi
if has gpus && [ "$(nvidia-smi -L | grep -c '^GPU')" -ge 2 ]; then
    d=$out/mesh-gpus; mkdir -p "$d"
    "$sc" mesh box --size 20,7,3 --dx 0.1 --elem tet6 --out "$d/slab" > /dev/null
    for mass in $masses; do
        for g in 1 2; do
            /usr/bin/time -f "%e s" "$sc" tissue --par "$top/examples/nversion.par" --mesh "$d/slab" --duration "${GPUS_MS:-60}" \
                --no-png --overwrite --out "$d/$mass-g$g" --mass $mass --diffusion-substeps auto --ncpu 0 --ngpu $g \
                > "$d/$mass-g$g.txt" 2> "$d/$mass-g$g.err"
            echo "exit $? ($mass, $g GPUs)"
        done
        {
            echo "# mesh path, N-version slab at dx 0.1 mm (tet6), $mass mass, one GPU vs two ($(date -u))"
            grep -h summary "$d/$mass-g1.err" "$d/$mass-g2.err"
            paste "$d/$mass-g1/init_acts_vm_act-thresh.dat" "$d/$mass-g2/init_acts_vm_act-thresh.dat" |
                awk '{ if (($1 < 0) != ($2 < 0)) bad++; if ($1 < 0) none++; d = $1 - $2; if (d < 0) d = -d; if (d > m) m = d; k++ }
                     END { printf "%d nodes, largest difference %.3g ms, %d activated on one side only, %d not activated\n", k, m, bad, none }'
            cmp "$d/$mass-g1/init_acts_vm_act-thresh.dat" "$d/$mass-g2/init_acts_vm_act-thresh.dat" && echo "activation maps: the same bytes"
            paste "$d/$mass-g1.txt" "$d/$mass-g2.txt" | awk '/^P/ { print $1, "1 GPU", $6, "2 GPUs", $12 }'
        } | tee -a "$out/mesh-gpus.md"
    done
fi
if has large; then
    d=$out/mesh-large; mkdir -p "$d"
    /usr/bin/time -f "mesh box: %e s, %M KB" "$sc" mesh box --size 20,7,3 --dx 0.0344827586206896552 --out "$d/slab" \
        2>&1 | tee "$d/box.txt"
    for mass in $masses; do
        for how in explicit cn; do
            extra=(--diffusion-substeps auto); [ $how = cn ] && extra=(--parab-solve cn)
            echo "## $mass mass, $how"
            /usr/bin/time -f "%e s, %M KB" "$sc" tissue --par "$top/examples/nversion.par" --mesh "$d/slab" \
                --duration "${LARGE_MS:-2}" --ncpu 0 --ngpu 1 --no-png --overwrite --out "$d/$mass-$how" \
                --mass $mass "${extra[@]}" > "$d/$mass-$how.txt" 2> "$d/$mass-$how.err"
            grep -v progress "$d/$mass-$how.err" | tail -6
        done
    done 2>&1 | tee "$out/mesh-large.md"
fi

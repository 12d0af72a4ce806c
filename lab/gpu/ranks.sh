#!/usr/bin/env bash
# ranks.sh [OUTDIR]: issue 15's code paths on a one-GPU machine (through the device tool, after
# lab/gpu/pack.sh and a build in build-gpu/, e.g. TISSUE_PARTS=build lab/gpu/tissue.sh): two
# StarPU-MPI ranks sharing the GPU, against one rank, for
#   1. `starcarp tissue` (the N-version slab at dx 0.1 mm, 10 ms; explicit and Crank-Nicolson at dt
#      0.05 ms): each rank holds half the planes, its slabs on the GPU (and CPU workers where the plan
#      gives them any), the edge planes travel between the ranks every halo exchange;
#   2. `starcarp bench` (ten Tusscher 2006, 1M cells, 20 ms, probes at the first and last cell);
#   3. `starcarp tissue --mesh` (the N-version slab as tetrahedra at dx 0.2 mm, 58k nodes, 10 ms;
#      explicit with the consistent mass's sub-steps, and Crank-Nicolson) on one GPU alone (--ncpu 0,
#      the reference), CPUs + GPU, 2 ranks on the GPU alone and 2 ranks with CPUs + GPU: each rank
#      holds its parts of the mesh's cut, the export buffers the other rank reads travel every pass.
# The outputs of 2 ranks must equal 1 rank's bit for bit (the mesh: one GPU's activation map; where
# not, the largest difference of the activation times); the table (OUTDIR/ranks.md) gives the wall
# times. Scaling figures need a machine with several GPUs (issue 15); this exercises the paths.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)   # the repository root (this file is lab/gpu/)
out=${1:-${OUT:?give an output directory or set OUT}}
mkdir -p "$out"
starpu=$top/.carry/starpu
export LD_LIBRARY_PATH="$starpu/lib:${LD_LIBRARY_PATH:-}:$starpu/lib/fallback"
export STARPU_HOME="$top/build-gpu/starpu-home" STARPU_SILENT=1 OMPI_MCA_rmaps_base_oversubscribe=1
sc=$top/build-gpu/bin/starcarp
[ -x "$sc" ] || { echo "gpu-ranks: no build-gpu" >&2; exit 1; }
# each rank gets its own half of the cores (RANK_BIND): StarPU binds its threads inside the cores
# it is given, and two ranks left unbound (--bind-to none) bind their workers to the same cores
rank_bind=${RANK_BIND:---map-by slot:PE=$(( $(nproc) / 2 )) --bind-to core}
mpi="mpirun --allow-run-as-root --oversubscribe $rank_bind -np 2 -x STARPU_NCPU=${NCPU_PER_RANK:-6} -x STARPU_HOME -x STARPU_SILENT -x LD_LIBRARY_PATH"
wall() { grep -o 'wall time [0-9.]* s' "$1" | head -1 | cut -d' ' -f3; }
# mesh_row NAME DIR: DIR's activation times against the one-GPU run's ($out/g1): bits, else the
# largest difference (ms)
mesh_row() {
    local same
    if cmp -s "$out/g1/activation.vtk" "$2/activation.vtk" && cmp -s "$out/g1.txt" "$2.txt"; then same="yes (bits)"
    else same="no: largest difference $(paste "$out/g1/init_acts_vm_act-thresh.dat" "$2/init_acts_vm_act-thresh.dat" |
        awk '{ d = $1 - $2; if (d < 0) d = -d; if (d > m) m = d } END { printf "%.3g ms", m }')"; fi
    echo "| $1 | $(wall "$2.log") | $same |"
}
{
    echo "| run | 1 rank wall (s) | 2 ranks wall (s) | 2 ranks == 1 rank |"
    echo "|---|---:|---:|---|"
    for how in "--dt 0.01" "--dt 0.05 --parab-solve cn"; do
        args=(--par "$top/examples/nversion.par" --dx 0.1 --duration 10 --no-png --vtk ascii $how)
        STARPU_NCPU=${NCPU_PER_RANK:-6} "$sc" tissue "${args[@]}" --out "$out/t1" > "$out/t1.txt" 2> "$out/t1.log"
        $mpi "$sc" tissue "${args[@]}" --out "$out/t2" > "$out/t2.txt" 2> "$out/t2.log"
        same=no; cmp -s "$out/t1/activation.vtk" "$out/t2/activation.vtk" && cmp -s "$out/t1/probes.txt" "$out/t2/probes.txt" &&
            cmp -s "$out/t1.txt" "$out/t2.txt" && same="yes (activation map, probes, bits)"
        echo "| tissue, N-version dx 0.1 mm, 10 ms, $how | $(wall "$out/t1.log") | $(wall "$out/t2.log") | $same |"
        rm -rf "$out/t1" "$out/t2"
    done
    b=(--imp ten_tusscher_model_2006_epi --num 1048576 --duration 20 --probe 0,1048575 -q)
    s1=$(date +%s.%N); STARPU_NCPU=${NCPU_PER_RANK:-6} "$sc" bench "${b[@]}" --fout "$out/b1" > /dev/null 2>&1; s2=$(date +%s.%N)
    $mpi "$sc" bench "${b[@]}" --fout "$out/b2" > "$out/b2.log" 2>&1; s3=$(date +%s.%N)
    same=no; cmp -s "$out/b1.txt" "$out/b2.txt" && cmp -s "$out/b1_cell1048575.txt" "$out/b2_cell1048575.txt" && same="yes (both probes, bits)"
    echo "| bench, ten Tusscher 2006, 1M cells, 20 ms | $(awk -v a=$s1 -v b=$s2 'BEGIN{printf "%.1f", b-a}') | $(awk -v a=$s2 -v b=$s3 'BEGIN{printf "%.1f", b-a}') | $same |"
    "$sc" mesh box --size 20,7,3 --dx 0.2 --elem tet6 --out "$out/slab" > /dev/null
    echo
    echo "| mesh run (N-version slab, tetrahedra, dx 0.2 mm, 10 ms) | wall (s) | == one GPU |"
    echo "|---|---:|---|"
    for how in "--dt 0.02 --diffusion-substeps auto" "--dt 0.05 --parab-solve cn"; do
        args=(--par "$top/examples/nversion.par" --mesh "$out/slab" --duration 10 --vtk ascii $how)
        STARPU_NCPU=${NCPU_PER_RANK:-6} "$sc" tissue "${args[@]}" --ncpu 0 --ngpu 1 --out "$out/g1" > "$out/g1.txt" 2> "$out/g1.log"
        STARPU_NCPU=${NCPU_PER_RANK:-6} "$sc" tissue "${args[@]}" --out "$out/g2" > "$out/g2.txt" 2> "$out/g2.log"
        $mpi "$sc" tissue "${args[@]}" --ncpu 0 --ngpu 1 --out "$out/g3" > "$out/g3.txt" 2> "$out/g3.log"
        $mpi "$sc" tissue "${args[@]}" --out "$out/g4" > "$out/g4.txt" 2> "$out/g4.log"
        echo "| $how: one GPU | $(wall "$out/g1.log") | (the reference) |"
        mesh_row "$how: CPUs + GPU" "$out/g2"
        mesh_row "$how: 2 ranks sharing the GPU" "$out/g3"
        mesh_row "$how: 2 ranks, CPUs + GPU" "$out/g4"
        tail -3 "$out/g4.log" > "$out/mesh-ranks-log.txt"
        rm -rf "$out/g1" "$out/g2" "$out/g3" "$out/g4"
    done
} | tee "$out/ranks.md"
tail -5 "$out/t2.log" "$out/b2.log" > "$out/ranks-logs.txt" 2>/dev/null

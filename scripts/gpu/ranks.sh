#!/usr/bin/env bash
# ranks.sh [OUTDIR]: issue 15's code paths on a one-GPU machine (through the device tool, after
# scripts/gpu/pack.sh and a build in build-gpu/, e.g. TISSUE_PARTS=build scripts/gpu/tissue.sh): two
# StarPU-MPI ranks sharing the GPU, against one rank, for
#   1. `starcarp tissue` (the N-version slab at dx 0.1 mm, 10 ms; explicit and Crank-Nicolson at dt
#      0.05 ms): each rank holds half the planes, its slabs on the GPU (and CPU workers where the plan
#      gives them any), the edge planes travel between the ranks every halo exchange;
#   2. `starcarp bench` (ten Tusscher 2006, 1M cells, 20 ms, probes at the first and last cell).
# The outputs of 2 ranks must equal 1 rank's bit for bit; the table (OUTDIR/ranks.md) gives the wall
# times. Scaling figures need a machine with several GPUs (issue 15); this exercises the paths.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)   # the repository root (this file is scripts/gpu/)
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
} | tee "$out/ranks.md"
tail -5 "$out/t2.log" "$out/b2.log" > "$out/ranks-logs.txt" 2>/dev/null

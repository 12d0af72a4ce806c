#!/usr/bin/env bash
# multi.sh [OUTDIR]: the several-GPU figures of docs/performance.md ("Several GPUs") on a machine of
# 2 or 4 GPUs, after lab/gpu/pack.sh here (device tool, kind nvidia-h100-x4 or -x2, carry
# [".carry"], command `bash lab/gpu/multi.sh`).
#
# Builds ten Tusscher 2006 and Aliev-Panfilov only (STARCARP_MODELS), checks every worker against the
# host (starcarp devices), then, on 1, 2 and 4 GPUs (those the machine has), without CPU workers:
#   bench    16M cells of the library's ten Tusscher 2006, GKr varied across the cells, 10 ms, the
#            default steps per task and 100; the final state of every cell (--checkpoint) compared
#            with the one-GPU run's, byte for byte
#   tissue   the N-version slab refined to dx 1/30 mm (601 x 211 x 91 = 11.5M nodes) and 1/42 mm (31.5M;
#            TISSUE_DX lists others), TISSUE_MS ms (default 20: the first upload, a fixed cost, is inside the timed loop); the probes' rows and the last Vm snapshot compared with the
#            one-GPU run's, byte for byte
#   billion  1e9 cells in double across every GPU (0.1 ms), host and GPU memory peaks
# PARTS (environment) chooses: default "build check bench tissue billion". Writes OUTDIR/multi.md and
# OUTDIR/multi-logs.tgz.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)   # the repository root (this file is lab/gpu/)
out=${1:-${OUT:?give an output directory or set OUT}}
mkdir -p "$out"
logs=$(mktemp -d)
work=${SC_MULTI_WORK:-/tmp/sc-multi}
mkdir -p "$work"
cd "$top"
. lab/gpu/env.sh gpu-multi   # the carried StarPU on the paths ($starpu)
export NCCL_NVLS_ENABLE=0
PARTS=${PARTS:-build check bench tissue billion}
has() { case " $PARTS " in *" $1 "*) return 0 ;; esac; return 1; }
sc=$top/build-gpu/bin/starcarp
TT=ten_tusscher_model_2006_epi
ngpu=$(nvidia-smi -L 2>/dev/null | grep -c '^GPU' || true)
counts="1"; [ "$ngpu" -ge 2 ] && counts="1 2"; [ "$ngpu" -ge 4 ] && counts="1 2 3 4"
counts=${GPU_COUNTS:-$counts}
exec > >(tee "$out/multi.md") 2>&1
echo "# Several GPUs: $(hostname), $(nproc) cores, $ngpu x $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(free -g | awk '/Mem:/{print $2}') GiB, $(date -u +%FT%TZ), commit $(cat "$top/.carry/COMMIT" 2>/dev/null || git rev-parse --short HEAD)"
echo
if has build; then
    t0=$(date +%s)
    gpu_build "$TT;AlievPanfilov" "$logs/build.log"
    echo "build: exit $? in $(( $(date +%s) - t0 )) s"; tail -2 "$logs/build.log"
fi
[ -x "$sc" ] || { echo "gpu-multi: no build"; tar -C "$logs" -czf "$out/multi-logs.tgz" .; exit 1; }
if has check; then
    "$sc" devices --cells 8388608 --steps 10 --require-gpu >"$logs/devices.txt" 2>&1
    echo "starcarp devices (every worker against the host): exit $?"; tail -6 "$logs/devices.txt"
fi
# md5 of a file's bytes from OFFSET on (an IGB's header holds no run-specific field, but skip it anyway)
sum_from() { tail -c +"$2" "$1" 2>/dev/null | md5sum | cut -c1-12; }
if has bench; then
    echo
    echo "## bench: $TT, 16777216 cells, GKr x 0.5..1.5 across the cells, 10 ms, --ncpu 0"
    echo
    echo "The rate runs write no checkpoint (writing 2.5 GB is inside the timed loop); the same runs over 1 ms"
    echo "with --checkpoint give the final state of every cell, compared with one GPU's."
    echo
    echo "| GPUs | steps per task | exit | wall (s) | cell-steps/s | x one GPU | GPU busy (s, each) | final state at 1 ms (md5 of the checkpoint) |"
    echo "|---|---|---|---:|---:|---:|---|---|"
    for k in default 100; do
        base=""
        for g in $counts; do
            kk=(); [ $k = default ] || kk=(--steps-per-task $k)
            name=bench-g$g-k$k
            common=(--imp $TT --num 16777216 --vary "GKr*0.5:1.5" --ncpu 0 --ngpu "$g" "${kk[@]}" --no-trace -q)
            "$sc" bench "${common[@]}" --duration 10 >"$logs/$name.out" 2>"$logs/$name.err"
            rc=$?
            rate=$(grep -o '[0-9.e+]* cell-steps/s' "$logs/$name.err" | head -1 | cut -d' ' -f1)
            wall=$(grep -o 'wall time [0-9.]* s' "$logs/$name.err" | head -1 | cut -d' ' -f3)
            busy=$(grep -o 'busy [0-9.]* s' "$logs/$name.err" | cut -d' ' -f2 | paste -sd/)
            [ $g = 1 ] && base=$rate
            "$sc" bench "${common[@]}" --duration 1 --checkpoint "$work/$name.ckpt" >"$logs/$name-ckpt.out" 2>"$logs/$name-ckpt.err"
            md5="$(sum_from "$work/$name.ckpt" 1) (exit $?)"; rm -f "$work/$name.ckpt"
            ratio=$(awk -v a="${rate:-0}" -v b="${base:-0}" 'BEGIN{if (b > 0) printf "%.2f", a / b; else print "-"}')
            echo "| $g | $k | $rc | ${wall:--} | ${rate:--} | $ratio | ${busy:--} | $md5 |"
        done
    done
fi
if has tissue; then
    # TISSUE_DX: the refinements, in mm (default 1/30 mm: 11.5M nodes, and 1/42 mm: 31.5M nodes)
    for dx in ${TISSUE_DX:-0.03333333333333333 0.023809523809523808}; do
        nodes=$(awk -v d="$dx" 'BEGIN{printf "%d", (int(20/d+0.5)+1)*(int(7/d+0.5)+1)*(int(3/d+0.5)+1)}')
        echo
        echo "## tissue: the N-version slab at dx $dx mm ($nodes nodes), ${TISSUE_MS:-20} ms, --diffusion-substeps auto, --ncpu 0"
        echo
        echo "| GPUs | exit | wall (s) | node-steps/s | x one GPU | probes.txt (md5) | last Vm frame (md5) |"
        echo "|---|---|---:|---:|---:|---|---|"
        base=""
        for g in $counts; do
            name=tissue-$nodes-g$g
            rm -rf "$work/$name"
            "$sc" tissue --par examples/nversion.par --dx "$dx" --duration "${TISSUE_MS:-20}" --snap-dt "${TISSUE_MS:-20}" --no-png --diffusion-substeps auto \
                --ncpu 0 --ngpu "$g" --out "$work/$name" >"$logs/$name.out" 2>"$logs/$name.err"
            rc=$?
            rate=$(grep -o '[0-9.e+]* node-steps/s' "$logs/$name.err" | head -1 | cut -d' ' -f1)
            wall=$(grep -o 'wall time [0-9.]* s' "$logs/$name.err" | head -1 | cut -d' ' -f3)
            [ $g = 1 ] && base=$rate
            last=$(tail -c "$(( nodes * 4 ))" "$work/$name/vm.igb" 2>/dev/null | md5sum | cut -c1-12) # the last frame
            ratio=$(awk -v a="${rate:-0}" -v b="${base:-0}" 'BEGIN{if (b > 0) printf "%.2f", a / b; else print "-"}')
            echo "| $g | $rc | ${wall:--} | ${rate:--} | $ratio | $(sum_from "$work/$name/probes.txt" 1) | $last |"
            rm -rf "$work/$name"
        done
        grep -h "summary" "$logs"/tissue-$nodes-g*.err | grep -v steps | head -8
    done
fi
if has billion && [ "$ngpu" -ge 2 ]; then
    echo
    echo "## bench: 1e9 cells of $TT in double on $ngpu GPUs (0.1 ms, 10 steps per task)"
    nvidia-smi --query-gpu=memory.used --format=csv,noheader,nounits -lms 1000 >"$logs/billion.gpumem" 2>/dev/null &
    smi=$!
    /usr/bin/time -v "$sc" bench --imp $TT --num 1000000000 --duration 0.1 --ncpu 0 --steps-per-task 10 --no-trace -q \
        >"$logs/billion.out" 2>"$logs/billion.err"
    rc=$?
    kill $smi 2>/dev/null; wait $smi 2>/dev/null
    host=$(grep "Maximum resident" "$logs/billion.err" | awk '{printf "%.1f", $6/1048576}')
    # the samples come as one line per GPU per second: the largest per GPU
    peak=$(awk -v n="$ngpu" '{g = (NR - 1) % n; if ($1 > m[g]) m[g] = $1} END{for (g = 0; g < n; g++) printf "%s%d", g ? " " : "", m[g]}' "$logs/billion.gpumem")
    echo "exit $rc, host peak ${host:-?} GiB, GPU memory peaks (MiB) ${peak:-?}"
    grep -E "summary|error|Error|refused|need" "$logs/billion.err" | head -12
fi
tar -C "$logs" -czf "$out/multi-logs.tgz" .

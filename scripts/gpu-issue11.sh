#!/usr/bin/env bash
# gpu-issue11.sh BUILD OUTDIR PART...: the measurements of the performance issue (11) on the GPU
# machine, stage "issue11" of scripts/gpu-run.sh (SC_I11_PARTS chooses the parts there). Parts:
#   check    every library model's CUDA kernels against the portable C (test_gpu_vs_cpu, its sizes
#            chosen per model kind so that the library fits in 5 minutes; needs the whole library
#            built) -> OUTDIR/gpu_vs_cpu.md, .csv
#   kernels  the copy bandwidth of the GPU (a device-to-device copy, bytes read + written), then
#            generated kernels alone in launch-bound variants (scripts/gpu-kernels.sh, SC_KERN_MB
#            default "3 4 5 6 12"), and the same with the sources in SC_KERN_BASE when given (the
#            generator before this work) -> OUTDIR/kernels.md
#   split    CPU+GPU throughput of starcarp bench for TT06-FE, Aliev-Panfilov and O'Hara-Rudy
#            2011 at 1M and 8M cells: CPUs alone, GPU alone, both never calibrated (the probe),
#            both with calibrated models (starcarp calibrate into BUILD/pm, shipped from there
#            as perfmodels/<class>); the ratio both / (CPU + GPU) and both / GPU per row; then the
#            probe traces of CPU+GPU runs against CPU-only runs, uniform and varied parameters
#            -> OUTDIR/split.md, OUTDIR/perfmodels.tgz
#   diag     why CPU+GPU is slower than the GPU alone: StarPU's statistics (scripts/gpu-split-diag.sh)
# Durations are chosen per model and configuration so that each run lasts a few seconds (the
# CPUs alone are hundreds of times slower than the GPU on these models); O'Hara-Rudy at 8M cells
# only with SC_I11_ORD_BIG=1 (a step of 8M cells takes the CPUs about 20 s).
set -uo pipefail
build=$1; out=$2; shift 2
sc="$build/bin/starcarp"
fe="$build/tt06fe.model"
sed 's/\.method(cvode)/.method(fe)/g' models/cellml/ten_tusscher_model_2006_epi.model >"$fe"
export STARCARP_CACHE="$build/plugin-cache"
step() { printf '== %s\n' "$*"; }

part_check() {
    step "every library model on the GPU against the portable C"
    local t0=$(date +%s)
    timeout "${SC_CHECK_TIMEOUT:-330}" stdbuf -oL "$build/bin/test_gpu_vs_cpu" --csv "$out/gpu_vs_cpu.csv" ${SC_GPU_ARGS:---no-timing} \
        >"$out/gpu_vs_cpu.md" 2>"$out/gpu_vs_cpu.log"
    local rc=$?
    { echo; echo "exit $rc, $(( $(date +%s) - t0 )) s wall (command: test_gpu_vs_cpu ${SC_GPU_ARGS:---no-timing})"; } >>"$out/gpu_vs_cpu.md"
    tail -4 "$out/gpu_vs_cpu.md"
}

# Device-to-device copy: GB/s counting bytes read plus bytes written (PyTorch of the image).
copy_bw() {
    python3 - <<'EOF' 2>/dev/null || echo "copy bandwidth: not measured (no torch)"
import torch
n = 1 << 28                      # 2 GiB of doubles per buffer
x = torch.rand(n, dtype=torch.float64, device="cuda"); y = torch.empty_like(x)
for _ in range(3): y.copy_(x)
e0, e1 = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
ts = []
for _ in range(10):
    e0.record(); y.copy_(x); e1.record(); torch.cuda.synchronize(); ts.append(e0.elapsed_time(e1))
ts.sort()
print("copy bandwidth: %.1f GB/s (median of 10 device-to-device copies of 2 GiB, read + write)" % (2 * 8 * n / (ts[5] * 1e-3) / 1e9))
EOF
}

part_kernels() {
    step "copy bandwidth and kernel variants"
    local bw; bw=$(copy_bw); echo "$bw"
    SC_KERN_MB=${SC_KERN_MB:-3 4 5 6 12} bash scripts/gpu-kernels.sh "$build" "$out"
    local gbs; gbs=$(echo "$bw" | grep -o '[0-9.]* GB/s' | grep -o '^[0-9.]*')
    {
    echo
    echo "$bw"
    echo
    echo "Aliev-Panfilov at K = 1 against the copy bandwidth: 40 bytes per cell-step in double (the state, Vm and Iion written; the state and Vm read; Iion read only when it is output), 20 in single:"
    echo
    # rows of kernels.md: | model | precision | min blocks | registers | spills | K=1 | K=10 | ...
    awk -F'|' -v gbs="${gbs:-0}" '$2 ~ /^ ap / { r = $7 + 0; b = ($3 ~ /f64/) ? 40 : 20;
        if (gbs > 0 && r > 0) printf "- ap %s, min blocks %s: %.3g cell-steps/s x %d B = %.0f GB/s, %.0f %% of the copy bandwidth\n", $3, $4, r, b, r * b / 1e9, 100 * r * b / 1e9 / gbs }' "$out/kernels.md"
    } >>"$out/kernels.md.tail"
    cat "$out/kernels.md.tail" >>"$out/kernels.md"; rm -f "$out/kernels.md.tail"
    tail -12 "$out/kernels.md"
}

# bench LABEL MODEL CELLS MS ARGS...: one run; prints its cell-steps/s (or "-")
bench() {
    local label=$1 model=$2 cells=$3 ms=$4; shift 4
    "$sc" bench --imp "$model" --num "$cells" --duration "$ms" --stim-start 0.5 --stim-curr 52 -q "$@" \
        >/dev/null 2>"$build/split-$label.err"
    local r; r=$(grep -o '[0-9.e+]* cell-steps/s' "$build/split-$label.err" | grep -o '^[0-9.e+]*')
    echo "${r:--}"
}

part_split() {
    step "CPUs + GPU: throughput and results"
    local pm="$build/pm" cls; cls=$(nproc)cpu-1x$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr ' ' '_')
    {
    echo "# CPUs + GPU on $(hostname), $(date -u +%Y-%m-%dT%H:%MZ): $(nproc) cores, $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
    echo
    echo "Calibration: starcarp calibrate --models tt06fe.model,AlievPanfilov ... and ohara_rudy_2011_endo (smaller sizes) --dir pm --class $cls"
    "$sc" calibrate --models "$fe,AlievPanfilov" --sizes 1024,16384,262144,1048576,4194304 --cpu-max-cells 16384 \
        --dir "$pm" --class "$cls" -q >"$build/cal1.txt" 2>&1; echo "(exit $?)"
    "$sc" calibrate --models ohara_rudy_2011_endo --sizes 256,1024,65536,262144 --cpu-max-cells 1024 --rounds 11 \
        --dir "$pm" --class "$cls" -q >"$build/cal2.txt" 2>&1; echo "(exit $?)"
    echo '```'; cat "$pm/starcarp-speeds.csv" 2>/dev/null; echo '```'
    echo
    echo "starcarp bench --imp MODEL --num N --duration MS --stim-start 0.5 --stim-curr 52 -q, K = 10; cell-steps/s"
    echo
    echo "| model | cells | CPUs alone | GPU alone | both, never calibrated | ratio to CPU+GPU / to GPU | GPU = cores (probe) | both, calibrated | ratio to CPU+GPU / to GPU |"
    echo "|---|---:|---:|---:|---:|---|---:|---:|---|"
    # model label, file, cells, ms for the CPUs alone, ms for runs with the GPU
    # (the runs with the GPU last about a second or more: shorter ones, such as O'Hara-Rudy's 10
    # steps of 2026-11-24 09:33, measure the first upload and the probe as much as the kernels)
    local rows=("tt06fe $fe 1048576 1 20" "tt06fe $fe 8388608 0.2 5"
                "AlievPanfilov AlievPanfilov 1048576 10 1000" "AlievPanfilov AlievPanfilov 8388608 2 200"
                "ohara_rudy_2011_endo ohara_rudy_2011_endo 1048576 0.02 5")
    [ "${SC_I11_ORD_BIG:-0}" = 1 ] && rows+=("ohara_rudy_2011_endo ohara_rudy_2011_endo 8388608 0.01 0.02")
    for row in "${rows[@]}"; do
        set -- $row
        local name=$1 model=$2 n=$3 mc=$4 mg=$5 tag="$1-$3"
        local c g b bc su
        c=$(bench "$tag-cpu" "$model" "$n" "$mc" --ngpu 0)
        g=$(bench "$tag-gpu" "$model" "$n" "$mg" --ncpu 0)
        b=$(bench "$tag-both" "$model" "$n" "$mg")
        su=$(grep -o 'GPU [0-9.e+]* times' "$build/split-$tag-both.err" | grep -o '[0-9][0-9.e+]*' | head -1)
        bc=$(bench "$tag-both-cal" "$model" "$n" "$mg" --perfmodels "$pm")
        ratio() { awk -v b="$1" -v c="$2" -v g="$3" 'BEGIN { if (b + 0 > 0 && c + 0 > 0 && g + 0 > 0)
            printf "%.3f / %.3f %s", b / (c + g), b / g, (b >= 0.95 * (c + g) && b >= g) ? "(met)" : "(**missed**)"; else printf "-" }'; }
        echo "| $name | $n | $c | $g | $b | $(ratio "$b" "$c" "$g") | ${su:--} | $bc | $(ratio "$bc" "$c" "$g") |"
    done
    echo
    echo "## Probe traces: CPU+GPU against CPU only (relative Vm difference, every output row)"
    local eq=("tt06fe $fe 200000 20 g_Kr_total" "AlievPanfilov AlievPanfilov 200000 50 mu1"
              "ohara_rudy_2011_endo ohara_rudy_2011_endo 16384 2 GKr")
    for row in "${eq[@]}"; do
        set -- $row
        local name=$1 model=$2 n=$3 ms=$4 par=$5 last=$(( $3 - 1 ))
        for v in uniform varied; do
            local va=(); [ $v = varied ] && va=(--vary "$par*0.5:1.5")
            for w in cpu both; do
                local wa=(); [ $w = cpu ] && wa=(--ngpu 0)
                "$sc" bench --imp "$model" --num "$n" --duration "$ms" --stim-start 0.5 --stim-curr 52 -q \
                    --probe "0,$(( n / 2 )),$last" "${va[@]}" "${wa[@]}" --fout "$build/eq-$name-$v-$w" >/dev/null 2>&1
            done
            for f in "$build/eq-$name-$v-cpu"*.txt; do
                local gfile="$build/eq-$name-$v-both${f#$build/eq-$name-$v-cpu}"
                echo "- $name, $v, $(basename "$f"): $(paste "$f" "$gfile" | awk -v nc="$(head -1 "$f" | wc -w)" '{ d = $2 - $(nc + 2); if (d < 0) d = -d; s = $2 < 0 ? -$2 : $2; if (s > mx) mx = s; if (d > m) m = d } END { printf "max |dVm| %.3g mV over %d rows (max |Vm| %.3g)", m, NR, mx }')"
            done
        done
    done
    } >"$out/split.md" 2>&1
    tar -C "$build" -czf "$out/perfmodels.tgz" pm 2>/dev/null
    cat "$out/split.md"
}

for p in "$@"; do
    case $p in
    check) part_check ;;
    kernels) part_kernels ;;
    split) part_split ;;
    diag) bash scripts/gpu-split-diag.sh "$build" "$out" ;;
    *) echo "gpu-issue11.sh: unknown part $p" >&2 ;;
    esac
done

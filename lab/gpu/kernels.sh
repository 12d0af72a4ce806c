#!/usr/bin/env bash
# kernels.sh BUILD OUTDIR: stage "kernels" of lab/gpu/run.sh: one generated CUDA kernel
# timed alone (microbench/gpu_kernel.c) in variants of its launch bounds, for the kernel work of the
# performance issue. Models: SC_KERN_MODELS (default "tt06fe ap": TT06-FE, ten Tusscher 2006 with
# every cvode group on forward Euler, and Aliev-Panfilov; any library model's stem, e.g.
# bueno_2007_endo, generated with the library's choice of methods: models/methods.tsv); double and
# single precision (SC_KERN_PRECISIONS, default "f64 f32"); __launch_bounds__(128, MB) for MB in
# SC_KERN_MB (default "1 3 4 5": at most 255, 168, 128, 102 registers per thread). For each: the
# registers and spills ptxas reports, cell-steps/s on SC_KERN_CELLS cells (default 4194304) with
# K = 1 and K = 10 steps per launch, and Vm of two cells after the run (variants must agree).
# SC_KERN_BASE: a folder of sources generated before a change (<model>/<id>_cuda[_f32].cu, model
# tt06fe or ap): timed as rows "base" with their own launch bounds. SC_KERN_PTXAS_ONLY=1: registers
# and spills only, no run (works without a GPU). Writes OUTDIR/kernels.md.
set -uo pipefail
. "$(dirname "$0")/stage.sh" "$1" "$2"   # $build, $out, $sc; the repository root the working folder
work="$build/kernels"; rm -rf "$work"; mkdir -p "$work"
cells=${SC_KERN_CELLS:-4194304}
sed 's/\.method(cvode)/.method(fe)/g' models/cellml/ten_tusscher_model_2006_epi.model >"$work/tt06fe.model"
cp models/native/AlievPanfilov.model "$work/ap.model"
{
echo "# Kernel variants on $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1), $(date -u +%Y-%m-%dT%H:%MZ)"
echo
echo "Command: lab/gpu/kernels.sh (microbench/gpu_kernel.c), $cells cells, stimulus 52 over steps 0-99."
echo
echo "| model | precision | min blocks | registers | spill stores (B) | K = 1 cell-steps/s | K = 10 cell-steps/s | Vm cell 0 | Vm last cell |"
echo "|---|---|---:|---:|---:|---:|---:|---:|---:|"
for m in ${SC_KERN_MODELS:-tt06fe ap}; do
    d="$work/$m"; mkdir -p "$d"
    case $m in
        tt06fe | ap) "$sc" codegen "$work/$m.model" --target cuda --precision both -o "$d" >"$d/codegen.log" 2>&1 ;;
        *) f=$(ls models/*/"$m".model 2>/dev/null | head -1)
           [ -n "$f" ] && "$sc" codegen "$f" --target cuda --precision both --auto-methods models/methods.tsv -o "$d" >"$d/codegen.log" 2>&1 ;;
    esac || { echo "codegen failed: $m"; continue; }
    src=$(ls "$d"/*_c.c | head -1); id=$(basename "$src" _c.c)
    cc -std=c11 -O2 -fPIC -Iinclude -c "$src" -o "$d/host.o" || continue
    for p in ${SC_KERN_PRECISIONS:-f64 f32}; do
        cu="$d/${id}_cuda.cu"; def=""
        [ $p = f32 ] && cu="$d/${id}_cuda_f32.cu" && def=-DSC_F32
        # "base": the same model as generated before (SC_KERN_BASE/<model>/, carried), as shipped
        base=""
        [ -n "${SC_KERN_BASE:-}" ] && [ -f "$SC_KERN_BASE/$m/$(basename "$cu")" ] && base=base
        for mb in ${SC_KERN_MB:-1 3 4 5} $base; do
            v="$d/$p-mb$mb"
            if [ "$mb" = base ]; then cp "$SC_KERN_BASE/$m/$(basename "$cu")" "$v.cu"
            else sed "s/^#define GEN_MIN_BLOCKS [0-9]*/#define GEN_MIN_BLOCKS $mb/" "$cu" >"$v.cu"; fi
            nvcc -O3 -arch=sm_90 -Xptxas -v -Iinclude -c "$v.cu" -o "$v.o" >"$v.ptxas" 2>&1 || { echo "nvcc failed: $v"; continue; }
            regs=$(grep -A3 "_k10ScStepArgs' for" "$v.ptxas" | grep -o 'Used [0-9]* registers' | grep -o '[0-9]*' | head -1)
            spill=$(grep -A2 "_k10ScStepArgs' for" "$v.ptxas" | grep -o '[0-9]* bytes spill stores' | grep -o '^[0-9]*' | head -1)
            if [ "${SC_KERN_PTXAS_ONLY:-0}" = 1 ]; then echo "| $m | $p | $mb | $regs | $spill | - | - | - | - |"; continue; fi
            cc -std=c11 -O2 -Iinclude -Ikernels -I/usr/local/cuda/include -DSC_MODEL="${id}_model" -DSC_RUN="${id}_cuda_${p}_run" $def \
                microbench/gpu_kernel.c kernels/host_model.c "$d/host.o" "$v.o" -o "$v.bin" -L/usr/local/cuda/lib64 -lcudart -lstdc++ -lm || continue
            r1=$("$v.bin" "$cells" 1 100); r10=$("$v.bin" "$cells" 10 20)
            rate() { echo "$1" | sed 's/.*cell_steps_per_s \([^ ]*\).*/\1/'; }
            echo "| $m | $p | $mb | $regs | $spill | $(rate "$r1") | $(rate "$r10") | $(echo "$r10" | sed 's/.*vm0 \([^ ]*\).*/\1/') | $(echo "$r10" | sed 's/.*vm_last \([^ ]*\).*/\1/') |"
        done
    done
done
} >"$out/kernels.md" 2>&1
cat "$out/kernels.md"

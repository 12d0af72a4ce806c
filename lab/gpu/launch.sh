#!/usr/bin/env bash
# launch.sh BUILD OUTDIR: stage "launch" of lab/gpu/run.sh: the register cap of each library
# model's CUDA kernel chosen by measurement (issue 26, item 3), for models/launch.tsv
# (`starcarp codegen --launch-table`, docs/performance.md "Register caps").
#
# For each model of SC_LAUNCH_MODELS (default: every library model whose kernel the rule of
# codegen/emit_gpu.c caps, i.e. the explicit ones; the implicit and adaptive keep no cap) and each
# precision of SC_LAUNCH_PRECISIONS (default "f64"): the kernel generated with the library's methods
# (--auto-methods models/methods.tsv) and the rule's cap, compiled with __launch_bounds__(128, MB)
# for MB in SC_LAUNCH_MB_F64 (default "1 3 4 6") or SC_LAUNCH_MB_F32 (default "3 4 6 8") and the
# rule's own (all compiled at once on every core), each timed alone (microbench/gpu_kernel.c) on
# SC_LAUNCH_CELLS cells (default 1048576) at K = 10 steps per launch (the library's default), 10
# launches. The fastest variant and the rule's are timed again, twice each, alternated; the
# fastest is chosen when its best rate beats the rule's best by SC_LAUNCH_GAIN (default 1.02),
# else the rule stays. Every variant's Vm after the run must equal the rule's (the cap changes the
# registers, not the arithmetic): a model where one differs, or where Vm is not finite (a rate
# of NaNs says nothing), is reported and gets no row.
# Writes OUTDIR/launch.md (every variant's registers, spills, rate) and OUTDIR/launch.tsv (the
# rows for models/launch.tsv: model, source hash, methods, precision, min_blocks, its rate, the
# rule's blocks and rate, machine, date).
set -uo pipefail
. "$(dirname "$0")/stage.sh" "$1" "$2"   # $build, $out, $sc; the repository root the working folder
work="$build/launch"; rm -rf "$work"; mkdir -p "$work"
cells=${SC_LAUNCH_CELLS:-1048576}
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader 2>/dev/null | head -1 | tr ' ' '_')
day=$(date -u +%F)
models=${SC_LAUNCH_MODELS:-$(ls models/cellml/*.model models/native/*.model 2>/dev/null | xargs -n1 basename | sed 's/\.model$//')}

# 1. generate every model (the rule's cap) and list the variants to compile: model prec mb
: >"$work/jobs"
for m in $models; do
    f=$(ls models/*/"$m".model 2>/dev/null | head -1)
    d="$work/$m"; mkdir -p "$d"
    [ -n "$f" ] && "$sc" codegen "$f" --target cuda --precision both --auto-methods models/methods.tsv -o "$d" -q \
        >"$d/codegen.log" 2>&1 || { echo "launch: codegen failed: $m" >&2; continue; }
    id=$(basename "$(ls "$d"/*_c.c)" _c.c); echo "$id" >"$d/id"
    cc -std=c11 -O2 -fPIC -Iinclude -c "$d/${id}_c.c" -o "$d/host.o" || continue
    for p in ${SC_LAUNCH_PRECISIONS:-f64}; do
        cu="$d/${id}_cuda.cu"; [ $p = f32 ] && cu="$d/${id}_cuda_f32.cu"
        rule=$(sed -n 's/^#define GEN_MIN_BLOCKS \([0-9]*\).*/\1/p' "$cu")
        [ -z "${SC_LAUNCH_MODELS:-}" ] && [ "$rule" = 1 ] && continue   # implicit or adaptive: no cap by default
        echo "$rule" >"$d/$p.rule"
        list=${SC_LAUNCH_MB_F64:-1 3 4 6}; [ $p = f32 ] && list=${SC_LAUNCH_MB_F32:-3 4 6 8}
        for mb in $(printf '%s\n' $list "$rule" | sort -nu); do echo "$m $p $mb" >>"$work/jobs"; done
    done
done

# 2. compile every variant, on every core
compile() {   # MODEL PREC MB: WORK/MODEL/PREC-mbMB.bin and its ptxas report
    local m=$1 p=$2 mb=$3 d="$work/$1" def="" id
    id=$(cat "$d/id")
    local cu="$d/${id}_cuda.cu" v="$d/$p-mb$mb"
    [ "$p" = f32 ] && cu="$d/${id}_cuda_f32.cu" && def=-DSC_F32
    sed "s/^#define GEN_MIN_BLOCKS [0-9]*/#define GEN_MIN_BLOCKS $mb/" "$cu" >"$v.cu"
    nvcc -O3 -arch=sm_90 -Xptxas -v -Iinclude -c "$v.cu" -o "$v.o" >"$v.ptxas" 2>&1 &&
        cc -std=c11 -O2 -Iinclude -Ikernels -I/usr/local/cuda/include -DSC_MODEL="${id}_model" \
            -DSC_RUN="${id}_cuda_${p}_run" $def microbench/gpu_kernel.c kernels/host_model.c "$d/host.o" "$v.o" \
            -o "$v.bin" -L/usr/local/cuda/lib64 -lcudart -lstdc++ -lm
}
export -f compile
export work
t0=$(date +%s)
xargs -P "$(nproc)" -L 1 bash -c 'compile $0 $1 $2' <"$work/jobs"
echo "launch: $(wc -l <"$work/jobs") variants compiled in $(( $(date +%s) - t0 )) s" >&2

# 3. time them; choose
rate() { "$1" "$cells" 10 10 2>/dev/null | sed -n 's/.*cell_steps_per_s \([^ ]*\) vm0 \([^ ]*\) vm_last \([^ ]*\).*/\1 \2 \3/p'; }
regs() { grep -A3 "_k10ScStepArgs' for" "$1" | grep -o 'Used [0-9]* registers' | grep -o '[0-9]*' | head -1; }
spill() { grep -A2 "_k10ScStepArgs' for" "$1" | grep -o '[0-9]* bytes spill stores' | grep -o '^[0-9]*' | head -1; }
{
    echo "# Register caps by measurement on $gpu, $(date -u +%FT%TZ)"
    echo
    echo "lab/gpu/launch.sh: $cells cells, K = 10, 10 launches (microbench/gpu_kernel.c); * the rule's cap; chosen: see launch.tsv."
    echo
    echo "| model | precision | min blocks | registers | spill stores (B) | cell-steps/s | Vm cell 0 | Vm last cell |"
    echo "|---|---|---:|---:|---:|---:|---:|---:|"
} >"$out/launch.md"
printf '# model\tsource_hash\tmethods\tprecision\tmin_blocks\trate\trule_blocks\trule_rate\tmachine\tdate\n' >"$out/launch.tsv"
for m in $models; do
    d="$work/$m"
    for p in ${SC_LAUNCH_PRECISIONS:-f64}; do
        [ -f "$d/$p.rule" ] || continue
        rule=$(cat "$d/$p.rule"); best=""; bestr=0; vm_rule=""; bad=0
        for mb in $(awk -v m="$m" -v p="$p" '$1 == m && $2 == p { print $3 }' "$work/jobs"); do
            v="$d/$p-mb$mb"
            [ -x "$v.bin" ] || { echo "| $m | $p | $mb | compile failed | | | | |" >>"$out/launch.md"; continue; }
            read -r r vm0 vml <<<"$(rate "$v.bin")"
            mark=""; [ "$mb" = "$rule" ] && mark="*" && vm_rule="$vm0 $vml"
            echo "| $m | $p | $mb$mark | $(regs "$v.ptxas") | $(spill "$v.ptxas") | ${r:-failed} | ${vm0:--} | ${vml:--} |" >>"$out/launch.md"
            echo "$mb $vm0 $vml" >>"$d/$p.vm"
            awk -v a="${r:-0}" -v b="$bestr" 'BEGIN { exit !(a > b) }' && best=$mb && bestr=$r
        done
        # every variant's Vm equal to the rule's
        awk -v w="$vm_rule" '{ if ($2 " " $3 != w) bad = 1 } END { exit bad }' "$d/$p.vm" || bad=1
        [ -z "$best" ] || [ -z "$vm_rule" ] && continue
        [ "$bad" = 1 ] && { echo "launch: $m $p: a variant's Vm differs from the rule's: no row" >&2; continue; }
        case "$vm_rule" in *nan* | *inf*) echo "launch: $m $p: Vm not finite under the harness's stimulus: no row" >&2; continue ;; esac
        # the fastest against the rule, again, alternated, best of two each
        b1=0; r1=0
        for i in 1 2; do
            for who in best rule; do
                mb=$best; [ $who = rule ] && mb=$rule
                read -r r _ <<<"$(rate "$d/$p-mb$mb.bin")"
                if [ $who = best ]; then awk -v a="${r:-0}" -v b="$b1" 'BEGIN { exit !(a > b) }' && b1=$r
                else awk -v a="${r:-0}" -v b="$r1" 'BEGIN { exit !(a > b) }' && r1=$r; fi
            done
        done
        pick=$rule; pr=$r1
        awk -v a="$b1" -v b="$r1" -v g="${SC_LAUNCH_GAIN:-1.02}" 'BEGIN { exit !(b > 0 && a > g * b) }' && pick=$best && pr=$b1
        id=$(cat "$d/id"); cu="$d/${id}_cuda.cu"; [ $p = f32 ] && cu="$d/${id}_cuda_f32.cu"
        hash=$(sed -n 's/.*FNV-1a 64 of the text: \([0-9a-f]*\)).*/\1/p' "$cu" | head -1)
        meth=$(sed -n 's/.*method overrides \(.*\)$/\1/p' "$cu" | head -1 | sed 's/ (the automatic choice)//')
        [ "$meth" = none ] && meth=-
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$m" "$hash" "$meth" "$p" "$pick" "$pr" "$rule" "$r1" "$gpu" "$day" \
            >>"$out/launch.tsv"
    done
done
cat "$out/launch.tsv"

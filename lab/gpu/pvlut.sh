#!/usr/bin/env bash
# pvlut.sh BUILD OUTFILE: the per-cell-parameter GPU kernels against the uniform one, each model's
# generated kernel timed alone (microbench/gpu_kernel.c, sc-bench-gpu-kernel) from BUILD's generated
# sources: 1e6 cells, K 10, 20 launches, the stimulus over steps 0-99; per model the uniform set (lut),
# conductances varied per cell that no column reads (pvlut) and one that a column reads (pv). Vm of
# cell 0 is the lut run's bits in pvlut. Run on the GPU machine after `lab/gpu/study.sh build`. The
# pvlut variant is branch pvlut2's (reverted on main: 2026-11-30-h200-pvlut-bmcost.md); on main both
# per-cell rows run pv.
# PVLUT_MODELS: the models (default all three); PVLUT_NCU=1: then Nsight Compute's workload sections
# of one launch of each kernel (ncu-MODEL-VARIANT.txt beside OUTFILE).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd); cd "$top"
build=$(cd "$1" && pwd); out=$2; work=$build/pvlut-ab; mkdir -p "$work"
cells=${PVLUT_CELLS:-1000000}
rows="ohara_rudy_2011_endo:GKr_b,GKs_b,PCa_b,GNaL_b:nao
ohara_rudy_cipa_v1_2017:GKr_b,GKs_b,PCa_b,GNaL_b:nao
ten_tusscher_model_2006_epi:g_Kr,g_Ks,g_CaL,g_Na:Na_o"
{ echo "# $(date -u +%F' '%T) UTC on $(hostname): pvlut.sh, $cells cells, K 10, 20 launches"
  nvidia-smi -L
  echo "| model | kernel (varied) | ms/launch | cell-steps/s | vs lut | Vm cell 0 | Vm last |"
  echo "|---|---|---:|---:|---:|---:|---:|"
  for row in $rows; do
      IFS=: read -r m pl pv <<<"$row"
      case " ${PVLUT_MODELS:-$m} " in *" $m "*) ;; *) continue ;; esac
      g=$build/gen/tmp/$m; [ -f "$g/${m}_cuda.cu" ] || { echo "| $m | not built | | | | | |"; continue; }
      cc -std=c11 -O2 -fPIC -Iinclude -Iinclude/starcarp -c "$g/${m}_c.c" -o "$work/$m-host.o" &&
          nvcc -O3 -arch=sm_90 -Iinclude -Iinclude/starcarp -c "$g/${m}_cuda.cu" -o "$work/$m-cuda.o" &&
          cc -std=c11 -O2 -Iinclude -Iinclude/starcarp -Ikernels -I/usr/local/cuda/include -DSC_MODEL="${m}_model" \
              -DSC_RUN="${m}_cuda_f64_run" microbench/gpu_kernel.c kernels/host_model.c "$work/$m-host.o" \
              "$work/$m-cuda.o" -o "$work/$m.bin" -L/usr/local/cuda/lib64 -lcudart -lstdc++ -lm || continue
      lut=""
      for v in "lut:-" "pvlut:$pl" "pv:$pv"; do
          r=$("$work/$m.bin" "$cells" 10 20 1 "${v#*:}")
          ms=$(echo "$r" | awk '{print $8}'); rate=$(echo "$r" | awk '{print $10}')
          [ -z "$lut" ] && lut=$rate
          [ "${PVLUT_NCU:-0}" = 1 ] && ncu --clock-control none --section ComputeWorkloadAnalysis \
              --section InstructionStats --section WarpStateStats --section MemoryWorkloadAnalysis \
              --launch-skip 1 --launch-count 1 "$work/$m.bin" "$cells" 10 2 1 "${v#*:}" \
              >"$(dirname "$out")/ncu-$m-${v%%:*}.txt" 2>&1
          echo "| $m | ${v%%:*} (${v#*:}) | $ms | $rate | $(awk -v a="$rate" -v b="$lut" 'BEGIN{printf "%.3f", a/b}') | $(echo "$r" | awk '{print $12}') | $(echo "$r" | awk '{print $14}') |"
      done
  done; } 2>&1 | tee -a "$out"

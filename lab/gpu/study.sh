#!/usr/bin/env bash
# study.sh PART... : the study's GPU figures, on the GPU machine (lab/gpu/pack.sh first; carry .carry).
# Parts, in the order given; everything into $OUT (files under $OUT/study-logs tarred at the end):
#   build    build-gpu/ with the study's models only ($STUDY_MODELS, default ORd 2011, ORd CiPA, TT06)
#   tests    the biomarker and study tests (GPU ones included) -> ctest.txt
#   cost     lab/gpu/bmcost.c on one GPU: ORd 2011 (1e6 cells, 100 ms) and ORd CiPA (1e6, 50 ms),
#            plain and measured runs alternately -> bmcost.txt
#   cells    scheduler.cells' test program on the GPU alone (STARPU_NCPU=0): populations (pvlut, pv)
#            against uniform runs -> cells.txt
#   ab       lab/gpu/pvlut.sh: the per-cell kernels against lut, each alone -> pvlut.md
#   costk    bmcost of ORd 2011 (1e6 cells, 100 ms) at each K of $COST_KS (default "10 50"), then
#            ncu's durations of the step and biomarker kernels (K 10) -> bmcost.txt, ncu.txt
#   big      `starcarp study` of 1e6 ORd 2011 cells (LHS of 4 conductances), 10 beats at 1000 ms, on
#            every GPU and core -> big.txt, its summary and pictures
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd); cd "$top"
. lab/gpu/env.sh study
out=${OUT:?}; logs="$out/study-logs"; mkdir -p "$logs"
models=${STUDY_MODELS:-ohara_rudy_2011_endo;ohara_rudy_cipa_v1_2017;ten_tusscher_model_2006_epi}
sc=build-gpu/bin/starcarp
for part in "$@"; do
    t0=$(date +%s)
    case $part in
    build) gpu_build "$models" "$logs/build.log"; echo "build: exit $?" ;;
    tests) (cd build-gpu && ctest --output-on-failure --timeout 300 -j 4 \
               -R 'gpu.biomarkers|scheduler.cells_bm|cli.study|numerics.biomarkers|drivers.design') \
               >"$out/ctest.txt" 2>&1; echo "tests: exit $?"; tail -15 "$out/ctest.txt" ;;
    cost) for m in "ohara_rudy_2011_endo 1000000 100" "ohara_rudy_cipa_v1_2017 1000000 50"; do
              STARPU_NCPU=0 STARPU_NCUDA=1 bash lab/gpu/bmcost.sh build-gpu "$out/bmcost.txt" $m 2 \
                  >/dev/null 2>"$logs/bmcost-err.txt"
          done; cat "$out/bmcost.txt" ;;
    cells) STARPU_NCPU=0 STARPU_NCUDA=1 build-gpu/bin/test_cells >"$out/cells.txt" 2>&1; echo "cells: exit $?"
           grep -E "population|ASSERT|checks" "$out/cells.txt" ;;
    ab) bash lab/gpu/pvlut.sh build-gpu "$out/pvlut.md" ;;
    costk) for k in ${COST_KS:-10 50}; do
               BMCOST_K=$k STARPU_NCPU=0 STARPU_NCUDA=1 bash lab/gpu/bmcost.sh build-gpu "$out/bmcost.txt" \
                   ohara_rudy_2011_endo 1000000 100 2 >/dev/null 2>>"$logs/bmcost-err.txt"
           done; cat "$out/bmcost.txt"
           for only in plain biomarkers; do
               BMCOST_ONLY=$only STARPU_NCPU=0 STARPU_NCUDA=1 ncu --clock-control none -k 'regex:bm_kernel|_k_lut' \
                   --launch-skip 20 --launch-count 6 --metrics gpu__time_duration.sum build-gpu/bmcost \
                   ohara_rudy_2011_endo 1000000 2 1 2>&1 | grep -E "bm_kernel|_k_lut|gpu__time_duration" >>"$out/ncu.txt"
           done; cat "$out/ncu.txt" ;;
    big) mkdir -p /tmp/big; { echo "# $(date -u +%F' '%T) UTC on $(hostname), $(nproc) cores"; nvidia-smi -L
           time $sc study --imp ohara_rudy_2011_endo --cells 1000000 --sample lhs --seed 1 \
               --param 'GKr_b=lognormal(0,0.2)' --param 'GKs_b=lognormal(0,0.2)' \
               --param 'PCa_b=lognormal(0,0.2)' --param 'GNaL_b=lognormal(0,0.2)' \
               --beats 10 --out /tmp/big/big.csv; } >"$out/big.txt" 2>&1 </dev/null
         echo "big: exit $?"; grep -v '^\s*$' "$out/big.txt" | tail -40
         cp /tmp/big/big_summary.csv /tmp/big/*.png "$out/" 2>/dev/null ;;
    *) echo "study.sh: unknown part '$part' (build tests cells ab costk cost big)"; exit 2 ;;
    esac
    echo "$part: $(( $(date +%s) - t0 )) s"
done
tar czf "$out/study-logs.tgz" -C "$out" study-logs && rm -rf "$logs"

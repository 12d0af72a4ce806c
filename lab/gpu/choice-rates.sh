#!/usr/bin/env bash
# choice-rates.sh [OUTDIR]: on the GPU machine (after a build in build-gpu/, e.g. STAGES=build of
# run.sh), the GPU rates of the library rows of models/methods.tsv that issue 24 changed, before and
# after (docs/methods.md, "Models that keep implicit methods" and "The long check"), and of the models
# that keep the file's methods against forward Euler for their cvode states (what an explicit kernel
# would give). One process per model, the sets interleaved (lab/methods-rates.sh): the ratio in
# one run is the figure. NUM cells (default 262144), DUR ms (default 20), ROUNDS (default 2),
# PRECISION (default double). Writes OUTDIR/choice-rates.md.
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
out=${1:-${OUT:?give an output directory or set OUT}}
mkdir -p "$out"
export STARPU_HOME="$top/build-gpu/starpu-home" STARPU_SILENT=1
sets=(
  'bondarenko_szigeti_bett_kim_rasmusson_2004_apical=file;cvode=fe,O=cvode,CaJSR=cvode,Cai=cvode,Cass=cvode,P_RyR=cvode,P_C2=cvode,P_O1=cvode,P_O2=cvode'
  'shannon_wang_puglisi_weber_bers_2004=cvode=fe,Ca_Calsequestrin=cvode,Ca_SL=cvode,Ca_SLB_SL=cvode,Ca_SR=cvode,Ca_jct=cvode,O=cvode,Na_jct=cvode;cvode=fe,Ca_Calsequestrin=rosenbrock,Ca_SL=rosenbrock,Ca_SLB_SL=rosenbrock,Ca_SR=rosenbrock,Ca_jct=rosenbrock,O=rosenbrock,Na_jct=rosenbrock'
  'hund_rudy_2004=cvode=fe;cvode=rk2'
  'ten_tusscher_model_2004_epi=cvode=fe;cvode=rush_larsen'
  'iyer_2004=cvode=fe,CaSS=cvode,Cai=cvode,C0=cvode,C1=cvode,C2=cvode,C3=cvode,C4=cvode,CCa1=cvode,CCa2=cvode,CCa3=cvode,CCa4=cvode,C1_RyR=cvode,O1_RyR=cvode,O2_RyR=cvode;file'
  'mmt_sampson_2010=cvode=fe,CaSS=cvode,Cai=cvode,C0_1=cvode,C1_1=cvode,C2_1=cvode,C3_1=cvode,C4=cvode,CCa1=cvode,CCa2=cvode,CCa3=cvode,CCa4=cvode,C1_6=cvode,O1=cvode,O2=cvode;file'
  'li_mouse_2010=cvode=fe,O=cvode,Cai=cvode,Cass=cvode,P_RyR=cvode,P_C2=cvode,P_O1=cvode,P_O2=cvode;file'
  'clancy_rudy_2002=file;cvode=fe'
  'faber_rudy_2000=file;cvode=fe'
)
# the plugins of every set built first, 8 at a time (methods-rates.sh's untimed round then finds them cached)
sc=$top/build-gpu/bin/starcarp
for arg in "${sets[@]}"; do
    name=${arg%%=*}; IFS=';' read -r -a ss <<<"${arg#*=}"
    model=$(grep "^$name," "$top/tests/reference/cases.csv" | cut -d, -f2)
    for s in "${ss[@]}"; do printf '%s\t%s\n' "$top/$model" "$s"; done
done | xargs -P 8 -d '\n' -n 1 bash -c 'IFS=$(printf "\t") read -r f m <<<"$1"; "$0" bench --imp "$f" --methods "$m" --num 1 --duration 0.01 --no-trace >/dev/null 2>&1 || echo "build of $f $m failed" >&2' "$sc" >/dev/null
{
    echo "# GPU rates of the changed choices ($(date -u +%Y-%m-%dT%H:%MZ), $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1))"
    echo
    echo "lab/methods-rates.sh --ngpu 1 --ncpu 0 --num ${NUM:-262144} --duration ${DUR:-20} --rounds ${ROUNDS:-2} --precision ${PRECISION:-double}"
    echo
    bash "$top/lab/methods-rates.sh" --starcarp "$top/build-gpu/bin/starcarp" --ngpu 1 --ncpu 0 \
        --num "${NUM:-262144}" --duration "${DUR:-20}" --rounds "${ROUNDS:-2}" --precision "${PRECISION:-double}" "${sets[@]}"
} 2>&1 | tee "$out/choice-rates.md"

#!/usr/bin/env bash
# ord_calibration.sh [CELLS] [OUT]: a population of O'Hara-Rudy 2011 (endocardial) models calibrated
# against human ranges at 1 Hz, the procedure of Britton et al. 2013 with the population of Passini
# et al. 2017: nine conductances scaled by factors drawn uniformly in [0, 2] (a Latin hypercube of
# CELLS cells, default 100000, seed 2013), every cell paced at BCL 1000 ms until its APD90 and resting
# potential change by less than 0.1 % from beat to beat (at most 200 beats), then kept when its last
# beat's biomarkers lie in examples/ranges_ord_human.csv. Writes OUT (default ord_population.csv),
# OUT_summary.csv, OUT_accepted.csv (the accepted scale factors: a design for a drug trial) and the
# pictures; prints the acceptance rate. docs/study.md, "Example: a calibrated human population".
# STARCARP (environment): the starcarp command (default: starcarp on the PATH, else ./build's).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
sc=${STARCARP:-$(command -v starcarp || echo "$here/../build/bin/starcarp")}
cells=${1:-100000} out=${2:-ord_population.csv}
params=()
for p in GNa GNaL_b Gto_b PCa_b GKr_b GKs_b GK1_b Gncx_b Pnak_b; do
    params+=(--param "$p=uniform(0,2)")
done
exec "$sc" study --imp ohara_rudy_2011_endo "${params[@]}" --sample lhs --seed 2013 --cells "$cells" \
    --steady APD90,Vrest --steady-tol 0.001 --beats 200 --ranges "$here/ranges_ord_human.csv" --out "$out"

#!/usr/bin/env bash
# study_long.sh VERB...: the study's long GPU-machine runs, started in the background (setsid: they
# outlive the call that starts them while the machine stays warm) and collected by a later call.
# Run from the repository root after `lab/gpu/study.sh build` (build-gpu/). State in /tmp/long.
# Verbs, in the order given:
#   qnet     CiPA's qNet protocol (ohara_rudy_cipa_v1_2017, BCL 2000 ms, 1000 beats, stimulus 80 A/F
#            for 0.5 ms from 0 ms) for the 12 drugs of examples/cipa_training_drugs.csv at 1-4 x
#            Cmax (and the control): one process per drug, one CPU worker each, no GPU
#   calib    examples/ord_calibration.sh on 1e5 cells (at most $CALIB_BEATS beats, default 120) on
#            GPU 1 alone (no CPU worker)
#   big      1e6 ORd 2011 cells (LHS of 4 conductances), 10 beats at 1000 ms, on GPU 0 alone
#   both     the same study on every GPU, then the calibration on every GPU, one after the other
#            (no CPU worker): the way to fit both in one session's device time
#   wait S   print progress every 60 s until every run ended or S seconds passed
#   collect  what the runs wrote, into $OUT (long.tgz, and the summaries as text)
# StarPU's workers are not bound to cores (several processes share the machine).
set -uo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd); cd "$top"
. lab/gpu/env.sh study_long
sc=$top/build-gpu/bin/starcarp; st=/tmp/long
export STARPU_WORKERS_NOBIND=1
# bg NAME DIR CMD...: CMD in its own session, its output in DIR/NAME.log, its exit in DIR/NAME.rc
bg() {
    local name=$1 dir=$2; shift 2; mkdir -p "$dir"
    STARPU_HOME="$st/home-$name" setsid nohup bash -c \
        '{ echo "# $(date -u +%F" "%T) UTC on $(hostname): $*"; time "$@"; } >"$0.log" 2>&1; echo $? >"$0.rc"' \
        "$dir/$name" "$@" </dev/null >/dev/null 2>&1 &
}
for verb in "$@"; do
    case $verb in
    qnet) for d in $(grep -v '^#' examples/cipa_training_drugs.csv | tail -n +2 | cut -d, -f1); do
              conc=1x,2x,3x,4x; [ "$d" = dofetilide ] && conc=0,$conc
              bg "$d" "$st/qnet" "$sc" study --imp ohara_rudy_cipa_v1_2017 --drugs examples/cipa_training_drugs.csv \
                  --drug "$d" --conc "$conc" --cells 1 --bcl 2000 --beats 1000 --stim-start 0 --stim-dur 0.5 \
                  --stim-curr 80 --ncpu 1 --ngpu 0 --traces 1 --out "$st/qnet/$d.csv"
          done; echo "qnet: started" ;;
    calib) CUDA_VISIBLE_DEVICES=1 STARPU_NCPU=0 STARCARP=$sc bg calib "$st/calib" \
               bash examples/ord_calibration.sh 100000 "$st/calib/ord_population.csv" "${CALIB_BEATS:-120}"
           echo "calib: started" ;;
    big) CUDA_VISIBLE_DEVICES=0 STARPU_NCPU=0 bg big "$st/big" "$sc" study --imp ohara_rudy_2011_endo \
             --cells 1000000 --sample lhs --seed 1 --param 'GKr_b=lognormal(0,0.2)' --param 'GKs_b=lognormal(0,0.2)' \
             --param 'PCa_b=lognormal(0,0.2)' --param 'GNaL_b=lognormal(0,0.2)' --beats 10 --out "$st/big/big.csv"
         echo "big: started" ;;
    both) STARPU_NCPU=0 bg both "$st/both" bash -c '"$0" study --imp ohara_rudy_2011_endo --cells 1000000 --sample lhs \
              --seed 1 --param "GKr_b=lognormal(0,0.2)" --param "GKs_b=lognormal(0,0.2)" --param "PCa_b=lognormal(0,0.2)" \
              --param "GNaL_b=lognormal(0,0.2)" --beats 10 --out "$1/big.csv"; STARCARP="$0" bash examples/ord_calibration.sh \
              100000 "$1/ord_population.csv" "$2"' "$sc" "$st/both" "${CALIB_BEATS:-120}"
          echo "both: started" ;;
    wait) ;;
    collect) for f in "$st"/*/*.log; do echo "== $f"; grep -v '^\s*$' "$f" | tail -6; done >"$OUT/long-logs.txt"
             cp "$st"/calib/*summary.csv "$st"/big/*summary.csv "$st"/both/*summary.csv "$OUT/" 2>/dev/null
             (cd "$st" && tar czf "$OUT/long.tgz" --exclude='home-*' --exclude='big.csv' --exclude='*.sv' \
                  $(ls -d qnet calib big both 2>/dev/null))
             ls -la "$OUT" ;;
    [0-9]*) t0=$(date +%s)
            while [ $(( $(date +%s) - t0 )) -lt "$verb" ]; do
                run=$(pgrep -f "build-gpu/bin/starcarp" | wc -l)
                echo "$(date -u +%T) running: $run; $(for f in "$st"/calib/calib.log "$st"/big/big.log "$st"/both/both.log; do
                    [ -f "$f" ] && printf '%s: %s; ' "$(basename "$f")" "$(tr '\r' '\n' <"$f" | grep -v '^\s*$' | tail -1 | cut -c1-100)"; done)"
                [ "$run" -eq 0 ] && break
                left=$(( verb - ($(date +%s) - t0) )); [ "$left" -gt 0 ] && sleep $(( left < 60 ? left : 60 ))
            done ;;
    *) echo "study_long.sh: unknown verb '$verb' (qnet calib big both wait SECONDS collect)"; exit 2 ;;
    esac
done

#!/usr/bin/env bash
# test_study_ranks.sh STARCARP SRC: `starcarp study` over 2 StarPU-MPI ranks (docs/study.md, "Ranks")
# equal to one rank, bit for bit, where every feature crosses: O'Hara-Rudy 2011 with 9 design rows
# (one of them a cell that goes numerically wrong in beat 11: left out on whichever rank holds it),
# the drug table's dofetilide at 0 and 4x Cmax (18 cells over the two ranks), the steady-state test
# on every beat, the traces of a cell of each rank, then the control population calibrated against ranges with its states saved on
# both ranks (the accepted apart, numbered alike).
set -u
sc=$1 src=$2
. "$(dirname "$0")/../../check.sh" # check, check_status, check_done, check_workdir
check_workdir
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 STARPU_NCPU=1 STARPU_NCUDA=0
names=GNa,GNaL_b,Gto_b,PCa_b,GKr_b,GKs_b,GK1_b,Gncx_b,Pnak_b
{
    echo "$names"
    for f in 1 0.9 1.1 0.8 1.2; do echo "$f,$f,$f,$f,$f,$f,$f,$f,$f"; done
    echo '0.1234825219,0.575176378,0.6154871245,1.850055989,0.4740808473,1.725989714,0.4763485787,0.1659536853,0.118590263'
    for f in 0.95 1.05 1.15; do echo "$f,1,1,1,$f,1,1,1,1"; done
} > design.csv
# both DIR ARGS...: one rank into DIR/one, two ranks into DIR/two
both() {
    local dir=$1
    shift
    mkdir -p "$dir"
    "$sc" study "$@" --out "$dir/one.csv" > "$dir/one.txt" 2>&1
    check_status "$dir: one rank runs" $?
    timeout 600 mpirun --oversubscribe -np 2 "$sc" study "$@" --out "$dir/two.csv" > "$dir/two.txt" 2>&1
    check_status "$dir: two ranks run" $?
}
both trial --imp ohara_rudy_2011_endo -q --design design.csv --drugs "$src/examples/cipa_training_drugs.csv" \
    --drug dofetilide --conc 0,4x --beats 12 --steady APD90 --steady-tol 1e-4
check "trial: the cell that went wrong is named by the rank that holds it" grep -q "cell 5 (design row 5" trial/two.txt
for f in .csv _summary.csv _traces.csv; do
    check "trial: two ranks' ${f#_} equal one rank's, bit for bit" cmp trial/one$f trial/two$f
done
check "trial: the failed cell recorded, no other" awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "failed_ms") k = i }
    NR > 1 && $k != "nan" { n++; if ($2 != 5) bad++ } END { exit !(n >= 1 && !bad) }' trial/two.csv
printf 'biomarker,bcl,min,max\nAPD90,1000,200,330\n' > ranges.csv
both cal --imp ohara_rudy_2011_endo -q --design design.csv --ranges ranges.csv --beats 12 --save-sv cal/sv
for f in .csv _accepted.csv; do
    check "cal: two ranks' ${f#_} equal one rank's, bit for bit" cmp cal/one$f cal/two$f
done
n=$(($(wc -l < cal/two_accepted.csv) - 1))
echo "   accepted: $n of 9"
check "cal: a state file per cell, the accepted numbered as their design rows" \
    sh -c "[ \$(ls cal/sv | grep -c '^cell_[0-9]*\.sv$') = 9 ] && [ \$(ls cal/sv/accepted | wc -l) = $n ] && [ $n -ge 2 ]"
check_done

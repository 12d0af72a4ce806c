#!/usr/bin/env bash
# test_study.sh STARCARP: `starcarp study` end to end (docs/study.md), ten Tusscher 2006 at dt 0.02 ms,
# 2 beats at 1000 ms:
#   - a Latin hypercube of g_Ks and g_Kr (24 cells) under an IKr block at 0, 100 and 1000 nM: 72 rows
#     with the header's columns, every cell captured, the derived figures equal to their definitions,
#     APD90's median rising with the concentration; the summary and both pictures written
#   - drug block is parameter scaling: one cell blocked at IC50 (Hill 1: 1/2) gives the APD90 of one
#     cell whose design halves g_Kr, bit for bit, and of one with --imp-par 'g_Kr*0.5' within 1e-3 ms
#     (a uniform run interpolates the lookup tables; per-cell parameters evaluate them exactly)
#   - a design from a CSV file: its rows are the cells, its factors in the output
#   - bad input refused before any work, exit 2, with the reason: an unknown current (the model's
#     currents listed), --block without --conc, a negative concentration, a bad --param spec (its
#     column), an unknown parameter, --design with --param, a level out of range, no --imp
set -u
sc=$1
. "$(dirname "$0")/../../check.sh" # check, check_status, check_done, check_workdir
check_workdir
export STARPU_NCUDA=0
base=(--imp ten_tusscher_model_2006_epi --dt 0.02 --beats 2 -q)

"$sc" study "${base[@]}" --param 'g_Ks=lognormal(0,0.3)' --param 'g_Kr=uniform(0.5,1.5)' --cells 24 \
    --block IKr=100 --conc 0,100,1000 --out pop.csv > pop.txt 2>&1
check_status "a study of 24 cells at 3 concentrations runs" $?
cat pop.txt
check "72 rows and the header" test "$(wc -l < pop.csv)" = 73
check "the header names the parameters and the figures" \
    grep -q '^cell,row,drug,conc_nM,bcl_ms,g_Ks,g_Kr,beat,Vrest,Vmax,dVdt_max,t_act,upstrokes,EAD,DAD,APD30,APD50,APD90,APD90_prev,Vamp,Tri90_30,APD90_alt,CaT_dia,CaT_amp,CaT_ttp,CaTD90,failed_ms$' pop.csv
check "every cell captured, every row whole" awk -F, 'NR > 1 { n++; if ($13 != 1 || NF != 27) bad++ }
    END { exit !(n == 72 && !bad) }' pop.csv
check "the derived figures: Vamp = Vmax - Vrest, Tri90_30 = APD90 - APD30, APD90_alt = |APD90 - APD90_prev|" \
    awk -F, 'function abs(x) { return x < 0 ? -x : x }
    NR > 1 { if (abs($20 - ($10 - $9)) > 1e-6 || abs($21 - ($18 - $16)) > 1e-6 || abs($22 - abs($18 - $19)) > 1e-6) bad++ }
    END { exit bad }' pop.csv
check "APD90's median rises with the concentration" awk -F, 'NR > 1 { m[NR] = $12 } END { exit !(m[2] < m[3] && m[3] < m[4]) }' \
    pop_summary.csv
for png in pop_apd90.png pop_dose.png; do
    check "$png is a PNG" sh -c "head -c 8 $png | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'"
done

"$sc" study "${base[@]}" --block IKr=100:1 --conc 100 --out block.csv > /dev/null 2>&1
check_status "one cell blocked at its IC50" $?
printf 'g_Kr\n0.5\n' > half.csv
"$sc" study "${base[@]}" --design half.csv --out half.csv.out.csv > /dev/null 2>&1
check_status "one cell with g_Kr's factor 0.5 from a design" $?
"$sc" study "${base[@]}" --imp-par 'g_Kr*0.5' --out scaled.csv > /dev/null 2>&1
check_status "one cell with --imp-par g_Kr*0.5" $?
# apd90 FILE: the APD90 column of the first cell of a study's CSV (found by its header)
apd90() { awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "APD90") k = i } NR == 2 { print $k }' "$1"; }
b=$(apd90 block.csv) h=$(apd90 half.csv.out.csv) s=$(apd90 scaled.csv)
echo "   APD90: blocked $b, design $h, --imp-par $s"
check "drug block at IC50 == g_Kr halved by the design (APD90 bit for bit)" test -n "$b" -a "$b" = "$h"
check "== g_Kr halved by --imp-par, to the lookup tables' interpolation (1e-3 ms)" \
    awk -v a="$b" -v b="$s" 'BEGIN { d = a - b; if (d < 0) d = -d; exit !(a > 200 && d < 1e-3) }'

printf 'g_Kr,g_Ks\n1,1\n0.5,2\n2,0.5\n' > design.csv
"$sc" study "${base[@]}" --design design.csv --out csvd.csv > /dev/null 2>&1
check_status "a design from a CSV file" $?
check "its 3 rows are the cells, with their factors" awk -F, 'NR > 1 { n++; s = s $6 ":" $7 " " } END { print "  ", s;
    exit !(n == 3 && s == "1:1 0.5:2 2:0.5 ") }' csvd.csv

check_refused "an unknown current" "its currents: INa" "$sc" study "${base[@]}" --block IKur=10 --conc 1
check_refused "--block without --conc" "--block needs --conc" "$sc" study "${base[@]}" --block IKr=10
check_refused "a negative concentration" "--conc" "$sc" study "${base[@]}" --block IKr=10 --conc 1,-5
check_refused "a bad --param spec" "column" "$sc" study "${base[@]}" --param 'g_Kr=unifrm(0.5,2)'
check_refused "an unknown parameter" "g_Krr" "$sc" study "${base[@]}" --param 'g_Krr=uniform(0.5,2)'
check_refused "--design with --param" "exclude each other" "$sc" study "${base[@]}" --design design.csv --param 'g_Ks=uniform(0.5,2)'
check_refused "a level out of range" "--levels" "$sc" study "${base[@]}" --levels 30,150
check_refused "no --imp" "--imp MODEL is required" "$sc" study --beats 2
check_done

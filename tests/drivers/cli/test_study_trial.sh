#!/usr/bin/env bash
# test_study_trial.sh STARCARP SRC: `starcarp study`'s drug tables, steady state, calibration against
# ranges and per-cell states (docs/study.md), on O'Hara-Rudy CiPA (dt 0.01 ms):
#   - a drug table (SRC/examples/cipa_training_drugs.csv): dofetilide at 0, 1x and 4x its Cmax is
#     0, 2 and 8 nM, APD90 rising, the traces of the three cells giving their APD90 within 2 ms,
#     and bit for bit the run of the same blocks given by --block;
#     on ten Tusscher 2006 (no INaL) the INaL block is left out with a note
#   - steady state: 4 cells paced at 2 Hz until APD90 moves by at most 0.2 % a beat stop before the limit;
#     a cell's steady_beat s is checked against plain runs of s - 1 and s beats (APD90_alt over and
#     within the tolerance)
#   - calibration: ranges of two biomarkers at BCL 1000 and 600 ms, 8 cells: a row per cell and
#     rate, each cell's verdict equal to the ranges applied to its own figures, the accepted design
#     file holding the accepted rows, the pictures written
#   - states: every cell's .sv file (readable by bench), the accepted ones apart; a study started
#     from them continues the saved cells (APD90 within the steady tolerance)
#   - a cell that goes numerically wrong (ORd 2011, extreme factors) is named, its time recorded,
#     its figures left out, and the other cell's figures are those of its run alone, bit for bit
#   - TdP risk classification (three drugs of the three classes at 1x and 2x Cmax, 2 beats): the
#     per-dose and per-drug tables, the line per dose, the picture; skipped with a line for drugs of
#     one class and for concentrations in nM
#   - bad input refused before any work, exit 2, located: unknown current column, a drug with no
#     IC50, an unknown --drug, Cmax multiples without a Cmax, a negative concentration, a ranges file
#     naming an unknown biomarker, calcium ranges on a model without calcium, --ranges with a drug,
#     an unknown --steady biomarker, a missing --load-sv
set -u
sc=$1 src=$2
. "$(dirname "$0")/../../check.sh" # check, check_status, check_done, check_workdir
check_workdir
export STARPU_NCUDA=0
ord=(--imp ohara_rudy_cipa_v1_2017 -q)
drugs=$src/examples/cipa_training_drugs.csv
# col FILE NAME ROW: the value of column NAME (by the header) in data row ROW (1-based)
col() { awk -F, -v n="$2" -v r="$3" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == n) k = i } NR == r + 1 { print $k }' "$1"; }

# ---- drug tables
"$sc" study "${ord[@]}" --drugs "$drugs" --drug dofetilide --conc 0,1x,4x --beats 2 --out tab.csv > tab.txt 2>&1
check_status "dofetilide from the drug table at 0, 1x, 4x Cmax" $?
check "its concentrations are 0, 2 and 8 nM" test "$(col tab.csv conc_nM 1) $(col tab.csv conc_nM 2) $(col tab.csv conc_nM 3)" = "0 2 8"
a1=$(col tab.csv APD90 1) a2=$(col tab.csv APD90 2) a3=$(col tab.csv APD90 3)
echo "   APD90 at 0, 1x, 4x: $a1 $a2 $a3"
check "APD90 rises with the concentration" awk -v a="$a1" -v b="$a2" -v c="$a3" 'BEGIN { exit !(a < b && b < c) }'
"$sc" study "${ord[@]}" --block ICaL=260.32:1.16 --block Ito=18.82:0.77 --block IK1=394.26:0.77 \
    --block INaL=753160.41:0.26 --block INa=380.5:0.89 --block IKr=4.87:0.93 --conc 2,8 --beats 2 --out blk.csv > /dev/null 2>&1
check_status "the same blocks by --block" $?
# APD90 from the traces (Vm every 1 ms from the beat's start; activation taken at 1 ms, the stimulus)
tr90=$(awk -F, 'NR > 1 { for (k = 2; k <= NF; k++) { v[NR, k] = $k; if (NR == 2 || $k > mx[k]) { mx[k] = $k; tp[k] = $1 } }
    n = NR; nf = NF }
    END { for (k = 2; k <= nf; k++) { lvl = mx[k] - 0.9 * (mx[k] - v[2, k])
            for (r = 3; r <= n; r++) if (r - 2 > tp[k] && v[r, k] <= lvl) { printf "%s ", r - 3; break } } }' tab_traces.csv)
echo "   APD90 from the traces: $tr90"
check "the traces are the 3 groups' cells: APD90 read from them within 2 ms of the figures" \
    awk -v t="$tr90" -v a="$a1 $a2 $a3" 'BEGIN { n = split(t, x, " "); split(a, w, " ")
        for (k = 1; k <= 3; k++) { d = x[k] - w[k]; if (d < 0) d = -d; if (!(d < 2)) bad++ }; exit !(n == 3 && !bad) }'
check "the table's run equals the --block run bit for bit" test "$(col blk.csv APD90 1) $(col blk.csv APD90 2)" = "$a2 $a3"
"$sc" study --imp ten_tusscher_model_2006_epi -q --drugs "$drugs" --drug dofetilide --conc 1x --beats 1 --out tt.csv > tt.txt 2>&1
check_status "dofetilide on ten Tusscher 2006" $?
check "its INaL block left out with a note" grep -q "dofetilide's block of INaL is left out" tt.txt

# ---- TdP risk classification from qNet: three drugs of the three classes at 1x and 2x Cmax
"$sc" study "${ord[@]}" --drugs "$drugs" --drug dofetilide,cisapride,verapamil --conc 0,1x,2x --beats 2 \
    --bcl 2000 --stim-start 0 --stim-dur 0.5 --stim-curr 80 --traces 0 --out tdp.csv > tdp.txt 2>&1
check_status "three drugs with their risk classes at 0, 1x, 2x Cmax" $?
check "a line per dose on stdout" test "$(grep -c '^TdP risk at [12]x Cmax: 3 drugs, training error' tdp.txt)" = 2
check "tdp.csv: a row per dose (1 and 2, not the control)" test "$(awk -F, 'NR > 1 { printf "%s ", $1 }' tdp_tdp.csv)" = "1 2 "
check "tdp_drugs.csv: a row per drug and dose" test "$(awk -F, 'NR > 1 { printf "%s:%s:%s ", $1, $2, $4 }' tdp_tdp_drugs.csv)" = \
    "1:dofetilide:high 1:cisapride:intermediate 1:verapamil:low 2:dofetilide:high 2:cisapride:intermediate 2:verapamil:low "
q=$(awk -F, '$2 == "cisapride" && $4 == "2x" { print $NF }' tdp_summary.csv)
check "its qNet is the group's median of the summary" test "$(col tdp_tdp_drugs.csv qNet 5)" = "$q"
# after 2 beats qNet falls from verapamil to cisapride to dofetilide: the classes are separated by it
check "separated at both doses, training error 0" test "$(awk -F, 'NR > 1 { printf "%s %s ", $7, $12 }' tdp_tdp.csv)" = "1 0 1 0 "
check "every drug predicted as its class; each left out predicted as another" awk -F, \
    'NR > 1 && ($10 != $4 || $11 == $4 || $11 == "NA") { bad++ } END { exit !(NR == 7 && !bad) }' tdp_tdp_drugs.csv
check "the picture is written" test -s tdp_tdp.png
"$sc" study "${ord[@]}" --drugs "$drugs" --drug dofetilide,quinidine --conc 1x --beats 1 --traces 0 \
    --out one.csv > one.txt 2>&1
check_status "two drugs of one class" $?
check "the classification skipped, said in one line, no file" \
    sh -c 'test "$(grep -c "TdP risk classification skipped: the drugs with a risk class are of one class" one.txt)" = 1 && ! test -e one_tdp.csv'
"$sc" study "${ord[@]}" --drugs "$drugs" --drug dofetilide,cisapride,verapamil --conc 2 --beats 1 --traces 0 \
    --out nm.csv > nm.txt 2>&1
check "concentrations in nM: skipped, said" grep -q "TdP risk classification skipped: no concentration is a multiple of Cmax" nm.txt

# ---- steady state
stb=(--bcl 500 --steady-tol 0.002) # the initial state is 1 Hz's: at 2 Hz the cells take a few beats
"$sc" study "${ord[@]}" "${stb[@]}" --param 'GKr_b=lognormal(0,0.3)' --cells 4 --beats 40 --steady APD90 \
    --out st.csv > st.txt 2>&1
check_status "4 cells paced to a steady state" $?
n=$(sed -n 's/.*; \([0-9]*\) beats at 500 ms.*/\1/p' st.txt)
s=$(col st.csv steady_beat 1)
echo "   paced $n beats; cell 0 steady from beat $s"
check "they stop before the limit, every cell steady by the last beat" awk -F, -v n="$n" \
    'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "steady_beat") k = i } NR > 1 && !($k >= 2 && $k <= n) { bad++ }
     END { exit !(n >= 2 && n < 40 && !bad) }' st.csv
alt() { # alt BEATS: cell 0's APD90_alt / APD90 after BEATS beats of a plain run
    "$sc" study "${ord[@]}" --bcl 500 --design st_design.csv --beats "$1" --out alt.csv > /dev/null 2>&1
    awk -v a="$(col alt.csv APD90_alt 1)" -v b="$(col alt.csv APD90 1)" 'BEGIN { printf "%.6f", a / b }'
}
printf 'GKr_b\n%s\n' "$(col st.csv GKr_b 1)" > st_design.csv
if [ "$s" -ge 3 ] 2>/dev/null; then
    before=$(alt $((s - 1))) at=$(alt "$s")
    echo "   cell 0's relative APD90 change at beat $((s - 1)): $before, at beat $s: $at"
    check "at beat s - 1 it moved by more than the tolerance, at beat s by less" \
        awk -v b="$before" -v a="$at" 'BEGIN { exit !(b > 0.002 && a <= 0.002) }'
else
    check "cell 0 was steady from beat 3 or later (the first comparable beat is 2)" false
fi

# ---- calibration against ranges, at two rates, with the states saved
cat > ranges.csv <<'R'
# two biomarkers, two rates
biomarker,bcl,min,max
APD90,1000,240,300
Vrest,1000,-95,-80
APD90,600,200,290
R
"$sc" study "${ord[@]}" --param 'GKr_b=lognormal(0,0.3)' --param 'PCa_b=lognormal(0,0.3)' --cells 8 --beats 3 \
    --ranges ranges.csv --save-sv sv --out cal.csv > cal.txt 2>&1
check_status "8 cells against ranges at BCL 1000 and 600 ms" $?
cat cal.txt
check "a row per cell and rate" awk -F, 'NR > 1 { n[$5]++ } END { exit !(n[1000] == 8 && n[600] == 8) }' cal.csv
check "each cell's verdict: the ranges applied to its own figures" awk -F, '
    NR == 1 { for (i = 1; i <= NF; i++) k[$i] = i; next }
    { c = $1; if (!(c in ok)) ok[c] = 1; a = $k["APD90"]; v = $k["Vrest"]
      if ($5 == 1000 && !(a >= 240 && a <= 300 && v >= -95 && v <= -80)) ok[c] = 0
      if ($5 == 600 && !(a >= 200 && a <= 290)) ok[c] = 0; said[c] = $k["accepted"] }
    END { for (c in ok) if (ok[c] != said[c]) bad++; exit bad }' cal.csv
nacc=$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "accepted") k = i } NR > 1 && $5 == 1000 { s += $k } END { print s }' cal.csv)
echo "   accepted: $nacc of 8"
check "the accepted design holds the accepted rows" test "$(($(wc -l < cal_accepted.csv) - 1))" = "$nacc"
for png in cal_bcl1000_apd90.png cal_bcl600_apd90.png cal_accepted.png cal_accepted_params.png; do
    check "$png is a PNG" sh -c "head -c 8 $png | od -An -tx1 | grep -q '89 50 4e 47 0d 0a 1a 0a'"
done
check "a state file per cell and rate, the accepted apart" sh -c \
    "[ \$(ls sv | grep -c '^cell_.*_bcl.*\.sv$') = 16 ] && [ \$(ls sv/accepted | wc -l) = $((2 * nacc)) ]"
"$sc" bench --imp ohara_rudy_cipa_v1_2017 --read-ini-file sv/cell_0_bcl1000.sv --duration 1 > bench.txt 2>&1
check_status "bench reads a cell's state file" $?

# ---- a study started from saved states continues them
"$sc" study "${ord[@]}" --param 'GKr_b=lognormal(0,0.3)' --cells 4 --beats 40 --steady APD90 --steady-tol 0.002 \
    --save-sv sv2 --out st2.csv > /dev/null 2>&1
"$sc" study "${ord[@]}" --design <(printf 'GKr_b\n'; awk -F, 'NR > 1 { print $6 }' st2.csv) --load-sv sv2 --beats 1 \
    --out re.csv > re.txt 2>&1
check_status "a study from the saved states" $?
check "it continues the saved cells (APD90 within 0.4 %)" awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) if ($i == "APD90") k = i }
    NR == FNR && FNR > 1 { a[FNR] = $k } NR != FNR && FNR > 1 { n++; d = $k / a[FNR] - 1; if (d < 0) d = -d; if (!(d <= 0.004)) bad++ }
    END { exit !(n == 4 && !bad) }' st2.csv re.csv

# ---- a cell that goes numerically wrong is left out, the others unchanged
# (ORd 2011 with these factors: Ca_jsr below 0 in beat 11 with the library's methods)
printf 'GNa,GNaL_b,Gto_b,PCa_b,GKr_b,GKs_b,GK1_b,Gncx_b,Pnak_b\n1,1,1,1,1,1,1,1,1\n' > one.csv
{ cat one.csv; echo '0.1234825219,0.575176378,0.6154871245,1.850055989,0.4740808473,1.725989714,0.4763485787,0.1659536853,0.118590263'; } > two.csv
"$sc" study --imp ohara_rudy_2011_endo -q --design two.csv --beats 12 --out two_out.csv > two.txt 2>&1
check_status "a study in which a cell goes wrong runs to its end" $?
check "the cell is named, with its time" grep -q "cell 1 (design row 1, drug none at 0 nM) went numerically wrong at t = 10" two.txt
f1=$(col two_out.csv failed_ms 2) v1=$(col two_out.csv APD90 2)
echo "   cell 1: failed at $f1 ms, APD90 $v1"
check "its failure time recorded, its figures left out" awk -v f="$f1" -v v="$v1" 'BEGIN { exit !(f > 10000 && f < 11001 && v == "nan") }'
"$sc" study --imp ohara_rudy_2011_endo -q --design one.csv --beats 12 --out one_out.csv > /dev/null 2>&1
check "the other cell's figures equal its run alone, bit for bit" \
    test "$(col two_out.csv APD90 1) $(col two_out.csv CaTD90 1) $(col two_out.csv APD90_prev 1)" = \
    "$(col one_out.csv APD90 1) $(col one_out.csv CaTD90 1) $(col one_out.csv APD90_prev 1)"
check "the summary counts it as failed" awk -F, 'NR == 2 { exit !($6 == 50 && $7 == 100) }' two_out_summary.csv
# several cells going wrong in one beat: one more run of it, not one per cell (the first named with
# its time, the others found at the beat's end)
{ cat two.csv; tail -1 two.csv; tail -1 two.csv; } > four.csv
"$sc" study --imp ohara_rudy_2011_endo -q --design four.csv --beats 12 --out four_out.csv > four.txt 2>&1
check_status "a study in which three cells go wrong in one beat runs to its end" $?
check "one cell named, the two others counted with the beat" sh -c \
    "[ \$(grep -c 'went numerically wrong' four.txt) = 1 ] && grep -q '2 more cells of beat 11' four.txt"
check "the three failure times recorded, their figures left out" awk -F, 'FNR == 1 { for (i = 1; i <= NF; i++) {
    if ($i == "failed_ms") f = i; if ($i == "APD90") a = i } } FNR > 2 { n++; if ($f > 10000 && $f <= 11001 && $a == "nan") ok++ }
    END { exit !(n == 3 && ok == 3) }' four_out.csv
check "the other cell's figures equal its run alone, bit for bit" \
    test "$(col four_out.csv APD90 1) $(col four_out.csv CaTD90 1)" = "$(col one_out.csv APD90 1) $(col one_out.csv CaTD90 1)"

# ---- bad input
printf 'drug,IFoo_IC50,IFoo_h\nx,10,1\n' > badcur.csv
check_refused "an unknown current column" "badcur.csv:1:6" "$sc" study "${ord[@]}" --drugs badcur.csv --conc 1
printf 'drug,Cmax,IKr_IC50,IKr_h\nx,2,NA,NA\n' > noic50.csv
check_refused "a drug without IC50" "noic50.csv:2" "$sc" study "${ord[@]}" --drugs noic50.csv --conc 1
check_refused "an unknown --drug" "its drugs: dofetilide" "$sc" study "${ord[@]}" --drugs "$drugs" --drug aspirin --conc 1
check_refused "Cmax multiples without a Cmax" "has no Cmax" "$sc" study "${ord[@]}" --block IKr=10 --conc 1x
check_refused "a negative concentration" "--conc" "$sc" study "${ord[@]}" --drugs "$drugs" --conc 1,-5
printf 'biomarker,bcl,min,max\nAPD90,1000,200,300\nQT,1000,300,400\n' > badr.csv
check_refused "a range of an unknown biomarker" "badr.csv:3:1" "$sc" study "${ord[@]}" --ranges badr.csv
printf 'biomarker,bcl,min,max\nCaT_amp,1000,0,1\n' > car.csv
check_refused "a calcium range on a model without calcium" "no intracellular calcium" "$sc" study --imp AlievPanfilov -q --ranges car.csv
check_refused "--ranges with a drug" "calibrates the control" "$sc" study "${ord[@]}" --ranges ranges.csv --block IKr=10 --conc 1
check_refused "an unknown --steady biomarker" "unknown biomarker 'APD95x'" "$sc" study "${ord[@]}" --steady APD95x
check_refused "a missing --load-sv" "--load-sv nowhere" "$sc" study "${ord[@]}" --load-sv nowhere
check_done

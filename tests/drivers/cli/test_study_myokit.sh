#!/usr/bin/env bash
# test_study_myokit.sh STARCARP DATA SRC: `starcarp study`'s APD90 under drug block against an
# independent CVODES reference (Myokit; lab/reference/drugblock/ makes it), within 1 %.
#   DATA (tests/data/drugblock) holds myokit_apd90.csv (the reference: per model, the control and
#   each drug at 1, 2, 3 and 4 x Cmax, APD90 of beat 10 at BCL 1000 ms; DATA/README.md has the
#   protocol); the drugs are SRC/examples/cipa_training_drugs.csv's (CiPA's IC50 and Hill
#   coefficients per current, Cmax).
#   For each model and drug of the reference: one run of the drug table, `--drugs TABLE --drug DRUG
#   --conc 0,1x,2x,3x,4x`; the currents it blocks are the reference's (its `blocked` column: a
#   current the model lacks, INaL in ten Tusscher 2006, is left out, the reference did not block
#   it either), every cell's concentration the reference's and its APD90 within 1 % of the
#   reference's (the 0 nM cell against the control row).
#   qNet: the same drugs' qNet on O'Hara-Rudy CiPA with CiPA's stimulus and cycle length over 10
#   beats within 5e-4 C/F of DATA/myokit_qnet_10beats.csv.
# A model the build lacks (STARCARP_MODELS) is skipped; exit 77 when none is there. No Python: the
# reference is read from the CSV. MODELS="m1 m2" (environment) limits the models.
set -u
sc=$1
data=$2
src=$3
. "$(dirname "$0")/../../check.sh" # check, check_status, check_done, check_workdir
check_workdir
export STARPU_NCUDA=0
drugs=$src/examples/cipa_training_drugs.csv
tol=0.01 # relative
worst=0 ran=0
run=(--bcl 1000 --beats 10 -q)

grep -v '^#' "$data/myokit_apd90.csv" > ref.csv # the reference rows and their header
models=${MODELS:-$(awk -F, 'NR > 1 { print $1 }' ref.csv | uniq)}

# compare MODEL DRUG CSV HOW: each cell of a study's CSV (conc_nM, APD90) against the reference row
# of its concentration (0: the control); prints a line per cell, updates $worst, one check
compare() {
    local cmp status w
    cmp=$(awk -F, -v m="$1" -v d="$2" -v tol=$tol '
        FNR == 1 { f++ }
        f == 1 && FNR > 1 && $1 == m && ($2 == d || $2 == "control") { want[$4 + 0] = $11 }
        f == 2 && FNR == 1 { for (i = 1; i <= NF; i++) { if ($i == "APD90") k = i; if ($i == "conc_nM") kc = i }; next }
        f == 2 { c = $kc + 0; got = $k; n++
            if (!(c in want)) { printf "FAIL %s %s %g nM: no reference row\n", m, d, c; bad++; next }
            r = (got - want[c]) / want[c]; a = r < 0 ? -r : r
            if (got !~ /^-?[0-9]/) a = 1; ok = a <= tol; if (a > w) w = a
            printf "%s %s %s %g nM: APD90 starcarp %.3f, Myokit %.3f ms, %+.3f %%\n",
                ok ? "  " : "FAIL", m, d, c, got, want[c], 100 * r
            if (!ok) bad++ }
        END { printf "max %.6f\n", w; exit !(n == 5 && !bad) }' ref.csv "$3")
    status=$?
    echo "$cmp" | grep -v '^max'
    check_status "$1 $2 $4: 5 cells, every APD90 within 1 % of Myokit's" $status
    w=$(echo "$cmp" | sed -n 's/^max //p')
    worst=$(awk -v a="$worst" -v b="${w:-1}" 'BEGIN { print (b > a ? b : a) }')
}

for model in $models; do
    # the currents the model has and their parameters, from `starcarp models info`
    if ! "$sc" models info "$model" > info.txt 2>&1; then
        echo "   $model: not in this build, skipped"
        continue
    fi
    ran=$((ran + 1))
    has=$(awk '/^Currents \(drug block\)/ { on = 1; next } on && /->/ { printf "%s ", $1 }' info.txt)
    check "$model: the reference has its control row" grep -q "^$model,control," ref.csv
    for drug in $(awk -F, -v m="$model" 'NR > 1 && $1 == m && $2 != "control" { print $2 }' ref.csv | uniq); do
        # the currents of the table's drug that the model has, against the reference's
        names=$(grep -v '^#' "$drugs" | awk -F, -v d="$drug" -v has=" $has" '
            NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
            $1 == d { n = split("ICaL Ito IK1 IKs INaL INa hERG", cs, " ")
                for (k = 1; k <= n; k++) { c = cs[k]; name = c == "hERG" ? "IKr" : c
                    if ($col[c "_IC50"] != "NA" && index(has, " " name " ")) print name } }' | sort | tr '\n' ' ')
        refnames=$(awk -F, -v m="$model" -v d="$drug" '$1 == m && $2 == d { print $12; exit }' ref.csv |
            tr ' ' '\n' | sed -n 's/\*.*//p' | sort | tr '\n' ' ')
        check "$model $drug: the currents blocked ($names) are the reference's" test -n "$names" -a "$names" = "$refnames"
        mults=$(awk -F, -v m="$model" -v d="$drug" '$1 == m && $2 == d { printf ",%sx", $3 }' ref.csv)
        out=$model-$drug.csv
        "$sc" study --imp "$model" --drugs "$drugs" --drug "$drug" --conc "0$mults" "${run[@]}" --out "$out" > run.txt 2>&1
        check_status "study --imp $model --drugs TABLE --drug $drug --conc 0$mults" $?
        [ -s "$out" ] || { cat run.txt; continue; }
        check "$model $drug: the concentrations (nM) are the reference's" test \
            "$(awk -F, -v m="$model" -v d="$drug" '$1 == m && $2 == d { printf "%g ", $4 }' ref.csv)" = \
            "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "conc_nM") k = i } NR > 2 { printf "%g ", $k }' "$out")"
        compare "$model" "$drug" "$out" "by its drug table"
    done
done
# qNet (CiPA's protocol but 10 beats: BCL 2000 ms, 80 uA/cm^2 for 0.5 ms from 0 ms) against
# DATA/myokit_qnet_10beats.csv: within 5e-4 C/F (qNet is a difference of large charges: its error is
# absolute, against a control of 0.03 C/F and CiPA's classes 0.01 C/F apart)
if "$sc" models info ohara_rudy_cipa_v1_2017 > /dev/null 2>&1; then
    ran=$((ran + 1))
    grep -v '^#' "$data/myokit_qnet_10beats.csv" > qref.csv
    for drug in $(awk -F, 'NR > 1 && $2 != "control" { print $2 }' qref.csv | uniq); do
        mults=$(awk -F, -v d="$drug" '$2 == d { printf ",%sx", $3 }' qref.csv)
        "$sc" study --imp ohara_rudy_cipa_v1_2017 --drugs "$drugs" --drug "$drug" --conc "0$mults" --bcl 2000 \
            --beats 10 --stim-start 0 --stim-dur 0.5 --stim-curr 80 --traces 0 -q --out "q-$drug.csv" > run.txt 2>&1
        check_status "qNet: study --drugs TABLE --drug $drug --conc 0$mults (CiPA's stimulus, 10 beats)" $?
        check "qNet of $drug within 5e-4 C/F of Myokit's" awk -F, -v d="$drug" '
            FNR == 1 { f++ }
            f == 1 && FNR > 1 && ($2 == d || $2 == "control") { want[$4 + 0] = $5 }
            f == 2 && FNR == 1 { for (i = 1; i <= NF; i++) { if ($i == "qNet") k = i; if ($i == "conc_nM") kc = i }; next }
            f == 2 { c = $kc + 0; n++; e = $k - want[c]; a = e < 0 ? -e : e
                printf "   qNet %s %g nM: starcarp %.6f, Myokit %.6f C/F (%+.1e)\n", d, c, $k, want[c], e
                if (!(c in want) || !(a <= 5e-4)) bad++ }
            END { exit !(n == 3 && !bad) }' qref.csv "q-$drug.csv"
    done
fi
[ $ran -gt 0 ] || { echo "none of the reference's models in this build: skipped"; exit 77; }
echo "   the largest relative difference: $(awk -v w="$worst" 'BEGIN { printf "%.3f %%", 100 * w }')"
check_done

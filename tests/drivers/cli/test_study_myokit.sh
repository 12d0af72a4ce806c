#!/usr/bin/env bash
# test_study_myokit.sh STARCARP DATA: `starcarp study`'s APD90 under drug block against an independent
# CVODES reference (Myokit; lab/reference/drugblock/ makes it), within 1 %.
#   DATA (tests/data/drugblock) holds cipa_training_drugs.csv (CiPA's IC50 and Hill coefficients per
#   current, and Cmax) and myokit_apd90.csv (the reference: per model, the control and each drug at 1, 2,
#   3 and 4 x Cmax, APD90 of beat 10 at BCL 1000 ms; DATA/README.md has the protocol).
#   For each model and drug of the reference: one run, --block per current the drug blocks (CiPA's
#   hERG is IKr; a current the model lacks, INaL in ten Tusscher 2006, is not blocked: the currents
#   are those `starcarp models info` lists, and they must be those the reference blocked, its
#   `blocked` column), --conc 0 and the drug's four concentrations; every cell's APD90 within 1 % of
#   the reference's (the 0 nM cell against the control row).
#   A run refused because more than 16 parameters would vary per cell (the blocked ones and those that
#   follow them: O'Hara-Rudy CiPA's ICaL alone has 7) fails its check; the same factors are then given
#   to every cell by --imp-par, one run per concentration, and compared as well, so that the numbers
#   are still checked.
# A model the build lacks (STARCARP_MODELS) is skipped; exit 77 when none is there. No Python: the
# reference is read from the CSV. MODELS="m1 m2" (environment) limits the models.
set -u
sc=$1
data=$2
. "$(dirname "$0")/../../check.sh" # check, check_status, check_done, check_workdir
check_workdir
export STARPU_NCUDA=0
drugs=$data/cipa_training_drugs.csv
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
    map=$(awk '/^Currents \(drug block\)/ { on = 1; next } on && /->/ { printf "%s>%s ", $1, $3 }' info.txt)
    check "$model: the reference has its control row" grep -q "^$model,control," ref.csv
    for drug in $(awk -F, -v m="$model" 'NR > 1 && $1 == m && $2 != "control" { print $2 }' ref.csv | uniq); do
        # CURRENT=IC50:h for each current with values in the drug table that the model has
        blocks=$(grep -v '^#' "$drugs" | awk -F, -v d="$drug" -v has=" $has" '
            NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
            $1 == d { n = split("ICaL Ito IK1 IKs INaL INa hERG", cs, " ")
                for (k = 1; k <= n; k++) { c = cs[k]; ic = $col[c "_IC50"]; h = $col[c "_h"]
                    name = c == "hERG" ? "IKr" : c
                    if (ic != "NA" && h != "NA" && index(has, " " name " ")) printf "%s=%s:%s ", name, ic, h } }')
        names=$(echo "$blocks" | tr ' ' '\n' | sed -n 's/=.*//p' | sort | tr '\n' ' ')
        refnames=$(awk -F, -v m="$model" -v d="$drug" '$1 == m && $2 == d { print $12; exit }' ref.csv |
            tr ' ' '\n' | sed -n 's/\*.*//p' | sort | tr '\n' ' ')
        check "$model $drug: the currents blocked ($names) are the reference's" test -n "$names" -a "$names" = "$refnames"
        concs=$(awk -F, -v m="$model" -v d="$drug" '$1 == m && $2 == d { printf ",%s", $4 }' ref.csv)
        args=()
        for b in $blocks; do args+=(--block "$b"); done
        out=$model-$drug.csv
        "$sc" study --imp "$model" "${args[@]}" --conc "0$concs" "${run[@]}" --out "$out" > run.txt 2>&1
        check_status "study --imp $model ${args[*]} --conc 0$concs" $?
        if [ -s "$out" ]; then
            compare "$model" "$drug" "$out" "by --block"
            continue
        fi
        cat run.txt
        grep -q 'at most 16 parameters can vary per cell' run.txt || continue
        echo "   the same factors by --imp-par, one run per concentration:"
        echo "cell,row,conc_nM,APD90" > "$out" # as much of a study's CSV as compare reads
        for c in 0 ${concs//,/ }; do
            par=$(echo "$blocks" | tr ' ' '\n' | awk -F'[=:]' -v c="$c" -v map="$map" '
                BEGIN { n = split(map, kv, " "); for (i = 1; i <= n; i++) { split(kv[i], p, ">"); to[p[1]] = p[2] } }
                NF == 3 && c > 0 { printf "%s%s*%.17g", s, to[$1], 1 / (1 + (c / $2) ^ $3); s = "," }')
            one=one-$model-$c.csv
            [ -s "$one" ] || "$sc" study --imp "$model" ${par:+--imp-par "$par"} "${run[@]}" --out "$one" > run.txt 2>&1 ||
                { cat run.txt; continue; }
            awk -F, -v c="$c" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "APD90") k = i }
                NR == 2 { print "0,0," c "," $k }' "$one" >> "$out"
        done
        compare "$model" "$drug" "$out" "by --imp-par"
    done
done
[ $ran -gt 0 ] || { echo "none of the reference's models in this build: skipped"; exit 77; }
echo "   the largest relative difference: $(awk -v w="$worst" 'BEGIN { printf "%.3f %%", 100 * w }')"
check_done

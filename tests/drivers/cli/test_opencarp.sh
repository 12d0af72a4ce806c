#!/usr/bin/env bash
# test_opencarp.sh STARCARP: openCARP users' names work unchanged (docs/parameters.md):
#   - verbatim bench lines with openCARP's model names, flags=EPI and GKr (any case) run, and GKr
#     (or the library's g_Kr) scaled by 0.5 vs 1.5 moves ten Tusscher 2006's repolarisation by tens
#     of ms: g_Kr_total, computed from g_Kr in the model file, follows it
#   - a population varying GKr has cells that differ
#   - setting g_Kr and g_Kr_total, or a parameter nothing reads, is refused naming what reads it
#   - unknown names get "did you mean" (either name set, any case: bench, tissue's imp_region[0].im,
#     models info); a variant the library lacks or refuses names the ones it has; variants made by
#     parameters (tenTusscherPanfilov flags=MCELL: g_Ks 0.098; OHara and ToRORd_dynCl flags=EPI/MCELL:
#     celltype 1/2) set them, the user's items after
#   - openCARP's other names resolve (models info); MitchellSchaeffer in openCARP's mV form activates
#     with an openCARP-strength stimulus in bench (--APstatistics) and tissue
#   - models list / info show openCARP's names (info also the currents' drug-block parameters,
#     docs/currents.md); tissue takes them too
set -u
SC=$1
. "$(dirname "$0")/../../check.sh"   # check, check_done
check_workdir
# refused DESCRIPTION PATTERN ARGS...: starcarp ARGS exits 2 and stderr matches PATTERN
refused() {
    local what=$1 pat=$2
    shift 2
    "$SC" "$@" >/dev/null 2>err.txt
    local rc=$?
    if [ $rc -eq 2 ] && grep -q -- "$pat" err.txt; then echo "ok: $what"; else
        echo "FAIL: $what (exit $rc)"; cat err.txt; fails=$((fails + 1)); fi
}
# repol FILE: the first time after 100 ms at which Vm (column 2) is below -70 mV
repol() { awk '$1 > 100 && $2 < -70 { print $1; exit }' "$1"; }
BEAT=(--stim-curr=52 --stim-start=10 --duration=500 --dt-out=1 --ncpu=1 --no-trace -q)

"$SC" bench --imp=tenTusscherPanfilov --imp-par="flags=EPI,GKr*0.5" "${BEAT[@]}" >kr05.txt 2>echo.txt
check "openCARP line, GKr*0.5: runs" test -s kr05.txt
check "GKr*0.5 echoes g_Kr_total following" grep -q "g_Kr_total follows" echo.txt
"$SC" bench --imp=tenTusscherPanfilov --imp-par="Gkr*1.5" "${BEAT[@]}" >kr15.txt 2>/dev/null
a=$(repol kr05.txt) b=$(repol kr15.txt)
echo "tenTusscherPanfilov repolarised at $a ms (GKr*0.5) and $b ms (Gkr*1.5)"
check "GKr 0.5 vs 1.5 moves repolarisation by >= 20 ms" awk -v a="$a" -v b="$b" 'BEGIN { exit !(a - b >= 20) }'
"$SC" bench --imp ten_tusscher_model_2006_epi --imp-par 'g_Kr*0.5' "${BEAT[@]}" >g05.txt 2>/dev/null
"$SC" bench --imp ten_tusscher_model_2006_epi --imp-par 'g_Kr*1.5' "${BEAT[@]}" >g15.txt 2>/dev/null
a=$(repol g05.txt) b=$(repol g15.txt)
check "g_Kr 0.5 vs 1.5 moves repolarisation by >= 20 ms ($a, $b)" awk -v a="$a" -v b="$b" 'BEGIN { exit !(a - b >= 20) }'
check "the library's name and openCARP's give the same numbers" cmp -s kr05.txt g05.txt
"$SC" bench --imp TT2 "${BEAT[@]}" >tt2.txt 2>/dev/null
check "the older name TT2 runs" test -s tt2.txt

"$SC" bench --imp tenTusscherPanfilov --num 3 --vary 'GKr*0.5:1.5' --probe 0,2 "${BEAT[@]}" --fout pop >/dev/null 2>&1
check "--vary GKr: cells 0 and 2 differ" test -s pop.txt -a -s pop_cell2.txt
check "--vary GKr: cells 0 and 2 differ (values)" bash -c '! cmp -s pop.txt pop_cell2.txt'
a=$(repol pop.txt) b=$(repol pop_cell2.txt)
check "--vary GKr: repolarisation moves across the population ($a, $b)" \
    awk -v a="$a" -v b="$b" 'BEGIN { exit !(a - b >= 20) }'

refused "g_Kr with g_Kr_total" "g_Kr has no effect.*g_Kr_total" bench --imp ten_tusscher_model_2006_epi \
    --imp-par 'g_Kr*0.5,g_Kr_total=0.1' --duration 1
refused "a parameter nothing reads" "stim_amplitude has no effect" bench --imp ten_tusscher_model_2006_epi \
    --imp-par 'stim_amplitude*2' --duration 1
refused "--vary of a parameter without effect" "--vary: stim_amplitude has no effect" bench \
    --imp ten_tusscher_model_2006_epi --num 2 --vary 'stim_amplitude=1:2' --duration 1
refused "a misspelt model" "did you mean 'tenTusscherPanfilov'" bench --imp tenTuscherPanfilov --duration 1
refused "ENDO refused, naming the accepted variants" "flags=ENDO is refused.*flags=EPI (ten_tusscher_model_2006_epi), flags=MCELL (ten_tusscher_model_2006_epi with g_Ks=0.098)" \
    bench --imp tenTusscherPanfilov --imp-par flags=ENDO --duration 1
refused "ENDO refused, saying what to do instead" "imp-par=g_to=0.073" bench --imp ten_tusscher_model_2006_epi \
    --imp-par flags=ENDO --duration 1
refused "two variants at once" "flags=EPI and flags=MCELL both pick a variant of openCARP's OHara" \
    bench --imp OHara --imp-par flags=EPI,flags=MCELL --duration 1
# variants made by parameters: the value each flag gives, read back from the echo of the settings
# value FILE NAME: the value bench's echo gives parameter NAME ("g_Ks = 0.098 -> 0.098")
value() { awk -v n="$2" '$1 == n && $2 == "=" { print $NF }' "$1" | tail -1; }
for f in EPI MCELL; do
    "$SC" bench --imp=tenTusscherPanfilov --imp-par="flags=$f" --duration 1 --ncpu 1 -q >/dev/null 2>"tt$f.txt"
done
check "tenTusscherPanfilov flags=MCELL sets g_Ks 0.098" test "$(value ttMCELL.txt g_Ks)" = 0.098
check "tenTusscherPanfilov flags=EPI keeps the file's g_Ks (no setting)" test -z "$(value ttEPI.txt g_Ks)"
for f in ENDO:0 EPI:1 MCELL:2; do
    "$SC" bench --imp=OHara --imp-par="flags=${f%:*}" --duration 1 --ncpu 1 -q >/dev/null 2>"oh.txt"
    want=${f#*:}
    [ "$want" = 0 ] && want=""   # ENDO is the file itself: nothing set
    check "OHara flags=${f%:*}: celltype ${f#*:}" test "$(value oh.txt celltype)" = "$want"
done
"$SC" bench --imp=ohara --imp-par="flags=EPI,celltype=2" --duration 1 --ncpu 1 -q >/dev/null 2>oh.txt
check "the user's items run after the variant's settings" test "$(value oh.txt celltype)" = 2
"$SC" bench --imp=ohara_rudy_2011_endo --imp-par="flags=EPI" --duration 1 --ncpu 1 -q >/dev/null 2>oh.txt
check "the file named with flags=EPI: celltype 1" test "$(value oh.txt celltype)" = 1
"$SC" bench --imp=ToRORd_dynCl --imp-par=flags=MCELL --duration 1 --ncpu 1 -q >/dev/null 2>tor.txt
check "ToRORd_dynCl flags=MCELL: celltype 2" test "$(value tor.txt celltype)" = 2
refused "an unknown parameter lists openCARP's names" "g_Kr (GKr)" bench --imp tenTusscherPanfilov \
    --imp-par 'GKx*2' --duration 1

# the names openCARP users write resolve (models info reads the file: no StarPU)
for n in LuoRudy94:luo_rudy_1994 BeelerReuter:beeler_reuter_model_1977 MitchellSchaeffer:MitchellSchaeffer \
    ToRORd_dynCl:ToRORd_dynCl_endo luorudy94:luo_rudy_1994; do
    "$SC" models info "${n%%:*}" >info.txt 2>&1
    check "models info ${n%%:*} is ${n#*:}" grep -q "^model: .*" info.txt
    check "models info ${n%%:*} reads ${n#*:}.model" grep -q "/${n#*:}.model" info.txt
done
# near misses get a suggestion, from either name set, ignoring case, everywhere a model is named
refused "a misspelt openCARP name, other case" "did you mean 'MahajanShiferaw'" bench --imp mahajanshifferaw --duration 1
refused "a misspelt library stem" "did you mean 'luo_rudy_1994'" bench --imp luo_rudi_1994 --duration 1
"$SC" models info Ohra >/dev/null 2>err.txt
check "models info: a near miss gets a suggestion" grep -q "did you mean 'OHara'" err.txt
printf '%s\n' "num_imp_regions = 1" "imp_region[0].im = BeelerRueter" >bad.par
"$SC" tissue --par bad.par --size 1 --dx 0.5 --duration 1 --stim x=0:0.5,start=0,dur=2,vol=50000 --out badt \
    -q >/dev/null 2>err.txt
check "tissue imp_region[0].im: a near miss gets a suggestion" grep -q "did you mean 'BeelerReuter'" err.txt

"$SC" models list >list.txt
check "models list shows openCARP's name" grep -q "ten_tusscher_model_2006_epi .*tenTusscherPanfilov flags=EPI" list.txt
"$SC" models info Courtemanche >info.txt
check "models info takes openCARP's name and lists its parameter names" grep -q "GKr = g_Kr" info.txt
check "models info lists the currents' drug-block parameters (models/currents.tsv)" \
    grep -Eq '^  IKr +-> g_Kr +i_Kr$' info.txt
"$SC" bench --imp=OHara --imp-info >oinfo.txt
check "bench --imp-info with openCARP's name" grep -q "GKr = GKr_b" oinfo.txt

"$SC" tissue --imp tenTusscherPanfilov --imp-par 'flags=EPI,GKr*0.5' --size 2 --dx 0.5 \
    --stim x=0:0.5,start=0,dur=2,vol=50000 --duration 5 --out tis --ncpu 1 -q >/dev/null 2>&1
check "tissue with openCARP's names" test -s tis/activation.vtk
refused "tissue: g_Kr with g_Kr_total" "g_Kr_total, which is set too" tissue --imp tenTusscherPanfilov \
    --imp-par 'g_Kr*0.5,g_Kr_total=1' --size 2 --dx 0.5 --stim x=0:0.5,start=0,dur=2,vol=50000 \
    --duration 5 --out tis2 --ncpu 1 -q

# MitchellSchaeffer in openCARP's mV form: an openCARP-strength stimulus activates it in the mV range
"$SC" bench --imp=MitchellSchaeffer --stim-curr=52 --duration=500 --dt-out=1 --ncpu=1 -q --APstatistics \
    --fout ms >/dev/null 2>&1
row=$(awk '!/^#/ { print; exit }' ms_AP_stats.dat)
echo "MitchellSchaeffer, --stim-curr 52: $row"
check "MitchellSchaeffer: rests at -80 mV, peaks between 0 and 20 mV" \
    awk -v r="$row" 'BEGIN { split(r, f); exit !(f[8] == -80 && f[9] > 0 && f[9] < 20) }'
check "MitchellSchaeffer: activates (t_act not -1)" awk -v r="$row" 'BEGIN { split(r, f); exit !(f[10] > 0 && f[10] < 5) }'
"$SC" tissue --imp MitchellSchaeffer --size 2 --dx 0.5 --stim x=0:0.5,start=0,dur=2,vol=50000 --duration 20 \
    --out mst --ncpu 1 -q >/dev/null 2>&1
check "MitchellSchaeffer in tissue: an activation file" test -s mst/activation.vtk
check "MitchellSchaeffer in tissue: every node activates" bash -c '! grep -Eq "(^| )-1( |$)" mst/activation.vtk'

check_done

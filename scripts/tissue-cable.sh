#!/usr/bin/env bash
# tissue-cable.sh [STARCARP] [OUTDIR]: conduction velocity along a 1D cable of ten Tusscher 2006
# (epi) cells against dx (docs/tissue.md): a 20 mm cable, chi 140 /mm, Cm 1 uF/cm^2, the N-version
# stimulus (50 000 uA/cm^3 for 2 ms over x <= 1 mm), activation times at x = 5 and 15 mm, CV =
# 10 mm / their difference; with the longitudinal (0.1334 S/m) and the transverse (0.0176 S/m)
# conductivity of the benchmark. dt 0.01 ms, or 0.0025 ms where 0.01 is above the explicit limit
# (DT=... fixes dt for every dx; DXS=... the spacings).
# Prints a markdown table (also OUTDIR/cable.md).
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
sc=${1:-$here/build/bin/starcarp}
out=${2:-cable-runs}
dxs=${DXS:-0.5 0.4 0.25 0.2 0.1 0.05 0.025}
mkdir -p "$out"
{
    echo "| dx (mm) | dt (ms) | CV along, sigma 0.1334 (mm/ms) | CV across, sigma 0.0176 (mm/ms) |"
    echo "|---:|---:|---:|---:|"
} > "$out/cable.md"
for dx in $dxs; do
    dt=${DT:-$(awk -v dx="$dx" 'BEGIN { lim = dx * dx / (2 * 100 * 0.1334 / 140); print (lim >= 0.01 ? 0.01 : 0.0025) }')}
    row="| $dx | $dt |"
    for sig in 0.1334 0.0176; do
        d=$out/dx${dx}_s${sig}
        "$sc" tissue --imp ten_tusscher_model_2006_epi --size 20 --dx "$dx" --sigma "$sig" --chi 140 --cm 1 \
            --dt "$dt" --stim x=0:1,vol=50000,dur=2 --duration 120 --probe "5;15" --no-png -q --out "$d" \
            > "$d.txt" 2> "$d.err" || { tail -3 "$d.err" >&2; exit 1; }
        cv=$(awk '/^P1/ { a = $6 } /^P2/ { b = $6 } END { if (a < 0 || b < 0) print "block"; else printf "%.4f", 10 / (b - a) }' "$d.txt")
        row="$row $cv |"
    done
    echo "$row" >> "$out/cable.md"
done
cat "$out/cable.md"

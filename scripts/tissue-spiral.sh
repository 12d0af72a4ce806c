#!/usr/bin/env bash
# tissue-spiral.sh [STARCARP] [OUTDIR]: a spiral wave in a 2D sheet of Aliev-Panfilov cells by the
# S1-S2 cross-field protocol (docs/tissue.md): 60 x 60 mm, dx 0.3 mm, sigma 0.05 S/m isotropic,
# chi 140 /mm, Cm 1 uF/cm^2, dt 0.05 ms; S1 along the left edge (x <= 0.9 mm) at 0 ms, S2 over the
# lower half (y <= 30 mm) at 560 ms, when the S1 wave's refractory tail has passed x ~ 20 mm. Writes
# OUTDIR/ (tissue files, Vm snapshots every 100 ms) and prints, for five probes, the upstrokes
# (upward crossings of -40 mV) after S2 and their mean interval: a sustained spiral re-excites every
# probe at its rotation period.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
sc=${1:-$here/build/bin/starcarp}
out=${2:-spiral-run}
tend=${TEND:-3000}
"$sc" tissue --imp AlievPanfilov --size 60,60 --dx 0.3 --sigma 0.05 --chi 140 --cm 1 --dt 0.05 \
    --stim x=0:0.9,amp=60,dur=2 --stim y=0:30,start=560,amp=60,dur=2 --duration "$tend" --snap-dt 100 \
    --probe "15,15;45,15;30,30;15,45;45,45" --probe-dt 1 --out "$out" 2> "$out.log" > /dev/null || {
    tail -5 "$out.log" >&2; exit 1; }
grep summary "$out.log"
awk 'NR > 1 && !/^#/ { nf = NF
        for (j = 2; j <= NF; j++) { if ($1 > 600 && prev[j] < -40 && $j >= -40) { n[j]++; if (last[j]) s[j] += $1 - last[j]; last[j] = $1 }
                                    prev[j] = $j } }
     END { for (j = 2; j <= nf; j++) printf "probe %d: %d upstrokes after 600 ms, mean interval %.1f ms\n",
                                             j - 1, n[j], (n[j] > 1 ? s[j] / (n[j] - 1) : 0) }' "$out/probes.txt"

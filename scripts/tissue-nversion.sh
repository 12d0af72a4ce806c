#!/usr/bin/env bash
# tissue-nversion.sh: the N-version benchmark of Niederer et al. 2011 with `starcarp tissue`
# (examples/nversion.par; points P1..P9 and units in docs/tissue.md).
#   scripts/tissue-nversion.sh [STARCARP] [DX_LIST] [DT_LIST] [OUTDIR] [-- extra tissue options]
#   defaults: build/bin/starcarp, "0.5 0.2", "0.01", nversion-runs
#   e.g. on the GPU machine: scripts/tissue-nversion.sh build/bin/starcarp "0.1" "0.01 0.005" nv-gpu
# Every (dx, dt) runs to TEND ms (environment, default 100) in OUTDIR/dx<DX>_dt<DT>/ (the tissue's
# files and its log); the table of activation times (ms; -1: not activated by TEND) with the wall
# time and the nodes is appended to OUTDIR/nversion.md and printed.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
sc=${1:-$here/build/bin/starcarp}
dxs=${2:-0.5 0.2}
dts=${3:-0.01}
out=${4:-nversion-runs}
shift $(( $# < 4 ? $# : 4 ))
[ "${1:-}" = "--" ] && shift
tend=${TEND:-100}
mkdir -p "$out"
table=$out/nversion.md
if [ ! -s "$table" ]; then
    {
        echo "| dx (mm) | dt (ms) | nodes | P1 | P2 | P3 | P4 | P5 | P6 | P7 | P8 | P9 | wall (s) |"
        echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    } > "$table"
fi
for dx in $dxs; do
    for dt in $dts; do
        d=$out/dx${dx}_dt${dt}
        mkdir -p "$d"
        t0=$(date +%s.%N)
        if ! "$sc" tissue --par "$here/examples/nversion.par" --dx "$dx" --dt "$dt" --duration "$tend" \
                --out "$d" "$@" > "$d/activation.txt" 2> "$d/log.txt"; then
            echo "tissue-nversion: dx $dx dt $dt failed (see $d/log.txt):" >&2
            tail -3 "$d/log.txt" >&2
            continue
        fi
        t1=$(date +%s.%N)
        nodes=$(grep -a -m1 '^POINT_DATA' "$d/activation.vtk" | cut -d' ' -f2)
        row=$(awk -v dx="$dx" -v dt="$dt" -v n="$nodes" -v w="$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" '
            /^P[0-9]/ { a[substr($1, 2)] = $6 }
            END { printf "| %s | %s | %s |", dx, dt, n;
                  for (i = 1; i <= 9; i++) printf " %s |", (a[i] < 0 ? "none" : sprintf("%.2f", a[i]));
                  printf " %.0f |\n", w }' "$d/activation.txt")
        echo "$row" >> "$table"
    done
done
cat "$table"

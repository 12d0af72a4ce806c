#!/usr/bin/env bash
# tissue-mesh-nversion.sh: the N-version benchmark (examples/nversion.par) through the mesh path:
# the slab written by `starcarp mesh box` at each dx (hexahedra, or tet5/tet6 with ELEM) and run by
# `starcarp tissue --mesh` (linear finite elements; docs/tissue.md, "Meshes").
#   scripts/tissue-mesh-nversion.sh [STARCARP] [DX_LIST] [DT] [OUTDIR] [-- extra tissue options]
#   defaults: build/bin/starcarp, "0.5 0.2", 0.01, mesh-nversion-runs; TEND (ms, default 100), ELEM (hex)
# The mass matrix is a mesh's default (consistent) unless the extra options give --mass lumped.
# Each dx runs in OUTDIR/<elem>_<mass>_dx<DX>/; the table of the nine points' activation times (ms;
# none: not activated by TEND), nodes and wall time goes to OUTDIR/nversion.md and stdout.
set -eu
here=$(cd "$(dirname "$0")/.." && pwd)
sc=${1:-$here/build/bin/starcarp}
dxs=${2:-0.5 0.2}
dt=${3:-0.01}
out=${4:-mesh-nversion-runs}
shift $(( $# < 4 ? $# : 4 ))
[ "${1:-}" = "--" ] && shift
tend=${TEND:-100}
elem=${ELEM:-hex}
mass=consistent
prev=
for a in "$@"; do [ "$prev" = --mass ] && mass=$a; prev=$a; done
mkdir -p "$out"
table=$out/nversion.md
[ -s "$table" ] || printf '%s\n%s\n' "| mesh | mass | dx (mm) | dt (ms) | nodes | P1 | P2 | P3 | P4 | P5 | P6 | P7 | P8 | P9 | wall (s) |" \
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|" > "$table"
for dx in $dxs; do
    d=$out/${elem}_${mass}_dx$dx
    mkdir -p "$d"
    "$sc" mesh box --size 20,7,3 --dx "$dx" --elem "$elem" --out "$d/slab" > /dev/null
    t0=$(date +%s.%N)
    if ! "$sc" tissue --par "$here/examples/nversion.par" --mesh "$d/slab" --dt "$dt" --duration "$tend" \
            --out "$d/run" --overwrite "$@" > "$d/activation.txt" 2> "$d/log.txt"; then
        echo "tissue-mesh-nversion: $elem dx $dx failed (see $d/log.txt):" >&2
        tail -3 "$d/log.txt" >&2
        continue
    fi
    t1=$(date +%s.%N)
    nodes=$(head -1 "$d/slab.pts")
    row=$(awk -v e="$elem" -v ms="$mass" -v dx="$dx" -v dt="$dt" -v n="$nodes" -v w="$(awk -v a="$t0" -v b="$t1" 'BEGIN { print b - a }')" '
        /^P[0-9]/ { t[substr($1, 2)] = $6 }
        END { printf "| %s | %s | %s | %s | %s |", e, ms, dx, dt, n
              for (k = 1; k <= 9; k++) printf " %s |", (t[k] < 0 ? "none" : sprintf("%.2f", t[k]))
              printf " %.0f |\n", w }' "$d/activation.txt")
    echo "$row" >> "$table"
    echo "$row"
done

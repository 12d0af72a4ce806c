#!/bin/sh
# include_graph.sh SRC: the folders of the library and the command include each other downwards
# only. Prints the graph between folders (A -> B: the number of #include "..." lines of A's files
# that name a header of B, a header found by its file name), then fails on any arrow that goes up
# the layers below, lowest first (which also rules out a circle). A folder includes its own layer
# and those under it: include/ (the public headers) and base/ (the helpers) are at the bottom,
# the command (drivers/: its plotter, its shared layer cli/, then one folder per application) and
# the microbenchmarks (microbench/) at the top. Folders joined by + are peers (the applications):
# an arrow between two of them fails too.
set -eu
cd "$1"
layers="include base codegen kernels provision codelets scheduler tissue drivers/plot drivers/cli drivers/models+drivers/measure+drivers/bench+drivers/tissue+drivers/study microbench"
folders=$(echo "$layers" | tr '+' ' ')
tmp=${TMPDIR:-/tmp}/include_graph.$$
trap 'rm -f "$tmp".*' EXIT INT TERM
# header name -> folder, for every header of the layers' folders (include/starcarp/ is include)
for d in $folders; do
    find "$d" -name '*.h' 2>/dev/null | while read -r h; do echo "$(basename "$h") $d"; done
done | sort -u >"$tmp.headers"
# each quoted include of a source or header: its folder and the included name
for d in $folders; do
    find "$d" \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.hip' \) 2>/dev/null |
        while read -r f; do
            sed -n 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*"\([^"]*\)".*/\1/p' "$f" |
                while read -r inc; do echo "$d $(basename "$inc")"; done
        done
done >"$tmp.incs"
echo "$layers" | tr ' ' '\n' | awk '{ n = split($1, p, "+"); for (k = 1; k <= n; k++) print p[k], NR }' >"$tmp.rank"
status=0
awk -v layers="$layers" 'FILENAME == ARGV[1] { rank[$1] = $2; next }
     FILENAME == ARGV[2] { owner[$1] = owner[$1] " " $2; next }
     { split(owner[$2], o, " "); for (k in o) if (o[k] != "" && o[k] != $1) edge[$1 " -> " o[k]]++ }
     END {
         bad = 0
         for (e in edge) {
             split(e, p, " -> ")
             up = rank[p[2]] > rank[p[1]]
             peer = rank[p[2]] == rank[p[1]]
             printf "%s: %d%s\n", e, edge[e], up ? "   UPWARD" : peer ? "   BETWEEN PEERS" : ""
             bad += up || peer
         }
         if (bad) { printf "include_graph: %d arrow(s) go up the layers or between peers (%s)\n", bad, layers; exit 1 }
         printf "include_graph: %d arrows between folders, none up the layers or between peers\n", length(edge)
     }' "$tmp.rank" "$tmp.headers" "$tmp.incs" >"$tmp.out" || status=$?
grep -v '^include_graph:' "$tmp.out" | sort
grep '^include_graph:' "$tmp.out"
exit $status

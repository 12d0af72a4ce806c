#!/bin/bash
# lab/kernels-identical.sh OLD_STARCARP NEW_STARCARP: whether two builds of the compiler generate
# the same kernels, byte for byte: every model of models/ (cellml/ and native/) through
# `starcarp codegen --target all --precision both` with the library's tables (methods, launch
# bounds, precisions), C, vectorised CPU, CUDA and HIP in double and single, then `diff -r`.
# For a renovation that must not change what the compiler writes. Exit 0 when identical.
set -u
old=$1 new=$2
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
n=0
for f in "$top"/models/cellml/*.model "$top"/models/native/*.model; do
    b=$(basename "$f" .model)
    for w in old new; do
        bin=$old; [ $w = new ] && bin=$new
        mkdir -p "$work/$w/$b"
        "$bin" codegen "$f" -o "$work/$w/$b" --target all --precision both -q \
            --auto-methods "$top/models/methods.tsv" --launch-table "$top/models/launch.tsv" \
            --precision-table "$top/models/precision.tsv" >/dev/null 2>&1 || { echo "kernels-identical: $w failed on $b"; exit 1; }
    done
    n=$((n + 1))
done
files=$(find "$work/old" -type f | wc -l)
if diff -r "$work/old" "$work/new" >"$work/diff.txt"; then
    echo "kernels-identical: $n models, $files files: identical"
else
    echo "kernels-identical: $n models, $files files: they differ"; head -40 "$work/diff.txt"; exit 1
fi

#!/usr/bin/env bash
# format-check.sh [--fix]: the C, CUDA and HIP sources of the tree against .clang-format (clang-format
# 14, Debian 12's `clang-format`, installed by scripts/install-deps.sh). Lists every place that
# differs (file:line) and exits 1; 0 when the tree conforms. --fix formats the files in place instead.
# The first stage of .ci/run: a few seconds, before anything is built.
#
# Files left out go in `exempt`, each with its reason here (none now).
set -euo pipefail
cd "$(dirname "$0")/.."
exempt=()
cf=""
for c in clang-format-14 clang-format; do
    command -v "$c" >/dev/null 2>&1 && { cf=$c; break; }
done
[ -n "$cf" ] || { echo "format-check: clang-format not found (Debian: apt-get install clang-format; or make deps)" >&2; exit 2; }
[ -f .clang-format ] || { echo "format-check: no .clang-format here" >&2; exit 2; }
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    mapfile -t files < <(git ls-files '*.c' '*.h' '*.cu' '*.hip')
else
    mapfile -t files < <(find . -path ./build -prune -o -path ./.deps -prune -o -type f \
        \( -name '*.c' -o -name '*.h' -o -name '*.cu' -o -name '*.hip' \) -print | sed 's|^\./||' | sort)
fi
check=()
for f in "${files[@]}"; do
    skip=0
    for e in ${exempt[@]+"${exempt[@]}"}; do [ "$f" = "$e" ] && skip=1; done
    [ $skip = 1 ] || check+=("$f")
done
if [ "${1:-}" = --fix ]; then
    "$cf" -i "${check[@]}"
    echo "format-check: formatted ${#check[@]} files (left out: ${exempt[*]:-none})"
    exit 0
fi
out=$("$cf" --dry-run "${check[@]}" 2>&1 | grep ': warning: code should be clang-formatted' | sed 's/: warning:.*//' || true)
if [ -n "$out" ]; then
    echo "format-check: $(echo "$out" | wc -l) places differ from .clang-format ($("$cf" --version | head -1)):"
    echo "$out" | sed 's/^/  /' | head -50
    echo "format-check: scripts/format-check.sh --fix formats them"
    exit 1
fi
echo "format-check: ${#check[@]} files conform to .clang-format (left out: ${exempt[*]:-none})"

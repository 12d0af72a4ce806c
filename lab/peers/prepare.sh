#!/usr/bin/env bash
# prepare.sh OUTDIR: gathers the peers' code that lab/peers/run.sh measures starcarp against
# (issue 26), into OUTDIR/peers.tgz, on a machine with PyPI (and GitHub, or the repositories at hand).
# Nothing of it is committed; README.md here says what and why.
#
#   - Myokit (PEERS_MYOKIT_VERSION, default 1.39.0) from PyPI with pip into a temporary folder, its
#     CUDA kernel template switched to double precision (it hard-codes single);
#   - the CellML and .mmt files the library's models/cellml were exported from, at the commits
#     tests/reference/cases.csv names (its `source` column: github.com/Chaste/cellml,
#     github.com/myokit/models, github.com/Biosimulant/models-physiology);
#   - Myokit's CUDA kernel of each (myokit_gen.py: cuda-kernel-rl, else cuda-kernel), with the table
#     models.tsv of what was made and why not;
#   - MonoAlg3D_C (github.com/rsachetto/MonoAlg3D_C at PEERS_MONOALG_COMMIT): its ten Tusscher 2006
#     CPU model (src/models_library/ten_tusscher/ten_tusscher_2006_RS_CPU.c, its header,
#     model_common.h and the precision headers), beside our stub headers (monoalg_stubs/);
#   - our MonoAlg3D driver (monoalg_driver.c) and SOURCES.txt (what came from where); run.sh
#     builds the Myokit kernels with the repository's myokit_driver.cu.
# Each repository is read from PEERS_MIRROR/OWNER+NAME/repo (default /work/.mirror: the git
# directories the session's fetch tool makes), else cloned from GitHub. Exit 0 with the tarball
# written, 1 on any failure (a missing commit, pip, a tarball over 20 MiB).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)   # the repository root (this file is lab/peers/)
out=${1:?usage: prepare.sh OUTDIR}
mkdir -p "$out"; out=$(cd "$out" && pwd)
version=${PEERS_MYOKIT_VERSION:-1.39.0}
mirror=${PEERS_MIRROR:-/work/.mirror}
monoalg_commit=${PEERS_MONOALG_COMMIT:-66c6baab982e730e868e07b7afd7ce55fd1ee0a4}
cases="$top/tests/reference/cases.csv"
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
stage="$tmp/peers"; mkdir -p "$stage/myokit" "$tmp/git"
say() { printf 'prepare: %s\n' "$*" >&2; }

# gitdir OWNER/NAME COMMIT: a git directory holding COMMIT (the mirror, else a clone)
gitdir() {
    local g="$mirror/${1/\//+}/repo"
    if ! git --git-dir="$g" cat-file -e "$2^{commit}" 2>/dev/null; then
        g="$tmp/git/${1/\//+}"
        [ -d "$g" ] || git clone --quiet --bare "https://github.com/$1" "$g" >&2 ||
            { say "cannot clone github.com/$1 (no mirror in $mirror either)"; return 1; }
        git --git-dir="$g" cat-file -e "$2^{commit}" || { say "github.com/$1 has no commit $2"; return 1; }
    fi
    echo "$g"
}

say "Myokit $version from PyPI"
python3 -m pip install --quiet --disable-pip-version-check --no-warn-conflicts --target "$tmp/py" \
    "myokit==$version" >&2
tpl="$tmp/py/myokit/formats/cuda/template/kernel.cu"
grep -q '^precision = myokit.SINGLE_PRECISION' "$tpl" ||
    { say "Myokit $version's CUDA template has no 'precision = myokit.SINGLE_PRECISION' line"; exit 1; }
sed -i 's/^precision = myokit.SINGLE_PRECISION/precision = myokit.DOUBLE_PRECISION/' "$tpl"

{
    echo "Peers of starcarp, gathered by lab/peers/prepare.sh on $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "starcarp commit: $(git -C "$top" rev-parse HEAD 2>/dev/null || echo unknown)"
    echo "Myokit $version: https://pypi.org/project/myokit/$version/ (pip install myokit==$version);"
    echo "  its CUDA template switched to double precision (precision = myokit.DOUBLE_PRECISION)"
} >"$stage/SOURCES.txt"

repos=()
while read -r repo commit; do
    g=$(gitdir "$repo" "$commit")
    repos+=(--repo "$repo=$g")
    echo "model sources: https://github.com/$repo at $(git --git-dir="$g" rev-parse "$commit^{commit}")" >>"$stage/SOURCES.txt"
done < <(grep -o 'github\.com/[^/ ]*/[^/ ]*[^@]*@[0-9a-f]*' "$cases" |
    sed -E 's|github\.com/([^/ ]+/[^/ ]+).*@([0-9a-f]+)$|\1 \2|' | sort -u)

say "Myokit's CUDA kernels of the library's models"
PYTHONPATH="$tmp/py" python3 -W ignore "$here/myokit_gen.py" --cases "$cases" --out "$stage/myokit" \
    "${repos[@]}" ${PEERS_MODELS:+--only "$PEERS_MODELS"}

say "MonoAlg3D_C's ten Tusscher 2006 CPU model"
g=$(gitdir rsachetto/MonoAlg3D_C "$monoalg_commit")
ma="$stage/monoalg/src"
mkdir -p "$ma/models_library/ten_tusscher" "$ma/common_types" "$ma/ode_solver"
for f in models_library/model_common.h models_library/set_double_precision.h \
    models_library/set_single_precision.h models_library/ten_tusscher/ten_tusscher_2006.h \
    models_library/ten_tusscher/ten_tusscher_2006_RS_CPU.c LICENSE; do
    case $f in LICENSE) git --git-dir="$g" show "$monoalg_commit:$f" >"$stage/monoalg/LICENSE" ;;
    *) git --git-dir="$g" show "$monoalg_commit:src/$f" >"$ma/$f" ;; esac
done
cp "$here/monoalg_stubs/common_types.h" "$ma/common_types/"
cp "$here/monoalg_stubs/ode_solver.h" "$ma/ode_solver/"
cp "$here/monoalg_driver.c" "$stage/monoalg/"
echo "MonoAlg3D_C: https://github.com/rsachetto/MonoAlg3D_C at $monoalg_commit (src/models_library/ten_tusscher/ten_tusscher_2006_RS_CPU.c and the headers it includes; common_types.h and ode_solver.h are starcarp's stubs)" >>"$stage/SOURCES.txt"

tar -C "$tmp" -czf "$out/peers.tgz" peers
size=$(stat -c %s "$out/peers.tgz")
say "$out/peers.tgz: $((size / 1024)) KiB, $(($(wc -l <"$stage/myokit/models.tsv") - 1)) models, $(ls "$stage/myokit"/*.cu 2>/dev/null | wc -l) Myokit kernels"
[ "$size" -le $((20 * 1024 * 1024)) ] || { say "peers.tgz is over 20 MiB"; exit 1; }
